"""The typed entry (issue 32, item 4): ``fourx.call`` decodes the input of the ops of
``fourx_core::ops::typed`` straight from the Python objects into their Rust types and makes the
result straight into Python objects. It must give what the ``Value`` path gives: the same result
(values, types and key order), or the same error (class, kind, field, message) — on the
conformance vectors of those ops and on hostile variants of them (wrong types, subclasses,
unsupported objects, ints past 64 bits, non-finite floats, lone surrogates, deep nesting, missing
and unknown keys). The ``Value`` path is reached through the debug-only hook ``_call_value`` and
through ``call_json`` (bytes in, bytes out).
"""

from __future__ import annotations

import copy
import enum
import json
import random
from collections import OrderedDict
from typing import Any

import pytest

import fourx
from fourx import _fourx

import vectors

CALL_VALUE: Any = getattr(_fourx, "_call_value", None)
TYPED_TAKES: Any = getattr(_fourx, "_typed_takes", None)
TYPED_OPS: list[str] = getattr(_fourx, "_TYPED_OPS", [])

pytestmark = pytest.mark.skipif(
    CALL_VALUE is None or TYPED_TAKES is None,
    reason="SKIPPED: the typed-entry hooks exist only in debug builds of the extension",
)


def outcome(fn: Any, op: str, payload: Any) -> tuple[str, Any]:
    """``("ok", result as JSON text with key order)`` or ``("err", class, kind, field, msg)``."""
    try:
        return ("ok", json.dumps(fn(op, payload)))
    except fourx.FourxError as e:
        return ("err", (type(e).__name__, e.kind, e.field, str(e)))


def same_as_value_path(op: str, payload: Any) -> bool:
    """Checks ``fourx.call`` against the ``Value`` path; returns whether it took the typed entry."""
    took = TYPED_TAKES(op, payload)
    assert outcome(_fourx.call, op, payload) == outcome(CALL_VALUE, op, payload), (op, payload)
    return bool(took)


def typed_cases() -> list[tuple[str, Any]]:
    return [(c.op, c.input) for c in vectors.cases() if c.op in TYPED_OPS]


def index_input(n: int, budget: int) -> dict[str, Any]:
    paths = [f"pkg/m{i:05}" for i in range(n)]
    modules: list[Any] = [p if i % 2 else {"path": p, "fingerprint": f"f{i}", "bytes": i}
                          for i, p in enumerate(paths)]
    edges = [(paths[i], paths[i // 2]) for i in range(1, n)]
    return {"doc": "", "snapshot": {"modules": modules, "edges": edges}, "max_tokens": budget}


def test_the_typed_ops_are_the_hot_ones() -> None:
    assert set(TYPED_OPS) == {"conductor.apply", "blueprint.render_index", "meta.version",
                              "state.can_transition"}


def test_every_vector_of_a_typed_op_gives_what_the_value_path_gives() -> None:
    cases = typed_cases()
    took = sum(same_as_value_path(op, payload) for op, payload in cases)
    # The vectors of bad input are declined; the good ones take the typed entry.
    assert took * 2 > len(cases), (took, len(cases))
    for op in ("conductor.apply", "state.can_transition", "blueprint.render_index"):
        assert any(TYPED_TAKES(o, p) for o, p in cases if o == op), op


def test_the_typed_entry_result_equals_call_json_byte_for_byte() -> None:
    for op, payload in typed_cases():
        if not TYPED_TAKES(op, payload):
            continue
        try:
            fast = json.dumps(fourx.call(op, payload), separators=(",", ":"), ensure_ascii=False)
        except fourx.FourxError:
            continue
        via_bytes = _fourx.call_json(op, json.dumps(payload).encode()).decode()
        assert json.loads(via_bytes) == json.loads(fast)
        assert list(json.loads(via_bytes)) == list(json.loads(fast))


def test_index_inputs_with_tuples_objects_and_large_budgets_take_the_typed_entry() -> None:
    for n, budget in [(0, 4000), (3, 4000), (200, 300), (200, 2**40), (200, 2**63 - 1)]:
        payload = index_input(n, budget)
        assert same_as_value_path("blueprint.render_index", payload)
    # Past i64 the reference conversion reads a u64: left to the Value path, same answer.
    assert not same_as_value_path("blueprint.render_index", index_input(20, 2**63 + 5))


def test_small_ops_take_the_typed_entry() -> None:
    assert same_as_value_path("meta.version", {})
    assert same_as_value_path("meta.version", {"ignored": [1, {"a": None}, (2.5,)]})
    for a in ("coding", "reviewing", "nope", ""):
        for b in ("reviewing", "coding", "done"):
            assert same_as_value_path("state.can_transition", {"from": a, "to": b})


class Str(str):
    pass


class Int(int):
    pass


class Color(enum.IntEnum):
    RED = 1


def hostile_values() -> list[Any]:
    return [None, True, False, 0, -1, 2**63, 2**64, -(2**63) - 1, 1.5, float("nan"),
            float("inf"), "", "x", "\ud800", Str("designing"), Int(3), Color.RED, b"bytes",
            {"a"}, [], ["a"], ("a", "b"), ["a", "b", "c"], {}, {1: "a"}, {"a": {"b": [None]}},
            OrderedDict(a=1), object()]


def paths(v: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [at]
    if isinstance(v, dict):
        for k, x in v.items():
            out += paths(x, at + (k,))
    elif isinstance(v, list):
        for i, x in enumerate(v[:4]):
            out += paths(x, at + (i,))
    return out


def put(v: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    parent = v
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value
    return v


def drop_or_add(v: Any, path: tuple[Any, ...]) -> Any:
    parent = v
    for step in path[:-1]:
        parent = parent[step]
    if path and isinstance(parent, dict):
        del parent[path[-1]]
    elif isinstance(parent, dict):
        parent["no_such_key"] = 1
    return v


def test_hostile_variants_give_what_the_value_path_gives() -> None:
    rng = random.Random(32)
    values = hostile_values()
    cases = typed_cases() + [("blueprint.render_index", index_input(20, 300)),
                             ("state.can_transition", {"from": "coding", "to": "reviewing"})]
    took = declined = 0
    for op, payload in cases:
        every = paths(payload)
        for _ in range(24 if op == "conductor.apply" else 10):
            v = copy.deepcopy(payload)
            path = rng.choice(every)
            kind = rng.randrange(4)
            if kind < 2:
                v = put(v, path, rng.choice(values))
            elif kind == 2:
                v = drop_or_add(v, path)
            else:
                deep: Any = 1
                for _ in range(rng.randrange(100, 140)):
                    deep = [deep]
                v = put(v, path, deep)
            if same_as_value_path(op, v):
                took += 1
            else:
                declined += 1
    assert took and declined


def test_a_result_is_a_fresh_object_each_call() -> None:
    payload = {"from": "coding", "to": "reviewing"}
    a = fourx.call("state.can_transition", payload)
    a["allowed"] = "changed"
    assert fourx.call("state.can_transition", payload) == {"allowed": True}
