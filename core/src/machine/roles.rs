//! Role and status tables (state-machine.md): PhaseToRole, PhaseRole, the selectable
//! phases, PhaseToStatus.
//!
//! Each table is data here, pinned by a test against the spec; unknown phase strings map to the
//! spec's default, never to an error.

use crate::protocol::state::{FeatureStatus, Phase, Role};

use Phase::*;

/// PhaseToRole: the default role of a phase; phases without one are absent.
pub static PHASE_TO_ROLE: &[(Phase, Role)] = &[
    (Designing, Role::Designer),
    (DesignReviewing, Role::DesignReviewer),
    (Coding, Role::Coder),
    (Amending, Role::Coder),
    (Reviewing, Role::Reviewer),
    (DeepReviewing, Role::DeepReviewer),
    (Testing, Role::Tester),
    (Fixing, Role::Fixer),
    (Accepting, Role::Acceptor),
];

/// SelectablePhases: the phases a pipeline profile may list, in canonical pipeline order
/// (the 8-entry list with `fixing`); the table itself is [`Phase::SELECTABLE`].
pub const SELECTABLE_PHASES: &[Phase] = Phase::SELECTABLE;

/// PhaseToStatus for the phases that do not map to `in-progress`.
pub static PHASE_TO_STATUS: &[(Phase, FeatureStatus)] = &[
    (PendingReview, FeatureStatus::ReadyForReview),
    (Done, FeatureStatus::Done),
    (Abandoned, FeatureStatus::Abandoned),
    (Blocked, FeatureStatus::Blocked),
    (NeedsAttention, FeatureStatus::NeedsAttention),
    (Init, FeatureStatus::NotStarted),
];

/// PhaseToRole; `None` stands for the empty role.
pub fn phase_to_role(phase: Option<Phase>) -> Option<Role> {
    let p = phase?;
    PHASE_TO_ROLE.iter().find(|(q, _)| *q == p).map(|(_, r)| *r)
}

/// IsSelectablePhase.
pub fn is_selectable(phase: Option<Phase>) -> bool {
    phase.is_some_and(|p| SELECTABLE_PHASES.contains(&p))
}

/// PhaseRole: the role of a selectable work phase, `None` (the empty role) otherwise —
/// so `amending` has none, unlike PhaseToRole.
pub fn phase_role(phase: Option<Phase>) -> Option<Role> {
    if is_selectable(phase) {
        phase_to_role(phase)
    } else {
        None
    }
}

/// PhaseToStatus: every phase not in the table, unknown strings and `""` included, is
/// `in-progress`.
pub fn phase_to_status(phase: Option<Phase>) -> FeatureStatus {
    phase
        .and_then(|p| PHASE_TO_STATUS.iter().find(|(q, _)| *q == p))
        .map_or(FeatureStatus::InProgress, |(_, s)| *s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn role(p: Phase) -> &'static str {
        phase_to_role(Some(p)).map_or("", Role::as_str)
    }

    #[test]
    fn phase_to_role_matches_spec_table_7_1() {
        let got: Vec<_> = Phase::ALL.iter().map(|p| (p.as_str(), role(*p))).collect();
        assert_eq!(
            got,
            [
                ("init", ""),
                ("designing", "designer"),
                ("design-reviewing", "design-reviewer"),
                ("coding", "coder"),
                ("reviewing", "reviewer"),
                ("deep-reviewing", "deep-reviewer"),
                ("fixing", "fixer"),
                ("testing", "tester"),
                ("amending", "coder"),
                ("accepting", "acceptor"),
                ("pending-review", ""),
                ("done", ""),
                ("abandoned", ""),
                ("blocked", ""),
                ("needs-attention", "")
            ]
        );
        assert_eq!(phase_to_role(None), None);
    }

    #[test]
    fn phase_role_differs_from_phase_to_role_only_for_amending() {
        for p in Phase::ALL {
            let a = phase_role(Some(*p));
            let b = phase_to_role(Some(*p));
            if *p == Amending {
                assert_eq!((a, b), (None, Some(Role::Coder)));
            } else {
                assert_eq!(a, b, "{p}");
            }
        }
    }

    #[test]
    fn phase_to_status_matches_spec_table_7_4() {
        let got: Vec<_> = Phase::ALL
            .iter()
            .map(|p| phase_to_status(Some(*p)).as_str())
            .collect();
        assert_eq!(
            got,
            [
                "not-started",
                "in-progress",
                "in-progress",
                "in-progress",
                "in-progress",
                "in-progress",
                "in-progress",
                "in-progress",
                "in-progress",
                "in-progress",
                "ready-for-review",
                "done",
                "abandoned",
                "blocked",
                "needs-attention"
            ]
        );
        assert_eq!(phase_to_status(None), FeatureStatus::InProgress);
    }
}
