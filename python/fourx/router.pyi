from typing import Any, Literal, TypedDict

from ._router_prompt import (
    MemoryCheck as MemoryCheck,
    MemoryRepair as MemoryRepair,
    GateDecision as GateDecision,
    ResearchFiles as ResearchFiles,
    PrecedenceSource as PrecedenceSource,
    RankedSource as RankedSource,
    Precedence as Precedence,
    ReviewerFindings as ReviewerFindings,
    HunterFindings as HunterFindings,
    PreviousFindings as PreviousFindings,
    IntentContract as IntentContract,
    DomainFile as DomainFile,
    Prompt as Prompt,
    check_memory as check_memory,
    repair_memory as repair_memory,
    memory_template as memory_template,
    just_go_gate as just_go_gate,
    skill_hints as skill_hints,
    skill_precedence as skill_precedence,
    format_previous_findings as format_previous_findings,
    build_prompt as build_prompt,
)

# The workflow steps (router-workflow.md §4.31–§4.38) live in their own module.
from ._router_workflow import (
    Task as Task,
    ParentTask as ParentTask,
    ActiveWorkflowsResult as ActiveWorkflowsResult,
    RunnableRow as RunnableRow,
    InvalidTask as InvalidTask,
    RunnableTasksResult as RunnableTasksResult,
    MemoryTaskResult as MemoryTaskResult,
    PlannedTask as PlannedTask,
    FollowupResult as FollowupResult,
    ScopeDecisionResult as ScopeDecisionResult,
    UpdateArtifactResult as UpdateArtifactResult,
    FinalizeMemoryResult as FinalizeMemoryResult,
    IntentReadyResult as IntentReadyResult,
    active_workflows as active_workflows,
    runnable_tasks as runnable_tasks,
    memory_task as memory_task,
    followup_tasks as followup_tasks,
    scope_decision as scope_decision,
    update_artifact as update_artifact,
    finalize_memory as finalize_memory,
    intent_ready as intent_ready,
    MemoryEvidenceResult as MemoryEvidenceResult,
    ArtifactFreshResult as ArtifactFreshResult,
    EditionForVersionResult as EditionForVersionResult,
    memory_evidence as memory_evidence,
    artifact_fresh as artifact_fresh,
    edition_for_version as edition_for_version,
)

