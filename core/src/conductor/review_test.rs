//! Parallel review/test (`config.parallel_review_test`, ggwhite/4x
//! `internal/orchestrator/parallel.go` RunReviewTestParallel): reviewer and tester in one
//! `run_parallel` decision, then one merged verdict.
//!
//! Running both agents concurrently, their guards and reading their files are the harness's;
//! the order of the verdict rules and the transitions are decided here.

use crate::error::{Error, ErrorKind, Result};
use crate::machine::transition_in_place;
use crate::protocol::state::{AnyRole, EventType, Phase, Role};
use crate::resolve::{resolve_phase_model, resolve_phase_runner};

use super::artifacts::{self as art, names};
use super::run::Ctx;
use super::types::{
    file, Action, Collect, Decision, Files, GuardKind, GuardResult, ParallelAgent, ParallelResult,
    Pending, ReviewTest, RunnerModel,
};

/// The files parallel review/test reads back from the round directory.
pub const REVIEW_TEST_FILES: [&str; 4] = [
    names::REVIEW_REPORT,
    names::ESCALATION,
    names::VERIFY,
    names::TEST_REPORT,
];

/// The index of the reviewer (1) and the tester (2) in the decision and the outcome.
pub const REVIEW_TEST_ROLES: [(i64, Role); 2] = [(1, Role::Reviewer), (2, Role::Tester)];

/// The merged verdict of reviewer and tester: where the run goes next.
enum Merged {
    /// Needs attention with this stop message.
    Attention(String),
    /// reviewing → amending (coder).
    Amending,
    /// reviewing → testing → deep-reviewing.
    Pass,
}

