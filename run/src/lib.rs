//! `fourx-run`: the runner, the one imperative shell around fourx's pure conductor. A harness
//! supplies only the agent; [`run`] executes every decision of the run loop to its end —
//! persisting each step (state, events, feature status) through the workspace's run store with
//! the lease, the prepare actions, `collect` reads, the facts, git (baseline, changed files,
//! review package), hooks and health checks under `sh -c` with timeouts, the guards, discovered
//! features, claim/release and start-or-resume.
//!
//! The core stays pure: every rule is an op of `fourx-core` (`conductor.*`, `workspace.*`,
//! `guard.*`, `discover.*`, `router.parse_output`); this crate only does the I/O, all of it
//! behind the [`World`] trait (clock, shell, git, pid, interrupt) whose [`RealWorld`] is the
//! default. The rules it follows are `docs/spec/runner.md`.
//!
//! ```no_run
//! use fourx_run::{run, AgentCall, AgentResult, RunOptions};
//!
//! let opts = RunOptions::new("/srv/shop", "F001-login");
//! let mut agent = |call: &AgentCall| -> fourx_core::Result<AgentResult> {
//!     // Run the real agent CLI for `call.role` in `call.round_dir` here.
//!     Ok(AgentResult::exit(0))
//! };
//! let result = run(&opts, &mut agent).unwrap();
//! println!("{} ({})", result.phase, result.stop_reason);
//! ```

mod files;
mod runner;
mod world;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use files::{read_collected, Found, MAX_COLLECT_BYTES};
pub use runner::{cc10x_agent, CC10X_AGENTS, JOURNAL_FILE};
pub use world::{rfc3339, RealWorld, Shell, ShellOutcome, World, STDERR_TAIL_BYTES};

pub use fourx_core::{Error, ErrorKind, Result};

/// How long a claim lasts when [`RunOptions::ttl_ms`] is not set (ten minutes); the runner renews
/// it before every agent run.
pub const DEFAULT_TTL_MS: u64 = 10 * 60 * 1000;

/// How long a hook or health-check command may run when neither the decision nor
/// [`RunOptions::hook_timeout_s`] says (ten minutes).
pub const DEFAULT_HOOK_TIMEOUT_S: u64 = 600;

/// What to run: the workspace, the feature, and the run's options. Deserializes from the JSON
/// the C and Go bindings pass (`{"root", "feature_id", "config"?, "profile"?, "store"?, ...}`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RunOptions {
    /// The repository root (the folder holding `.4x/`).
    pub root: PathBuf,
    /// The feature id (a unique prefix is enough).
    pub feature_id: String,
    /// The config; `None` reads `.4x/settings.json` (`config.read`).
    pub config: Option<Value>,
    /// The profile (`--profile`); `None` takes the feature's, else the config's default.
    pub profile: Option<String>,
    /// The run store (`{"kind": "postgres", ...}`); `None` is the `.4x` files.
    pub store: Option<Value>,
    /// `--runner`.
    pub runner: Option<String>,
    /// `--max-rounds`.
    pub max_rounds: Option<i64>,
    /// The lease holder's name; `None` is `fourx-run-<pid>`.
    pub holder: Option<String>,
    /// The lease TTL in ms; `None` is [`DEFAULT_TTL_MS`].
    pub ttl_ms: Option<u64>,
    /// Timeout of a hook command; `None` is [`DEFAULT_HOOK_TIMEOUT_S`].
    pub hook_timeout_s: Option<u64>,
}

impl RunOptions {
    /// Options for `feature_id` in the workspace at `root`, every other option at its default.
    pub fn new(root: impl Into<PathBuf>, feature_id: &str) -> RunOptions {
        RunOptions {
            root: root.into(),
            feature_id: feature_id.to_string(),
            ..RunOptions::default()
        }
    }
}

/// One agent run the conductor asked for, as the harness's agent receives it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct AgentCall {
    /// The role (`designer`, `coder`, `reviewer`, `deep-reviewer`, `round-summarizer`, ...).
    pub role: String,
    /// The state's phase.
    pub phase: String,
    /// Why it runs (`main`, `review-fix`, ..., `helper` for the round summarizer, `parallel`
    /// for a parallel deep sub-reviewer).
    pub purpose: String,
    /// The sub-step (`""`, `reviewing`, `synthesizing`, ...).
    pub sub_phase: String,
    /// The round.
    pub round: i64,
    /// How often this role ran in this round, this run included.
    pub iteration: i64,
    /// 1-based attempt (transient retries add one).
    pub attempt: i64,
    /// Runner name from the config.
    pub runner: String,
    /// Model name.
    pub model: String,
    /// The feature folder (absolute).
    pub feature_dir: String,
    /// The round folder (absolute; `""` in round 0, which has none).
    pub round_dir: String,
    /// The partial report a parallel deep sub-reviewer writes (`""` otherwise).
    pub partial: String,
    /// The deep-review angles this agent covers (empty: all, or not a deep reviewer).
    pub angles: Vec<i64>,
    /// The run note a person left for this agent (`4x note`; `""` when none): the decision's
    /// `note`, or for a parallel agent its own.
    #[serde(default)]
    pub note: String,
}

