//! The intent readiness gate (router-workflow.md): bounded context, no
//! contradiction, every acceptance criterion mapped to a verifiable scenario. Counting files,
//! judging contradictions and mapping scenarios stay with the host; this applies the thresholds.

use serde::Serialize;

/// Most source files a BUILD may need to understand its intent before it must switch to PLAN.
pub const MAX_BUILD_SOURCE_FILES: u64 = 5;

/// Where the gate runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Before BUILD.
    Build,
    /// Before PLAN.
    Plan,
}

/// An acceptance criterion and the scenarios it maps to.
#[derive(Debug, Clone)]
pub struct Criterion<'a> {
    /// The criterion.
    pub text: &'a str,
    /// Its verifiable scenarios.
    pub scenarios: Vec<&'a str>,
}

/// A failed condition, in seed order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// BUILD needs more than five source files.
    ContextBounded,
    /// A criterion contradicts a constraint or non-goal.
    ContradictionFree,
    /// A criterion maps to no scenario (or there are none).
    SufficientlySpecific,
}

/// What the host does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IntentAction {
    /// Ready.
    Proceed,
    /// Decompose first: switch to PLAN.
    SwitchToPlan,
    /// Halt and record `pending_gate: intent_contradiction`.
    HaltContradiction,
    /// Ask for specificity.
    AskSpecificity,
}

/// The gate's answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IntentReadiness {
    /// Every condition holds.
    pub ready: bool,
    /// Failed conditions in table order.
    pub failed: Vec<Condition>,
    /// The first failure's action.
    pub action: IntentAction,
    /// `intent_contradiction` when the contradiction condition failed.
    pub pending_gate: Option<&'static str>,
    /// Criteria without a scenario.
    pub unverifiable: Vec<String>,
}

/// Applies the gate.
///
/// ```
/// use fourx_core::router::workflow::intent::{intent_ready, Criterion, IntentAction, Target};
///
/// let c = [Criterion { text: "shows name", scenarios: vec!["renders"] }];
/// assert_eq!(intent_ready(Target::Build, 6, &c, 0).action, IntentAction::SwitchToPlan);
/// assert!(intent_ready(Target::Plan, 6, &c, 0).ready);
/// ```
pub fn intent_ready(
    target: Target,
    source_files: u64,
    criteria: &[Criterion<'_>],
    contradictions: usize,
) -> IntentReadiness {
    let unverifiable: Vec<String> = criteria
        .iter()
        .filter(|c| c.scenarios.iter().all(|s| s.trim().is_empty()))
        .map(|c| c.text.to_string())
        .collect();
    let mut failed = Vec::new();
    if target == Target::Build && source_files > MAX_BUILD_SOURCE_FILES {
        failed.push(Condition::ContextBounded);
    }
    if contradictions > 0 {
        failed.push(Condition::ContradictionFree);
    }
    if criteria.is_empty() || !unverifiable.is_empty() {
        failed.push(Condition::SufficientlySpecific);
    }
    let action = match failed.first() {
        None => IntentAction::Proceed,
        Some(Condition::ContextBounded) => IntentAction::SwitchToPlan,
        Some(Condition::ContradictionFree) => IntentAction::HaltContradiction,
        Some(Condition::SufficientlySpecific) => IntentAction::AskSpecificity,
    };
    IntentReadiness {
        ready: failed.is_empty(),
        pending_gate: failed
            .contains(&Condition::ContradictionFree)
            .then_some("intent_contradiction"),
        failed,
        action,
        unverifiable,
    }
}
