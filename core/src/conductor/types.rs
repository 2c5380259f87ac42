//! The conductor's vocabulary: facts and outcomes in, decisions, prepare actions and the loop
//! memory out. Every kind is an enum, so a decision the harness cannot execute cannot be built.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::error::Error;

/// File texts by name; `None` (JSON `null`) is a missing file, like an absent key.
pub type Files = BTreeMap<String, Option<String>>;

/// The text of `name` in `files`, `None` when absent or `null`.
pub(crate) fn file<'a>(files: &'a Files, name: &str) -> Option<&'a str> {
    files.get(name).and_then(|t| t.as_deref())
}

/// A changed file of the deep review's angle selection (`lines` is informative).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Changed {
    /// Path relative to the repository root.
    pub path: String,
    /// Changed lines.
    #[serde(default)]
    pub lines: i64,
}

/// What the harness knows about the world right now; a missing fact takes its default.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Facts {
    /// A signal or cancelled context: the run stops with `interrupted`.
    pub interrupted: bool,
    /// The stop file exists: the run stops with `mcp-stop`.
    pub stop_requested: bool,
    /// `rounds-summary.md` exists (accepting at round ≥ 3 asks for it otherwise).
    pub rounds_summary_exists: bool,
    /// `baseline.json` exists (coding at round 1 asks for it otherwise).
    pub baseline_exists: bool,
    /// The feature's test strategy; its `health_check` wins over the config's.
    pub test_strategy: Option<Value>,
    /// The changed files (deep review asks with `gather` when absent).
    pub changed_files: Option<Vec<Changed>>,
    /// Round file texts (deep-review partials on resume).
    pub round_files: Files,
}

/// The guard result of an agent run.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct GuardResult {
    /// The guard passed.
    pub pass: bool,
    /// Its errors.
    pub errors: Vec<String>,
    /// Every error may be fixed by a tester retry.
    pub all_retryable: bool,
    /// Protected self-modification paths were touched.
    pub self_mod_touched: bool,
    /// Those paths.
    pub self_mod_paths: Vec<String>,
}

/// Run statistics of one agent run.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Stats {
    /// Tokens used (0 = unknown).
    pub tokens_used: i64,
    /// Cost in USD.
    pub cost_usd: f64,
    /// Wall time in ms.
    pub duration_ms: i64,
}

/// The router-contract check of an agent's transcript (`router.parse_output` of the cc10x agent
/// its role maps to): whether the contract lets the run advance.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ContractCheck {
    /// The cc10x agent the transcript was checked as (`code-reviewer`, ...).
    pub agent: String,
    /// The contract lets the run advance (`may_advance` of `router.parse_output`).
    pub may_advance: bool,
    /// The transcript was refused (the error message of `router.parse_output`).
    pub error: Option<String>,
}

impl ContractCheck {
    /// The contract forbids advancing: refused, or `may_advance` false.
    pub fn blocks(&self) -> bool {
        self.error.is_some() || !self.may_advance
    }
}

/// What an agent run produced (`agent_exit`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct AgentExit {
    /// The runner's exit code.
    pub exit_code: i64,
    /// The runner could not run.
    pub error: Option<String>,
    /// The run was interrupted by a signal.
    pub interrupted: bool,
    /// The last ≤ 8 KiB of stderr.
    pub stderr_tail: Option<String>,
    /// Run statistics.
    pub stats: Option<Stats>,
    /// The guard's result (required when the outcome reaches the artifact step).
    pub guard: Option<GuardResult>,
    /// The transcript's router-contract check, when the role maps to a cc10x agent.
    pub contract: Option<Box<ContractCheck>>,
    /// Collected feature-dir files.
    pub feature_files: Files,
    /// Collected round-dir files.
    pub round_files: Files,
}

/// One parallel sub-reviewer's result.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ParallelResult {
    /// 1-based index of the sub-reviewer.
    pub index: i64,
    /// Its exit code.
    pub exit_code: i64,
    /// It could not run.
    pub error: Option<String>,
    /// Run statistics.
    pub stats: Option<Stats>,
}

