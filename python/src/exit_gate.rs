//! Interpreter exit while threads are inside fourx calls (CPython < 3.14).
//!
//! The rule: no thread ever asks for the GIL with a fourx frame on its stack once the interpreter
//! has begun to finalise. On CPython before 3.14 a thread that takes the GIL after finalisation
//! started is ended with `pthread_exit`, whose forced unwind runs through this extension's frames;
//! pyo3's trampoline and our own panic boundary catch it, and glibc aborts the process ("FATAL:
//! exception not rethrown", cpython#87135, PyO3/pyo3#2102). A harness whose daemon worker threads
//! are inside fourx when the main thread returns is the common case, so this is prevented here,
//! not documented.
//!
//! How: every entry point counts itself as *holding* while it holds the GIL (and while it waits to
//! take it back after detaching). An `atexit` hook, which runs on the finalising thread before
//! CPython marks the runtime as finalising and while every Python structure is intact, raises the
//! exit flag and then waits, with the GIL released, until no other thread is holding. From then on
//! a thread that would enter fourx, or take the GIL back after its detached work, parks forever
//! instead (having released the GIL): it is never unwound, the process exits normally, and the
//! parked threads end with it — what CPython 3.14 itself does with such threads. The finalising
//! thread is never parked (later exit hooks may still call fourx).
//!
//! The cost on the normal path is two sequentially consistent atomic updates per GIL hand-over.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

use pyo3::prelude::*;

/// Set by the exit hook: the interpreter is about to finalise.
static EXITING: AtomicBool = AtomicBool::new(false);
/// Threads inside an entry point that hold the GIL or wait to take it back.
static HOLDING: AtomicUsize = AtomicUsize::new(0);
/// The id (see [`thread_id`]) of the thread that ran the exit hook; 0 = none yet.
static EXIT_THREAD: AtomicU64 = AtomicU64::new(0);
/// Wakes the exit hook when a thread stops holding.
static WAKE: (Mutex<()>, Condvar) = (Mutex::new(()), Condvar::new());

/// A small per-thread id (std's `ThreadId::as_u64` is unstable); never 0.
fn thread_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    thread_local! {
        static ID: u64 = NEXT.fetch_add(1, Ordering::Relaxed);
    }
    ID.with(|id| *id)
}

/// Whether the current thread must park instead of touching the GIL again.
fn must_park() -> bool {
    EXITING.load(Ordering::SeqCst) && EXIT_THREAD.load(Ordering::SeqCst) != thread_id()
}

/// Parks the current thread for the rest of the process's life.
fn park_forever() -> ! {
    loop {
        std::thread::park();
    }
}

/// Stops counting the current thread as holding, waking the exit hook if it waits.
fn release() {
    HOLDING.fetch_sub(1, Ordering::SeqCst);
    if EXITING.load(Ordering::SeqCst) {
        let _lock = WAKE.0.lock().unwrap_or_else(|p| p.into_inner());
        WAKE.1.notify_all();
    }
}

/// Counts the current thread as holding (it is about to hold, or take back, the GIL). Returns
/// false, counting nothing, when the interpreter is exiting: the caller must park instead.
fn acquire() -> bool {
    HOLDING.fetch_add(1, Ordering::SeqCst);
    if must_park() {
        release();
        return false;
    }
    true
}

/// The current thread's stay inside one entry point, with the GIL held; dropped on the way out.
pub struct Holding(());

impl Holding {
    /// Enters: from now until the guard drops the thread counts as holding. When the interpreter
    /// is exiting, the thread gives the GIL away and parks for good instead.
    pub fn enter(_py: Python<'_>) -> Holding {
        if !acquire() {
            // SAFETY: the thread holds the GIL (it has a `Python` token) and never touches Python
            // again: it saves its thread state and parks forever.
            unsafe {
                pyo3::ffi::PyEval_SaveThread();
            }
            park_forever()
        }
        Holding(())
    }
}

impl Drop for Holding {
    fn drop(&mut self) {
        release();
    }
}

/// Runs `f` with the GIL released (pyo3's `detach`) under the exit rule: the thread stops holding
/// while `f` runs, and when the interpreter started exiting meanwhile it parks instead of taking
/// the GIL back. A panic in `f` is caught and returned.
pub fn detach<'py, T, F>(py: Python<'py>, f: F) -> std::thread::Result<T>
where
    F: pyo3::marker::Ungil + Send + FnOnce() -> T,
    T: pyo3::marker::Ungil + Send,
{
    py.detach(move || {
        release();
        let result = catch_unwind(AssertUnwindSafe(f));
        if !acquire() {
            park_forever()
        }
        result
    })
}

/// The exit hook (registered with `atexit` when the module loads): raises the exit flag, then waits
/// with the GIL released until no other thread holds it from inside fourx.
#[pyfunction]
pub fn _before_exit(py: Python<'_>) {
    EXIT_THREAD.store(thread_id(), Ordering::SeqCst);
    EXITING.store(true, Ordering::SeqCst);
    py.detach(|| {
        let mut lock = WAKE.0.lock().unwrap_or_else(|p| p.into_inner());
        while HOLDING.load(Ordering::SeqCst) > 0 {
            lock = WAKE
                .1
                .wait_timeout(lock, Duration::from_millis(10))
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
    });
}

/// The fork hook (registered with `os.register_at_fork(after_in_child=...)`): a child starts
/// with only the forking thread, which is not inside fourx, so nothing holds; an exit flag
/// inherited from a parent that was exiting is cleared.
#[pyfunction]
pub fn _after_fork_in_child() {
    HOLDING.store(0, Ordering::SeqCst);
    EXIT_THREAD.store(0, Ordering::SeqCst);
    EXITING.store(false, Ordering::SeqCst);
}

/// Registers [`_before_exit`] with Python's `atexit` and [`_after_fork_in_child`] with
/// `os.register_at_fork`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    let hook = wrap_pyfunction!(_before_exit, m)?;
    py.import("atexit")?.call_method1("register", (hook,))?;
    let child = wrap_pyfunction!(_after_fork_in_child, m)?;
    let kwargs = pyo3::types::PyDict::new(py);
    kwargs.set_item("after_in_child", child)?;
    py.import("os")?
        .call_method("register_at_fork", (), Some(&kwargs))?;
    Ok(())
}
