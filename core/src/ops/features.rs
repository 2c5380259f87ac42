//! The op table of the feature-files area (features.md): `feature.*`, `backlog.*`,
//! `evidence.*`, `test_strategy.*` and the pure `config.*` file ops — JSON adapters over the
//! typed API of [`crate::features::feature_yaml`], [`crate::features::feature_rules`], [`crate::features::backlog`] and
//! [`crate::features::evidence`].

use serde::Serialize;
use serde_json::{json, Map, Value};

use super::{Args, OpInfo};
use crate::error::{Error, ErrorKind as K, Result};
use crate::features::backlog::{compare, parse_mirror, BacklogMirror, BACKLOG_FILE};
use crate::features::config_files::{
    load_merged, parse_config, parse_user_config, render_config, render_user_config,
    user_config_path, UserSide,
};
use crate::features::evidence::{
    group_screenshots, is_screenshot_file, normalize_screenshot_path, parse_screenshot_filename,
    screenshot_dir, screenshot_targets, sort_screenshots, Screenshot, ScreenshotInput,
};
use crate::features::feature_rules::{
    load_feature_text, sync_status_text, validate, validate_loose, LoadMode,
};
use crate::features::feature_yaml::{parse_feature, parse_test_strategy, render_feature};
use crate::protocol::codec::gostruct::{go_struct, input_or_zero};
use crate::protocol::config::{encode, Config, UserConfig};
use crate::protocol::feature::{
    Feature, SubtaskStatus, DEFAULT_ON_FAIL, DEFAULT_SCREENSHOT_DIR, ID_PATTERN,
};
use crate::protocol::state::FeatureStatus;
use crate::report::miner::{
    scan_escalations, scan_fail_patterns, scan_stuck, EscalationRecord, MinerResult, ReportRecord,
    RoundText, StuckRecord, DEFAULT_MIN_OCCURRENCES,
};

