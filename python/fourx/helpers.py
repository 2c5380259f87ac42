"""The 4x helpers around a run: feature-id minting and the plan of auto-discovered features,
design-document resolution that never leaves the workspace root, process liveness, the ``.4x``
directory, the tier names, and the check of ``events.jsonl`` for what 4x's readers skip silently.

Thin typed wrappers over ``feature.next_id``, ``discover.plan``, ``design_doc.resolve``,
``workspace.process_alive``, ``workspace.dot_dir``, ``model.constants`` and
``workspace.check_events``: keyword arguments instead of dict keys, so a misspelt input is a type
error, not an ignored key."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypedDict

from ._ops import forward, path_arg

__all__ = [
    "FileWarning",
    "NextId",
    "DiscoveredFeature",
    "PlannedFeature",
    "DiscoveryPlan",
    "DesignDoc",
    "ModelConstants",
    "EventsCheck",
    "next_feature_id",
    "plan_discovered",
    "resolve_design_doc",
    "process_alive",
    "dot_dir",
    "model_constants",
    "check_events",
]


class _FileWarningBase(TypedDict):
    kind: str
    file: str
    feature_id: str
    round: int
    message: str


class FileWarning(_FileWarningBase, total=False):
    """A best-effort problem (``kind`` ``unknown_key``, ``read_error``, ``parse_error``, ...);
    ``path`` names the place in the file when there is one."""

    path: str


class NextId(TypedDict):
    """The next feature number, its id and display name (``<prefix><number>: <name>``)."""

    number: int
    id: str
    name: str
    prefix: str
    digits: int


class DiscoveredFeature(TypedDict):
    """A ``[NEW-FEATURE]`` candidate of a deep-review report."""

    title: str
    description: str


class PlannedFeature(TypedDict):
    """A feature a run creates from a candidate: its id, name, status and whether to enrich it."""

    id: str
    name: str
    title: str
    description: str
    status: Literal["not-started", "draft"]
    enrich: bool


class DiscoveryPlan(TypedDict):
    """The features to create and the candidates over ``max_discovered_features``."""

    features: list[PlannedFeature]
    capped: list[DiscoveredFeature]


class DesignDoc(TypedDict):
    """A feature's spec or plan: ``content`` and ``source`` are ``""`` when ``found`` is false."""

    content: str
    source: str
    found: bool
    warnings: list[FileWarning]


class ModelConstants(TypedDict):
    """The tier names (default deep tier first), the default tier and the default deep tier."""

    tiers: list[str]
    default_tier: str
    default_deep_tier: str


class EventsCheck(TypedDict):
    """Non-blank lines, lines that decode into an Event, and the problems found."""

    lines: int
    events: int
    warnings: list[FileWarning]


def next_feature_id(
    ids: Sequence[str],
    name: str = "",
    *,
    slug: str | None = None,
    config: Mapping[str, Any] | None = None,
) -> NextId:
    """The next feature number after the largest among ``ids`` in the config's id format
    (``feature_id_prefix``/``feature_id_digits``, default ``F`` + 3 digits), its id from ``name``
    (or from ``slug`` when given) and display name (``feature.next_id``)."""
    out: NextId = forward(
        "feature.next_id", {"ids": list(ids) if isinstance(ids, tuple) else ids, "name": name}, slug=slug, config=config
    )
    return out


def plan_discovered(
    candidates: Sequence[DiscoveredFeature],
    ids: Sequence[str] = (),
    *,
    config: Mapping[str, Any] | None = None,
) -> DiscoveryPlan:
    """The features a run creates from de-duplicated candidates: consecutive ids after ``ids``,
    at most ``max_discovered_features`` (default 3), ``draft`` when enrichment is on without
    auto-approve, else ``not-started`` (``discover.plan``)."""
    out: DiscoveryPlan = forward(
        "discover.plan", {"candidates": list(candidates) if isinstance(candidates, tuple) else candidates, "ids": list(ids) if isinstance(ids, tuple) else ids}, config=config
    )
    return out


def resolve_design_doc(
    root: str | os.PathLike[str],
    feature: Mapping[str, Any],
    doc_type: Literal["spec", "plan"],
    *,
    extra_dirs: Sequence[str] | None = None,
) -> DesignDoc:
    """Reads the feature's design document: its YAML ``spec``/``plan`` path, then the
    ``design_doc.search_order`` candidates; a path that resolves (links included) outside
    ``root`` is refused with a warning (``design_doc.resolve``)."""
    out: DesignDoc = forward(
        "design_doc.resolve",
        {"root": path_arg(root, "root"), "feature": feature, "doc_type": doc_type},
        extra_dirs=extra_dirs,
    )
    return out


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` is alive (``kill(pid, 0)`` succeeds or fails with ``EPERM``);
    ``pid <= 0`` never is (``workspace.process_alive``)."""
    alive: bool = forward("workspace.process_alive", {"pid": pid})["alive"]
    return alive


def dot_dir(root: str | os.PathLike[str]) -> str:
    """``<root>/.4x``, cleaned lexically (``workspace.dot_dir``)."""
    path: str = forward("workspace.dot_dir", {"root": path_arg(root, "root")})["path"]
    return path


def model_constants() -> ModelConstants:
    """The tier names, the default tier (``sonnet``) and the default deep tier (``opus``)."""
    out: ModelConstants = forward("model.constants", {})
    return out


def check_events(
    events: str | None = None,
    *,
    root: str | os.PathLike[str] | None = None,
    feature_id: str | None = None,
) -> EventsCheck:
    """The problems of an ``events.jsonl`` text (or of a feature's file under ``root``) that 4x's
    readers skip silently: undecodable lines and unknown keys (``workspace.check_events``)."""
    out: EventsCheck = forward(
        "workspace.check_events",
        {},
        events=events,
        root=None if root is None else path_arg(root, "root"),
        feature_id=feature_id,
    )
    return out
