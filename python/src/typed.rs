//! The typed entry over Python objects: a serde `Deserializer` reading plain Python objects
//! (`PyDe`) and a serde `Serializer` making them (`PySer`), so that the ops of
//! `fourx_core::ops::typed` decode their input straight into their Rust types and write their
//! result straight into Python objects, with no `serde_json::Value` on either side.
//!
//! Decides nothing of its own: `PyDe` takes only what the reference conversion (`lib.rs`)
//! converts without an error and converts it to what that conversion gives — exactly `None`,
//! `bool`, `str` of valid Unicode, `int` within `i64`, finite `float`, `dict` with `str` keys,
//! `list`, `tuple`, nested under the same depth limit; anything else (a subclass, another type, a
//! larger int, an enum given as a one-key dict) makes the core decline the input, and `call` then
//! runs the `Value` path, whose error or result is the answer. `PySer` makes what `to_py` makes of
//! `serde_json::to_value` of the same result (non-finite floats are `None`, map keys `str`).

use std::fmt;

use pyo3::ffi;
use pyo3::prelude::*;
use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{self, Serialize};

use super::convert::{key_str, new_str, utf8};
use super::MAX_DEPTH;

/// Why `PyDe` did not take an input: it is left to the `Value` path, so no message is kept.
#[derive(Debug)]
pub(crate) struct Declined;

impl fmt::Display for Declined {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("declined by the typed entry")
    }
}

impl std::error::Error for Declined {}

impl de::Error for Declined {
    fn custom<T: fmt::Display>(_: T) -> Self {
        Declined
    }
}

/// A deserializer over one borrowed Python object; the GIL is held for its whole life.
pub(crate) struct PyDe<'py> {
    _py: Python<'py>,
    obj: *mut ffi::PyObject,
    depth: usize,
}

impl<'py> PyDe<'py> {
    /// Reads `obj`, which the caller keeps alive.
    pub(crate) fn new(obj: &Bound<'py, PyAny>) -> Self {
        PyDe {
            _py: obj.py(),
            obj: obj.as_ptr(),
            depth: 0,
        }
    }

    fn child(&self, obj: *mut ffi::PyObject) -> Self {
        PyDe {
            _py: self._py,
            obj,
            depth: self.depth + 1,
        }
    }
}

