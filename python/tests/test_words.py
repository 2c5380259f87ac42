"""The generated ``Literal`` word lists (``fourx._words``) are the words the ops return."""

from __future__ import annotations

from typing import get_args

import fourx
from fourx import _words


def test_reject_reasons_are_the_blueprint_defaults_reasons_in_gate_order() -> None:
    assert list(get_args(_words.RejectReason)) == fourx.blueprint.defaults()["reasons"]


def test_a_memory_heal_reports_a_placement_word() -> None:
    healed = fourx.router.repair_memory("progress.md", "# Progress\n")
    assert healed["placement"] in get_args(_words.Placement)
    untouched = fourx.router.repair_memory("progress.md", healed["text"])
    assert untouched["placement"] == "none"


def test_every_source_kind_is_ranked_in_the_order_of_its_literal() -> None:
    kinds = get_args(_words.SourceKind)
    sources: list[fourx.router.PrecedenceSource] = [
        {"id": f"s{i}", "kind": k} for i, k in enumerate(reversed(kinds))
    ]
    order = fourx.router.skill_precedence(sources)["order"]
    assert [s["kind"] for s in order] == list(kinds)
    assert [s["rank"] for s in order] == list(range(1, len(kinds) + 1))


def test_gate_actions_cover_what_just_go_decides() -> None:
    gates = ("ordinary", "revert", "open_decisions")
    actions = {fourx.router.just_go_gate(True, g, "A (Recommended)")["action"] for g in gates}
    assert actions == set(get_args(_words.GateAction))
