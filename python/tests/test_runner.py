"""fourx.runner.run and ``python -m fourx run``: the harness supplies only the agent
(docs/spec/runner.md). One test per rule."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

import fourx
from fourx import Workspace
from fourx.runner import AgentCall, AgentResult

FEATURE = "F001-profile-page"
# The scripted agent CLI the Rust runner tests use too (one script for both).
AGENT_SH = Path(__file__).resolve().parents[2] / "run" / "tests" / "agent.sh"
CONFIG: dict[str, Any] = {
    "project": {"name": "demo"},
    "default_runner": "claude",
    "runners": {"claude": {"command": "claude", "tiers": {"opus": "opus", "sonnet": "sonnet"}}},
    "roles": {"coder": {"model": "sonnet"}, "reviewer": {"model": "opus"}},
}
PROFILES = ["full", "normal", "quick", "lite"]
GIT_ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@e",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@e",
    "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
    "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
}


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, env={**os.environ, **GIT_ENV},
                   capture_output=True)


def make_repo(base: Path, profile: str, config: dict[str, Any] | None = None) -> Path:
    repo = base / "repo"
    (repo / "src").mkdir(parents=True)
    (repo / "src" / "app.py").write_text("print('hi')\n", encoding="utf-8")
    git(repo, "init", "-q", "-b", "main")
    Workspace(repo).init(config or CONFIG)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "init")
    Workspace(repo).save_feature(
        {"id": FEATURE, "name": "Profile page", "status": "not-started", "profile": profile}
    )
    return repo


PASS = "# Report\n\n## Verdict\nPASS\n"


def scripted(repo: Path) -> Any:
    """The scripted agents: each role writes its artifacts into the folders of the call."""

    def agent(call: AgentCall) -> AgentResult:
        f, r = Path(call["feature_dir"]), Path(call["round_dir"] or call["feature_dir"])
        role = call["role"]
        if role == "designer":
            (f / "task-brief.md").write_text("# Brief\n")
            (f / "acceptance-criteria.md").write_text("# AC\n- AC-1\n")
        elif role == "design-reviewer":
            (f / "design-review-report.md").write_text(PASS)
        elif role in ("coder", "mini-coder"):
            (repo / "src" / "profile.py").write_text("def render():\n    return 1\n")
            (r / "coder-report.md").write_text("# Coder\n\n## Verification\n- ok\n")
            (r / "build-gate.json").write_text('{"passed": true}')
        elif role in ("reviewer", "re-verifier"):
            (r / "review-report.md").write_text(PASS)
        elif role == "tester":
            (r / "test-report.md").write_text(PASS)
            (f / "final-report.md").write_text("# Final\n\n## Status\nready-for-review\n")
            verify = {"passed": True, "round": call["round"], "role": "tester",
                      "commands": [{"cmd": "t", "exit_code": 0}],
                      "ac_results": [{"id": "AC-1", "passed": True,
                                      "evidence": ["$ pytest -q: 1 passed in 0.01s"]}]}
            (r / "verify.json").write_text(json.dumps(verify))
        elif role in ("deep-reviewer", "synthesizer"):
            if call["partial"]:
                (r / call["partial"]).write_text("# Partial\n\n## Statistics\n- findings: 0\n")
            else:
                (r / "deep-review-report.md").write_text(PASS)
        elif role == "fixer":
            (r / "fixer-report.md").write_text("# Fixer\n\n## Verification\n- ok\n")
        elif role == "acceptor":
            (f / "final-report.md").write_text("# Final\n\n## Status\nready-for-review\n")
        elif role == "round-summarizer":
            (f / "rounds-summary.md").write_text("# Rounds\n")
        else:
            raise AssertionError(role)
        return {"exit_code": 0, "stats": {"tokens_used": 5, "cost_usd": 0.01}}

    return agent


@pytest.mark.parametrize("profile", PROFILES)
def test_every_profile_runs_to_pending_review(tmp_path: Path, profile: str) -> None:
    repo = make_repo(tmp_path, profile)
    result = fourx.runner.run(repo, FEATURE, scripted(repo))
    assert result["phase"] == "pending-review"
    assert result["stop_reason"] == "pending-review"
    assert result["decisions"][-1]["kind"] == "finish"
    assert Workspace(repo).load_feature(FEATURE)["status"] == "ready-for-review"
    assert not Workspace(repo).read_state(FEATURE)["active"]


@pytest.mark.parametrize("profile", PROFILES)
def test_the_cli_runs_every_profile_with_an_agent_command(tmp_path: Path, profile: str) -> None:
    repo = make_repo(tmp_path, profile)
    done = subprocess.run(
        [sys.executable, "-m", "fourx", "run", "--root", str(repo), "--feature", FEATURE,
         "--agent-cmd", f"sh {AGENT_SH}"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = [ln for ln in done.stdout.splitlines() if ln.startswith("[round")]
    assert lines[-1].startswith("[round 1] finish pending-review")
    assert any(" run_agent coding: coder " in ln for ln in lines)


def test_the_cli_exits_1_on_stop(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, "quick")
    done = subprocess.run(
        [sys.executable, "-m", "fourx", "run", "--root", str(repo), "--feature", FEATURE,
         "--agent-cmd", "exit 1"],
        capture_output=True, text=True, check=False,
    )
    assert done.returncode == 1
    assert "stop blocked (soft-fail)" in done.stdout


def test_the_agent_gets_the_call_in_its_environment(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, "quick")
    log = tmp_path / "env.log"
    cmd = (f'echo "$FOURX_ROLE $FOURX_PHASE $FOURX_PURPOSE $FOURX_ROUND $FOURX_ITERATION '
           f'$FOURX_ATTEMPT $FOURX_RUNNER $FOURX_MODEL" >> {log}; sh {AGENT_SH}')
    fourx.runner.run(repo, FEATURE, fourx.runner.command_agent(cmd, repo))
    assert log.read_text().splitlines()[0] == "coder coding main 1 1 1 claude sonnet"


def test_an_exception_of_the_agent_ends_the_run_and_the_next_run_resumes(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, "quick")

    def broken(call: AgentCall) -> AgentResult:
        raise RuntimeError("the agent CLI is gone")

    with pytest.raises(RuntimeError, match="the agent CLI is gone"):
        fourx.runner.run(repo, FEATURE, broken)
    assert Workspace(repo).read_state(FEATURE)["active"]
    result = fourx.runner.run(repo, FEATURE, scripted(repo))
    assert result["phase"] == "pending-review"


def test_a_world_replaces_the_clock(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, "quick")

    class Fixed:
        def now(self) -> str:
            return "2030-01-02T03:04:05Z"

    fourx.runner.run(repo, FEATURE, scripted(repo), world=Fixed())
    assert Workspace(repo).read_state(FEATURE)["updatedAt"] == "2030-01-02T03:04:05Z"


def test_a_world_that_reports_an_interrupt_stops_the_run_as_interrupted(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, "quick")

    class Interrupted:
        def interrupted(self) -> bool:
            return True

    result = fourx.runner.run(repo, FEATURE, scripted(repo), world=Interrupted())
    assert result["stop_reason"] == "interrupted"
    assert result["decisions"][-1]["kind"] == "stop"


def test_sigint_while_the_agent_runs_stops_the_run_as_interrupted(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, "quick")

    def ctrl_c(call: AgentCall) -> AgentResult:
        # To the main thread itself (the agent runs on it): a process-wide kill may be taken by
        # another thread of the test process, and then the sleep below is not interrupted.
        signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)
        time.sleep(5)  # the KeyboardInterrupt lands here
        raise AssertionError("SIGINT was not delivered")

    # Python's own Ctrl-C handler, whatever the test process inherited: a shell starts a
    # background job with SIGINT ignored, and Python then installs no handler at all.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        result = fourx.runner.run(repo, FEATURE, ctrl_c)
    finally:
        signal.signal(signal.SIGINT, previous)
    assert result["stop_reason"] == "interrupted"
    assert result["decisions"][-1]["kind"] == "stop"
    assert not Workspace(repo).read_state(FEATURE)["active"]


def test_a_transient_failure_of_the_agent_command_is_retried(tmp_path: Path) -> None:
    repo = make_repo(tmp_path, "quick")
    once = tmp_path / "failed-once"
    cmd = (f'if [ "$FOURX_ROLE" = coder ] && [ ! -e {once} ]; then touch {once}; '
           f'echo "error: 429 rate limit exceeded" >&2; exit 1; fi; sh {AGENT_SH}')
    result = fourx.runner.run(repo, FEATURE, fourx.runner.command_agent(cmd, repo))
    assert result["phase"] == "pending-review"
    coders = [d for d in result["decisions"] if d.get("role") == "coder"]
    assert [d["attempt"] for d in coders] == [1, 2]
    assert coders[1]["wait_ms"] > 0


def snapshot(repo: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    state = dict(Workspace(repo).read_state(FEATURE))
    for k in ("createdAt", "updatedAt", "since", "pid"):
        state.pop(k, None)
    events = []
    text = (repo / ".4x" / "run" / FEATURE / "events.jsonl").read_text()
    for line in text.splitlines():
        e = json.loads(line)
        e.pop("ts", None)
        e.pop("duration_ms", None)
        e.pop("checkpoint", None)  # the conductor's step: its state's pid and times differ per run
        events.append(e)
    return state, events


def test_a_sigkill_at_every_decision_boundary_then_run_again_ends_the_same(tmp_path: Path) -> None:
    clean = make_repo(tmp_path / "clean", "full")
    agent = fourx.runner.command_agent(f"sh {AGENT_SH}", clean)
    want = fourx.runner.run(clean, FEATURE, agent)
    expected = snapshot(clean)
    for k in range(1, len(want["decisions"])):
        repo = make_repo(tmp_path / f"k{k}", "full")
        child = subprocess.Popen(
            [sys.executable, "-m", "fourx", "run", "--root", str(repo), "--feature", FEATURE,
             "--agent-cmd", f"sh {AGENT_SH}"],
            stdout=subprocess.PIPE, text=True,
        )
        assert child.stdout is not None
        seen = 0
        for line in child.stdout:
            seen += line.startswith("[round")
            if seen == k:
                break
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        again = fourx.runner.run(repo, FEATURE, fourx.runner.command_agent(f"sh {AGENT_SH}", repo))
        assert again["phase"] == "pending-review", k
        assert snapshot(repo) == expected, f"killed at decision {k}"


def test_the_cli_runs_on_postgresql_and_resumes_a_killed_run_there(tmp_path: Path) -> None:
    url = os.environ.get("FOURX_PG_URL", "")
    if not url:
        if os.environ.get("FOURX_REQUIRE_PG"):
            pytest.fail("FOURX_REQUIRE_PG is set but FOURX_PG_URL is not")
        print("######## SKIPPED: FOURX_PG_URL is not set; the runner CLI on PostgreSQL is NOT tested",
              file=sys.stderr)
        pytest.skip("FOURX_PG_URL is not set (no PostgreSQL server)")
    import uuid

    store = {"kind": "postgres", "url": url, "schema": "py_run_" + uuid.uuid4().hex[:10]}
    clean = make_repo(tmp_path / "clean", "full")
    fourx.runner.run(clean, FEATURE, fourx.runner.command_agent(f"sh {AGENT_SH}", clean))
    expected = snapshot(clean)
    repo = make_repo(tmp_path / "db", "full")
    env = {**os.environ, "FOURX_STORE": json.dumps(store)}
    cmd = [sys.executable, "-m", "fourx", "run", "--root", str(repo), "--feature", FEATURE,
           "--agent-cmd", f"sh {AGENT_SH}", "--holder", "ci-machine"]
    child = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env)
    assert child.stdout is not None
    for line in child.stdout:
        if " run_agent reviewing" in line:
            break
    child.send_signal(signal.SIGKILL)
    child.wait()
    child.stdout.close()
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert not (repo / ".4x" / "run" / FEATURE / "state.json").exists()
    Workspace(repo, store=store).export_runs([FEATURE])
    assert snapshot(repo) == expected


def test_a_human_gate_goes_to_the_human_callback_or_pauses_the_run_with_its_question(
    tmp_path: Path,
) -> None:
    config = {**CONFIG, "approval_gates": ["coding"]}
    repo = make_repo(tmp_path, "quick", config)
    paused = fourx.runner.run(repo, FEATURE, scripted(repo))
    assert paused["decisions"][-1]["kind"] == "await_human"
    assert paused["question"] is not None and "coding" in paused["question"]
    asked: list[str] = []

    def human(decision: dict[str, Any]) -> str:
        asked.append(decision["question"])
        return "approve"

    result = fourx.runner.run(repo, FEATURE, scripted(repo), human=human)
    assert asked == [paused["question"]]  # the next run asks again, the answer goes on
    assert result["phase"] == "pending-review"


def test_parallel_review_test_runs_each_agent_with_its_own_runner(tmp_path: Path) -> None:
    config = json.loads(json.dumps(CONFIG))
    config["parallel_review_test"] = True
    config["runners"]["codex"] = {"command": "codex", "tiers": {"opus": "o3", "sonnet": "o4"}}
    config["roles"]["reviewer"]["runner"] = "codex"
    repo = make_repo(tmp_path, "full", config)
    calls: list[AgentCall] = []
    inner = scripted(repo)

    def agent(call: AgentCall) -> AgentResult:
        calls.append(call)
        result: AgentResult = inner(call)
        return result

    result = fourx.runner.run(repo, FEATURE, agent)
    assert result["phase"] == "pending-review", result["decisions"][-1]
    parallel = {c["role"]: c["runner"] for c in calls
                if c["purpose"] == "parallel" and c["phase"] == "reviewing"}
    assert parallel == {"reviewer": "codex", "tester": "claude"}
    assert not [d for d in result["decisions"]
                if d["kind"] == "run_agent" and d["role"] in ("reviewer", "tester")]


def test_an_agent_command_sees_the_run_note_as_fourx_note() -> None:
    call: AgentCall = {"role": "reviewer", "phase": "reviewing", "purpose": "parallel",
                       "sub_phase": "", "round": 1, "iteration": 1, "attempt": 1,
                       "runner": "codex", "model": "o3", "feature_dir": "/f", "round_dir": "/r",
                       "partial": "", "angles": [], "note": "check the login page"}
    assert fourx.runner.agent_env(call)["FOURX_NOTE"] == "check the login page"
