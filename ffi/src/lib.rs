//! The C ABI of fourx: `libfourx.so` / `libfourx.a` and `include/fourx.h`.
//!
//! Every export is a plain `extern "C"` function whose body runs inside one panic-boundary helper, so no panic
//! ever unwinds into C. Results and errors travel in a [`fourx_buf`] the caller frees with
//! [`fourx_buf_free`]; the status says which of the two it holds. All logic lives in
//! `fourx_core`; this crate only converts and forwards.
#![allow(non_camel_case_types)]

mod cached_workspace;
mod counter;
mod fast;
mod handles;
mod run;
mod workspace;

pub use cached_workspace::*;
pub use counter::*;
pub use fast::*;
pub use handles::*;
pub use run::*;
pub use workspace::*;

use std::ffi::{c_char, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

use fourx_core::{ops, Error, ErrorKind};
use serde_json::{Map, Value};

/// Major version of the library.
pub const FOURX_VERSION_MAJOR: u32 = 0;
/// Minor version of the library.
pub const FOURX_VERSION_MINOR: u32 = 1;
/// Patch version of the library.
pub const FOURX_VERSION_PATCH: u32 = 0;
/// `major * 1000000 + minor * 1000 + patch`, as returned by `fourx_version_number()`.
pub const FOURX_VERSION_NUMBER: u32 = 1000;

/// The outcome of a call. Any status other than `FOURX_STATUS_OK` means the output buffer holds
/// the error document `{"error":{"kind":"...","message":"..."}}`.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum fourx_status {
    /// Success: the output buffer holds the result JSON.
    Ok = 0,
    /// The operation failed; the error document names the kind.
    Error = 1,
    /// A required pointer was NULL (kind `null_arg`).
    NullArg = 2,
    /// The op name or the input was not valid UTF-8 (kind `invalid_utf8`).
    InvalidUtf8 = 3,
    /// A bug inside fourx was caught at the boundary (kind `panic`); the process is unharmed.
    Panic = 4,
}

/// A byte buffer owned by libfourx. `ptr` is followed by one NUL byte that `len` does not count.
/// Free it with `fourx_buf_free`; a zeroed buffer (`{NULL, 0}`) owns nothing.
#[repr(C)]
#[derive(Debug)]
pub struct fourx_buf {
    /// The bytes (UTF-8 JSON), or NULL for an empty buffer.
    pub ptr: *mut u8,
    /// The number of bytes, not counting the trailing NUL.
    pub len: usize,
}

impl fourx_buf {
    /// Serialises `v` into the thread's scratch buffer, then copies it into an allocation of
    /// exactly its length plus the NUL: one allocation, no regrowth of the handed-out buffer and
    /// no shrinking reallocation (callgrind: ≈ 550 of the ≈ 1,200 instructions the delivery of
    /// a small result cost). A scratch buffer grown past `SCRATCH_KEEP` is released after use.
    fn from_value<T: serde::Serialize + ?Sized>(v: &T) -> fourx_buf {
        const SCRATCH_KEEP: usize = 1 << 20;
        thread_local! {
            static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        let copy = |scratch: &mut Vec<u8>| {
            scratch.clear();
            if serde_json::to_writer(&mut *scratch, v).is_err() {
                scratch.clear();
                scratch.extend_from_slice(b"null");
            }
            let len = scratch.len();
            let mut boxed = vec![0u8; len + 1].into_boxed_slice();
            boxed[..len].copy_from_slice(scratch);
            if scratch.capacity() > SCRATCH_KEEP {
                *scratch = Vec::new();
            }
            fourx_buf {
                ptr: Box::into_raw(boxed) as *mut u8,
                len,
            }
        };
        SCRATCH
            .try_with(|cell| match cell.try_borrow_mut() {
                Ok(mut scratch) => copy(&mut scratch),
                Err(_) => copy(&mut Vec::new()),
            })
            .unwrap_or_else(|_| copy(&mut Vec::new()))
    }
}

/// Writes the outcome into `out` and returns its status.
fn deliver<T: serde::Serialize>(
    out: &mut fourx_buf,
    result: Result<T, (fourx_status, Error)>,
) -> fourx_status {
    match result {
        Ok(v) => {
            *out = fourx_buf::from_value(&v);
            fourx_status::Ok
        }
        Err((status, e)) => {
            *out = fourx_buf::from_value(&e.to_json());
            status
        }
    }
}

/// The error for a panic caught at the boundary.
fn panic_error(payload: &(dyn std::any::Any + Send)) -> Error {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    Error::new(
        ErrorKind::Panic,
        format!("internal error (a bug in fourx, please report it): {what}"),
    )
}

/// The panic boundary every export runs in: `f` computes the outcome; a panic becomes status
/// `FOURX_STATUS_PANIC` with kind `panic`. `out` must be non-NULL (checked by the caller).
fn boundary<T: serde::Serialize>(
    out: &mut fourx_buf,
    f: impl FnOnce() -> Result<T, (fourx_status, Error)>,
) -> fourx_status {
    let result = catch_unwind(AssertUnwindSafe(f))
        .unwrap_or_else(|payload| Err((fourx_status::Panic, panic_error(&*payload))));
    deliver(out, result)
}

fn core_err(e: Error) -> (fourx_status, Error) {
    (fourx_status::Error, e)
}

fn null_arg(what: &str) -> (fourx_status, Error) {
    (
        fourx_status::NullArg,
        Error::new(ErrorKind::NullArg, format!("`{what}` must not be NULL")),
    )
}

fn invalid_utf8(what: &str) -> (fourx_status, Error) {
    (
        fourx_status::InvalidUtf8,
        Error::new(
            ErrorKind::InvalidUtf8,
            format!("`{what}` is not valid UTF-8"),
        ),
    )
}

/// Borrows `(ptr, len)` as bytes; `(NULL, 0)` is the empty slice.
///
/// # Safety
/// A non-NULL `ptr` must be valid for reads of `len` bytes.
unsafe fn bytes<'a>(
    ptr: *const u8,
    len: usize,
    what: &str,
) -> Result<&'a [u8], (fourx_status, Error)> {
    if ptr.is_null() {
        if len == 0 {
            return Ok(&[]);
        }
        return Err(null_arg(what));
    }
    // SAFETY: the caller guarantees `ptr` is valid for `len` bytes.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// Borrows an input payload as UTF-8 text with the boundary's order of checks: NULL with a
