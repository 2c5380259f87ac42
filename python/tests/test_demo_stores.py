"""The same harness loop on every run-state store: the conductor demo (``demo_harness.py``) runs
unchanged on the ``.4x`` files, on the core's filesystem run store and on PostgreSQL, and leaves
the same bytes — the database's export is the ``state.json`` and ``events.jsonl`` a local run
writes. Plus the store-selected :class:`fourx.Workspace`: claims, fencing, stop signal, and no
credential in what it shows.

``FOURX_PG_URL`` names the server (``make test`` starts a throwaway cluster and sets it, with
``FOURX_REQUIRE_PG=1``); without it the PostgreSQL tests skip and say so loudly.
"""

from __future__ import annotations

import io
import os
import socket
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

import fourx
from fourx import Workspace

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
sys.path.insert(0, str(EXAMPLES))

import demo_harness  # noqa: E402

RUN_FILES = ("state.json", "events.jsonl", "stop")
NOW = "2026-11-29T10:00:00Z"


def _url() -> str:
    url = os.environ.get("FOURX_PG_URL", "")
    if not url:
        if os.environ.get("FOURX_REQUIRE_PG"):
            pytest.fail("FOURX_REQUIRE_PG is set but FOURX_PG_URL is not")
        print(
            "######## SKIPPED: FOURX_PG_URL is not set; the demo on PostgreSQL is NOT tested",
            file=sys.stderr,
        )
        pytest.skip("FOURX_PG_URL is not set (no PostgreSQL server)")
    return url


def _pg_store() -> dict[str, Any]:
    return {"kind": "postgres", "url": _url(), "schema": "py_" + uuid.uuid4().hex[:12]}


def _run_files(root: Path) -> dict[str, bytes]:
    d = Path(Workspace(root).feature_dir(demo_harness.FEATURE_ID))
    return {name: (d / name).read_bytes() for name in RUN_FILES if (d / name).exists()}


def _demo(base: Path, profile: str, store: dict[str, Any] | None) -> dict[str, Any]:
    return demo_harness.run(base, demo_harness.Trace(io.StringIO()), profile, store=store)


@pytest.mark.parametrize("profile", ["quick", "full"])
def test_the_demo_leaves_the_same_bytes_through_the_fs_run_store(
    profile: str, tmp_path: Path
) -> None:
    plain = _demo(tmp_path / "plain", profile, None)
    through = _demo(tmp_path / "store", profile, {"kind": "fs"})
    assert plain["state"]["phase"] == through["state"]["phase"] == "pending-review"
    assert [d["kind"] for d in plain["decisions"]] == [d["kind"] for d in through["decisions"]]
    files = _run_files(tmp_path / "plain" / "repo")
    assert set(files) == {"state.json", "events.jsonl"}
    assert _run_files(tmp_path / "store" / "repo") == files


@pytest.mark.parametrize("profile", ["quick", "full"])
def test_the_demo_on_postgres_exports_the_bytes_of_a_local_run(
    profile: str, tmp_path: Path
) -> None:
    store = _pg_store()
    local = _demo(tmp_path / "local", profile, None)
    shared = _demo(tmp_path / "shared", profile, store)
    assert shared["state"] == local["state"]
    assert shared["cost"] == local["cost"]
    assert [d["kind"] for d in shared["decisions"]] == [d["kind"] for d in local["decisions"]]
    # The run state went to the database, not to the shared run's .4x/run.
    assert _run_files(tmp_path / "shared" / "repo") == {}
    out = tmp_path / "export"
    copied = Workspace(out, store=store).export_runs()
    assert copied == [
        {
            "feature_id": demo_harness.FEATURE_ID,
            "state": True,
            "events": len(_run_files(tmp_path / "local" / "repo")["events.jsonl"].splitlines()),
            "stop": False,
        }
    ]
    assert _run_files(out) == _run_files(tmp_path / "local" / "repo")
    # The lease was given up at the end: another machine may claim the feature at once.
    other = Workspace(tmp_path / "elsewhere", store=store)
    assert other.claim(demo_harness.FEATURE_ID, "machine-2", 1000)["granted"]


def test_import_then_export_is_the_identity(tmp_path: Path) -> None:
    store = _pg_store()
    _demo(tmp_path / "local", "quick", None)
    local = tmp_path / "local" / "repo"
    Workspace(local).request_stop(demo_harness.FEATURE_ID)
    assert Workspace(local, store=store).import_runs()[0]["stop"] is True
    out = tmp_path / "out"
    Workspace(out, store=store).export_runs([demo_harness.FEATURE_ID])
    assert _run_files(out) == _run_files(local)
    with pytest.raises(fourx.InvalidInput, match="never merges"):
        Workspace(local, store=store).import_runs()


