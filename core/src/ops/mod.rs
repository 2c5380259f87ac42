//! The universal operation surface: `call(op, input)` with JSON in and JSON out.
//!
//! Every capability of fourx is an op named `<area>.<verb>`. This module owns the registry (one
//! table per area, concatenated here), the checks every input passes before any area rule (a JSON
//! object, nesting depth ≤ 128, size ≤ 16 MiB for byte input), and the `meta.*` ops. The typed Rust
//! API of each area is the real one; its adapter file here (`ops/<area>.rs`) only converts JSON to
//! and from it. This is the only module that knows op names: no area imports it, and the core never
//! calls an op by name. The bindings (C, Python) reach the core through it and its handles.
//!
//! ```
//! use fourx_core::ops;
//! use serde_json::json;
//!
//! let out = ops::call("state.can_transition", &json!({"from": "init", "to": "designing"}))?;
//! assert_eq!(out, json!({"allowed": true}));
//! let e = ops::call("no.such_op", &json!({})).unwrap_err();
//! assert_eq!(e.kind.as_str(), "unknown_op");
//! # Ok::<(), fourx_core::Error>(())
//! ```

mod args;
mod info;
pub mod schema;
mod types;

#[doc(hidden)]
pub mod blueprint;
#[doc(hidden)]
pub mod blueprint_cell;
#[doc(hidden)]
#[cfg(feature = "fs")]
pub mod blueprint_scan;
#[doc(hidden)]
pub mod blueprint_store;
#[doc(hidden)]
pub mod conductor;
#[doc(hidden)]
pub mod feature_ids;
#[doc(hidden)]
pub mod features;
#[doc(hidden)]
#[cfg(feature = "fs")]
pub mod features_fs;
#[doc(hidden)]
pub mod guard;
pub mod handle;
#[doc(hidden)]
pub mod machine;
#[doc(hidden)]
pub mod report;
#[doc(hidden)]
pub mod report_pool;
#[doc(hidden)]
pub mod resolve;
#[doc(hidden)]
pub mod router;
#[doc(hidden)]
pub mod router_prompt;
#[doc(hidden)]
pub mod router_workflow;
#[doc(hidden)]
pub mod run_files;
pub mod store_backends;
#[doc(hidden)]
pub mod typed;
#[doc(hidden)]
pub mod workspace;
#[doc(hidden)]
#[cfg(feature = "fs")]
pub mod workspace_cached;
#[doc(hidden)]
pub mod workspace_handle;
#[doc(hidden)]
#[cfg(feature = "fs")]
pub mod workspace_resume;
#[doc(hidden)]
pub mod workspace_store;

use std::collections::HashMap;
use std::sync::LazyLock;

use serde_json::{Map, Value};

pub(crate) use args::Args;
pub use blueprint_store::HeldStore;
pub use handle::{Handle, HandleOp};
pub use info::{catalog_types, CatalogTypes, OpInfo};
pub use typed::{TypedInput, TypedOutput, TYPED_OPS};
#[cfg(feature = "fs")]
pub use workspace_cached::HeldCachedWorkspace;
pub use workspace_handle::HeldWorkspace;

use crate::error::{Error, ErrorKind, Result};

/// Largest input accepted as bytes (the C boundary and the Python `call_json` path).
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;

use crate::protocol::codec::limits::type_name;
pub use crate::protocol::codec::limits::MAX_DEPTH;

/// The area tables. Adding an area is one line here; adding an op is one line in its area table.
static AREAS: &[&[OpInfo]] = &[
    META_OPS,
    machine::OPS,
    workspace::OPS,
    workspace_store::OPS,
    features::OPS,
    feature_ids::OPS,
    #[cfg(feature = "fs")]
    features_fs::OPS,
    resolve::OPS,
    report::OPS,
    report_pool::OPS,
    router::OPS,
    router_prompt::OPS,
    router_workflow::OPS,
    run_files::OPS,
    blueprint::OPS,
    conductor::OPS,
    guard::OPS,
    #[cfg(feature = "fs")]
    workspace_resume::OPS,
    #[cfg(feature = "fs")]
    blueprint_scan::OPS,
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
    (info.run)(map).map_err(|e| with_key_hint(e, info, map))
}

