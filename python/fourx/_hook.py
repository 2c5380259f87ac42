"""``fourx hook`` — fourx as cc10x's TaskCompleted, PostToolUse and PreToolUse hooks.

Only I/O lives here: reading the hook JSON on stdin, the plugin's mode and version files, the
workflow artifact and its events file, the approval token and the clock, and appending event
lines. Every decision is a ``router.*`` op of the core (``edition_for_version``,
``parse_subject``, ``parse_task_metadata``, ``check_artifact``, ``memory_evidence``,
``remfix_completion``, ``artifact_fresh``, ``event_line``, ``pre_tool_use``). A blocking finding
prints one line ``fourx: <kind>: <message>`` on stderr and exits 2; audit mode appends the
finding's event line to the workflow's events file and exits 0. An unknown plugin version (no
exact edition) never blocks: its findings only warn. Hook files are opened without blocking and
refused unless they are regular files; the hook never writes outside the project's ``.cc10x/``
and never raises on bad input.
"""

from __future__ import annotations

import datetime as _dt
import errno
import json
import os
import re
import stat
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from ._ops import call
from .errors import FourxError

__all__ = ["HOOKS", "MAX_DEPTH", "run", "run_pre_tool_use"]

#: The hooks that consult ``hook-mode.json`` and the mode key that governs each one's checks
#: (cc10x's keys: the REM-FIX circuit breaker is a ``taskMetadata`` check).
HOOKS: dict[str, str] = {"task-completed": "taskMetadata", "post-tool-use": "artifactIntegrity"}

#: cc10x's hook-mode keys (``cc10x_hooklib.HOOK_MODE_DEFAULTS``); fourx defaults each to audit.
MODE_KEYS = ("taskMetadata", "artifactIntegrity", "memoryWrites")

#: Largest hook input and state file read (bounded reads).
MAX_READ = 4 * 1024 * 1024

#: Deepest JSON nesting accepted on stdin; deeper input is malformed (never a RecursionError).
MAX_DEPTH = 64

#: How much of an events log the PreToolUse guard reads (its newest records).
EVENTS_TAIL = 65_536


@dataclass
class Finding:
    """A check that failed: the mode key governing it, the error kind and the message."""

    key: str
    kind: str
    message: str
    phase: str = "unknown"
    #: A refused (non-regular) hook file: blocks in block mode whatever the plugin version.
    hard: bool = False


class Refused(Exception):
    """A hook file that exists but is not a regular file (a FIFO, a device, a directory)."""


# --- bounded, non-blocking file access ---------------------------------------------------------


