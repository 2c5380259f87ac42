//! The router's closed vocabularies (router.md §3): task kinds, origins, phases, scopes, workflow
//! types, the ten agents and the abstract model tiers, each an enum whose `FromStr`/`Display`
//! round-trip the seed's spellings. Which values an op accepts where is decided by the op's module.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind};

/// A string that is not one of an enum's spellings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownName {
    /// What was being parsed (`kind`, `phase`, …).
    pub what: &'static str,
    /// The refused text.
    pub value: String,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is not a valid {}", self.value, self.what)
    }
}

impl std::error::Error for UnknownName {}

impl UnknownName {
    /// As an `invalid_value` error naming `field`.
    pub fn into_error(self, field: &str) -> Error {
        Error::new(ErrorKind::InvalidValue, self.to_string()).with_field(field)
    }
}

/// Defines a closed string enum with `ALL`, `as_str`, `FromStr`, `Display` and `Serialize`.
macro_rules! string_enum {
    ($(#[$m:meta])* $name:ident ($what:literal) { $($var:ident = $s:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $(#[doc = concat!("`", $s, "`")] $var),+
        }

        impl $name {
            /// Every value, in the spec's order.
            pub const ALL: &'static [$name] = &[$($name::$var),+];

            /// The seed's spelling.
            pub fn as_str(self) -> &'static str {
                match self { $($name::$var => $s),+ }
            }
        }

        impl FromStr for $name {
            type Err = UnknownName;
            fn from_str(s: &str) -> Result<Self, UnknownName> {
                match s {
                    $($s => Ok($name::$var),)+
                    _ => Err(UnknownName { what: $what, value: s.to_string() }),
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }
    };
}

string_enum! {
    /// A task's `kind:` (seed §3).
    Kind("kind") {
        Workflow = "workflow",
        Agent = "agent",
        Remfix = "remfix",
        Memory = "memory",
        Reverify = "reverify",
        Research = "research",
    }
}

string_enum! {
    /// A task's `origin:` (seed §3).
    Origin("origin") {
        Router = "router",
        ComponentBuilder = "component-builder",
        BugInvestigator = "bug-investigator",
        CodeReviewer = "code-reviewer",
        SilentFailureHunter = "silent-failure-hunter",
        IntegrationVerifier = "integration-verifier",
        Planner = "planner",
    }
}

string_enum! {
    /// A task's `phase:` (seed §3).
    Phase("phase") {
        Build = "build",
        BuildImplement = "build-implement",
        BuildReview = "build-review",
        BuildHunt = "build-hunt",
        BuildVerify = "build-verify",
        BuildDocSync = "build-doc-sync",
        BuildFinish = "build-finish",
        Debug = "debug",
        DebugInvestigate = "debug-investigate",
        DebugReview = "debug-review",
        DebugVerify = "debug-verify",
        Review = "review",
        ReviewAudit = "review-audit",
        Plan = "plan",
        PlanCreate = "plan-create",
        PlanReviewGap1 = "plan-review-gap-1",
        PlanReviewGap2 = "plan-review-gap-2",
        MemoryFinalize = "memory-finalize",
        ReReview = "re-review",
        ReHunt = "re-hunt",
        ReVerify = "re-verify",
        RePlan = "re-plan",
        ResearchWeb = "research-web",
        ResearchGithub = "research-github",
        Triage = "triage",
        CodebaseHealth = "codebase-health",
    }
}

string_enum! {
    /// A task's `scope:` (seed §3).
    Scope("scope") {
        AllIssues = "ALL_ISSUES",
        CriticalOnly = "CRITICAL_ONLY",
        NotApplicable = "N/A",
    }
}

string_enum! {
    /// A workflow type; `ORIENT` is a route that never gets a task, artifact or graph.
    WorkflowType("workflow type") {
        Build = "BUILD",
        Debug = "DEBUG",
        Review = "REVIEW",
        Plan = "PLAN",
        Orient = "ORIENT",
        Triage = "TRIAGE",
        CodebaseHealth = "CODEBASE-HEALTH",
    }
}

impl WorkflowType {
    /// The lower-case parent phase (`build|debug|review|plan`); `None` for ORIENT.
    pub fn parent_phase(self) -> Option<Phase> {
        match self {
            WorkflowType::Build => Some(Phase::Build),
            WorkflowType::Debug => Some(Phase::Debug),
            WorkflowType::Review => Some(Phase::Review),
            WorkflowType::Plan => Some(Phase::Plan),
            WorkflowType::Triage => Some(Phase::Triage),
            WorkflowType::CodebaseHealth => Some(Phase::CodebaseHealth),
            WorkflowType::Orient => None,
        }
    }
}

string_enum! {
    /// A cc10x agent, by bare name: the ten of `11.0.0` (router.md §3) and the four names that
    /// `12.7.0` adds; which ones an op accepts is the edition's agent table
    /// ([`Edition::agents`](super::edition::Edition::agents)).
    Agent("agent") {
        ComponentBuilder = "component-builder",
        BugInvestigator = "bug-investigator",
        CodeReviewer = "code-reviewer",
        SilentFailureHunter = "silent-failure-hunter",
        IntegrationVerifier = "integration-verifier",
        Planner = "planner",
        PlanGapReviewer = "plan-gap-reviewer",
        WebResearcher = "web-researcher",
        GithubResearcher = "github-researcher",
        DocSyncer = "doc-syncer",
        FailureHunter = "failure-hunter",
        Researcher = "researcher",
        TriageAgent = "triage-agent",
        ArchitectureScanner = "architecture-scanner",
    }
}

/// The prefix every agent name carries in outputs (and may carry in inputs).
pub const AGENT_PREFIX: &str = "cc10x:";

/// Whether an agent returns a read-only verdict or a write (YAML) contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentClass {
    /// Read-only: CONTRACT envelope or heading verdict (§4.15).
    ReadOnly,
    /// Write: a YAML Router Contract block (§4.16).
    Write,
}

