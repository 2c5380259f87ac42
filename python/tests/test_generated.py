"""The generated typed layer (``fourx._api``, ``fourx._types``) and the wrappers still written by
hand stay in step with ``meta.catalog``.

``make docs`` writes one function per op into ``fourx._api``; a public function is either that
function (re-exported) or a wrapper listed in ``fourx._api.HAND_WRITTEN`` with the behaviour it
adds. These tests check that every generated function takes its op's keys, that every wrapper
left in the package is listed (and every listed one exists), and that each listed wrapper's
parameters are still keys of its op.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import keyword
from pathlib import Path
from typing import Any

import pytest

import fourx
from fourx import _api

PKG = Path(fourx.__file__).resolve().parent
CATALOG = {op["name"]: op for op in fourx.catalog()}
#: The generated function name of every op: ``conductor_apply`` -> ``conductor.apply``.
BY_FUNCTION = {op.replace(".", "_"): op for op in CATALOG}
#: Modules whose functions are commands over the typed API (the CLI and the hook), not wrappers.
COMMANDS = {"cli", "_hook"}
#: The handle classes and the keys they hold for their methods.
HANDLES = {"Workspace", "CachedWorkspace"}
HANDLE_BOUND = {"root", "store"}
#: The generated modules and the forwarding helpers themselves.
GENERATED = {"_api", "_types", "_ops"}


def _py(key: str) -> str:
    return key + "_" if keyword.iskeyword(key) else key


def _keys(op: str) -> tuple[list[str], list[str]]:
    """(required, optional) keys of ``op`` as Python spells them, in catalog order."""
    inputs = CATALOG[op]["input"]
    return (
        [_py(k) for k in inputs if not k.endswith("?")],
        [_py(k[:-1]) for k in inputs if k.endswith("?")],
    )


def _resolve(name: str) -> Any:
    """The object of a dotted public name (``fourx.workspace.Workspace.read_state``)."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise LookupError(name)


@pytest.mark.parametrize("op", sorted(CATALOG))
def test_every_op_has_its_generated_function_taking_its_keys(op: str) -> None:
    fn = getattr(_api, op.replace(".", "_"))
    params = list(inspect.signature(fn).parameters.values())
    required, optional = _keys(op)
    assert [p.name for p in params if p.kind is p.POSITIONAL_OR_KEYWORD] == required
    kw_only = [p for p in params if p.kind is p.KEYWORD_ONLY]
    assert [p.name for p in kw_only] == optional
    assert all(p.default is None for p in kw_only), f"{op}: an optional key defaults to None"
    assert (fn.__doc__ or "").strip(), f"{op}: the generated function has no docstring"


@pytest.mark.parametrize("op", sorted(CATALOG))
def test_an_optional_key_left_none_is_absent_even_when_converted(op: str) -> None:
    # A path key is made absolute by ``path_arg``; an optional one left ``None`` is not a path but
    # absent (the op's default), so its conversion is guarded.
    fn = getattr(_api, op.replace(".", "_"))
    src = inspect.getsource(fn)
    for p in inspect.signature(fn).parameters.values():
        if p.kind is p.KEYWORD_ONLY and f"path_arg({p.name}," in src:
            assert f"if {p.name} is not None:" in src, f"{op}: {p.name}=None is not absent"


def test_a_generated_function_leaves_an_optional_path_out(tmp_path: Path) -> None:
    # workspace.resolve_feature_id reads the names from `entries` when `root` is not given.
    found = _api.workspace_resolve_feature_id("f1", entries=["F1-login.yaml"])
    assert found["feature_id"] == "F1-login"


def _wrappers() -> list[tuple[str, str, Any]]:
    """(where, op, object) of every function or method of the package, outside the generated
    modules and the commands, that forwards to an op or calls its generated function."""
    found = []
    for path in sorted(PKG.glob("*.py")):
        if path.stem in GENERATED | COMMANDS:
            continue
        module = importlib.import_module("fourx" if path.stem == "__init__" else f"fourx.{path.stem}")
        tree = ast.parse(path.read_text(encoding="utf-8"))
        owners: list[ast.ClassDef | None] = [None]
        owners += [n for n in tree.body if isinstance(n, ast.ClassDef)]
        for owner in owners:
            body = tree.body if owner is None else owner.body
            for fn in body:
                if not isinstance(fn, ast.FunctionDef):
                    continue
                ops = {
                    n.args[0].value
                    for n in ast.walk(fn)
                    if isinstance(n, ast.Call)
                    and getattr(n.func, "id", getattr(n.func, "attr", "")) in ("forward", "call")
                    and n.args
                    and isinstance(n.args[0], ast.Constant)
                    and n.args[0].value in CATALOG
                }
                # A wrapper over the generated function: ``_api.<area>_<verb>(...)``.
                ops |= {
                    BY_FUNCTION[n.func.attr]
                    for n in ast.walk(fn)
                    if isinstance(n, ast.Call)
                    and isinstance(n.func, ast.Attribute)
                    and isinstance(n.func.value, ast.Name)
                    and n.func.value.id == "_api"
                    and n.func.attr in BY_FUNCTION
                }
                if not ops:
                    continue
                assert len(ops) == 1, f"{path.name}:{fn.name} forwards to several ops {ops}"
                obj = getattr(module, fn.name) if owner is None else vars(getattr(module, owner.name))[fn.name]
                where = f"{path.name}:{owner.name + '.' if owner else ''}{fn.name}"
                found.append((where, ops.pop(), obj))
    return found