def _read_file(path: Path, *, tail: int | None = None) -> str | None:
    """The file's text, or None when absent, unreadable, too large or not UTF-8.

    Opened with ``O_NONBLOCK`` so a FIFO never hangs the hook; anything but a regular file
    raises :class:`Refused`. With ``tail`` only the last ``tail`` bytes are read (decoded
    leniently: the first line may be torn).
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as e:
        if e.errno in (errno.ENXIO, errno.EISDIR, errno.ELOOP):
            raise Refused(str(path)) from e
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Refused(str(path))
        if tail is not None:
            os.lseek(fd, max(0, st.st_size - tail), os.SEEK_SET)
            data = os.read(fd, tail)
            return data.decode("utf-8", errors="ignore")
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_READ:
            chunk = os.read(fd, min(1 << 16, MAX_READ + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError:
        return None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > MAX_READ:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _is_regular(path: Path) -> bool | None:
    """True for a regular file, None when absent, False for anything else (never blocks)."""
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    except OSError:
        return False
    return stat.S_ISREG(st.st_mode)


def _json_depth_ok(text: str, limit: int = MAX_DEPTH) -> bool:
    """Whether the JSON text nests at most ``limit`` levels (a linear scan, strings skipped)."""
    depth = 0
    in_str = False
    escaped = False
    for ch in text:
        if in_str:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def _load_json(text: str) -> Any:
    """``json.loads`` with the depth limit; None for anything malformed or too deep."""
    if not _json_depth_ok(text):
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _read_stdin(stdin: BinaryIO) -> Any:
    try:
        raw = stdin.read(MAX_READ + 1)
    except OSError:
        return None
    if len(raw) > MAX_READ:
        return None
    try:
        return _load_json(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return None


# --- plugin configuration ----------------------------------------------------------------------


def _modes(plugin_root: str | None, plugin_data: str | None) -> tuple[dict[str, str], list[str]]:
    """The hook modes and the files that had to be refused.

    ``config/hook-mode.json`` under the plugin root, then the user override
    ``$CLAUDE_PLUGIN_DATA/hook-mode.json`` (cc10x's two layers); every key defaults to
    ``audit``. A layer that is not a regular file is refused and every key becomes ``block``
    (fail closed: nobody can say which mode was meant).
    """
    modes: dict[str, str] = dict.fromkeys(MODE_KEYS, "audit")
    refused: list[str] = []
    layers = [Path(plugin_root) / "config" / "hook-mode.json"] if plugin_root else []
    if plugin_data:
        layers.append(Path(plugin_data) / "hook-mode.json")
    for layer in layers:
        try:
            text = _read_file(layer)
        except Refused:
            refused.append(str(layer))
            continue
        cfg = _load_json(text) if text is not None else None
        if isinstance(cfg, dict):
            for key in MODE_KEYS:
                if cfg.get(key) in ("audit", "block"):
                    modes[key] = cfg[key]
    if refused:
        modes = dict.fromkeys(MODE_KEYS, "block")
    return modes, refused


def _plugin_version(plugin_root: str | None) -> str:
    """The plugin's ``version``, ``"unknown"`` when it cannot be read; :class:`Refused` when
    ``plugin.json`` is not a regular file."""
    if not plugin_root:
        return "unknown"
    text = _read_file(Path(plugin_root) / ".claude-plugin" / "plugin.json")
    data = _load_json(text) if text is not None else None
    v = data.get("version") if isinstance(data, dict) else None
    return v if isinstance(v, str) else "unknown"


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _mtime(path: Path) -> str | None:
    try:
        secs = path.stat().st_mtime
    except OSError:
        return None
    return _dt.datetime.fromtimestamp(secs, _dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _inside(path: Path, root: Path) -> bool:
    """Whether ``path`` resolves (symlinks followed) inside the resolved ``root``."""
    try:
        real = Path(os.path.realpath(path))
        base = Path(os.path.realpath(root))
    except (OSError, ValueError):
        return False
    return real == base or base in real.parents


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

    def append_event(
        self, wf: str, event: str, phase: str, task_id: str | None, stderr: TextIO, **rest: str
    ) -> bool:
        """Appends one ``router.event_line`` line to the wf's events file; False (with a
        warning) when the line cannot be written inside the project's ``.cc10x/``."""
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
            return False
        path = self.events_path(wf)
        if not _inside(self.workflows, self.project):
            print(
                "fourx: warning: .cc10x/workflows resolves outside the project; "
                "not appending to its events file",
                file=stderr,
            )
            return False
        flags = (
            os.O_WRONLY
            | os.O_APPEND
            | os.O_CREAT
            | getattr(os, "O_NONBLOCK", 0)
            | getattr(os, "O_NOFOLLOW", 0)
            | getattr(os, "O_CLOEXEC", 0)
        )
        try:
            self.workflows.mkdir(parents=True, exist_ok=True)
            if not _inside(self.workflows, self.project):
                return False
            fd = os.open(path, flags, 0o644)
        except OSError:
            print(f"fourx: warning: cannot append to {path.name}", file=stderr)
            return False
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                print(f"fourx: warning: {path.name} is not a regular file", file=stderr)
                return False
            os.write(fd, line.encode("utf-8"))
        except OSError:
            return False
        finally:
            os.close(fd)
        return True


def _finding(key: str, e: FourxError, phase: str = "unknown") -> Finding:
    return Finding(key, e.kind, e.message, phase)


def _refused(key: str, what: str, phase: str = "unknown") -> Finding:
    return Finding(key, "invalid_input", f"{what} is not a regular file; refused", phase, hard=True)


_WF_LINE = re.compile(r"^[ \t]*wf[ \t]*:[ \t]*(wf-[0-9A-Za-z]+-[0-9a-f]{8})[ \t]*$", re.MULTILINE)


def _task_completed(
    ctx: _Ctx, data: dict[str, Any]
) -> tuple[list[Finding], str | None, str | None, list[str]]:
    """The TaskCompleted chain; returns findings, the wf, the task id and warnings."""
    subject = data.get("task_subject")
    description = data.get("task_description")
    task_id = data.get("task_id")
    task_id = task_id if isinstance(task_id, str) else None
    subject = subject if isinstance(subject, str) else ""
    description = description if isinstance(description, str) else ""
    warnings: list[str] = []
    cls = ctx.op("router.parse_subject", subject=subject)["class"]
    if cls in ("foreign", "legacy_parent"):
        return [], None, task_id, warnings
    try:
        meta = ctx.op("router.parse_task_metadata", description=description, require_all=True)
    except FourxError as e:
        # The finding still belongs to the workflow its wf line names, when it names a real one.
        m = _WF_LINE.search(description)
        return [_finding("taskMetadata", e)], (m.group(1) if m else None), task_id, warnings
    wf: str = meta["wf"]
    phase: str = meta["phase"] or "unknown"
    findings: list[Finding] = []
    artifact: dict[str, Any] | None = None
    try:
        text = _read_file(ctx.artifact_path(wf))
    except Refused:
        return [_refused("taskMetadata", f"workflow artifact {wf}.json", phase)], wf, task_id, warnings
    if text is not None:
        try:
            ctx.op("router.check_artifact", text=text, workflow_uuid=wf)
            loaded = _load_json(text)
            artifact = loaded if isinstance(loaded, dict) else None
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
        try:
            events = _read_file(ctx.events_path(wf))
        except Refused:
            findings.append(_refused("taskMetadata", f"events file {wf}.events.jsonl", phase))
            events = None
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
        gate = ctx.op("router.remfix_completion", artifact=artifact)
        if not gate["allowed"]:
            findings.append(
                Finding(
                    "taskMetadata",
                    "invalid_value",
                    f"remfix cycle cap {gate['cap']} reached ({gate['earlier_cycles']} earlier "
                    "cycles): ask the user before another REM-FIX",
                    phase,
                )
            )
        if gate["history_missing"]:
            warnings.append(
                f"fourx: warning: REM-FIX task completed but {wf}.json has no "
                "remediation_history entry (the router appends one per remediation round)"
            )
    return findings, wf, task_id, warnings


