"""README's "Writing a harness on fourx": the Python loop runs (test_readme runs every python
block), and the C and Rust loops are the shipped, tested examples verbatim."""

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


def test_the_section_has_the_loop_in_python_c_and_rust() -> None:
    assert len(_blocks("python")) == 1 and len(_blocks("c")) == 1 and len(_blocks("rust")) == 1
    (py,) = _blocks("python")
    assert "conductor.start(" in py and "conductor.apply(" in py
    assert 'match decision["kind"]' in py
    assert len(py.splitlines()) <= 50


def test_the_c_loop_is_ffi_examples_pipeline_c_verbatim() -> None:
    (block,) = _blocks("c")
    source = (ROOT / "ffi" / "examples" / "pipeline.c").read_text(encoding="utf-8")
    assert "conductor.apply" in block and block in source


def test_the_rust_loop_is_core_examples_harness_rs_verbatim() -> None:
    (block,) = _blocks("rust")
    source = (ROOT / "core" / "examples" / "harness.rs").read_text(encoding="utf-8")
    assert "conductor::apply(" in block and block in source


def test_the_python_loop_passes_mypy_strict(tmp_path: object) -> None:
    import pytest

    mypy_api = pytest.importorskip("mypy.api")
    from pathlib import Path

    (block,) = _blocks("python")
    path = Path(str(tmp_path)) / "harness_block.py"
    path.write_text(block, encoding="utf-8")
    out, _, status = mypy_api.run(["--strict", "--no-incremental", str(path)])
    assert status == 0, out
