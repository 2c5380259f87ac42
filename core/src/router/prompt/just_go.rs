//! The JUST_GO gate (router.md): what a pending AskUserQuestion gate does when the session
//! has `AUTO_PROCEED: true`, under the seed's trust rules.
//!
//! Classifying a real gate into a [`Gate`] and writing the `## Decisions` log line are left to the
//! host; JUST_GO never changes a model tier.

use std::fmt;
use std::str::FromStr;

use super::text::has_line_break;
use crate::error::{Error, ErrorKind, Result};
use crate::router::parse::text::is_blank;

/// The class of the pending gate (fourx names for the seed's categories).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Gate {
    /// Any other AskUserQuestion gate (scope decision, plan first, worktree, finishing menu, ...).
    Ordinary,
    /// The verifier REVERT gate.
    Revert,
    /// The failure-stop gate.
    FailureStop,
    /// The recommended option would contradict an explicit user or project standard.
    StandardsConflict,
    /// BUILD would start while the plan still has unresolved Open Decisions.
    OpenDecisions,
}

/// What the gate does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GateAction {
    /// Take the recommended option and log it in `## Decisions`.
    AutoDefault,
    /// Ask the user exactly as without JUST_GO.
    Ask,
    /// Do not proceed (BUILD may not start).
    Block,
}

/// Gate class → (spelling, action under JUST_GO, action without it): the table.
static GATES: &[(Gate, &str, GateAction, GateAction)] = &[
    (
        Gate::Ordinary,
        "ordinary",
        GateAction::AutoDefault,
        GateAction::Ask,
    ),
    (Gate::Revert, "revert", GateAction::Ask, GateAction::Ask),
    (
        Gate::FailureStop,
        "failure_stop",
        GateAction::Ask,
        GateAction::Ask,
    ),
    (
        Gate::StandardsConflict,
        "standards_conflict",
        GateAction::Ask,
        GateAction::Ask,
    ),
    (
        Gate::OpenDecisions,
        "open_decisions",
        GateAction::Block,
        GateAction::Block,
    ),
];

impl Gate {
    fn row(self) -> &'static (Gate, &'static str, GateAction, GateAction) {
        GATES.iter().find(|r| r.0 == self).unwrap_or(&GATES[0])
    }

    /// The spelling (`ordinary`, `revert`, ...).
    pub fn as_str(self) -> &'static str {
        self.row().1
    }

    /// The action for this gate with JUST_GO on or off.
    pub fn action(self, just_go: bool) -> GateAction {
        let row = self.row();
        if just_go {
            row.2
        } else {
            row.3
        }
    }
}

impl fmt::Display for Gate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Gate {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self> {
        GATES.iter().find(|r| r.1 == s).map(|r| r.0).ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidValue,
                format!(
                    "gate {s:?} is unknown; use ordinary, revert, failure_stop, \
                     standards_conflict or open_decisions"
                ),
            )
            .with_field("gate")
        })
    }
}

impl GateAction {
    /// `auto_default`, `ask` or `block`.
    pub fn as_str(self) -> &'static str {
        match self {
            GateAction::AutoDefault => "auto_default",
            GateAction::Ask => "ask",
            GateAction::Block => "block",
        }
    }
}

impl fmt::Display for GateAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
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
        for (gate, _, with, without) in GATES {
            assert_eq!(gate.action(true), *with);
            assert_eq!(gate.action(false), *without);
            assert_eq!(gate.as_str().parse::<Gate>().ok(), Some(*gate));
        }
        let d = just_go_gate(true, Gate::Ordinary, Some("Plan first (Recommended)")).unwrap();
        assert_eq!(d.answer.as_deref(), Some("Plan first (Recommended)"));
        assert!(d.log_decision);
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
