//! `fourx_workspace`: one workspace bound to its run-state store (the `.4x` files, or a shared
//! database such as PostgreSQL), with the `_new` / `_call` / `_free` pattern of CONVENTIONS.md
//! (ABI).
//!
//! The config, the ops and their JSON shapes are the core's (`ops::workspace_handle`, one
//! `ops::Handle`); this module owns only the allocation.

use std::ffi::c_char;

use fourx_core::ops::workspace_handle::HeldWorkspace;
use fourx_core::ops::Handle;

use super::handles::{call_handle, free_handle, new_handle};
use super::{fourx_buf, fourx_status};

/// A workspace bound to its run-state store. Opaque; create it with `fourx_workspace_new`, free
/// it with `fourx_workspace_free`.
///
/// Thread-safety: `fourx_workspace_call` may be called from several threads at once on the same
/// handle; the store orders concurrent writers (file locks, database transactions). Only
/// `fourx_workspace_free` needs exclusive access.
pub struct fourx_workspace {
    held: HeldWorkspace,
}

/// Creates a workspace handle from the JSON config `(config, config_len)` (borrowed, not
/// NUL-scanned): `{"root": "<workspace root>", "store"?: <run store>}` where the run store is
/// absent (the `.4x` files of `root`), `{"kind": "fs"}` (the same files through the core's
/// run-state store) or `{"kind": "postgres", "url": "postgresql://…", "schema"?: "fourx",
/// "workspace"?: "default", "pool_size"?: n, "connect_timeout_ms"?: 10000,
/// "statement_timeout_ms"?: 30000, "lock_timeout_ms"?: 5000}`. The store is opened now: the
/// schema of a database is created and migrated, an unreachable or silent server is an error
/// here, not at the first write. Every call on a PostgreSQL store is bounded by those deadlines
/// (`io_error` naming the key past one). After `fork`, a child using the handle opens its own
/// connections and leaves the parent's untouched.
///
/// - On `FOURX_STATUS_OK`, `*out` is the new handle (the caller frees it with
///   `fourx_workspace_free`) and `*err` is a zeroed buffer.
/// - Otherwise `*out` is NULL and `*err` holds the error document (kind `invalid_input`,
///   `invalid_config`, `io_error` — whose message never contains the URL or its password —,
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
pub unsafe extern "C" fn fourx_workspace_new(
    config: *const u8,
    config_len: usize,
    out: *mut *mut fourx_workspace,
    err: *mut fourx_buf,
) -> fourx_status {
    fourx_store_pg::register();
    // SAFETY: forwarded caller guarantees.
    unsafe {
        new_handle(config, config_len, out, err, |cfg| {
            Ok(fourx_workspace {
                held: HeldWorkspace::new(cfg)?,
            })
        })
    }
}

/// Runs one run-state op on the bound workspace: `op` (NUL-terminated) is one of
/// `workspace.read_state`, `workspace.write_state`, `workspace.append_event`,
/// `workspace.request_stop`, `workspace.stop_requested`, `workspace.clear_stop`,
/// `workspace.total_cost`, `workspace.check_events`, `workspace.worktree_path`,
/// `workspace.claim`, `workspace.release`, `workspace.export`, `workspace.import` — the input of
/// the plain op of that name without `root` and `store` (fixed by the config), the same output.
/// A write presenting the `lease` a `workspace.claim` returned is refused with `lease_lost` once
/// a newer owner holds the feature.
///
/// `(input, input_len)` follows `fourx_call`'s rules (`(NULL, 0)` = `{}`, 16 MiB limit before
/// parsing, UTF-8, a JSON object). `out` is always overwritten unless it is NULL
/// (`FOURX_STATUS_NULL_ARG`, nothing written): the result JSON on `FOURX_STATUS_OK`, the error
/// document otherwise (`null_arg` for a NULL `h` or `op`, `unknown_op` for an op outside the
/// list, `invalid_input` when the input re-binds `root` or `store`, and the kinds of the plain
/// op, e.g. `not_found`, `lease_lost`, `io_error`). The caller frees `out` with
/// `fourx_buf_free`.
///
/// Thread-safe: `h` may be shared between threads.
///
/// # Safety
/// `h` NULL or a live handle; `op` NULL or NUL-terminated; `input` NULL (with `input_len` 0) or
/// valid for `input_len` bytes; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn fourx_workspace_call(
    h: *const fourx_workspace,
    op: *const c_char,
    input: *const u8,
    input_len: usize,
    out: *mut fourx_buf,
) -> fourx_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { call_handle(h, op, input, input_len, out, |h, op, m| h.held.call(op, m)) }
}

/// Frees a workspace handle; the run state stays in its store. NULL is a no-op.
///
/// Not thread-safe with respect to `h`: no other call may be using `h`, and `h` must not be
/// used (or freed again) afterwards.
///
/// # Safety
/// `h` must be NULL or a handle from `fourx_workspace_new` not freed yet, and no other call may
/// be using it.
#[no_mangle]
pub unsafe extern "C" fn fourx_workspace_free(h: *mut fourx_workspace) {
    // SAFETY: forwarded caller guarantee.
    unsafe { free_handle(h) }
}
