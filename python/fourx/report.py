"""Reports: review verdicts, discovered features, similarity and dedupe (resolution.md §10–11).

Thin wrappers over the ``report.*``, ``discover.*``, ``similarity.*`` and ``candidates.dedupe``
ops. ``cjk=True`` adds character bigrams of Han, Kana and Hangul runs to the word sets.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from typing import Any, cast

from ._ops import StrPath, forward
from ._api import (
    candidates_constants as candidates_constants,
    report_parse_issues as parse_issues,
)
from ._types import (
    CandidatesConstants,
    DiscoveredFeature,
    FailPatternScan,
    MinerScan,
    ReportIssues,
)
from . import _api

__all__ = [
    "ReportIssues",
    "DiscoveredFeature",
    "parse_issues",
    "parse_discovered",
    "is_similar",
    "dedupe_discovered",
    "dedupe_candidates",
    "CandidatesConstants",
    "candidates_constants",
    "parse_candidates",
    "render_candidates",
    "MinerScan",
    "FailPatternScan",
    "scan_escalations",
    "scan_stuck",
    "scan_fail_patterns",
]


def parse_discovered(report: str) -> list[DiscoveredFeature]:
    """The ``[NEW-FEATURE]`` blocks of a report, in order."""
    return cast(list[DiscoveredFeature], _api.discover_parse(report=report)["features"])


def is_similar(a: str, b: str, threshold: float = 0.6, cjk: bool = False) -> bool:
    """Whether two titles' word sets overlap (Jaccard) by at least ``threshold``."""
    return _api.similarity_is_similar(a=a, b=b, threshold=threshold, cjk=cjk)["similar"]


def dedupe_discovered(
    candidates: list[DiscoveredFeature], existing: Sequence[Mapping[str, Any]], cjk: bool = False
) -> list[DiscoveredFeature]:
    """Discovered features not similar to an existing feature or an earlier kept one."""
    out = _api.discover_dedupe(candidates=candidates, existing=existing, cjk=cjk)
    return out["features"]


def dedupe_candidates(
    candidates: Sequence[Mapping[str, Any]],
    existing_features: Sequence[Mapping[str, Any]],
    existing_candidates: Sequence[Mapping[str, Any]],
    cjk: bool = False,
) -> list[dict[str, Any]]:
    """Candidates not similar to existing features, existing candidates or earlier kept ones."""
    out = _api.candidates_dedupe(
        candidates=candidates,
        existing_features=existing_features,
        existing_candidates=existing_candidates,
        cjk=cjk,
    )
    return cast(list[dict[str, Any]], out["candidates"])


def parse_candidates(text: str) -> dict[str, Any]:
    """Decode candidate-pool JSON text (version 0 reads as 1) (``candidates.parse``)."""
    pool: dict[str, Any] = forward("candidates.parse", {"text": text})["pool"]
    return pool


def render_candidates(pool: Mapping[str, Any]) -> str:
    """The candidate-pool file bytes (indented Go JSON + newline) (``candidates.render``)."""
    text: str = _api.candidates_render(pool=pool)["text"]
    return text


def scan_escalations(
    escalations: Sequence[Mapping[str, Any]] | None = None,
    *,
    root: StrPath | None = None,
    feature_ids: Sequence[str] | None = None,
) -> MinerScan:
    """Candidates from the escalation files of past rounds: given as ``{feature_id, round,
    text}`` entries, or read from the workspace at ``root`` (``miner.scan_escalations``)."""
    result: MinerScan = _api.miner_scan_escalations(
        escalations=escalations, root=root, feature_ids=feature_ids
    )
    return result


def scan_stuck(
    features: Sequence[Mapping[str, Any]] | None = None,
    *,
    root: StrPath | None = None,
    feature_ids: Sequence[str] | None = None,
) -> MinerScan:
    """Candidates from features stuck in ``blocked`` / ``needs-attention``: given with their
    state texts, or read from the workspace at ``root`` (``miner.scan_stuck``)."""
    result: MinerScan = _api.miner_scan_stuck(features=features, root=root, feature_ids=feature_ids)
    return result


def scan_fail_patterns(
    reports: Sequence[Mapping[str, Any]] | None = None,
    *,
    root: StrPath | None = None,
    feature_ids: Sequence[str] | None = None,
    min_occurrences: int | None = None,
    cjk: bool | None = None,
) -> FailPatternScan:
    """Candidates and learnings from review issues repeated across features: reports given, or
    read from the workspace at ``root`` (``miner.scan_fail_patterns``)."""
    result: FailPatternScan = _api.miner_scan_fail_patterns(
        reports=reports,
        root=root,
        feature_ids=feature_ids,
        min_occurrences=min_occurrences,
        cjk=cjk,
    )
    return result
