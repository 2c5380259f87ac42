"""``fourx hook`` — fourx as cc10x's TaskCompleted and PostToolUse hooks.

Only I/O lives here: reading the hook JSON on stdin, the plugin's mode and version files, the
workflow artifact and its events file, the clock, and appending event lines. Every decision is a
``router.*`` op of the core (``parse_subject``, ``parse_task_metadata``, ``check_artifact``,
``memory_evidence``, ``loop_gate``, ``artifact_fresh``, ``edition_for_version``,
``event_line``). A blocking finding prints one line ``fourx: <kind>: <message>`` on stderr and
exits 2; audit mode appends the finding's event line to the workflow's events file and exits 0.
The hook never writes outside the project's ``.cc10x/`` and never raises on bad input.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from ._ops import call
from .errors import FourxError

__all__ = ["HOOKS", "run"]

#: The two hooks and the mode key that governs each one's own checks.
HOOKS: dict[str, str] = {"task-completed": "taskMetadata", "post-tool-use": "artifactIntegrity"}

#: Largest hook input and state file read (bounded reads).
MAX_READ = 4 * 1024 * 1024

@dataclass
class Finding:
    """A check that failed: the mode key governing it, the error kind and the message."""

    key: str
    kind: str
    message: str
    phase: str = "unknown"


def _read_bounded(path: Path) -> str | None:
    """The file's text, or None when absent, unreadable, too large or not UTF-8."""
    try:
        with path.open("rb") as f:
            data = f.read(MAX_READ + 1)
    except OSError:
        return None
    if len(data) > MAX_READ:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _modes(plugin_root: str | None) -> dict[str, str]:
    """``config/hook-mode.json`` under the plugin root; every key defaults to ``audit``."""
    modes: dict[str, str] = {
        "taskMetadata": "audit",
        "artifactIntegrity": "audit",
        "circuitBreaker": "audit",
    }
    if not plugin_root:
        return modes
    text = _read_bounded(Path(plugin_root) / "config" / "hook-mode.json")
    try:
        cfg = json.loads(text) if text is not None else {}
    except ValueError:
        cfg = {}
    if isinstance(cfg, dict):
        for key in modes:
            if cfg.get(key) in ("audit", "block"):
                modes[key] = cfg[key]
    return modes


