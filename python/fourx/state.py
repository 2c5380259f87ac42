"""The feature state machine (state-machine.md): phases, roles, the transition table and the
rules around it, as thin typed wrappers over the ``state.*``, ``phase.*`` and ``enums.list`` ops.

Every rule lives in the Rust core. States are plain dicts with the seed's camelCase keys
(``state.json`` shape); phases in results stay ``str`` because unknown phase strings are data.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, TypedDict, cast

from . import call

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
    """The 15 phases, in ``AllPhases`` order."""

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
    """The pipeline roles (``AllRoles``) and ``mini-coder`` (``ConfigurableRoles``)."""

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
    """The result of ``state.validate``."""

    valid: bool
    errors: list[str]
    message: str


def can_transition(from_: str, to: str) -> bool:
    """Whether the transition table allows ``from_`` -> ``to`` (unknown strings are not errors)."""
    return cast(bool, call("state.can_transition", from_=from_, to=to)["allowed"])


def transition(state: dict[str, Any], to: str, role: str = "") -> dict[str, Any]:
    """The state after moving to ``to``; raises :class:`fourx.InvalidTransition` if refused."""
    return cast(dict[str, Any], call("state.transition", state=state, to=to, role=role)["state"])


def recover_to(state: dict[str, Any], to: str, role: str = "") -> dict[str, Any]:
    """Crash-recovery correction; raises :class:`fourx.InvalidRecoveryTarget` for a non-work phase."""
    return cast(dict[str, Any], call("state.recover_to", state=state, to=to, role=role)["state"])


def should_stop(state: dict[str, Any]) -> tuple[bool, str]:
    """``(stop, reason)`` of ShouldStop."""
    r = call("state.should_stop", state=state)
    return cast(bool, r["stop"]), cast(str, r["reason"])


def phase_to_role(phase: str) -> str:
    """The default role of ``phase``; ``""`` when it has none."""
    return cast(str, call("state.phase_to_role", phase=phase)["role"])


def finalize_done(state: dict[str, Any]) -> dict[str, Any]:
    """The pure part of ``done`` finalisation (transition to done, inactive, stopReason done)."""
    return cast(dict[str, Any], call("state.finalize_done", state=state)["state"])


def reconcile_active(state: dict[str, Any], pid_alive: bool) -> tuple[dict[str, Any], bool]:
    """``(state, changed)``: ``active`` cleared when the run loop's process is gone."""
    r = call("state.reconcile_active", state=state, pid_alive=pid_alive)
    return cast(dict[str, Any], r["state"]), cast(bool, r["changed"])


def validate_state(state: dict[str, Any]) -> Validation:
    """Every problem of ``state`` (featureId, phase, runner); never raises for a bad state."""
    return cast(Validation, call("state.validate", state=state))


def enum_values(kind: str) -> list[str]:
    """The values of a named enum (``phases``, ``roles``, ``event_types``, ...)."""
    return cast(list[str], call("enums.list", kind=kind)["values"])


def diagram(format: str = "mermaid") -> str:
    """The transition graph as Mermaid (``"mermaid"``) or Graphviz (``"dot"``) text."""
    return cast(str, call("state.diagram", format=format)["text"])
