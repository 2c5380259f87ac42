"""A harness's first hour, typed: every result flows into the next call under ``mypy --strict``
with no casts and no ``dict(...)`` copies (``make test`` type-checks this file and pytest runs it).

- the blueprint: ``blueprint.scan`` (a relative ``pathlib.Path``) -> ``Store.commit`` (an aware
  ``datetime`` and ``fourx.new_nonce()``) -> ``Store.render_index``;
- the router: ``router.parse_output`` -> ``may_advance``, narrowed on ``kind``;
- the state machine: ``fourx.transition`` on the phase the verdict allows.
"""

from __future__ import annotations

import os
from datetime import datetime, timezone
from pathlib import Path

import fourx
from fourx import Phase, Role

HERE = Path(__file__).resolve().parent
FIXTURE = HERE.parent.parent / "tests" / "fixtures" / "scan" / "go"


def blueprint_chain() -> str:
    # A relative os.PathLike is taken against the current directory.
    relative = Path(os.path.relpath(FIXTURE))
    snapshot = fourx.blueprint.scan(relative)
    store = fourx.blueprint.Store()  # in memory
    claim = {"module": "internal/cart", "field": "purpose", "where": "", "claim": "Holds the cart."}
    out = store.commit(
        items=[claim],
        snapshot=snapshot,
        evidence=["internal/cart"],
        now=datetime(2026, 11, 29, 10, 0, tzinfo=timezone.utc),
        nonce=fourx.new_nonce(),
        project_id="demo-0123456789ab",
    )
    assert out["status"] == "written", out
    index = store.render_index(snapshot)
    # The annotated module loses its [unannotated] mark; its notes are read with read_module.
    assert "\ninternal/cart -> internal/money\n" in index["text"]
    assert "Holds the cart." in str(store.read_module(snapshot, "internal/cart")["sections"])
    return index["text"]


def review_gate(agent: str, output: str) -> bool:
    parsed = fourx.router.parse_output(agent, output)
    if parsed["kind"] == "readonly":
        verdict = parsed["result"]  # ParseReadonlyOutputResult
        print(f"{agent}: {verdict['status']} blocking={verdict['blocking']}")
    else:
        contract = parsed["result"]  # ParseWriteContractResult
        print(f"{agent}: {contract['status']} violations={contract['violations']}")
    return parsed["may_advance"]


def main() -> None:
    print(blueprint_chain().splitlines()[0])
    outputs = HERE / "agent_outputs"
    assert review_gate("code-reviewer", (outputs / "review-approve.md").read_text())
    assert not review_gate("code-reviewer", (outputs / "review-changes.md").read_text())
    assert review_gate("component-builder", (outputs / "builder.md").read_text())
    state: fourx.State = {"featureId": "F001-login", "phase": Phase.REVIEWING, "maxRounds": 3}
    nxt = Phase.TESTING if review_gate("code-reviewer", (outputs / "review-approve.md").read_text()) else Phase.AMENDING
    state = fourx.transition(state, nxt, Role.TESTER)
    assert state["phase"] == "testing"
    print("agents:", ", ".join(a["name"] for a in fourx.router.agents()))


if __name__ == "__main__":
    main()