/// What the agent did.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct AgentResult {
    /// Its exit code (1: soft fail, 2: hard error, as 4x's runners).
    pub exit_code: i64,
    /// `{tokens_used, cost_usd, duration_ms}`.
    pub stats: Option<Value>,
    /// Its output; when the role maps to a cc10x agent it is checked with
    /// `router.parse_output` and a contract that forbids advancing reaches the conductor.
    pub transcript: Option<String>,
    /// The agent could not be run at all.
    pub error: Option<String>,
    /// The last ≤ 8 KiB of its stderr (transient-error detection).
    pub stderr_tail: Option<String>,
    /// The run was interrupted while (or instead of) running the agent — a cancelled context,
    /// a signal the harness caught: from here on the run counts as interrupted and the
    /// conductor stops it with `interrupted`.
    pub interrupted: bool,
}

impl AgentResult {
    /// A plain exit with this code.
    pub fn exit(code: i64) -> AgentResult {
        AgentResult {
            exit_code: code,
            ..AgentResult::default()
        }
    }
}

/// The harness's part: runs one agent. `on_decision` sees every decision before it is
/// executed (a trace); `human` answers an `await_human` decision (`None`: the run stops with
/// the question).
pub trait Agent {
    /// Runs the agent of `call` once; an `Err` aborts the run (the state stays as persisted,
    /// so a later [`run`] resumes).
    fn run(&mut self, call: &AgentCall) -> Result<AgentResult>;
    /// Called with each decision (and the state persisted with it) before it is executed.
    fn on_decision(&mut self, _decision: &Value, _state: &Value) {}
    /// Answers an `await_human` decision (`question`, `options`, `timeout_ms`): a string is the
    /// person's answer (`human_reply`), an object the outcome itself (`{"kind":
    /// "human_timeout"}`); `None` (the default) ends this run with the question, its state and
    /// journal kept, so the next run asks again.
    fn human(&mut self, _decision: &Value) -> Result<Option<Value>> {
        Ok(None)
    }
}

impl<F: FnMut(&AgentCall) -> Result<AgentResult>> Agent for F {
    fn run(&mut self, call: &AgentCall) -> Result<AgentResult> {
        self(call)
    }
}

/// How the run ended.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RunResult {
    /// The final phase (`pending-review`, `needs-attention`, ...).
    pub phase: String,
    /// `state.stopReason` (`pending-review`, `guard-fail`, `interrupted`, ...).
    pub stop_reason: String,
    /// `state.stopMessage`.
    pub stop_message: String,
    /// Every decision, in order, as the conductor gave it.
    pub decisions: Vec<Value>,
    /// The last state.
    pub state: Value,
    /// The last decision's notification level (`success`, `warning`, `error`).
    pub notify: String,
    /// The question of an unanswered `await_human` decision.
    pub question: Option<String>,
    /// What went wrong on the way without stopping the run (a refused collect file, a failed
    /// review package, ...), one line each.
    pub warnings: Vec<String>,
}

impl RunResult {
    /// The last decision's kind (`finish`, `stop`, `await_human`).
    pub fn last_kind(&self) -> &str {
        self.decisions
            .last()
            .and_then(|d| d.get("kind"))
            .and_then(Value::as_str)
            .unwrap_or("")
    }

    /// The run ended with `finish`.
    pub fn finished(&self) -> bool {
        self.last_kind() == "finish"
    }
}

/// Runs the feature to the end of its run with the real world (see [`run_with`]).
pub fn run(opts: &RunOptions, agent: &mut impl Agent) -> Result<RunResult> {
    run_with(opts, agent, &mut RealWorld::new())
}

/// Runs the feature to the end of its run: claims it, starts or resumes it, executes every
/// decision, releases the claim. Errors: the feature is held by a live run (`feature_active`),
/// config/feature/store problems, and an agent's `Err`; a run that ends with `stop` is `Ok`.
pub fn run_with(
    opts: &RunOptions,
    agent: &mut dyn Agent,
    world: &mut dyn World,
) -> Result<RunResult> {
    runner::Runner::open(opts, agent, world)?.run()
}

