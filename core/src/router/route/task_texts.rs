//! The texts of a workflow's child tasks (`router.task_graph`, repo `*-workflow.md` TaskCreate
//! templates): the `subject`, the `description` (the seven metadata lines, a blank line, the
//! template's body) and the `activeForm` each child is created with. Values the templates leave
//! to the router (`{workflow_uuid}`, `{plan_file}`, `{phase_id}`, the `{error}`/`{target}`/
//! `{feature}`/`{issue_ref}` summary) are inputs; creating the tasks is the caller's.

use serde::Serialize;

use crate::error::{Error, ErrorKind, Result};
use crate::router::edition::Edition;
use crate::router::route::metadata::{self, MetadataInput};
use crate::router::vocabulary::{BuildScope, Kind, Phase, WorkflowType};

/// The texts of one child task, as `TaskCreate` takes them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NodeTexts {
    /// `CC10X {agent}: …` or `CC10X Memory Update: …`.
    pub subject: String,
    /// The canonical seven metadata lines, a blank line, then `body`.
    pub description: String,
    /// The template's body (the description after the metadata block).
    pub body: String,
    /// The template's `activeForm`; null where the template gives none (TRIAGE, CODEBASE-HEALTH).
    pub active_form: Option<String>,
}

/// What the router fills into the templates.
#[derive(Debug, Clone, Copy)]
pub struct TextInputs<'a> {
    /// The workflow id of every `wf:` line (already validated).
    pub workflow_id: &'a str,
    /// The plan file of the BUILD standard graph's `plan:` lines (`N/A` when none); the other
    /// templates write `plan:N/A` whatever the plan.
    pub plan: &'a str,
    /// The BUILD builder's `{phase_id}`.
    pub phase_id: &'a str,
    /// The summary of the first DEBUG/REVIEW/PLAN/TRIAGE node (`{error}`, `{target}`,
    /// `{feature}`, `{issue_ref}`); required for those workflows.
    pub summary: Option<&'a str>,
}

/// One template: subject after the `CC10X {agent}: ` prefix (`{phase_id}` / `{summary}` filled
/// in), body, activeForm.
struct Template {
    subject: &'static str,
    body: &'static str,
    active_form: Option<&'static str>,
}

const fn t(subject: &'static str, body: &'static str, active_form: &'static str) -> Template {
    Template {
        subject,
        body,
        active_form: Some(active_form),
    }
}

/// The memory task's body: the same at every workflow and edition.
pub const MEMORY_BODY: &str =
    "ROUTER ONLY: execute inline. Read the workflow artifact and THIS task \
description payload, persist to .cc10x/*.md, then remove the matching [cc10x-internal] \
memory_task_id line from activeContext.md ## References. Never spawn Agent() for this task.";

/// The trivial builder's body at `11.0.0` (b0410fc) and at `12.7.0` (f357380: "review chain").
const TRIVIAL_BUILDER_BODY: [&str; 2] = [
    "Execute the trivial change. Recover objective, inputs, expected artifacts, required checks, and \
exit criteria. Stop if blocked, partial, or scope grows beyond trivial (report SCOPE_INCREASES so \
the router can escalate to the full review/hunt chain).",
    "Execute the trivial change. Recover objective, inputs, expected artifacts, required checks, and \
exit criteria. Stop if blocked, partial, or scope grows beyond trivial (report SCOPE_INCREASES so \
the router can escalate to the full review chain).",
];

/// The trivial verifier's body at `11.0.0` and at `12.7.0` ("no separate reviewer ran").
const TRIVIAL_VERIFIER_BODY: [&str; 2] = [
    "Run required checks for the change and report whether truths, artifacts, wiring, and exit \
criteria are satisfied. Fold a brief correctness/edge-case review into your report since no \
separate reviewer/hunter ran.",
    "Run required checks for the change and report whether truths, artifacts, wiring, and exit \
criteria are satisfied. Fold a brief correctness/edge-case review into your report since no \
separate reviewer ran.",
];

