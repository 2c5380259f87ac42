//! A Python callable as the core's token counter: `_fourx.call_counted` and
//! `BlueprintStore.call_counted` (blueprint.md §10.3: the index cap holds under the caller's
//! counter).
//!
//! Decides only what the callable's answers mean: an `int` ≥ 0 is the count; another type or a
//! negative number is `invalid_input` on `counter`; an exception it raises is re-raised as it is.
//! The GIL stays held for these calls (the counter runs Python code on every row).

use std::cell::RefCell;

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt};
use serde_json::Value;

use fourx_core::blueprint::TokenCounter;
use fourx_core::Error;

use super::{raise, type_name};

/// The callable `f` counting tokens; the first exception it raised is kept for re-raising.
pub(crate) struct PyCounter<'a, 'py> {
    f: &'a Bound<'py, PyAny>,
    raised: RefCell<Option<PyErr>>,
}

fn counter_error(msg: String) -> Error {
    Error::invalid_input(msg).with_field("counter")
}

impl<'a, 'py> PyCounter<'a, 'py> {
    /// Wraps `f`; anything not callable is `invalid_input` on `counter`.
    pub(crate) fn new(f: &'a Bound<'py, PyAny>) -> Result<Self, Error> {
        if !f.is_callable() {
            return Err(counter_error(format!(
                "counter must be a callable (str) -> int, not {}",
                type_name(f)
            )));
        }
        Ok(PyCounter {
            f,
            raised: RefCell::new(None),
        })
    }

    /// The result of an op run with this counter: the callable's own exception when it raised
    /// one, else the op's value or error.
    pub(crate) fn finish(self, result: Result<Value, Error>) -> PyResult<Bound<'py, PyAny>> {
        let py = self.f.py();
        if let Some(e) = self.raised.into_inner() {
            return Err(e);
        }
        match result {
            Ok(v) => super::to_py(py, &v),
            Err(e) => Err(raise(py, e)),
        }
    }
}

impl TokenCounter for PyCounter<'_, '_> {
    fn count(&self, text: &str) -> usize {
        self.try_count(text).unwrap_or(usize::MAX)
    }

    fn try_count(&self, text: &str) -> Result<usize, Error> {
        let v = match self.f.call1((text,)) {
            Ok(v) => v,
            Err(e) => {
                let mut raised = self.raised.borrow_mut();
                if raised.is_none() {
                    *raised = Some(e);
                }
                return Err(counter_error("the token counter raised".into()));
            }
        };
        if v.is_instance_of::<PyBool>() || !v.is_instance_of::<PyInt>() {
            return Err(counter_error(format!(
                "the token counter returned {}, not an int",
                type_name(&v)
            )));
        }
        match v.extract::<i64>() {
            Ok(n) => usize::try_from(n).map_err(|_| {
                counter_error(format!(
                    "the token counter returned {n} for a text of {} bytes; a count is >= 0",
                    text.len()
                ))
            }),
            Err(_) => Err(counter_error(
                "the token counter returned an int beyond 64 bits".into(),
            )),
        }
    }
}
