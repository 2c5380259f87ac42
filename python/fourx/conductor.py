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
from collections.abc import Mapping, Sequence
from typing import Any, Literal, NotRequired, TypedDict, Union

from ._ops import StrPath, Time, forward, path_arg
from ._words import HookTiming
from .state import State
from .workspace import Event

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


class Collect(TypedDict, total=False):
    """The files the harness reads back after a decision: names in the feature directory and in
    the round directory of the decision's ``round``. A missing file is simply left out."""

    feature: list[str]
    round: list[str]


class FileRef(TypedDict):
    """A file named by a decision: ``file`` in the feature directory or in the round directory of
    the decision's ``round`` (``rounds/round-<n>``)."""

    dir: Literal["feature", "round"]
    file: str


class HookEntry(TypedDict):
    """One hook command (``on_fail`` as the feature file spells it)."""

    run: str
    on_fail: NotRequired[str]


class ClearStopSignal(TypedDict):
    """Remove the stop signal (``workspace.clear_stop``); the start of every run."""

    action: Literal["clear_stop_signal"]


class Remove(TypedDict):
    """Delete ``file`` of ``dir`` (``"feature"`` or ``"round"``) when it is present."""

    action: Literal["remove"]
    dir: Literal["feature", "round"]
    file: str


class WriteJson(TypedDict):
    """Write ``value`` as indented JSON (two spaces) to ``file`` of ``dir``."""

    action: Literal["write_json"]
    dir: Literal["feature", "round"]
    file: str
    value: Any


class WriteText(TypedDict):
    """Write ``text`` verbatim to ``file`` of ``dir``."""

    action: Literal["write_text"]
    dir: Literal["feature", "round"]
    file: str
    text: str


class ReviewPackage(TypedDict):
    """Regenerate the review's diff package from ``state.baseCommit`` (warn only on failure)."""

    action: Literal["review_package"]
    dir: Literal["feature", "round"]
    file: str


class AcceptanceSummary(TypedDict):
    """Summarise verify.json and the review reports for the acceptor (warn only on failure)."""

    action: Literal["acceptance_summary"]
    dir: Literal["feature", "round"]
    file: str


class TesterRetryCleanup(TypedDict):
    """The harness's own cleanup of ``dir`` before a tester guard retry."""

    action: Literal["tester_retry_cleanup"]
    dir: Literal["feature", "round"]


#: A prepare action: executed in list order *before* the decision that carries it.
PrepareAction = Union[
    ClearStopSignal,
    Remove,
    WriteJson,
    WriteText,
    ReviewPackage,
    AcceptanceSummary,
    TesterRetryCleanup,
]


class RunAgent(TypedDict):
    """Run one agent once: wait ``wait_ms``, build the role's prompt, run ``runner`` with
    ``model``; when it ran and exited with a code other than 1 or 2, run the guard named by
    ``guard``; then read the ``collect`` files. Answer with an :class:`AgentExit`. Transient
    retries are further ``run_agent`` decisions with a higher ``attempt``."""

    kind: Literal["run_agent"]
    purpose: Literal[
        "main", "review-fix", "review-rerun", "deep-review", "synthesizer", "deep-fix", "re-verifier"
    ]
    phase: str
    role: str
    sub_phase: str
    round: int
    iteration: int
    runner: str
    model: str
    attempt: int
    wait_ms: int
    transient_retries: int
    collect: Collect
    guard: Literal["scope", "testing"] | None
    note: NotRequired[str]
    angles: NotRequired[list[int]]
    conditional_source: NotRequired[str]
    partials: NotRequired[list[str]]
    prepare: NotRequired[list[PrepareAction]]


class ParallelAgent(TypedDict):
    """One agent of a :class:`RunParallel`: a deep reviewer (``angles``, writing ``partial``) or
    the reviewer / tester of parallel review/test (its own ``runner`` and ``model``; the run note,
    if any, on the reviewer)."""

    role: str
    index: int
    angles: NotRequired[list[int]]
    partial: NotRequired[str]
    runner: NotRequired[str]
    model: NotRequired[str]
    note: NotRequired[str]


class RunParallel(TypedDict):
    """Run every agent concurrently, each writing its partial report; read the ``collect`` files.
    With ``guards`` (parallel review/test), run those guards once every agent exited 0 and send
    their results as ``guard`` (scope) and ``testing_guard``. Answer with a :class:`ParallelExit`."""

    kind: Literal["run_parallel"]
    phase: str
    sub_phase: str
    round: int
    runner: str
    model: str
    transient_retries: int
    agents: list[ParallelAgent]
    guards: NotRequired[list[Literal["scope", "testing"]]]
    collect: Collect
    prepare: NotRequired[list[PrepareAction]]


