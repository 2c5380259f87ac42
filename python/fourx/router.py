"""fourx.router — the router contract (router.md): intent routing, task metadata, workflow ids,
dispatch, validation of agent outputs, memory files and the per-agent prompt frame.

Thin typed wrappers over the ``router.*`` ops: every rule lives in the Rust core, each function
converts its arguments and forwards them. :func:`parse_output` validates any agent's output with
the parser its agent needs (read-only envelope or YAML write contract).
"""

from __future__ import annotations


from typing import Any

from ._ops import Time

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
from ._api import (
    router_build_scope as build_scope,
    router_check_artifact as check_artifact,
    router_dispatch as dispatch,
    router_loop_gate as loop_gate,
    router_model_tier as model_tier,
    router_parse_brainstorm_handoff as parse_brainstorm_handoff,
    router_parse_markers as parse_markers,
    router_parse_output as parse_output,
    router_parse_readonly_output as parse_readonly_output,
    router_parse_session_settings as parse_session_settings,
    router_parse_subject as parse_subject,
    router_parse_task_metadata as parse_task_metadata,
    router_parse_write_contract as parse_write_contract,
    router_reconcile_verdicts as reconcile_verdicts,
    router_route as route,
    router_task_graph as task_graph,
    router_validate_workflow_id as validate_workflow_id,
)
from ._types import (
    Adjudication,
    Advice,
    AgentInfo,
    AgentsResult,
    BuildScopeResult,
    CheckArtifactResult,
    DispatchResult,
    LoopGateResult,
    ModelTierResult,
    ParseBrainstormHandoffResult,
    ParseMarkersResult,
    ParseOutputResult,
    ParseReadonlyOutputResult,
    ParseSessionSettingsResult,
    ParseSubjectResult,
    ParseTaskMetadataResult,
    ParseWriteContractResult,
    ReadonlyOutput,
    ReconcileVerdictsResult,
    RouteResult,
    Scenarios,
    TaskGraphNode,
    TaskGraphResult,
    ValidateWorkflowIdResult,
    WriteOutput,
)
from . import _api

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


def agents(*, edition: Edition | None = None) -> list[AgentInfo]:
    """The agents an edition knows (default ``11.0.0``), in its table order, each with the output
    kind :func:`parse_output` gives for it (``router.agents``)."""
    result: AgentsResult = _api.router_agents(edition=edition)
    return result["agents"]


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
    line: str = _api.router_event_line(
        now=now,
        wf=wf,
        event=event,
        phase=phase,
        task_id=task_id,
        agent=agent,
        decision=decision,
        reason=reason,
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
    text: str = _api.router_format_marker(
        marker=marker, wf=wf, reason=reason, memory_task_id=memory_task_id, edition=edition
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
    text: str = _api.router_format_task_metadata(
        wf=wf,
        kind=kind,
        origin=origin,
        phase=phase,
        plan=plan,
        scope=scope,
        reason=reason,
        body=body,
        edition=edition,
    )["text"]
    return text


def new_artifact(
    workflow_uuid: str,
    workflow_type: str,
    user_request: str,
    now: Time,
    *,
    edition: Edition | None = None,
) -> dict[str, Any]:
    """A new workflow artifact: the edition's skeleton (35 top-level keys at 11.0.0, 40 at 12.7.0) with the id, type, request, first status entry and timestamps filled (``router.new_artifact``)."""
    artifact: dict[str, Any] = _api.router_new_artifact(
        workflow_uuid=workflow_uuid,
        workflow_type=workflow_type,
        user_request=user_request,
        now=now,
        edition=edition,
    )["artifact"]
    return artifact


def new_workflow_id(now: Time, nonce: str, *, edition: Edition | None = None) -> str:
    """Mint wf-YYYYMMDDTHHMMSSZ-<nonce> from now (UTC) and an 8-hex-digit nonce (written in lower case) (``router.new_workflow_id``)."""
    workflow_uuid: str = _api.router_new_workflow_id(
        now=now, nonce=nonce, edition=edition
    )["workflow_uuid"]
    return workflow_uuid


def resolve_scope_reply(reply: str, *, edition: Edition | None = None) -> str:
    """Map a reply to the scope gate onto CRITICAL_ONLY or ALL_ISSUES; both phrases are ambiguous, neither is unrecognized (``router.resolve_scope_reply``)."""
    scope: str = _api.router_resolve_scope_reply(reply=reply, edition=edition)["scope"]
    return scope


