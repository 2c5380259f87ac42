"""``fourx.Workspace`` over the feature files: init, settings, features, status sync, the backlog
mirror, test strategy, screenshots, candidate pools, finalize and clean."""

from __future__ import annotations

from pathlib import Path

import pytest

import fourx
from fourx import Phase, Workspace, workspace

NOW = "2026-11-29T10:00:00Z"
CONFIG = {
    "project": {"name": "demo"},
    "default_runner": "claude",
    "runners": {"claude": {"command": "claude"}},
}


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    w = Workspace(tmp_path)
    w.init(CONFIG)
    return w


def test_init_writes_the_settings(ws: Workspace, tmp_path: Path) -> None:
    assert (tmp_path / ".4x" / "features").is_dir()
    assert ws.read_config()["default_runner"] == "claude"
    runners = {"claude": {"command": "claude"}, "codex": {"command": "codex"}}
    ws.write_config({**CONFIG, "runners": runners, "default_runner": "codex"})
    assert ws.read_config()["default_runner"] == "codex"
    # A config every read would refuse is never written: the file keeps its last valid bytes.
    with pytest.raises(fourx.InvalidConfig):
        ws.write_config({**CONFIG, "default_runner": "nobody"})
    assert ws.read_config()["default_runner"] == "codex"
    with pytest.raises(fourx.InvalidConfig):
        Workspace(tmp_path / "other").init({"roles": {"deep_reviewer": {}}})
    assert not (tmp_path / "other" / ".4x").exists()


def test_user_config_and_merge_use_the_given_home(ws: Workspace, tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    assert workspace.read_user_config(home) == workspace.read_user_config(str(home))
    workspace.write_user_config({"default_runner": "gemini"}, home)
    assert workspace.read_user_config(home)["default_runner"] == "gemini"
    merged = ws.load_merged_config(home)
    assert merged["config"]["default_runner"] == "claude" and merged["warnings"] == []


def test_features_save_list_load_and_sync(ws: Workspace) -> None:
    path = ws.save_feature({"id": "F001-login", "name": "Login", "status": "not-started"})
    assert path.endswith(".4x/features/F001-login.yaml")
    listing = ws.list_features()
    assert [f["id"] for f in listing["features"]] == ["F001-login"] and listing["warnings"] == []
    assert ws.load_feature("F001")["name"] == "Login"
    sync = ws.sync_feature_status("F001-login", Phase.CODING)
    assert sync["changed"] and sync["status"] == "in-progress" and sync["commit"]
    assert ws.sync_feature_status("F001-login", Phase.REVIEWING)["changed"] is False
    with pytest.raises(fourx.NotFound):
        ws.load_feature("F999")


def test_mirror_strategy_screenshots_and_pools(ws: Workspace) -> None:
    assert ws.read_backlog_mirror()["present"] is False
    assert ws.compare_backlog_mirror()["drift"] == []
    assert ws.read_test_strategy("F001-login")["present"] is False
    ws.init_feature_dir("F001-login")
    assert ws.discover_screenshots("F001-login")["groups"] == []
    assert ws.load_candidates()["candidates"] in (None, [])
    pool = {
        "version": 1,
        "generatedAt": NOW,
        "candidates": [{"title": "T", "description": "D", "source": "stuck", "origin": "F1"}],
        "learnings": [],
    }
    ws.save_candidates(pool)
    assert ws.load_candidates()["candidates"][0]["title"] == "T"


def test_finalize_done_then_clean(ws: Workspace) -> None:
    ws.save_feature({"id": "F002-pay", "name": "Pay", "status": "in-progress"})
    ws.init_feature_dir("F002-pay")
    ws.write_state(
        "F002-pay", {"featureId": "F002-pay", "phase": "pending-review", "runner": "claude"}, NOW
    )
    done = ws.finalize_done("F002-pay", NOW)
    assert (done["state"]["phase"], done["state"]["stopReason"]) == ("done", "done")
    assert ws.load_feature("F002-pay")["status"] == "done"
    candidates = ws.cleanable_features(NOW)
    assert [c["feature_id"] for c in candidates] == ["F002-pay"]
    assert ws.clean_feature("F002-pay", NOW) > 0
    with pytest.raises(fourx.InvalidTransition):
        ws.finalize_done("F002-pay", NOW, state=done["state"])


def test_cached_workspace_reads_what_the_workspace_reads(ws: Workspace, tmp_path: Path) -> None:
    ws.save_feature({"id": "F003-cache", "name": "Cache", "status": "not-started"})
    home = tmp_path / "home"
    home.mkdir()
    cw = fourx.CachedWorkspace(tmp_path, home=home)
    assert repr(cw) == f"CachedWorkspace({str(tmp_path)!r})"
    assert cw.list_features() == ws.list_features()
    assert cw.load_feature("F003") == ws.load_feature("F003")
    assert cw.read_config() == ws.read_config()
    assert cw.load_merged_config() == ws.load_merged_config(home)
    assert cw.compare_backlog_mirror() == ws.compare_backlog_mirror()
    assert cw.cleanable_features(NOW) == ws.cleanable_features(NOW)
    assert cw.scan_stuck() == fourx.report.scan_stuck(root=str(tmp_path))
    assert cw.scan_escalations()["candidates"] == []
    assert cw.scan_fail_patterns(min_occurrences=2)["learnings"] == []
    listing = cw.list_features()
    listing["features"].clear()  # a copy: the cache is not changed
    assert [f["id"] for f in cw.list_features()["features"]] == ["F003-cache"]
    with pytest.raises(fourx.InvalidInput):
        cw.call("workspace.load_feature", [])  # type: ignore[arg-type]
    with pytest.raises(fourx.UnknownOp):
        cw.call("workspace.write_state", feature_id="F003-cache")
