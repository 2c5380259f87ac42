//! Agent statuses (router.md table polarity): the statuses each agent
//! may report and whether each is a pass or a fail. One table feeds the read-only parser, the
//! write-contract parser and verdict reconciliation.

use serde::Serialize;

use crate::router::vocabulary::Agent;

/// Whether a status passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Polarity {
    /// A passing verdict (doc-syncer PARTIAL is a soft pass).
    Pass,
    /// A failing verdict.
    Fail,
}

use Polarity::{Fail, Pass};

/// One agent's statuses with their polarity.
pub type StatusRow = &'static [(&'static str, Option<Polarity>)];

/// Each agent's statuses in the spec's order; researchers' statuses carry no polarity.
pub static AGENT_STATUSES: &[(Agent, StatusRow)] = &[
    (
        Agent::CodeReviewer,
        &[("APPROVE", Some(Pass)), ("CHANGES_REQUESTED", Some(Fail))],
    ),
    (
        Agent::SilentFailureHunter,
        &[("CLEAN", Some(Pass)), ("ISSUES_FOUND", Some(Fail))],
    ),
    (
        Agent::IntegrationVerifier,
        &[("PASS", Some(Pass)), ("FAIL", Some(Fail))],
    ),
    (
        Agent::PlanGapReviewer,
        &[("PASS", Some(Pass)), ("FINDINGS", Some(Fail))],
    ),
    (
        Agent::ComponentBuilder,
        &[("PASS", Some(Pass)), ("FAIL", Some(Fail))],
    ),
    (
        Agent::BugInvestigator,
        &[
            ("FIXED", Some(Pass)),
            ("INVESTIGATING", Some(Fail)),
            ("BLOCKED", Some(Fail)),
        ],
    ),
    (
        Agent::Planner,
        &[
            ("PLAN_CREATED", Some(Pass)),
            ("DECISION_RFC_CREATED", Some(Pass)),
            ("NEEDS_CLARIFICATION", Some(Fail)),
        ],
    ),
    (
        Agent::WebResearcher,
        &[
            ("COMPLETE", None),
            ("PARTIAL", None),
            ("DEGRADED", None),
            ("UNAVAILABLE", None),
        ],
    ),
    (
        Agent::GithubResearcher,
        &[
            ("COMPLETE", None),
            ("PARTIAL", None),
            ("DEGRADED", None),
            ("UNAVAILABLE", None),
        ],
    ),
    (
        Agent::DocSyncer,
        &[
            ("COMPLETE", Some(Pass)),
            ("SKIPPED", Some(Pass)),
            ("PARTIAL", Some(Pass)),
            ("FAIL", Some(Fail)),
        ],
    ),
    // The `12.7.0` agents (router-workflow.md rows A1, R3).
    (
        Agent::FailureHunter,
        &[("CLEAN", Some(Pass)), ("ISSUES_FOUND", Some(Fail))],
    ),
    (
        Agent::Researcher,
        &[
            ("COMPLETE", None),
            ("PARTIAL", None),
            ("DEGRADED", None),
            ("UNAVAILABLE", None),
        ],
    ),
    (
        Agent::TriageAgent,
        &[
            ("TRIAGED", Some(Pass)),
            ("NEEDS_INFO", Some(Fail)),
            ("WONTFIX", Some(Fail)),
        ],
    ),
    (
        Agent::ArchitectureScanner,
        &[
            ("CANDIDATES_FOUND", Some(Pass)),
            ("NO_CANDIDATES", Some(Pass)),
        ],
    ),
    // The `12.10.0` QA agents (hook policy "Contract overrides": PASS, FAIL, and the
    // harness builder's and executor's BLOCKED for a missing environment).
    (
        Agent::QaResearcher,
        &[("PASS", Some(Pass)), ("FAIL", Some(Fail))],
    ),
    (
        Agent::QaHarnessBuilder,
        &[
            ("PASS", Some(Pass)),
            ("FAIL", Some(Fail)),
            ("BLOCKED", Some(Fail)),
        ],
    ),
    (
        Agent::QaExecutor,
        &[
            ("PASS", Some(Pass)),
            ("FAIL", Some(Fail)),
            ("BLOCKED", Some(Fail)),
        ],
    ),
];

