//! Contract editions (router-workflow.md): which cc10x contract an op applies.
//!
//! An edition is named by the `version` of the cc10x plugin that defines it: `11.0.0` (the seed's
//! contract, the default), `12.7.0` and `12.10.0` (the QA route). Every rule that differs between
//! them is one field of [`Rules`], and each edition is one row of that table ([`Edition::rules`]),
//! so a rule difference is data, never an `if` on the edition. Which edition an installed plugin
//! version runs, and whether that is exact, is the [`PLUGIN_VERSIONS`] table
//! ([`Edition::for_plugin_version`]).
//!
//! ```
//! use fourx_core::router::edition::Edition;
//! use fourx_core::router::{Agent, Phase};
//!
//! let e = Edition::parse(Some("12.7.0")).unwrap();
//! assert!(e.rules().agents.contains(&Agent::FailureHunter));
//! assert!(!Edition::V11.rules().phases.contains(&Phase::Triage));
//! assert!(Edition::V12_10.rules().phases.contains(&Phase::QaPlan));
//! assert_eq!(Edition::parse(None).unwrap(), Edition::V11);
//! assert!(Edition::parse(Some("12.6.0")).is_err());
//! ```

use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::error::{Error, ErrorKind, Result};

use super::vocabulary::{Agent, Kind, Origin, Phase, Signal, UnknownName, WorkflowType};

/// A cc10x contract edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Edition {
    /// `11.0.0` — cc10x at `b0410fc`, the seed's contract (router.md); the default.
    #[default]
    V11,
    /// `12.7.0` — cc10x at `f357380`.
    V12_7,
    /// `12.10.0` — cc10x as released 2026-10-07: the QA route (router-workflow.md, edition
    /// `12.10.0`).
    V12_10,
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Edition {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// The edition a plugin version runs and whether that edition is the version's own contract
/// (`exact`). A version that is not exact is an *unknown version*: hosts run its checks with
/// the edition given here and only warn on what they find (never block).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EditionMatch {
    /// The edition to run.
    pub edition: Edition,
    /// The version lies in the edition's own range of [`PLUGIN_VERSIONS`].
    pub exact: bool,
}

/// One row of the plugin-version table: the versions `from` (inclusive) to `until` (exclusive),
/// as `(major, minor, patch)`, run `edition` exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VersionRange {
    /// First version of the range.
    pub from: (u64, u64, u64),
    /// First version after the range.
    pub until: (u64, u64, u64),
    /// The edition the range runs.
    pub edition: Edition,
}

/// The plugin versions each edition is exact for, oldest first (cc10x's release history,
/// README "Version History" at 12.10.0): every 11.x release keeps the seed's contract; 12.7.x
/// runs `12.7.0` and 12.10.x `12.10.0`. The releases between (12.8.x, whose QA work was in
/// flight, and 12.9.x, the first QA release) are not read contract by contract, so they are
/// unknown versions: they run `12.7.0` and never block.
pub static PLUGIN_VERSIONS: [VersionRange; 3] = [
    VersionRange {
        from: (11, 0, 0),
        until: (12, 0, 0),
        edition: Edition::V11,
    },
    VersionRange {
        from: (12, 7, 0),
        until: (12, 8, 0),
        edition: Edition::V12_7,
    },
    VersionRange {
        from: (12, 10, 0),
        until: (12, 11, 0),
        edition: Edition::V12_10,
    },
];

/// Parses `major.minor.patch` (a missing patch is 0; a pre-release or build suffix after the
/// patch is ignored); `None` for anything else.
fn semver(version: &str) -> Option<(u64, u64, u64)> {
    let core = version.trim();
    let core = core.strip_prefix('v').unwrap_or(core);
    let core = core.split(['-', '+']).next().unwrap_or("");
    let mut parts = core.split('.');
    let num = |p: Option<&str>| {
        p.filter(|s| !s.is_empty() && s.len() <= 9 && s.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|s| s.parse::<u64>().ok())
    };
    let major = num(parts.next())?;
    let minor = num(parts.next())?;
    let patch = match parts.next() {
        None => 0,
        p => num(p)?,
    };
    parts.next().is_none().then_some((major, minor, patch))
}

