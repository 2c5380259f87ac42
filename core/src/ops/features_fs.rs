//! The fs op table of the feature-files area (features.md, workspace.md): the
//! `workspace.*` feature ops, Init, CleanFeature, CleanableFeatures, FinalizeDone, the settings
//! and candidate-pool files, and screenshot discovery — JSON adapters over
//! [`crate::features::fs::features_fs`] and [`crate::features::fs::evidence_fs`].

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::features::feature_arg;
use super::{Args, OpInfo};
use crate::error::{Error, ErrorKind as K, Result};
use crate::features::fs::design_doc::resolve_design_doc;
use crate::features::fs::evidence_fs::discover_screenshots;
use crate::features::fs::features_fs::{
    cleanable_features, compare_backlog_mirror, load_merged_config, read_user_config,
    write_user_config,
};
use crate::protocol::codec::gostruct::{input_or_zero, input_required};
use crate::protocol::codec::time::Timestamp;
use crate::protocol::config::{encode, Config, UserConfig};
use crate::protocol::feature::Feature;
use crate::protocol::state::State;
use crate::report::candidates_file::CandidatePool;
use crate::store::RealFs;
use crate::workspace::WorkspaceFs;
use crate::workspace::{Liveness, ProcessProbe};

/// The ops of this table, one line each.
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("workspace.list_features", "Every feature of .4x/features, leniently loaded and sorted by id; every skip is a warning.", &["root: path"], &["-> FeatureList"], &[K::InvalidInput, K::IoError], list_features),
    OpInfo::new("workspace.load_feature", "Load one feature strictly (short-id fallback: the unique `<id>-*.yaml`).", &["root: path", "feature_id: str"], &["feature: Feature"], &[K::InvalidInput, K::InvalidFeatureId, K::NotFound, K::InputTooLarge, K::InvalidFeature, K::IoError], load_feature),
    OpInfo::new("workspace.save_feature", "Write a feature's YAML atomically as .4x/features/<id>.yaml.", &["root: path", "feature: Feature"], &["path: str"], &[K::InvalidInput, K::InvalidFeatureId, K::IoError], save_feature),
    OpInfo::new("workspace.sync_feature_status", "Set a feature file's status from a phase; saved only when it changed; the commit payload for the harness.", &["root: path", "feature_id: str", "phase?: str = \"\""], &["-> FeatureStatusSync"], &[K::InvalidInput, K::InvalidFeatureId, K::NotFound, K::InputTooLarge, K::InvalidFeature, K::IoError], sync_feature_status),
    OpInfo::new("workspace.read_backlog_mirror", "Read feature_list.json if present.", &["root: path"], &["-> BacklogMirror"], &[K::InvalidInput, K::InvalidJson, K::IoError], read_backlog_mirror),
    OpInfo::new("workspace.compare_backlog_mirror", "Drift between the feature files and feature_list.json.", &["root: path"], &["-> BacklogDrift"], &[K::InvalidInput, K::InvalidJson, K::IoError], compare_mirror),
    OpInfo::new("workspace.read_test_strategy", "Read a feature's test-strategy.yaml; absent is not an error.", &["root: path", "feature_id: str"], &["-> StrategyFile"], &[K::InvalidInput, K::InvalidFeatureId, K::InputTooLarge, K::InvalidYaml, K::IoError], read_test_strategy),
    OpInfo::new("workspace.init", "Create .4x/features, .4x/.gitignore and .4x/settings.json; a config config.read would refuse is invalid_config.", &["root: path", "config: Config"], &[], &[K::InvalidInput, K::InvalidConfig, K::IoError], init),
    OpInfo::new("workspace.clean_feature", "Remove the run directory of a done/abandoned feature that is not running; the bytes freed.", &["root: path", "feature_id: str", "now: time", "pid_alive?: bool = ~the process table is probed"], &["freed_bytes: int"], &[K::InvalidInput, K::InvalidFeatureId, K::NotFound, K::InputTooLarge, K::InvalidFeature, K::NotCleanable, K::FeatureActive, K::IoError], clean_feature),
    OpInfo::new("workspace.cleanable_features", "The done/abandoned features whose run directories could be cleaned, with their sizes.", &["root: path", "now: time", "pid_alive?: {bool} = ~the process table is probed for every feature"], &["candidates: [CleanCandidate]"], &[K::InvalidInput, K::IoError], cleanable),
    OpInfo::new("workspace.finalize_done", "pending-review → done: state.json, feature status sync (warnings), transition event; the commit payload.", &["root: path", "feature_id: str", "now: time", "state?: State = ~the feature's state.json"], &["-> Finalized"], &[K::InvalidInput, K::InvalidFeatureId, K::NotFound, K::InvalidJson, K::InvalidTransition, K::IoError], finalize_done),
    OpInfo::new("config.read", "Read and validate .4x/settings.json; every key Go ignores is an unknown_key warning.", &["root: path"], &["config: Config", "warnings: [FileWarning]"], &[K::InvalidInput, K::NotFound, K::InvalidJson, K::InvalidConfig, K::IoError], config_read),
    OpInfo::new("config.write", "Write .4x/settings.json atomically (the .4x directory must exist); a config config.read would refuse is invalid_config (nothing written).", &["root: path", "config: Config"], &[], &[K::InvalidInput, K::InvalidConfig, K::IoError], config_write),
    OpInfo::new("config.read_user", "Read <home>/.4x/settings.json; missing is the zero value.", &["home: path"], &["config: UserConfig"], &[K::InvalidInput, K::InvalidJson, K::IoError], config_read_user),
    OpInfo::new("config.write_user", "Write <home>/.4x/settings.json (creating <home>/.4x).", &["home: path", "config?: UserConfig = {}"], &[], &[K::InvalidInput, K::IoError], config_write_user),
    OpInfo::new("config.load_merged", "Project settings merged with the user's; user-side problems and unknown keys of either file are warnings.", &["root: path", "home?: path = ~not given: project settings only, with a warning that there is no home"], &["-> MergedConfig"], &[K::InvalidInput, K::NotFound, K::InvalidJson, K::InvalidConfig, K::IoError], config_load_merged),
    OpInfo::new("candidates.load", "Read a candidate pool from .4x/<file> (default candidates.json); missing is an empty pool.", &["root: path", "file?: str = \"candidates.json\""], &["pool: CandidatePool"], &[K::InvalidInput, K::InvalidJson, K::IoError], candidates_load),
    OpInfo::new("candidates.save", "Write a candidate pool atomically to .4x/<file>.", &["root: path", "file?: str = \"candidates.json\"", "pool?: CandidatePool = {}"], &[], &[K::InvalidInput, K::IoError], candidates_save),
    OpInfo::new("design_doc.resolve", "Read a feature's spec or plan document: the YAML path, then the search-order candidates; a path resolving outside the root is refused with a warning.", &["root: path", "feature: Feature", "doc_type: \"spec\" | \"plan\"", "extra_dirs?: [str] = []"], &["-> DesignDoc"], &[K::InvalidInput, K::InputTooLarge, K::IoError], design_doc_resolve),
    OpInfo::new("workspace.process_alive", "Whether a process id is alive (POSIX kill(pid, 0) succeeds or fails with EPERM); pid <= 0 is not.", &["pid: int"], &["alive: bool"], &[K::InvalidInput], process_alive),
    OpInfo::new("evidence.discover_screenshots", "A feature's screenshots grouped by round, from verify.json files and screenshot directories.", &["root: path", "feature_id: str", "screenshot_dir?: str = \"\""], &["-> ScreenshotGroups"], &[K::InvalidInput, K::InvalidFeatureId, K::IoError], discover),
];