/// The template of a node: by workflow, build scope and phase.
fn template(edition: Edition, workflow: WorkflowType, scope: BuildScope, phase: Phase) -> Template {
    let head = usize::from(edition != Edition::V11);
    let trivial = workflow == WorkflowType::Build && scope == BuildScope::Trivial;
    match (workflow, phase) {
        (WorkflowType::Build, Phase::BuildImplement) if trivial => t(
            "Execute phase {phase_id}",
            TRIVIAL_BUILDER_BODY[head],
            "Building components",
        ),
        (WorkflowType::Build, Phase::BuildImplement) => t(
            "Execute phase {phase_id}",
            "Execute ONLY the phase at phase_cursor. Recover objective, inputs, expected artifacts, \
required checks, checkpoint type, and exit criteria from the approved phase. Stop if blocked, \
partial, or proof remains incomplete.",
            "Building components",
        ),
        (WorkflowType::Build, Phase::BuildReview) => t(
            "Review implementation",
            "Review only the files and scope of the current phase.",
            "Reviewing code",
        ),
        (WorkflowType::Build, Phase::BuildHunt) => t(
            "Hunt edge cases",
            "Find silent failures and edge cases adjacent to the current phase.",
            "Hunting failures",
        ),
        (WorkflowType::Build, Phase::BuildVerify) if trivial => t(
            "Verify integration",
            TRIVIAL_VERIFIER_BODY[head],
            "Verifying integration",
        ),
        (WorkflowType::Build, Phase::BuildVerify) => t(
            "Verify integration",
            "Run required checks for the current phase and report whether truths, artifacts, \
wiring, and phase exit criteria are all satisfied.",
            "Verifying integration",
        ),
        (WorkflowType::Build, Phase::BuildDocSync) => t(
            "Sync documentation",
            "Analyze the diff from this BUILD phase. Classify doc impact. Update documentation \
across business, technical, and audit layers as applicable. Emit SKIPPED contract immediately if \
IMPACT_LEVEL=none.",
            "Syncing documentation",
        ),
        (WorkflowType::Debug, Phase::DebugInvestigate) => t(
            "Investigate {summary}",
            "Find the root cause and apply the fix.",
            "Investigating bug",
        ),
        (WorkflowType::Debug, Phase::DebugReview) => {
            t("Review fix", "Review the debug fix quality.", "Reviewing fix")
        }
        (WorkflowType::Debug, Phase::DebugVerify) => t(
            "Verify fix",
            "Verify the fix works end-to-end.",
            "Verifying fix",
        ),
        (WorkflowType::Review, Phase::ReviewAudit) => t(
            "Review {summary}",
            "Run a scoped code review.",
            "Reviewing code",
        ),
        (WorkflowType::Plan, Phase::PlanCreate) => t(
            "Create plan for {summary}",
            "Choose the correct plan mode (`direct`, `execution_plan`, or `decision_rfc`) and \
verification rigor (`standard` or `critical_path`). Create the corresponding planning artifact.",
            "Creating plan",
        ),
        (WorkflowType::Plan, Phase::PlanReviewGap1) => t(
            "Fresh review pass 1",
            "Wait for the planner to save a plan artifact, then review it against the original user \
request and any approved design/research files.",
            "Fresh-reviewing plan",
        ),
        (WorkflowType::Plan, Phase::RePlan) => t(
            "Revise plan after fresh review",
            "Only run if pass 1 finds blocking issues. Revise the existing saved plan using \
structured planning review findings.",
            "Revising plan",
        ),
        (WorkflowType::Plan, Phase::PlanReviewGap2) => t(
            "Fresh review pass 2",
            "Only run if the re-plan task produces a revised saved plan after pass 1 findings.",
            "Fresh-reviewing revised plan",
        ),
        (WorkflowType::Triage, _) => Template {
            subject: "Triage {summary}",
            body: "Read the issue/PR, verify the claim, check for redundancy and prior rejection, \
categorize, assign state, write an agent-ready brief.",
            active_form: None,
        },
        (WorkflowType::CodebaseHealth, _) => Template {
            subject: "Scan for deepening opportunities",
            body: "Walk the codebase using the canonical deep-module vocabulary, find shallow modules \
/ pass-throughs / semantic duplicates, apply the deletion test, produce an HTML report with \
before/after diagrams.",
            active_form: None,
        },
        (WorkflowType::Debug, _) => t(
            "Persist debug learnings",
            MEMORY_BODY,
            "Persisting debug learnings",
        ),
        (WorkflowType::Review, _) => t(
            "Persist review learnings",
            MEMORY_BODY,
            "Persisting review learnings",
        ),
        (WorkflowType::Plan, _) => t(
            "Index plan in memory",
            MEMORY_BODY,
            "Indexing plan in memory",
        ),
        // BUILD's memory node (ORIENT has no nodes).
        _ => t(
            "Persist workflow learnings",
            MEMORY_BODY,
            "Persisting workflow learnings",
        ),
    }
}

/// What a node of the graph is: the facts its texts are built from.
#[derive(Debug, Clone, Copy)]
pub struct NodeFacts<'a> {
    /// Its phase.
    pub phase: Phase,
    /// `agent` or `memory`.
    pub kind: Kind,
    /// `cc10x:` + its dispatcher agent (none for memory).
    pub agent: Option<&'a str>,
    /// Its `reason:` value.
    pub reason: &'a str,
}

/// The texts of one node of `workflow`'s graph.
pub fn texts(
    edition: Edition,
    workflow: WorkflowType,
    scope: BuildScope,
    node: &NodeFacts<'_>,
    inputs: &TextInputs<'_>,
) -> Result<NodeTexts> {
    let tpl = template(edition, workflow, scope, node.phase);
    let summary = if tpl.subject.contains("{summary}") {
        inputs.summary.ok_or_else(|| {
            Error::new(
                ErrorKind::MissingField,
                format!(
                    "the {workflow} task texts need `summary` (the subject's {{summary}} part)"
                ),
            )
            .with_field("summary")
        })?
    } else {
        ""
    };
    let who = match (node.kind, node.agent) {
        (Kind::Memory, _) | (_, None) => "Memory Update",
        (_, Some(agent)) => agent.strip_prefix("cc10x:").unwrap_or(agent),
    };
    let subject = format!(
        "CC10X {who}: {}",
        tpl.subject
            .replace("{phase_id}", inputs.phase_id)
            .replace("{summary}", summary)
    );
    // Only the BUILD standard templates write `plan:{plan_file or 'N/A'}`.
    let plan = if workflow == WorkflowType::Build && scope == BuildScope::Standard {
        inputs.plan
    } else {
        "N/A"
    };
    let description = metadata::format(
        edition,
        &MetadataInput {
            wf: Some(inputs.workflow_id),
            kind: Some(node.kind.as_str()),
            origin: Some("router"),
            phase: Some(node.phase.as_str()),
            plan: Some(plan),
            scope: Some("N/A"),
            reason: Some(node.reason),
            body: Some(tpl.body),
        },
    )?;
    Ok(NodeTexts {
        subject,
        description,
        body: tpl.body.to_string(),
        active_form: tpl.active_form.map(str::to_string),
    })
}
