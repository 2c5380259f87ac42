"""Reports: review verdicts, discovered features, similarity and dedupe (resolution.md §10–11).

Thin wrappers over the ``report.*``, ``discover.*``, ``similarity.*`` and ``candidates.dedupe``
ops. ``cjk=True`` adds character bigrams of Han, Kana and Hangul runs to the word sets.
"""

from __future__ import annotations

from typing import Any, TypedDict, cast

from . import call

__all__ = [
    "ReportIssues",
    "DiscoveredFeature",
    "parse_issues",
    "parse_discovered",
    "is_similar",
    "dedupe_discovered",
    "dedupe_candidates",
]


class ReportIssues(TypedDict):
    """The verdict and issue titles of a review report."""

    passed: bool
    issues: list[str]


class DiscoveredFeature(TypedDict):
    """A ``[NEW-FEATURE]`` block of a report."""

    title: str
    description: str


def parse_issues(report: str) -> ReportIssues:
    """The verdict and ``[CRITICAL]``/``[WARNING]`` titles of a review report."""
    return cast(ReportIssues, call("report.parse_issues", report=report))


def parse_discovered(report: str) -> list[DiscoveredFeature]:
    """The ``[NEW-FEATURE]`` blocks of a report, in order."""
    return cast(list[DiscoveredFeature], call("discover.parse", report=report)["features"])


def is_similar(a: str, b: str, threshold: float = 0.6, cjk: bool = False) -> bool:
    """Whether two titles' word sets overlap (Jaccard) by at least ``threshold``."""
    return cast(bool, call("similarity.is_similar", a=a, b=b, threshold=threshold, cjk=cjk)["similar"])


def dedupe_discovered(
    candidates: list[DiscoveredFeature], existing: list[dict[str, Any]], cjk: bool = False
) -> list[DiscoveredFeature]:
    """Discovered features not similar to an existing feature or an earlier kept one."""
    out = call("discover.dedupe", candidates=candidates, existing=existing, cjk=cjk)
    return cast(list[DiscoveredFeature], out["features"])


def dedupe_candidates(
    candidates: list[dict[str, Any]],
    existing_features: list[dict[str, Any]],
    existing_candidates: list[dict[str, Any]],
    cjk: bool = False,
) -> list[dict[str, Any]]:
    """Candidates not similar to existing features, existing candidates or earlier kept ones."""
    out = call(
        "candidates.dedupe",
        candidates=candidates,
        existing_features=existing_features,
        existing_candidates=existing_candidates,
        cjk=cjk,
    )
    return cast(list[dict[str, Any]], out["candidates"])
