"""The router's workflow steps (router-workflow.md §4.31–4.39): resume, runnable tasks, the
memory task, follow-up graphs, the scope-decision resume, the artifact update, the memory
finalisation, the intent readiness gate and the plan-trust gate.

Thin typed wrappers over the ``router.*`` ops; every rule lives in the Rust core. Every function
takes ``edition`` (``"11.0.0"``, the default, or ``"12.7.0"``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from typing import Any, Literal, TypedDict

from ._ops import Time, forward
from ._words import Edition

# ``Edition`` (generated into ``_words`` from the core's edition table): every ``fourx.router``
# function takes ``edition``; another string is :class:`fourx.InvalidValue`.

__all__ = [
    "Edition",
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
    "active_workflows",
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
    "RemfixCompletionResult",
    "PreToolUseResult",
    "remfix_completion",
    "pre_tool_use",
]

class _TaskBase(TypedDict):
    id: str
    subject: str
    description: str
    status: Literal["pending", "in_progress", "completed", "deleted"]


class Task(_TaskBase, total=False):
    """One task of the host's ``TaskList()`` (router-workflow.md §2.3)."""

    blocked_by: list[str] | None


class ParentTask(TypedDict):
    """An open CC10X parent task."""

    task_id: str
    workflow: str
    wf: str | None


class ActiveWorkflowsResult(TypedDict):
    """The result of ``router.active_workflows``."""

    active: list[ParentTask]
    legacy: list[str]
    decision: Literal["resume", "choose", "ask_legacy", "none", "not_found"]
    selected: ParentTask | None


class RunnableRow(TypedDict):
    """One task of the workflow in ``router.runnable_tasks``."""

    id: str
    kind: str
    phase: str | None
    status: str
    #: ``serialized``: free to run, but another code-writing task holds the writer slot.
    state: Literal[
        "done", "waiting_on_remediation", "blocked", "ask_user", "serialized", "runnable"
    ]
    unresolved_blockers: list[str]
    dispatch: dict[str, Any] | None


class InvalidTask(TypedDict):
    """A belonging task whose metadata fails, or a task of the workflow without the ``CC10X ``
    subject prefix (``error`` ``invalid_value``, ``field`` ``subject``)."""

    id: str
    error: str
    field: str | None


class RunnableTasksResult(TypedDict):
    """The result of ``router.runnable_tasks``."""

    workflow_id: str
    parent: str | None
    tasks: list[RunnableRow]
    runnable: list[str]
    parallel: list[str] | None
    waiting: list[str]
    ask_user: list[str]
    invalid: list[InvalidTask]
    next_action: Literal[
        "repair_metadata", "ask_user", "run_memory_inline", "dispatch", "complete", "wait", "stalled"
    ]


class MemoryTaskResult(TypedDict):
    """The result of ``router.memory_task``."""

    memory_task_id: str | None
    marker: Literal["match", "stale", "other_wf", "absent"]
    persist_marker: bool
    marker_text: str | None


#: A task to create (``ref`` is the local ``new:<name>``).
PlannedTask = TypedDict(
    "PlannedTask",
    {
        "ref": str,
        "subject": str,
        "description": str,
        "active_form": str | None,
        "agent": str,
        "blocked_by": list[str],
    },
)

PlannedTask.__doc__ = "A task to create (``ref`` is the local ``new:<name>``)."


class _FollowupBase(TypedDict):
    graph: Literal["remfix", "re_review", "investigation", "escalate_full", "plan_prune"]
    decision: str
    creates: list[PlannedTask]
    updates: list[dict[str, Any]]
    stop: bool


class FollowupResult(_FollowupBase, total=False):
    """The result of ``router.followup_tasks``; the graph decides which extra keys appear."""

    cycle_number: int | None
    loop_increments: dict[str, int]
    completed_remfix: int
    build_scope: str
    memory_unblocked: bool | None


