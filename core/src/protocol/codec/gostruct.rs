//! Go `encoding/json` struct semantics over [`serde_json::Value`]: reading a value into a typed
//! struct the way `json.Unmarshal` fills a zero Go struct, and the `omitempty` test for writing.
//!
//! Decides: `null` and missing keys give the zero value, nil (`None`) is kept apart from empty,
//! unknown keys are ignored, keys match exactly first and then case-insensitively, a value of the
//! wrong JSON type is `invalid_input` naming its path. Leaves to the caller which struct has which
//! fields and tags (the crate-internal `go_struct!` macro) and the byte layout ([`super::gojson`]).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use crate::error::{Error, Result};

/// A type that can be read from a JSON value with Go's `encoding/json` rules.
///
/// `null` always decodes to the zero value ([`Default`]); `Option<T>` is a Go pointer, slice or
/// map that may be nil.
pub trait GoDecode: Sized {
    /// Decodes `v`; `path` names the value in error messages (`config.runners.claude.args`).
    fn go_decode(v: &Value, path: &str) -> Result<Self>;
}

/// Go's `omitempty` test for a field's value.
pub trait GoOmit {
    /// True when a field holding this value and tagged `omitempty` is left out: `""`, `0`,
    /// `false`, a nil pointer, a nil or empty slice or map. A struct value is never empty.
    fn go_omit(&self) -> bool;
}

fn type_error(path: &str, want: &str, got: &Value) -> Error {
    Error::invalid_input(format!(
        "`{path}` must be {want}, not {}",
        crate::ops::type_name(got)
    ))
    .with_field(path.to_string())
}

impl GoDecode for String {
    fn go_decode(v: &Value, path: &str) -> Result<Self> {
        match v {
            Value::Null => Ok(String::new()),
            Value::String(s) => Ok(s.clone()),
            other => Err(type_error(path, "a string", other)),
        }
    }
}

impl GoDecode for bool {
    fn go_decode(v: &Value, path: &str) -> Result<Self> {
        match v {
            Value::Null => Ok(false),
            Value::Bool(b) => Ok(*b),
            other => Err(type_error(path, "a boolean", other)),
        }
    }
}

impl GoDecode for i64 {
    fn go_decode(v: &Value, path: &str) -> Result<Self> {
        match v {
            Value::Null => Ok(0),
            Value::Number(n) => n.as_i64().ok_or_else(|| type_error(path, "an integer", v)),
            other => Err(type_error(path, "an integer", other)),
        }
    }
}

impl GoDecode for f64 {
    fn go_decode(v: &Value, path: &str) -> Result<Self> {
        match v {
            Value::Null => Ok(0.0),
            Value::Number(n) => n.as_f64().ok_or_else(|| type_error(path, "a number", v)),
            other => Err(type_error(path, "a number", other)),
        }
    }
}

impl<T: GoDecode> GoDecode for Option<T> {
    fn go_decode(v: &Value, path: &str) -> Result<Self> {
        match v {
            Value::Null => Ok(None),
            other => T::go_decode(other, path).map(Some),
        }
    }
}

impl<T: GoDecode> GoDecode for Vec<T> {
    fn go_decode(v: &Value, path: &str) -> Result<Self> {
        match v {
            Value::Null => Ok(Vec::new()),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, item)| T::go_decode(item, &format!("{path}[{i}]")))
                .collect(),
            other => Err(type_error(path, "an array", other)),
        }
    }
}

impl<T: GoDecode> GoDecode for BTreeMap<String, T> {
    fn go_decode(v: &Value, path: &str) -> Result<Self> {
        match v {
            Value::Null => Ok(BTreeMap::new()),
            Value::Object(map) => map
                .iter()
                .map(|(k, item)| Ok((k.clone(), T::go_decode(item, &format!("{path}.{k}"))?)))
                .collect(),
            other => Err(type_error(path, "an object", other)),
        }
    }
}

impl GoOmit for String {
    fn go_omit(&self) -> bool {
        self.is_empty()
    }
}

impl GoOmit for bool {
    fn go_omit(&self) -> bool {
        !*self
    }
}

impl GoOmit for i64 {
    fn go_omit(&self) -> bool {
        *self == 0
    }
}

impl GoOmit for f64 {
    fn go_omit(&self) -> bool {
        *self == 0.0
    }
}

impl<T> GoOmit for Option<Vec<T>> {
    fn go_omit(&self) -> bool {
        self.as_ref().is_none_or(Vec::is_empty)
    }
}

impl<T> GoOmit for Option<BTreeMap<String, T>> {
    fn go_omit(&self) -> bool {
        self.as_ref().is_none_or(BTreeMap::is_empty)
    }
}

impl GoOmit for Option<bool> {
    fn go_omit(&self) -> bool {
        self.is_none()
    }
}

impl GoOmit for Option<i64> {
    fn go_omit(&self) -> bool {
        self.is_none()
    }
}

/// Go's `strings.EqualFold` on keys: equal under simple case folding (ASCII and the one-to-one
/// Unicode lower-case mappings).
pub fn keys_equal_fold(a: &str, b: &str) -> bool {
    let fold = |c: char| {
        let mut lower = c.to_lowercase();
        match (lower.next(), lower.next()) {
            (Some(l), None) => l,
            _ => c,
        }
    };
    a.chars().map(fold).eq(b.chars().map(fold))
}

