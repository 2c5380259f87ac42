//! The typed Python layer, generated from `meta.catalog` (the op catalog is the schema):
//! `python/fourx/_types.py` holds every named type (records as `TypedDict`, tagged unions and
//! word lists as aliases) and `python/fourx/_api.py` one typed function per op. The public modules
//! import from them; a wrapper still written by hand is listed in [`HAND_WRITTEN`] with the
//! behaviour it adds. `make docs` writes both files; the tests below fail when one drifts.

use fourx_core::ops::schema::Ty;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde_json::{json, Value};

use super::{bless_or_check, class_name};

/// The public wrappers written by hand, because they add behaviour a generated function cannot
/// have: Python name → (op, the behaviour). Every other op's public function is its generated
/// one (imported from `fourx._api`). Emitted into `_api.py` as `HAND_WRITTEN`; the Python drift
/// test (`python/tests/test_generated.py`) checks that each one's parameters are still the op's
/// catalog keys.
#[rustfmt::skip]
pub(super) const HAND_WRITTEN: &[(&str, &str, &str)] = &[
    ("fourx.catalog", "meta.catalog", "returns the result's `ops`"),
    ("fourx.router.memory_template", "router.memory_template", "returns the result's `text`"),
    ("fourx.router.just_go_gate", "router.just_go_gate", "takes `recommended` by position"),
    ("fourx.router.skill_hints", "router.skill_hints", "returns the result's `hints`"),
    ("fourx.router.format_previous_findings", "router.format_previous_findings", "returns the result's `text`; takes `hunter` by position"),
    ("fourx.router.followup_tasks", "router.followup_tasks", "takes the op's further keys as `**inputs`"),
    ("fourx.router.update_artifact", "router.update_artifact", "takes `result` by position"),
    ("fourx.angles.all_angles", "angles.all", "returns the result's `angles`"),
    ("fourx.angles.select", "angles.select", "takes `mapping`, `config` by position"),
    ("fourx.angles.group", "angles.group", "returns the result's `groups`"),
    ("fourx.angles.group_selected", "angles.group_selected", "returns the result's `groups`"),
    ("fourx.angles.default_mapping", "angles.default_mapping", "returns the result's `mapping`"),
    ("fourx.angles.resolve_mapping", "angles.resolve_mapping", "returns the result's `mapping`"),
    ("fourx.blueprint.fold", "blueprint.fold", "`project_id` defaults to `''`; takes `project_id`, `file_text`, `git` by position"),
    ("fourx.blueprint.render_index", "blueprint.render_index", "takes `max_tokens` by position; counts with a Python `counter` callable"),
    ("fourx.blueprint.format_for_director", "blueprint.format_for_director", "returns the result's `line`; `conflict` defaults to `False`"),
    ("fourx.blueprint.count_tokens", "blueprint.count_tokens", "returns the result's `tokens`; counts with a Python `counter` callable"),
    ("fourx.blueprint.evidence_modules", "blueprint.evidence_modules", "returns the result's `modules`"),
    ("fourx.blueprint.graph", "blueprint.graph", "returns the result's `text`; `format` defaults to `'mermaid'`"),
    ("fourx.blueprint.guard_root", "blueprint.guard_root", "requires `is_git`, `root_entries`"),
    ("fourx.blueprint.project_id", "blueprint.project_id", "returns the result's `project_id`"),
    ("fourx.blueprint.render", "blueprint.render", "returns the result's `text`"),
    ("fourx.blueprint.revision_name", "blueprint.revision_name", "returns the result's `name`"),
    ("fourx.cached.CachedWorkspace.list_features", "workspace.list_features", "a method of the CachedWorkspace handle (the core's held cache)"),
    ("fourx.cached.CachedWorkspace.load_feature", "workspace.load_feature", "a method of the CachedWorkspace handle (the core's held cache); returns the result's `feature`"),
    ("fourx.cached.CachedWorkspace.read_state", "workspace.read_state", "a method of the CachedWorkspace handle (the core's held cache); returns the result's `state`"),
    ("fourx.cached.CachedWorkspace.read_config", "config.read", "a method of the CachedWorkspace handle (the core's held cache); returns the result's `config`"),
    ("fourx.cached.CachedWorkspace.load_merged_config", "config.load_merged", "a method of the CachedWorkspace handle (the core's held cache)"),
    ("fourx.cached.CachedWorkspace.compare_backlog_mirror", "workspace.compare_backlog_mirror", "a method of the CachedWorkspace handle (the core's held cache)"),
    ("fourx.cached.CachedWorkspace.cleanable_features", "workspace.cleanable_features", "a method of the CachedWorkspace handle (the core's held cache); returns the result's `candidates`"),
    ("fourx.cached.CachedWorkspace.scan_escalations", "miner.scan_escalations", "a method of the CachedWorkspace handle (the core's held cache); takes `feature_ids` by position"),
    ("fourx.cached.CachedWorkspace.scan_stuck", "miner.scan_stuck", "a method of the CachedWorkspace handle (the core's held cache); takes `feature_ids` by position"),
    ("fourx.cached.CachedWorkspace.scan_fail_patterns", "miner.scan_fail_patterns", "a method of the CachedWorkspace handle (the core's held cache); takes `feature_ids` by position"),
    ("fourx.guard.check", "guard.check", "requires `phase`; sends `phase` as its text"),
    ("fourx.guard.testing_to_accepting", "guard.testing_to_accepting", "requires `round`"),
    ("fourx.helpers.next_feature_id", "feature.next_id", "`name` defaults to `''`; requires `ids`; takes tuples where the op wants lists"),
    ("fourx.helpers.plan_discovered", "discover.plan", "`ids` defaults to `()`; takes tuples where the op wants lists"),
    ("fourx.helpers.process_alive", "workspace.process_alive", "returns the result's `alive`"),
    ("fourx.helpers.dot_dir", "workspace.dot_dir", "returns the result's `path`"),
    ("fourx.helpers.check_events", "workspace.check_events", "takes `events` by position"),
    ("fourx.report.parse_discovered", "discover.parse", "returns the result's `features`"),
    ("fourx.report.is_similar", "similarity.is_similar", "returns the result's `similar`; `threshold` defaults to `0.6`; `cjk` defaults to `False`"),
    ("fourx.report.dedupe_discovered", "discover.dedupe", "returns the result's `features`; `cjk` defaults to `False`"),
    ("fourx.report.dedupe_candidates", "candidates.dedupe", "returns the result's `candidates`; `cjk` defaults to `False`"),
    ("fourx.report.parse_candidates", "candidates.parse", "returns the result's `pool`"),
    ("fourx.report.render_candidates", "candidates.render", "returns the result's `text`; requires `pool`"),
    ("fourx.report.scan_escalations", "miner.scan_escalations", "takes `escalations` by position"),
    ("fourx.report.scan_stuck", "miner.scan_stuck", "takes `features` by position"),
    ("fourx.report.scan_fail_patterns", "miner.scan_fail_patterns", "takes `reports` by position"),
    ("fourx.resolve.merge_config", "config.merge", "returns the result's `config`; requires `user`, `project`"),
    ("fourx.resolve.resolve_profile", "profile.resolve", "`override` defaults to `''`; takes `config`, `feature`, `override` by position"),
    ("fourx.resolve.resolve_pipeline", "pipeline.resolve", "returns the result's `phases`; `profile_name` defaults to `''`; `manual_runner` defaults to `''`; takes `feature`, `profile_name`, `manual_runner`, `run_overrides` by position"),
    ("fourx.resolve.resolve_phase_runner", "runner.resolve_phase", "returns the result's `runner`; `manual` defaults to `''`; takes `feature`, `profile`, `manual` by position"),
    ("fourx.resolve.resolve_phase_model", "model.resolve_phase", "returns the result's `model`; `manual` defaults to `''`; takes `feature`, `profile`, `manual` by position"),
    ("fourx.resolve.resolve_tier_model", "model.resolve_tier", "returns the result's `model`"),
    ("fourx.resolve.resolve_model", "model.resolve", "returns the result's `model`"),
    ("fourx.resolve.notifications_enabled", "config.notifications_enabled", "returns the result's `enabled`"),
    ("fourx.resolve.merge_hooks", "hooks.merge", "returns the result's `hooks`"),
    ("fourx.resolve.resolve_deep_model", "model.resolve_deep", "returns the result's `model`"),
    ("fourx.resolve.resolve_mini_coder_model", "model.resolve_mini_coder", "returns the result's `model`"),
    ("fourx.resolve.enabled_phases", "profile.enabled_phases", "returns the result's `phases`"),
    ("fourx.resolve.default_profiles", "profiles.default", "returns the result's `profiles`"),
    ("fourx.resolve.effective_hub_repos", "repos.effective_hub", "returns the result's `hub_repos`"),
    ("fourx.resolve.resolve_feature_repo_paths", "repos.resolve_feature_paths", "returns the result's `paths`"),
    ("fourx.resolve.resolve_repo_paths", "repos.resolve_paths", "returns the result's `paths`"),
    ("fourx.resolve.supported_runners", "runners.supported", "returns the result's `runners`"),
    ("fourx.resolve.supported_runners_map", "runners.supported_map", "returns the result's `runners`"),
    ("fourx.router.agents", "router.agents", "returns the result's `agents`"),
    ("fourx.router.event_line", "router.event_line", "returns the result's `line`"),
    ("fourx.router.format_marker", "router.format_marker", "returns the result's `text`"),
    ("fourx.router.format_task_metadata", "router.format_task_metadata", "returns the result's `text`"),
    ("fourx.router.new_artifact", "router.new_artifact", "returns the result's `artifact`"),
    ("fourx.router.new_workflow_id", "router.new_workflow_id", "returns the result's `workflow_uuid`"),
    ("fourx.router.resolve_scope_reply", "router.resolve_scope_reply", "returns the result's `scope`"),
    ("fourx.run_files.parse_verify", "evidence.parse_verify", "returns the result's `verify`"),
    ("fourx.run_files.render_verify", "evidence.render_verify", "returns the result's `text`; requires `verify`"),
    ("fourx.run_files.parse_baseline", "workspace.parse_baseline", "returns the result's `baseline`"),
    ("fourx.run_files.render_baseline", "workspace.render_baseline", "returns the result's `text`; requires `baseline`"),
    ("fourx.run_files.parse_angle_selection", "angles.parse_selection", "returns the result's `selection`"),
    ("fourx.run_files.render_angle_selection", "angles.render_selection", "returns the result's `text`; requires `selection`"),
    ("fourx.run_files.parse_escalation", "workspace.parse_escalation", "returns the result's `escalation`"),
    ("fourx.run_files.render_escalation", "workspace.render_escalation", "returns the result's `text`; requires `escalation`"),
    ("fourx.run_files.read_run_file", "workspace.read_run_file", "returns the result's `value`; takes `round` by position"),
    ("fourx.run_files.write_run_file", "workspace.write_run_file", "returns the result's `path`; requires `value`; takes `round` by position"),
    ("fourx.state.transition", "state.transition", "returns the result's `state`; takes `role` by position"),
    ("fourx.state.recover_to", "state.recover_to", "returns the result's `state`; takes `role` by position"),
    ("fourx.state.finalize_done", "state.finalize_done", "returns the result's `state`"),
    ("fourx.state.phase_to_role", "state.phase_to_role", "returns the result's `role`"),
    ("fourx.state.phase_role", "phase.role", "returns the result's `role`"),
    ("fourx.state.phase_to_status", "phase.to_status", "returns the result's `status`"),
    ("fourx.state.is_selectable", "phase.is_selectable", "returns the result's `selectable`"),
    ("fourx.state.diagram", "state.diagram", "returns the result's `text`; `format` defaults to `'mermaid'`"),
    ("fourx.state.enum_values", "enums.list", "returns the result's `values`"),
    ("fourx.state.human_size", "util.human_size", "returns the result's `text`"),
    ("fourx.workspace.find", "workspace.find", "returns the result's `root`"),
    ("fourx.workspace.constants", "workspace.constants", "returns the result's `constants`"),
    ("fourx.workspace.feature_dir", "workspace.feature_dir", "returns the result's `path`"),
    ("fourx.workspace.round_dir", "workspace.round_dir", "returns the result's `path`"),
    ("fourx.workspace.parse_state", "workspace.parse_state", "returns the result's `state`"),
    ("fourx.workspace.render_state", "workspace.render_state", "returns the result's `text`"),
    ("fourx.workspace.render_event", "workspace.render_event", "returns the result's `line`"),
    ("fourx.workspace.resolve_feature_id", "workspace.resolve_feature_id", "returns the result's `feature_id`; requires `entries`"),
    ("fourx.workspace.total_cost", "workspace.total_cost", "returns the result's `total_cost_usd`; requires `events`"),
    ("fourx.workspace.worktree_path", "workspace.worktree_path", "returns the result's `worktree_path`; requires `events`"),
    ("fourx.workspace.atomic_write_file", "workspace.atomic_write_file", "`perm` defaults to `420`; requires `data`; takes `data` as `bytes` (sent as `data_base64`)"),
    ("fourx.workspace.parse_feature_yaml", "feature.parse_yaml", "returns the result's `feature`; requires `text`"),
    ("fourx.workspace.load_feature_yaml", "feature.load_yaml", "returns the result's `feature`"),
    ("fourx.workspace.render_feature_yaml", "feature.render_yaml", "returns the result's `text`; requires `feature`"),
    ("fourx.workspace.validate_feature", "feature.validate", "requires `feature`"),
    ("fourx.workspace.validate_feature_loose", "feature.validate_loose", "returns the result's `warnings`"),
    ("fourx.workspace.sync_status_text", "feature.sync_status_text", "requires `feature_id`, `phase`"),
    ("fourx.workspace.parse_backlog_mirror", "backlog.parse_mirror", "returns the result's `mirror`"),
    ("fourx.workspace.compare_backlog", "backlog.compare", "returns the result's `drift`; requires `features`, `mirror`"),
    ("fourx.workspace.is_screenshot_file", "evidence.is_screenshot_file", "returns the result's `is_screenshot`; requires `name`"),
    ("fourx.workspace.normalize_screenshot_path", "evidence.normalize_screenshot_path", "returns the result's `path`; requires `path`"),
    ("fourx.workspace.parse_screenshot_filename", "evidence.parse_screenshot_filename", "requires `filename`"),
    ("fourx.workspace.sort_screenshots", "evidence.sort_screenshots", "returns the result's `screenshots`; requires `screenshots`"),
    ("fourx.workspace.screenshot_dir", "evidence.screenshot_dir", "returns the result's `dir`; requires `config`"),
    ("fourx.workspace.screenshot_targets", "evidence.screenshot_targets", "returns the result's `targets`; requires `feature_id`, `rounds`"),
    ("fourx.workspace.group_screenshots", "evidence.group_screenshots", "requires `root`, `feature_id`, `rounds`, `listings`"),
    ("fourx.workspace.parse_test_strategy", "test_strategy.parse", "returns the result's `test_strategy`; requires `text`"),
    ("fourx.workspace.user_config_path", "config.user_path", "returns the result's `path`"),
    ("fourx.workspace.parse_config", "config.parse", "returns the result's `config`"),
    ("fourx.workspace.render_config", "config.render", "returns the result's `text`; requires `config`"),
    ("fourx.workspace.parse_user_config", "config.parse_user", "returns the result's `config`"),
    ("fourx.workspace.render_user_config", "config.render_user", "returns the result's `text`; requires `config`"),
    ("fourx.workspace.load_merged_config_text", "config.load_merged_text", "takes `user_text` by position"),
    ("fourx.workspace.read_user_config", "config.read_user", "returns the result's `config`; takes `home` by position; `home` defaults to `Path.home()`"),
    ("fourx.workspace.write_user_config", "config.write_user", "requires `config`; takes `home` by position; `home` defaults to `Path.home()`"),
    ("fourx.workspace.Workspace.init_feature_dir", "workspace.init_feature_dir", "a method of the Workspace handle (its root and run-state store); returns the result's `path`"),
    ("fourx.workspace.Workspace.read_state", "workspace.read_state", "a method of the Workspace handle (its root and run-state store); returns the result's `state`"),
    ("fourx.workspace.Workspace.write_state", "workspace.write_state", "a method of the Workspace handle (its root and run-state store); returns the result's `state`"),
    ("fourx.workspace.Workspace.append_event", "workspace.append_event", "a method of the Workspace handle (its root and run-state store); returns the result's `event`"),
    ("fourx.workspace.Workspace.request_stop", "workspace.request_stop", "a method of the Workspace handle (its root and run-state store)"),
    ("fourx.workspace.Workspace.stop_requested", "workspace.stop_requested", "a method of the Workspace handle (its root and run-state store); returns the result's `requested`"),
    ("fourx.workspace.Workspace.clear_stop", "workspace.clear_stop", "a method of the Workspace handle (its root and run-state store)"),
    ("fourx.workspace.Workspace.claim", "workspace.claim", "a method of the Workspace handle (its root and run-state store)"),
    ("fourx.workspace.Workspace.release", "workspace.release", "a method of the Workspace handle (its root and run-state store); takes `lease` by position"),
    ("fourx.workspace.Workspace.export_runs", "workspace.export", "a method of the Workspace handle (its root and run-state store); returns the result's `features`; takes `feature_ids` by position"),
    ("fourx.workspace.Workspace.import_runs", "workspace.import", "a method of the Workspace handle (its root and run-state store); returns the result's `features`; takes `feature_ids` by position"),
    ("fourx.workspace.Workspace.reconcile_active", "workspace.reconcile_active", "a method of the Workspace handle (its root and run-state store); refused on a store other than the filesystem"),
    ("fourx.workspace.Workspace.resolve_feature_id", "workspace.resolve_feature_id", "a method of the Workspace handle (its root and run-state store); returns the result's `feature_id`"),
    ("fourx.workspace.Workspace.total_cost", "workspace.total_cost", "a method of the Workspace handle (its root and run-state store); returns the result's `total_cost_usd`; requires `feature_id`"),
    ("fourx.workspace.Workspace.worktree_path", "workspace.worktree_path", "a method of the Workspace handle (its root and run-state store); returns the result's `worktree_path`; requires `feature_id`"),
    ("fourx.workspace.Workspace.init", "workspace.init", "a method of the Workspace handle (its root and run-state store)"),
    ("fourx.workspace.Workspace.read_config", "config.read", "a method of the Workspace handle (its root and run-state store); returns the result's `config`"),
    ("fourx.workspace.Workspace.write_config", "config.write", "a method of the Workspace handle (its root and run-state store)"),
    ("fourx.workspace.Workspace.load_merged_config", "config.load_merged", "a method of the Workspace handle (its root and run-state store); takes `home` by position; `home` defaults to `Path.home()`"),
    ("fourx.workspace.Workspace.list_features", "workspace.list_features", "a method of the Workspace handle (its root and run-state store)"),
    ("fourx.workspace.Workspace.load_feature", "workspace.load_feature", "a method of the Workspace handle (its root and run-state store); returns the result's `feature`"),
    ("fourx.workspace.Workspace.save_feature", "workspace.save_feature", "a method of the Workspace handle (its root and run-state store); returns the result's `path`"),
    ("fourx.workspace.Workspace.sync_feature_status", "workspace.sync_feature_status", "a method of the Workspace handle (its root and run-state store); requires `phase`"),
    ("fourx.workspace.Workspace.read_backlog_mirror", "workspace.read_backlog_mirror", "a method of the Workspace handle (its root and run-state store)"),
    ("fourx.workspace.Workspace.compare_backlog_mirror", "workspace.compare_backlog_mirror", "a method of the Workspace handle (its root and run-state store)"),
    ("fourx.workspace.Workspace.read_test_strategy", "workspace.read_test_strategy", "a method of the Workspace handle (its root and run-state store)"),
    ("fourx.workspace.Workspace.discover_screenshots", "evidence.discover_screenshots", "a method of the Workspace handle (its root and run-state store)"),
    ("fourx.workspace.Workspace.finalize_done", "workspace.finalize_done", "a method of the Workspace handle (its root and run-state store); refused on a store other than the filesystem"),
    ("fourx.workspace.Workspace.clean_feature", "workspace.clean_feature", "a method of the Workspace handle (its root and run-state store); returns the result's `freed_bytes`; refused on a store other than the filesystem"),
    ("fourx.workspace.Workspace.cleanable_features", "workspace.cleanable_features", "a method of the Workspace handle (its root and run-state store); returns the result's `candidates`; refused on a store other than the filesystem"),
    ("fourx.workspace.Workspace.load_candidates", "candidates.load", "a method of the Workspace handle (its root and run-state store); returns the result's `pool`; takes `file` by position"),
    ("fourx.workspace.Workspace.save_candidates", "candidates.save", "a method of the Workspace handle (its root and run-state store); requires `pool`; takes `file` by position"),
];

