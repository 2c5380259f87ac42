//! The YAML 1.2 core-schema resolver (router.md): plain scalars resolve to null, booleans,
//! integers (decimal, `0o`, `0x`) or floats by the core schema's exact forms, everything else is a
//! string (`yes`/`no`/`on`/`off` and dates included); the core tags `!!str` … `!!map` are honoured
//! and any other tag is refused. Mapping keys must be strings and unique. The result is JSON.
//! Which error kind a refusal becomes is the caller's choice.

use std::collections::HashSet;

use serde_json::{Map, Number, Value};

use super::{
    parse_document, Document, Limits, Node, NodeId, NodeKind, Position, ScalarStyle, YamlError,
    YamlErrorKind,
};

/// A plain scalar as the core schema reads it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum CoreScalar {
    /// `null`, `Null`, `NULL`, `~` or empty.
    Null,
    /// `true`/`True`/`TRUE`/`false`/`False`/`FALSE`.
    Bool(bool),
    /// A decimal, `0o` octal or `0x` hexadecimal integer (in range of i128).
    Int(i128),
    /// A float of the core schema's float forms (`.inf`, `.nan` included).
    Float(f64),
    /// Anything else: the text is a string.
    Str,
}

/// Resolves the text of a plain (unquoted, untagged) scalar by the core schema.
pub fn resolve_plain(text: &str) -> CoreScalar {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return CoreScalar::Null,
        "true" | "True" | "TRUE" => return CoreScalar::Bool(true),
        "false" | "False" | "FALSE" => return CoreScalar::Bool(false),
        ".nan" | ".NaN" | ".NAN" => return CoreScalar::Float(f64::NAN),
        _ => {}
    }
    if let Some(i) = parse_int(text) {
        return CoreScalar::Int(i);
    }
    if let Some(f) = parse_float(text) {
        return CoreScalar::Float(f);
    }
    CoreScalar::Str
}

/// `[-+]?[0-9]+ | 0o[0-7]+ | 0x[0-9a-fA-F]+`; `None` when the form does not match or the value
/// does not fit an i128.
fn parse_int(text: &str) -> Option<i128> {
    if let Some(oct) = text.strip_prefix("0o") {
        return digits(oct, 8);
    }
    if let Some(hex) = text.strip_prefix("0x") {
        return digits(hex, 16);
    }
    let (neg, body) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    let v = digits(body, 10)?;
    Some(if neg { -v } else { v })
}

fn digits(s: &str, radix: u32) -> Option<i128> {
    if s.is_empty() {
        return None;
    }
    let mut v: i128 = 0;
    for c in s.chars() {
        let d = c.to_digit(radix)?;
        v = v
            .checked_mul(i128::from(radix))?
            .checked_add(i128::from(d))?;
    }
    Some(v)
}

/// `[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?` and `[-+]?\.(inf|Inf|INF)`.
fn parse_float(text: &str) -> Option<f64> {
    let b = text.as_bytes();
    let mut i = 0;
    let neg = match b.first() {
        Some(b'-') => {
            i = 1;
            true
        }
        Some(b'+') => {
            i = 1;
            false
        }
        _ => false,
    };
    let rest = &text[i..];
    if matches!(rest, ".inf" | ".Inf" | ".INF") {
        return Some(if neg {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        });
    }
    let count = |i: &mut usize| {
        let start = *i;
        while *i < b.len() && b[*i].is_ascii_digit() {
            *i += 1;
        }
        *i - start
    };
    let int_digits = count(&mut i);
    let mut frac_digits = 0;
    if i < b.len() && b[i] == b'.' {
        i += 1;
        frac_digits = count(&mut i);
    } else if int_digits == 0 {
        return None;
    }
    if int_digits == 0 && frac_digits == 0 {
        return None;
    }
    if i < b.len() && (b[i] == b'e' || b[i] == b'E') {
        i += 1;
        if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
            i += 1;
        }
        if count(&mut i) == 0 {
            return None;
        }
    }
    if i != b.len() {
        return None;
    }
    // Rust's float grammar is a superset of the form checked above.
    text.parse::<f64>().ok()
}

