"""``fourx.router``: typed functions over the ``router.*`` ops."""

from __future__ import annotations

from pathlib import Path

import pytest

import fourx
from fourx import router

OUTPUTS = Path(__file__).resolve().parents[1] / "examples" / "agent_outputs"


def test_route_picks_the_workflow_by_signal() -> None:
    r = router.route("Fix the login error on Safari")
    assert (r["workflow"], r["signal"], r["matched"]) == ("DEBUG", "ERROR", ["fix", "error"])


def test_parse_output_picks_the_parser_of_the_agent() -> None:
    review = router.parse_output("code-reviewer", (OUTPUTS / "review-approve.md").read_text())
    assert review["kind"] == "readonly" and review["result"]["passes"] is True
    build = router.parse_output("component-builder", (OUTPUTS / "builder.md").read_text())
    assert build["kind"] == "write" and build["result"]["passed"] is True


def test_parse_output_errors_carry_kind_and_field() -> None:
    with pytest.raises(fourx.UnknownAgent):
        router.parse_output("nobody", "text")
    with pytest.raises(fourx.MissingContract):
        router.parse_output("component-builder", (OUTPUTS / "review-approve.md").read_text())
    text = (OUTPUTS / "builder.md").read_text().replace("PHASE_ID: phase-1\n", "")
    with pytest.raises(fourx.MissingField) as info:
        router.parse_output("component-builder", text)
    assert info.value.field == "PHASE_ID" and isinstance(info.value, ValueError)


def test_write_contract_violations_are_listed() -> None:
    text = (OUTPUTS / "builder.md").read_text().replace("TDD_RED_EXIT: 1", "TDD_RED_EXIT: 0")
    r = router.parse_write_contract("component-builder", text)
    assert r["passed"] is False and r["violations"] == ["TDD_RED_EXIT"]


def test_readonly_output_reports_critical_issues() -> None:
    r = router.parse_readonly_output("code-reviewer", (OUTPUTS / "review-changes.md").read_text())
    assert r["status"] == "CHANGES_REQUESTED" and r["blocking"] and r["critical_count"] == 1


def test_memory_files_are_repaired_idempotently() -> None:
    repaired = router.repair_memory("progress.md", "# Progress\n")
    assert repaired["inserted"]
    again = router.repair_memory("progress.md", repaired["text"])
    assert again["inserted"] == [] and again["text"] == repaired["text"]
    assert router.check_memory("progress.md", repaired["text"])["ok"] is True
    assert router.memory_template("patterns.md").startswith("#")


def test_workflow_ids_are_minted_from_inputs() -> None:
    wf = router.new_workflow_id("2026-11-29T10:00:00Z", "DEADBEEF")
    assert wf == "wf-20261129T100000Z-deadbeef"
    assert router.validate_workflow_id(wf)["nonce"] == "deadbeef"
    with pytest.raises(fourx.InvalidValue):
        router.new_workflow_id("yesterday", "deadbeef")


def test_build_prompt_renders_the_frame() -> None:
    p = router.build_prompt(
        "component-builder",
        "BUILD",
        "build",
        "task-1",
        "wf-20261129T100000Z-deadbeef",
        "Add a profile page",
        requirements="Show name and email",
    )
    assert "Add a profile page" in p["text"] and p["sections"]


def test_subject_keyword_key_and_dispatch() -> None:
    s = router.parse_subject("CC10X BUILD: add profile page")
    assert "class" in s
    d = router.dispatch("agent", phase="build-implement", origin="router")
    assert d == {"mode": "subagent", "agent": "cc10x:component-builder"}


def test_gates_and_graphs() -> None:
    assert router.loop_gate("remfix", 0)["allowed"] is True
    assert router.task_graph("BUILD")["nodes"]
    assert router.resolve_scope_reply("all issues") == "ALL_ISSUES"
    assert router.model_tier("code-reviewer")["agent"] == "cc10x:code-reviewer"
