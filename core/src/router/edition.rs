//! Contract editions (router-workflow.md §2.2, §3): which cc10x contract an op applies.
//!
//! An edition is named by the `version` of the cc10x plugin that defines it: `11.0.0` (the seed's
//! contract, the default) and `12.7.0` (cc10x HEAD). Every rule that differs between them is one
//! field of [`Rules`], and each edition is one row of that table ([`Edition::rules`]), so a rule
//! difference is data, never an `if` on the edition.
//!
//! ```
//! use fourx_core::router::edition::Edition;
//! use fourx_core::router::{Agent, Phase};
//!
//! let e = Edition::parse(Some("12.7.0")).unwrap();
//! assert!(e.rules().agents.contains(&Agent::FailureHunter));
//! assert!(!Edition::V11.rules().phases.contains(&Phase::Triage));
//! assert_eq!(Edition::parse(None).unwrap(), Edition::V11);
//! assert!(Edition::parse(Some("12.6.0")).is_err());
//! ```

use std::fmt;

use serde_json::Value;

use crate::error::{Error, ErrorKind, Result};

use super::vocabulary::{Agent, Kind, Origin, Phase, Signal, UnknownName, WorkflowType};

/// A cc10x contract edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Edition {
    /// `11.0.0` — cc10x at `b0410fc`, the seed's contract (router.md); the default.
    #[default]
    V11,
    /// `12.7.0` — cc10x at `f357380` (HEAD).
    V12_7,
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Edition {
    /// Both editions, oldest first.
    pub const ALL: &'static [Edition] = &[Edition::V11, Edition::V12_7];

    /// The version string.
    pub fn as_str(self) -> &'static str {
        self.rules().version
    }

    /// Parses the `edition` input: absent means `11.0.0`; any other string than the two
    /// versions is `invalid_value`.
    pub fn parse(s: Option<&str>) -> Result<Edition> {
        match s {
            None => Ok(Edition::V11),
            Some(v) => Edition::ALL
                .iter()
                .copied()
                .find(|e| e.as_str() == v)
                .ok_or_else(|| {
                    Error::new(
                        ErrorKind::InvalidValue,
                        format!("edition {v:?} is not one of 11.0.0, 12.7.0"),
                    )
                    .with_field("edition")
                }),
        }
    }

    /// Reads `edition` from an op input object: absent or `null` → `11.0.0`, a non-string or an
    /// unknown version → `invalid_value`.
    pub fn from_input(input: &serde_json::Map<String, Value>) -> Result<Edition> {
        match input.get("edition") {
            None | Some(Value::Null) => Ok(Edition::V11),
            Some(Value::String(s)) => Edition::parse(Some(s)),
            Some(_) => Err(Error::new(
                ErrorKind::InvalidValue,
                "edition must be the string \"11.0.0\" or \"12.7.0\"",
            )
            .with_field("edition")),
        }
    }

    /// The edition's rule row.
    pub fn rules(self) -> &'static Rules {
        match self {
            Edition::V11 => &V11,
            Edition::V12_7 => &V12_7,
        }
    }

    /// The edition a host runs for an installed cc10x plugin `version` (`fourx hook`): 11.x →
    /// `11.0.0`, 12.7 and later 12.x → `12.7.0`, anything else `None` (no edition; the host
    /// must say which).
    ///
    /// ```
    /// use fourx_core::router::edition::Edition;
    /// assert_eq!(Edition::for_plugin_version("12.9.1"), Some(Edition::V12_7));
    /// assert_eq!(Edition::for_plugin_version("12.6.0"), None);
    /// ```
    pub fn for_plugin_version(version: &str) -> Option<Edition> {
        let mut parts = version.trim().split('.');
        let num = |p: Option<&str>| {
            p.filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|s| s.parse::<u64>().ok())
        };
        let (major, minor) = (num(parts.next())?, num(parts.next())?);
        match (major, minor) {
            (11, _) => Some(Edition::V11),
            (12, m) if m >= 7 => Some(Edition::V12_7),
            _ => None,
        }
    }

    /// Parses an agent name (bare or `cc10x:`) among this edition's agents.
    pub fn agent(self, name: &str) -> std::result::Result<Agent, UnknownName> {
        Agent::parse_name(name)
            .ok()
            .filter(|a| self.rules().agents.contains(a))
            .ok_or_else(|| UnknownName {
                what: "agent",
                value: name.to_string(),
            })
    }

    /// Parses a phase among this edition's phases.
    pub fn phase(self, s: &str) -> std::result::Result<Phase, UnknownName> {
        member(s, self.rules().phases, "phase")
    }

    /// Parses an origin among this edition's origins.
    pub fn origin(self, s: &str) -> std::result::Result<Origin, UnknownName> {
        member(s, self.rules().origins, "origin")
    }

    /// Parses a workflow type among those this edition routes and graphs.
    pub fn workflow(self, s: &str) -> std::result::Result<WorkflowType, UnknownName> {
        member(s, self.rules().workflows, "workflow type")
    }
}

