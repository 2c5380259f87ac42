"""Loads the conformance vectors (tests/vectors/*.json, plus FOURX_VECTORS) and compares results
with the rules of tests/vectors/README.md. Shared by the Python and the ctypes runners."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
VECTORS = ROOT / "tests" / "vectors"


@dataclass(frozen=True)
class Case:
    """One conformance case."""

    id: str
    op: str
    input: Any
    expect: dict[str, Any]
    file: str


def files() -> list[Path]:
    """The vector files: the glob, then FOURX_VECTORS."""
    found = sorted(VECTORS.glob("*.json"))
    extra = os.environ.get("FOURX_VECTORS", "")
    found += [Path(p) for p in extra.split(":") if p]
    return found


def cases() -> list[Case]:
    """Every case of every file."""
    out: list[Case] = []
    for path in files():
        doc = json.loads(path.read_text(encoding="utf-8"))
        assert doc["format"] == "fourx-vectors/1", path
        for c in doc["cases"]:
            out.append(Case(c["id"], c["op"], c["input"], c["expect"], path.name))
    return out


def skips() -> dict[str, str]:
    """tests/vectors/SKIPS: case id -> reason."""
    path = VECTORS / "SKIPS"
    out: dict[str, str] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                cid, _, why = line.partition(" ")
                out[cid] = why.strip()
    return out


def json_eq(a: Any, b: Any) -> bool:
    """JSON equality; numbers by value, bools never equal to numbers."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(json_eq(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(json_eq(v, b[k]) for k, v in a.items())
    return type(a) is type(b) and a == b


def subset_eq(expected: Any, actual: Any) -> bool:
    """``ok_subset``: listed keys equal, recursively; lists equal in length."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        return all(k in actual and subset_eq(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list) and isinstance(actual, list):
        return len(expected) == len(actual) and all(
            subset_eq(x, y) for x, y in zip(expected, actual)
        )
    return json_eq(expected, actual)


def check(case: Case, ok: bool, value: Any) -> str | None:
    """Compares an outcome with the case: ``ok`` with the result, or not ``ok`` with the error
    kind in ``value``. Returns why it failed, or ``None``."""
    (how, want), = case.expect.items()
    if how == "error":
        if ok:
            return f"want error {want}, got ok {value!r}"
        return None if value == want else f"want error {want}, got error {value}"
    if not ok:
        return f"want {how} {want!r}, got error {value}"
    if how == "ok":
        return None if json_eq(want, value) else f"want ok {want!r}\n got {value!r}"
    if how == "ok_subset":
        return None if subset_eq(want, value) else f"want ok_subset {want!r}\n got {value!r}"
    return f"unknown expectation {how}"
