//! The JUST_GO gate (router.md): what a pending AskUserQuestion gate does when the session
//! has `AUTO_PROCEED: true`, under the seed's trust rules.
//!
//! Classifying a real gate into a [`Gate`] and writing the `## Decisions` log line are left to the
//! host; JUST_GO never changes a model tier.

use super::text::has_line_break;
use crate::error::{Error, ErrorKind, Result};
use crate::router::parse::text::is_blank;

crate::words::string_enum! {
    /// The class of the pending gate (fourx names for the seed's categories).
    pub enum Gate("gate", Error, unknown_gate) {
        /// Any other AskUserQuestion gate (scope decision, plan first, worktree, finishing menu, ...).
        Ordinary = "ordinary",
        /// The verifier REVERT gate.
        Revert = "revert",
        /// The failure-stop gate.
        FailureStop = "failure_stop",
        /// The recommended option would contradict an explicit user or project standard.
        StandardsConflict = "standards_conflict",
        /// BUILD would start while the plan still has unresolved Open Decisions.
        OpenDecisions = "open_decisions",
    }
}

/// A gate word outside [`Gate`]: `invalid_value` on field `gate`, listing the words.
fn unknown_gate(_what: &str, s: &str) -> Error {
    let (last, rest) = Gate::WORDS.split_last().unwrap_or((&"", &[]));
    Error::new(
        ErrorKind::InvalidValue,
        format!("gate {s:?} is unknown; use {} or {last}", rest.join(", ")),
    )
    .with_field("gate")
}

crate::words::string_enum! {
    /// What the gate does.
    pub enum GateAction("gate action", Error, Error::unknown_word) {
        /// Take the recommended option and log it in `## Decisions`.
        AutoDefault = "auto_default",
        /// Ask the user exactly as without JUST_GO.
        Ask = "ask",
        /// Do not proceed (BUILD may not start).
        Block = "block",
    }
}

/// Gate class → (action under JUST_GO, action without it): the JUST_GO gate table.
static GATES: &[(Gate, GateAction, GateAction)] = &[
    (Gate::Ordinary, GateAction::AutoDefault, GateAction::Ask),
    (Gate::Revert, GateAction::Ask, GateAction::Ask),
    (Gate::FailureStop, GateAction::Ask, GateAction::Ask),
    (Gate::StandardsConflict, GateAction::Ask, GateAction::Ask),
    (Gate::OpenDecisions, GateAction::Block, GateAction::Block),
];

impl Gate {
    /// The action for this gate with JUST_GO on or off.
    pub fn action(self, just_go: bool) -> GateAction {
        let row = GATES.iter().find(|r| r.0 == self).unwrap_or(&GATES[0]);
        if just_go {
            row.1
        } else {
            row.2
        }
    }
}

/// The decision of [`just_go_gate`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GateDecision {
    /// What the gate does.
    pub action: GateAction,
    /// The recommended option, verbatim, for an auto-default; `None` otherwise.
    pub answer: Option<String>,
    /// Whether the host records the choice in activeContext `## Decisions`.
    pub log_decision: bool,
}

/// Decides a pending gate. `recommended` is read only for an auto-default: then
/// it is required (`missing_field`) and must be a non-blank single line (`invalid_value`).
pub fn just_go_gate(just_go: bool, gate: Gate, recommended: Option<&str>) -> Result<GateDecision> {
    let action = gate.action(just_go);
    if action != GateAction::AutoDefault {
        return Ok(GateDecision {
            action,
            answer: None,
            log_decision: false,
        });
    }
    let answer = recommended.ok_or_else(|| {
        Error::new(
            ErrorKind::MissingField,
            "an auto-defaulted gate needs `recommended`, the option marked (Recommended)",
        )
        .with_field("recommended")
    })?;
    if is_blank(answer) || has_line_break(answer) {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            "`recommended` must be one non-blank line: the recommended option's label",
        )
        .with_field("recommended"));
    }
    Ok(GateDecision {
        action,
        answer: Some(answer.to_string()),
        log_decision: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn just_go_auto_defaults_only_ordinary_gates() {
        for (gate, with, without) in GATES {
            assert_eq!(gate.action(true), *with);
            assert_eq!(gate.action(false), *without);
            assert_eq!(gate.as_str().parse::<Gate>().ok(), Some(*gate));
        }
        let d = just_go_gate(true, Gate::Ordinary, Some("Plan first (Recommended)")).unwrap();
        assert_eq!(d.answer.as_deref(), Some("Plan first (Recommended)"));
        assert!(d.log_decision);
    }

    #[test]
    fn every_gate_has_one_row_and_the_words_are_the_fourx_names() {
        assert_eq!(
            Gate::WORDS,
            &[
                "ordinary",
                "revert",
                "failure_stop",
                "standards_conflict",
                "open_decisions"
            ]
        );
        assert_eq!(GateAction::WORDS, &["auto_default", "ask", "block"]);
        let rows: Vec<Gate> = GATES.iter().map(|r| r.0).collect();
        assert_eq!(rows, Gate::ALL);
        let e = "Revert".parse::<Gate>().unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidValue);
        assert_eq!(e.field.as_deref(), Some("gate"));
        assert_eq!(
            e.message,
            "gate \"Revert\" is unknown; use ordinary, revert, failure_stop, \
             standards_conflict or open_decisions"
        );
    }

    #[test]
    fn trust_rules_are_never_overridden() {
        for gate in [Gate::Revert, Gate::FailureStop, Gate::StandardsConflict] {
            let d = just_go_gate(true, gate, Some("x")).unwrap();
            assert_eq!(
                (d.action, d.answer, d.log_decision),
                (GateAction::Ask, None, false)
            );
        }
        let d = just_go_gate(false, Gate::OpenDecisions, None).unwrap();
        assert_eq!(d.action, GateAction::Block);
    }

    #[test]
    fn recommended_is_checked_only_for_an_auto_default() {
        assert!(just_go_gate(false, Gate::Ordinary, Some("\n")).is_ok());
        let e = just_go_gate(true, Gate::Ordinary, Some("a\nb")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidValue);
        let e = just_go_gate(true, Gate::Ordinary, None).unwrap_err();
        assert_eq!(e.kind, ErrorKind::MissingField);
    }
}
