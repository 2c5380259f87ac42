"""fourx.conductor round 2 (conductor.md §15, issue 31) through the typed API: a budget stops a
run, a human gate pauses and resumes on the answer, and the events of the demo rebuild its last
step."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import fourx
from fourx import conductor

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
sys.path.insert(0, str(EXAMPLES))

import demo_harness  # noqa: E402

CONFIG: dict[str, Any] = {
    "project": {"name": "demo"},
    "default_runner": "claude",
    "runners": {
        "claude": {"command": "claude", "tiers": {"opus": "claude-opus", "sonnet": "claude-sonnet"}}
    },
}
FEATURE: dict[str, Any] = {"id": "F001-login"}
NOW = "2025-03-01T10:00:00Z"
BASELINE: conductor.Baseline = {"kind": "baseline", "ok": True, "base_commit": "abc123"}
CODER: conductor.AgentExit = {
    "kind": "agent_exit",
    "exit_code": 0,
    "guard": {"pass": True, "errors": []},
    "stats": {"tokens_used": 1000, "cost_usd": 0.75, "duration_ms": 10},
    "round_files": {
        "coder-report.md": "# Coder report\n\n## Verification\nok\n",
        "build-gate.json": '{"passed": true}',
    },
}


def _run(config: dict[str, Any], outcomes: list[Any]) -> conductor.Script:
    start: conductor.StartInput = {"now": NOW, "pid": 1, "profile_name": "quick"}
    return conductor.run_script(config, FEATURE, start, outcomes)


def test_a_budget_below_the_agents_cost_stops_with_budget_exceeded() -> None:
    script = _run({**CONFIG, "budget": {"max_cost_usd": 0.5}}, [BASELINE, CODER])
    stop = script["decisions"][-1]
    assert stop["kind"] == "stop"
    assert (stop["reason"], stop["notify"]) == ("budget-exceeded", "warning")
    assert stop["message"] == "budget max_cost_usd 0.5 exceeded: 0.75 spent"


def test_a_gate_pauses_and_resumes_on_the_answer() -> None:
    config = {**CONFIG, "approval_gates": ["reviewing"]}
    step = conductor.start(config, FEATURE, now=NOW, pid=1, profile_name="quick")
    step = conductor.apply(config, FEATURE, step["state"], step["loop"], BASELINE)
    step = conductor.apply(config, FEATURE, step["state"], step["loop"], CODER)
    ask = step["decision"]
    assert ask["kind"] == "await_human"
    assert ask["gate"] == "reviewing" and ask["options"] == ["approve", "reject"]
    reply: conductor.HumanReply = {"kind": "human_reply", "answer": "approve"}
    step = conductor.apply(config, FEATURE, step["state"], step["loop"], reply)
    run = step["decision"]
    assert run["kind"] == "run_agent" and run["role"] == "reviewer"


def test_a_stop_file_while_waiting_stops_the_run() -> None:
    config = {**CONFIG, "approval_gates": ["reviewing"]}
    script = _run(config, [BASELINE, CODER, {"kind": "human_timeout", "facts": {"stop_requested": True}}])
    stop = script["decisions"][-1]
    assert stop["kind"] == "stop" and stop["reason"] == "mcp-stop"


def test_rebuild_of_the_demos_events_is_its_last_step(tmp_path: Path) -> None:
    result = demo_harness.run(tmp_path, demo_harness.Trace(io.StringIO()), "quick")
    ws = fourx.Workspace(tmp_path / "repo")
    path = Path(ws.feature_dir(demo_harness.FEATURE_ID), "events.jsonl")
    events = [json.loads(line) for line in path.read_text().splitlines()]
    feature = ws.load_feature(demo_harness.FEATURE_ID)
    rebuilt = conductor.rebuild(demo_harness.CONFIG, feature, events)
    assert rebuilt["decision"] == result["decisions"][-1]
    assert rebuilt["loop"]["step"] == "ended"
    persisted = result["state"]
    # state.json is the last step's state as write_state stamped it.
    assert {**rebuilt["state"], "updatedAt": persisted["updatedAt"]} == persisted
    assert rebuilt["keep"] == len(events)


def test_fork_and_rebuild_refuse_what_they_cannot_answer() -> None:
    with pytest.raises(fourx.NotFound):
        conductor.rebuild(CONFIG, FEATURE, [{"type": "run-start", "phase": "init"}])
    events = _run(CONFIG, [BASELINE])["events"]
    with pytest.raises(fourx.InvalidInput):
        conductor.fork(CONFIG, FEATURE, events, len(events))
