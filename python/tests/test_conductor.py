"""fourx.conductor: the typed functions over the conductor ops, the decisions as a tagged union
that mypy --strict checks, replay, and the conformance cases through the typed API."""

from __future__ import annotations

import json
import textwrap
import typing
from pathlib import Path
from typing import Any, get_args

import pytest

import fourx
from fourx import conductor
from vectors import Case, cases, check, skips

CONDUCTOR_CASES = [c for c in cases() if c.op.startswith("conductor.")]
SKIPS = skips()

CONFIG: dict[str, Any] = {
    "project": {"name": "demo"},
    "default_runner": "claude",
    "runners": {
        "claude": {"command": "claude", "tiers": {"opus": "claude-opus", "sonnet": "claude-sonnet"}}
    },
}
FEATURE: dict[str, Any] = {"id": "F001-login", "name": "Login", "description": "add login"}
NOW = "2025-03-01T10:00:00Z"
CODER_FILES = {
    "coder-report.md": "# Coder report\n\n## Verification\nall green\n",
    "build-gate.json": '{"passed": true, "round": 1, "role": "coder", "commands": []}',
}
PASS = "# Review\n\n## Verdict\nPASS\n"
FAIL = "# Review\n### [CRITICAL] broken auth\n\n## Verdict\nFAIL\n"
GUARD_OK = {"pass": True, "errors": []}

#: The `quick` profile's run with one review sent back: start, then one outcome per decision.
QUICK_OUTCOMES: list[dict[str, Any]] = [
    {"kind": "baseline", "ok": True, "base_commit": "abc123"},
    {"kind": "agent_exit", "exit_code": 0, "round_files": CODER_FILES, "guard": GUARD_OK},
    {"kind": "agent_exit", "exit_code": 0, "round_files": {"review-report.md": FAIL}},
    {"kind": "agent_exit", "exit_code": 0, "round_files": CODER_FILES, "guard": GUARD_OK},
    {"kind": "agent_exit", "exit_code": 0, "round_files": {"review-report.md": PASS}},
]


def _start(profile: str = "quick") -> conductor.Step:
    return conductor.start(CONFIG, FEATURE, now=NOW, pid=4242, profile_name=profile)


# --- the typed API ---------------------------------------------------------------------------


def _run_typed(case: Case) -> tuple[bool, Any]:
    i = dict(case.input)
    keys = {k: v for k, v in i.items() if k not in ("config", "feature")}
    try:
        if case.op == "conductor.start":
            return True, conductor.start(i.get("config", {}), i.get("feature", {}), **keys)
        if case.op == "conductor.next":
            rest = {k: v for k, v in keys.items() if k not in ("state", "loop")}
            return True, conductor.next(i["config"], i["feature"], i["state"], i["loop"], **rest)
        if case.op == "conductor.apply":
            rest = {k: v for k, v in keys.items() if k not in ("state", "loop", "outcome")}
            return True, conductor.apply(
                i["config"], i["feature"], i["state"], i["loop"], i["outcome"], **rest
            )
        if case.op == "conductor.resume":
            rest = {k: v for k, v in keys.items() if k != "state"}
            return True, conductor.resume(i["config"], i["feature"], i["state"], **rest)
        if case.op == "conductor.run_script":
            return True, conductor.run_script(
                i["config"], i["feature"], i["start"], i["outcomes"]
            )
        if case.op == "conductor.rebuild":
            return True, conductor.rebuild(i["config"], i["feature"], i["events"])
        if case.op == "conductor.fork":
            return True, conductor.fork(i["config"], i["feature"], i["events"], i["at"])
    except fourx.FourxError as e:
        return False, e.kind
    except (KeyError, TypeError) as e:  # a case whose input lacks a key the signature needs
        pytest.skip(f"{case.id}: input does not fit the typed signature ({e!r}); fourx.call runs it")
    raise AssertionError(f"unknown conductor op {case.op}")


def test_the_conductor_cases_are_in_the_suite() -> None:
    ops = {c.op for c in CONDUCTOR_CASES}
    verbs = ("start", "next", "apply", "resume", "run_script", "rebuild", "fork")
    assert ops == {f"conductor.{v}" for v in verbs}


@pytest.mark.parametrize("case", CONDUCTOR_CASES, ids=[c.id for c in CONDUCTOR_CASES])
def test_conductor_case_through_the_typed_api(case: Case) -> None:
    if case.id in SKIPS:
        pytest.skip(SKIPS[case.id])
    ok, value = _run_typed(case)
    problem = check(case, ok, value)
    assert problem is None, f"{case.id} ({case.file}): {problem}"


# --- decisions are the tagged union the types describe ---------------------------------------


def _members(union: Any) -> dict[str, Any]:
    """kind/action literal -> TypedDict class of a union alias."""
    out = {}
    for cls in get_args(union):
        hints = typing.get_type_hints(cls)
        tag = hints.get("kind", hints.get("action"))
        (literal,) = get_args(tag)
        out[literal] = cls
    return out