/// Reads the object `v` into the struct's fields the way Go does: for each key (in input
/// order), the field whose tag equals it, else the first whose tag equals it case-insensitively;
/// `apply(tag, value, path)` stores the value. `null` leaves the zero struct.
pub fn decode_fields(
    v: &Value,
    path: &str,
    tags: &[&'static str],
    mut apply: impl FnMut(&str, &Value, &str) -> Result<()>,
) -> Result<()> {
    let map: &Map<String, Value> = match v {
        Value::Null => return Ok(()),
        Value::Object(map) => map,
        other => return Err(type_error(path, "an object", other)),
    };
    for (key, value) in map {
        let found = tags
            .iter()
            .find(|t| **t == key)
            .or_else(|| tags.iter().find(|t| keys_equal_fold(t, key)));
        if let Some(&tag) = found {
            let sub = if path.is_empty() {
                tag.to_string()
            } else {
                format!("{path}.{tag}")
            };
            apply(tag, value, &sub)?;
        }
    }
    Ok(())
}

/// Declares a Go-shaped struct: its fields in declaration order, each with its JSON tag and
/// whether it is `omitempty`. Generates the struct (deriving `Debug`, `Clone`, `Default`,
/// `PartialEq`), [`GoDecode`] (Go's read rules), `serde::Serialize` (Go's write rules: declaration
/// order, omitempty through [`GoOmit`]) and a [`GoOmit`] that never omits a struct value. An
/// optional `after_decode = path;` runs on every decoded value (read-time normalisation).
macro_rules! go_struct {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $(
                $(#[$fmeta:meta])*
                $field:ident : $ty:ty => $tag:literal $( , $omit:ident )?;
            )*
        }
        $( after_decode = $post:path; )?
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Default, PartialEq)]
        pub struct $name {
            $( $(#[$fmeta])* pub $field: $ty, )*
        }

        impl $crate::protocol::codec::gostruct::GoDecode for $name {
            fn go_decode(v: &serde_json::Value, path: &str) -> $crate::error::Result<Self> {
                let mut out = Self::default();
                const TAGS: &[&str] = &[$($tag),*];
                $crate::protocol::codec::gostruct::decode_fields(v, path, TAGS, |tag, value, sub| {
                    match tag {
                        $( $tag => {
                            out.$field = $crate::protocol::codec::gostruct::GoDecode::go_decode(value, sub)?;
                        } )*
                        _ => {}
                    }
                    Ok(())
                })?;
                $( $post(&mut out); )?
                Ok(out)
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
                use serde::ser::SerializeMap;
                let mut m = s.serialize_map(None)?;
                $(
                    if !$crate::protocol::codec::gostruct::go_struct!(@omit self.$field $(, $omit)?) {
                        m.serialize_entry($tag, &self.$field)?;
                    }
                )*
                m.end()
            }
        }

        impl $crate::protocol::codec::gostruct::GoOmit for $name {
            fn go_omit(&self) -> bool {
                false
            }
        }

        impl $crate::protocol::codec::gostruct::GoOmit for Option<$name> {
            fn go_omit(&self) -> bool {
                self.is_none()
            }
        }
    };
    (@omit $e:expr) => { false };
    (@omit $e:expr, omitempty) => { $crate::protocol::codec::gostruct::GoOmit::go_omit(&$e) };
}

pub(crate) use go_struct;

/// The op input `key` decoded with Go's rules; absent or `null` gives the zero value.
pub(crate) fn input_or_zero<T: GoDecode + Default>(
    map: &Map<String, Value>,
    key: &str,
) -> Result<T> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(T::default()),
        Some(v) => T::go_decode(v, key),
    }
}

/// The required op input `key` decoded with Go's rules; absent or `null` is `invalid_input`.
pub(crate) fn input_required<T: GoDecode>(map: &Map<String, Value>, key: &str) -> Result<T> {
    let args = crate::ops::Args::new(map);
    T::go_decode(args.req(key)?, key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn null_and_missing_give_zero_values_and_nil_stays_apart_from_empty() {
        assert_eq!(String::go_decode(&json!(null), "x").unwrap(), "");
        assert_eq!(
            Option::<Vec<String>>::go_decode(&json!(null), "x").unwrap(),
            None
        );
        assert_eq!(
            Option::<Vec<String>>::go_decode(&json!([]), "x").unwrap(),
            Some(vec![])
        );
        assert_eq!(
            Option::<Vec<String>>::go_decode(&json!(["a", null]), "x").unwrap(),
            Some(vec!["a".to_string(), String::new()])
        );
    }

    #[test]
    fn wrong_type_is_invalid_input_naming_the_path() {
        let e = Option::<Vec<String>>::go_decode(&json!(["a", 1]), "cfg.args").unwrap_err();
        assert_eq!(e.kind, crate::ErrorKind::InvalidInput);
        assert_eq!(e.field.as_deref(), Some("cfg.args[1]"));
        assert!(i64::go_decode(&json!(1.5), "n").is_err());
        assert!(i64::go_decode(&json!("1"), "n").is_err());
    }

    #[test]
    fn keys_fold_case_like_go() {
        assert!(keys_equal_fold("default_runner", "Default_Runner"));
        assert!(!keys_equal_fold("runner", "runners"));
    }

    #[test]
    fn omitempty_treats_nil_and_empty_collections_alike_but_keeps_false_pointers() {
        assert!(Option::<Vec<i64>>::None.go_omit());
        assert!(Some(Vec::<i64>::new()).go_omit());
        assert!(!Some(false).go_omit());
        assert!(Option::<bool>::None.go_omit());
        assert!(0i64.go_omit() && String::new().go_omit() && 0.0f64.go_omit());
    }
}
