//! The per-role model-tier policy (router.md): the recommended abstract tier per
//! agent, the requested override and the reviewer floor. Mapping tiers to concrete model ids is
//! the host's; a model must always be set explicitly.

use serde::Serialize;

use crate::router::vocabulary::{Agent, BuildScope, Tier};

/// The recommended tier of each agent; builder and investigator depend on scope / escalation.
/// `None` for the `12.7.0` agents the advisory table has no row for (failure-hunter,
/// triage-agent, architecture-scanner) and the three `12.10.0` QA agents; `researcher` is
/// `standard` like the two it replaces.
pub fn recommended(agent: Agent, build_scope: BuildScope, escalate: bool) -> Option<Tier> {
    Some(match agent {
        Agent::ComponentBuilder => match build_scope {
            BuildScope::Trivial => Tier::Cheap,
            BuildScope::Standard => Tier::Standard,
        },
        Agent::DocSyncer => Tier::Cheap,
        Agent::CodeReviewer | Agent::SilentFailureHunter => Tier::Standard,
        Agent::BugInvestigator => {
            if escalate {
                Tier::Capable
            } else {
                Tier::Standard
            }
        }
        Agent::Planner | Agent::PlanGapReviewer | Agent::IntegrationVerifier => Tier::Capable,
        Agent::WebResearcher | Agent::GithubResearcher | Agent::Researcher => Tier::Standard,
        Agent::FailureHunter
        | Agent::TriageAgent
        | Agent::ArchitectureScanner
        | Agent::QaResearcher
        | Agent::QaHarnessBuilder
        | Agent::QaExecutor => return None,
    })
}

/// The reviewer floor: gate-keeping roles never run below `standard`.
pub fn floor(agent: Agent) -> Option<Tier> {
    matches!(
        agent,
        Agent::CodeReviewer
            | Agent::SilentFailureHunter
            | Agent::IntegrationVerifier
            | Agent::PlanGapReviewer
    )
    .then_some(Tier::Standard)
}

/// A tier decision.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TierChoice {
    /// `cc10x:` + agent.
    pub agent: String,
    /// The tier to use.
    pub tier: Tier,
    /// The table's recommendation.
    pub recommended: Tier,
    /// The floor, if the agent has one.
    pub floor: Option<Tier>,
    /// Whether the floor raised the tier.
    pub floor_applied: bool,
}

/// Chooses a tier: `requested` or the recommendation, raised to the floor; `None` when the
/// table has no row for the agent.
pub fn choose(
    agent: Agent,
    build_scope: BuildScope,
    escalate: bool,
    requested: Option<Tier>,
) -> Option<TierChoice> {
    let rec = recommended(agent, build_scope, escalate)?;
    let base = requested.unwrap_or(rec);
    let fl = floor(agent);
    let (tier, applied) = match fl {
        Some(f) if base < f => (f, true),
        _ => (base, false),
    };
    Some(TierChoice {
        agent: agent.qualified(),
        tier,
        recommended: rec,
        floor: fl,
        floor_applied: applied,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tier_table_matches_router_spec_4_12() {
        let table: Vec<_> = Agent::ALL
            .iter()
            .map(|&a| {
                (
                    a.as_str(),
                    recommended(a, BuildScope::Standard, false).map(Tier::as_str),
                )
            })
            .collect();
        assert_eq!(
            table,
            [
                ("component-builder", Some("standard")),
                ("bug-investigator", Some("standard")),
                ("code-reviewer", Some("standard")),
                ("silent-failure-hunter", Some("standard")),
                ("integration-verifier", Some("capable")),
                ("planner", Some("capable")),
                ("plan-gap-reviewer", Some("capable")),
                ("web-researcher", Some("standard")),
                ("github-researcher", Some("standard")),
                ("doc-syncer", Some("cheap")),
                ("failure-hunter", None),
                ("researcher", Some("standard")),
                ("triage-agent", None),
                ("architecture-scanner", None),
                ("qa-researcher", None),
                ("qa-harness-builder", None),
                ("qa-executor", None),
            ]
        );
        assert_eq!(
            recommended(Agent::ComponentBuilder, BuildScope::Trivial, false),
            Some(Tier::Cheap)
        );
        assert_eq!(
            recommended(Agent::BugInvestigator, BuildScope::Standard, true),
            Some(Tier::Capable)
        );
    }

    #[test]
    fn reviewer_floor_raises_cheap_to_standard_only_for_gatekeepers() {
        let c = choose(
            Agent::PlanGapReviewer,
            BuildScope::Standard,
            false,
            Some(Tier::Cheap),
        )
        .unwrap();
        assert_eq!((c.tier, c.floor_applied), (Tier::Standard, true));
        let c = choose(
            Agent::DocSyncer,
            BuildScope::Standard,
            false,
            Some(Tier::Cheap),
        )
        .unwrap();
        assert_eq!(
            (c.tier, c.floor, c.floor_applied),
            (Tier::Cheap, None, false)
        );
        let c = choose(
            Agent::CodeReviewer,
            BuildScope::Standard,
            false,
            Some(Tier::Capable),
        )
        .unwrap();
        assert_eq!((c.tier, c.floor_applied), (Tier::Capable, false));
    }
}
