//! The `blueprint` area's op table: JSON adapters over the typed API of this module.
//!
//! Each adapter reads its keys (`invalid_input` naming the key when missing or mistyped), calls
//! the typed function and writes its result; no rule lives here.

use std::sync::Arc;

use serde_json::{json, Map, Value};

use super::{Args, OpInfo};
use crate::error::{Error, ErrorKind, Result};
use crate::protocol::projectid;
use crate::store::cas::{MemoryStore, Store};

use crate::blueprint::anchors::{AnchorChecker, FileView, MapFileView};
use crate::blueprint::commit::{commit, CommitOutcome};
use crate::blueprint::cost::CostDecision;
use crate::blueprint::director::format_for_director;
use crate::blueprint::doc::Doc;
use crate::blueprint::evidence::evidence_modules;
use crate::blueprint::fold::{fold_text, FoldRequest, FoldResult, GitFacts};
use crate::blueprint::gc::{gc, gc_plan, GcOutcome};
use crate::blueprint::graph::{graph, GraphFormat};
use crate::blueprint::guard::{guard_root, storage_paths};
use crate::blueprint::index::render_index;
use crate::blueprint::normalize::Item;
use crate::blueprint::parse::{is_canonical, parse};
use crate::blueprint::read::read_module;
use crate::blueprint::render::render;
use crate::blueprint::revisions::{revision_name, revision_prune, Nonce};
use crate::blueprint::snapshot::Snapshot;
use crate::blueprint::stamp::UtcSecond;
use crate::blueprint::tokens::{ApproxCounter, BuiltinCounter, TokenCounter};
use crate::blueprint::validate::validate;

use ErrorKind as K;

const DOC_ERRS: &[ErrorKind] = &[K::InvalidInput, K::MalformedDoc, K::UnsupportedFormat];

