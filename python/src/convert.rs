//! The fast conversions of the boundary: Python objects to a JSON [`Value`] (`to_json`) and a
//! `Value` back to Python objects (`to_py`), through the C API directly.
//!
//! Decides nothing of its own: every rule (which types are accepted, the 64-bit integer range,
//! finite floats, string keys, valid Unicode, the depth limit, every error message) is the one of
//! the reference conversions in `lib.rs` (`reference_to_json`, `reference_to_py`), and any object
//! whose type is not exactly one of the plain types (`None`, `bool`, `str`, `int`, `float`,
//! `dict`, `list`, `tuple`) — a subclass, an unsupported type, an integer beyond 64 bits — is
//! handed to the reference conversion, which decides it. The fast path only skips pyo3's generic
//! machinery for the plain types: an exact-type check is one pointer comparison, items are read
//! as borrowed references (no Python code runs while a plain container is converted, so none
//! can change), lists are built at their final length, and the keys of result objects come from
//! a small cache of Python strings (`KeyCache`): the result keys of the ops are a closed set of
//! short names, so a call reuses the strings (and their hashes) of the previous ones.
//! `python/tests/test_conversion.py` checks both directions against the reference on generated
//! inputs (the debug-only hooks `_convert_both` and `_to_py_both`).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Mutex;

use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyString;
use serde_json::{Map, Number, Value};

use fourx_core::Error;

use super::{conversion_error, reference_to_json, MAX_DEPTH};

/// Converts `obj` to JSON with exactly the outcome (value or error) of `reference_to_json`.
pub(crate) fn to_json(obj: &Bound<'_, PyAny>, depth: usize) -> Result<Value, Error> {
    // SAFETY: `obj` is a live object and the GIL is held (a `Bound` proves both).
    unsafe { to_json_raw(obj.py(), obj.as_ptr(), depth) }
}

/// The string's UTF-8 text, `None` (with the Python error cleared) for a lone surrogate.
///
/// # Safety
/// `p` must be a live `str` object and the GIL held.
pub(crate) unsafe fn utf8<'a>(p: *mut ffi::PyObject) -> Option<&'a str> {
    let mut len: ffi::Py_ssize_t = 0;
    // SAFETY: forwarded caller guarantee.
    let data = unsafe { ffi::PyUnicode_AsUTF8AndSize(p, &mut len) };
    if data.is_null() {
        // SAFETY: the GIL is held; the UnicodeEncodeError just raised is dropped, as the
        // reference's `to_str` drops it.
        unsafe { ffi::PyErr_Clear() };
        return None;
    }
    // SAFETY: CPython returns `len` bytes of valid UTF-8 that live as long as the string.
    Some(unsafe {
        std::str::from_utf8_unchecked(std::slice::from_raw_parts(data.cast::<u8>(), len as usize))
    })
}

