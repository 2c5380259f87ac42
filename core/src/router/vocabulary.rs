//! The router's closed vocabularies (router.md): task kinds, origins, phases, scopes, workflow
//! types, the ten agents and the abstract model tiers, each an enum whose `FromStr`/`Display`
//! round-trip the seed's spellings. Which values an op accepts where is decided by the op's module.

use std::fmt;

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

impl UnknownName {
    /// The refusal of `value` as a `what` (the string-enum mechanism's error constructor).
    pub(crate) fn new(what: &'static str, value: &str) -> UnknownName {
        UnknownName {
            what,
            value: value.to_string(),
        }
    }
}

crate::words::string_enum! {
    /// A task's `kind:`.
    pub enum Kind("kind", UnknownName, UnknownName::new) {
        /// `workflow`
        Workflow = "workflow",
        /// `agent`
        Agent = "agent",
        /// `remfix`
        Remfix = "remfix",
        /// `memory`
        Memory = "memory",
        /// `reverify`
        Reverify = "reverify",
        /// `research`
        Research = "research",
    }
}

crate::words::string_enum! {
    /// A task's `origin:`.
    pub enum Origin("origin", UnknownName, UnknownName::new) {
        /// `router`
        Router = "router",
        /// `component-builder`
        ComponentBuilder = "component-builder",
        /// `bug-investigator`
        BugInvestigator = "bug-investigator",
        /// `code-reviewer`
        CodeReviewer = "code-reviewer",
        /// `silent-failure-hunter`
        SilentFailureHunter = "silent-failure-hunter",
        /// `integration-verifier`
        IntegrationVerifier = "integration-verifier",
        /// `planner`
        Planner = "planner",
        /// `qa-harness-builder` (`12.10.0`: the harness builder's own unmet mutation floor)
        QaHarnessBuilder = "qa-harness-builder",
        /// `qa-executor` (`12.10.0`: the executor's harness findings)
        QaExecutor = "qa-executor",
    }
}

crate::words::string_enum! {
    /// A task's `phase:`.
    pub enum Phase("phase", UnknownName, UnknownName::new) {
        /// `build`
        Build = "build",
        /// `build-implement`
        BuildImplement = "build-implement",
        /// `build-review`
        BuildReview = "build-review",
        /// `build-hunt`
        BuildHunt = "build-hunt",
        /// `build-verify`
        BuildVerify = "build-verify",
        /// `build-doc-sync`
        BuildDocSync = "build-doc-sync",
        /// `build-finish`
        BuildFinish = "build-finish",
        /// `debug`
        Debug = "debug",
        /// `debug-investigate`
        DebugInvestigate = "debug-investigate",
        /// `debug-review`
        DebugReview = "debug-review",
        /// `debug-verify`
        DebugVerify = "debug-verify",
        /// `review`
        Review = "review",
        /// `review-audit`
        ReviewAudit = "review-audit",
        /// `plan`
        Plan = "plan",
        /// `plan-create`
        PlanCreate = "plan-create",
        /// `plan-review-gap-1`
        PlanReviewGap1 = "plan-review-gap-1",
        /// `plan-review-gap-2`
        PlanReviewGap2 = "plan-review-gap-2",
        /// `memory-finalize`
        MemoryFinalize = "memory-finalize",
        /// `re-review`
        ReReview = "re-review",
        /// `re-hunt`
        ReHunt = "re-hunt",
        /// `re-verify`
        ReVerify = "re-verify",
        /// `re-plan`
        RePlan = "re-plan",
        /// `research-web`
        ResearchWeb = "research-web",
        /// `research-github`
        ResearchGithub = "research-github",
        /// `triage`
        Triage = "triage",
        /// `codebase-health`
        CodebaseHealth = "codebase-health",
        /// `plan-review-amendment` (`12.10.0`: the on-demand amendment review lane of PLAN)
        PlanReviewAmendment = "plan-review-amendment",
        /// `qa` (`12.10.0`: the QA parent)
        Qa = "qa",
        /// `qa-research`
        QaResearch = "qa-research",
        /// `qa-plan`
        QaPlan = "qa-plan",
        /// `qa-plan-review`
        QaPlanReview = "qa-plan-review",
        /// `qa-re-plan`
        QaRePlan = "qa-re-plan",
        /// `qa-plan-review-2`
        QaPlanReview2 = "qa-plan-review-2",
        /// `qa-preflight`
        QaPreflight = "qa-preflight",
        /// `qa-build`
        QaBuild = "qa-build",
        /// `re-qa-build`
        ReQaBuild = "re-qa-build",
        /// `qa-review`
        QaReview = "qa-review",
        /// `qa-hunt`
        QaHunt = "qa-hunt",
        /// `qa-execute`
        QaExecute = "qa-execute",
        /// `re-qa-execute`
        ReQaExecute = "re-qa-execute",
    }
}