/// The ops of this area, one line each.
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("blueprint.defaults", "The blueprint constants (format, fields, reasons, limits, manifests, file layout).", &[], &["-> BlueprintDefaults"], &[], op_defaults),
    OpInfo::new("blueprint.count_tokens", "Tokens of a text with the default counter (ceil(ASCII/4) + other scalars) or a named built-in one.", &["text: str", "counter?: BuiltinCounter = ~the default counter, ceil(ASCII bytes / 4) + other scalars"], &["tokens: int"], &[K::InvalidInput], op_count_tokens),
    OpInfo::new("blueprint.parse", "Parse blueprint.md into its model with recomputed counts and IDs.", &["text: str"], &["-> BlueprintModel"], DOC_ERRS, op_parse),
    OpInfo::new("blueprint.render", "Render a document model canonically.", &["doc: {any}"], &["text: str"], &[K::InvalidInput, K::InvalidTime], op_render),
    OpInfo::new("blueprint.fold", "Fold agent claims into a blueprint text deterministically; NoOp returns the input text.", &["doc: str", "project_id?: str = \"\"", "items: [BlueprintItem | any]", "snapshot: Snapshot", "evidence: [str]", "file_text?: {str} = {}", "unreadable?: [str] = []", "now: time", "git?: GitFacts = {}"], &["doc: str", "result: FoldResult"], &[K::InvalidInput, K::InvalidTime, K::InvalidSnapshot, K::MalformedDoc, K::UnsupportedFormat, K::ProjectMismatch], op_fold),
    OpInfo::new("blueprint.validate_item", "Run the four rejecting gates on one item.", &["item: BlueprintItem | any", "snapshot: Snapshot", "evidence: [str]"], &["-> ItemVerdict"], &[K::InvalidInput, K::InvalidSnapshot], op_validate_item),
    OpInfo::new("blueprint.check_anchor", "Three-valued check of a where anchor against file texts.", &["where: str", "file_text?: {str} = {}", "unreadable?: [str] = []", "snapshot?: Snapshot = ~no snapshot: the anchor's module is not checked against one"], &["-> AnchorCheck"], &[K::InvalidInput, K::InvalidSnapshot], op_check_anchor),
    OpInfo::new("blueprint.evidence_modules", "Map opened file paths to the sorted set of derived modules.", &["snapshot: Snapshot", "paths: [str]", "root?: str = ~not given: only repository-relative paths count, absolute ones do not"], &["modules: [str]"], &[K::InvalidInput, K::InvalidSnapshot, K::InvalidPath], op_evidence_modules),
    OpInfo::new("blueprint.render_index", "Render the resident index under a hard token cap.", &["doc: str", "snapshot: Snapshot", "max_tokens?: int = 2000", "oversize_bytes?: int = 262144", "counter?: BuiltinCounter = ~the default counter, ceil(ASCII bytes / 4) + other scalars"], &["-> Index"], &[K::InvalidInput, K::InvalidSnapshot, K::MalformedDoc, K::UnsupportedFormat, K::BudgetTooSmall], op_render_index),
    OpInfo::new("blueprint.graph", "The module graph as Mermaid or DOT with stale and unannotated modules marked.", &["doc?: str = \"\"", "snapshot: Snapshot", "format: \"mermaid\" | \"dot\""], &["text: str"], &[K::InvalidInput, K::InvalidSnapshot, K::MalformedDoc, K::UnsupportedFormat], op_graph),
    OpInfo::new("blueprint.read_module", "The read view of one derived module: prose plus derived imports.", &["doc: str", "snapshot: Snapshot", "module: str"], &["-> ModuleView"], &[K::InvalidInput, K::NotVisible, K::InvalidSnapshot, K::MalformedDoc, K::UnsupportedFormat], op_read_module),
    OpInfo::new("blueprint.gc_plan", "Plan orphan marking, unmarking and 90-day removal.", &["doc: str", "snapshot: Snapshot", "now: time", "archive_ok?: bool = true"], &["-> GcPlan"], &[K::InvalidInput, K::InvalidTime, K::InvalidSnapshot, K::MalformedDoc, K::UnsupportedFormat], op_gc_plan),
    OpInfo::new("blueprint.gc", "Run GC against a store: archive first, never delete when archiving failed, defer on conflict.", &["store: {any}", "snapshot: Snapshot", "now: time", "nonce: str", "home?: path = ~not given: the fs store is refused by the root guard (it needs the home); the memory store ignores it", "repo_root?: path = ~not given: the fs store is invalid_input; other stores read anchors from file_text", "project_id?: str = ~the empty id; only a store kind a binding registers (PostgreSQL) needs one"], &["written: bool", "deferred: bool", "marked: [str]", "unmarked: [str]", "removed: [str]", "kept_archive_failed: [str]", "warnings: [str]", "store: {any}"], &[K::InvalidInput, K::InvalidTime, K::InvalidSnapshot, K::MalformedDoc, K::UnsupportedFormat, K::InvalidNonce, K::IoError, K::NoHome, K::InvalidPath, K::RootIsFilesystemRoot, K::RootIsHome, K::NotAProject, K::StorageInsideProject], op_gc),
    OpInfo::new("blueprint.revision_name", "The fixed-width revision file name for a time and nonce.", &["now: time", "nonce: str"], &["name: str"], &[K::InvalidInput, K::InvalidTime, K::InvalidNonce], op_revision_name),
    OpInfo::new("blueprint.revision_prune", "Which revision names to keep (newest 5), delete and ignore.", &["names: [str]"], &["-> RevisionPrune"], &[K::InvalidInput], op_revision_prune),
    OpInfo::new("blueprint.guard_root", "Refuse /, $HOME, non-projects and storage inside the project.", &["root: path", "home: path", "is_git?: bool = ~`false`: the root is not a git work tree, so it must hold a project marker among `root_entries`", "root_entries?: [str] = ~none: no project marker, so a root that is not a git work tree is `not_a_project`", "storage_root?: str = ~not given: the default storage directory under home"], &["-> GuardedRoot"], &[K::InvalidInput, K::NoHome, K::InvalidPath, K::RootIsFilesystemRoot, K::RootIsHome, K::NotAProject, K::StorageInsideProject], op_guard_root),
    OpInfo::new("blueprint.storage_paths", "The storage directory, file and revisions paths of a project.", &["home: path", "project_id: str"], &["-> StoragePaths"], &[K::InvalidInput, K::NoHome, K::InvalidPath, K::InvalidProjectId], op_storage_paths),
    OpInfo::new("blueprint.project_id", "The one project-id derivation from an absolute root.", &["root: path"], &["project_id: str"], &[K::InvalidInput, K::InvalidPath], op_project_id),
    OpInfo::new("blueprint.format_for_director", "The fold account as one line for the Director.", &["result: FoldResult", "conflict?: bool = false"], &["line: str"], &[K::InvalidInput], op_format_for_director),
    OpInfo::new("blueprint.commit", "Fold and store with optimistic compare-and-swap; fold_conflict is a deferral carrying the account.", &["store: {any}", "project_id?: str = \"\"", "items: [BlueprintItem | any]", "snapshot: Snapshot", "evidence: [str]", "file_text?: {str} = {}", "repo_root?: path = ~not given: the fs store is invalid_input; other stores read anchors from file_text", "home?: path = ~not given: the fs store is refused by the root guard (it needs the home); the memory store ignores it", "unreadable?: [str] = []", "now: time", "nonce: str", "git?: GitFacts = {}"], &["result: FoldResult", "written: bool", "attempts: int", "store: {any}"], &[K::InvalidInput, K::FoldConflict, K::MalformedDoc, K::UnsupportedFormat, K::ProjectMismatch, K::InvalidNonce, K::InvalidTime, K::InvalidSnapshot, K::IoError, K::NoHome, K::InvalidPath, K::RootIsFilesystemRoot, K::RootIsHome, K::NotAProject, K::StorageInsideProject], op_commit),
    OpInfo::new("blueprint.cost_mode", "Cheap or costly rescans from the first scan sample, with its expiry.", &["sample_ms: int", "sampled_at: time", "now?: time = ~not given: the result has no expired key"], &["-> CostMode"], &[K::InvalidInput, K::InvalidTime], op_cost_mode),
];

