"""The router's workflow steps (router-workflow.md §4.31–4.39): resume, runnable tasks, the
memory task, follow-up graphs, the scope-decision resume, the artifact update, the memory
finalisation, the intent readiness gate and the plan-trust gate.

Thin typed wrappers over the ``router.*`` ops; every rule lives in the Rust core. Every function
takes ``edition`` (``"11.0.0"``, the default, or ``"12.7.0"``).
"""

from __future__ import annotations

from collections.abc import Mapping

from typing import Any, Literal, TypedDict

from ._ops import Time, forward
from ._words import Edition
from ._api import (
    router_active_workflows as active_workflows,
    router_artifact_fresh as artifact_fresh,
    router_edition_for_version as edition_for_version,
    router_finalize_memory as finalize_memory,
    router_intent_ready as intent_ready,
    router_memory_evidence as memory_evidence,
    router_memory_task as memory_task,
    router_plan_trust_gate as plan_trust_gate,
    router_pre_tool_use as pre_tool_use,
    router_remfix_completion as remfix_completion,
    router_runnable_tasks as runnable_tasks,
    router_scope_decision as scope_decision,
)
from ._types import (
    ActiveWorkflowsResult,
    ArtifactFreshResult,
    EditionForVersionResult,
    FinalizeMemoryResult,
    IntentReadyResult,
    InvalidTask,
    MemoryEvidenceResult,
    MemoryTaskResult,
    ParentTask,
    PlanTrustResult,
    PlannedTask,
    PreToolUseResult,
    RemfixCompletionResult,
    RunnableRow,
    RunnableTasksResult,
    UpdateArtifactResult,
)
from . import _api
from ._types import (
    FollowupResult,
    ScopeDecisionResult,
    Task,
)

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
    out: UpdateArtifactResult = _api.router_update_artifact(
        artifact_text=artifact_text,
        workflow_uuid=workflow_uuid,
        now=now,
        agent=agent,
        result=result,
        error=error,
        phase=phase,
        task_id=task_id,
        edition=edition,
    )
    return out