fn member<T: std::str::FromStr<Err = UnknownName> + PartialEq + Copy>(
    s: &str,
    set: &[T],
    what: &'static str,
) -> std::result::Result<T, UnknownName> {
    s.parse::<T>()
        .ok()
        .filter(|v| set.contains(v))
        .ok_or_else(|| UnknownName {
            what,
            value: s.to_string(),
        })
}

/// Every edition-dependent rule, one field each (router-workflow.md §3.3; the row id in brackets).
#[derive(Debug)]
pub struct Rules {
    /// The plugin version naming the edition.
    pub version: &'static str,
    /// Row A1: The agents.
    pub agents: &'static [Agent],
    /// Row A4: The `origin:` enum.
    pub origins: &'static [Origin],
    /// Row A5: The `phase:` enum.
    pub phases: &'static [Phase],
    /// [A3, G1] The workflow types `route`, `task_graph` and the prompt ops accept (ORIENT
    /// included: a route that has no graph).
    pub workflows: &'static [WorkflowType],
    /// Row F2: The `workflow_type` values `check_artifact` accepts (`pending` is the extra string).
    pub artifact_types: &'static [&'static str],
    /// Row F2: The workflow types `new_artifact` builds, with the phase of `status_history[0]`.
    pub new_artifact_types: &'static [(WorkflowType, &'static str)],
    /// Row F1: The edition's artifact skeleton key count.
    pub skeleton_keys: usize,
    /// Row D1: The dispatcher's phase → agent rows.
    pub phase_agents: &'static [(Phase, Agent)],
    /// Row D1: The dispatcher's `kind:remfix` origin → agent rows.
    pub remfix_agents: &'static [(Origin, Agent)],
    /// Row M1: `require_all` of `parse_task_metadata` when the input omits it.
    pub require_all_default: bool,
    /// Row M1: Kinds whose `reason:` must not be `N/A`.
    pub reason_not_na: &'static [Kind],
    /// [G1, L2] The hunter agent of BUILD graphs and follow-ups.
    pub hunter: Agent,
    /// Row L1: Completed remediations at which the §11 re-review asks the user.
    pub re_review_cap: usize,
    /// Row L2: The re-review body.
    pub re_review_body: &'static str,
    /// Row L2: The re-hunt body.
    pub re_hunt_body: &'static str,
    /// Row L3: Whether `plan_prune` honours `deletion_supported:false`.
    pub prune_fallback: bool,
    /// Row P1: The hunter block heading of `## Previous Agent Findings`.
    pub hunter_heading: &'static str,
    /// Row R1: plan-gap-reviewer's envelope count key.
    pub plan_review_count_key: &'static str,
    /// Row R2: Whether structured fields are also read from the contract YAML block.
    pub contract_yaml: bool,
    /// Row R5: `SCENARIOS_BLOCKED` counts in the verifier's total.
    pub scenarios_blocked: bool,
    /// Row E1: Events beyond the 14 of `router.md` §4.21.
    pub extra_events: &'static [&'static str],
    /// Row A3: The intent-routing signal table, in priority order (DEFAULT last).
    pub signals: &'static [SignalRow],
    /// Row W1: The write agents' required contract fields, in the §contracts table order; an
    /// entry `A|B` is satisfied by either key.
    pub write_fields: &'static [(Agent, &'static [&'static str])],
    /// Row W2: The pass conditions this edition adds to `router.md` §4.16 step 5.
    pub contract_gates: &'static [ContractGate],
    /// Row W2: How many `ALTERNATIVES` a planner `decision_rfc` needs.
    pub rfc_alternatives_min: usize,
    /// Row P2: Agents whose prompt frame omits `## Memory Summary` (anti-anchoring).
    pub memory_summary_omitted: &'static [Agent],
    /// Row H1: The skill id of each internal hint row (`H1` … `H10`), in table order.
    pub hint_skills: &'static [(&'static str, &'static str)],
}

/// One row of an intent-routing signal table (router.md §4.1; row A3).
#[derive(Debug, Clone, Copy)]
pub struct SignalRow {
    /// 1 (highest) to the table's length (DEFAULT).
    pub priority: u8,
    /// The signal.
    pub signal: Signal,
    /// Keywords in the table's order and canonical spelling. A keyword ending ` #` matches its
    /// words followed by a token of digits (`look at #12`).
    pub keywords: &'static [&'static str],
    /// The workflow it starts.
    pub workflow: WorkflowType,
    /// The chain description of the edition's SKILL.md §1.
    pub chain: &'static str,
}

