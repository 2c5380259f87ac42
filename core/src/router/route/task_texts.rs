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
/// in), body, activeForm; a QA template may name its own subject prefix (`qa-plan`,
/// `qa-preflight`) and writes the QA test plan as its `plan:`.
struct Template {
    subject: &'static str,
    body: &'static str,
    active_form: Option<&'static str>,
    /// The word after `CC10X ` when it is not the dispatcher agent.
    prefix: Option<&'static str>,
    /// Whether `plan:` is `.cc10x/qa/{workflow_uuid}/test-plan.md` (the QA templates after
    /// `qa-plan`).
    qa_plan: bool,
}

const fn t(subject: &'static str, body: &'static str, active_form: &'static str) -> Template {
    Template {
        subject,
        body,
        active_form: Some(active_form),
        prefix: None,
        qa_plan: false,
    }
}

/// A QA template (`12.10.0` refs/qa-workflow.md TaskCreate blocks): `prefix` overrides the
/// agent in the subject; `qa_plan` writes the test plan as `plan:`.
const fn qa(
    prefix: Option<&'static str>,
    subject: &'static str,
    body: &'static str,
    active_form: &'static str,
    qa_plan: bool,
) -> Template {
    Template {
        subject,
        body,
        active_form: Some(active_form),
        prefix,
        qa_plan,
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

/// The template of a node: by workflow, build scope and phase; `None` for a phase the
/// workflow's graph never holds (never another workflow's text).
fn template(
    edition: Edition,
    workflow: WorkflowType,
    scope: BuildScope,
    phase: Phase,
) -> Option<Template> {
    // `12.10.0` keeps `12.7.0`'s BUILD wording (the later build-workflow.md is not stored).
    let head = usize::from(edition != Edition::V11);
    let trivial = workflow == WorkflowType::Build && scope == BuildScope::Trivial;
    Some(match (workflow, phase) {
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
        (WorkflowType::Triage, Phase::Triage) => Template {
            subject: "Triage {summary}",
            body: "Read the issue/PR, verify the claim, check for redundancy and prior rejection, \
categorize, assign state, write an agent-ready brief.",
            active_form: None,
            prefix: None,
            qa_plan: false,
        },
        (WorkflowType::CodebaseHealth, Phase::CodebaseHealth) => Template {
            subject: "Scan for deepening opportunities",
            body: "Walk the codebase using the canonical deep-module vocabulary, find shallow modules \
/ pass-throughs / semantic duplicates, apply the deletion test, produce an HTML report with \
before/after diagrams.",
            active_form: None,
            prefix: None,
            qa_plan: false,
        },
        (WorkflowType::Qa, phase) => return qa_template(phase),
        (WorkflowType::Debug, Phase::MemoryFinalize) => t(
            "Persist debug learnings",
            MEMORY_BODY,
            "Persisting debug learnings",
        ),
        (WorkflowType::Review, Phase::MemoryFinalize) => t(
            "Persist review learnings",
            MEMORY_BODY,
            "Persisting review learnings",
        ),
        (WorkflowType::Plan, Phase::MemoryFinalize) => t(
            "Index plan in memory",
            MEMORY_BODY,
            "Indexing plan in memory",
        ),
        (WorkflowType::Build, Phase::MemoryFinalize) => t(
            "Persist workflow learnings",
            MEMORY_BODY,
            "Persisting workflow learnings",
        ),
        _ => return None,
    })
}

/// The QA workflow's templates (`12.10.0` refs/qa-workflow.md, one TaskCreate block per phase
/// of the standard graph). The research lane is the `code` source fourx's graph holds; the
/// `{env_key}`, `{branch}` and `{default_branch}` of the preflight body are left for the agent.
fn qa_template(phase: Phase) -> Option<Template> {
    Some(match phase {
        Phase::QaResearch => qa(
            None,
            "Scan code",
            "Scan ONLY the code surface. Report what this source says the feature does, from both \
the user's side and the system's side. Report gaps and anything this source contradicts. Do not \
read the other sources.",
            "Scanning code",
            false,
        ),
        Phase::QaPlan => qa(
            Some("qa-plan"),
            "Design test plan and environment for {summary}",
            QA_PLAN_BODY,
            "Designing test plan",
            false,
        ),
        Phase::QaPlanReview => qa(
            None,
            "Fresh review of test plan",
            QA_PLAN_REVIEW_BODY,
            "Fresh-reviewing test plan",
            true,
        ),
        Phase::QaRePlan => qa(
            Some("qa-plan"),
            "Revise test plan after fresh review",
            QA_RE_PLAN_BODY,
            "Revising test plan",
            true,
        ),
        Phase::QaPlanReview2 => qa(
            None,
            "Fresh review of revised test plan",
            QA_PLAN_REVIEW_2_BODY,
            "Fresh-reviewing revised test plan",
            true,
        ),
        Phase::QaPreflight => qa(
            Some("qa-preflight"),
            "Can this run happen?",
            QA_PREFLIGHT_BODY,
            "Measuring the environment",
            true,
        ),
        Phase::QaBuild => qa(
            None,
            "Build test harness",
            "Build the harness described by the test plan and environment plan: environment \
provisioning scripts (up/seed/health-gate/down), integration tests, backend E2E scripts, UI \
automation, observability probes, the harness manifest, fixtures, cleanup verification, and the \
report emitter. Do NOT modify product code. Stop if blocked, partial, or scope grows beyond the \
plan.",
            "Building test harness",
            true,
        ),
        Phase::QaReview => qa(
            None,
            "Review test harness",
            "Review the harness code. Judge it as production code — it is.",
            "Reviewing test harness",
            true,
        ),
        Phase::QaHunt => qa(
            None,
            "Hunt silent failures in harness",
            "Hunt for the harness-specific failure mode: assertions that cannot fail, swallowed \
errors in setup, teardown that ignores its own exit code, waits that mask races, and skipped \
tests that report as passed.",
            "Hunting harness failures",
            true,
        ),
        Phase::QaExecute => qa(
            None,
            "Run test plan and report",
            QA_EXECUTE_BODY,
            "Executing test plan",
            true,
        ),
        Phase::MemoryFinalize => t(
            "Persist QA learnings",
            MEMORY_BODY,
            "Persisting QA learnings",
        ),
        _ => return None,
    })
}

/// The `qa-plan` body (`12.10.0` refs/qa-workflow.md "Plan").
const QA_PLAN_BODY: &str = "Read the feature map at .cc10x/qa/{workflow_uuid}/feature-map.md and \
the capability discovery results from the workflow artifact. Produce TWO artifacts: (1) \
.cc10x/qa/{workflow_uuid}/test-plan.md — a scenario matrix covering happy path, error handling, \
and edge cases, where every scenario names its observation points across UI, API, DB, queue, and \
logs, and where every group of controls states which reduction technique was applied \
(every-option-once, pairwise, boundary values, full combinatorial) and what it leaves uncovered; \
(2) .cc10x/qa/{workflow_uuid}/env-plan.md — how the test environment is built, wired, seeded, \
gated on readiness, and torn down. Cover the User Action Inventory from the feature map: reduce it \
deliberately, never silently. Order the scenarios into WAVES with objectives, dependencies and a \
stop-if condition — a flat scenario list is not a buildable plan, and every other cc10x plan \
carries ordered phases. Wave 1 is the thinnest slice that proves the pipeline is wired, including \
any probe that binds a variable later waves consume. Reconcile every rollup: the scenario ids \
across coverage-by-class, coverage-by-tier and the waves must all equal the total scenario count, \
and the total must be stated with its arithmetic shown. Both artifacts must be executable by an \
agent that has not read this conversation.";

/// The `qa-plan-review` body (`12.10.0` refs/qa-workflow.md "Plan review").
const QA_PLAN_REVIEW_BODY: &str = "Review the saved test plan and environment plan against the \
original user request and the feature map. Judge COVERAGE: are error paths represented, not just \
happy paths? Are edge cases concrete rather than gestured at? Could every assertion actually fail, \
or are some unfalsifiable? Does every group of controls in the User Action Inventory get reduced by \
a NAMED technique that states what it leaves uncovered — or is coverage silently dropped? Is the \
environment plan executable, or does it hand-wave provisioning? Check the feature map's \
contradiction table against the plan: does every row marked `blocking` get settled — by a probe \
scenario, a bound variable, or a recorded user decision — before anything that depends on it runs? \
Does every `deferred` row name the scenario it shaped, and does that scenario exist? A \
contradiction recorded and then quietly planned around is the failure mode here: the plan reads as \
confident and rests on a coin flip. Then reconcile the plan against itself: do the scenario ids in \
every rollup — by class, by tier, by wave — add up to the stated total, and does each claimed case \
count name the scenario rows that deliver it? A rollup that drops a scenario disproportionately \
drops the odd one out, which is usually the blocking probe or the one deliberate expected-failure.";

/// The `qa-re-plan` body (`12.10.0` refs/qa-workflow.md "Plan review").
const QA_RE_PLAN_BODY: &str =
    "Only run if pass 1 finds blocking issues. Amend the saved artifacts \
using the structured review findings. Verify every finding against the cited source before \
accepting it, and record which findings were the plan's error versus the reviewer's. SWEEP ALL \
THREE ARTIFACTS — feature-map.md, test-plan.md and env-plan.md — for every restatement of each \
corrected fact, including handoff sections, scope statements, provenance paragraphs, open-question \
tables, routed-out findings, prerequisite tables and degradation tables. Re-run every rollup and \
every stated arithmetic sum the amendment touched. Report AMENDED_FILES, STALE_SWEEP and \
RECONCILIATION_RERUN — the pass-2 gate fails closed without all three.";

/// The `qa-plan-review-2` body (`12.10.0` refs/qa-workflow.md "Plan review").
const QA_PLAN_REVIEW_2_BODY: &str = "Only run if qa-re-plan produced revised artifacts after pass 1 \
findings. Apply the same coverage lens as pass 1, and additionally judge the AMENDMENT ITSELF: does \
every corrected fact now read consistently across all three artifacts, or does some section still \
state the retracted position as current? Do the rollups, wave sizes and every prose arithmetic sum \
reflect the new scenario count? Does every scenario added by the amendment appear in a \
coverage-table row, a wave, a class bucket and a tier bucket? Does every fixture, observability row \
and open decision the amendment invalidated get updated rather than left pointing at the old \
values? A half-propagated correction is the specific failure this pass exists to catch.";

/// The `qa-preflight` body (`12.10.0` refs/qa-workflow.md "Preflight").
const QA_PREFLIGHT_BODY: &str = "Run in MODE: preflight. Read .cc10x/qa/env/{env_key}/setup.md if \
it exists (T0), and at T0 also measure branch currency for EVERY repo in the topology — enumerate \
the repo set from the feature map and env plan first, then per repo run git rev-parse \
--abbrev-ref HEAD, git rev-parse --short HEAD, git rev-list --count HEAD..{default_branch} and git \
status --porcelain, and emit a REPO_CURRENCY row for each. A REPO_CURRENCY list shorter than the \
topology's repo set is invalid output: measuring only the repos you touch is what leaves one side \
current and one side stale. Emit a CURRENCY_GATE entry for every repo with commits_behind > 0 or a \
dirty tree, carrying failure_class: wrong-guess and the question 'measure against {branch} as \
checked out, or pull forward to {default_branch}?'; non-empty CURRENCY_GATE forces STATUS: BLOCKED \
with NEXT_ACTION: gate. Do NOT fast-forward, rebase or otherwise move any checkout on your own \
initiative — measuring is always legal, deciding is never yours. Then run checks in strict cost \
order T1 -> T4 and STOP THERE. Never boot a service: report SERVICES_PROVISIONED: [] — a non-empty \
value is an automatic FAIL. Classify every failing check as missing-input, wrong-guess or defect; \
a failed check with no classification is invalid output. Measure which human-owned prerequisites \
are ACTUALLY missing rather than transcribing env-plan.md §11's predicted list, and give every one \
a real acquisition recipe. Append everything measured to the setup record, never overwrite: a \
stable row whose re-probe disagrees becomes superseded and sets SETUP_RECORD_STALE, a derived row \
whose fingerprint no longer matches becomes unverified. Do NOT ask the user anything — return \
STATUS: BLOCKED with NEXT_ACTION: gate and let the router raise one batched question.";

/// The `qa-execute` body (`12.10.0` refs/qa-workflow.md "Execute").
const QA_EXECUTE_BODY: &str = "Bring the environment up per the env plan, gate on readiness, \
execute every scenario in the test plan, assert all observation points, capture \
expected/actual/exit-code evidence per scenario, tear down, verify teardown, and write \
.cc10x/qa/{workflow_uuid}/report.md. Emit BUG_CANDIDATES for every failure. Before comparing, \
enumerate the sibling set — the enum, the validation chain, both sides of the cross-repo contract \
— and emit siblings_swept on every candidate with a findings entry for every member you listed; a \
findings list shorter than its members list is invalid output, and a defect with no sibling set \
says so in set_name rather than omitting the field. Classify every failing check with \
failure_class (missing-input | wrong-guess | defect) — the same vocabulary qa-harness-builder's \
preflight CHECKS[].classification uses — and open report.md with a ## Failure classes section \
carrying every count in FAILURE_CLASS_COUNTS, zeros included. Before emitting ANY bug candidate, \
RE-MEASURE branch currency yourself, per repo the finding spans — git rev-parse --abbrev-ref HEAD, \
git rev-parse --short HEAD, git rev-list --count HEAD..{default_branch}, git status --porcelain — \
and do not copy commits_behind from setup.md, which records it as a volatile fact that is always \
re-checked and never trusted from the file. Emit measured_on on every candidate; a candidate \
without it is invalid output. Cap severity at unconfirmed when any measured_on entry has \
commits_behind > 0 — a confidence floor, not an impact level — and when the defect is a \
cross-repo contract mismatch, read the contract on both repos' default branches and state both \
readings in siblings_swept.branch_axis. Do NOT edit test code or product code to make a run pass.";

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
    let tpl = template(edition, workflow, scope, node.phase).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidValue,
            format!(
                "the {workflow} workflow has no task template for phase `{}`",
                node.phase
            ),
        )
        .with_field("phase")
    })?;
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
    let who = match (node.kind, tpl.prefix, node.agent) {
        (Kind::Memory, _, _) | (_, None, None) => "Memory Update",
        (_, Some(prefix), _) => prefix,
        (_, None, Some(agent)) => agent.strip_prefix("cc10x:").unwrap_or(agent),
    };
    let subject = format!(
        "CC10X {who}: {}",
        tpl.subject
            .replace("{phase_id}", inputs.phase_id)
            .replace("{summary}", summary)
    );
    // Only the BUILD standard templates write `plan:{plan_file or 'N/A'}`; the QA templates
    // after `qa-plan` write the workflow's test plan.
    let qa_plan = format!(".cc10x/qa/{}/test-plan.md", inputs.workflow_id);
    let plan = if workflow == WorkflowType::Build && scope == BuildScope::Standard {
        inputs.plan
    } else if tpl.qa_plan {
        &qa_plan
    } else {
        "N/A"
    };
    let body = tpl.body.replace("{workflow_uuid}", inputs.workflow_id);
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
            body: Some(&body),
        },
    )?;
    Ok(NodeTexts {
        subject,
        description,
        body,
        active_form: tpl.active_form.map(str::to_string),
    })
}
