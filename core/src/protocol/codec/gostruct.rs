//! Go `encoding/json` struct semantics over [`serde_json::Value`]: reading a value into a typed
//! struct the way `json.Unmarshal` fills a zero Go struct, and the `omitempty` test for writing.
//!
//! Decides: `null` and missing keys give the zero value, nil (`None`) is kept apart from empty,
//! unknown keys are ignored, keys match exactly first and then case-insensitively, a value of the
//! wrong JSON type is `invalid_input` naming its path. Leaves to the caller which struct has which
//! fields and tags (the crate-internal `go_struct!` macro) and the byte layout ([`super::gojson`]).

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::gojson_decode::{self, GoValue};
use crate::error::{Error, Result};

/// A type that can be read from a JSON value with Go's `encoding/json` rules.
///
/// Decoding works *into* an existing value, as `json.Unmarshal` does: `null` leaves a string,
/// number, bool or struct unchanged and resets a pointer, slice or map (`Option<T>`) to nil; a
/// repeated key decodes again into the same field (structs and maps merge, slices are replaced).
pub trait GoDecode: Default {
    /// Decodes `v` into `self`; `path` names the value in error messages
    /// (`config.runners.claude.args`).
    fn go_decode_into(&mut self, v: &GoValue, path: &str) -> Result<()>;

    /// Decodes `v` into a zero value.
    fn go_decode(v: &GoValue, path: &str) -> Result<Self> {
        let mut out = Self::default();
        out.go_decode_into(v, path)?;
        Ok(out)
    }
}

/// Go's `omitempty` test for a field's value.
pub trait GoOmit {
    /// True when a field holding this value and tagged `omitempty` is left out: `""`, `0`,
    /// `false`, a nil pointer, a nil or empty slice or map. A struct value is never empty.
    fn go_omit(&self) -> bool;
}

fn type_error(path: &str, want: &str, got: &GoValue) -> Error {
    Error::invalid_input(format!("`{path}` must be {want}, not {}", got.type_name()))
        .with_field(path.to_string())
}

fn field_error(path: &str, e: gojson_decode::DecodeError) -> Error {
    Error::invalid_input(format!("`{path}`: {e}")).with_field(path.to_string())
}

/// Decodes an op-input value (serde_json's form) with Go's rules.
pub fn decode_value<T: GoDecode>(v: &Value, path: &str) -> Result<T> {
    let go = gojson_decode::from_value(v, crate::protocol::codec::limits::MAX_DEPTH)
        .map_err(|e| field_error(path, e))?;
    T::go_decode(&go, path)
}

impl GoDecode for String {
    fn go_decode_into(&mut self, v: &GoValue, path: &str) -> Result<()> {
        if let Some(s) = v.as_string().map_err(|e| field_error(path, e))? {
            *self = s;
        }
        Ok(())
    }
}

impl GoDecode for bool {
    fn go_decode_into(&mut self, v: &GoValue, path: &str) -> Result<()> {
        if let Some(b) = v.as_bool().map_err(|e| field_error(path, e))? {
            *self = b;
        }
        Ok(())
    }
}

impl GoDecode for i64 {
    fn go_decode_into(&mut self, v: &GoValue, path: &str) -> Result<()> {
        if let Some(n) = v.as_i64().map_err(|e| field_error(path, e))? {
            *self = n;
        }
        Ok(())
    }
}

impl GoDecode for f64 {
    fn go_decode_into(&mut self, v: &GoValue, path: &str) -> Result<()> {
        if let Some(n) = v.as_f64().map_err(|e| field_error(path, e))? {
            *self = n;
        }
        Ok(())
    }
}

/// A Go pointer, slice or map: `null` makes it nil; anything else decodes into the existing
/// value, or into a new zero value when nil.
impl<T: GoDecode> GoDecode for Option<T> {
    fn go_decode_into(&mut self, v: &GoValue, path: &str) -> Result<()> {
        if matches!(v, GoValue::Null) {
            *self = None;
            return Ok(());
        }
        self.get_or_insert_with(T::default).go_decode_into(v, path)
    }
}

/// A Go slice body: elements decode into the existing ones in place, then the slice is cut to
/// the array's length.
impl<T: GoDecode> GoDecode for Vec<T> {
    fn go_decode_into(&mut self, v: &GoValue, path: &str) -> Result<()> {
        match v {
            GoValue::Null => Ok(()),
            GoValue::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    if i >= self.len() {
                        self.push(T::default());
                    }
                    if let Some(slot) = self.get_mut(i) {
                        slot.go_decode_into(item, &format!("{path}[{i}]"))?;
                    }
                }
                self.truncate(items.len());
                Ok(())
            }
            other => Err(type_error(path, "an array", other)),
        }
    }
}

