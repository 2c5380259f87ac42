"""``fourx.blueprint.scan``: the Python face of ``blueprint.scan`` over the fixture trees."""

from __future__ import annotations

from pathlib import Path

import pytest

import fourx

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "scan"


def test_scan_returns_a_snapshot_that_renders_an_index() -> None:
    result = fourx.blueprint.scan(FIXTURES / "go")
    assert result["languages"] == ["go"]
    assert [m["path"] for m in result["modules"]] == [
        ".",
        "internal/cart",
        "internal/money",
        "internal/store",
    ]  # tools/gen.go is `//go:build ignore`: not a source file, as `go list` has it
    assert ["internal/store", "internal/cart"] in result["edges"]
    assert len(result["repo_token"]) == 16 and result["oversize"] == []
    index = fourx.blueprint.render_index("", dict(result))
    assert " [unannotated] all modules\n" in index["text"]  # no notes yet: said once
    assert "\ninternal/store -> internal/cart, internal/money\n" in index["text"]


def test_scan_marks_files_over_the_limit_oversize() -> None:
    result = fourx.blueprint.scan(str(FIXTURES / "polyglot"), max_file_bytes=20)
    assert "lib/helpers.py" in result["oversize"]


def test_scan_takes_a_relative_root_against_the_current_directory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(FIXTURES)
    assert fourx.blueprint.scan(Path("go")) == fourx.blueprint.scan(FIXTURES / "go")


def test_scan_refuses_missing_directories() -> None:
    with pytest.raises(fourx.IoError):
        fourx.blueprint.scan("/nonexistent/fourx/scan")
