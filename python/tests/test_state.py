"""The typed Python face of the state machine and the workspace (fourx.state, fourx.Workspace):
each wrapper returns what its op returns and raises the op's error kinds."""

from __future__ import annotations

from pathlib import Path

import pytest

import fourx
from fourx import Phase, Role, Workspace, state

NOW = "2026-01-01T12:00:00+01:00"


def test_enums_are_str_valued_and_match_the_core_lists() -> None:
    assert [p.value for p in Phase] == state.enum_values("phases")
    assert [r.value for r in Role] == state.enum_values("configurable_roles")
    assert Phase.CODING == "coding"


def test_can_transition_takes_enums_or_strings() -> None:
    assert fourx.can_transition(Phase.TESTING, Phase.DEEP_REVIEWING)
    assert not fourx.can_transition("testing", "accepting")
    assert fourx.can_transition("anything", "blocked")


def test_drive_a_feature_from_init_to_done() -> None:
    s = {"featureId": "F1", "phase": "init", "runner": "claude"}
    for to in ["designing", "design-reviewing", "coding", "reviewing", "amending", "reviewing",
               "testing", "deep-reviewing", "accepting", "pending-review"]:
        s = state.transition(s, to, state.phase_to_role(to))
    assert (s["phase"], s["round"], s["role"]) == ("pending-review", 2, "")
    done = state.finalize_done(s)
    assert (done["phase"], done["active"], done["stopReason"]) == ("done", False, "done")
    with pytest.raises(fourx.InvalidTransition):
        state.transition(done, "blocked")
    with pytest.raises(fourx.InvalidRecoveryTarget):
        state.recover_to(done, "pending-review")
    assert state.recover_to(done, Phase.CODING, Role.CODER)["phase"] == "coding"


def test_should_stop_validate_reconcile_and_diagram() -> None:
    assert state.should_stop({"round": 5, "maxRounds": 5}) == {
        "stop": True, "reason": "reached max rounds (5)"}
    assert state.validate_state({})["errors"] == [
        "featureId is required", 'phase "" is invalid', "runner is required"]
    r = state.reconcile_active({"active": True, "pid": 9}, pid_alive=False)
    assert r["changed"] and r["state"]["stopReason"] == "process-gone"
    assert state.diagram("dot").startswith("digraph state_machine {\n")


def test_workspace_round_trip(tmp_path: Path) -> None:
    ws = Workspace(tmp_path)
    assert ws.init_feature_dir("F1") == str(tmp_path / ".4x/run/F1")
    written = ws.write_state("F1", {"featureId": "F1", "phase": "coding"}, NOW)
    assert written["updatedAt"] == NOW
    assert ws.read_state("F1") == written
    ws.append_event("F1", {"type": "run-end", "cost_usd": 0.5}, NOW)
    ws.append_event("F1", {"type": "run-output", "detail": "worktree: /wt"}, NOW)
    assert ws.total_cost("F1") == 0.5
    assert ws.worktree_path("F1") == "/wt"
    assert not ws.stop_requested("F1")
    ws.request_stop("F1")
    assert ws.stop_requested("F1")
    ws.clear_stop("F1")
    assert not ws.stop_requested("F1")
    r = ws.reconcile_active("F1", NOW, pid_alive=False)
    assert not r["changed"] and r["state"] == written
    assert Workspace.find(tmp_path / ".4x/run/F1").root == str(tmp_path)
    with pytest.raises(fourx.InvalidFeatureId):
        ws.read_state("../F1")
    with pytest.raises(fourx.NotFound):
        ws.read_state("F2")
