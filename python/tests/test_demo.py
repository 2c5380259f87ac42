"""``make demo``: the demo harness is an I/O shell around the conductor and ends in
``pending-review`` for every built-in profile; a crash in the middle of a run resumes and
completes (``crash_resume.py``)."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import fourx

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
sys.path.insert(0, str(EXAMPLES))

import crash_resume  # noqa: E402
import demo_harness  # noqa: E402

PROFILES = ["full", "normal", "quick", "lite"]


def _events(base: Path) -> list[dict[str, Any]]:
    ws = fourx.Workspace(base / "repo")
    lines = Path(ws.feature_dir(demo_harness.FEATURE_ID), "events.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


@pytest.mark.parametrize("profile", PROFILES)
def test_demo_ends_in_pending_review_for_every_built_in_profile(
    profile: str, tmp_path: Path
) -> None:
    out = io.StringIO()
    result = demo_harness.run(tmp_path, demo_harness.Trace(out), profile)
    state = result["state"]
    assert (state["phase"], state["active"], state["stopReason"]) == (
        "pending-review",
        False,
        "pending-review",
    )
    assert result["decisions"][-1]["kind"] == "finish"
    ws = fourx.Workspace(tmp_path / "repo")
    assert ws.read_state(demo_harness.FEATURE_ID) == state
    status = fourx.phase_to_status("pending-review")
    assert ws.load_feature(demo_harness.FEATURE_ID)["status"] == status
    events = _events(tmp_path)
    assert events[0]["type"] == "run-start" and all(e["ts"] for e in events)
    assert events[-1]["type"] == "run-end" and events[-1]["status"] == "pending-review"
    run_roles = {d["role"] for d in result["decisions"] if d["kind"] == "run_agent"}
    # The phases the profile leaves out are walked without an agent (phase-skipped events).
    skipped = {e["phase"] for e in events if e["type"] == "phase-skipped"}
    assert not run_roles & {fourx.phase_to_role(p) for p in skipped}, (run_roles, skipped)
    if profile != "full":
        assert skipped
    if "reviewer" in run_roles:  # the first review asks for changes: one round of amending
        assert state["round"] == 2
        assert "amending" in {d["phase"] for d in result["decisions"] if d["kind"] == "run_agent"}
    else:
        assert state["round"] == 1
    assert result["cost"] > 0 and f"${result['cost']:.2f}" in out.getvalue()


def test_demo_full_runs_every_role_and_folds_the_coders_claims(tmp_path: Path) -> None:
    out = io.StringIO()
    result = demo_harness.run(tmp_path, demo_harness.Trace(out), "full", scan_self=True)
    trace = out.getvalue()
    roles = [d["role"] for d in result["decisions"] if d["kind"] == "run_agent"]
    for role in ("designer", "design-reviewer", "coder", "reviewer", "tester", "acceptor"):
        assert role in roles
    assert "deep-reviewer" in roles or any(d["kind"] == "run_parallel" for d in result["decisions"])
    assert "fixer" in roles  # the conductor runs the fixer whenever the profile enables it
    kinds = [d["kind"] for d in result["decisions"]]
    assert "capture_baseline" in kinds and "gather" in kinds
    assert "code-reviewer: CHANGES_REQUESTED" in trace
    for claim in ("Renders the signed-in user's profile page.", "renders as 'not set'"):
        assert claim in result["blueprint"]
    assert "src/profile -> src/auth" in trace
    assert "fourx's own module graph (blueprint.scan" in trace
    assert Path(result["diagram"]).read_text().startswith("```mermaid\nflowchart LR")
    ws = fourx.Workspace(tmp_path / "repo")
    baseline = Path(ws.feature_dir(demo_harness.FEATURE_ID), "baseline.json")
    head = subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=tmp_path / "repo", capture_output=True, text=True
    ).stdout.strip()
    assert json.loads(baseline.read_text())["repos"][0]["head"] == head  # through git
    # The deep review's [NEW-FEATURE] line became a backlog feature with fourx's next id.
    ids = [f["id"] for f in ws.list_features()["features"]]
    assert "F002-profile-avatar-upload" in ids


def test_demo_trace_is_deterministic(tmp_path: Path) -> None:
    traces = []
    for name in ("a", "b"):
        out = io.StringIO()
        demo_harness.run(tmp_path / name, demo_harness.Trace(out), "normal")
        text = out.getvalue().replace(str(tmp_path / name), "<dir>")
        # The project id is derived from the repository's path, so it differs by directory.
        traces.append(re.sub(r"repo-[0-9a-f]{12}", "repo-<id>", text))
    assert traces[0] == traces[1]


def test_demo_harness_is_its_agent_plus_one_runner_call() -> None:
    source = (EXAMPLES / "demo_harness.py").read_text()
    for banned in ("can_transition", "next_phase", "fourx.transition(", "recover_to", "verdict(",
                   "conductor.start(", "conductor.apply(", "write_state(", "append_event("):
        assert banned not in source, banned
    assert source.count("fourx.runner.run(") == 1
    harness = source[source.index("\n# --- the harness") :]
    assert len(harness.splitlines()) <= 150


def test_demo_command_line_runs_a_profile(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "demo_harness.py"), "--profile", "quick"]
        + ["--dir", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "one feature through the `quick` profile" in done.stdout
    assert "] finish pending-review" in done.stdout


def test_a_crash_in_the_middle_of_a_run_resumes_and_completes(tmp_path: Path) -> None:
    out = io.StringIO()
    result = crash_resume.main(["--dir", str(tmp_path), "--crash-at", "coder:2"], out)
    trace = out.getvalue()
    assert "killed with SIGKILL" in trace
    state = result["state"]
    assert (state["phase"], state["active"], state["stopReason"]) == (
        "pending-review",
        False,
        "pending-review",
    )
    assert result["decisions"][-1]["kind"] == "finish"
    events = _events(tmp_path)
    starts = [e for e in events if e["type"] == "run-start"]
    assert len(starts) == 1  # the resumed run continues the killed one from its journal
    # The killed run left a half-written coder report in round 2; the resumed run replaced it.
    ws = fourx.Workspace(tmp_path / "repo")
    report = Path(ws.round_dir(demo_harness.FEATURE_ID, 2), "coder-report.md").read_text()
    assert "## Verification" in report
    assert "pid gone" in trace
    assert "conductor.resume: amending -> " in trace


def test_resume_refuses_while_the_old_process_is_alive(tmp_path: Path) -> None:
    demo_harness.run(tmp_path, demo_harness.Trace(io.StringIO()), "quick")
    repo = tmp_path / "repo"
    persisted = fourx.Workspace(repo).read_state(demo_harness.FEATURE_ID)
    state = {**persisted, "active": True, "pid": 4242}
    with pytest.raises(fourx.FeatureActive):
        fourx.conductor.start(
            demo_harness.CONFIG,
            fourx.Workspace(repo).load_feature(demo_harness.FEATURE_ID),
            now="2026-11-29T12:00:00Z",
            pid=4343,
            state=state,
            pid_alive=True,
        )


def test_demo_runs_parallel_review_test_with_a_per_role_runner(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = json.loads(json.dumps(demo_harness.CONFIG))
    config["parallel_review_test"] = True
    config["runners"]["codex"] = {"command": "codex", "tiers": {"opus": "o3", "sonnet": "o4"}}
    config["roles"]["reviewer"]["runner"] = "codex"
    monkeypatch.setattr(demo_harness, "CONFIG", config)
    result = demo_harness.run(tmp_path, demo_harness.Trace(io.StringIO()), "full")
    assert result["state"]["phase"] == "pending-review"
    parallel = [d for d in result["decisions"]
                if d["kind"] == "run_parallel" and d["phase"] == "reviewing"]
    assert parallel and parallel[0]["guards"] == ["scope", "testing"]
    agents = {a["role"]: a["runner"] for a in parallel[0]["agents"]}
    assert agents == {"reviewer": "codex", "tester": "claude"}
