//! Reading op inputs: typed accessors over the input object that name the offending key.
//!
//! Areas differ in the kinds they report for a missing or mistyped key (router: `missing_field` /
//! `invalid_value`; the others: `invalid_input`), so an [`Args`] carries both kinds. What a key
//! means stays with the area.

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind, Result};

/// Typed access to an op's input object.
#[derive(Clone, Copy)]
pub(crate) struct Args<'a> {
    map: &'a Map<String, Value>,
    missing: ErrorKind,
    invalid: ErrorKind,
}

#[allow(dead_code)]
impl<'a> Args<'a> {
    /// Accessors reporting `invalid_input` for both missing and mistyped keys.
    pub(crate) fn new(map: &'a Map<String, Value>) -> Self {
        Args {
            map,
            missing: ErrorKind::InvalidInput,
            invalid: ErrorKind::InvalidInput,
        }
    }

    /// Accessors reporting `missing` for an absent key and `invalid` for a mistyped one.
    pub(crate) fn with_kinds(
        map: &'a Map<String, Value>,
        missing: ErrorKind,
        invalid: ErrorKind,
    ) -> Self {
        Args {
            map,
            missing,
            invalid,
        }
    }

    /// The whole input object.
    pub(crate) fn map(&self) -> &'a Map<String, Value> {
        self.map
    }

    /// The raw value of `key`, `None` when absent or `null`.
    pub(crate) fn get(&self, key: &str) -> Option<&'a Value> {
        self.map.get(key).filter(|v| !v.is_null())
    }

    /// The raw value of `key`; absent or `null` is an error.
    pub(crate) fn req(&self, key: &str) -> Result<&'a Value> {
        self.get(key).ok_or_else(|| self.missing_err(key))
    }

    /// The error for an absent required key.
    pub(crate) fn missing_err(&self, key: &str) -> Error {
        Error::new(self.missing, format!("input key `{key}` is required")).with_field(key)
    }

    /// The error for a key of the wrong type or value.
    pub(crate) fn invalid_err(&self, key: &str, want: &str, got: &Value) -> Error {
        Error::new(
            self.invalid,
            format!(
                "input key `{key}` must be {want}, not {}",
                crate::protocol::codec::limits::type_name(got)
            ),
        )
        .with_field(key)
    }

    /// A required string.
    pub(crate) fn str(&self, key: &str) -> Result<&'a str> {
        let v = self.req(key)?;
        v.as_str()
            .ok_or_else(|| self.invalid_err(key, "a string", v))
    }

    /// An optional string (absent or `null` → `None`).
    pub(crate) fn opt_str(&self, key: &str) -> Result<Option<&'a str>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v
                .as_str()
                .map(Some)
                .ok_or_else(|| self.invalid_err(key, "a string", v)),
        }
    }

    /// An optional boolean.
    pub(crate) fn opt_bool(&self, key: &str) -> Result<Option<bool>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v
                .as_bool()
                .map(Some)
                .ok_or_else(|| self.invalid_err(key, "a boolean", v)),
        }
    }

    /// An optional signed integer (a number with a fraction is refused).
    pub(crate) fn opt_i64(&self, key: &str) -> Result<Option<i64>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v
                .as_i64()
                .map(Some)
                .ok_or_else(|| self.invalid_err(key, "an integer", v)),
        }
    }

    /// A required signed integer.
    pub(crate) fn i64(&self, key: &str) -> Result<i64> {
        self.opt_i64(key)?.ok_or_else(|| self.missing_err(key))
    }

    /// An optional object.
    pub(crate) fn opt_obj(&self, key: &str) -> Result<Option<&'a Map<String, Value>>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v
                .as_object()
                .map(Some)
                .ok_or_else(|| self.invalid_err(key, "an object", v)),
        }
    }

    /// An optional array.
    pub(crate) fn opt_array(&self, key: &str) -> Result<Option<&'a Vec<Value>>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => v
                .as_array()
                .map(Some)
                .ok_or_else(|| self.invalid_err(key, "an array", v)),
        }
    }

    /// Deserializes `key` into `T` with serde; absent or `null` → `None`.
    pub(crate) fn opt_decode<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>> {
        match self.get(key) {
            None => Ok(None),
            Some(v) => T::deserialize(v).map(Some).map_err(|e| {
                Error::new(self.invalid, format!("input key `{key}`: {e}")).with_field(key)
            }),
        }
    }

    /// Deserializes the required `key` into `T` with serde.
    pub(crate) fn decode<T: DeserializeOwned>(&self, key: &str) -> Result<T> {
        self.opt_decode(key)?.ok_or_else(|| self.missing_err(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn missing_and_mistyped_keys_name_the_field() {
        let m = obj(json!({"a": 1}));
        let args = Args::with_kinds(&m, ErrorKind::MissingField, ErrorKind::InvalidValue);
        let e = args.str("b").unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (ErrorKind::MissingField, Some("b"))
        );
        let e = args.str("a").unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (ErrorKind::InvalidValue, Some("a"))
        );
    }

    #[test]
    fn null_counts_as_absent() {
        let m = obj(json!({"a": null}));
        assert_eq!(Args::new(&m).opt_str("a").unwrap(), None);
    }
}