fn design_doc_resolve(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let root = a.str("root")?;
    if root.is_empty() {
        return Err(Error::invalid_input("root must be a non-empty path").with_field("root"));
    }
    let feature: Feature = input_required(m, "feature")?;
    let doc_type = a.str("doc_type")?;
    let dirs: Vec<String> = input_or_zero(m, "extra_dirs")?;
    let r = resolve_design_doc(&RealFs, root, &feature, doc_type, &dirs)?;
    Ok(json!({
        "content": r.doc.content,
        "found": !r.doc.source.is_empty(),
        "source": r.doc.source,
        "warnings": encode(&r.warnings)?,
    }))
}

fn process_alive(m: &Map<String, Value>) -> Result<Value> {
    let pid = Args::new(m).i64("pid")?;
    Ok(json!({ "alive": pid > 0 && ProcessProbe.is_alive(pid) }))
}

/// The default candidate pool file.
const CANDIDATES_FILE: &str = "candidates.json";

fn ws(a: &Args<'_>) -> Result<WorkspaceFs> {
    WorkspaceFs::new(a.str("root")?)
}

fn now(a: &Args<'_>) -> Result<Timestamp> {
    crate::protocol::state::parse_now(a.str("now")?)
}

fn list_features(m: &Map<String, Value>) -> Result<Value> {
    let l = ws(&Args::new(m))?.list_features()?;
    Ok(json!({ "features": encode(&l.features)?, "warnings": encode(&l.warnings)? }))
}

fn load_feature(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let f = ws(&a)?.load_feature(a.str("feature_id")?)?;
    Ok(json!({ "feature": encode(&f)? }))
}

fn save_feature(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let f = feature_arg(&a, "feature")?;
    Ok(json!({ "path": ws(&a)?.save_feature(&f)? }))
}