/// What the harness sends back after executing a decision.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Outcome {
    /// Answers `run_agent`.
    AgentExit(AgentExit),
    /// Answers `run_parallel`.
    ParallelExit {
        /// One result per agent run.
        #[serde(default)]
        results: Vec<ParallelResult>,
        /// The run was interrupted.
        #[serde(default)]
        interrupted: bool,
        /// The partial reports read back (and, for parallel review/test, the reviewer's and
        /// tester's round files).
        #[serde(default)]
        round_files: Files,
        /// Parallel review/test: the scope guard's result (required when it is reached).
        #[serde(default)]
        guard: Option<GuardResult>,
        /// Parallel review/test: the testing guard's result (required when it is reached).
        #[serde(default)]
        testing_guard: Option<GuardResult>,
    },
    /// Answers `run_helper` (its result is ignored).
    HelperExit {
        /// Ignored.
        #[serde(default)]
        ok: Option<bool>,
    },
    /// Answers `run_health_check`.
    HealthCheck {
        /// Every command passed (after recovery, if any).
        ok: bool,
        /// The failure.
        #[serde(default)]
        error: Option<String>,
    },
    /// Answers `capture_baseline`.
    Baseline {
        /// The capture worked.
        ok: bool,
        /// The failure.
        #[serde(default)]
        error: Option<String>,
        /// HEAD of the scope root, when asked.
        #[serde(default)]
        base_commit: Option<String>,
    },
    /// Answers `gather`.
    Gathered {
        /// The changed files.
        #[serde(default)]
        changed_files: Vec<Changed>,
        /// The round files that exist.
        #[serde(default)]
        round_files: Files,
    },
    /// Answers `run_hooks`.
    Hooks {
        /// Every hook succeeded (or its `on_fail` allowed going on).
        ok: bool,
    },
    /// Answers `discover_features`.
    Discovered {
        /// The ids of the features created.
        #[serde(default)]
        created: Vec<String>,
    },
    /// Answers `await_human`: what the person answered (`approve`, `reject` or a note).
    HumanReply {
        /// The answer text.
        answer: String,
    },
    /// Answers `await_human`: nobody answered within `timeout_ms`.
    HumanTimeout {},
}

impl Outcome {
    /// The `pending.kind` this outcome answers.
    pub fn answers(&self) -> PendingKind {
        match self {
            Outcome::AgentExit(_) => PendingKind::Agent,
            Outcome::ParallelExit { .. } => PendingKind::Parallel,
            Outcome::HelperExit { .. } => PendingKind::Helper,
            Outcome::HealthCheck { .. } => PendingKind::HealthCheck,
            Outcome::Baseline { .. } => PendingKind::Baseline,
            Outcome::Gathered { .. } => PendingKind::Gather,
            Outcome::Hooks { .. } => PendingKind::Hooks,
            Outcome::Discovered { .. } => PendingKind::Discover,
            Outcome::HumanReply { .. } | Outcome::HumanTimeout {} => PendingKind::Human,
        }
    }
}

/// The directory a file action names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Dir {
    /// `.4x/features/<id>/`.
    Feature,
    /// `rounds/round-<n>/` of the decision's round.
    Round,
}

/// A file in a directory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FileRef {
    /// Directory.
    pub dir: Dir,
    /// File name.
    pub file: String,
}

impl FileRef {
    pub(crate) fn new(dir: Dir, file: &str) -> Self {
        FileRef {
            dir,
            file: file.to_string(),
        }
    }
}

/// An action the harness executes before the decision itself, in list order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Prepare {
    /// Remove the stop file (start of every run).
    ClearStopSignal,
    /// Delete a file if present.
    Remove {
        /// Directory.
        dir: Dir,
        /// File name.
        file: String,
    },
    /// Write `value` as indented JSON (two spaces).
    WriteJson {
        /// Directory.
        dir: Dir,
        /// File name.
        file: String,
        /// The value.
        value: Value,
    },
    /// Write the text verbatim.
    WriteText {
        /// Directory.
        dir: Dir,
        /// File name.
        file: String,
        /// The text.
        text: String,
    },
    /// Regenerate the review diff package from `state.baseCommit` (warn only on failure).
    ReviewPackage {
        /// Directory.
        dir: Dir,
        /// File name.
        file: String,
    },
    /// Summarise verify.json and the review reports for the acceptor (warn only).
    AcceptanceSummary {
        /// Directory.
        dir: Dir,
        /// File name.
        file: String,
    },
    /// The harness's cleanup before a tester guard retry.
    TesterRetryCleanup {
        /// Directory.
        dir: Dir,
    },
}

