//! The run-loop conductor: every decision of the 4x run loop, pure and replayable, so that a
//! harness is only I/O (functional core, imperative shell).
//!
//! The conductor never runs processes, reads files, calls git or reads the clock. What it needs
//! arrives as [`Facts`] (flags and file texts) or an [`Outcome`] (what the last decision
//! produced); what it wants done comes back as a [`Decision`] (with [`Prepare`] actions to run
//! first) plus events. Its whole memory is the [`State`] and the [`Loop`], both returned and
//! taken back, so a step is a pure transition `(state, loop, outcome) → (state, loop,
//! decision, events)` — the xstate shape.
//!
//! - [`start`] builds or recovers the state and gives the first decision;
//! - [`next`] gives the decision at the top of the loop;
//! - [`apply`] folds an outcome into the state and gives the next decision;
//! - [`resume()`] is crash recovery alone (which phase the artifacts point to);
//! - [`run_script`] is `start` then one `apply` per outcome (replay);
//! - [`rebuild`] and [`fork`] give a step back from the run's events (every call leaves a
//!   checkpoint on its last event).
//!
//! ```
//! use fourx_core::conductor::{self, Action, Outcome, StartInput};
//! use fourx_core::protocol::config::{decode, Config};
//! use fourx_core::protocol::feature::Feature;
//! use serde_json::json;
//!
//! let cfg: Config = decode(&json!({
//!     "default_runner": "claude",
//!     "runners": {"claude": {"command": "claude", "tiers": {"sonnet": "claude-sonnet"}}}
//! }), "config").unwrap();
//! let feature: Feature = decode(&json!({"id": "F001-login"}), "feature").unwrap();
//! let input = StartInput { profile_name: "quick".into(), now: "2025-03-01T10:00:00Z".into(),
//!                          pid: 42, ..StartInput::default() };
//! let mut turn = conductor::start(&cfg, &feature, &input).unwrap();
//! // quick skips the design phases; coding round 1 captures the baseline first.
//! assert_eq!(turn.decision.kind(), "capture_baseline");
//! let outcomes = [
//!     json!({"kind": "baseline", "ok": true, "base_commit": "abc123"}),
//!     json!({"kind": "agent_exit", "exit_code": 0, "guard": {"pass": true, "errors": []},
//!            "round_files": {"coder-report.md": "## Verification\nok\n",
//!                            "build-gate.json": "{\"passed\": true}"}}),
//!     json!({"kind": "agent_exit", "exit_code": 0,
//!            "round_files": {"review-report.md": "## Verdict\nPASS\n"}}),
//! ];
//! for o in outcomes {
//!     let outcome: Outcome = serde_json::from_value(o).unwrap();
//!     turn = conductor::apply(&cfg, &feature, &turn.state, &turn.lp, &outcome, None).unwrap();
//! }
//! assert!(matches!(turn.decision.action, Action::Finish { .. }));
//! assert_eq!(turn.state.phase.as_str(), "pending-review");
//! ```

pub mod artifacts;
pub mod budget;
pub mod gates;
pub mod history;
pub mod resume;
mod review_test;
mod run;
pub mod types;

use std::borrow::Cow;

use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind, Result};
use crate::machine::phase_to_role;
use crate::protocol::config::{decode, Config, ProfileConfig};
use crate::protocol::feature::Feature;
use crate::protocol::state::{parse_now, AnyEventType, AnyRole, Event, EventType, Phase, State};
use crate::resolve::{resolve_profile_ref, RunOverrides};

pub use history::{Rebuilt, CHECKPOINT_EVENT};
pub use resume::{clean_stale, needs_recovery, smart_resume_phase, Resumed};
pub use run::{
    main_collect, notify_level, successor, DEFAULT_HEALTH_TIMEOUT_S, DEFAULT_TRANSIENT_RETRIES,
    HELPER_TIMEOUT_S, MAX_DESIGNER_ESCALATIONS, ROUNDS_SUMMARY_FROM_ROUND, SUCCESSORS,
    WARNING_STOP_REASONS,
};
pub use types::{
    Action, AgentCall, AgentExit, AgentExtra, At, Changed, Collect, ContractCheck, Decision, Deep,
    Dir, Facts, FileRef, Files, GuardKind, GuardResult, HookFor, HookTransition, Loop, Outcome,
    ParallelAgent, ParallelResult, Pending, PendingAgent, PendingKind, Prepare, Purpose, ReviewFix,
    ReviewTest, RunOptions, RunnerModel, Spent, Stats, Step, Timing,
};

use run::Ctx;

