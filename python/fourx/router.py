"""fourx.router — the router contract (router.md): intent routing, task metadata, workflow ids,
dispatch, validation of agent outputs, memory files and the per-agent prompt frame.

Thin typed wrappers over the ``router.*`` ops: every rule lives in the Rust core, each function
converts its arguments and forwards them. :func:`parse_output` validates any agent's output with
the parser its agent needs (read-only envelope or YAML write contract).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, Union

from ._ops import Time, forward

# Memory files and prompt frames (router.md §4.23–§4.30) live in their own module.
from ._router_prompt import (
    MemoryCheck,
    MemoryRepair,
    GateDecision,
    ResearchFiles,
    PrecedenceSource,
    RankedSource,
    Precedence,
    ReviewerFindings,
    HunterFindings,
    PreviousFindings,
    IntentContract,
    DomainFile,
    Prompt,
    check_memory,
    repair_memory,
    memory_template,
    just_go_gate,
    skill_hints,
    skill_precedence,
    format_previous_findings,
    build_prompt,
)

# The workflow steps (router-workflow.md §4.31–§4.38) live in their own module.
from ._router_workflow import (
    Edition,
    Task,
    ParentTask,
    ActiveWorkflowsResult,
    RunnableRow,
    InvalidTask,
    RunnableTasksResult,
    MemoryTaskResult,
    PlannedTask,
    FollowupResult,
    ScopeDecisionResult,
    UpdateArtifactResult,
    FinalizeMemoryResult,
    IntentReadyResult,
    PlanTrustResult,
    active_workflows,
    runnable_tasks,
    memory_task,
    followup_tasks,
    scope_decision,
    update_artifact,
    finalize_memory,
    intent_ready,
    plan_trust_gate,
    MemoryEvidenceResult,
    ArtifactFreshResult,
    EditionForVersionResult,
    RemfixCompletionResult,
    PreToolUseResult,
    memory_evidence,
    artifact_fresh,
    edition_for_version,
    remfix_completion,
    pre_tool_use,
)

__all__ = [
    "Edition",
    "MemoryCheck",
    "MemoryRepair",
    "GateDecision",
    "ResearchFiles",
    "PrecedenceSource",
    "RankedSource",
    "Precedence",
    "ReviewerFindings",
    "HunterFindings",
    "PreviousFindings",
    "IntentContract",
    "DomainFile",
    "Prompt",
    "check_memory",
    "repair_memory",
    "memory_template",
    "just_go_gate",
    "skill_hints",
    "skill_precedence",
    "format_previous_findings",
    "build_prompt",
    "Task",
    "ParentTask",
    "ActiveWorkflowsResult",
    "RunnableRow",
    "InvalidTask",
    "RunnableTasksResult",
    "MemoryTaskResult",
    "PlannedTask",
    "FollowupResult",
    "ScopeDecisionResult",
    "UpdateArtifactResult",
    "FinalizeMemoryResult",
    "IntentReadyResult",
    "PlanTrustResult",
    "AgentInfo",
    "AgentsResult",
    "active_workflows",
    "agents",
    "runnable_tasks",
    "memory_task",
    "followup_tasks",
    "scope_decision",
    "update_artifact",
    "finalize_memory",
    "intent_ready",
    "plan_trust_gate",
    "MemoryEvidenceResult",
    "ArtifactFreshResult",
    "EditionForVersionResult",
    "memory_evidence",
    "artifact_fresh",
    "edition_for_version",
    "remfix_completion",
    "pre_tool_use",
    "RemfixCompletionResult",
    "PreToolUseResult",
    "Adjudication",
    "BuildScopeResult",
    "CheckArtifactResult",
    "DispatchResult",
    "LoopGateResult",
    "ModelTierResult",
    "ParseBrainstormHandoffResult",
    "ParseMarkersResult",
    "ParseOutputResult",
    "ReadonlyOutput",
    "WriteOutput",
    "ParseReadonlyOutputResult",
    "Scenarios",
    "Advice",
    "ParseSessionSettingsResult",
    "ParseSubjectResult",
    "ParseTaskMetadataResult",
    "ParseWriteContractResult",
    "ReconcileVerdictsResult",
    "RouteResult",
    "TaskGraphResult",
    "TaskGraphNode",
    "ValidateWorkflowIdResult",
    "build_scope",
    "check_artifact",
    "dispatch",
    "event_line",
    "format_marker",
    "format_task_metadata",
    "loop_gate",
    "model_tier",
    "new_artifact",
    "new_workflow_id",
    "parse_brainstorm_handoff",
    "parse_markers",
    "parse_output",
    "parse_readonly_output",
    "parse_session_settings",
    "parse_subject",
    "parse_task_metadata",
    "parse_write_contract",
    "reconcile_verdicts",
    "resolve_scope_reply",
    "route",
    "task_graph",
    "validate_workflow_id",
]


class BuildScopeResult(TypedDict):
    """The result of ``router.build_scope``."""

    build_scope: str
    reason: str


class CheckArtifactResult(TypedDict):
    """The result of ``router.check_artifact``."""

    workflow_uuid: str
    workflow_type: str


class DispatchResult(TypedDict):
    """The result of ``router.dispatch``."""

    mode: str
    agent: str | None


class LoopGateResult(TypedDict):
    """The result of ``router.loop_gate``."""

    loop: str
    cap: int
    count: int
    allowed: bool
    checkpoint_required: bool


class ModelTierResult(TypedDict):
    """The result of ``router.model_tier``."""

    agent: str
    tier: str
    recommended: str
    floor: str | None
    floor_applied: bool


class ParseBrainstormHandoffResult(TypedDict):
    """The result of ``router.parse_brainstorm_handoff``."""

    design_file: str
    design_summary: str
    memory_notes: dict[str, Any] | None


class ParseMarkersResult(TypedDict):
    """The result of ``router.parse_markers``."""

    markers: list[dict[str, Any]]
    debug_attempts: int
    debug_stuck: bool


class ReadonlyOutput(TypedDict):
    """``router.parse_output`` for a read-only agent: ``kind == "readonly"``."""

    kind: Literal["readonly"]
    result: ParseReadonlyOutputResult
    #: Whether a harness may continue on this output (the core's rule: passes and not blocking).
    may_advance: bool


class WriteOutput(TypedDict):
    """``router.parse_output`` for a write agent: ``kind == "write"``."""

    kind: Literal["write"]
    result: ParseWriteContractResult
    #: Whether a harness may continue on this output (the core's rule: passed or a soft pass;
    #: a researcher's valid contract never blocks).
    may_advance: bool


class Scenarios(TypedDict):
    """The integration-verifier's scenario accounting in :class:`ParseReadonlyOutputResult`."""

    total: int
    passed: int
    failed: int
    #: ``SCENARIOS_BLOCKED``: at edition ``12.7.0`` only.
    blocked: NotRequired[int]
    rows: list[dict[str, Any]]
    evidence: list[str]


