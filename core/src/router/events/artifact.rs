//! The workflow artifact (router.md, Appendix A): the 35-key skeleton with its
//! defaults, filled with the live fields, and the read-back gate (strict JSON, no placeholder
//! tokens, every skeleton key, matching ids, known type and state root). Writing the file is the
//! caller's.

use serde_json::{json, Map, Value};

use crate::error::{Error, ErrorKind, Result};

use crate::router::edition::Edition;
use crate::router::now::{parse_now, stamp};
use crate::router::parse::strict_json;
use crate::router::route::workflow_id::WorkflowId;
use crate::router::vocabulary::WorkflowType;

/// The skeleton's top-level keys in file order (Appendix A).
pub const SKELETON_KEYS: [&str; 35] = [
    "workflow_uuid",
    "workflow_id",
    "workflow_type",
    "state_root",
    "user_request",
    "plan_file",
    "design_file",
    "research_files",
    "approved_decisions",
    "plan_mode",
    "verification_rigor",
    "proof_status",
    "traceability",
    "intent",
    "normalized_phases",
    "phase_cursor",
    "capabilities",
    "research_rounds",
    "research_backend_history",
    "research_quality",
    "task_ids",
    "phase_status",
    "results",
    "evidence",
    "telemetry",
    "quality",
    "planning_review_runs",
    "planning_review_findings",
    "planning_review_status",
    "memory_notes",
    "pending_gate",
    "status_history",
    "remediation_history",
    "created_at",
    "updated_at",
];

/// The `12.7.0` skeleton's 40 top-level keys in file order (refs/workflow-artifact.skeleton.json
/// at f357380): the 35 plus `build_scope`, `worktree`, `execution_mode`,
/// `inline_fallback_reason` after `plan_mode` and `deferred_findings` after `phase_status` (F1).
pub const HEAD_SKELETON_KEYS: [&str; 40] = [
    "workflow_uuid",
    "workflow_id",
    "workflow_type",
    "state_root",
    "user_request",
    "plan_file",
    "design_file",
    "research_files",
    "approved_decisions",
    "plan_mode",
    "build_scope",
    "worktree",
    "execution_mode",
    "inline_fallback_reason",
    "verification_rigor",
    "proof_status",
    "traceability",
    "intent",
    "normalized_phases",
    "phase_cursor",
    "capabilities",
    "research_rounds",
    "research_backend_history",
    "research_quality",
    "task_ids",
    "phase_status",
    "deferred_findings",
    "results",
    "evidence",
    "telemetry",
    "quality",
    "planning_review_runs",
    "planning_review_findings",
    "planning_review_status",
    "memory_notes",
    "pending_gate",
    "status_history",
    "remediation_history",
    "created_at",
    "updated_at",
];

/// The `12.10.0` skeleton's 45 top-level keys (refs/workflow-artifact-and-hook-policy.md
/// "Artifact schema must include" at 12.10.0): the 40 in their `12.7.0` order plus
/// `source_wf`, `source_bug_candidate`, `qa` after `evidence` and `plan_revision`,
/// `last_reviewed_revision` after `planning_review_status` (F1, F3).
pub const QA_SKELETON_KEYS: [&str; 45] = [
    "workflow_uuid",
    "workflow_id",
    "workflow_type",
    "state_root",
    "user_request",
    "plan_file",
    "design_file",
    "research_files",
    "approved_decisions",
    "plan_mode",
    "build_scope",
    "worktree",
    "execution_mode",
    "inline_fallback_reason",
    "verification_rigor",
    "proof_status",
    "traceability",
    "intent",
    "normalized_phases",
    "phase_cursor",
    "capabilities",
    "research_rounds",
    "research_backend_history",
    "research_quality",
    "task_ids",
    "phase_status",
    "deferred_findings",
    "results",
    "evidence",
    "source_wf",
    "source_bug_candidate",
    "qa",
    "telemetry",
    "quality",
    "planning_review_runs",
    "planning_review_findings",
    "planning_review_status",
    "plan_revision",
    "last_reviewed_revision",
    "memory_notes",
    "pending_gate",
    "status_history",
    "remediation_history",
    "created_at",
    "updated_at",
];

