"""Feature files, backlog mirror, screenshots, test strategy (``fourx.workspace``), candidate pools
(``fourx.report``) and the remaining resolution ops (``fourx.resolve``, ``fourx.angles``)."""

from __future__ import annotations

import pytest

import fourx
from fourx import angles, report, resolve, workspace

FEATURE_YAML = "# owned by team A\nid: F030-sync\nname: Sync me\nstatus: not-started\n"
CONFIG = {
    "default_runner": "claude",
    "runners": {"claude": {"command": "claude", "tiers": {"opus": "opus", "sonnet": "sonnet"}}},
    "roles": {"reviewer": {"deep_model": "opus"}},
}


def test_feature_yaml_round_trip_and_validation() -> None:
    feature = workspace.parse_feature_yaml(FEATURE_YAML)
    assert (feature["id"], feature["status"]) == ("F030-sync", "not-started")
    text = workspace.render_feature_yaml(feature)
    assert workspace.load_feature_yaml(text, mode="strict")["name"] == "Sync me"
    assert workspace.validate_feature(feature)["valid"] is True
    bad = workspace.validate_feature({"id": "F1", "name": "x", "status": "nope"})
    assert bad["valid"] is False and bad["errors"]
    assert workspace.validate_feature_loose(feature) == []
    with pytest.raises(fourx.InvalidFeature):
        workspace.parse_feature_yaml("id: [unclosed\n")
    assert fourx.FeatureStatus.DRAFT in workspace.feature_constants()["statuses"]


def test_sync_status_text_projects_the_phase() -> None:
    sync = workspace.sync_status_text("F030-sync", fourx.Phase.CODING, FEATURE_YAML)
    assert sync["changed"] and sync["status"] == fourx.phase_to_status("coding")
    assert sync["commit"] == {"message": "chore(F030-sync): in-progress", "path": ".4x/features/F030-sync.yaml"}


def test_backlog_mirror() -> None:
    mirror = workspace.parse_backlog_mirror('{"version":1,"features":[{"id":"a","name":"A","status":"todo"}]}')
    assert mirror["features"][0]["id"] == "a"
    assert workspace.compare_backlog([{"id": "a", "name": "A", "status": "todo"}], mirror) == []


def test_screenshots_and_test_strategy() -> None:
    assert workspace.is_screenshot_file("photo.PNG") and not workspace.is_screenshot_file("a.txt")
    assert workspace.normalize_screenshot_path(".4x/run/f/screenshot/01.png") == "run/f/screenshot/01.png"
    assert workspace.parse_screenshot_filename("01-login.png") == {"step": "01", "description": "login"}
    shots = [{"path": "b/10-x.png", "step": "10", "description": ""}, {"path": "a/2-x.png", "step": "2", "description": ""}]
    assert [s["step"] for s in workspace.sort_screenshots(shots)] == ["2", "10"]
    assert workspace.screenshot_dir({"default_runner": ""}) == ".4x/run/{feature-id}/screenshot/"
    assert workspace.screenshot_targets("F1", [1, 3]) == [{"dir": ".4x/run/F1/screenshot/", "round": 3}]
    groups = workspace.group_screenshots("/w", "F1", [], {})
    assert groups == {"groups": [], "warnings": []}
    ts = workspace.parse_test_strategy("verify_commands:\n  - make test\n")
    assert ts["verify_commands"] == ["make test"]
    assert workspace.user_config_path("/home/ana") == "/home/ana/.4x/settings.json"


def test_candidate_pools() -> None:
    constants = report.candidates_constants()
    assert constants["pool_version"] == 1
    pool = {"version": 1, "generatedAt": "2026-03-01T10:00:00Z", "candidates": [], "learnings": []}
    assert report.parse_candidates(report.render_candidates(pool))["version"] == 1


def test_remaining_resolution_ops() -> None:
    assert resolve.artifact_contract("coder")["found"] is True
    assert resolve.notifications_enabled({}) is True
    assert resolve.design_doc_search_order({"id": "F1"}, "spec")["candidates"]
    assert resolve.merge_hooks() is None
    assert resolve.resolve_limits(CONFIG, role="deep_reviewer")["parallel_reviewers"] >= 1
    assert resolve.resolve_deep_model(CONFIG, "claude", "reviewer") == "opus"
    assert resolve.resolve_mini_coder_model(CONFIG, "claude", "sonnet")
    assert set(resolve.effective_manual("coding")) == {"runner_manual", "model_manual"}
    profiles = resolve.default_profiles()
    assert set(profiles) == {"full", "lite", "normal", "quick"}
    assert resolve.enabled_phases(profiles["quick"]) == ["coding", "reviewing"]
    assert resolve.profile_enables(profiles["quick"], phase="coding")["enables_phase"] is True
    assert set(resolve.role_artifact_view(profiles["full"], "coder")) == {"required", "forbidden", "absent_upstream"}
    assert resolve.effective_hub_repos(CONFIG) == []
    assert resolve.resolve_repo_paths(CONFIG, "/w") == {".": "/w"}
    assert resolve.resolve_feature_repo_paths({"id": "F1"}, CONFIG, "/w") == {".": "/w"}
    assert sorted(r["name"] for r in resolve.supported_runners()) == sorted(resolve.supported_runners_map())
    assert angles.resolve_mapping({}) == angles.default_mapping()
