//! Task plans (router-workflow.md): what the host must create and change. The ops never
//! create tasks; the host creates `creates` in order, replaces every `new:` ref by the id it got,
//! then applies `updates` in order.

use serde::Serialize;

use crate::error::Result;
use crate::router::dispatch;
use crate::router::edition::Edition;
use crate::router::metadata::{self, MetadataInput};
use crate::router::vocabulary::{Kind, Origin, Phase, Scope};

use super::tasks::TaskStatus;

/// A task to create.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Create {
    /// Local name `new:<name>`.
    #[serde(rename = "ref")]
    pub reference: String,
    /// Subject line.
    pub subject: String,
    /// Seven canonical metadata lines, then `\n\n` and the body when there is one.
    pub description: String,
    /// The template's `activeForm`, or null.
    pub active_form: Option<&'static str>,
    /// The dispatcher's agent (`cc10x:` form).
    pub agent: String,
    /// Existing ids and/or `new:` refs.
    pub blocked_by: Vec<String>,
}

/// A change to an existing task.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Update {
    /// Add blockers.
    Block {
        /// The task.
        task_id: String,
        /// Ids or refs it now also waits for.
        add_blocked_by: Vec<String>,
    },
    /// Set a status (plan pruning).
    Status {
        /// The task.
        task_id: String,
        /// The new status.
        status: TaskStatus,
        /// Why, where the edition asks for one.
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<&'static str>,
    },
}

/// The metadata of a task to create.
#[derive(Debug, Clone)]
pub struct NewTask<'a> {
    /// `new:<name>`.
    pub reference: &'a str,
    /// Subject.
    pub subject: String,
    /// Workflow id.
    pub wf: &'a str,
    /// Kind.
    pub kind: Kind,
    /// Origin.
    pub origin: Origin,
    /// Phase.
    pub phase: Phase,
    /// `plan:`.
    pub plan: &'a str,
    /// `scope:`.
    pub scope: Scope,
    /// `reason:`.
    pub reason: &'a str,
    /// Body after the block (empty: none).
    pub body: &'a str,
    /// activeForm.
    pub active_form: Option<&'static str>,
    /// Blockers.
    pub blocked_by: Vec<String>,
}

impl NewTask<'_> {
    /// Formats the description with the edition's metadata rules and dispatches the task.
    pub fn build(self, edition: Edition) -> Result<Create> {
        let description = metadata::format(
            edition,
            &MetadataInput {
                wf: Some(self.wf),
                kind: Some(self.kind.as_str()),
                origin: Some(self.origin.as_str()),
                phase: Some(self.phase.as_str()),
                plan: Some(self.plan),
                scope: Some(self.scope.as_str()),
                reason: Some(self.reason),
                body: Some(self.body),
            },
        )?;
        let d = dispatch::dispatch(edition, self.kind, Some(self.phase), Some(self.origin))?;
        Ok(Create {
            reference: self.reference.to_string(),
            subject: self.subject,
            description,
            active_form: self.active_form,
            agent: d.agent.map(|a| a.qualified()).unwrap_or_default(),
            blocked_by: self.blocked_by,
        })
    }
}

/// `add_blocked_by` for one task.
pub fn block(task_id: &str, refs: &[&str]) -> Update {
    Update::Block {
        task_id: task_id.to_string(),
        add_blocked_by: refs.iter().map(|r| r.to_string()).collect(),
    }
}
