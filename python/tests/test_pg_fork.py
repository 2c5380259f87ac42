"""fork after using PostgreSQL: ``multiprocessing`` with the fork start method, on a process whose
pooled PostgreSQL connection is open. The child must never talk over (or close) the parent's
connection: both sides' calls succeed, and every line either side appended is in the log.

``FOURX_PG_URL`` names the server (``make test`` starts a throwaway cluster and sets it, with
``FOURX_REQUIRE_PG=1``); without it this skips and says so loudly.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import uuid
from typing import Any

import pytest

import fourx

FID = "F001-fork"
NOW = "2026-11-29T10:00:00Z"


def _url() -> str:
    url = os.environ.get("FOURX_PG_URL", "")
    if not url:
        if os.environ.get("FOURX_REQUIRE_PG"):
            pytest.fail("FOURX_REQUIRE_PG is set but FOURX_PG_URL is not")
        print("######## SKIPPED: FOURX_PG_URL is not set; fork with PostgreSQL NOT tested", file=sys.stderr)
        pytest.skip("FOURX_PG_URL is not set (no PostgreSQL server)")
    return url


def _work(store: dict[str, Any], who: str, rounds: int) -> None:
    for i in range(rounds):
        fourx.call(
            "workspace.append_event",
            {"root": "/tmp", "store": store, "feature_id": FID, "now": NOW,
             "event": {"type": "note", "detail": f"{who} {i}"}},
        )
        fourx.call("workspace.check_events", {"root": "/tmp", "store": store, "feature_id": FID})


def _child(store: dict[str, Any], results: Any) -> None:
    try:
        _work(store, "child", 10)
    except Exception as e:  # reported to the parent, which fails the test
        results.put(f"child failed: {e!r}")
        return
    results.put("ok")


def test_a_forked_child_never_uses_its_parents_postgres_connection() -> None:
    store = {"kind": "postgres", "url": _url(), "schema": "pyfork_" + uuid.uuid4().hex[:12]}
    _work(store, "parent", 1)  # the pooled connection is open now
    ctx = multiprocessing.get_context("fork")
    results = ctx.Queue()
    child = ctx.Process(target=_child, args=(store, results))
    child.start()
    _work(store, "parent", 10)
    outcome = results.get(timeout=120)
    child.join(timeout=120)
    if child.is_alive():
        child.kill()
        pytest.fail("the forked child hung")
    assert outcome == "ok"
    assert child.exitcode == 0
    check = fourx.call("workspace.check_events", {"root": "/tmp", "store": store, "feature_id": FID})
    assert check["lines"] == 21