type In = Map<String, Value>;

fn invalid(field: &str, msg: impl Into<String>) -> Error {
    Error::invalid_input(msg).with_field(field)
}

pub(super) fn snapshot_arg(a: &Args<'_>, key: &str) -> Result<Snapshot> {
    Snapshot::from_json(a.req(key)?).map_err(|e| e.with_field(key))
}

fn opt_snapshot(a: &Args<'_>) -> Result<Option<Snapshot>> {
    a.get("snapshot").map(Snapshot::from_json).transpose()
}

pub(super) fn now_arg(a: &Args<'_>, key: &str) -> Result<UtcSecond> {
    UtcSecond::parse_field(a.str(key)?, key)
}

pub(super) fn nonce_arg(a: &Args<'_>) -> Result<Nonce> {
    a.str("nonce")?.parse()
}

fn strings(a: &Args<'_>, key: &str, required: bool) -> Result<Vec<String>> {
    let list = match a.opt_array(key)? {
        Some(l) => l,
        None if required => return Err(a.missing_err(key)),
        None => return Ok(Vec::new()),
    };
    list.iter()
        .map(|v| {
            v.as_str()
                .map(str::to_string)
                .ok_or_else(|| invalid(key, format!("`{key}` must be an array of strings")))
        })
        .collect()
}

pub(super) fn file_view(a: &Args<'_>) -> Result<MapFileView> {
    let mut files = Vec::new();
    if let Some(obj) = a.opt_obj("file_text")? {
        for (k, v) in obj {
            let t = v.as_str().ok_or_else(|| {
                invalid("file_text", format!("file_text[{k:?}] must be a string"))
            })?;
            files.push((k.clone(), t.to_string()));
        }
    }
    Ok(MapFileView::new(files, strings(a, "unreadable", false)?))
}

fn git_arg(a: &Args<'_>) -> Result<GitFacts> {
    Ok(a.opt_decode::<GitFacts>("git")?.unwrap_or_default())
}

fn doc_text<'a>(a: &Args<'a>, key: &str, required: bool) -> Result<&'a str> {
    match a.opt_str(key)? {
        Some(t) => Ok(t),
        None if required => Err(a.missing_err(key)),
        None => Ok(""),
    }
}