impl Agent {
    /// Parses a bare or `cc10x:`-prefixed agent name.
    pub fn parse_name(s: &str) -> Result<Agent, UnknownName> {
        s.strip_prefix(AGENT_PREFIX).unwrap_or(s).parse()
    }

    /// The output spelling: `cc10x:` + name.
    pub fn qualified(self) -> String {
        format!("{AGENT_PREFIX}{}", self.as_str())
    }

    /// The agent's output class (router.md §3 agent table).
    pub fn class(self) -> AgentClass {
        match self {
            Agent::CodeReviewer
            | Agent::SilentFailureHunter
            | Agent::FailureHunter
            | Agent::IntegrationVerifier
            | Agent::PlanGapReviewer
            | Agent::TriageAgent
            | Agent::ArchitectureScanner => AgentClass::ReadOnly,
            Agent::ComponentBuilder
            | Agent::BugInvestigator
            | Agent::Planner
            | Agent::WebResearcher
            | Agent::GithubResearcher
            | Agent::Researcher
            | Agent::DocSyncer => AgentClass::Write,
        }
    }

    /// Whether the agent is one of the two researchers.
    pub fn is_researcher(self) -> bool {
        matches!(
            self,
            Agent::WebResearcher | Agent::GithubResearcher | Agent::Researcher
        )
    }
}

string_enum! {
    /// An abstract model tier, ordered cheap < standard < capable (seed §7).
    Tier("tier") {
        Cheap = "cheap",
        Standard = "standard",
        Capable = "capable",
    }
}

string_enum! {
    /// The BUILD complexity scope (repo build-workflow.md).
    BuildScope("build_scope") {
        Trivial = "trivial",
        Standard = "standard",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_enum_round_trips_its_seed_spelling() {
        fn check<T: FromStr + fmt::Display + Copy + PartialEq + fmt::Debug>(all: &[T]) {
            for &v in all {
                assert_eq!(v.to_string().parse::<T>().ok(), Some(v));
            }
        }
        check(Kind::ALL);
        check(Origin::ALL);
        check(Phase::ALL);
        check(Scope::ALL);
        check(WorkflowType::ALL);
        check(Agent::ALL);
        check(Tier::ALL);
        check(BuildScope::ALL);
    }

    #[test]
    fn vocabularies_match_router_spec_section_3() {
        let names = |v: Vec<&str>| v.join(",");
        assert_eq!(
            names(Kind::ALL.iter().map(|k| k.as_str()).collect()),
            "workflow,agent,remfix,memory,reverify,research"
        );
        assert_eq!(
            names(Origin::ALL.iter().map(|k| k.as_str()).collect()),
            "router,component-builder,bug-investigator,code-reviewer,silent-failure-hunter,integration-verifier,planner"
        );
        assert_eq!(
            names(Phase::ALL.iter().map(|k| k.as_str()).collect()),
            "build,build-implement,build-review,build-hunt,build-verify,build-doc-sync,build-finish,\
             debug,debug-investigate,debug-review,debug-verify,review,review-audit,plan,plan-create,\
             plan-review-gap-1,plan-review-gap-2,memory-finalize,re-review,re-hunt,re-verify,re-plan,\
             research-web,research-github,triage,codebase-health"
        );
        assert_eq!(
            names(Scope::ALL.iter().map(|k| k.as_str()).collect()),
            "ALL_ISSUES,CRITICAL_ONLY,N/A"
        );
        assert_eq!(
            names(Agent::ALL.iter().map(|k| k.as_str()).collect()),
            "component-builder,bug-investigator,code-reviewer,silent-failure-hunter,\
             integration-verifier,planner,plan-gap-reviewer,web-researcher,github-researcher,doc-syncer,\
             failure-hunter,researcher,triage-agent,architecture-scanner"
        );
    }

    #[test]
    fn read_only_agents_are_the_verdict_agents_of_both_editions() {
        let ro: Vec<_> = Agent::ALL
            .iter()
            .filter(|a| a.class() == AgentClass::ReadOnly)
            .map(|a| a.as_str())
            .collect();
        assert_eq!(
            ro,
            [
                "code-reviewer",
                "silent-failure-hunter",
                "integration-verifier",
                "plan-gap-reviewer",
                "failure-hunter",
                "triage-agent",
                "architecture-scanner"
            ]
        );
    }

    #[test]
    fn agent_names_accept_the_cc10x_prefix() {
        assert_eq!(Agent::parse_name("cc10x:planner"), Ok(Agent::Planner));
        assert_eq!(Agent::parse_name("planner"), Ok(Agent::Planner));
        assert!(Agent::parse_name("cc10x:brainstorming").is_err());
        assert_eq!(Agent::DocSyncer.qualified(), "cc10x:doc-syncer");
    }
}