class RunHelper(TypedDict):
    """Run a helper agent (the round summarizer) writing ``output``; its failure is ignored.
    Answer with a :class:`HelperExit`."""

    kind: Literal["run_helper"]
    role: str
    phase: str
    round: int
    runner: str
    model: str
    timeout_s: int
    output: FileRef
    prepare: NotRequired[list[PrepareAction]]


class RunHealthCheck(TypedDict):
    """Run ``commands`` in order (each with ``timeout_s``); on a failure run ``recovery`` and the
    commands once more. Answer with a :class:`HealthCheck`."""

    kind: Literal["run_health_check"]
    phase: str
    round: int
    commands: list[str]
    recovery: list[str]
    timeout_s: int
    prepare: NotRequired[list[PrepareAction]]


class CaptureBaseline(TypedDict):
    """Write ``file`` (baseline.json, one entry per repo) when ``capture_baseline``; read HEAD of
    the scope root when ``capture_base_commit``. Answer with a :class:`Baseline`."""

    kind: Literal["capture_baseline"]
    phase: str
    round: int
    file: FileRef
    repos: list[str]
    capture_baseline: bool
    capture_base_commit: bool
    prepare: NotRequired[list[PrepareAction]]


class Gather(TypedDict):
    """Collect the changed files (tracked: added + deleted lines; untracked: line count) and the
    texts of the listed round files that exist. Answer with :class:`Gathered`."""

    kind: Literal["gather"]
    phase: str
    round: int
    need: list[Literal["changed_files"]]
    round_files: list[str]
    prepare: NotRequired[list[PrepareAction]]


class RunHooks(TypedDict):
    """Run the hooks (with their ``on_fail``) and append one ``hook`` event per result with
    ``action``. Answer with :class:`Hooks`."""

    kind: Literal["run_hooks"]
    timing: HookTiming
    phase: str
    round: int
    action: str
    hooks: list[HookEntry]
    prepare: NotRequired[list[PrepareAction]]


class DiscoverFeatures(TypedDict):
    """Parse ``report`` for follow-up features, de-duplicate them against the backlog, keep the
    first ``max``, mint ids and save them. Answer with :class:`Discovered`."""

    kind: Literal["discover_features"]
    phase: str
    round: int
    report: FileRef
    max: int
    enrich: bool
    auto_approve: bool
    prepare: NotRequired[list[PrepareAction]]


class AwaitHuman(TypedDict):
    """Ask a person ``question`` (a human gate before ``gate``'s agent), offering ``options``
    (``approve`` / ``reject``; any other text is a note for the next agent), and wait at most
    ``timeout_ms`` (0: no limit). Answer with :class:`HumanReply` or :class:`HumanTimeout`; a stop
    file seen while waiting is sent as either with ``facts={"stop_requested": True}``."""

    kind: Literal["await_human"]
    gate: str
    question: str
    options: list[str]
    timeout_ms: int
    phase: str
    round: int
    prepare: NotRequired[list[PrepareAction]]


class Stop(TypedDict):
    """The run ends (the state is already written): remove the stop file when
    ``clear_stop_signal``, notify at level ``notify`` when notifications are enabled."""

    kind: Literal["stop"]
    phase: str
    round: int
    reason: str
    message: str
    notify: Literal["success", "warning", "error"]
    clear_stop_signal: NotRequired[bool]
    prepare: NotRequired[list[PrepareAction]]


class Finish(TypedDict):
    """The run ended well (``pending-review`` or ``done``); harvest learnings when asked."""

    kind: Literal["finish"]
    phase: Literal["pending-review", "done"]
    round: int
    notify: Literal["success"]
    harvest_learnings: bool
    prepare: NotRequired[list[PrepareAction]]


#: A decision of the conductor, discriminated by ``kind``.
Decision = Union[
    RunAgent,
    RunParallel,
    RunHelper,
    RunHealthCheck,
    CaptureBaseline,
    Gather,
    RunHooks,
    DiscoverFeatures,
    AwaitHuman,
    Stop,
    Finish,
]


def is_terminal(decision: Decision) -> bool:
    """Whether ``decision`` ends the run (``stop`` or ``finish``): nothing may be applied after."""
    return decision["kind"] in TERMINAL_KINDS


