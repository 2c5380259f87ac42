//! The private extension `fourx._fourx`: converts Python values to JSON values and back, and
//! forwards to `fourx_core::ops`. Errors are raised as the `fourx.errors` class of their kind.
//! No logic lives here; the typed package `fourx` wraps it. Every entry point runs inside one
//! panic boundary (`guard`): a Rust panic reaches Python as `fourx.Panic`, never as pyo3's
//! `PanicException`.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Number, Value};

use fourx_core::ops::blueprint_store::HeldStore;
use fourx_core::ops::Handle;
use fourx_core::ops::TypedInput;
use fourx_core::{ops, Error, ErrorKind};

mod cached;
mod convert;
mod counter;
mod runner;
mod typed;

use convert::{to_json, to_py};
mod exit_gate;

/// Deepest nesting accepted when converting a Python value (same as every other input path).
const MAX_DEPTH: usize = ops::MAX_DEPTH;

fn conversion_error(msg: String) -> Error {
    Error::new(ErrorKind::InvalidInput, msg)
}

/// Converts a Python value to JSON: dict (str keys), list/tuple, str, int (i64, or u64), finite
/// float, bool, None. Anything else, or nesting deeper than 128, is `invalid_input`.
///
/// The reference conversion: the boundary runs `convert::to_json`, which gives the same outcome
/// (checked on generated inputs) and hands this function every object that is not of a plain type.
fn reference_to_json(obj: &Bound<'_, PyAny>, depth: usize) -> Result<Value, Error> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        let s = s
            .to_str()
            .map_err(|_| conversion_error("string is not valid Unicode (lone surrogate)".into()))?;
        return Ok(Value::String(s.to_owned()));
    }
    if obj.is_instance_of::<PyInt>() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::Number(i.into()));
        }
        if let Ok(u) = obj.extract::<u64>() {
            return Ok(Value::Number(u.into()));
        }
        return Err(conversion_error(format!(
            "integer {} does not fit in 64 bits",
            obj.str().map(|s| s.to_string()).unwrap_or_default()
        )));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        let v = f.value();
        return Number::from_f64(v)
            .map(Value::Number)
            .ok_or_else(|| conversion_error(format!("float {v} is not finite")));
    }
    if depth >= MAX_DEPTH {
        return Err(conversion_error(format!(
            "input nests deeper than {MAX_DEPTH} levels"
        )));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = Map::with_capacity(d.len());
        for (k, v) in d.iter() {
            map.insert(reference_key(&k)?, reference_to_json(&v, depth + 1)?);
        }
        return Ok(Value::Object(map));
    }
    // Lists and tuples by index into a vector of their length: the iterator adapters of a
    // `collect` (and the vector's regrowth) cost more than the items of a short list (callgrind).
    if let Ok(l) = obj.cast::<PyList>() {
        let mut items = Vec::with_capacity(l.len());
        for i in 0..l.len() {
            let item = l.get_item(i).map_err(|_| list_changed())?;
            items.push(reference_to_json(&item, depth + 1)?);
        }
        return Ok(Value::Array(items));
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        let mut items = Vec::with_capacity(t.len());
        for i in 0..t.len() {
            let item = t.get_item(i).map_err(|_| list_changed())?;
            items.push(reference_to_json(&item, depth + 1)?);
        }
        return Ok(Value::Array(items));
    }
    let ty = obj
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into());
    Err(conversion_error(format!(
        "a value of type {ty} cannot be sent to fourx (use dict, list, str, int, float, bool or None)"
    )))
}

/// A dict key: a `str` (or subclass) of valid Unicode.
fn reference_key(k: &Bound<'_, PyAny>) -> Result<String, Error> {
    Ok(k.cast::<PyString>()
        .map_err(|_| conversion_error("dict keys must be strings".into()))?
        .to_str()
        .map_err(|_| conversion_error("dict key is not valid Unicode".into()))?
        .to_owned())
}