pub(super) fn fold_request(a: &Args<'_>) -> Result<FoldRequest> {
    let items = a
        .opt_array("items")?
        .ok_or_else(|| a.missing_err("items"))?
        .iter()
        .map(Item::from_json)
        .collect();
    Ok(FoldRequest {
        project_id: a.opt_str("project_id")?.unwrap_or("").to_string(),
        items,
        evidence: strings(a, "evidence", true)?,
        now: now_arg(a, "now")?,
        git: git_arg(a)?,
    })
}

fn op_defaults(_: &In) -> Result<Value> {
    Ok(defaults_json())
}

/// The constants as the `blueprint.defaults` op returns them.
fn defaults_json() -> Value {
    use crate::blueprint::defaults::*;
    use crate::blueprint::doc::Field;
    use crate::blueprint::validate::RejectReason;
    json!({
        "format": FORMAT,
        "fields": Field::ALL.iter().map(|f| f.as_str()).collect::<Vec<_>>(),
        "reasons": RejectReason::ALL.iter().map(|r| r.as_str()).collect::<Vec<_>>(),
        "max_submit_items": MAX_SUBMIT_ITEMS,
        "revisions_keep": REVISIONS_KEEP,
        "orphan_retention_days": ORPHAN_RETENTION_DAYS,
        "default_index_max_tokens": DEFAULT_INDEX_MAX_TOKENS,
        "max_row_edges": MAX_ROW_EDGES,
        "oversize_module_bytes": OVERSIZE_MODULE_BYTES,
        "max_claim_bytes": MAX_CLAIM_BYTES,
        "max_where_bytes": MAX_WHERE_BYTES,
        "id_hex_len": ID_HEX_LEN,
        "cost_mode_boundary_ms": 150,
        "cost_mode_ttl_s": COST_MODE_TTL_S,
        "costly_min_rescan_interval_s": COSTLY_MIN_RESCAN_INTERVAL_S,
        "manifests": MANIFESTS,
        "file_name": FILE_NAME,
        "revisions_dir": REVISIONS_DIR,
        "storage_subdir": STORAGE_SUBDIR,
    })
}

fn op_count_tokens(m: &In) -> Result<Value> {
    count_tokens_with(m, None)
}

/// The ops that also take a caller's token counter ([`super::call_counted`], `fourx_call_counted`,
/// `fourx.call_counted`): the budgeted render and the count itself.
pub const COUNTED_OPS: &[&str] = &["blueprint.render_index", "blueprint.count_tokens"];

/// Runs `op` (one of [`COUNTED_OPS`]) with the caller's `counter` in place of the built-in one.
pub(super) fn run_counted(op: &str, m: &In, counter: &dyn TokenCounter) -> Result<Value> {
    match op {
        "blueprint.count_tokens" => count_tokens_with(m, Some(counter)),
        _ => {
            let a = Args::new(m);
            render_index_counted(doc_text(&a, "doc", true)?, &a, Some(counter))
        }
    }
}

fn count_tokens_with(m: &In, given: Option<&dyn TokenCounter>) -> Result<Value> {
    let a = Args::new(m);
    let counter = counter_of(&a, given)?;
    Ok(json!({"tokens": counter.try_count(a.str("text")?)?}))
}

/// The counter of an op: the caller's, or the built-in named by the `counter` key (default
/// `approx`); both at once is `invalid_input`.
fn counter_of<'c>(
    a: &Args<'_>,
    given: Option<&'c dyn TokenCounter>,
) -> Result<&'c dyn TokenCounter> {
    let named = match a.opt_str("counter")? {
        Some(name) => Some(name.parse::<BuiltinCounter>()?),
        None => None,
    };
    match (given, named) {
        (Some(_), Some(_)) => Err(Error::invalid_input(
            "a token counter was passed with the call, so the input may not also name one in `counter`",
        )
        .with_field("counter")),
        (Some(c), None) => Ok(c),
        (None, Some(b)) => b.counter(),
        (None, None) => Ok(&ApproxCounter),
    }
}

fn op_parse(m: &In) -> Result<Value> {
    let text = Args::new(m).str("text")?;
    let doc = parse(text)?;
    Ok(doc.to_json(is_canonical(text, &doc)))
}

fn op_render(m: &In) -> Result<Value> {
    let doc = Doc::from_json(Args::new(m).req("doc")?)?;
    Ok(json!({"text": render(&doc)}))
}