# --- outcomes (conductor.md §5) -------------------------------------------------------------------


class RunStats(TypedDict, total=False):
    """What a runner reports about one agent call."""

    tokens_used: int
    cost_usd: float
    duration_ms: int


# Functional syntax: ``pass`` is a Python keyword and stays the op's spelling.
GuardResult = TypedDict(
    "GuardResult",
    {
        "pass": bool,
        "errors": list[str],
        "all_retryable": NotRequired[bool],
        "self_mod_touched": NotRequired[bool],
        "self_mod_paths": NotRequired[list[str]],
    },
)
GuardResult.__doc__ = """The result of the guard a :class:`RunAgent` named (``scope``: the scope and
diff rules; ``testing``: testing -> accepting): ``pass``, the ``errors``, whether a tester retry may
fix them all, and the protected paths a coder touched."""


class ContractCheck(TypedDict):
    """The router-contract check of the agent's transcript (``router.parse_output`` of the
    cc10x agent its role maps to): a refused transcript (``error``) or ``may_advance`` false
    stops the run with ``contract-blocked`` unless the role's own verdict already fails."""

    agent: str
    may_advance: bool
    error: NotRequired[str]


class AgentExit(TypedDict):
    """What running a :class:`RunAgent` produced: the exit code (or ``error`` when the runner
    could not run), the stderr tail (transient-failure detection), the guard's result (required
    when the guard ran, conductor.md §5) and the texts of the ``collect`` files that exist."""

    kind: Literal["agent_exit"]
    exit_code: int
    error: NotRequired[str]
    interrupted: NotRequired[bool]
    stderr_tail: NotRequired[str]
    stats: NotRequired[RunStats]
    guard: NotRequired[GuardResult]
    contract: NotRequired[ContractCheck]
    feature_files: NotRequired[dict[str, str]]
    round_files: NotRequired[dict[str, str]]


class ParallelResult(TypedDict):
    """One parallel agent's exit."""

    index: int
    exit_code: int
    error: NotRequired[str]
    stats: NotRequired[RunStats]


class ParallelExit(TypedDict):
    """What a :class:`RunParallel` produced: one result per agent and the partial files."""

    kind: Literal["parallel_exit"]
    results: list[ParallelResult]
    interrupted: NotRequired[bool]
    round_files: NotRequired[dict[str, str]]
    guard: NotRequired[GuardResult]
    testing_guard: NotRequired[GuardResult]


class HelperExit(TypedDict):
    """A :class:`RunHelper` ran (``ok`` is informative only)."""

    kind: Literal["helper_exit"]
    ok: NotRequired[bool]


class HealthCheck(TypedDict):
    """The result of a :class:`RunHealthCheck`."""

    kind: Literal["health_check"]
    ok: bool
    error: NotRequired[str]


class Baseline(TypedDict):
    """The result of a :class:`CaptureBaseline` (``base_commit`` = HEAD when asked)."""

    kind: Literal["baseline"]
    ok: bool
    error: NotRequired[str]
    base_commit: NotRequired[str]


class ChangedFile(TypedDict):
    """A changed file and its changed line count."""

    path: str
    lines: int


class Gathered(TypedDict):
    """What a :class:`Gather` collected."""

    kind: Literal["gathered"]
    changed_files: list[ChangedFile]
    round_files: NotRequired[dict[str, str]]


class Hooks(TypedDict):
    """Whether the hooks of a :class:`RunHooks` succeeded."""

    kind: Literal["hooks"]
    ok: bool


class Discovered(TypedDict):
    """The feature ids a :class:`DiscoverFeatures` created."""

    kind: Literal["discovered"]
    created: list[str]


class HumanReply(TypedDict):
    """What a person answered an :class:`AwaitHuman`: ``approve``, ``reject`` or a note."""

    kind: Literal["human_reply"]
    answer: str


class HumanTimeout(TypedDict):
    """Nobody answered an :class:`AwaitHuman` within its ``timeout_ms``."""

    kind: Literal["human_timeout"]


#: An outcome for :func:`apply`, discriminated by ``kind``; it must answer the pending decision
#: (``run_agent`` ↔ ``agent_exit``, ``run_parallel`` ↔ ``parallel_exit``, ``await_human`` ↔
#: ``human_reply`` / ``human_timeout``, ...).
Outcome = Union[
    AgentExit,
    ParallelExit,
    HelperExit,
    HealthCheck,
    Baseline,
    Gathered,
    Hooks,
    Discovered,
    HumanReply,
    HumanTimeout,
]


