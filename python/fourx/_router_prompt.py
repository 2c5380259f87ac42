"""Memory files and prompt frames (``router.*`` ops of router.md §4.23–§4.30).

Re-exported by :mod:`fourx.router`; every rule lives in the core, these functions only name the op
and pass the inputs that were given (``None`` means "not given").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from . import call
from ._router_workflow import Edition
from ._api import (
    router_build_prompt as build_prompt,
    router_check_memory as check_memory,
    router_repair_memory as repair_memory,
    router_skill_precedence as skill_precedence,
)
from ._types import (
    DomainFile,
    GateDecision,
    HunterFindings,
    IntentContract,
    MemoryCheck,
    MemoryRepair,
    Precedence,
    PrecedenceSource,
    PreviousFindings,
    Prompt,
    RankedSource,
    ResearchFiles,
    ReviewerFindings,
)
from . import _api

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


def _given(**inputs: Any) -> dict[str, Any]:
    return {k: v for k, v in inputs.items() if v is not None}


def memory_template(file: str, *, edition: Edition | None = None) -> str:
    """The template a missing memory file is created with (``router.memory_template``)."""
    return _api.router_memory_template(file=file, edition=edition)["text"]


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
    changed_files: Sequence[str] | None = None,
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


