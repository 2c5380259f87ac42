//! The BUILD complexity gradient (router.md, repo build-workflow.md step 4): planned work is
//! always standard; otherwise 1–2 files, one change, one testable outcome and no cross-module
//! wiring make a trivial build. Escalating trivial → full later is reported by

use serde::Serialize;

use crate::router::vocabulary::BuildScope;

/// Why a scope was chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ScopeReason {
    /// A plan exists.
    PlanExists,
    /// All trivial heuristics hold.
    TrivialHeuristics,
    /// Some heuristic fails.
    NonTrivial,
}

/// The heuristic facts of a build request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Heuristics {
    /// Files the change touches.
    pub files_touched: u64,
    /// A single change.
    pub single_change: bool,
    /// Testable outcomes.
    pub testable_outcomes: u64,
    /// Cross-module wiring.
    pub cross_module: bool,
}

/// Whether the heuristics make a trivial build.
pub fn is_trivial(h: &Heuristics) -> bool {
    (1..=2).contains(&h.files_touched)
        && h.single_change
        && h.testable_outcomes == 1
        && !h.cross_module
}

/// The scope for a build with `plan` (`N/A` when none) and, without a plan, its heuristics.
pub fn decide(plan_exists: bool, h: Option<&Heuristics>) -> (BuildScope, ScopeReason) {
    if plan_exists {
        return (BuildScope::Standard, ScopeReason::PlanExists);
    }
    match h {
        Some(h) if is_trivial(h) => (BuildScope::Trivial, ScopeReason::TrivialHeuristics),
        _ => (BuildScope::Standard, ScopeReason::NonTrivial),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trivial_needs_every_heuristic() {
        let base = Heuristics {
            files_touched: 2,
            single_change: true,
            testable_outcomes: 1,
            cross_module: false,
        };
        assert!(is_trivial(&base));
        assert!(!is_trivial(&Heuristics {
            files_touched: 0,
            ..base
        }));
        assert!(!is_trivial(&Heuristics {
            files_touched: 3,
            ..base
        }));
        assert!(!is_trivial(&Heuristics {
            single_change: false,
            ..base
        }));
        assert!(!is_trivial(&Heuristics {
            testable_outcomes: 2,
            ..base
        }));
        assert!(!is_trivial(&Heuristics {
            cross_module: true,
            ..base
        }));
        assert_eq!(
            decide(true, Some(&base)),
            (BuildScope::Standard, ScopeReason::PlanExists)
        );
    }
}
