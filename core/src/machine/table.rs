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

/// The number of phases: [`can_transition_code`]'s code for "not a phase".
const PHASES: usize = Phase::ALL.len();

/// Whether `set` holds `p` (a `const` `contains`).
const fn holds(set: &[Phase], p: Phase) -> bool {
    let mut i = 0;
    while i < set.len() {
        if set[i] as usize == p as usize {
            return true;
        }
        i += 1;
    }
    false
}

/// [`can_transition_known`]'s rule applied to every pair at compile time, from the one table
/// ([`TRANSITIONS`], [`TERMINAL_PHASES`], [`UNIVERSAL_TARGETS`]): rows are sources, columns
/// targets, indexed by position in [`Phase::ALL`]; index `PHASES` stands for "not a phase".
const fn matrix() -> [[bool; PHASES + 1]; PHASES + 1] {
    let mut m = [[false; PHASES + 1]; PHASES + 1];
    let mut f = 0;
    while f <= PHASES {
        if f == PHASES || !holds(TERMINAL_PHASES, Phase::ALL[f]) {
            let mut t = 0;
            while t < PHASES {
                let to = Phase::ALL[t];
                let mut edge = false;
                if f < PHASES {
                    let mut r = 0;
                    while r < TRANSITIONS.len() {
                        let (from, targets) = TRANSITIONS[r];
                        if from as usize == Phase::ALL[f] as usize && holds(targets, to) {
                            edge = true;
                        }
                        r += 1;
                    }
                }
                m[f][t] = holds(UNIVERSAL_TARGETS, to) || edge;
                t += 1;
            }
        }
        f += 1;
    }
    m
}

/// Every answer of [`can_transition_known`], computed once by the compiler.
static MATRIX: [[bool; PHASES + 1]; PHASES + 1] = matrix();

/// CanTransition on phase codes (a phase's position in [`Phase::ALL`]; any other code is not a
/// phase and behaves as an unknown string): one lookup in the table's precomputed matrix, for
/// the C ABI's hot path.
///
/// ```
/// use fourx_core::machine::can_transition_code;
/// use fourx_core::protocol::state::Phase;
///
/// let code = |p: Phase| Phase::ALL.iter().position(|x| *x == p).unwrap();
/// assert!(can_transition_code(code(Phase::Coding), code(Phase::Reviewing)));
/// assert!(!can_transition_code(code(Phase::Coding), code(Phase::Done) + 99));
/// ```
#[inline]
pub fn can_transition_code(from: usize, to: usize) -> bool {
    MATRIX[from.min(PHASES)][to.min(PHASES)]
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
    fn the_code_matrix_answers_as_the_rule_for_every_code() {
        for (i, p) in Phase::ALL.iter().enumerate() {
            assert_eq!(*p as usize, i, "{p}: discriminant = position in ALL");
        }
        let phase = |c: usize| Phase::ALL.get(c).copied();
        for from in 0..PHASES + 3 {
            for to in (0..PHASES + 3).chain([usize::MAX]) {
                assert_eq!(
                    can_transition_code(from, to),
                    can_transition_known(phase(from), phase(to)),
                    "{from} -> {to}"
                );
            }
        }
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