fn op_fold(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let text = doc_text(&a, "doc", true)?;
    let snapshot = snapshot_arg(&a, "snapshot")?;
    let req = fold_request(&a)?;
    let view = file_view(&a)?;
    let (doc, result) = fold_text(text, &req, &snapshot, &view)?;
    Ok(json!({"doc": doc, "result": result.to_json()}))
}

fn op_validate_item(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let item = Item::from_json(a.map().get("item").ok_or_else(|| a.missing_err("item"))?);
    let snapshot = snapshot_arg(&a, "snapshot")?;
    let evidence = strings(&a, "evidence", true)?;
    let ev = evidence
        .iter()
        .map(String::as_str)
        .filter(|e| snapshot.contains(e))
        .collect();
    Ok(match validate(&item, &snapshot, &ev) {
        Ok(_) => json!({"valid": true, "id": item.id()}),
        Err(r) => json!({"valid": false, "reason": r.reason.as_str(), "detail": r.detail}),
    })
}

fn op_check_anchor(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let where_ = a.str("where")?;
    let view = file_view(&a)?;
    let snapshot = opt_snapshot(&a)?;
    let (verdict, why) = AnchorChecker::new(&view, snapshot.as_ref()).check(where_);
    Ok(json!({"verdict": verdict.as_str(), "why": why.as_str()}))
}

fn op_evidence_modules(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let snapshot = snapshot_arg(&a, "snapshot")?;
    let paths = strings(&a, "paths", true)?;
    let modules = evidence_modules(&snapshot, &paths, a.opt_str("root")?)?;
    Ok(json!({ "modules": modules }))
}

fn positive(a: &Args<'_>, key: &str) -> Result<Option<i64>> {
    match a.get(key) {
        None => Ok(None),
        Some(Value::Number(n)) => Ok(n.as_i64().or_else(|| n.as_u64().map(|_| i64::MAX))),
        Some(v) => Err(a.invalid_err(key, "a number", v)),
    }
}

fn op_render_index(m: &In) -> Result<Value> {
    let a = Args::new(m);
    render_index_counted(doc_text(&a, "doc", true)?, &a, None)
}

/// `blueprint.render_index` over the blueprint `text` with the other keys of `a` (also the held
/// store's path, whose text comes from the store), with the caller's counter when one is given.
pub(super) fn render_index_counted(
    text: &str,
    a: &Args<'_>,
    given: Option<&dyn TokenCounter>,
) -> Result<Value> {
    let counter = counter_of(a, given)?;
    let doc = parse(text)?;
    let snapshot = snapshot_arg(a, "snapshot")?;
    let max = positive(a, "max_tokens")?;
    let oversize = positive(a, "oversize_bytes")?
        .filter(|&b| b > 0)
        .and_then(|b| u64::try_from(b).ok());
    let out = render_index(&doc, &snapshot, max, oversize, counter)?;
    Ok(
        json!({"text": out.text, "tokens": out.tokens, "shown": out.shown,
              "not_shown": out.not_shown, "budget": out.budget}),
    )
}

fn op_graph(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let format: GraphFormat = match a.opt_str("format")? {
        Some(f) => f.parse()?,
        None => return Err(a.missing_err("format")),
    };
    let doc = parse(doc_text(&a, "doc", false)?)?;
    let snapshot = snapshot_arg(&a, "snapshot")?;
    Ok(json!({"text": graph(&doc, &snapshot, format)}))
}

fn op_read_module(m: &In) -> Result<Value> {
    let a = Args::new(m);
    read_module_over(doc_text(&a, "doc", true)?, &a)
}

/// `blueprint.read_module` over the blueprint `text` with the other keys of `a` (also the held
/// store's path).
pub(super) fn read_module_over(text: &str, a: &Args<'_>) -> Result<Value> {
    let doc = parse(text)?;
    let snapshot = snapshot_arg(a, "snapshot")?;
    read_module(&doc, &snapshot, a.str("module")?)
}

