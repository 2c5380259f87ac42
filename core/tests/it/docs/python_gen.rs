//! The typed Python layer, generated from `meta.catalog` (the op catalog is the schema):
//! `python/fourx/_types.py` holds every named type (records as `TypedDict`, tagged unions and
//! word lists as aliases) and `python/fourx/_api.py` one typed function per op. The public modules
//! import from them; a wrapper still written by hand is listed in [`HAND_WRITTEN`] with the
//! behaviour it adds. `make docs` writes both files; the tests below fail when one drifts.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde_json::{json, Value};

use super::{bless_or_check, class_name};

/// The public wrappers written by hand, because they add behaviour a generated function cannot
/// have: Python name → (op, the behaviour). Every other op's public function is its generated
/// one (imported from `fourx._api`). Emitted into `_api.py` as `HAND_WRITTEN`; the Python drift
/// test (`python/tests/test_generated.py`) checks that each one's parameters are still the op's
/// catalog keys.
pub(super) const HAND_WRITTEN: &[(&str, &str, &str)] = &[];

/// One type of the catalog's type language (SCHEMA: `str | int | … | [T] | {T} | Name`).
#[derive(Clone, Debug, PartialEq)]
enum Ty {
    Str,
    Int,
    Float,
    Bool,
    Any,
    Null,
    /// RFC 3339 text; a top-level input also takes an aware `datetime`.
    Time,
    /// An absolute path text; a top-level input also takes an `os.PathLike`, made absolute.
    Path,
    /// A string literal (`"run_agent"`).
    Lit(String),
    List(Box<Ty>),
    /// An object with any string keys.
    Map(Box<Ty>),
    /// A name of the catalog's `types` table.
    Named(String),
    /// Untagged alternatives; `T | null` is nullable.
    Union(Vec<Ty>),
}

/// `text` split at the top-level `" | "` separators (not inside `[…]`, `{…}` or quotes).
fn split_alternatives(text: &str) -> Vec<&str> {
    let (mut parts, mut depth, mut quoted, mut start) = (Vec::new(), 0usize, false, 0usize);
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => quoted = !quoted,
            b'[' | b'{' if !quoted => depth += 1,
            b']' | b'}' if !quoted => depth = depth.saturating_sub(1),
            b' ' if !quoted && depth == 0 && text[i..].starts_with(" | ") => {
                parts.push(&text[start..i]);
                start = i + 3;
                i += 3;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    parts.push(&text[start..]);
    parts
}

/// Parses a type of the catalog's type language; an unknown word is a bug of the catalog.
fn parse_type(text: &str) -> Ty {
    let alts = split_alternatives(text.trim());
    if alts.len() > 1 {
        return Ty::Union(alts.into_iter().map(parse_alt).collect());
    }
    parse_alt(alts[0])
}

fn parse_alt(text: &str) -> Ty {
    let t = text.trim();
    if let Some(inner) = t.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
        return Ty::List(Box::new(parse_type(inner)));
    }
    if let Some(inner) = t.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        return Ty::Map(Box::new(parse_type(inner)));
    }
    if let Some(inner) = t.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        return Ty::Lit(inner.to_string());
    }
    match t {
        "str" => Ty::Str,
        "int" => Ty::Int,
        "float" => Ty::Float,
        "bool" => Ty::Bool,
        "any" => Ty::Any,
        "null" => Ty::Null,
        "time" => Ty::Time,
        "path" => Ty::Path,
        name if name.starts_with(|c: char| c.is_ascii_uppercase())
            && name.chars().all(|c| c.is_ascii_alphanumeric()) =>
        {
            Ty::Named(name.to_string())
        }
        other => panic!("meta.catalog: `{other}` is not a type of the type language"),
    }
}

/// A key of an op's input or of a record.
struct Field {
    name: String,
    ty: Ty,
    optional: bool,
    /// The default as a JSON value, or the words saying what absent means.
    default: Option<Value>,
    default_means: Option<String>,
}

fn field(v: &Value) -> Field {
    Field {
        name: v["name"].as_str().expect("a key has a name").to_string(),
        ty: parse_type(v["type"].as_str().expect("a key has a type")),
        optional: v["optional"].as_bool().unwrap_or(false),
        default: v.get("default").cloned(),
        default_means: v["default_means"].as_str().map(str::to_string),
    }
}