impl<'de> de::Deserializer<'de> for PyDe<'_> {
    type Error = Declined;

    fn deserialize_any<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        let p = self.obj;
        // SAFETY (whole body): the GIL is held (`_py`), `p` is live (borrowed from the caller's
        // object or from a container that no Python code can change while only the C API runs),
        // and every read is of an object whose exact type was checked first.
        unsafe {
            let ty = ffi::Py_TYPE(p);
            if p == ffi::Py_None() {
                return v.visit_unit();
            }
            if ty == &raw mut ffi::PyUnicode_Type {
                return match utf8(p) {
                    Some(s) => v.visit_str(s),
                    None => Err(Declined),
                };
            }
            if ty == &raw mut ffi::PyBool_Type {
                return v.visit_bool(p == ffi::Py_True());
            }
            if ty == &raw mut ffi::PyLong_Type {
                let mut overflow: std::ffi::c_int = 0;
                let i = ffi::PyLong_AsLongLongAndOverflow(p, &mut overflow);
                if overflow != 0 || (i == -1 && !ffi::PyErr_Occurred().is_null()) {
                    ffi::PyErr_Clear();
                    return Err(Declined);
                }
                // serde_json keeps a non-negative integer as a u64 and visits it so.
                return match u64::try_from(i) {
                    Ok(u) => v.visit_u64(u),
                    Err(_) => v.visit_i64(i),
                };
            }
            if ty == &raw mut ffi::PyFloat_Type {
                let f = ffi::PyFloat_AsDouble(p);
                return if f.is_finite() {
                    v.visit_f64(f)
                } else {
                    Err(Declined)
                };
            }
            if self.depth >= MAX_DEPTH {
                return Err(Declined);
            }
            if ty == &raw mut ffi::PyDict_Type {
                return v.visit_map(DictAccess {
                    de: &self,
                    pos: 0,
                    value: std::ptr::null_mut(),
                });
            }
            if ty == &raw mut ffi::PyList_Type || ty == &raw mut ffi::PyTuple_Type {
                let list = ty == &raw mut ffi::PyList_Type;
                let len = if list {
                    ffi::PyList_Size(p)
                } else {
                    ffi::PyTuple_Size(p)
                };
                return v.visit_seq(ListAccess {
                    de: &self,
                    list,
                    at: 0,
                    len: len.max(0),
                });
            }
            Err(Declined)
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
        // SAFETY: a pointer comparison.
        if self.obj == unsafe { ffi::Py_None() } {
            v.visit_none()
        } else {
            v.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        v: V,
    ) -> Result<V::Value, Declined> {
        v.visit_newtype_struct(self)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Declined> {
        // SAFETY: an exact-type check of a live object, the GIL held.
        if unsafe { ffi::Py_TYPE(self.obj) } != &raw mut ffi::PyUnicode_Type {
            // A variant with data (a one-key dict): left to the `Value` path.
            return Err(Declined);
        }
        // SAFETY: `obj` is a live `str`.
        match unsafe { utf8(self.obj) } {
            Some(s) => v.visit_enum(IntoDeserializer::<Declined>::into_deserializer(s)),
            None => Err(Declined),
        }
    }

    // serde_json's `Value` reads these only from their own JSON type (a visitor that takes
    // several, as a variant identifier takes an index, must not see another): the same here.
    strict! {
        deserialize_bool: Kind::Bool, deserialize_str: Kind::Str, deserialize_string: Kind::Str,
        deserialize_identifier: Kind::Str, deserialize_char: Kind::Str, deserialize_unit: Kind::None,
        deserialize_seq: Kind::List, deserialize_map: Kind::Dict,
        deserialize_i8: Kind::Number, deserialize_i16: Kind::Number, deserialize_i32: Kind::Number,
        deserialize_i64: Kind::Number, deserialize_u8: Kind::Number, deserialize_u16: Kind::Number,
        deserialize_u32: Kind::Number, deserialize_u64: Kind::Number, deserialize_f32: Kind::Number,
        deserialize_f64: Kind::Number,
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Declined> {
        self.deserialize_unit(v)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _: usize, v: V) -> Result<V::Value, Declined> {
        self.deserialize_seq(v)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: usize,
        v: V,
    ) -> Result<V::Value, Declined> {
        self.deserialize_seq(v)
    }

    serde::forward_to_deserialize_any! {
        i128 u128 bytes byte_buf struct ignored_any
    }
}

/// The JSON type a strict `deserialize_*` reads.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    None,
    Bool,
    Number,
    Str,
    List,
    Dict,
}

impl PyDe<'_> {
    /// The JSON type of the object, by exact type (`None` for any other type).
    fn kind(&self) -> Option<Kind> {
        let p = self.obj;
        // SAFETY: pointer comparisons on a live object, the GIL held.
        unsafe {
            let ty = ffi::Py_TYPE(p);
            Some(if p == ffi::Py_None() {
                Kind::None
            } else if ty == &raw mut ffi::PyBool_Type {
                Kind::Bool
            } else if ty == &raw mut ffi::PyLong_Type || ty == &raw mut ffi::PyFloat_Type {
                Kind::Number
            } else if ty == &raw mut ffi::PyUnicode_Type {
                Kind::Str
            } else if ty == &raw mut ffi::PyList_Type || ty == &raw mut ffi::PyTuple_Type {
                Kind::List
            } else if ty == &raw mut ffi::PyDict_Type {
                Kind::Dict
            } else {
                return None;
            })
        }
    }
}

macro_rules! strict {
    ($($name:ident: $kind:expr,)*) => {
        $(
            fn $name<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Declined> {
                if self.kind() == Some($kind) {
                    self.deserialize_any(v)
                } else {
                    Err(Declined)
                }
            }
        )*
    };
}
use strict;

struct DictAccess<'a, 'py> {
    de: &'a PyDe<'py>,
    pos: ffi::Py_ssize_t,
    value: *mut ffi::PyObject,
}

