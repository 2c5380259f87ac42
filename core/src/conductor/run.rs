//! The run loop's decisions (Go `RunLoop` and its helpers): the top of the loop, the steps
//! before a phase agent, the verdict → transition policy, review convergence, deep review and
//! finalisation. Every function folds the state forward until the next decision.

use std::borrow::Cow;

use serde_json::{json, Value};

use crate::error::{Error, ErrorKind, Result};
use crate::machine::{
    can_transition, phase_to_role, should_stop, transition_in_place, MAX_GUARD_RETRIES,
};
use crate::protocol::config::{decode, encode, Config, HealthCheck, ProfileConfig};
use crate::protocol::feature::Feature;
use crate::protocol::state::{
    AnyEventType, AnyPhase, AnyRole, AnySubPhase, Event, EventType, NotifyLevel, Phase, Role,
    State, SubPhase,
};
use crate::resolve::angles::{all_angles, ChangedFile, DEEP_REVIEW_ANGLE_COUNT};
use crate::resolve::{
    effective_manual, group_selected_angles, merge_hooks, resolve_angle_mapping,
    resolve_deep_model, resolve_limits, resolve_mini_coder_model, resolve_model,
    resolve_phase_model, resolve_phase_runner, resolve_tier_model, select_angles, RunOverrides,
};

use super::artifacts::{self as art, names, ReviewClass};
use super::types::{
    file, Action, AgentCall, AgentExit, AgentExtra, Changed, Collect, Decision, Deep, Dir, Facts,
    FileRef, Files, GuardKind, GuardResult, HookFor, HookTransition, Loop, ParallelAgent,
    ParallelResult, Pending, PendingAgent, Prepare, Purpose, ReviewFix, Step, Timing,
};

/// Default transient retries of a runner without `transient_retries`.
pub const DEFAULT_TRANSIENT_RETRIES: i64 = 3;
/// Returns to designing allowed per run before an escalation loop stops it.
pub const MAX_DESIGNER_ESCALATIONS: i64 = 2;
/// Timeout of the round-summarizer helper.
pub const HELPER_TIMEOUT_S: i64 = 120;
/// Per-command health check timeout when the check sets none.
pub const DEFAULT_HEALTH_TIMEOUT_S: i64 = 30;
/// Round from which accepting asks for the rounds summary.
pub const ROUNDS_SUMMARY_FROM_ROUND: i64 = 3;

/// SuccessorPhase: the next phase of the canonical pipeline, walked when a role is not in the
/// profile (each pair is a table edge).
pub const SUCCESSORS: [(Phase, Phase); 8] = [
    (Phase::Designing, Phase::DesignReviewing),
    (Phase::DesignReviewing, Phase::Coding),
    (Phase::Coding, Phase::Reviewing),
    (Phase::Reviewing, Phase::Testing),
    (Phase::Testing, Phase::DeepReviewing),
    (Phase::DeepReviewing, Phase::Fixing),
    (Phase::Fixing, Phase::Accepting),
    (Phase::Accepting, Phase::PendingReview),
];

/// The successor of `p` in the canonical pipeline.
pub fn successor(p: Phase) -> Option<Phase> {
    SUCCESSORS.iter().find(|(a, _)| *a == p).map(|(_, b)| *b)
}

pub(crate) fn role_str(p: Option<Phase>) -> String {
    phase_to_role(p).map_or_else(String::new, |r| r.as_str().to_string())
}

/// The stop reasons that notify `warning`: an interruption (a signal, a stop request, a gate
/// nobody or a person stopped, a spent budget) or an escalation (seed 000: `NotifyWarning =
/// "warning" // 中斷或 escalation`). Every other stop notifies `error`.
pub const WARNING_STOP_REASONS: [&str; 8] = [
    "interrupted",
    "mcp-stop",
    "budget-exceeded",
    "gate-rejected",
    "human-timeout",
    "escalation",
    "no-progress",
    "self-heal-exhausted",
];

/// The notification level of a run's end (Go `runOutcome`, with seed 000's levels): `success`
/// for done / pending-review, `warning` for [`WARNING_STOP_REASONS`], else `error`.
pub fn notify_level(state: &State) -> NotifyLevel {
    if state.phase.is(Phase::Done) || state.phase.is(Phase::PendingReview) {
        NotifyLevel::Success
    } else if WARNING_STOP_REASONS.contains(&state.stop_reason.as_str()) {
        NotifyLevel::Warning
    } else {
        NotifyLevel::Error
    }
}

/// The guard result of an outcome that carries none (every field at its default).
pub(crate) static NO_GUARD: GuardResult = GuardResult {
    pass: false,
    errors: Vec::new(),
    all_retryable: false,
    self_mod_touched: false,
    self_mod_paths: Vec::new(),
};

/// The fold of one conductor call: inputs, the state and loop it moves, and what it collects.
pub(crate) struct Ctx<'a> {
    pub cfg: &'a Config,
    pub feature: &'a Feature,
    /// The run's profile, resolved once per call (borrowed from the config or the built-in
    /// table when it can be).
    pub profile_name: Cow<'a, str>,
    pub profile: Cow<'a, ProfileConfig>,
    pub state: State,
    pub lp: Loop,
    /// `lp.options.run_overrides` decoded once per call.
    pub overrides: RunOverrides,
    pub facts: &'a Facts,
    pub events: Vec<Event>,
    pub prepare: Vec<Prepare>,
}