/// # Safety
/// `p` must be a live object and the GIL held.
unsafe fn to_json_raw(py: Python<'_>, p: *mut ffi::PyObject, depth: usize) -> Result<Value, Error> {
    // SAFETY (whole body): `p` and the items read from it are live, borrowed from containers
    // that the caller keeps alive and that cannot change: only the C API runs on the plain
    // types, and anything else goes to the reference conversion, whose only Python code (an
    // int subclass's `__str__` in an error message) runs on the way to an error that ends the
    // conversion.
    unsafe {
        let ty = ffi::Py_TYPE(p);
        if p == ffi::Py_None() {
            return Ok(Value::Null);
        }
        if ty == &raw mut ffi::PyUnicode_Type {
            return match utf8(p) {
                Some(s) => Ok(Value::String(s.to_owned())),
                None => Err(conversion_error(
                    "string is not valid Unicode (lone surrogate)".into(),
                )),
            };
        }
        if ty == &raw mut ffi::PyBool_Type {
            return Ok(Value::Bool(p == ffi::Py_True()));
        }
        if ty == &raw mut ffi::PyLong_Type {
            let mut overflow: std::ffi::c_int = 0;
            let i = ffi::PyLong_AsLongLongAndOverflow(p, &mut overflow);
            if overflow == 0 && (i != -1 || ffi::PyErr_Occurred().is_null()) {
                return Ok(Value::Number(i.into()));
            }
            ffi::PyErr_Clear();
            // Beyond i64: the reference's u64 range and error message.
            return reference_to_json(&Bound::from_borrowed_ptr(py, p), depth);
        }
        if ty == &raw mut ffi::PyFloat_Type {
            let v = ffi::PyFloat_AsDouble(p);
            return Number::from_f64(v)
                .map(Value::Number)
                .ok_or_else(|| conversion_error(format!("float {v} is not finite")));
        }
        let container = ty == &raw mut ffi::PyDict_Type
            || ty == &raw mut ffi::PyList_Type
            || ty == &raw mut ffi::PyTuple_Type;
        if !container {
            return reference_to_json(&Bound::from_borrowed_ptr(py, p), depth);
        }
        if depth >= MAX_DEPTH {
            return Err(conversion_error(format!(
                "input nests deeper than {MAX_DEPTH} levels"
            )));
        }
        if ty == &raw mut ffi::PyDict_Type {
            let mut map = Map::with_capacity(ffi::PyDict_Size(p).max(0) as usize);
            let mut pos: ffi::Py_ssize_t = 0;
            let mut key: *mut ffi::PyObject = std::ptr::null_mut();
            let mut item: *mut ffi::PyObject = std::ptr::null_mut();
            while ffi::PyDict_Next(p, &mut pos, &mut key, &mut item) != 0 {
                let key = if ffi::Py_TYPE(key) == &raw mut ffi::PyUnicode_Type {
                    utf8(key)
                        .ok_or_else(|| conversion_error("dict key is not valid Unicode".into()))?
                        .to_owned()
                } else {
                    super::reference_key(&Bound::from_borrowed_ptr(py, key))?
                };
                map.insert(key, to_json_raw(py, item, depth + 1)?);
            }
            return Ok(Value::Object(map));
        }
        let is_list = ty == &raw mut ffi::PyList_Type;
        let len = if is_list {
            ffi::PyList_Size(p)
        } else {
            ffi::PyTuple_Size(p)
        }
        .max(0);
        let mut items = Vec::with_capacity(len as usize);
        for i in 0..len {
            let item = if is_list {
                ffi::PyList_GetItem(p, i)
            } else {
                ffi::PyTuple_GetItem(p, i)
            };
            if item.is_null() {
                ffi::PyErr_Clear();
                return Err(super::list_changed());
            }
            items.push(to_json_raw(py, item, depth + 1)?);
        }
        Ok(Value::Array(items))
    }
}

/// Converts a JSON value to plain Python objects, equal in value and type to what
/// `reference_to_py` makes.
pub(crate) fn to_py<'py>(py: Python<'py>, v: &Value) -> PyResult<Bound<'py, PyAny>> {
    // SAFETY: the GIL is held (`py`); a non-NULL result is a new reference we own.
    unsafe {
        let p = to_py_raw(py, v);
        if p.is_null() {
            Err(PyErr::fetch(py))
        } else {
            Ok(Bound::from_owned_ptr(py, p))
        }
    }
}