/// An error of an op whose input carries keys the op does not know (they are ignored, as every
/// unknown key is) gains a hint naming each one and, when one is a likely typo, the key it
/// probably meant: `unknown key "max_round" (did you mean "max_rounds"?)`.
fn with_key_hint(mut e: Error, info: &OpInfo, map: &Map<String, Value>) -> Error {
    let known: Vec<&str> = info.params().iter().map(|f| f.name.as_str()).collect();
    let mut hints = Vec::new();
    for key in map.keys().filter(|k| !known.contains(&k.as_str())).take(8) {
        let key_text: String = key.chars().take(64).collect();
        hints.push(
            match crate::protocol::codec::unknown_keys::closest_within(key, &known) {
                Some(c) => format!("unknown key {key_text:?} (did you mean {c:?}?)"),
                None => format!("unknown key {key_text:?} ignored"),
            },
        );
    }
    if !hints.is_empty() {
        e.message = format!("{}; {}", e.message, hints.join("; "));
    }
    e
}

/// Runs `op` on `input` with the caller's token `counter` (a Rust closure, or a binding's C
/// function pointer / Python callable) in place of the built-in one: only the ops of
/// [`blueprint::COUNTED_OPS`] take one (others are `invalid_input`), and their input may not also
/// name a `counter`. The index cap then holds under that counter.
///
/// ```
/// let bytes = |s: &str| s.len();
/// let out = fourx_core::ops::call_counted(
///     "blueprint.count_tokens", &serde_json::json!({"text": "abcdef"}), &bytes).unwrap();
/// assert_eq!(out["tokens"], 6);
/// ```
pub fn call_counted(
    op: &str,
    input: &Value,
    counter: &dyn crate::blueprint::TokenCounter,
) -> Result<Value> {
    let map = check_input(input)?;
    let info = find(op).ok_or_else(|| {
        Error::new(
            ErrorKind::UnknownOp,
            format!("unknown op {op:?}; meta.catalog lists the ops"),
        )
    })?;
    if !blueprint::COUNTED_OPS.contains(&info.name) {
        return Err(Error::invalid_input(format!(
            "op {op:?} takes no token counter; the ops that do are {}",
            blueprint::COUNTED_OPS.join(", ")
        )));
    }
    blueprint::run_counted(info.name, map, counter)
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
    // One pass for the common case: serde_json's own recursion limit stops at 127 levels, inside
    // MAX_DEPTH, so a text it parses whole passes the depth scan below too, and parsing again
    // would give the same value. Anything it refuses (including nesting of exactly 128) takes the
    // checks in their order, so every error stays the one of the scan-then-parse path.
    let mut de = serde_json::Deserializer::from_slice(input);
    if let Ok(value) =
        <Value as serde::Deserialize>::deserialize(&mut de).and_then(|v| de.end().map(|()| v))
    {
        return Ok(value);
    }
    scan_then_parse(input)
}