/// A list that shrank while it was converted: no Python code runs and the GIL is held during a
/// conversion, so it cannot happen; refused rather than trusted.
fn list_changed() -> Error {
    conversion_error("a list changed size while it was being converted".into())
}

/// Converts a JSON value to plain Python objects.
///
/// The reference conversion: the boundary runs `convert::to_py`, which makes equal objects of the
/// same types (checked on generated values).
fn reference_to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(reference_to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, item) in map {
                dict.set_item(k, reference_to_py(py, item)?)?;
            }
            dict.into_any()
        }
    })
}

static ERRORS_MODULE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// Turns a core error into the `fourx.errors` exception of its kind.
fn raise(py: Python<'_>, e: Error) -> PyErr {
    let build = || -> PyResult<PyErr> {
        let module = ERRORS_MODULE.get_or_try_init(py, || {
            PyModule::import(py, "fourx.errors").map(|m| m.unbind())
        })?;
        let factory = module.bind(py).getattr("_from_core")?;
        let result = match e.fold_result_json() {
            Some(v) => to_py(py, &v)?,
            None => py.None().into_bound(py),
        };
        let exc = factory.call1((
            e.kind.as_str(),
            e.message.as_str(),
            e.field.as_deref(),
            result,
            e.fields.clone(),
        ))?;
        Ok(PyErr::from_value(exc))
    };
    build().unwrap_or_else(|err| err)
}

/// The panic boundary of every entry point: runs `f`, turning a panic (a bug, never expected) into
/// `fourx.Panic` with the panic's message instead of letting pyo3 raise `PanicException`.
///
/// It is also where a thread enters and leaves fourx for the interpreter-exit rule
/// (`exit_gate`): a thread that would enter while the interpreter is exiting parks instead.
fn guard<T>(py: Python<'_>, f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    let _holding = exit_gate::Holding::enter(py);
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| (*s).to_owned())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "non-string panic payload".to_owned());
            Err(raise(
                py,
                Error::new(
                    ErrorKind::Panic,
                    format!("fourx panicked (a bug, please report it): {what}"),
                ),
            ))
        }
    }
}

/// The ops `call` runs with the GIL held: each is a constant or a table lookup, far under the
/// ~10 µs above which CONVENTIONS.md has the GIL released, whatever its input, so releasing and
/// re-taking the GIL (≈ 460 instructions, callgrind) would be a large part of the call. Every
/// other op releases it. `python/tests/test_conversion.py` checks that each is in the catalog.
const ATTACHED_OPS: &[&str] = &[
    "meta.version",
    "state.can_transition",
    "state.constants",
    "state.phase_to_role",
];

/// Runs op `op` on `input` (a dict) and returns the result as plain Python objects.
///
/// Raises the `fourx.errors` class of the error's kind. The GIL is released while the op runs
/// (except for the constant-time `ATTACHED_OPS`).
#[pyfunction]
#[pyo3(signature = (op, input, /))]
fn call<'py>(
    py: Python<'py>,
    op: &Bound<'py, PyAny>,
    input: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let op = text_ref(op, "op").map_err(|e| raise(py, e))?;
        if let Some(input) = TypedInput::decode(op, typed::PyDe::new(input)) {
            return call_typed(py, op, input);
        }
        call_value(py, op, input)
    })
}

/// The `Value` path of [`call`]: the input converted to a `serde_json::Value`, `ops::call`, the
/// result converted back; the GIL is released while the op runs unless it is one of
/// `ATTACHED_OPS`.
fn call_value<'py>(
    py: Python<'py>,
    op: &str,
    input: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let value = to_json(input, 0).map_err(|e| raise(py, e))?;
    if ATTACHED_OPS.contains(&op) {
        return match ops::call(op, &value) {
            Ok(v) => to_py(py, &v),
            Err(e) => Err(raise(py, e)),
        };
    }
    let result = exit_gate::detach(py, move || ops::call(op, &value));
    match result {
        Ok(Ok(v)) => to_py(py, &v),
        Ok(Err(e)) => Err(raise(py, e)),
        Err(payload) => std::panic::resume_unwind(payload),
    }
}

