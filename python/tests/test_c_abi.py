"""The C ABI rules of CONVENTIONS.md §C ABI, exercised through ctypes."""

from __future__ import annotations

import ctypes

import pytest

from test_vectors import Buf, c_call, lib  # noqa: F401 - fixture re-export

MiB = 1024 * 1024


def test_null_input_with_zero_length_means_empty_object(lib: ctypes.CDLL) -> None:
    status, doc = c_call(lib, b"meta.version", None)
    assert status == 0 and "version" in doc


def test_null_input_with_length_is_null_arg(lib: ctypes.CDLL) -> None:
    out = Buf()
    status = lib.fourx_call(b"meta.version", None, 5, ctypes.byref(out))
    try:
        assert status == 2
        assert ctypes.string_at(out.ptr, out.len).startswith(b'{"error":{"kind":"null_arg"')
    finally:
        lib.fourx_buf_free(ctypes.byref(out))


def test_null_out_is_null_arg(lib: ctypes.CDLL) -> None:
    assert lib.fourx_call(b"meta.version", None, 0, None) == 2


def test_null_op_is_null_arg(lib: ctypes.CDLL) -> None:
    status, doc = c_call(lib, None, b"{}")  # type: ignore[arg-type]
    assert status == 2 and doc["error"]["kind"] == "null_arg"


@pytest.mark.parametrize(
    "op,payload,status,kind",
    [
        (b"meta.\xff", b"{}", 3, "invalid_utf8"),
        (b"meta.version", b'{"a":"\xc3"}', 3, "invalid_utf8"),
        (b"meta.version", b"not json", 1, "invalid_input"),
        (b"meta.version", b"[]", 1, "invalid_input"),
        (b"meta.version", b"[" * 10_000 + b"]" * 10_000, 1, "invalid_input"),
        (b"no.such", b"{}", 1, "unknown_op"),
    ],
)
def test_bad_input_statuses(
    lib: ctypes.CDLL, op: bytes, payload: bytes, status: int, kind: str
) -> None:
    got, doc = c_call(lib, op, payload)
    assert (got, doc["error"]["kind"]) == (status, kind)


def test_oversize_input_is_refused_before_parsing(lib: ctypes.CDLL) -> None:
    big = b" " * (16 * MiB + 1)
    status, doc = c_call(lib, b"meta.version", big)
    assert (status, doc["error"]["kind"]) == (1, "input_too_large")


def test_free_accepts_null_and_zeroed_and_double_free(lib: ctypes.CDLL) -> None:
    lib.fourx_buf_free(None)
    zero = Buf()
    lib.fourx_buf_free(ctypes.byref(zero))
    status, _ = c_call(lib, b"meta.version", b"{}")  # c_call frees once and checks zeroing
    assert status == 0
    out = Buf()
    lib.fourx_call(b"meta.version", None, 0, ctypes.byref(out))
    lib.fourx_buf_free(ctypes.byref(out))
    lib.fourx_buf_free(ctypes.byref(out))
    assert not out.ptr


def test_version_functions(lib: ctypes.CDLL) -> None:
    lib.fourx_version.restype = ctypes.c_char_p
    lib.fourx_version_number.restype = ctypes.c_uint32
    import fourx

    assert lib.fourx_version().decode() == fourx.__version__
    major, minor, patch = (int(x) for x in fourx.__version__.split("."))
    assert lib.fourx_version_number() == major * 1_000_000 + minor * 1_000 + patch
