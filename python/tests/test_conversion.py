"""The boundary's fast conversions equal the reference ones (python/src/convert.rs).

The extension converts Python input to JSON and results back to Python through the C API
(``convert::to_json`` / ``convert::to_py``); the pyo3-based reference conversions in
``python/src/lib.rs`` define the outcome. These tests generate nested JSON-like values — big ints,
floats, non-str keys, bools next to ints, subclasses, unsupported types, lone surrogates, nesting
at the depth limit — and check that both paths give the same value or the same error. The hooks
exist only in debug builds (what ``make test`` builds); in a release build these tests skip
loudly.
"""

from __future__ import annotations

import enum
import json
import math
import random
import struct
from collections import OrderedDict
from typing import Any

import pytest

from fourx import _fourx

CONVERT_BOTH = getattr(_fourx, "_convert_both", None)
TO_PY_BOTH = getattr(_fourx, "_to_py_both", None)

pytestmark = pytest.mark.skipif(
    CONVERT_BOTH is None or TO_PY_BOTH is None,
    reason="SKIPPED: the conversion hooks exist only in debug builds of the extension",
)


class Str(str):
    pass


class Int(int):
    pass


class LoudInt(int):
    def __str__(self) -> str:
        return "loud"


class Float(float):
    pass


class Dict(dict):  # type: ignore[type-arg]
    pass


class List(list):  # type: ignore[type-arg]
    pass


class Tup(tuple):  # type: ignore[type-arg]
    pass


class Color(enum.IntEnum):
    RED = 1


class Named(str, enum.Enum):
    A = "a"


INTS = [0, 1, -1, 7, 2**31, -(2**31) - 1, 2**53 + 1, 2**63 - 1, -(2**63), 2**63, 2**64 - 1,
        2**64, -(2**63) - 1, 10**30, -(10**30)]
FLOATS = [0.0, -0.0, 1.5, -2.25, 1e300, 5e-324, 2.2250738585072014e-308, 0.1 + 0.2,
          float("inf"), float("-inf"), float("nan"), 1.0, 3.0e15]
STRS = ["", "a", "phase", "ü", "日本語", "🦀 crab", "\x00nul", "\ud800", "a\udfffb", "x" * 300,
        "\u2028", "tab\tnew\nline", "\"quoted\\\""]
ODD = [b"bytes", bytearray(b"x"), {1, 2}, frozenset(), object(), 1j, Str("sub"), Str("\ud83d"),
       Int(5), Int(2**70), LoudInt(2**70), Float(2.5), Float("nan"), Color.RED, Named.A, True,
       False, Dict(a=1), List([1, "x"]), Tup((1, 2)), OrderedDict(b=2, a=1), range(3), None]
KEYS: list[Any] = ["k", "", "ü", "\ud800", Str("sk"), 1, 1.5, None, True, (1, 2), b"k", "x" * 40]


def scalar(rng: random.Random, odd: bool = False) -> Any:
    pick = rng.randrange(7)
    if pick == 0:
        return rng.choice(INTS)
    if pick == 1:
        return rng.choice(FLOATS)
    if pick == 2:
        return rng.choice(STRS)
    if pick == 3:
        return rng.choice([True, False, None])
    if pick == 4:
        return rng.randint(-(2**65), 2**65)
    if pick == 5:
        return rng.uniform(-1e6, 1e6)
    return rng.choice(ODD) if odd and rng.random() < 0.2 else rng.randint(-1000, 1000)


def value(rng: random.Random, depth: int, odd: bool) -> Any:
    if depth <= 0 or rng.random() < 0.35:
        return scalar(rng, odd)
    kind = rng.randrange(3)
    n = rng.randrange(5)
    if kind == 0:
        out: dict[Any, Any] = {}
        for _ in range(n):
            key = rng.choice(KEYS) if odd and rng.random() < 0.1 else rng.choice(STRS[:7]) + str(
                rng.randrange(50))
            out[key] = value(rng, depth - 1, odd)
        return out
    items = [value(rng, depth - 1, odd) for _ in range(n)]
    return items if kind == 1 else tuple(items)


def both(obj: Any) -> tuple[Any, Any]:
    assert CONVERT_BOTH is not None
    return CONVERT_BOTH(obj)  # type: ignore[no-any-return]


def test_generated_plain_values_convert_to_the_same_json() -> None:
    rng = random.Random(22)
    for _ in range(3000):
        obj = value(rng, 6, odd=False)
        fast, reference = both(obj)
        assert fast == reference, obj


