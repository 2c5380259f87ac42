//! The plan-trust gate before BUILD (repo `build-workflow.md` BUILD preparation step 3) and the
//! seed's trust rule "no BUILD while the plan has unresolved Open Decisions, JUST_GO or not",
//! decided from the workflow artifact's fields and the planner's contract. Judging whether an
//! approved decision contradicts a constraint stays with the host (it passes what it found).

use serde::Serialize;
use serde_json::{Map, Value};

/// A plan-trust condition, in the repo's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TrustCondition {
    /// Every Open Decision is empty or explicitly approved (checked with or without a plan).
    OpenDecisionsResolved,
    /// The planner's `DIFFERENCES_FROM_AGREEMENT` is present, even if empty.
    DifferencesPresent,
    /// `plan_mode` is one of `direct | execution_plan | decision_rfc`.
    PlanModeExplicit,
    /// `verification_rigor` is one of `standard | critical_path`.
    VerificationRigorExplicit,
    /// An `execution_plan`/`decision_rfc` has phases, each with non-empty `exit_criteria`, and
    /// non-empty `intent.acceptance_criteria`.
    PhasesComplete,
    /// No approved decision contradicts an `intent.constraints` entry (host's finding).
    ConstraintsConsistent,
}

/// What the host does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TrustAction {
    /// Every condition holds: BUILD may start.
    StartBuild,
    /// Ask for clarification, persist `pending_gate`, do not start BUILD.
    AskClarification,
    /// NOGO: show the contradiction and ask the user to resolve it before BUILD.
    NogoContradiction,
}

/// The gate's answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlanTrust {
    /// Every condition holds.
    pub passed: bool,
    /// A plan artifact exists (`plan_file` set); without one only the Open Decisions and
    /// contradiction conditions apply.
    pub plan: bool,
    /// Failed conditions, in order.
    pub failed: Vec<TrustCondition>,
    /// The host's next step.
    pub action: TrustAction,
    /// `clarification` whenever a condition failed (the workflow waits on the user).
    pub pending_gate: Option<&'static str>,
    /// The Open Decisions not approved, as given.
    pub unresolved_decisions: Vec<Value>,
    /// `phase_id`s (or positions) of normalized phases without exit criteria.
    pub phases_without_exit_criteria: Vec<String>,
}

/// The plan modes and rigors of the router-owned interface fields.
const PLAN_MODES: &[&str] = &["direct", "execution_plan", "decision_rfc"];
const RIGORS: &[&str] = &["standard", "critical_path"];

/// The text a decision is known by: the string itself, or an object's first string of
/// `id`, `decision`, `question`, `text`, `title`.
fn decision_text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.trim().to_string()),
        Value::Object(o) => ["id", "decision", "question", "text", "title"]
            .iter()
            .find_map(|k| o.get(*k).and_then(Value::as_str))
            .map(|s| s.trim().to_string()),
        _ => None,
    }
}

/// An Open Decision is resolved when it is marked approved (`approved: true` or `status:
/// "approved"`) or an entry of `approved_decisions` names the same text.
fn approved(v: &Value, approved_decisions: &[Value]) -> bool {
    if let Value::Object(o) = v {
        let flag = o.get("approved") == Some(&Value::Bool(true))
            || o.get("status")
                .and_then(Value::as_str)
                .is_some_and(|s| s.eq_ignore_ascii_case("approved"));
        if flag {
            return true;
        }
    }
    let Some(text) = decision_text(v).filter(|t| !t.is_empty()) else {
        return false;
    };
    approved_decisions
        .iter()
        .any(|a| decision_text(a).as_deref() == Some(text.as_str()))
}

/// A list, string or mapping with content.
fn non_empty(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Array(a)) => !a.is_empty(),
        Some(Value::Object(o)) => !o.is_empty(),
        Some(Value::String(s)) => !s.trim().is_empty(),
        _ => false,
    }
}

fn list(v: Option<&Value>) -> &[Value] {
    v.and_then(Value::as_array).map_or(&[], Vec::as_slice)
}