fn op_gc_plan(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let text = doc_text(&a, "doc", true)?;
    let doc = parse(text)?;
    let snapshot = snapshot_arg(&a, "snapshot")?;
    let now = now_arg(&a, "now")?;
    let archive_ok = a.opt_bool("archive_ok")?.unwrap_or(true);
    let p = gc_plan(text, &doc, &snapshot, now, archive_ok);
    Ok(
        json!({"doc": p.text, "changed": p.changed, "orphans": p.orphans, "marked": p.marked,
              "unmarked": p.unmarked, "removable": p.removable, "removed": p.removed,
              "kept_archive_failed": p.kept_archive_failed}),
    )
}

fn op_revision_name(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let now = now_arg(&a, "now")?;
    Ok(json!({"name": revision_name(now, &nonce_arg(&a)?)}))
}

fn op_revision_prune(m: &In) -> Result<Value> {
    let p = revision_prune(&strings(&Args::new(m), "names", true)?);
    Ok(json!({"keep": p.keep, "delete": p.delete, "ignored": p.ignored}))
}

fn home_arg<'a>(a: &Args<'a>) -> Result<Option<&'a str>> {
    a.opt_str("home")
}

fn op_guard_root(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let home = home_arg(&a)?;
    let root = a.str("root")?;
    let ok = guard_root(
        root,
        home,
        a.opt_bool("is_git")?.unwrap_or(false),
        &strings(&a, "root_entries", false)?,
        a.opt_str("storage_root")?,
    )?;
    Ok(
        json!({"allowed": true, "root": ok.root, "storage_root": ok.storage_root, "project_id": ok.project_id}),
    )
}

fn op_storage_paths(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let p = storage_paths(home_arg(&a)?, a.opt_str("project_id")?.unwrap_or(""))?;
    Ok(json!({"dir": p.dir, "file": p.file, "revisions": p.revisions}))
}

fn op_project_id(m: &In) -> Result<Value> {
    Ok(json!({"project_id": projectid::compute(Args::new(m).str("root")?)?}))
}

fn op_format_for_director(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let result: FoldResult = a.decode("result")?;
    let conflict = a.opt_bool("conflict")?.unwrap_or(false);
    Ok(json!({"line": format_for_director(&result, conflict)}))
}

fn op_cost_mode(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let sample = a
        .req("sample_ms")?
        .as_f64()
        .filter(|s| s.is_finite() && *s >= 0.0)
        .ok_or_else(|| invalid("sample_ms", "`sample_ms` must be a non-negative number"))?;
    let d = CostDecision::from_sample(sample, now_arg(&a, "sampled_at")?);
    let mut out = json!({"mode": d.mode.as_str(), "expires_at": d.expires_at.to_string()});
    if a.get("now").is_some() {
        out["expired"] = Value::Bool(d.expired(now_arg(&a, "now")?));
    }
    Ok(out)
}

/// A memory store from its JSON form, or `None` for another kind.
pub(super) fn memory_store(a: &Args<'_>) -> Result<Option<MemoryStore>> {
    let s = a.opt_obj("store")?.ok_or_else(|| a.missing_err("store"))?;
    match s.get("kind").and_then(Value::as_str) {
        None | Some("memory") => {}
        Some(_) => return Ok(None),
    }
    let sa = Args::new(s);
    let content = sa.opt_str("content")?.unwrap_or("");
    let mut revisions = Vec::new();
    for r in sa.opt_array("revisions")?.map(Vec::as_slice).unwrap_or(&[]) {
        let ro = r
            .as_object()
            .ok_or_else(|| invalid("store", "each revision is {name, content}"))?;
        let ra = Args::new(ro);
        revisions.push((
            ra.str("name")?.to_string(),
            ra.str("content")?.as_bytes().to_vec(),
        ));
    }
    let mut interleave = Vec::new();
    for v in sa
        .opt_array("interleave")?
        .map(Vec::as_slice)
        .unwrap_or(&[])
    {
        interleave.push(match v {
            Value::Null => None,
            Value::String(t) => Some(t.as_bytes().to_vec()),
            _ => return Err(invalid("store", "interleave entries are strings or null")),
        });
    }
    let content = (!content.is_empty()).then(|| content.as_bytes().to_vec());
    Ok(Some(
        crate::blueprint::revisions::memory_store(content, revisions)
            .with_interleave(interleave)
            .with_revision_failure(sa.opt_bool("revision_fail")?.unwrap_or(false)),
    ))
}

