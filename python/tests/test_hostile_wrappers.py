"""Hostile arguments through the typed API: every public function of every ``fourx`` module that
reaches the core (its source calls ``forward``/``call``/``path_arg`` or a generated function of
``fourx._api``) is called with each of its
parameters in turn set to a value of the wrong kind — ``None``, a number, ``bytes``, a lone
surrogate, ``NaN``, an arbitrary object, a nested list — the others plausible. Every answer is a
result or a :class:`fourx.FourxError` subclass with a kind; no ``TypeError``, ``ValueError``,
``UnicodeEncodeError`` or ``AttributeError`` escapes (issue 21 item 8, for every typed function,
not only the ones that exposed it).

Driven by the package's own modules, so a new typed function is covered the day it lands.
"""

from __future__ import annotations

import inspect
import math
import pkgutil
from pathlib import Path
from typing import Any, Callable

import pytest

import fourx

PKG = Path(fourx.__file__).resolve().parent

#: Functions that are not op wrappers although their source names a forward call: entry points
#: that run a process or read stdin.
SKIP = {"fourx.cli", "fourx.__main__", "fourx._hook"}

HOSTILE: list[tuple[str, Any]] = [
    ("None", None),
    ("int", 5),
    ("negative", -1),
    ("huge int", 2**70),
    ("float nan", math.nan),
    ("bytes", b"x"),
    ("lone surrogate", "\ud800"),
    ("object", object()),
    ("nested list", [[[["x"]]]]),
    ("dict with int key", {1: "x"}),
]


def _wrappers() -> list[tuple[str, Callable[..., Any]]]:
    out: list[tuple[str, Callable[..., Any]]] = []
    names = ["fourx"] + [
        f"fourx.{m.name}"
        for m in pkgutil.iter_modules([str(PKG)])
        if not m.name.startswith("_") and f"fourx.{m.name}" not in SKIP
    ]
    for modname in names:
        mod = __import__(modname, fromlist=["_"])
        for name, fn in vars(mod).items():
            if name.startswith("_") or not inspect.isfunction(fn):
                continue
            # A module's own functions and the generated ones it re-exports (``fourx._api``).
            if fn.__module__ not in (modname, "fourx._api"):
                continue
            try:
                src = inspect.getsource(fn)
            except (OSError, TypeError):
                continue
            if not any(s in src for s in ("forward(", "call(", "path_arg(", "_api.")):
                continue
            out.append((f"{modname}.{name}", fn))
    return out


WRAPPERS = _wrappers()


def _plausible(p: inspect.Parameter, tmp: Path) -> Any:
    name = p.name
    if name in ("root", "start_dir", "dir", "worktree", "repo_root", "home", "path"):
        return str(tmp)
    if name == "now":
        return "2026-03-01T12:00:00Z"
    return "x"


def test_every_module_has_wrappers_to_drive() -> None:
    modules = {n.rsplit(".", 1)[0] for n, _ in WRAPPERS}
    for m in ("fourx.workspace", "fourx.router", "fourx.conductor", "fourx.blueprint"):
        assert m in modules, f"no typed function of {m} found: {sorted(modules)}"


@pytest.mark.parametrize("name,fn", WRAPPERS, ids=[n for n, _ in WRAPPERS])
def test_every_typed_function_raises_only_fourx_errors_on_hostile_arguments(
    name: str, fn: Callable[..., Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    sig = inspect.signature(fn)
    params = [
        p
        for p in sig.parameters.values()
        if p.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)
    ]
    problems = []
    for target in params:
        for what, bad in HOSTILE:
            args: list[Any] = []
            kwargs: dict[str, Any] = {}
            for p in params:
                if p is not target and p.default is not inspect.Parameter.empty:
                    continue
                v = bad if p is target else _plausible(p, tmp_path)
                if p.kind is inspect.Parameter.POSITIONAL_ONLY:
                    args.append(v)
                else:
                    kwargs[p.name] = v
            try:
                fn(*args, **kwargs)
            except fourx.FourxError as e:
                assert e.kind, f"{name}: FourxError without a kind"
            except Exception as e:  # noqa: BLE001 - the point is that nothing else escapes
                problems.append(f"{target.name} = {what}: {type(e).__name__}: {e}")
    assert not problems, f"{name}:\n" + "\n".join(problems)
