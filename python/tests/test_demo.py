"""``make demo``: the harness drives one feature to ``done`` through the `full` profile."""

from __future__ import annotations

import io
import json
import re
import re
import sys
from pathlib import Path

import fourx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))

import demo_harness  # noqa: E402


def test_demo_reaches_done_with_one_review_sent_back(tmp_path: Path) -> None:
    out = io.StringIO()
    result = demo_harness.run(tmp_path, demo_harness.Trace(out))
    trace = out.getvalue()
    state = result["state"]
    assert (state["phase"], state["active"], state["stopReason"]) == ("done", False, "done")
    assert state["round"] == 2  # coding opened round 1, the review sent back for amending
    assert "CHANGES_REQUESTED" in trace and "reviewing -> amending" in trace
    assert "amending -> reviewing" in trace and "fixing skipped" in trace
    ws = fourx.Workspace(tmp_path / "repo")
    assert ws.read_state(demo_harness.FEATURE_ID) == state
    assert ws.load_feature(demo_harness.FEATURE_ID)["status"] == "done"
    assert "feature not-started -> in-progress" in trace and "commit 'chore(" in trace
    events = Path(ws.feature_dir(demo_harness.FEATURE_ID), "events.jsonl").read_text().splitlines()
    types = [json.loads(line)["type"] for line in events]
    assert types[0] == "run-start" and "phase-skipped" in types
    assert result["cost"] > 0 and f"${result['cost']:.2f}" in trace
    assert Path(result["diagram"]).read_text().startswith("```mermaid\nflowchart LR")
    assert result["diagram"] in trace
    for claim in ("Renders the signed-in user's profile page.", "renders as 'not set'"):
        assert claim in result["blueprint"]
    assert "src/profile -> src/auth" in trace
    assert "fourx's own module graph (blueprint.scan" in trace
    assert "core/src/blueprint/scan -> core" in trace


def test_demo_trace_is_deterministic(tmp_path: Path) -> None:
    traces = []
    for name in ("a", "b"):
        out = io.StringIO()
        demo_harness.run(tmp_path / name, demo_harness.Trace(out))
        text = out.getvalue().replace(str(tmp_path / name), "<dir>")
        # The project id is derived from the repository's path, so it differs by directory.
        traces.append(re.sub(r"repo-[0-9a-f]{12}", "repo-<id>", text))
    assert traces[0] == traces[1]
