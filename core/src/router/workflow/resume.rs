//! Resume and the chain loop (router-workflow.md): which workflow to
//! resume, which of its tasks may run now, and which task is its memory task.

use serde::Serialize;

use crate::error::{Error, ErrorKind, Result};
use crate::router::dispatch::{self, Mode};
use crate::router::edition::Edition;
use crate::router::marker::{self, MarkerKind};
use crate::router::metadata;
use crate::router::vocabulary::{Agent, Kind, Phase, WorkflowType};
use crate::router::workflow_id;

use super::tasks::{InvalidTask, Scope, Task, TaskStatus};

/// The four parent prefixes (the hydration rule, unchanged at `12.7.0`).
const PARENTS: [WorkflowType; 4] = [
    WorkflowType::Build,
    WorkflowType::Debug,
    WorkflowType::Review,
    WorkflowType::Plan,
];

/// An open CC10X parent task.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Parent {
    /// Its id.
    pub task_id: String,
    /// Its workflow.
    pub workflow: WorkflowType,
    /// Its `wf` when that is a valid id (a placeholder cannot scope a workflow).
    pub wf: Option<String>,
}

/// What resume step 1 decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ResumeDecision {
    /// Resume `selected`.
    Resume,
    /// Several candidates (or one without a valid wf): scope by the conversation and ask.
    Choose,
    /// Only legacy parents: ask whether to resume one or start fresh.
    AskLegacy,
    /// No parent: route normally.
    None,
    /// The given workflow id has no parent: route normally.
    NotFound,
}

/// The result of [`active_workflows`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ActiveWorkflows {
    /// Open CC10X parents, input order.
    pub active: Vec<Parent>,
    /// Ids of open legacy parents, input order.
    pub legacy: Vec<String>,
    /// The decision.
    pub decision: ResumeDecision,
    /// The parent to resume (only with `resume`).
    pub selected: Option<Parent>,
}

/// Resume step 1: active parents, legacy parents and the decision.
///
/// ```
/// use fourx_core::router::workflow::resume::{active_workflows, ResumeDecision};
/// use fourx_core::router::workflow::tasks::{Task, TaskStatus};
///
/// let t = Task { id: "9".into(), subject: "BUILD: old".into(), description: String::new(),
///                status: TaskStatus::InProgress, blocked_by: vec![] };
/// assert_eq!(active_workflows(&[t], None).decision, ResumeDecision::AskLegacy);
/// ```
pub fn active_workflows(tasks: &[Task], workflow_id: Option<&str>) -> ActiveWorkflows {
    let mut active = Vec::new();
    let mut legacy = Vec::new();
    for t in tasks.iter().filter(|t| t.status.is_open()) {
        let prefixed = |w: &WorkflowType, p: &str| t.subject.starts_with(&format!("{p}{w}:"));
        if let Some(w) = PARENTS.iter().find(|w| prefixed(w, "CC10X ")) {
            let wf = metadata::raw_wf(&t.description)
                .filter(|v| workflow_id::validate(v, "wf").is_ok())
                .map(str::to_string);
            active.push(Parent {
                task_id: t.id.clone(),
                workflow: *w,
                wf,
            });
        } else if PARENTS.iter().any(|w| prefixed(w, "")) {
            legacy.push(t.id.clone());
        }
    }
    let (decision, selected) = match workflow_id {
        Some(id) => {
            let mut hits = active.iter().filter(|p| p.wf.as_deref() == Some(id));
            match (hits.next(), hits.next()) {
                (Some(p), None) => (ResumeDecision::Resume, Some(p.clone())),
                (None, _) => (ResumeDecision::NotFound, None),
                _ => (ResumeDecision::Choose, None),
            }
        }
        None => match active.as_slice() {
            [p] if p.wf.is_some() => (ResumeDecision::Resume, Some(p.clone())),
            [] if !legacy.is_empty() => (ResumeDecision::AskLegacy, None),
            [] => (ResumeDecision::None, None),
            _ => (ResumeDecision::Choose, None),
        },
    };
    ActiveWorkflows {
        active,
        legacy,
        decision,
        selected,
    }
}

/// `loop` (the chain loop) or `resume` (the first pass after a restart).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LoopMode {
    /// The chain loop (default).
    #[default]
    Loop,
    /// Resume: an unblocked in_progress task is asked about.
    Resume,
}

/// A row's state (first condition that holds table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RowState {
    /// Completed or deleted.
    Done,
    /// In progress with an unresolved blocker (waiting on remediation).
    WaitingOnRemediation,
    /// Pending with an unresolved blocker.
    Blocked,
    /// In progress on resume: ask whether to resume, delete or mark complete.
    AskUser,
    /// Free to run, but another code-writing task of the workflow holds the writer slot (the
    /// seed's hard rule: write agents on overlapping files run one at a time; fourx cannot see
    /// the files, so two code writers never run together).
    Serialized,
    /// May run now.
    Runnable,
}