impl<'de> MapAccess<'de> for DictAccess<'_, '_> {
    type Error = Declined;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Declined> {
        let mut key: *mut ffi::PyObject = std::ptr::null_mut();
        // SAFETY: the dict is live and unchanged (only the C API runs); items are borrowed.
        unsafe {
            if ffi::PyDict_Next(self.de.obj, &mut self.pos, &mut key, &mut self.value) == 0 {
                return Ok(None);
            }
            if ffi::Py_TYPE(key) != &raw mut ffi::PyUnicode_Type {
                return Err(Declined);
            }
            match utf8(key) {
                Some(k) => seed
                    .deserialize(IntoDeserializer::<Declined>::into_deserializer(k))
                    .map(Some),
                None => Err(Declined),
            }
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Declined> {
        if self.value.is_null() {
            return Err(Declined);
        }
        seed.deserialize(self.de.child(self.value))
    }

    fn size_hint(&self) -> Option<usize> {
        // SAFETY: the dict is live.
        usize::try_from(unsafe { ffi::PyDict_Size(self.de.obj) }).ok()
    }
}

struct ListAccess<'a, 'py> {
    de: &'a PyDe<'py>,
    list: bool,
    at: ffi::Py_ssize_t,
    len: ffi::Py_ssize_t,
}

impl<'de> SeqAccess<'de> for ListAccess<'_, '_> {
    type Error = Declined;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Declined> {
        if self.at >= self.len {
            return Ok(None);
        }
        // SAFETY: the list or tuple is live and unchanged; the item is borrowed.
        let item = unsafe {
            if self.list {
                ffi::PyList_GetItem(self.de.obj, self.at)
            } else {
                ffi::PyTuple_GetItem(self.de.obj, self.at)
            }
        };
        if item.is_null() {
            // SAFETY: the GIL is held; the IndexError is dropped (declined).
            unsafe { ffi::PyErr_Clear() };
            return Err(Declined);
        }
        self.at += 1;
        seed.deserialize(self.de.child(item)).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        usize::try_from(self.len - self.at).ok()
    }
}

/// An owned reference, released on drop (the GIL is held wherever one lives).
pub(crate) struct Obj(*mut ffi::PyObject);

impl Obj {
    /// Takes a new reference; NULL (a Python error set) is an error.
    fn new(p: *mut ffi::PyObject) -> Result<Obj, SerError> {
        if p.is_null() {
            Err(SerError::Python)
        } else {
            Ok(Obj(p))
        }
    }

    fn borrowed(p: *mut ffi::PyObject) -> Obj {
        // SAFETY: `p` is a live immortal-or-owned singleton (None, True, False); the GIL is held.
        unsafe { ffi::Py_INCREF(p) };
        Obj(p)
    }

    /// The reference as a `Bound`.
    pub(crate) fn into_bound(self, py: Python<'_>) -> Bound<'_, PyAny> {
        let p = self.0;
        std::mem::forget(self);
        // SAFETY: `p` is a new reference we own.
        unsafe { Bound::from_owned_ptr(py, p) }
    }
}

impl Drop for Obj {
    fn drop(&mut self) {
        // SAFETY: an owned reference; the GIL is held wherever an `Obj` lives.
        unsafe { ffi::Py_DECREF(self.0) }
    }
}

/// Why a result could not be made: a Python error (memory) is set, or the result has a shape
/// JSON cannot hold (a bug: the typed outputs are JSON shapes).
#[derive(Debug)]
pub(crate) enum SerError {
    Python,
    Shape(String),
}

impl fmt::Display for SerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SerError::Python => f.write_str("a Python error"),
            SerError::Shape(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for SerError {}

impl ser::Error for SerError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        SerError::Shape(msg.to_string())
    }
}

/// A serializer making Python objects, as `to_py(serde_json::to_value(x))` would.
#[derive(Clone, Copy)]
pub(crate) struct PySer<'py>(pub(crate) Python<'py>);

fn int(i: i64) -> Result<Obj, SerError> {
    // SAFETY: the GIL is held by the serializer's caller.
    Obj::new(unsafe { ffi::PyLong_FromLongLong(i) })
}

fn text(s: &str) -> Result<Obj, SerError> {
    // SAFETY: the GIL is held by the serializer's caller.
    Obj::new(unsafe { new_str(s) })
}

/// `{variant: value}`, serde_json's form of a variant with data.
fn tagged(py: Python<'_>, variant: &'static str, value: Obj) -> Result<Obj, SerError> {
    let mut d = DictSer::new(py)?;
    d.set(variant, value)?;
    Ok(d.dict)
}

impl<'py> ser::Serializer for PySer<'py> {
    type Ok = Obj;
    type Error = SerError;
    type SerializeSeq = ListSer<'py>;
    type SerializeTuple = ListSer<'py>;
    type SerializeTupleStruct = ListSer<'py>;
    type SerializeTupleVariant = ListSer<'py>;
    type SerializeMap = DictSer<'py>;
    type SerializeStruct = DictSer<'py>;
    type SerializeStructVariant = DictSer<'py>;

