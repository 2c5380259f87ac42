"""Several Python threads using one ``fourx.blueprint.Store`` at once (CONVENTIONS.md §Python: all
functions and handle classes are safe to use from several threads; the GIL is released in ops)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

import fourx
from fourx import blueprint

THREADS = 6
ROUNDS = 4
MODULES = [f"pkg/m{i}" for i in range(THREADS)]
SNAPSHOT = {
    "modules": [{"path": m, "fingerprint": "f1", "bytes": 10} for m in MODULES],
    "edges": [],
}


def _claim(thread: int, n: int) -> dict[str, str]:
    return {
        "module": MODULES[thread],
        "field": "purpose",
        "where": "",
        "claim": f"Claim {thread}-{n}.",
    }


def _hammer(store: blueprint.Store, project_id: str) -> list[tuple[int, int, str]]:
    """Each thread commits ROUNDS claims to its own module; returns (thread, n, status)."""
    outcomes: list[tuple[int, int, str]] = []
    errors: list[BaseException] = []
    lock = threading.Lock()
    start = threading.Barrier(THREADS)

    def work(t: int) -> None:
        try:
            start.wait()
            for n in range(ROUNDS):
                out = store.commit(
                    items=[_claim(t, n)],
                    snapshot=SNAPSHOT,
                    evidence=[MODULES[t]],
                    now=f"2026-11-29T10:0{n}:00Z",
                    nonce=f"{t:04x}{n:04x}",
                    project_id=project_id,
                )
                with lock:
                    outcomes.append((t, n, out["status"]))
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(THREADS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert not errors, errors
    return outcomes


def _last_written(outcomes: list[tuple[int, int, str]]) -> dict[int, int]:
    last: dict[int, int] = {}
    for t, n, status in outcomes:
        if status == "written":
            last[t] = max(last.get(t, -1), n)
    return last


def test_threads_share_one_memory_store_without_losing_a_write() -> None:
    store = blueprint.Store()
    outcomes = _hammer(store, "app-0123456789ab")
    assert len(outcomes) == THREADS * ROUNDS
    # The held store orders concurrent commits with compare-and-swap: a commit that lost twice
    # is a deferral (never an exception); every other one is written.
    assert {s for _, _, s in outcomes} <= {"written", "deferred"}
    assert any(s == "written" for _, _, s in outcomes)
    text = store.read()
    for t, n in _last_written(outcomes).items():
        assert f"Claim {t}-{n}." in text, (t, n)


def test_threads_share_one_filesystem_store(tmp_path: Path) -> None:
    repo, home = tmp_path / "repo", tmp_path / "home"
    (repo / ".git").mkdir(parents=True)
    home.mkdir()
    store = blueprint.Store.for_project(str(repo), home=str(home))
    outcomes = _hammer(store, store.project_id)
    assert len(outcomes) == THREADS * ROUNDS
    assert {s for _, _, s in outcomes} <= {"written", "noop", "deferred"}
    assert any(s == "written" for _, _, s in outcomes)
    text = store.read()
    # A claim whose commit said "written" survives unless a later claim of the same thread
    # replaced its section: the thread's last written claim is in the final file.
    for t, n in _last_written(outcomes).items():
        assert f"Claim {t}-{n}." in text, (t, n)
    parsed: dict[str, Any] = blueprint.parse(text)
    assert parsed["project_id"] == store.project_id
    index = store.render_index(SNAPSHOT)
    assert index["tokens"] <= index["budget"]
    view = store.read_module(SNAPSHOT, MODULES[0])
    assert view["module"] == MODULES[0]


def test_conflicts_come_back_as_deferrals_not_exceptions() -> None:
    empty = blueprint.render({})
    store = blueprint.Store._bind({"store": {"content": "", "interleave": [empty, empty + "\n"]}})
    out = store.commit(
        items=[_claim(0, 0)],
        snapshot=SNAPSHOT,
        evidence=[MODULES[0]],
        now="2026-11-29T10:00:00Z",
        nonce="00000000",
        project_id="app-0123456789ab",
    )
    assert out["status"] == "deferred" and out["result"]["submitted"] == 1
    with pytest.raises(fourx.FoldConflict) as info:  # the generic call raises; Store does not
        fourx.call(
            "blueprint.commit",
            store={"content": "", "interleave": [empty, empty + "\n"]},
            items=[_claim(0, 0)],
            snapshot=SNAPSHOT,
            evidence=[MODULES[0]],
            now="2026-11-29T10:00:00Z",
            nonce="00000000",
            project_id="app-0123456789ab",
        )
    assert info.value.result is not None and info.value.result["submitted"] == 1


def test_threads_share_one_cached_workspace_while_features_change(tmp_path: Path) -> None:
    ws = fourx.Workspace(tmp_path)
    ws.init(
        {
            "project": {"name": "demo"},
            "default_runner": "claude",
            "runners": {"claude": {"command": "claude"}},
        }
    )
    cw = fourx.CachedWorkspace(tmp_path, home=tmp_path / "home")
    errors: list[BaseException] = []
    seen: list[int] = []
    stop = threading.Event()

    def read() -> None:
        try:
            while not stop.is_set():
                listing = cw.list_features()
                seen.append(len(listing["features"]))
                for f in listing["features"]:
                    assert cw.load_feature(f["id"])["id"] == f["id"]
        except BaseException as e:  # pragma: no cover - reported below
            errors.append(e)

    readers = [threading.Thread(target=read) for _ in range(4)]
    for r in readers:
        r.start()
    for i in range(20):
        ws.save_feature({"id": f"F{i:03d}-x", "name": f"X{i}", "status": "not-started"})
    stop.set()
    for r in readers:
        r.join()
    assert not errors, errors
    assert seen and max(seen) <= 20
    assert len(cw.list_features()["features"]) == 20  # every edit is seen through the cache