DECISIONS = _members(conductor.Decision)
PREPARES = _members(conductor.PrepareAction)
OUTCOMES = _members(conductor.Outcome)


def test_the_decision_vocabulary_has_exactly_eleven_kinds() -> None:
    assert set(DECISIONS) == set(get_args(conductor.DecisionKind))
    assert len(DECISIONS) == 11
    assert conductor.TERMINAL_KINDS == {"stop", "finish"}
    outcome_kinds = {"agent_exit", "parallel_exit", "helper_exit", "health_check", "baseline"}
    human = {"human_reply", "human_timeout"}
    assert set(OUTCOMES) == outcome_kinds | {"gathered", "hooks", "discovered"} | human


def _fits(obj: dict[str, Any], cls: Any, where: str) -> None:
    keys = set(obj)
    required, optional = set(cls.__required_keys__), set(cls.__optional_keys__)
    assert required <= keys, f"{where}: {cls.__name__} lacks {sorted(required - keys)}"
    assert keys <= required | optional, f"{where}: unknown keys {sorted(keys - required - optional)}"


def _check_decision(d: dict[str, Any], where: str) -> None:
    assert d["kind"] in DECISIONS, f"{where}: unknown kind {d['kind']}"
    _fits(d, DECISIONS[d["kind"]], where)
    for action in d.get("prepare", []):
        assert action["action"] in PREPARES, f"{where}: unknown prepare {action}"
        _fits(action, PREPARES[action["action"]], f"{where} prepare")


SCRIPTS = [c for c in CONDUCTOR_CASES if c.op == "conductor.run_script" and "ok_subset" in c.expect]


@pytest.mark.parametrize("case", SCRIPTS, ids=[c.id for c in SCRIPTS])
def test_every_decision_has_the_keys_of_its_typed_dict(case: Case) -> None:
    i = case.input
    script = conductor.run_script(i["config"], i["feature"], i["start"], i["outcomes"])
    for n, d in enumerate(script["decisions"]):
        _check_decision(dict(d), f"{case.id} decision {n}")


def test_a_match_over_decision_kind_is_exhaustive_for_mypy(tmp_path: Path) -> None:
    mypy_api = pytest.importorskip("mypy.api")

    def program(kinds: list[str]) -> str:
        lines = [
            "from typing import assert_never",
            "from fourx.conductor import Decision",
            "",
            "def describe(d: Decision) -> str:",
            '    match d["kind"]:',
        ]
        for k in kinds:
            # Inside the case the decision is narrowed: only a RunAgent has "model".
            body = 'd["model"]' if k == "run_agent" else repr(k)
            lines += [f'        case "{k}":', f"            return {body}"]
        lines += ["        case _:", '            assert_never(d["kind"])', ""]
        return "\n".join(lines)

    flags = ["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache")]
    full = tmp_path / "full.py"
    full.write_text(program(list(DECISIONS)))
    out, _, status = mypy_api.run([*flags, str(full)])
    assert status == 0, out
    missing = tmp_path / "missing.py"
    missing.write_text(program([k for k in DECISIONS if k != "finish"]))
    out, _, status = mypy_api.run([*flags, str(missing)])
    assert status == 1 and "assert_never" in out and "finish" in out, out
    unnarrowed = tmp_path / "unnarrowed.py"  # "model" outside the run_agent case is an error
    unnarrowed.write_text(program(list(DECISIONS)).replace("return 'stop'", 'return d["model"]'))
    out, _, status = mypy_api.run([*flags, str(unnarrowed)])
    assert status == 1 and '"Stop" has no key "model"' in out, out


# --- replay ----------------------------------------------------------------------------------


def test_run_script_gives_what_start_and_apply_give_by_hand() -> None:
    script = conductor.run_script(
        CONFIG, FEATURE, {"now": NOW, "pid": 4242, "profile_name": "quick"}, QUICK_OUTCOMES
    )
    step = _start()
    decisions, events = [step["decision"]], list(step["events"])
    for outcome in QUICK_OUTCOMES:
        step = conductor.apply(CONFIG, FEATURE, step["state"], step["loop"], outcome)
        decisions.append(step["decision"])
        events.extend(step["events"])
    assert script["decisions"] == decisions
    assert script["events"] == events
    assert (script["state"], script["loop"]) == (step["state"], step["loop"])
    assert decisions[-1]["kind"] == "finish"
    assert script["state"]["phase"] == "pending-review"


def test_run_script_is_replayable_byte_for_byte() -> None:
    start = {"now": NOW, "pid": 4242, "profile_name": "quick"}
    runs = [conductor.run_script(CONFIG, FEATURE, start, QUICK_OUTCOMES) for _ in range(2)]
    assert json.dumps(runs[0], sort_keys=True) == json.dumps(runs[1], sort_keys=True)


