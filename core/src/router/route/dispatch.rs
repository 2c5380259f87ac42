//! The explicit dispatcher (router.md §4.11, seed §7): which agent runs a task, from its kind,
//! origin and phase, with remfix rows first and memory tasks inline. Launching the agent is the
//! caller's.

use serde::Serialize;

use crate::error::{Error, ErrorKind, Result};

use crate::router::vocabulary::{Agent, Kind, Origin, Phase};

/// The phase → agent table (seed §7 dispatcher).
pub static PHASE_AGENTS: &[(Phase, Agent)] = &[
    (Phase::BuildImplement, Agent::ComponentBuilder),
    (Phase::DebugInvestigate, Agent::BugInvestigator),
    (Phase::BuildReview, Agent::CodeReviewer),
    (Phase::DebugReview, Agent::CodeReviewer),
    (Phase::ReviewAudit, Agent::CodeReviewer),
    (Phase::ReReview, Agent::CodeReviewer),
    (Phase::BuildHunt, Agent::SilentFailureHunter),
    (Phase::ReHunt, Agent::SilentFailureHunter),
    (Phase::BuildVerify, Agent::IntegrationVerifier),
    (Phase::DebugVerify, Agent::IntegrationVerifier),
    (Phase::ReVerify, Agent::IntegrationVerifier),
    (Phase::PlanCreate, Agent::Planner),
    (Phase::RePlan, Agent::Planner),
    (Phase::PlanReviewGap1, Agent::PlanGapReviewer),
    (Phase::PlanReviewGap2, Agent::PlanGapReviewer),
    (Phase::ResearchWeb, Agent::WebResearcher),
    (Phase::ResearchGithub, Agent::GithubResearcher),
    (Phase::BuildDocSync, Agent::DocSyncer),
];

/// The `kind:remfix` + origin → agent rows (seed §7, full text from b0410fc).
pub static REMFIX_AGENTS: &[(Origin, Agent)] = &[
    (Origin::BugInvestigator, Agent::BugInvestigator),
    (Origin::CodeReviewer, Agent::ComponentBuilder),
    (Origin::SilentFailureHunter, Agent::ComponentBuilder),
    (Origin::IntegrationVerifier, Agent::ComponentBuilder),
    (Origin::Router, Agent::ComponentBuilder),
];

/// How a task runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// As a sub-agent.
    Subagent,
    /// Inline by the router (memory tasks).
    Inline,
}

/// A dispatch decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dispatch {
    /// How the task runs.
    pub mode: Mode,
    /// The agent, for sub-agent tasks.
    pub agent: Option<Agent>,
}

/// The agent the phase table names for `phase`.
pub fn phase_agent(phase: Phase) -> Option<Agent> {
    PHASE_AGENTS
        .iter()
        .find(|(p, _)| *p == phase)
        .map(|(_, a)| *a)
}

fn no_rule(what: String) -> Error {
    Error::new(ErrorKind::NoDispatchRule, what)
}

/// Dispatches a task (router.md §4.11 order).
pub fn dispatch(kind: Kind, phase: Option<Phase>, origin: Option<Origin>) -> Result<Dispatch> {
    let sub = |a| Dispatch {
        mode: Mode::Subagent,
        agent: Some(a),
    };
    if kind == Kind::Remfix {
        let origin = origin.ok_or_else(|| {
            Error::new(ErrorKind::MissingField, "a remfix task needs `origin`").with_field("origin")
        })?;
        return REMFIX_AGENTS
            .iter()
            .find(|(o, _)| *o == origin)
            .map(|(_, a)| sub(*a))
            .ok_or_else(|| no_rule(format!("no dispatcher row for remfix from {origin}")));
    }
    if kind == Kind::Memory || phase == Some(Phase::MemoryFinalize) {
        return Ok(Dispatch {
            mode: Mode::Inline,
            agent: None,
        });
    }
    if kind == Kind::Workflow {
        return Err(no_rule(
            "parent workflow tasks are not dispatched".to_string(),
        ));
    }
    let phase = phase.ok_or_else(|| {
        Error::new(
            ErrorKind::MissingField,
            "`phase` is required to dispatch this task",
        )
        .with_field("phase")
    })?;
    phase_agent(phase)
        .map(sub)
        .ok_or_else(|| no_rule(format!("no dispatcher row maps phase {phase} to an agent")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phase_table_matches_router_spec_4_11() {
        let mapped: Vec<_> = Phase::ALL
            .iter()
            .map(|&p| (p.as_str(), phase_agent(p).map(Agent::as_str)))
            .filter(|(_, a)| a.is_some())
            .collect();
        assert_eq!(mapped.len(), 18);
        let unmapped: Vec<_> = Phase::ALL
            .iter()
            .filter(|p| phase_agent(**p).is_none())
            .map(|p| p.as_str())
            .collect();
        assert_eq!(
            unmapped,
            [
                "build",
                "build-finish",
                "debug",
                "review",
                "plan",
                "memory-finalize"
            ]
        );
        assert_eq!(phase_agent(Phase::BuildDocSync), Some(Agent::DocSyncer));
        assert_eq!(phase_agent(Phase::RePlan), Some(Agent::Planner));
    }

    #[test]
    fn remfix_rows_take_precedence_over_phase() {
        let d = dispatch(
            Kind::Remfix,
            Some(Phase::BuildReview),
            Some(Origin::CodeReviewer),
        )
        .unwrap();
        assert_eq!(d.agent, Some(Agent::ComponentBuilder));
        let e = dispatch(Kind::Remfix, None, Some(Origin::Planner)).unwrap_err();
        assert_eq!(e.kind, ErrorKind::NoDispatchRule);
    }

    #[test]
    fn memory_tasks_run_inline() {
        assert_eq!(
            dispatch(Kind::Agent, Some(Phase::MemoryFinalize), None)
                .unwrap()
                .mode,
            Mode::Inline
        );
        assert_eq!(
            dispatch(Kind::Memory, None, None).unwrap().mode,
            Mode::Inline
        );
    }
}
