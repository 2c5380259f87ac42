//! Decoding JSON *text* into the Go-shaped structs (`go_struct!`) with the text rules of
//! state-machine.md §2.3: the Go-compatible parser of [`crate::protocol::codec::gojson_decode`]
//! (lone surrogates → U+FFFD), then duplicate keys applied in document order as Go's decoder
//! applies them — a later `null` leaves an earlier value in place, a later object merges into an
//! earlier one, anything else replaces it — before the struct rules of
//! [`crate::protocol::codec::gostruct`] run.
//!
//! What a failure is called (`invalid_json`, a warning) is the caller's.

use serde_json::{Map, Number, Value};

use crate::protocol::codec::gojson_decode::{parse, GoValue};
use crate::protocol::codec::gostruct::GoDecode;

/// Decodes `text` into `T`; `Err` carries a message naming the problem.
pub fn decode_text<T: GoDecode>(text: &[u8], what: &str) -> Result<T, String> {
    let go = parse(text).map_err(|e| format!("{what}: {e}"))?;
    let v = to_value(&go).map_err(|e| format!("{what}: {e}"))?;
    T::go_decode(&v, what).map_err(|e| e.message)
}

/// Converts a decoded text to a value with Go's duplicate-key rules (see the module docs).
/// Nesting is bounded by the parser's depth limit; the walk uses an explicit stack of frames.
pub fn to_value(go: &GoValue) -> Result<Value, String> {
    enum Frame<'a> {
        Arr(std::slice::Iter<'a, GoValue>, Vec<Value>),
        Obj(
            std::slice::Iter<'a, (String, GoValue)>,
            Map<String, Value>,
            Option<String>,
        ),
    }
    fn scalar(go: &GoValue) -> Result<Option<Value>, String> {
        Ok(Some(match go {
            GoValue::Null => Value::Null,
            GoValue::Bool(b) => Value::Bool(*b),
            GoValue::String(s) => Value::String(s.clone()),
            GoValue::Number(n) => number(n)?,
            GoValue::Array(_) | GoValue::Object(_) => return Ok(None),
        }))
    }
    fn merge(into: &mut Map<String, Value>, key: String, v: Value) {
        match (into.get_mut(&key), v) {
            (Some(_), Value::Null) => {}
            (Some(Value::Object(old)), Value::Object(new)) => {
                for (k, x) in new {
                    merge(old, k, x);
                }
            }
            (_, v) => {
                into.insert(key, v);
            }
        }
    }
    fn open(g: &GoValue) -> Option<Frame<'_>> {
        match g {
            GoValue::Array(items) => Some(Frame::Arr(items.iter(), Vec::new())),
            GoValue::Object(members) => Some(Frame::Obj(members.iter(), Map::new(), None)),
            _ => None,
        }
    }
    if let Some(v) = scalar(go)? {
        return Ok(v);
    }
    let mut stack: Vec<Frame<'_>> = open(go).into_iter().collect();
    loop {
        let Some(top) = stack.last_mut() else {
            return Err("empty document".into());
        };
        let next: Option<(Option<String>, &GoValue)> = match top {
            Frame::Arr(it, _) => it.next().map(|g| (None, g)),
            Frame::Obj(it, _, pending) => it.next().map(|(k, g)| {
                *pending = Some(k.clone());
                (Some(k.clone()), g)
            }),
        };
        let done_value = match next {
            Some((_, g)) => match scalar(g)? {
                Some(v) => Some(v),
                None => {
                    if let Some(f) = open(g) {
                        stack.push(f);
                    }
                    None
                }
            },
            None => match stack.pop() {
                Some(Frame::Arr(_, items)) => Some(Value::Array(items)),
                Some(Frame::Obj(_, map, _)) => Some(Value::Object(map)),
                None => None,
            },
        };
        let Some(v) = done_value else { continue };
        match stack.last_mut() {
            None => return Ok(v),
            Some(Frame::Arr(_, items)) => items.push(v),
            Some(Frame::Obj(_, map, pending)) => {
                if let Some(k) = pending.take() {
                    merge(map, k, v);
                }
            }
        }
    }
}

/// A JSON number literal as a value: an integer when it has no fraction or exponent and fits
/// i64/u64, else a finite float.
fn number(lit: &str) -> Result<Value, String> {
    if !lit.contains(['.', 'e', 'E']) {
        if let Ok(i) = lit.parse::<i64>() {
            return Ok(Value::Number(i.into()));
        }
        if let Ok(u) = lit.parse::<u64>() {
            return Ok(Value::Number(u.into()));
        }
    }
    lit.parse::<f64>()
        .ok()
        .and_then(Number::from_f64)
        .map(Value::Number)
        .ok_or_else(|| format!("number {lit} is out of range"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn later_null_keeps_earlier_value_and_objects_merge() {
        let go =
            parse(br#"{"a":1,"a":null,"o":{"x":1},"o":{"y":2},"l":[1],"l":[2,{"k":"\ud800"}]}"#)
                .unwrap();
        assert_eq!(
            to_value(&go).unwrap(),
            json!({"a": 1, "o": {"x": 1, "y": 2}, "l": [2, {"k": "\u{fffd}"}]})
        );
    }

    #[test]
    fn huge_numbers_fail_and_integers_stay_integers() {
        assert!(to_value(&parse(b"[1e400]").unwrap()).is_err());
        assert_eq!(
            to_value(&parse(b"[3, 3.5]").unwrap()).unwrap(),
            json!([3, 3.5])
        );
    }
}
