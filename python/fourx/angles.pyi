from typing import Any, TypedDict

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

class AngleMatch(TypedDict):
    file: str
    rule: str
    angles: list[int] | None

class Selection(TypedDict):
    angles: list[int]
    matches: list[AngleMatch]

def all_angles() -> list[int]: ...
def select(
    files: list[dict[str, Any]],
    mapping: dict[str, list[int]] | None = None,
    config: dict[str, Any] | None = None,
) -> Selection: ...
def group(
    parallel_reviewers: int, angles_per_reviewer: int, total_angles: int
) -> list[list[int]] | None: ...
def group_selected(
    parallel_reviewers: int, angles_per_reviewer: int, angles: list[int]
) -> list[list[int]] | None: ...
def default_mapping() -> dict[str, Any]: ...
def resolve_mapping(config: dict[str, Any]) -> dict[str, Any]: ...
