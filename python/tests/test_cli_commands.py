"""The CLI commands a harness author reaches for first: ``call`` (any op), ``blueprint scan`` and
``state diagram --events/--feature`` (the path a feature took)."""

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


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    status = main(list(argv), out)
    return status, out.getvalue()


def test_call_runs_any_op_with_json_in_and_out() -> None:
    status, text = run("call", "state.can_transition", '{"from": "init", "to": "designing"}')
    assert status == 0 and json.loads(text) == {"allowed": True}
    status, text = run("call", "meta.version")
    assert status == 0 and json.loads(text)["version"] == fourx.version()


def test_call_reads_the_input_from_stdin_with_a_dash() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "fourx", "call", "state.phase_to_role", "-"],
        input='{"phase": "coding"}',
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {"role": "coder"}


def test_call_prints_the_error_document_on_stderr_and_exits_1(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, text = run("call", "state.transition", '{"state": {"phase": "done"}, "to": "coding"}')
    assert status == 1 and text == ""
    doc = json.loads(capsys.readouterr().err)
    assert doc["error"]["kind"] == "invalid_transition"
    assert doc["error"]["field"] == "to"
    status, _ = run("call", "no.such_op", "{}")
    assert status == 1 and json.loads(capsys.readouterr().err)["error"]["kind"] == "unknown_op"


def test_call_refuses_input_that_is_not_a_json_object() -> None:
    assert run("call", "meta.version", "[1, 2]")[0] == 2
    assert run("call", "meta.version", "{nope")[0] == 2


FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "scan"


def test_blueprint_scan_prints_a_snapshot_index_and_graph_accept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(FIXTURES)
    status, text = run("blueprint", "scan", "go")  # relative to the current directory
    assert status == 0
    snapshot = json.loads(text)
    assert snapshot == fourx.blueprint.scan(str(FIXTURES / "go"))
    assert "internal/cart" in [m["path"] for m in snapshot["modules"]]
    snap_file = tmp_path / "snap.json"
    status, text = run("blueprint", "scan", str(FIXTURES / "go"), "-o", str(snap_file))
    assert status == 0 and text.startswith(f"{len(snapshot['modules'])} modules, ")
    status, text = run("blueprint", "index", "--snapshot", str(snap_file))
    assert status == 0 and "internal/store -> internal/cart, internal/money" in text
    status, text = run("blueprint", "graph", "--snapshot", str(snap_file), "--format", "dot")
    assert status == 0 and text.startswith("digraph")


def _events(path: Path, phases: list[str]) -> Path:
    lines = [{"ts": "2026-11-29T09:00:00Z", "phase": "init", "type": "run-start"}]
    lines += [{"ts": "2026-11-29T09:01:00Z", "phase": p, "type": "transition"} for p in phases]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(e) + "\n" for e in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("fmt", ["mermaid", "dot"])
def test_state_diagram_events_draws_the_path_on_the_machine(tmp_path: Path, fmt: str) -> None:
    events = _events(tmp_path / "events.jsonl", ["designing", "design-reviewing", "coding"])
    status, text = run("state", "diagram", "--format", fmt, "--events", str(events))
    assert status == 0
    want: Any = fourx.call(
        "state.diagram", format=fmt, path=["init", "designing", "design-reviewing", "coding"]
    )["text"]
    assert text == want and text != fourx.state_diagram(fmt)  # type: ignore[arg-type]
    if fmt == "dot":
        assert '"coding" [style=filled, fillcolor="#fde68a"' in text  # the current phase
        assert '"init" -> "designing" [color="#1d4ed8", penwidth=3];' in text
        assert '"coding" -> "reviewing";' in text  # not taken: drawn plain
    else:
        assert "    class n3 current\n" in text
        assert "    linkStyle 0,1,3 stroke:#1d4ed8,stroke-width:3px\n" in text


def test_state_diagram_feature_reads_its_events_under_root(tmp_path: Path) -> None:
    _events(tmp_path / ".4x" / "run" / "F001-x" / "events.jsonl", ["designing", "blocked"])
    status, text = run(
        "state", "diagram", "--format", "dot", "--root", str(tmp_path), "--feature", "F001-x"
    )
    assert status == 0
    # designing -> blocked is a universal move the plain drawing has no edge for.
    assert '"designing" -> "blocked" [color="#1d4ed8", penwidth=3, style=bold];' in text


def test_state_diagram_events_errors_name_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "events.jsonl"
    bad.write_text('{"phase": "init"}\nnot json\n', encoding="utf-8")
    assert run("state", "diagram", "--events", str(bad))[0] == 1
    assert f"{bad}:2 is not a JSON line" in capsys.readouterr().err
    bad.write_text('{"phase": "warp"}\n', encoding="utf-8")
    assert run("state", "diagram", "--events", str(bad))[0] == 1
    assert "invalid_value" in capsys.readouterr().err


def test_every_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (
        ["call"],
        ["blueprint", "scan"],
        ["state", "diagram"],
        ["contract", "check"],
        ["ops"],
    ):
        with pytest.raises(SystemExit) as info:
            main([*argv, "--help"], io.StringIO())
        assert info.value.code == 0
        assert "usage:" in capsys.readouterr().out