class Advice(TypedDict):
    """What an output must gain for one fallback-verification finding to go away."""

    #: The finding: ``rubber_stamp``, ``unstated_scope``, ``pass_fields_missing`` or
    #: ``replan_reason_missing``.
    check: str
    #: What to add: the missing field names, or the evidence that would do.
    add: list[str]
    message: str


class ParseReadonlyOutputResult(TypedDict):
    """The result of ``router.parse_readonly_output``."""

    agent: str
    #: ``yaml``: the contract YAML block's ``STATUS`` decided (edition ``12.10.0``).
    source: Literal["envelope", "heading", "yaml"]
    #: Why the line-1 envelope was not used (``None`` when it was).
    envelope_error: Literal["missing", "malformed"] | None
    #: The heading's status (``None`` when no heading matched).
    heading_status: str | None
    reported_status: str
    status: str
    blocking: bool
    critical_issues: list[str]
    critical_count: int
    intent: dict[str, Any]
    checks: list[str]
    #: What to add for each fallback-verification finding of ``checks`` (absent when none).
    advice: NotRequired[list[Advice]]
    needs_inline_verification: bool
    passes: bool
    #: The Memory Notes entries (``None`` without the section).
    memory_notes: dict[str, Any] | None
    #: SELF_REMEDIATED from the task state (``None`` without a task).
    self_remediated: bool | None
    remediation_source: str | None
    #: Blocking findings: plan-gap-reviewer only.
    blocking_findings: NotRequired[int]
    #: Scenario accounting: integration-verifier only.
    scenarios: NotRequired[Scenarios]
    #: The dispute adjudication: integration-verifier at ``12.10.0`` with ``disputes``.
    adjudication: NotRequired[Adjudication]


