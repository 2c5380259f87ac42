"""Python boundary cost (issue 11, item 5): a small timeit script, not a timed test.

- ``fourx.can_transition`` (the extension's typed builtin) against a pure-Python dict lookup of
  the same answer, both called as a function (``def can(a, b): return (a, b) in ALLOWED``), and
  against the bare lookup expression. Target: typed call <= 1.5 x the pure-Python function.
- ``fourx.call`` on small ops against ``json.loads(json.dumps(payload))`` of the same payload.
  Target: ``fourx.call`` small op <= 2 us.

Run it with a release build of the extension (``make bench`` builds one into ``.venv-bench``).
Writes its rows to ``<target>/criterion/fourx-report/python.json`` for ``benches/report.py``.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import timeit
from pathlib import Path
from typing import Any, Callable

import fourx

ROOT = Path(__file__).resolve().parent.parent


def median_ns(fn: Callable[[], Any], repeat: int = 9) -> float:
    """Median over ``repeat`` runs of the per-call time in ns (each run ~0.1 s)."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    number = max(number // 2, 1)
    runs = timer.repeat(repeat=repeat, number=number)
    return statistics.median(runs) / number * 1e9


def main() -> int:
    phases = [p.value for p in fourx.Phase]
    allowed = {(a, b) for a in phases for b in phases if fourx.can_transition(a, b)}
    table = {(a, b): ((a, b) in allowed) for a in phases for b in phases}

    def py_can(a: str, b: str) -> bool:
        return table.get((a, b), False)

    can = fourx.can_transition
    key = ("coding", "reviewing")
    results: list[dict[str, Any]] = []

    def row(name: str, measured: float, base: float | None, target: str, met: bool | None,
            note: str = "") -> None:
        ratio = measured / base if base else None
        results.append({"bench": "python", "name": name, "median_ns": measured, "base_ns": base,
                        "ratio": ratio, "target": target, "met": met, "note": note})
        shown = f"{ratio:.2f}x" if ratio is not None else "-"
        verdict = {True: "met", False: "NOT met", None: "-"}[met]
        print(f"{name:<58} {measured:>9.1f} ns {shown:>8} {target:>10} {verdict} {note}")

    t_can = median_ns(lambda: can("coding", "reviewing"))
    t_py = median_ns(lambda: py_can("coding", "reviewing"))
    t_get = median_ns(lambda: table.get(key, False))
    t_lambda = median_ns(lambda: None)
    row("fourx.can_transition / pure-Python dict lookup function", t_can, t_py, "<= 1.5x",
        t_can <= 1.5 * t_py, "timeit, lambda call overhead included in both")
    row("fourx.can_transition / bare dict.get expression", t_can, t_get, "report", None)
    row("empty lambda (timeit's own overhead)", t_lambda, None, "report", None)

    for name, op, payload in [
        ("meta.version", "meta.version", {}),
        ("state.can_transition", "state.can_transition", {"from": "coding", "to": "reviewing"}),
    ]:
        t_call = median_ns(lambda op=op, payload=payload: fourx.call(op, payload))
        t_json = median_ns(lambda payload=payload: json.loads(json.dumps(payload)))
        row(f"fourx.call {name}", t_call, None, "<= 2 us", t_call <= 2000.0)
        row(f"fourx.call {name} / json.loads+json.dumps", t_call, t_json, "report", None)

    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    out = Path(os.environ.get("CRITERION_HOME", target / "criterion")) / "fourx-report"
    out.mkdir(parents=True, exist_ok=True)
    (out / "python.json").write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