/// length (`null_arg`), then size before anything else (`input_too_large`), then UTF-8.
///
/// # Safety
/// A non-NULL `ptr` must be valid for reads of `len` bytes.
unsafe fn input_text<'a>(
    ptr: *const u8,
    len: usize,
    what: &str,
) -> Result<&'a str, (fourx_status, Error)> {
    // SAFETY: forwarded caller guarantee.
    let raw = unsafe { bytes(ptr, len, what) }?;
    if raw.len() > ops::MAX_INPUT_BYTES {
        return Err(core_err(Error::new(
            ErrorKind::InputTooLarge,
            format!(
                "`{what}` is {} bytes; the limit is {} bytes",
                raw.len(),
                ops::MAX_INPUT_BYTES
            ),
        )));
    }
    std::str::from_utf8(raw).map_err(|_| invalid_utf8(what))
}

/// Parses an input payload as a JSON object (`(NULL, 0)` is `{}`), with the checks of
/// [`input_text`] and then those of `ops::parse_input` (JSON, depth) and the object rule.
///
/// # Safety
/// A non-NULL `ptr` must be valid for reads of `len` bytes.
unsafe fn input_object(
    ptr: *const u8,
    len: usize,
    what: &str,
) -> Result<Map<String, Value>, (fourx_status, Error)> {
    // SAFETY: forwarded caller guarantee.
    let text = unsafe { input_text(ptr, len, what) }?;
    match ops::parse_input(text.as_bytes()).map_err(core_err)? {
        Value::Object(map) => Ok(map),
        _ => Err(core_err(
            Error::invalid_input(format!("`{what}` must be a JSON object")).with_field(what),
        )),
    }
}

/// Borrows a NUL-terminated op name as UTF-8.
///
/// # Safety
/// A non-NULL `op` must point to a NUL-terminated string.
unsafe fn op_name<'a>(op: *const c_char) -> Result<&'a str, (fourx_status, Error)> {
    if op.is_null() {
        return Err(null_arg("op"));
    }
    // SAFETY: the caller guarantees a NUL-terminated string.
    let cstr = unsafe { CStr::from_ptr(op) };
    cstr.to_str().map_err(|_| invalid_utf8("op"))
}

