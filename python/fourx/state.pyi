from enum import StrEnum
from typing import Any, TypedDict

__all__ = [
    "Phase",
    "Role",
    "Validation",
    "can_transition",
    "transition",
    "recover_to",
    "should_stop",
    "phase_to_role",
    "finalize_done",
    "reconcile_active",
    "validate_state",
    "enum_values",
    "diagram",
]

class Phase(StrEnum):
    INIT = "init"
    DESIGNING = "designing"
    DESIGN_REVIEWING = "design-reviewing"
    CODING = "coding"
    REVIEWING = "reviewing"
    DEEP_REVIEWING = "deep-reviewing"
    FIXING = "fixing"
    TESTING = "testing"
    AMENDING = "amending"
    ACCEPTING = "accepting"
    PENDING_REVIEW = "pending-review"
    DONE = "done"
    ABANDONED = "abandoned"
    BLOCKED = "blocked"
    NEEDS_ATTENTION = "needs-attention"

class Role(StrEnum):
    DESIGNER = "designer"
    DESIGN_REVIEWER = "design-reviewer"
    CODER = "coder"
    REVIEWER = "reviewer"
    DEEP_REVIEWER = "deep-reviewer"
    TESTER = "tester"
    ACCEPTOR = "acceptor"
    FIXER = "fixer"
    MINI_CODER = "mini-coder"

class Validation(TypedDict):
    valid: bool
    errors: list[str]
    message: str

def can_transition(from_: str, to: str) -> bool: ...
def transition(state: dict[str, Any], to: str, role: str = "") -> dict[str, Any]: ...
def recover_to(state: dict[str, Any], to: str, role: str = "") -> dict[str, Any]: ...
def should_stop(state: dict[str, Any]) -> tuple[bool, str]: ...
def phase_to_role(phase: str) -> str: ...
def finalize_done(state: dict[str, Any]) -> dict[str, Any]: ...
def reconcile_active(state: dict[str, Any], pid_alive: bool) -> tuple[dict[str, Any], bool]: ...
def validate_state(state: dict[str, Any]) -> Validation: ...
def enum_values(kind: str) -> list[str]: ...
def diagram(format: str = "mermaid") -> str: ...