/// Why an agent runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Purpose {
    /// The phase's own agent.
    Main,
    /// Review convergence: the mini-coder fixes the warnings.
    ReviewFix,
    /// Review convergence: the reviewer reviews again.
    ReviewRerun,
    /// The single deep reviewer.
    DeepReview,
    /// Merges the parallel partial reports.
    Synthesizer,
    /// Deep self-heal: the mini-coder fixes.
    DeepFix,
    /// Deep self-heal: the re-verifier reviews again.
    ReVerifier,
}

/// The guard the harness runs after an agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GuardKind {
    /// Scope / diff rules (guard.Check).
    Scope,
    /// CheckTestingToAccepting.
    Testing,
}

/// The files to read back after an agent.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Collect {
    /// Feature-dir names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feature: Option<Vec<String>>,
    /// Round-dir names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<Vec<String>>,
}

impl Collect {
    pub(crate) fn feature(names: &[&str]) -> Self {
        Collect {
            feature: Some(names.iter().map(|s| (*s).to_string()).collect()),
            round: None,
        }
    }
    pub(crate) fn round(names: &[&str]) -> Self {
        Collect {
            feature: None,
            round: Some(names.iter().map(|s| (*s).to_string()).collect()),
        }
    }
}

/// Extra keys of a `run_agent` decision.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AgentExtra {
    /// Angles of a single deep reviewer with fewer than 11.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub angles: Option<Vec<i64>>,
    /// The report whose warnings a review mini-coder fixes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conditional_source: Option<String>,
    /// The partial reports a synthesizer merges.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub partials: Option<Vec<String>>,
}

/// `run_agent`: run one agent once.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AgentCall {
    /// Why it runs.
    pub purpose: Purpose,
    /// The state's phase.
    pub phase: String,
    /// The agent's role.
    pub role: String,
    /// Sub-step (`""` for main agents).
    pub sub_phase: String,
    /// The round.
    pub round: i64,
    /// How often this role ran in this round, this run included.
    pub iteration: i64,
    /// Runner name.
    pub runner: String,
    /// Model name.
    pub model: String,
    /// 1-based attempt (transient retries add one).
    pub attempt: i64,
    /// Wait this long before running.
    pub wait_ms: i64,
    /// The runner's transient retry limit.
    pub transient_retries: i64,
    /// Files to read back.
    pub collect: Collect,
    /// Guard to run after a clean exit.
    pub guard: Option<GuardKind>,
    /// The run note (a one-shot note for this agent's prompt; 4x `--note`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// Extra keys.
    #[serde(flatten)]
    pub extra: AgentExtra,
}