/// Runs one operation of the catalog.
///
/// - `op`: NUL-terminated op name such as `"state.can_transition"` (borrowed).
/// - `input`, `input_len`: the input JSON object (borrowed, not NUL-scanned). `(NULL, 0)` means
///   `{}`; `NULL` with a non-zero length is `FOURX_STATUS_NULL_ARG`. More than 16 MiB is refused
///   before parsing (kind `input_too_large`).
/// - `out`: always overwritten (never freed first) unless it is NULL, in which case
///   `FOURX_STATUS_NULL_ARG` is returned and nothing is written. On `FOURX_STATUS_OK` it holds the
///   result JSON, otherwise the error document. The caller frees it with `fourx_buf_free`.
///
/// Thread-safe. A call keeps no state of its own for the next one, with two process-wide
/// exceptions that live until the process exits: the table of store backends (the PostgreSQL
/// backend is registered under `"postgres"` on the first call) and, per distinct PostgreSQL store
/// config a call names, its open connection pool (opened and migrated once, then reused by every
/// later call and handle with the same config; a dropped connection is reopened on the next
/// call). Neither holds caller data beyond the config; the config's URL is never shown.
///
/// # Safety
/// `op` must be NULL or NUL-terminated; `input` must be NULL or valid for `input_len` bytes;
/// `out` must be NULL or point to writable memory for one `fourx_buf`.
#[no_mangle]
pub unsafe extern "C" fn fourx_call(
    op: *const c_char,
    input: *const u8,
    input_len: usize,
    out: *mut fourx_buf,
) -> fourx_status {
    fourx_store_pg::register();
    // SAFETY: the caller guarantees `out` is NULL or valid for writes.
    let Some(out) = (unsafe { out.as_mut() }) else {
        return fourx_status::NullArg;
    };
    boundary(out, || {
        // SAFETY: forwarded caller guarantees.
        let op = unsafe { op_name(op) }?;
        // SAFETY: forwarded caller guarantees.
        let text = unsafe { input_text(input, input_len, "input") }?;
        if let Some(typed) = typed_input(op, text) {
            return typed.run().map(Outcome::Typed).map_err(core_err);
        }
        ops::call_bytes(op, text.as_bytes())
            .map(Outcome::Value)
            .map_err(core_err)
    })
}

/// The input of an op of `ops::typed` read in one pass over the bytes into the op's types
/// (serde_json's reader: 127 levels at most, as `ops::typed` requires), `None` when the op has no
/// typed entry or the reader declines the text (then `ops::call_bytes` decides, errors
/// included). An empty text is `{}` on that path.
fn typed_input(op: &str, text: &str) -> Option<ops::TypedInput> {
    if text.is_empty() {
        return None;
    }
    let mut de = serde_json::Deserializer::from_str(text);
    let typed = ops::TypedInput::decode(op, &mut de)?;
    de.end().ok().map(|()| typed)
}

/// A result of `fourx_call`: from the typed entry or from the `Value` path; both write the same
/// bytes for the same input.
enum Outcome {
    Typed(ops::TypedOutput),
    Value(Value),
}

impl serde::Serialize for Outcome {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Outcome::Typed(t) => t.serialize(s),
            Outcome::Value(v) => v.serialize(s),
        }
    }
}

/// Frees a buffer written by libfourx and zeroes the struct. `buf == NULL`, a zeroed buffer and
/// a buffer already freed by this function are no-ops.
///
/// Thread-safe for distinct buffers; one buffer must not be freed from two threads at once.
///
/// # Safety
/// `buf` must be NULL or point to a `fourx_buf` that is zeroed or was filled by libfourx and not
/// modified since.
#[no_mangle]
pub unsafe extern "C" fn fourx_buf_free(buf: *mut fourx_buf) {
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: the caller guarantees `buf` is NULL or valid.
        let Some(buf) = (unsafe { buf.as_mut() }) else {
            return;
        };
        if !buf.ptr.is_null() {
            let slice = std::ptr::slice_from_raw_parts_mut(buf.ptr, buf.len + 1);
            // SAFETY: `ptr` came from `Box<[u8]>` of `len + 1` bytes in `fourx_buf::from_value`.
            drop(unsafe { Box::from_raw(slice) });
        }
        buf.ptr = std::ptr::null_mut();
        buf.len = 0;
    }));
}

/// The library version as a static NUL-terminated string such as `"0.1.0"`. Never free it.
/// Thread-safe.
#[no_mangle]
pub extern "C" fn fourx_version() -> *const c_char {
    static VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");
    VERSION.as_ptr().cast()
}

/// The library version as `major * 1000000 + minor * 1000 + patch` (`FOURX_VERSION_NUMBER` of
/// the header the program was compiled with may differ from this when linked dynamically).
/// Thread-safe.
#[no_mangle]
pub extern "C" fn fourx_version_number() -> u32 {
    ops::version_number()
}

