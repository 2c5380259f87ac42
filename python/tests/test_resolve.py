"""The typed Python face of resolution and reports (fourx.resolve, fourx.angles, fourx.report):
each wrapper returns what its op returns and raises the op's error kinds."""

from __future__ import annotations

from typing import Any

import pytest

import fourx
from fourx import angles, report, resolve

CONFIG: dict[str, Any] = {
    "project": {"name": "demo"},
    "default_runner": "claude",
    "runners": {
        "claude": {"command": "claude", "tiers": {"opus": "O", "sonnet": "S"}},
        "codex": {"command": "codex", "tiers": {"opus": "gpt", "sonnet": "gpt-mini"}},
    },
}


def test_resolve_pipeline_matches_the_op() -> None:
    feature = {"id": "F001-x", "phaseOverrides": {"reviewing": {"runner": "codex"}}}
    phases = fourx.resolve_pipeline(CONFIG, feature, profile_name="quick")
    assert phases == fourx.call(
        "pipeline.resolve", config=CONFIG, feature=feature, profile_name="quick"
    )["phases"]
    assert [(p["phase"], p["runner"], p["model"]) for p in phases] == [
        ("coding", "claude", "S"),
        ("reviewing", "codex", "gpt-mini"),
    ]


def test_per_run_override_beats_the_manual_runner() -> None:
    phases = resolve.resolve_pipeline(
        CONFIG,
        profile_name="quick",
        manual_runner="codex",
        run_overrides={"coding": {"phase": "coding", "runner": "claude", "model": "opus"}},
    )
    assert phases[0] == {"phase": "coding", "role": "coder", "runner": "claude", "model": "O"}
    assert phases[1]["runner"] == "codex"


def test_errors_carry_the_resolution_kinds() -> None:
    with pytest.raises(fourx.UnknownProfile):
        fourx.resolve_profile(CONFIG, override="ghost")
    with pytest.raises(fourx.UnresolvableTier):
        resolve.resolve_tier_model(CONFIG, "claude", "haiku")
    with pytest.raises(fourx.UnknownRunner):
        resolve.resolve_phase_runner(CONFIG, "coding", manual="ghost")


def test_validate_reports_every_problem() -> None:
    v = resolve.validate_config({"isolation": "docker"})
    assert not v["valid"]
    assert v["errors"] == [
        "project.name is required",
        'isolation "docker" is invalid, must be one of: worktree',
    ]


def test_merge_keeps_go_shapes() -> None:
    merged = resolve.merge_config({"default_runner": "claude"}, {"project": {"name": "x"}})
    assert merged["runners"] == {} and merged["issue_tracker"] == {"enabled": False}


def test_angles_and_reports() -> None:
    assert angles.all_angles() == list(range(1, 12))
    assert angles.group(5, 0, 11) == [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11]]
    assert angles.group(1, 0, 11) is None
    assert angles.select([{"path": "docs/a.md", "lines": 1}])["angles"] == [8, 10]
    r = report.parse_issues("### [CRITICAL] broken\n## Verdict\nPASS\n")
    assert r == {"passed": True, "issues": ["broken"]}
    assert not report.is_similar("新增速率限制", "新增速率限制")
    assert report.is_similar("新增速率限制", "新增速率限制", cjk=True)
    kept = report.dedupe_discovered(
        [{"title": "Cache list", "description": ""}, {"title": "cache LIST", "description": ""}], []
    )
    assert [k["title"] for k in kept] == ["Cache list"]