/// The edition for `version` under a version table (oldest first, non-empty): the row whose
/// range holds the version, exact; else, not exact, the last row that starts before the version
/// (a version between two ranges runs the older edition, which its release extends; one after
/// every range the newest), the oldest row for a version before every range, and the newest row
/// for text that is not a version.
pub fn match_version(table: &[VersionRange], version: &str) -> EditionMatch {
    let newest = table.last().map_or(Edition::V11, |r| r.edition);
    let Some(v) = semver(version) else {
        return EditionMatch {
            edition: newest,
            exact: false,
        };
    };
    if let Some(r) = table.iter().find(|r| r.from <= v && v < r.until) {
        return EditionMatch {
            edition: r.edition,
            exact: true,
        };
    }
    let oldest = table.first().map_or(Edition::V11, |r| r.edition);
    let edition = table
        .iter()
        .rfind(|r| r.from <= v)
        .map_or(oldest, |r| r.edition);
    EditionMatch {
        edition,
        exact: false,
    }
}

impl Edition {
    /// Every edition, oldest first.
    pub const ALL: &'static [Edition] = &[Edition::V11, Edition::V12_7, Edition::V12_10];

    /// The version of every edition, in the order of [`ALL`](Self::ALL) (the catalog's `Edition`
    /// words), read from the editions' rules.
    pub const WORDS: &'static [&'static str] = &[V11.version, V12_7.version, V12_10.version];

    /// The newest edition (what an unknown newer plugin version runs).
    pub const NEWEST: Edition = Edition::V12_10;

    /// The version string.
    pub fn as_str(self) -> &'static str {
        self.rules().version
    }

    /// The editions' versions as `a, b, c` (error messages).
    fn listing() -> String {
        Edition::ALL
            .iter()
            .map(|e| e.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Parses the `edition` input: absent means `11.0.0`; any other string than the
    /// editions' versions is `invalid_value`.
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
                        format!("edition {v:?} is not one of {}", Edition::listing()),
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
                format!("edition must be one of the strings {}", Edition::listing()),
            )
            .with_field("edition")),
        }
    }

    /// The edition's rule row.
    pub fn rules(self) -> &'static Rules {
        match self {
            Edition::V11 => &V11,
            Edition::V12_7 => &V12_7,
            Edition::V12_10 => &V12_10,
        }
    }

    /// The edition a host runs for an installed cc10x plugin `version` (`fourx hook`,
    /// `router.edition_for_version`), by [`PLUGIN_VERSIONS`] ([`match_version`]): never `None`,
    /// so an unknown version still gets its checks; `exact` says whether findings may block.
    ///
    /// ```
    /// use fourx_core::router::edition::Edition;
    /// let m = Edition::for_plugin_version("12.7.2");
    /// assert_eq!((m.edition, m.exact), (Edition::V12_7, true));
    /// let m = Edition::for_plugin_version("12.8.0");
    /// assert_eq!((m.edition, m.exact), (Edition::V12_7, false));
    /// let m = Edition::for_plugin_version("13.0.0");
    /// assert_eq!((m.edition, m.exact), (Edition::V12_10, false));
    /// ```
    pub fn for_plugin_version(version: &str) -> EditionMatch {
        match_version(&PLUGIN_VERSIONS, version)
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

/// Every edition-dependent rule, one field each (the row id in brackets).
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
    /// Row F3: Skeleton keys `check_artifact` lets an artifact omit (an artifact started under
    /// the edition before; `new_artifact` still writes them).
    pub legacy_optional_keys: &'static [&'static str],
    /// Row M2: `scope:` may name a research lane's source (`scope:code`, `scope:code:<repo>`,
    /// cc10x's QA research lanes) besides `ALL_ISSUES`, `CRITICAL_ONLY` and `N/A`.
    pub scope_sources: bool,
    /// Row F3: `planning_review_status: "passed"` needs `plan_revision == last_reviewed_revision`
    /// (when the artifact carries both).
    pub revision_pair: bool,
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
    /// Row L1: Completed remediations at which the re-review asks the user.
    pub re_review_cap: usize,
    /// Row L4: A REM-FIX completes with a `remediation_history` entry (cc10x ≥ 12.6's
    /// hook-enforced backstop); the TaskCompleted hook warns when the artifact has none.
    pub remediation_history_backstop: bool,
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
    /// Row R6: The contract YAML block's `STATUS` decides every agent's status (read-only agents
    /// too) when it disagrees with the envelope or heading.
    pub yaml_decides_status: bool,
    /// Row R6: The contract YAML block is the first `yaml` fence *following* the Router Contract
    /// heading (else the first one after the envelope); before, the last one under the heading.
    pub yaml_follows_heading: bool,
    /// Row R7: The verifier adjudicates disputed REM-FIX findings by position, each exactly once
    /// in `DISPUTE_UPHELD` or `DISPUTE_REJECTED`.
    pub dispute_adjudication: bool,
    /// Row E1: Events beyond the 14 of the seed's event list.
    pub extra_events: &'static [&'static str],
    /// Row E2: Events whose line must carry `details.phase_id` (the `phase_cursor` value, the
    /// literal `N/A` when it is null).
    pub phase_id_events: &'static [&'static str],
    /// Row A3: The intent-routing signal table, in priority order (DEFAULT last).
    pub signals: &'static [SignalRow],
    /// Row W1: The write agents' required contract fields, in the table order; an
    /// entry `A|B` is satisfied by either key.
    pub write_fields: &'static [(Agent, &'static [&'static str])],
    /// Row W1: Agents whose required fields depend on their `MODE` field: `(agent, mode, fields)`;
    /// a contract without `MODE` is read as the first mode listed for its agent.
    pub mode_fields: &'static [(Agent, &'static str, &'static [&'static str])],
    /// Row W2: The pass conditions this edition adds to the seed's write-contract checks.
    pub contract_gates: &'static [ContractGate],
    /// Row W2: How many `ALTERNATIVES` a planner `decision_rfc` needs.
    pub rfc_alternatives_min: usize,
    /// Row P2: Agents whose prompt frame omits `## Memory Summary` (anti-anchoring).
    pub memory_summary_omitted: &'static [Agent],
    /// Row H1: The skill id of each internal hint row (`H1` … `H10`), in table order.
    pub hint_skills: &'static [(&'static str, &'static str)],
}

