"""The typed results of the wrappers say what the core really returns: every ``TypedDict`` a
wrapper gives an op's result (``result: T = forward("op", ...)`` or ``call_op("op", _in)``, ``cast(T, forward(...))`` or
``return forward(...)`` under ``-> T``) is checked against the op's outputs on every ``ok``
conformance case — each required key present, no key the type does not name, and every value of
the annotated type, ``None`` only where the annotation allows it. A result type that drifts
from the core's JSON fails here."""

from __future__ import annotations

import ast
import importlib
import types
import typing
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import (
    Annotated,
    Any,
    Literal,
    NotRequired,
    Required,
    Union,
    get_args,
    get_origin,
    get_type_hints,
    is_typeddict,
)

import pytest

import fourx
from vectors import cases

PACKAGE = Path(fourx.__file__).resolve().parent


def _is_forward(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in ("forward", "call_op")
        and bool(node.args)
        and isinstance(node.args[0], ast.Constant)
        and isinstance(node.args[0].value, str)
    )


def _op_of(node: ast.AST) -> str:
    assert isinstance(node, ast.Call) and isinstance(node.args[0], ast.Constant)
    return str(node.args[0].value)


def typed_results() -> dict[str, list[tuple[str, Any]]]:
    """op -> [(where, the annotated result type)], found in the package's sources."""
    found: dict[str, list[tuple[str, Any]]] = {}
    for path in sorted(PACKAGE.glob("*.py")):
        module = importlib.import_module(f"fourx.{path.stem}") if path.stem != "__init__" else fourx
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if not isinstance(fn, ast.FunctionDef):
                continue
            for node in ast.walk(fn):
                pair: tuple[ast.AST, ast.expr | None] | None = None
                if isinstance(node, ast.AnnAssign) and node.value is not None:
                    if _is_forward(node.value):
                        pair = (node.value, node.annotation)
                elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    if node.func.id == "cast" and len(node.args) == 2 and _is_forward(node.args[1]):
                        pair = (node.args[1], node.args[0])
                elif isinstance(node, ast.Return) and node.value is not None:
                    if _is_forward(node.value):
                        pair = (node.value, fn.returns)
                if pair is None or pair[1] is None:
                    continue
                text = ast.unparse(pair[1]).strip("'\"")
                hint = eval(text, vars(module))  # noqa: S307 - the package's own annotation
                found.setdefault(_op_of(pair[0]), []).append((f"{path.name}:{fn.name}", hint))
    return found