/// The agents that write the project tree and so may overlap: the builder, the investigator
/// (which applies its fix), the doc-syncer, the planner (its plan file) and, at `12.10.0`, the
/// QA harness builder (harness scripts and tests in the tree; refs/qa-workflow.md "QA builds
/// real files"). The researchers write their own `.cc10x/research` files and run side by side;
/// the QA executor writes only its `.cc10x/qa` report ("may not edit tests"); read-only agents
/// never write.
pub const TREE_WRITERS: &[Agent] = &[
    Agent::ComponentBuilder,
    Agent::BugInvestigator,
    Agent::DocSyncer,
    Agent::Planner,
    Agent::QaHarnessBuilder,
];

/// Whether a row's dispatch names a tree-writing agent.
fn writes_tree(dispatch: Option<&RowDispatch>) -> bool {
    dispatch
        .and_then(|d| d.agent.as_deref())
        .is_some_and(|a| TREE_WRITERS.iter().any(|w| w.qualified() == a))
}

/// Keeps at most one code-writing row free: the first in-progress writer (it is already
/// running), else the first free writer in task-list order; every other free writer becomes
/// [`RowState::Serialized`].
fn serialize_writers(rows: &mut [Row]) {
    let free = |r: &Row| matches!(r.state, RowState::Runnable | RowState::AskUser);
    let writer = |r: &Row| free(r) && writes_tree(r.dispatch.as_ref());
    let holder = rows
        .iter()
        .position(|r| writer(r) && r.status == TaskStatus::InProgress)
        .or_else(|| rows.iter().position(writer));
    let Some(holder) = holder else { return };
    for (i, r) in rows.iter_mut().enumerate() {
        if i != holder && r.state == RowState::Runnable && writes_tree(r.dispatch.as_ref()) {
            r.state = RowState::Serialized;
        }
    }
}

/// The dispatch of a row, as JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RowDispatch {
    /// `subagent` or `inline`.
    pub mode: Mode,
    /// `cc10x:` + agent for sub-agent rows.
    pub agent: Option<String>,
}

/// One task of the workflow.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    /// Task id.
    pub id: String,
    /// Its kind.
    pub kind: Kind,
    /// Its phase.
    pub phase: Option<Phase>,
    /// Its status.
    pub status: TaskStatus,
    /// Its state.
    pub state: RowState,
    /// Blockers not yet resolved, in order.
    pub unresolved_blockers: Vec<String>,
    /// The edition's dispatcher answer, or null where it has no rule.
    pub dispatch: Option<RowDispatch>,
}

/// What the host does next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NextAction {
    /// Fix the invalid descriptions first.
    RepairMetadata,
    /// Ask the user about the `ask_user` rows.
    AskUser,
    /// Only memory rows are runnable: run the memory finalisation inline.
    RunMemoryInline,
    /// Dispatch the runnable rows.
    Dispatch,
    /// Nothing open: complete the parent.
    Complete,
    /// Only rows waiting on remediation are open.
    Wait,
    /// Open rows block on tasks that will never finish.
    Stalled,
}

/// The result of [`runnable_tasks`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Runnable {
    /// The workflow.
    pub workflow_id: String,
    /// The first open `kind:workflow` task.
    pub parent: Option<String>,
    /// Every other valid belonging task.
    pub tasks: Vec<Row>,
    /// Ids of runnable rows.
    pub runnable: Vec<String>,
    /// `[reviewer, hunter]` to run in one message, when both are runnable.
    pub parallel: Option<[String; 2]>,
    /// Ids of rows waiting on remediation.
    pub waiting: Vec<String>,
    /// Ids of rows to ask the user about.
    pub ask_user: Vec<String>,
    /// Belonging tasks whose metadata fails.
    pub invalid: Vec<InvalidTask>,
    /// The host's next step.
    pub next_action: NextAction,
}