/// Runs a decoded typed input (`ops::typed`) and makes its result straight into Python objects;
/// the GIL is released while it runs unless the op is one of `ATTACHED_OPS`.
fn call_typed<'py>(py: Python<'py>, op: &str, input: TypedInput) -> PyResult<Bound<'py, PyAny>> {
    let result = if ATTACHED_OPS.contains(&op) {
        input.run()
    } else {
        match exit_gate::detach(py, move || input.run()) {
            Ok(r) => r,
            Err(payload) => std::panic::resume_unwind(payload),
        }
    };
    match result {
        Ok(out) => match serde::Serialize::serialize(&out, typed::PySer(py)) {
            Ok(obj) => Ok(obj.into_bound(py)),
            Err(typed::SerError::Python) => Err(PyErr::fetch(py)),
            Err(typed::SerError::Shape(m)) => Err(raise(
                py,
                Error::new(
                    ErrorKind::Panic,
                    format!("fourx could not make its result (a bug, please report it): {m}"),
                ),
            )),
        },
        Err(e) => Err(raise(py, e)),
    }
}

/// Test hook (debug builds only): runs `op` on `input` through the `Value` path, never the typed
/// entry, so that tests can compare the two.
#[cfg(debug_assertions)]
#[pyfunction]
#[pyo3(signature = (op, input, /))]
fn _call_value<'py>(
    py: Python<'py>,
    op: &Bound<'py, PyAny>,
    input: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let op = text_ref(op, "op").map_err(|e| raise(py, e))?;
        call_value(py, op, input)
    })
}

/// Test hook (debug builds only): whether `call` takes the typed entry for `op` on `input`.
#[cfg(debug_assertions)]
#[pyfunction]
#[pyo3(signature = (op, input, /))]
fn _typed_takes(op: &str, input: &Bound<'_, PyAny>) -> bool {
    TypedInput::decode(op, typed::PyDe::new(input)).is_some()
}

/// Runs op `op` on `input` (a dict) counting tokens with `counter`, a callable `(str) -> int`
/// (`ops::call_counted`: `blueprint.render_index`, whose cap then holds under it, and
/// `blueprint.count_tokens`). An exception the counter raises is re-raised as it is. The GIL is
/// held while the op runs (the counter is Python code).
#[pyfunction]
#[pyo3(signature = (op, input, counter, /))]
fn call_counted<'py>(
    py: Python<'py>,
    op: &Bound<'py, PyAny>,
    input: &Bound<'py, PyAny>,
    counter: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let op = text_arg(op, "op").map_err(|e| raise(py, e))?;
        let value = to_json(input, 0).map_err(|e| raise(py, e))?;
        let counter = counter::PyCounter::new(counter).map_err(|e| raise(py, e))?;
        let result = ops::call_counted(&op, &value, &counter);
        counter.finish(result)
    })
}

/// The bench hook of `benches/python_boundary.py`: the mean cost in nanoseconds of
/// `ops::call(op, input)` run `number` times in Rust on the already converted input — the core's
/// own cost of a `fourx.call`, measured in the same process and run as the binding's. Only in
/// wheels built with the `bench-hooks` feature; the clock is the binding's, never the core's.
#[cfg(feature = "bench-hooks")]
#[pyfunction]
#[pyo3(signature = (op, input, number, /))]
fn _core_ns(
    py: Python<'_>,
    op: &Bound<'_, PyAny>,
    input: &Bound<'_, PyAny>,
    number: u32,
) -> PyResult<f64> {
    guard(py, || {
        let op = text_arg(op, "op").map_err(|e| raise(py, e))?;
        let value = to_json(input, 0).map_err(|e| raise(py, e))?;
        let start = std::time::Instant::now();
        for _ in 0..number {
            let _ = std::hint::black_box(ops::call(&op, std::hint::black_box(&value)));
        }
        Ok(start.elapsed().as_secs_f64() * 1e9 / f64::from(number.max(1)))
    })
}