/// A write-contract pass condition an edition adds to `router.md` §4.16 step 5 (row W2); each
/// names the violation ids it reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContractGate {
    /// Builder PASS: `TDD_RED_REASON_KIND == "behavioral"` (a false RED from an import or
    /// syntax error is no RED) and a non-blank `TDD_RED_REASON`.
    TddRedReason,
    /// Builder PASS: `BUILD_PREFLIGHT_EMITTED === true`.
    BuildPreflight,
    /// Investigator FIXED: `FEEDBACK_LOOP.rung` is a rung other than `none` and
    /// `FEEDBACK_LOOP.command` is not null.
    FeedbackLoop,
    /// Investigator FIXED: `DEBUG_CLOSEOUT.instrumentation_removed === true` and
    /// `DEBUG_CLOSEOUT.repro_no_longer_fires === true`.
    DebugCloseout,
}

/// The `11.0.0` signal table (router.md §4.1; b0410fc SKILL.md §1).
pub static SIGNALS_11: [SignalRow; 5] = [
    SignalRow {
        priority: 1,
        signal: Signal::Error,
        keywords: ERROR_KEYWORDS,
        workflow: WorkflowType::Debug,
        chain: "bug-investigator -> code-reviewer -> integration-verifier",
    },
    SignalRow {
        priority: 2,
        signal: Signal::Plan,
        keywords: PLAN_KEYWORDS,
        workflow: WorkflowType::Plan,
        chain: "brainstorming -> planner -> bounded fresh review loop",
    },
    SignalRow {
        priority: 3,
        signal: Signal::Review,
        keywords: REVIEW_KEYWORDS,
        workflow: WorkflowType::Review,
        chain: "code-reviewer",
    },
    SignalRow {
        priority: 4,
        signal: Signal::Orient,
        keywords: ORIENT_KEYWORDS,
        workflow: WorkflowType::Orient,
        chain: "advisory orientation (no agents)",
    },
    SignalRow {
        priority: 5,
        signal: Signal::Default,
        keywords: &[],
        workflow: WorkflowType::Build,
        chain:
            "component-builder -> [code-reviewer || silent-failure-hunter] -> integration-verifier",
    },
];

/// The `12.7.0` signal table (f357380 SKILL.md §1): TRIAGE (5) and CODEBASE-HEALTH (6) before
/// DEFAULT (7); the PLAN and DEFAULT chains name `exploration` and `failure-hunter`.
pub static SIGNALS_12_7: [SignalRow; 7] = [
    SignalRow {
        priority: 1,
        signal: Signal::Error,
        keywords: ERROR_KEYWORDS,
        workflow: WorkflowType::Debug,
        chain: "bug-investigator -> code-reviewer -> integration-verifier",
    },
    SignalRow {
        priority: 2,
        signal: Signal::Plan,
        keywords: PLAN_KEYWORDS,
        workflow: WorkflowType::Plan,
        chain: "exploration -> planner -> bounded fresh review loop",
    },
    SignalRow {
        priority: 3,
        signal: Signal::Review,
        keywords: REVIEW_KEYWORDS,
        workflow: WorkflowType::Review,
        chain: "code-reviewer",
    },
    SignalRow {
        priority: 4,
        signal: Signal::Orient,
        keywords: ORIENT_KEYWORDS,
        workflow: WorkflowType::Orient,
        chain: "advisory orientation (no agents)",
    },
    SignalRow {
        priority: 5,
        signal: Signal::Triage,
        keywords: &["triage", "incoming issues", "look at #", "triage #"],
        workflow: WorkflowType::Triage,
        chain: "triage-agent → optional exploration → agent-ready brief",
    },
    SignalRow {
        priority: 6,
        signal: Signal::CodebaseHealth,
        keywords: &[
            "codebase health",
            "improve architecture",
            "deepening",
            "ball of mud",
            "shallow modules",
            "architecture audit",
        ],
        workflow: WorkflowType::CodebaseHealth,
        chain: "architecture-scanner → HTML report → human picks → exploration \
                (grilling) → feeds PLAN",
    },
    SignalRow {
        priority: 7,
        signal: Signal::Default,
        keywords: &[],
        workflow: WorkflowType::Build,
        chain: "component-builder → [code-reviewer ‖ failure-hunter] → \
                integration-verifier",
    },
];

const ERROR_KEYWORDS: &[&str] = &[
    "error",
    "bug",
    "fix",
    "broken",
    "crash",
    "fail",
    "debug",
    "troubleshoot",
    "issue",
];
const PLAN_KEYWORDS: &[&str] = &[
    "plan",
    "design",
    "architect",
    "roadmap",
    "strategy",
    "spec",
    "brainstorm",
];
const REVIEW_KEYWORDS: &[&str] = &["review", "audit", "analyze", "assess", "is this good"];
const ORIENT_KEYWORDS: &[&str] = &[
    "zoom out",
    "explain",
    "understand",
    "how does X work",
    "unfamiliar",
    "map this",
    "walk me through",
    "where is",
    "what does this do",
];