/// Runnable-task derivation.
pub fn runnable_tasks(
    edition: Edition,
    tasks: &[Task],
    workflow_id: &str,
    mode: LoopMode,
) -> Runnable {
    let scope = Scope::new(edition, tasks, workflow_id);
    let mut parent = None;
    let mut rows = Vec::new();
    for s in &scope.tasks {
        let t = s.task;
        if s.kind() == Kind::Workflow {
            if parent.is_none() && t.status.is_open() {
                parent = Some(t.id.clone());
            }
            continue;
        }
        let unresolved = scope.unresolved(t);
        let state = if !t.status.is_open() {
            RowState::Done
        } else if !unresolved.is_empty() && t.status == TaskStatus::InProgress {
            RowState::WaitingOnRemediation
        } else if !unresolved.is_empty() {
            RowState::Blocked
        } else if t.status == TaskStatus::InProgress && mode == LoopMode::Resume {
            RowState::AskUser
        } else {
            RowState::Runnable
        };
        let dispatch = dispatch::dispatch(edition, s.kind(), s.meta.phase, s.meta.origin)
            .ok()
            .map(|d| RowDispatch {
                mode: d.mode,
                agent: d.agent.map(|a| a.qualified()),
            });
        rows.push(Row {
            id: t.id.clone(),
            kind: s.kind(),
            phase: s.meta.phase,
            status: t.status,
            state,
            unresolved_blockers: unresolved,
            dispatch,
        });
    }
    serialize_writers(&mut rows);
    let ids = |st: RowState| -> Vec<String> {
        rows.iter()
            .filter(|r| r.state == st)
            .map(|r| r.id.clone())
            .collect()
    };
    let runnable = ids(RowState::Runnable);
    let waiting = ids(RowState::WaitingOnRemediation);
    let ask_user = ids(RowState::AskUser);
    let first = |phases: [Phase; 2]| {
        rows.iter()
            .find(|r| r.state == RowState::Runnable && r.phase.is_some_and(|p| phases.contains(&p)))
            .map(|r| r.id.clone())
    };
    let parallel = match (
        first([Phase::BuildReview, Phase::ReReview]),
        first([Phase::BuildHunt, Phase::ReHunt]),
    ) {
        (Some(r), Some(h)) => Some([r, h]),
        _ => None,
    };
    let open: Vec<&Row> = rows.iter().filter(|r| r.status.is_open()).collect();
    let next_action = if !scope.invalid.is_empty() {
        NextAction::RepairMetadata
    } else if !ask_user.is_empty() {
        NextAction::AskUser
    } else if !runnable.is_empty() {
        let all_memory = rows
            .iter()
            .filter(|r| r.state == RowState::Runnable)
            .all(|r| r.kind == Kind::Memory);
        if all_memory {
            NextAction::RunMemoryInline
        } else {
            NextAction::Dispatch
        }
    } else if open.is_empty() {
        NextAction::Complete
    } else if open
        .iter()
        .all(|r| r.state == RowState::WaitingOnRemediation)
    {
        NextAction::Wait
    } else {
        NextAction::Stalled
    };
    Runnable {
        workflow_id: workflow_id.to_string(),
        parent,
        tasks: rows,
        runnable,
        parallel,
        waiting,
        ask_user,
        invalid: scope.invalid,
        next_action,
    }
}

/// How the memory-task marker of activeContext.md relates to the rebuilt memory task.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MarkerMatch {
    /// A marker names this workflow and this task.
    Match,
    /// A marker names this workflow but another task (ignore it).
    Stale,
    /// Markers exist only for other workflows (ignore them).
    OtherWf,
    /// No marker.
    Absent,
}

/// The result of [`memory_task`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MemoryTask {
    /// The unique open `kind:memory` task of the workflow.
    pub memory_task_id: Option<String>,
    /// The marker's relation to it.
    pub marker: MarkerMatch,
    /// Whether the host writes `marker_text`.
    pub persist_marker: bool,
    /// The marker line for this workflow's memory task.
    pub marker_text: Option<String>,
}

/// Memory-task rebuild: never an unscoped lookup, never "the first pending one".
pub fn memory_task(
    edition: Edition,
    tasks: &[Task],
    workflow_id: &str,
    active_context: Option<&str>,
) -> Result<MemoryTask> {
    let scope = Scope::new(edition, tasks, workflow_id);
    let mut open = scope
        .tasks
        .iter()
        .filter(|s| s.kind() == Kind::Memory && s.task.status.is_open());
    let id = match (open.next(), open.next()) {
        (Some(_), Some(_)) => {
            return Err(Error::new(
                ErrorKind::Ambiguous,
                format!("workflow {workflow_id} has more than one open kind:memory task"),
            )
            .with_field("tasks"))
        }
        (one, _) => one.map(|s| s.task.id.clone()),
    };
    let markers: Vec<_> = active_context
        .map(|t| marker::parse(t).markers)
        .unwrap_or_default()
        .into_iter()
        .filter(|m| m.marker == MarkerKind::MemoryTaskId)
        .collect();
    let marker = if markers
        .iter()
        .any(|m| m.wf == workflow_id && id.is_some() && m.memory_task_id == id)
    {
        MarkerMatch::Match
    } else if markers.iter().any(|m| m.wf == workflow_id) {
        MarkerMatch::Stale
    } else if !markers.is_empty() {
        MarkerMatch::OtherWf
    } else {
        MarkerMatch::Absent
    };
    Ok(MemoryTask {
        persist_marker: id.is_some() && marker != MarkerMatch::Match,
        marker_text: id
            .as_ref()
            .map(|i| format!("[cc10x-internal] memory_task_id: {i} wf:{workflow_id}")),
        memory_task_id: id,
        marker,
    })
}