/// Parses `src` (one document) and resolves it to JSON with the core schema.
pub fn parse_json(src: &str, limits: &Limits) -> Result<Value, YamlError> {
    let doc = parse_document(src, limits)?;
    to_json(&doc, limits)
}

/// Resolves a document to JSON (an empty document is `null`). Aliases are expanded within
/// [`Limits::max_alias_expansions`] and the expanded value stays within [`Limits::max_depth`].
pub fn to_json(doc: &Document<'_>, limits: &Limits) -> Result<Value, YamlError> {
    let Some(root) = doc.root() else {
        return Ok(Value::Null);
    };
    let mut r = Resolver {
        doc,
        limits,
        expanded: 0,
    };
    r.value(root, 0, false)
}

struct Resolver<'d, 'src> {
    doc: &'d Document<'src>,
    limits: &'d Limits,
    expanded: usize,
}

fn err(kind: YamlErrorKind, message: String, node: &Node) -> YamlError {
    YamlError {
        kind,
        message,
        position: Some(node.span.start),
    }
}

impl<'d, 'src> Resolver<'d, 'src> {
    fn node(&self, id: NodeId) -> Result<&'d Node, YamlError> {
        let doc: &'d Document<'src> = self.doc;
        doc.get(id).ok_or_else(|| YamlError {
            kind: YamlErrorKind::Syntax,
            message: "dangling node reference".to_string(),
            position: None::<Position>,
        })
    }

    fn value(&mut self, id: NodeId, depth: usize, in_alias: bool) -> Result<Value, YamlError> {
        let node = self.node(id)?;
        if in_alias {
            self.expanded += 1;
            if self.expanded > self.limits.max_alias_expansions {
                return Err(err(
                    YamlErrorKind::AliasBudget,
                    format!(
                        "aliases expand to more than {} nodes",
                        self.limits.max_alias_expansions
                    ),
                    node,
                ));
            }
        }
        let core = node.tag.as_ref().and_then(|t| t.core_suffix());
        if let Some(tag) = &node.tag {
            if core.is_none() && !tag.is_non_specific() {
                return Err(err(
                    YamlErrorKind::BadTag,
                    format!("tag {tag} is not a YAML core-schema tag"),
                    node,
                ));
            }
        }
        match &node.kind {
            NodeKind::Alias { target } => {
                let target = *target;
                self.value(target, depth, true)
            }
            NodeKind::Scalar { value, style } => scalar(node, value, *style, core),
            NodeKind::Sequence { items, .. } => {
                if !matches!(core, None | Some("seq")) {
                    return Err(tag_mismatch(node, "a sequence"));
                }
                self.check_depth(node, depth + 1)?;
                let mut out = Vec::with_capacity(items.len());
                for &item in items {
                    out.push(self.value(item, depth + 1, in_alias)?);
                }
                Ok(Value::Array(out))
            }
            NodeKind::Mapping { entries, .. } => {
                if !matches!(core, None | Some("map")) {
                    return Err(tag_mismatch(node, "a mapping"));
                }
                self.check_depth(node, depth + 1)?;
                let mut out = Map::new();
                let mut seen: HashSet<String> = HashSet::with_capacity(entries.len());
                for &(k, v) in entries {
                    let key = match self.value(k, depth + 1, in_alias)? {
                        Value::String(s) => s,
                        other => {
                            let kn = self.node(k)?;
                            return Err(err(
                                YamlErrorKind::BadKey,
                                format!("mapping key {other} is not a string"),
                                kn,
                            ));
                        }
                    };
                    if !seen.insert(key.clone()) {
                        let kn = self.node(k)?;
                        return Err(err(
                            YamlErrorKind::DuplicateKey,
                            format!("mapping key {key:?} appears twice"),
                            kn,
                        ));
                    }
                    let value = self.value(v, depth + 1, in_alias)?;
                    out.insert(key, value);
                }
                Ok(Value::Object(out))
            }
        }
    }

    fn check_depth(&self, node: &Node, depth: usize) -> Result<(), YamlError> {
        if depth > self.limits.depth() {
            return Err(err(
                YamlErrorKind::TooDeep,
                format!(
                    "YAML value nests deeper than {} levels",
                    self.limits.depth()
                ),
                node,
            ));
        }
        Ok(())
    }
}

