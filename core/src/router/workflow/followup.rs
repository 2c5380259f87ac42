//! Follow-up graphs (router-workflow.md): REM-FIX after findings, the re-review loop, the
//! investigator continuation, the trivial → full BUILD escalation and PLAN branch pruning. Each
//! returns a task plan ([`super::plan`]); only `remfix` and `investigation` block the downstream
//! tasks (every open belonging non-workflow task), the others change exactly the tasks their own
//! steps name.

use serde::Serialize;

use crate::error::{Error, ErrorKind, Result};
use crate::router::edition::Edition;
use crate::router::vocabulary::{Kind, Origin, Phase, Scope, WorkflowType};

use super::plan::{block, Create, NewTask, Update};
use super::tasks::{self, Scoped, Task, TaskStatus};

/// The five graphs.
pub const GRAPHS: [&str; 5] = [
    "remfix",
    "re_review",
    "investigation",
    "escalate_full",
    "plan_prune",
];

/// REM-FIX count at which the circuit breaker asks the user (remediation-and-research.md).
pub const REMFIX_CAP: usize = 3;

/// Continuation count at which the investigator loop asks the user.
pub const INVESTIGATION_CAP: usize = 2;

/// The investigator continuation template's fixed subject.
pub const CONTINUE_SUBJECT: &str = "CC10X bug-investigator: Continue investigation";

/// The full-graph doc-sync body (build-workflow.md, the same at both editions).
pub const DOC_SYNC_BODY: &str = "Analyze the diff from this BUILD phase. Classify doc impact. \
Update documentation across business, technical, and audit layers as applicable. Emit SKIPPED \
contract immediately if IMPACT_LEVEL=none.";

/// The note of a pruned task where the host cannot delete (`12.7.0`, L3).
pub const PRUNE_NOTE: &str = "pruned — unused review branch";

fn invalid(field: &str, why: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidValue, why).with_field(field)
}

/// Inputs of the `remfix` graph.
#[derive(Debug, Clone)]
pub struct RemfixInput<'a> {
    /// BUILD or DEBUG (REVIEW never creates REM-FIX).
    pub workflow_type: WorkflowType,
    /// Who found the issues.
    pub origin: Origin,
    /// The phase whose findings triggered the fix.
    pub phase: Phase,
    /// The scope.
    pub scope: Scope,
    /// Trimmed single-line reason.
    pub reason: &'a str,
    /// Plan path or `N/A`.
    pub plan: &'a str,
}

/// The re-review precondition proof (covering tests, command, output).
#[derive(Debug, Clone, Default)]
pub struct Proof {
    /// Covering test names (a string input is one entry).
    pub covering_tests: Vec<String>,
    /// The command run.
    pub test_command: Option<String>,
    /// Its output.
    pub test_output: Option<String>,
}

/// A proven `FINDING_DISPUTED`.
#[derive(Debug, Clone, Default)]
pub struct Dispute {
    /// The disputed finding.
    pub finding: Option<String>,
    /// The command that disproves it.
    pub verify_command: Option<String>,
    /// Its output.
    pub verify_output: Option<String>,
}

/// The `plan_prune` events.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PruneEvent {
    /// Fresh review pass 1 passed.
    Pass1Pass,
    /// The planner asked for clarification on plan-create.
    Clarification,
}

/// One graph's inputs.
#[derive(Debug, Clone)]
pub enum GraphInput<'a> {
    /// A REM-FIX.
    Remfix(RemfixInput<'a>),
    /// The re-review loop after a completed REM-FIX.
    ReReview {
        /// BUILD, DEBUG or REVIEW.
        workflow_type: WorkflowType,
        /// The completed REM-FIX.
        remfix_task_id: &'a str,
        /// The proof, if any.
        proof: Option<Proof>,
        /// Disputes, if any.
        disputes: Vec<Dispute>,
    },
    /// The investigator continuation.
    Investigation {
        /// The investigator's ROOT_CAUSE hint.
        root_cause: Option<&'a str>,
    },
    /// Trivial → full BUILD.
    EscalateFull {
        /// DIFF_DRIVEN_DOCS skip.
        diff_driven_docs_skip: bool,
    },
    /// Prune unused PLAN branches.
    PlanPrune {
        /// What happened.
        event: PruneEvent,
        /// Whether the host can delete tasks.
        deletion_supported: bool,
    },
}

