from typing import Any, Literal, TypedDict

from ._fourx import can_transition as can_transition
from .enums import Phase as Phase, Role as Role

__all__ = [
    "Phase",
    "Role",
    "State",
    "StopDecision",
    "StateValidation",
    "Reconciled",
    "StateConstants",
    "can_transition",
    "transition",
    "recover_to",
    "should_stop",
    "finalize_done",
    "validate_state",
    "reconcile_active",
    "phase_to_role",
    "phase_role",
    "phase_to_status",
    "is_selectable",
    "diagram",
    "state_constants",
    "enum_values",
    "human_size",
]

class State(TypedDict, total=False):
    featureId: str
    phase: str
    role: str
    subPhase: str
    round: int
    maxRounds: int
    active: bool
    pid: int
    runner: str
    label: str
    createdAt: str
    updatedAt: str
    since: str
    consecutiveNoProgress: int
    lastFailCount: int
    stopReason: str
    stopMessage: str
    runners: list[str]
    profile: str
    selfModTouched: bool
    selfModPaths: list[str]
    selfModApproved: bool
    guardRetries: int
    baseCommit: str
    manualPhase: bool

class StopDecision(TypedDict):
    stop: bool
    reason: str

class StateValidation(TypedDict):
    valid: bool
    errors: list[str]
    message: str

class Reconciled(TypedDict):
    state: State
    changed: bool

class StateConstants(TypedDict):
    max_guard_retries: int
    no_progress_limit: int

def transition(state: State | dict[str, Any], to: str, role: str | None = None) -> State: ...
def recover_to(state: State | dict[str, Any], to: str, role: str | None = None) -> State: ...
def should_stop(state: State | dict[str, Any]) -> StopDecision: ...
def finalize_done(state: State | dict[str, Any]) -> State: ...
def validate_state(state: State | dict[str, Any]) -> StateValidation: ...
def reconcile_active(state: State | dict[str, Any], pid_alive: bool) -> Reconciled: ...
def phase_to_role(phase: str) -> str: ...
def phase_role(phase: str) -> str: ...
def phase_to_status(phase: str) -> str: ...
def is_selectable(phase: str) -> bool: ...
def diagram(format: Literal["mermaid", "dot"] = "mermaid") -> str: ...
def state_constants() -> StateConstants: ...
def enum_values(kind: str) -> list[str]: ...
def human_size(bytes: int) -> str: ...