/// One agent of `run_parallel`: a deep sub-reviewer (angles, partial) or the reviewer / tester
/// of parallel review/test (runner, model).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ParallelAgent {
    /// `deep-reviewer`, or `reviewer` / `tester`.
    pub role: String,
    /// 1-based index.
    pub index: i64,
    /// Its angles (deep review).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub angles: Vec<i64>,
    /// The partial report it writes (deep review).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub partial: String,
    /// Its runner (parallel review/test).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub runner: Option<String>,
    /// Its model (parallel review/test).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// The run note for this agent's prompt.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// What a decision asks the harness to do (or that the run ended).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Action {
    /// Run one agent once.
    RunAgent(AgentCall),
    /// Run parallel deep sub-reviewers.
    RunParallel {
        /// `deep-reviewing`.
        phase: String,
        /// `reviewing`.
        sub_phase: String,
        /// The round.
        round: i64,
        /// Runner.
        runner: String,
        /// Model.
        model: String,
        /// Transient retry limit.
        transient_retries: i64,
        /// The agents.
        agents: Vec<ParallelAgent>,
        /// The guards to run after every agent exited 0 (parallel review/test: `scope`,
        /// `testing`; none for deep review).
        #[serde(skip_serializing_if = "Vec::is_empty")]
        guards: Vec<GuardKind>,
        /// Files to read back.
        collect: Collect,
    },
    /// Run a helper whose failure is ignored.
    RunHelper {
        /// `round-summarizer`.
        role: String,
        /// The phase.
        phase: String,
        /// The round.
        round: i64,
        /// Runner.
        runner: String,
        /// Model (`""` when unresolvable).
        model: String,
        /// Timeout (120 s).
        timeout_s: i64,
        /// Its output file.
        output: FileRef,
    },
    /// Run the health check commands.
    RunHealthCheck {
        /// The phase.
        phase: String,
        /// The round.
        round: i64,
        /// Commands in order.
        commands: Vec<String>,
        /// Recovery commands.
        recovery: Vec<String>,
        /// Per-command timeout.
        timeout_s: i64,
    },
    /// Capture the baseline and/or the base commit.
    CaptureBaseline {
        /// The phase.
        phase: String,
        /// The round.
        round: i64,
        /// baseline.json.
        file: FileRef,
        /// The repos to snapshot.
        repos: Vec<String>,
        /// Write baseline.json.
        capture_baseline: bool,
        /// Read HEAD of the scope root.
        capture_base_commit: bool,
    },
    /// Collect changed files and round file texts.
    Gather {
        /// The phase.
        phase: String,
        /// The round.
        round: i64,
        /// `["changed_files"]`.
        need: Vec<String>,
        /// Round files to return when they exist.
        round_files: Vec<String>,
    },
    /// Run hooks.
    RunHooks {
        /// `pre` or `post`.
        timing: String,
        /// The target phase.
        phase: String,
        /// The state's round: the round folder of the decision's `dir: "round"` actions.
        round: i64,
        /// `pre_<phase>` / `post_<phase>`.
        action: String,
        /// The hooks.
        hooks: Value,
    },
    /// Create features from `[NEW-FEATURE]` lines of the report.
    DiscoverFeatures {
        /// The phase.
        phase: String,
        /// The round.
        round: i64,
        /// The report.
        report: FileRef,
        /// Keep at most this many.
        max: i64,
        /// Enrich them.
        enrich: bool,
        /// Approve enriched features.
        auto_approve: bool,
    },
    /// Ask a person and wait for the answer (a human gate).
    AwaitHuman {
        /// The gate (the phase whose agent waits).
        gate: String,
        /// The question.
        question: String,
        /// The answers offered (any other text is a note).
        options: Vec<String>,
        /// Wait at most this long (0 = no limit).
        timeout_ms: i64,
        /// The phase.
        phase: String,
        /// The round.
        round: i64,
    },
    /// The run ended without success.
    Stop {
        /// The final phase.
        phase: String,
        /// The state's round: the round folder of the decision's `dir: "round"` actions.
        round: i64,
        /// The stop reason.
        reason: String,
        /// The stop message.
        message: String,
        /// Notification level.
        notify: String,
        /// Remove the stop file.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        clear_stop_signal: bool,
    },
    /// The run ended well.
    Finish {
        /// `pending-review` or `done`.
        phase: String,
        /// The state's round: the round folder of the decision's `dir: "round"` actions.
        round: i64,
        /// `success`.
        notify: String,
        /// Harvest learnings.
        harvest_learnings: bool,
    },
}

/// A decision: prepare actions, then the action.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decision {
    /// The action.
    #[serde(flatten)]
    pub action: Action,
    /// Actions to execute first, in order.
    pub prepare: Vec<Prepare>,
}

impl Decision {
    /// The decision's kind string.
    pub fn kind(&self) -> &'static str {
        match &self.action {
            Action::RunAgent(_) => "run_agent",
            Action::RunParallel { .. } => "run_parallel",
            Action::RunHelper { .. } => "run_helper",
            Action::RunHealthCheck { .. } => "run_health_check",
            Action::CaptureBaseline { .. } => "capture_baseline",
            Action::Gather { .. } => "gather",
            Action::RunHooks { .. } => "run_hooks",
            Action::DiscoverFeatures { .. } => "discover_features",
            Action::AwaitHuman { .. } => "await_human",
            Action::Stop { .. } => "stop",
            Action::Finish { .. } => "finish",
        }
    }

    /// Whether the run ended (`stop` or `finish`).
    pub fn is_terminal(&self) -> bool {
        matches!(self.action, Action::Stop { .. } | Action::Finish { .. })
    }

    /// The JSON form.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

/// The loop's step: the kind of the pending decision, or `top` / `ended`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// Before the first decision of a `next`.
    Top,
    /// `run_agent` pending.
    RunAgent,
    /// `run_parallel` pending.
    RunParallel,
    /// `run_helper` pending.
    RunHelper,
    /// `run_health_check` pending.
    RunHealthCheck,
    /// `capture_baseline` pending.
    CaptureBaseline,
    /// `gather` pending.
    Gather,
    /// `run_hooks` pending.
    RunHooks,
    /// `discover_features` pending.
    DiscoverFeatures,
    /// `await_human` pending.
    AwaitHuman,
    /// After `stop` / `finish`.
    Ended,
}