    fn serialize_bool(self, b: bool) -> Result<Obj, SerError> {
        // SAFETY: singletons.
        Ok(Obj::borrowed(unsafe {
            if b {
                ffi::Py_True()
            } else {
                ffi::Py_False()
            }
        }))
    }
    fn serialize_i8(self, v: i8) -> Result<Obj, SerError> {
        int(v.into())
    }
    fn serialize_i16(self, v: i16) -> Result<Obj, SerError> {
        int(v.into())
    }
    fn serialize_i32(self, v: i32) -> Result<Obj, SerError> {
        int(v.into())
    }
    fn serialize_i64(self, v: i64) -> Result<Obj, SerError> {
        int(v)
    }
    fn serialize_u8(self, v: u8) -> Result<Obj, SerError> {
        int(v.into())
    }
    fn serialize_u16(self, v: u16) -> Result<Obj, SerError> {
        int(v.into())
    }
    fn serialize_u32(self, v: u32) -> Result<Obj, SerError> {
        int(v.into())
    }
    fn serialize_u64(self, v: u64) -> Result<Obj, SerError> {
        match i64::try_from(v) {
            Ok(i) => int(i),
            // SAFETY: the GIL is held.
            Err(_) => Obj::new(unsafe { ffi::PyLong_FromUnsignedLongLong(v) }),
        }
    }
    fn serialize_f32(self, v: f32) -> Result<Obj, SerError> {
        self.serialize_f64(v.into())
    }
    fn serialize_f64(self, v: f64) -> Result<Obj, SerError> {
        if v.is_finite() {
            // SAFETY: the GIL is held.
            Obj::new(unsafe { ffi::PyFloat_FromDouble(v) })
        } else {
            self.serialize_unit()
        }
    }
    fn serialize_char(self, v: char) -> Result<Obj, SerError> {
        text(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<Obj, SerError> {
        text(v)
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<Obj, SerError> {
        let mut l = ListSer::new(self.0, v.len());
        for b in v {
            l.items.push(int((*b).into())?);
        }
        l.finish()
    }
    fn serialize_none(self) -> Result<Obj, SerError> {
        self.serialize_unit()
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<Obj, SerError> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Obj, SerError> {
        // SAFETY: the singleton.
        Ok(Obj::borrowed(unsafe { ffi::Py_None() }))
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Obj, SerError> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Obj, SerError> {
        text(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<Obj, SerError> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<Obj, SerError> {
        tagged(self.0, variant, v.serialize(self)?)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<ListSer<'py>, SerError> {
        Ok(ListSer::new(self.0, len.unwrap_or(0)))
    }
    fn serialize_tuple(self, len: usize) -> Result<ListSer<'py>, SerError> {
        Ok(ListSer::new(self.0, len))
    }
    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<ListSer<'py>, SerError> {
        Ok(ListSer::new(self.0, len))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<ListSer<'py>, SerError> {
        let mut l = ListSer::new(self.0, len);
        l.variant = Some(variant);
        Ok(l)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<DictSer<'py>, SerError> {
        DictSer::new(self.0)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<DictSer<'py>, SerError> {
        DictSer::new(self.0)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<DictSer<'py>, SerError> {
        let mut d = DictSer::new(self.0)?;
        d.variant = Some(variant);
        Ok(d)
    }
}

/// A list being made: the items, then one `PyList_New` of their number.
pub(crate) struct ListSer<'py> {
    py: Python<'py>,
    items: Vec<Obj>,
    variant: Option<&'static str>,
}

impl<'py> ListSer<'py> {
    fn new(py: Python<'py>, len: usize) -> Self {
        ListSer {
            py,
            items: Vec::with_capacity(len.min(1 << 16)),
            variant: None,
        }
    }

    fn finish(self) -> Result<Obj, SerError> {
        // SAFETY: the GIL is held; `PyList_SetItem` steals each item's reference, and a list
        // with unset (NULL) slots is safe to release.
        let list = unsafe {
            let list = Obj::new(ffi::PyList_New(self.items.len() as ffi::Py_ssize_t))?;
            for (i, item) in self.items.into_iter().enumerate() {
                let p = item.0;
                std::mem::forget(item);
                if ffi::PyList_SetItem(list.0, i as ffi::Py_ssize_t, p) != 0 {
                    return Err(SerError::Python);
                }
            }
            list
        };
        match self.variant {
            Some(v) => tagged(self.py, v, list),
            None => Ok(list),
        }
    }

    fn push<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), SerError> {
        self.items.push(v.serialize(PySer(self.py))?);
        Ok(())
    }
}

impl ser::SerializeSeq for ListSer<'_> {
    type Ok = Obj;
    type Error = SerError;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), SerError> {
        self.push(v)
    }
    fn end(self) -> Result<Obj, SerError> {
        self.finish()
    }
}

impl ser::SerializeTuple for ListSer<'_> {
    type Ok = Obj;
    type Error = SerError;
    fn serialize_element<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), SerError> {
        self.push(v)
    }
    fn end(self) -> Result<Obj, SerError> {
        self.finish()
    }
}

