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

# Memory files and prompt frames (router.md §4.23–§4.30).
from ._router_prompt import (
    MemoryCheck as MemoryCheck,
    MemoryRepair as MemoryRepair,
    GateDecision as GateDecision,
    ResearchFiles as ResearchFiles,
    PrecedenceSource as PrecedenceSource,
    RankedSource as RankedSource,
    Precedence as Precedence,
    ReviewerFindings as ReviewerFindings,
    HunterFindings as HunterFindings,
    PreviousFindings as PreviousFindings,
    IntentContract as IntentContract,
    DomainFile as DomainFile,
    Prompt as Prompt,
    check_memory as check_memory,
    repair_memory as repair_memory,
    memory_template as memory_template,
    just_go_gate as just_go_gate,
    skill_hints as skill_hints,
    skill_precedence as skill_precedence,
    format_previous_findings as format_previous_findings,
    build_prompt as build_prompt,
)

__all__ += [
    "MemoryCheck",
    "MemoryRepair",
    "GateDecision",
    "ResearchFiles",
    "PrecedenceSource",
    "RankedSource",
    "Precedence",
    "ReviewerFindings",
    "HunterFindings",
    "PreviousFindings",
    "IntentContract",
    "DomainFile",
    "Prompt",
    "check_memory",
    "repair_memory",
    "memory_template",
    "just_go_gate",
    "skill_hints",
    "skill_precedence",
    "format_previous_findings",
    "build_prompt",
]