fn tag_mismatch(node: &Node, what: &str) -> YamlError {
    let tag = node
        .tag
        .as_ref()
        .map(ToString::to_string)
        .unwrap_or_default();
    err(
        YamlErrorKind::BadTag,
        format!("tag {tag} does not fit {what}"),
        node,
    )
}

fn scalar(
    node: &Node,
    text: &str,
    style: ScalarStyle,
    core: Option<&str>,
) -> Result<Value, YamlError> {
    let resolved = match core {
        Some("str") => return Ok(Value::String(text.to_string())),
        None if style != ScalarStyle::Plain || node.tag.is_some() => {
            return Ok(Value::String(text.to_string()))
        }
        None => resolve_plain(text),
        Some(suffix) => {
            let r = resolve_plain(text);
            let fits = match (suffix, r) {
                ("null", CoreScalar::Null)
                | ("bool", CoreScalar::Bool(_))
                | ("int", CoreScalar::Int(_))
                | ("float", CoreScalar::Float(_)) => true,
                ("float", CoreScalar::Int(i)) => {
                    return number_f64(node, i as f64);
                }
                _ => false,
            };
            if !fits {
                return Err(err(
                    YamlErrorKind::BadTag,
                    format!("{text:?} is not a valid !!{suffix}"),
                    node,
                ));
            }
            r
        }
    };
    match resolved {
        CoreScalar::Null => Ok(Value::Null),
        CoreScalar::Bool(b) => Ok(Value::Bool(b)),
        CoreScalar::Int(i) => {
            if let Ok(v) = i64::try_from(i) {
                Ok(Value::Number(v.into()))
            } else if let Ok(v) = u64::try_from(i) {
                Ok(Value::Number(v.into()))
            } else {
                number_f64(node, i as f64)
            }
        }
        CoreScalar::Float(f) => number_f64(node, f),
        CoreScalar::Str => Ok(Value::String(text.to_string())),
    }
}

