//! Properties of the state machine and the state.json codec (issue: proptest properties).

use fourx_core::machine::{can_transition, recover_to, transition};
use fourx_core::protocol::codec::time::Timestamp;
use fourx_core::protocol::state::{AnyPhase, AnyRole, Phase, State};
use fourx_core::workspace::{normalise_state, render_state};
use proptest::prelude::*;

fn phase() -> impl Strategy<Value = AnyPhase> {
    prop_oneof![
        4 => prop::sample::select(Phase::ALL).prop_map(AnyPhase::from),
        1 => "[a-z-]{0,12}".prop_map(|s| AnyPhase::new(&s)),
        1 => any::<String>().prop_map(|s| AnyPhase::new(&s)),
    ]
}

fn timestamp() -> impl Strategy<Value = Timestamp> {
    // Instants whose local time stays within years 0000-9999 for any offset.
    (
        -62_167_219_200i64 + 86_400..253_402_300_799 - 86_400,
        0u32..1_000_000_000,
        -1439i32..=1439,
    )
        .prop_map(|(s, n, m)| Timestamp::from_unix(s, n, m * 60))
}

fn small_int() -> impl Strategy<Value = i64> {
    prop_oneof![4 => -3i64..10, 1 => any::<i64>()]
}

fn strings() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(any::<String>(), 0..3)
}

prop_compose! {
    fn state()(
        (feature_id, ph, role, sub) in (any::<String>(), phase(), any::<String>(), any::<String>()),
        (round, max_rounds, active, pid) in (small_int(), small_int(), any::<bool>(), small_int()),
        (runner, label, created, updated, since) in (any::<String>(), any::<String>(), timestamp(), timestamp(), timestamp()),
        (cnp, lfc, stop_reason, stop_message) in (small_int(), small_int(), any::<String>(), any::<String>()),
        (runners, profile, touched, paths, approved) in (strings(), any::<String>(), any::<bool>(), strings(), any::<bool>()),
        (guard, base, manual) in (small_int(), any::<String>(), any::<bool>()),
    ) -> State {
        State {
            feature_id, phase: ph, role: AnyRole::new(&role), sub_phase: sub.as_str().into(),
            round, max_rounds, active, pid, runner, label,
            created_at: created, updated_at: updated, since,
            consecutive_no_progress: cnp, last_fail_count: lfc, stop_reason, stop_message,
            runners, profile, self_mod_touched: touched, self_mod_paths: paths,
            self_mod_approved: approved, guard_retries: guard, base_commit: base, manual_phase: manual,
        }
    }
}

/// The state with only the fields a move may change reset, for comparing the rest.
fn untouched_part(s: &State) -> State {
    State {
        phase: AnyPhase::default(),
        role: AnyRole::default(),
        round: 0,
        active: false,
        ..s.clone()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn no_transition_ever_leaves_done_or_abandoned(s in state(), terminal in prop::sample::select(&[Phase::Done, Phase::Abandoned][..]), to in phase()) {
        let s = State { phase: terminal.into(), ..s };
        prop_assert!(transition(&s, &to, AnyRole::default()).is_err());
        prop_assert!(!can_transition(&s.phase, &to));
    }

    #[test]
    fn transition_succeeds_iff_can_transition(s in state(), to in phase(), role in any::<String>()) {
        let r = transition(&s, &to, AnyRole::new(&role));
        prop_assert_eq!(r.is_ok(), can_transition(&s.phase, &to));
        if let Err(e) = r {
            prop_assert_eq!(e.kind, fourx_core::ErrorKind::InvalidTransition);
        }
    }

    #[test]
    fn round_and_active_change_only_by_the_spec_rules(s in state(), to in phase(), role in any::<String>()) {
        for result in [transition(&s, &to, AnyRole::new(&role)), recover_to(&s, &to, AnyRole::new(&role))] {
            let Ok(n) = result else { continue };
            let want_round = match to.known() {
                Some(Phase::Coding) if s.round == 0 => 1,
                Some(Phase::Amending) => s.round.wrapping_add(1),
                _ => s.round,
            };
            prop_assert_eq!(n.round, want_round);
            prop_assert_eq!(n.phase.as_str(), to.as_str());
            prop_assert_eq!(n.role.as_str(), role.as_str());
            prop_assert!(n.active == s.active || (!n.active && matches!(to.known(), Some(Phase::Done | Phase::Abandoned))));
            prop_assert_eq!(untouched_part(&n), untouched_part(&s));
        }
    }

    #[test]
    fn parse_of_render_is_normalise(s in state(), now in timestamp()) {
        let (_, text) = render_state(&s, now);
        let parsed = State::parse_text(text.as_bytes()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(parsed.to_json(), normalise_state(&s, now).to_json());
    }
}