impl Ctx<'_> {
    // ---- small helpers -------------------------------------------------------------------

    pub(crate) fn phase(&self) -> Option<Phase> {
        self.state.phase.known()
    }

    pub(crate) fn phase_str(&self) -> String {
        self.state.phase.as_str().to_string()
    }

    pub(crate) fn ev(&self, t: EventType) -> Event {
        Event {
            phase: self.state.phase.clone(),
            event_type: AnyEventType::from(t),
            role: self.state.role.clone(),
            round: self.state.round,
            runner: self.state.runner.clone(),
            ..Event::default()
        }
    }

    /// An event of a type the seed does not list (the conductor's own), with the
    /// state's phase, role, round and runner.
    pub(crate) fn ev_named(&self, t: &str) -> Event {
        let mut e = self.ev(EventType::RunStart);
        e.event_type = AnyEventType::new(t);
        e
    }

    /// Emits an event; a `run-end` also adds to `loop.spent` (the amounts are what the
    /// events say).
    pub(crate) fn push(&mut self, e: Event) {
        self.lp.spent.add(&e);
        self.events.push(e);
    }

    pub(crate) fn manual(&self, phase: &str) -> (String, String) {
        effective_manual(&self.overrides, phase, &self.lp.options.manual_runner)
    }

    pub(crate) fn transient_limit(&self, runner: &str) -> i64 {
        match self
            .cfg
            .runner_map()
            .get(runner)
            .and_then(|r| r.transient_retries)
        {
            None => DEFAULT_TRANSIENT_RETRIES,
            Some(n) => n.max(0),
        }
    }

    pub(crate) fn enables_role(&self, role: Role) -> bool {
        self.profile.enables_role(role.as_str())
    }

    /// The merged hooks of `<timing>_<phase>` (`None` when there are none; the key is only
    /// built when the config or the feature has hooks at all).
    fn hooks_for(&self, timing: Timing, phase: &str) -> Option<Value> {
        if self.cfg.hooks.is_none() && self.feature.hooks.is_none() {
            return None;
        }
        let key = format!("{}_{phase}", timing.as_str());
        let key = key.as_str();
        let merged = merge_hooks(self.cfg.hooks.as_ref(), self.feature.hooks.as_ref())?;
        let list = merged.get(key)?.as_ref()?;
        if list.is_empty() {
            return None;
        }
        encode(list).ok()
    }

    pub(crate) fn decide(&mut self, action: Action, pending: Option<Pending>) -> Decision {
        self.lp.step = pending.as_ref().map_or(Step::Ended, |p| p.kind().step());
        self.lp.pending = pending;
        Decision {
            action,
            prepare: std::mem::take(&mut self.prepare),
        }
    }

    /// Ends the run with the state as it is (`stop`).
    pub(crate) fn stop(&mut self) -> Decision {
        self.lp.review_fix = None;
        self.lp.deep = None;
        let clear = self.state.stop_reason == "mcp-stop";
        let action = Action::Stop {
            phase: self.phase_str(),
            round: self.state.round,
            reason: self.state.stop_reason.clone(),
            message: self.state.stop_message.clone(),
            notify: notify_level(&self.state).as_str().to_string(),
            clear_stop_signal: clear,
        };
        self.decide(action, None)
    }

    /// Sets `active = false` and the stop fields, optionally moving to a universal target
    /// directly (Go-parity assignment), then stops.
    pub(crate) fn stop_with(&mut self, to: Option<Phase>, reason: &str, message: &str) -> Decision {
        if let Some(p) = to {
            if can_transition(&self.state.phase, p) {
                self.state.phase = p.into();
            }
        }
        self.state.active = false;
        self.state.stop_reason = reason.to_string();
        self.state.stop_message = message.to_string();
        self.stop()
    }

    /// A transition the policy makes outside the loop tail (pass-through, init, deep review).
    /// Refused only when the state does not fit the pending decision (a hand-made loop), which
    /// is that input's error.
    pub(crate) fn go(&mut self, to: Phase, role: AnyRole) -> Result<()> {
        transition_in_place(&mut self.state, to, role).map_err(|e| {
            Error::invalid_input(format!("the state does not fit the loop: {}", e.message))
                .with_field("state.phase")
        })?;
        Ok(())
    }

    // ---- top of the loop (§7.2) ----------------------------------------------------------

    pub fn top(&mut self) -> Result<Decision> {
        loop {
            if !self.state.active {
                return Ok(self.finalize());
            }
            if self.facts.interrupted {
                let msg = format!(
                    "{} phase interrupted by signal (round {})",
                    self.state.phase, self.state.round
                );
                return Ok(self.stop_with(None, "interrupted", &msg));
            }
            if self.facts.stop_requested {
                self.state.active = false;
                self.state.stop_reason = "mcp-stop".into();
                return Ok(self.stop());
            }
            if matches!(
                self.phase(),
                Some(
                    Phase::Done
                        | Phase::PendingReview
                        | Phase::Blocked
                        | Phase::NeedsAttention
                        | Phase::Abandoned
                )
            ) {
                return Ok(self.finalize());
            }
            let Some(phase) = self.phase() else {
                return Ok(self.abort());
            };
            match phase_to_role(Some(phase)) {
                Some(role) if !self.enables_role(role) => {
                    let Some(next) = successor(phase) else {
                        return Ok(self.abort());
                    };
                    let next_role =
                        phase_to_role(Some(next)).map_or_else(AnyRole::default, AnyRole::from);
                    self.go(next, next_role)?;
                    let mut e = self.ev(EventType::PhaseSkipped);
                    e.phase = phase.into();
                    e.role = role.into();
                    e.detail = format!("role not in profile {}", self.profile_name);
                    self.push(e);
                }
                _ => break,
            }
        }
        let phase = self.phase().unwrap_or(Phase::Init);
        if phase == Phase::Reviewing
            && self.cfg.parallel_review_test
            && self.enables_role(Role::Reviewer)
            && self.enables_role(Role::Tester)
        {
            if let Some(ask) = self.gate_before(phase) {
                return Ok(ask);
            }
            return Ok(self.review_test_start());
        }
        if phase == Phase::DeepReviewing {
            return self.deep_start();
        }
        if let Some(reason) = should_stop(&self.state) {
            let mut e = self.ev(EventType::Escalation);
            e.phase = Phase::NeedsAttention.into();
            e.role = AnyRole::default();
            e.round = 0;
            e.detail.clone_from(&reason);
            e.notify = NotifyLevel::Warning.into();
            self.push(e);
            return Ok(self.stop_with(Some(Phase::NeedsAttention), "no-progress", &reason));
        }
        if matches!(phase, Phase::Coding | Phase::Amending | Phase::Fixing) {
            self.prepare.push(Prepare::Remove {
                dir: Dir::Round,
                file: names::ESCALATION.into(),
            });
        }
        if matches!(phase, Phase::Testing | Phase::Amending) {
            self.prepare.push(Prepare::Remove {
                dir: Dir::Feature,
                file: names::FINAL_REPORT.into(),
            });
        }
        if let Some(ask) = self.gate_before(phase) {
            return Ok(ask);
        }
        self.before_agent(1)
    }

    // ---- finalize / abort (§7.11, §7.12) -------------------------------------------------

    fn finalize(&mut self) -> Decision {
        match self.phase() {
            Some(p @ (Phase::PendingReview | Phase::Done)) => {
                self.state.active = false;
                self.state.stop_reason = p.as_str().to_string();
                let mut e = self.ev(EventType::RunEnd);
                e.status = p.as_str().to_string();
                e.notify = NotifyLevel::Success.into();
                self.push(e);
                self.lp.review_fix = None;
                self.lp.deep = None;
                let action = Action::Finish {
                    phase: p.as_str().to_string(),
                    round: self.state.round,
                    notify: NotifyLevel::Success.as_str().to_string(),
                    harvest_learnings: p == Phase::PendingReview,
                };
                self.decide(action, None)
            }
            Some(Phase::NeedsAttention | Phase::Blocked) => {
                if self.state.active {
                    self.state.active = false;
                    if self.state.stop_reason.is_empty() {
                        self.state.stop_reason = "escalation".into();
                    }
                    if self.state.stop_message.is_empty() {
                        self.state.stop_message = format!(
                            "{} stopped with {} (round {})",
                            self.state.feature_id, self.state.phase, self.state.round
                        );
                    }
                }
                self.stop()
            }
            Some(Phase::Abandoned) => {
                self.state.active = false;
                self.stop()
            }
            _ if !self.state.active => self.stop(),
            _ => self.abort(),
        }
    }

    fn abort(&mut self) -> Decision {
        self.state.active = false;
        self.state.pid = 0;
        if self.state.stop_reason.is_empty() {
            self.state.stop_reason = "process-exit".into();
            self.state.stop_message = format!(
                "process exited unexpectedly during {} (round {})",
                self.state.phase, self.state.round
            );
            if can_transition(&self.state.phase, Phase::NeedsAttention) {
                self.state.phase = Phase::NeedsAttention.into();
            }
        }
        let mut e = self.ev(EventType::RunEnd);
        e.status = "interrupted".into();
        e.detail.clone_from(&self.state.stop_reason);
        e.notify = NotifyLevel::Warning.into();
        self.push(e);
        self.stop()
    }

    // ---- before the phase agent (§7.3) ---------------------------------------------------

    fn health_check(&self) -> Option<HealthCheck> {
        let from_strategy = self
            .facts
            .test_strategy
            .as_ref()
            .and_then(|t| t.get("health_check"))
            .filter(|v| !v.is_null())
            .and_then(|v| decode::<HealthCheck>(v, "health_check").ok());
        from_strategy
            .or_else(|| self.cfg.health_check.clone())
            .filter(|h| h.commands.as_ref().is_some_and(|c| !c.is_empty()))
    }

    pub fn before_agent(&mut self, from: u8) -> Result<Decision> {
        let phase = self.phase().unwrap_or(Phase::Init);
        let round = self.state.round;
        if from <= 1
            && phase == Phase::Accepting
            && round >= ROUNDS_SUMMARY_FROM_ROUND
            && !self.facts.rounds_summary_exists
            && self.cfg.runner_map().contains_key(&self.cfg.default_runner)
        {
            let runner = self.cfg.default_runner.clone();
            let model = resolve_model(self.cfg, &runner, "reviewer").unwrap_or_default();
            let action = Action::RunHelper {
                role: Role::RoundSummarizer.as_str().into(),
                phase: self.phase_str(),
                round,
                runner,
                model,
                timeout_s: HELPER_TIMEOUT_S,
                output: FileRef::new(Dir::Feature, names::ROUNDS_SUMMARY),
            };
            return Ok(self.decide(
                action,
                Some(Pending::Helper {
                    next_stage: "acceptance".into(),
                }),
            ));
        }
        if from <= 2 && phase == Phase::Accepting {
            self.prepare.push(Prepare::AcceptanceSummary {
                dir: Dir::Round,
                file: names::ACCEPTANCE_SUMMARY.into(),
            });
        }
        if from <= 3 && phase == Phase::Testing {
            if let Some(hc) = self.health_check() {
                let timeout = if hc.timeout > 0 {
                    hc.timeout
                } else {
                    DEFAULT_HEALTH_TIMEOUT_S
                };
                let action = Action::RunHealthCheck {
                    phase: self.phase_str(),
                    round,
                    commands: hc.commands.clone().unwrap_or_default(),
                    recovery: hc.recovery.clone().unwrap_or_default(),
                    timeout_s: timeout,
                };
                return Ok(self.decide(action, Some(Pending::HealthCheck {})));
            }
        }
        if from <= 4
            && phase == Phase::Coding
            && round == 1
            && (!self.facts.baseline_exists || self.state.base_commit.is_empty())
        {
            let repos = self.baseline_repos();
            let action = Action::CaptureBaseline {
                phase: self.phase_str(),
                round,
                file: FileRef::new(Dir::Feature, names::BASELINE),
                repos,
                capture_baseline: !self.facts.baseline_exists,
                capture_base_commit: self.state.base_commit.is_empty(),
            };
            return Ok(self.decide(action, Some(Pending::Baseline {})));
        }
        self.run_main_agent(phase)
    }

    /// The repos of the baseline: the feature's `repos` (Go CaptureBaselineOnce passes
    /// `Feature.Repos`; empty means the workspace's own layout).
    fn baseline_repos(&self) -> Vec<String> {
        self.feature.repos.clone().unwrap_or_default()
    }

    fn run_main_agent(&mut self, phase: Phase) -> Result<Decision> {
        let p = phase.as_str();
        let role = role_str(Some(phase));
        let (rm, mm) = self.manual(p);
        let runner = match resolve_phase_runner(self.cfg, self.feature, &self.profile, p, &rm) {
            Ok(r) => r,
            Err(e) => {
                let msg = format!("runner resolution for {p} failed: {}", e.message);
                return Ok(self.stop_with(None, "runner-error", &msg));
            }
        };
        let model = match resolve_phase_model(
            self.cfg,
            self.feature,
            &self.profile,
            p,
            &role,
            &runner,
            &mm,
        ) {
            Ok(m) => m,
            Err(e) => {
                let msg = format!("model resolution for {role} failed: {}", e.message);
                return Ok(self.stop_with(None, "model-error", &msg));
            }
        };
        let (collect, guard) = main_collect(phase);
        Ok(self.start_agent(PendingAgent {
            note: None,
            purpose: Purpose::Main,
            phase: p.to_string(),
            role,
            runner,
            model,
            attempt: 1,
            iteration: 0,
            sub_phase: String::new(),
            collect,
            guard,
            extra: AgentExtra::default(),
        }))
    }

    /// Emits `phase-start`, counts the iteration and issues the `run_agent` (with the run note,
    /// if one waits) — unless the budget is spent (nothing is left to spend).
    fn start_agent(&mut self, mut pa: PendingAgent) -> Decision {
        if let Some(stop) = self.budget_stop_before_run() {
            return stop;
        }
        pa.note = self.lp.note.take();
        let key = format!("{}:{}", self.state.round, pa.role);
        let n = self.lp.iterations.entry(key).or_insert(0);
        *n += 1;
        pa.iteration = *n;
        let mut e = self.ev(EventType::PhaseStart);
        e.role = AnyRole::new(&pa.role);
        e.runner.clone_from(&pa.runner);
        e.model.clone_from(&pa.model);
        self.push(e);
        self.agent_decision(pa, 0)
    }

    fn agent_decision(&mut self, pa: PendingAgent, wait_ms: i64) -> Decision {
        let call = AgentCall {
            purpose: pa.purpose,
            phase: pa.phase.clone(),
            role: pa.role.clone(),
            sub_phase: pa.sub_phase.clone(),
            round: self.state.round,
            iteration: pa.iteration,
            runner: pa.runner.clone(),
            model: pa.model.clone(),
            attempt: pa.attempt,
            wait_ms,
            transient_retries: self.transient_limit(&pa.runner),
            collect: pa.collect.clone(),
            guard: pa.guard,
            note: pa.note.clone(),
            extra: pa.extra.clone(),
        };
        self.decide(Action::RunAgent(call), Some(Pending::Agent(pa)))
    }

    // ---- outcomes ------------------------------------------------------------------------

    pub fn on_health_check(&mut self, ok: bool, error: Option<String>) -> Result<Decision> {
        if ok {
            return self.before_agent(4);
        }
        let err = error.unwrap_or_default();
        let mut e = self.ev(EventType::HealthCheckFailed);
        e.role = Role::Tester.into();
        e.detail.clone_from(&err);
        self.push(e);
        self.move_to_needs_attention();
        Ok(self.stop_with(None, "health-check-failed", &err))
    }

    fn move_to_needs_attention(&mut self) {
        match transition_in_place(&mut self.state, Phase::NeedsAttention, AnyRole::default()) {
            Ok(()) => {}
            Err(_) => {
                if !self.state.phase.is(Phase::Done) && !self.state.phase.is(Phase::Abandoned) {
                    self.state.phase = Phase::NeedsAttention.into();
                }
            }
        }
    }

    pub fn on_baseline(&mut self, ok: bool, base_commit: Option<String>) -> Result<Decision> {
        if !ok {
            return Ok(self.abort());
        }
        if let Some(c) = base_commit.filter(|c| !c.is_empty()) {
            self.state.base_commit = c;
        }
        let phase = self.phase().unwrap_or(Phase::Init);
        self.run_main_agent(phase)
    }

    pub fn on_hooks(&mut self, timing: Timing, t: HookFor, ok: bool) -> Result<Decision> {
        if !ok {
            self.move_to_needs_attention();
            self.state.active = false;
            if self.state.stop_reason.is_empty() {
                self.state.stop_reason = format!("{}-hook-fail", timing.as_str());
            }
            return Ok(self.stop());
        }
        match (timing, t) {
            (Timing::Pre, HookFor::Init { .. }) => self.init_transition(),
            (Timing::Pre, HookFor::Loop(t)) => self.commit_rest(t),
            (Timing::Post, _) => self.top(),
        }
    }

    /// init → designing with its hooks (Go `initPhase`).
    pub fn init_phase(&mut self) -> Result<Decision> {
        if let Some(hooks) = self.hooks_for(Timing::Pre, "designing") {
            return Ok(self.hooks_decision(
                Timing::Pre,
                Phase::Designing,
                hooks,
                HookFor::Init { init: true },
            ));
        }
        self.init_transition()
    }

    fn init_transition(&mut self) -> Result<Decision> {
        self.go(Phase::Designing, Role::Designer.into())?;
        if let Some(hooks) = self.hooks_for(Timing::Post, "designing") {
            return Ok(self.hooks_decision(
                Timing::Post,
                Phase::Designing,
                hooks,
                HookFor::Init { init: true },
            ));
        }
        self.top()
    }

    fn hooks_decision(
        &mut self,
        timing: Timing,
        phase: Phase,
        hooks: Value,
        t: HookFor,
    ) -> Decision {
        let action = Action::RunHooks {
            timing: timing.as_str().into(),
            phase: phase.as_str().into(),
            round: self.state.round,
            action: format!("{}_{}", timing.as_str(), phase.as_str()),
            hooks,
        };
        self.decide(action, Some(Pending::Hooks { timing, t }))
    }

    // ---- agent exit (§7.5) ---------------------------------------------------------------

    pub fn on_agent_exit(&mut self, pa: PendingAgent, out: &AgentExit) -> Result<Decision> {
        let round = self.state.round;
        if let Some(err) = &out.error {
            if out.interrupted {
                let msg = ExitMessage::Interrupted.of(&pa, round);
                return Ok(self.stop_with(None, "interrupted", &msg));
            }
            let mut e = self.ev(EventType::RunEnd);
            e.role = AnyRole::new(&pa.role);
            e.status = "error".into();
            e.detail.clone_from(err);
            e.runner.clone_from(&pa.runner);
            e.model.clone_from(&pa.model);
            self.push(e);
            let mut msg = ExitMessage::RunnerError.of(&pa, round);
            msg.push_str(err);
            return Ok(self.stop_with(Some(Phase::NeedsAttention), "runner-error", &msg));
        }
        let limit = self.transient_limit(&pa.runner);
        if out.exit_code != 0
            && pa.attempt < limit + 1
            && art::is_transient(out.stderr_tail.as_deref().unwrap_or(""))
        {
            if let Some(stop) = self.budget_stop_before_run() {
                return Ok(stop);
            }
            let wait = art::backoff_ms(pa.attempt);
            let mut next = pa;
            next.attempt += 1;
            return Ok(self.agent_decision(next, wait));
        }
        let mut e = self.ev(EventType::RunEnd);
        e.role = AnyRole::new(&pa.role);
        e.status = format!("exit-{}", out.exit_code);
        e.runner.clone_from(&pa.runner);
        e.model.clone_from(&pa.model);
        if let Some(s) = &out.stats {
            e.tokens_used = s.tokens_used;
            e.cost_usd = s.cost_usd;
            e.duration_ms = s.duration_ms;
        }
        self.push(e);
        if let Some(stop) = self.budget_stop_after_outcome() {
            return Ok(stop);
        }
        if out.exit_code == 2 {
            let msg = ExitMessage::Hard.of(&pa, round);
            return Ok(self.stop_with(None, "hard-error", &msg));
        }
        if out.exit_code == 1 {
            let msg = ExitMessage::Soft.of(&pa, round);
            return Ok(if pa.purpose == Purpose::Synthesizer {
                self.stop_with(Some(Phase::NeedsAttention), "synthesizer-soft-fail", &msg)
            } else {
                self.stop_with(Some(Phase::Blocked), "soft-fail", &msg)
            });
        }
        if let Some(c) = out.contract.as_ref().filter(|c| c.blocks()) {
            if !own_verdict_fails(&pa.role, out) {
                let mut msg = format!(
                    "{} output contract (cc10x:{}) does not allow advancing",
                    pa.role, c.agent
                );
                if let Some(err) = &c.error {
                    msg.push_str(": ");
                    msg.push_str(err);
                }
                msg.push_str(&format!(" (round {round})"));
                self.guard_fail_event(&pa.role, &msg, None);
                return Ok(self.stop_with(Some(Phase::NeedsAttention), "contract-blocked", &msg));
            }
        }
        if pa.guard.is_some() && out.guard.is_none() {
            return Err(Error::new(
                ErrorKind::MissingEvidence,
                format!(
                    "outcome of the {} agent needs `guard` (the {} guard's result)",
                    pa.role,
                    match pa.guard {
                        Some(GuardKind::Testing) => "testing",
                        _ => "scope",
                    }
                ),
            )
            .with_field("outcome.guard"));
        }
        match pa.purpose {
            Purpose::Main => self.after_main(&pa, out),
            Purpose::ReviewFix => self.after_review_fix(out),
            Purpose::ReviewRerun => {
                let report = file(&out.round_files, names::REVIEW_REPORT).map(str::to_string);
                self.review_fix_iter(report, out)
            }
            Purpose::DeepReview | Purpose::Synthesizer => self.after_deep_review(out),
            Purpose::DeepFix => self.after_deep_fix(out),
            Purpose::ReVerifier => self.after_reverify(out),
        }
    }

    // ---- verdict → transition (§7.6) -----------------------------------------------------

    /// A `guard-fail` event; only the coder's carries `notify: error` and its runner (Go
    /// handlePostCoder), the sub-roles' carry `state.runner` and no notify.
    fn guard_fail_event(&mut self, role: &str, detail: &str, coder_runner: Option<&str>) {
        let mut e = self.ev(EventType::GuardFail);
        e.role = AnyRole::new(role);
        e.detail = detail.to_string();
        if let Some(r) = coder_runner {
            e.runner = r.to_string();
            e.notify = NotifyLevel::Error.into();
        }
        self.push(e);
    }

    fn after_main(&mut self, pa: &PendingAgent, out: &AgentExit) -> Result<Decision> {
        let phase = self.phase().unwrap_or(Phase::Init);
        let guard = out.guard.as_ref().unwrap_or(&NO_GUARD);
        if matches!(phase, Phase::Coding | Phase::Amending) {
            if guard.self_mod_touched {
                self.state.self_mod_touched = true;
                self.state.self_mod_paths.clone_from(&guard.self_mod_paths);
                let mut e = self.ev(EventType::SelfModDetected);
                e.role = AnyRole::new(&pa.role);
                e.detail = guard.self_mod_paths.join(", ");
                e.runner.clone_from(&pa.runner);
                e.notify = NotifyLevel::Warning.into();
                self.push(e);
            }
            if !guard.pass {
                let msg = guard.errors.join("; ");
                self.guard_fail_event(&pa.role, &msg, Some(&pa.runner));
                return Ok(self.stop_with(Some(Phase::NeedsAttention), "guard-fail", &msg));
            }
        }
        let rf = |n: &str| file(&out.round_files, n);
        if phase == Phase::Reviewing
            && art::review_class(rf(names::REVIEW_REPORT)) == ReviewClass::ConditionalPass
        {
            return self.review_converge_start(rf(names::REVIEW_REPORT).map(str::to_string), out);
        }
        let (next, role, reason) = self.verdict_table(phase, out);
        let t = HookTransition {
            from: phase.as_str().into(),
            from_role: self.state.role.as_str().into(),
            runner: pa.runner.clone(),
            next: next.as_str().into(),
            next_role: role,
            reason,
            review_fails: art::review_fail_count(rf(names::REVIEW_REPORT)),
        };
        self.commit(t)
    }

    /// NextPhaseAfter: the next phase, its role and the stop message (`""` = none).
    fn verdict_table(&mut self, phase: Phase, out: &AgentExit) -> (Phase, String, String) {
        let rf = |n: &str| file(&out.round_files, n);
        let ff = |n: &str| file(&out.feature_files, n);
        let na = |m: String| (Phase::NeedsAttention, String::new(), m);
        let go = |p: Phase| (p, role_str(Some(p)), String::new());
        let missing = |f: &str| na(format!("missing-artifact: {f}"));
        if matches!(
            phase,
            Phase::Coding | Phase::Amending | Phase::Testing | Phase::Fixing
        ) {
            if let Some(esc) = art::escalation(rf(names::ESCALATION)) {
                if esc.is_designer() {
                    return go(Phase::Designing);
                }
                return na(esc.reason);
            }
        }
        let guard = out.guard.as_ref().unwrap_or(&NO_GUARD);
        match phase {
            Phase::Designing => {
                if ff(names::TASK_BRIEF).is_none() {
                    return missing(names::TASK_BRIEF);
                }
                if ff(names::ACCEPTANCE_CRITERIA).is_none() {
                    return missing(names::ACCEPTANCE_CRITERIA);
                }
                go(Phase::DesignReviewing)
            }
            Phase::DesignReviewing => match ff(names::DESIGN_REVIEW_REPORT) {
                None => missing(names::DESIGN_REVIEW_REPORT),
                Some(t) if art::review_passed(Some(t)) => go(Phase::Coding),
                Some(_) => go(Phase::Designing),
            },
            Phase::Coding | Phase::Amending => {
                if rf(names::CODER_REPORT).is_none() {
                    return missing(names::CODER_REPORT);
                }
                match art::build_gate(rf(names::BUILD_GATE)) {
                    art::BuildGate::Missing => na(
                        "build-gate.json missing: coder did not run 4x check with build/lint"
                            .into(),
                    ),
                    art::BuildGate::Invalid(e) => na(format!("build-gate.json invalid: {e}")),
                    art::BuildGate::Failed => {
                        na("build-gate failed: build/lint did not pass".into())
                    }
                    art::BuildGate::Passed => go(Phase::Reviewing),
                }
            }
            Phase::Reviewing => match rf(names::REVIEW_REPORT) {
                None => missing(names::REVIEW_REPORT),
                Some(t) if art::review_passed(Some(t)) => go(Phase::Testing),
                Some(_) => go(Phase::Amending),
            },
            Phase::Testing => {
                if guard.pass {
                    return go(Phase::DeepReviewing);
                }
                let verify = art::check_verify(rf(names::VERIFY));
                let test_passed = art::review_passed(rf(names::TEST_REPORT));
                if verify != art::VerifyStatus::Ok {
                    if test_passed {
                        return na(art::verify_mismatch_message(verify));
                    }
                    return go(Phase::Amending);
                }
                if guard.all_retryable
                    && rf(names::GUARD_FEEDBACK).is_none()
                    && self.state.guard_retries < MAX_GUARD_RETRIES
                {
                    self.prepare.push(Prepare::WriteJson {
                        dir: Dir::Round,
                        file: names::GUARD_FEEDBACK.into(),
                        value: json!({ "errors": guard.errors }),
                    });
                    return go(Phase::Testing);
                }
                na(guard.errors.join("; "))
            }
            Phase::Fixing => match rf(names::FIXER_REPORT) {
                None => missing(names::FIXER_REPORT),
                Some(_) => go(Phase::Accepting),
            },
            Phase::Accepting => match ff(names::FINAL_REPORT) {
                None => missing(names::FINAL_REPORT),
                Some(t) if !art::final_report_passed(t) => {
                    na("final-report: needs-attention".into())
                }
                Some(_) => (Phase::PendingReview, String::new(), String::new()),
            },
            _ => na(format!("no agent policy for phase {phase}")),
        }
    }

    /// The transition commit (RunLoop tail), from its pre hooks.
    fn commit(&mut self, mut t: HookTransition) -> Result<Decision> {
        let next = AnyPhase::new(&t.next);
        if t.next_role.is_empty() && (next.is(Phase::NeedsAttention) || next.is(Phase::Blocked)) {
            t.next_role = self.phase_role_or_state();
        }
        if let Some(hooks) = self.hooks_for(Timing::Pre, &t.next) {
            let phase = next.known().unwrap_or(Phase::NeedsAttention);
            return Ok(self.hooks_decision(Timing::Pre, phase, hooks, HookFor::Loop(t)));
        }
        self.commit_rest(t)
    }

    fn phase_role_or_state(&self) -> String {
        phase_to_role(self.phase()).map_or_else(
            || self.state.role.as_str().to_string(),
            |r| r.as_str().to_string(),
        )
    }

    /// The transition commit after its pre hooks (steps 3–8).
    fn commit_rest(&mut self, mut t: HookTransition) -> Result<Decision> {
        let from = self.phase();
        if t.next == Phase::Designing.as_str() && from != Some(Phase::Init) {
            self.lp.designer_escalations += 1;
            if self.lp.designer_escalations > MAX_DESIGNER_ESCALATIONS {
                t.next = Phase::NeedsAttention.as_str().into();
                t.next_role = self.phase_role_or_state();
                t.reason = format!(
                    "escalation-loop: designer escalated {} times in round {}",
                    self.lp.designer_escalations, self.state.round
                );
            }
        }
        let next = AnyPhase::new(&t.next);
        match transition_in_place(&mut self.state, &next, AnyRole::new(&t.next_role)) {
            Ok(()) => {}
            Err(err) => {
                let msg = format!(
                    "state transition out of {} failed after round {}'s runner already completed: {}",
                    self.state.phase, self.state.round, err.message
                );
                self.state.phase = Phase::NeedsAttention.into();
                let mut e = self.ev(EventType::RunEnd);
                e.status = "error".into();
                e.detail = err.message;
                e.runner.clone_from(&t.runner);
                e.notify = NotifyLevel::Error.into();
                self.push(e);
                return Ok(self.stop_with(None, "transition-error", &msg));
            }
        }
        if next.is(Phase::Amending) {
            self.amending_progress(t.review_fails);
        }
        if from == Some(Phase::Testing) && next.is(Phase::Testing) {
            self.state.guard_retries += 1;
            self.prepare
                .push(Prepare::TesterRetryCleanup { dir: Dir::Round });
        }
        if matches!(from, Some(Phase::Coding | Phase::Amending)) && next.is(Phase::Reviewing) {
            self.prepare.push(Prepare::ReviewPackage {
                dir: Dir::Round,
                file: names::REVIEW_PACKAGE.into(),
            });
        }
        if !t.reason.is_empty() {
            self.state.active = false;
            self.state.stop_message.clone_from(&t.reason);
            self.state.stop_reason = if t.reason.starts_with("missing-artifact:") {
                "missing-artifact".into()
            } else {
                "escalation".into()
            };
        }
        let e = self.ev(EventType::Transition);
        self.push(e);
        if let Some(hooks) = self.hooks_for(Timing::Post, &t.next) {
            let phase = next.known().unwrap_or(Phase::NeedsAttention);
            return Ok(self.hooks_decision(Timing::Post, phase, hooks, HookFor::Loop(t)));
        }
        self.top()
    }

    /// Go ApplyAmendingProgress, on entering amending with the review fail count `cur` of the
    /// round before the transition: the first failing review only records its count; the same
    /// or more fails count one more round without progress; fewer reset the counter.
    pub(crate) fn amending_progress(&mut self, cur: i64) {
        let s = &mut self.state;
        let first_fail = s.last_fail_count == 0 && s.consecutive_no_progress == 0 && cur > 0;
        if first_fail {
            // counter kept
        } else if cur >= s.last_fail_count {
            s.consecutive_no_progress += 1;
        } else {
            s.consecutive_no_progress = 0;
        }
        s.last_fail_count = cur;
    }

    // ---- review convergence (§7.8) -------------------------------------------------------

    fn review_converge_start(
        &mut self,
        report: Option<String>,
        out: &AgentExit,
    ) -> Result<Decision> {
        match self.review_fix_params(0) {
            Ok(rf) => self.lp.review_fix = Some(rf),
            Err(stop) => return Ok(*stop),
        }
        self.review_fix_iter(report, out)
    }

    /// The convergence memory, rebuilt when a hand-made loop lacks it (then `iter` is taken as
    /// `iter`, the iterations already started).
    fn review_fix_or_rebuild(
        &mut self,
        iter: i64,
    ) -> std::result::Result<ReviewFix, Box<Decision>> {
        match self.lp.review_fix.clone() {
            Some(rf) => Ok(rf),
            None => {
                let rf = self.review_fix_params(iter)?;
                self.lp.review_fix = Some(rf.clone());
                Ok(rf)
            }
        }
    }

    /// Runner and models of review convergence (Go runReviewConvergence's prologue); a
    /// resolution failure is the stop decision.
    fn review_fix_params(&mut self, iter: i64) -> std::result::Result<ReviewFix, Box<Decision>> {
        let (rm, mm) = self.manual("reviewing");
        let runner =
            match resolve_phase_runner(self.cfg, self.feature, &self.profile, "reviewing", &rm) {
                Ok(r) => r,
                Err(e) => {
                    let msg = format!("review-convergence runner resolution failed: {}", e.message);
                    return Err(Box::new(self.stop_with(None, "runner-error", &msg)));
                }
            };
        let (_, cmm) = self.manual("coding");
        let review = resolve_phase_model(
            self.cfg,
            self.feature,
            &self.profile,
            "reviewing",
            "reviewer",
            &runner,
            &mm,
        )
        .map_err(|e| ("reviewer", e));
        let models = review.and_then(|review| {
            let mini = resolve_phase_model(
                self.cfg,
                self.feature,
                &self.profile,
                "coding",
                "coder",
                &runner,
                &cmm,
            )
            .and_then(|coder| resolve_mini_coder_model(self.cfg, &runner, &coder))
            .map_err(|e| ("mini-coder", e))?;
            Ok((review, mini))
        });
        let (review_model, mini_model) = match models {
            Ok(m) => m,
            Err((who, e)) => {
                let msg = format!(
                    "review-convergence {who} model resolution failed: {}",
                    e.message
                );
                return Err(Box::new(self.stop_with(None, "model-error", &msg)));
            }
        };
        Ok(ReviewFix {
            runner,
            review_model,
            mini_model,
            max_fix: resolve_limits(self.cfg, "reviewer").max_fix_rounds,
            iter,
        })
    }

    fn review_fix_iter(&mut self, report: Option<String>, out: &AgentExit) -> Result<Decision> {
        let mut rf = match self.review_fix_or_rebuild(1) {
            Ok(rf) => rf,
            Err(stop) => return Ok(*stop),
        };
        let class = art::review_class(report.as_deref());
        if class == ReviewClass::ConditionalPass && rf.iter < rf.max_fix {
            rf.iter += 1;
            self.state.role = Role::MiniCoder.into();
            let pa = PendingAgent {
                note: None,
                purpose: Purpose::ReviewFix,
                phase: self.phase_str(),
                role: Role::MiniCoder.as_str().into(),
                runner: rf.runner.clone(),
                model: rf.mini_model.clone(),
                attempt: 1,
                iteration: 0,
                sub_phase: SubPhase::Fixing.as_str().into(),
                collect: Collect::default(),
                guard: Some(GuardKind::Scope),
                extra: AgentExtra {
                    conditional_source: Some(names::REVIEW_REPORT.into()),
                    ..AgentExtra::default()
                },
            };
            self.lp.review_fix = Some(rf);
            return Ok(self.start_agent(pa));
        }
        if class == ReviewClass::ConditionalPass {
            let mut e = self.ev(EventType::ConditionalPassResidual);
            e.role = Role::Reviewer.into();
            e.notify = NotifyLevel::Warning.into();
            e.detail = format!(
                "conditional-pass warnings remain after {} convergence iterations; passing through to testing",
                rf.max_fix
            );
            self.push(e);
        }
        self.lp.review_fix = None;
        self.state.role = Role::Reviewer.into();
        let mut files = out.clone();
        files
            .round_files
            .insert(names::REVIEW_REPORT.into(), report);
        let (next, role, reason) = self.verdict_table(Phase::Reviewing, &files);
        let t = HookTransition {
            from: Phase::Reviewing.as_str().into(),
            from_role: self.state.role.as_str().into(),
            runner: rf.runner.clone(),
            next: next.as_str().into(),
            next_role: role,
            reason,
            review_fails: art::review_fail_count(file(&files.round_files, names::REVIEW_REPORT)),
        };
        self.commit(t)
    }

    fn after_review_fix(&mut self, out: &AgentExit) -> Result<Decision> {
        let guard = out.guard.as_ref().unwrap_or(&NO_GUARD);
        if !guard.pass {
            let msg = format!("review-fix scope exceeded: {}", guard.errors.join("; "));
            self.guard_fail_event(Role::MiniCoder.as_str(), &msg, None);
            return Ok(self.stop_with(Some(Phase::NeedsAttention), "scope-exceed", &msg));
        }
        let rf = match self.review_fix_or_rebuild(1) {
            Ok(rf) => rf,
            Err(stop) => return Ok(*stop),
        };
        self.prepare.push(Prepare::ReviewPackage {
            dir: Dir::Round,
            file: names::REVIEW_PACKAGE.into(),
        });
        self.state.role = Role::Reviewer.into();
        let pa = PendingAgent {
            note: None,
            purpose: Purpose::ReviewRerun,
            phase: self.phase_str(),
            role: Role::Reviewer.as_str().into(),
            runner: rf.runner,
            model: rf.review_model,
            attempt: 1,
            iteration: 0,
            sub_phase: SubPhase::Reviewing.as_str().into(),
            collect: Collect::round(&[names::REVIEW_REPORT]),
            guard: None,
            extra: AgentExtra::default(),
        };
        Ok(self.start_agent(pa))
    }

    // ---- deep review (§7.9) --------------------------------------------------------------

    /// The deep-review memory; a hand-made loop without it gets the runner and model resolved
    /// again (deepReviewSetup), self-heal not started.
    fn deep(&mut self) -> Result<Deep> {
        if let Some(d) = &self.lp.deep {
            return Ok(d.clone());
        }
        let (rm, _) = self.manual("deep-reviewing");
        let runner =
            resolve_phase_runner(self.cfg, self.feature, &self.profile, "deep-reviewing", &rm)
                .map_err(|e| {
                    Error::invalid_input(format!(
                        "loop.deep is absent and the deep-review runner does not resolve: {}",
                        e.message
                    ))
                    .with_field("loop.deep")
                })?;
        let model = resolve_deep_model(self.cfg, &runner, "reviewer")
            .ok()
            .filter(|m| !m.is_empty())
            .or_else(|| {
                resolve_tier_model(self.cfg, &runner, crate::resolve::models::DEFAULT_DEEP_TIER)
                    .ok()
            })
            .unwrap_or_default();
        let d = Deep {
            runner,
            model,
            iter: 0,
            groups: None,
            max_fix: None,
            mini_model: None,
            review_model: None,
        };
        self.lp.deep = Some(d.clone());
        Ok(d)
    }

    fn deep_start(&mut self) -> Result<Decision> {
        let (rm, _) = self.manual("deep-reviewing");
        let runner = match resolve_phase_runner(
            self.cfg,
            self.feature,
            &self.profile,
            "deep-reviewing",
            &rm,
        ) {
            Ok(r) => r,
            Err(e) => {
                let msg = format!("deep-reviewer runner resolution failed: {}", e.message);
                return Ok(self.stop_with(None, "runner-error", &msg));
            }
        };
        let mut model = match resolve_deep_model(self.cfg, &runner, "reviewer") {
            Ok(m) => m,
            Err(e) => {
                let msg = format!("deep-reviewer model resolution failed: {}", e.message);
                return Ok(self.stop_with(None, "model-error", &msg));
            }
        };
        if model.is_empty() {
            model =
                resolve_tier_model(self.cfg, &runner, crate::resolve::models::DEFAULT_DEEP_TIER)
                    .unwrap_or_default();
        }
        if model.is_empty() {
            self.state.sub_phase = AnySubPhase::default();
            self.go(Phase::Accepting, Role::Acceptor.into())?;
            let mut e = self.ev(EventType::Transition);
            e.detail =
                "deep_model not configured and runner cannot resolve default tier \"opus\"".into();
            self.push(e);
            return self.top();
        }
        self.state.role = Role::DeepReviewer.into();
        self.state.sub_phase = SubPhase::Reviewing.into();
        self.lp.deep = Some(Deep {
            runner,
            model,
            iter: 0,
            groups: None,
            max_fix: None,
            mini_model: None,
            review_model: None,
        });
        if self.lp.options.force_all_angles {
            let sel = json!({
                "selected_angles": all_angles(),
                "total_angles": DEEP_REVIEW_ANGLE_COUNT,
                "force_all": true,
                "matches": null,
            });
            let files = self.facts.round_files.clone();
            return self.deep_selected(all_angles(), sel, &files);
        }
        match self.facts.changed_files.clone() {
            Some(changed) => {
                let files = self.facts.round_files.clone();
                self.deep_with_changed(&changed, &files)
            }
            None => {
                let lim = resolve_limits(self.cfg, "deep-reviewer");
                let upper = if lim.parallel_reviewers <= 1 {
                    0
                } else {
                    group_selected_angles(
                        lim.parallel_reviewers,
                        lim.angles_per_reviewer,
                        &all_angles(),
                    )
                    .map_or(0, |g| g.len())
                };
                let action = Action::Gather {
                    phase: self.phase_str(),
                    round: self.state.round,
                    need: vec!["changed_files".into()],
                    round_files: (1..=upper).map(names::deep_review_partial).collect(),
                };
                Ok(self.decide(action, Some(Pending::Gather {})))
            }
        }
    }

    pub fn deep_with_changed(
        &mut self,
        changed: &[Changed],
        round_files: &Files,
    ) -> Result<Decision> {
        let files: Vec<ChangedFile> = changed
            .iter()
            .map(|c| ChangedFile {
                path: c.path.clone(),
                lines: c.lines,
            })
            .collect();
        let (selected, matches) = select_angles(&resolve_angle_mapping(self.cfg), &files);
        let matches = if matches.is_empty() {
            Value::Null
        } else {
            encode(&matches)?
        };
        let sel = json!({
            "selected_angles": selected,
            "total_angles": DEEP_REVIEW_ANGLE_COUNT,
            "force_all": false,
            "matches": matches,
        });
        self.deep_selected(selected, sel, round_files)
    }

    fn deep_selected(
        &mut self,
        selected: Vec<i64>,
        sel: Value,
        round_files: &Files,
    ) -> Result<Decision> {
        self.prepare.push(Prepare::WriteJson {
            dir: Dir::Round,
            file: names::DEEP_REVIEW_ANGLES.into(),
            value: sel,
        });
        let mut deep = self.deep()?;
        let lim = resolve_limits(self.cfg, "deep-reviewer");
        let groups =
            group_selected_angles(lim.parallel_reviewers, lim.angles_per_reviewer, &selected)
                .unwrap_or_default();
        if groups.len() > 1 {
            deep.groups = Some(groups.clone());
            self.lp.deep = Some(deep.clone());
            let mut agents = Vec::new();
            for (i, g) in groups.iter().enumerate() {
                let name = names::deep_review_partial(i + 1);
                if art::partial_complete(file(round_files, &name)) {
                    continue;
                }
                agents.push(ParallelAgent {
                    role: Role::DeepReviewer.as_str().into(),
                    index: i64::try_from(i + 1).unwrap_or(i64::MAX),
                    angles: g.clone(),
                    partial: name,
                    runner: None,
                    model: None,
                    note: None,
                });
            }
            if agents.is_empty() {
                return Ok(self.synthesizer(&deep));
            }
            if let Some(stop) = self.budget_stop_before_run() {
                return Ok(stop);
            }
            for a in &agents {
                let mut e = self.ev(EventType::PhaseStart);
                e.role = Role::DeepReviewer.into();
                e.runner.clone_from(&deep.runner);
                e.model.clone_from(&deep.model);
                e.index = a.index;
                self.push(e);
            }
            let action = Action::RunParallel {
                phase: self.phase_str(),
                sub_phase: SubPhase::Reviewing.as_str().into(),
                round: self.state.round,
                runner: deep.runner.clone(),
                model: deep.model.clone(),
                transient_retries: self.transient_limit(&deep.runner),
                agents,
                guards: Vec::new(),
                collect: Collect {
                    feature: None,
                    round: Some((1..=groups.len()).map(names::deep_review_partial).collect()),
                },
            };
            return Ok(self.decide(action, Some(Pending::Parallel { review_test: None })));
        }
        let angles = (selected.len() < 11).then_some(selected);
        let pa = PendingAgent {
            note: None,
            purpose: Purpose::DeepReview,
            phase: self.phase_str(),
            role: Role::DeepReviewer.as_str().into(),
            runner: deep.runner.clone(),
            model: deep.model.clone(),
            attempt: 1,
            iteration: 0,
            sub_phase: SubPhase::Reviewing.as_str().into(),
            collect: Collect::round(&[names::DEEP_REVIEW_REPORT]),
            guard: Some(GuardKind::Scope),
            extra: AgentExtra {
                angles,
                ..AgentExtra::default()
            },
        };
        Ok(self.start_agent(pa))
    }

    fn synthesizer(&mut self, deep: &Deep) -> Decision {
        let mut deep = deep.clone();
        if deep.groups.is_none() {
            let n = partial_count(&[], &self.facts.round_files);
            deep.groups = Some(vec![Vec::new(); n]);
        }
        let deep = &deep;
        self.state.role = Role::Synthesizer.into();
        self.state.sub_phase = SubPhase::Synthesizing.into();
        let model = resolve_model(self.cfg, &deep.runner, "synthesizer")
            .unwrap_or_else(|_| deep.model.clone());
        let n = deep.groups.as_ref().map_or(0, Vec::len);
        let pa = PendingAgent {
            note: None,
            purpose: Purpose::Synthesizer,
            phase: self.phase_str(),
            role: Role::Synthesizer.as_str().into(),
            runner: deep.runner.clone(),
            model,
            attempt: 1,
            iteration: 0,
            sub_phase: SubPhase::Synthesizing.as_str().into(),
            collect: Collect::round(&[names::DEEP_REVIEW_REPORT]),
            guard: Some(GuardKind::Scope),
            extra: AgentExtra {
                partials: Some((1..=n).map(names::deep_review_partial).collect()),
                ..AgentExtra::default()
            },
        };
        self.start_agent(pa)
    }

    pub fn on_parallel_exit(
        &mut self,
        results: &[ParallelResult],
        interrupted: bool,
        round_files: &Files,
    ) -> Result<Decision> {
        let deep = self.deep()?;
        let round = self.state.round;
        if let Some(err) = results.iter().find_map(|r| r.error.clone()) {
            if interrupted {
                let msg = format!("deep-reviewer interrupted by signal (round {round})");
                return Ok(self.stop_with(None, "interrupted", &msg));
            }
            let index = results
                .iter()
                .find(|r| r.error.is_some())
                .map_or(0, |r| r.index);
            let mut e = self.ev(EventType::RunEnd);
            e.role = Role::DeepReviewer.into();
            e.status = "error".into();
            e.detail.clone_from(&err);
            e.runner.clone_from(&deep.runner);
            e.model.clone_from(&deep.model);
            e.index = index;
            self.push(e);
            let msg = format!("deep-reviewer runner failed (round {round}): {err}");
            return Ok(self.stop_with(Some(Phase::NeedsAttention), "runner-error", &msg));
        }
        for r in results {
            let mut e = self.ev(EventType::RunEnd);
            e.role = Role::DeepReviewer.into();
            e.status = format!("exit-{}", r.exit_code);
            e.runner.clone_from(&deep.runner);
            e.model.clone_from(&deep.model);
            e.index = r.index;
            if let Some(s) = &r.stats {
                e.tokens_used = s.tokens_used;
                e.cost_usd = s.cost_usd;
                e.duration_ms = s.duration_ms;
            }
            self.push(e);
        }
        if let Some(stop) = self.budget_stop_after_outcome() {
            return Ok(stop);
        }
        if results.iter().any(|r| r.exit_code == 2) {
            let msg = format!("deep-reviewer runner returned hard error (exit 2) (round {round})");
            return Ok(self.stop_with(None, "hard-error", &msg));
        }
        if results.iter().any(|r| r.exit_code == 1) {
            let msg = format!("deep-reviewer runner returned soft-fail (exit 1) (round {round})");
            return Ok(self.stop_with(
                Some(Phase::NeedsAttention),
                "deep-reviewer-soft-fail",
                &msg,
            ));
        }
        let n = match &deep.groups {
            Some(g) => g.len(),
            None => partial_count(results, round_files),
        };
        for i in 1..=n {
            let name = names::deep_review_partial(i);
            if file(round_files, &name).is_none() && file(&self.facts.round_files, &name).is_none()
            {
                let msg = format!("missing-artifact: {name}");
                return Ok(self.stop_with(Some(Phase::NeedsAttention), "missing-artifact", &msg));
            }
        }
        Ok(self.synthesizer(&deep))
    }

    fn after_deep_review(&mut self, out: &AgentExit) -> Result<Decision> {
        let guard = out.guard.as_ref().unwrap_or(&NO_GUARD);
        if !guard.pass {
            let msg = guard.errors.join("; ");
            self.guard_fail_event(Role::DeepReviewer.as_str(), &msg, None);
            return Ok(self.stop_with(Some(Phase::NeedsAttention), "guard-fail", &msg));
        }
        let report = file(&out.round_files, names::DEEP_REVIEW_REPORT);
        if report.is_none() {
            let msg = format!("missing-artifact: {}", names::DEEP_REVIEW_REPORT);
            return Ok(self.stop_with(Some(Phase::NeedsAttention), "missing-artifact", &msg));
        }
        let class = art::review_class(report);
        let fixing = self.profile.has_phase("fixing");
        if class == ReviewClass::CleanPass || (class == ReviewClass::ConditionalPass && fixing) {
            return self.deep_clear();
        }
        self.self_heal_start()
    }

    fn deep_clear(&mut self) -> Result<Decision> {
        if self.cfg.auto_discover_features {
            let action = Action::DiscoverFeatures {
                phase: self.phase_str(),
                round: self.state.round,
                report: FileRef::new(Dir::Round, names::DEEP_REVIEW_REPORT),
                max: resolve_limits(self.cfg, "deep-reviewer").max_discovered_features,
                enrich: self.cfg.enrich_discovered_features,
                auto_approve: self.cfg.enrich_auto_approve,
            };
            return Ok(self.decide(action, Some(Pending::Discover {})));
        }
        self.deep_transition()
    }

    pub fn on_discovered(&mut self, created: &[String]) -> Result<Decision> {
        for id in created {
            let mut e = self.ev(EventType::FeatureDiscovered);
            e.role = AnyRole::default();
            e.detail.clone_from(id);
            self.push(e);
        }
        self.deep_transition()
    }

    fn deep_transition(&mut self) -> Result<Decision> {
        self.lp.deep = None;
        self.state.sub_phase = AnySubPhase::default();
        if self.profile.has_phase("fixing") {
            self.go(Phase::Fixing, Role::Fixer.into())?;
        } else {
            self.go(Phase::Accepting, Role::Acceptor.into())?;
        }
        let e = self.ev(EventType::Transition);
        self.push(e);
        self.top()
    }

    fn self_heal_start(&mut self) -> Result<Decision> {
        let mut deep = self.deep()?;
        let (_, cmm) = self.manual("coding");
        let coder = resolve_phase_model(
            self.cfg,
            self.feature,
            &self.profile,
            "coding",
            "coder",
            &deep.runner,
            &cmm,
        )
        .map_err(|e| ("coder", e));
        let models = coder.and_then(|coder| {
            let mini = resolve_mini_coder_model(self.cfg, &deep.runner, &coder)
                .map_err(|e| ("mini-coder", e))?;
            let review =
                resolve_model(self.cfg, &deep.runner, "reviewer").map_err(|e| ("reviewer", e))?;
            Ok((mini, review))
        });
        let (mini, review) = match models {
            Ok(m) => m,
            Err((who, e)) => {
                let msg = format!("{who} model resolution failed: {}", e.message);
                return Ok(self.stop_with(None, "model-error", &msg));
            }
        };
        deep.max_fix = Some(resolve_limits(self.cfg, "deep-reviewer").max_fix_rounds);
        deep.mini_model = Some(mini);
        deep.review_model = Some(review);
        self.lp.deep = Some(deep);
        self.self_heal_next()
    }

    fn self_heal_next(&mut self) -> Result<Decision> {
        let mut deep = self.deep()?;
        if deep.max_fix.is_none() || deep.mini_model.is_none() || deep.review_model.is_none() {
            return self.self_heal_start();
        }
        let max = deep
            .max_fix
            .unwrap_or(crate::resolve::limits::DEFAULT_MAX_FIX_ROUNDS);
        if deep.iter < max {
            deep.iter += 1;
            self.state.role = Role::MiniCoder.into();
            self.state.sub_phase = SubPhase::Fixing.into();
            let pa = PendingAgent {
                note: None,
                purpose: Purpose::DeepFix,
                phase: self.phase_str(),
                role: Role::MiniCoder.as_str().into(),
                runner: deep.runner.clone(),
                model: deep.mini_model.clone().unwrap_or_default(),
                attempt: 1,
                iteration: 0,
                sub_phase: SubPhase::Fixing.as_str().into(),
                collect: Collect::default(),
                guard: Some(GuardKind::Scope),
                extra: AgentExtra::default(),
            };
            self.lp.deep = Some(deep);
            return Ok(self.start_agent(pa));
        }
        let msg = format!("deep-review self-heal exhausted after {max} iterations");
        self.prepare.push(Prepare::WriteJson {
            dir: Dir::Round,
            file: names::ESCALATION.into(),
            value: json!({"needed": true, "reason": "blocker", "detail": msg}),
        });
        let mut e = self.ev(EventType::Escalation);
        e.role = Role::DeepReviewer.into();
        e.detail.clone_from(&msg);
        e.notify = NotifyLevel::Warning.into();
        self.push(e);
        Ok(self.stop_with(Some(Phase::NeedsAttention), "self-heal-exhausted", &msg))
    }

    fn after_deep_fix(&mut self, out: &AgentExit) -> Result<Decision> {
        let guard = out.guard.as_ref().unwrap_or(&NO_GUARD);
        if !guard.pass {
            let errors = guard.errors.join("; ");
            self.prepare.push(Prepare::WriteText {
                dir: Dir::Round,
                file: names::DEEP_REVIEW_REPORT.into(),
                text: format!(
                    "# Deep Review Report \u{2014} Round {}\n\n## Summary\nFAIL \u{2014} scope-exceed\n\n## Issues\n### [CRITICAL] scope-exceed\n{errors}\n\n## Verdict\nFAIL\n",
                    self.state.round
                ),
            });
            self.prepare.push(Prepare::WriteJson {
                dir: Dir::Round,
                file: names::ESCALATION.into(),
                value: json!({"needed": true, "reason": "scope-change", "detail": format!("mini-coder scope-exceed: {errors}")}),
            });
            let msg = format!("deep-fix scope exceeded: {errors}");
            self.guard_fail_event(Role::MiniCoder.as_str(), &msg, None);
            return Ok(self.stop_with(Some(Phase::NeedsAttention), "scope-exceed", &msg));
        }
        let deep = self.deep()?;
        self.state.role = Role::ReVerifier.into();
        self.state.sub_phase = SubPhase::Reverifying.into();
        let pa = PendingAgent {
            note: None,
            purpose: Purpose::ReVerifier,
            phase: self.phase_str(),
            role: Role::ReVerifier.as_str().into(),
            runner: deep.runner.clone(),
            model: deep.review_model.clone().unwrap_or_default(),
            attempt: 1,
            iteration: 0,
            sub_phase: SubPhase::Reverifying.as_str().into(),
            collect: Collect::round(&[names::DEEP_REVIEW_REPORT]),
            guard: Some(GuardKind::Scope),
            extra: AgentExtra::default(),
        };
        Ok(self.start_agent(pa))
    }

    fn after_reverify(&mut self, out: &AgentExit) -> Result<Decision> {
        let guard = out.guard.as_ref().unwrap_or(&NO_GUARD);
        if !guard.pass {
            let msg = guard.errors.join("; ");
            self.guard_fail_event(Role::ReVerifier.as_str(), &msg, None);
            return Ok(self.stop_with(Some(Phase::NeedsAttention), "guard-fail", &msg));
        }
        if art::review_passed(file(&out.round_files, names::DEEP_REVIEW_REPORT)) {
            return self.deep_clear();
        }
        self.self_heal_next()
    }
}