def mismatches(value: Any, hint: Any, at: str) -> list[str]:
    """Where ``value`` (decoded JSON) is not of the type ``hint``."""
    if hint is Any or hint is object:
        return []
    if hint is None or hint is type(None):
        return [] if value is None else [f"{at}: {value!r} where only None is allowed"]
    origin = get_origin(hint)
    if origin is Annotated:
        return mismatches(value, get_args(hint)[0], at)
    if origin is Union or origin is types.UnionType:
        tries = [mismatches(value, arm, at) for arm in get_args(hint)]
        return [] if any(not t for t in tries) else [f"{at}: {value!r} fits no arm of {hint}"]
    if origin is Literal:
        return [] if value in get_args(hint) else [f"{at}: {value!r} not in {hint}"]
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{at}: {value!r} is not an object ({hint.__name__})"]
        hints = get_type_hints(hint, include_extras=True)
        out = []
        for key, key_hint in hints.items():
            # NotRequired is read here: Python 3.11 does not apply it to __required_keys__ for
            # string annotations (``from __future__ import annotations``).
            required = key in hint.__required_keys__
            if get_origin(key_hint) in (NotRequired, Required):
                required = get_origin(key_hint) is Required
                (key_hint,) = get_args(key_hint)
            if key in value:
                out += mismatches(value[key], key_hint, f"{at}.{key}")
            elif required:
                out.append(f"{at}.{key}: missing")
        out += [f"{at}.{k}: not in {hint.__name__}" for k in sorted(value) if k not in hints]
        return out
    if hasattr(hint, "__supertype__"):  # a NewType
        return mismatches(value, hint.__supertype__, at)
    if origin in (list, Sequence, typing.Sequence):
        if not isinstance(value, list):
            return [f"{at}: {value!r} is not a list"]
        (item_hint,) = get_args(hint) or (Any,)
        return [m for i, item in enumerate(value) for m in mismatches(item, item_hint, f"{at}[{i}]")]
    if origin in (dict, Mapping, typing.Mapping):
        if not isinstance(value, dict):
            return [f"{at}: {value!r} is not an object"]
        _, value_hint = get_args(hint) or (str, Any)
        return [m for k, item in value.items() for m in mismatches(item, value_hint, f"{at}.{k}")]
    if hint is bool:
        return [] if isinstance(value, bool) else [f"{at}: {value!r} is not a bool"]
    if hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{at}: {value!r} is not an int"]
    if hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{at}: {value!r} is not a number"]
    if hint is str:
        return [] if isinstance(value, str) else [f"{at}: {value!r} is not a str"]
    if hint is list:
        return [] if isinstance(value, list) else [f"{at}: {value!r} is not a list"]
    if hint is dict:
        return [] if isinstance(value, dict) else [f"{at}: {value!r} is not an object"]
    if isinstance(hint, type) and issubclass(hint, str):  # a StrEnum of the core's words
        return [] if isinstance(value, str) and value in {m for m in hint.__members__.values()} else [
            f"{at}: {value!r} is not a {hint.__name__}"
        ]
    raise AssertionError(f"{at}: the checker does not know the annotation {hint!r}")


TYPED = typed_results()
OK_CASES = [
    c
    for c in cases()
    if c.op in TYPED and isinstance(c.input, dict) and ("ok" in c.expect or "ok_subset" in c.expect)
]


def _task(
    id: str, subject: str, kind: str, phase: str, status: str, blocked_by: list[str]
) -> dict[str, Any]:
    """One task of the host's task list, with a canonical metadata block."""
    description = (
        f"wf:wf-20260312T162700Z-a1b2c3d4\nkind:{kind}\norigin:router\nphase:{phase}\n"
        "plan:N/A\nscope:N/A\nreason:Planned step"
    )
    return {
        "id": id,
        "subject": subject,
        "description": description,
        "status": status,
        "blocked_by": blocked_by,
    }


#: Outputs the conformance cases do not reach with a null, written here so every nullable key of
#: a result type is seen ``None`` at least once (``test_every_nullable_key_is_null_in_some_output``).
NULL_CASES: list[tuple[str, dict[str, Any]]] = [
    # No open memory task of the workflow: memory_task_id and marker_text are null.
    ("router.memory_task", {"tasks": [], "workflow_id": "wf-20260312T162700Z-a1b2c3d4"}),
    # A plan prune in a workflow without an open memory task: memory_unblocked is null.
    (
        "router.followup_tasks",
        {
            "graph": "plan_prune",
            "workflow_id": "wf-20260312T162700Z-a1b2c3d4",
            "event": "pass1_pass",
            "tasks": [
                _task("1", "CC10X PLAN: auth", "workflow", "plan", "in_progress", []),
                _task("3", "CC10X plan-gap-reviewer: Fresh review pass 1", "agent", "plan-review-gap-1", "completed", []),
                _task("4", "CC10X planner: Revise plan after fresh review", "agent", "re-plan", "pending", ["3"]),
                _task("5", "CC10X plan-gap-reviewer: Fresh review pass 2", "agent", "plan-review-gap-2", "pending", ["4"]),
            ],
        },
    ),
    # A valid envelope and no heading: heading_status is null.
    (
        "router.parse_readonly_output",
        {
            "agent": "plan-gap-reviewer",
            "edition": "12.7.0",
            "output": 'CONTRACT {"s":"PASS","b":false,"cr":0}\n\n```yaml\n'
            "PLANNING_REVIEW_STATUS: PASS\nBLOCKING_FINDINGS_COUNT: 0\nFINDING_BUCKETS:\n"
            "  repo_mismatches: 0\n  missing_surfaces: 0\nREPLAN_NEEDED: false\n"
            "REPLAN_REASON: None\n```\n\n### Summary\n- Verdict: PASS\n- Blocking findings: 0\n"
            "- Why: the saved plan matches the repository layout, names every touched surface and "
            "orders its phases correctly.\n",
        },
    ),
]