class _ScopeDecisionBase(TypedDict):
    pending: bool
    action: Literal["route_normally", "ask_again", "create_remfix", "ask_user"]
    scope: str | None
    wf: str | None
    reason: str | None
    active_context: str
    followup: FollowupResult | None
    stop: bool


class ScopeDecisionResult(_ScopeDecisionBase, total=False):
    """The result of ``router.scope_decision`` (``options`` only with ``ask_again``)."""

    options: list[str]


class UpdateArtifactResult(TypedDict):
    """The result of ``router.update_artifact``."""

    artifact: dict[str, Any]
    text: str


class FinalizeMemoryResult(TypedDict):
    """The result of ``router.finalize_memory``."""

    active_context: str
    progress: str
    patterns: str


class IntentReadyResult(TypedDict):
    """The result of ``router.intent_ready``."""

    ready: bool
    failed: list[str]
    action: Literal["proceed", "switch_to_plan", "halt_contradiction", "ask_specificity"]
    pending_gate: str | None
    unverifiable: list[str]


def active_workflows(
    tasks: list[Task], *, workflow_id: str | None = None, edition: Edition | None = None
) -> ActiveWorkflowsResult:
    """Resume step 1: active and legacy parents and the decision (``router.active_workflows``)."""
    result: ActiveWorkflowsResult = forward(
        "router.active_workflows", {"tasks": tasks}, workflow_id=workflow_id, edition=edition
    )
    return result


def runnable_tasks(
    tasks: list[Task],
    workflow_id: str,
    *,
    mode: Literal["loop", "resume"] | None = None,
    edition: Edition | None = None,
) -> RunnableTasksResult:
    """The workflow's tasks, their states and the next action (``router.runnable_tasks``)."""
    result: RunnableTasksResult = forward(
        "router.runnable_tasks",
        {"tasks": tasks, "workflow_id": workflow_id},
        mode=mode,
        edition=edition,
    )
    return result


def memory_task(
    tasks: list[Task],
    workflow_id: str,
    *,
    active_context: str | None = None,
    edition: Edition | None = None,
) -> MemoryTaskResult:
    """The unique open memory task and its marker (``router.memory_task``)."""
    result: MemoryTaskResult = forward(
        "router.memory_task",
        {"tasks": tasks, "workflow_id": workflow_id},
        active_context=active_context,
        edition=edition,
    )
    return result


def followup_tasks(
    graph: Literal["remfix", "re_review", "investigation", "escalate_full", "plan_prune"],
    tasks: list[Task],
    workflow_id: str,
    *,
    edition: Edition | None = None,
    **inputs: Any,
) -> FollowupResult:
    """The task plan of a follow-up graph; ``inputs`` are the graph's own keys
    (``router.followup_tasks``)."""
    result: FollowupResult = forward(
        "router.followup_tasks",
        {"graph": graph, "tasks": tasks, "workflow_id": workflow_id},
        edition=edition,
        **inputs,
    )
    return result


def scope_decision(
    active_context: str,
    reply: str,
    *,
    workflow_id: str | None = None,
    tasks: list[Task] | None = None,
    origin: str | None = None,
    phase: str | None = None,
    plan: str | None = None,
    edition: Edition | None = None,
) -> ScopeDecisionResult:
    """Resume a pending scope decision (``router.scope_decision``)."""
    result: ScopeDecisionResult = forward(
        "router.scope_decision",
        {"active_context": active_context, "reply": reply},
        workflow_id=workflow_id,
        tasks=tasks,
        origin=origin,
        phase=phase,
        plan=plan,
        edition=edition,
    )
    return result