class Adjudication(TypedDict):
    """The verifier's adjudication of disputed REM-FIX findings (edition ``12.10.0``)."""

    upheld: list[int]
    rejected: list[int]
    #: Every dispatched position appears exactly once across ``upheld`` and ``rejected``.
    valid: bool


class ParseSessionSettingsResult(TypedDict):
    """The result of ``router.parse_session_settings``."""

    section_found: bool
    auto_proceed: bool
    just_go: bool
    diff_driven_docs_skip: bool


#: The result of ``router.parse_subject`` (functional form: ``class`` is a Python keyword).
ParseSubjectResult = TypedDict(
    "ParseSubjectResult",
    {"class": str, "workflow": str | None, "agent": str | None, "summary": str | None},
)
ParseSubjectResult.__doc__ = "The result of ``router.parse_subject``."


class ParseTaskMetadataResult(TypedDict):
    """The result of ``router.parse_task_metadata``."""

    wf: str
    kind: str
    origin: str | None
    phase: str | None
    plan: str | None
    scope: str | None
    reason: str | None
    body: str
    canonical: bool


class ParseWriteContractResult(TypedDict):
    """The result of ``router.parse_write_contract``."""

    agent: str
    status: str
    #: STATUS is the agent's pass claim (``None`` for researchers).
    claims_pass: bool | None
    #: Claims pass and no violations (``None`` for researchers).
    passed: bool | None
    violations: list[str]
    soft_pass: bool
    #: The contract's ``MEMORY_NOTES`` value as written (usually a mapping; any YAML value is
    #: kept, ``None`` when it is null).
    memory_notes: Any
    fields: dict[str, Any]
    #: component-builder only: SCOPE_INCREASES or BLOCKED_ITEMS non-empty.
    escalate_to_full: NotRequired[bool]


#: The result of ``router.parse_output``: a tagged union on ``kind`` (narrow with
#: ``if out["kind"] == "readonly": ...``); ``may_advance`` is on both.
ParseOutputResult: TypeAlias = Union[ReadonlyOutput, WriteOutput]


class ReconcileVerdictsResult(TypedDict):
    """The result of ``router.reconcile_verdicts``."""

    outcome: str
    contradiction: bool
    authoritative: dict[str, Any]


class RouteResult(TypedDict):
    """The result of ``router.route``."""

    workflow: str
    signal: str
    priority: int
    matched: list[str]
    chain: str
    announcement: str
    override: str | None
    matches: dict[str, Any]


class TaskGraphNode(TypedDict):
    """One child task of :class:`TaskGraphResult`."""

    phase: str
    kind: Literal["agent", "memory"]
    #: ``cc10x:`` + the dispatcher agent; ``None`` for the memory node.
    agent: str | None
    blocked_by: list[str]
    reason: str
    #: The task texts: only when ``task_graph`` was given a ``workflow_id``.
    subject: NotRequired[str]
    #: The seven metadata lines, a blank line, then ``body``.
    description: NotRequired[str]
    body: NotRequired[str]
    #: The template's ``activeForm`` (``None`` for TRIAGE and CODEBASE-HEALTH).
    active_form: NotRequired[str | None]


class TaskGraphResult(TypedDict):
    """The result of ``router.task_graph``."""

    workflow: str
    parent_phase: str | None
    #: The effective build scope: BUILD workflows only.
    build_scope: NotRequired[str]
    nodes: list[TaskGraphNode]


class ValidateWorkflowIdResult(TypedDict):
    """The result of ``router.validate_workflow_id``."""

    workflow_uuid: str
    timestamp: str
    nonce: str


class AgentInfo(TypedDict):
    """One agent of ``router.agents``: its bare and ``cc10x:`` names and its output kind."""

    name: str
    qualified: str
    kind: Literal["readonly", "write"]


class AgentsResult(TypedDict):
    """The result of ``router.agents``."""

    edition: str
    agents: list[AgentInfo]


