//! The explicit dispatcher (router.md): which agent runs a task, from its kind,
//! origin and phase, with remfix rows first and memory tasks inline. Launching the agent is the
//! caller's.

use serde::Serialize;

use crate::error::{Error, ErrorKind, Result};

use crate::router::edition::Edition;
use crate::router::vocabulary::{Agent, Kind, Origin, Phase};

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

/// The agent the edition's phase table names for `phase` (the tables are
/// [`Rules::phase_agents`](crate::router::edition::Rules::phase_agents)).
pub fn phase_agent(edition: Edition, phase: Phase) -> Option<Agent> {
    edition
        .rules()
        .phase_agents
        .iter()
        .find(|(p, _)| *p == phase)
        .map(|(_, a)| *a)
}

fn no_rule(what: String) -> Error {
    Error::new(ErrorKind::NoDispatchRule, what)
}

/// Dispatches a task (in the spec's order) with the edition's tables.
///
/// ```
/// use fourx_core::router::dispatch::dispatch;
/// use fourx_core::router::edition::Edition;
/// use fourx_core::router::{Agent, Kind, Phase};
///
/// let d = dispatch(Edition::V12_7, Kind::Agent, Some(Phase::BuildHunt), None).unwrap();
/// assert_eq!(d.agent, Some(Agent::FailureHunter));
/// ```
pub fn dispatch(
    edition: Edition,
    kind: Kind,
    phase: Option<Phase>,
    origin: Option<Origin>,
) -> Result<Dispatch> {
    let sub = |a| Dispatch {
        mode: Mode::Subagent,
        agent: Some(a),
    };
    if kind == Kind::Remfix {
        let origin = origin.ok_or_else(|| {
            Error::new(ErrorKind::MissingField, "a remfix task needs `origin`").with_field("origin")
        })?;
        return edition
            .rules()
            .remfix_agents
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
    phase_agent(edition, phase)
        .map(sub)
        .ok_or_else(|| no_rule(format!("no dispatcher row maps phase {phase} to an agent")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phase_table_matches_router_spec_4_11() {
        let e = Edition::V11;
        let mapped: Vec<_> = e
            .rules()
            .phases
            .iter()
            .map(|&p| (p.as_str(), phase_agent(e, p).map(Agent::as_str)))
            .filter(|(_, a)| a.is_some())
            .collect();
        assert_eq!(mapped.len(), 18);
        let unmapped: Vec<_> = e
            .rules()
            .phases
            .iter()
            .filter(|p| phase_agent(e, **p).is_none())
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
        assert_eq!(phase_agent(e, Phase::BuildDocSync), Some(Agent::DocSyncer));
        assert_eq!(phase_agent(e, Phase::RePlan), Some(Agent::Planner));
    }

    #[test]
    fn remfix_rows_take_precedence_over_phase() {
        let d = dispatch(
            Edition::V11,
            Kind::Remfix,
            Some(Phase::BuildReview),
            Some(Origin::CodeReviewer),
        )
        .unwrap();
        assert_eq!(d.agent, Some(Agent::ComponentBuilder));
        let e = dispatch(Edition::V11, Kind::Remfix, None, Some(Origin::Planner)).unwrap_err();
        assert_eq!(e.kind, ErrorKind::NoDispatchRule);
    }

    #[test]
    fn memory_tasks_run_inline() {
        assert_eq!(
            dispatch(Edition::V11, Kind::Agent, Some(Phase::MemoryFinalize), None)
                .unwrap()
                .mode,
            Mode::Inline
        );
        assert_eq!(
            dispatch(Edition::V11, Kind::Memory, None, None)
                .unwrap()
                .mode,
            Mode::Inline
        );
    }
}

#[cfg(test)]
mod edition_tests {
    use super::*;

    #[test]
    fn head_dispatcher_sends_hunts_to_failure_hunter_and_research_to_researcher() {
        let e = Edition::V12_7;
        let agent = |k, p| dispatch(e, k, Some(p), None).unwrap().agent;
        assert_eq!(
            agent(Kind::Agent, Phase::ReHunt),
            Some(Agent::FailureHunter)
        );
        assert_eq!(
            agent(Kind::Research, Phase::ResearchWeb),
            Some(Agent::Researcher)
        );
        assert_eq!(agent(Kind::Agent, Phase::Triage), Some(Agent::TriageAgent));
        let d = dispatch(e, Kind::Remfix, None, Some(Origin::SilentFailureHunter));
        assert_eq!(d.unwrap_err().kind, ErrorKind::NoDispatchRule);
    }
}