/// The bench hook of `benches/python_boundary.py` for the conductor target: the mean cost in
/// nanoseconds of the typed Rust `conductor::apply` run `number` times on `input` (the
/// `conductor.apply` input, decoded once before the clock starts) — the baseline of "through
/// Python ≤ 2× typed Rust". Only in wheels built with the `bench-hooks` feature.
#[cfg(feature = "bench-hooks")]
#[pyfunction]
#[pyo3(signature = (input, number, /))]
fn _typed_apply_ns(py: Python<'_>, input: &Bound<'_, PyAny>, number: u32) -> PyResult<f64> {
    use fourx_core::conductor::{self, Loop, Outcome};
    use fourx_core::protocol::{config, feature::Feature, state::State};
    guard(py, || {
        let v = to_json(input, 0).map_err(|e| raise(py, e))?;
        let decode = || -> Result<_, Error> {
            let cfg: config::Config = config::decode(&v["config"], "config")?;
            let feature: Feature = config::decode(&v["feature"], "feature")?;
            let state = State::from_input(&v["state"])?;
            let lp: Loop = serde_json::from_value(v["loop"].clone())
                .map_err(|e| Error::invalid_input(e.to_string()))?;
            let outcome: Outcome = serde_json::from_value(v["outcome"].clone())
                .map_err(|e| Error::invalid_input(e.to_string()))?;
            Ok((cfg, feature, state, lp, outcome))
        };
        let (cfg, feature, state, lp, outcome) = decode().map_err(|e| raise(py, e))?;
        let start = std::time::Instant::now();
        for _ in 0..number {
            let _ = std::hint::black_box(conductor::apply(
                std::hint::black_box(&cfg),
                &feature,
                &state,
                &lp,
                &outcome,
                None,
            ));
        }
        Ok(start.elapsed().as_secs_f64() * 1e9 / f64::from(number.max(1)))
    })
}

/// The bench hook of the typed entry's profile (`benches/NOTES.md`, round 3): runs the first
/// `phases` phases of `call`'s typed entry `number` times — 1: decode the input from the Python
/// objects, 2: also run the op, 3: also make the result's Python objects (dropped at once).
#[cfg(feature = "bench-hooks")]
#[pyfunction]
#[pyo3(signature = (op, input, number, phases, /))]
fn _typed_phases(
    py: Python<'_>,
    op: &Bound<'_, PyAny>,
    input: &Bound<'_, PyAny>,
    number: u32,
    phases: u8,
) -> PyResult<bool> {
    guard(py, || {
        let op = text_ref(op, "op").map_err(|e| raise(py, e))?;
        for _ in 0..number {
            let Some(typed) = TypedInput::decode(op, typed::PyDe::new(input)) else {
                return Ok(false);
            };
            if phases < 2 {
                drop(std::hint::black_box(typed));
                continue;
            }
            let out = typed.run().map_err(|e| raise(py, e))?;
            if phases >= 3 {
                let obj = serde::Serialize::serialize(&out, typed::PySer(py))
                    .map_err(|_| PyErr::fetch(py))?;
                drop(std::hint::black_box(obj));
            }
        }
        Ok(true)
    })
}