def _runs() -> list[tuple[str, str, Any]]:
    """(case, op, output) of every ok conformance case and every NULL_CASES input."""
    runs = [(c.id, c.op, fourx.call(c.op, c.input)) for c in OK_CASES]
    runs += [(f"null-{i}", op, fourx.call(op, inp)) for i, (op, inp) in enumerate(NULL_CASES)]
    return runs


def _nullable_keys(hint: Any) -> list[str]:
    hints = get_type_hints(hint)
    return [
        k
        for k, h in hints.items()
        if get_origin(h) in (Union, types.UnionType) and type(None) in get_args(h)
    ]


def test_null_cases_match_their_types() -> None:
    for op, inp in NULL_CASES:
        out = fourx.call(op, inp)
        problems = [m for where, hint in TYPED[op] for m in mismatches(out, hint, where)]
        assert not problems, "\n".join(problems)


def test_every_nullable_key_is_null_in_some_output() -> None:
    # The other direction of drift: a key typed `X | None` that the core never gives as null
    # would be a type that asks every caller for a check the core makes needless. Each such key
    # is null in some conformance output or in NULL_CASES.
    never: set[str] = set()
    seen: set[str] = set()
    for _, op, out in _runs():
        for _, hint in TYPED.get(op, []):
            if not is_typeddict(hint) or not isinstance(out, dict):
                continue
            for key in _nullable_keys(hint):
                name = f"{hint.__name__}.{key}"
                if key in out and out[key] is None:
                    seen.add(name)
                else:
                    never.add(name)
    assert seen, "no nullable key was seen null"
    assert not never - seen, f"typed as nullable but never null: {sorted(never - seen)}"


def test_the_wrappers_type_the_results_of_many_ops() -> None:
    # The discovery itself must keep working: a refactor that hides the annotations from it would
    # otherwise leave this file checking nothing.
    assert len(TYPED) >= 80, sorted(TYPED)
    assert {"router.parse_readonly_output", "router.parse_write_contract", "router.parse_output"} <= set(TYPED)
    assert len({c.op for c in OK_CASES}) >= 50


@pytest.mark.parametrize("case", OK_CASES, ids=[c.id for c in OK_CASES])
def test_typed_result_matches_the_op_output(case: Any) -> None:
    out = fourx.call(case.op, case.input)
    problems = [m for where, hint in TYPED[case.op] for m in mismatches(out, hint, where)]
    assert not problems, "\n".join(problems)


def test_checker_refuses_a_null_the_type_does_not_allow() -> None:
    class Result(typing.TypedDict):
        notes: dict[str, Any]
        maybe: str | None

    assert mismatches({"notes": None, "maybe": None}, Result, "r") == [
        "r.notes: None is not an object"
    ]
    assert mismatches({"notes": {}, "maybe": None, "extra": 1}, Result, "r") == [
        "r.extra: not in Result"
    ]
    assert mismatches({"maybe": "x"}, Result, "r") == ["r.notes: missing"]


def test_checker_lets_a_not_required_key_be_absent_but_never_null() -> None:
    class Result(typing.TypedDict):
        count: NotRequired[int]

    assert mismatches({}, Result, "r") == []
    assert mismatches({"count": None}, Result, "r") == ["r.count: None is not an int"]
