//! The universal operation surface: `call(op, input)` with JSON in and JSON out.
//!
//! Every capability of fourx is an op named `<area>.<verb>`. This module owns the registry (one
//! table per area, concatenated here), the checks every input passes before any area rule (a JSON
//! object, nesting depth ≤ 128, size ≤ 16 MiB for byte input), and the `meta.*` ops. The typed Rust
//! API of each area is the real one; its op table only converts JSON to and from it.

mod args;
mod router_workflow;

use std::collections::HashMap;
use std::sync::LazyLock;

use serde_json::{Map, Value};

#[allow(unused_imports)] // used by the area tables as they land
pub(crate) use args::Args;

use crate::error::{Error, ErrorKind, Result};

/// Largest input accepted as bytes (the C boundary and the Python `call_json` path).
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;

/// Deepest nesting of arrays and objects accepted in any op input.
pub const MAX_DEPTH: usize = 128;

/// The function behind an op: takes the input object, returns the result value.
pub(crate) type OpFn = fn(&Map<String, Value>) -> Result<Value>;

/// One operation of the surface: its name, a one-line doc, schema hints and the function.
#[derive(Clone)]
pub struct OpInfo {
    /// `<area>.<verb>`.
    pub name: &'static str,
    /// One line saying what the op does.
    pub doc: &'static str,
    /// Input keys; a trailing `?` marks an optional key.
    pub input: &'static [&'static str],
    /// Keys of the result object (empty when the result is not an object).
    pub output: &'static [&'static str],
    /// The error kinds the op can return (beyond `invalid_input` for a non-object input).
    pub errors: &'static [ErrorKind],
    pub(crate) run: OpFn,
}

impl std::fmt::Debug for OpInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpInfo")
            .field("name", &self.name)
            .field("doc", &self.doc)
            .field("input", &self.input)
            .field("output", &self.output)
            .field("errors", &self.errors)
            .finish()
    }
}

impl OpInfo {
    /// Describes an op; used by the area tables.
    pub(crate) const fn new(
        name: &'static str,
        doc: &'static str,
        input: &'static [&'static str],
        output: &'static [&'static str],
        errors: &'static [ErrorKind],
        run: OpFn,
    ) -> Self {
        OpInfo {
            name,
            doc,
            input,
            output,
            errors,
            run,
        }
    }

    /// The catalog entry of this op as JSON (`{"name","doc","input","output","errors"}`).
    pub fn to_json(&self) -> Value {
        serde_json::json!({
            "name": self.name,
            "doc": self.doc,
            "input": self.input,
            "output": self.output,
            "errors": self.errors.iter().map(|k| k.as_str()).collect::<Vec<_>>(),
        })
    }
}

/// The area tables. Adding an area is one line here; adding an op is one line in its area table.
static AREAS: &[&[OpInfo]] = &[
    META_OPS,
    crate::machine::ops::OPS,
    crate::workspace::ops::OPS,
    crate::workspace::feature_ops::OPS,
    #[cfg(feature = "fs")]
    crate::workspace::feature_fs_ops::OPS,
    crate::resolve::ops::OPS,
    crate::report::ops::OPS,
    crate::report::pool_ops::OPS,
    crate::router::ops::OPS,
    crate::router::prompt::ops::OPS,
    router_workflow::OPS,
    crate::blueprint::ops::OPS,
    #[cfg(feature = "fs")]
    crate::store::repo_walk::OPS,
];

static CATALOG: LazyLock<Vec<OpInfo>> = LazyLock::new(|| {
    let mut all: Vec<OpInfo> = AREAS.iter().flat_map(|t| t.iter().cloned()).collect();
    all.sort_by(|a, b| a.name.cmp(b.name));
    all
});

static BY_NAME: LazyLock<HashMap<&'static str, usize>> = LazyLock::new(|| {
    CATALOG
        .iter()
        .enumerate()
        .map(|(i, op)| (op.name, i))
        .collect()
});

/// Every op, sorted by name.
pub fn catalog() -> &'static [OpInfo] {
    &CATALOG
}

