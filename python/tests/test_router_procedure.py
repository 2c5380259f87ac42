"""The cc10x procedure rules of issue 28 through the typed wrappers: the artifact update's
decision keys (and unparseable outputs), task texts, the plan-trust gate."""

from __future__ import annotations

import json

import pytest

import fourx
from fourx import router

WF = "wf-20260312T162700Z-a1b2c3d4"


def _artifact(**edits: object) -> str:
    art = fourx.call(
        "router.new_artifact",
        workflow_uuid=WF,
        workflow_type="BUILD",
        user_request="Add a profile page",
        now="2026-03-12T16:27:00Z",
    )["artifact"]
    art.update(edits)
    return json.dumps(art, indent=2)


def test_a_passing_verifier_moves_proof_status_off_gaps_found() -> None:
    result = {"agent": "cc10x:integration-verifier", "status": "PASS", "passes": True}
    out = router.update_artifact(
        _artifact(), WF, "2026-03-12T16:40:05Z", "integration-verifier", result, phase="build-verify"
    )
    assert out["artifact"]["proof_status"] == "passed"
    assert out["artifact"]["status_history"][-1]["decision"] == "advance"


def test_an_unparseable_verifier_output_is_recorded_from_the_caught_error() -> None:
    with pytest.raises(fourx.FourxError) as info:
        router.parse_readonly_output("integration-verifier", "CONTRACT {\"s\":\"PASS\"}\n" + "x" * 300)
    err = {"kind": info.value.kind, "message": info.value.message}
    out = router.update_artifact(
        _artifact(), WF, "2026-03-12T16:40:05Z", "integration-verifier", error=err, phase="build-verify"
    )
    art = out["artifact"]
    assert art["results"]["verifier"]["status"] == "INVALID_OUTPUT"
    assert art["remediation_history"][0]["cycle_number"] == 1
    with pytest.raises(fourx.InvalidValue):
        router.update_artifact(
            _artifact(), WF, "2026-03-12T16:40:05Z", "integration-verifier", {"passes": True}, error=err
        )


def test_task_graph_texts_are_ready_for_task_create() -> None:
    g = router.task_graph("PLAN", workflow_id=WF, summary="billing export")
    first = g["nodes"][0]
    assert first["subject"] == "CC10X planner: Create plan for billing export"
    assert first["active_form"] == "Creating plan"
    assert first["description"].startswith(f"wf:{WF}\nkind:agent\n")
    assert "subject" not in router.task_graph("PLAN")["nodes"][0]


def test_no_build_with_open_decisions() -> None:
    text = _artifact(intent={"goal": None, "non_goals": [], "constraints": [],
                             "acceptance_criteria": [], "open_decisions": ["Which queue?"]})
    gate = router.plan_trust_gate(text, WF)
    assert gate["action"] == "ask_clarification"
    assert gate["unresolved_decisions"] == ["Which queue?"]