/// What a graph decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Create the tasks.
    Create,
    /// Ask the user (a loop cap answered).
    AskUser,
    /// Send the REM-FIX back: the precondition proof is missing.
    SendBack,
    /// The re-review cycle cap: ask the user.
    CycleCapGate,
    /// The graph already has review and hunt tasks.
    AlreadyFull,
    /// Apply the prune updates.
    Prune,
}

/// Loop-counter increments the host adds to `telemetry.loop_counts`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct LoopIncrements {
    /// Re-review.
    pub re_review: u32,
    /// Re-hunt.
    pub re_hunt: u32,
    /// Re-verify.
    pub re_verify: u32,
}

/// The result of one graph; each variant has exactly the keys of the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Followup {
    /// `remfix`.
    Remfix {
        /// `"remfix"`.
        graph: &'static str,
        /// `create` or `ask_user`.
        decision: Decision,
        /// Tasks to create.
        creates: Vec<Create>,
        /// Changes.
        updates: Vec<Update>,
        /// The remediation cycle number (null when asking).
        cycle_number: Option<usize>,
        /// Always true: create, block, stop.
        stop: bool,
    },
    /// `re_review`.
    ReReview {
        /// `"re_review"`.
        graph: &'static str,
        /// `create`, `send_back` or `cycle_cap_gate`.
        decision: Decision,
        /// Tasks to create.
        creates: Vec<Create>,
        /// Changes.
        updates: Vec<Update>,
        /// Telemetry increments.
        loop_increments: LoopIncrements,
        /// Completed REM-FIX tasks of the workflow.
        completed_remfix: usize,
        /// End the turn.
        stop: bool,
    },
    /// `investigation`.
    Investigation {
        /// `"investigation"`.
        graph: &'static str,
        /// `create` or `ask_user`.
        decision: Decision,
        /// Tasks to create.
        creates: Vec<Create>,
        /// Changes.
        updates: Vec<Update>,
        /// End the turn.
        stop: bool,
    },
    /// `escalate_full`.
    EscalateFull {
        /// `"escalate_full"`.
        graph: &'static str,
        /// `create` or `already_full`.
        decision: Decision,
        /// Tasks to create.
        creates: Vec<Create>,
        /// Changes.
        updates: Vec<Update>,
        /// Always `standard`.
        build_scope: &'static str,
        /// Always false.
        stop: bool,
    },
    /// `plan_prune`.
    PlanPrune {
        /// `"plan_prune"`.
        graph: &'static str,
        /// `prune`.
        decision: Decision,
        /// Always empty.
        creates: Vec<Create>,
        /// Status changes.
        updates: Vec<Update>,
        /// Whether the memory task is unblocked once applied (null: no memory task).
        memory_unblocked: Option<bool>,
        /// Always false.
        stop: bool,
    },
}

/// Builds a follow-up graph's task plan.
pub fn followup(
    edition: Edition,
    tasks: &[Task],
    workflow_id: &str,
    input: &GraphInput<'_>,
) -> Result<Followup> {
    let scope = tasks::Scope::new(edition, tasks, workflow_id);
    let ctx = Ctx {
        edition,
        wf: workflow_id,
        tasks: &scope.tasks,
        scope: &scope,
    };
    match input {
        GraphInput::Remfix(r) => ctx.remfix(r),
        GraphInput::ReReview {
            workflow_type,
            remfix_task_id,
            proof,
            disputes,
        } => ctx.re_review(*workflow_type, remfix_task_id, proof.as_ref(), disputes),
        GraphInput::Investigation { root_cause } => ctx.investigation(*root_cause),
        GraphInput::EscalateFull {
            diff_driven_docs_skip,
        } => ctx.escalate_full(*diff_driven_docs_skip),
        GraphInput::PlanPrune {
            event,
            deletion_supported,
        } => ctx.plan_prune(*event, *deletion_supported),
    }
}

struct Ctx<'a, 't> {
    edition: Edition,
    wf: &'a str,
    tasks: &'a [Scoped<'t>],
    scope: &'a tasks::Scope<'t>,
}

fn blank(s: &str) -> bool {
    s.trim().is_empty()
}