/// Parses a type of the catalog's type language (the core's parser); a text it refuses is a bug
/// of the catalog.
fn parse_type(text: &str) -> Ty {
    fourx_core::ops::schema::parse_type(text).unwrap_or_else(|e| panic!("{e}"))
}

/// A key of an op's input or of a record.
struct Field {
    name: String,
    ty: Ty,
    optional: bool,
    /// The default as a JSON value, or the words saying what absent means.
    default: Option<Value>,
    default_means: Option<String>,
}

fn field(v: &Value) -> Field {
    Field {
        name: v["name"].as_str().expect("a key has a name").to_string(),
        ty: parse_type(v["type"].as_str().expect("a key has a type")),
        optional: v["optional"].as_bool().unwrap_or(false),
        default: v.get("default").cloned(),
        default_means: v["default_means"].as_str().map(str::to_string),
    }
}

enum Kind {
    Record(Vec<Field>),
    Union(Vec<String>),
    Words(Vec<String>),
    Alias(Ty),
}

struct TypeDef {
    name: String,
    doc: String,
    kind: Kind,
}

struct Op {
    name: String,
    doc: String,
    params: Vec<Field>,
    result: Ty,
    errors: Vec<String>,
}

/// The catalog as the generators read it: `meta.catalog`'s `ops` and `types`.
pub(super) struct Catalog {
    ops: Vec<Op>,
    types: Vec<TypeDef>,
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .into_iter()
        .flatten()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}