__all__ = [
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
    "MemoryEvidenceResult",
    "ArtifactFreshResult",
    "EditionForVersionResult",
    "memory_evidence",
    "artifact_fresh",
    "edition_for_version",
    "BuildScopeResult",
    "CheckArtifactResult",
    "DispatchResult",
    "LoopGateResult",
    "ModelTierResult",
    "ParseBrainstormHandoffResult",
    "ParseMarkersResult",
    "ParseOutputResult",
    "ParseReadonlyOutputResult",
    "ParseSessionSettingsResult",
    "ParseSubjectResult",
    "ParseTaskMetadataResult",
    "ParseWriteContractResult",
    "ReconcileVerdictsResult",
    "RouteResult",
    "TaskGraphResult",
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
    build_scope: str
    reason: str

class CheckArtifactResult(TypedDict):
    workflow_uuid: str
    workflow_type: str

class DispatchResult(TypedDict):
    mode: str
    agent: str | None

class LoopGateResult(TypedDict):
    loop: str
    cap: int
    count: int
    allowed: bool
    checkpoint_required: bool

class ModelTierResult(TypedDict):
    agent: str
    tier: str
    recommended: str
    floor: str | None
    floor_applied: bool

class ParseBrainstormHandoffResult(TypedDict):
    design_file: str
    design_summary: str
    memory_notes: dict[str, Any] | None

class ParseMarkersResult(TypedDict):
    markers: list[dict[str, Any]]
    debug_attempts: int
    debug_stuck: bool

class ParseOutputResult(TypedDict):
    kind: Literal["readonly", "write"]
    result: dict[str, Any]
    may_advance: bool

class ParseReadonlyOutputResult(TypedDict):
    agent: str
    source: str
    envelope_error: str | None
    heading_status: str
    reported_status: str
    status: str
    blocking: bool
    critical_issues: list[str]
    critical_count: int
    intent: dict[str, Any]
    checks: list[str]
    needs_inline_verification: bool
    passes: bool
    memory_notes: dict[str, Any]
    self_remediated: bool
    remediation_source: str | None
    blocking_findings: int
    scenarios: dict[str, Any]

class ParseSessionSettingsResult(TypedDict):
    section_found: bool
    auto_proceed: bool
    just_go: bool
    diff_driven_docs_skip: bool

ParseSubjectResult = TypedDict(
    "ParseSubjectResult",
    {"class": str, "workflow": str | None, "agent": str | None, "summary": str},
)

class ParseTaskMetadataResult(TypedDict):
    wf: str
    kind: str
    origin: str | None
    phase: str
    plan: str | None
    scope: str | None
    reason: str
    body: str
    canonical: bool

class ParseWriteContractResult(TypedDict):
    agent: str
    status: str
    claims_pass: bool
    passed: bool | None
    violations: list[str]
    soft_pass: bool
    memory_notes: dict[str, Any]
    fields: dict[str, Any]
    escalate_to_full: bool

class ReconcileVerdictsResult(TypedDict):
    outcome: str
    contradiction: bool
    authoritative: dict[str, Any]

class RouteResult(TypedDict):
    workflow: str
    signal: str
    priority: int
    matched: list[str]
    chain: str
    announcement: str
    override: str | None
    matches: dict[str, Any]

class TaskGraphResult(TypedDict):
    workflow: str
    parent_phase: str | None
    build_scope: str
    nodes: list[dict[str, Any]]

class ValidateWorkflowIdResult(TypedDict):
    workflow_uuid: str
    timestamp: str
    nonce: str

class AgentInfo(TypedDict):
    name: str
    qualified: str
    kind: Literal["readonly", "write"]

class AgentsResult(TypedDict):
    edition: str
    agents: list[AgentInfo]

def agents(*, edition: str | None = None) -> list[AgentInfo]: ...
def build_scope(
    files_touched: int,
    single_change: bool,
    testable_outcomes: int,
    cross_module: bool,
    *,
    plan: str | None = None,
) -> BuildScopeResult: ...
def check_artifact(text: str, workflow_uuid: str) -> CheckArtifactResult: ...
def dispatch(
    kind: str, *, phase: str | None = None, origin: str | None = None
) -> DispatchResult: ...
def event_line(
    now: str,
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
) -> str: ...
def format_marker(
    marker: str, wf: str, *, reason: str | None = None, memory_task_id: str | None = None
) -> str: ...
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
) -> str: ...
def loop_gate(loop: str, count: int) -> LoopGateResult: ...
def model_tier(
    agent: str,
    *,
    build_scope: str | None = None,
    escalate: bool | None = None,
    requested_tier: str | None = None,
) -> ModelTierResult: ...
def new_artifact(
    workflow_uuid: str, workflow_type: str, user_request: str, now: str
) -> dict[str, Any]: ...
def new_workflow_id(now: str, nonce: str) -> str: ...
def parse_brainstorm_handoff(output: str) -> ParseBrainstormHandoffResult: ...
def parse_markers(text: str) -> ParseMarkersResult: ...
def parse_output(
    agent: str, output: str, *, task: dict[str, Any] | None = None
) -> ParseOutputResult: ...
def parse_readonly_output(
    agent: str, output: str, *, task: dict[str, Any] | None = None
) -> ParseReadonlyOutputResult: ...
def parse_session_settings(text: str) -> ParseSessionSettingsResult: ...
def parse_subject(subject: str) -> ParseSubjectResult: ...
def parse_task_metadata(
    description: str, *, require_all: bool | None = None
) -> ParseTaskMetadataResult: ...
def parse_write_contract(agent: str, output: str) -> ParseWriteContractResult: ...
def reconcile_verdicts(verdicts: list[dict[str, Any]]) -> ReconcileVerdictsResult: ...
def resolve_scope_reply(reply: str) -> str: ...
def route(request: str) -> RouteResult: ...
def task_graph(
    workflow: str, *, build_scope: str | None = None, diff_driven_docs_skip: bool | None = None
) -> TaskGraphResult: ...
def validate_workflow_id(workflow_uuid: str) -> ValidateWorkflowIdResult: ...
