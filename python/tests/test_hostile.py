"""Hostile input inventory for the Python binding: every op of ``fourx.catalog()`` gets missing
keys, wrong types, values Python has but JSON has not (NaN, 2**64, bytes, sets, lone surrogates,
non-string keys), huge strings, NUL bytes, ``..``/absolute/NUL ids and roots, YAML alias bombs and
over-deep nesting, through ``fourx.call`` and the byte path ``call_json``. Every answer is a result
or a ``FourxError`` whose kind the op documents (its catalog ``errors``, or ``invalid_input``);
nothing else is raised, nothing crashes, nothing is written outside the sandbox.

Driven by the catalog, so a new op is covered the day it lands.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

import fourx
from fourx import _fourx

import vectors

ROOT_KEYS = ("root", "start_dir", "dir", "repo_root", "home", "worktree")
HUGE = 256 * 1024


def alias_bomb() -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for i in range(1, 10):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def nest(n: int) -> Any:
    v: Any = 0
    for _ in range(n):
        v = [v]
    return v


class Sandbox:
    """A temp tree; the working directory is two levels below its top, so ``..`` stays inside."""

    def __init__(self, top: Path) -> None:
        self.top = top
        self.cwd = top / "a" / "b"
        self.cwd.mkdir(parents=True)
        (top / "home" / "src" / "proj" / ".git").mkdir(parents=True)
        self.escape = top.parent / f"fourx-py-hostile-escape-{os.getpid()}"

    def confine(self, inp: dict[str, Any]) -> dict[str, Any]:
        out = dict(inp)
        for key in ROOT_KEYS:
            if isinstance(out.get(key), str):
                sub = {"home": "home", "repo_root": "home/src/proj"}.get(key, "w")
                out[key] = str(self.top / sub)
        store = out.get("store")
        if isinstance(store, dict) and store.get("kind") == "fs":
            out["store"] = {**store, "dir": str(self.top / "home/.4x/blueprints/p")}
        return out

    def id_values(self) -> list[tuple[str, Any]]:
        esc = str(self.escape)
        return [
            ("None", None),
            ("True", True),
            ("int", 12345),
            ("2**64", 2**64),
            ("-2**63-1", -(2**63) - 1),
            ("nan", float("nan")),
            ("inf", float("-inf")),
            ("float", 1.5),
            ("list", ["x", 1, None]),
            ("tuple", ("x",)),
            ("dict", {"x": 1}),
            ("int-keyed dict", {1: "x"}),
            ("bytes", b"\xff\xfe"),
            ("set", {"x"}),
            ("object", object()),
            ("empty", ""),
            ("dotdot", ".."),
            ("relative escape", "../" * 16 + esc.lstrip("/")),
            ("absolute", esc),
            ("slash", "/"),
            ("slash id", "a/b"),
            ("NUL", "\0"),
            ("NUL inside", "feat\0ure"),
            ("lone surrogate", "\ud800"),
            ("control", "\x1b[31m\x7f"),
            ("unicode", "\u202e仓库\ufffd\U0010ffff"),
            ("alias bomb", alias_bomb()),
            # Time edges each area's rule decides (lower case, year 0000, outside 0000-9999 in UTC).
            ("time lower case", "2026-03-12t16:27:00z"),
            ("time year 0000", "0000-06-01T00:00:00Z"),
            ("time before year 0000 in UTC", "0000-01-01T00:30:00+01:00"),
            ("time after year 9999 in UTC", "9999-12-31T23:30:00-01:00"),
            ("deep", nest(127)),
            ("too deep", nest(200)),
            ("huge", "x" * HUGE),
            ("huge lines", "- a: [\n" * (HUGE // 8)),
            ("huge list", ["a"] * 20_000),
        ]

    def root_values(self) -> list[tuple[str, Any]]:
        return [
            ("None", None),
            ("int", 7),
            ("list", ["/x"]),
            ("bytes", b"/tmp"),
            ("empty", ""),
            ("dotdot", ".."),
            ("dotdot twice", "../.."),
            ("NUL", "a\0b"),
            ("lone surrogate", "\udfff"),
            ("dotdot inside", f"{self.cwd}/x/../../escaped"),
            ("missing", str(self.top / "missing")),
            ("huge", "r" * HUGE),
        ]


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Any:
    box = Sandbox(tmp_path_factory.mktemp("hostile"))
    old = os.getcwd()
    os.chdir(box.cwd)
    try:
        yield box
    finally:
        os.chdir(old)
    assert not box.escape.exists(), f"an op wrote outside its root: {box.escape}"


def bases(op: fourx.OpInfo, box: Sandbox, by_op: dict[str, list[dict[str, Any]]]) -> list[dict[str, Any]]:
    out = [box.confine(i) for i in by_op.get(op["name"], [])[:1]]
    synthetic: dict[str, Any] = {k.rstrip("?"): "x" for k in op["input"]}
    if "store" in synthetic:
        synthetic["store"] = {"kind": "fs", "dir": "x"}
    out.append(box.confine(synthetic))
    return out


def vector_inputs() -> dict[str, list[dict[str, Any]]]:
    by_op: dict[str, list[dict[str, Any]]] = {}
    for case in vectors.cases():
        if isinstance(case.input, dict):
            by_op.setdefault(case.op, []).append(case.input)
    return by_op


def check(op: fourx.OpInfo, what: str, inp: Any, problems: list[str]) -> None:
    try:
        fourx.call(op["name"], inp)
    except fourx.FourxError as e:
        if e.kind != "invalid_input" and e.kind not in op["errors"]:
            problems.append(f"{op['name']} [{what}]: undocumented kind {e.kind}: {e.message[:160]}")
    except BaseException as e:  # anything but FourxError is a binding bug
        problems.append(f"{op['name']} [{what}]: raised {type(e).__name__}: {e}")


def test_every_op_survives_missing_keys_and_non_objects(sandbox: Sandbox) -> None:
    problems: list[str] = []
    by_op = vector_inputs()
    for op in fourx.catalog():
        for what, inp in [("empty", {}), ("None", None), ("list", [1]), ("str", "x"), ("deep", {"x": nest(300)})]:
            check(op, what, inp, problems)
        for base in bases(op, sandbox, by_op):
            for k in [k for k in op["input"] if not k.endswith("?")]:
                check(op, f"missing {k}", {x: v for x, v in base.items() if x != k}, problems)
    assert not problems, "\n".join(problems)


def test_every_key_of_every_op_survives_hostile_values(sandbox: Sandbox) -> None:
    problems: list[str] = []
    by_op = vector_inputs()
    ids, roots = sandbox.id_values(), sandbox.root_values()
    calls = 0
    for op in fourx.catalog():
        for n, base in enumerate(bases(op, sandbox, by_op)):
            keys = [k.rstrip("?") for k in op["input"]]
            keys += [k for k in base if k not in keys]
            for key in keys:
                values = roots if key in ROOT_KEYS else ids
                for what, v in values:
                    if n > 0 and what.startswith("huge"):
                        continue  # huge values once per key: they are slow to convert
                    check(op, f"{key} = {what}", {**base, key: v}, problems)
                    calls += 1
                    assert not sandbox.escape.exists(), f"{op['name']} [{key} = {what}] escaped"
    assert calls > 1000
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "payload",
    [b"", b"{", b"\xff\xfe", b'{"a": "\\ud800"}', b"[" * 100_000, b"[]", b"nul\x00", b'{"a":1}{'],
)
def test_call_json_refuses_malformed_bytes_for_every_op(payload: bytes) -> None:
    for op in fourx.catalog():
        try:
            out = _fourx.call_json(op["name"], payload)
        except fourx.FourxError as e:
            assert e.kind == "invalid_input" or e.kind in op["errors"], (op["name"], e.kind)
        else:
            assert payload == b"" and isinstance(json.loads(out), (dict, list, str, int, float, bool))


@pytest.mark.parametrize("name", ["", "nope", "meta.version\0", "../meta.version", "META.VERSION", "é" * 1000, "\ud800"])
def test_hostile_op_names_are_unknown_op_or_invalid_utf8(name: str) -> None:
    with pytest.raises((fourx.UnknownOp, fourx.InvalidInput, fourx.InvalidUtf8)):
        fourx.call(name, {})


def test_oversize_bytes_are_refused_before_parsing() -> None:
    with pytest.raises(fourx.InputTooLarge):
        _fourx.call_json("blueprint.parse", b"{" + b" " * (16 * 1024 * 1024) + b"}")
