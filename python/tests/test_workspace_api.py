"""``fourx.Workspace`` and the pure ``fourx.workspace`` functions over a real temporary ``.4x``."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

import fourx
from fourx import EventType, Phase, Workspace, workspace

NOW = "2026-11-29T10:00:00Z"


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    (tmp_path / ".4x").mkdir()
    w = Workspace(tmp_path)
    w.init_feature_dir("F1")
    return w


def test_paths_are_under_the_root(ws: Workspace, tmp_path: Path) -> None:
    assert ws.feature_dir("F1") == str(tmp_path / ".4x" / "run" / "F1")
    assert ws.round_dir("F1", 2) == str(tmp_path / ".4x" / "run" / "F1" / "rounds" / "round-2")
    assert workspace.feature_dir(tmp_path, "F1") == ws.feature_dir("F1")
    assert repr(ws) == f"Workspace({str(tmp_path)!r})"


def test_hostile_feature_ids_are_refused(ws: Workspace) -> None:
    for bad in ("../x", "a/b", "..", ""):
        with pytest.raises(fourx.InvalidFeatureId):
            ws.read_state(bad)


def test_state_round_trips_through_state_json(ws: Workspace, tmp_path: Path) -> None:
    written = ws.write_state("F1", {"featureId": "F1", "phase": Phase.CODING}, NOW)
    assert written["updatedAt"] == NOW
    assert ws.read_state("F1") == written
    text = (tmp_path / ".4x" / "run" / "F1" / "state.json").read_text(encoding="utf-8")
    assert workspace.parse_state(text) == written
    assert workspace.render_state(written, NOW) == text


def test_missing_state_is_not_found(ws: Workspace) -> None:
    with pytest.raises(fourx.NotFound) as info:
        ws.read_state("F1")
    assert isinstance(info.value, LookupError)


def test_events_append_and_cost(ws: Workspace, tmp_path: Path) -> None:
    e = ws.append_event("F1", {"phase": "coding", "type": EventType.RUN_END, "cost_usd": 0.5}, NOW)
    assert e["ts"] == NOW
    ws.append_event("F1", {"phase": "coding", "type": "run-end", "cost_usd": 0.25}, NOW)
    assert ws.total_cost("F1") == pytest.approx(0.75)
    text = (tmp_path / ".4x" / "run" / "F1" / "events.jsonl").read_text(encoding="utf-8")
    assert workspace.total_cost(text) == pytest.approx(0.75)
    line = workspace.render_event({"phase": "coding", "type": "run-end", "cost_usd": 0.5}, NOW)
    assert text.splitlines()[0] == line


def test_worktree_path_from_events(ws: Workspace) -> None:
    ws.append_event("F1", {"phase": "coding", "type": "run-output", "detail": "worktree: /w"}, NOW)
    assert ws.worktree_path("F1") == "/w"


def test_stop_signal(ws: Workspace) -> None:
    assert ws.stop_requested("F1") is False
    ws.request_stop("F1")
    assert ws.stop_requested("F1") is True
    ws.clear_stop("F1")
    ws.clear_stop("F1")
    assert ws.stop_requested("F1") is False


def test_reconcile_active_writes_the_corrected_state(ws: Workspace) -> None:
    ws.write_state("F1", {"featureId": "F1", "phase": "coding", "active": True, "pid": 7}, NOW)
    r = ws.reconcile_active("F1", NOW, pid_alive=False)
    assert r["changed"] and ws.read_state("F1")["active"] is False


def test_find_walks_up(ws: Workspace, tmp_path: Path) -> None:
    deep = tmp_path / "a" / "b"
    deep.mkdir(parents=True)
    assert Workspace.find(deep).root == str(tmp_path)
    assert workspace.find(deep) == str(tmp_path)


def test_resolve_feature_id_by_prefix(ws: Workspace, tmp_path: Path) -> None:
    assert workspace.resolve_feature_id("f00", ["F001-login.yaml"]) == "F001-login"
    (tmp_path / ".4x" / "features" / "F002-x.yaml").parent.mkdir(parents=True)
    (tmp_path / ".4x" / "features" / "F002-x.yaml").write_text("id: F002-x\n", encoding="utf-8")
    (tmp_path / ".4x" / "features" / "F003-y.yaml").write_text("id: F003-y\n", encoding="utf-8")
    assert ws.resolve_feature_id("f002") == "F002-x"
    with pytest.raises(fourx.Ambiguous):
        ws.resolve_feature_id("F00")


def test_atomic_write_file_text_and_bytes(tmp_path: Path) -> None:
    workspace.atomic_write_file(tmp_path, "a.txt", "hello")
    workspace.atomic_write_file(tmp_path, "b.bin", b"\x00\xff", perm=0o600)
    assert (tmp_path / "a.txt").read_text(encoding="utf-8") == "hello"
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\xff"
    assert (tmp_path / "b.bin").stat().st_mode & 0o777 == 0o600


def test_constants_are_the_seed_names() -> None:
    c = workspace.constants()
    assert len(c) == 45 and all(isinstance(v, str) for v in c.values())


def test_threads_appending_events_lose_no_line(ws: Workspace, tmp_path: Path) -> None:
    def work(i: int) -> None:
        for j in range(25):
            ws.append_event(
                "F1", {"phase": "coding", "type": "hook", "index": i * 100 + j + 1}, NOW
            )

    threads = [threading.Thread(target=work, args=(i,)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    lines = (tmp_path / ".4x" / "run" / "F1" / "events.jsonl").read_text(encoding="utf-8")
    indexes = sorted(json.loads(line)["index"] for line in lines.splitlines())
    assert indexes == sorted(i * 100 + j + 1 for i in range(6) for j in range(25))
