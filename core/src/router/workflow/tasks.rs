//! Task lists (router-workflow.md): the host's `TaskList()` result, scoping to one workflow
//! and blocker resolution. A task *belongs to* workflow W iff its subject starts `CC10X ` and its
//! metadata block has a `wf` line equal to W; a belonging task whose metadata fails validation,
//! and a task whose metadata names W but whose subject lacks the `CC10X ` prefix, are reported,
//! never used and never ignored (fail closed).

use serde::Serialize;

use crate::error::{Error, ErrorKind, Result};
use crate::router::edition::Edition;
use crate::router::metadata::{self, TaskMetadata};
use crate::router::vocabulary::Kind;

/// A task's status in the host's task system.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskStatus {
    /// Not started.
    Pending,
    /// Running (or interrupted while running).
    InProgress,
    /// Finished.
    Completed,
    /// Removed (the repo prunes unused PLAN branches this way).
    Deleted,
}

impl TaskStatus {
    /// Every status with its spelling.
    pub const ALL: &'static [(TaskStatus, &'static str)] = &[
        (TaskStatus::Pending, "pending"),
        (TaskStatus::InProgress, "in_progress"),
        (TaskStatus::Completed, "completed"),
        (TaskStatus::Deleted, "deleted"),
    ];

    /// Parses the spelling.
    pub fn parse(s: &str) -> Option<TaskStatus> {
        TaskStatus::ALL
            .iter()
            .find(|(_, n)| *n == s)
            .map(|(t, _)| *t)
    }

    /// Open = pending or in_progress.
    pub fn is_open(self) -> bool {
        matches!(self, TaskStatus::Pending | TaskStatus::InProgress)
    }

    /// Resolved as a blocker = completed or deleted.
    pub fn resolves(self) -> bool {
        !self.is_open()
    }
}

/// One task of the host's list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Task {
    /// Unique, non-empty id.
    pub id: String,
    /// The subject line.
    pub subject: String,
    /// The description (metadata block, then body).
    pub description: String,
    /// The status.
    pub status: TaskStatus,
    /// Ids this task waits for.
    pub blocked_by: Vec<String>,
}

/// A belonging task whose metadata does not validate (reported, takes no part in the graph).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InvalidTask {
    /// The task id.
    pub id: String,
    /// The error kind of the metadata check.
    #[serde(serialize_with = "kind_name")]
    pub error: ErrorKind,
    /// The metadata key it names.
    pub field: Option<String>,
}

fn kind_name<S: serde::Serializer>(k: &ErrorKind, s: S) -> std::result::Result<S::Ok, S::Error> {
    s.serialize_str(k.as_str())
}

/// A belonging task with its validated metadata.
#[derive(Debug, Clone)]
pub struct Scoped<'t> {
    /// The task.
    pub task: &'t Task,
    /// Its metadata.
    pub meta: TaskMetadata,
}

impl Scoped<'_> {
    /// The task's kind (validated metadata always has one).
    pub fn kind(&self) -> Kind {
        self.meta.kind.unwrap_or(Kind::Agent)
    }
}

/// A task list scoped to one workflow.
#[derive(Debug, Clone)]
pub struct Scope<'t> {
    /// The whole list (blockers resolve against every task).
    pub all: &'t [Task],
    /// The valid belonging tasks, in list order.
    pub tasks: Vec<Scoped<'t>>,
    /// The belonging tasks whose metadata failed, and the tasks of the workflow without the
    /// `CC10X ` prefix, in list order.
    pub invalid: Vec<InvalidTask>,
}

/// Checks that ids are unique (the one list rule the JSON shape cannot express).
pub fn check_unique_ids(tasks: &[Task]) -> Result<()> {
    let mut seen = std::collections::HashSet::new();
    for t in tasks {
        if t.id.is_empty() {
            return Err(
                Error::new(ErrorKind::InvalidValue, "a task id is empty").with_field("tasks")
            );
        }
        if !seen.insert(t.id.as_str()) {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                format!("task id {:?} appears twice", t.id),
            )
            .with_field("tasks"));
        }
    }
    Ok(())
}

/// The subject prefix of every CC10X task (the hydration rule finds tasks by it).
pub const CC10X_PREFIX: &str = "CC10X ";

/// Whether a task belongs to workflow `wf` (subject `CC10X `, metadata `wf` line equal to `wf`).
pub fn belongs(task: &Task, wf: &str) -> bool {
    task.subject.starts_with(CC10X_PREFIX) && metadata::raw_wf(&task.description) == Some(wf)
}

/// Whether a task names workflow `wf` in its metadata but lacks the `CC10X ` subject prefix: work
/// of the workflow the seed's lookups would miss. It is reported (`invalid_value`, field
/// `subject`), so a workflow with such a task is never answered `complete`.
pub fn unprefixed(task: &Task, wf: &str) -> bool {
    !task.subject.starts_with(CC10X_PREFIX) && metadata::raw_wf(&task.description) == Some(wf)
}

impl<'t> Scope<'t> {
    /// Scopes `all` to `wf`, validating each belonging task under the edition (M1 default);
    /// tasks of `wf` without the `CC10X ` prefix go to `invalid`, in list order with the others.
    pub fn new(edition: Edition, all: &'t [Task], wf: &str) -> Scope<'t> {
        let require_all = edition.rules().require_all_default;
        let mut tasks = Vec::new();
        let mut invalid = Vec::new();
        for t in all.iter() {
            if unprefixed(t, wf) {
                invalid.push(InvalidTask {
                    id: t.id.clone(),
                    error: ErrorKind::InvalidValue,
                    field: Some("subject".to_string()),
                });
                continue;
            }
            if !belongs(t, wf) {
                continue;
            }
            match metadata::parse(edition, &t.description, require_all) {
                Ok(meta) => tasks.push(Scoped { task: t, meta }),
                Err(e) => invalid.push(InvalidTask {
                    id: t.id.clone(),
                    error: e.kind,
                    field: e.field,
                }),
            }
        }
        Scope {
            all,
            tasks,
            invalid,
        }
    }

    /// Whether blocker `id` is resolved: a task of the list that is completed or deleted.
    pub fn resolved(&self, id: &str) -> bool {
        self.all.iter().any(|t| t.id == id && t.status.resolves())
    }

    /// The task's blockers that are not resolved, in order.
    pub fn unresolved(&self, task: &Task) -> Vec<String> {
        task.blocked_by
            .iter()
            .filter(|b| !self.resolved(b))
            .cloned()
            .collect()
    }

    /// The valid belonging task with this id.
    pub fn get(&self, id: &str) -> Option<&Scoped<'t>> {
        self.tasks.iter().find(|s| s.task.id == id)
    }
}