enum Kind {
    Record(Vec<Field>),
    Union(Vec<String>),
    Words(Vec<String>),
    Alias(Ty),
}

struct TypeDef {
    name: String,
    doc: String,
    kind: Kind,
}

struct Op {
    name: String,
    doc: String,
    params: Vec<Field>,
    result: Ty,
    errors: Vec<String>,
}

/// The catalog as the generators read it: `meta.catalog`'s `ops` and `types`.
pub(super) struct Catalog {
    ops: Vec<Op>,
    types: Vec<TypeDef>,
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .into_iter()
        .flatten()
        .map(|s| s.as_str().expect("a string").to_string())
        .collect()
}

/// The catalog of the core (`meta.catalog`).
fn catalog() -> Catalog {
    let doc = fourx_core::ops::call("meta.catalog", &json!({})).expect("meta.catalog");
    Catalog::from_json(&doc)
}

impl Catalog {
    /// Reads a `meta.catalog` document.
    pub(super) fn from_json(doc: &Value) -> Catalog {
        let ops = doc["ops"]
            .as_array()
            .expect("ops")
            .iter()
            .map(|op| Op {
                name: op["name"].as_str().expect("name").to_string(),
                doc: op["doc"].as_str().unwrap_or_default().to_string(),
                params: op["params"]
                    .as_array()
                    .expect("an op has params")
                    .iter()
                    .map(field)
                    .collect(),
                result: parse_type(op["result"].as_str().expect("an op has a result type")),
                errors: strings(&op["errors"]),
            })
            .collect();
        let types = doc["types"]
            .as_array()
            .expect("types")
            .iter()
            .map(|t| {
                let kind = match t["kind"].as_str().expect("a type has a kind") {
                    "record" => Kind::Record(
                        t["fields"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .map(field)
                            .collect(),
                    ),
                    "union" => Kind::Union(strings(&t["variants"])),
                    "words" => Kind::Words(strings(&t["words"])),
                    "alias" => Kind::Alias(parse_type(t["type"].as_str().expect("alias type"))),
                    other => panic!("meta.catalog: unknown type kind {other}"),
                };
                TypeDef {
                    name: t["name"].as_str().expect("a type has a name").to_string(),
                    doc: t["doc"].as_str().unwrap_or_default().to_string(),
                    kind,
                }
            })
            .collect();
        Catalog { ops, types }
    }
}

/// Python's reserved words: a key spelled like one becomes `<key>_` (`from` → `from_`), the
/// spelling `fourx._ops.forward` maps back.
const PY_KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// Names `_api.py` binds itself: a catalog type spelled like one is named `_types.<Name>` there.
const API_NAMES: &[&str] = &[
    "Any",
    "Literal",
    "Mapping",
    "Sequence",
    "StrPath",
    "Time",
    "forward",
    "path_arg",
    "HAND_WRITTEN",
];

/// Names `_types.py` binds itself; no catalog type may take one.
const TYPES_NAMES: &[&str] = &[
    "Any",
    "Literal",
    "NotRequired",
    "TypeAlias",
    "TypedDict",
    "Union",
];

fn py_name(key: &str) -> String {
    if PY_KEYWORDS.contains(&key) {
        format!("{key}_")
    } else {
        key.to_string()
    }
}

fn is_identifier(key: &str) -> bool {
    key.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// A Python string literal (double quotes).
fn py_str(text: &str) -> String {
    format!("{text:?}")
}

/// A JSON value as Python writes it (`true` → `True`, `null` → `None`).
fn py_value(v: &Value) -> String {
    match v {
        Value::Null => "None".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Array(items) => format!(
            "[{}]",
            items.iter().map(py_value).collect::<Vec<_>>().join(", ")
        ),
        Value::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, x)| format!("{}: {}", py_str(k), py_value(x)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => other.to_string(),
    }
}

/// `text` made safe inside a `"""…"""` docstring.
fn doc_text(text: &str) -> String {
    let t = text.replace('\\', "\\\\").replace("\"\"\"", "\\\"\\\"\\\"");
    match t.strip_suffix('"') {
        Some(head) => format!("{head}\\\""),
        None => t,
    }
}

/// `text` wrapped into lines of at most `width` columns, each starting with `indent`.
fn wrap(text: &str, indent: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent.len() + line.len() + 1 + word.len() > width {
            let _ = writeln!(out, "{indent}{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{indent}{line}");
    }
    out
}

/// Where a type is written: a function's parameter (inputs take the Python spellings the core
/// converts: `Mapping` for records, `str` beside words, `Time`, `StrPath`) or anything else (the
/// JSON shapes the core gives back).
#[derive(Clone, Copy, PartialEq)]
enum Place {
    /// A top-level parameter (path and time conversions apply here only).
    Param,
    /// Inside a parameter's type (a list item, a map value).
    Input,
    /// A result, a record field, an alias.
    Output,
}

struct Render<'a> {
    kinds: BTreeMap<&'a str, &'a Kind>,
    /// In `_api.py`, a type whose name `_api.py` binds itself is written `_types.<Name>`.
    qualify: bool,
}

impl<'a> Render<'a> {
    fn new(cat: &'a Catalog, qualify: bool) -> Self {
        let kinds = cat
            .types
            .iter()
            .map(|t| (t.name.as_str(), &t.kind))
            .collect();
        Render { kinds, qualify }
    }