fn number_f64(node: &Node, f: f64) -> Result<Value, YamlError> {
    Number::from_f64(f).map(Value::Number).ok_or_else(|| {
        err(
            YamlErrorKind::Unrepresentable,
            format!("{f} cannot be represented in JSON"),
            node,
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn j(src: &str) -> Result<Value, YamlError> {
        parse_json(src, &Limits::UNTRUSTED)
    }

    #[test]
    fn core_schema_booleans_are_only_true_and_false_spellings() {
        let v = j("a: true\nb: True\nc: TRUE\nd: false\ne: yes\nf: no\ng: on\nh: off\ni: tRUE\n")
            .unwrap();
        assert_eq!(
            v,
            json!({"a": true, "b": true, "c": true, "d": false, "e": "yes", "f": "no", "g": "on", "h": "off", "i": "tRUE"})
        );
    }

    #[test]
    fn core_schema_nulls_include_tilde_and_empty() {
        let v = j("a: null\nb: Null\nc: NULL\nd: ~\ne:\nf: nULL\n").unwrap();
        assert_eq!(
            v,
            json!({"a": null, "b": null, "c": null, "d": null, "e": null, "f": "nULL"})
        );
    }

    #[test]
    fn core_schema_integers_are_decimal_octal_and_hex() {
        let v = j("a: 12\nb: -3\nc: +4\nd: 0o17\ne: 0x1F\nf: 0b11\ng: 1_000\nh: 012\n").unwrap();
        assert_eq!(
            v,
            json!({"a": 12, "b": -3, "c": 4, "d": 15, "e": 31, "f": "0b11", "g": "1_000", "h": 12})
        );
        assert!(v["a"].is_i64());
    }

    #[test]
    fn core_schema_floats_and_their_json_form() {
        let v = j("a: 1.5\nb: .5\nc: 1.\nd: -2e3\ne: 1e\nf: .\n").unwrap();
        assert_eq!(
            v,
            json!({"a": 1.5, "b": 0.5, "c": 1.0, "d": -2000.0, "e": "1e", "f": "."})
        );
        assert_eq!(
            j("a: .inf").unwrap_err().kind,
            YamlErrorKind::Unrepresentable
        );
        assert_eq!(
            j("a: .nan").unwrap_err().kind,
            YamlErrorKind::Unrepresentable
        );
    }

    #[test]
    fn dates_and_quoted_scalars_stay_strings() {
        let v = j("a: 2026-03-12\nb: '12'\nc: \"true\"\nd: |\n  7\n").unwrap();
        assert_eq!(
            v,
            json!({"a": "2026-03-12", "b": "12", "c": "true", "d": "7\n"})
        );
    }

    #[test]
    fn core_tags_are_honoured_and_others_refused() {
        let v = j("a: !!str 12\nb: !!int 7\nc: !!float 2\nd: ! 12\n").unwrap();
        assert_eq!(v, json!({"a": "12", "b": 7, "c": 2.0, "d": "12"}));
        assert_eq!(j("a: !!int x").unwrap_err().kind, YamlErrorKind::BadTag);
        assert_eq!(j("a: !custom x").unwrap_err().kind, YamlErrorKind::BadTag);
        assert_eq!(j("a: !!map [1]").unwrap_err().kind, YamlErrorKind::BadTag);
    }

    #[test]
    fn duplicate_and_non_string_keys_are_errors() {
        assert_eq!(
            j("a: 1\na: 2\n").unwrap_err().kind,
            YamlErrorKind::DuplicateKey
        );
        assert_eq!(j("1: a\n").unwrap_err().kind, YamlErrorKind::BadKey);
        assert_eq!(j("? [a]\n: b\n").unwrap_err().kind, YamlErrorKind::BadKey);
        assert_eq!(j("'1': a\n").unwrap(), json!({"1": "a"}));
    }

    #[test]
    fn key_order_is_preserved() {
        let v = j("z: 1\na: 2\nm: 3\n").unwrap();
        let keys: Vec<_> = v.as_object().unwrap().keys().cloned().collect();
        assert_eq!(keys, ["z", "a", "m"]);
    }

    #[test]
    fn aliases_expand_within_budget() {
        let v = j("a: &x {k: [1, 2]}\nb: *x\n").unwrap();
        assert_eq!(v, json!({"a": {"k": [1, 2]}, "b": {"k": [1, 2]}}));
    }

    #[test]
    fn alias_bomb_fails_fast() {
        let mut src = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..12 {
            let prev = format!("*a{}", i - 1);
            src.push_str(&format!(
                "a{i}: &a{i} [{}]\n",
                [prev.as_str(); 10].join(", ")
            ));
        }
        // The alias budget, not a clock, is what bounds the work: the parse must stop with it.
        let e = j(&src).unwrap_err();
        assert_eq!(e.kind, YamlErrorKind::AliasBudget);
    }

    #[test]
    fn alias_expansion_cannot_exceed_the_depth_budget() {
        let inner = format!("{}1{}", "[".repeat(40), "]".repeat(40));
        let src = format!("a: &x {inner}\nb: {}*x{}\n", "[".repeat(40), "]".repeat(40));
        assert_eq!(j(&src).unwrap_err().kind, YamlErrorKind::TooDeep);
    }
}