def update_artifact(
    artifact_text: str,
    workflow_uuid: str,
    now: Time,
    agent: str,
    result: Mapping[str, Any] | None = None,
    *,
    error: Mapping[str, Any] | None = None,
    phase: str | None = None,
    task_id: str | None = None,
    edition: Edition | None = None,
) -> UpdateArtifactResult:
    """Write one agent's result into the workflow artifact (``router.update_artifact``).

    Give ``result`` (the parser's result) or ``error`` (the error document, or its inner
    ``{kind, message}``, of an output that did not parse — e.g. ``{"kind": e.kind, "message":
    e.message}`` from a caught :class:`fourx.FourxError`): an unparseable output is recorded as a
    failing result and counts as a fix round. Besides results, evidence and task ids, the update
    writes ``proof_status``, BUILD ``phase_status``/``phase_cursor``, ``pending_gate``,
    ``status_history`` and ``remediation_history``.
    """
    out: UpdateArtifactResult = forward(
        "router.update_artifact",
        {
            "artifact_text": artifact_text,
            "workflow_uuid": workflow_uuid,
            "now": now,
            "agent": agent,
        },
        result=result,
        error=error,
        phase=phase,
        task_id=task_id,
        edition=edition,
    )
    return out


def finalize_memory(
    active_context: str,
    progress: str,
    patterns: str,
    workflow_type: str,
    workflow_uuid: str,
    now: Time,
    *,
    memory_task_id: str | None = None,
    notes: dict[str, Sequence[str]] | None = None,
    tasks: Sequence[Mapping[str, Any]] | None = None,
    completed: Sequence[str] | None = None,
    plan_file: str | None = None,
    design_file: str | None = None,
    clarification_needed: bool | None = None,
    debug_summary: str | None = None,
    edition: Edition | None = None,
) -> FinalizeMemoryResult:
    """The memory finalisation edits of the three memory files (``router.finalize_memory``)."""
    result: FinalizeMemoryResult = forward(
        "router.finalize_memory",
        {
            "active_context": active_context,
            "progress": progress,
            "patterns": patterns,
            "workflow_type": workflow_type,
            "workflow_uuid": workflow_uuid,
            "now": now,
        },
        memory_task_id=memory_task_id,
        notes=notes,
        tasks=tasks,
        completed=completed,
        plan_file=plan_file,
        design_file=design_file,
        clarification_needed=clarification_needed,
        debug_summary=debug_summary,
        edition=edition,
    )
    return result


class PlanTrustResult(TypedDict):
    """The result of ``router.plan_trust_gate``."""

    passed: bool
    #: A plan artifact exists (``plan_file`` set).
    plan: bool
    failed: list[
        Literal[
            "open_decisions_resolved",
            "differences_present",
            "plan_mode_explicit",
            "verification_rigor_explicit",
            "phases_complete",
            "constraints_consistent",
        ]
    ]
    action: Literal["start_build", "ask_clarification", "nogo_contradiction"]
    pending_gate: str | None
    unresolved_decisions: list[Any]
    phases_without_exit_criteria: list[str]


def plan_trust_gate(
    artifact_text: str,
    workflow_uuid: str,
    *,
    planner: Mapping[str, Any] | None = None,
    contradictions: Sequence[Mapping[str, str]] | None = None,
    edition: Edition | None = None,
) -> PlanTrustResult:
    """The plan-trust gate before BUILD (``router.plan_trust_gate``): no BUILD while an Open
    Decision is unapproved; with a plan, Differences from agreement present, explicit plan mode
    and rigor, exit criteria and acceptance criteria. ``planner`` is the planner's
    ``parse_write_contract`` result (or its ``fields``); ``contradictions`` lists the
    ``{decision, constraint}`` pairs the host found."""
    result: PlanTrustResult = forward(
        "router.plan_trust_gate",
        {"artifact_text": artifact_text, "workflow_uuid": workflow_uuid},
        planner=planner,
        contradictions=contradictions,
        edition=edition,
    )
    return result


