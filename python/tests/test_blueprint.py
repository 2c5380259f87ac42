"""fourx.blueprint: the typed Store never raises for a conflict; folds are idempotent."""

from __future__ import annotations

import os
from pathlib import Path

import fourx
import fourx.blueprint as bp

SNAPSHOT = {"modules": [{"path": "internal/store", "fingerprint": "s1", "bytes": 10}], "edges": []}
ITEM = {"module": "internal/store", "field": "invariants", "claim": "Save renames a temp file."}


def test_memory_store_commit_then_noop_keeps_its_content() -> None:
    store = bp.Store()
    first = store.commit(items=[ITEM], snapshot=SNAPSHOT, evidence=["internal/store"],
                         now="2026-03-01T12:00:00Z", nonce="1a2b3c4d", project_id="app-0123456789ab")
    assert first["status"] == "written"
    assert "Save renames a temp file." in store.content
    again = store.commit(items=[ITEM], snapshot=SNAPSHOT, evidence=["internal/store"],
                         now="2026-03-02T12:00:00Z", nonce="1a2b3c4d")
    assert again["status"] == "noop" and again["result"]["noop"]


def test_conflict_is_a_deferral_not_an_exception() -> None:
    empty = fourx.call("blueprint.render", doc={})["text"]
    # `interleave` is the memory store's testing affordance: another writer between read and write.
    store = bp.Store._bind({"store": {"content": "", "interleave": [empty, empty + "\n"]}})
    out = store.commit(items=[ITEM], snapshot=SNAPSHOT, evidence=["internal/store"],
                       now="2026-03-01T12:00:00Z", nonce="1a2b3c4d")
    assert out["status"] == "deferred"
    assert out["result"]["accepted"][0]["module"] == "internal/store"
    assert "deferred" in bp.format_for_director(out["result"], conflict=True)


def test_fs_store_for_project_writes_under_home(tmp_path: Path) -> None:
    home = tmp_path / "home"
    repo = home / "src" / "app"
    (repo / ".git").mkdir(parents=True)
    store = bp.Store.for_project(str(repo), home=str(home))
    out = store.commit(items=[ITEM], snapshot=SNAPSHOT, evidence=["internal/store"],
                       now="2026-03-01T12:00:00Z", nonce="1a2b3c4d")
    assert out["status"] == "written"
    path = home / ".4x" / "blueprints" / store.project_id / "blueprint.md"
    assert path.is_file() and os.stat(path).st_mode & 0o777 == 0o600


def test_no_home_is_an_error_never_a_fallback(tmp_path: Path) -> None:
    try:
        fourx.call("blueprint.storage_paths", home="", project_id="app-0123456789ab")
    except fourx.NoHome as e:
        assert isinstance(e, ValueError)
    else:
        raise AssertionError("no_home expected")
