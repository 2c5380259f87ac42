"""``fourx.blueprint.Store.postgres``: the blueprint store on a real PostgreSQL server.

``FOURX_PG_URL`` names the server (``make test`` starts a throwaway cluster and sets it, with
``FOURX_REQUIRE_PG=1``); without it these tests skip and say so loudly.
"""

from __future__ import annotations

import os
import socket
import sys
import uuid

import pytest

import fourx
from fourx.blueprint import Store


def _url() -> str:
    url = os.environ.get("FOURX_PG_URL", "")
    if not url:
        if os.environ.get("FOURX_REQUIRE_PG"):
            pytest.fail("FOURX_REQUIRE_PG is set but FOURX_PG_URL is not")
        print("######## SKIPPED: FOURX_PG_URL is not set; Store.postgres NOT tested", file=sys.stderr)
        pytest.skip("FOURX_PG_URL is not set (no PostgreSQL server)")
    return url


def _schema() -> str:
    return "py_" + uuid.uuid4().hex[:12]


SNAPSHOT = {"modules": ["a"]}


def test_two_store_objects_share_one_postgres_document() -> None:
    url, schema = _url(), _schema()
    one = Store.postgres(url, "proj", schema=schema)
    two = Store.postgres(url, "proj", schema=schema)
    out = one.commit(
        items=[{"module": "a", "field": "purpose", "where": "", "claim": "shared claim"}],
        snapshot=SNAPSHOT,
        evidence=["a"],
        now="2026-03-01T12:00:00Z",
        nonce="0a0b0c0d",
    )
    assert out["status"] == "written"
    assert "shared claim" in two.read()
    assert two.project_id == "proj"


def test_an_unreachable_server_raises_at_open_without_the_password() -> None:
    _url()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(fourx.IoError) as e:
        Store.postgres(f"postgresql://fourx:pw-never-shown@127.0.0.1:{port}/x", "proj")
    assert "pw-never-shown" not in str(e.value)