pub(super) fn store_json(s: &MemoryStore) -> Value {
    let (content, revisions) = s.snapshot();
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    json!({
        "content": content.as_deref().map(text).unwrap_or_default(),
        "revisions": revisions.iter().map(|(n, c)| json!({"name": n, "content": text(c)})).collect::<Vec<_>>(),
    })
}

pub(super) fn commit_json(out: &CommitOutcome) -> Value {
    json!({"result": out.result.to_json(), "written": out.written, "attempts": out.attempts})
}

pub(super) fn gc_json(out: &GcOutcome) -> Value {
    json!({"written": out.written, "deferred": out.deferred, "marked": out.marked,
           "unmarked": out.unmarked, "removed": out.removed,
           "kept_archive_failed": out.kept_archive_failed, "warnings": out.warnings})
}

pub(super) fn op_commit(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let snapshot = snapshot_arg(&a, "snapshot")?;
    let req = fold_request(&a)?;
    let nonce = nonce_arg(&a)?;
    match memory_store(&a)? {
        Some(store) => {
            let view = file_view(&a)?;
            let out = commit(&store, &req, &snapshot, &view, &nonce)?;
            let mut v = commit_json(&out);
            v["store"] = store_json(&store);
            Ok(v)
        }
        None => match external_store(&a, &req.project_id)? {
            Some((store, view)) => Ok(commit_json(&commit(
                store.as_ref(),
                &req,
                &snapshot,
                view.as_ref(),
                &nonce,
            )?)),
            None => fs_store(&a, |store, view| {
                let view = view
                    .ok_or_else(|| invalid("repo_root", "the fs store form needs `repo_root`"))?;
                Ok(commit_json(&commit(store, &req, &snapshot, view, &nonce)?))
            }),
        },
    }
}

/// A registered backend's blueprint store of `project_id` (`store.kind` neither `memory` nor
/// `fs`; see [`super::store_backends`]) and the file view anchors are checked against: the
/// files under `repo_root` when given (feature `fs`), else the input's `file_text`.
pub(super) type ExternalStore = (Arc<dyn Store + Send + Sync>, Box<dyn FileView>);

pub(super) fn external_store(a: &Args<'_>, project_id: &str) -> Result<Option<ExternalStore>> {
    let Some(obj) = a.opt_obj("store")? else {
        return Ok(None);
    };
    let Some(b) = super::store_backends::external(obj)? else {
        return Ok(None);
    };
    let store = b.blueprint_store(obj, project_id)?;
    #[cfg(feature = "fs")]
    if let Some(root) = a.opt_str("repo_root")? {
        if !root.starts_with('/') {
            return Err(Error::new(
                ErrorKind::InvalidPath,
                format!("`repo_root` {root:?} must be absolute"),
            )
            .with_field("repo_root"));
        }
        let view = crate::blueprint::fs::RepoFileView::new(
            Arc::new(crate::store::RealFs),
            crate::protocol::codec::pathclean::clean(root),
        );
        return Ok(Some((store, Box::new(view))));
    }
    Ok(Some((store, Box::new(file_view(a)?))))
}

pub(super) fn op_gc(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let snapshot = snapshot_arg(&a, "snapshot")?;
    let now = now_arg(&a, "now")?;
    let nonce = nonce_arg(&a)?;
    match memory_store(&a)? {
        Some(store) => {
            let out = gc(&store, &snapshot, now, &nonce)?;
            let mut v = gc_json(&out);
            v["store"] = store_json(&store);
            Ok(v)
        }
        None => {
            let pid: &str = a.opt_str("project_id")?.unwrap_or_default();
            match external_store(&a, pid)? {
                Some((store, _)) => Ok(gc_json(&gc(store.as_ref(), &snapshot, now, &nonce)?)),
                None => fs_store(&a, |store, _| {
                    Ok(gc_json(&gc(store, &snapshot, now, &nonce)?))
                }),
            }
        }
    }
}

/// Runs `f` against the fs store named by `store: {"kind": "fs", "dir"}` after the root guard.
#[cfg(feature = "fs")]
pub(super) fn fs_store(
    a: &Args<'_>,
    f: impl FnOnce(&dyn Store, Option<&dyn FileView>) -> Result<Value>,
) -> Result<Value> {
    fs_form::with_guarded_store(a.map(), f)
}

