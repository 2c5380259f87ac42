"""``fourx hook``: the cc10x TaskCompleted, PostToolUse and PreToolUse drop-ins, run as
subprocesses exactly as Claude Code runs a hook (JSON on stdin, CLAUDE_PROJECT_DIR /
CLAUDE_PLUGIN_ROOT in the environment, exit 2 + one stderr line to block, or the PreToolUse deny
JSON on stdout). Each check of the chain is tried on a blocking and a passing input, in block and
in audit mode, on workflows built with ``router.new_artifact`` and ``router.update_artifact``;
hostile hook files (FIFOs, deep JSON, a ``.cc10x`` linked outside the project) never hang, pass
a block-mode guard or write outside the project."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import fourx

WF = "wf-20260312T162700Z-a1b2c3d4"
NOW = "2026-03-12T16:27:00Z"


def meta(
    kind: str, phase: str, *, origin: str = "router", body: str = "", edition: str = "11.0.0"
) -> str:
    text: str = fourx.call(
        "router.format_task_metadata",
        {
            "edition": edition,
            "wf": WF,
            "kind": kind,
            "origin": origin,
            "phase": phase,
            "plan": "N/A",
            "scope": "N/A",
            "reason": "Persist captured Memory Notes" if kind == "memory" else "Fix findings",
            "body": body,
        },
    )["text"]
    return text


class Env:
    """A project with `.cc10x/workflows/` and a plugin root with mode and version files."""

    def __init__(
        self, tmp: Path, mode: str, version: str = "11.0.0", modes: dict[str, str] | None = None
    ) -> None:
        self.project = tmp / "project"
        self.plugin = tmp / "plugin"
        self.workflows = self.project / ".cc10x" / "workflows"
        self.workflows.mkdir(parents=True)
        (self.plugin / "config").mkdir(parents=True)
        (self.plugin / ".claude-plugin").mkdir(parents=True)
        (self.plugin / "config" / "hook-mode.json").write_text(
            json.dumps(modes or {"taskMetadata": mode, "artifactIntegrity": mode})
        )
        (self.plugin / ".claude-plugin" / "plugin.json").write_text(
            json.dumps({"name": "cc10x", "version": version})
        )
        (self.project / "src.txt").write_text("user file\n")

    @property
    def artifact(self) -> Path:
        return self.workflows / f"{WF}.json"

    @property
    def events(self) -> Path:
        return self.workflows / f"{WF}.events.jsonl"

    def write_artifact(
        self, edition: str = "11.0.0", workflow_type: str = "BUILD", **changes: Any
    ) -> dict[str, Any]:
        art: dict[str, Any] = fourx.call(
            "router.new_artifact",
            {
                "workflow_uuid": WF,
                "workflow_type": workflow_type,
                "user_request": "Add a profile page",
                "now": NOW,
                "edition": edition,
            },
        )["artifact"]
        art.update(changes)
        self.artifact.write_text(json.dumps(art, indent=2) + "\n")
        return art

    def event(self, event: str) -> None:
        line = fourx.call(
            "router.event_line",
            {
                "now": NOW,
                "wf": WF,
                "event": event,
                "phase": "memory-finalize",
                "task_id": "7",
                "agent": "router",
                "decision": "finalized",
                "reason": "memory written",
            },
        )["line"]
        with self.events.open("a") as f:
            f.write(line)

    def run(self, hook: str, payload: Any, *extra: str) -> subprocess.CompletedProcess[str]:
        env = dict(os.environ)
        env["CLAUDE_PROJECT_DIR"] = str(self.project)
        env["CLAUDE_PLUGIN_ROOT"] = str(self.plugin)
        data = payload if isinstance(payload, str) else json.dumps(payload)
        return subprocess.run(
            [sys.executable, "-m", "fourx", "hook", hook, *extra],
            input=data,
            env=env,
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )

    def outside_cc10x(self) -> list[str]:
        return sorted(
            str(p.relative_to(self.project))
            for p in self.project.rglob("*")
            if ".cc10x" not in p.parts
        )


def completed(subject: str, description: str, task_id: str = "7") -> dict[str, str]:
    return {"task_subject": subject, "task_description": description, "task_id": task_id}


MEMORY_SUBJECT = "CC10X Memory Update: Persist workflow learnings"
MEMORY_BODY = "ROUTER ONLY: execute inline. Persist the captured Memory Notes."


def blocked(proc: subprocess.CompletedProcess[str], kind: str) -> bool:
    lines = proc.stderr.strip().splitlines()
    return proc.returncode == 2 and len(lines) >= 1 and lines[-1].startswith(f"fourx: {kind}: ")


# --- input and configuration ------------------------------------------------------------------


@pytest.mark.parametrize("hook", ["task-completed", "post-tool-use"])
def test_malformed_hook_json_blocks_in_block_mode_and_passes_in_audit(tmp_path: Path, hook: str) -> None:
    assert blocked(Env(tmp_path / "b", "block").run(hook, "{not json"), "invalid_input")
    assert Env(tmp_path / "a", "audit").run(hook, "{not json").returncode == 0
    assert Env(tmp_path / "c", "block").run(hook, "[1, 2]").returncode == 2


def test_deeply_nested_hook_json_blocks_in_block_mode_and_never_crashes(tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    for hook in ("task-completed", "post-tool-use"):
        b = Env(tmp_path / f"b-{hook}", "block").run(hook, deep)
        assert blocked(b, "invalid_input") and "internal" not in b.stderr, b.stderr
        a = Env(tmp_path / f"a-{hook}", "audit").run(hook, deep)
        assert a.returncode == 0 and "internal" not in a.stderr
    obj = '{"task_subject": ' + "[" * 70 + "]" * 70 + "}"
    assert blocked(Env(tmp_path / "o", "block").run("task-completed", obj), "invalid_input")


def bad_metadata() -> dict[str, str]:
    return completed("CC10X component-builder: x", f"wf:{WF}\nkind:agent\nplan:N/A")


@pytest.mark.parametrize(
    "version", ["13.0.0", "12.11.0", "12.9.1", "12.8.0", "12.3.0", "not-a-version"]
)
def test_unknown_plugin_versions_never_block_and_name_the_edition_used(
    tmp_path: Path, version: str
) -> None:
    env = Env(tmp_path / "b", "block", version=version)
    p = env.run("task-completed", bad_metadata())
    assert p.returncode == 0, p.stderr
    assert version in p.stderr and "fourx: warning: missing_field" in p.stderr
    edition = fourx.call("router.edition_for_version", {"version": version})["edition"]
    assert f"checking with edition {edition}" in p.stderr
    art = env.write_artifact(edition=edition)
    del art["quality"]
    env.artifact.write_text(json.dumps(art))
    assert env.run("post-tool-use", write_event("Write", env.artifact)).returncode == 0
    audit = Env(tmp_path / "a", "audit", version=version)
    q = audit.run("task-completed", bad_metadata())
    assert q.returncode == 0
    reason = json.loads(audit.events.read_text().splitlines()[-1])["reason"]
    assert reason.startswith("missing_field: ")


def test_an_exact_version_still_blocks_and_edition_overrides_the_lookup(tmp_path: Path) -> None:
    assert blocked(Env(tmp_path / "x", "block", version="12.7.3").run("task-completed", bad_metadata()), "missing_field")
    good = completed("CC10X component-builder: x", meta("agent", "build-implement"))
    e = Env(tmp_path / "e", "block", version="13.0.0")
    assert e.run("task-completed", good, "--edition", "11.0.0").returncode == 0
    assert blocked(e.run("task-completed", bad_metadata(), "--edition", "12.10.0"), "missing_field")


def test_an_invalid_metadata_block_is_appended_to_its_workflows_events_in_audit(
    tmp_path: Path,
) -> None:
    env = Env(tmp_path, "audit")
    p = env.run("task-completed", bad_metadata())
    assert p.returncode == 0 and "fourx: audit: missing_field" in p.stderr
    last = json.loads(env.events.read_text().splitlines()[-1])
    assert last["wf"] == WF and last["reason"].startswith("missing_field: ")


# --- TaskCompleted and PostToolUse at 12.10.0: the QA workflow ----------------------------------

QA_PHASES = ["qa-research", "qa-plan", "qa-plan-review", "qa-re-plan", "qa-plan-review-2",
             "qa-preflight", "qa-build", "re-qa-build", "qa-review", "qa-hunt", "qa-execute",
             "re-qa-execute", "plan-review-amendment"]


@pytest.mark.parametrize("version", ["12.10.0", "12.10.4"])
def test_at_12_10_qa_task_completions_and_artifact_writes_pass_in_block_mode(
    tmp_path: Path, version: str
) -> None:
    env = Env(tmp_path, "block", version=version)
    env.write_artifact(edition="12.10.0", workflow_type="QA")
    env.event("workflow_started")
    for phase in QA_PHASES:
        d = meta("agent", "build-implement").replace("phase:build-implement", f"phase:{phase}")
        p = env.run("task-completed", completed("CC10X qa-executor: Run test plan and report", d))
        assert p.returncode == 0, (phase, p.stderr)
    remfix = meta("remfix", "re-qa-build", origin="qa-harness-builder", edition="12.10.0")
    p = env.run("task-completed", completed("CC10X REM-FIX: floor", remfix))
    assert p.returncode == 0, p.stderr
    p = env.run("post-tool-use", write_event("Write", env.artifact))
    assert p.returncode == 0, p.stderr
    assert json.loads(env.events.read_text().splitlines()[-1])["event"] == "artifact_mutated"


def test_at_12_10_a_wrong_qa_completion_or_artifact_is_still_refused(tmp_path: Path) -> None:
    env = Env(tmp_path, "block", version="12.10.0")
    env.write_artifact(edition="12.10.0", workflow_type="QA")
    d = meta("agent", "build-implement").replace("phase:build-implement", "phase:qa-planning")
    assert blocked(env.run("task-completed", completed("CC10X qa-executor: x", d)), "invalid_value")
    d = meta("remfix", "re-qa-build", origin="qa-harness-builder", edition="12.10.0")
    d = d.replace("origin:qa-harness-builder", "origin:qa-plumber")
    assert blocked(env.run("task-completed", completed("CC10X REM-FIX: x", d)), "invalid_value")
    art = json.loads(env.artifact.read_text())
    art["workflow_type"] = "QA-ISH"
    env.artifact.write_text(json.dumps(art))
    assert blocked(env.run("post-tool-use", write_event("Write", env.artifact)), "invalid_value")
    art["workflow_type"] = "QA"
    art.update(planning_review_status="passed", plan_revision=3, last_reviewed_revision=2)
    env.artifact.write_text(json.dumps(art))
    p = env.run("post-tool-use", write_event("Write", env.artifact))
    assert blocked(p, "invalid_value") and "revised_after_review" in p.stderr
    # 12.7.0 does not know the QA phases: the same completion is refused there.
    old = Env(tmp_path / "old", "block", version="12.7.0")
    qa = meta("agent", "build-implement").replace("phase:build-implement", "phase:qa-plan")
    assert blocked(old.run("task-completed", completed("CC10X planner: x", qa)), "invalid_value")


@pytest.mark.parametrize("version", ["12.8.0", "12.9.1"])
def test_a_qa_completion_under_a_release_between_editions_only_warns(
    tmp_path: Path, version: str
) -> None:
    env = Env(tmp_path, "block", version=version)
    qa = meta("agent", "build-implement").replace("phase:build-implement", "phase:qa-plan")
    p = env.run("task-completed", completed("CC10X planner: Design test plan", qa))
    assert p.returncode == 0 and "fourx: warning: invalid_value" in p.stderr, p.stderr


def test_a_12_7_artifact_without_the_new_keys_passes_at_12_10(tmp_path: Path) -> None:
    env = Env(tmp_path, "block", version="12.10.0")
    env.write_artifact(edition="12.7.0")
    env.event("workflow_started")
    assert env.run("post-tool-use", write_event("Write", env.artifact)).returncode == 0


# --- TaskCompleted: parse_subject → parse_task_metadata -----------------------------------------


def test_non_cc10x_tasks_pass_untouched(tmp_path: Path) -> None:
    env = Env(tmp_path, "block")
    assert env.run("task-completed", completed("Write docs", "no metadata")).returncode == 0
    assert env.run("task-completed", completed("BUILD: legacy", "")).returncode == 0


def test_metadata_must_have_all_seven_lines(tmp_path: Path) -> None:
    short = completed("CC10X component-builder: x", f"wf:{WF}\nkind:agent\nplan:N/A")
    assert blocked(Env(tmp_path / "b", "block").run("task-completed", short), "missing_field")
    assert Env(tmp_path / "a", "audit").run("task-completed", short).returncode == 0
    full = completed("CC10X component-builder: x", meta("agent", "build-implement"))
    assert Env(tmp_path / "p", "block").run("task-completed", full).returncode == 0


def test_indented_metadata_lines_pass_and_a_placeholder_wf_is_blocked(tmp_path: Path) -> None:
    env = Env(tmp_path, "block")
    indented = "\n".join("  " + line for line in meta("agent", "build-implement").splitlines())
    assert env.run("task-completed", completed("CC10X code-reviewer: x", indented)).returncode == 0
    fake = meta("agent", "build-implement").replace(WF, "wf-test")
    assert blocked(env.run("task-completed", completed("CC10X code-reviewer: x", fake)), "invalid_value")


def test_edition_12_7_knows_triage_phase_and_11_does_not(tmp_path: Path) -> None:
    d = meta("agent", "build-implement").replace("phase:build-implement", "phase:triage")
    payload = completed("CC10X triage-agent: Triage #9", d)
    assert Env(tmp_path / "new", "block", version="12.7.0").run("task-completed", payload).returncode == 0
    assert blocked(Env(tmp_path / "old", "block").run("task-completed", payload), "invalid_value")


# --- TaskCompleted: memory tasks (artifact, marker, memory_finalized) ------------------------


def test_memory_task_needs_artifact_marker_and_finalized_event(tmp_path: Path) -> None:
    desc = meta("memory", "memory-finalize", body=MEMORY_BODY)
    env = Env(tmp_path / "ok", "block")
    env.write_artifact()
    env.event("memory_finalized")
    assert env.run("task-completed", completed(MEMORY_SUBJECT, desc)).returncode == 0

    no_event = Env(tmp_path / "ev", "block")
    no_event.write_artifact()
    p = no_event.run("task-completed", completed(MEMORY_SUBJECT, desc))
    assert blocked(p, "missing_evidence") and "missing_memory_finalized_event" in p.stderr

    no_marker = Env(tmp_path / "mk", "block")
    no_marker.write_artifact()
    no_marker.event("memory_finalized")
    p = no_marker.run("task-completed", completed(MEMORY_SUBJECT, meta("memory", "memory-finalize")))
    assert blocked(p, "missing_evidence") and "missing_router_only_marker" in p.stderr

    no_artifact = Env(tmp_path / "art", "block")
    no_artifact.event("memory_finalized")
    assert blocked(no_artifact.run("task-completed", completed(MEMORY_SUBJECT, desc)), "not_found")


def test_memory_task_with_a_short_artifact_is_blocked_at_12_7(tmp_path: Path) -> None:
    desc = meta("memory", "memory-finalize", body=MEMORY_BODY)
    env = Env(tmp_path, "block", version="12.7.1")
    env.write_artifact(edition="11.0.0")
    env.event("memory_finalized")
    p = env.run("task-completed", completed(MEMORY_SUBJECT, desc))
    assert blocked(p, "missing_field") and "build_scope" in p.stderr


def test_audit_mode_passes_and_appends_the_finding_as_an_event_line(tmp_path: Path) -> None:
    env = Env(tmp_path, "audit")
    env.write_artifact()
    p = env.run("task-completed", completed(MEMORY_SUBJECT, meta("memory", "memory-finalize")))
    assert p.returncode == 0 and "fourx: audit: missing_evidence" in p.stderr
    lines = [json.loads(x) for x in env.events.read_text().splitlines()]
    assert lines[-1]["wf"] == WF and lines[-1]["decision"] == "audit"
    assert lines[-1]["reason"].startswith("missing_evidence: ")
    assert env.outside_cc10x() == ["src.txt"]


# --- TaskCompleted: remfix → loop_gate -------------------------------------------------------


def test_remfix_beyond_the_circuit_breaker_is_blocked(tmp_path: Path) -> None:
    desc = meta("remfix", "build-review", origin="code-reviewer")
    entry = {"ts": NOW, "phase": "build-review", "reason": "r", "cycle_number": 1}
    over = Env(tmp_path / "over", "block")
    over.write_artifact(remediation_history=[entry] * 4)
    assert blocked(over.run("task-completed", completed("CC10X REM-FIX: r", desc)), "invalid_value")
    ok = Env(tmp_path / "ok", "block")
    ok.write_artifact(remediation_history=[entry])
    assert ok.run("task-completed", completed("CC10X REM-FIX: r", desc)).returncode == 0
    audit = Env(tmp_path / "audit", "audit")
    audit.write_artifact(remediation_history=[entry] * 4)
    assert audit.run("task-completed", completed("CC10X REM-FIX: r", desc)).returncode == 0


def test_the_fix_round_limit_triggers_on_an_artifact_kept_by_fourx_ops(tmp_path: Path) -> None:
    """The rounds are written by ``router.update_artifact`` (failing verifications), not by
    hand: the fourth REM-FIX finds three earlier rounds, the cap, and block mode refuses it."""
    from fourx import router

    desc = meta("remfix", "build-verify", origin="integration-verifier")
    failing = {
        "agent": "cc10x:integration-verifier",
        "status": "FAIL",
        "passes": False,
        "critical_issues": ["500 on logout"],
        "needs_inline_verification": False,
    }

    def kept(tmp: Path, rounds: int) -> Env:
        env = Env(tmp, "block")
        text = json.dumps(env.write_artifact())
        for _ in range(rounds):
            out = router.update_artifact(
                text, WF, "2026-03-12T16:40:05Z", "integration-verifier", failing, phase="build-verify"
            )
            text = out["text"]
        env.artifact.write_text(text)
        history = json.loads(text)["remediation_history"]
        assert [e["cycle_number"] for e in history] == list(range(1, rounds + 1))
        return env

    over = kept(tmp_path / "over", 4)
    p = over.run("task-completed", completed("CC10X REM-FIX: logout 500", desc))
    assert blocked(p, "invalid_value"), p.stderr
    assert "remfix cycle cap" in p.stderr
    under = kept(tmp_path / "under", 1)
    p = under.run("task-completed", completed("CC10X REM-FIX: logout 500", desc))
    assert p.returncode == 0, p.stderr


def test_the_circuit_breaker_follows_cc10xs_task_metadata_key(tmp_path: Path) -> None:
    desc = meta("remfix", "build-review", origin="code-reviewer")
    entry = {"ts": NOW, "phase": "build-review", "reason": "r", "cycle_number": 1}
    # A `circuitBreaker` key is not cc10x's: it decides nothing.
    legacy = Env(tmp_path / "l", "x", modes={"taskMetadata": "audit", "circuitBreaker": "block"})
    legacy.write_artifact(remediation_history=[entry] * 4)
    p = legacy.run("task-completed", completed("CC10X REM-FIX: r", desc))
    assert p.returncode == 0 and "remfix cycle cap" in p.stderr
    tm = Env(tmp_path / "t", "x", modes={"taskMetadata": "block", "artifactIntegrity": "audit"})
    tm.write_artifact(remediation_history=[entry] * 4)
    assert blocked(tm.run("task-completed", completed("CC10X REM-FIX: r", desc)), "invalid_value")


@pytest.mark.parametrize(("version", "warns"), [("11.0.0", False), ("12.7.0", True), ("12.10.0", True)])
def test_a_remfix_without_remediation_history_warns_from_12_7(
    tmp_path: Path, version: str, warns: bool
) -> None:
    edition = fourx.call("router.edition_for_version", {"version": version})["edition"]
    desc = meta("remfix", "build-review", origin="code-reviewer")
    env = Env(tmp_path, "block", version=version)
    env.write_artifact(edition=edition, remediation_history=[])
    p = env.run("task-completed", completed("CC10X REM-FIX: r", desc))
    assert p.returncode == 0
    assert ("no remediation_history entry" in p.stderr) == warns, p.stderr


# --- PostToolUse: check_artifact, events file, freshness --------------------------------------


def write_event(tool: str, path: Path) -> dict[str, Any]:
    return {"tool_name": tool, "tool_input": {"file_path": str(path)}}


def test_a_valid_artifact_write_passes_and_a_broken_one_is_blocked(tmp_path: Path) -> None:
    env = Env(tmp_path / "b", "block")
    env.write_artifact()
    env.event("workflow_started")
    assert env.run("post-tool-use", write_event("Write", env.artifact)).returncode == 0
    art = json.loads(env.artifact.read_text())
    del art["quality"]
    env.artifact.write_text(json.dumps(art))
    p = env.run("post-tool-use", write_event("Edit", env.artifact))
    assert blocked(p, "missing_field") and "quality" in p.stderr
    env.artifact.write_text("{ not json")
    assert blocked(env.run("post-tool-use", write_event("Edit", env.artifact)), "malformed_artifact")
    audit = Env(tmp_path / "a", "audit")
    audit.artifact.write_text("{ not json")
    assert audit.run("post-tool-use", write_event("Edit", audit.artifact)).returncode == 0


def test_writes_to_other_files_never_block(tmp_path: Path) -> None:
    env = Env(tmp_path, "block")
    env.artifact.write_text("{ broken")
    assert env.run("post-tool-use", write_event("Write", env.project / "src.txt")).returncode == 0
    assert env.run("post-tool-use", {"tool_name": "Bash", "tool_input": {}}).returncode == 0


def test_an_artifact_built_by_update_artifact_passes(tmp_path: Path) -> None:
    env = Env(tmp_path, "block", version="12.7.0")
    art = env.write_artifact(edition="12.7.0")
    result = {"agent": "cc10x:failure-hunter", "status": "CLEAN", "passes": True,
              "needs_inline_verification": False}
    upd = fourx.call(
        "router.update_artifact",
        {"artifact_text": json.dumps(art), "workflow_uuid": WF, "now": NOW,
         "agent": "failure-hunter", "result": result, "task_id": "4", "edition": "12.7.0"},
    )
    env.artifact.write_text(upd["text"])
    env.event("workflow_started")
    p = env.run("post-tool-use", write_event("Write", env.artifact))
    assert p.returncode == 0, p.stderr
    last = json.loads(env.events.read_text().splitlines()[-1])
    assert last["event"] == "artifact_mutated" and last["agent"] == "hook"
    assert env.outside_cc10x() == ["src.txt"]


def test_missing_events_file_and_stale_writes_only_warn(tmp_path: Path) -> None:
    env = Env(tmp_path, "block")
    env.write_artifact()
    os.utime(env.artifact, (1_000_000_000, 1_000_000_000))
    p = env.run("post-tool-use", write_event("Write", env.artifact))
    assert p.returncode == 0
    assert "does not exist" in p.stderr and "stale" in p.stderr


# --- hostile hook files: FIFOs, a .cc10x linked outside the project (issue 29) -----------------


def test_a_fifo_artifact_never_hangs_the_hook_and_blocks_in_block_mode(tmp_path: Path) -> None:
    desc = meta("remfix", "build-review", origin="code-reviewer")
    env = Env(tmp_path / "b", "block")
    os.mkfifo(env.artifact)
    p = env.run("task-completed", completed("CC10X REM-FIX: r", desc))
    assert blocked(p, "invalid_input") and "not a regular file" in p.stderr
    p = env.run("post-tool-use", write_event("Write", env.artifact))
    assert blocked(p, "invalid_input")
    audit = Env(tmp_path / "a", "audit")
    os.mkfifo(audit.artifact)
    p = audit.run("task-completed", completed("CC10X REM-FIX: r", desc))
    assert p.returncode == 0 and "not a regular file" in p.stderr


def test_a_fifo_events_file_never_hangs_the_hook_and_blocks_in_block_mode(tmp_path: Path) -> None:
    desc = meta("memory", "memory-finalize", body=MEMORY_BODY)
    env = Env(tmp_path / "b", "block")
    env.write_artifact()
    os.mkfifo(env.events)
    assert blocked(env.run("task-completed", completed(MEMORY_SUBJECT, desc)), "invalid_input")
    assert blocked(env.run("post-tool-use", write_event("Write", env.artifact)), "invalid_input")
    audit = Env(tmp_path / "a", "audit")
    audit.write_artifact()
    os.mkfifo(audit.events)
    # Audit: passes, and appending to a FIFO is refused rather than waited on.
    p = audit.run("task-completed", completed(MEMORY_SUBJECT, meta("memory", "memory-finalize")))
    assert p.returncode == 0


def test_a_fifo_hook_mode_or_plugin_json_blocks_instead_of_hanging(tmp_path: Path) -> None:
    good = completed("CC10X component-builder: x", meta("agent", "build-implement"))
    env = Env(tmp_path / "m", "block")
    mode = env.plugin / "config" / "hook-mode.json"
    mode.unlink()
    os.mkfifo(mode)
    assert blocked(env.run("task-completed", good), "invalid_input")
    ver = Env(tmp_path / "v", "block")
    pj = ver.plugin / ".claude-plugin" / "plugin.json"
    pj.unlink()
    os.mkfifo(pj)
    assert blocked(ver.run("task-completed", good), "invalid_input")


def test_a_cc10x_linked_outside_the_project_gets_no_appended_events(tmp_path: Path) -> None:
    env = Env(tmp_path, "audit")
    outside = tmp_path / "elsewhere"
    (outside / "workflows").mkdir(parents=True)
    cc10x = env.project / ".cc10x"
    for f in cc10x.rglob("*"):
        if f.is_file():
            f.unlink()
    (cc10x / "workflows").rmdir()
    cc10x.rmdir()
    cc10x.symlink_to(outside, target_is_directory=True)
    p = env.run("task-completed", bad_metadata())
    assert p.returncode == 0 and "outside the project" in p.stderr
    assert list((outside / "workflows").iterdir()) == []


# --- PreToolUse: the git guard and the QA isolation guard --------------------------------------


def pre(env: Env, payload: Any) -> tuple[int, dict[str, Any] | None]:
    p = env.run("pre-tool-use", payload)
    out = p.stdout.strip()
    return p.returncode, (json.loads(out) if out else None)


def denied(answer: dict[str, Any] | None) -> str | None:
    if answer is None:
        return None
    h = answer["hookSpecificOutput"]
    assert h["hookEventName"] == "PreToolUse" and h["permissionDecision"] == "deny"
    reason: str = h["permissionDecisionReason"]
    return reason


def bash(command: str) -> dict[str, Any]:
    return {"tool_name": "Bash", "tool_input": {"command": command}}


def test_pre_tool_use_denies_destructive_git_and_allows_the_rest(tmp_path: Path) -> None:
    env = Env(tmp_path, "audit")
    for cmd in ["git push origin main", "cd x && git reset --hard", "bash -c 'git clean -fd'"]:
        code, answer = pre(env, bash(cmd))
        assert code == 0 and "git guard" in (denied(answer) or ""), cmd
    for cmd in ["git status", "git log -3", "ls"]:
        assert pre(env, bash(cmd)) == (0, None), cmd
    assert denied(pre(env, "{broken")[1]) is not None


def test_pre_tool_use_consumes_a_fresh_approval_token_once(tmp_path: Path) -> None:
    import datetime as dt

    env = Env(tmp_path, "audit")
    state = env.project / ".cc10x" / "state"
    state.mkdir()
    exp = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(minutes=5)).strftime("%Y-%m-%dT%H:%M:%SZ")
    (state / "git-approval.json").write_text(
        json.dumps({"wf": WF, "operations": ["push"], "expires_at": exp})
    )
    assert pre(env, bash("git push origin main")) == (0, None)
    assert not (state / "git-approval.json").exists()
    assert denied(pre(env, bash("git push origin main"))[1]) is not None


def test_pre_tool_use_keeps_qa_planning_read_only_and_lets_preflight_provision(
    tmp_path: Path,
) -> None:
    env = Env(tmp_path, "audit", version="12.10.0")
    env.write_artifact(edition="12.10.0", workflow_type="QA", phase_cursor="qa-plan",
                       qa={"isolation": {"denied_reads": [str(env.project / "baseline")],
                                         "mutation_allowlist": [".cc10x/"]}})
    write = {"tool_name": "Write", "tool_input": {"file_path": str(env.project / "src.txt")}}
    assert "planning phase" in (denied(pre(env, write)[1]) or "")
    assert "planning phase" in (denied(pre(env, bash("mkdir -p /tmp/fixtures"))[1]) or "")
    ok = {"tool_name": "Write", "tool_input": {"file_path": ".cc10x/qa/x/test-plan.md"}}
    assert pre(env, ok) == (0, None)
    read = {"tool_name": "Read", "tool_input": {"file_path": str(env.project / "baseline/a.md")}}
    assert "denied read" in (denied(pre(env, read)[1]) or "")
    env.write_artifact(edition="12.10.0", workflow_type="QA", phase_cursor="qa-preflight")
    assert pre(env, write) == (0, None)
