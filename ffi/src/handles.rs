//! Opaque handles where identity matters: `fourx_blueprint_store` (a bound blueprint store) and
//! `fourx_snapshot_cell` (a published snapshot with background rescans), each with the
//! `_new` / `_call` / `_free` pattern of CONVENTIONS.md (ABI).
//!
//! The rules, op names and JSON shapes are the core's handles (`ops::blueprint_store`,
//! `ops::blueprint_cell`, both of the one `ops::Handle` shape); this module owns only what a C host
//! cannot: the allocation, the rescan thread and its clock.

use std::ffi::c_char;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use fourx_core::blueprint::cell::{Executor, ScanOutcome, ScanSource, SnapshotCell};
use fourx_core::ops::blueprint_cell::{self, CellConfig, CellHandle, ScanTarget};
use fourx_core::ops::blueprint_store::HeldStore;
use fourx_core::ops::Handle;
use fourx_core::Error;
use serde_json::{Map, Value};

use super::{boundary, core_err, fourx_buf, fourx_status, input_object, null_arg, op_name};

/// The shared body of every `fourx_<type>_new`: checks `out` and `err`, parses the config and
/// builds the handle with `make`. On success `*out` is the handle and `*err` a zeroed buffer; on
/// failure `*out` is NULL and `*err` the error document.
///
/// # Safety
/// As the `_new` exports: `config` NULL or valid for `len` bytes, `out` NULL or writable, `err`
/// NULL or writable.
pub(crate) unsafe fn new_handle<T>(
    config: *const u8,
    len: usize,
    out: *mut *mut T,
    err: *mut fourx_buf,
    make: impl FnOnce(&Map<String, Value>) -> Result<T, Error>,
) -> fourx_status {
    // SAFETY: the caller guarantees `out` is NULL or valid for writes; a failed `_new` leaves
    // `*out` NULL.
    let out = unsafe { out.as_mut() }.map(|o| {
        *o = std::ptr::null_mut();
        o
    });
    // SAFETY: the caller guarantees `err` is NULL or valid for writes.
    let Some(err) = (unsafe { err.as_mut() }) else {
        return fourx_status::NullArg;
    };
    let mut made: Option<Box<T>> = None;
    let status = boundary(err, || {
        if out.is_none() {
            return Err(null_arg("out"));
        }
        // SAFETY: forwarded caller guarantee.
        let cfg = unsafe { input_object(config, len, "config") }?;
        made = Some(Box::new(make(&cfg).map_err(core_err)?));
        Ok(Value::Null)
    });
    // The closure succeeds only with a handle made and `out` present.
    if let (fourx_status::Ok, Some(handle), Some(o)) = (status, made, out) {
        // SAFETY: `err` holds the buffer `boundary` just wrote.
        unsafe { super::fourx_buf_free(err) };
        *o = Box::into_raw(handle);
    }
    status
}

/// The shared body of every `fourx_<type>_call`.
///
/// # Safety
/// As the `_call` exports.
pub(crate) unsafe fn call_handle<T>(
    h: *const T,
    op: *const c_char,
    input: *const u8,
    len: usize,
    out: *mut fourx_buf,
    run: impl FnOnce(&T, &str, &Map<String, Value>) -> Result<Value, Error>,
) -> fourx_status {
    // SAFETY: the caller guarantees `out` is NULL or valid for writes.
    let Some(out) = (unsafe { out.as_mut() }) else {
        return fourx_status::NullArg;
    };
    boundary(out, || {
        // SAFETY: the caller guarantees `h` is NULL or a live handle of this type.
        let Some(h) = (unsafe { h.as_ref() }) else {
            return Err(null_arg("h"));
        };
        // SAFETY: forwarded caller guarantee.
        let op = unsafe { op_name(op) }?;
        // SAFETY: forwarded caller guarantee.
        let input = unsafe { input_object(input, len, "input") }?;
        run(h, op, &input).map_err(core_err)
    })
}

/// The shared body of every `fourx_<type>_free`.
///
/// # Safety
/// `h` must be NULL or a handle returned by the matching `_new` and not freed yet.
pub(crate) unsafe fn free_handle<T>(h: *mut T) {
    if h.is_null() {
        return;
    }
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: `h` came from `Box::into_raw` in `new_handle` and is freed once.
        drop(unsafe { Box::from_raw(h) });
    }));
}