def _post_tool_use(
    ctx: _Ctx, data: dict[str, Any]
) -> tuple[list[Finding], str | None, list[str]]:
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
    except (OSError, RuntimeError):
        in_workflows = False
    if not in_workflows or path.suffix != ".json":
        return [], None, []
    wf = path.stem
    try:
        text = _read_file(path)
    except Refused:
        return [_refused("artifactIntegrity", f"artifact {path.name}")], None, []
    if text is None:
        return [Finding("artifactIntegrity", "not_found", f"artifact {path.name} is unreadable")], None, []
    try:
        ctx.op("router.check_artifact", text=text, workflow_uuid=wf)
    except FourxError as e:
        return [_finding("artifactIntegrity", e)], None, []
    warnings: list[str] = []
    regular = _is_regular(ctx.events_path(wf))
    if regular is False:
        return [_refused("artifactIntegrity", f"events file {wf}.events.jsonl")], None, []
    if regular is None:
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
    """Runs one TaskCompleted / PostToolUse hook; returns the exit status (0 pass, 2 block).
    Never raises."""
    key = HOOKS[hook]
    modes, refused_modes = _modes(env.get("CLAUDE_PLUGIN_ROOT"), env.get("CLAUDE_PLUGIN_DATA"))
    if refused_modes:
        print(f"fourx: invalid_input: {refused_modes[0]} is not a regular file; refused", file=stderr)
        return 2
    block = modes[key] == "block"
    data = _read_stdin(stdin)
    if not isinstance(data, dict):
        if block:
            print("fourx: invalid_input: the hook input is not a JSON object", file=stderr)
            return 2
        return 0
    exact = True
    if edition is None:
        try:
            version = _plugin_version(env.get("CLAUDE_PLUGIN_ROOT"))
        except Refused:
            if block:
                print("fourx: invalid_input: plugin.json is not a regular file; refused", file=stderr)
                return 2
            version = "unknown"
        match = call("router.edition_for_version", {"version": version})
        edition, exact = match["edition"], match["exact"]
        if not exact:
            print(
                f"fourx: warning: cc10x plugin version {version} has no exact fourx edition; "
                f"checking with edition {edition}, findings only warn",
                file=stderr,
            )
    project = Path(env.get("CLAUDE_PROJECT_DIR") or os.getcwd())
    ctx = _Ctx(project, edition, modes, now or _now())
    warnings: list[str] = []
    task_id: str | None = None
    try:
        if hook == "task-completed":
            findings, wf, task_id, warnings = _task_completed(ctx, data)
        else:
            findings, wf, warnings = _post_tool_use(ctx, data)
    except FourxError as e:
        findings, wf = [_finding(key, e)], None
    for w in warnings:
        print(w, file=stderr)
    blocking = [f for f in findings if (exact or f.hard) and modes.get(f.key) == "block"]
    if blocking:
        f = blocking[0]
        print(f"fourx: {f.kind}: {f.message}", file=stderr)
        return 2
    for f in findings:
        audit = modes.get(f.key) != "block"
        if wf is not None and audit:
            ctx.append_event(
                wf, "contract_parsed", f.phase, task_id, stderr, reason=f"{f.kind}: {f.message}"
            )
        label = "audit" if exact else "warning"
        print(f"fourx: {label}: {f.kind}: {f.message}", file=stderr)
    if hook == "post-tool-use" and wf is not None and not findings:
        # cc10x's PostToolUse fallback append; an edition without `artifact_mutated` refuses the
        # event line and nothing is appended.
        ctx.append_event(
            wf,
            "artifact_mutated",
            "unknown",
            None,
            stderr,
            decision="auto-logged",
            reason="posttool_guard_auto_append",
        )
    return 0


