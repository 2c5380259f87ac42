"""What a harness author meets in the first hour: path, time and nonce inputs as Python gives
them, results that flow into the next call, and the typed harness of ``python/examples``."""

from __future__ import annotations

import os
import re
import runpy
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

import fourx

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_a_path_parameter_takes_os_pathlike_and_relative_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert fourx.blueprint.project_id(Path("repo")) == fourx.blueprint.project_id(
        str(tmp_path / "repo")
    )
    paths = fourx.blueprint.storage_paths(Path("home"), "demo-0123456789ab")
    assert paths["dir"].startswith(str(tmp_path / "home"))


def test_store_for_project_takes_a_path_and_a_relative_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.chdir(tmp_path)
    store = fourx.blueprint.Store.for_project(Path("repo"), home=home)
    assert store.project_id == fourx.blueprint.project_id(repo)


def test_a_relative_workspace_root_is_joined_with_the_current_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert fourx.workspace.feature_dir("ws", "F001-x") == os.path.join(
        str(tmp_path), "ws", ".4x", "run", "F001-x"
    )


def test_a_time_input_takes_an_aware_datetime_or_rfc3339_text() -> None:
    utc = datetime(2026, 11, 29, 10, 0, tzinfo=timezone.utc)
    assert fourx.blueprint.revision_name(utc, "0000beef") == fourx.blueprint.revision_name(
        "2026-11-29T10:00:00Z", "0000beef"
    )
    plus2 = datetime(2026, 11, 29, 12, 0, tzinfo=timezone(timedelta(hours=2)))
    assert fourx.blueprint.revision_name(plus2, "0000beef") == fourx.blueprint.revision_name(
        utc, "0000beef"
    )
    assert fourx.call("blueprint.revision_name", now=utc, nonce="0000beef")["name"]


def test_a_naive_datetime_is_refused_clearly() -> None:
    with pytest.raises(fourx.InvalidInput) as info:
        fourx.blueprint.revision_name(datetime(2026, 11, 29, 10, 0), "0000beef")
    assert info.value.field == "now"
    assert "naive datetime" in info.value.message


def test_new_nonce_is_what_the_ops_accept() -> None:
    nonces = {fourx.new_nonce() for _ in range(64)}
    assert all(re.fullmatch(r"[0-9a-f]{8}", n) for n in nonces) and len(nonces) > 60
    fourx.blueprint.revision_name("2026-11-29T10:00:00Z", fourx.new_nonce())


def test_parse_output_is_tagged_and_says_whether_the_harness_may_advance() -> None:
    outputs = EXAMPLES / "agent_outputs"
    review = fourx.router.parse_output("code-reviewer", (outputs / "review-changes.md").read_text())
    assert review["kind"] == "readonly" and review["may_advance"] is False
    build = fourx.router.parse_output("component-builder", (outputs / "builder.md").read_text())
    assert build["kind"] == "write" and build["may_advance"] is True


def test_router_agents_lists_every_agent_parse_output_accepts() -> None:
    agents = fourx.router.agents()
    names = [a["name"] for a in agents]
    assert "code-reviewer" in names and "component-builder" in names
    assert {a["kind"] for a in agents} == {"readonly", "write"}
    assert {a["name"] for a in fourx.router.agents(edition="12.7.0")} != set(names)
    for a in agents:
        assert a["qualified"] == "cc10x:" + a["name"]


def test_the_typed_harness_example_runs() -> None:
    runpy.run_path(str(EXAMPLES / "typed_harness.py"), run_name="__main__")