/// The ops of this area, one line each.
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("feature.constants", "Feature statuses, sub-task statuses, id pattern, default screenshot dir and hook policy.", &[], &["-> FeatureConstants"], &[], constants),
    OpInfo::new("feature.parse_yaml", "Decode feature YAML with yaml.v3's rules (no validation).", &["text?: str = \"\""], &["feature: Feature"], &[K::InvalidInput, K::InputTooLarge, K::InvalidFeature], parse_yaml),
    OpInfo::new("feature.load_yaml", "Decode and validate feature YAML, strictly or leniently (warnings into feature.warnings).", &["text: str", "mode?: str = \"strict\""], &["feature: Feature"], &[K::InvalidInput, K::InputTooLarge, K::InvalidFeature], load_yaml),
    OpInfo::new("feature.validate", "Strict feature validation with Go's messages.", &["feature?: Feature = {}"], &["-> FeatureValidation"], &[K::InvalidInput], validate_op),
    OpInfo::new("feature.validate_loose", "Lenient feature validation: warnings; a missing id fails.", &["feature: Feature"], &["warnings: [str]"], &[K::InvalidInput, K::InvalidFeature], validate_loose_op),
    OpInfo::new("feature.render_yaml", "The feature YAML bytes Go's yaml.v3 writes (divergences D1, D4, D10).", &["feature?: Feature = {}"], &["text: str"], &[K::InvalidInput], render_yaml),
    OpInfo::new("feature.sync_status_text", "Set a feature text's status from a phase; the new text and commit payload when it changed.", &["feature_id?: str = \"\"", "phase?: str = \"\"", "text: str"], &["-> StatusSync"], &[K::InvalidInput, K::InputTooLarge, K::InvalidFeature], sync_text),
    OpInfo::new("backlog.parse_mirror", "Decode feature_list.json text.", &["text: str"], &["mirror: BacklogMirrorFile"], &[K::InvalidJson], parse_mirror_op),
    OpInfo::new("backlog.compare", "Drift between canonical features and the backlog mirror.", &["features?: [Feature] = []", "mirror?: BacklogMirrorFile = {}", "backlog_file?: str = \"feature_list.json\""], &["drift: [Drift]"], &[K::InvalidInput], compare_op),
    OpInfo::new("evidence.is_screenshot_file", "Whether a file name has a screenshot extension.", &["name?: str = \"\""], &["is_screenshot: bool"], &[K::InvalidInput], is_screenshot_op),
    OpInfo::new("evidence.normalize_screenshot_path", "Trim, drop ./ and .4x/, clean lexically.", &["path?: str = \"\""], &["path: str"], &[K::InvalidInput], normalize_op),
    OpInfo::new("evidence.parse_screenshot_filename", "Step and description from a screenshot file name.", &["filename?: str = \"\""], &["-> ScreenshotName"], &[K::InvalidInput], parse_filename_op),
    OpInfo::new("evidence.sort_screenshots", "Order screenshots by step (numeric first), then path.", &["screenshots?: [Screenshot] = []"], &["screenshots: [Screenshot]"], &[K::InvalidInput], sort_op),
    OpInfo::new("evidence.screenshot_dir", "The tester's screenshot directory template from a config.", &["config?: Config = {}"], &["dir: str"], &[K::InvalidInput], screenshot_dir_op),
    OpInfo::new("evidence.screenshot_targets", "Directories to look in for each round's screenshots.", &["feature_id?: str = \"\"", "screenshot_dir?: str = \"\"", "rounds?: [int] = []", "template_rounds?: [int] = []"], &["targets: [ScreenshotTarget]"], &[K::InvalidInput], targets_op),
    OpInfo::new("evidence.group_screenshots", "Group a feature's screenshots by round from verify.json texts and directory listings.", &["root?: str = \"\"", "feature_id?: str = \"\"", "screenshot_dir?: str = \"\"", "rounds?: [RoundVerify] = []", "template_rounds?: [int] = []", "listings?: {[str]} = {}", "worktree?: WorktreeListings = ~no worktree: only the main tree's listings"], &["-> ScreenshotGroups"], &[K::InvalidInput], group_op),
    OpInfo::new("config.parse", "Decode project settings.json text with Go's rules, normalise legacy profiles, validate (unknown keys: config.read, config.load_merged_text).", &["text: str"], &["config: Config"], &[K::InvalidJson, K::InvalidConfig], config_parse),
    OpInfo::new("config.render", "The settings.json bytes WriteConfig and Init write (indented JSON + newline).", &["config?: Config = {}"], &["text: str"], &[K::InvalidInput], config_render),
    OpInfo::new("config.parse_user", "Decode per-user settings.json text (no validation).", &["text: str"], &["config: UserConfig"], &[K::InvalidJson], config_parse_user),
    OpInfo::new("config.render_user", "The per-user settings.json bytes (indented JSON + newline).", &["config?: UserConfig = {}"], &["text: str"], &[K::InvalidInput], config_render_user),
    OpInfo::new("config.load_merged_text", "Project settings merged with the user's; user-side problems and unknown keys of either text become warnings.", &["project_text: str", "user_text?: str = ~not given: no user settings (project settings only)"], &["-> MergedConfig"], &[K::InvalidJson, K::InvalidConfig], config_load_merged_text),
    OpInfo::new("config.user_path", "The per-user settings path under a home directory.", &["home: path"], &["path: str"], &[K::InvalidInput], user_path_op),
    OpInfo::new("miner.scan_escalations", "Candidates from needed escalations (pure: `escalations` records; fs: `root`, `feature_ids`?).", &["escalations?: [EscalationIn] = []", "root?: path = ~not given: the pure form over escalations", "feature_ids?: [str] = ~every feature of the workspace (fs form)"], &["-> MinerScan"], &[K::InvalidInput, K::IoError], scan_escalations_op),
    OpInfo::new("miner.scan_stuck", "Candidates from features stuck in needs-attention, abandoned or blocked (pure: `features`; fs: `root`, `feature_ids`?).", &["features?: [StuckIn] = []", "root?: path = ~not given: the pure form over features", "feature_ids?: [str] = ~every feature of the workspace (fs form)"], &["-> MinerScan"], &[K::InvalidInput, K::IoError], scan_stuck_op),
    OpInfo::new("miner.scan_fail_patterns", "Candidates and learnings from review issues recurring across features (pure: `reports`; fs: `root`, `feature_ids`?).", &["reports?: [ReportIn] = []", "root?: path = ~not given: the pure form over reports", "feature_ids?: [str] = ~every feature of the workspace (fs form)", "min_occurrences?: int = 3", "cjk?: bool = false"], &["-> FailPatternScan"], &[K::InvalidInput, K::IoError], scan_fail_patterns_op),
    OpInfo::new("test_strategy.parse", "Decode test-strategy.yaml with yaml.v3's rules.", &["text?: str = \"\""], &["test_strategy: TestStrategy"], &[K::InvalidInput, K::InputTooLarge, K::InvalidYaml], test_strategy_op),
];

