"""fourx.conductor — every decision of the 4x run loop, pure and replayable (conductor.md).

A harness built on the conductor is only I/O: it asks :func:`start` for the first decision, writes
the returned ``state`` and appends the ``events``, executes the decision (running an agent, a
health check, hooks ...) and reports what happened as an *outcome* to :func:`apply`, which answers
with the next decision -- until a ``stop`` or ``finish`` decision ends the run::

    step = conductor.start(config, feature, now=now, pid=os.getpid())
    while True:
        ws.write_state(feature_id, step["state"], now)
        for event in step["events"]:
            ws.append_event(feature_id, event, now)
        decision = step["decision"]
        match decision["kind"]:
            case "stop" | "finish":
                break
            case "run_agent":
                outcome = run_my_agent(decision)  # an AgentExit
            ...
        step = conductor.apply(config, feature, step["state"], step["loop"], outcome)

The decisions are a tagged union (:data:`Decision`) of TypedDicts discriminated by ``kind``; the
outcomes (:data:`Outcome`) likewise; prepare actions (:data:`PrepareAction`) by ``action``. With
``mypy --strict`` a ``match`` over ``decision["kind"]`` with ``case _: assert_never(...)`` fails to
type-check when a kind is left out, and inside ``if decision["kind"] == "run_agent":`` the decision
is a :class:`RunAgent`.

Thin typed wrappers over the ``conductor.*`` ops and ``workspace.resume_listing``; no rule lives
here. The conductor never reads the clock, files or processes: ``now``, ``pid``, ``pid_alive`` and
file texts are inputs, and :func:`resume_listing` is the one fs helper that gathers them.
"""

import os
from typing import Any, Literal

from ._api import (
    conductor_apply as apply,
    conductor_fork as fork,
    conductor_next as next,
    conductor_rebuild as rebuild,
    conductor_resume as resume,
    conductor_run_script as run_script,
    conductor_start as start,
    workspace_resume_listing as resume_listing,
)
from ._types import (
    AcceptanceSummary,
    AgentExit,
    AwaitHuman,
    Baseline,
    CaptureBaseline,
    ChangedFile,
    ClearStopSignal,
    Collect,
    ContractCheck,
    Decision,
    DiscoverFeatures,
    Discovered,
    Facts,
    FileRef,
    Finish,
    Gather,
    Gathered,
    GuardResult,
    HealthCheck,
    HelperExit,
    HookEntry,
    Hooks,
    HumanReply,
    HumanTimeout,
    Loop,
    Outcome,
    ParallelAgent,
    ParallelExit,
    ParallelResult,
    PrepareAction,
    Rebuilt,
    Remove,
    ResumeListing,
    Resumed,
    ReviewPackage,
    RunAgent,
    RunHealthCheck,
    RunHelper,
    RunHooks,
    RunParallel,
    RunStats,
    Script,
    StartInput,
    Step,
    Stop,
    TesterRetryCleanup,
    WriteJson,
    WriteText,
)

__all__ = [
    # decisions
    "Decision",
    "DecisionKind",
    "TERMINAL_KINDS",
    "Collect",
    "FileRef",
    "HookEntry",
    "RunAgent",
    "ParallelAgent",
    "RunParallel",
    "RunHelper",
    "RunHealthCheck",
    "CaptureBaseline",
    "Gather",
    "RunHooks",
    "DiscoverFeatures",
    "AwaitHuman",
    "Stop",
    "Finish",
    # prepare actions
    "PrepareAction",
    "ClearStopSignal",
    "Remove",
    "WriteJson",
    "WriteText",
    "ReviewPackage",
    "AcceptanceSummary",
    "TesterRetryCleanup",
    # outcomes
    "Outcome",
    "ScriptOutcome",
    "RunStats",
    "GuardResult",
    "AgentExit",
    "ContractCheck",
    "ParallelResult",
    "ParallelExit",
    "HelperExit",
    "HealthCheck",
    "Baseline",
    "ChangedFile",
    "Gathered",
    "Hooks",
    "Discovered",
    "HumanReply",
    "HumanTimeout",
    # inputs and results
    "Facts",
    "Loop",
    "Step",
    "Resumed",
    "StartInput",
    "Script",
    "Rebuilt",
    "ResumeListing",
    # functions
    "is_terminal",
    "start",
    "next",
    "apply",
    "resume",
    "run_script",
    "rebuild",
    "fork",
    "resume_listing",
]

# --- decisions (conductor.md §3) ------------------------------------------------------------------

#: The eleven decision kinds: nine ask the harness to act (``await_human`` asks a person), ``stop``
#: and ``finish`` end the run.
DecisionKind = Literal[
    "run_agent",
    "run_parallel",
    "run_helper",
    "run_health_check",
    "capture_baseline",
    "gather",
    "run_hooks",
    "discover_features",
    "await_human",
    "stop",
    "finish",
]

#: The kinds that end a run: after them no outcome may be applied.
TERMINAL_KINDS: frozenset[str] = frozenset({"stop", "finish"})


def is_terminal(decision: Decision) -> bool:
    """Whether ``decision`` ends the run (``stop`` or ``finish``): nothing may be applied after."""
    return decision["kind"] in TERMINAL_KINDS


# --- outcomes (conductor.md §5) -------------------------------------------------------------------


# Functional syntax: ``pass`` is a Python keyword and stays the op's spelling.

# --- inputs and results ---------------------------------------------------------------------------


#: One element of :func:`run_script`'s ``outcomes``: an outcome that may carry a ``facts`` key
#: (taken out and passed as that apply's facts).
ScriptOutcome = dict[str, Any]


# Functional syntax: ``from`` is a Python keyword.

# --- functions ------------------------------------------------------------------------------------