/// The catalog of the core (`meta.catalog`).
fn catalog() -> Catalog {
    let doc = fourx_core::ops::call("meta.catalog", &json!({})).expect("meta.catalog");
    Catalog::from_json(&doc)
}

impl Catalog {
    /// Reads a `meta.catalog` document.
    pub(super) fn from_json(doc: &Value) -> Catalog {
        let ops = doc["ops"]
            .as_array()
            .expect("ops")
            .iter()
            .map(|op| Op {
                name: op["name"].as_str().expect("name").to_string(),
                doc: op["doc"].as_str().unwrap_or_default().to_string(),
                params: op["params"]
                    .as_array()
                    .expect("an op has params")
                    .iter()
                    .map(field)
                    .collect(),
                result: parse_type(op["result"].as_str().expect("an op has a result type")),
                errors: strings(&op["errors"]),
            })
            .collect();
        let types = doc["types"]
            .as_array()
            .expect("types")
            .iter()
            .map(|t| {
                let kind = match t["kind"].as_str().expect("a type has a kind") {
                    "record" => Kind::Record(
                        t["fields"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .map(field)
                            .collect(),
                    ),
                    "union" => Kind::Union(strings(&t["variants"])),
                    "words" => Kind::Words(strings(&t["words"])),
                    "alias" => Kind::Alias(parse_type(t["type"].as_str().expect("alias type"))),
                    other => panic!("meta.catalog: unknown type kind {other}"),
                };
                TypeDef {
                    name: t["name"].as_str().expect("a type has a name").to_string(),
                    doc: t["doc"].as_str().unwrap_or_default().to_string(),
                    kind,
                }
            })
            .collect();
        Catalog { ops, types }
    }
}

/// Python's reserved words: a key spelled like one becomes `<key>_` (`from` → `from_`), the
/// generated functions send under the key's own spelling.
const PY_KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// Names `_api.py` binds itself: a catalog type spelled like one is named `_types.<Name>` there.
const API_NAMES: &[&str] = &[
    "Any",
    "Literal",
    "Mapping",
    "Sequence",
    "StrPath",
    "Time",
    "call_op",
    "path_arg",
    "HAND_WRITTEN",
];

/// Names `_types.py` binds itself; no catalog type may take one.
const TYPES_NAMES: &[&str] = &[
    "_enums",
    "Any",
    "Literal",
    "NotRequired",
    "TypeAlias",
    "TypedDict",
    "Union",
];

fn py_name(key: &str) -> String {
    if PY_KEYWORDS.contains(&key) {
        format!("{key}_")
    } else {
        key.to_string()
    }
}

fn is_identifier(key: &str) -> bool {
    key.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A Python string literal (double quotes).
fn py_str(text: &str) -> String {
    format!("{text:?}")
}

/// A JSON value as Python writes it (`true` → `True`, `null` → `None`).
fn py_value(v: &Value) -> String {
    match v {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(py_value).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, x)| format!("{}: {}", py_str(k), py_value(x)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_string(),
    }
}

/// `text` with its Markdown code spans (`` `x` ``) written as reStructuredText literals
/// (``` ``x`` ```), as Python docstrings spell them.
fn rst(text: &str) -> String {
    let mut rst = String::with_capacity(text.len() + 8);
    let mut rest = text;
    while let Some(at) = rest.find('`') {
        let run = rest[at..].chars().take_while(|c| *c == '`').count();
        rst.push_str(&rest[..at]);
        rst.push_str(if run == 1 { "``" } else { &rest[at..at + run] });
        rest = &rest[at + run..];
    }
    rst.push_str(rest);
    rst
}

/// `text` (see [`rst`]) made safe inside a `"""…"""` docstring.
fn doc_text(text: &str) -> String {
    let t = rst(text)
        .replace('\\', "\\\\")
        .replace("\"\"\"", "\\\"\\\"\\\"");
    match t.strip_suffix('"') {
        Some(head) => format!("{head}\\\""),
        None => t,
    }
}

/// `text` wrapped into lines of at most `width` columns, each starting with `indent`.
fn wrap(text: &str, indent: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent.len() + line.len() + 1 + word.len() > width {
            let _ = writeln!(out, "{indent}{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{indent}{line}");
    }
    out
}

/// Where a type is written: a function's parameter (inputs take the Python spellings the core
/// converts: `Mapping` for records, `str` beside words, `Time`, `StrPath`) or anything else (the
/// JSON shapes the core gives back).
#[derive(Clone, Copy, PartialEq)]
enum Place {
    /// A top-level parameter (path and time conversions apply here only).
    Param,
    /// Inside a parameter's type (a list item, a map value).
    Input,
    /// A result, a record field, an alias.
    Output,
}

struct Render<'a> {
    kinds: BTreeMap<&'a str, &'a Kind>,
    /// Word lists that `fourx.enums` also has as a `StrEnum` (same words): name → class. A
    /// result or record field of one is typed `<Name> | _enums.<Class>`, so a caller building
    /// a record may put the enum's member where the core gives back the plain word.
    enums: BTreeMap<&'a str, &'static str>,
    /// In `_api.py`, a type whose name `_api.py` binds itself is written `_types.<Name>`.
    qualify: bool,
}

impl<'a> Render<'a> {
    fn new(cat: &'a Catalog, qualify: bool) -> Self {
        let kinds = cat
            .types
            .iter()
            .map(|t| (t.name.as_str(), &t.kind))
            .collect();
        let vocabularies = python_enums();
        let enums = cat
            .types
            .iter()
            .filter_map(|t| match &t.kind {
                Kind::Words(words) => vocabularies
                    .iter()
                    .find(|(_, listed)| listed == words)
                    .map(|(class, _)| (t.name.as_str(), *class)),
                _ => None,
            })
            .collect();
        Render {
            kinds,
            enums,
            qualify,
        }
    }