def test_a_stale_lease_cannot_write_after_a_newer_owner_claimed(tmp_path: Path) -> None:
    store = _pg_store()
    one, two = Workspace(tmp_path / "m1", store=store), Workspace(tmp_path / "m2", store=store)
    fid = "F001-x"
    first = one.claim(fid, "machine-1", 1500)
    assert first["granted"] and first["lease"] is not None
    lease = first["lease"]
    one.write_state(fid, {"featureId": fid, "phase": "coding"}, NOW, lease=lease)
    held = two.claim(fid, "machine-2", 60_000)
    assert (held["granted"], held["holder"], held["lease"]) == (False, "machine-1", None)
    # machine-1 pauses past its TTL; machine-2 takes over with a greater token.
    time.sleep(1.7)
    second = two.claim(fid, "machine-2", 60_000)
    assert second["granted"] and second["lease"] is not None
    assert second["lease"]["token"] > lease["token"]
    with pytest.raises(fourx.LeaseLost):
        one.write_state(fid, {"featureId": fid, "phase": "reviewing"}, NOW, lease=lease)
    with pytest.raises(fourx.LeaseLost):
        one.append_event(fid, {"type": "run-start"}, NOW, lease=lease)
    two.append_event(fid, {"type": "run-start"}, NOW, lease=second["lease"])
    assert two.read_state(fid)["phase"] == "coding"
    with pytest.raises(fourx.LeaseLost):
        one.release(fid, lease)
    two.release(fid, second["lease"])


def test_the_stop_signal_lives_in_the_store(tmp_path: Path) -> None:
    store = _pg_store()
    ws = Workspace(tmp_path, store=store)
    assert not ws.stop_requested("F1")
    ws.request_stop("F1")
    assert ws.stop_requested("F1")
    assert not (tmp_path / ".4x").exists()  # nothing on the local disk
    ws.clear_stop("F1")
    assert not ws.stop_requested("F1")


def test_the_fs_claim_is_pid_liveness_and_has_no_lease(tmp_path: Path) -> None:
    ws = Workspace(tmp_path, store={"kind": "fs"})
    fid = "F1"
    free = ws.claim(fid, "me", 1000, pid=os.getpid())
    assert (free["granted"], free["lease"]) == (True, None)
    ws.write_state(fid, {"featureId": fid, "phase": "coding", "active": True, "pid": 4242}, NOW)
    held = ws.claim(fid, "me", 1000, pid=os.getpid(), pid_alive=True)
    assert (held["granted"], held["holder"]) == (False, "pid 4242")
    assert ws.claim(fid, "me", 1000, pid=os.getpid(), pid_alive=False)["granted"]
    with pytest.raises(fourx.InvalidInput, match="no leases"):
        ws.write_state(
            fid, {"featureId": fid}, NOW, lease={"feature": fid, "holder": "me", "token": 1, "ttl_ms": 5}
        )
    with pytest.raises(fourx.InvalidInput):
        Workspace(tmp_path, store={"kind": "memory"}).read_state(fid)


def test_a_store_config_never_shows_its_password(tmp_path: Path) -> None:
    _url()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    secret = "pw-never-shown-" + uuid.uuid4().hex[:6]
    ws = Workspace.postgres(tmp_path, f"postgresql://fourx:{secret}@127.0.0.1:{port}/x")
    assert secret not in repr(ws) and "127.0.0.1" not in repr(ws)
    for call in (
        lambda: ws.read_state("F1"),
        lambda: ws.append_event("F1", {"type": "run-start"}, NOW),
        lambda: ws.claim("F1", "m1", 1000),
        lambda: ws.export_runs(),
    ):
        with pytest.raises(fourx.IoError) as e:
            call()
        assert secret not in str(e.value) and secret not in repr((e.value.field, e.value.result))


def test_events_and_exports_carry_no_credential(tmp_path: Path) -> None:
    store = _pg_store()
    _demo(tmp_path / "shared", "quick", store)
    Workspace(tmp_path / "out", store=store).export_runs()
    password = store["url"].split("://", 1)[1].split("@", 1)[0].split(":", 1)[-1]
    for name, data in _run_files(tmp_path / "out").items():
        assert password.encode() not in data, name
        assert store["url"].encode() not in data, name
