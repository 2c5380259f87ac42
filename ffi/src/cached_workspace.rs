//! `fourx_cached_workspace`: the cached reader of one `.4x` workspace held across calls
//! (features.md §13), with the `_new` / `_call` / `_free` pattern of CONVENTIONS.md §C ABI.
//!
//! The cache and the ops are the core's (`workspace::cached_ops`); this module owns only the
//! allocation.

use std::ffi::c_char;

use fourx_core::workspace::cached_ops::HeldCachedWorkspace;

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

/// Creates a cached workspace from the JSON config `{"root", "home"?}`. On success `*out` is the
/// handle and `*err` an empty buffer; on failure `*out` is NULL and `*err` the error document.
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
/// the cache. `*out` receives the result or the error document, as `fourx_call`.
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

/// Frees a cached workspace handle. NULL is a no-op.
///
/// # Safety
/// `h` must be NULL or a handle from `fourx_cached_workspace_new` not freed yet, and no other
/// call may be using it.
#[no_mangle]
pub unsafe extern "C" fn fourx_cached_workspace_free(h: *mut fourx_cached_workspace) {
    // SAFETY: forwarded caller guarantee.
    unsafe { free_handle(h) }
}
