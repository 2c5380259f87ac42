//! The transition table and the phase sets derived from and:
//! terminal phases, universal targets, recoverable work phases.
//!
//! It decides which moves are legal ([`can_transition`]); what a move does to a state is
//! [`crate::machine::transition`]'s.

use crate::protocol::state::{AnyPhase, Phase};

use Phase::*;

/// The nine work phases that `blocked` and `needs-attention` may resume to, which are also the
/// legal targets of `recover_to`, in the spec's order.
pub const RECOVERABLE_PHASES: &[Phase] = &[
    Designing,
    DesignReviewing,
    Coding,
    Reviewing,
    Testing,
    DeepReviewing,
    Fixing,
    Amending,
    Accepting,
];

/// The source phase → allowed non-universal targets table, one row per source with
/// outgoing table edges (terminal phases have none). This is the one place the graph lives.
pub static TRANSITIONS: &[(Phase, &[Phase])] = &[
    (Init, &[Designing]),
    (Designing, &[DesignReviewing]),
    (DesignReviewing, &[Coding, Designing]),
    (Coding, &[Reviewing, Designing]),
    (Reviewing, &[Testing, Amending]),
    (Amending, &[Reviewing, Designing]),
    (Testing, &[DeepReviewing, Amending, Designing, Testing]),
    (DeepReviewing, &[Fixing, Accepting, Amending]),
    (Fixing, &[Accepting, Amending]),
    (Accepting, &[PendingReview]),
    (PendingReview, &[Done]),
    (Blocked, RECOVERABLE_PHASES),
    (NeedsAttention, RECOVERABLE_PHASES),
];

/// Terminal phases: nothing leaves them.
pub const TERMINAL_PHASES: &[Phase] = &[Done, Abandoned];

/// Universal targets, reachable from every non-terminal source, unknown strings included, in
/// the order of the spec's `enums.list`.
pub const UNIVERSAL_TARGETS: &[Phase] = &[Blocked, NeedsAttention, Done, Abandoned];

/// Whether `p` is terminal (`done`, `abandoned`).
pub fn is_terminal(p: Phase) -> bool {
    TERMINAL_PHASES.contains(&p)
}

/// Whether `p` is a universal target.
pub fn is_universal_target(p: Phase) -> bool {
    UNIVERSAL_TARGETS.contains(&p)
}

/// Whether `p` is a legal `recover_to` target.
pub fn is_recoverable(p: Phase) -> bool {
    RECOVERABLE_PHASES.contains(&p)
}

/// The table row of `from` (empty for terminal phases).
pub fn table_targets(from: Phase) -> &'static [Phase] {
    TRANSITIONS
        .iter()
        .find(|(f, _)| *f == from)
        .map_or(&[], |(_, to)| to)
}

/// CanTransition for known-or-unknown phases: `None` stands for any string that is not a
/// phase. 1. a terminal source → false; 2. a universal target → true; 3. a table edge → true;
/// 4. otherwise false.
pub fn can_transition_known(from: Option<Phase>, to: Option<Phase>) -> bool {
    if from.is_some_and(is_terminal) {
        return false;
    }
    let Some(to) = to else { return false };
    if is_universal_target(to) {
        return true;
    }
    from.is_some_and(|f| table_targets(f).contains(&to))
}

/// Whether a feature in phase `from` may move to phase `to`: a terminal source refuses
/// everything, a universal target is always reachable, otherwise only a table edge is. Takes
/// anything that converts into a phase value: a [`Phase`], a `&Phase`, an `&AnyPhase` or a
/// string (unknown strings are not errors; they reach only the universal targets).
///
/// ```
/// use fourx_core::machine::can_transition;
/// use fourx_core::protocol::state::{AnyPhase, Phase};
///
/// assert!(can_transition(Phase::Init, Phase::Designing));
/// assert!(!can_transition(Phase::Init, Phase::Coding));
/// assert!(can_transition("warp-drive", Phase::Blocked)); // a universal target
/// let here = AnyPhase::from(Phase::Reviewing);
/// assert!(can_transition(&here, Phase::Testing));
/// ```
pub fn can_transition(from: impl Into<AnyPhase>, to: impl Into<AnyPhase>) -> bool {
    can_transition_known(from.into().known(), to.into().known())
}

/// CanTransition on plain strings (case-sensitive; unknown strings are not errors).
pub fn can_transition_str(from: &str, to: &str) -> bool {
    can_transition(from, to)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 15×15 matrix of the state-machine spec, verbatim (rows from, columns to, AllPhases
    /// order).
    const SPEC_MATRIX: &str = "\
| init | . | Y | . | . | . | . | . | . | . | . | . | Y | Y | Y | Y |
| designing | . | . | Y | . | . | . | . | . | . | . | . | Y | Y | Y | Y |
| design-reviewing | . | Y | . | Y | . | . | . | . | . | . | . | Y | Y | Y | Y |
| coding | . | Y | . | . | Y | . | . | . | . | . | . | Y | Y | Y | Y |
| reviewing | . | . | . | . | . | . | . | Y | Y | . | . | Y | Y | Y | Y |
| deep-reviewing | . | . | . | . | . | . | Y | . | Y | Y | . | Y | Y | Y | Y |
| fixing | . | . | . | . | . | . | . | . | Y | Y | . | Y | Y | Y | Y |
| testing | . | Y | . | . | . | Y | . | Y | Y | . | . | Y | Y | Y | Y |
| amending | . | Y | . | . | Y | . | . | . | . | . | . | Y | Y | Y | Y |
| accepting | . | . | . | . | . | . | . | . | . | . | Y | Y | Y | Y | Y |
| pending-review | . | . | . | . | . | . | . | . | . | . | . | Y | Y | Y | Y |
| done | . | . | . | . | . | . | . | . | . | . | . | . | . | . | . |
| abandoned | . | . | . | . | . | . | . | . | . | . | . | . | . | . | . |
| blocked | . | Y | Y | Y | Y | Y | Y | Y | Y | Y | . | Y | Y | Y | Y |
| needs-attention | . | Y | Y | Y | Y | Y | Y | Y | Y | Y | . | Y | Y | Y | Y |
";

    fn render_matrix() -> String {
        let mut out = String::new();
        for from in Phase::ALL {
            out.push_str(&format!("| {from} |"));
            for to in Phase::ALL {
                let y = can_transition_known(Some(*from), Some(*to));
                out.push_str(if y { " Y |" } else { " . |" });
            }
            out.push('\n');
        }
        out
    }

    #[test]
    fn table_reproduces_the_spec_15x15_matrix() {
        let got = render_matrix();
        assert_eq!(got, SPEC_MATRIX, "transition matrix:\n{got}");
    }

    #[test]
    fn unknown_and_empty_sources_reach_only_universal_targets() {
        for from in ["", "warp", "Coding"] {
            for to in Phase::ALL {
                assert_eq!(
                    can_transition_str(from, to.as_str()),
                    is_universal_target(*to),
                    "{from} -> {to}"
                );
            }
            assert!(!can_transition_str(from, "nowhere"));
        }
    }

    #[test]
    fn terminal_sources_refuse_everything_even_done_to_done() {
        assert!(!can_transition_str("done", "done"));
        assert!(!can_transition_str("abandoned", "blocked"));
    }
}