/// The skeleton keys of an edition (F1).
pub fn skeleton_keys(edition: Edition) -> &'static [&'static str] {
    match edition.rules().skeleton_keys {
        45 => &QA_SKELETON_KEYS,
        40 => &HEAD_SKELETON_KEYS,
        _ => &SKELETON_KEYS,
    }
}

/// The `12.7.0`/`12.10.0` default of a key whose default changed (F1), else the `11.0.0`
/// default.
fn edition_default(edition: Edition, key: &str) -> Value {
    if edition.rules().skeleton_keys == 45 {
        match key {
            "plan_revision" | "last_reviewed_revision" => return json!(0),
            "evidence" => {
                return json!({"builder": [], "investigator": [], "reviewer": [], "hunter": [],
                "verifier": [], "planning_reviewer": [], "qa_executor": []})
            }
            _ => {}
        }
    }
    if edition.rules().skeleton_keys >= 40 {
        match key {
            "execution_mode" => return json!("subagent_dispatch"),
            "deferred_findings" => return json!([]),
            "task_ids" => {
                return json!({"builder": null, "investigator": null, "reviewer": null,
                "hunter": null, "verifier": null, "doc_syncer": null, "planner_create": null,
                "planning_review_pass1": null, "planner_replan": null,
                "planning_review_pass2": null, "memory_finalize": null})
            }
            "results" => {
                return json!({"git_preflight": null, "baseline": null, "git_base_sha": null,
                "target_repo": null, "builder": null, "investigator": null, "reviewer": null,
                "hunter": null, "verifier": null, "planner": null, "planning_reviewer": null,
                "doc_syncer": null, "finishing": null, "final_branch_review": null,
                "research": {"web": null, "github": null, "synthesis": null}})
            }
            _ => {}
        }
    }
    default_value(key)
}

/// The state root every artifact names.
pub const STATE_ROOT: &str = ".cc10x";

/// The default of a skeleton key that is not a live field (Appendix A).
fn default_value(key: &str) -> Value {
    match key {
        "state_root" => json!(STATE_ROOT),
        "research_files"
        | "approved_decisions"
        | "normalized_phases"
        | "research_rounds"
        | "research_backend_history"
        | "planning_review_findings"
        | "memory_notes"
        | "remediation_history" => json!([]),
        "verification_rigor" => json!("standard"),
        "proof_status" => json!("gaps_found"),
        "traceability" => {
            json!({"requirements": [], "phases": [], "verification": [], "remediation": []})
        }
        "intent" => json!({"goal": null, "non_goals": [], "constraints": [],
            "acceptance_criteria": [], "open_decisions": []}),
        "capabilities" => json!({"brightdata_available": "unknown",
            "octocode_available": "unknown", "websearch_available": "unknown",
            "webfetch_available": "unknown"}),
        "research_quality" => json!({"web": "none", "github": "none", "overall": "none"}),
        "task_ids" => json!({"planner_create": null, "planning_review_pass1": null,
            "planner_replan": null, "planning_review_pass2": null, "memory_finalize": null}),
        "phase_status" => json!({}),
        "results" => json!({"builder": null, "investigator": null, "reviewer": null,
            "hunter": null, "verifier": null, "planner": null, "planning_reviewer": null,
            "research": {"web": null, "github": null, "synthesis": null}}),
        "evidence" => json!({"builder": [], "investigator": [], "reviewer": [], "hunter": [],
            "verifier": [], "planning_reviewer": []}),
        "telemetry" => json!({"task_metrics_available": "unknown",
            "workflow_wall_clock_seconds": 0,
            "agent_wall_clock_seconds": {"builder": 0, "investigator": 0, "reviewer": 0,
                "hunter": 0, "verifier": 0, "planner": 0},
            "loop_counts": {"re_review": 0, "re_hunt": 0, "re_verify": 0},
            "verifier": {"phase_exit_proof_runs": 0, "extended_audit_runs": 0,
                "workload_seconds": {"tests": 0, "build": 0, "scan": 0, "reconcile": 0,
                    "reasoning": 0}}}),
        "quality" => json!({"confidence": null, "evidence_complete": false,
            "scenario_coverage": 0, "research_quality": "none", "convergence_state": "pending"}),
        "planning_review_runs" => json!(0),
        "planning_review_status" => json!("not_started"),
        _ => Value::Null,
    }
}

