"""``python -m fourx``: every subcommand, human and ``--json`` output, exit statuses."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import fourx
from fourx.cli import main

OUTPUTS = Path(__file__).resolve().parents[1] / "examples" / "agent_outputs"
CONFIG = {
    "project": {"name": "demo"},
    "default_runner": "claude",
    "runners": {"claude": {"command": "claude", "tiers": {"opus": "opus", "sonnet": "sonnet"}}},
    "roles": {"reviewer": {"model": "opus"}},
}
SNAPSHOT = {
    "modules": [
        {"path": "src/a", "fingerprint": "a1", "bytes": 100},
        {"path": "src/b", "fingerprint": "b1", "bytes": 100},
    ],
    "edges": [["src/a", "src/b"]],
}


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def run_json(*argv: str) -> Any:
    status, text = run("--json", *argv)
    assert status == 0, text
    return json.loads(text)


def test_route_prints_the_announcement_and_json_the_result() -> None:
    status, text = run("route", "Fix", "the", "login", "error")
    assert status == 0 and "-> DEBUG workflow" in text and "bug-investigator" in text
    assert run_json("route", "Fix the login error") == fourx.router.route("Fix the login error")


def test_json_flag_works_after_the_subcommand_too() -> None:
    status, text = run("route", "--json", "plan a feature")
    assert status == 0 and json.loads(text)["workflow"] == "PLAN"


def test_pipeline_prints_a_table(tmp_path: Path) -> None:
    cfg = tmp_path / "settings.json"
    cfg.write_text(json.dumps(CONFIG), encoding="utf-8")
    status, text = run("pipeline", "--config", str(cfg), "--profile", "quick")
    assert status == 0
    lines = text.splitlines()
    assert lines[0] == "profile: quick"
    assert lines[1].split() == ["PHASE", "ROLE", "RUNNER", "MODEL"]
    assert lines[3].split() == ["coding", "coder", "claude", "sonnet"]
    assert lines[4].split() == ["reviewing", "reviewer", "claude", "opus"]
    data = run_json("pipeline", "--config", str(cfg), "--profile", "quick")
    assert data["profile"] == "quick" and len(data["phases"]) == 2


def test_pipeline_with_a_feature_and_errors(tmp_path: Path) -> None:
    cfg = tmp_path / "settings.json"
    cfg.write_text(json.dumps(CONFIG), encoding="utf-8")
    feature = tmp_path / "f.json"
    feature.write_text(json.dumps({"id": "F1", "profile": "quick"}), encoding="utf-8")
    data = run_json("pipeline", "--config", str(cfg), "--feature", str(feature))
    assert data["profile"] == "quick"
    assert run("pipeline", "--config", str(cfg), "--profile", "nope")[0] == 1
    cfg.write_text(json.dumps({"default_runner": "claude"}), encoding="utf-8")
    assert run("pipeline", "--config", str(cfg))[0] == 1  # invalid_config: no project.name
    assert run("pipeline", "--config", str(tmp_path / "missing.json"))[0] == 1


def test_state_show_lists_every_phase_with_its_moves() -> None:
    status, text = run("state", "show")
    assert status == 0
    rows = {
        line.split()[0]: line
        for line in text.splitlines()[2:]
        if line and not line.startswith("from any")
    }
    assert set(rows) == {p.value for p in fourx.Phase}
    assert "(terminal)" in rows["done"]
    data = run_json("state", "show")
    coding = next(p for p in data["phases"] if p["phase"] == "coding")
    assert coding["targets"] == [p for p in fourx.Phase if fourx.can_transition("coding", p)]


def test_state_show_of_a_feature(tmp_path: Path) -> None:
    ws = fourx.Workspace(tmp_path)
    (tmp_path / ".4x").mkdir()
    ws.init_feature_dir("F1")
    ws.write_state(
        "F1", {"featureId": "F1", "phase": "reviewing", "round": 1}, "2026-01-01T00:00:00Z"
    )
    status, text = run("state", "show", "--root", str(tmp_path), "--feature", "F1")
    assert status == 0 and "feature F1: reviewing (round 1)" in text
    assert "may move to: testing, amending" in text
    assert (
        run_json("state", "show", "--root", str(tmp_path), "--feature", "F1")["state"]["round"] == 1
    )
    assert run("state", "show", "--root", str(tmp_path), "--feature", "F2")[0] == 1


@pytest.mark.parametrize("fmt,start", [("mermaid", "flowchart LR"), ("dot", "digraph")])
def test_state_diagram(fmt: str, start: str) -> None:
    status, text = run("state", "diagram", "--format", fmt)
    assert status == 0 and text.startswith(start) and text == fourx.state_diagram(fmt)  # type: ignore[arg-type]


def test_contract_check_exits_0_only_when_the_output_lets_the_harness_advance() -> None:
    status, text = run(
        "contract", "check", "--agent", "component-builder", str(OUTPUTS / "builder.md")
    )
    assert status == 0 and text.startswith("ADVANCE") and "PASS - passes" in text
    assert run_json("contract", "check", "--agent", "component-builder", str(OUTPUTS / "builder.md"))[
        "may_advance"
    ]


def test_contract_check_exits_1_for_a_valid_output_that_blocks(tmp_path: Path) -> None:
    status, text = run(
        "contract", "check", "--agent", "code-reviewer", str(OUTPUTS / "review-changes.md")
    )
    assert status == 1
    assert text.startswith("BLOCKS  code-reviewer (readonly contract): CHANGES_REQUESTED")
    assert "critical: [95]" in text
    bad = tmp_path / "bad.md"
    bad.write_text(
        (OUTPUTS / "builder.md").read_text().replace("TDD_RED_EXIT: 1", "TDD_RED_EXIT: 0")
    )
    status, text = run("contract", "check", "--agent", "component-builder", str(bad))
    assert status == 1 and "pass condition violated: TDD_RED_EXIT" in text


def test_contract_check_exits_2_for_an_invalid_output(tmp_path: Path) -> None:
    status, text = run(
        "contract", "check", "--agent", "component-builder", str(OUTPUTS / "hunter.md")
    )
    assert status == 2 and text.startswith("INVALID  component-builder: missing_contract")
    status, text = run("--json", "contract", "check", "--agent", "nobody", str(OUTPUTS / "builder.md"))
    assert status == 2 and json.loads(text)["error"]["kind"] == "unknown_agent"


def test_contract_check_says_what_to_add(tmp_path: Path) -> None:
    missing = tmp_path / "docs.md"
    missing.write_text("### Router Contract (MACHINE-READABLE)\n```yaml\nSTATUS: COMPLETE\n```\n")
    status, text = run("contract", "check", "--agent", "doc-syncer", str(missing))
    assert status == 2 and "fields: " in text and "MEMORY_NOTES" in text
    status, text = run("--json", "contract", "check", "--agent", "doc-syncer", str(missing))
    assert json.loads(text)["error"]["fields"][-1] == "MEMORY_NOTES"
    stamp = tmp_path / "stamp.md"
    stamp.write_text(
        'CONTRACT {"s":"APPROVE","b":false,"cr":0}\n## Review: Approve\n\n### Summary\n'
        "- Looks fine to me; the settings page reads its defaults from the profile service and "
        "the feature flags are resolved once per request in the middleware layer.\n"
    )
    status, text = run("contract", "check", "--agent", "code-reviewer", str(stamp))
    assert status == 1 and "to fix rubber_stamp: " in text and "### Findings" in text


def test_contract_check_help_states_the_three_exit_statuses(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["contract", "check", "--help"], io.StringIO())
    text = " ".join(capsys.readouterr().out.split())
    assert "Exit status: 0 when the output lets the harness advance" in text
    assert "1 when it is a valid output that blocks" in text
    assert "2 when it is not a valid output" in text


def _blueprint_files(tmp_path: Path) -> tuple[Path, Path, Path]:
    snap = tmp_path / "snapshot.json"
    snap.write_text(json.dumps(SNAPSHOT), encoding="utf-8")
    request = tmp_path / "request.json"
    request.write_text(
        json.dumps(
            {
                "project_id": "demo-0123456789ab",
                "items": [{"module": "src/a", "field": "purpose", "where": "", "claim": "Does A."}],
                "snapshot": SNAPSHOT,
                "evidence": ["src/a"],
                "now": "2026-11-29T10:00:00Z",
            }
        ),
        encoding="utf-8",
    )
    return snap, request, tmp_path / "blueprint.md"


def test_blueprint_fold_index_and_graph(tmp_path: Path) -> None:
    snap, request, doc = _blueprint_files(tmp_path)
    status, text = run("blueprint", "fold", "--doc", str(doc), "--request", str(request), "--write")
    assert status == 0 and "[blueprint] updated; accepted 1/1" in text
    assert "Does A." in doc.read_text(encoding="utf-8")
    status, text = run("blueprint", "index", "--doc", str(doc), "--snapshot", str(snap))
    assert status == 0 and "src/a -> src/b" in text
    assert run_json("blueprint", "index", "--doc", str(doc), "--snapshot", str(snap))["shown"]
    status, text = run(
        "blueprint", "graph", "--doc", str(doc), "--snapshot", str(snap), "--format", "dot"
    )
    assert status == 0 and text.startswith("digraph")
    status, text = run("blueprint", "fold", "--doc", str(doc), "--request", str(request))
    assert status == 0 and "[blueprint]" in text or text.startswith("---")


def test_ops_lists_the_catalog() -> None:
    status, text = run("ops")
    assert status == 0 and f"{len(fourx.catalog())} operations" in text.splitlines()[0]
    status, text = run("ops", "state.")
    assert all(line.strip().startswith("state.") for line in text.splitlines()[1:])
    assert [op["name"] for op in run_json("ops")] == [op["name"] for op in fourx.catalog()]


def test_usage_errors_exit_2_and_no_command_prints_help() -> None:
    with pytest.raises(SystemExit) as info:
        main(["state", "diagram", "--format", "svg"], io.StringIO())
    assert info.value.code == 2
    status, text = run()
    assert status == 0 and "route" in text and "blueprint" in text


def test_python_dash_m_fourx_runs() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "fourx", "state", "diagram"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0 and proc.stdout.startswith("flowchart LR")


def test_pipeline_reads_a_yaml_feature(tmp_path: Path) -> None:
    cfg = tmp_path / "settings.json"
    cfg.write_text(json.dumps(CONFIG), encoding="utf-8")
    feature = tmp_path / "F1.yaml"
    feature.write_text("id: F1-x\nname: X\nstatus: not-started\nprofile: quick\n", encoding="utf-8")
    status, text = run("pipeline", "--config", str(cfg), "--feature", str(feature))
    assert status == 0 and text.splitlines()[0] == "profile: quick"