impl ser::SerializeTupleStruct for ListSer<'_> {
    type Ok = Obj;
    type Error = SerError;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), SerError> {
        self.push(v)
    }
    fn end(self) -> Result<Obj, SerError> {
        self.finish()
    }
}

impl ser::SerializeTupleVariant for ListSer<'_> {
    type Ok = Obj;
    type Error = SerError;
    fn serialize_field<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), SerError> {
        self.push(v)
    }
    fn end(self) -> Result<Obj, SerError> {
        self.finish()
    }
}

/// A dict being made; keys come from the binding's key cache.
pub(crate) struct DictSer<'py> {
    py: Python<'py>,
    dict: Obj,
    key: Option<Obj>,
    variant: Option<&'static str>,
}

impl<'py> DictSer<'py> {
    fn new(py: Python<'py>) -> Result<Self, SerError> {
        Ok(DictSer {
            py,
            // SAFETY: the GIL is held.
            dict: Obj::new(unsafe { ffi::PyDict_New() })?,
            key: None,
            variant: None,
        })
    }

    fn set_obj(&mut self, key: &Obj, value: Obj) -> Result<(), SerError> {
        // SAFETY: live objects, the GIL held; `PyDict_SetItem` takes references of its own.
        if unsafe { ffi::PyDict_SetItem(self.dict.0, key.0, value.0) } != 0 {
            return Err(SerError::Python);
        }
        Ok(())
    }

    fn set(&mut self, key: &str, value: Obj) -> Result<(), SerError> {
        // SAFETY: the GIL is held.
        let key = Obj::new(unsafe { key_str(self.py, key) })?;
        self.set_obj(&key, value)
    }

    fn finish(self) -> Result<Obj, SerError> {
        match self.variant {
            Some(v) => tagged(self.py, v, self.dict),
            None => Ok(self.dict),
        }
    }
}

impl ser::SerializeMap for DictSer<'_> {
    type Ok = Obj;
    type Error = SerError;
    fn serialize_key<T: ?Sized + Serialize>(&mut self, k: &T) -> Result<(), SerError> {
        self.key = Some(k.serialize(KeySer(self.py))?);
        Ok(())
    }
    fn serialize_value<T: ?Sized + Serialize>(&mut self, v: &T) -> Result<(), SerError> {
        let key = self
            .key
            .take()
            .ok_or_else(|| SerError::Shape("a map value without its key".into()))?;
        let value = v.serialize(PySer(self.py))?;
        self.set_obj(&key, value)
    }
    fn end(self) -> Result<Obj, SerError> {
        self.finish()
    }
}