/// The number of partials a parallel outcome speaks of when the loop lost its groups: the
/// highest result index or `deep-review-partial-<n>.md` present.
fn partial_count(results: &[ParallelResult], files: &Files) -> usize {
    let from_results = results
        .iter()
        .map(|r| usize::try_from(r.index).unwrap_or(0))
        .max()
        .unwrap_or(0);
    let from_files = (1..=crate::conductor::resume::MAX_PARTIALS)
        .filter(|i| file(files, &names::deep_review_partial(*i)).is_some())
        .max()
        .unwrap_or(0);
    from_results.max(from_files)
}

/// The stop messages of an agent run (Go handleRunnerError / handleExitResult for the phase
/// agent, runSubRole for sub-roles, runSynthesizer for the synthesizer), each built only for the
/// exit that stops the run.
#[derive(Clone, Copy)]
enum ExitMessage {
    Interrupted,
    /// Followed by the runner's error.
    RunnerError,
    Hard,
    Soft,
}

impl ExitMessage {
    fn of(self, pa: &PendingAgent, round: i64) -> String {
        let (role, phase) = (&pa.role, &pa.phase);
        match (pa.purpose, self) {
            (Purpose::Main, ExitMessage::Interrupted) => {
                format!("{role} ({phase}) interrupted by signal (round {round})")
            }
            (Purpose::Main, ExitMessage::RunnerError) => {
                format!("{role} runner failed during {phase} (round {round}): ")
            }
            (Purpose::Main, ExitMessage::Hard) => {
                format!("{role} runner returned hard error (exit 2) during {phase} (round {round})")
            }
            (Purpose::Main, ExitMessage::Soft) => {
                format!("{role} runner returned soft-fail (exit 1) during {phase} (round {round})")
            }
            (Purpose::Synthesizer, ExitMessage::Interrupted) => {
                format!("deep-review synthesizer interrupted by signal (round {round})")
            }
            (Purpose::Synthesizer, ExitMessage::RunnerError) => {
                format!("deep-review synthesizer runner failed (round {round}): ")
            }
            (Purpose::Synthesizer, ExitMessage::Hard) => {
                format!("deep-review synthesizer returned hard error (exit 2) (round {round})")
            }
            (Purpose::Synthesizer, ExitMessage::Soft) => {
                format!("deep-review synthesizer returned soft-fail (exit 1) (round {round})")
            }
            (_, ExitMessage::Interrupted) => {
                format!("{phase} ({role}) interrupted by signal (round {round})")
            }
            (_, ExitMessage::RunnerError) => {
                format!("{phase} ({role}) runner failed (round {round}): ")
            }
            (_, ExitMessage::Hard) => {
                format!("{phase} ({role}) runner returned hard error (exit 2) (round {round})")
            }
            (_, ExitMessage::Soft) => {
                format!("{phase} ({role}) runner returned soft-fail (exit 1) (round {round})")
            }
        }
    }
}

