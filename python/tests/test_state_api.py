"""The state machine at the top level of ``fourx``: typed functions over ``state.*`` / ``phase.*``."""

from __future__ import annotations

import pytest

import fourx
from fourx import Phase, Role, _fourx


def test_can_transition_is_the_extensions_builtin() -> None:
    assert fourx.can_transition is _fourx.can_transition
    assert type(fourx.can_transition).__name__ == "builtin_function_or_method"


def test_can_transition_agrees_with_the_op_for_every_pair() -> None:
    phases = [*Phase, "", "Coding", "no-such-phase"]
    for a in phases:
        for b in phases:
            expected = fourx.call("state.can_transition", from_=a, to=b)["allowed"]
            assert fourx.can_transition(a, b) is expected, (a, b)
            assert fourx.can_transition(from_=a, to=b) is expected


def test_can_transition_rejects_non_strings_with_invalid_input() -> None:
    # A FourxError with a kind, like every other bad argument (never a bare TypeError).
    with pytest.raises(fourx.InvalidInput):
        fourx.can_transition(1, "coding")  # type: ignore[arg-type]


def test_transition_sets_phase_role_and_round() -> None:
    s = fourx.transition({"featureId": "F1", "phase": "design-reviewing"}, Phase.CODING, Role.CODER)
    assert (s["phase"], s["role"], s["round"]) == ("coding", "coder", 1)


def test_transition_does_not_mutate_its_argument() -> None:
    before = {"featureId": "F1", "phase": "init"}
    fourx.transition(before, Phase.DESIGNING)
    assert before == {"featureId": "F1", "phase": "init"}


def test_refused_transition_raises_invalid_transition() -> None:
    with pytest.raises(fourx.InvalidTransition) as info:
        fourx.transition({"featureId": "F1", "phase": "done"}, Phase.CODING)
    assert info.value.kind == "invalid_transition"
    assert not isinstance(info.value, ValueError)


def test_recover_to_ignores_the_table_but_not_the_target() -> None:
    s = fourx.recover_to({"featureId": "F1", "phase": "done"}, Phase.CODING, Role.CODER)
    assert s["phase"] == "coding" and s["round"] == 1
    with pytest.raises(fourx.InvalidRecoveryTarget):
        fourx.recover_to({"featureId": "F1", "phase": "coding"}, Phase.DONE)


def test_should_stop_reports_max_rounds_and_no_progress() -> None:
    assert fourx.should_stop({"round": 5, "maxRounds": 5}) == {
        "stop": True,
        "reason": "reached max rounds (5)",
    }
    assert fourx.should_stop({"consecutiveNoProgress": 3})["stop"] is True
    assert fourx.should_stop({"round": 1, "maxRounds": 0}) == {"stop": False, "reason": ""}


def test_finalize_done_stops_the_run() -> None:
    s = fourx.finalize_done({"featureId": "F1", "phase": "pending-review", "active": True})
    assert (s["phase"], s["active"], s["stopReason"]) == ("done", False, "done")
    with pytest.raises(fourx.InvalidTransition):
        fourx.finalize_done({"featureId": "F1", "phase": "abandoned"})


def test_validate_state_lists_every_failure() -> None:
    v = fourx.validate_state({"phase": "Coding"})
    assert v["valid"] is False and len(v["errors"]) == 3
    assert fourx.validate_state({"featureId": "F", "phase": "coding", "runner": "claude"})["valid"]


def test_reconcile_active_clears_a_dead_run() -> None:
    r = fourx.reconcile_active({"featureId": "F1", "active": True, "pid": 42}, pid_alive=False)
    assert r["changed"] and r["state"]["active"] is False
    assert r["state"]["stopReason"] == "process-gone"


def test_role_and_status_tables() -> None:
    assert fourx.phase_to_role(Phase.AMENDING) == "coder"
    assert fourx.phase_role(Phase.AMENDING) == ""
    assert fourx.phase_to_status(Phase.PENDING_REVIEW) == fourx.FeatureStatus.READY_FOR_REVIEW
    assert fourx.phase_to_status("anything") == "in-progress"
    assert fourx.is_selectable(Phase.CODING) and not fourx.is_selectable(Phase.INIT)


def test_diagram_constants_enums_and_sizes() -> None:
    assert fourx.state_diagram().startswith("flowchart LR")
    assert fourx.state_diagram("dot").startswith("digraph")
    with pytest.raises(fourx.InvalidInput):
        fourx.state_diagram("svg")  # type: ignore[arg-type]
    assert fourx.state_constants() == {"max_guard_retries": 2, "no_progress_limit": 3}
    assert fourx.enum_values("terminal_phases") == ["done", "abandoned"]
    with pytest.raises(fourx.UnknownKind):
        fourx.enum_values("colours")
    assert fourx.human_size(512) == "512B"
