"""README.md stays copy-paste runnable: every ```python block runs as written (each in a fresh
namespace, in a temporary working directory), and the C example block is ffi/examples/hello.c."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from vectors import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
PY_BLOCKS = re.findall(r"```python\n(.*?)```", README, flags=re.S)


@pytest.mark.parametrize("code", PY_BLOCKS, ids=[f"block{i}" for i in range(len(PY_BLOCKS))])
def test_readme_python_block_runs(code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(code, "README.md", "exec"), {"__name__": "__readme__"})


def test_readme_c_example_is_the_shipped_file() -> None:
    hello = (ROOT / "ffi" / "examples" / "hello.c").read_text(encoding="utf-8")
    blocks = re.findall(r"```c\n(.*?)```", README, flags=re.S)
    body = hello[hello.index("#include <fourx.h>") :]
    assert any(body in block for block in blocks), "README's C example drifted from hello.c"


def test_readme_has_python_examples() -> None:
    assert PY_BLOCKS
    assert os.path.exists(ROOT / "ffi" / "examples" / "hello.c")