# --- inputs and results ---------------------------------------------------------------------------


class Facts(TypedDict, total=False):
    """What the harness knows about the world right now (every key optional, conductor.md §2.2)."""

    interrupted: bool
    stop_requested: bool
    rounds_summary_exists: bool
    baseline_exists: bool
    test_strategy: dict[str, Any]
    changed_files: list[ChangedFile]
    round_files: dict[str, str]


#: One element of :func:`run_script`'s ``outcomes``: an outcome that may carry a ``facts`` key
#: (taken out and passed as that apply's facts).
ScriptOutcome = dict[str, Any]


class Loop(TypedDict, total=False):
    """The conductor's run memory besides the state. Opaque to a harness: pass it back as it was
    returned (``step`` names the pending decision, ``"top"`` or ``"ended"``)."""

    step: str
    designer_escalations: int
    iterations: dict[str, int]
    options: dict[str, Any]
    pending: dict[str, Any]
    review_fix: dict[str, Any]
    deep: dict[str, Any]
    spent: dict[str, Any]
    gates: list[str]
    note: str
    at: dict[str, Any]


class Step(TypedDict):
    """The result of :func:`start`, :func:`next` and :func:`apply`: the decision to execute, the
    state to write, the loop to pass back and the events (without ``ts``) to append in order."""

    decision: Decision
    state: State
    loop: Loop
    events: list[Event]


# Functional syntax: ``from`` is a Python keyword.
Resumed = TypedDict(
    "Resumed",
    {
        "state": State,
        "manual_phase_consumed": bool,
        "recovered": bool,
        "from": str,
        "to": str,
        "sub_phase": str,
    },
)
Resumed.__doc__ = """The result of :func:`resume`: the recovered state, whether a manual phase was
consumed, whether ``recover_to`` was applied (phase ``from`` -> ``to``) and the resulting sub-phase
(``""`` when none)."""


class StartInput(TypedDict, total=False):
    """The ``start`` input of :func:`run_script` (:func:`start`'s arguments, without config and
    feature; ``now`` and ``pid`` are required)."""

    now: str
    pid: int
    state: State | None
    runner: str
    max_rounds: int
    profile_name: str
    run_overrides: dict[str, Any]
    force_all_angles: bool
    pid_alive: bool
    feature_files: dict[str, str]
    round_files: dict[str, str]
    facts: Facts
    events: list[Event]
    note: str


class Script(TypedDict):
    """The result of :func:`run_script`: start's decision and one per outcome, all events in
    order, and the last state and loop."""

    decisions: list[Decision]
    events: list[Event]
    state: State
    loop: Loop


class Rebuilt(TypedDict):
    """The result of :func:`rebuild` and :func:`fork`: the step (state, loop and decision) a run's
    events recorded, and ``keep``, the number of events up to and including its checkpoint."""

    state: State
    loop: Loop
    decision: Decision
    keep: int


class ResumeListing(TypedDict):
    """What :func:`resume` and a resuming :func:`start` need from disk: the state and the texts
    of the fixed artifact names of the feature directory and of the state's round directory."""

    state: State
    feature_files: dict[str, str]
    round_files: dict[str, str]


# --- functions ------------------------------------------------------------------------------------


def start(
    config: Mapping[str, Any],
    feature: Mapping[str, Any],
    *,
    now: Time,
    pid: int,
    state: State | Mapping[str, Any] | None = None,
    runner: str | None = None,
    max_rounds: int | None = None,
    profile_name: str | None = None,
    run_overrides: Mapping[str, Any] | None = None,
    force_all_angles: bool | None = None,
    pid_alive: bool | None = None,
    feature_files: Mapping[str, str] | None = None,
    round_files: Mapping[str, str] | None = None,
    facts: Facts | None = None,
    events: Sequence[Event | Mapping[str, Any]] | None = None,
    note: str | None = None,
) -> Step:
    """Starts a run (``conductor.start``): builds a new state (``createdAt = now``) or takes the
    persisted ``state`` back (refused while its ``pid`` is alive; ``done``/``abandoned`` features
    are never woken up), recovers it from the artifacts in ``feature_files``/``round_files``,
    records ``pid`` and returns the first decision. ``runner`` is the ``--runner`` flag,
    ``max_rounds`` ≤ 0 or ``None`` means 5. On resume, ``events`` (the feature's events log)
    seeds the iteration counters and the amounts a budget counts; ``note`` is the run note given
    once to the next agent."""
    step: Step = forward(
        "conductor.start",
        {"config": config, "feature": feature, "now": now, "pid": pid},
        state=state,
        runner=runner,
        max_rounds=max_rounds,
        profile_name=profile_name,
        run_overrides=run_overrides,
        force_all_angles=force_all_angles,
        pid_alive=pid_alive,
        feature_files=feature_files,
        round_files=round_files,
        facts=facts,
        events=events,
        note=note,
    )
    return step