/// The environment an agent command runs with: `FOURX_ROLE`, `FOURX_PHASE`, `FOURX_PURPOSE`,
/// `FOURX_ROUND`, `FOURX_ITERATION`, `FOURX_ATTEMPT`, `FOURX_RUNNER`, `FOURX_MODEL`,
/// `FOURX_FEATURE_DIR`, `FOURX_ROUND_DIR`, `FOURX_PARTIAL`, plus `FOURX_SUB_PHASE` and
/// `FOURX_ANGLES` (comma-separated) and `FOURX_NOTE` (the run note for this agent, `""` when none).
pub fn agent_env(call: &AgentCall) -> Vec<(String, String)> {
    let angles: Vec<String> = call.angles.iter().map(i64::to_string).collect();
    [
        ("FOURX_ROLE", call.role.clone()),
        ("FOURX_PHASE", call.phase.clone()),
        ("FOURX_PURPOSE", call.purpose.clone()),
        ("FOURX_ROUND", call.round.to_string()),
        ("FOURX_ITERATION", call.iteration.to_string()),
        ("FOURX_ATTEMPT", call.attempt.to_string()),
        ("FOURX_RUNNER", call.runner.clone()),
        ("FOURX_MODEL", call.model.clone()),
        ("FOURX_FEATURE_DIR", call.feature_dir.clone()),
        ("FOURX_ROUND_DIR", call.round_dir.clone()),
        ("FOURX_PARTIAL", call.partial.clone()),
        ("FOURX_SUB_PHASE", call.sub_phase.clone()),
        ("FOURX_ANGLES", angles.join(",")),
        ("FOURX_NOTE", call.note.clone()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// An agent that is a shell command: `sh -c <command>` in the repository with [`agent_env`];
/// its exit code is the agent's. It prints one line per decision ([`decision_line`]) when
/// `trace` is set (the CLI).
#[derive(Debug, Clone)]
pub struct CommandAgent {
    /// The command line.
    pub command: String,
    /// The repository it runs in.
    pub cwd: PathBuf,
    /// Print one line per decision on stdout.
    pub trace: bool,
    world: RealWorld,
}

impl CommandAgent {
    /// `command` run in `cwd`, killed with the run's interrupt flag of `world`.
    pub fn new(command: &str, cwd: impl Into<PathBuf>, world: &RealWorld) -> CommandAgent {
        CommandAgent {
            command: command.to_string(),
            cwd: cwd.into(),
            trace: false,
            world: world.clone(),
        }
    }
}

impl Agent for CommandAgent {
    fn run(&mut self, call: &AgentCall) -> Result<AgentResult> {
        let env = agent_env(call);
        let out = self.world.sh(&Shell {
            command: &self.command,
            cwd: &self.cwd,
            env: &env,
            timeout: None,
            inherit_output: true,
        });
        Ok(AgentResult {
            exit_code: out.exit_code.map_or(-1, i64::from),
            error: out.error.clone().or_else(|| {
                (out.exit_code.is_none() && !out.interrupted)
                    .then(|| format!("agent command {}", out.reason()))
            }),
            ..AgentResult::default()
        })
    }

    fn on_decision(&mut self, decision: &Value, state: &Value) {
        if self.trace {
            use std::io::Write;
            let mut o = std::io::stdout().lock();
            let _ = writeln!(o, "{}", decision_line(decision, state));
            let _ = o.flush();
        }
    }
}

/// One decision as one line of a trace: `[round 1] run_agent coding: coder (main, attempt 1)
/// claude/sonnet`, `stop needs-attention (soft-fail): ...`, `finish pending-review`.
pub fn decision_line(d: &Value, state: &Value) -> String {
    let g = |k: &str| d.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let round = d
        .get("round")
        .and_then(Value::as_i64)
        .or_else(|| state.get("round").and_then(Value::as_i64))
        .unwrap_or(0);
    let kind = g("kind");
    let what = match kind.as_str() {
        "run_agent" => format!(
            "{}: {} ({}, attempt {}) {}/{}",
            g("phase"),
            g("role"),
            g("purpose"),
            d.get("attempt").and_then(Value::as_i64).unwrap_or(1),
            g("runner"),
            g("model")
        ),
        "run_parallel" => format!(
            "{}: {} deep reviewers",
            g("phase"),
            d.get("agents")
                .and_then(Value::as_array)
                .map_or(0, Vec::len)
        ),
        "run_hooks" => format!("{} ({})", g("phase"), g("action")),
        "stop" => format!("{} ({}): {}", g("phase"), g("reason"), g("message")),
        "await_human" => format!("{}: {}", g("phase"), g("question")),
        _ => g("phase"),
    };
    format!("[round {round}] {kind} {what}")
}
