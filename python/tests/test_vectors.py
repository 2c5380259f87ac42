"""Every conformance case through ``fourx.call`` and through the C ABI (ctypes on libfourx.so,
exactly as a C host calls it)."""

from __future__ import annotations

import ctypes
import json
import os
from pathlib import Path
from typing import Any

import pytest

import fourx
from fourx import _fourx
from vectors import ROOT, Case, cases, check, json_eq, skips, subset_eq

CASES = cases()
SKIPS = skips()


def _outcome_py(case: Case) -> tuple[bool, Any]:
    # fourx.call takes a dict (None means {}); inputs that are not objects go to the extension.
    run = fourx.call if isinstance(case.input, dict) else _fourx.call
    try:
        return True, run(case.op, case.input)
    except fourx.FourxError as e:
        return False, e.kind


class Buf(ctypes.Structure):
    _fields_ = [("ptr", ctypes.POINTER(ctypes.c_uint8)), ("len", ctypes.c_size_t)]


def _libpath() -> Path:
    env = os.environ.get("FOURX_LIB")
    if env:
        return Path(env)
    return ROOT / "target" / "debug" / "libfourx.so"


@pytest.fixture(scope="session")
def lib() -> ctypes.CDLL:
    path = _libpath()
    if not path.exists():
        pytest.fail(f"{path} not found: build it with `cargo build -p fourx-ffi` or set FOURX_LIB")
    cdll = ctypes.CDLL(str(path))
    cdll.fourx_call.argtypes = [
        ctypes.c_char_p,
        ctypes.c_void_p,
        ctypes.c_size_t,
        ctypes.POINTER(Buf),
    ]
    cdll.fourx_call.restype = ctypes.c_int
    cdll.fourx_buf_free.argtypes = [ctypes.POINTER(Buf)]
    cdll.fourx_buf_free.restype = None
    return cdll


def c_call(lib: ctypes.CDLL, op: bytes, payload: bytes | None) -> tuple[int, Any]:
    """Calls fourx_call like a C host: (status, parsed output document)."""
    out = Buf()
    if payload is None:
        status = lib.fourx_call(op, None, 0, ctypes.byref(out))
    else:
        buf = ctypes.create_string_buffer(payload, len(payload))
        status = lib.fourx_call(op, buf, len(payload), ctypes.byref(out))
    try:
        raw = ctypes.string_at(out.ptr, out.len)
        assert ctypes.cast(out.ptr, ctypes.c_void_p).value is not None
        assert out.ptr[out.len] == 0, "result must be NUL-terminated"
        return status, json.loads(raw)
    finally:
        lib.fourx_buf_free(ctypes.byref(out))
        assert not out.ptr and out.len == 0, "fourx_buf_free zeroes the struct"


def _outcome_c(lib: ctypes.CDLL, case: Case) -> tuple[bool, Any]:
    payload = json.dumps(case.input, ensure_ascii=False).encode("utf-8")
    status, doc = c_call(lib, case.op.encode("utf-8"), payload)
    if status == 0:
        return True, doc
    return False, doc["error"]["kind"]


def _judge(case: Case, ok: bool, value: Any) -> None:
    why = check(case, ok, value)
    reason = SKIPS.get(case.id)
    if reason is not None:
        if why is None:
            pytest.fail(f"{case.id} is listed in SKIPS ({reason}) but passes: remove the entry")
        pytest.skip(f"SKIPS: {reason}")
    if why is not None:
        pytest.fail(f"{case.id} ({case.op}, {case.file}): {why}", pytrace=False)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_vector_python(case: Case) -> None:
    _judge(case, *_outcome_py(case))


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_vector_c_abi(lib: ctypes.CDLL, case: Case) -> None:
    _judge(case, *_outcome_c(lib, case))


def test_comparison_rules() -> None:
    assert json_eq(1, 1.0)
    assert not json_eq(1, True)
    assert not json_eq({"a": 1}, {"a": 1, "b": 2})
    assert subset_eq({"a": 1}, {"a": 1, "b": 2})
    assert not subset_eq({"l": [1]}, {"l": [1, 2]})


def test_vector_files_are_present() -> None:
    assert any(c.op.startswith("meta.") for c in CASES)