// ---------------------------------------------------------------------------------------------
// fourx_blueprint_store

/// A blueprint store bound once: a memory store whose content lives in
/// the handle, or the filesystem store of one project. Opaque; create it with
/// `fourx_blueprint_store_new`, free it with `fourx_blueprint_store_free`.
///
/// Thread-safety: every function taking a `const fourx_blueprint_store *` may be called from
/// several threads at once on the same handle. A memory store's writers take turns (they never
/// defer against each other); the fs store's writers, in this or any other process, are ordered
/// by its compare-and-swap (a lost race is a `fold_conflict` deferral, never a lost update). Only
/// `fourx_blueprint_store_free` needs exclusive access.
pub struct fourx_blueprint_store {
    pub(crate) held: HeldStore,
}

/// Creates a blueprint store handle from its config JSON `(config, config_len)` (borrowed, not
/// NUL-scanned):
/// `{"store": {"kind": "memory", "content"?: "<text>", "revisions"?: [{name, content}]}}` or
/// `{"store": {"kind": "fs", "dir": "/abs/storage/dir"}, "home": "/abs/home", "repo_root":
/// "/abs/repo"}` — the `store`, `home` and `repo_root` keys of `blueprint.commit`. The fs form
/// runs the root guard now.
///
/// - On `FOURX_STATUS_OK`, `*out` is the new handle (the caller frees it with
///   `fourx_blueprint_store_free`) and `*err` is a zeroed buffer.
/// - Otherwise `*out` is NULL and `*err` holds the error document (kind `invalid_input`,
///   `invalid_path`, `no_home`, the guard kinds, `input_too_large`, `null_arg`, `invalid_utf8`);
///   the caller frees `*err` with `fourx_buf_free`.
/// - `out == NULL` → `FOURX_STATUS_NULL_ARG` with the error document in `*err`; `err == NULL` →
///   `FOURX_STATUS_NULL_ARG`, nothing created, nothing written but `*out = NULL`.
///
/// Thread-safe.
///
/// # Safety
/// `config` must be NULL or valid for `config_len` bytes; `out` NULL or writable; `err` NULL or
/// writable for one `fourx_buf`.
#[no_mangle]
pub unsafe extern "C" fn fourx_blueprint_store_new(
    config: *const u8,
    config_len: usize,
    out: *mut *mut fourx_blueprint_store,
    err: *mut fourx_buf,
) -> fourx_status {
    fourx_store_pg::register();
    // SAFETY: forwarded caller guarantees.
    unsafe {
        new_handle(config, config_len, out, err, |cfg| {
            HeldStore::new(cfg).map(|held| fourx_blueprint_store { held })
        })
    }
}

/// Runs one op against the store: `op` is NUL-terminated, a full name or its short alias, one of
/// - `"blueprint.commit"` (alias `"commit"`): the input of `blueprint.commit` without
///   `store`/`home`/`repo_root` → `{result, written, attempts}`; a lost race is status `FOURX_STATUS_ERROR` with kind `fold_conflict` and
///   the fold account in `error.result` (a deferral, not a failure);
/// - `"blueprint.gc"` (alias `"gc"`): `{snapshot, now, nonce}` → the output of `blueprint.gc`
///   without `store`;
/// - `"blueprint.store.read"` (alias `"read"`): `{}` → `{content, exists, revisions}` (`content`
///   `""` when there is no file yet, revision names sorted);
/// - `"blueprint.render_index"` / `"blueprint.read_module"` (aliases `"render_index"` /
///   `"read_module"`): the input of `blueprint.render_index` / `blueprint.read_module` without
///   `doc`, which is read from the store.
///
/// `(input, input_len)` follows `fourx_call`'s rules (`(NULL, 0)` = `{}`, 16 MiB limit before
/// parsing, UTF-8, a JSON object). `out` is always overwritten unless it is NULL
/// (`FOURX_STATUS_NULL_ARG`, nothing written): the result JSON on `FOURX_STATUS_OK`, the error
/// document otherwise (`null_arg` for a NULL `h` or `op`, `unknown_op`, `invalid_input` when the
/// input re-binds `store`/`home`/`repo_root`/`doc`, and the kinds of the blueprint op). The caller
/// frees `out` with `fourx_buf_free`.
///
/// Thread-safe: `h` may be shared between threads.
///
/// # Safety
/// `h` must be NULL or a live handle; `op` NULL or NUL-terminated; `input` NULL or valid for
/// `input_len` bytes; `out` NULL or writable for one `fourx_buf`.
#[no_mangle]
pub unsafe extern "C" fn fourx_blueprint_store_call(
    h: *const fourx_blueprint_store,
    op: *const c_char,
    input: *const u8,
    input_len: usize,
    out: *mut fourx_buf,
) -> fourx_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { call_handle(h, op, input, input_len, out, |h, op, m| h.held.call(op, m)) }
}

