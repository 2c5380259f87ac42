"""fourx.router memory and prompt helpers (router.md §4.23–§4.30): each gives what fourx.call gives."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import fourx
import fourx.router

WF = "wf-20260312T162700Z-a1b2c3d4"


def test_missing_memory_file_is_created_from_the_template_and_passes_the_check() -> None:
    text = fourx.router.memory_template("progress.md")
    assert text.startswith("# Progress Tracking\n")
    assert fourx.router.check_memory("progress.md", text)["ok"]


def test_repair_is_idempotent_and_keeps_crlf() -> None:
    healed = fourx.router.repair_memory("progress.md", "## Tasks\r\n## Last Updated\r\nnow\r\n")
    assert healed["placement"] == "before_last_updated"
    assert healed["inserted"] == ["## Current Workflow", "## Completed", "## Verification"]
    assert "\n" not in healed["text"].replace("\r\n", "")
    again = fourx.router.repair_memory("progress.md", healed["text"])
    assert again == {"text": healed["text"], "inserted": [], "placement": "none"}


def test_bad_memory_file_name_raises_invalid_value() -> None:
    with pytest.raises(fourx.InvalidValue) as e:
        fourx.router.check_memory(".cc10x/progress.md", "")
    assert isinstance(e.value, ValueError)


def test_just_go_gate_auto_defaults_ordinary_gates_only() -> None:
    d = fourx.router.just_go_gate(True, "ordinary", "Plan first (Recommended)")
    assert d == {"action": "auto_default", "answer": "Plan first (Recommended)", "log_decision": True}
    assert fourx.router.just_go_gate(True, "revert")["action"] == "ask"
    with pytest.raises(fourx.MissingField):
        fourx.router.just_go_gate(True, "ordinary")


def test_skill_hints_and_precedence() -> None:
    hints = fourx.router.skill_hints(
        "component-builder",
        "BUILD",
        "Add a date picker",
        changed_files=["src/DatePicker.tsx"],
        patterns_text="## Project SKILL_HINTS\n- react-best-practices\n",
    )
    assert hints == ["react-best-practices", "cc10x:frontend-patterns"]
    with pytest.raises(fourx.UnknownAgent):
        fourx.router.skill_hints("brainstorming", "PLAN", "x")
    p = fourx.router.skill_precedence(
        [{"id": "fp", "kind": "internal_cc10x_skill"}, {"id": "CLAUDE.md", "kind": "project_standards"}]
    )
    assert p["winner"] == {"id": "CLAUDE.md", "kind": "project_standards", "rank": 2}


def test_build_prompt_matches_call_and_embeds_previous_findings() -> None:
    findings: fourx.router.PreviousFindings = {
        "reviewer": {"status": "APPROVE"},
        "hunter": {"status": "CLEAN", "critical_issues": []},
    }
    got = fourx.router.build_prompt(
        "integration-verifier", "BUILD", "build-verify", "12", WF, "Ship CSV export",
        skill_hints=["cc10x:frontend-patterns"], previous_findings=findings,
    )
    assert got == fourx.call(
        "router.build_prompt", agent="integration-verifier", workflow="BUILD", phase="build-verify",
        task_id="12", workflow_uuid=WF, request="Ship CSV export",
        skill_hints=["cc10x:frontend-patterns"], previous_findings=findings,
    )
    block = fourx.router.format_previous_findings("BUILD", findings["reviewer"], findings.get("hunter"))
    assert got["text"].endswith("\n\n" + block)
    assert got["sections"][-1] == "## Previous Agent Findings"
    assert got["dropped"] == []


def test_memory_and_prompt_example_loads_heals_and_renders(tmp_path: Path) -> None:
    path = Path(__file__).resolve().parents[1] / "examples" / "memory_and_prompt.py"
    spec = importlib.util.spec_from_file_location("memory_and_prompt", path)
    assert spec is not None and spec.loader is not None
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    trace, prompt = example.run(tmp_path)
    assert "memory patterns.md: healed ['## Project SKILL_HINTS'] (before_last_updated)" in trace
    assert "memory progress.md: created from template" in trace
    assert prompt.startswith("## Task Context\n- Task ID: 1\n")
    assert "## SKILL_HINTS\n- cc10x:frontend-patterns" in prompt
    assert (tmp_path / ".cc10x" / "patterns.md").read_text(encoding="utf-8").count("## Project SKILL_HINTS") == 1