def agents(*, edition: Edition | None = None) -> list[AgentInfo]:
    """The agents an edition knows (default ``11.0.0``), in its table order, each with the output
    kind :func:`parse_output` gives for it (``router.agents``)."""
    result: AgentsResult = forward("router.agents", {}, edition=edition)
    return result["agents"]


def build_scope(
    files_touched: int,
    single_change: bool,
    testable_outcomes: int,
    cross_module: bool,
    *,
    plan: str | None = None,
    edition: Edition | None = None,
) -> BuildScopeResult:
    """Decide trivial or standard BUILD scope: a plan makes it standard; trivial needs 1-2 files, one change, one testable outcome and no cross-module edit (``router.build_scope``)."""
    result: BuildScopeResult = forward(
        "router.build_scope",
        {
            "files_touched": files_touched,
            "single_change": single_change,
            "testable_outcomes": testable_outcomes,
            "cross_module": cross_module,
        },
        plan=plan,
        edition=edition,
    )
    return result


def check_artifact(
    text: str, workflow_uuid: str, *, edition: Edition | None = None
) -> CheckArtifactResult:
    """Read-back gate for an artifact: strict JSON, no __PLACEHOLDER__ left, every skeleton key of the edition, matching ids, a known type (``router.check_artifact``)."""
    result: CheckArtifactResult = forward(
        "router.check_artifact",
        {"text": text, "workflow_uuid": workflow_uuid},
        edition=edition,
    )
    return result


def dispatch(
    kind: str,
    *,
    phase: str | None = None,
    origin: str | None = None,
    edition: Edition | None = None,
) -> DispatchResult:
    """Pick the agent (or inline mode) for a task from kind, phase and origin by the edition's dispatch table (``router.dispatch``)."""
    result: DispatchResult = forward(
        "router.dispatch", {"kind": kind}, phase=phase, origin=origin, edition=edition
    )
    return result


def event_line(
    now: Time,
    wf: str,
    event: str,
    phase: str,
    task_id: str | None,
    agent: str,
    decision: str,
    reason: str,
    *,
    duration_seconds: float | None = None,
    work_category: str | None = None,
    details: Any | None = None,
    edition: Edition | None = None,
) -> str:
    """One compact events.jsonl line for a workflow event (fixed key order, details keys sorted, newline-terminated) (``router.event_line``)."""
    line: str = forward(
        "router.event_line",
        {
            "now": now,
            "wf": wf,
            "event": event,
            "phase": phase,
            "task_id": task_id,
            "agent": agent,
            "decision": decision,
            "reason": reason,
        },
        duration_seconds=duration_seconds,
        work_category=work_category,
        details=details,
        edition=edition,
    )["line"]
    return line


def format_marker(
    marker: str,
    wf: str,
    *,
    reason: str | None = None,
    memory_task_id: str | None = None,
    edition: Edition | None = None,
) -> str:
    """Format a BUILD-START/DEBUG-RESET/PLAN-START/SCOPE-DECISION-PENDING/MEMORY-TASK-ID marker for a valid workflow id (``router.format_marker``)."""
    text: str = forward(
        "router.format_marker",
        {"marker": marker, "wf": wf},
        reason=reason,
        memory_task_id=memory_task_id,
        edition=edition,
    )["text"]
    return text


def format_task_metadata(
    wf: str,
    kind: str,
    origin: str,
    phase: str,
    *,
    plan: str | None = None,
    scope: str | None = None,
    reason: str | None = None,
    body: str | None = None,
    edition: Edition | None = None,
) -> str:
    """Format the canonical seven-line metadata block (plan, scope and reason default to N/A), optionally with a body after a blank line (``router.format_task_metadata``)."""
    text: str = forward(
        "router.format_task_metadata",
        {"wf": wf, "kind": kind, "origin": origin, "phase": phase},
        plan=plan,
        scope=scope,
        reason=reason,
        body=body,
        edition=edition,
    )["text"]
    return text


def loop_gate(loop: str, count: int, *, edition: Edition | None = None) -> LoopGateResult:
    """Whether another remfix/investigation/research/plan_review loop is allowed before a human checkpoint (caps 3/2/2/2 per workflow) (``router.loop_gate``)."""
    result: LoopGateResult = forward(
        "router.loop_gate", {"loop": loop, "count": count}, edition=edition
    )
    return result