/// `max_rounds` of a run when the input gives none or a non-positive one.
pub const DEFAULT_MAX_ROUNDS: i64 = 5;

/// The input of [`start`] besides config and feature.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct StartInput {
    /// The existing `state.json`, `None` for a first run.
    pub state: Option<State>,
    /// `--runner`.
    pub runner: Option<String>,
    /// `--max-rounds` (≤ 0 or `None` → 5).
    pub max_rounds: Option<i64>,
    /// `--profile`.
    pub profile_name: String,
    /// `--phase-override`: phase → PhaseSpec object.
    pub run_overrides: Map<String, Value>,
    /// `--force-all-angles`.
    pub force_all_angles: bool,
    /// The harness's now (RFC 3339), `createdAt` of a new state.
    pub now: String,
    /// The harness's pid.
    pub pid: i64,
    /// Whether the pid recorded in an existing active state is alive.
    pub pid_alive: bool,
    /// Feature-dir files for resume.
    pub feature_files: Files,
    /// Round-dir files (of `state.round`) for resume.
    pub round_files: Files,
    /// Facts for the first top of the loop.
    pub facts: Facts,
    /// The feature's events log on resume: seeds the iterations and the amounts spent
    ///.
    pub events: Vec<Event>,
    /// The run note (4x `--note`): given once to the next agent.
    pub note: Option<String>,
}

/// The result of [`start`], [`next`] and [`apply`].
#[derive(Debug, Clone, PartialEq)]
pub struct Turn {
    /// What the harness does next.
    pub decision: Decision,
    /// The state to persist (canonical; `subPhase` only in deep-reviewing).
    pub state: State,
    /// The loop memory to pass back.
    pub lp: Loop,
    /// Events to append, in order (without `ts`).
    pub events: Vec<Event>,
}

/// The result of [`run_script`].
#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    /// Start's decision, then each apply's.
    pub decisions: Vec<Decision>,
    /// Every call's events, concatenated.
    pub events: Vec<Event>,
    /// The last state.
    pub state: State,
    /// The last loop.
    pub lp: Loop,
}

/// The run's profile (name and profile), borrowed from the config, the feature, the name or
/// the built-in table: resolved once per call and shared by every rule of the fold.
fn profile_of<'a>(
    cfg: &'a Config,
    feature: &'a Feature,
    name: &'a str,
) -> Result<(Cow<'a, str>, Cow<'a, ProfileConfig>)> {
    let p = resolve_profile_ref(cfg, feature, name)?;
    Ok((p.name, p.profile))
}

/// The run overrides (`--phase-override`) decoded: empty when the map is (the common case,
/// which decodes to the empty map without a copy), else decoded with Go's rules.
fn run_overrides(map: &Map<String, Value>, path: &str) -> Result<RunOverrides> {
    if map.is_empty() {
        return Ok(RunOverrides::new());
    }
    decode(&Value::Object(map.clone()), path)
}

fn canonical(mut s: State) -> State {
    if !s.phase.is(Phase::DeepReviewing) {
        s.sub_phase = Default::default();
    }
    s
}

/// The call's result: the canonical state, the loop with `at` recorded while a decision is
/// pending, and the events ending with the call's checkpoint.
fn finish(ctx: Ctx<'_>, decision: Decision) -> Turn {
    let state = canonical(ctx.state);
    let mut lp = ctx.lp;
    lp.at = lp.pending.as_ref().map(|_| At {
        phase: state.phase.as_str().to_string(),
        round: state.round,
    });
    let mut events = ctx.events;
    history::attach(&mut events, &state, &lp, &decision);
    Turn {
        decision,
        state,
        lp,
        events,
    }
}

