//! Scope-decision resume (router-workflow.md): a live
//! `[SCOPE-DECISION-PENDING: wf:<wf> reason:<reason>]` marker in `## Decisions` plus the user's
//! reply become a REM-FIX with the chosen scope, and the marker leaves the memory text.

use serde::Serialize;

use crate::error::{Error, ErrorKind, Result};
use crate::router::edition::Edition;
use crate::router::marker::{self, MarkerKind};
use crate::router::scope_reply;
use crate::router::vocabulary::{Origin, Phase, Scope, WorkflowType};
use crate::router::workflow_id;

use super::followup::{followup, Decision, Followup, GraphInput, RemfixInput};
use super::tasks::Task;

/// The two options of the scope gate, asked again on an unclear reply.
pub const OPTIONS: [&str; 2] = ["Fix critical only (Recommended)", "Fix all issues"];

/// What the host does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ScopeAction {
    /// No live marker: route the request normally.
    RouteNormally,
    /// The reply names both or neither option: ask again and stop.
    AskAgain,
    /// Create the REM-FIX, write the new text, stop.
    CreateRemfix,
    /// The circuit breaker answered: ask the user, text unchanged.
    AskUser,
}

/// The result of [`scope_decision`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScopeDecision {
    /// A live marker was found.
    pub pending: bool,
    /// The action.
    pub action: ScopeAction,
    /// The resolved scope.
    pub scope: Option<Scope>,
    /// The marker's workflow.
    pub wf: Option<String>,
    /// The marker's reason, trimmed.
    pub reason: Option<String>,
    /// The memory text to write (marker removed on `create_remfix`).
    pub active_context: String,
    /// The two options, for `ask_again` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<[&'static str; 2]>,
    /// The `remfix` follow-up.
    pub followup: Option<Followup>,
    /// End the turn.
    pub stop: bool,
}

/// The REM-FIX inputs a valid reply needs.
#[derive(Debug, Clone)]
pub struct RemfixContext<'a> {
    /// The task list.
    pub tasks: &'a [Task],
    /// Who found the issues.
    pub origin: Origin,
    /// The phase of the findings.
    pub phase: Phase,
    /// Plan path or `N/A`.
    pub plan: &'a str,
}

/// The lines of `## Decisions` (with their breaks) as byte ranges of `text`.
fn decisions_lines(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut inside = false;
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        let bare = line.trim_end_matches(['\n', '\r']);
        if bare.starts_with("## ") {
            inside = bare.trim_end_matches([' ', '\t']) == "## Decisions";
        } else if inside {
            out.push((at, line));
        }
        at += line.len();
    }
    out
}

/// The marker text as it appears (the raw reason is kept by the parser).
fn marker_text(wf: &str, raw_reason: &str) -> String {
    format!("[SCOPE-DECISION-PENDING: wf:{wf} reason:{raw_reason}]")
}

/// Scope-decision resume. `remfix` is needed only when the reply is valid
/// (`missing_field` otherwise).
pub fn scope_decision(
    edition: Edition,
    active_context: &str,
    reply: &str,
    workflow_id: Option<&str>,
    remfix: Option<&RemfixContext<'_>>,
) -> Result<ScopeDecision> {
    let mut found = Vec::new();
    for (at, line) in decisions_lines(active_context) {
        for m in marker::parse(line).markers {
            if m.marker == MarkerKind::ScopeDecisionPending && workflow_id.is_none_or(|w| w == m.wf)
            {
                found.push((at, line, m));
            }
        }
    }
    let unchanged = active_context.to_string();
    let (at, line, m) = match found.len() {
        0 => {
            return Ok(ScopeDecision {
                pending: false,
                action: ScopeAction::RouteNormally,
                scope: None,
                wf: None,
                reason: None,
                active_context: unchanged,
                options: None,
                followup: None,
                stop: false,
            })
        }
        1 => found.remove(0),
        _ => {
            return Err(Error::new(
                ErrorKind::Ambiguous,
                "more than one SCOPE-DECISION-PENDING marker is live in ## Decisions",
            )
            .with_field("active_context"))
        }
    };
    workflow_id::validate(&m.wf, "active_context")?;
    let raw_reason = m.reason.clone().unwrap_or_default();
    let reason = raw_reason.trim().to_string();
    let base = |action, scope, text, followup, options| ScopeDecision {
        pending: true,
        action,
        scope,
        wf: Some(m.wf.clone()),
        reason: Some(reason.clone()),
        active_context: text,
        options,
        followup,
        stop: true,
    };
    let scope = match scope_reply::resolve(reply) {
        Ok(s) => s,
        Err(e) if matches!(e.kind, ErrorKind::Ambiguous | ErrorKind::UnrecognizedReply) => {
            return Ok(base(
                ScopeAction::AskAgain,
                None,
                unchanged,
                None,
                Some(OPTIONS),
            ))
        }
        Err(e) => return Err(e),
    };
    let ctx = remfix.ok_or_else(|| {
        Error::new(
            ErrorKind::MissingField,
            "a valid scope reply needs `tasks`, `origin` and `phase` to build the REM-FIX",
        )
        .with_field("tasks")
    })?;
    if reason.is_empty() {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            "the SCOPE-DECISION-PENDING marker has a blank reason",
        )
        .with_field("active_context"));
    }
    let plan = followup(
        edition,
        ctx.tasks,
        &m.wf,
        &GraphInput::Remfix(RemfixInput {
            workflow_type: WorkflowType::Build,
            origin: ctx.origin,
            phase: ctx.phase,
            scope,
            reason: &reason,
            plan: ctx.plan,
        }),
    )?;
    let created = matches!(
        plan,
        Followup::Remfix {
            decision: Decision::Create,
            ..
        }
    );
    if !created {
        return Ok(base(
            ScopeAction::AskUser,
            Some(scope),
            unchanged,
            Some(plan),
            None,
        ));
    }
    let marker = marker_text(&m.wf, &raw_reason);
    let bare = line.trim_end_matches(['\n', '\r']).trim();
    let whole = bare.strip_prefix("- ").unwrap_or(bare) == marker;
    let mut text = String::with_capacity(active_context.len());
    text.push_str(&active_context[..at]);
    if !whole {
        text.push_str(&line.replacen(&marker, "", 1));
    }
    text.push_str(&active_context[at + line.len()..]);
    Ok(base(
        ScopeAction::CreateRemfix,
        Some(scope),
        text,
        Some(plan),
        None,
    ))
}