fn to_value<T: Serialize>(v: &T) -> Result<Value> {
    serde_json::to_value(v)
        .map_err(|e| Error::invalid_input(format!("result cannot be written as JSON: {e}")))
}

/// Reads the `feature` key as a [`Feature`] (Go JSON decoding of an embedded struct).
pub(crate) fn feature_arg(a: &Args<'_>, key: &str) -> Result<Feature> {
    input_or_zero(a.map(), key)
}

fn constants(_: &Map<String, Value>) -> Result<Value> {
    Ok(json!({
        "statuses": FeatureStatus::ALL.iter().map(|s| s.as_str()).collect::<Vec<_>>(),
        "subtask_statuses": SubtaskStatus::ALL.iter().map(|s| s.as_str()).collect::<Vec<_>>(),
        "id_pattern": ID_PATTERN,
        "default_screenshot_dir": DEFAULT_SCREENSHOT_DIR,
        "default_on_fail": DEFAULT_ON_FAIL,
    }))
}

fn parse_yaml(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let f = parse_feature(a.opt_str("text")?.unwrap_or(""))?;
    Ok(json!({ "feature": to_value(&f)? }))
}

fn load_yaml(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let mode: LoadMode = a.opt_str("mode")?.unwrap_or("strict").parse()?;
    let f = load_feature_text(a.opt_str("text")?.unwrap_or(""), mode)?;
    Ok(json!({ "feature": to_value(&f)? }))
}

fn validate_op(m: &Map<String, Value>) -> Result<Value> {
    let f = feature_arg(&Args::new(m), "feature")?;
    to_value(&validate(&f))
}

fn validate_loose_op(m: &Map<String, Value>) -> Result<Value> {
    let f = feature_arg(&Args::new(m), "feature")?;
    Ok(json!({ "warnings": validate_loose(&f)? }))
}

fn render_yaml(m: &Map<String, Value>) -> Result<Value> {
    let f = feature_arg(&Args::new(m), "feature")?;
    Ok(json!({ "text": render_feature(&f)? }))
}

fn sync_text(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let r = sync_status_text(
        a.opt_str("feature_id")?.unwrap_or(""),
        a.opt_str("phase")?.unwrap_or(""),
        a.opt_str("text")?.unwrap_or(""),
    )?;
    Ok(json!({
        "changed": r.changed,
        "status": r.status,
        "previous_status": r.previous_status,
        "text": r.text,
        "commit": r.commit,
    }))
}

fn parse_mirror_op(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let mirror = parse_mirror(a.opt_str("text")?.unwrap_or(""))?;
    Ok(json!({ "mirror": to_value(&mirror)? }))
}

fn compare_op(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let features: Vec<Feature> = input_or_zero(m, "features")?;
    let mirror: BacklogMirror = input_or_zero(m, "mirror")?;
    let file = a
        .opt_str("backlog_file")?
        .filter(|s| !s.is_empty())
        .unwrap_or(BACKLOG_FILE);
    Ok(json!({ "drift": to_value(&compare(&features, &mirror, file))? }))
}

fn is_screenshot_op(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    Ok(json!({ "is_screenshot": is_screenshot_file(a.opt_str("name")?.unwrap_or("")) }))
}

fn normalize_op(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    Ok(json!({ "path": normalize_screenshot_path(a.opt_str("path")?.unwrap_or("")) }))
}

fn parse_filename_op(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let (step, description) = parse_screenshot_filename(a.opt_str("filename")?.unwrap_or(""));
    Ok(json!({ "step": step, "description": description }))
}

fn sort_op(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let shots: Vec<Screenshot> = input_or_zero(a.map(), "screenshots")?;
    let shots = sort_screenshots(shots);
    Ok(json!({ "screenshots": to_value(&shots)? }))
}