/// The kind of a pending decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PendingKind {
    /// `agent`.
    Agent,
    /// `parallel`.
    Parallel,
    /// `helper`.
    Helper,
    /// `health_check`.
    HealthCheck,
    /// `baseline`.
    Baseline,
    /// `gather`.
    Gather,
    /// `hooks`.
    Hooks,
    /// `discover`.
    Discover,
    /// `human`.
    Human,
}

impl PendingKind {
    /// The step that names this pending kind.
    pub fn step(self) -> Step {
        match self {
            PendingKind::Agent => Step::RunAgent,
            PendingKind::Parallel => Step::RunParallel,
            PendingKind::Helper => Step::RunHelper,
            PendingKind::HealthCheck => Step::RunHealthCheck,
            PendingKind::Baseline => Step::CaptureBaseline,
            PendingKind::Gather => Step::Gather,
            PendingKind::Hooks => Step::RunHooks,
            PendingKind::Discover => Step::DiscoverFeatures,
            PendingKind::Human => Step::AwaitHuman,
        }
    }
}

/// What the pending agent decision needs when its outcome comes back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingAgent {
    /// Why it runs.
    pub purpose: Purpose,
    /// Phase.
    pub phase: String,
    /// Role.
    pub role: String,
    /// Runner.
    pub runner: String,
    /// Model.
    pub model: String,
    /// Attempt.
    pub attempt: i64,
    /// Iteration.
    pub iteration: i64,
    /// Sub-step.
    #[serde(default)]
    pub sub_phase: String,
    /// Files to read back.
    #[serde(default)]
    pub collect: Collect,
    /// Guard.
    #[serde(default)]
    pub guard: Option<GuardKind>,
    /// Extra keys.
    #[serde(default)]
    pub extra: AgentExtra,
    /// The run note this agent's prompt carries (kept for its transient retries).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A loop transition waiting for its hooks (RunLoop tail).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HookTransition {
    /// Source phase.
    pub from: String,
    /// Source role.
    #[serde(default)]
    pub from_role: String,
    /// `state.runner`.
    #[serde(default)]
    pub runner: String,
    /// Target phase.
    pub next: String,
    /// Target role.
    #[serde(default)]
    pub next_role: String,
    /// The stop message of the table, `""` when none.
    #[serde(default)]
    pub reason: String,
    /// The review fail count of the round before the transition.
    #[serde(default)]
    pub review_fails: i64,
}

/// What a pending hooks decision belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum HookFor {
    /// A loop transition.
    Loop(HookTransition),
    /// init → designing.
    Init {
        /// Always true.
        init: bool,
    },
}

crate::words::string_enum! {
    /// The pre/post timing of hooks.
    pub enum Timing("hook timing", Error, Error::unknown_word) {
        /// Before the transition.
        Pre = "pre",
        /// After the transition.
        Post = "post",
    }
}

/// What the pending decision needs when its outcome comes back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending {
    /// `run_agent`.
    Agent(PendingAgent),
    /// `run_parallel`.
    Parallel {
        /// Parallel review/test: the two agents' runners and models (absent for deep review).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        review_test: Option<ReviewTest>,
    },
    /// `run_helper`.
    Helper {
        /// What comes after the helper.
        #[serde(default)]
        next_stage: String,
    },
    /// `run_health_check`.
    HealthCheck {},
    /// `capture_baseline`.
    Baseline {},
    /// `gather`.
    Gather {},
    /// `run_hooks`.
    Hooks {
        /// pre / post.
        timing: Timing,
        /// The transition.
        t: HookFor,
    },
    /// `discover_features`.
    Discover {},
    /// `await_human`.
    Human {
        /// The gate asked.
        gate: String,
        /// The wait limit the decision gave (for the timeout message).
        #[serde(default)]
        timeout_ms: i64,
    },
}

/// A runner and model of one agent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunnerModel {
    /// Runner name.
    pub runner: String,
    /// Model name.
    pub model: String,
}

/// The two agents of a pending parallel review/test.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewTest {
    /// The reviewer's runner and model.
    pub reviewer: RunnerModel,
    /// The tester's runner and model.
    pub tester: RunnerModel,
}