/// Frees a blueprint store handle. NULL is a no-op. The memory store's content is gone with it;
/// the fs store's files stay.
///
/// Not thread-safe with respect to `h`: no other call may be using `h`, and `h` must not be
/// used (or freed again) afterwards.
///
/// # Safety
/// `h` must be NULL or a handle from `fourx_blueprint_store_new` not freed yet.
#[no_mangle]
pub unsafe extern "C" fn fourx_blueprint_store_free(h: *mut fourx_blueprint_store) {
    // SAFETY: forwarded caller guarantee.
    unsafe { free_handle(h) }
}

// ---------------------------------------------------------------------------------------------
// fourx_snapshot_cell

type Job = Box<dyn FnOnce() + Send + 'static>;

/// The background thread a cell owns: runs rescan jobs one at a time; joined on drop.
struct Worker {
    tx: Mutex<Option<Sender<Job>>>,
    thread: Option<JoinHandle<()>>,
}

impl Worker {
    fn spawn() -> std::io::Result<Worker> {
        let (tx, rx) = channel::<Job>();
        let thread = std::thread::Builder::new()
            .name("fourx-rescan".into())
            .spawn(move || {
                for job in rx {
                    // A job never panics (its scan is caught below); this keeps the thread alive
                    // should a bug make one do so anyway.
                    let _ = catch_unwind(AssertUnwindSafe(job));
                }
            })?;
        Ok(Worker {
            tx: Mutex::new(Some(tx)),
            thread: Some(thread),
        })
    }
}