impl Ctx<'_> {
    /// Resolves both agents' runners and models and issues the `run_parallel` (step 1–2).
    pub(crate) fn review_test_start(&mut self) -> Decision {
        let resolved = self.review_test_agents();
        let rt = match resolved {
            Ok(rt) => rt,
            Err((what, e)) => {
                let msg = format!("{what} resolution failed: {}", e.message);
                return self.stop_with(None, "model-error", &msg);
            }
        };
        if let Some(stop) = self.budget_stop_before_run() {
            return stop;
        }
        let round = self.state.round;
        let mut note = self.lp.note.take();
        let mut agents = Vec::with_capacity(2);
        for (index, role) in REVIEW_TEST_ROLES {
            let rm = if role == Role::Reviewer {
                &rt.reviewer
            } else {
                &rt.tester
            };
            let key = format!("{round}:{role}");
            *self.lp.iterations.entry(key).or_insert(0) += 1;
            let mut e = self.ev(EventType::PhaseStart);
            e.role = role.into();
            e.runner.clone_from(&rm.runner);
            e.model.clone_from(&rm.model);
            self.push(e);
            agents.push(ParallelAgent {
                role: role.as_str().into(),
                index,
                angles: Vec::new(),
                partial: String::new(),
                runner: Some(rm.runner.clone()),
                model: Some(rm.model.clone()),
                note: note.take(),
            });
        }
        let action = Action::RunParallel {
            phase: self.phase_str(),
            sub_phase: String::new(),
            round,
            runner: rt.reviewer.runner.clone(),
            model: rt.reviewer.model.clone(),
            transient_retries: self.transient_limit(&rt.reviewer.runner),
            agents,
            guards: vec![GuardKind::Scope, GuardKind::Testing],
            collect: Collect::round(&REVIEW_TEST_FILES),
        };
        self.decide(
            action,
            Some(Pending::Parallel {
                review_test: Some(rt),
            }),
        )
    }

    /// The reviewer's (reviewing) and the tester's (testing) runner and model; a failure names
    /// what did not resolve.
    fn review_test_agents(&self) -> std::result::Result<ReviewTest, (&'static str, Error)> {
        let one = |phase: &str, role: Role, what: [&'static str; 2]| {
            let (rm, mm) = self.manual(phase);
            let runner = resolve_phase_runner(self.cfg, self.feature, &self.profile, phase, &rm)
                .map_err(|e| (what[0], e))?;
            let model = resolve_phase_model(
                self.cfg,
                self.feature,
                &self.profile,
                phase,
                role.as_str(),
                &runner,
                &mm,
            )
            .map_err(|e| (what[1], e))?;
            Ok(RunnerModel { runner, model })
        };
        Ok(ReviewTest {
            reviewer: one(
                "reviewing",
                Role::Reviewer,
                ["reviewer runner", "reviewer model"],
            )?,
            tester: one("testing", Role::Tester, ["tester runner", "tester model"])?,
        })
    }

    /// The `parallel_exit` of parallel review/test (steps 3–4).
    pub(crate) fn on_review_test_exit(
        &mut self,
        rt: &ReviewTest,
        results: &[ParallelResult],
        interrupted: bool,
        round_files: &Files,
        guards: [Option<&GuardResult>; 2],
    ) -> Result<Decision> {
        let round = self.state.round;
        let agent = |index: i64| {
            if index == 2 {
                (Role::Tester, &rt.tester)
            } else {
                (Role::Reviewer, &rt.reviewer)
            }
        };
        if let Some(r) = results.iter().find(|r| r.error.is_some()) {
            let (role, rm) = agent(r.index);
            let err = r.error.clone().unwrap_or_default();
            if interrupted {
                let msg = format!("{role} interrupted by signal (round {round})");
                return Ok(self.stop_with(None, "interrupted", &msg));
            }
            let mut e = self.ev(EventType::RunEnd);
            e.role = role.into();
            e.status = "error".into();
            e.detail.clone_from(&err);
            e.runner.clone_from(&rm.runner);
            e.model.clone_from(&rm.model);
            self.push(e);
            let msg = format!("{role} runner failed (round {round}): {err}");
            return Ok(self.stop_with(Some(Phase::NeedsAttention), "runner-error", &msg));
        }
        for r in results {
            let (role, rm) = agent(r.index);
            let mut e = self.ev(EventType::RunEnd);
            e.role = role.into();
            e.status = format!("exit-{}", r.exit_code);
            e.runner.clone_from(&rm.runner);
            e.model.clone_from(&rm.model);
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
        if let Some(r) = results.iter().find(|r| r.exit_code == 2) {
            let role = agent(r.index).0;
            let msg = format!(
                "{role} runner returned hard error (exit 2) during parallel review (round {round})"
            );
            return Ok(self.stop_with(None, "hard-error", &msg));
        }
        if let Some(r) = results.iter().find(|r| r.exit_code == 1) {
            let role = agent(r.index).0;
            let msg = format!(
                "{role} runner returned soft-fail (exit 1) during parallel review (round {round})"
            );
            return Ok(self.stop_with(Some(Phase::Blocked), "soft-fail", &msg));
        }
        let [Some(scope), Some(testing)] = guards else {
            return Err(Error::new(
                ErrorKind::MissingEvidence,
                "outcome of parallel review/test needs `guard` (scope) and `testing_guard`",
            )
            .with_field(if guards[0].is_none() {
                "outcome.guard"
            } else {
                "outcome.testing_guard"
            }));
        };
        if !scope.pass {
            let msg = scope.errors.join("; ");
            let mut e = self.ev(EventType::GuardFail);
            e.role = AnyRole::default();
            e.detail.clone_from(&msg);
            self.push(e);
            return Ok(self.stop_with(Some(Phase::NeedsAttention), "guard-fail", &msg));
        }
        let review = file(round_files, names::REVIEW_REPORT);
        match merged_verdict(round_files, testing) {
            Merged::Attention(msg) => {
                let reason = if msg.starts_with("missing-artifact:") {
                    "missing-artifact"
                } else {
                    "escalation"
                };
                Ok(self.stop_with(Some(Phase::NeedsAttention), reason, &msg))
            }
            Merged::Amending => {
                let fails = art::review_fail_count(review);
                self.review_test_transition(Phase::Amending, Role::Coder, fails)?;
                self.top()
            }
            Merged::Pass => {
                self.review_test_transition(Phase::Testing, Role::Tester, 0)?;
                self.review_test_transition(Phase::DeepReviewing, Role::DeepReviewer, 0)?;
                self.top()
            }
        }
    }

    /// One transition of the merged verdict (Go parallelTransition): the amending progress
    /// counters when entering amending, then a `transition` event.
    fn review_test_transition(&mut self, to: Phase, role: Role, review_fails: i64) -> Result<()> {
        transition_in_place(&mut self.state, to, AnyRole::from(role)).map_err(|e| {
            Error::invalid_input(format!("the state does not fit the loop: {}", e.message))
                .with_field("state.phase")
        })?;
        if to == Phase::Amending {
            self.amending_progress(review_fails);
        }
        let e = self.ev(EventType::Transition);
        self.push(e);
        Ok(())
    }
}

/// The merged verdict after the runs and the scope guard (Go order): review report missing,
/// escalation, review not passed, verify not ok, testing guard, else pass.
fn merged_verdict(files: &Files, testing: &GuardResult) -> Merged {
    let rf = |n: &str| file(files, n);
    if rf(names::REVIEW_REPORT).is_none() {
        return Merged::Attention(format!("missing-artifact: {}", names::REVIEW_REPORT));
    }
    if let Some(esc) = art::escalation(rf(names::ESCALATION)) {
        if esc.is_designer() {
            return Merged::Amending;
        }
        return Merged::Attention(esc.reason);
    }
    if !art::review_passed(rf(names::REVIEW_REPORT)) {
        return Merged::Amending;
    }
    let verify = art::check_verify(rf(names::VERIFY));
    if verify != art::VerifyStatus::Ok {
        if art::review_passed(rf(names::TEST_REPORT)) {
            return Merged::Attention(art::verify_mismatch_message(verify));
        }
        return Merged::Amending;
    }
    if !testing.pass {
        return Merged::Attention(testing.errors.join("; "));
    }
    Merged::Pass
}