/// Looks an op up by name.
pub fn find(op: &str) -> Option<&'static OpInfo> {
    BY_NAME.get(op).map(|&i| &CATALOG[i])
}

/// Runs `op` on `input`.
///
/// The input must be a JSON object nested at most [`MAX_DEPTH`] deep (`invalid_input`
/// otherwise); an unknown op is `unknown_op`. Both checks run before any area rule.
pub fn call(op: &str, input: &Value) -> Result<Value> {
    let map = check_input(input)?;
    let info = find(op).ok_or_else(|| {
        Error::new(
            ErrorKind::UnknownOp,
            format!("unknown op {op:?}; meta.catalog lists the ops"),
        )
    })?;
    (info.run)(map)
}

/// Runs `op` on input given as JSON bytes (the C boundary's path).
///
/// Bytes over [`MAX_INPUT_BYTES`] are `input_too_large` before any parsing; bytes that are not
/// JSON, nest deeper than [`MAX_DEPTH`] or are not an object are `invalid_input`. An empty input
/// means `{}`.
pub fn call_bytes(op: &str, input: &[u8]) -> Result<Value> {
    let value = parse_input(input)?;
    call(op, &value)
}

/// Parses op input bytes with the checks of [`call_bytes`].
pub fn parse_input(input: &[u8]) -> Result<Value> {
    if input.len() > MAX_INPUT_BYTES {
        return Err(Error::new(
            ErrorKind::InputTooLarge,
            format!(
                "input is {} bytes; the limit is {MAX_INPUT_BYTES} bytes",
                input.len()
            ),
        ));
    }
    if input.is_empty() {
        return Ok(Value::Object(Map::new()));
    }
    if json_depth(input) > MAX_DEPTH {
        return Err(Error::invalid_input(format!(
            "input nests deeper than {MAX_DEPTH} levels"
        )));
    }
    let mut de = serde_json::Deserializer::from_slice(input);
    de.disable_recursion_limit();
    let value: Value = serde::Deserialize::deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v))
        .map_err(|e| Error::invalid_input(format!("input is not valid JSON: {e}")))?;
    Ok(value)
}