#[cfg(not(feature = "fs"))]
pub(super) fn fs_store(
    a: &Args<'_>,
    _f: impl FnOnce(&dyn Store, Option<&dyn FileView>) -> Result<Value>,
) -> Result<Value> {
    let _ = a;
    Err(Error::invalid_input("store kind \"fs\" needs the `fs` feature").with_field("store"))
}

/// The fs form of the `store` key (feature `fs`): the op input's `store.dir`, `home` and
/// `repo_root` bound to the blueprint's [`crate::blueprint::fs::FsStore`] after the root guard.
#[cfg(feature = "fs")]
mod fs_form {
    use std::sync::Arc;

    use serde_json::{Map, Value};

    use crate::blueprint::anchors::FileView;
    use crate::blueprint::fs::FsStore;
    use crate::blueprint::guard::guard_root;
    use crate::error::{Error, ErrorKind, Result};
    use crate::protocol::codec::pathclean;
    use crate::store::cas::Store;
    use crate::store::RealFs;

    fn abs_arg(map: &Map<String, Value>, key: &str) -> Result<String> {
        let v = map.get(key).and_then(Value::as_str).ok_or_else(|| {
            Error::invalid_input(format!("`{key}` is required for the fs store")).with_field(key)
        })?;
        if !v.starts_with('/') {
            return Err(Error::new(
                ErrorKind::InvalidPath,
                format!("`{key}` {v:?} must be absolute"),
            )
            .with_field(key));
        }
        Ok(pathclean::clean(v))
    }

    /// The fs form of `blueprint.commit` / `blueprint.gc`: reads `store.dir`, `home` and `repo_root`
    /// from the op input, runs the root guard with `is_git` and the root entries read from
    /// `repo_root`, and hands `f` the store and a file view over `repo_root`.
    pub(super) fn with_guarded_store(
        map: &Map<String, Value>,
        f: impl FnOnce(&dyn Store, Option<&dyn FileView>) -> Result<Value>,
    ) -> Result<Value> {
        let store = map
            .get("store")
            .and_then(Value::as_object)
            .ok_or_else(|| Error::invalid_input("`store` must be an object").with_field("store"))?;
        match store.get("kind").and_then(Value::as_str) {
            Some("fs") => {}
            other => {
                return Err(Error::invalid_input(format!(
                    "store kind {other:?} is unknown; use \"memory\" or \"fs\""
                ))
                .with_field("store"))
            }
        }
        let home = match map.get("home") {
            None | Some(Value::Null) => None,
            Some(Value::String(h)) => Some(h.as_str()),
            Some(_) => {
                return Err(Error::invalid_input("`home` must be a string").with_field("home"))
            }
        };
        if home.is_none_or(str::is_empty) {
            let none: &[&str] = &[];
            guard_root("/", home, false, none, None)?;
        }
        let dir = abs_arg(store, "dir").map_err(|e| e.with_field("store"))?;
        let repo_root = map
            .get("repo_root")
            .and_then(Value::as_str)
            .ok_or_else(|| {
                Error::invalid_input("`repo_root` is required for the fs store")
                    .with_field("repo_root")
            })?;
        let (store, view, _) = FsStore::guarded(Arc::new(RealFs), home, repo_root, Some(&dir))?;
        f(&store, Some(&view))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blueprint::defaults::{COST_MODE_BOUNDARY_MS, ORPHAN_RETENTION_SECS};

    #[test]
    fn defaults_match_the_spec_table() {
        let d = defaults_json();
        assert_eq!(
            d["fields"],
            json!(["purpose", "entrypoints", "invariants", "gotchas"])
        );
        assert_eq!(
            d["reasons"],
            json!([
                "over_limit",
                "malformed",
                "unknown_module",
                "no_read_at_all",
                "no_evidence",
                "prose_path"
            ])
        );
        assert_eq!(
            d["cost_mode_boundary_ms"].as_f64(),
            Some(COST_MODE_BOUNDARY_MS)
        );
        assert_eq!(d["manifests"].as_array().map(Vec::len), Some(14));
        assert_eq!(ORPHAN_RETENTION_SECS, 7_776_000);
    }
}
