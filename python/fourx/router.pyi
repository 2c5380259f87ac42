from typing import Any, Literal, TypedDict

__all__ = ["ParsedOutput", "Route", "parse_output", "route"]

class ParsedOutput(TypedDict):
    kind: Literal["readonly", "write"]
    result: dict[str, Any]

class Route(TypedDict):
    workflow: str
    signal: str
    priority: int
    matched: list[str]
    chain: str
    announcement: str
    override: str | None
    matches: dict[str, list[str]]

def parse_output(agent: str, output: str, task: dict[str, Any] | None = None) -> ParsedOutput: ...
def route(request: str) -> Route: ...
