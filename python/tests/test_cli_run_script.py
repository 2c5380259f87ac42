"""``python -m fourx run-script FILE|-``: the conductor's decision trace of a scripted run, as a
table or (``--json``) as the ``conductor.run_script`` result."""

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

SCRIPT = Path(__file__).resolve().parents[1] / "examples" / "run_script_quick.json"


def run(*argv: str, stdin: str | None = None, monkeypatch: Any = None) -> tuple[int, str]:
    out = io.StringIO()
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    status = main(list(argv), out)
    return status, out.getvalue()


def _script() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SCRIPT.read_text(encoding="utf-8"))
    return loaded


def _rows(text: str) -> list[list[str]]:
    """The table's data rows, split on runs of two or more spaces."""
    import re

    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("#  "))
    rows = []
    for line in lines[start + 2 :]:
        if not line.strip():
            break
        rows.append(re.split(r"\s{2,}", line.strip()))
    return rows


def test_run_script_prints_one_row_per_decision() -> None:
    status, text = run("run-script", str(SCRIPT))
    assert status == 0, text
    header = text.splitlines()[0].split()
    assert header == ["#", "DECISION", "PHASE", "ROLE", "ROUND", "DETAIL", "PREPARE"]
    rows = _rows(text)
    script = _script()
    assert len(rows) == len(script["outcomes"]) + 1  # start's decision and one per outcome
    expected = fourx.conductor.run_script(
        script["config"], script["feature"], script["start"], script["outcomes"]
    )
    for row, decision in zip(rows, expected["decisions"]):
        assert row[1] == decision["kind"]
    kinds = [r[1] for r in rows]
    assert kinds[0] == "capture_baseline" and kinds[-1] == "finish"
    # the overloaded runner is retried by the conductor: attempt 2 after a backoff
    assert any("attempt 2 after 1000 ms" in " ".join(r) for r in rows), text
    assert "state: pending-review (round 2), active false, stopReason pending-review" in text


def test_run_script_json_is_the_op_result() -> None:
    status, text = run("run-script", "--json", str(SCRIPT))
    assert status == 0
    script = _script()
    assert json.loads(text) == fourx.call("conductor.run_script", script)


def test_run_script_reads_stdin(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = run("run-script", "-", stdin=SCRIPT.read_text(), monkeypatch=monkeypatch)
    assert status == 0 and "finish" in text


def test_run_script_events_table() -> None:
    status, text = run("run-script", "--events", str(SCRIPT))
    assert status == 0
    assert "EVENT" in text and "phase-skipped" in text and "run-start" in text


def test_run_script_prints_the_stop_of_a_stopped_run(tmp_path: Path) -> None:
    script = _script()
    script["outcomes"] = script["outcomes"][:1] + [{"kind": "agent_exit", "exit_code": 2}]
    path = tmp_path / "stopped.json"
    path.write_text(json.dumps(script))
    status, text = run("run-script", str(path))
    assert status == 0
    last = _rows(text)[-1]
    assert last[1] == "stop" and "hard-error" in last[-2]


def test_run_script_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    assert run("run-script", str(bad))[0] == 1
    assert "must hold a JSON object" in capsys.readouterr().err
    after_end = _script()
    after_end["outcomes"].append({"kind": "helper_exit"})
    bad.write_text(json.dumps(after_end))
    assert run("run-script", str(bad))[0] == 1
    assert "fourx: invalid_input" in capsys.readouterr().err
    assert run("run-script", str(tmp_path / "missing.json"))[0] == 1
    assert "cannot read" in capsys.readouterr().err


def test_run_script_help_explains_the_input() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "fourx", "run-script", "--help"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0
    assert "conductor.run_script" in done.stdout and "outcomes" in done.stdout
    assert "'-' for stdin" in done.stdout