    fn named(&self, name: &str) -> String {
        assert!(
            self.kinds.contains_key(name),
            "meta.catalog names type {name} that its types table does not define"
        );
        if self.qualify && API_NAMES.contains(&name) {
            format!("_types.{name}")
        } else {
            name.to_string()
        }
    }

    /// The Python annotation of `ty` at `place`; `runtime` writes a union as `Union[…]` (an
    /// alias is evaluated when `_types.py` is imported).
    fn py(&self, ty: &Ty, place: Place, runtime: bool) -> String {
        let inner = if place == Place::Output {
            Place::Output
        } else {
            Place::Input
        };
        match ty {
            Ty::Str => "str".into(),
            Ty::Int => "int".into(),
            Ty::Float => "float".into(),
            Ty::Bool => "bool".into(),
            Ty::Any => "Any".into(),
            Ty::Null => "None".into(),
            Ty::Time if place == Place::Param => "Time".into(),
            Ty::Path if place == Place::Param => "StrPath".into(),
            Ty::Time | Ty::Path => "str".into(),
            Ty::Lit(word) => format!("Literal[{}]", py_str(word)),
            Ty::List(item) if place == Place::Param && **item == Ty::Path => {
                "Sequence[StrPath]".into()
            }
            Ty::List(item) if place == Place::Output => {
                format!("list[{}]", self.py(item, inner, runtime))
            }
            Ty::List(item) => format!("Sequence[{}]", self.py(item, inner, runtime)),
            Ty::Map(value) if place == Place::Output => {
                format!("dict[str, {}]", self.py(value, inner, runtime))
            }
            Ty::Map(value) => format!("Mapping[str, {}]", self.py(value, inner, runtime)),
            Ty::Named(name) => {
                let written = self.named(name);
                match (place, self.kinds[name.as_str()]) {
                    (Place::Output, _) | (_, Kind::Alias(_)) => written,
                    (_, Kind::Record(_) | Kind::Union(_)) => {
                        format!("{written} | Mapping[str, Any]")
                    }
                    (_, Kind::Words(_)) => format!("{written} | str"),
                }
            }
            Ty::Union(alts) => {
                let mut parts: Vec<String> = Vec::new();
                let mut words: Vec<String> = Vec::new();
                let mut words_at = None;
                for alt in alts {
                    if let Ty::Lit(w) = alt {
                        words_at.get_or_insert(parts.len());
                        words.push(py_str(w));
                        continue;
                    }
                    for part in self.py(alt, place, runtime).split(" | ") {
                        if !parts.iter().any(|p| p == part) {
                            parts.push(part.to_string());
                        }
                    }
                }
                if let Some(at) = words_at {
                    parts.insert(at, format!("Literal[{}]", words.join(", ")));
                }
                if parts.len() == 1 {
                    parts.remove(0)
                } else if runtime {
                    format!("Union[{}]", parts.join(", "))
                } else {
                    parts.join(" | ")
                }
            }
        }
    }
}

/// The Python expression the core receives for parameter `var` of type `ty` under `key`: paths
/// through `path_arg` (a `str` or `os.PathLike`, made absolute), everything else as given.
fn converted(ty: &Ty, var: &str, key: &str) -> String {
    let nullable = |t: &Ty| matches!(t, Ty::Union(a) if a.len() == 2 && a.contains(&Ty::Null));
    let base = match ty {
        Ty::Union(alts) if nullable(ty) => alts.iter().find(|a| **a != Ty::Null).expect("a type"),
        other => other,
    };
    let plain = match base {
        Ty::Path => format!("path_arg({var}, {})", py_str(key)),
        Ty::List(item) if **item == Ty::Path => {
            format!("[path_arg(p, {}) for p in {var}]", py_str(key))
        }
        _ => return var.to_string(),
    };
    if nullable(ty) {
        format!("None if {var} is None else {plain}")
    } else {
        plain
    }
}

const TYPES_HEAD: &str = r#""""Every named type of the op catalog: records as ``TypedDict`` (an optional key is
``NotRequired``), tagged unions as ``Union`` aliases, closed word lists as ``Literal`` aliases.