/// The statuses of an agent.
pub fn statuses(agent: Agent) -> &'static [(&'static str, Option<Polarity>)] {
    AGENT_STATUSES
        .iter()
        .find(|(a, _)| *a == agent)
        .map_or(&[], |(_, s)| *s)
}

/// The polarity of `status` for `agent`; `None` when the status is not the agent's (or the agent
/// is a researcher).
pub fn polarity(agent: Agent, status: &str) -> Option<Polarity> {
    statuses(agent)
        .iter()
        .find(|(s, _)| *s == status)
        .and_then(|(_, p)| *p)
}

/// Whether `status` is one of the agent's statuses.
pub fn is_status(agent: Agent, status: &str) -> bool {
    statuses(agent).iter().any(|(s, _)| *s == status)
}

/// The pass and fail status of a read-only agent.
pub fn readonly_pair(agent: Agent) -> (&'static str, &'static str) {
    let s = statuses(agent);
    let pass = s
        .iter()
        .find(|(_, p)| *p == Some(Pass))
        .map_or("", |(s, _)| *s);
    let fail = s
        .iter()
        .find(|(_, p)| *p == Some(Fail))
        .map_or("", |(s, _)| *s);
    (pass, fail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_agent_has_a_status_row() {
        for a in Agent::ALL {
            assert!(!statuses(*a).is_empty(), "{a}");
        }
    }

    #[test]
    fn polarity_matches_router_spec_4_18() {
        let pass: Vec<_> = AGENT_STATUSES
            .iter()
            .flat_map(|(_, s)| s.iter())
            .filter(|(_, p)| *p == Some(Pass))
            .map(|(s, _)| *s)
            .collect();
        assert_eq!(
            pass,
            [
                "APPROVE",
                "CLEAN",
                "PASS",
                "PASS",
                "PASS",
                "FIXED",
                "PLAN_CREATED",
                "DECISION_RFC_CREATED",
                "COMPLETE",
                "SKIPPED",
                "PARTIAL",
                "CLEAN",
                "TRIAGED",
                "CANDIDATES_FOUND",
                "NO_CANDIDATES",
                "PASS",
                "PASS",
                "PASS"
            ]
        );
        let fail: Vec<_> = AGENT_STATUSES
            .iter()
            .flat_map(|(_, s)| s.iter())
            .filter(|(_, p)| *p == Some(Fail))
            .map(|(s, _)| *s)
            .collect();
        assert_eq!(
            fail,
            [
                "CHANGES_REQUESTED",
                "ISSUES_FOUND",
                "FAIL",
                "FINDINGS",
                "FAIL",
                "INVESTIGATING",
                "BLOCKED",
                "NEEDS_CLARIFICATION",
                "FAIL",
                "ISSUES_FOUND",
                "NEEDS_INFO",
                "WONTFIX",
                "FAIL",
                "FAIL",
                "BLOCKED",
                "FAIL",
                "BLOCKED"
            ]
        );
    }

    #[test]
    fn read_only_pairs_match_router_spec_4_15() {
        assert_eq!(
            readonly_pair(Agent::CodeReviewer),
            ("APPROVE", "CHANGES_REQUESTED")
        );
        assert_eq!(
            readonly_pair(Agent::SilentFailureHunter),
            ("CLEAN", "ISSUES_FOUND")
        );
        assert_eq!(readonly_pair(Agent::IntegrationVerifier), ("PASS", "FAIL"));
        assert_eq!(readonly_pair(Agent::PlanGapReviewer), ("PASS", "FINDINGS"));
    }
}
