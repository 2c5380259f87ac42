"""README's "Writing a harness on fourx": the runner version first (the harness is its agent plus
one call, ≤ 40 lines; test_readme runs every python block), then the decision-by-decision loop for
embedders; the C and Rust blocks are the shipped, tested examples verbatim."""

from __future__ import annotations

import re

from vectors import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def _section() -> str:
    start = README.index("## Writing a harness on fourx\n")
    end = README.index("\n## ", start + 1)
    return README[start:end]


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", _section(), flags=re.S)


def test_the_section_shows_the_runner_first_and_the_decision_loop_second() -> None:
    runner, loop = _blocks("python")
    assert "fourx.runner.run(" in runner and "conductor." not in runner
    assert len(runner.splitlines()) <= 40
    assert "conductor.start(" in loop and "conductor.apply(" in loop
    assert 'match decision["kind"]' in loop
    assert len(loop.splitlines()) <= 50
    assert _section().index(runner) < _section().index("### Decision by decision") < _section().index(loop)
    assert any("python -m fourx run --root" in b for b in _blocks("sh"))


def test_the_decision_loop_answers_the_guard_with_the_guard_ops_as_the_runner_does() -> None:
    _, loop = _blocks("python")
    assert "fourx.guard.check(" in loop and "fourx.guard.testing_to_accepting(" in loop
    assert '"pass": True' not in loop


def test_the_c_harness_is_ffi_examples_pipeline_c_verbatim() -> None:
    (block,) = _blocks("c")
    source = (ROOT / "ffi" / "examples" / "pipeline.c").read_text(encoding="utf-8")
    assert "fourx_run(" in block and block in source


def test_the_rust_blocks_are_the_shipped_examples_verbatim() -> None:
    runner, loop = _blocks("rust")
    source = (ROOT / "run" / "examples" / "harness.rs").read_text(encoding="utf-8")
    assert "fn agent(" in runner and runner in source
    source = (ROOT / "core" / "examples" / "harness.rs").read_text(encoding="utf-8")
    assert "conductor::apply(" in loop and loop in source


def test_the_python_blocks_pass_mypy_strict(tmp_path: object) -> None:
    import pytest

    mypy_api = pytest.importorskip("mypy.api")
    from pathlib import Path

    for i, block in enumerate(_blocks("python")):
        path = Path(str(tmp_path)) / f"harness_block_{i}.py"
        path.write_text(block, encoding="utf-8")
        out, _, status = mypy_api.run(["--strict", "--no-incremental", str(path)])
        assert status == 0, out
