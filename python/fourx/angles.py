"""Deep-review angles: the 11 angles, selecting them for changed files, and grouping them over
parallel reviewers (resolution.md §9). Thin wrappers over the ``angles.*`` ops."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from typing import Any

from ._types import (
    AngleMatch,
    Selection,
)
from . import _api

__all__ = [
    "AngleMatch",
    "Selection",
    "all_angles",
    "select",
    "group",
    "group_selected",
    "default_mapping",
    "resolve_mapping",
]


def all_angles() -> list[int]:
    """Angles 1 to 11."""
    return _api.angles_all()["angles"]


def select(
    files: Sequence[Mapping[str, Any]],
    mapping: dict[str, Sequence[int]] | None = None,
    config: Mapping[str, Any] | None = None,
) -> Selection:
    """The angles for ``files`` (``[{"path", "lines"}]``) under ``mapping``, else the config's."""
    return _api.angles_select(files=files, mapping=mapping, config=config)


def group(
    parallel_reviewers: int, angles_per_reviewer: int, total_angles: int
) -> list[list[int]] | None:
    """Angles 1..total cut into groups for parallel reviewers; ``None`` for one reviewer."""
    out = _api.angles_group(
        parallel_reviewers=parallel_reviewers,
        angles_per_reviewer=angles_per_reviewer,
        total_angles=total_angles,
    )
    return out["groups"]


def group_selected(
    parallel_reviewers: int, angles_per_reviewer: int, angles: Sequence[int]
) -> list[list[int]] | None:
    """The given angles cut into groups for parallel reviewers; ``None`` for one reviewer."""
    out = _api.angles_group_selected(
        parallel_reviewers=parallel_reviewers,
        angles_per_reviewer=angles_per_reviewer,
        angles=angles,
    )
    return out["groups"]


def default_mapping() -> dict[str, Any]:
    """The default path-rule to deep-review-angle mapping (``angles.default_mapping``)."""
    mapping: dict[str, Any] = _api.angles_default_mapping()["mapping"]
    return mapping


def resolve_mapping(config: Mapping[str, Any]) -> dict[str, Any]:
    """The deep-reviewer's angle mapping when set, else the default (``angles.resolve_mapping``)."""
    mapping: dict[str, Any] = _api.angles_resolve_mapping(config=config)["mapping"]
    return mapping