def model_tier(
    agent: str,
    *,
    build_scope: str | None = None,
    escalate: bool | None = None,
    requested_tier: str | None = None,
    edition: Edition | None = None,
) -> ModelTierResult:
    """Recommend an abstract model tier for an agent (the requested tier, else the recommended one); the reviewers' floor raises a lower tier to standard (``router.model_tier``)."""
    result: ModelTierResult = forward(
        "router.model_tier",
        {"agent": agent},
        build_scope=build_scope,
        escalate=escalate,
        requested_tier=requested_tier,
        edition=edition,
    )
    return result


def new_artifact(
    workflow_uuid: str,
    workflow_type: str,
    user_request: str,
    now: Time,
    *,
    edition: Edition | None = None,
) -> dict[str, Any]:
    """A new workflow artifact: the edition's skeleton (35 top-level keys at 11.0.0, 40 at 12.7.0) with the id, type, request, first status entry and timestamps filled (``router.new_artifact``)."""
    artifact: dict[str, Any] = forward(
        "router.new_artifact",
        {
            "workflow_uuid": workflow_uuid,
            "workflow_type": workflow_type,
            "user_request": user_request,
            "now": now,
        },
        edition=edition,
    )["artifact"]
    return artifact


def new_workflow_id(now: Time, nonce: str, *, edition: Edition | None = None) -> str:
    """Mint wf-YYYYMMDDTHHMMSSZ-<nonce> from now (UTC) and an 8-hex-digit nonce (written in lower case) (``router.new_workflow_id``)."""
    workflow_uuid: str = forward(
        "router.new_workflow_id", {"now": now, "nonce": nonce}, edition=edition
    )["workflow_uuid"]
    return workflow_uuid


def parse_brainstorm_handoff(
    output: str, *, edition: Edition | None = None
) -> ParseBrainstormHandoffResult:
    """Read DESIGN_FILE, DESIGN_SUMMARY and MEMORY_NOTES from the inline brainstorming handoff block (``router.parse_brainstorm_handoff``)."""
    result: ParseBrainstormHandoffResult = forward(
        "router.parse_brainstorm_handoff",
        {"output": output},
        edition=edition,
    )
    return result


def parse_markers(text: str, *, edition: Edition | None = None) -> ParseMarkersResult:
    """Find workflow markers in a memory text and count DEBUG attempts since the last reset (three or more is stuck) (``router.parse_markers``)."""
    result: ParseMarkersResult = forward("router.parse_markers", {"text": text}, edition=edition)
    return result


def parse_output(
    agent: str,
    output: str,
    *,
    task: Mapping[str, Any] | None = None,
    disputes: int | None = None,
    kind: str | None = None,
    dispatched_findings: int | None = None,
    edition: Edition | None = None,
) -> ParseOutputResult:
    """Validate any agent's output with the read-only or write-contract parser its agent needs (``router.parse_output``)."""
    result: ParseOutputResult = forward(
        "router.parse_output",
        {"agent": agent, "output": output},
        task=task,
        disputes=disputes,
        kind=kind,
        dispatched_findings=dispatched_findings,
        edition=edition,
    )
    return result


def parse_readonly_output(
    agent: str,
    output: str,
    *,
    task: Mapping[str, Any] | None = None,
    disputes: int | None = None,
    edition: Edition | None = None,
) -> ParseReadonlyOutputResult:
    """Validate a read-only agent's output: envelope, heading, issues, intent, scenarios, overrides; the stricter of the heading and reported status wins (``router.parse_readonly_output``)."""
    result: ParseReadonlyOutputResult = forward(
        "router.parse_readonly_output",
        {"agent": agent, "output": output},
        task=task,
        disputes=disputes,
        edition=edition,
    )
    return result


def parse_session_settings(
    text: str, *, edition: Edition | None = None
) -> ParseSessionSettingsResult:
    """Read AUTO_PROCEED and DIFF_DRIVEN_DOCS from the ## Session Settings section of activeContext.md (``router.parse_session_settings``)."""
    result: ParseSessionSettingsResult = forward(
        "router.parse_session_settings", {"text": text}, edition=edition
    )
    return result