/// The deepest nesting of `[`/`{` in JSON text, ignoring brackets inside strings. Linear, no
/// recursion; text that is not JSON gives some number and is rejected later by the parser.
fn json_depth(bytes: &[u8]) -> usize {
    let (mut depth, mut max, mut in_str, mut escaped) = (0usize, 0usize, false, false);
    for &b in bytes {
        if in_str {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_str = false;
            }
            continue;
        }
        match b {
            b'"' => in_str = true,
            b'[' | b'{' => {
                depth += 1;
                max = max.max(depth);
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Checks the rules every op input obeys and returns it as an object.
fn check_input(input: &Value) -> Result<&Map<String, Value>> {
    let map = input.as_object().ok_or_else(|| {
        Error::invalid_input(format!(
            "op input must be a JSON object, not {}",
            type_name(input)
        ))
    })?;
    if value_depth(input) > MAX_DEPTH {
        return Err(Error::invalid_input(format!(
            "input nests deeper than {MAX_DEPTH} levels"
        )));
    }
    Ok(map)
}

/// Nesting depth of a value (a scalar is 0, `[]` is 1), computed without recursion.
pub fn value_depth(v: &Value) -> usize {
    let mut max = 0;
    let mut stack: Vec<(&Value, usize)> = vec![(v, 0)];
    while let Some((v, d)) = stack.pop() {
        match v {
            Value::Array(items) => {
                max = max.max(d + 1);
                stack.extend(items.iter().map(|x| (x, d + 1)));
            }
            Value::Object(map) => {
                max = max.max(d + 1);
                stack.extend(map.values().map(|x| (x, d + 1)));
            }
            _ => {}
        }
        if max > MAX_DEPTH {
            break;
        }
    }
    max
}

/// The JSON type name of a value, for messages.
pub(crate) fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The crate version as a number: major×1,000,000 + minor×1,000 + patch.
pub fn version_number() -> u32 {
    fn part(s: &str) -> u32 {
        s.parse().unwrap_or(0)
    }
    part(env!("CARGO_PKG_VERSION_MAJOR")) * 1_000_000
        + part(env!("CARGO_PKG_VERSION_MINOR")) * 1_000
        + part(env!("CARGO_PKG_VERSION_PATCH"))
}

static META_OPS: &[OpInfo] = &[
    OpInfo::new(
        "meta.catalog",
        "Every op with its one-line doc, input keys, output keys and error kinds, sorted by name.",
        &[],
        &["ops"],
        &[],
        |_| {
            Ok(serde_json::json!({
                "ops": catalog().iter().map(OpInfo::to_json).collect::<Vec<_>>()
            }))
        },
    ),
    OpInfo::new(
        "meta.version",
        "The library version as a string and as major*1000000 + minor*1000 + patch.",
        &[],
        &["version", "version_number"],
        &[],
        |_| {
            Ok(serde_json::json!({
                "version": env!("CARGO_PKG_VERSION"),
                "version_number": version_number(),
            }))
        },
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn op_names_are_unique_and_area_dot_verb() {
        let mut names: Vec<_> = catalog().iter().map(|o| o.name).collect();
        let n = names.len();
        names.dedup();
        assert_eq!(n, names.len(), "duplicate op name");
        for name in names {
            let (area, verb) = name.split_once('.').expect(name);
            assert!(!area.is_empty() && !verb.is_empty(), "{name}");
        }
    }

    #[test]
    fn unknown_op_is_unknown_op() {
        assert_eq!(
            call("nope.nothing", &json!({})).unwrap_err().kind,
            ErrorKind::UnknownOp
        );
    }

    #[test]
    fn non_object_input_is_invalid_input_before_the_op_is_looked_up() {
        for v in [json!(null), json!([]), json!("x"), json!(1), json!(true)] {
            assert_eq!(
                call("nope.nothing", &v).unwrap_err().kind,
                ErrorKind::InvalidInput
            );
        }
    }

    #[test]
    fn depth_limit_is_128_for_values_and_bytes() {
        let nest = |n: usize| format!("{{\"a\":{}{}}}", "[".repeat(n - 1), "]".repeat(n - 1));
        assert!(call_bytes("meta.version", nest(128).as_bytes()).is_ok());
        let err = call_bytes("meta.version", nest(129).as_bytes()).unwrap_err();
        assert_eq!(err.kind, ErrorKind::InvalidInput);
        let v: Value = parse_input(nest(128).as_bytes()).unwrap();
        assert_eq!(value_depth(&v), 128);
    }

    #[test]
    fn oversize_bytes_are_refused_before_parsing() {
        let big = vec![b'x'; MAX_INPUT_BYTES + 1];
        assert_eq!(
            call_bytes("meta.version", &big).unwrap_err().kind,
            ErrorKind::InputTooLarge
        );
    }

    #[test]
    fn empty_bytes_mean_an_empty_object() {
        assert!(call_bytes("meta.version", b"").is_ok());
        assert_eq!(
            call_bytes("meta.version", b"  ").unwrap_err().kind,
            ErrorKind::InvalidInput
        );
    }

    #[test]
    fn floats_parse_exactly_as_go_does() {
        // serde_json's default float parser may be one ulp off; `float_roundtrip` makes it exact.
        let v = parse_input(b"{\"x\": 0.30000000000000004441}").unwrap();
        assert_eq!(v["x"].as_f64(), Some(0.300_000_000_000_000_04));
        let v = parse_input(b"{\"x\": 2.2250738585072011e-308}").unwrap();
        assert_eq!(v["x"].as_f64(), Some(2.225_073_858_507_201e-308));
    }

    #[test]
    fn version_number_is_sqlite_style() {
        let v = call("meta.version", &json!({})).unwrap();
        assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
        assert_eq!(v["version_number"], version_number());
    }
}