impl ser::SerializeStruct for DictSer<'_> {
    type Ok = Obj;
    type Error = SerError;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        k: &'static str,
        v: &T,
    ) -> Result<(), SerError> {
        let value = v.serialize(PySer(self.py))?;
        self.set(k, value)
    }
    fn end(self) -> Result<Obj, SerError> {
        self.finish()
    }
}

impl ser::SerializeStructVariant for DictSer<'_> {
    type Ok = Obj;
    type Error = SerError;
    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        k: &'static str,
        v: &T,
    ) -> Result<(), SerError> {
        let value = v.serialize(PySer(self.py))?;
        self.set(k, value)
    }
    fn end(self) -> Result<Obj, SerError> {
        self.finish()
    }
}

/// A map key as serde_json writes one: a string, or a number or bool as its text.
struct KeySer<'py>(Python<'py>);

impl KeySer<'_> {
    fn key(&self, k: &str) -> Result<Obj, SerError> {
        // SAFETY: the GIL is held.
        Obj::new(unsafe { key_str(self.0, k) })
    }

    fn refuse<T>(what: &str) -> Result<T, SerError> {
        Err(SerError::Shape(format!(
            "a map key must be a string, not {what}"
        )))
    }
}

impl ser::Serializer for KeySer<'_> {
    type Ok = Obj;
    type Error = SerError;
    type SerializeSeq = ser::Impossible<Obj, SerError>;
    type SerializeTuple = ser::Impossible<Obj, SerError>;
    type SerializeTupleStruct = ser::Impossible<Obj, SerError>;
    type SerializeTupleVariant = ser::Impossible<Obj, SerError>;
    type SerializeMap = ser::Impossible<Obj, SerError>;
    type SerializeStruct = ser::Impossible<Obj, SerError>;
    type SerializeStructVariant = ser::Impossible<Obj, SerError>;

    fn serialize_bool(self, v: bool) -> Result<Obj, SerError> {
        self.key(if v { "true" } else { "false" })
    }
    fn serialize_i8(self, v: i8) -> Result<Obj, SerError> {
        self.key(&v.to_string())
    }
    fn serialize_i16(self, v: i16) -> Result<Obj, SerError> {
        self.key(&v.to_string())
    }
    fn serialize_i32(self, v: i32) -> Result<Obj, SerError> {
        self.key(&v.to_string())
    }
    fn serialize_i64(self, v: i64) -> Result<Obj, SerError> {
        self.key(&v.to_string())
    }
    fn serialize_u8(self, v: u8) -> Result<Obj, SerError> {
        self.key(&v.to_string())
    }
    fn serialize_u16(self, v: u16) -> Result<Obj, SerError> {
        self.key(&v.to_string())
    }
    fn serialize_u32(self, v: u32) -> Result<Obj, SerError> {
        self.key(&v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<Obj, SerError> {
        self.key(&v.to_string())
    }
    fn serialize_f32(self, _: f32) -> Result<Obj, SerError> {
        Self::refuse("a float")
    }
    fn serialize_f64(self, _: f64) -> Result<Obj, SerError> {
        Self::refuse("a float")
    }
    fn serialize_char(self, v: char) -> Result<Obj, SerError> {
        self.key(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<Obj, SerError> {
        self.key(v)
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<Obj, SerError> {
        Self::refuse("bytes")
    }
    fn serialize_none(self) -> Result<Obj, SerError> {
        Self::refuse("null")
    }
    fn serialize_some<T: ?Sized + Serialize>(self, v: &T) -> Result<Obj, SerError> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<Obj, SerError> {
        Self::refuse("null")
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<Obj, SerError> {
        Self::refuse("null")
    }
    fn serialize_unit_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
    ) -> Result<Obj, SerError> {
        self.key(variant)
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<Obj, SerError> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<Obj, SerError> {
        Self::refuse("a variant")
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, SerError> {
        Self::refuse("a list")
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, SerError> {
        Self::refuse("a list")
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, SerError> {
        Self::refuse("a list")
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, SerError> {
        Self::refuse("a list")
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, SerError> {
        Self::refuse("a map")
    }
    fn serialize_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStruct, SerError> {
        Self::refuse("a map")
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, SerError> {
        Self::refuse("a map")
    }
}
