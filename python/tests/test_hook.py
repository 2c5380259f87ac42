"""``fourx hook``: the cc10x TaskCompleted and PostToolUse drop-ins, run as subprocesses exactly
as Claude Code runs a hook (JSON on stdin, CLAUDE_PROJECT_DIR / CLAUDE_PLUGIN_ROOT in the
environment, exit 2 + one stderr line to block). Each check of the chain is tried on a blocking
and a passing input, in block and in audit mode, on workflows built with ``router.new_artifact``
and ``router.update_artifact``."""

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


def meta(kind: str, phase: str, *, origin: str = "router", body: str = "") -> str:
    text: str = fourx.call(
        "router.format_task_metadata",
        {
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

    def __init__(self, tmp: Path, mode: str, version: str = "11.0.0") -> None:
        self.project = tmp / "project"
        self.plugin = tmp / "plugin"
        self.workflows = self.project / ".cc10x" / "workflows"
        self.workflows.mkdir(parents=True)
        (self.plugin / "config").mkdir(parents=True)
        (self.plugin / ".claude-plugin").mkdir(parents=True)
        (self.plugin / "config" / "hook-mode.json").write_text(
            json.dumps({"taskMetadata": mode, "artifactIntegrity": mode, "circuitBreaker": mode})
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

    def write_artifact(self, edition: str = "11.0.0", **changes: Any) -> dict[str, Any]:
        art: dict[str, Any] = fourx.call(
            "router.new_artifact",
            {
                "workflow_uuid": WF,
                "workflow_type": "BUILD",
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


def test_a_plugin_version_without_edition_is_refused_in_block_and_warned_in_audit(
    tmp_path: Path,
) -> None:
    payload = completed("CC10X component-builder: x", "kind:agent")
    b = Env(tmp_path / "b", "block", version="12.3.0").run("task-completed", payload)
    assert blocked(b, "invalid_value") and "12.3.0" in b.stderr
    a = Env(tmp_path / "a", "audit", version="12.3.0").run("task-completed", payload)
    assert a.returncode == 0 and "fourx: warning:" in a.stderr
    good = completed("CC10X component-builder: x", meta("agent", "build-implement"))
    e = Env(tmp_path / "e", "block", version="12.3.0")
    assert e.run("task-completed", good, "--edition", "11.0.0").returncode == 0


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