def parse_subject(subject: str, *, edition: Edition | None = None) -> ParseSubjectResult:
    """Classify a task subject by its prefix, first match wins: parent, memory, child, forbidden TODO, unknown CC10X, legacy parent, foreign (``router.parse_subject``)."""
    result: ParseSubjectResult = forward(
        "router.parse_subject", {"subject": subject}, edition=edition
    )
    return result


def parse_task_metadata(
    description: str,
    *,
    require_all: bool | None = None,
    edition: Edition | None = None,
) -> ParseTaskMetadataResult:
    """Parse and validate the metadata block of a task description: the leading key:value lines, no key twice, wf and kind always required (all seven with require_all) (``router.parse_task_metadata``)."""
    result: ParseTaskMetadataResult = forward(
        "router.parse_task_metadata",
        {"description": description},
        require_all=require_all,
        edition=edition,
    )
    return result


def parse_write_contract(
    agent: str,
    output: str,
    *,
    kind: str | None = None,
    dispatched_findings: int | None = None,
    edition: Edition | None = None,
) -> ParseWriteContractResult:
    """Validate a write agent's YAML Router Contract and its agent's pass conditions (``router.parse_write_contract``); ``kind="remfix"`` turns on the 12.10.0 covering-test proof."""
    result: ParseWriteContractResult = forward(
        "router.parse_write_contract",
        {"agent": agent, "output": output},
        kind=kind,
        dispatched_findings=dispatched_findings,
        edition=edition,
    )
    return result


def reconcile_verdicts(
    verdicts: list[Mapping[str, Any]], *, edition: Edition | None = None
) -> ReconcileVerdictsResult:
    """Reconcile agent verdicts: any fail fails, the stricter verdict is authoritative (never averaged) (``router.reconcile_verdicts``)."""
    result: ReconcileVerdictsResult = forward(
        "router.reconcile_verdicts", {"verdicts": verdicts}, edition=edition
    )
    return result


def resolve_scope_reply(reply: str, *, edition: Edition | None = None) -> str:
    """Map a reply to the scope gate onto CRITICAL_ONLY or ALL_ISSUES; both phrases are ambiguous, neither is unrecognized (``router.resolve_scope_reply``)."""
    scope: str = forward("router.resolve_scope_reply", {"reply": reply}, edition=edition)["scope"]
    return scope


def route(request: str, *, edition: Edition | None = None) -> RouteResult:
    """Route a request to a workflow by the signal table (router.md 4.1) (``router.route``)."""
    result: RouteResult = forward("router.route", {"request": request}, edition=edition)
    return result


def task_graph(
    workflow: str,
    *,
    build_scope: str | None = None,
    diff_driven_docs_skip: bool | None = None,
    workflow_id: str | None = None,
    plan: str | None = None,
    phase_id: str | None = None,
    summary: str | None = None,
    edition: Edition | None = None,
) -> TaskGraphResult:
    """The child-task graph of a workflow (trivial or standard BUILD scope) with agents, reasons and blockers (``router.task_graph``).

    With ``workflow_id`` every node also carries its task texts (``subject``, ``description``,
    ``body``, ``active_form``) from the repo's TaskCreate templates; ``plan`` fills the BUILD
    standard ``plan:`` lines, ``phase_id`` the builder's subject, and ``summary`` the first
    subject of DEBUG / REVIEW / PLAN / TRIAGE (required there).
    """
    result: TaskGraphResult = forward(
        "router.task_graph",
        {"workflow": workflow},
        build_scope=build_scope,
        diff_driven_docs_skip=diff_driven_docs_skip,
        workflow_id=workflow_id,
        plan=plan,
        phase_id=phase_id,
        summary=summary,
        edition=edition,
    )
    return result


def validate_workflow_id(
    workflow_uuid: str, *, edition: Edition | None = None
) -> ValidateWorkflowIdResult:
    """Validate a workflow id (wf-, a real UTC date and time, 8 hex digits) and split it into timestamp and nonce (``router.validate_workflow_id``)."""
    result: ValidateWorkflowIdResult = forward(
        "router.validate_workflow_id",
        {"workflow_uuid": workflow_uuid},
        edition=edition,
    )
    return result