    fn named(&self, name: &str) -> String {
        assert!(
            self.kinds.contains_key(name),
            "meta.catalog names type {name} that its types table does not define"
        );
        if self.qualify && API_NAMES.contains(&name) {
            format!("_types.{name}")
        } else {
            name.to_string()
        }
    }

    /// The Python annotation of `ty` at `place`; `runtime` writes a union as `Union[…]` (an
    /// alias is evaluated when `_types.py` is imported).
    fn py(&self, ty: &Ty, place: Place, runtime: bool) -> String {
        let inner = if place == Place::Output {
            Place::Output
        } else {
            Place::Input
        };
        match ty {
            Ty::Str => "str".into(),
            Ty::Int => "int".into(),
            Ty::Float => "float".into(),
            Ty::Bool => "bool".into(),
            Ty::Any => "Any".into(),
            Ty::Null => "None".into(),
            Ty::Time if place == Place::Param => "Time".into(),
            Ty::Path if place == Place::Param => "StrPath".into(),
            Ty::Time | Ty::Path => "str".into(),
            Ty::Lit(word) => format!("Literal[{}]", py_str(word)),
            Ty::List(item) if place == Place::Param && **item == Ty::Path => {
                "Sequence[StrPath]".into()
            }
            Ty::List(item) if place == Place::Output => {
                format!("list[{}]", self.py(item, inner, runtime))
            }
            Ty::List(item) => format!("Sequence[{}]", self.py(item, inner, runtime)),
            Ty::Map(value) if place == Place::Output => {
                format!("dict[str, {}]", self.py(value, inner, runtime))
            }
            Ty::Map(value) => format!("Mapping[str, {}]", self.py(value, inner, runtime)),
            Ty::Named(name) => {
                let written = self.named(name);
                match (place, self.kinds[name.as_str()]) {
                    (Place::Output, Kind::Words(_)) => match self.enums.get(name.as_str()) {
                        Some(class) => format!("{written} | _enums.{class}"),
                        None => written,
                    },
                    (Place::Output, _) | (_, Kind::Alias(_)) => written,
                    (_, Kind::Record(_) | Kind::Union(_)) => {
                        format!("{written} | Mapping[str, Any]")
                    }
                    (_, Kind::Words(_)) => format!("{written} | str"),
                }
            }
            Ty::Union(alts) => {
                let mut parts: Vec<String> = Vec::new();
                let mut words: Vec<String> = Vec::new();
                let mut words_at = None;
                for alt in alts {
                    if let Ty::Lit(w) = alt {
                        words_at.get_or_insert(parts.len());
                        words.push(py_str(w));
                        continue;
                    }
                    for part in self.py(alt, place, runtime).split(" | ") {
                        if !parts.iter().any(|p| p == part) {
                            parts.push(part.to_string());
                        }
                    }
                }
                if let Some(at) = words_at {
                    parts.insert(at, format!("Literal[{}]", words.join(", ")));
                }
                if parts.len() == 1 {
                    parts.remove(0)
                } else if runtime {
                    format!("Union[{}]", parts.join(", "))
                } else {
                    parts.join(" | ")
                }
            }
        }
    }
}

/// The `StrEnum` classes of `fourx.enums` with their words (`enums.list`).
fn python_enums() -> Vec<(&'static str, Vec<String>)> {
    super::PYTHON_ENUMS
        .iter()
        .map(|(class, kind, _)| {
            let listed = fourx_core::ops::call("enums.list", &json!({ "kind": kind }))
                .unwrap_or_else(|e| panic!("enums.list {kind}: {e}"));
            (*class, strings(&listed["values"]))
        })
        .collect()
}

/// The Python expression the core receives for parameter `var` of type `ty` under `key`: paths
/// through `path_arg` (a `str` or `os.PathLike`, made absolute), everything else as given. A
/// `None` stays `None` where the key is nullable or `optional` (left out: the op's default).
/// `ty` without its `null` alternative (`T | null` -> `T`): the type of a value known present.
fn without_null(ty: &Ty) -> Ty {
    match ty {
        Ty::Union(alts) if alts.contains(&Ty::Null) => {
            let rest: Vec<Ty> = alts.iter().filter(|a| **a != Ty::Null).cloned().collect();
            if rest.len() == 1 {
                rest.into_iter().next().expect("one")
            } else {
                Ty::Union(rest)
            }
        }
        other => other.clone(),
    }
}

fn converted(ty: &Ty, var: &str, key: &str, optional: bool) -> String {
    let nullable = |t: &Ty| matches!(t, Ty::Union(a) if a.len() == 2 && a.contains(&Ty::Null));
    let base = match ty {
        Ty::Union(alts) if nullable(ty) => alts.iter().find(|a| **a != Ty::Null).expect("a type"),
        other => other,
    };
    let plain = match base {
        Ty::Path => format!("path_arg({var}, {})", py_str(key)),
        Ty::List(item) if **item == Ty::Path => {
            format!("[path_arg(p, {}) for p in {var}]", py_str(key))
        }
        _ => return var.to_string(),
    };
    if nullable(ty) || optional {
        format!("None if {var} is None else {plain}")
    } else {
        plain
    }
}

const TYPES_HEAD: &str = r#""""Every named type of the op catalog: records as ``TypedDict`` (an optional key is
``NotRequired``), tagged unions as ``Union`` aliases, closed word lists as ``Literal`` aliases.