/// The files a main agent's phase collects and the guard it needs.
pub fn main_collect(phase: Phase) -> (Collect, Option<GuardKind>) {
    match phase {
        Phase::Designing => (
            Collect::feature(&[names::TASK_BRIEF, names::ACCEPTANCE_CRITERIA]),
            None,
        ),
        Phase::DesignReviewing => (Collect::feature(&[names::DESIGN_REVIEW_REPORT]), None),
        Phase::Coding | Phase::Amending => (
            Collect::round(&[names::ESCALATION, names::CODER_REPORT, names::BUILD_GATE]),
            Some(GuardKind::Scope),
        ),
        Phase::Reviewing => (Collect::round(&[names::REVIEW_REPORT]), None),
        Phase::Testing => (
            Collect::round(&[
                names::ESCALATION,
                names::VERIFY,
                names::TEST_REPORT,
                names::GUARD_FEEDBACK,
                names::REVIEW_REPORT,
            ]),
            Some(GuardKind::Testing),
        ),
        Phase::Fixing => (
            Collect::round(&[names::ESCALATION, names::FIXER_REPORT]),
            None,
        ),
        Phase::Accepting => (Collect::feature(&[names::FINAL_REPORT]), None),
        _ => (Collect::default(), None),
    }
}

/// Whether the role's own report already fails (a reviewing role whose verdict is not PASS):
/// then a contract that forbids advancing agrees with the artifacts and the verdict table
/// decides as usual.
fn own_verdict_fails(role: &str, out: &AgentExit) -> bool {
    let (files, name) = match role {
        "design-reviewer" => (&out.feature_files, names::DESIGN_REVIEW_REPORT),
        "reviewer" | "re-verifier" => (&out.round_files, names::REVIEW_REPORT),
        "deep-reviewer" | "synthesizer" => (&out.round_files, names::DEEP_REVIEW_REPORT),
        "tester" => (&out.round_files, names::TEST_REPORT),
        _ => return false,
    };
    !art::review_passed(file(files, name))
}