def intent_ready(
    target: Literal["BUILD", "PLAN"],
    source_files: int,
    acceptance_criteria: Sequence[Mapping[str, Any]],
    *,
    contradictions: Sequence[Mapping[str, str]] | None = None,
    edition: Edition | None = None,
) -> IntentReadyResult:
    """The intent readiness gate (``router.intent_ready``)."""
    result: IntentReadyResult = forward(
        "router.intent_ready",
        {
            "target": target,
            "source_files": source_files,
            "acceptance_criteria": acceptance_criteria,
        },
        contradictions=contradictions,
        edition=edition,
    )
    return result


class MemoryEvidenceResult(TypedDict):
    """The result of ``router.memory_evidence``."""

    ok: bool
    gaps: list[
        Literal[
            "origin_not_router",
            "missing_router_only_marker",
            "subject_not_router_owned",
            "missing_memory_finalized_event",
        ]
    ]


class ArtifactFreshResult(TypedDict):
    """The result of ``router.artifact_fresh``."""

    fresh: bool
    age_seconds: int


class EditionForVersionResult(TypedDict):
    """The result of ``router.edition_for_version``."""

    #: The edition to run the checks with (never ``None``).
    edition: Edition
    #: The version lies in the edition's own range; when false it is an unknown version and
    #: every finding only warns.
    exact: bool


class RemfixCompletionResult(TypedDict):
    """The result of ``router.remfix_completion``."""

    earlier_cycles: int
    cap: int
    allowed: bool
    history_missing: bool


class PreToolUseResult(TypedDict):
    """The result of ``router.pre_tool_use``."""

    decision: Literal["allow", "deny"]
    guard: Literal["git", "qa_denied_read", "qa_plan_write", "bash_scope", "malformed"] | None
    reason: str | None
    consume_approval: bool


def memory_evidence(
    subject: str,
    description: str,
    *,
    events: str | None = None,
    edition: Edition | None = None,
) -> MemoryEvidenceResult:
    """The router-owned evidence of a completing memory task (``router.memory_evidence``)."""
    result: MemoryEvidenceResult = forward(
        "router.memory_evidence",
        {"subject": subject, "description": description},
        events=events,
        edition=edition,
    )
    return result


def artifact_fresh(
    modified_at: Time,
    now: Time,
    *,
    max_age_seconds: int | None = None,
    edition: Edition | None = None,
) -> ArtifactFreshResult:
    """Whether an artifact write is fresh (``router.artifact_fresh``)."""
    result: ArtifactFreshResult = forward(
        "router.artifact_fresh",
        {"modified_at": modified_at, "now": now},
        max_age_seconds=max_age_seconds,
        edition=edition,
    )
    return result


def edition_for_version(
    version: str, *, edition: Edition | None = None
) -> EditionForVersionResult:
    """The contract edition of an installed cc10x plugin version (``router.edition_for_version``)."""
    result: EditionForVersionResult = forward(
        "router.edition_for_version", {"version": version}, edition=edition
    )
    return result


def remfix_completion(
    artifact: Mapping[str, Any] | str, *, edition: Edition | None = None
) -> RemfixCompletionResult:
    """The TaskCompleted check of a completing REM-FIX (``router.remfix_completion``)."""
    result: RemfixCompletionResult = forward(
        "router.remfix_completion", {"artifact": artifact}, edition=edition
    )
    return result


def pre_tool_use(
    tool_name: str,
    project_dir: str,
    *,
    tool_input: Mapping[str, Any] | None = None,
    artifact: Mapping[str, Any] | str | None = None,
    events: str | None = None,
    approval: Mapping[str, Any] | None = None,
    now: Time | None = None,
    edition: Edition | None = None,
) -> PreToolUseResult:
    """cc10x's PreToolUse guards as one decision (``router.pre_tool_use``)."""
    result: PreToolUseResult = forward(
        "router.pre_tool_use",
        {"tool_name": tool_name, "project_dir": project_dir},
        tool_input=tool_input,
        artifact=artifact,
        events=events,
        approval=approval,
        now=now,
        edition=edition,
    )
    return result