Generated from ``meta.catalog`` by ``make docs`` (``core/tests/it/docs/python_gen.rs``); do not
edit by hand.
"""

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, Union

from . import enums as _enums
"#;

/// The names `ty` mentions.
fn mentions(ty: &Ty, out: &mut BTreeSet<String>) {
    match ty {
        Ty::Named(n) => {
            out.insert(n.clone());
        }
        Ty::List(t) | Ty::Map(t) => mentions(t, out),
        Ty::Union(alts) => alts.iter().for_each(|a| mentions(a, out)),
        _ => {}
    }
}

/// The order `_types.py` defines the types in: the word lists, then every other type after the
/// types it names (a depth-first walk in catalog order; a name met again inside its own walk — a
/// recursive type — is written as text where it is used).
fn definition_order(cat: &Catalog) -> Vec<&TypeDef> {
    fn visit<'c>(
        t: &'c TypeDef,
        by_name: &BTreeMap<&str, &'c TypeDef>,
        seen: &mut BTreeSet<&'c str>,
        out: &mut Vec<&'c TypeDef>,
    ) {
        if !seen.insert(t.name.as_str()) {
            return;
        }
        let mut named = BTreeSet::new();
        match &t.kind {
            Kind::Record(fields) => fields.iter().for_each(|f| mentions(&f.ty, &mut named)),
            Kind::Union(variants) => named.extend(variants.iter().cloned()),
            Kind::Alias(ty) => mentions(ty, &mut named),
            Kind::Words(_) => {}
        }
        for name in &named {
            if let Some(dep) = by_name.get(name.as_str()) {
                visit(dep, by_name, seen, out);
            }
        }
        out.push(t);
    }
    let by_name: BTreeMap<&str, &TypeDef> =
        cat.types.iter().map(|t| (t.name.as_str(), t)).collect();
    let mut seen = BTreeSet::new();
    let mut out: Vec<&TypeDef> = cat
        .types
        .iter()
        .filter(|t| matches!(t.kind, Kind::Words(_)))
        .collect();
    seen.extend(out.iter().map(|t| t.name.as_str()));
    for t in &cat.types {
        visit(t, &by_name, &mut seen, &mut out);
    }
    out
}

/// `python/fourx/_types.py`: every type after the types it names, so that the annotations are
/// evaluated at import (no `from __future__ import annotations`: Python 3.11 then reads
/// `NotRequired` into `__required_keys__`); a type not yet defined (a recursive one) is named
/// as text.
fn render_types_py(cat: &Catalog) -> String {
    let render = Render::new(cat, false);
    let mut out = String::from(TYPES_HEAD);
    for t in &cat.types {
        assert!(
            !TYPES_NAMES.contains(&t.name.as_str()),
            "a catalog type may not be named {}",
            t.name
        );
    }
    out.push_str("\n__all__ = [\n");
    for t in &cat.types {
        let _ = writeln!(out, "    {},", py_str(&t.name));
    }
    out.push_str("]\n");
    let mut defined: BTreeSet<&str> = BTreeSet::new();
    // `ty` as Python, or as text when it names a type defined further down.
    let written = |ty: &Ty, defined: &BTreeSet<&str>| {
        let mut named = BTreeSet::new();
        mentions(ty, &mut named);
        let text = render.py(ty, Place::Output, false);
        if named.iter().all(|n| defined.contains(n.as_str())) {
            text
        } else {
            py_str(&text)
        }
    };
    for t in definition_order(cat) {
        match &t.kind {
            Kind::Words(words) => {
                out.push('\n');
                out.push_str(&wrap(&doc_text(&t.doc), "#: ", 100));
                let _ = writeln!(out, "{}: TypeAlias = Literal[", t.name);
                for w in words {
                    let _ = writeln!(out, "    {},", py_str(w));
                }
                out.push_str("]\n");
            }
            Kind::Record(fields) => {
                let annotation = |f: &Field| {
                    let ty = written(&f.ty, &defined);
                    if f.optional {
                        format!("NotRequired[{ty}]")
                    } else {
                        ty
                    }
                };
                let doc = doc_text(&t.doc);
                let attributes = fields
                    .iter()
                    .all(|f| is_identifier(&f.name) && !PY_KEYWORDS.contains(&f.name.as_str()));
                if attributes {
                    let _ = writeln!(out, "\n\nclass {}(TypedDict):", t.name);
                    let _ = write!(out, "    \"\"\"{}", wrap(&doc, "    ", 97).trim_start());
                    out.truncate(out.trim_end().len());
                    out.push_str("\"\"\"\n");
                    if !fields.is_empty() {
                        out.push('\n');
                    }
                    for f in fields {
                        let _ = writeln!(out, "    {}: {}", f.name, annotation(f));
                    }
                } else {
                    // A key Python cannot spell as an attribute (`from`): the functional syntax.
                    let _ = writeln!(
                        out,
                        "\n\n{} = TypedDict(\n    {},\n    {{",
                        t.name,
                        py_str(&t.name)
                    );
                    for f in fields {
                        let _ = writeln!(out, "        {}: {},", py_str(&f.name), annotation(f));
                    }
                    let _ = writeln!(
                        out,
                        "    }},\n)\n{}.__doc__ = {}",
                        t.name,
                        py_str(&rst(&t.doc))
                    );
                }
            }
            Kind::Union(variants) => {
                out.push_str("\n\n");
                out.push_str(&wrap(&doc_text(&t.doc), "#: ", 100));
                let _ = writeln!(out, "{}: TypeAlias = Union[", t.name);
                for v in variants {
                    let _ = writeln!(out, "    {},", written(&Ty::Named(v.clone()), &defined));
                }
                out.push_str("]\n");
            }
            Kind::Alias(ty) => {
                out.push_str("\n\n");
                out.push_str(&wrap(&doc_text(&t.doc), "#: ", 100));
                let mut named = BTreeSet::new();
                mentions(ty, &mut named);
                let rhs = if named.iter().all(|n| defined.contains(n.as_str())) {
                    render.py(ty, Place::Output, true)
                } else {
                    py_str(&render.py(ty, Place::Output, false))
                };
                let _ = writeln!(out, "{}: TypeAlias = {rhs}", t.name);
            }
        }
        defined.insert(&t.name);
    }
    out
}

const API_HEAD: &str = r#""""One typed function per op of the catalog, named ``<area>_<verb>`` (``conductor.apply`` ->
:func:`conductor_apply`).