/// Runs op `op` on input given as JSON bytes (the same checks as the C boundary) and returns the
/// result as JSON bytes.
#[pyfunction]
#[pyo3(signature = (op, input, /))]
fn call_json(py: Python<'_>, op: &Bound<'_, PyAny>, input: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    guard(py, || {
        let op = text_arg(op, "op").map_err(|e| raise(py, e))?;
        let bytes = input
            .cast::<PyBytes>()
            .map_err(|_| {
                raise(
                    py,
                    Error::invalid_input(format!(
                        "the input of call_json must be bytes, not {}",
                        type_name(input)
                    ))
                    .with_field("input"),
                )
            })?
            .as_bytes()
            .to_vec();
        let result = exit_gate::detach(py, move || ops::call_bytes(&op, &bytes));
        match result {
            Ok(Ok(v)) => serde_json::to_vec(&v).map_err(|e| {
                raise(
                    py,
                    Error::new(ErrorKind::Panic, format!("result not serialisable: {e}")),
                )
            }),
            Ok(Err(e)) => Err(raise(py, e)),
            Err(payload) => std::panic::resume_unwind(payload),
        }
    })
}

/// The name of `obj`'s type, for messages.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}

/// A text argument (an op name, a phase): a `str` of valid Unicode. Anything else — another
/// type, or a string with a lone surrogate — is `invalid_input` naming `field`, never a bare
/// `TypeError` or `UnicodeEncodeError`.
fn text_arg(obj: &Bound<'_, PyAny>, field: &str) -> Result<String, Error> {
    text_ref(obj, field).map(str::to_owned)
}

/// [`text_arg`] borrowed from the `str` object (no copy), for the hot paths.
fn text_ref<'a>(obj: &'a Bound<'_, PyAny>, field: &str) -> Result<&'a str, Error> {
    let s = obj.cast::<PyString>().map_err(|_| {
        conversion_error(format!("{field} must be a str, not {}", type_name(obj))).with_field(field)
    })?;
    s.to_str().map_err(|_| {
        conversion_error(format!("{field} is not valid Unicode (lone surrogate)")).with_field(field)
    })
}

/// Converts a Python dict to a JSON object (`invalid_input` for anything else).
fn to_object(obj: &Bound<'_, PyAny>) -> Result<Map<String, Value>, Error> {
    match to_json(obj, 0)? {
        Value::Object(map) => Ok(map),
        _ => Err(conversion_error("expected a dict".into())),
    }
}

/// A blueprint store bound once from its config (`{"store", "home"?, "repo_root"?}`, the keys of
/// `blueprint.commit`) and used for many calls: the core's `HeldStore`, which keeps a memory
/// store's content between calls and orders concurrent writes with compare-and-swap. Immutable
/// from Python and `Sync`: one instance may be shared by every thread; calls release the GIL.
#[pyclass(frozen, module = "fourx._fourx")]
struct BlueprintStore {
    held: HeldStore,
    /// The process that made it. An in-memory store inherited through `fork` is refused in the
    /// child: a parent thread may have held its lock at the fork (and would hold it forever).
    creator: u32,
}

impl BlueprintStore {
    /// Refuses use of an in-memory store from a process other than its creator (`invalid_input`).
    fn check_fork(&self) -> Result<(), Error> {
        let here = std::process::id();
        if self.held.is_memory() && self.creator != here {
            return Err(Error::invalid_input(format!(
                "this in-memory blueprint store was created in process {} and inherited through fork \
                 by process {here}; its lock may be held by a thread that does not exist here, so \
                 it cannot be used: create a new Store in the child (or use a filesystem store)",
                self.creator
            )));
        }
        Ok(())
    }
}

#[pymethods]
impl BlueprintStore {
    /// Binds the store of `config`; an fs store runs the root guard now (its refusal kinds).
    #[new]
    fn new(py: Python<'_>, config: &Bound<'_, PyAny>) -> PyResult<Self> {
        guard(py, || {
            let config = to_object(config).map_err(|e| raise(py, e))?;
            let held = exit_gate::detach(py, move || HeldStore::new(&config))
                .unwrap_or_else(|payload| std::panic::resume_unwind(payload))
                .map_err(|e| raise(py, e))?;
            Ok(BlueprintStore {
                held,
                creator: std::process::id(),
            })
        })
    }