Generated from ``meta.catalog`` by ``make docs`` (``core/tests/it/docs/python_gen.rs``); do not
edit by hand.
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypeAlias, TypedDict, Union
"#;

/// The names `ty` mentions.
fn mentions(ty: &Ty, out: &mut BTreeSet<String>) {
    match ty {
        Ty::Named(n) => {
            out.insert(n.clone());
        }
        Ty::List(t) | Ty::Map(t) => mentions(t, out),
        Ty::Union(alts) => alts.iter().for_each(|a| mentions(a, out)),
        _ => {}
    }
}

/// `python/fourx/_types.py`: word lists first, then the records (their annotations are read
/// lazily), then the unions and aliases, each after the aliases it names (they are evaluated).
fn render_types_py(cat: &Catalog) -> String {
    let render = Render::new(cat, false);
    let mut out = String::from(TYPES_HEAD);
    for t in &cat.types {
        assert!(
            !TYPES_NAMES.contains(&t.name.as_str()),
            "a catalog type may not be named {}",
            t.name
        );
    }
    out.push_str("\n__all__ = [\n");
    for t in &cat.types {
        let _ = writeln!(out, "    {},", py_str(&t.name));
    }
    out.push_str("]\n");
    for t in &cat.types {
        if let Kind::Words(words) = &t.kind {
            out.push('\n');
            out.push_str(&wrap(&doc_text(&t.doc), "#: ", 100));
            let _ = writeln!(out, "{}: TypeAlias = Literal[", t.name);
            for w in words {
                let _ = writeln!(out, "    {},", py_str(w));
            }
            out.push_str("]\n");
        }
    }
    for t in &cat.types {
        let Kind::Record(fields) = &t.kind else {
            continue;
        };
        let annotation = |f: &Field| {
            let ty = render.py(&f.ty, Place::Output, false);
            if f.optional {
                format!("NotRequired[{ty}]")
            } else {
                ty
            }
        };
        let doc = doc_text(&t.doc);
        if fields
            .iter()
            .all(|f| is_identifier(&f.name) && !PY_KEYWORDS.contains(&f.name.as_str()))
        {
            let _ = writeln!(out, "\n\nclass {}(TypedDict):", t.name);
            let _ = write!(out, "    \"\"\"{}", wrap(&doc, "    ", 97).trim_start());
            out.truncate(out.trim_end().len());
            out.push_str("\"\"\"\n");
            if !fields.is_empty() {
                out.push('\n');
            }
            for f in fields {
                let _ = writeln!(out, "    {}: {}", f.name, annotation(f));
            }
        } else {
            // A key Python cannot spell as an attribute (`from`): the functional syntax, its
            // types as text (read lazily, like the class syntax's).
            let _ = writeln!(
                out,
                "\n\n{} = TypedDict(\n    {},\n    {{",
                t.name,
                py_str(&t.name)
            );
            for f in fields {
                let _ = writeln!(
                    out,
                    "        {}: {},",
                    py_str(&f.name),
                    py_str(&annotation(f))
                );
            }
            let _ = writeln!(out, "    }},\n)\n{}.__doc__ = {}", t.name, py_str(&t.doc));
        }
    }
    // Unions and aliases are evaluated at import: each comes after the aliases it names.
    let evaluated: Vec<&TypeDef> = cat
        .types
        .iter()
        .filter(|t| matches!(t.kind, Kind::Union(_) | Kind::Alias(_)))
        .collect();
    let mut done: BTreeSet<&str> = BTreeSet::new();
    while done.len() < evaluated.len() {
        let before = done.len();
        for t in &evaluated {
            if done.contains(t.name.as_str()) {
                continue;
            }
            let mut named = BTreeSet::new();
            let rhs = match &t.kind {
                Kind::Union(variants) => {
                    variants
                        .iter()
                        .for_each(|v| mentions(&Ty::Named(v.clone()), &mut named));
                    let parts: Vec<String> = variants.iter().map(|v| render.named(v)).collect();
                    format!("Union[{}]", parts.join(", "))
                }
                Kind::Alias(ty) => {
                    mentions(ty, &mut named);
                    render.py(ty, Place::Output, true)
                }
                _ => unreachable!("only unions and aliases are evaluated"),
            };
            let waits = evaluated
                .iter()
                .any(|o| named.contains(&o.name) && !done.contains(o.name.as_str()));
            if waits {
                continue;
            }
            out.push_str("\n\n");
            out.push_str(&wrap(&doc_text(&t.doc), "#: ", 100));
            let _ = writeln!(out, "{}: TypeAlias = {rhs}", t.name);
            done.insert(&t.name);
        }
        assert!(
            done.len() > before,
            "meta.catalog: unions or aliases name each other in a cycle"
        );
    }
    out
}

