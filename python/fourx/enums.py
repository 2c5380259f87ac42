"""The closed vocabularies of fourx as ``enum.StrEnum`` classes.

The values come from the core (``enums.list``) when the module is imported, so they can never drift
from the Rust tables; member names are the upper-snake form of the value
(``Phase.DEEP_REVIEWING == "deep-reviewing"``). Members compare equal to the plain strings found in
op results, and every typed function accepts either.
"""

from __future__ import annotations

from enum import StrEnum

from . import _fourx

__all__ = ["Phase", "Role", "SubPhase", "FeatureStatus", "EventType", "NotifyLevel"]


def _members(kind: str) -> list[tuple[str, str]]:
    """``(NAME, value)`` pairs of the core's ``enums.list`` kind, in the core's order."""
    values: list[str] = _fourx.call("enums.list", {"kind": kind})["values"]
    return [(v.upper().replace("-", "_"), v) for v in values]


def _enum(name: str, kind: str, doc: str) -> type[StrEnum]:
    cls = StrEnum(name, _members(kind), module=__name__)  # type: ignore[misc]
    cls.__doc__ = doc
    return cls


Phase = _enum(
    "Phase",
    "phases",
    "A feature's phase (state-machine.md §1.1), in the seed's AllPhases order.",
)
Role = _enum(
    "Role",
    "configurable_roles",
    "An agent role: the pipeline roles (AllRoles) and ``mini-coder`` (ConfigurableRoles).",
)
SubPhase = _enum("SubPhase", "sub_phases", "The sub-phase of ``deep-reviewing``.")
FeatureStatus = _enum(
    "FeatureStatus",
    "feature_statuses",
    "A feature's status (features.md §2); ``Phase`` projects onto it with ``phase_to_status``.",
)
EventType = _enum("EventType", "event_types", "The ``type`` of an ``events.jsonl`` line.")
NotifyLevel = _enum("NotifyLevel", "notify_levels", "The ``notify`` level of an event.")