Required keys are positional, in the catalog's order; optional keys are keyword-only and
``None`` means absent (the op applies its default, named in the docstring). Path keys take a
``str`` or ``os.PathLike[str]`` (made absolute), time keys an aware ``datetime`` or RFC 3339 text,
record keys the ``TypedDict`` of :mod:`fourx._types` or any mapping. The public modules import
these; ``HAND_WRITTEN`` names the public wrappers written by hand and the behaviour each adds.

Generated from ``meta.catalog`` by ``make docs`` (``core/tests/it/docs/python_gen.rs``); do not
edit by hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from . import _types
from . import enums as _enums
from ._ops import StrPath, Time, call_op, path_arg
"#;

/// The Python function name of an op: `conductor.apply` → `conductor_apply`.
pub(super) fn function_name(op: &str) -> String {
    op.replace('.', "_")
}

/// `python/fourx/_api.py`: one function per op (see [`API_HEAD`]) and the `HAND_WRITTEN` table.
pub(super) fn render_api_py(cat: &Catalog) -> String {
    let render = Render::new(cat, true);
    let mut out = String::from(API_HEAD);
    let mut used = BTreeSet::new();
    for op in &cat.ops {
        op.params.iter().for_each(|p| mentions(&p.ty, &mut used));
        mentions(&op.result, &mut used);
    }
    let imported: Vec<&String> = used
        .iter()
        .filter(|n| !API_NAMES.contains(&n.as_str()))
        .collect();
    if !imported.is_empty() {
        out.push_str("from ._types import (\n");
        for name in imported {
            let _ = writeln!(out, "    {name},");
        }
        out.push_str(")\n");
    }
    out.push_str("\n__all__ = [\n    \"HAND_WRITTEN\",\n");
    for op in &cat.ops {
        let _ = writeln!(out, "    {},", py_str(&function_name(&op.name)));
    }
    out.push_str("]\n\n");
    out.push_str(
        "#: The public wrappers written by hand (each adds behaviour a generated function does not\n\
         #: have): Python name -> (op, the behaviour). Every other op's public function is its\n\
         #: generated one.\n",
    );
    out.push_str("HAND_WRITTEN: dict[str, tuple[str, str]] = {\n");
    for (name, op, why) in HAND_WRITTEN {
        let _ = writeln!(
            out,
            "    {}: ({}, {}),",
            py_str(name),
            py_str(op),
            py_str(why)
        );
    }
    out.push_str("}\n");
    for op in &cat.ops {
        out.push_str(&render_function(&render, op));
    }
    out
}

