"""The run files through the typed wrappers: Go's bytes, absent files, round directories."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import fourx
from fourx import run_files


def test_verify_json_round_trips_with_go_bytes() -> None:
    text = run_files.render_verify(
        {"passed": True, "round": 1, "role": "tester", "commands": [], "ac_results": []}
    )
    assert text == '{\n  "passed": true,\n  "round": 1,\n  "role": "tester",\n  "commands": []\n}'
    assert run_files.parse_verify(text)["commands"] == []


def test_escalation_is_compact_and_bad_json_is_invalid_json() -> None:
    assert run_files.render_escalation({"needed": True}) == (
        '{"needed":true,"reason":"","detail":""}'
    )
    with pytest.raises(fourx.InvalidJson):
        run_files.parse_escalation('{"needed": "yes"}')


def test_run_files_are_written_in_their_directories_and_absent_reads_none(
    tmp_path: Path,
) -> None:
    root = str(tmp_path)
    (tmp_path / ".4x" / "run" / "F1").mkdir(parents=True)
    assert run_files.read_run_file(root, "F1", "angles", round=2) is None
    path = run_files.write_run_file(
        root, "F1", "angles", {"selected_angles": [1], "total_angles": 11}, round=2
    )
    assert path.endswith("rounds/round-2/deep-review-angles.json")
    assert json.loads(Path(path).read_text())["force_all"] is False
    got = run_files.read_run_file(root, "F1", "angles", round=2)
    assert got is not None and got["selected_angles"] == [1]
    run_files.write_run_file(root, "F1", "baseline", {"createdAt": "2026-01-01T00:00:00Z"})
    assert (tmp_path / ".4x" / "run" / "F1" / "baseline.json").read_text().endswith('"repos": null\n}')
    with pytest.raises(fourx.InvalidInput):
        run_files.read_run_file(root, "F1", "verify")


def test_import_fourx_loads_run_files() -> None:
    """``import fourx`` alone reaches the run files (no ``from fourx import run_files`` needed)."""
    import subprocess
    import sys

    code = "import fourx; print(fourx.run_files.render_escalation({'needed': False}))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == '{"needed":false,"reason":"","detail":""}'
    assert "run_files" in fourx.__all__