impl Ctx<'_, '_> {
    fn open_non_workflow(&self) -> impl Iterator<Item = &Scoped<'_>> {
        self.tasks
            .iter()
            .filter(|s| s.task.status.is_open() && s.kind() != Kind::Workflow)
    }

    fn downstream(&self, reference: &str) -> Vec<Update> {
        self.open_non_workflow()
            .map(|s| block(&s.task.id, &[reference]))
            .collect()
    }

    /// The unique open memory task (two → `ambiguous`).
    fn memory(&self) -> Result<Option<&Scoped<'_>>> {
        let mut it = self
            .tasks
            .iter()
            .filter(|s| s.kind() == Kind::Memory && s.task.status.is_open());
        match (it.next(), it.next()) {
            (Some(_), Some(_)) => Err(Error::new(
                ErrorKind::Ambiguous,
                format!("workflow {} has more than one open memory task", self.wf),
            )
            .with_field("tasks")),
            (one, _) => Ok(one),
        }
    }

    fn count(&self, f: impl Fn(&Scoped<'_>) -> bool) -> usize {
        self.tasks.iter().filter(|s| f(s)).count()
    }

    fn remfix(&self, r: &RemfixInput<'_>) -> Result<Followup> {
        if !matches!(r.workflow_type, WorkflowType::Build | WorkflowType::Debug) {
            return Err(invalid(
                "workflow_type",
                "REM-FIX tasks exist only in BUILD and DEBUG (REVIEW never creates one)",
            ));
        }
        let count = self.count(|s| s.kind() == Kind::Remfix);
        if count >= REMFIX_CAP {
            return Ok(Followup::Remfix {
                graph: "remfix",
                decision: Decision::AskUser,
                creates: vec![],
                updates: vec![],
                cycle_number: None,
                stop: true,
            });
        }
        let create = NewTask {
            reference: "new:remfix",
            subject: format!("CC10X REM-FIX: {}", r.reason),
            wf: self.wf,
            kind: Kind::Remfix,
            origin: r.origin,
            phase: r.phase,
            plan: r.plan,
            scope: r.scope,
            reason: r.reason,
            body: "",
            active_form: None,
            blocked_by: vec![],
        }
        .build(self.edition)?;
        Ok(Followup::Remfix {
            graph: "remfix",
            decision: Decision::Create,
            creates: vec![create],
            updates: self.downstream("new:remfix"),
            cycle_number: Some(count + 1),
            stop: true,
        })
    }

    fn re_review(
        &self,
        wt: WorkflowType,
        remfix_id: &str,
        proof: Option<&Proof>,
        disputes: &[Dispute],
    ) -> Result<Followup> {
        if !matches!(
            wt,
            WorkflowType::Build | WorkflowType::Debug | WorkflowType::Review
        ) {
            return Err(invalid(
                "workflow_type",
                "re-review runs in BUILD, DEBUG or REVIEW",
            ));
        }
        let remfix = self
            .tasks
            .iter()
            .find(|s| s.task.id == remfix_id)
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::NotFound,
                    format!("task {remfix_id:?} is not a task of workflow {}", self.wf),
                )
                .with_field("remfix_task_id")
            })?;
        if remfix.kind() != Kind::Remfix || remfix.task.status != TaskStatus::Completed {
            return Err(invalid(
                "remfix_task_id",
                format!("task {remfix_id:?} is not a completed kind:remfix task"),
            ));
        }
        let completed =
            self.count(|s| s.kind() == Kind::Remfix && s.task.status == TaskStatus::Completed);
        let nothing = |decision| Followup::ReReview {
            graph: "re_review",
            decision,
            creates: vec![],
            updates: vec![],
            loop_increments: LoopIncrements::default(),
            completed_remfix: completed,
            stop: true,
        };
        let rules = self.edition.rules();
        if completed >= rules.re_review_cap {
            return Ok(nothing(Decision::CycleCapGate));
        }
        let proven = proof.is_some_and(|p| {
            !p.covering_tests.is_empty()
                && p.covering_tests.iter().all(|t| !blank(t))
                && p.test_command.as_deref().is_some_and(|c| !blank(c))
                && p.test_output.as_deref().is_some_and(|o| !blank(o))
        });
        let disputed = !disputes.is_empty()
            && disputes.iter().all(|d| {
                d.verify_command.as_deref().is_some_and(|c| !blank(c))
                    && d.verify_output.as_deref().is_some_and(|o| !blank(o))
            });
        if !proven && !disputed {
            return Ok(nothing(Decision::SendBack));
        }
        let plan = remfix.meta.plan.as_deref().unwrap_or("N/A");
        let scope = remfix.meta.scope.unwrap_or(Scope::NotApplicable);
        let reason = remfix.meta.reason.as_deref().unwrap_or("N/A");
        let build = wt == WorkflowType::Build;
        let verifies = matches!(wt, WorkflowType::Build | WorkflowType::Debug);
        let task = |reference, subject: String, kind, phase, body, active, blocked_by| NewTask {
            reference,
            subject,
            wf: self.wf,
            kind,
            origin: Origin::Router,
            phase,
            plan,
            scope,
            reason,
            body,
            active_form: Some(active),
            blocked_by,
        };
        let mut creates = vec![task(
            "new:re_review",
            "CC10X code-reviewer: Re-review after REM-FIX".to_string(),
            Kind::Agent,
            Phase::ReReview,
            rules.re_review_body,
            "Re-reviewing fix",
            vec![],
        )
        .build(self.edition)?];
        let mut reviews = vec!["new:re_review"];
        if build {
            creates.push(
                task(
                    "new:re_hunt",
                    format!("CC10X {}: Re-hunt after REM-FIX", rules.hunter),
                    Kind::Agent,
                    Phase::ReHunt,
                    rules.re_hunt_body,
                    "Re-hunting failures",
                    vec![],
                )
                .build(self.edition)?,
            );
            reviews.push("new:re_hunt");
        }
        let mut updates = Vec::new();
        let mut verifier_ref = None;
        if verifies {
            let reused = self.tasks.iter().find(|s| {
                s.task.status == TaskStatus::Pending
                    && matches!(s.kind(), Kind::Agent | Kind::Reverify)
                    && matches!(
                        s.meta.phase,
                        Some(Phase::BuildVerify | Phase::DebugVerify | Phase::ReVerify)
                    )
            });
            match reused {
                Some(v) => {
                    updates.push(block(&v.task.id, &reviews));
                    verifier_ref = Some(v.task.id.clone());
                }
                None => {
                    creates.push(
                        task(
                            "new:re_verify",
                            "CC10X integration-verifier: Re-verify after REM-FIX".to_string(),
                            Kind::Reverify,
                            Phase::ReVerify,
                            "Re-verify after remediation.",
                            "Re-verifying fix",
                            reviews.iter().map(|r| r.to_string()).collect(),
                        )
                        .build(self.edition)?,
                    );
                    if build {
                        updates.extend(
                            self.open_non_workflow()
                                .filter(|s| s.meta.phase == Some(Phase::BuildDocSync))
                                .map(|s| block(&s.task.id, &["new:re_verify"])),
                        );
                    }
                    verifier_ref = Some("new:re_verify".to_string());
                }
            }
        }
        if let Some(m) = self.memory()? {
            let on = verifier_ref.as_deref().unwrap_or("new:re_review");
            updates.push(block(&m.task.id, &[on]));
        }
        Ok(Followup::ReReview {
            graph: "re_review",
            decision: Decision::Create,
            creates,
            updates,
            loop_increments: LoopIncrements {
                re_review: 1,
                re_hunt: u32::from(build),
                re_verify: u32::from(verifies),
            },
            completed_remfix: completed,
            stop: false,
        })
    }

    fn investigation(&self, root_cause: Option<&str>) -> Result<Followup> {
        let count = self.count(|s| s.task.subject == CONTINUE_SUBJECT);
        if count >= INVESTIGATION_CAP {
            return Ok(Followup::Investigation {
                graph: "investigation",
                decision: Decision::AskUser,
                creates: vec![],
                updates: vec![],
                stop: true,
            });
        }
        let reason = root_cause
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .unwrap_or("Continue investigation");
        let create = NewTask {
            reference: "new:investigation",
            subject: CONTINUE_SUBJECT.to_string(),
            wf: self.wf,
            kind: Kind::Agent,
            origin: Origin::Router,
            phase: Phase::DebugInvestigate,
            plan: "N/A",
            scope: Scope::NotApplicable,
            reason,
            body: "Continue investigating using the prior root-cause hints and evidence.",
            active_form: Some("Continuing investigation"),
            blocked_by: vec![],
        }
        .build(self.edition)?;
        Ok(Followup::Investigation {
            graph: "investigation",
            decision: Decision::Create,
            creates: vec![create],
            updates: self.downstream("new:investigation"),
            stop: false,
        })
    }

    fn escalate_full(&self, skip_docs: bool) -> Result<Followup> {
        let done = |decision, creates, updates| Followup::EscalateFull {
            graph: "escalate_full",
            decision,
            creates,
            updates,
            build_scope: "standard",
            stop: false,
        };
        if self
            .tasks
            .iter()
            .any(|s| matches!(s.meta.phase, Some(Phase::BuildReview | Phase::BuildHunt)))
        {
            return Ok(done(Decision::AlreadyFull, vec![], vec![]));
        }
        let not_found = |what: &str| {
            Error::new(
                ErrorKind::NotFound,
                format!("workflow {} has no {what} task to escalate from", self.wf),
            )
            .with_field("tasks")
        };
        let builder = self
            .tasks
            .iter()
            .rev()
            .find(|s| s.kind() == Kind::Agent && s.meta.phase == Some(Phase::BuildImplement))
            .ok_or_else(|| not_found("build-implement"))?;
        let verifier = self
            .tasks
            .iter()
            .find(|s| s.task.status.is_open() && s.meta.phase == Some(Phase::BuildVerify))
            .ok_or_else(|| not_found("open build-verify"))?;
        let hunter = self.edition.rules().hunter;
        let task = |reference, subject: String, phase, reason, body, active, on: &str| NewTask {
            reference,
            subject,
            wf: self.wf,
            kind: Kind::Agent,
            origin: Origin::Router,
            phase,
            plan: "N/A",
            scope: Scope::NotApplicable,
            reason,
            body,
            active_form: Some(active),
            blocked_by: vec![on.to_string()],
        };
        let b = builder.task.id.as_str();
        let mut creates = vec![
            task(
                "new:reviewer",
                "CC10X code-reviewer: Review implementation".to_string(),
                Phase::BuildReview,
                "Review current phase quality",
                "Review only the files and scope of the current phase.",
                "Reviewing code",
                b,
            )
            .build(self.edition)?,
            task(
                "new:hunter",
                format!("CC10X {hunter}: Hunt edge cases"),
                Phase::BuildHunt,
                "Audit current phase blast radius",
                "Find silent failures and edge cases adjacent to the current phase.",
                "Hunting failures",
                b,
            )
            .build(self.edition)?,
        ];
        let mut updates = vec![block(&verifier.task.id, &["new:reviewer", "new:hunter"])];
        if !skip_docs {
            creates.push(
                task(
                    "new:doc_sync",
                    "CC10X doc-syncer: Sync documentation".to_string(),
                    Phase::BuildDocSync,
                    "Sync docs to reflect diff",
                    DOC_SYNC_BODY,
                    "Syncing documentation",
                    &verifier.task.id,
                )
                .build(self.edition)?,
            );
            if let Some(m) = self.memory()? {
                updates.push(block(&m.task.id, &["new:doc_sync"]));
            }
        }
        Ok(done(Decision::Create, creates, updates))
    }

    fn plan_prune(&self, event: PruneEvent, deletion_supported: bool) -> Result<Followup> {
        let phases: &[Phase] = match event {
            PruneEvent::Pass1Pass => &[Phase::RePlan, Phase::PlanReviewGap2],
            PruneEvent::Clarification => {
                &[Phase::PlanReviewGap1, Phase::RePlan, Phase::PlanReviewGap2]
            }
        };
        let targets: Vec<&Scoped<'_>> = self
            .tasks
            .iter()
            .filter(|s| {
                s.task.status.is_open() && s.meta.phase.is_some_and(|p| phases.contains(&p))
            })
            .collect();
        let fallback = self.edition.rules().prune_fallback && !deletion_supported;
        let updates = targets
            .iter()
            .map(|s| Update::Status {
                task_id: s.task.id.clone(),
                status: if fallback {
                    TaskStatus::Completed
                } else {
                    TaskStatus::Deleted
                },
                note: fallback.then_some(PRUNE_NOTE),
            })
            .collect();
        let target_ids: Vec<&str> = targets.iter().map(|s| s.task.id.as_str()).collect();
        let memory_unblocked = self.memory()?.map(|m| {
            m.task
                .blocked_by
                .iter()
                .all(|b| target_ids.contains(&b.as_str()) || self.scope.resolved(b))
        });
        Ok(Followup::PlanPrune {
            graph: "plan_prune",
            decision: Decision::Prune,
            creates: vec![],
            updates,
            memory_unblocked,
            stop: false,
        })
    }
}