const DOC_SYNCER_FIELDS: &[&str] = &[
    "STATUS",
    "IMPACT_LEVEL",
    "DOC_LAYERS_EVALUATED",
    "DOC_FILES_UPDATED",
    "DOC_FILES_SKIPPED",
    "SKIP_REASON",
    "AUDIT_DOCS_CREATED",
    "AUDIT_DOCS_UPDATED",
    "MEMORY_NOTES",
];
const PLANNER_FIELDS: &[&str] = &[
    "STATUS",
    "PLAN_MODE",
    "VERIFICATION_RIGOR",
    "CONFIDENCE",
    "PLAN_FILE",
    "PHASES",
    "RISKS_IDENTIFIED",
    "SCENARIOS",
    "ASSUMPTIONS",
    "DECISIONS",
    "OPEN_DECISIONS",
    "DIFFERENCES_FROM_AGREEMENT",
    "RECOMMENDED_DEFAULTS",
    "ALTERNATIVES",
    "DRAWBACKS",
    "PROVABLE_PROPERTIES",
    "BLOCKING",
    "NEXT_ACTION",
    "REMEDIATION_NEEDED",
    "REQUIRES_REMEDIATION",
    "REMEDIATION_REASON",
    "GATE_PASSED",
    "USER_INPUT_NEEDED",
    "MEMORY_NOTES",
];

/// Required write-contract fields at `11.0.0` (router.md §4.16 step 3; b0410fc §contracts).
pub static WRITE_FIELDS_11: [(Agent, &[&str]); 6] = [
    (
        Agent::ComponentBuilder,
        &[
            "STATUS",
            "CONFIDENCE",
            "PHASE_ID",
            "PHASE_STATUS",
            "PHASE_EXIT_READY",
            "CHECKPOINT_TYPE",
            "PROOF_STATUS",
            "INPUTS",
            "EXPECTED_ARTIFACTS",
            "TDD_RED_EXIT",
            "TDD_GREEN_EXIT",
            "SCENARIOS",
            "ASSUMPTIONS",
            "DECISIONS",
            "BLOCKED_ITEMS",
            "SKIPPED_ITEMS",
            "SCOPE_INCREASES",
            "BLOCKING",
            "NEXT_ACTION",
            "REMEDIATION_NEEDED",
            "REQUIRES_REMEDIATION",
            "REMEDIATION_REASON",
            "MEMORY_NOTES",
        ],
    ),
    (
        Agent::BugInvestigator,
        &[
            "STATUS",
            "VERIFICATION_RIGOR",
            "CONFIDENCE",
            "ROOT_CAUSE",
            "TDD_RED_EXIT",
            "TDD_GREEN_EXIT",
            "VARIANTS_COVERED",
            "BLAST_RADIUS_SCAN",
            "SCENARIOS",
            "ASSUMPTIONS",
            "DECISIONS",
            "BLOCKING",
            "NEXT_ACTION",
            "REMEDIATION_NEEDED",
            "REQUIRES_REMEDIATION",
            "REMEDIATION_REASON",
            "NEEDS_EXTERNAL_RESEARCH",
            "RESEARCH_REASON",
            "MEMORY_NOTES",
        ],
    ),
    (Agent::Planner, PLANNER_FIELDS),
    (
        Agent::WebResearcher,
        &[
            "STATUS",
            "FILE_PATH",
            "BACKEND_MODE",
            "SOURCES_ATTEMPTED",
            "SOURCES_USED",
            "QUALITY_LEVEL",
            "KEY_FINDINGS_COUNT",
            "WHAT_CHANGED_RECOMMENDATION",
            "MEMORY_NOTES",
        ],
    ),
    (
        Agent::GithubResearcher,
        &[
            "STATUS",
            "FILE_PATH",
            "BACKEND_MODE",
            "SOURCES_ATTEMPTED",
            "SOURCES_USED",
            "QUALITY_LEVEL",
            "IMPLEMENTATIONS_FOUND",
            "WHAT_CHANGED_RECOMMENDATION",
            "MEMORY_NOTES",
        ],
    ),
    (Agent::DocSyncer, DOC_SYNCER_FIELDS),
];

