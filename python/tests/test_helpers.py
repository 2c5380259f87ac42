"""The 4x helpers through the typed wrappers: ids, discovery plans, design documents that never
leave the root, liveness, the dot dir, tiers and the events check."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import fourx
from fourx import helpers


def test_next_feature_id_counts_past_the_largest_number() -> None:
    r = helpers.next_feature_id(["F001-a", "F041-b"], "Dark mode")
    assert (r["number"], r["id"], r["name"]) == (42, "F042-dark-mode", "F042: Dark mode")
    custom = helpers.next_feature_id(
        [], "n", slug="F9-chosen", config={"feature_id_prefix": "ws-", "feature_id_digits": 2}
    )
    assert custom["id"] == "ws-01-f9-chosen"


def test_plan_discovered_caps_and_sets_draft_with_enrichment() -> None:
    cands: list[helpers.DiscoveredFeature] = [
        {"title": f"Idea {i}", "description": ""} for i in range(4)
    ]
    plan = helpers.plan_discovered(cands, ["F007-x"], config={"enrich_discovered_features": True})
    assert [f["id"] for f in plan["features"]] == ["F008-idea-0", "F009-idea-1", "F010-idea-2"]
    assert plan["capped"] == [{"title": "Idea 3", "description": ""}]
    assert {f["status"] for f in plan["features"]} == {"draft"}


def test_resolve_design_doc_refuses_a_link_out_of_the_root(tmp_path: Path) -> None:
    root = tmp_path / "ws"
    (root / "docs" / "design").mkdir(parents=True)
    outside = tmp_path / "secret.md"
    outside.write_text("secret")
    os.symlink(outside, root / "docs" / "design" / "F001-a-spec.md")
    (root / "docs" / "design" / "a-spec.md").write_text("slug doc")
    doc = helpers.resolve_design_doc(root, {"id": "F001-a", "spec": "../secret.md"}, "spec")
    assert (doc["content"], doc["source"], doc["found"]) == ("slug doc", "docs/design/a-spec.md", True)
    assert len(doc["warnings"]) == 2


def test_process_alive_and_dot_dir() -> None:
    assert helpers.process_alive(os.getpid()) is True
    assert helpers.process_alive(0) is False
    assert helpers.dot_dir("/w/p/") == "/w/p/.4x"
    with pytest.raises(fourx.InvalidInput):
        helpers.dot_dir(None)  # type: ignore[arg-type]


def test_default_deep_tier_is_opus() -> None:
    c = helpers.model_constants()
    assert (c["default_deep_tier"], c["default_tier"], c["tiers"]) == ("opus", "sonnet", ["opus", "sonnet"])


def test_check_events_names_the_closest_key_of_a_typo() -> None:
    r = helpers.check_events('{"type":"run-end","costUsd":1}\n')
    assert [(w["kind"], w.get("path")) for w in r["warnings"]] == [("unknown_key", "costUsd")]
    assert '"cost_usd"' in r["warnings"][0]["message"]


def test_config_read_returns_unknown_key_warnings(tmp_path: Path) -> None:
    (tmp_path / ".4x").mkdir()
    (tmp_path / ".4x" / "settings.json").write_text(
        '{"project": {"name": "p"}, "defualt_profile": "quick"}'
    )
    r = fourx.call("config.read", root=str(tmp_path))
    assert [(w["path"], w["kind"]) for w in r["warnings"]] == [("defualt_profile", "unknown_key")]