impl Executor for Worker {
    fn execute(&self, job: Job) {
        let sent = self
            .tx
            .lock()
            .ok()
            .and_then(|tx| tx.as_ref().map(|tx| tx.send(job)));
        // If the thread is gone the job is dropped; the cell then keeps its snapshot.
        drop(sent);
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        if let Ok(mut tx) = self.tx.lock() {
            tx.take();
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// A rescan measured by the host's monotonic clock (the cell's cost mode needs the duration).
struct TimedRescan {
    target: ScanTarget,
}

impl ScanSource for TimedRescan {
    fn scan(&self) -> ScanOutcome {
        let start = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| blueprint_cell::rescan(&self.target)))
            .unwrap_or_else(|_| Err("panic: the rescan panicked (a bug in fourx)".to_string()));
        ScanOutcome {
            result,
            sample_ms: start.elapsed().as_secs_f64() * 1000.0,
        }
    }
}

/// The published blueprint snapshot of one repository with a background
/// rescan thread the handle owns. Opaque; create it with `fourx_snapshot_cell_new`, free it with
/// `fourx_snapshot_cell_free` (which joins the thread).
///
/// Thread-safety: every function taking a `const fourx_snapshot_cell *` may be called from
/// several threads at once on the same handle; `load` and `request` never block (not even while
/// a rescan publishes). Only `fourx_snapshot_cell_free` needs exclusive access.
pub struct fourx_snapshot_cell {
    // The worker is the handle's executor, dropped last: it joins the rescan thread after the
    // handle's own references are gone.
    held: CellHandle<Worker>,
}

/// Creates a snapshot cell from its config JSON `(config, config_len)` (borrowed):
/// `{"root": "/abs/repo", "max_file_bytes"?: n, "snapshot"?: {modules, edges, repo_token?}}`.
/// `root` is what rescans scan (`blueprint.scan`); `snapshot` is published first (default
/// empty). Starts the handle's rescan thread.
///
/// - On `FOURX_STATUS_OK`, `*out` is the new handle (the caller frees it with
///   `fourx_snapshot_cell_free`) and `*err` is a zeroed buffer.
/// - Otherwise `*out` is NULL and `*err` holds the error document (kind `invalid_input`,
///   `invalid_path` for a relative `root`, `invalid_snapshot`, `io_error` when the thread cannot
///   start, `input_too_large`, `null_arg`, `invalid_utf8`); the caller frees `*err` with
///   `fourx_buf_free`.
/// - `out == NULL` → `FOURX_STATUS_NULL_ARG` with the error document in `*err`; `err == NULL` →
///   `FOURX_STATUS_NULL_ARG`, nothing created, nothing written but `*out = NULL`.
///
/// Thread-safe.
///
/// # Safety
/// `config` must be NULL or valid for `config_len` bytes; `out` NULL or writable; `err` NULL or
/// writable for one `fourx_buf`.
#[no_mangle]
pub unsafe extern "C" fn fourx_snapshot_cell_new(
    config: *const u8,
    config_len: usize,
    out: *mut *mut fourx_snapshot_cell,
    err: *mut fourx_buf,
) -> fourx_status {
    // SAFETY: forwarded caller guarantees.
    unsafe {
        new_handle(config, config_len, out, err, |cfg| {
            let cfg = CellConfig::from_json(cfg)?;
            let worker = Worker::spawn()
                .map_err(|e| Error::io("starting the snapshot cell's rescan thread", &e))?;
            let source: Arc<dyn ScanSource> = Arc::new(TimedRescan { target: cfg.scan });
            Ok(fourx_snapshot_cell {
                held: CellHandle::new(SnapshotCell::new(cfg.initial), source, worker),
            })
        })
    }
}

/// Runs one op against the cell: `op` is NUL-terminated, a full name or its short alias, one of
/// - `"blueprint.cell.load"` (alias `"load"`): `{}` → `{snapshot, repo_token, scanning,
///   last_error, cost}` (the published snapshot; `last_error` is the last failed rescan's message or null; `cost` is
///   `{mode, expires_at}` once a rescan was timed, else null);
/// - `"blueprint.cell.request"` (alias `"request"`): `{repo_token, now}` (`now` RFC 3339,
///   upper-case `T`/`Z`) → as `load`, at once; when `repo_token` differs from the published one and the cost policy allows, one rescan
///   starts on the handle's thread (a failed rescan keeps the published snapshot);
/// - `"blueprint.cell.publish"` (alias `"publish"`): `{snapshot}` → `{published}` (`false` while
///   a rescan holds the writer token; `snapshot.repo_token` is kept).
///
/// `(input, input_len)` follows `fourx_call`'s rules. `out` is always overwritten unless it is
/// NULL (`FOURX_STATUS_NULL_ARG`, nothing written): the result JSON on `FOURX_STATUS_OK`, the error
/// document otherwise (`null_arg`, `unknown_op`, `invalid_input`, `invalid_time`,
/// `invalid_snapshot`). The caller frees `out` with `fourx_buf_free`.
///
/// Thread-safe: `h` may be shared between threads; never blocks on a running rescan.
///
/// # Safety
/// `h` must be NULL or a live handle; `op` NULL or NUL-terminated; `input` NULL or valid for
/// `input_len` bytes; `out` NULL or writable for one `fourx_buf`.
#[no_mangle]
pub unsafe extern "C" fn fourx_snapshot_cell_call(
    h: *const fourx_snapshot_cell,
    op: *const c_char,
    input: *const u8,
    input_len: usize,
    out: *mut fourx_buf,
) -> fourx_status {
    // SAFETY: forwarded caller guarantees.
    unsafe { call_handle(h, op, input, input_len, out, |h, op, m| h.held.call(op, m)) }
}

/// Frees a snapshot cell: waits for a running rescan to finish, joins the handle's thread, then
/// releases the snapshot. NULL is a no-op.
///
/// Not thread-safe with respect to `h`: no other call may be using `h`, and `h` must not be
/// used (or freed again) afterwards.
///
/// # Safety
/// `h` must be NULL or a handle from `fourx_snapshot_cell_new` not freed yet.
#[no_mangle]
pub unsafe extern "C" fn fourx_snapshot_cell_free(h: *mut fourx_snapshot_cell) {
    // SAFETY: forwarded caller guarantee.
    unsafe { free_handle(h) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fourx_buf_free;

    fn empty() -> fourx_buf {
        fourx_buf {
            ptr: std::ptr::null_mut(),
            len: 0,
        }
    }

    /// The JSON a buffer holds; frees it.
    fn take(buf: &mut fourx_buf) -> Value {
        // SAFETY: the buffer was written by the library.
        let v = serde_json::from_slice(unsafe { std::slice::from_raw_parts(buf.ptr, buf.len) })
            .unwrap_or(Value::Null);
        // SAFETY: freeing what the library wrote.
        unsafe { fourx_buf_free(buf) };
        v
    }

    #[test]
    fn a_failed_new_leaves_out_null_and_explains_in_err() {
        let mut h: *mut fourx_blueprint_store = std::ptr::NonNull::dangling().as_ptr();
        let mut err = empty();
        let cfg = br#"{"store": 1}"#;
        // SAFETY: valid pointers.
        let st = unsafe { fourx_blueprint_store_new(cfg.as_ptr(), cfg.len(), &mut h, &mut err) };
        assert_eq!(st, fourx_status::Error);
        assert!(h.is_null());
        assert_eq!(take(&mut err)["error"]["kind"], "invalid_input");
        // SAFETY: a NULL err is reported, `*out` reset.
        let st = unsafe {
            fourx_blueprint_store_new(cfg.as_ptr(), cfg.len(), &mut h, std::ptr::null_mut())
        };
        assert_eq!(st, fourx_status::NullArg);
        assert!(h.is_null());
    }

    #[test]
    fn a_store_handle_commits_and_reads_back() {
        let mut h: *mut fourx_blueprint_store = std::ptr::null_mut();
        let mut err = empty();
        let cfg = br#"{"store": {"content": ""}}"#;
        // SAFETY: valid pointers.
        let st = unsafe { fourx_blueprint_store_new(cfg.as_ptr(), cfg.len(), &mut h, &mut err) };
        assert_eq!(st, fourx_status::Ok);
        assert!(err.ptr.is_null() && !h.is_null());
        let input = br#"{"items": [{"module": "a", "field": "purpose", "where": "", "claim": "Holds the a module."}],
            "snapshot": {"modules": ["a"]}, "evidence": ["a"], "now": "2026-03-01T12:00:00Z", "nonce": "0a0b0c0d"}"#;
        let mut out = empty();
        // SAFETY: valid pointers; `h` is live.
        let st = unsafe {
            fourx_blueprint_store_call(h, c"commit".as_ptr(), input.as_ptr(), input.len(), &mut out)
        };
        assert_eq!(st, fourx_status::Ok);
        assert_eq!(take(&mut out)["written"], true);
        // SAFETY: as above; `(NULL, 0)` is `{}`.
        let st = unsafe {
            fourx_blueprint_store_call(h, c"read".as_ptr(), std::ptr::null(), 0, &mut out)
        };
        assert_eq!(st, fourx_status::Ok);
        let read = take(&mut out);
        assert!(read["content"]
            .as_str()
            .unwrap_or("")
            .contains("Holds the a module."));
        // SAFETY: freed once; NULL is a no-op.
        unsafe {
            fourx_blueprint_store_free(h);
            fourx_blueprint_store_free(std::ptr::null_mut());
        }
    }

    #[test]
    fn freeing_a_cell_joins_its_rescan_thread() {
        let mut h: *mut fourx_snapshot_cell = std::ptr::null_mut();
        let mut err = empty();
        let cfg = br#"{"root": "/nonexistent/fourx-ffi-test"}"#;
        // SAFETY: valid pointers.
        let st = unsafe { fourx_snapshot_cell_new(cfg.as_ptr(), cfg.len(), &mut h, &mut err) };
        assert_eq!(st, fourx_status::Ok);
        let input = br#"{"repo_token": "t1", "now": "2026-03-01T12:00:00Z"}"#;
        let mut out = empty();
        // SAFETY: valid pointers; `h` is live.
        let st = unsafe {
            fourx_snapshot_cell_call(
                h,
                c"request".as_ptr(),
                input.as_ptr(),
                input.len(),
                &mut out,
            )
        };
        assert_eq!(st, fourx_status::Ok);
        // `scanning` is not asserted: the rescan thread may already have finished (a scan of a
        // missing root fails at once). That the job ran and was joined is checked below.
        assert!(take(&mut out)["scanning"].is_boolean());
        // SAFETY: `h` is live and freed once.
        let cell = Arc::clone(unsafe { (*h).held.cell() });
        // SAFETY: as above.
        unsafe { fourx_snapshot_cell_free(h) };
        // The thread was joined: the job finished and dropped its reference to the cell.
        assert!(!cell.is_scanning());
        assert_eq!(Arc::strong_count(&cell), 1);
        assert!(cell.last_error().is_some());
    }
}