const API_HEAD: &str = r#""""One typed function per op of the catalog, named ``<area>_<verb>`` (``conductor.apply`` ->
:func:`conductor_apply`).

Required keys are positional, in the catalog's order; optional keys are keyword-only and
``None`` means absent (the op applies its default, named in the docstring). Path keys take a
``str`` or ``os.PathLike[str]`` (made absolute), time keys an aware ``datetime`` or RFC 3339 text,
record keys the ``TypedDict`` of :mod:`fourx._types` or any mapping. The public modules import
these; ``HAND_WRITTEN`` names the public wrappers written by hand and the behaviour each adds.

Generated from ``meta.catalog`` by ``make docs`` (``core/tests/it/docs/python_gen.rs``); do not
edit by hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from . import _types
from ._ops import StrPath, Time, forward, path_arg
"#;

/// The Python function name of an op: `conductor.apply` → `conductor_apply`.
pub(super) fn function_name(op: &str) -> String {
    op.replace('.', "_")
}

/// `python/fourx/_api.py`: one function per op (see [`API_HEAD`]) and the `HAND_WRITTEN` table.
pub(super) fn render_api_py(cat: &Catalog) -> String {
    let render = Render::new(cat, true);
    let mut out = String::from(API_HEAD);
    let mut used = BTreeSet::new();
    for op in &cat.ops {
        op.params.iter().for_each(|p| mentions(&p.ty, &mut used));
        mentions(&op.result, &mut used);
    }
    let imported: Vec<&String> = used
        .iter()
        .filter(|n| !API_NAMES.contains(&n.as_str()))
        .collect();
    if !imported.is_empty() {
        out.push_str("from ._types import (\n");
        for name in imported {
            let _ = writeln!(out, "    {name},");
        }
        out.push_str(")\n");
    }
    out.push_str("\n__all__ = [\n    \"HAND_WRITTEN\",\n");
    for op in &cat.ops {
        let _ = writeln!(out, "    {},", py_str(&function_name(&op.name)));
    }
    out.push_str("]\n\n");
    out.push_str(
        "#: The public wrappers written by hand (each adds behaviour a generated function does not\n\
         #: have): Python name -> (op, the behaviour). Every other op's public function is its\n\
         #: generated one.\n",
    );
    out.push_str("HAND_WRITTEN: dict[str, tuple[str, str]] = {\n");
    for (name, op, why) in HAND_WRITTEN {
        let _ = writeln!(
            out,
            "    {}: ({}, {}),",
            py_str(name),
            py_str(op),
            py_str(why)
        );
    }
    out.push_str("}\n");
    for op in &cat.ops {
        out.push_str(&render_function(&render, op));
    }
    out
}

