"""The typed API stays in sync with the op catalog, and is documented.

Every typed function reaches the core through ``forward("<op>", {required...}, optional=...)``,
``call_op("<op>", _in)`` or ``call("<op>", ...)``, directly or through its generated function in
``fourx._api`` (whose calls mypy checks against the generated signatures); this test reads those calls
from the package source and checks them against ``meta.catalog``: the op exists, every key passed
is one of its input keys, and every required key is passed. It also checks that the areas whose ops are complete have a typed function
for each op, that no hand-written stub shadows an annotated module (mypy --strict checks the
modules themselves), and that every public name has a docstring.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import typing
from pathlib import Path

import pytest

import fourx

PKG = Path(fourx.__file__).resolve().parent
CATALOG = {op["name"]: op for op in fourx.catalog()}

#: Ops the specs announce that are still landing in the core (blueprint.md's fs scan): each gets
#: its typed function when it appears in the catalog. Every other op must have one already.
PENDING: set[str] = set()
#: Ops served by something other than a forward() call.
BUILTIN = {
    "state.can_transition": "fourx.can_transition (the extension's builtin)",
    "meta.version": "fourx.version() / fourx.__version__ (the extension's version())",
    "blueprint.commit": "fourx.blueprint.Store.commit (the core's held store)",
    "blueprint.gc": "fourx.blueprint.Store.gc (the core's held store)",
}


def _calls() -> list[tuple[str, str, set[str], bool, set[str]]]:
    """(file, op, keys passed in the required dict, dict fully known, optional kwargs)."""
    found = []
    for path in sorted(PKG.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        built = _built_inputs(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            first = node.args[0]
            if name == "call_op" and isinstance(first, ast.Constant) and id(node) in built:
                required, optional = built[id(node)]
                found.append((path.name, str(first.value), required, True, optional))
                continue
            if name not in ("forward", "call", "_run") or not isinstance(first, ast.Constant):
                continue
            if not isinstance(first.value, str) or "." not in first.value:
                continue
            keys: set[str] = set()
            known = True
            if len(node.args) > 1:
                arg = node.args[1]
                if isinstance(arg, ast.Dict):
                    for k, v in zip(arg.keys, arg.values):
                        if isinstance(k, ast.Constant):
                            keys.add(k.value)
                        elif _is_self_args(v):
                            keys |= {"root", "feature_id"}
                        else:
                            known = False
                elif _is_self_args(arg):
                    keys |= {"root", "feature_id"}
                else:
                    known = False
            if name == "_run":  # blueprint.Store._run adds the store's own keys
                keys.add("store")
            if _is_held_call(node.func):  # a held handle has its root (and home) bound
                keys.add("root")
            kwargs = {fourx._key(kw.arg) for kw in node.keywords if kw.arg is not None}
            if any(kw.arg is None for kw in node.keywords):
                known = False
            found.append((path.name, first.value, keys, known, kwargs))
    return found


def _built_inputs(tree: ast.Module) -> dict[int, tuple[set[str], set[str]]]:
    """For each ``call_op("<op>", _in)`` of a generated function: the keys of the ``_in = {...}``
    dict it starts from (required) and those it adds under ``if key is not None`` (optional)."""
    out: dict[int, tuple[set[str], set[str]]] = {}
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef):
            continue
        required: set[str] = set()
        optional: set[str] = set()
        calls = []
        for node in ast.walk(fn):
            if (
                isinstance(node, ast.AnnAssign)
                and isinstance(node.target, ast.Name)
                and node.target.id == "_in"
                and isinstance(node.value, ast.Dict)
            ):
                required |= {k.value for k in node.value.keys if isinstance(k, ast.Constant)}
            elif isinstance(node, ast.Assign):
                for t in node.targets:
                    if (
                        isinstance(t, ast.Subscript)
                        and isinstance(t.value, ast.Name)
                        and t.value.id == "_in"
                        and isinstance(t.slice, ast.Constant)
                    ):
                        optional.add(t.slice.value)
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "call_op":
                calls.append(node)
        for c in calls:
            out[id(c)] = (required, optional)
    return out


def _is_held_call(func: ast.expr) -> bool:
    """``self._held.call(...)``: the CachedWorkspace handle, bound to a root and a home."""
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "_held"
    )


def _is_self_args(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "_args"
    )


CALLS = _calls()


@pytest.mark.parametrize("file,op,keys,known,kwargs", CALLS, ids=[f"{c[0]}:{c[1]}" for c in CALLS])
def test_forwarded_keys_match_the_catalog(
    file: str, op: str, keys: set[str], known: bool, kwargs: set[str]
) -> None:
    assert op in CATALOG, f"{file} calls unknown op {op}"
    inputs = CATALOG[op]["input"]
    allowed = {k.rstrip("?") for k in inputs}
    required = {k for k in inputs if not k.endswith("?")}
    assert keys | kwargs <= allowed, f"{op}: unknown keys {(keys | kwargs) - allowed}"
    if known:
        missing = required - keys - kwargs
        assert not missing, f"{op}: required keys not passed: {missing}"


def test_every_op_has_a_typed_function() -> None:
    wrapped = {op for _, op, _, _, _ in CALLS} | set(BUILTIN)
    owed = set(CATALOG) - PENDING
    assert not owed - wrapped, f"ops without a typed function: {sorted(owed - wrapped)}"


def _public_modules() -> list[str]:
    return sorted(
        f"fourx.{m.name}" for m in pkgutil.iter_modules([str(PKG)]) if not m.name.startswith("_")
    )


def test_no_stub_shadows_an_annotated_module() -> None:
    # The one hand-written stub is the compiled extension's, checked by stubtest; every .py module
    # carries its own annotations.
    stubs = sorted(p.name for p in PKG.glob("*.pyi"))
    assert stubs == ["_fourx.pyi"]
    assert not PKG.joinpath("_fourx.py").exists()


@pytest.mark.parametrize("module", ["fourx", *_public_modules()])
def test_every_public_module_is_an_annotated_source_file(module: str) -> None:
    mod = importlib.import_module(module)
    assert mod.__file__ is not None and mod.__file__.endswith(".py"), module
    assert not Path(mod.__file__).with_suffix(".pyi").exists(), f"{module} is shadowed by a stub"


@pytest.mark.parametrize("module", ["fourx", *_public_modules()])
def test_every_public_name_has_a_docstring(module: str) -> None:
    mod = importlib.import_module(module)
    assert (mod.__doc__ or "").strip(), f"{module} has no module docstring"
    for name in getattr(mod, "__all__", []):
        obj = getattr(mod, name)
        if isinstance(obj, (str, dict, list, frozenset)) or inspect.ismodule(obj):
            continue
        if typing.get_origin(obj) is not None:  # a type alias (Union, Literal ...) has no __doc__
            continue
        assert (getattr(obj, "__doc__", None) or "").strip(), f"{module}.{name} has no docstring"
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if attr.startswith("_") or not callable(getattr(obj, attr)):
                    continue
                doc = getattr(getattr(obj, attr), "__doc__", None)
                assert (doc or "").strip(), f"{module}.{name}.{attr} has no docstring"
