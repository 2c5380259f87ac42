//! `fourx._fourx.CachedWorkspace`: the core's cached reader held across calls (features.md).
//! Conversion, the panic boundary and error mapping are the module's; the cache and the ops are
//! the core's (`HeldCachedWorkspace`, the same object the C handle `fourx_cached_workspace` holds).

use pyo3::prelude::*;
use serde_json::{Map, Value};

use fourx_core::ops::workspace_cached::HeldCachedWorkspace;
use fourx_core::ops::Handle;

use super::{exit_gate, guard, raise, text_arg, to_object, to_py};

/// A cached workspace bound to `{root, home?}`; `call(op, input)` runs one read op through it.
/// Immutable from Python and `Sync`: one instance may be shared by every thread.
#[pyclass(frozen, module = "fourx._fourx", name = "CachedWorkspace")]
pub struct CachedWorkspace {
    inner: HeldCachedWorkspace,
    /// The config it was bound from, to bind a fresh reader in a forked child.
    config: Map<String, Value>,
    /// The process that made it: a child that inherited it through `fork` never takes the
    /// cache's locks (a parent thread may have held one at the fork, and it would stay held).
    creator: u32,
}

#[pymethods]
impl CachedWorkspace {
    /// Binds the cache to the workspace of `config` (`{"root", "home"?}`).
    #[new]
    fn new(py: Python<'_>, config: &Bound<'_, PyAny>) -> PyResult<Self> {
        guard(py, || {
            let map = to_object(config).map_err(|e| raise(py, e))?;
            let inner = HeldCachedWorkspace::from_config(&map).map_err(|e| raise(py, e))?;
            Ok(CachedWorkspace {
                inner,
                config: map,
                creator: std::process::id(),
            })
        })
    }

    /// Runs `op` (a cached read op) on `input` through the cache; the GIL is released.
    #[pyo3(signature = (op, input, /))]
    fn call<'py>(
        &self,
        py: Python<'py>,
        op: &Bound<'py, PyAny>,
        input: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard(py, || {
            let op = text_arg(op, "op").map_err(|e| raise(py, e))?;
            let map = to_object(input).map_err(|e| raise(py, e))?;
            let inner = &self.inner;
            let config = &self.config;
            let inherited = self.creator != std::process::id();
            let result = exit_gate::detach(py, || {
                if inherited {
                    // Fork safety: in a child, every call reads through a reader of its own
                    // (correct, uncached); make a new CachedWorkspace in the child to cache there.
                    HeldCachedWorkspace::from_config(config)?.call(&op, &map)
                } else {
                    inner.call(&op, &map)
                }
            });
            match result {
                Ok(Ok(v)) => to_py(py, &v),
                Ok(Err(e)) => Err(raise(py, e)),
                Err(payload) => std::panic::resume_unwind(payload),
            }
        })
    }
}