/// Builds (or recovers) the run's state and gives the first decision (Go `initOrResumeState`
/// and the RunLoop prologue).
///
/// Errors: `unknown_runner` for a runner that is not configured; `unknown_profile` /
/// `missing_coding_phase` from profile resolution; `feature_active` when the state is active
/// and its pid alive; `invalid_transition` for a done or abandoned feature; `invalid_input`
/// for a bad `now` or run overrides.
pub fn start(cfg: &Config, feature: &Feature, input: &StartInput) -> Result<Turn> {
    let runner = input
        .runner
        .clone()
        .filter(|r| !r.is_empty())
        .unwrap_or_else(|| cfg.default_runner.clone());
    if !cfg.runner_map().contains_key(&runner) {
        return Err(Error::new(
            ErrorKind::UnknownRunner,
            format!(
                "runner {} not found in config",
                crate::protocol::codec::goquote::quote(&runner)
            ),
        )
        .with_field("runner"));
    }
    let max_rounds = input
        .max_rounds
        .filter(|m| *m > 0)
        .unwrap_or(DEFAULT_MAX_ROUNDS);
    profile_of(cfg, feature, &input.profile_name)?;
    let overrides = run_overrides(&input.run_overrides, "run_overrides")?;
    let mut prepare = vec![Prepare::ClearStopSignal];
    let mut state = match &input.state {
        None => {
            let now = parse_now(&input.now)?;
            State {
                feature_id: feature.id.clone(),
                phase: Phase::Init.into(),
                max_rounds,
                active: true,
                runner: runner.clone(),
                created_at: now,
                runners: vec![runner.clone()],
                ..State::default()
            }
        }
        Some(existing) => {
            let mut s = existing.clone();
            if s.active && s.pid > 0 && input.pid_alive {
                return Err(Error::new(
                    ErrorKind::FeatureActive,
                    format!(
                        "feature {} is already running (pid {})",
                        s.feature_id, s.pid
                    ),
                ));
            }
            s.active = true;
            s.runner.clone_from(&runner);
            s.stop_reason.clear();
            s.stop_message.clear();
            s.max_rounds = s.max_rounds.max(s.round.saturating_add(max_rounds));
            if s.phase.is(Phase::Done) || s.phase.is(Phase::Abandoned) {
                return Err(Error::new(
                    ErrorKind::InvalidTransition,
                    format!("feature {} is already {}", s.feature_id, s.phase),
                ));
            }
            let (_, rec_profile) = profile_of(cfg, feature, &s.profile)?;
            let r = resume::resume(
                cfg,
                &rec_profile,
                &s,
                &input.feature_files,
                &input.round_files,
            );
            s = r.state;
            if !s.runners.contains(&runner) {
                s.runners.push(runner.clone());
            }
            prepare.extend(clean_stale(
                s.phase.known(),
                &input.feature_files,
                &input.round_files,
            ));
            s
        }
    };
    let name = if input.profile_name.is_empty() {
        state.profile.clone()
    } else {
        input.profile_name.clone()
    };
    let (profile_name, profile) = profile_of(cfg, feature, &name)?;
    let profile_name = profile_name.into_owned();
    let profile = Cow::<ProfileConfig>::Owned(profile.into_owned());
    state.profile.clone_from(&profile_name);
    state.pid = input.pid;
    let run_start = Event {
        phase: state.phase.clone(),
        event_type: AnyEventType::from(EventType::RunStart),
        role: phase_to_role(state.phase.known()).map_or_else(AnyRole::default, AnyRole::from),
        runner: runner.clone(),
        ..Event::default()
    };
    let mut ctx = Ctx {
        cfg,
        feature,
        profile_name: Cow::Owned(profile_name),
        profile,
        state,
        lp: {
            let mut lp = Loop::new(RunOptions {
                manual_runner: input.runner.clone().unwrap_or_default(),
                run_overrides: input.run_overrides.clone(),
                force_all_angles: input.force_all_angles,
            });
            history::seed(&mut lp, &input.events);
            lp.note = input.note.clone().filter(|n| !n.trim().is_empty());
            lp
        },
        overrides,
        facts: &input.facts,
        events: vec![run_start],
        prepare,
    };
    let decision = if ctx.state.phase.is(Phase::Init) {
        ctx.init_phase()?
    } else {
        ctx.top()?
    };
    Ok(finish(ctx, decision))
}

/// No facts: every fact at its default.
static NO_FACTS: Facts = Facts {
    interrupted: false,
    stop_requested: false,
    rounds_summary_exists: false,
    baseline_exists: false,
    test_strategy: None,
    changed_files: None,
    round_files: Files::new(),
};

fn ctx<'a>(
    cfg: &'a Config,
    feature: &'a Feature,
    state: &'a State,
    lp: &Loop,
    facts: Option<&'a Facts>,
) -> Result<Ctx<'a>> {
    if !lp.fits() {
        return Err(Error::invalid_input(
            "loop does not fit conductor.md §2.1: `step` and `pending.kind` must agree",
        )
        .with_field("loop"));
    }
    let (profile_name, profile) = profile_of(cfg, feature, &state.profile)
        .map_err(|e| Error::invalid_input(e.message).with_field("state.profile"))?;
    let overrides = run_overrides(&lp.options.run_overrides, "loop.options.run_overrides")?;
    Ok(Ctx {
        cfg,
        feature,
        profile_name,
        profile,
        state: state.clone(),
        lp: lp.clone(),
        overrides,
        facts: facts.unwrap_or(&NO_FACTS),
        events: Vec::new(),
        prepare: Vec::new(),
    })
}

