"""A real ``.4x`` tree (tests/fixtures/workspace) read, written and mined through ``fourx.call``:
the same checks as core/tests/it/feature_workspace.rs, from Python."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

import fourx
from vectors import ROOT

FIXTURE = ROOT / "tests" / "fixtures" / "workspace"
NOW = "2026-02-01T12:00:00Z"


@pytest.fixture
def root(tmp_path: Path) -> str:
    dst = tmp_path / "ws"
    shutil.copytree(FIXTURE, dst)
    return str(dst)


def test_fixture_lists_features_and_reports_every_skip(root: str) -> None:
    out = fourx.call("workspace.list_features", root=root)
    assert [f["id"] for f in out["features"]] == ["F001-login", "F002-checkout", "F003-search"]
    skipped = sorted((w["file"], w["kind"]) for w in out["warnings"])
    assert skipped == [("broken.yaml", "parse_error"), ("noid.yaml", "invalid_feature")]
    search = out["features"][2]
    assert search["warnings"][0].startswith('status "wip" is not recognized')


def test_fixture_loads_by_short_id_and_a_no_op_save_keeps_the_bytes(root: str) -> None:
    f = fourx.call("workspace.load_feature", root=root, feature_id="F002")["feature"]
    assert f["id"] == "F002-checkout"
    assert f["phaseOverrides"] == {"coding": {"runner": "claude", "model": "opus"}}
    path = Path(root) / ".4x" / "features" / "F002-checkout.yaml"
    before = path.read_bytes()
    saved = fourx.call("workspace.save_feature", root=root, feature=f)
    assert saved == {"path": ".4x/features/F002-checkout.yaml"}
    assert path.read_bytes() == before
    with pytest.raises(fourx.FourxError) as e:
        fourx.call("workspace.load_feature", root=root, feature_id="../etc")
    assert e.value.kind == "invalid_feature_id"


def test_fixture_syncs_status_and_returns_the_commit_payload(root: str) -> None:
    out = fourx.call("workspace.sync_feature_status", root=root, feature_id="F002", phase="pending-review")
    assert out == {
        "changed": True,
        "status": "ready-for-review",
        "previous_status": "in-progress",
        "commit": {"path": ".4x/features/F002-checkout.yaml", "message": "chore(F002): ready-for-review"},
    }
    again = fourx.call("workspace.sync_feature_status", root=root, feature_id="F002", phase="pending-review")
    assert again["changed"] is False and again["commit"] is None


def test_fixture_mines_escalations_stuck_features_and_fail_patterns(root: str) -> None:
    esc: dict[str, Any] = fourx.call("miner.scan_escalations", root=root)
    assert [c["origin"] for c in esc["candidates"]] == ["F002-checkout round-1 blocker"]
    assert [(w["kind"], w["feature_id"]) for w in esc["warnings"]] == [("unknown_reason", "F003-search")]
    stuck = fourx.call("miner.scan_stuck", root=root)
    assert [c["origin"] for c in stuck["candidates"]] == ["F002-checkout needs-attention"]
    fail = fourx.call("miner.scan_fail_patterns", root=root)
    assert fail["candidates"][0]["origin"] == "3 features: F001-login, F002-checkout, F003-search"
    only_two = fourx.call("miner.scan_fail_patterns", root=root, feature_ids=["F001-login", "F003-search"])
    assert only_two["candidates"] == []


def test_fixture_mirror_strategy_settings_and_screenshots(root: str) -> None:
    drift = fourx.call("workspace.compare_backlog_mirror", root=root)["drift"]
    assert [(d["featureId"], d["kind"]) for d in drift] == [
        ("F002-checkout", "mismatch"),
        ("F002-checkout", "mismatch"),
        ("F003-search", "missing"),
        ("F007-legacy", "extra"),
    ]
    ts = fourx.call("workspace.read_test_strategy", root=root, feature_id="F002-checkout")
    assert ts["present"] is True and ts["test_strategy"]["api"] is True
    cfg = fourx.call("config.load_merged", root=root, home=str(Path(root) / "nohome"))
    assert cfg["config"]["project"] == {"name": "shop"}
    assert cfg["warnings"] == []
    shots = fourx.call("evidence.discover_screenshots", root=root, feature_id="F002-checkout")
    assert [s["path"] for s in shots["groups"][0]["screenshots"]] == [
        "run/F002-checkout/screenshot/01-cart.png",
        "run/F002-checkout/screenshot/02-pay-now.png",
    ]


def test_fixture_cleans_finished_idle_features_and_finalizes(root: str) -> None:
    c = fourx.call("workspace.cleanable_features", root=root, now=NOW, pid_alive={})["candidates"]
    assert [x["feature_id"] for x in c] == ["F001-login"]
    freed = fourx.call("workspace.clean_feature", root=root, feature_id="F001-login", now=NOW, pid_alive=False)
    assert freed["freed_bytes"] == c[0]["size"]
    state = Path(root) / ".4x" / "run" / "F002-checkout" / "state.json"
    state.write_text(state.read_text().replace("needs-attention", "pending-review"))
    done = fourx.call("workspace.finalize_done", root=root, feature_id="F002-checkout", now=NOW)
    assert done["state"]["phase"] == "done"
    assert done["commit"] == {"path": ".4x/features/F002-checkout.yaml", "message": "chore(F002-checkout): done"}
    listed = fourx.call("workspace.list_features", root=root)["features"]
    assert [f["status"] for f in listed] == ["done", "done", "wip"]


def test_cached_workspace_reads_through_the_cache_and_sees_edits(root: str) -> None:
    cw = fourx.CachedWorkspace(root, home=str(Path(root) / "nohome"))
    first = cw.list_features()
    assert [f["id"] for f in first["features"]] == ["F001-login", "F002-checkout", "F003-search"]
    f = cw.load_feature("F001-login")
    f["name"] = "mutated by the caller"
    assert cw.load_feature("F001-login")["name"] == "Login page"
    fourx.call("workspace.save_feature", root=root, feature={**f, "name": "Login v2"})
    assert cw.load_feature("F001-login")["name"] == "Login v2"
    assert cw.read_config()["project"]["name"] == "shop"
    assert cw.load_merged_config()["warnings"] == []
    assert cw.read_state("F002-checkout")["phase"] == "needs-attention"
    assert len(cw.compare_backlog_mirror()["drift"]) == 5  # the rename above is a new mismatch
    mined = cw.call("miner.scan_fail_patterns", min_occurrences=2)
    assert mined["candidates"][0]["origin"].startswith("3 features:")
    with pytest.raises(fourx.UnknownOp):
        cw.call("workspace.save_feature", feature=f)


def test_c_abi_lists_syncs_and_mines_the_fixture(root: str) -> None:
    import ctypes
    import json

    from test_vectors import Buf, c_call, _libpath

    path = _libpath()
    if not path.exists():
        pytest.fail(f"{path} not found: build it with `cargo build -p fourx-ffi` or set FOURX_LIB")
    lib = ctypes.CDLL(str(path))
    lib.fourx_call.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.POINTER(Buf)]
    lib.fourx_call.restype = ctypes.c_int
    lib.fourx_buf_free.argtypes = [ctypes.POINTER(Buf)]
    lib.fourx_buf_free.restype = None
    status, doc = c_call(lib, b"workspace.list_features", json.dumps({"root": root}).encode())
    assert status == 0 and len(doc["features"]) == 3
    payload = json.dumps({"root": root, "feature_id": "F002", "phase": "pending-review"}).encode()
    status, doc = c_call(lib, b"workspace.sync_feature_status", payload)
    assert status == 0 and doc["commit"]["path"] == ".4x/features/F002-checkout.yaml"
    status, doc = c_call(lib, b"miner.scan_stuck", json.dumps({"root": root}).encode())
    assert status == 0 and doc["candidates"][0]["origin"] == "F002-checkout needs-attention"

    # The cached-workspace handle.
    handle = ctypes.c_void_p()
    err = Buf()
    lib.fourx_cached_workspace_new.argtypes = [
        ctypes.c_void_p,
        ctypes.c_size_t,
        ctypes.POINTER(ctypes.c_void_p),
        ctypes.POINTER(Buf),
    ]
    lib.fourx_cached_workspace_new.restype = ctypes.c_int
    lib.fourx_cached_workspace_call.argtypes = [
        ctypes.c_void_p,
        ctypes.c_char_p,
        ctypes.c_void_p,
        ctypes.c_size_t,
        ctypes.POINTER(Buf),
    ]
    lib.fourx_cached_workspace_call.restype = ctypes.c_int
    lib.fourx_cached_workspace_free.argtypes = [ctypes.c_void_p]
    lib.fourx_cached_workspace_free.restype = None
    cfg = json.dumps({"root": root}).encode()
    assert lib.fourx_cached_workspace_new(cfg, len(cfg), ctypes.byref(handle), ctypes.byref(err)) == 0
    try:
        for _ in range(2):
            out = Buf()
            arg = b'{"feature_id":"F002-checkout"}'
            status = lib.fourx_cached_workspace_call(handle, b"workspace.load_feature", arg, len(arg), ctypes.byref(out))
            doc = json.loads(ctypes.string_at(out.ptr, out.len))
            lib.fourx_buf_free(ctypes.byref(out))
            assert status == 0 and doc["feature"]["status"] == "ready-for-review"
    finally:
        lib.fourx_cached_workspace_free(handle)