def test_generated_values_with_odd_types_give_the_same_value_or_error() -> None:
    rng = random.Random(2211)
    errors = 0
    for _ in range(3000):
        obj = value(rng, 6, odd=True)
        fast, reference = both(obj)
        assert fast == reference, obj
        errors += fast[0] == "err"
    assert 100 < errors < 2900  # both outcomes were exercised


@pytest.mark.parametrize("obj", INTS + FLOATS + STRS + ODD + [[k] for k in KEYS]
                         + [{k: 1} for k in KEYS], ids=repr)
def test_each_scalar_and_key_case_converts_as_the_reference(obj: Any) -> None:
    fast, reference = both(obj)
    assert fast == reference


def nest(kind: str, depth: int, leaf: Any) -> Any:
    v = leaf
    for _ in range(depth):
        v = {"a": v} if kind == "dict" else [v] if kind == "list" else (v,)
    return v


@pytest.mark.parametrize("kind", ["dict", "list", "tuple"])
@pytest.mark.parametrize("depth", [127, 128, 129, 200])
@pytest.mark.parametrize("leaf", [1, [], {}, object(), Int(3), "\ud800"], ids=repr)
def test_nesting_at_the_depth_limit_converts_as_the_reference(kind: str, depth: int,
                                                             leaf: Any) -> None:
    fast, reference = both(nest(kind, depth, leaf))
    assert fast == reference


def test_the_first_error_in_dict_order_is_the_one_reported() -> None:
    obj = {"a": 1, "b": object(), "c": 2**70, 5: 1}
    assert both(obj)[0] == both(obj)[1]
    assert both(obj)[0][0] == "err"
    assert "object" in both(obj)[0][1]


def same(a: Any, b: Any) -> bool:
    """Equal values of the same types (``1`` is not ``1.0``, ``True`` is not ``1``), floats
    bit for bit, dicts in the same key order."""
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        return struct.pack("<d", a) == struct.pack("<d", b)
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return bool(a == b)


def json_value(rng: random.Random, depth: int) -> Any:
    if depth <= 0 or rng.random() < 0.3:
        v = scalar(rng)
        if isinstance(v, float) and not math.isfinite(v):
            return 0.5
        if isinstance(v, int) and not isinstance(v, bool) and not -(2**63) <= v < 2**64:
            return 2**64 - 1
        if isinstance(v, str):
            return v.encode("utf-8", "replace").decode("utf-8")
        return v if v is None or type(v) in (int, float, str, bool) else "x"
    if rng.random() < 0.5:
        return {rng.choice(STRS[:7]) + str(rng.randrange(2000)): json_value(rng, depth - 1)
                for _ in range(rng.randrange(6))}
    return [json_value(rng, depth - 1) for _ in range(rng.randrange(6))]


def test_generated_results_convert_to_the_same_python_objects() -> None:
    assert TO_PY_BOTH is not None
    rng = random.Random(1122)
    for _ in range(2000):
        text = json.dumps(json_value(rng, 6))
        fast, reference = TO_PY_BOTH(text)
        assert same(fast, reference), text
        again, _ = TO_PY_BOTH(text)
        assert same(again, reference), text


def test_results_with_more_keys_than_the_key_cache_holds_convert_alike() -> None:
    assert TO_PY_BOTH is not None
    big = {f"key{i}" + "y" * (i % 40): i for i in range(3000)}
    text = json.dumps({"a": big, "b": [big, {"": None, "ü": True}]})
    for _ in range(2):
        fast, reference = TO_PY_BOTH(text)
        assert same(fast, reference)
        assert same(fast, json.loads(text))


def test_number_edges_convert_alike() -> None:
    assert TO_PY_BOTH is not None
    for text in ["0", "-0", "-0.0", "9223372036854775807", "-9223372036854775808",
                 "9223372036854775808", "18446744073709551615", "1e308", "5e-324", "1.0",
                 "0.30000000000000004", "[true, 1, 1.0, false, 0]"]:
        fast, reference = TO_PY_BOTH(text)
        assert same(fast, reference), text


def test_the_ops_run_with_the_gil_held_are_catalog_ops_of_constant_cost() -> None:
    attached = getattr(_fourx, "_ATTACHED_OPS")
    names = {op["name"] for op in _fourx.call("meta.catalog", {})["ops"]}
    assert attached and set(attached) <= names
    # Constant-time ops only: a version, a table lookup, the constants.
    assert set(attached) <= {"meta.version", "state.can_transition", "state.constants",
                             "state.phase_to_role"}
