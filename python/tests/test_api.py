"""The Python face of CONVENTIONS.md §Python: call(), keyword spelling, errors, conversion limits."""

from __future__ import annotations

import threading
from typing import Any

import pytest

import fourx
from fourx import _fourx, errors


def test_call_merges_input_and_kwargs_with_kwargs_winning() -> None:
    v = fourx.call("meta.version", {"x": 1}, x=2)
    assert v["version"] == fourx.__version__


def test_keyword_trailing_underscore_is_dropped_for_python_keywords() -> None:
    assert fourx._key("from_") == "from"
    assert fourx._key("class_") == "class"
    assert fourx._key("name_") == "name_"
    assert fourx._key("from") == "from"


def test_unknown_op_raises_its_class() -> None:
    with pytest.raises(fourx.UnknownOp) as info:
        fourx.call("no.such")
    assert info.value.kind == "unknown_op"
    assert isinstance(info.value, ValueError)
    assert "no.such" in info.value.message


def test_every_core_kind_has_a_class_with_the_right_bases() -> None:
    kinds = _fourx.error_kinds()
    assert {k for k, _ in kinds} == set(errors.KINDS)
    bases = {"bad_input": ValueError, "not_there": LookupError, "os": OSError}
    for kind, group in kinds:
        cls = errors.KINDS[kind]
        assert cls.kind == kind
        assert issubclass(cls, fourx.FourxError)
        assert cls.__name__ == "".join(p.capitalize() for p in kind.split("_"))
        if group in bases:
            assert issubclass(cls, bases[group]), kind
        assert getattr(fourx, cls.__name__) is cls
        assert cls.__name__ in fourx.__all__, kind


def test_boundary_bad_input_kinds_are_value_errors() -> None:
    assert issubclass(fourx.NullArg, ValueError)
    assert issubclass(fourx.InvalidUtf8, ValueError)
    assert not issubclass(fourx.Panic, ValueError)


@pytest.mark.parametrize(
    "value",
    [
        {"n": 2**64},
        {"n": -(2**63) - 1},
        {"f": float("nan")},
        {"f": float("inf")},
        {"s": "\ud800"},
        {"o": object()},
        {1: "non-string key"},
    ],
)
def test_conversion_limits_are_invalid_input(value: dict[Any, Any]) -> None:
    with pytest.raises(fourx.InvalidInput):
        fourx.call("meta.version", value)


def test_u64_and_i64_extremes_convert() -> None:
    fourx.call("meta.version", {"a": 2**64 - 1, "b": -(2**63)})


def test_depth_limit_is_128() -> None:
    def nest(n: int) -> Any:
        v: Any = 0
        for _ in range(n):
            v = [v]
        return v

    fourx.call("meta.version", {"a": nest(127)})
    with pytest.raises(fourx.InvalidInput):
        fourx.call("meta.version", {"a": nest(128)})
    with pytest.raises(fourx.InvalidInput):
        fourx.call("meta.version", {"a": nest(100_000)})


def test_call_json_applies_the_byte_rules() -> None:
    assert b'"version"' in _fourx.call_json("meta.version", b"{}")
    with pytest.raises(fourx.InputTooLarge):
        _fourx.call_json("meta.version", b" " * (16 * 1024 * 1024 + 1))


def test_catalog_lists_meta_ops_sorted() -> None:
    names = [op["name"] for op in fourx.catalog()]
    assert "meta.version" in names and names == sorted(names)


def test_threads_share_the_library() -> None:
    errors_seen: list[BaseException] = []

    def work() -> None:
        try:
            for _ in range(200):
                fourx.call("meta.version")
        except BaseException as e:  # pragma: no cover - reported below
            errors_seen.append(e)

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors_seen