/// A Go map body: existing keys are kept; each member decodes into a fresh zero element that
/// then replaces the key.
impl<T: GoDecode> GoDecode for BTreeMap<String, T> {
    fn go_decode_into(&mut self, v: &GoValue, path: &str) -> Result<()> {
        match v {
            GoValue::Null => Ok(()),
            GoValue::Object(members) => {
                for (k, item) in members {
                    let elem = T::go_decode(item, &format!("{path}.{k}"))?;
                    self.insert(k.clone(), elem);
                }
                Ok(())
            }
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

/// Whether a JSON key matches a field tag case-insensitively, as Go's `encoding/json` folds
/// names (`foldName`): every code point is mapped to upper(lower(c)) with the simple mappings, so
/// `ſ` matches `s`, `K` (Kelvin) matches `k` and `ı`/`İ` match `i`.
pub fn keys_equal_fold(a: &str, b: &str) -> bool {
    fn fold(c: char) -> char {
        let l = super::text::simple_lower(c);
        let mut up = l.to_uppercase();
        match (up.next(), up.next()) {
            (Some(u), None) => u,
            _ => l,
        }
    }
    a.chars().map(fold).eq(b.chars().map(fold))
}

/// Reads the object `v` into a struct's fields the way Go does: for each member (in document
/// order, duplicates included), the field whose tag equals the key, else the first whose tag
/// equals it case-insensitively; `apply(tag, value, path)` decodes into that field. `null`
/// leaves the struct unchanged; unknown keys are ignored (and reported to a running
/// [`super::unknown_keys::collect`]).
pub fn decode_fields(
    v: &GoValue,
    path: &str,
    tags: &'static [&'static str],
    mut apply: impl FnMut(&str, &GoValue, &str) -> Result<()>,
) -> Result<()> {
    let members = match v {
        GoValue::Null => return Ok(()),
        GoValue::Object(members) => members,
        other => return Err(type_error(path, "an object", other)),
    };
    for (key, value) in members {
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
        } else {
            super::unknown_keys::report(path, key, tags);
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

        impl $name {
            /// The JSON keys of this struct's fields, in declaration order.
            #[allow(dead_code)]
            pub const GO_TAGS: &'static [&'static str] = &[$($tag),*];
        }

        impl $crate::protocol::codec::gostruct::GoDecode for $name {
            fn go_decode_into(
                &mut self,
                v: &$crate::protocol::codec::gojson_decode::GoValue,
                path: &str,
            ) -> $crate::error::Result<()> {
                $crate::protocol::codec::gostruct::decode_fields(v, path, Self::GO_TAGS, |tag, value, sub| {
                    match tag {
                        $( $tag => $crate::protocol::codec::gostruct::GoDecode::go_decode_into(
                            &mut self.$field, value, sub,
                        )?, )*
                        _ => {}
                    }
                    Ok(())
                })?;
                $( $post(self); )?
                Ok(())
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

        /// Decodes with Go's rules (the codec's `GoDecode`): case-insensitive keys, unknown
        /// keys ignored, `null` leaves the zero value.
        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
                let v = <serde_json::Value as serde::Deserialize>::deserialize(d)?;
                $crate::protocol::codec::gostruct::decode_value(&v, stringify!($name))
                    .map_err(<D::Error as serde::de::Error>::custom)
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
pub(crate) fn input_or_zero<T: GoDecode>(map: &Map<String, Value>, key: &str) -> Result<T> {
    match map.get(key) {
        None | Some(Value::Null) => Ok(T::default()),
        Some(v) => decode_value(v, key),
    }
}

/// The required op input `key` decoded with Go's rules; absent or `null` is `invalid_input`.
pub(crate) fn input_required<T: GoDecode>(map: &Map<String, Value>, key: &str) -> Result<T> {
    match map.get(key) {
        None | Some(Value::Null) => {
            Err(Error::invalid_input(format!("input key `{key}` is required")).with_field(key))
        }
        Some(v) => decode_value(v, key),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn text<T: GoDecode>(t: &str) -> Result<T> {
        T::go_decode(&gojson_decode::parse(t.as_bytes()).unwrap(), "x")
    }

    #[test]
    fn null_and_missing_give_zero_values_and_nil_stays_apart_from_empty() {
        assert_eq!(decode_value::<String>(&json!(null), "x").unwrap(), "");
        assert_eq!(
            decode_value::<Option<Vec<String>>>(&json!(null), "x").unwrap(),
            None
        );
        assert_eq!(
            decode_value::<Option<Vec<String>>>(&json!([]), "x").unwrap(),
            Some(vec![])
        );
        assert_eq!(
            decode_value::<Option<Vec<String>>>(&json!(["a", null]), "x").unwrap(),
            Some(vec!["a".to_string(), String::new()])
        );
    }

    #[test]
    fn wrong_type_is_invalid_input_naming_the_path() {
        let e = decode_value::<Option<Vec<String>>>(&json!(["a", 1]), "cfg.args").unwrap_err();
        assert_eq!(e.kind, crate::ErrorKind::InvalidInput);
        assert_eq!(e.field.as_deref(), Some("cfg.args[1]"));
        assert!(decode_value::<i64>(&json!(1.5), "n").is_err());
        assert!(decode_value::<i64>(&json!("1"), "n").is_err());
        assert!(text::<i64>("1e2").is_err());
        assert_eq!(text::<f64>("1e2").unwrap(), 100.0);
    }

    #[test]
    fn repeated_keys_decode_again_into_the_same_value_like_go() {
        let m: Option<BTreeMap<String, String>> = text(r#"{"a": "1"}"#).unwrap();
        assert_eq!(m.map(|m| m.len()), Some(1));
        let mut m: BTreeMap<String, i64> = text(r#"{"a": 1}"#).unwrap();
        m.go_decode_into(&gojson_decode::parse(br#"{"b": 2}"#).unwrap(), "x")
            .unwrap();
        assert_eq!(m.len(), 2, "maps merge");
        let mut v: Vec<i64> = text("[1, 2, 3]").unwrap();
        v.go_decode_into(&gojson_decode::parse(b"[9]").unwrap(), "x")
            .unwrap();
        assert_eq!(v, [9], "slices are replaced");
        let mut s = "keep".to_string();
        s.go_decode_into(&GoValue::Null, "x").unwrap();
        assert_eq!(s, "keep", "null leaves a string unchanged");
    }

    #[test]
    fn keys_fold_case_like_go() {
        assert!(keys_equal_fold("default_runner", "Default_Runner"));
        assert!(!keys_equal_fold("runner", "runners"));
        assert!(keys_equal_fold("stdin", "\u{17F}TDIN"));
        assert!(keys_equal_fold("tiers", "T\u{130}ERS"));
        assert!(keys_equal_fold("k", "\u{212A}"));
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