fn render_function(render: &Render<'_>, op: &Op) -> String {
    let mut out = String::new();
    let fname = function_name(&op.name);
    let _ = write!(out, "\n\ndef {fname}(");
    let required: Vec<&Field> = op.params.iter().filter(|p| !p.optional).collect();
    let optional: Vec<&Field> = op.params.iter().filter(|p| p.optional).collect();
    let mut lines = Vec::new();
    for p in &required {
        lines.push(format!(
            "{}: {}",
            py_name(&p.name),
            render.py(&p.ty, Place::Param, false)
        ));
    }
    if !optional.is_empty() {
        lines.push("*".to_string());
    }
    for p in &optional {
        let ty = render.py(&p.ty, Place::Param, false);
        let ty = if ty == "Any" || ty.split(" | ").any(|part| part == "None") {
            ty
        } else {
            format!("{ty} | None")
        };
        lines.push(format!("{}: {ty} = None", py_name(&p.name)));
    }
    for p in &op.params {
        let name = py_name(&p.name);
        assert!(
            is_identifier(&name) && !["forward", "path_arg", "_out"].contains(&name.as_str()),
            "{}: the key {} cannot be a Python parameter",
            op.name,
            p.name
        );
    }
    let result = render.py(&op.result, Place::Output, false);
    if lines.is_empty() {
        let _ = writeln!(out, ") -> {result}:");
    } else {
        out.push('\n');
        for line in &lines {
            let _ = writeln!(out, "    {line},");
        }
        let _ = writeln!(out, ") -> {result}:");
    }
    // The docstring: the op's doc, the defaults of its optional keys, the errors it raises.
    let said = format!("{} (``{}``).", op.doc.trim_end_matches('.'), op.name);
    // 97: the first line also carries the opening quotes.
    let mut doc = wrap(&doc_text(&said), "    ", 97);
    let defaults: Vec<String> = optional
        .iter()
        .filter_map(|p| {
            let said = match (&p.default, &p.default_means) {
                (Some(v), _) => format!("``{}``", py_value(v)),
                (None, Some(words)) => words.clone(),
                (None, None) => return None,
            };
            Some(format!("{}: {said}", py_name(&p.name)))
        })
        .collect();
    if !defaults.is_empty() {
        doc.push_str("\n    Defaults (a keyword left ``None`` is absent):\n");
        for d in defaults {
            doc.push_str(&wrap(&doc_text(&d), "        ", 100));
        }
    }
    if !op.errors.is_empty() {
        let classes: Vec<String> = op
            .errors
            .iter()
            .map(|k| format!(":class:`fourx.{}`", class_name(k)))
            .collect();
        doc.push_str("\n    Raises:\n");
        doc.push_str(&wrap(&classes.join(", "), "        ", 100));
    }
    let _ = write!(out, "    \"\"\"{}", doc.trim_start());
    let _ = writeln!(out, "    \"\"\"");
    // The body: the required keys as a dict, the optional ones as keywords (`None` dropped).
    let mut call = format!("forward(\n        {},\n        {{", py_str(&op.name));
    let items: Vec<String> = required
        .iter()
        .map(|p| {
            format!(
                "{}: {}",
                py_str(&p.name),
                converted(&p.ty, &py_name(&p.name), &p.name)
            )
        })
        .collect();
    call.push_str(&items.join(", "));
    call.push_str("},\n");
    for p in &optional {
        let name = py_name(&p.name);
        let _ = writeln!(call, "        {name}={},", converted(&p.ty, &name, &p.name));
    }
    call.push_str("    )");
    let _ = writeln!(out, "    _out: {result} = {call}");
    out.push_str("    return _out\n");
    out
}