/// A new reference, or NULL with a Python error set.
///
/// # Safety
/// The GIL must be held.
unsafe fn to_py_raw(py: Python<'_>, v: &Value) -> *mut ffi::PyObject {
    // SAFETY (whole body): the GIL is held; every pointer is checked for NULL before use and
    // every new reference is either returned, stolen by `PyList_SetItem`, or released.
    unsafe {
        match v {
            Value::Null => {
                let none = ffi::Py_None();
                ffi::Py_INCREF(none);
                none
            }
            Value::Bool(b) => {
                let b = if *b { ffi::Py_True() } else { ffi::Py_False() };
                ffi::Py_INCREF(b);
                b
            }
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    ffi::PyLong_FromLongLong(i)
                } else if let Some(u) = n.as_u64() {
                    ffi::PyLong_FromUnsignedLongLong(u)
                } else {
                    ffi::PyFloat_FromDouble(n.as_f64().unwrap_or(f64::NAN))
                }
            }
            Value::String(s) => new_str(s),
            Value::Array(items) => {
                let list = ffi::PyList_New(items.len() as ffi::Py_ssize_t);
                if list.is_null() {
                    return list;
                }
                for (i, item) in items.iter().enumerate() {
                    let obj = to_py_raw(py, item);
                    // A NULL slot is fine for the list's deallocation.
                    if obj.is_null() || ffi::PyList_SetItem(list, i as ffi::Py_ssize_t, obj) != 0 {
                        ffi::Py_DECREF(list);
                        return std::ptr::null_mut();
                    }
                }
                list
            }
            Value::Object(map) => {
                let dict = ffi::PyDict_New();
                if dict.is_null() {
                    return dict;
                }
                for (k, item) in map {
                    let key = key_str(py, k);
                    if key.is_null() {
                        ffi::Py_DECREF(dict);
                        return key;
                    }
                    let obj = to_py_raw(py, item);
                    if obj.is_null() {
                        ffi::Py_DECREF(key);
                        ffi::Py_DECREF(dict);
                        return obj;
                    }
                    let status = ffi::PyDict_SetItem(dict, key, obj);
                    ffi::Py_DECREF(key);
                    ffi::Py_DECREF(obj);
                    if status != 0 {
                        ffi::Py_DECREF(dict);
                        return std::ptr::null_mut();
                    }
                }
                dict
            }
        }
    }
}

/// A new `str` of `s`, or NULL with a Python error set.
///
/// # Safety
/// The GIL must be held.
pub(crate) unsafe fn new_str(s: &str) -> *mut ffi::PyObject {
    // SAFETY: forwarded caller guarantee; `s` is valid UTF-8 of `s.len()` bytes.
    unsafe { ffi::PyUnicode_FromStringAndSize(s.as_ptr().cast(), s.len() as ffi::Py_ssize_t) }
}

/// Keys longer than this are never cached (op result keys are short names).
const MAX_CACHED_KEY: usize = 32;
/// The most keys the cache holds; later new keys are made afresh each time. Bounds its memory
/// whatever keys results carry (a result may echo the caller's own dict keys).
const MAX_CACHED_KEYS: usize = 1024;

/// FNV-1a: the cache's keys are short, so a byte-at-a-time hash costs less than SipHash.
#[derive(Default)]
struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

/// The cached key strings. Only Rust code runs while the lock is held (no Python call, which
/// could run a finalizer that converts a result and so take the lock again); strings are made
/// outside it, and an entry, once in, is never replaced or dropped.
type KeyCache = HashMap<Box<str>, Py<PyString>, BuildHasherDefault<Fnv>>;
static KEYS: Mutex<Option<KeyCache>> = Mutex::new(None);

/// A new reference to a `str` equal to `k` (from the cache when `k` is short), or NULL with a
/// Python error set.
///
/// # Safety
/// The GIL must be held.
pub(crate) unsafe fn key_str(py: Python<'_>, k: &str) -> *mut ffi::PyObject {
    if k.len() > MAX_CACHED_KEY {
        // SAFETY: forwarded caller guarantee.
        return unsafe { new_str(k) };
    }
    {
        let keys = KEYS.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(s) = keys.as_ref().and_then(|m| m.get(k)) {
            let p = s.as_ptr();
            // SAFETY: the cache holds a reference, so `p` is live; incrementing runs no code.
            unsafe { ffi::Py_INCREF(p) };
            return p;
        }
    }
    // SAFETY: forwarded caller guarantee.
    let p = unsafe { new_str(k) };
    if p.is_null() {
        return p;
    }
    let mut keys = KEYS.lock().unwrap_or_else(|p| p.into_inner());
    let map = keys.get_or_insert_with(KeyCache::default);
    if map.len() < MAX_CACHED_KEYS && !map.contains_key(k) {
        // SAFETY: `p` is a live `str`; the cache takes a reference of its own.
        let owned = unsafe { Bound::from_borrowed_ptr(py, p) };
        let s = owned.cast_into::<PyString>().map(Bound::unbind);
        if let Ok(s) = s {
            map.insert(k.into(), s);
        }
    }
    p
}