# --- PreToolUse ----------------------------------------------------------------------------------


def _newest_artifact(workflows: Path) -> Path | None:
    """The newest-mtime regular ``*.json`` in ``.cc10x/workflows`` (cc10x's rule: the newest
    artifact decides); symlinks and other non-regular entries are skipped."""
    best: tuple[float, str] | None = None
    try:
        with os.scandir(workflows) as it:
            for entry in it:
                if not entry.name.endswith(".json"):
                    continue
                try:
                    if not entry.is_file(follow_symlinks=False):
                        continue
                    m = entry.stat(follow_symlinks=False).st_mtime
                except OSError:
                    continue
                if best is None or (m, entry.name) > best:
                    best = (m, entry.name)
    except OSError:
        return None
    return workflows / best[1] if best else None


def _deny(stdout: TextIO, reason: str) -> int:
    print(
        json.dumps(
            {
                "hookSpecificOutput": {
                    "hookEventName": "PreToolUse",
                    "permissionDecision": "deny",
                    "permissionDecisionReason": reason,
                }
            },
            ensure_ascii=True,
        ),
        file=stdout,
    )
    return 0


def run_pre_tool_use(
    stdin: BinaryIO,
    stdout: TextIO,
    stderr: TextIO,
    env: Mapping[str, str],
    *,
    now: str | None = None,
) -> int:
    """The PreToolUse guards (``router.pre_tool_use``): a denial is the Claude Code JSON answer
    on stdout (``permissionDecision: deny``) with exit 0; an allowed call prints nothing. The
    guards are unconditional (cc10x's git and QA isolation guards ignore ``hook-mode.json``):
    input that cannot be read is denied. Never raises."""
    data = _read_stdin(stdin)
    if not isinstance(data, dict) or not isinstance(data.get("tool_name"), str):
        return _deny(stdout, "fourx: the PreToolUse input is not a JSON object with tool_name")
    tool_input = data.get("tool_input")
    if tool_input is not None and not isinstance(tool_input, dict):
        return _deny(stdout, "fourx: tool_input is not a JSON object")
    cwd = data.get("cwd")
    project = Path(env.get("CLAUDE_PROJECT_DIR") or (cwd if isinstance(cwd, str) else os.getcwd()))
    project = Path(os.path.abspath(project))
    workflows = project / ".cc10x" / "workflows"
    artifact_text: str | None = None
    events: str | None = None
    newest = _newest_artifact(workflows)
    if newest is not None:
        try:
            artifact_text = _read_file(newest)
            events = _read_file(newest.with_name(newest.stem + ".events.jsonl"), tail=EVENTS_TAIL)
        except Refused:
            events = None
    token_path = project / ".cc10x" / "state" / "git-approval.json"
    approval: Any = None
    try:
        token_text = _read_file(token_path)
        approval = _load_json(token_text) if token_text is not None else None
    except Refused:
        approval = None
    args: dict[str, Any] = {
        "tool_name": data["tool_name"],
        "tool_input": tool_input or {},
        "project_dir": str(project),
        "artifact": artifact_text,
        "events": events,
        "approval": approval if isinstance(approval, dict) else None,
        "now": now or _now(),
    }
    try:
        decision = call("router.pre_tool_use", args)
    except FourxError as e:
        return _deny(stdout, f"fourx: {e.kind}: {e.message}")
    if decision["decision"] == "deny":
        return _deny(stdout, decision["reason"])
    if decision["consume_approval"] and _inside(token_path.parent, project):
        try:
            token_path.unlink()
        except OSError:
            print("fourx: warning: could not consume the git approval token", file=stderr)
    return 0


def main_hook(hook: str, edition: str | None) -> int:
    """The ``fourx hook <name>`` entry: real stdin, stdout, stderr and environment. An internal
    error passes (exit 0) only where the hook's mode is audit; in block mode it blocks, and the
    PreToolUse guards deny."""
    try:
        if hook == "pre-tool-use":
            return run_pre_tool_use(sys.stdin.buffer, sys.stdout, sys.stderr, os.environ)
        return run(hook, sys.stdin.buffer, sys.stderr, os.environ, edition=edition)
    except Exception as e:  # noqa: BLE001 - a hook must never crash the host
        print(f"fourx: internal: {type(e).__name__}: {e}", file=sys.stderr)
        if hook == "pre-tool-use":
            return _deny(sys.stdout, f"fourx: internal: {type(e).__name__}")
        try:
            modes, _ = _modes(os.environ.get("CLAUDE_PLUGIN_ROOT"), os.environ.get("CLAUDE_PLUGIN_DATA"))
        except Exception:  # noqa: BLE001
            return 2
        return 2 if modes.get(HOOKS[hook]) == "block" else 0