WRAPPERS = _wrappers()


def test_every_wrapper_written_by_hand_is_listed_with_its_op() -> None:
    listed = {id(_resolve(name)): (name, op) for name, (op, _) in _api.HAND_WRITTEN.items()}
    unlisted = [f"{where} ({op})" for where, op, obj in WRAPPERS if id(obj) not in listed]
    assert not unlisted, (
        "wrappers written by hand but not listed in HAND_WRITTEN (core/tests/it/docs/"
        f"python_gen.rs; or re-export the generated function instead): {unlisted}"
    )
    wrong = [
        f"{where}: forwards to {op}, listed as {listed[id(obj)][1]}"
        for where, op, obj in WRAPPERS
        if listed[id(obj)][1] != op
    ]
    assert not wrong, wrong


def test_every_listed_wrapper_still_exists_and_forwards() -> None:
    forwarding = {id(obj) for _, _, obj in WRAPPERS}
    gone = [name for name in _api.HAND_WRITTEN if id(_resolve(name)) not in forwarding]
    assert not gone, f"HAND_WRITTEN lists wrappers that no longer forward to an op: {gone}"


@pytest.mark.parametrize("name", sorted(_api.HAND_WRITTEN))
def test_a_hand_written_wrappers_parameters_are_keys_of_its_op(name: str) -> None:
    op, why = _api.HAND_WRITTEN[name]
    assert why.strip(), f"{name}: say what it adds"
    required, optional = _keys(op)
    # `**inputs` forwards further keys as they are (the core ignores unknown ones).
    params = [
        p.name
        for p in inspect.signature(_resolve(name)).parameters.values()
        if p.name != "self" and p.kind is not p.VAR_KEYWORD
    ]
    unknown = [p for p in params if p not in required + optional]
    assert not unknown, f"{name}: parameters {unknown} are not keys of {op}"
    # Every required key is a parameter, but the keys a handle holds itself (a method of
    # ``Workspace`` / ``CachedWorkspace``: its root, and the run-state store).
    bound = HANDLE_BOUND if name.split(".")[-2] in HANDLES else set()
    lost = [k for k in required if k not in params and k not in bound]
    assert not lost, f"{name}: required keys {lost} of {op} are not parameters"


def test_public_functions_of_pure_ops_are_the_generated_ones() -> None:
    # A public name bound to a generated function keeps the generated function itself (no copy
    # that could drift), and the op's wrapper is then not also listed as written by hand.
    generated = {id(getattr(_api, n)): n for n in _api.__all__ if n != "HAND_WRITTEN"}
    reexported = 0
    for module in [m for m in dir(fourx) if not m.startswith("_")]:
        mod = getattr(fourx, module)
        if not inspect.ismodule(mod):
            continue
        for name in getattr(mod, "__all__", []):
            if id(getattr(mod, name)) in generated:
                reexported += 1
                assert f"fourx.{module}.{name}" not in _api.HAND_WRITTEN
    assert reexported > 0, "no public module re-exports a generated function"


def test_a_mistyped_keyword_gets_mypys_closest_key(tmp_path: Path) -> None:
    # The typed layer's half of the closest-key hint: a generated function names every key as a
    # parameter, so mypy reports a mistyped keyword with the key it probably meant.
    mypy_api = pytest.importorskip("mypy.api")
    path = tmp_path / "typo.py"
    path.write_text(
        "import fourx\n"
        'fourx.conductor.start({}, {}, "2026-03-01T12:00:00Z", 1, max_round=5)\n',
        encoding="utf-8",
    )
    out, _, status = mypy_api.run(["--strict", "--no-incremental", str(path)])
    assert status == 1, out
    assert 'Unexpected keyword argument "max_round"' in out
    assert 'did you mean "max_rounds"' in out
