//! ValidateState (state-machine.md): the three checks on a State and their exact messages.
//!
//! Only `featureId`, `phase` and `runner` are checked; everything else is the caller's concern.

use crate::protocol::codec::goquote;
use crate::protocol::state::State;

/// The outcome of [`validate_state`]: every failure, in check order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Validation {
    /// The failures, in check order (empty when valid).
    pub errors: Vec<String>,
}

impl Validation {
    /// Whether the state passed every check.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }

    /// `""` when valid, else `invalid state: ` + the failures joined with `; `.
    pub fn message(&self) -> String {
        if self.is_valid() {
            String::new()
        } else {
            format!("invalid state: {}", self.errors.join("; "))
        }
    }
}

/// ValidateState: `featureId` non-empty, `phase` one of the 15 phases (case-sensitive; the
/// failure quotes it like Go `%q`), `runner` non-empty.
pub fn validate_state(state: &State) -> Validation {
    let mut errors = Vec::new();
    if state.feature_id.is_empty() {
        errors.push("featureId is required".to_string());
    }
    if state.phase.known().is_none() {
        errors.push(format!(
            "phase {} is invalid",
            goquote::quote(state.phase.as_str())
        ));
    }
    if state.runner.is_empty() {
        errors.push("runner is required".to_string());
    }
    Validation { errors }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::state::AnyPhase;

    #[test]
    fn fixing_is_a_valid_phase_oq1() {
        let s = State {
            feature_id: "F".into(),
            phase: AnyPhase::new("fixing"),
            runner: "r".into(),
            ..State::default()
        };
        assert!(validate_state(&s).is_valid());
    }

    #[test]
    fn failures_are_collected_in_order_and_phase_is_go_quoted() {
        let s = State {
            phase: AnyPhase::new("a\u{a0}\n"),
            ..State::default()
        };
        let v = validate_state(&s);
        assert_eq!(
            v.message(),
            "invalid state: featureId is required; phase \"a\\u00a0\\n\" is invalid; runner is required"
        );
    }
}
