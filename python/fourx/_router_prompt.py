"""Memory files and prompt frames (``router.*`` ops of router.md §4.23–§4.30).

Re-exported by :mod:`fourx.router`; every rule lives in the core, these functions only name the op
and pass the inputs that were given (``None`` means "not given").
"""

from __future__ import annotations

from typing import Any, Literal, TypedDict, cast

from . import call
from ._ops import forward
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
    """Required headings missing and present, in table order."""

    missing: list[str]
    present: list[str]
    ok: bool


class MemoryRepair(TypedDict):
    """The healed text, the headings inserted and where they went."""

    text: str
    inserted: list[str]
    placement: Literal["none", "before_last_updated", "end"]


class GateDecision(TypedDict):
    """What a pending gate does under JUST_GO."""

    action: Literal["auto_default", "ask", "block"]
    answer: str | None
    log_decision: bool


class ResearchFiles(TypedDict, total=False):
    """The web and GitHub research file paths (blank or ``None``: no file)."""

    web: str | None
    github: str | None


class PrecedenceSource(TypedDict):
    """An instruction source: the caller's id and its class."""

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
    """A source with its rank (1 strongest, 6 weakest)."""

    id: str
    kind: str
    rank: int


class Precedence(TypedDict):
    """Every source by rank, and the winner."""

    order: list[RankedSource]
    winner: RankedSource


class ReviewerFindings(TypedDict, total=False):
    """The reviewer's result: ``status`` (required) is ``APPROVE`` or ``CHANGES_REQUESTED``."""

    status: Literal["APPROVE", "CHANGES_REQUESTED"]
    critical_issues: list[str]


class HunterFindings(TypedDict, total=False):
    """The hunter's result."""

    status: Literal["CLEAN", "ISSUES_FOUND"]
    critical_issues: list[str]


class PreviousFindings(TypedDict, total=False):
    """Review/hunt results for the integration-verifier."""

    reviewer: ReviewerFindings
    hunter: HunterFindings | None


class IntentContract(TypedDict, total=False):
    """Goal, constraints, acceptance criteria and named scenarios."""

    goal: str
    constraints: list[str]
    acceptance_criteria: list[str]
    scenarios: list[str]


class DomainFile(TypedDict):
    """A candidate domain file and its content."""

    path: str
    content: str


class Prompt(TypedDict):
    """The rendered frame, its headings, and the sections the role rules left out."""

    text: str
    sections: list[str]
    dropped: list[str]


def _given(**inputs: Any) -> dict[str, Any]:
    return {k: v for k, v in inputs.items() if v is not None}


def check_memory(file: str, text: str, *, edition: Edition | None = None) -> MemoryCheck:
    """Which required sections a memory file has (``router.check_memory``)."""
    return cast(
        MemoryCheck, forward("router.check_memory", {"file": file, "text": text}, edition=edition)
    )


def repair_memory(file: str, text: str, *, edition: Edition | None = None) -> MemoryRepair:
    """Inserts the missing sections, idempotently, in the text's line breaks (``router.repair_memory``)."""
    return cast(
        MemoryRepair, forward("router.repair_memory", {"file": file, "text": text}, edition=edition)
    )


def memory_template(file: str, *, edition: Edition | None = None) -> str:
    """The template a missing memory file is created with (``router.memory_template``)."""
    return cast(str, forward("router.memory_template", {"file": file}, edition=edition)["text"])


def just_go_gate(
    just_go: bool, gate: str, recommended: str | None = None, *, edition: Edition | None = None
) -> GateDecision:
    """What a pending gate does under JUST_GO and the trust rules (``router.just_go_gate``)."""
    inputs = _given(just_go=just_go, gate=gate, recommended=recommended, edition=edition)
    return cast(GateDecision, call("router.just_go_gate", inputs))


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
) -> list[str]:
    """The skills to load for one dispatch: project hints, then the internal rules (``router.skill_hints``)."""
    inputs = _given(
        agent=agent,
        workflow=workflow,
        request=request,
        phase=phase,
        kind=kind,
        changed_files=changed_files,
        plan_text=plan_text,
        design_text=design_text,
        patterns_text=patterns_text,
        research_files=research_files,
        mcp_capability_needed=mcp_capability_needed,
        edition=edition,
    )
    return cast(list[str], call("router.skill_hints", inputs)["hints"])


def skill_precedence(
    sources: list[PrecedenceSource], *, edition: Edition | None = None
) -> Precedence:
    """Orders instruction sources by the seed's strict precedence (``router.skill_precedence``)."""
    return cast(
        Precedence, forward("router.skill_precedence", {"sources": sources}, edition=edition)
    )


def format_previous_findings(
    workflow: str,
    reviewer: ReviewerFindings,
    hunter: HunterFindings | None = None,
    *,
    edition: Edition | None = None,
) -> str:
    """The ``## Previous Agent Findings`` block (``router.format_previous_findings``)."""
    inputs = _given(workflow=workflow, reviewer=reviewer, hunter=hunter, edition=edition)
    return cast(str, call("router.format_previous_findings", inputs)["text"])


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
) -> Prompt:
    """Renders the per-agent prompt frame byte for byte (``router.build_prompt``)."""
    inputs = _given(
        agent=agent,
        workflow=workflow,
        phase=phase,
        task_id=task_id,
        workflow_uuid=workflow_uuid,
        request=request,
        plan_file=plan_file,
        requirements=requirements,
        memory_summary=memory_summary,
        project_patterns=project_patterns,
        domain_files=domain_files,
        skill_hints=skill_hints,
        pre_answered_requirements=pre_answered_requirements,
        intent_contract=intent_contract,
        research_files=research_files,
        research_quality=research_quality,
        design_file=design_file,
        planning_review_findings=planning_review_findings,
        original_request=original_request,
        approved_context_files=approved_context_files,
        previous_findings=previous_findings,
        edition=edition,
    )
    return cast(Prompt, call("router.build_prompt", inputs))