def _plugin_version(plugin_root: str | None) -> str:
    if not plugin_root:
        return "unknown"
    text = _read_bounded(Path(plugin_root) / ".claude-plugin" / "plugin.json")
    try:
        v = json.loads(text).get("version") if text is not None else None
    except (ValueError, AttributeError):
        v = None
    return v if isinstance(v, str) else "unknown"


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _mtime(path: Path) -> str | None:
    try:
        secs = path.stat().st_mtime
    except OSError:
        return None
    return _dt.datetime.fromtimestamp(secs, _dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


class _Ctx:
    def __init__(self, project: Path, edition: str, modes: dict[str, str], now: str) -> None:
        self.project = project
        self.edition = edition
        self.modes = modes
        self.now = now
        self.workflows = project / ".cc10x" / "workflows"

    def op(self, name: str, **args: Any) -> Any:
        return call(name, dict(args, edition=self.edition))

    def artifact_path(self, wf: str) -> Path:
        return self.workflows / f"{wf}.json"

    def events_path(self, wf: str) -> Path:
        return self.workflows / f"{wf}.events.jsonl"

    def append_event(self, wf: str, event: str, phase: str, task_id: str | None, **rest: str) -> None:
        """Appends one ``router.event_line`` line to the wf's events file (inside ``.cc10x/``)."""
        try:
            line: str = self.op(
                "router.event_line",
                now=self.now,
                wf=wf,
                event=event,
                phase=phase,
                task_id=task_id,
                agent=rest.get("agent", "hook"),
                decision=rest.get("decision", "audit"),
                reason=rest.get("reason", ""),
            )["line"]
        except FourxError:
            return
        path = self.events_path(wf)
        try:
            if path.resolve().parent != self.workflows.resolve():
                return
            self.workflows.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as f:
                f.write(line)
        except OSError:
            return


def _finding(key: str, e: FourxError, phase: str = "unknown") -> Finding:
    return Finding(key, e.kind, e.message, phase)


def _task_completed(ctx: _Ctx, data: dict[str, Any]) -> tuple[list[Finding], str | None, str | None]:
    """The TaskCompleted chain; returns findings, the wf and the task id."""
    subject = data.get("task_subject")
    description = data.get("task_description")
    task_id = data.get("task_id")
    task_id = task_id if isinstance(task_id, str) else None
    subject = subject if isinstance(subject, str) else ""
    description = description if isinstance(description, str) else ""
    cls = ctx.op("router.parse_subject", subject=subject)["class"]
    if cls in ("foreign", "legacy_parent"):
        return [], None, task_id
    try:
        meta = ctx.op("router.parse_task_metadata", description=description, require_all=True)
    except FourxError as e:
        return [_finding("taskMetadata", e)], None, task_id
    wf: str = meta["wf"]
    phase: str = meta["phase"] or "unknown"
    findings: list[Finding] = []
    artifact: dict[str, Any] | None = None
    text = _read_bounded(ctx.artifact_path(wf))
    if text is not None:
        try:
            ctx.op("router.check_artifact", text=text, workflow_uuid=wf)
            artifact = json.loads(text)
        except FourxError as e:
            if meta["kind"] == "memory":
                findings.append(_finding("taskMetadata", e, phase))
    if meta["kind"] == "memory":
        if text is None:
            findings.append(
                Finding(
                    "taskMetadata",
                    "not_found",
                    f"workflow artifact .cc10x/workflows/{wf}.json is missing",
                    phase,
                )
            )
        events = _read_bounded(ctx.events_path(wf))
        try:
            ev = ctx.op(
                "router.memory_evidence", subject=subject, description=description, events=events
            )
            if not ev["ok"]:
                findings.append(
                    Finding(
                        "taskMetadata",
                        "missing_evidence",
                        "memory task lacks router-owned evidence: " + ", ".join(ev["gaps"]),
                        phase,
                    )
                )
        except FourxError as e:
            findings.append(_finding("taskMetadata", e, phase))
    if meta["kind"] == "remfix" and artifact is not None:
        history = artifact.get("remediation_history")
        before = max(len(history) - 1, 0) if isinstance(history, list) else 0
        gate = ctx.op("router.loop_gate", loop="remfix", count=before)
        if not gate["allowed"]:
            findings.append(
                Finding(
                    "circuitBreaker",
                    "invalid_value",
                    f"remfix cycle cap {gate['cap']} reached ({before} earlier cycles): "
                    "ask the user before another REM-FIX",
                    phase,
                )
            )
    return findings, wf, task_id


def _post_tool_use(ctx: _Ctx, data: dict[str, Any]) -> tuple[list[Finding], str | None, list[str]]:
    """The PostToolUse chain; returns findings, the wf and warnings (never blocking)."""
    tool_input = data.get("tool_input")
    file_path = tool_input.get("file_path") if isinstance(tool_input, dict) else None
    if not isinstance(file_path, str) or not file_path:
        return [], None, []
    path = Path(file_path)
    if not path.is_absolute():
        path = ctx.project / path
    try:
        in_workflows = path.resolve().parent == ctx.workflows.resolve()
    except OSError:
        in_workflows = False
    if not in_workflows or path.suffix != ".json":
        return [], None, []
    wf = path.stem
    text = _read_bounded(path)
    if text is None:
        return [Finding("artifactIntegrity", "not_found", f"artifact {path.name} is unreadable")], None, []
    try:
        ctx.op("router.check_artifact", text=text, workflow_uuid=wf)
    except FourxError as e:
        return [_finding("artifactIntegrity", e)], None, []
    warnings: list[str] = []
    if not ctx.events_path(wf).exists():
        warnings.append(f"fourx: warning: events file {wf}.events.jsonl does not exist")
    modified = _mtime(path)
    if modified is not None:
        fresh = ctx.op("router.artifact_fresh", modified_at=modified, now=ctx.now)
        if not fresh["fresh"]:
            warnings.append(
                f"fourx: warning: artifact {path.name} is stale ({fresh['age_seconds']} s old)"
            )
    return [], wf, warnings


def run(
    hook: str,
    stdin: BinaryIO,
    stderr: TextIO,
    env: Mapping[str, str],
    *,
    edition: str | None = None,
    now: str | None = None,
) -> int:
    """Runs one hook; returns the exit status (0 pass, 2 block). Never raises."""
    key = HOOKS[hook]
    modes = _modes(env.get("CLAUDE_PLUGIN_ROOT"))
    block = modes[key] == "block"
    try:
        raw = stdin.read(MAX_READ + 1)
        data = json.loads(raw.decode("utf-8")) if len(raw) <= MAX_READ else None
    except (ValueError, OSError):
        data = None
    if not isinstance(data, dict):
        if block:
            print("fourx: invalid_input: the hook input is not a JSON object", file=stderr)
            return 2
        return 0
    if edition is None:
        version = _plugin_version(env.get("CLAUDE_PLUGIN_ROOT"))
        edition = call("router.edition_for_version", {"version": version})["edition"]
        if edition is None:
            msg = f"cc10x plugin version {version} has no fourx edition (11.x or 12.7+); pass --edition"
            if block:
                print(f"fourx: invalid_value: {msg}", file=stderr)
                return 2
            print(f"fourx: warning: {msg}", file=stderr)
            return 0
    project = Path(env.get("CLAUDE_PROJECT_DIR") or os.getcwd())
    ctx = _Ctx(project, edition, modes, now or _now())
    try:
        if hook == "task-completed":
            findings, wf, task_id = _task_completed(ctx, data)
            warnings: list[str] = []
        else:
            findings, wf, warnings = _post_tool_use(ctx, data)
            task_id = None
    except FourxError as e:
        findings, wf, task_id, warnings = [_finding(key, e)], None, None, []
    for w in warnings:
        print(w, file=stderr)
    blocking = [f for f in findings if modes.get(f.key) == "block"]
    if blocking:
        f = blocking[0]
        print(f"fourx: {f.kind}: {f.message}", file=stderr)
        return 2
    for f in findings:
        if wf is not None:
            ctx.append_event(
                wf, "contract_parsed", f.phase, task_id, reason=f"{f.kind}: {f.message}"
            )
        print(f"fourx: audit: {f.kind}: {f.message}", file=stderr)
    if hook == "post-tool-use" and wf is not None and not findings and edition == "12.7.0":
        ctx.append_event(
            wf, "artifact_mutated", "unknown", None, decision="auto-logged",
            reason="posttool_guard_auto_append",
        )
    return 0


def main_hook(hook: str, edition: str | None) -> int:
    """The ``fourx hook <name>`` entry: real stdin, stderr and environment."""
    try:
        return run(hook, sys.stdin.buffer, sys.stderr, os.environ, edition=edition)
    except Exception as e:  # noqa: BLE001 - a hook must never crash the host
        print(f"fourx: internal: {type(e).__name__}: {e}", file=sys.stderr)
        return 0