/// A new artifact: the edition's skeleton with the live fields filled in.
/// The edition decides which workflow types get one and the phase of `status_history[0]` (F2).
///
/// ```
/// use fourx_core::router::{artifact, edition::Edition, WorkflowId, WorkflowType};
///
/// let id = WorkflowId::new("2026-03-12T16:27:00Z", "a1b2c3d4").unwrap();
/// let a = artifact::new_artifact(Edition::V12_7, &id, WorkflowType::Triage, "triage #9",
///                                "2026-03-12T16:27:00Z").unwrap();
/// assert_eq!(a.as_object().unwrap().len(), 40);
/// ```
pub fn new_artifact(
    edition: Edition,
    id: &WorkflowId,
    workflow_type: WorkflowType,
    user_request: &str,
    now: &str,
) -> Result<Value> {
    let Some((_, phase)) = edition
        .rules()
        .new_artifact_types
        .iter()
        .find(|(w, _)| *w == workflow_type)
    else {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            format!("{workflow_type} never gets a {edition} workflow artifact"),
        )
        .with_field("workflow_type"));
    };
    let ts = stamp(&parse_now(now, "now")?);
    let mut out = Map::new();
    for key in skeleton_keys(edition) {
        let v = match *key {
            "workflow_uuid" | "workflow_id" => json!(id.as_str()),
            "workflow_type" => json!(workflow_type.as_str()),
            "user_request" => json!(user_request),
            "status_history" => {
                json!([{"event": "workflow_started", "ts": ts, "phase": phase}])
            }
            "created_at" | "updated_at" => json!(ts),
            other => edition_default(edition, other),
        };
        out.insert(key.to_string(), v);
    }
    Ok(Value::Object(out))
}

/// The first `__[A-Z][A-Z0-9_]*__` token in `s` (linear scan).
pub(crate) fn placeholder(s: &str) -> Option<&str> {
    let b = s.as_bytes();
    let class = |c: u8| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_';
    let mut i = 0;
    while i + 2 < b.len() {
        if b[i] == b'_' && b[i + 1] == b'_' && b[i + 2].is_ascii_uppercase() {
            let mut end = i + 3;
            while end < b.len() && class(b[end]) {
                end += 1;
            }
            // The greedy class run ends at `end`; the token ends at its last `__` after i+2.
            let run = &b[i + 3..end];
            if let Some(p) = run.windows(2).rposition(|w| w == b"__") {
                return s.get(i..i + 3 + p + 2);
            }
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
    None
}

/// The first placeholder in any key or string value, depth-first in document order. Values come
/// from the strict JSON parser, whose recursion limit bounds the depth.
fn find_placeholder(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => placeholder(s).map(str::to_string),
        Value::Array(items) => items.iter().find_map(find_placeholder),
        Value::Object(map) => map.iter().find_map(|(k, v)| {
            placeholder(k)
                .map(str::to_string)
                .or_else(|| find_placeholder(v))
        }),
        _ => None,
    }
}

/// What the read-back gate confirms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedArtifact {
    /// The artifact's id.
    pub workflow_uuid: String,
    /// Its workflow type (one of the edition's artifact types; `12.7.0` also has `pending`).
    pub workflow_type: String,
    /// The parsed artifact.
    pub artifact: Map<String, Value>,
}