/// One row of an intent-routing signal table (row A3).
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
    /// The chain description of the edition's SKILL.md.
    pub chain: &'static str,
}

/// A write-contract pass condition an edition adds to the seed's checks (row W2); each
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
    /// Builder PASS and investigator FIXED: any non-zero integer `TDD_RED_EXIT` (1 by
    /// convention; a `cargo test` RED of 101 is a RED) instead of exactly 1.
    RedExitNonZero,
    /// `kind:remfix` builder PASS / investigator FIXED: non-empty `COVERING_TESTS`,
    /// `TEST_COMMAND` and `TEST_OUTPUT`, except on the dispute-only return (every dispatched
    /// finding in `FINDING_DISPUTED`, nothing changed), which has its own conditions.
    RemfixProof,
    /// qa-harness-builder and qa-executor pass conditions (hook policy "Contract overrides").
    QaContracts,
}

/// The `11.0.0` signal table (b0410fc).
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

/// The `12.7.0` signal table (f357380): TRIAGE (5) and CODEBASE-HEALTH (6) before
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

/// The `12.10.0` signal table (the router's intent table as summarised by the README's "The 8 Workflows"
/// table at 12.10.0): QA at priority 5 moves TRIAGE to 6, CODEBASE-HEALTH to 7 and DEFAULT to 8.
pub static SIGNALS_12_10: [SignalRow; 8] = [
    SIGNALS_12_7[0],
    SIGNALS_12_7[1],
    SIGNALS_12_7[2],
    SIGNALS_12_7[3],
    SignalRow {
        priority: 5,
        signal: Signal::Qa,
        keywords: &[
            "test",
            "qa",
            "e2e",
            "integration test",
            "test plan",
            "regression",
        ],
        workflow: WorkflowType::Qa,
        chain: "qa-researcher × N → qa-plan → plan-gap-reviewer → qa-preflight → \
                qa-harness-builder → [code-reviewer ‖ failure-hunter] → qa-executor",
    },
    SignalRow {
        priority: 6,
        ..SIGNALS_12_7[4]
    },
    SignalRow {
        priority: 7,
        ..SIGNALS_12_7[5]
    },
    SignalRow {
        priority: 8,
        ..SIGNALS_12_7[6]
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

/// Required write-contract fields at `11.0.0` (b0410fc).
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

/// Required write-contract fields at `12.7.0` (f357380 required-field table): the
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

/// The planner's required fields at `12.10.0`: `PLAN_REVISION` and `LAST_REVIEWED_REVISION`
/// after `PLAN_FILE` (refs/workflow-artifact-and-hook-policy.md required-field table).
const PLANNER_FIELDS_12_10: &[&str] = &[
    "STATUS",
    "PLAN_MODE",
    "VERIFICATION_RIGOR",
    "CONFIDENCE",
    "PLAN_FILE",
    "PLAN_REVISION",
    "LAST_REVIEWED_REVISION",
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

/// qa-harness-builder `MODE: harness` (also a contract without `MODE`).
const QA_HARNESS_FIELDS: &[&str] = &[
    "MODE",
    "STATUS",
    "CONFIDENCE",
    "PHASE_STATUS",
    "SCENARIOS_PLANNED",
    "SCENARIOS_IMPLEMENTED",
    "MUTATION_CHECKS",
    "LIVENESS_PROBES",
    "RERUN_CLEAN",
    "TEARDOWN_VERIFIED",
    "ENV_MODE",
    "SERVICES_PROVISIONED",
    "PRODUCT_CODE_TOUCHED",
    "SCOPE_INCREASES",
    "BLOCKED_ITEMS",
    "BLOCKING",
    "NEXT_ACTION",
    "MEMORY_NOTES",
    "ARTIFACTS_CREATED",
    "HARNESS_MANIFEST",
];

/// qa-harness-builder `MODE: preflight`.
const QA_PREFLIGHT_FIELDS: &[&str] = &[
    "MODE",
    "STATUS",
    "CONFIDENCE",
    "PHASE_STATUS",
    "COST_TIER_REACHED",
    "CHECKS",
    "HUMAN_PREREQUISITES",
    "ENV_PLAN_CORRECTIONS",
    "REPO_CURRENCY",
    "CURRENCY_GATE",
    "SETUP_RECORD",
    "SETUP_RECORD_STALE",
    "SERVICES_PROVISIONED",
    "PRODUCT_CODE_TOUCHED",
    "BUG_CANDIDATES",
    "SCOPE_INCREASES",
    "BLOCKED_ITEMS",
    "BLOCKING",
    "NEXT_ACTION",
    "MEMORY_NOTES",
];

/// Required write-contract fields at `12.10.0` (refs/workflow-artifact-and-hook-policy.md
/// required-field table): the `12.7.0` rows, the planner's revision pair, the harness builder
/// (its fields by `MODE`, [`Rules::mode_fields`]) and the executor.
pub static WRITE_FIELDS_12_10: [(Agent, &[&str]); 7] = [
    WRITE_FIELDS_12_7[0],
    WRITE_FIELDS_12_7[1],
    (Agent::Planner, PLANNER_FIELDS_12_10),
    WRITE_FIELDS_12_7[3],
    WRITE_FIELDS_12_7[4],
    (Agent::QaHarnessBuilder, QA_HARNESS_FIELDS),
    (
        Agent::QaExecutor,
        &[
            "STATUS",
            "CONFIDENCE",
            "REPORT_FILE",
            "ENV_MODE",
            "ENV_READY",
            "SCENARIOS_TOTAL",
            "SCENARIOS_PASSED",
            "SCENARIOS_FAILED",
            "SCENARIOS_BLOCKED",
            "SCENARIOS_FLAKY",
            "EVIDENCE",
            "TEARDOWN_STATUS",
            "TEARDOWN_EVIDENCE",
            "LEAKED_RESOURCES",
            "COVERAGE_GAPS",
            "BUG_CANDIDATES",
            "FAILURE_CLASS_COUNTS",
            "HARNESS_ISSUES",
            "TEST_CODE_TOUCHED",
            "PRODUCT_CODE_TOUCHED",
            "CRITICAL_ISSUES",
            "BLOCKING",
            "NEXT_ACTION",
            "REMEDIATION_NEEDED",
            "REMEDIATION_REASON",
            "MEMORY_NOTES",
        ],
    ),
];

/// Internal hint skill ids at `11.0.0`.
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

/// Internal hint skill ids at `12.7.0` (f357380 "Deterministic skill hints"): the
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

/// `12.10.0` (the router's phase enum, INV-026/INV-028 of docs/router-invariants.md,
/// refs/qa-workflow.md): the `12.7.0` phases, `plan-review-amendment` (PLAN's on-demand
/// amendment lane) and the thirteen QA phases.
const QA_PHASES: [Phase; 40] = [
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
    Phase::PlanReviewAmendment,
    Phase::Triage,
    Phase::CodebaseHealth,
    Phase::Qa,
    Phase::QaResearch,
    Phase::QaPlan,
    Phase::QaPlanReview,
    Phase::QaRePlan,
    Phase::QaPlanReview2,
    Phase::QaPreflight,
    Phase::QaBuild,
    Phase::ReQaBuild,
    Phase::QaReview,
    Phase::QaHunt,
    Phase::QaExecute,
    Phase::ReQaExecute,
    Phase::MemoryFinalize,
    Phase::ReReview,
    Phase::ReHunt,
    Phase::ReVerify,
    Phase::RePlan,
    Phase::ResearchWeb,
    Phase::ResearchGithub,
];

/// The five `12.10.0` skeleton keys an artifact started before them may lack (the revision
/// pair must not brick legacy artifacts, qa phase-invariant PP-13(d)).
const QA_NEW_KEYS: &[&str] = &[
    "source_wf",
    "source_bug_candidate",
    "qa",
    "plan_revision",
    "last_reviewed_revision",
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
    legacy_optional_keys: &[],
    scope_sources: false,
    revision_pair: false,
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
    remediation_history_backstop: false,
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
    yaml_decides_status: false,
    yaml_follows_heading: false,
    dispute_adjudication: false,
    extra_events: &[],
    phase_id_events: &[],
    signals: &SIGNALS_11,
    write_fields: &WRITE_FIELDS_11,
    mode_fields: &[],
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
    legacy_optional_keys: &[],
    scope_sources: false,
    revision_pair: false,
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
    remediation_history_backstop: true,
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
    yaml_decides_status: false,
    yaml_follows_heading: false,
    dispute_adjudication: false,
    extra_events: &["result_persisted", "artifact_mutated"],
    phase_id_events: &[],
    signals: &SIGNALS_12_7,
    write_fields: &WRITE_FIELDS_12_7,
    mode_fields: &[],
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

static V12_10: Rules = Rules {
    version: "12.10.0",
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
        Agent::QaResearcher,
        Agent::QaHarnessBuilder,
        Agent::QaExecutor,
    ],
    origins: &[
        Origin::Router,
        Origin::ComponentBuilder,
        Origin::BugInvestigator,
        Origin::CodeReviewer,
        Origin::IntegrationVerifier,
        Origin::Planner,
        Origin::QaHarnessBuilder,
        Origin::QaExecutor,
    ],
    phases: &QA_PHASES,
    workflows: &[
        WorkflowType::Build,
        WorkflowType::Debug,
        WorkflowType::Review,
        WorkflowType::Plan,
        WorkflowType::Orient,
        WorkflowType::Qa,
        WorkflowType::Triage,
        WorkflowType::CodebaseHealth,
    ],
    artifact_types: &[
        "BUILD",
        "DEBUG",
        "PLAN",
        "REVIEW",
        "QA",
        "ORIENT",
        "TRIAGE",
        "CODEBASE-HEALTH",
        "pending",
    ],
    new_artifact_types: &[
        (WorkflowType::Build, "build"),
        (WorkflowType::Debug, "debug"),
        (WorkflowType::Review, "review"),
        (WorkflowType::Plan, "plan"),
        (WorkflowType::Qa, "qa"),
        (WorkflowType::Triage, "triage"),
        (WorkflowType::CodebaseHealth, "codebase-health"),
        (WorkflowType::Orient, "orient"),
    ],
    skeleton_keys: 45,
    legacy_optional_keys: QA_NEW_KEYS,
    scope_sources: true,
    revision_pair: true,
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
        (Phase::PlanReviewAmendment, Agent::PlanGapReviewer),
        (Phase::ResearchWeb, Agent::Researcher),
        (Phase::ResearchGithub, Agent::Researcher),
        (Phase::BuildDocSync, Agent::DocSyncer),
        (Phase::Triage, Agent::TriageAgent),
        (Phase::CodebaseHealth, Agent::ArchitectureScanner),
        (Phase::QaResearch, Agent::QaResearcher),
        (Phase::QaPlan, Agent::Planner),
        (Phase::QaRePlan, Agent::Planner),
        (Phase::QaPlanReview, Agent::PlanGapReviewer),
        (Phase::QaPlanReview2, Agent::PlanGapReviewer),
        (Phase::QaPreflight, Agent::QaHarnessBuilder),
        (Phase::QaBuild, Agent::QaHarnessBuilder),
        (Phase::ReQaBuild, Agent::QaHarnessBuilder),
        (Phase::QaReview, Agent::CodeReviewer),
        (Phase::QaHunt, Agent::FailureHunter),
        (Phase::QaExecute, Agent::QaExecutor),
        (Phase::ReQaExecute, Agent::QaExecutor),
    ],
    remfix_agents: &[
        (Origin::BugInvestigator, Agent::BugInvestigator),
        (Origin::CodeReviewer, Agent::ComponentBuilder),
        (Origin::IntegrationVerifier, Agent::ComponentBuilder),
        (Origin::Router, Agent::ComponentBuilder),
        (Origin::QaHarnessBuilder, Agent::QaHarnessBuilder),
        (Origin::QaExecutor, Agent::QaHarnessBuilder),
    ],
    require_all_default: true,
    reason_not_na: &[Kind::Remfix, Kind::Research],
    hunter: Agent::FailureHunter,
    re_review_cap: 3,
    remediation_history_backstop: true,
    re_review_body: V12_7.re_review_body,
    re_hunt_body: V12_7.re_hunt_body,
    prune_fallback: true,
    hunter_heading: "Failure Hunter",
    plan_review_count_key: "cr",
    contract_yaml: true,
    scenarios_blocked: true,
    yaml_decides_status: true,
    yaml_follows_heading: true,
    dispute_adjudication: true,
    extra_events: &[
        "result_persisted",
        "artifact_mutated",
        "phase_started",
        "remediation_created",
        "inline_fallback_entered",
        "inline_fallback_exited",
        "parallel_fallback",
        "compact_occurred",
        "preflight_blocked",
        "bug_candidates_recorded",
    ],
    phase_id_events: &["result_persisted", "phase_started", "remediation_created"],
    signals: &SIGNALS_12_10,
    write_fields: &WRITE_FIELDS_12_10,
    mode_fields: &[
        (Agent::QaHarnessBuilder, "harness", QA_HARNESS_FIELDS),
        (Agent::QaHarnessBuilder, "preflight", QA_PREFLIGHT_FIELDS),
    ],
    contract_gates: &[
        ContractGate::TddRedReason,
        ContractGate::BuildPreflight,
        ContractGate::FeedbackLoop,
        ContractGate::DebugCloseout,
        ContractGate::RedExitNonZero,
        ContractGate::RemfixProof,
        ContractGate::QaContracts,
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
    fn the_edition_words_are_the_versions_of_every_edition_in_order() {
        let versions: Vec<&str> = Edition::ALL.iter().map(|e| e.as_str()).collect();
        assert_eq!(Edition::WORDS, versions.as_slice());
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

    fn m(edition: Edition, exact: bool) -> EditionMatch {
        EditionMatch { edition, exact }
    }

    #[test]
    fn a_plugin_version_in_an_editions_range_runs_that_edition_exactly() {
        let e = Edition::for_plugin_version;
        assert_eq!(e("11.0.0"), m(Edition::V11, true));
        assert_eq!(e("11.4.2"), m(Edition::V11, true));
        assert_eq!(e("12.7.0"), m(Edition::V12_7, true));
        assert_eq!(e("12.7.9"), m(Edition::V12_7, true));
        assert_eq!(e("12.10.0"), m(Edition::V12_10, true));
        assert_eq!(e(" 12.10.3 "), m(Edition::V12_10, true));
        assert_eq!(e("12.10"), m(Edition::V12_10, true));
    }

    #[test]
    fn unknown_plugin_versions_run_the_nearest_edition_never_exactly() {
        let e = Edition::for_plugin_version;
        // Newer than every edition: the newest.
        assert_eq!(e("13.0.0"), m(Edition::V12_10, false));
        assert_eq!(e("12.11.0"), m(Edition::V12_10, false));
        // Between two ranges: the older edition; before every range: the oldest.
        assert_eq!(e("12.8.0"), m(Edition::V12_7, false));
        assert_eq!(e("12.9.1"), m(Edition::V12_7, false));
        assert_eq!(e("12.6.9"), m(Edition::V11, false));
        assert_eq!(e("10.0.0"), m(Edition::V11, false));
        // Not a version at all: the newest, not exact.
        for garbage in [
            "x",
            "",
            "12",
            "12.x.0",
            "1.2.3.4",
            "unknown",
            "99999999999.0.0",
        ] {
            assert_eq!(e(garbage), m(Edition::V12_10, false), "{garbage:?}");
        }
    }

    #[test]
    fn before_the_12_10_edition_existed_12_10_0_was_an_unknown_version_of_12_7() {
        let table = &PLUGIN_VERSIONS[..2];
        assert_eq!(match_version(table, "12.10.0"), m(Edition::V12_7, false));
        assert_eq!(match_version(table, "12.8.0"), m(Edition::V12_7, false));
        assert_eq!(match_version(table, "12.7.1"), m(Edition::V12_7, true));
        assert_eq!(match_version(table, "13.0.0"), m(Edition::V12_7, false));
        assert_eq!(match_version(table, "garbage"), m(Edition::V12_7, false));
    }

    #[test]
    fn version_ranges_are_ordered_disjoint_and_name_every_edition_once() {
        for w in PLUGIN_VERSIONS.windows(2) {
            assert!(w[0].from < w[0].until && w[0].until <= w[1].from);
        }
        let eds: Vec<_> = PLUGIN_VERSIONS.iter().map(|r| r.edition).collect();
        assert_eq!(eds, Edition::ALL);
        assert_eq!(Edition::ALL.last(), Some(&Edition::NEWEST));
        for r in &PLUGIN_VERSIONS {
            let v = r.edition.as_str();
            assert_eq!(Edition::for_plugin_version(v), m(r.edition, true), "{v}");
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
        assert_eq!(
            names(V12_10.origins),
            "router,component-builder,bug-investigator,code-reviewer,integration-verifier,planner,\
             qa-harness-builder,qa-executor"
        );
        assert_eq!(V11.origins.len(), 7);
        assert_eq!(V12_10.phases.len(), 40);
        assert_eq!(V11.phases.len(), 24);
        assert_eq!(V12_7.phases.len(), 26);
        assert_eq!(V12_7.phases[17], Phase::Triage);
        assert_eq!(V12_7.phases[18], Phase::CodebaseHealth);
        // 11.0.0 lacks exactly the two 12.7.0 phases; 12.7.0 exactly the fourteen 12.10.0 ones.
        for p in Phase::ALL {
            let qa = p.as_str().contains("qa") || *p == Phase::PlanReviewAmendment;
            assert!(V12_10.phases.contains(p), "{p}");
            assert_eq!(V12_7.phases.contains(p), !qa, "{p}");
            assert_eq!(
                V11.phases.contains(p),
                !qa && !matches!(p, Phase::Triage | Phase::CodebaseHealth)
            );
        }
    }

    #[test]
    fn the_12_10_edition_adds_the_qa_route_its_thirteen_phases_and_three_agents() {
        let qa: Vec<_> = V12_10
            .phases
            .iter()
            .filter(|p| p.as_str().contains("qa"))
            .map(|p| p.as_str())
            .collect();
        assert_eq!(
            qa,
            [
                "qa",
                "qa-research",
                "qa-plan",
                "qa-plan-review",
                "qa-re-plan",
                "qa-plan-review-2",
                "qa-preflight",
                "qa-build",
                "re-qa-build",
                "qa-review",
                "qa-hunt",
                "qa-execute",
                "re-qa-execute"
            ]
        );
        assert!(V12_10.phases.contains(&Phase::PlanReviewAmendment));
        assert_eq!(
            names(&V12_10.agents[11..]),
            "qa-researcher,qa-harness-builder,qa-executor"
        );
        assert!(V12_10.workflows.contains(&WorkflowType::Qa));
        assert!(!V12_7.workflows.contains(&WorkflowType::Qa));
        // Every dispatchable QA phase has exactly one dispatcher row; the bare parent has none.
        for p in V12_10.phases.iter().filter(|p| p.as_str().contains("qa")) {
            let rows = V12_10.phase_agents.iter().filter(|(q, _)| q == p).count();
            assert_eq!(rows, usize::from(*p != Phase::Qa), "{p}");
        }
        // The harness builder owns re-qa-build from its own or the executor's findings.
        assert!(V12_10
            .remfix_agents
            .contains(&(Origin::QaHarnessBuilder, Agent::QaHarnessBuilder)));
        assert!(V12_10
            .remfix_agents
            .contains(&(Origin::QaExecutor, Agent::QaHarnessBuilder)));
        // A3: QA at 5, DEFAULT last at 8.
        let rows: Vec<_> = V12_10
            .signals
            .iter()
            .map(|r| (r.priority, r.workflow.as_str()))
            .collect();
        assert_eq!(
            rows,
            [
                (1, "DEBUG"),
                (2, "PLAN"),
                (3, "REVIEW"),
                (4, "ORIENT"),
                (5, "QA"),
                (6, "TRIAGE"),
                (7, "CODEBASE-HEALTH"),
                (8, "BUILD")
            ]
        );
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