/// Test-only export (feature `test-panic`): panics inside the boundary. Returns
/// `FOURX_STATUS_PANIC` with kind `panic` in `out` (or `FOURX_STATUS_NULL_ARG` for a NULL `out`).
/// The caller frees `out` with `fourx_buf_free`. Thread-safe.
///
/// # Safety
/// `out` must be NULL or point to writable memory for one `fourx_buf`.
#[cfg(feature = "test-panic")]
#[no_mangle]
pub unsafe extern "C" fn fourx_test_panic(out: *mut fourx_buf) -> fourx_status {
    // SAFETY: the caller guarantees `out` is NULL or valid for writes.
    let Some(out) = (unsafe { out.as_mut() }) else {
        return fourx_status::NullArg;
    };
    boundary::<Value>(out, || panic!("fourx_test_panic was called"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(op: &str, input: &[u8]) -> (fourx_status, Value) {
        let op = std::ffi::CString::new(op).unwrap();
        let mut out = fourx_buf {
            ptr: std::ptr::null_mut(),
            len: 0,
        };
        // SAFETY: valid pointers for the duration of the call.
        let status = unsafe { fourx_call(op.as_ptr(), input.as_ptr(), input.len(), &mut out) };
        // SAFETY: `out` was filled by fourx_call.
        let text = unsafe { std::slice::from_raw_parts(out.ptr, out.len) };
        // SAFETY: the byte after the result is the NUL.
        assert_eq!(unsafe { *out.ptr.add(out.len) }, 0);
        let v: Value = serde_json::from_slice(text).unwrap();
        // SAFETY: freeing what the library wrote, twice (the second is a no-op).
        unsafe {
            fourx_buf_free(&mut out);
            fourx_buf_free(&mut out);
        }
        assert!(out.ptr.is_null());
        (status, v)
    }

    #[test]
    fn version_macros_equal_the_crate_version() {
        let v = env!("CARGO_PKG_VERSION");
        assert_eq!(
            v,
            format!("{FOURX_VERSION_MAJOR}.{FOURX_VERSION_MINOR}.{FOURX_VERSION_PATCH}")
        );
        assert_eq!(
            FOURX_VERSION_NUMBER,
            FOURX_VERSION_MAJOR * 1_000_000 + FOURX_VERSION_MINOR * 1_000 + FOURX_VERSION_PATCH
        );
        assert_eq!(fourx_version_number(), FOURX_VERSION_NUMBER);
        // SAFETY: static NUL-terminated string.
        let s = unsafe { CStr::from_ptr(fourx_version()) };
        assert_eq!(s.to_str().unwrap(), v);
    }

    #[test]
    fn ok_call_returns_result_json() {
        let (status, v) = call("meta.version", b"{}");
        assert_eq!(status, fourx_status::Ok);
        assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    }

    #[test]
    fn errors_carry_kind_and_status() {
        let (status, v) = call("no.such", b"{}");
        assert_eq!(status, fourx_status::Error);
        assert_eq!(v["error"]["kind"], "unknown_op");
        let (status, v) = call("meta.version", b"[1]");
        assert_eq!(status, fourx_status::Error);
        assert_eq!(v["error"]["kind"], "invalid_input");
        let (status, v) = call("meta.version", b"{\"a\":\"\xff\"}");
        assert_eq!(status, fourx_status::InvalidUtf8);
        assert_eq!(v["error"]["kind"], "invalid_utf8");
    }

    #[test]
    fn null_out_is_null_arg_and_null_input_rules_hold() {
        let op = c"meta.version";
        // SAFETY: NULL out is allowed and reported.
        let status = unsafe { fourx_call(op.as_ptr(), std::ptr::null(), 0, std::ptr::null_mut()) };
        assert_eq!(status, fourx_status::NullArg);
        let mut out = fourx_buf {
            ptr: std::ptr::null_mut(),
            len: 0,
        };
        // SAFETY: NULL input with len 0 means {}.
        let status = unsafe { fourx_call(op.as_ptr(), std::ptr::null(), 0, &mut out) };
        assert_eq!(status, fourx_status::Ok);
        // SAFETY: freeing what the library wrote.
        unsafe { fourx_buf_free(&mut out) };
        // SAFETY: NULL input with len > 0 is NULL_ARG.
        let status = unsafe { fourx_call(op.as_ptr(), std::ptr::null(), 3, &mut out) };
        assert_eq!(status, fourx_status::NullArg);
        // SAFETY: freeing what the library wrote; NULL is a no-op.
        unsafe {
            fourx_buf_free(&mut out);
            fourx_buf_free(std::ptr::null_mut());
        }
    }

    #[cfg(feature = "test-panic")]
    #[test]
    fn a_panic_never_crosses_the_boundary() {
        let mut out = fourx_buf {
            ptr: std::ptr::null_mut(),
            len: 0,
        };
        // SAFETY: valid out pointer.
        let status = unsafe { fourx_test_panic(&mut out) };
        assert_eq!(status, fourx_status::Panic);
        // SAFETY: result bytes written by the library.
        let text = unsafe { std::slice::from_raw_parts(out.ptr, out.len) };
        let v: Value = serde_json::from_slice(text).unwrap();
        assert_eq!(v["error"]["kind"], "panic");
        // SAFETY: freeing what the library wrote.
        unsafe { fourx_buf_free(&mut out) };
    }
}
