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
from typing import Any, TypedDict

from ._api import (
    design_doc_resolve as resolve_design_doc,
    model_constants as model_constants,
)
from ._types import (
    DesignDoc,
    DiscoveredFeature,
    DiscoveryPlan,
    EventsCheck,
    ModelConstants,
    NextId,
    PlannedFeature,
)
from . import _api
from ._types import (
    FileWarning,
)

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
    out: NextId = _api.feature_next_id(
        ids=list(ids) if isinstance(ids, tuple) else ids, name=name, slug=slug, config=config
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
    out: DiscoveryPlan = _api.discover_plan(
        candidates=list(candidates) if isinstance(candidates, tuple) else candidates,
        ids=list(ids) if isinstance(ids, tuple) else ids,
        config=config,
    )
    return out


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` is alive (``kill(pid, 0)`` succeeds or fails with ``EPERM``);
    ``pid <= 0`` never is (``workspace.process_alive``)."""
    alive: bool = _api.workspace_process_alive(pid=pid)["alive"]
    return alive


def dot_dir(root: str | os.PathLike[str]) -> str:
    """``<root>/.4x``, cleaned lexically (``workspace.dot_dir``)."""
    path: str = _api.workspace_dot_dir(root=root)["path"]
    return path


def check_events(
    events: str | None = None,
    *,
    root: str | os.PathLike[str] | None = None,
    feature_id: str | None = None,
) -> EventsCheck:
    """The problems of an ``events.jsonl`` text (or of a feature's file under ``root``) that 4x's
    readers skip silently: undecodable lines and unknown keys (``workspace.check_events``)."""
    out: EventsCheck = _api.workspace_check_events(events=events, root=root, feature_id=feature_id)
    return out
