from typing import Any, TypedDict

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

class ReportIssues(TypedDict):
    passed: bool
    issues: list[str]

class DiscoveredFeature(TypedDict):
    title: str
    description: str

class CandidatesConstants(TypedDict):
    pool_version: int
    default_fail_pattern_threshold: int
    sources: list[str]
    learning_categories: list[str]
    escalation_reasons: list[str]
    stuck_phases: list[str]

class MinerScan(TypedDict):
    candidates: list[dict[str, Any]]
    warnings: list[dict[str, Any]]

class FailPatternScan(TypedDict):
    candidates: list[dict[str, Any]]
    learnings: list[dict[str, Any]]
    warnings: list[dict[str, Any]]

def parse_issues(report: str) -> ReportIssues: ...
def parse_discovered(report: str) -> list[DiscoveredFeature]: ...
def is_similar(a: str, b: str, threshold: float = 0.6, cjk: bool = False) -> bool: ...
def dedupe_discovered(
    candidates: list[DiscoveredFeature], existing: list[dict[str, Any]], cjk: bool = False
) -> list[DiscoveredFeature]: ...
def dedupe_candidates(
    candidates: list[dict[str, Any]],
    existing_features: list[dict[str, Any]],
    existing_candidates: list[dict[str, Any]],
    cjk: bool = False,
) -> list[dict[str, Any]]: ...
def candidates_constants() -> CandidatesConstants: ...
def parse_candidates(text: str) -> dict[str, Any]: ...
def render_candidates(pool: dict[str, Any]) -> str: ...
def scan_escalations(
    escalations: list[dict[str, Any]] | None = None,
    *,
    root: str | None = None,
    feature_ids: list[str] | None = None,
) -> MinerScan: ...
def scan_stuck(
    features: list[dict[str, Any]] | None = None,
    *,
    root: str | None = None,
    feature_ids: list[str] | None = None,
) -> MinerScan: ...
def scan_fail_patterns(
    reports: list[dict[str, Any]] | None = None,
    *,
    root: str | None = None,
    feature_ids: list[str] | None = None,
    min_occurrences: int | None = None,
    cjk: bool | None = None,
) -> FailPatternScan: ...