/// Required write-contract fields at `12.7.0` (f357380 §contracts required-field table): the
/// builder's preflight, RED reason and seam fields, the investigator's loop and close-out fields,
/// one researcher row.
pub static WRITE_FIELDS_12_7: [(Agent, &[&str]); 5] = [
    (
        Agent::ComponentBuilder,
        &[
            "STATUS",
            "CONFIDENCE",
            "PHASE_ID",
            "PHASE_STATUS",
            "PHASE_EXIT_READY",
            "CHECKPOINT_TYPE",
            "PROOF_STATUS",
            "BUILD_PREFLIGHT_EMITTED",
            "INPUTS",
            "EXPECTED_ARTIFACTS",
            "TDD_RED_EXIT",
            "TDD_RED_REASON_KIND",
            "TDD_RED_REASON",
            "TDD_GREEN_EXIT",
            "TEST_SEAMS",
            "SEAM_GATE_STATUS",
            "SCENARIOS",
            "ASSUMPTIONS",
            "DECISIONS",
            "BLOCKED_ITEMS",
            "SKIPPED_ITEMS",
            "SCOPE_INCREASES",
            "BLOCKING",
            "NEXT_ACTION",
            "REMEDIATION_NEEDED",
            "REQUIRES_REMEDIATION",
            "REMEDIATION_REASON",
            "MEMORY_NOTES",
        ],
    ),
    (
        Agent::BugInvestigator,
        &[
            "STATUS",
            "VERIFICATION_RIGOR",
            "CONFIDENCE",
            "ROOT_CAUSE",
            "TDD_RED_EXIT",
            "TDD_GREEN_EXIT",
            "VARIANTS_COVERED",
            "VARIANTS_NOT_APPLICABLE",
            "FEEDBACK_LOOP",
            "NO_LOOP_BLOCKED",
            "BOUNDARY_MATRIX",
            "REGRESSION_SEAM",
            "DEFENSE_IN_DEPTH",
            "DEBUG_CLOSEOUT",
            "BLAST_RADIUS_SCAN",
            "SCENARIOS",
            "ASSUMPTIONS",
            "DECISIONS",
            "BLOCKING",
            "NEXT_ACTION",
            "REMEDIATION_NEEDED",
            "REQUIRES_REMEDIATION",
            "REMEDIATION_REASON",
            "NEEDS_EXTERNAL_RESEARCH",
            "RESEARCH_REASON",
            "MEMORY_NOTES",
        ],
    ),
    (Agent::Planner, PLANNER_FIELDS),
    (
        Agent::Researcher,
        &[
            "STATUS",
            "FILE_PATH",
            "BACKEND_MODE",
            "SOURCES_ATTEMPTED",
            "SOURCES_USED",
            "QUALITY_LEVEL",
            "KEY_FINDINGS_COUNT|IMPLEMENTATIONS_FOUND",
            "WHAT_CHANGED_RECOMMENDATION",
            "MEMORY_NOTES",
        ],
    ),
    (Agent::DocSyncer, DOC_SYNCER_FIELDS),
];

/// Internal hint skill ids at `11.0.0` (router.md §4.27).
const HINT_SKILLS_11: &[(&str, &str)] = &[
    ("H1", "cc10x:frontend-patterns"),
    ("H2", "cc10x:architecture-patterns"),
    ("H3", "cc10x:research"),
    ("H4", "cc10x:prototyping"),
    ("H5", "cc10x:finding-duplicate-functions"),
    ("H6", "cc10x:mcp-cli"),
    ("H7", "cc10x:receiving-code-review"),
    ("H8", "cc10x:codebase-deepening"),
    ("H9", "cc10x:frontend-design-critique"),
    ("H10", "cc10x:handoff-package"),
];

/// Internal hint skill ids at `12.7.0` (f357380 SKILL.md §7 "Deterministic skill hints"): the
/// merged skills carry two rows each (H1+H9, H5+H8); the output lists an id once.
const HINT_SKILLS_12_7: &[(&str, &str)] = &[
    ("H1", "cc10x:frontend"),
    ("H2", "cc10x:architecture"),
    ("H3", "cc10x:research"),
    ("H4", "cc10x:exploration"),
    ("H5", "cc10x:codebase-hygiene"),
    ("H6", "cc10x:mcp-cli"),
    ("H7", "cc10x:code-review"),
    ("H8", "cc10x:codebase-hygiene"),
    ("H9", "cc10x:frontend"),
    ("H10", "cc10x:memory-and-handoff"),
];

#[cfg(test)]
const SCOPE_LINES: &str =
    "If scope=ALL_ISSUES: perform a FULL re-audit of CRITICAL and HIGH issue \
categories after remediation.\nIf scope=CRITICAL_ONLY: verify the CRITICAL issue was resolved and \
treat HIGH issues as deferred unless newly escalated.";

const BASE_PHASES: [Phase; 24] = [
    Phase::Build,
    Phase::BuildImplement,
    Phase::BuildReview,
    Phase::BuildHunt,
    Phase::BuildVerify,
    Phase::BuildDocSync,
    Phase::BuildFinish,
    Phase::Debug,
    Phase::DebugInvestigate,
    Phase::DebugReview,
    Phase::DebugVerify,
    Phase::Review,
    Phase::ReviewAudit,
    Phase::Plan,
    Phase::PlanCreate,
    Phase::PlanReviewGap1,
    Phase::PlanReviewGap2,
    Phase::MemoryFinalize,
    Phase::ReReview,
    Phase::ReHunt,
    Phase::ReVerify,
    Phase::RePlan,
    Phase::ResearchWeb,
    Phase::ResearchGithub,
];

