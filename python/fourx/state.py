"""fourx.state — the feature state machine (state-machine.md): the transition table, transitions
with their side effects, crash recovery, stop conditions and the role/status tables.

Thin typed wrappers over the ``state.*``, ``phase.*``, ``enums.list`` and ``util.human_size`` ops,
re-exported at the top level of :mod:`fourx`. A state is a plain dict with the seed's camelCase
keys (``featureId``, ``phase``, ``round``, ...); functions return a new dict and never mutate their
argument. :func:`fourx.can_transition` is the extension's own builtin (no JSON on the hot path).
"""

from __future__ import annotations

from collections.abc import Mapping

from typing import Any, Literal

from ._fourx import can_transition
from .enums import Phase, Role
from ._api import (
    state_constants as state_constants,
    state_reconcile_active as reconcile_active,
    state_should_stop as should_stop,
    state_validate as validate_state,
)
from ._types import (
    Reconciled,
    State,
    StateConstants,
    StateValidation,
    StopDecision,
)
from . import _api

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


def transition(state: State | Mapping[str, Any], to: str, role: str | None = None) -> State:
    """Moves ``state`` to phase ``to``: checks the table, sets phase and role (default ``""``) and
    applies the round/active side effects; raises :class:`fourx.InvalidTransition` when the table
    refuses (``state.transition``)."""
    result: State = _api.state_transition(state=state, to=to, role=role)["state"]
    return result


def recover_to(state: State | Mapping[str, Any], to: str, role: str | None = None) -> State:
    """Crash-recovery correction to a recoverable work phase, ignoring the table and the source
    phase; raises :class:`fourx.InvalidRecoveryTarget` for any other target (``state.recover_to``)."""
    result: State = _api.state_recover_to(state=state, to=to, role=role)["state"]
    return result


def finalize_done(state: State | Mapping[str, Any]) -> State:
    """The pure part of ``done`` finalisation: transition to done, ``active`` false, ``stopReason``
    ``"done"`` (``state.finalize_done``; the file sequence is :meth:`fourx.Workspace.finalize_done`)."""
    result: State = _api.state_finalize_done(state=state)["state"]
    return result


def phase_to_role(phase: str) -> str:
    """The default role of a phase (PhaseToRole); ``""`` when it has none (``state.phase_to_role``)."""
    role: str = _api.state_phase_to_role(phase=phase)["role"]
    return role


def phase_role(phase: str) -> str:
    """The role of a profile-selectable work phase (PhaseRole); ``""`` otherwise (``phase.role``)."""
    role: str = _api.phase_role(phase=phase)["role"]
    return role


def phase_to_status(phase: str) -> str:
    """The feature status a phase projects to (PhaseToStatus, ``phase.to_status``)."""
    status: str = _api.phase_to_status(phase=phase)["status"]
    return status


def is_selectable(phase: str) -> bool:
    """Whether a pipeline profile may list the phase (``phase.is_selectable``)."""
    selectable: bool = _api.phase_is_selectable(phase=phase)["selectable"]
    return selectable


def diagram(format: Literal["mermaid", "dot"] = "mermaid") -> str:
    """The transition graph as Mermaid or Graphviz dot text (``state.diagram``)."""
    text: str = _api.state_diagram(format=format)["text"]
    return text


def enum_values(kind: str) -> list[str]:
    """The values of a named enum (``phases``, ``roles``, ``event_types``, ...) in the seed's order;
    raises :class:`fourx.UnknownKind` for an unknown kind (``enums.list``)."""
    values: list[str] = _api.enums_list(kind=kind)["values"]
    return values


def human_size(bytes: int) -> str:
    """A byte count as 4x prints it: ``512B``, ``124K``, ``3.9M``, ``1.0G`` (``util.human_size``)."""
    text: str = _api.util_human_size(bytes=bytes)["text"]
    return text