def test_run_script_takes_facts_out_of_an_outcome() -> None:
    outcomes = [dict(QUICK_OUTCOMES[0]), {**QUICK_OUTCOMES[1], "facts": {"stop_requested": True}}]
    script = conductor.run_script(
        CONFIG, FEATURE, {"now": NOW, "pid": 4242, "profile_name": "quick"}, outcomes
    )
    last = script["decisions"][-1]
    assert last["kind"] == "stop"
    assert last.get("clear_stop_signal") is True and last["reason"] == "mcp-stop"


def test_start_is_pure() -> None:
    assert _start() == _start()  # same input, same output: no clock, no pid lookup inside


def test_next_at_the_top_of_the_loop_asks_what_start_asked() -> None:
    step = _start()  # quick: designing and design-reviewing passed through, coding round 1
    assert step["decision"]["kind"] == "capture_baseline"
    top: dict[str, Any] = {k: v for k, v in step["loop"].items() if k != "pending"}
    top["step"] = "top"
    again = conductor.next(CONFIG, FEATURE, step["state"], top)

    def without_prepare(d: conductor.Decision) -> dict[str, Any]:
        return {k: v for k, v in d.items() if k != "prepare"}

    assert without_prepare(again["decision"]) == without_prepare(step["decision"])
    # start's own prepare (clear the stop signal) is not repeated by `next`
    started = [a for a in step["decision"].get("prepare", []) if a["action"] != "clear_stop_signal"]
    assert again["decision"].get("prepare", []) == started
    assert again["loop"] == step["loop"] and again["state"] == step["state"]


# --- errors ----------------------------------------------------------------------------------


def test_an_outcome_after_the_run_ended_is_invalid_input() -> None:
    outcomes = [*QUICK_OUTCOMES, {"kind": "helper_exit"}]
    with pytest.raises(fourx.InvalidInput):
        conductor.run_script(
            CONFIG, FEATURE, {"now": NOW, "pid": 4242, "profile_name": "quick"}, outcomes
        )


def test_an_outcome_that_does_not_answer_the_pending_decision_is_invalid_input() -> None:
    step = _start()  # capture_baseline is pending
    with pytest.raises(fourx.InvalidInput):
        conductor.apply(CONFIG, FEATURE, step["state"], step["loop"], {"kind": "hooks", "ok": True})


def test_a_guarded_agent_exit_without_the_guard_is_missing_evidence() -> None:
    step = _start()
    step = conductor.apply(CONFIG, FEATURE, step["state"], step["loop"], QUICK_OUTCOMES[0])
    decision = step["decision"]
    assert decision["kind"] == "run_agent" and decision["guard"] == "scope"
    no_guard = {"kind": "agent_exit", "exit_code": 0, "round_files": CODER_FILES}
    with pytest.raises(fourx.MissingEvidence):
        conductor.apply(CONFIG, FEATURE, step["state"], step["loop"], no_guard)


def test_an_unknown_runner_is_refused_at_start() -> None:
    with pytest.raises(fourx.UnknownRunner):
        conductor.start(CONFIG, FEATURE, now=NOW, pid=1, runner="nope")


# --- resume ----------------------------------------------------------------------------------


def test_resume_infers_the_phase_from_the_round_artifacts() -> None:
    state = {
        "featureId": "F001-login",
        "phase": "reviewing",
        "role": "reviewer",
        "round": 1,
        "active": True,
        "maxRounds": 5,
    }
    # The coder's report of round 1 is half written: the round has to be coded again.
    half = {"coder-report.md": "# Coder report\n\nwork in prog"}
    resumed = conductor.resume(CONFIG, FEATURE, state, round_files=half)
    assert (resumed["from"], resumed["to"], resumed["recovered"]) == ("reviewing", "coding", True)
    assert resumed["state"]["phase"] == "coding" and resumed["manual_phase_consumed"] is False


def test_resume_listing_reads_the_state_and_the_fixed_artifact_names(tmp_path: Path) -> None:
    ws = fourx.Workspace(tmp_path)
    ws.init_feature_dir("F001-login")
    state = {"featureId": "F001-login", "phase": "reviewing", "role": "reviewer", "round": 1}
    ws.write_state("F001-login", state, NOW)
    rd = Path(ws.round_dir("F001-login", 1))
    rd.mkdir(parents=True, exist_ok=True)
    (rd / "coder-report.md").write_text(CODER_FILES["coder-report.md"])
    (rd / "notes.txt").write_text("not an artifact the resume reads")
    (Path(ws.feature_dir("F001-login")) / "design-review-report.md").write_text(PASS)
    listing = conductor.resume_listing(tmp_path, "F001-login")
    assert listing["state"]["phase"] == "reviewing"
    assert listing["round_files"] == {"coder-report.md": CODER_FILES["coder-report.md"]}
    assert listing["feature_files"] == {"design-review-report.md": PASS}
