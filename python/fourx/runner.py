"""The runner: fourx executes the world, the harness supplies only the agent.

:func:`run` drives one feature to the end of its run -- every decision of the conductor, the
prepare actions, the ``collect`` reads, the facts, git (baseline, changed files, review package),
hooks and health checks under ``sh -c`` with timeouts, the guards, discovered features, the
claim and start-or-resume -- and calls ``agent(call)`` whenever an agent has to run
(``docs/spec/runner.md``)::

    import subprocess, fourx

    def agent(call: fourx.runner.AgentCall) -> fourx.runner.AgentResult:
        done = subprocess.run(["my-agent", call["role"], call["round_dir"]])
        return {"exit_code": done.returncode}

    result = fourx.runner.run("/srv/shop", "F001-login", agent)
    print(result["phase"], result["stop_reason"])

``python -m fourx run --root DIR --feature ID --agent-cmd CMD`` is the same with a shell command
as the agent (:func:`command_agent`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NotRequired, Protocol, TypedDict

from . import _fourx
from ._ops import StrPath
from ._types import (
    RunStats,
)

__all__ = [
    "AgentCall",
    "AgentResult",
    "RunResult",
    "World",
    "run",
    "command_agent",
    "agent_env",
    "decision_line",
]


class AgentCall(TypedDict):
    """One agent run the conductor asked for."""

    role: str
    phase: str
    purpose: str
    sub_phase: str
    round: int
    iteration: int
    attempt: int
    runner: str
    model: str
    feature_dir: str
    round_dir: str
    partial: str
    angles: list[int]
    note: str


class AgentResult(TypedDict):
    """What the agent did: its exit code (1 soft fail, 2 hard error), optional statistics, and
    its transcript (checked against the router contract of the cc10x agent its role maps to)."""

    exit_code: int
    stats: NotRequired[RunStats]
    transcript: NotRequired[str]
    error: NotRequired[str]
    stderr_tail: NotRequired[str]
    interrupted: NotRequired[bool]


class RunResult(TypedDict):
    """How the run ended."""

    phase: str
    stop_reason: str
    stop_message: str
    decisions: list[dict[str, Any]]
    state: dict[str, Any]
    notify: str
    question: str | None
    warnings: list[str]


class World(Protocol):
    """What a ``world`` may replace (every method is optional; the rest stays real): ``now()``
    (RFC 3339), ``pid()``, ``interrupted()``, ``git(cwd, args) -> stdout`` (raise to fail),
    ``sh(command, cwd, timeout_s, env) -> {"exit_code", "timed_out"?, "error"?}``."""


def run(
    root: StrPath,
    feature_id: str,
    agent: Callable[[AgentCall], AgentResult | Mapping[str, Any]],
    *,
    config: Mapping[str, Any] | None = None,
    profile: str | None = None,
    store: Mapping[str, Any] | None = None,
    world: object | None = None,
    on_decision: Callable[[dict[str, Any], dict[str, Any]], None] | None = None,
    human: Callable[[dict[str, Any]], str | Mapping[str, Any] | None] | None = None,
    runner: str | None = None,
    max_rounds: int | None = None,
    holder: str | None = None,
) -> RunResult:
    """Runs ``feature_id`` of the workspace at ``root`` to the end of its run and returns how it
    ended. ``config=None`` reads ``.4x/settings.json``; ``profile`` is ``--profile``; ``store``
    sends the run state to a shared store (``{"kind": "postgres", ...}``; default the ``.4x``
    files); ``world`` replaces parts of the world (:class:`World`); ``on_decision(decision,
    state)`` sees each decision before it runs; ``human(decision)`` answers an ``await_human``
    decision with the person's answer (a string; or an outcome such as ``{"kind":
    "human_timeout"}``) -- without it, or when it returns ``None``, the run returns with
    ``question`` set and the next run asks again. SIGINT (``KeyboardInterrupt``), in the agent or
    between decisions, stops the run as ``interrupted``. A run that ends with ``stop`` returns
    normally; a feature another live run holds is :class:`fourx.FeatureActive`; an exception
    the agent raises ends the run (its state stays persisted: the next ``run`` resumes)."""
    options: dict[str, Any] = {"root": os.fspath(root), "feature_id": feature_id}
    for key, value in (
        ("config", config),
        ("profile", profile),
        ("store", store),
        ("runner", runner),
        ("max_rounds", max_rounds),
        ("holder", holder),
    ):
        if value is not None:
            options[key] = value
    result: RunResult = _fourx.run(options, agent, on_decision, world, human)
    return result


def agent_env(call: AgentCall) -> dict[str, str]:
    """The environment of an agent command: ``FOURX_ROLE FOURX_PHASE FOURX_PURPOSE FOURX_ROUND
    FOURX_ITERATION FOURX_ATTEMPT FOURX_RUNNER FOURX_MODEL FOURX_FEATURE_DIR FOURX_ROUND_DIR
    FOURX_PARTIAL`` plus ``FOURX_SUB_PHASE``, ``FOURX_ANGLES`` (comma-separated) and ``FOURX_NOTE``
    (the run note for this agent, ``""`` when none)."""
    return {
        "FOURX_ROLE": call["role"],
        "FOURX_PHASE": call["phase"],
        "FOURX_PURPOSE": call["purpose"],
        "FOURX_ROUND": str(call["round"]),
        "FOURX_ITERATION": str(call["iteration"]),
        "FOURX_ATTEMPT": str(call["attempt"]),
        "FOURX_RUNNER": call["runner"],
        "FOURX_MODEL": call["model"],
        "FOURX_FEATURE_DIR": call["feature_dir"],
        "FOURX_ROUND_DIR": call["round_dir"],
        "FOURX_PARTIAL": call["partial"],
        "FOURX_SUB_PHASE": call["sub_phase"],
        "FOURX_ANGLES": ",".join(str(a) for a in call["angles"]),
        "FOURX_NOTE": call.get("note", ""),
    }


#: How much of an agent command's stderr is kept for transient-error detection (8 KiB).
STDERR_TAIL_BYTES = 8 * 1024


def command_agent(command: str, cwd: StrPath) -> Callable[[AgentCall], AgentResult]:
    """An agent that is ``sh -c command`` in ``cwd`` with :func:`agent_env`; its exit code is
    the agent's. Its stdout passes through; its stderr is passed on when it ends and its last
    8 KiB go to the conductor (``stderr_tail``: a rate limit or a 5xx is retried with backoff)."""

    def agent(call: AgentCall) -> AgentResult:
        env = {**os.environ, **agent_env(call)}
        done = subprocess.run(
            ["sh", "-c", command], cwd=Path(cwd), env=env, check=False, stderr=subprocess.PIPE
        )
        if done.stderr:
            sys.stderr.buffer.write(done.stderr)
            sys.stderr.flush()
        result: AgentResult = {"exit_code": done.returncode}
        if done.stderr:
            tail = done.stderr[-STDERR_TAIL_BYTES:]
            result["stderr_tail"] = tail.decode("utf-8", errors="replace")
        return result

    return agent


def decision_line(decision: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    """One decision as one trace line: ``[round 1] run_agent coding: coder (main, attempt 1)
    claude/sonnet``, ``[round 1] stop needs-attention (soft-fail): ...``."""
    kind = decision.get("kind", "")
    rnd = decision.get("round", state.get("round", 0))
    g = decision.get
    if kind == "run_agent":
        what = (
            f"{g('phase')}: {g('role')} ({g('purpose')}, attempt {g('attempt', 1)}) "
            f"{g('runner')}/{g('model')}"
        )
    elif kind == "run_parallel":
        what = f"{g('phase')}: {len(g('agents', []))} deep reviewers"
    elif kind == "run_hooks":
        what = f"{g('phase')} ({g('action')})"
    elif kind == "stop":
        what = f"{g('phase')} ({g('reason')}): {g('message')}"
    elif kind == "await_human":
        what = f"{g('phase')}: {g('question')}"
    else:
        what = str(g("phase", ""))
    return f"[round {rnd}] {kind} {what}"