def next(  # noqa: A001 - the op's name; a harness calls it as conductor.next
    config: Mapping[str, Any],
    feature: Mapping[str, Any],
    state: State | Mapping[str, Any],
    loop: Loop | Mapping[str, Any],
    *,
    facts: Facts | None = None,
) -> Step:
    """The decision at the top of the loop (``conductor.next``; ``loop["step"]`` is ``"top"``):
    stop requests, interruptions, max rounds, pass-through of phases the profile leaves out,
    then the phase's agent."""
    step: Step = forward(
        "conductor.next",
        {"config": config, "feature": feature, "state": state, "loop": loop},
        facts=facts,
    )
    return step


def apply(
    config: Mapping[str, Any],
    feature: Mapping[str, Any],
    state: State | Mapping[str, Any],
    loop: Loop | Mapping[str, Any],
    outcome: Outcome | Mapping[str, Any],
    *,
    facts: Facts | None = None,
) -> Step:
    """Feeds the outcome of the pending decision back (``conductor.apply``) and returns the next
    decision. Raises :class:`fourx.MissingEvidence` when the guard's result is required and
    absent, :class:`fourx.InvalidInput` when the outcome does not answer the pending decision."""
    step: Step = forward(
        "conductor.apply",
        {"config": config, "feature": feature, "state": state, "loop": loop, "outcome": outcome},
        facts=facts,
    )
    return step


def resume(
    config: Mapping[str, Any],
    feature: Mapping[str, Any],
    state: State | Mapping[str, Any],
    *,
    feature_files: Mapping[str, str] | None = None,
    round_files: Mapping[str, str] | None = None,
) -> Resumed:
    """Crash recovery (``conductor.resume``): consumes a manual phase, or infers the phase to
    resume from the artifacts a round left and applies ``recover_to`` when it differs."""
    resumed: Resumed = forward(
        "conductor.resume",
        {"config": config, "feature": feature, "state": state},
        feature_files=feature_files,
        round_files=round_files,
    )
    return resumed


def run_script(
    config: Mapping[str, Any],
    feature: Mapping[str, Any],
    start: StartInput | Mapping[str, Any],
    outcomes: list[ScriptOutcome] | list[Outcome],
) -> Script:
    """Replays a run (``conductor.run_script``): :func:`start` on ``start``, then one
    :func:`apply` per outcome. The same inputs always give the same decisions, states and
    events. An outcome after a ``stop``/``finish`` decision raises :class:`fourx.InvalidInput`."""
    script: Script = forward(
        "conductor.run_script",
        {"config": config, "feature": feature, "start": start, "outcomes": outcomes},
    )
    return script


def rebuild(
    config: Mapping[str, Any],
    feature: Mapping[str, Any],
    events: Sequence[Event | Mapping[str, Any]],
) -> Rebuilt:
    """The step of a run after its last complete call (``conductor.rebuild``): the state, loop
    and decision of the checkpoint on the last event that has one. Raises
    :class:`fourx.NotFound` for a log without checkpoints."""
    rebuilt: Rebuilt = forward(
        "conductor.rebuild", {"config": config, "feature": feature, "events": events}
    )
    return rebuilt


def fork(
    config: Mapping[str, Any],
    feature: Mapping[str, Any],
    events: Sequence[Event | Mapping[str, Any]],
    at: int,
) -> Rebuilt:
    """The step a run had at event index ``at`` (``conductor.fork``), to re-run from there: keep
    the first ``keep`` events and execute the returned decision again."""
    forked: Rebuilt = forward(
        "conductor.fork", {"config": config, "feature": feature, "events": events, "at": at}
    )
    return forked


def resume_listing(root: StrPath, feature_id: str) -> ResumeListing:
    """Reads what a resume needs (``workspace.resume_listing``): ``state.json`` and the texts of
    the fixed artifact names of the feature directory and of ``rounds/round-<state.round>/``
    that exist."""
    listing: ResumeListing = forward(
        "workspace.resume_listing", {"root": path_arg(root, "root"), "feature_id": feature_id}
    )
    return listing