fn render_function(render: &Render<'_>, op: &Op) -> String {
    let mut out = String::new();
    let fname = function_name(&op.name);
    let _ = write!(out, "\n\ndef {fname}(");
    let required: Vec<&Field> = op.params.iter().filter(|p| !p.optional).collect();
    let optional: Vec<&Field> = op.params.iter().filter(|p| p.optional).collect();
    let mut lines = Vec::new();
    for p in &required {
        lines.push(format!(
            "{}: {}",
            py_name(&p.name),
            render.py(&p.ty, Place::Param, false)
        ));
    }
    if !optional.is_empty() {
        lines.push("*".to_string());
    }
    for p in &optional {
        let ty = render.py(&p.ty, Place::Param, false);
        let ty = if ty == "Any" || ty.split(" | ").any(|part| part == "None") {
            ty
        } else {
            format!("{ty} | None")
        };
        lines.push(format!("{}: {ty} = None", py_name(&p.name)));
    }
    for p in &op.params {
        let name = py_name(&p.name);
        assert!(
            is_identifier(&name)
                && !["call_op", "path_arg", "_in", "_out"].contains(&name.as_str()),
            "{}: the key {} cannot be a Python parameter",
            op.name,
            p.name
        );
    }
    let result = render.py(&op.result, Place::Output, false);
    if lines.is_empty() {
        let _ = writeln!(out, ") -> {result}:");
    } else {
        out.push('\n');
        for line in &lines {
            let _ = writeln!(out, "    {line},");
        }
        let _ = writeln!(out, ") -> {result}:");
    }
    // The docstring: the op's doc, the defaults of its optional keys, the errors it raises.
    let said = format!("{} (``{}``).", op.doc.trim_end_matches('.'), op.name);
    // 97: the first line also carries the opening quotes.
    let mut doc = wrap(&doc_text(&said), "    ", 97);
    let defaults: Vec<String> = optional
        .iter()
        .filter_map(|p| {
            let said = match (&p.default, &p.default_means) {
                (Some(v), _) => format!("``{}``", py_value(v)),
                (None, Some(words)) => words.clone(),
                (None, None) => return None,
            };
            Some(format!("{}: {said}", py_name(&p.name)))
        })
        .collect();
    if !defaults.is_empty() {
        doc.push_str("\n    Defaults (a keyword left ``None`` is absent):\n");
        for d in defaults {
            doc.push_str(&wrap(&doc_text(&d), "        ", 100));
        }
    }
    if !op.errors.is_empty() {
        let classes: Vec<String> = op
            .errors
            .iter()
            .map(|k| format!(":class:`fourx.{}`", class_name(k)))
            .collect();
        doc.push_str("\n    Raises:\n");
        doc.push_str(&wrap(&classes.join(", "), "        ", 100));
    }
    let _ = write!(out, "    \"\"\"{}", doc.trim_start());
    let _ = writeln!(out, "    \"\"\"");
    // The body: the required keys as a dict, each optional one added when it is not `None`
    // (`None` = absent), then one call (no keyword dict, no second copy of the input).
    let items: Vec<String> = required
        .iter()
        .map(|p| {
            format!(
                "{}: {}",
                py_str(&p.name),
                converted(&p.ty, &py_name(&p.name), &p.name, false)
            )
        })
        .collect();
    let one_line = format!("    _in: dict[str, Any] = {{{}}}", items.join(", "));
    if one_line.len() <= 100 {
        let _ = writeln!(out, "{one_line}");
    } else {
        out.push_str("    _in: dict[str, Any] = {\n");
        for item in &items {
            let _ = writeln!(out, "        {item},");
        }
        out.push_str("    }\n");
    }
    for p in &optional {
        let name = py_name(&p.name);
        let _ = writeln!(
            out,
            "    if {name} is not None:\n        _in[{}] = {}",
            py_str(&p.name),
            converted(&without_null(&p.ty), &name, &p.name, false)
        );
    }
    let _ = writeln!(
        out,
        "    _out: {result} = call_op({}, _in)",
        py_str(&op.name)
    );
    out.push_str("    return _out\n");
    out
}

