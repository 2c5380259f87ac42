//! Human gates: which phases ask a person before their agent runs, the
//! `await_human` decision, and what each answer does (the table is [`answer_effect`]).
//!
//! Waiting, showing the question and reading the answer are the harness's; a stop file seen
//! while waiting arrives as a fact with the human outcome and stops the run as at the top of
//! the loop.

use crate::error::{Error, Result};
use crate::machine::phase_to_role;
use crate::protocol::state::Phase;

use super::run::{role_str, Ctx};
use super::types::{Action, Decision, Pending};

/// The answers a gate offers; any other non-empty text is a note.
pub const GATE_OPTIONS: [&str; 2] = ["approve", "reject"];

/// Stop reason of a rejected gate.
pub const GATE_REJECTED: &str = "gate-rejected";

/// Stop reason of a gate nobody answered in time.
pub const HUMAN_TIMEOUT: &str = "human-timeout";

/// What an answer does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// The gate is passed; the phase agent runs.
    Approve,
    /// The run stops (`gate-rejected`).
    Reject,
    /// The gate is passed and the text becomes the run note.
    Note(String),
}

/// The answer table: `approve` / `reject` (trimmed, case-insensitive), any other non-empty text
/// a note; an empty answer is `invalid_input`.
pub fn answer_effect(answer: &str) -> Result<Answer> {
    let a = answer.trim();
    if a.is_empty() {
        return Err(
            Error::invalid_input("a human_reply needs a non-empty `answer`")
                .with_field("outcome.answer"),
        );
    }
    Ok(if a.eq_ignore_ascii_case(GATE_OPTIONS[0]) {
        Answer::Approve
    } else if a.eq_ignore_ascii_case(GATE_OPTIONS[1]) {
        Answer::Reject
    } else {
        Answer::Note(a.to_string())
    })
}

/// The key a passed gate is remembered under in `loop.gates`.
fn gate_key(round: i64, phase: &str) -> String {
    format!("{round}:{phase}")
}

impl Ctx<'_> {
    /// The `await_human` decision before the agent of `phase`, when the config lists the phase
    /// in `approval_gates` and its gate was not passed in this round.
    pub(crate) fn gate_before(&mut self, phase: Phase) -> Option<Decision> {
        let listed = self
            .cfg
            .approval_gates
            .as_ref()
            .is_some_and(|g| g.iter().any(|p| p == phase.as_str()));
        let key = gate_key(self.state.round, phase.as_str());
        if !listed || self.lp.gates.contains(&key) {
            return None;
        }
        let question = format!(
            "approve {} ({}) of {} in round {}?",
            phase,
            role_str(Some(phase)),
            self.feature.id,
            self.state.round
        );
        let timeout_ms = self.cfg.approval_timeout_ms.max(0);
        let mut e = self.ev_named("await-human");
        e.role = phase_to_role(Some(phase)).map_or_else(Default::default, Into::into);
        e.detail.clone_from(&question);
        self.push(e);
        let action = Action::AwaitHuman {
            gate: phase.as_str().into(),
            question,
            options: GATE_OPTIONS.iter().map(|s| (*s).to_string()).collect(),
            timeout_ms,
            phase: self.phase_str(),
            round: self.state.round,
        };
        Some(self.decide(
            action,
            Some(Pending::Human {
                gate: phase.as_str().into(),
                timeout_ms,
            }),
        ))
    }

    /// A `human_reply` (`Some(answer)`) or `human_timeout` (`None`): facts first (a stop file
    /// or a signal while waiting stops the run as at the top of the loop), then the answer.
    pub(crate) fn on_human(
        &mut self,
        gate: &str,
        timeout_ms: i64,
        answer: Option<&str>,
    ) -> Result<Decision> {
        if self.facts.interrupted || self.facts.stop_requested {
            return self.top();
        }
        let effect = answer.map(answer_effect).transpose()?;
        let round = self.state.round;
        let Some(effect) = effect else {
            let e = self.ev_named("human-timeout");
            self.push(e);
            let msg =
                format!("no answer to the {gate} gate within {timeout_ms} ms (round {round})");
            return Ok(self.stop_with(None, HUMAN_TIMEOUT, &msg));
        };
        let mut e = self.ev_named("human-reply");
        match &effect {
            Answer::Approve => e.status = "approve".into(),
            Answer::Reject => e.status = "reject".into(),
            Answer::Note(text) => {
                e.status = "note".into();
                e.detail.clone_from(text);
            }
        }
        self.push(e);
        match effect {
            Answer::Reject => {
                let msg = format!("{gate} gate rejected (round {round})");
                Ok(self.stop_with(None, GATE_REJECTED, &msg))
            }
            Answer::Approve => {
                self.lp.gates.push(gate_key(round, gate));
                self.top()
            }
            Answer::Note(text) => {
                self.lp.gates.push(gate_key(round, gate));
                self.lp.note = Some(text);
                self.top()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn approve_and_reject_are_words_any_other_text_is_a_note() {
        assert_eq!(answer_effect(" Approve ").unwrap(), Answer::Approve);
        assert_eq!(answer_effect("REJECT").unwrap(), Answer::Reject);
        assert_eq!(
            answer_effect("use the v2 API ").unwrap(),
            Answer::Note("use the v2 API".into())
        );
    }

    #[test]
    fn an_empty_answer_is_invalid_input() {
        let e = answer_effect("  \n").unwrap_err();
        assert_eq!(e.kind, crate::error::ErrorKind::InvalidInput);
    }
}