fn sync_feature_status(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let w = ws(&a)?;
    let r = w.sync_feature_status(
        a.str("feature_id")?,
        a.opt_str("phase")?.unwrap_or(""),
        None,
    )?;
    Ok(json!({
        "changed": r.changed,
        "status": r.status,
        "previous_status": r.previous_status,
        "commit": r.commit,
    }))
}

fn read_backlog_mirror(m: &Map<String, Value>) -> Result<Value> {
    let mirror = ws(&Args::new(m))?.read_backlog_mirror()?;
    Ok(json!({ "present": mirror.is_some(), "mirror": encode(&mirror)? }))
}

fn compare_mirror(m: &Map<String, Value>) -> Result<Value> {
    let w = ws(&Args::new(m))?;
    let (drift, warnings) = compare_backlog_mirror(&w)?;
    Ok(json!({ "drift": encode(&drift)?, "warnings": encode(&warnings)? }))
}

fn read_test_strategy(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let (t, present) = ws(&a)?.read_test_strategy(a.str("feature_id")?)?;
    Ok(json!({ "test_strategy": encode(&t)?, "present": present }))
}

fn init(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let c: Config = input_or_zero(m, "config")?;
    ws(&a)?.init(&c)?;
    Ok(json!({}))
}

/// The liveness probe of an op: a fixed answer when `pid_alive` is a bool, the real probe
/// otherwise.
fn liveness(a: &Args<'_>) -> Result<Box<dyn Liveness>> {
    Ok(match a.opt_bool("pid_alive")? {
        Some(b) => Box::new(move |_: i64| b),
        None => Box::new(ProcessProbe),
    })
}

fn clean_feature(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let live = liveness(&a)?;
    let freed = ws(&a)?.clean_feature(a.str("feature_id")?, now(&a)?, live.as_ref())?;
    Ok(json!({ "freed_bytes": freed }))
}

fn cleanable(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let w = ws(&a)?;
    let now = now(&a)?;
    // `pid_alive` maps feature ids to an answer; ids it does not name use the real probe.
    let per: Option<BTreeMap<String, bool>> = input_or_zero(m, "pid_alive")?;
    let alive = |id: &str, pid: i64| match per.as_ref().and_then(|m| m.get(id)) {
        Some(b) => *b,
        None => ProcessProbe.is_alive(pid),
    };
    let list = cleanable_features(&w, now, &alive)?;
    Ok(json!({ "candidates": encode(&list)? }))
}

fn finalize_done(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let state = a.get("state").map(State::from_input).transpose()?;
    let r = ws(&a)?.finalize_done(a.str("feature_id")?, now(&a)?, state, None)?;
    Ok(json!({
        "state": r.state.to_json(),
        "warnings": encode(&r.warnings)?,
        "commit": r.commit,
    }))
}

fn config_read(m: &Map<String, Value>) -> Result<Value> {
    let (c, warnings) = ws(&Args::new(m))?.read_config_warned()?;
    Ok(json!({ "config": encode(&c)?, "warnings": encode(&warnings)? }))
}

fn config_write(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let c: Config = input_or_zero(m, "config")?;
    ws(&a)?.write_config(&c)?;
    Ok(json!({}))
}

fn home(a: &Args<'_>) -> Result<String> {
    Ok(a.opt_str("home")?.unwrap_or("").to_string())
}

fn config_read_user(m: &Map<String, Value>) -> Result<Value> {
    let c = read_user_config(&RealFs, &home(&Args::new(m))?)?;
    Ok(json!({ "config": encode(&c)? }))
}

fn config_write_user(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let c: UserConfig = input_or_zero(m, "config")?;
    write_user_config(&RealFs, &home(&a)?, &c)?;
    Ok(json!({}))
}

fn config_load_merged(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let home = a.opt_str("home")?;
    let (c, warnings) = load_merged_config(&ws(&a)?, home)?;
    Ok(json!({ "config": encode(&c)?, "warnings": encode(&warnings)? }))
}

fn pool_file<'a>(a: &Args<'a>) -> Result<&'a str> {
    Ok(a.opt_str("file")?
        .filter(|f| !f.is_empty())
        .unwrap_or(CANDIDATES_FILE))
}

fn candidates_load(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let pool = ws(&a)?.load_candidates(pool_file(&a)?)?;
    Ok(json!({ "pool": pool.to_json()? }))
}

fn candidates_save(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let pool = CandidatePool::from_json(a.get("pool").unwrap_or(&Value::Null))?;
    ws(&a)?.save_candidates(pool_file(&a)?, &pool)?;
    Ok(json!({}))
}

fn discover(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let (groups, warnings) = discover_screenshots(
        &ws(&a)?,
        a.str("feature_id")?,
        a.opt_str("screenshot_dir")?.unwrap_or(""),
    )?;
    Ok(json!({ "groups": encode(&groups)?, "warnings": encode(&warnings)? }))
}