#[test]
fn python_types_py_matches_the_catalog() {
    bless_or_check(
        "python/fourx/_types.py",
        &render_types_py(&catalog()),
        "meta.catalog's types",
    );
}

#[test]
fn python_api_py_matches_the_catalog() {
    bless_or_check(
        "python/fourx/_api.py",
        &render_api_py(&catalog()),
        "meta.catalog's ops",
    );
}

/// Every op gets a function of its own name: no two ops map to one Python name, and no name is
/// one of the module's own.
#[test]
fn every_op_has_a_distinct_python_function_name() {
    let mut seen = BTreeSet::new();
    for op in fourx_core::ops::catalog() {
        let name = function_name(op.name);
        assert!(is_identifier(&name) && !PY_KEYWORDS.contains(&name.as_str()));
        assert!(!API_NAMES.contains(&name.as_str()), "{name}");
        assert!(seen.insert(name.clone()), "two ops map to {name}");
    }
}

/// Every row of [`HAND_WRITTEN`] names an op of the catalog, once, and says why.
#[test]
fn every_hand_written_wrapper_names_an_op_and_its_behaviour() {
    let mut seen = BTreeSet::new();
    for (name, op, why) in HAND_WRITTEN {
        assert!(
            fourx_core::ops::find(op).is_some(),
            "{name}: {op} is not an op"
        );
        assert!(name.starts_with("fourx."), "{name}: give the public name");
        assert!(!why.trim().is_empty(), "{name}: say what it adds");
        assert!(seen.insert(*name), "{name} is listed twice");
    }
}

#[test]
fn the_type_language_parses_every_form() {
    assert_eq!(parse_type("str"), Ty::Str);
    assert_eq!(
        parse_type("[Phase]"),
        Ty::List(Box::new(Ty::Named("Phase".into())))
    );
    assert_eq!(
        parse_type("{[str]} | null"),
        Ty::Union(vec![
            Ty::Map(Box::new(Ty::List(Box::new(Ty::Str)))),
            Ty::Null
        ])
    );
    assert_eq!(
        parse_type("\"a | b\" | int"),
        Ty::Union(vec![Ty::Lit("a | b".into()), Ty::Int])
    );
    assert_eq!(
        parse_type("[str | int]"),
        Ty::List(Box::new(Ty::Union(vec![Ty::Str, Ty::Int])))
    );
}

#[test]
fn python_annotations_follow_the_place_of_a_type() {
    let cat = Catalog {
        ops: Vec::new(),
        types: vec![
            TypeDef {
                name: "Step".into(),
                doc: String::new(),
                kind: Kind::Record(Vec::new()),
            },
            TypeDef {
                name: "Phase".into(),
                doc: String::new(),
                kind: Kind::Words(vec!["init".into()]),
            },
        ],
    };
    let r = Render::new(&cat, false);
    let t = |s: &str, p: Place| r.py(&parse_type(s), p, false);
    assert_eq!(t("path", Place::Param), "StrPath");
    assert_eq!(t("path", Place::Output), "str");
    assert_eq!(t("[path]", Place::Param), "Sequence[StrPath]");
    assert_eq!(t("{[path]}", Place::Param), "Mapping[str, Sequence[str]]");
    assert_eq!(t("time | null", Place::Param), "Time | None");
    assert_eq!(t("Step", Place::Param), "Step | Mapping[str, Any]");
    assert_eq!(t("[Step]", Place::Output), "list[Step]");
    assert_eq!(t("Phase", Place::Param), "Phase | str");
    assert_eq!(
        t("\"a\" | \"b\" | null", Place::Output),
        "Literal[\"a\", \"b\"] | None"
    );
    assert_eq!(
        r.py(&parse_type("Step | null"), Place::Output, true),
        "Union[Step, None]"
    );
    assert_eq!(
        converted(&parse_type("path"), "root", "root", true),
        "None if root is None else path_arg(root, \"root\")"
    );
    assert_eq!(
        converted(&parse_type("path | null"), "root", "root", false),
        "None if root is None else path_arg(root, \"root\")"
    );
    assert_eq!(
        converted(&parse_type("[path]"), "paths", "paths", false),
        "[path_arg(p, \"paths\") for p in paths]"
    );
    assert_eq!(converted(&parse_type("str"), "x", "x", true), "x");
}