    /// Whether the store is the in-memory kind.
    fn is_memory(&self) -> bool {
        self.held.is_memory()
    }

    /// Runs store op `op` (`commit`, `gc`, `read`, `render_index`, `read_module`) on `input`.
    #[pyo3(signature = (op, input, /))]
    fn call<'py>(
        &self,
        py: Python<'py>,
        op: &Bound<'py, PyAny>,
        input: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard(py, || {
            let op = text_arg(op, "op").map_err(|e| raise(py, e))?;
            self.check_fork().map_err(|e| raise(py, e))?;
            let input = to_object(input).map_err(|e| raise(py, e))?;
            let held = &self.held;
            let result = exit_gate::detach(py, || held.call(&op, &input));
            match result {
                Ok(Ok(v)) => to_py(py, &v),
                Ok(Err(e)) => Err(raise(py, e)),
                Err(payload) => std::panic::resume_unwind(payload),
            }
        })
    }

    /// Renders the stored blueprint's index (`render_index`) counting tokens with `counter`, a
    /// callable `(str) -> int`: the cap holds under it. The GIL is held while it runs.
    #[pyo3(signature = (op, input, counter, /))]
    fn call_counted<'py>(
        &self,
        py: Python<'py>,
        op: &Bound<'py, PyAny>,
        input: &Bound<'py, PyAny>,
        counter: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        guard(py, || {
            let op = text_arg(op, "op").map_err(|e| raise(py, e))?;
            self.check_fork().map_err(|e| raise(py, e))?;
            let input = to_object(input).map_err(|e| raise(py, e))?;
            let counter = counter::PyCounter::new(counter).map_err(|e| raise(py, e))?;
            let result = self.held.call_counted(&op, &input, &counter);
            counter.finish(result)
        })
    }
}

/// Whether the transition table allows moving from phase `from_` to phase `to` (the
/// `state.can_transition` rule, called directly: no JSON, no GIL release, for hot loops).
///
/// Unknown phase strings are not errors: the answer is what the table gives for them.
#[pyfunction]
#[pyo3(signature = (from_, to))]
fn can_transition(
    py: Python<'_>,
    from_: &Bound<'_, PyAny>,
    to: &Bound<'_, PyAny>,
) -> PyResult<bool> {
    guard(py, || {
        let from_ = text_arg(from_, "from").map_err(|e| raise(py, e))?;
        let to = text_arg(to, "to").map_err(|e| raise(py, e))?;
        Ok(fourx_core::machine::can_transition_str(&from_, &to))
    })
}

/// Panics inside the boundary: lets the test suite check that a panic arrives as `fourx.Panic`.
/// Debug builds only (what `maturin develop` and `make test` build); never in a release wheel.
#[cfg(debug_assertions)]
#[pyfunction]
fn _panic_for_tests(py: Python<'_>, message: &str) -> PyResult<()> {
    guard(py, || -> PyResult<()> { panic!("{message}") })
}

/// Test hook: the outcome of both conversions of `obj` to JSON, `(fast, reference)`, each
/// `("ok", json_text)` or `("err", message)` — `python/tests/test_conversion.py` checks that they
/// are equal. Debug builds only, like `_panic_for_tests`.
#[cfg(debug_assertions)]
#[pyfunction]
fn _convert_both(
    py: Python<'_>,
    obj: &Bound<'_, PyAny>,
) -> PyResult<((String, String), (String, String))> {
    guard(py, || {
        let show = |r: Result<Value, Error>| match r {
            Ok(v) => ("ok".to_owned(), v.to_string()),
            Err(e) => (
                "err".to_owned(),
                format!("{}: {}", e.kind.as_str(), e.message),
            ),
        };
        Ok((show(to_json(obj, 0)), show(reference_to_json(obj, 0))))
    })
}

