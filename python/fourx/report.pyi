from typing import Any, TypedDict

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
    passed: bool
    issues: list[str]

class DiscoveredFeature(TypedDict):
    title: str
    description: str

def parse_issues(report: str) -> ReportIssues: ...
def parse_discovered(report: str) -> list[DiscoveredFeature]: ...
def is_similar(a: str, b: str, threshold: float = 0.6, cjk: bool = False) -> bool: ...
def dedupe_discovered(candidates: list[DiscoveredFeature], existing: list[dict[str, Any]], cjk: bool = False) -> list[DiscoveredFeature]: ...
def dedupe_candidates(candidates: list[dict[str, Any]], existing_features: list[dict[str, Any]], existing_candidates: list[dict[str, Any]], cjk: bool = False) -> list[dict[str, Any]]: ...