crate::words::string_enum! {
    /// A task's `scope:`.
    pub enum Scope("scope", UnknownName, UnknownName::new) {
        /// `ALL_ISSUES`
        AllIssues = "ALL_ISSUES",
        /// `CRITICAL_ONLY`
        CriticalOnly = "CRITICAL_ONLY",
        /// `N/A`
        NotApplicable = "N/A",
    }
}

crate::words::string_enum! {
    /// A workflow type; `ORIENT` is a route that never gets a task, artifact or graph.
    pub enum WorkflowType("workflow type", UnknownName, UnknownName::new) {
        /// `BUILD`
        Build = "BUILD",
        /// `DEBUG`
        Debug = "DEBUG",
        /// `REVIEW`
        Review = "REVIEW",
        /// `PLAN`
        Plan = "PLAN",
        /// `ORIENT`
        Orient = "ORIENT",
        /// `TRIAGE`
        Triage = "TRIAGE",
        /// `CODEBASE-HEALTH`
        CodebaseHealth = "CODEBASE-HEALTH",
        /// `QA` (`12.10.0`)
        Qa = "QA",
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
            WorkflowType::Qa => Some(Phase::Qa),
            WorkflowType::Orient => None,
        }
    }
}

crate::words::string_enum! {
    /// A cc10x agent, by bare name: the ten of `11.0.0`, the four names that
    /// `12.7.0` adds and the three QA agents of `12.10.0`; which ones an op accepts is the
    /// edition's agent table
    /// ([`Rules::agents`](super::edition::Rules::agents)).
    pub enum Agent("agent", UnknownName, UnknownName::new) {
        /// `component-builder`
        ComponentBuilder = "component-builder",
        /// `bug-investigator`
        BugInvestigator = "bug-investigator",
        /// `code-reviewer`
        CodeReviewer = "code-reviewer",
        /// `silent-failure-hunter`
        SilentFailureHunter = "silent-failure-hunter",
        /// `integration-verifier`
        IntegrationVerifier = "integration-verifier",
        /// `planner`
        Planner = "planner",
        /// `plan-gap-reviewer`
        PlanGapReviewer = "plan-gap-reviewer",
        /// `web-researcher`
        WebResearcher = "web-researcher",
        /// `github-researcher`
        GithubResearcher = "github-researcher",
        /// `doc-syncer`
        DocSyncer = "doc-syncer",
        /// `failure-hunter`
        FailureHunter = "failure-hunter",
        /// `researcher`
        Researcher = "researcher",
        /// `triage-agent`
        TriageAgent = "triage-agent",
        /// `architecture-scanner`
        ArchitectureScanner = "architecture-scanner",
        /// `qa-researcher` (`12.10.0`, read-only: one source per lane)
        QaResearcher = "qa-researcher",
        /// `qa-harness-builder` (`12.10.0`, write: `MODE: harness` or `MODE: preflight`)
        QaHarnessBuilder = "qa-harness-builder",
        /// `qa-executor` (`12.10.0`, write: runs the plan, writes the report)
        QaExecutor = "qa-executor",
    }
}

/// The prefix every agent name carries in outputs (and may carry in inputs).
pub const AGENT_PREFIX: &str = "cc10x:";