/// The checks in their order: the depth scan (without recursion), then a parse without
/// serde_json's own recursion limit; each refusal is `invalid_input` naming what failed.
fn scan_then_parse(input: &[u8]) -> Result<Value> {
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

/// Nesting depth of an input object (1 + the deepest of its values).
pub(crate) fn value_depth_of_map(m: &Map<String, Value>) -> usize {
    1 + m.values().map(value_depth).max().unwrap_or(0)
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
        "Every op with its one-line doc, typed input and output keys, defaults and error kinds, sorted by name, and the named types they use.",
        &[],
        &["ops: [CatalogOp]", "types: [CatalogType]"],
        &[],
        |_| {
            Ok(serde_json::json!({
                "ops": catalog().iter().map(OpInfo::to_json).collect::<Vec<_>>(),
                "types": catalog_types().to_json(),
            }))
        },
    ),
    OpInfo::new(
        "meta.version",
        "The library version as a string and as major*1000000 + minor*1000 + patch.",
        &[],
        &["version: str", "version_number: int"],
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

    /// `parse_input` before its one-pass fast path: the depth scan, then the unlimited parse.
    fn reference_parse_input(input: &[u8]) -> Result<Value> {
        if input.len() > MAX_INPUT_BYTES {
            return Err(Error::new(ErrorKind::InputTooLarge, "too large"));
        }
        if input.is_empty() {
            return Ok(Value::Object(Map::new()));
        }
        scan_then_parse(input)
    }

    #[test]
    fn parsing_in_one_pass_gives_the_value_or_error_of_scan_then_parse() {
        let nest = |open: &str, close: &str, n: usize, leaf: &str| {
            format!("{}{leaf}{}", open.repeat(n), close.repeat(n))
        };
        let mut cases: Vec<String> = Vec::new();
        for n in [1, 2, 126, 127, 128, 129, 130, 300] {
            cases.push(nest("[", "]", n, "1"));
            cases.push(nest("{\"a\":", "}", n, "null"));
            cases.push(format!("{{\"k\":{}}}", nest("[", "]", n, "\"[[{{\"")));
            cases.push(format!("{{\"k\":{}", nest("[", "]", n, "")));
            cases.push(format!("{}x", nest("[", "]", n, "")));
        }
        let mut seed = 22u64;
        let pieces = [
            "{",
            "}",
            "[",
            "]",
            ",",
            ":",
            "\"a\"",
            "\"[\"",
            "\"\\\"{\"",
            "1",
            "-0",
            "1e400",
            "0.30000000000000004",
            "18446744073709551616",
            "true",
            "null",
            " ",
            "\"\\ud800\"",
            "x",
        ];
        for _ in 0..4000 {
            let mut text = String::new();
            for _ in 0..(seed % 12) {
                seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
                text.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            }
            cases.push(text);
        }
        cases.extend(
            [
                "{}",
                "[]",
                " {} ",
                "{} x",
                "{\"a\":1,}",
                "{\"a\":\"\\u00e9\"}",
                "\"s\"",
                "7",
                "{\"a\":1}{\"b\":2}",
                "{\"a\":[1,2,{\"b\":[]}]}",
                "\u{feff}{}",
            ]
            .map(str::to_owned),
        );
        for text in &cases {
            let fast = parse_input(text.as_bytes());
            let reference = reference_parse_input(text.as_bytes());
            match (&fast, &reference) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{text}"),
                (Err(a), Err(b)) => {
                    assert_eq!((a.kind, &a.message), (b.kind, &b.message), "{text}")
                }
                _ => panic!("{text}: {fast:?} vs {reference:?}"),
            }
        }
        assert!(cases.iter().any(|t| parse_input(t.as_bytes()).is_ok()));
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

    /// Every named type an op key or a type refers to, in the language's text form.
    fn referenced_names(ty: &schema::Ty, out: &mut Vec<String>) {
        use schema::Ty;
        match ty {
            Ty::Named(n) => out.push(n.clone()),
            Ty::List(t) | Ty::Map(t) => referenced_names(t, out),
            Ty::Union(alts) => alts.iter().for_each(|a| referenced_names(a, out)),
            _ => {}
        }
    }

    #[test]
    fn every_type_entry_of_the_catalog_parses_and_no_name_is_defined_twice() {
        assert_eq!(catalog_types().errors(), &[] as &[String]);
    }

    #[test]
    fn every_named_type_a_key_refers_to_is_defined() {
        use schema::{Named, Types};
        let types = catalog_types();
        let mut refs = Vec::new();
        for op in catalog() {
            op.params()
                .iter()
                .for_each(|f| referenced_names(&f.ty, &mut refs));
            referenced_names(op.result(), &mut refs);
        }
        for (name, _, t) in types.iter() {
            match t {
                Named::Record(fields) => fields
                    .iter()
                    .for_each(|f| referenced_names(&f.ty, &mut refs)),
                Named::Union(_, variants) => refs.extend(variants.iter().map(|v| v.to_string())),
                Named::Alias(t) => referenced_names(t, &mut refs),
                Named::Words(w) => assert!(!w.is_empty(), "{name}"),
            }
        }
        for r in refs {
            assert!(
                types.named(&r).is_some(),
                "the type {r} is used but not defined"
            );
        }
    }

    /// Every input and output entry of every op row names its type (`"key: TYPE"`, or one
    /// `"-> TYPE"` result): an entry without one would read as `any` silently.
    #[test]
    fn every_op_key_is_typed() {
        let mut untyped = Vec::new();
        for op in catalog() {
            for e in op.input_entries.iter().chain(op.output_entries) {
                let head = e.split(" = ").next().unwrap_or(e);
                if !head.contains(':') && !head.trim_start().starts_with("->") {
                    untyped.push(format!("{}: {e:?}", op.name));
                }
            }
        }
        assert!(
            untyped.is_empty(),
            "untyped entries:\n{}",
            untyped.join("\n")
        );
    }

    /// Every named type of `ops/types.rs` is used: an op key or another type refers to it.
    #[test]
    fn every_named_type_is_used() {
        use schema::{Named, Types};
        let types = catalog_types();
        let mut pending = Vec::new();
        for op in catalog() {
            op.params()
                .iter()
                .for_each(|f| referenced_names(&f.ty, &mut pending));
            referenced_names(op.result(), &mut pending);
        }
        let mut used = std::collections::BTreeSet::new();
        while let Some(name) = pending.pop() {
            if !used.insert(name.clone()) {
                continue;
            }
            match types.named(&name) {
                Some(Named::Record(fields)) => fields
                    .iter()
                    .for_each(|f| referenced_names(&f.ty, &mut pending)),
                Some(Named::Union(_, variants)) => {
                    pending.extend(variants.iter().map(|v| v.to_string()))
                }
                Some(Named::Alias(t)) => referenced_names(t, &mut pending),
                Some(Named::Words(_)) | None => {}
            }
        }
        let unused: Vec<&str> = types::TYPES
            .iter()
            .map(|t| t.name)
            .filter(|n| !used.contains(*n))
            .collect();
        assert!(unused.is_empty(), "types no op reaches: {unused:?}");
    }

    #[test]
    fn every_union_variant_is_a_record_with_a_literal_tag() {
        use schema::{Named, Ty, Types};
        let types = catalog_types();
        for (name, _, t) in types.iter() {
            if let Named::Union(tag, variants) = t {
                let mut seen = Vec::new();
                for v in variants.iter() {
                    let Some(Named::Record(fields)) = types.named(v) else {
                        panic!("{name}: variant {v} is not a record");
                    };
                    let lit = fields.iter().find(|f| f.name == *tag).map(|f| &f.ty);
                    let Some(Ty::Lit(word)) = lit else {
                        panic!("{name}: variant {v} has no literal {tag}");
                    };
                    assert!(!seen.contains(word), "{name}: two variants tagged {word}");
                    seen.push(word.clone());
                }
            }
        }
    }

    #[test]
    fn a_default_is_given_only_for_optional_keys_and_input_keys_are_unique() {
        for op in catalog() {
            let mut names: Vec<_> = op.params().iter().map(|f| f.name.as_str()).collect();
            names.sort();
            let n = names.len();
            names.dedup();
            assert_eq!(n, names.len(), "{}: a key is listed twice", op.name);
            for f in op.params() {
                assert!(f.optional || f.default.is_none(), "{}: {}", op.name, f.name);
            }
        }
    }

    #[test]
    fn meta_catalog_carries_params_result_and_types() {
        let out = call("meta.catalog", &json!({})).unwrap();
        let ops = out["ops"].as_array().unwrap();
        assert_eq!(ops.len(), catalog().len());
        let version = ops.iter().find(|o| o["name"] == "meta.version").unwrap();
        assert_eq!(version["result"], "MetaVersionResult");
        assert_eq!(version["output"], json!(["version", "version_number"]));
        let types = out["types"].as_array().unwrap();
        let rec = types
            .iter()
            .find(|t| t["name"] == "MetaVersionResult")
            .unwrap();
        assert_eq!(
            rec["fields"],
            json!([
                {"name": "version", "type": "str", "optional": false},
                {"name": "version_number", "type": "int", "optional": false}
            ])
        );
        let mut names: Vec<_> = types.iter().map(|t| t["name"].as_str().unwrap()).collect();
        let sorted = {
            let mut s = names.clone();
            s.sort();
            s
        };
        assert_eq!(names, sorted, "types are sorted by name");
        names.dedup();
        assert_eq!(names.len(), types.len());
    }

    #[test]
    fn an_error_names_the_unknown_keys_of_its_input_with_the_closest_known_key() {
        let e = call(
            "state.can_transition",
            &json!({"form": "init", "to": "designing"}),
        )
        .unwrap_err();
        assert!(
            e.message
                .contains("unknown key \"form\" (did you mean \"from\"?)"),
            "{}",
            e.message
        );
        let e = call(
            "state.can_transition",
            &json!({"zzzzzz": 1, "to": "designing"}),
        )
        .unwrap_err();
        assert!(
            e.message.contains("unknown key \"zzzzzz\" ignored"),
            "{}",
            e.message
        );
        // Unknown keys alone change nothing: they are ignored (CONVENTIONS: unknown keys).
        assert!(call("meta.version", &json!({"ignored": 1})).is_ok());
        let e = call("state.can_transition", &json!({"to": "designing"})).unwrap_err();
        assert!(!e.message.contains("unknown key"), "{}", e.message);
    }
}
