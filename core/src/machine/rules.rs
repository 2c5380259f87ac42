//! What a move does to a State: Transition, RecoverTo, ShouldStop, ReconcileActive and the pure
//! part of FinalizeDone, with the run-loop constants.
//!
//! Every function here is pure and takes a State by reference, returning a new one; persisting
//! it (and stamping `updatedAt`) is the workspace's job.

use crate::error::{Error, ErrorKind, Result};
use crate::machine::table::{can_transition, is_recoverable};
use crate::protocol::state::{AnyPhase, AnyRole, Phase, State};

/// Cross-round cap on automatic guard retries (`MaxGuardRetries`).
pub const MAX_GUARD_RETRIES: i64 = 2;

/// Rounds in a row without progress that stop a run.
pub const NO_PROGRESS_LIMIT: i64 = 3;

/// The stop reason ReconcileActive records for a dead run loop.
pub const STOP_REASON_PROCESS_GONE: &str = "process-gone";

/// The stop reason FinalizeDone records.
pub const STOP_REASON_DONE: &str = "done";

/// A phase as refusal messages show it: the empty phase of a zero-value state (a
/// `State::default()`, or a `state.json` without `phase`) reads `(empty phase)`, so the message
/// never shows a bare gap.
fn phase_for_message(p: &AnyPhase) -> std::borrow::Cow<'_, str> {
    if p.is_empty() {
        "(empty phase)".into()
    } else {
        p.as_str().into()
    }
}

/// The round side effect shared by Transition and RecoverTo.
fn bump_round(s: &mut State, to: Option<Phase>) {
    match to {
        Some(Phase::Coding) if s.round == 0 => s.round = 1,
        // Go `s.Round++` on a 64-bit int: wraps at the maximum, as Go does.
        Some(Phase::Amending) => s.round = s.round.wrapping_add(1),
        _ => {}
    }
}

/// Transition: moves `state` to `to` with `role` stored verbatim.
///
/// Refused by CanTransition → `invalid_transition` (`invalid transition: <from> → <to>`).
/// Effects, first match wins: `done`/`abandoned` → `active = false`; `coding` from round 0 →
/// round 1; `amending` → round + 1. Nothing else changes.
pub fn transition(
    state: &State,
    to: impl Into<AnyPhase>,
    role: impl Into<AnyRole>,
) -> Result<State> {
    let to = to.into();
    check_transition(state, &to)?;
    let mut s = state.clone();
    apply_transition(&mut s, to, role.into());
    Ok(s)
}

/// [`transition`] in place: the same check and effects on `state` itself (no copy of it); a
/// refused transition leaves `state` unchanged.
///
/// ```
/// use fourx_core::machine::{transition, transition_in_place};
/// use fourx_core::protocol::state::{Phase, Role, State};
///
/// let mut s = State { phase: Phase::DesignReviewing.into(), ..State::default() };
/// let copied = transition(&s, Phase::Coding, Role::Coder)?;
/// transition_in_place(&mut s, Phase::Coding, Role::Coder)?;
/// assert_eq!((s.round, &s), (1, &copied));
/// # Ok::<(), fourx_core::Error>(())
/// ```
pub fn transition_in_place(
    state: &mut State,
    to: impl Into<AnyPhase>,
    role: impl Into<AnyRole>,
) -> Result<()> {
    let to = to.into();
    check_transition(state, &to)?;
    apply_transition(state, to, role.into());
    Ok(())
}

fn check_transition(state: &State, to: &AnyPhase) -> Result<()> {
    if !can_transition(&state.phase, to) {
        return Err(Error::new(
            ErrorKind::InvalidTransition,
            format!(
                "invalid transition: {} \u{2192} {}",
                phase_for_message(&state.phase),
                to
            ),
        )
        .with_field("to"));
    }
    Ok(())
}

fn apply_transition(s: &mut State, to: AnyPhase, role: AnyRole) {
    let known = to.known();
    s.phase = to;
    s.role = role;
    match known {
        Some(Phase::Done | Phase::Abandoned) => s.active = false,
        other => bump_round(s, other),
    }
}

/// RecoverTo: crash-recovery correction to a recoverable work phase, whatever the source.
///
/// Any other target → `invalid_recovery_target` (`invalid recovery target: <to>`). Same round
/// effects as [`transition`]; `active` is never touched.
pub fn recover_to(
    state: &State,
    to: impl Into<AnyPhase>,
    role: impl Into<AnyRole>,
) -> Result<State> {
    let (to, role) = (to.into(), role.into());
    if !to.known().is_some_and(is_recoverable) {
        return Err(Error::new(
            ErrorKind::InvalidRecoveryTarget,
            format!("invalid recovery target: {to}"),
        )
        .with_field("to"));
    }
    let mut s = state.clone();
    bump_round(&mut s, to.known());
    s.phase = to;
    s.role = role;
    Ok(s)
}

/// ShouldStop: `Some(reason)` when the run must stop.
///
/// `maxRounds > 0 && round >= maxRounds` → `reached max rounds (<maxRounds>)`; else
/// `consecutiveNoProgress >= 3` → `3 consecutive rounds with no progress`.
pub fn should_stop(state: &State) -> Option<String> {
    if state.max_rounds > 0 && state.round >= state.max_rounds {
        return Some(format!("reached max rounds ({})", state.max_rounds));
    }
    if state.consecutive_no_progress >= NO_PROGRESS_LIMIT {
        return Some(format!(
            "{NO_PROGRESS_LIMIT} consecutive rounds with no progress"
        ));
    }
    None
}

