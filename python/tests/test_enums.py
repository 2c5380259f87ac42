"""The Python vocabularies are the core's: values from ``enums.list``, names upper-snake, and the
generated module (``make docs``) spells out exactly the same members, so mypy sees them."""

from __future__ import annotations

import ast
from enum import StrEnum
from pathlib import Path

import pytest

import fourx
from fourx import enums

KINDS = {
    "Phase": "phases",
    "Role": "configurable_roles",
    "SubPhase": "sub_phases",
    "FeatureStatus": "feature_statuses",
    "EventType": "event_types",
    "NotifyLevel": "notify_levels",
}
SOURCE = Path(enums.__file__)


def _source_members() -> dict[str, list[tuple[str, str]]]:
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    out: dict[str, list[tuple[str, str]]] = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            out[node.name] = [
                (stmt.targets[0].id, stmt.value.value)  # type: ignore[attr-defined]
                for stmt in node.body
                if isinstance(stmt, ast.Assign)
            ]
    return out


@pytest.mark.parametrize("name", sorted(KINDS))
def test_enum_values_are_the_core_list_in_order(name: str) -> None:
    cls = getattr(fourx, name)
    assert issubclass(cls, StrEnum)
    assert [m.value for m in cls] == fourx.enum_values(KINDS[name])


@pytest.mark.parametrize("name", sorted(KINDS))
def test_member_names_are_upper_snake_of_the_value(name: str) -> None:
    for m in getattr(fourx, name):
        assert m.name == m.value.upper().replace("-", "_")


@pytest.mark.parametrize("name", sorted(KINDS))
def test_module_source_lists_the_core_members(name: str) -> None:
    expected = [(v.upper().replace("-", "_"), v) for v in fourx.enum_values(KINDS[name])]
    assert _source_members()[name] == expected


def test_module_source_has_no_extra_enum() -> None:
    assert set(_source_members()) == set(KINDS)


def test_members_compare_equal_to_the_json_strings() -> None:
    assert fourx.Phase.DEEP_REVIEWING == "deep-reviewing"
    assert fourx.Role.DEEP_REVIEWER == "deep-reviewer"
    assert fourx.FeatureStatus("ready-for-review") is fourx.FeatureStatus.READY_FOR_REVIEW
    assert f"{fourx.Phase.CODING}" == "coding"
    state = fourx.transition({"featureId": "F1", "phase": fourx.Phase.INIT}, fourx.Phase.DESIGNING)
    assert state["phase"] == fourx.Phase.DESIGNING and type(state["phase"]) is str


def test_every_enum_has_a_docstring() -> None:
    for name in KINDS:
        assert (getattr(fourx, name).__doc__ or "").strip(), name