/// `12.7.0` adds `triage` and `codebase-health` after `plan-review-gap-2` (A5).
const HEAD_PHASES: [Phase; 26] = [
    Phase::Build,
    Phase::BuildImplement,
    Phase::BuildReview,
    Phase::BuildHunt,
    Phase::BuildVerify,
    Phase::BuildDocSync,
    Phase::BuildFinish,
    Phase::Debug,
    Phase::DebugInvestigate,
    Phase::DebugReview,
    Phase::DebugVerify,
    Phase::Review,
    Phase::ReviewAudit,
    Phase::Plan,
    Phase::PlanCreate,
    Phase::PlanReviewGap1,
    Phase::PlanReviewGap2,
    Phase::Triage,
    Phase::CodebaseHealth,
    Phase::MemoryFinalize,
    Phase::ReReview,
    Phase::ReHunt,
    Phase::ReVerify,
    Phase::RePlan,
    Phase::ResearchWeb,
    Phase::ResearchGithub,
];

static V11: Rules = Rules {
    version: "11.0.0",
    agents: &[
        Agent::ComponentBuilder,
        Agent::BugInvestigator,
        Agent::CodeReviewer,
        Agent::SilentFailureHunter,
        Agent::IntegrationVerifier,
        Agent::Planner,
        Agent::PlanGapReviewer,
        Agent::WebResearcher,
        Agent::GithubResearcher,
        Agent::DocSyncer,
    ],
    origins: &[
        Origin::Router,
        Origin::ComponentBuilder,
        Origin::BugInvestigator,
        Origin::CodeReviewer,
        Origin::SilentFailureHunter,
        Origin::IntegrationVerifier,
        Origin::Planner,
    ],
    phases: &BASE_PHASES,
    workflows: &[
        WorkflowType::Build,
        WorkflowType::Debug,
        WorkflowType::Review,
        WorkflowType::Plan,
        WorkflowType::Orient,
    ],
    artifact_types: &["BUILD", "DEBUG", "REVIEW", "PLAN"],
    new_artifact_types: &[
        (WorkflowType::Build, "build"),
        (WorkflowType::Debug, "debug"),
        (WorkflowType::Review, "review"),
        (WorkflowType::Plan, "plan"),
    ],
    skeleton_keys: 35,
    phase_agents: &[
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
    ],
    remfix_agents: &[
        (Origin::BugInvestigator, Agent::BugInvestigator),
        (Origin::CodeReviewer, Agent::ComponentBuilder),
        (Origin::SilentFailureHunter, Agent::ComponentBuilder),
        (Origin::IntegrationVerifier, Agent::ComponentBuilder),
        (Origin::Router, Agent::ComponentBuilder),
    ],
    require_all_default: false,
    reason_not_na: &[],
    hunter: Agent::SilentFailureHunter,
    re_review_cap: 2,
    re_review_body: "Re-review the changes made by the completed remediation task.",
    re_hunt_body: "If scope=ALL_ISSUES: perform a FULL re-audit of CRITICAL and HIGH issue \
categories after remediation.\nIf scope=CRITICAL_ONLY: verify the CRITICAL issue was resolved and \
treat HIGH issues as deferred unless newly escalated.\n\nRe-scan for silent failures after \
remediation.",
    prune_fallback: false,
    hunter_heading: "Silent Failure Hunter",
    plan_review_count_key: "bf",
    contract_yaml: false,
    scenarios_blocked: false,
    extra_events: &[],
    signals: &SIGNALS_11,
    write_fields: &WRITE_FIELDS_11,
    contract_gates: &[],
    rfc_alternatives_min: 1,
    memory_summary_omitted: &[],
    hint_skills: HINT_SKILLS_11,
};