/// The read-back gate with the edition's key set and types (F1, F2).
pub fn check_artifact(edition: Edition, text: &str, expected: &str) -> Result<CheckedArtifact> {
    let v = strict_json::parse(text).map_err(|e| {
        Error::new(
            ErrorKind::MalformedArtifact,
            format!("artifact is not strict JSON: {e}"),
        )
    })?;
    let Value::Object(map) = v else {
        return Err(Error::new(
            ErrorKind::MalformedArtifact,
            "artifact is not a JSON object",
        ));
    };
    if let Some(token) = map.iter().find_map(|(k, v)| {
        placeholder(k)
            .map(str::to_string)
            .or_else(|| find_placeholder(v))
    }) {
        return Err(Error::new(
            ErrorKind::PlaceholderLeft,
            format!("artifact still contains the placeholder {token}"),
        ));
    }
    let optional = edition.rules().legacy_optional_keys;
    let absent: Vec<&str> = skeleton_keys(edition)
        .iter()
        .copied()
        .filter(|k| !map.contains_key(*k) && !optional.contains(k))
        .collect();
    if !absent.is_empty() {
        let message = match absent.as_slice() {
            [key] => format!("artifact has no `{key}` key"),
            keys => format!(
                "artifact lacks {} skeleton keys: `{}`",
                keys.len(),
                keys.join("`, `")
            ),
        };
        return Err(Error::new(ErrorKind::MissingField, message).with_fields(absent));
    }
    let uuid = map.get("workflow_uuid").and_then(Value::as_str);
    if uuid != Some(expected) {
        return Err(Error::new(
            ErrorKind::UuidMismatch,
            format!("artifact workflow_uuid is not the expected {expected}"),
        )
        .with_field("workflow_uuid"));
    }
    if map.get("workflow_id").and_then(Value::as_str) != uuid {
        return Err(Error::new(
            ErrorKind::UuidMismatch,
            "artifact workflow_id differs from workflow_uuid",
        )
        .with_field("workflow_id"));
    }
    let types = edition.rules().artifact_types;
    let wt = map
        .get("workflow_type")
        .and_then(Value::as_str)
        .filter(|s| types.contains(s))
        .ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidValue,
                format!("artifact workflow_type must be one of {}", types.join(", ")),
            )
            .with_field("workflow_type")
        })?
        .to_string();
    if map.get("state_root").and_then(Value::as_str) != Some(STATE_ROOT) {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            format!("artifact state_root must be {STATE_ROOT:?}"),
        )
        .with_field("state_root"));
    }
    if edition.rules().revision_pair {
        check_revision_pair(&map)?;
    }
    Ok(CheckedArtifact {
        workflow_uuid: expected.to_string(),
        workflow_type: wt,
        artifact: map,
    })
}

