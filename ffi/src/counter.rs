//! The caller's token counter across the C ABI: `fourx_count_fn`, and the two calls that take
//! one, `fourx_call_counted` (the stateless ops) and `fourx_blueprint_store_call_counted` (the
//! held store's index).
//!
//! Decides only the callback's C shape and what its answers mean (a count ≥ 0, or a failure);
//! which ops take a counter and the cap they keep under it are the core's
//! (`ops::call_counted`, `HeldStore::call_counted`).

use std::ffi::{c_char, c_void};

use fourx_core::blueprint::TokenCounter;
use fourx_core::ops;
use fourx_core::Error;

use super::handles::fourx_blueprint_store;
use super::{
    boundary, core_err, fourx_buf, fourx_status, input_object, input_text, null_arg, op_name,
};

/// A caller's token counter: returns the number of tokens of the UTF-8 text `(text, len)`
/// (borrowed for the duration of the callback, not NUL-terminated), or a negative number to fail
/// the call (the call then returns `FOURX_STATUS_ERROR`, kind `invalid_input`, field `counter`).
/// `ctx` is the pointer given with the call, passed through untouched. The library calls it only
/// on the calling thread, only during the call, any number of times (about once per index row);
/// it must not call back into the same handle's `_free`.
pub type fourx_count_fn =
    Option<unsafe extern "C" fn(ctx: *mut c_void, text: *const u8, len: usize) -> i64>;

/// A C callback as a core [`TokenCounter`].
struct CCounter {
    count: unsafe extern "C" fn(*mut c_void, *const u8, usize) -> i64,
    ctx: *mut c_void,
}

impl TokenCounter for CCounter {
    fn count(&self, text: &str) -> usize {
        self.try_count(text).unwrap_or(usize::MAX)
    }

    fn try_count(&self, text: &str) -> fourx_core::Result<usize> {
        // SAFETY: the caller of the `_counted` export guarantees that `count` may be called with
        // its `ctx` during the call; `text` is valid for `len` bytes while the callback runs.
        let n = unsafe { (self.count)(self.ctx, text.as_ptr(), text.len()) };
        usize::try_from(n).map_err(|_| {
            Error::invalid_input(format!(
                "the token counter returned {n} for a text of {} bytes (a negative count fails the call)",
                text.len()
            ))
            .with_field("counter")
        })
    }
}

fn c_counter(count: fourx_count_fn, ctx: *mut c_void) -> Result<CCounter, (fourx_status, Error)> {
    count
        .map(|count| CCounter { count, ctx })
        .ok_or_else(|| null_arg("count"))
}

/// Runs op `op` like `fourx_call`, counting tokens with the caller's `count(ctx, text, len)`
/// instead of the built-in counter; the ops that take one are `blueprint.render_index` (whose hard
/// cap then holds under `count`: the per-line sum and the whole text counted in one call are both
/// at most the budget) and `blueprint.count_tokens`. Any other op is `invalid_input`, and so is an
/// input that also names a built-in `counter`.
///
/// - `op`, `input`, `input_len`, `out`: as `fourx_call`.
/// - `count`: the counter (see `fourx_count_fn`); NULL is `FOURX_STATUS_NULL_ARG`.
/// - `ctx`: passed to every `count` call; may be NULL.
///
/// Thread-safe as far as `count` is: the library calls it only on the calling thread.
///
/// # Safety
/// As `fourx_call`; and `count` must be NULL or a function that may be called with `ctx` for
/// the duration of the call.
#[no_mangle]
pub unsafe extern "C" fn fourx_call_counted(
    op: *const c_char,
    input: *const u8,
    input_len: usize,
    count: fourx_count_fn,
    ctx: *mut c_void,
    out: *mut fourx_buf,
) -> fourx_status {
    // SAFETY: the caller guarantees `out` is NULL or valid for writes.
    let Some(out) = (unsafe { out.as_mut() }) else {
        return fourx_status::NullArg;
    };
    boundary(out, || {
        // SAFETY: forwarded caller guarantees.
        let op = unsafe { op_name(op) }?;
        // SAFETY: forwarded caller guarantees.
        let text = unsafe { input_text(input, input_len, "input") }?;
        let counter = c_counter(count, ctx)?;
        let value = ops::parse_input(text.as_bytes()).map_err(core_err)?;
        ops::call_counted(op, &value, &counter).map_err(core_err)
    })
}

/// Renders the held store's index (`op` = `"blueprint.render_index"` or `"render_index"`, input
/// as for `fourx_blueprint_store_call`) with the caller's `count(ctx, text, len)`: the hard cap
/// holds under it (the per-line sum and the whole text counted in one call are both at most the
/// budget). Any other store op is `invalid_input`. NULL `count` is `FOURX_STATUS_NULL_ARG`;
/// everything else as `fourx_blueprint_store_call`.
///
/// Thread-safe: `h` may be shared between threads; `count` is called only on the calling thread.
///
/// # Safety
/// As `fourx_blueprint_store_call`; and `count` must be NULL or a function that may be called
/// with `ctx` for the duration of the call.
#[no_mangle]
pub unsafe extern "C" fn fourx_blueprint_store_call_counted(
    h: *const fourx_blueprint_store,
    op: *const c_char,
    input: *const u8,
    input_len: usize,
    count: fourx_count_fn,
    ctx: *mut c_void,
    out: *mut fourx_buf,
) -> fourx_status {
    // SAFETY: the caller guarantees `out` is NULL or valid for writes.
    let Some(out) = (unsafe { out.as_mut() }) else {
        return fourx_status::NullArg;
    };
    boundary(out, || {
        // SAFETY: the caller guarantees `h` is NULL or a live handle.
        let Some(h) = (unsafe { h.as_ref() }) else {
            return Err(null_arg("h"));
        };
        // SAFETY: forwarded caller guarantees.
        let op = unsafe { op_name(op) }?;
        // SAFETY: forwarded caller guarantees.
        let input = unsafe { input_object(input, input_len, "input") }?;
        let counter = c_counter(count, ctx)?;
        h.held.call_counted(op, &input, &counter).map_err(core_err)
    })
}
