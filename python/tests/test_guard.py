"""fourx.guard: the typed wrappers over guard.check / guard.testing_to_accepting, and the verdict
passed straight into the conductor as an agent's guard result."""

from __future__ import annotations

import json
from typing import Any

import pytest

import fourx
from fourx import conductor, guard

CONFIG: dict[str, Any] = {"runners": {"claude": {"command": "claude"}}, "default_runner": "claude"}
FEATURE: dict[str, Any] = {"id": "F001", "name": "demo", "repos": ["api"]}
DESIGN = {"task-brief.md": "# Brief", "acceptance-criteria.md": "# AC", "baseline.json": "{}"}


def test_a_change_inside_the_feature_repos_passes() -> None:
    v = guard.check(CONFIG, FEATURE, "coding", [{"path": "api/main.go", "status": "M", "lines": 3}],
                    feature_files=DESIGN)
    assert v["pass"] is True
    assert v["errors"] == [] and v["all_retryable"] is False


def test_a_change_outside_the_feature_repos_is_a_scope_violation() -> None:
    v = guard.check(CONFIG, FEATURE, fourx.Phase.CODING,
                    [{"path": "web/app.ts", "status": "A"}, {"path": "api/x.go", "status": "R100", "old_path": "docs/x.go"}],
                    feature_files=DESIGN)
    assert v["pass"] is False
    assert v["errors"] == [
        'scope violation: repo "docs" not in feature repos',
        'scope violation: repo "web" not in feature repos',
    ]


def test_self_modification_is_reported_with_its_lines() -> None:
    v = guard.check(CONFIG, {"id": "F001", "name": "demo"}, "coding",
                    [{"path": "internal/guard/check.go", "lines": 250}], feature_files=DESIGN)
    assert v["pass"] is False
    assert v["self_mod_touched"] is True
    assert v["self_mod_paths"] == ["internal/guard/check.go"]
    assert v["self_mod_diff_lines"] == 250
    assert v["errors"] == ["self-mod: protected diff 250 lines exceeds budget 200"]


def test_the_testers_gate_counts_retryable_errors() -> None:
    verify = {"passed": True, "ac_results": [{"id": "AC1", "passed": False, "evidence": []}]}
    v = guard.testing_to_accepting(
        1,
        round_files={"test-report.md": "# T", "verify.json": json.dumps(verify)},
        feature_files={"final-report.md": "# F"},
    )
    assert v["errors"] == ["AC1 failed", "AC1: no evidence"]
    assert v["all_retryable"] is True and v["retryable_errors"] == 2


def test_the_self_mod_test_gate_reads_the_state() -> None:
    verify = {"passed": True, "ac_results": [{"id": "AC1", "passed": True, "evidence": ["$ make test"]}]}
    files = {"test-report.md": "# T", "verify.json": json.dumps(verify)}
    state = {"selfModTouched": True, "selfModPaths": ["internal/state/m.go"]}
    v = guard.testing_to_accepting(2, round_files=files, feature_files={"final-report.md": "# F"}, state=state)
    assert v["errors"] == ["self-mod: changes to protected paths require accompanying passing tests"]
    waived = guard.testing_to_accepting(2, round_files=files, feature_files={"final-report.md": "# F"},
                                        state=state, config={"self_mod_guard": {"require_tests": False}})
    assert waived["pass"] is True


def test_bad_input_raises_invalid_input() -> None:
    with pytest.raises(fourx.InvalidInput):
        guard.check(CONFIG, FEATURE, "sleeping", [])
    with pytest.raises(fourx.InvalidInput):
        guard.check(CONFIG, FEATURE, "coding", [{"path": "a/b", "status": "Z"}])


RUN_CONFIG: dict[str, Any] = {
    "project": {"name": "demo"},
    "default_runner": "claude",
    "runners": {"claude": {"command": "claude", "tiers": {"opus": "o", "sonnet": "s"}}},
}
CODER_FILES = {
    "coder-report.md": "# Coder report\n\n## Verification\nall green\n",
    "build-gate.json": '{"passed": true, "round": 1, "role": "coder", "commands": []}',
}


def test_a_refusing_guard_stops_the_coder_as_the_conductor_decides() -> None:
    step = conductor.start(RUN_CONFIG, FEATURE, now="2025-03-01T10:00:00Z", pid=1, profile_name="quick")
    assert step["decision"]["kind"] == "capture_baseline"
    step = conductor.apply(RUN_CONFIG, FEATURE, step["state"], step["loop"],
                           {"kind": "baseline", "ok": True, "base_commit": "abc123"})
    d = step["decision"]
    assert d["kind"] == "run_agent" and d["role"] == "coder" and d["guard"] == "scope"
    state = step["state"]
    verdict = guard.check(RUN_CONFIG, FEATURE, state["phase"], [{"path": "web/app.ts", "status": "?"}],
                          profile=state.get("profile"), round=state["round"], state=state,
                          feature_files={"baseline.json": "{}"})
    assert verdict["pass"] is False
    step = conductor.apply(RUN_CONFIG, FEATURE, state, step["loop"],
                           {"kind": "agent_exit", "exit_code": 0, "round_files": CODER_FILES, "guard": verdict})
    assert step["decision"]["kind"] == "stop"
    assert step["state"]["phase"] == "needs-attention"
    assert step["state"]["stopReason"] == "guard-fail"
    assert step["state"]["stopMessage"] == 'scope violation: repo "web" not in feature repos'


def test_changed_files_may_be_name_status_text() -> None:
    text = "M\tapi/main.go\nR100\tweb/x.go\tapi/x.go\n"
    v = guard.check(CONFIG, FEATURE, "coding", text, feature_files=DESIGN)
    assert v["errors"] == ['scope violation: repo "web" not in feature repos']