/// The decision at the top of the loop (`loop.step` must be `top`).
///
/// Errors: `invalid_input` for a loop that is not at `top` or does not fit.
pub fn next(
    cfg: &Config,
    feature: &Feature,
    state: &State,
    lp: &Loop,
    facts: Option<&Facts>,
) -> Result<Turn> {
    let mut c = ctx(cfg, feature, state, lp, facts)?;
    if c.lp.step != Step::Top {
        return Err(
            Error::invalid_input("conductor.next needs a loop at step `top`")
                .with_field("loop.step"),
        );
    }
    let d = c.top()?;
    Ok(finish(c, d))
}

/// Folds `outcome` (the result of the pending decision) into the state and gives the next
/// decision.
///
/// Errors: `invalid_input` when nothing is pending, the loop does not fit, or the outcome does
/// not answer the pending decision; `missing_evidence` for an agent outcome that reaches the
/// artifact step without the guard result its decision asked for.
pub fn apply(
    cfg: &Config,
    feature: &Feature,
    state: &State,
    lp: &Loop,
    outcome: &Outcome,
    facts: Option<&Facts>,
) -> Result<Turn> {
    fits_pending(state, lp)?;
    let mut c = ctx(cfg, feature, state, lp, facts)?;
    let Some(pending) = c.lp.pending.take() else {
        return Err(Error::invalid_input(match c.lp.step {
            Step::Ended => "the run has ended (stop/finish): no outcome is expected",
            _ => "no decision is pending: use conductor.next at step `top`",
        })
        .with_field("loop.pending"));
    };
    if outcome.answers() != pending.kind() {
        return Err(Error::invalid_input(format!(
            "outcome does not answer the pending {} decision",
            pending.kind().step_name()
        ))
        .with_field("outcome.kind"));
    }
    c.lp.step = Step::Top;
    let d = match (pending, outcome) {
        (Pending::Agent(pa), Outcome::AgentExit(out)) => c.on_agent_exit(pa, out)?,
        (
            Pending::Parallel {
                review_test: Some(rt),
            },
            Outcome::ParallelExit {
                results,
                interrupted,
                round_files,
                guard,
                testing_guard,
            },
        ) => c.on_review_test_exit(
            &rt,
            results,
            *interrupted,
            round_files,
            [guard.as_ref(), testing_guard.as_ref()],
        )?,
        (
            Pending::Parallel { review_test: None },
            Outcome::ParallelExit {
                results,
                interrupted,
                round_files,
                ..
            },
        ) => c.on_parallel_exit(results, *interrupted, round_files)?,
        (Pending::Helper { .. }, Outcome::HelperExit { .. }) => c.before_agent(2)?,
        (Pending::HealthCheck {}, Outcome::HealthCheck { ok, error }) => {
            c.on_health_check(*ok, error.clone())?
        }
        (
            Pending::Baseline {},
            Outcome::Baseline {
                ok, base_commit, ..
            },
        ) => c.on_baseline(*ok, base_commit.clone())?,
        (
            Pending::Gather {},
            Outcome::Gathered {
                changed_files,
                round_files,
            },
        ) => {
            if c.lp.deep.is_none() {
                return Err(
                    Error::invalid_input("loop.deep is required during deep review")
                        .with_field("loop.deep"),
                );
            }
            let mut files = c.facts.round_files.clone();
            files.extend(round_files.iter().map(|(k, v)| (k.clone(), v.clone())));
            c.deep_with_changed(changed_files, &files)?
        }
        (Pending::Hooks { timing, t }, Outcome::Hooks { ok }) => c.on_hooks(timing, t, *ok)?,
        (Pending::Discover {}, Outcome::Discovered { created }) => c.on_discovered(created)?,
        (Pending::Human { gate, timeout_ms }, Outcome::HumanReply { answer }) => {
            c.on_human(&gate, timeout_ms, Some(answer))?
        }
        (Pending::Human { gate, timeout_ms }, Outcome::HumanTimeout {}) => {
            c.on_human(&gate, timeout_ms, None)?
        }
        _ => {
            return Err(Error::invalid_input(
                "outcome does not answer the pending decision",
            ))
        }
    };
    Ok(finish(c, d))
}

impl PendingKind {
    /// The pending kind's name (`agent`, `parallel`, …).
    pub fn step_name(self) -> &'static str {
        match self {
            PendingKind::Agent => "agent",
            PendingKind::Parallel => "parallel",
            PendingKind::Helper => "helper",
            PendingKind::HealthCheck => "health_check",
            PendingKind::Baseline => "baseline",
            PendingKind::Gather => "gather",
            PendingKind::Hooks => "hooks",
            PendingKind::Discover => "discover",
            PendingKind::Human => "human",
        }
    }
}