/// Row F3 (`12.10.0`, refs/workflow-artifact-and-hook-policy.md): `plan_revision` and
/// `last_reviewed_revision` are non-negative integers when present, and
/// `planning_review_status: "passed"` needs them equal (a plan changed after its last review pass
/// is `revised_after_review`). An artifact that lacks either key is legacy and passes.
fn check_revision_pair(map: &Map<String, Value>) -> Result<()> {
    let rev = |k: &str| -> Result<Option<u64>> {
        match map.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(v) => v.as_u64().map(Some).ok_or_else(|| {
                Error::new(
                    ErrorKind::InvalidValue,
                    format!("artifact {k} must be a non-negative integer"),
                )
                .with_field(k)
            }),
        }
    };
    let (plan, reviewed) = (rev("plan_revision")?, rev("last_reviewed_revision")?);
    let passed = map.get("planning_review_status").and_then(Value::as_str) == Some("passed");
    if let (true, Some(p), Some(r)) = (passed, plan, reviewed) {
        if p != r {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                format!(
                    "planning_review_status is passed but plan_revision {p} differs from \
                     last_reviewed_revision {r} (the honest status is revised_after_review)"
                ),
            )
            .with_field("planning_review_status"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skeleton_has_35_unique_keys_with_appendix_a_defaults() {
        let mut keys = SKELETON_KEYS.to_vec();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), 35);
        assert_eq!(default_value("state_root"), json!(".cc10x"));
        assert_eq!(
            default_value("planning_review_status"),
            json!("not_started")
        );
        assert_eq!(
            default_value("quality")["convergence_state"],
            json!("pending")
        );
        assert_eq!(default_value("plan_file"), Value::Null);
    }

    #[test]
    fn new_artifact_passes_its_own_read_back_gate() {
        let id: WorkflowId = "wf-20260312T162700Z-a1b2c3d4".parse().unwrap();
        for e in Edition::ALL {
            let a =
                new_artifact(*e, &id, WorkflowType::Debug, "x", "2026-03-12T16:27:00Z").unwrap();
            let keys: Vec<_> = a.as_object().unwrap().keys().cloned().collect();
            assert_eq!(keys, skeleton_keys(*e));
            let c = check_artifact(*e, &a.to_string(), id.as_str()).unwrap();
            assert_eq!(c.workflow_type, "DEBUG");
        }
    }

    #[test]
    fn head_skeleton_is_the_35_keys_plus_the_five_of_row_f1_in_place() {
        let extra: Vec<_> = HEAD_SKELETON_KEYS
            .iter()
            .filter(|k| !SKELETON_KEYS.contains(k))
            .copied()
            .collect();
        assert_eq!(
            extra,
            [
                "build_scope",
                "worktree",
                "execution_mode",
                "inline_fallback_reason",
                "deferred_findings"
            ]
        );
        let kept: Vec<_> = HEAD_SKELETON_KEYS
            .iter()
            .filter(|k| SKELETON_KEYS.contains(k))
            .copied()
            .collect();
        assert_eq!(kept, SKELETON_KEYS);
    }

    #[test]
    fn an_11_artifact_fails_the_12_7_gate_on_its_first_missing_key() {
        let id: WorkflowId = "wf-20260312T162700Z-a1b2c3d4".parse().unwrap();
        let a = new_artifact(
            Edition::V11,
            &id,
            WorkflowType::Build,
            "x",
            "2026-03-12T16:27:00Z",
        )
        .unwrap();
        let e = check_artifact(Edition::V12_7, &a.to_string(), id.as_str()).unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (ErrorKind::MissingField, Some("build_scope"))
        );
        // Every key the 12.7.0 skeleton adds is named at once, in skeleton order.
        let added: Vec<&str> = HEAD_SKELETON_KEYS
            .iter()
            .filter(|k| !SKELETON_KEYS.contains(k))
            .copied()
            .collect();
        assert_eq!(e.fields(), added);
    }

    #[test]
    fn placeholders_are_found_in_keys_and_values() {
        assert_eq!(
            placeholder("x __WORKFLOW_UUID__ y"),
            Some("__WORKFLOW_UUID__")
        );
        assert_eq!(placeholder("___A__"), Some("__A__"));
        assert_eq!(placeholder("__a__ __1__ ____"), None);
        assert_eq!(placeholder("__A_"), None);
        let v = json!({"a": [{"__KEY__": 1}]});
        assert_eq!(find_placeholder(&v).as_deref(), Some("__KEY__"));
    }

    #[test]
    fn at_12_10_a_passed_review_needs_the_revision_pair_equal() {
        let id = WorkflowId::new("2026-10-07T12:00:00Z", "c0ffee01").unwrap();
        let e = Edition::V12_10;
        let a = new_artifact(e, &id, WorkflowType::Qa, "qa", "2026-10-07T12:00:00Z").unwrap();
        assert_eq!(a.as_object().unwrap().len(), 45);
        let check = |v: &Value| check_artifact(e, &v.to_string(), id.as_str());
        let mut ok = a.clone();
        ok["planning_review_status"] = json!("passed");
        ok["plan_revision"] = json!(2);
        ok["last_reviewed_revision"] = json!(2);
        assert!(check(&ok).is_ok());
        let mut stale = ok.clone();
        stale["plan_revision"] = json!(3);
        assert_eq!(check(&stale).unwrap_err().kind, ErrorKind::InvalidValue);
        let mut revised = stale.clone();
        revised["planning_review_status"] = json!("revised_after_review");
        assert!(check(&revised).is_ok());
        let mut bad = ok.clone();
        bad["plan_revision"] = json!("2");
        assert_eq!(check(&bad).unwrap_err().kind, ErrorKind::InvalidValue);
        // The five new keys may be absent (legacy), the 40 older ones may not.
        let mut legacy = a.clone();
        for k in [
            "source_wf",
            "source_bug_candidate",
            "qa",
            "plan_revision",
            "last_reviewed_revision",
        ] {
            legacy.as_object_mut().unwrap().remove(k);
        }
        assert!(check(&legacy).is_ok());
        legacy.as_object_mut().unwrap().remove("deferred_findings");
        assert_eq!(check(&legacy).unwrap_err().kind, ErrorKind::MissingField);
        // 12.7.0 does not know QA.
        assert!(new_artifact(
            Edition::V12_7,
            &id,
            WorkflowType::Qa,
            "qa",
            "2026-10-07T12:00:00Z"
        )
        .is_err());
    }
}