/// ReconcileActive, pure part. `pid_alive` is asked only for a positive pid (`pid <= 0`
/// is never alive). Returns the possibly corrected state and whether it changed.
pub fn reconcile_active(state: &State, pid_alive: impl FnOnce(i64) -> bool) -> (State, bool) {
    if !state.active {
        return (state.clone(), false);
    }
    if state.pid > 0 && pid_alive(state.pid) {
        return (state.clone(), false);
    }
    let mut s = state.clone();
    s.active = false;
    if s.stop_reason.is_empty() {
        s.stop_reason = STOP_REASON_PROCESS_GONE.to_string();
    }
    s.pid = 0;
    (s, true)
}

/// FinalizeDone, pure part: Transition to `done` with role `""`, then `active = false` and
/// `stopReason = "done"`. Fails with `invalid_transition` exactly when the source is terminal.
pub fn finalize_done(state: &State) -> Result<State> {
    let mut s = transition(state, Phase::Done, AnyRole::default())?;
    s.active = false;
    s.stop_reason = STOP_REASON_DONE.to_string();
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_transition_in_place_equals_the_copying_transition() {
        let phases = Phase::ALL.iter().map(|p| p.as_str()).chain(["", "bogus"]);
        for from in phases.clone() {
            for to in phases.clone() {
                for round in [0, 1, 4, i64::MAX] {
                    let s = State {
                        active: true,
                        ..st(from, round)
                    };
                    let copied = transition(&s, AnyPhase::new(to), AnyRole::new("coder"));
                    let mut moved = s.clone();
                    let r =
                        transition_in_place(&mut moved, AnyPhase::new(to), AnyRole::new("coder"));
                    match copied {
                        Ok(c) => assert_eq!((r, moved), (Ok(()), c), "{from} -> {to}"),
                        Err(e) => assert_eq!((r, moved), (Err(e), s), "{from} -> {to}"),
                    }
                }
            }
        }
    }

    fn st(phase: &str, round: i64) -> State {
        State {
            phase: AnyPhase::new(phase),
            round,
            active: true,
            ..State::default()
        }
    }

    #[test]
    fn transition_error_message_uses_the_unicode_arrow() {
        let e = transition(&st("done", 0), Phase::Coding, AnyRole::default()).unwrap_err();
        assert_eq!(e.message, "invalid transition: done \u{2192} coding");
        assert_eq!(e.kind, ErrorKind::InvalidTransition);
    }

    #[test]
    fn coding_sets_round_one_only_from_zero_and_amending_increments() {
        let r = AnyRole::default();
        assert_eq!(
            transition(&st("design-reviewing", 0), Phase::Coding, &r)
                .unwrap()
                .round,
            1
        );
        assert_eq!(
            transition(&st("blocked", 4), Phase::Coding, &r)
                .unwrap()
                .round,
            4
        );
        assert_eq!(
            transition(&st("reviewing", 0), Phase::Amending, &r)
                .unwrap()
                .round,
            1
        );
        assert_eq!(
            transition(&st("reviewing", 2), Phase::Amending, &r)
                .unwrap()
                .round,
            3
        );
    }

    #[test]
    fn done_and_abandoned_clear_active_only() {
        let s = transition(&st("coding", 2), Phase::Abandoned, "x").unwrap();
        assert!(!s.active);
        assert_eq!((s.round, s.role.as_str()), (2, "x"));
    }

    #[test]
    fn recover_to_ignores_the_source_and_refuses_non_work_targets() {
        let s = recover_to(&st("done", 0), Phase::Coding, "coder").unwrap();
        assert_eq!((s.phase.as_str(), s.round, s.active), ("coding", 1, true));
        let e = recover_to(&st("coding", 0), Phase::PendingReview, AnyRole::default()).unwrap_err();
        assert_eq!(e.message, "invalid recovery target: pending-review");
    }

    #[test]
    fn should_stop_reasons_are_exact() {
        let mut s = st("coding", 5);
        s.max_rounds = 5;
        assert_eq!(should_stop(&s).as_deref(), Some("reached max rounds (5)"));
        s.max_rounds = 0;
        s.consecutive_no_progress = 7;
        assert_eq!(
            should_stop(&s).as_deref(),
            Some("3 consecutive rounds with no progress")
        );
        s.consecutive_no_progress = 2;
        assert_eq!(should_stop(&s), None);
    }

    #[test]
    fn reconcile_never_trusts_a_non_positive_pid() {
        let mut s = st("coding", 1);
        s.pid = 0;
        let (r, changed) = reconcile_active(&s, |_| true);
        assert!(changed && !r.active);
        assert_eq!(r.stop_reason, "process-gone");
        s.pid = 42;
        s.stop_reason = "user".into();
        let (r, changed) = reconcile_active(&s, |p| p == 42);
        assert!(!changed && r.active);
        let (r, _) = reconcile_active(&s, |_| false);
        assert_eq!((r.stop_reason.as_str(), r.pid), ("user", 0));
    }

    #[test]
    fn finalize_done_overwrites_stop_reason() {
        let mut s = st("coding", 1);
        s.stop_reason = "x".into();
        let d = finalize_done(&s).unwrap();
        assert_eq!(
            (
                d.phase.as_str(),
                d.role.as_str(),
                d.stop_reason.as_str(),
                d.active
            ),
            ("done", "", "done", false)
        );
        assert!(finalize_done(&d).is_err());
    }
}
