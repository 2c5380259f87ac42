//! `fourx._fourx.CachedWorkspace`: the core's cached reader held across calls (features.md §13).
//! Conversion and error mapping are the module's; the cache and the ops are the core's.

use pyo3::prelude::*;

use fourx_core::workspace::cached_ops::HeldCachedWorkspace;

use super::{raise, to_json, to_py};

/// A cached workspace bound to `{root, home?}`; `call(op, input)` runs one read op through it.
#[pyclass(frozen, module = "fourx._fourx", name = "CachedWorkspace")]
pub struct CachedWorkspace {
    inner: HeldCachedWorkspace,
}

#[pymethods]
impl CachedWorkspace {
    #[new]
    fn new(py: Python<'_>, config: &Bound<'_, PyAny>) -> PyResult<Self> {
        let v = to_json(config, 0).map_err(|e| raise(py, e))?;
        let map = v.as_object().cloned().ok_or_else(|| {
            raise(
                py,
                fourx_core::Error::invalid_input("config must be a dict"),
            )
        })?;
        let inner = HeldCachedWorkspace::from_config(&map).map_err(|e| raise(py, e))?;
        Ok(CachedWorkspace { inner })
    }

    /// Runs `op` (a cached read op) on `input` through the cache; the GIL is released.
    #[pyo3(signature = (op, input, /))]
    fn call<'py>(
        &self,
        py: Python<'py>,
        op: &str,
        input: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let v = to_json(input, 0).map_err(|e| raise(py, e))?;
        let map = v.as_object().cloned().unwrap_or_default();
        let result = py.detach(|| self.inner.call(op, &map));
        match result {
            Ok(v) => to_py(py, &v),
            Err(e) => Err(raise(py, e)),
        }
    }
}
