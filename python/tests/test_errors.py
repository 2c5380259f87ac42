"""Exception mapping per kind (CONVENTIONS.md §Errors) and the panic boundary: no pyo3
``PanicException`` ever reaches a user, whatever the input."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import fourx
from fourx import _fourx, errors

GROUP_BASE = {"bad_input": ValueError, "not_there": LookupError, "os": OSError}
NOT_VALUE_ERRORS = {"refused", "deferral"}


@pytest.mark.parametrize("kind,group", _fourx.error_kinds())
def test_each_kind_maps_to_its_class(kind: str, group: str) -> None:
    exc = errors._from_core(kind, "message", "field", None)
    cls = errors.KINDS[kind]
    assert type(exc) is cls and exc.kind == kind
    assert (exc.message, exc.field, exc.result) == ("message", "field", None)
    assert str(exc) == f"{kind}: message"
    if group in GROUP_BASE:
        assert isinstance(exc, GROUP_BASE[group])
    if group in NOT_VALUE_ERRORS:
        assert not isinstance(exc, (ValueError, LookupError, OSError))


def test_an_unknown_kind_still_raises_a_fourx_error() -> None:
    exc = errors._from_core("brand_new_kind", "m", None, None)
    assert type(exc) is fourx.FourxError and exc.kind == "brand_new_kind"


@pytest.mark.parametrize(
    "op,args,cls",
    [
        ("state.transition", {"state": {"phase": "done"}, "to": "coding"}, fourx.InvalidTransition),
        ("state.recover_to", {"state": {}, "to": "done"}, fourx.InvalidRecoveryTarget),
        ("state.transition", {"state": 1, "to": "coding"}, fourx.InvalidInput),
        ("enums.list", {"kind": "x"}, fourx.UnknownKind),
        ("router.route", {}, fourx.MissingField),
        ("router.route", {"request": 1}, fourx.InvalidValue),
        ("router.parse_output", {"agent": "nobody", "output": "x"}, fourx.UnknownAgent),
        ("profile.resolve", {"override": "nope"}, fourx.UnknownProfile),
        (
            "blueprint.revision_name",
            {"now": "2026-01-01T00:00:00Z", "nonce": "XYZ"},
            fourx.InvalidNonce,
        ),
        ("blueprint.project_id", {"root": "relative"}, fourx.InvalidPath),
        ("blueprint.parse", {"text": '---\nformat: "x"\n---\n'}, fourx.UnsupportedFormat),
        ("workspace.parse_state", {"text": "{"}, fourx.InvalidJson),
        ("workspace.feature_dir", {"root": "/r", "feature_id": "../x"}, fourx.InvalidFeatureId),
        ("workspace.resolve_feature_id", {"prefix": "z", "entries": []}, fourx.NotFound),
        ("no.such", {}, fourx.UnknownOp),
    ],
)
def test_real_errors_arrive_as_their_class(op: str, args: dict[str, Any], cls: type) -> None:
    with pytest.raises(cls) as info:
        fourx.call(op, args)
    assert isinstance(info.value, fourx.FourxError)
    assert info.value.kind == cls.kind  # type: ignore[attr-defined]
    assert info.value.message


def test_io_errors_are_os_errors(tmp_path: Path) -> None:
    target = tmp_path / "file"
    target.write_text("x", encoding="utf-8")
    with pytest.raises(fourx.IoError) as info:
        fourx.workspace.atomic_write_file(target / "sub", "a", "data")
    assert isinstance(info.value, OSError)


def test_fold_conflict_carries_its_result() -> None:
    exc = errors._from_core("fold_conflict", "deferred", None, {"noop": False})
    assert isinstance(exc, fourx.FoldConflict) and exc.result == {"noop": False}


def test_a_rust_panic_arrives_as_fourx_panic() -> None:
    hook = getattr(_fourx, "_panic_for_tests", None)
    if hook is None:  # pragma: no cover - release builds have no test hook
        pytest.skip("the extension is a release build (no panic test hook)")
    with pytest.raises(fourx.Panic) as info:
        hook("boom")
    assert info.value.kind == "panic" and "boom" in info.value.message
    assert type(info.value).__mro__[1] is fourx.FourxError


HOSTILE: list[Any] = [
    None,
    True,
    -1,
    2**63 - 1,
    1e308,
    "",
    "../../..",
    "\x00",
    "é" * 300,
    [],
    [None, 1, "x"],
    {},
    {"a": {"b": []}},
]


def test_no_input_makes_any_op_escape_the_error_classes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every op of the catalog, each of its input keys set to each hostile value (and all of them
    at once): the answer is a value or a FourxError that is not a panic."""
    monkeypatch.chdir(tmp_path)
    for op in fourx.catalog():
        keys = [k.rstrip("?") for k in op["input"]]
        if op["name"] == "workspace.atomic_write_file":
            continue  # writes wherever `dir` says; covered with a real directory elsewhere
        inputs: list[dict[str, Any]] = [{}]
        for value in HOSTILE:
            inputs.append({k: value for k in keys})
            inputs.extend({k: value} for k in keys)
        for args in inputs:
            if any(k in ("root", "dir", "start_dir", "repo_root", "home") for k in args):
                args = {**args, **{k: str(tmp_path) for k in ("root", "dir", "home") if k in args}}
            try:
                fourx.call(op["name"], args)
            except fourx.Panic:  # pragma: no cover - the failure this test exists to catch
                pytest.fail(f"{op['name']} panicked on {args!r}")
            except fourx.FourxError:
                pass


def test_the_held_store_maps_hostile_input_to_error_kinds(tmp_path: Path) -> None:
    """The held blueprint store (a class of the extension) answers hostile configs and op inputs
    with error classes too, never a panic."""
    configs: list[Any] = [{}, {"store": None}, {"store": {"kind": "fs"}}, {"x": 1}, {"store": 1}]
    configs.append({"store": {"kind": "fs", "dir": str(tmp_path)}, "home": "", "repo_root": "/"})
    for config in configs:
        try:
            _fourx.BlueprintStore(config)
        except fourx.Panic:  # pragma: no cover - the failure this test exists to catch
            pytest.fail(f"BlueprintStore panicked on {config!r}")
        except fourx.FourxError:
            pass
    store = _fourx.BlueprintStore({"store": {"kind": "memory"}})
    for op in ("commit", "gc", "read", "render_index", "read_module", "nope"):
        for value in HOSTILE:
            args = {k: value for k in ("snapshot", "items", "evidence", "now", "nonce", "module")}
            for given in ({}, args, {"store": {}}):
                try:
                    store.call(op, given)
                except fourx.Panic:  # pragma: no cover
                    pytest.fail(f"store.{op} panicked on {given!r}")
                except fourx.FourxError:
                    pass
    with pytest.raises(fourx.InvalidInput):
        store.call("read", [])


def test_a_contract_error_lists_every_missing_field() -> None:
    out = "### Router Contract (MACHINE-READABLE)\n```yaml\nSTATUS: COMPLETE\n```\n"
    with pytest.raises(fourx.MissingField) as info:
        fourx.router.parse_write_contract("doc-syncer", out)
    e = info.value
    assert len(e.fields) == 8 and e.field == e.fields[0]
    assert e.fields[-1] == "MEMORY_NOTES"
    assert isinstance(fourx.InvalidValue("x"), fourx.FourxError) and fourx.InvalidValue("x").fields == []