static V12_7: Rules = Rules {
    version: "12.7.0",
    agents: &[
        Agent::ComponentBuilder,
        Agent::BugInvestigator,
        Agent::CodeReviewer,
        Agent::FailureHunter,
        Agent::IntegrationVerifier,
        Agent::Planner,
        Agent::PlanGapReviewer,
        Agent::Researcher,
        Agent::DocSyncer,
        Agent::TriageAgent,
        Agent::ArchitectureScanner,
    ],
    origins: &[
        Origin::Router,
        Origin::ComponentBuilder,
        Origin::BugInvestigator,
        Origin::CodeReviewer,
        Origin::IntegrationVerifier,
        Origin::Planner,
    ],
    phases: &HEAD_PHASES,
    workflows: &[
        WorkflowType::Build,
        WorkflowType::Debug,
        WorkflowType::Review,
        WorkflowType::Plan,
        WorkflowType::Orient,
        WorkflowType::Triage,
        WorkflowType::CodebaseHealth,
    ],
    artifact_types: &[
        "BUILD",
        "DEBUG",
        "REVIEW",
        "PLAN",
        "TRIAGE",
        "CODEBASE-HEALTH",
        "ORIENT",
        "pending",
    ],
    new_artifact_types: &[
        (WorkflowType::Build, "build"),
        (WorkflowType::Debug, "debug"),
        (WorkflowType::Review, "review"),
        (WorkflowType::Plan, "plan"),
        (WorkflowType::Triage, "triage"),
        (WorkflowType::CodebaseHealth, "codebase-health"),
        (WorkflowType::Orient, "orient"),
    ],
    skeleton_keys: 40,
    phase_agents: &[
        (Phase::BuildImplement, Agent::ComponentBuilder),
        (Phase::DebugInvestigate, Agent::BugInvestigator),
        (Phase::BuildReview, Agent::CodeReviewer),
        (Phase::DebugReview, Agent::CodeReviewer),
        (Phase::ReviewAudit, Agent::CodeReviewer),
        (Phase::ReReview, Agent::CodeReviewer),
        (Phase::BuildHunt, Agent::FailureHunter),
        (Phase::ReHunt, Agent::FailureHunter),
        (Phase::BuildVerify, Agent::IntegrationVerifier),
        (Phase::DebugVerify, Agent::IntegrationVerifier),
        (Phase::ReVerify, Agent::IntegrationVerifier),
        (Phase::PlanCreate, Agent::Planner),
        (Phase::RePlan, Agent::Planner),
        (Phase::PlanReviewGap1, Agent::PlanGapReviewer),
        (Phase::PlanReviewGap2, Agent::PlanGapReviewer),
        (Phase::ResearchWeb, Agent::Researcher),
        (Phase::ResearchGithub, Agent::Researcher),
        (Phase::BuildDocSync, Agent::DocSyncer),
        (Phase::Triage, Agent::TriageAgent),
        (Phase::CodebaseHealth, Agent::ArchitectureScanner),
    ],
    remfix_agents: &[
        (Origin::BugInvestigator, Agent::BugInvestigator),
        (Origin::CodeReviewer, Agent::ComponentBuilder),
        (Origin::IntegrationVerifier, Agent::ComponentBuilder),
        (Origin::Router, Agent::ComponentBuilder),
    ],
    require_all_default: true,
    reason_not_na: &[Kind::Remfix, Kind::Research],
    hunter: Agent::FailureHunter,
    re_review_cap: 3,
    re_review_body: "Re-review the changes made by the completed remediation task.\nIf \
scope=ALL_ISSUES: perform a FULL re-audit of CRITICAL and HIGH issue categories after \
remediation.\nIf scope=CRITICAL_ONLY: verify the CRITICAL issue was resolved and treat HIGH issues \
as deferred unless newly escalated.",
    re_hunt_body: "Re-scan for silent failures after remediation. Focus on the remediated surface \
and its immediate call sites.",
    prune_fallback: true,
    hunter_heading: "Failure Hunter",
    plan_review_count_key: "cr",
    contract_yaml: true,
    scenarios_blocked: true,
    extra_events: &["result_persisted", "artifact_mutated"],
    signals: &SIGNALS_12_7,
    write_fields: &WRITE_FIELDS_12_7,
    contract_gates: &[
        ContractGate::TddRedReason,
        ContractGate::BuildPreflight,
        ContractGate::FeedbackLoop,
        ContractGate::DebugCloseout,
    ],
    rfc_alternatives_min: 2,
    memory_summary_omitted: &[Agent::CodeReviewer, Agent::PlanGapReviewer],
    hint_skills: HINT_SKILLS_12_7,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn names<T: fmt::Display>(v: &[T]) -> String {
        v.iter()
            .map(|x| x.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }

    #[test]
    fn edition_is_11_by_default_and_unknown_versions_are_invalid_value() {
        assert_eq!(Edition::parse(None).unwrap(), Edition::V11);
        assert_eq!(Edition::parse(Some("12.7.0")).unwrap(), Edition::V12_7);
        for bad in ["12.6.0", "HEAD", "11", ""] {
            assert_eq!(
                Edition::parse(Some(bad)).unwrap_err().kind,
                ErrorKind::InvalidValue
            );
        }
        let m = serde_json::json!({"edition": 11})
            .as_object()
            .unwrap()
            .clone();
        assert!(Edition::from_input(&m).is_err());
    }

    #[test]
    fn plugin_versions_map_to_the_nearest_edition_only_on_11_x_and_12_7_plus() {
        let e = |v| Edition::for_plugin_version(v);
        assert_eq!(e("11.0.0"), Some(Edition::V11));
        assert_eq!(e("11.4.2"), Some(Edition::V11));
        assert_eq!(e("12.7.0"), Some(Edition::V12_7));
        assert_eq!(e("12.10.0"), Some(Edition::V12_7));
        for bad in ["12.6.9", "10.0.0", "13.0.0", "x", "", "12"] {
            assert_eq!(e(bad), None, "{bad}");
        }
    }

    #[test]
    fn agent_tables_are_the_agents_listing_of_each_commit() {
        assert_eq!(
            names(V11.agents),
            "component-builder,bug-investigator,code-reviewer,silent-failure-hunter,\
             integration-verifier,planner,plan-gap-reviewer,web-researcher,github-researcher,doc-syncer"
        );
        assert_eq!(
            names(V12_7.agents),
            "component-builder,bug-investigator,code-reviewer,failure-hunter,integration-verifier,\
             planner,plan-gap-reviewer,researcher,doc-syncer,triage-agent,architecture-scanner"
        );
        assert!(Edition::V12_7.agent("cc10x:silent-failure-hunter").is_err());
        assert!(Edition::V11.agent("researcher").is_err());
    }

    #[test]
    fn origin_and_phase_enums_follow_skill_section_3_of_each_commit() {
        assert_eq!(
            names(V12_7.origins),
            "router,component-builder,bug-investigator,code-reviewer,integration-verifier,planner"
        );
        assert_eq!(V11.origins.len(), 7);
        assert_eq!(V11.phases.len(), 24);
        assert_eq!(V12_7.phases.len(), 26);
        assert_eq!(V12_7.phases[17], Phase::Triage);
        assert_eq!(V12_7.phases[18], Phase::CodebaseHealth);
        // Every phase of the union is in the head enum; 11.0.0 lacks exactly the two new ones.
        for p in Phase::ALL {
            assert!(V12_7.phases.contains(p));
            assert_eq!(
                V11.phases.contains(p),
                !matches!(p, Phase::Triage | Phase::CodebaseHealth)
            );
        }
    }

    #[test]
    fn dispatch_tables_map_only_the_editions_own_agents_and_phases() {
        for e in Edition::ALL {
            let r = e.rules();
            for (p, a) in r.phase_agents.iter() {
                assert!(r.phases.contains(p) && r.agents.contains(a), "{e} {p} {a}");
            }
            for (o, a) in r.remfix_agents.iter() {
                assert!(r.origins.contains(o) && r.agents.contains(a), "{e} {o} {a}");
            }
            assert!(r.agents.contains(&r.hunter));
        }
    }

    #[test]
    fn loop_rules_differ_as_rows_l1_to_l3_say() {
        assert_eq!((V11.re_review_cap, V12_7.re_review_cap), (2, 3));
        assert!(!V11.prune_fallback && V12_7.prune_fallback);
        assert!(V12_7.re_review_body.ends_with(SCOPE_LINES));
        assert!(V11.re_hunt_body.starts_with(SCOPE_LINES));
        assert!(!V11.require_all_default && V12_7.require_all_default);
        assert_eq!((V11.skeleton_keys, V12_7.skeleton_keys), (35, 40));
    }

    #[test]
    fn rows_a3_w1_w2_p2_h1_are_the_head_differences() {
        // A3: same first four rows, two new ones, DEFAULT last.
        assert_eq!((V11.signals.len(), V12_7.signals.len()), (5, 7));
        for (old, new) in V11.signals[..4].iter().zip(&V12_7.signals[..4]) {
            assert_eq!((old.signal, old.keywords), (new.signal, new.keywords));
        }
        for r in [V11.signals, V12_7.signals] {
            assert_eq!(r.last().map(|d| d.signal), Some(Signal::Default));
            assert!(r
                .iter()
                .enumerate()
                .all(|(i, row)| row.priority as usize == i + 1));
        }
        // W1: one row per write agent of the edition.
        for e in Edition::ALL {
            let r = e.rules();
            let writers: Vec<Agent> = r
                .agents
                .iter()
                .copied()
                .filter(|a| a.class() == crate::router::AgentClass::Write)
                .collect();
            let rows: Vec<Agent> = r.write_fields.iter().map(|(a, _)| *a).collect();
            assert_eq!(rows.len(), writers.len(), "{e}");
            assert!(rows.iter().all(|a| writers.contains(a)), "{e}");
        }
        // W2, P2.
        assert!(V11.contract_gates.is_empty() && V12_7.contract_gates.len() == 4);
        assert_eq!(
            (V11.rfc_alternatives_min, V12_7.rfc_alternatives_min),
            (1, 2)
        );
        assert!(V11.memory_summary_omitted.is_empty());
        assert_eq!(
            V12_7.memory_summary_omitted,
            [Agent::CodeReviewer, Agent::PlanGapReviewer]
        );
        // H1: the same ten rows; H3 and H6 keep their ids.
        fn ids(t: &[(&'static str, &'static str)]) -> Vec<&'static str> {
            t.iter().map(|(i, _)| *i).collect()
        }
        assert_eq!(ids(V11.hint_skills), ids(V12_7.hint_skills));
        assert_eq!(V11.hint_skills[2], V12_7.hint_skills[2]);
        assert_eq!(V11.hint_skills[5], V12_7.hint_skills[5]);
    }
}