#[test]
fn python_types_py_matches_the_catalog() {
    bless_or_check(
        "python/fourx/_types.py",
        &render_types_py(&catalog()),
        "meta.catalog's types",
    );
}

#[test]
fn python_api_py_matches_the_catalog() {
    bless_or_check(
        "python/fourx/_api.py",
        &render_api_py(&catalog()),
        "meta.catalog's ops",
    );
}

/// Every op gets a function of its own name: no two ops map to one Python name, and no name is
/// one of the module's own.
#[test]
fn every_op_has_a_distinct_python_function_name() {
    let mut seen = BTreeSet::new();
    for op in fourx_core::ops::catalog() {
        let name = function_name(op.name);
        assert!(is_identifier(&name) && !PY_KEYWORDS.contains(&name.as_str()));
        assert!(!API_NAMES.contains(&name.as_str()), "{name}");
        assert!(seen.insert(name.clone()), "two ops map to {name}");
    }
}

/// Every row of [`HAND_WRITTEN`] names an op of the catalog, once, and says why.
#[test]
fn every_hand_written_wrapper_names_an_op_and_its_behaviour() {
    let mut seen = BTreeSet::new();
    for (name, op, why) in HAND_WRITTEN {
        assert!(
            fourx_core::ops::find(op).is_some(),
            "{name}: {op} is not an op"
        );
        assert!(name.starts_with("fourx."), "{name}: give the public name");
        assert!(!why.trim().is_empty(), "{name}: say what it adds");
        assert!(seen.insert(*name), "{name} is listed twice");
    }
}

#[test]
fn the_type_language_parses_every_form() {
    assert_eq!(parse_type("str"), Ty::Str);
    assert_eq!(
        parse_type("[Phase]"),
        Ty::List(Box::new(Ty::Named("Phase".into())))
    );
    assert_eq!(
        parse_type("{[str]} | null"),
        Ty::Union(vec![
            Ty::Map(Box::new(Ty::List(Box::new(Ty::Str)))),
            Ty::Null
        ])
    );
    assert_eq!(
        parse_type("\"a | b\" | int"),
        Ty::Union(vec![Ty::Lit("a | b".into()), Ty::Int])
    );
    assert_eq!(
        parse_type("[str | int]"),
        Ty::List(Box::new(Ty::Union(vec![Ty::Str, Ty::Int])))
    );
}

#[test]
fn python_annotations_follow_the_place_of_a_type() {
    let cat = Catalog {
        ops: Vec::new(),
        types: vec![
            TypeDef {
                name: "Step".into(),
                doc: String::new(),
                kind: Kind::Record(Vec::new()),
            },
            TypeDef {
                name: "Phase".into(),
                doc: String::new(),
                kind: Kind::Words(vec!["init".into()]),
            },
        ],
    };
    let r = Render::new(&cat, false);
    let t = |s: &str, p: Place| r.py(&parse_type(s), p, false);
    assert_eq!(t("path", Place::Param), "StrPath");
    assert_eq!(t("path", Place::Output), "str");
    assert_eq!(t("[path]", Place::Param), "Sequence[StrPath]");
    assert_eq!(t("{[path]}", Place::Param), "Mapping[str, Sequence[str]]");
    assert_eq!(t("time | null", Place::Param), "Time | None");
    assert_eq!(t("Step", Place::Param), "Step | Mapping[str, Any]");
    assert_eq!(t("[Step]", Place::Output), "list[Step]");
    assert_eq!(t("Phase", Place::Param), "Phase | str");
    assert_eq!(
        t("\"a\" | \"b\" | null", Place::Output),
        "Literal[\"a\", \"b\"] | None"
    );
    assert_eq!(
        r.py(&parse_type("Step | null"), Place::Output, true),
        "Union[Step, None]"
    );
    assert_eq!(
        converted(&parse_type("path | null"), "root", "root"),
        "None if root is None else path_arg(root, \"root\")"
    );
    assert_eq!(
        converted(&parse_type("[path]"), "paths", "paths"),
        "[path_arg(p, \"paths\") for p in paths]"
    );
    assert_eq!(converted(&parse_type("str"), "x", "x"), "x");
}
