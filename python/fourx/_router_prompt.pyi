from typing import Literal, TypedDict

from ._router_workflow import Edition

__all__ = [
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

class MemoryCheck(TypedDict):
    missing: list[str]
    present: list[str]
    ok: bool

class MemoryRepair(TypedDict):
    text: str
    inserted: list[str]
    placement: Literal["none", "before_last_updated", "end"]

class GateDecision(TypedDict):
    action: Literal["auto_default", "ask", "block"]
    answer: str | None
    log_decision: bool

class ResearchFiles(TypedDict, total=False):
    web: str | None
    github: str | None

class PrecedenceSource(TypedDict):
    id: str
    kind: Literal[
        "explicit_user_prompt",
        "project_standards",
        "approved_plan_design",
        "domain_external_skill",
        "internal_cc10x_skill",
        "model_heuristic",
    ]

class RankedSource(TypedDict):
    id: str
    kind: str
    rank: int

class Precedence(TypedDict):
    order: list[RankedSource]
    winner: RankedSource

class ReviewerFindings(TypedDict, total=False):
    status: Literal["APPROVE", "CHANGES_REQUESTED"]
    critical_issues: list[str]

class HunterFindings(TypedDict, total=False):
    status: Literal["CLEAN", "ISSUES_FOUND"]
    critical_issues: list[str]

class PreviousFindings(TypedDict, total=False):
    reviewer: ReviewerFindings
    hunter: HunterFindings | None

class IntentContract(TypedDict, total=False):
    goal: str
    constraints: list[str]
    acceptance_criteria: list[str]
    scenarios: list[str]

class DomainFile(TypedDict):
    path: str
    content: str

class Prompt(TypedDict):
    text: str
    sections: list[str]
    dropped: list[str]

def check_memory(file: str, text: str, *, edition: Edition | None = None) -> MemoryCheck: ...
def repair_memory(file: str, text: str, *, edition: Edition | None = None) -> MemoryRepair: ...
def memory_template(file: str, *, edition: Edition | None = None) -> str: ...
def just_go_gate(
    just_go: bool, gate: str, recommended: str | None = None, *, edition: Edition | None = None
) -> GateDecision: ...
def skill_hints(
    agent: str,
    workflow: str,
    request: str,
    *,
    phase: str | None = None,
    kind: str | None = None,
    changed_files: list[str] | None = None,
    plan_text: str | None = None,
    design_text: str | None = None,
    patterns_text: str | None = None,
    research_files: ResearchFiles | None = None,
    mcp_capability_needed: bool | None = None,
    edition: Edition | None = None,
) -> list[str]: ...
def skill_precedence(
    sources: list[PrecedenceSource], *, edition: Edition | None = None
) -> Precedence: ...
def format_previous_findings(
    workflow: str,
    reviewer: ReviewerFindings,
    hunter: HunterFindings | None = None,
    *,
    edition: Edition | None = None,
) -> str: ...
def build_prompt(
    agent: str,
    workflow: str,
    phase: str,
    task_id: str,
    workflow_uuid: str,
    request: str,
    *,
    plan_file: str | None = None,
    requirements: str | None = None,
    memory_summary: str | None = None,
    project_patterns: str | None = None,
    domain_files: list[DomainFile] | None = None,
    skill_hints: list[str] | None = None,
    pre_answered_requirements: list[str] | None = None,
    intent_contract: IntentContract | None = None,
    research_files: ResearchFiles | None = None,
    research_quality: str | None = None,
    design_file: str | None = None,
    planning_review_findings: str | None = None,
    original_request: str | None = None,
    approved_context_files: list[str] | None = None,
    previous_findings: PreviousFindings | None = None,
    edition: Edition | None = None,
) -> Prompt: ...