impl Pending {
    /// Its kind.
    pub fn kind(&self) -> PendingKind {
        match self {
            Pending::Agent(_) => PendingKind::Agent,
            Pending::Parallel { .. } => PendingKind::Parallel,
            Pending::Helper { .. } => PendingKind::Helper,
            Pending::HealthCheck {} => PendingKind::HealthCheck,
            Pending::Baseline {} => PendingKind::Baseline,
            Pending::Gather {} => PendingKind::Gather,
            Pending::Hooks { .. } => PendingKind::Hooks,
            Pending::Discover {} => PendingKind::Discover,
            Pending::Human { .. } => PendingKind::Human,
        }
    }
}

/// The run's fixed CLI options.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct RunOptions {
    /// `--runner`.
    pub manual_runner: String,
    /// `--phase-override`: phase → PhaseSpec object.
    pub run_overrides: Map<String, Value>,
    /// `--force-all-angles`.
    pub force_all_angles: bool,
}

/// Review convergence memory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewFix {
    /// Runner.
    pub runner: String,
    /// Reviewer model.
    pub review_model: String,
    /// Mini-coder model.
    pub mini_model: String,
    /// Iteration cap.
    pub max_fix: i64,
    /// Iterations started.
    pub iter: i64,
}

/// Deep review memory.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deep {
    /// Runner.
    pub runner: String,
    /// Deep model.
    pub model: String,
    /// Self-heal iterations started.
    #[serde(default)]
    pub iter: i64,
    /// Angle groups of parallel sub-reviewers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub groups: Option<Vec<Vec<i64>>>,
    /// Self-heal cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_fix: Option<i64>,
    /// Mini-coder model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mini_model: Option<String>,
    /// Re-verifier model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review_model: Option<String>,
}

/// The conductor's memory besides the State; a harness passes it back unchanged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Loop {
    /// The pending decision's kind, `top` or `ended`.
    pub step: Step,
    /// Returns to designing in this run.
    #[serde(default)]
    pub designer_escalations: i64,
    /// `"<round>:<role>"` → runs.
    #[serde(default)]
    pub iterations: BTreeMap<String, i64>,
    /// The run options.
    #[serde(default)]
    pub options: RunOptions,
    /// The pending decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
    /// Review convergence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review_fix: Option<ReviewFix>,
    /// Deep review.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deep: Option<Deep>,
    /// What the run's events say it spent.
    #[serde(default, skip_serializing_if = "Spent::is_zero")]
    pub spent: Spent,
    /// Human gates passed, `"<round>:<phase>"`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gates: Vec<String>,
    /// The run note waiting for the next agent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The state's phase and round when the pending decision was issued.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<At>,
}

/// The amounts a run spent, as its `run-end` events say.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Spent {
    /// Sum of `cost_usd`.
    pub cost_usd: f64,
    /// Sum of `tokens_used`.
    pub tokens: i64,
    /// `run-end` events whose status starts with `exit-`.
    pub agent_runs: i64,
}

impl Spent {
    /// Nothing spent.
    pub fn is_zero(&self) -> bool {
        *self == Spent::default()
    }
}

/// Where the state was when the pending decision was issued.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct At {
    /// `state.phase`.
    pub phase: String,
    /// `state.round`.
    pub round: i64,
}

impl Loop {
    /// A loop at `top` with these options.
    pub fn new(options: RunOptions) -> Self {
        Loop {
            step: Step::Top,
            designer_escalations: 0,
            iterations: BTreeMap::new(),
            options,
            pending: None,
            review_fix: None,
            deep: None,
            spent: Spent::default(),
            gates: Vec::new(),
            note: None,
            at: None,
        }
    }

    /// Whether `step` and `pending` agree.
    pub fn fits(&self) -> bool {
        match (&self.step, &self.pending) {
            (Step::Top | Step::Ended, None) => true,
            (step, Some(p)) => p.kind().step() == *step,
            _ => false,
        }
    }

    /// The JSON form.
    pub fn to_json(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hook_timings_are_pre_and_post() {
        assert_eq!(Timing::WORDS, &["pre", "post"]);
        for t in Timing::ALL {
            let json = serde_json::to_value(t).unwrap();
            assert_eq!(serde_json::from_value::<Timing>(json).unwrap(), *t);
        }
        assert!(serde_json::from_value::<Timing>("Pre".into()).is_err());
    }
}
