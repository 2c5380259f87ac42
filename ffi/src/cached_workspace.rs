//! `fourx_cached_workspace`: the cached reader of one `.4x` workspace held across calls
//! (features.md), with the `_new` / `_call` / `_free` pattern of CONVENTIONS.md (ABI).
//!
//! The cache and the ops are the core's (`ops::workspace_cached`, one `ops::Handle`); this module owns only the
//! allocation.

use std::ffi::c_char;

use fourx_core::ops::workspace_cached::HeldCachedWorkspace;
use fourx_core::ops::Handle;

use super::handles::{call_handle, free_handle, new_handle};
use super::{fourx_buf, fourx_status};

/// The cached reader of one workspace. Opaque; create it with `fourx_cached_workspace_new`
/// (config `{"root": "...", "home": "..."?}`), free it with `fourx_cached_workspace_free`.
///
/// Thread-safety: `fourx_cached_workspace_call` may be called from several threads at once on
/// the same handle (the cache is guarded by reader-writer locks, never held during I/O). Only
/// `fourx_cached_workspace_free` needs exclusive access.
pub struct fourx_cached_workspace {
    held: HeldCachedWorkspace,
}

/// Creates a cached workspace from the JSON config `(config, config_len)` (borrowed, not
/// NUL-scanned): `{"root": "<workspace root>", "home"?: "<home for config.load_merged>"}`; a
/// relative `root` is resolved against the process's working directory.
///
/// - On `FOURX_STATUS_OK`, `*out` is the new handle (the caller frees it with
///   `fourx_cached_workspace_free`) and `*err` is a zeroed buffer.
/// - Otherwise `*out` is NULL and `*err` holds the error document (kind `invalid_input`,
///   `input_too_large`, `null_arg`, `invalid_utf8`); the caller frees `*err` with
///   `fourx_buf_free`.
/// - `out == NULL` → `FOURX_STATUS_NULL_ARG` with the error document in `*err`; `err == NULL` →
///   `FOURX_STATUS_NULL_ARG`, nothing created, nothing written but `*out = NULL`.
///
/// Thread-safe.
///
/// # Safety
/// `config` NULL (with `config_len` 0) or valid for `config_len` bytes; `out` and `err` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn fourx_cached_workspace_new(
    config: *const u8,
    config_len: usize,
    out: *mut *mut fourx_cached_workspace,
    err: *mut fourx_buf,
) -> fourx_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        new_handle(config, config_len, out, err, |cfg| {
            Ok(fourx_cached_workspace {
                held: HeldCachedWorkspace::from_config(cfg)?,
            })
        })
    }
}

/// Runs one cached read op (`workspace.list_features`, `workspace.load_feature`,
/// `workspace.read_state`, `config.read`, `config.load_merged`,
/// `workspace.compare_backlog_mirror`, `workspace.cleanable_features`, `miner.scan_*`) through
/// the cache: the input of the plain op of the same name without `root` (and `home` defaults to
/// the config's), the same output. A file changed on disk is re-read on the next call.
///
/// `(input, input_len)` follows `fourx_call`'s rules (`(NULL, 0)` = `{}`, 16 MiB limit before
/// parsing, UTF-8, a JSON object). `out` is always overwritten unless it is NULL
/// (`FOURX_STATUS_NULL_ARG`, nothing written): the result JSON on `FOURX_STATUS_OK`, the error
/// document otherwise (`null_arg` for a NULL `h` or `op`, `unknown_op` for an op outside the
/// list, and the kinds of the plain op, e.g. `not_found`, `invalid_feature_id`, `io_error`). The
/// caller frees `out` with `fourx_buf_free`.
///
/// Thread-safe: `h` may be shared between threads.
///
/// # Safety
/// `h` NULL or a live handle; `op` NULL or NUL-terminated; `input` NULL (with `input_len` 0) or
/// valid for `input_len` bytes; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn fourx_cached_workspace_call(
    h: *const fourx_cached_workspace,
    op: *const c_char,
    input: *const u8,
    input_len: usize,
    out: *mut fourx_buf,
) -> fourx_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { call_handle(h, op, input, input_len, out, |h, op, m| h.held.call(op, m)) }
}

/// Frees a cached workspace handle and its cache; the workspace files stay. NULL is a no-op.
///
/// Not thread-safe with respect to `h`: no other call may be using `h`, and `h` must not be
/// used (or freed again) afterwards.
///
/// # Safety
/// `h` must be NULL or a handle from `fourx_cached_workspace_new` not freed yet, and no other
/// call may be using it.
#[no_mangle]
pub unsafe extern "C" fn fourx_cached_workspace_free(h: *mut fourx_cached_workspace) {
    // SAFETY: forwarded caller guarantee.
    unsafe { free_handle(h) }
}