/// Test hook: the JSON text `json` converted to Python objects by both conversions,
/// `(fast, reference)`. Debug builds only.
#[cfg(debug_assertions)]
#[pyfunction]
fn _to_py_both<'py>(
    py: Python<'py>,
    json: &str,
) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
    guard(py, || {
        let v = ops::parse_input(json.as_bytes()).map_err(|e| raise(py, e))?;
        Ok((to_py(py, &v)?, reference_to_py(py, &v)?))
    })
}

/// The library version.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// The error kinds in the order of CONVENTIONS.md, as `(kind, group)` pairs.
#[pyfunction]
fn error_kinds() -> Vec<(&'static str, &'static str)> {
    ErrorKind::ALL
        .iter()
        .map(|k| {
            let group = match k.group() {
                fourx_core::error::ErrorGroup::BadInput => "bad_input",
                fourx_core::error::ErrorGroup::NotThere => "not_there",
                fourx_core::error::ErrorGroup::Refused => "refused",
                fourx_core::error::ErrorGroup::Deferral => "deferral",
                fourx_core::error::ErrorGroup::Os => "os",
                fourx_core::error::ErrorGroup::Boundary => "boundary",
            };
            (k.as_str(), group)
        })
        .collect()
}

/// The private extension module `fourx._fourx`.
#[pymodule]
fn _fourx(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // The store backends outside the core (`{"kind": "postgres", ...}`), docs/ARCHITECTURE.md.
    fourx_store_pg::register();
    m.add_function(wrap_pyfunction!(call, m)?)?;
    m.add_function(wrap_pyfunction!(call_json, m)?)?;
    m.add_function(wrap_pyfunction!(call_counted, m)?)?;
    m.add_function(wrap_pyfunction!(runner::run, m)?)?;
    #[cfg(feature = "bench-hooks")]
    m.add_function(wrap_pyfunction!(_core_ns, m)?)?;
    #[cfg(feature = "bench-hooks")]
    m.add_function(wrap_pyfunction!(_typed_apply_ns, m)?)?;
    #[cfg(feature = "bench-hooks")]
    m.add_function(wrap_pyfunction!(_typed_phases, m)?)?;
    m.add_function(wrap_pyfunction!(version, m)?)?;
    m.add_function(wrap_pyfunction!(error_kinds, m)?)?;
    m.add_class::<cached::CachedWorkspace>()?;
    m.add_function(wrap_pyfunction!(can_transition, m)?)?;
    m.add_class::<BlueprintStore>()?;
    exit_gate::register(m)?;
    // The op catalog is built on first use behind a lock; build it now, at import, so that a
    // fork can never catch another thread in the middle of building it.
    let _ = ops::catalog();
    // Set as a plain attribute, outside `__all__`: a private test hook, not part of the API.
    #[cfg(debug_assertions)]
    m.as_any()
        .setattr("_panic_for_tests", wrap_pyfunction!(_panic_for_tests, m)?)?;
    #[cfg(debug_assertions)]
    m.as_any()
        .setattr("_convert_both", wrap_pyfunction!(_convert_both, m)?)?;
    #[cfg(debug_assertions)]
    m.as_any()
        .setattr("_to_py_both", wrap_pyfunction!(_to_py_both, m)?)?;
    #[cfg(debug_assertions)]
    m.as_any().setattr("_ATTACHED_OPS", ATTACHED_OPS.to_vec())?;
    #[cfg(debug_assertions)]
    m.as_any()
        .setattr("_call_value", wrap_pyfunction!(_call_value, m)?)?;
    #[cfg(debug_assertions)]
    m.as_any()
        .setattr("_typed_takes", wrap_pyfunction!(_typed_takes, m)?)?;
    #[cfg(debug_assertions)]
    m.as_any()
        .setattr("_TYPED_OPS", fourx_core::ops::TYPED_OPS.to_vec())?;
    Ok(())
}