/// Whether an agent returns a read-only verdict or a write (YAML) contract.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AgentClass {
    /// Read-only: CONTRACT envelope or heading verdict.
    ReadOnly,
    /// Write: a YAML Router Contract block.
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

    /// The agent's output class.
    pub fn class(self) -> AgentClass {
        match self {
            Agent::CodeReviewer
            | Agent::SilentFailureHunter
            | Agent::FailureHunter
            | Agent::IntegrationVerifier
            | Agent::PlanGapReviewer
            | Agent::TriageAgent
            | Agent::ArchitectureScanner
            | Agent::QaResearcher => AgentClass::ReadOnly,
            Agent::ComponentBuilder
            | Agent::BugInvestigator
            | Agent::Planner
            | Agent::WebResearcher
            | Agent::GithubResearcher
            | Agent::Researcher
            | Agent::DocSyncer
            | Agent::QaHarnessBuilder
            | Agent::QaExecutor => AgentClass::Write,
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

crate::words::string_enum! {
    /// An abstract model tier, ordered cheap < standard < capable.
    pub enum Tier("tier", UnknownName, UnknownName::new) {
        /// `cheap`
        Cheap = "cheap",
        /// `standard`
        Standard = "standard",
        /// `capable`
        Capable = "capable",
    }
}

crate::words::string_enum! {
    /// The BUILD complexity scope (repo build-workflow.md).
    pub enum BuildScope("build_scope", UnknownName, UnknownName::new) {
        /// `trivial`
        Trivial = "trivial",
        /// `standard`
        Standard = "standard",
    }
}

/// A routing signal (`TRIAGE` and `CODEBASE-HEALTH` are `12.7.0` rows, A3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Signal {
    /// `ERROR` → DEBUG.
    #[serde(rename = "ERROR")]
    Error,
    /// `PLAN` → PLAN.
    #[serde(rename = "PLAN")]
    Plan,
    /// `REVIEW` → REVIEW.
    #[serde(rename = "REVIEW")]
    Review,
    /// `ORIENT` → ORIENT.
    #[serde(rename = "ORIENT")]
    Orient,
    /// `TRIAGE` → TRIAGE (`12.7.0`).
    #[serde(rename = "TRIAGE")]
    Triage,
    /// `CODEBASE-HEALTH` → CODEBASE-HEALTH (`12.7.0`).
    #[serde(rename = "CODEBASE-HEALTH")]
    CodebaseHealth,
    /// `QA` → QA (`12.10.0`).
    #[serde(rename = "QA")]
    Qa,
    /// `DEFAULT` → BUILD.
    #[serde(rename = "DEFAULT")]
    Default,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

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
            "router,component-builder,bug-investigator,code-reviewer,silent-failure-hunter,integration-verifier,planner,\
             qa-harness-builder,qa-executor"
        );
        assert_eq!(
            names(Phase::ALL.iter().map(|k| k.as_str()).collect()),
            "build,build-implement,build-review,build-hunt,build-verify,build-doc-sync,build-finish,\
             debug,debug-investigate,debug-review,debug-verify,review,review-audit,plan,plan-create,\
             plan-review-gap-1,plan-review-gap-2,memory-finalize,re-review,re-hunt,re-verify,re-plan,\
             research-web,research-github,triage,codebase-health,plan-review-amendment,qa,qa-research,\
             qa-plan,qa-plan-review,qa-re-plan,qa-plan-review-2,qa-preflight,qa-build,re-qa-build,\
             qa-review,qa-hunt,qa-execute,re-qa-execute"
        );
        assert_eq!(
            names(Scope::ALL.iter().map(|k| k.as_str()).collect()),
            "ALL_ISSUES,CRITICAL_ONLY,N/A"
        );
        assert_eq!(
            names(Agent::ALL.iter().map(|k| k.as_str()).collect()),
            "component-builder,bug-investigator,code-reviewer,silent-failure-hunter,\
             integration-verifier,planner,plan-gap-reviewer,web-researcher,github-researcher,doc-syncer,\
             failure-hunter,researcher,triage-agent,architecture-scanner,qa-researcher,\
             qa-harness-builder,qa-executor"
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
                "architecture-scanner",
                "qa-researcher"
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