/// `config.roles.tester.screenshot_dir` of a config object, `""` when absent.
fn configured_screenshot_dir(a: &Args<'_>) -> Result<String> {
    let Some(cfg) = a.opt_obj("config")? else {
        return Ok(String::new());
    };
    let bad = || {
        Error::invalid_input("config.roles.tester.screenshot_dir must be a string")
            .with_field("config")
    };
    let mut cur = Some(&Value::Object(cfg.clone())).cloned();
    for key in ["roles", "tester", "screenshot_dir"] {
        cur = match cur {
            Some(Value::Object(o)) => o.get(key).cloned(),
            Some(Value::Null) | None => None,
            Some(_) => return Err(bad()),
        };
    }
    match cur {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(bad()),
    }
}

fn screenshot_dir_op(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    Ok(json!({ "dir": screenshot_dir(&configured_screenshot_dir(&a)?) }))
}

fn targets_op(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let rounds: Vec<i64> = input_or_zero(m, "rounds")?;
    let template_rounds: Vec<i64> = input_or_zero(m, "template_rounds")?;
    let targets = screenshot_targets(
        a.opt_str("feature_id")?.unwrap_or(""),
        a.opt_str("screenshot_dir")?.unwrap_or(""),
        &rounds,
        &template_rounds,
    );
    Ok(json!({ "targets": to_value(&targets)? }))
}

fn group_op(m: &Map<String, Value>) -> Result<Value> {
    let input: ScreenshotInput =
        crate::protocol::codec::gostruct::decode_value(&Value::Object(m.clone()), "")?;
    let (groups, warnings) = group_screenshots(&input);
    Ok(json!({ "groups": to_value(&groups)?, "warnings": to_value(&warnings)? }))
}

fn config_parse(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let c = parse_config(a.opt_str("text")?.unwrap_or("").as_bytes())?;
    Ok(json!({ "config": to_value(&c)? }))
}

fn config_render(m: &Map<String, Value>) -> Result<Value> {
    let c: Config = input_or_zero(m, "config")?;
    Ok(json!({ "text": render_config(&c)? }))
}

fn config_parse_user(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let c = parse_user_config(a.opt_str("text")?.unwrap_or("").as_bytes())?;
    Ok(json!({ "config": to_value(&c)? }))
}

fn config_render_user(m: &Map<String, Value>) -> Result<Value> {
    let c: UserConfig = input_or_zero(m, "config")?;
    Ok(json!({ "text": render_user_config(&c)? }))
}

fn config_load_merged_text(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let user = match a.opt_str("user_text")? {
        None => UserSide::Absent,
        Some(t) => UserSide::Text(t.as_bytes().to_vec()),
    };
    let (c, warnings) = load_merged(a.str("project_text")?.as_bytes(), &user)?;
    Ok(json!({ "config": to_value(&c)?, "warnings": to_value(&warnings)? }))
}

fn user_path_op(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    Ok(json!({ "path": user_config_path(a.opt_str("home")?.unwrap_or(""))? }))
}

/// Runs an fs miner scan on the workspace at `root`.
#[cfg(feature = "fs")]
fn miner_fs_call(
    root: &str,
    scan: impl FnOnce(&dyn crate::features::fs::features_fs::WorkspaceReader) -> Result<MinerResult>,
) -> Result<MinerResult> {
    scan(&crate::workspace::WorkspaceFs::new(root)?)
}

/// Without feature `fs` the fs forms fail with `io_error`.
#[cfg(not(feature = "fs"))]
fn miner_fs_call<F>(_: &str, _: F) -> Result<MinerResult> {
    Err(Error::new(
        K::IoError,
        "fourx was built without the `fs` feature",
    ))
}

go_struct! {
    /// An escalation record of the pure `miner.scan_escalations` input.
    pub struct EscalationIn {
        /// Feature id.
        feature_id: String => "feature_id";
        /// Round.
        round: i64 => "round";
        /// escalation.json text.
        text: String => "text";
    }
}

go_struct! {
    /// A round's escalation text in the pure `miner.scan_stuck` input.
    pub struct RoundTextIn {
        /// Round.
        round: i64 => "round";
        /// escalation.json text.
        text: String => "text";
    }
}

go_struct! {
    /// A feature of the pure `miner.scan_stuck` input.
    pub struct StuckIn {
        /// Feature id.
        id: String => "id";
        /// Name.
        name: String => "name";
        /// state.json text (`null` = never ran).
        state_text: Option<String> => "state_text";
        /// Escalation texts.
        escalations: Vec<RoundTextIn> => "escalations";
    }
}