/// Applies the gate to a checked artifact. `planner` is the planner's contract fields (the
/// `fields` of its `router.parse_write_contract` result); absent, the artifact's
/// `results.planner.fields` is used. `contradictions` counts the approved decisions the host
/// found contradicting a constraint.
///
/// ```
/// use fourx_core::router::workflow::plan_trust::{plan_trust_gate, TrustAction};
/// let art = serde_json::json!({"plan_file": null, "approved_decisions": [],
///     "intent": {"open_decisions": ["Stripe only or dual-write?"]}});
/// let g = plan_trust_gate(art.as_object().unwrap(), None, 0);
/// assert_eq!(g.action, TrustAction::AskClarification); // no BUILD with open decisions
/// ```
pub fn plan_trust_gate(
    art: &Map<String, Value>,
    planner: Option<&Map<String, Value>>,
    contradictions: usize,
) -> PlanTrust {
    let plan = art
        .get("plan_file")
        .and_then(Value::as_str)
        .is_some_and(|p| !p.trim().is_empty() && p.trim() != "N/A");
    let planner = planner.or_else(|| {
        art.get("results")
            .and_then(|r| r.get("planner"))
            .and_then(|p| p.get("fields"))
            .and_then(Value::as_object)
    });
    let intent = art.get("intent");
    let approved_list = list(art.get("approved_decisions"));
    let unresolved_decisions: Vec<Value> = list(intent.and_then(|i| i.get("open_decisions")))
        .iter()
        .chain(list(planner.and_then(|p| p.get("OPEN_DECISIONS"))))
        .filter(|d| !approved(d, approved_list))
        .cloned()
        .collect();
    let mut failed = Vec::new();
    if !unresolved_decisions.is_empty() {
        failed.push(TrustCondition::OpenDecisionsResolved);
    }
    let mut phases_without_exit_criteria = Vec::new();
    if plan {
        if !planner.is_some_and(|p| p.contains_key("DIFFERENCES_FROM_AGREEMENT")) {
            failed.push(TrustCondition::DifferencesPresent);
        }
        let mode = art.get("plan_mode").and_then(Value::as_str);
        if !mode.is_some_and(|m| PLAN_MODES.contains(&m)) {
            failed.push(TrustCondition::PlanModeExplicit);
        }
        let rigor = art.get("verification_rigor").and_then(Value::as_str);
        if !rigor.is_some_and(|r| RIGORS.contains(&r)) {
            failed.push(TrustCondition::VerificationRigorExplicit);
        }
        if matches!(mode, Some("execution_plan" | "decision_rfc")) {
            let phases = list(art.get("normalized_phases"));
            for (i, p) in phases.iter().enumerate() {
                if !non_empty(p.get("exit_criteria")) {
                    phases_without_exit_criteria.push(
                        p.get("phase_id")
                            .and_then(Value::as_str)
                            .map_or_else(|| format!("#{}", i + 1), str::to_string),
                    );
                }
            }
            let criteria = non_empty(intent.and_then(|i| i.get("acceptance_criteria")));
            if phases.is_empty() || !phases_without_exit_criteria.is_empty() || !criteria {
                failed.push(TrustCondition::PhasesComplete);
            }
        }
    }
    if contradictions > 0 {
        failed.push(TrustCondition::ConstraintsConsistent);
    }
    let action = if failed.contains(&TrustCondition::ConstraintsConsistent) {
        TrustAction::NogoContradiction
    } else if failed.is_empty() {
        TrustAction::StartBuild
    } else {
        TrustAction::AskClarification
    };
    PlanTrust {
        passed: failed.is_empty(),
        plan,
        pending_gate: (!failed.is_empty()).then_some("clarification"),
        failed,
        action,
        unresolved_decisions,
        phases_without_exit_criteria,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn planned() -> Map<String, Value> {
        json!({
            "plan_file": "docs/plans/p.md", "plan_mode": "execution_plan",
            "verification_rigor": "standard", "approved_decisions": [],
            "intent": {"open_decisions": [], "acceptance_criteria": ["profile renders"],
                       "constraints": []},
            "normalized_phases": [{"phase_id": "phase-1", "exit_criteria": ["tests green"]}],
            "results": {"planner": {"fields": {"DIFFERENCES_FROM_AGREEMENT": [],
                                               "OPEN_DECISIONS": []}}}
        })
        .as_object()
        .unwrap()
        .clone()
    }

    #[test]
    fn a_complete_plan_is_trusted() {
        let g = plan_trust_gate(&planned(), None, 0);
        assert_eq!(
            (g.passed, g.action, g.pending_gate),
            (true, TrustAction::StartBuild, None)
        );
    }

    #[test]
    fn no_build_with_open_decisions_unless_approved() {
        let mut a = planned();
        a["intent"]["open_decisions"] =
            json!([{"id": "D1", "question": "Stripe only?"}, "Keep v1 API?"]);
        let g = plan_trust_gate(&a, None, 0);
        assert_eq!(g.failed, [TrustCondition::OpenDecisionsResolved]);
        assert_eq!(g.unresolved_decisions.len(), 2);
        assert_eq!(g.pending_gate, Some("clarification"));
        a["approved_decisions"] = json!(["Keep v1 API?", {"id": "D1"}]);
        assert!(plan_trust_gate(&a, None, 0).passed);
        a["approved_decisions"] = json!([]);
        a["intent"]["open_decisions"] = json!([{"question": "x", "status": "approved"}]);
        assert!(plan_trust_gate(&a, None, 0).passed);
    }

    #[test]
    fn the_planner_contract_must_state_its_differences_from_agreement() {
        let mut a = planned();
        a["results"]["planner"]["fields"] = json!({"OPEN_DECISIONS": ["pick a queue"]});
        let g = plan_trust_gate(&a, None, 0);
        assert_eq!(
            g.failed,
            [
                TrustCondition::OpenDecisionsResolved,
                TrustCondition::DifferencesPresent
            ]
        );
        // The planner given by the caller wins over the artifact's.
        let given = json!({"DIFFERENCES_FROM_AGREEMENT": "none", "OPEN_DECISIONS": []});
        assert!(plan_trust_gate(&a, given.as_object(), 0).passed);
    }

    #[test]
    fn an_execution_plan_needs_exit_criteria_on_every_phase_and_acceptance_criteria() {
        let mut a = planned();
        a["normalized_phases"] = json!([{"phase_id": "phase-1", "exit_criteria": ["x"]},
                                        {"phase_id": "phase-2", "exit_criteria": []}]);
        let g = plan_trust_gate(&a, None, 0);
        assert_eq!(g.failed, [TrustCondition::PhasesComplete]);
        assert_eq!(g.phases_without_exit_criteria, ["phase-2"]);
        let mut a = planned();
        a["intent"]["acceptance_criteria"] = json!([]);
        assert_eq!(
            plan_trust_gate(&a, None, 0).failed,
            [TrustCondition::PhasesComplete]
        );
        a["plan_mode"] = json!("direct");
        assert!(plan_trust_gate(&a, None, 0).passed);
    }

    #[test]
    fn plan_mode_and_rigor_must_be_explicit_when_a_plan_exists() {
        let mut a = planned();
        a["plan_mode"] = Value::Null;
        a["verification_rigor"] = json!("thorough");
        assert_eq!(
            plan_trust_gate(&a, None, 0).failed,
            [
                TrustCondition::PlanModeExplicit,
                TrustCondition::VerificationRigorExplicit
            ]
        );
        a["plan_file"] = json!("N/A");
        assert!(
            plan_trust_gate(&a, None, 0).passed,
            "no plan: plan conditions do not apply"
        );
    }

    #[test]
    fn an_approved_decision_contradicting_a_constraint_is_nogo() {
        let g = plan_trust_gate(&planned(), None, 1);
        assert_eq!(g.action, TrustAction::NogoContradiction);
        assert_eq!(g.failed, [TrustCondition::ConstraintsConsistent]);
    }
}