/// Refuses a state that cannot take the pending decision's outcome (issue 29 item 8): a
/// terminal state (`invalid_transition`), or one whose phase or round
/// differs from where the pending decision was issued (`loop.at`; a hand-made loop without it
/// is checked on the pending agent's phase) (`invalid_input`).
fn fits_pending(state: &State, lp: &Loop) -> Result<()> {
    if state.phase.is(Phase::Done) || state.phase.is(Phase::Abandoned) {
        return Err(Error::new(
            ErrorKind::InvalidTransition,
            format!(
                "feature {} is already {}: no outcome can be applied to a terminal state",
                state.feature_id, state.phase
            ),
        )
        .with_field("state.phase"));
    }
    let (phase, round) = match (&lp.at, &lp.pending) {
        (Some(at), _) => (at.phase.as_str(), Some(at.round)),
        (None, Some(Pending::Agent(pa))) => (pa.phase.as_str(), None),
        _ => return Ok(()),
    };
    if state.phase.as_str() != phase || round.is_some_and(|r| r != state.round) {
        let want = round.map_or_else(|| phase.to_string(), |r| format!("{phase} (round {r})"));
        return Err(Error::invalid_input(format!(
            "the state ({} round {}) contradicts the pending decision, issued in {want}",
            state.phase, state.round
        ))
        .with_field("state"));
    }
    Ok(())
}

/// The step of a run after its last complete call, from its events: state, loop and
/// decision of the last checkpoint.
///
/// Errors: `not_found` when no event carries a checkpoint; `invalid_input` when the checkpoint
/// does not decode or its state's profile does not resolve with `cfg` and `feature`.
pub fn rebuild(cfg: &Config, feature: &Feature, events: &[Event]) -> Result<Rebuilt> {
    checked(cfg, feature, history::rebuild(events)?)
}

/// The step a run had at event index `at` (the last checkpoint at or before it), to re-run
/// from there; `keep` is how many events to keep.
///
/// Errors: those of [`rebuild`]; `invalid_input` when `at` is not an index of `events`.
pub fn fork(cfg: &Config, feature: &Feature, events: &[Event], at: usize) -> Result<Rebuilt> {
    checked(cfg, feature, history::fork(events, at)?)
}

fn checked(cfg: &Config, feature: &Feature, r: Rebuilt) -> Result<Rebuilt> {
    profile_of(cfg, feature, &r.state.profile)
        .map_err(|e| Error::invalid_input(e.message).with_field("state.profile"))?;
    Ok(r)
}

/// Crash recovery alone: which phase the round's artifacts point to, with
/// `manualPhase` honoured and cleared.
///
/// Errors: `invalid_input` when the state's profile cannot be resolved.
pub fn resume(
    cfg: &Config,
    feature: &Feature,
    state: &State,
    feature_files: &Files,
    round_files: &Files,
) -> Result<Resumed> {
    let (_, profile) = profile_of(cfg, feature, &state.profile)
        .map_err(|e| Error::invalid_input(e.message).with_field("state.profile"))?;
    let mut r = resume::resume(cfg, &profile, state, feature_files, round_files);
    r.state = canonical(r.state);
    Ok(r)
}

/// `start`, then one `apply` per outcome (each with its own facts), in order: the replay of a
/// run from its inputs.
///
/// Errors: those of [`start`] and [`apply`]; `invalid_input` for an outcome after the run
/// ended.
pub fn run_script(
    cfg: &Config,
    feature: &Feature,
    input: &StartInput,
    outcomes: &[(Outcome, Option<Facts>)],
) -> Result<Script> {
    let first = start(cfg, feature, input)?;
    let mut decisions = vec![first.decision];
    let mut events = first.events;
    let mut state = first.state;
    let mut lp = first.lp;
    for (i, (o, f)) in outcomes.iter().enumerate() {
        if lp.step == Step::Ended {
            return Err(Error::invalid_input(format!(
                "outcome {i} comes after the run ended (stop/finish)"
            ))
            .with_field(format!("outcomes[{i}]")));
        }
        let t = apply(cfg, feature, &state, &lp, o, f.as_ref())?;
        decisions.push(t.decision);
        events.extend(t.events);
        state = t.state;
        lp = t.lp;
    }
    Ok(Script {
        decisions,
        events,
        state,
        lp,
    })
}