go_struct! {
    /// A report of the pure `miner.scan_fail_patterns` input.
    pub struct ReportIn {
        /// Feature id.
        feature_id: String => "feature_id";
        /// Round.
        round: i64 => "round";
        /// Report file name.
        report: String => "report";
        /// Report text.
        text: String => "text";
    }
}

/// The fs form's inputs: the root and the optional feature-id list.
fn fs_form(m: &Map<String, Value>) -> Result<Option<(String, Option<Vec<String>>)>> {
    let a = Args::new(m);
    match a.opt_str("root")? {
        None => Ok(None),
        Some(root) => Ok(Some((root.to_string(), input_or_zero(m, "feature_ids")?))),
    }
}

/// The JSON result of a scan; `learnings` only for fail patterns.
pub(crate) fn miner_json(r: &MinerResult, with_learnings: bool) -> Result<Value> {
    let mut out = json!({ "candidates": encode(&r.candidates)? });
    if with_learnings {
        out["learnings"] = encode(&r.learnings)?;
    }
    out["warnings"] = encode(&r.warnings)?;
    Ok(out)
}

fn scan_escalations_op(m: &Map<String, Value>) -> Result<Value> {
    if let Some((root, ids)) = fs_form(m)? {
        return miner_json(
            &miner_fs_call(&root, |r| {
                crate::features::fs::miner_fs::scan_escalations_fs(r, ids)
            })?,
            false,
        );
    }
    let recs: Vec<EscalationIn> = input_or_zero(m, "escalations")?;
    let recs: Vec<EscalationRecord> = recs
        .into_iter()
        .map(|r| EscalationRecord {
            feature_id: r.feature_id,
            round: r.round,
            text: r.text,
        })
        .collect();
    miner_json(&scan_escalations(&recs), false)
}

fn scan_stuck_op(m: &Map<String, Value>) -> Result<Value> {
    if let Some((root, ids)) = fs_form(m)? {
        return miner_json(
            &miner_fs_call(&root, |r| {
                crate::features::fs::miner_fs::scan_stuck_fs(r, ids)
            })?,
            false,
        );
    }
    let recs: Vec<StuckIn> = input_or_zero(m, "features")?;
    let recs: Vec<StuckRecord> = recs
        .into_iter()
        .map(|r| StuckRecord {
            id: r.id,
            name: r.name,
            state_text: r.state_text,
            escalations: r
                .escalations
                .into_iter()
                .map(|e| RoundText {
                    round: e.round,
                    text: e.text,
                })
                .collect(),
        })
        .collect();
    miner_json(&scan_stuck(&recs), false)
}

fn scan_fail_patterns_op(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let min = match a.opt_i64("min_occurrences")? {
        None => DEFAULT_MIN_OCCURRENCES,
        Some(n) => usize::try_from(n).unwrap_or(0),
    };
    let cjk = a.opt_bool("cjk")?.unwrap_or(false);
    if let Some((root, ids)) = fs_form(m)? {
        let r = miner_fs_call(&root, |r| {
            crate::features::fs::miner_fs::scan_fail_patterns_fs(r, ids, min, cjk)
        })?;
        return miner_json(&r, true);
    }
    let recs: Vec<ReportIn> = input_or_zero(m, "reports")?;
    let recs: Vec<ReportRecord> = recs
        .into_iter()
        .map(|r| ReportRecord {
            feature_id: r.feature_id,
            round: r.round,
            report: r.report,
            text: r.text,
        })
        .collect();
    miner_json(&scan_fail_patterns(&recs, min, cjk), true)
}

fn test_strategy_op(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let t = parse_test_strategy(a.opt_str("text")?.unwrap_or(""))?;
    Ok(json!({ "test_strategy": to_value(&t)? }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_op_of_this_table_is_in_the_catalog() {
        for op in OPS {
            assert!(crate::ops::find(op.name).is_some(), "{}", op.name);
        }
    }

    #[test]
    fn a_bad_load_mode_is_invalid_input() {
        let e = crate::ops::call(
            "feature.load_yaml",
            &json!({"text": "id: F1-x\nname: n\n", "mode": "loose"}),
        )
        .unwrap_err();
        assert_eq!(e.kind, K::InvalidInput);
    }
}
