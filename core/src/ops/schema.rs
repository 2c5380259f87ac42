//! The op catalog's type language: what every input and output key of an op is, whether it may be
//! left out, and what leaving it out means.
//!
//! Decides the language (scalars, string literals, lists, string-keyed maps, named types, unions),
//! its text form (the one the op rows and `meta.catalog` carry), how an op row's key entries read
//! (`"max_rounds?: int = 5"`), and whether a JSON value is of a type ([`Ty::check`]). Which types
//! an op has is its row's (`ops/<area>.rs`) and the named types are `ops/types.rs`'s; the
//! generated typed layers (Python, Go) read the result through `meta.catalog`.
//!
//! ```
//! use fourx_core::ops::schema::{parse_type, Ty};
//!
//! let ty = parse_type("[str] | null").unwrap();
//! assert_eq!(ty, Ty::Union(vec![Ty::List(Box::new(Ty::Str)), Ty::Null]));
//! assert_eq!(ty.to_string(), "[str] | null");
//! ```

use std::fmt;

use serde_json::{Map, Value};

/// A type of the language.
///
/// Text form: `str`, `int`, `float`, `bool`, `any`, `null`, `time` (RFC 3339 text), `path` (an
/// absolute path's text), `"word"` (that string exactly), `[T]` (a list of `T`), `{T}` (an object
/// with any string keys and values of `T`), `Name` (a named type of the catalog: a record, a
/// tagged union, a word list or an alias) and `A | B` (either; `T | null` is a nullable `T`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ty {
    /// Any string.
    Str,
    /// An integer (a JSON number without fraction or exponent).
    Int,
    /// Any JSON number.
    Float,
    /// `true` or `false`.
    Bool,
    /// Any JSON value: the catalog does not constrain it.
    Any,
    /// `null`.
    Null,
    /// An RFC 3339 timestamp as text.
    Time,
    /// A file-system path as text (the ops want it absolute).
    Path,
    /// Exactly this string (a tag of a union variant, one fixed word).
    Lit(String),
    /// A list of values of the type.
    List(Box<Ty>),
    /// An object with any string keys whose values are of the type.
    Map(Box<Ty>),
    /// A named type of the catalog.
    Named(String),
    /// One of the alternatives (at least two, none itself a union).
    Union(Vec<Ty>),
}

impl fmt::Display for Ty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Str => f.write_str("str"),
            Ty::Int => f.write_str("int"),
            Ty::Float => f.write_str("float"),
            Ty::Bool => f.write_str("bool"),
            Ty::Any => f.write_str("any"),
            Ty::Null => f.write_str("null"),
            Ty::Time => f.write_str("time"),
            Ty::Path => f.write_str("path"),
            Ty::Lit(w) => write!(f, "\"{w}\""),
            Ty::List(t) => write!(f, "[{t}]"),
            Ty::Map(t) => write!(f, "{{{t}}}"),
            Ty::Named(n) => f.write_str(n),
            Ty::Union(alts) => {
                for (i, a) in alts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" | ")?;
                    }
                    write!(f, "{a}")?;
                }
                Ok(())
            }
        }
    }
}

/// A parse error of a type text or a key entry: what was wrong and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError(pub String);

impl fmt::Display for SchemaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Parses a type text of the language (see [`Ty`]); surrounding whitespace is ignored.
pub fn parse_type(text: &str) -> Result<Ty, SchemaError> {
    let mut p = Parser {
        s: text.as_bytes(),
        i: 0,
        text,
    };
    let ty = p.union()?;
    p.ws();
    if p.i != p.s.len() {
        return Err(p.err("unexpected text after the type"));
    }
    Ok(ty)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    text: &'a str,
}

impl Parser<'_> {
    fn err(&self, what: &str) -> SchemaError {
        SchemaError(format!("{what} at byte {} of type {:?}", self.i, self.text))
    }

    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i] == b' ' {
            self.i += 1;
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        self.ws();
        if self.s.get(self.i) == Some(&b) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn union(&mut self) -> Result<Ty, SchemaError> {
        let mut alts = vec![self.alt()?];
        while self.eat(b'|') {
            alts.push(self.alt()?);
        }
        Ok(if alts.len() == 1 {
            alts.remove(0)
        } else {
            Ty::Union(alts)
        })
    }

    fn alt(&mut self) -> Result<Ty, SchemaError> {
        self.ws();
        match self.s.get(self.i) {
            None => Err(self.err("a type is missing")),
            Some(b'[') => {
                self.i += 1;
                let inner = self.union()?;
                if !self.eat(b']') {
                    return Err(self.err("`]` expected"));
                }
                Ok(Ty::List(Box::new(inner)))
            }
            Some(b'{') => {
                self.i += 1;
                let inner = self.union()?;
                if !self.eat(b'}') {
                    return Err(self.err("`}` expected"));
                }
                Ok(Ty::Map(Box::new(inner)))
            }
            Some(b'"') => {
                self.i += 1;
                let start = self.i;
                while self.i < self.s.len() && self.s[self.i] != b'"' {
                    if self.s[self.i] == b'\\' {
                        return Err(self.err("a literal may not contain `\\`"));
                    }
                    self.i += 1;
                }
                if self.i == self.s.len() {
                    return Err(self.err("unterminated literal"));
                }
                let word = self.text[start..self.i].to_string();
                self.i += 1;
                Ok(Ty::Lit(word))
            }
            Some(_) => {
                let start = self.i;
                while self.i < self.s.len()
                    && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'_')
                {
                    self.i += 1;
                }
                let word = &self.text[start..self.i];
                Ok(match word {
                    "" => return Err(self.err("a type name is expected")),
                    "str" => Ty::Str,
                    "int" => Ty::Int,
                    "float" => Ty::Float,
                    "bool" => Ty::Bool,
                    "any" => Ty::Any,
                    "null" => Ty::Null,
                    "time" => Ty::Time,
                    "path" => Ty::Path,
                    name if name.as_bytes()[0].is_ascii_uppercase() => Ty::Named(name.to_string()),
                    other => {
                        return Err(SchemaError(format!(
                            "unknown type {other:?} in {:?} (named types are CamelCase)",
                            self.text
                        )));
                    }
                })
            }
        }
    }
}

/// What leaving an optional key out means.
#[derive(Debug, Clone, PartialEq)]
pub enum Default {
    /// Leaving the key out equals passing this value.
    Value(Value),
    /// The default is computed from other inputs; the words say how.
    Means(String),
}

/// One key of an op's input, of its output or of a record: `"NAME: TYPE"`, `"NAME?: TYPE"`,
/// `"NAME?: TYPE = JSON"` or `"NAME?: TYPE = ~words"`.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The JSON key.
    pub name: String,
    /// Its type.
    pub ty: Ty,
    /// Whether the key may be left out (for op inputs, `null` equals leaving it out).
    pub optional: bool,
    /// What leaving it out means, when the catalog says.
    pub default: Option<Default>,
}

impl Field {
    /// Parses one key entry. An entry without `: TYPE` (the form before the catalog had types)
    /// has type `any`; a default needs an optional key.
    ///
    /// ```
    /// use fourx_core::ops::schema::{Default, Field, Ty};
    ///
    /// let f = Field::parse("max_rounds?: int = 5").unwrap();
    /// assert_eq!((f.name.as_str(), &f.ty, f.optional), ("max_rounds", &Ty::Int, true));
    /// assert_eq!(f.default, Some(Default::Value(serde_json::json!(5))));
    /// ```
    pub fn parse(entry: &str) -> Result<Field, SchemaError> {
        let (head, default) = match entry.split_once(" = ") {
            Some((h, d)) => (h, Some(d.trim())),
            None => (entry, None),
        };
        let (key, ty) = match head.split_once(':') {
            Some((k, t)) => (k.trim(), parse_type(t)?),
            None => (head.trim(), Ty::Any),
        };
        let (name, optional) = match key.strip_suffix('?') {
            Some(n) => (n, true),
            None => (key, false),
        };
        if name.is_empty()
            || !name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        {
            return Err(SchemaError(format!("bad key name in entry {entry:?}")));
        }
        let default = match default {
            None => None,
            Some(_) if !optional => {
                return Err(SchemaError(format!(
                    "entry {entry:?}: only an optional key has a default"
                )));
            }
            Some(d) => Some(match d.strip_prefix('~') {
                Some(words) => Default::Means(words.trim().to_string()),
                None => Default::Value(serde_json::from_str(d).map_err(|e| {
                    SchemaError(format!("entry {entry:?}: the default is not JSON: {e}"))
                })?),
            }),
        };
        Ok(Field {
            name: name.to_string(),
            ty,
            optional,
            default,
        })
    }

    /// The catalog's JSON form: `{"name", "type", "optional"}` plus `"default"` (a value) or
    /// `"default_means"` (words) when the catalog has one.
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("name".into(), Value::String(self.name.clone()));
        m.insert("type".into(), Value::String(self.ty.to_string()));
        m.insert("optional".into(), Value::Bool(self.optional));
        match &self.default {
            Some(Default::Value(v)) => {
                m.insert("default".into(), v.clone());
            }
            Some(Default::Means(w)) => {
                m.insert("default_means".into(), Value::String(w.clone()));
            }
            None => {}
        }
        Value::Object(m)
    }
}

/// What a named type is.
#[derive(Debug, Clone, Copy)]
pub enum Shape {
    /// An object with these keys (entries as [`Field::parse`] reads them, without defaults).
    Record(&'static [&'static str]),
    /// One of these record types, told apart by the literal value of their `tag` key.
    Union {
        /// The key every variant carries with a literal type.
        tag: &'static str,
        /// The variant record names.
        variants: &'static [&'static str],
    },
    /// One of these words (a closed list of the core, from its `WORDS` table).
    Words(&'static [&'static str]),
    /// Another name for a type text.
    Alias(&'static str),
}

/// A named type of the catalog.
#[derive(Debug, Clone, Copy)]
pub struct TypeDef {
    /// The CamelCase name other types refer to.
    pub name: &'static str,
    /// One line saying what the type is.
    pub doc: &'static str,
    /// What it is.
    pub shape: Shape,
}

impl TypeDef {
    /// A record type.
    pub const fn record(
        name: &'static str,
        doc: &'static str,
        fields: &'static [&'static str],
    ) -> Self {
        TypeDef {
            name,
            doc,
            shape: Shape::Record(fields),
        }
    }

    /// A union of record types tagged by the literal value of `tag`.
    pub const fn union(
        name: &'static str,
        doc: &'static str,
        tag: &'static str,
        variants: &'static [&'static str],
    ) -> Self {
        TypeDef {
            name,
            doc,
            shape: Shape::Union { tag, variants },
        }
    }

    /// A closed word list (pass the core enum's `WORDS`).
    pub const fn words(
        name: &'static str,
        doc: &'static str,
        words: &'static [&'static str],
    ) -> Self {
        TypeDef {
            name,
            doc,
            shape: Shape::Words(words),
        }
    }

    /// Another name for a type text.
    pub const fn alias(name: &'static str, doc: &'static str, ty: &'static str) -> Self {
        TypeDef {
            name,
            doc,
            shape: Shape::Alias(ty),
        }
    }
}

/// A named type with its parts parsed.
#[derive(Debug, Clone)]
pub enum Named {
    /// A record and its fields.
    Record(Vec<Field>),
    /// A tagged union: the tag key and the variant record names.
    Union(&'static str, &'static [&'static str]),
    /// A closed word list.
    Words(&'static [&'static str]),
    /// An alias of the type.
    Alias(Ty),
}

/// Looks up named types (the catalog's, or any other set a caller builds).
pub trait Types {
    /// The named type called `name`, if there is one.
    fn named(&self, name: &str) -> Option<&Named>;
}

impl Ty {
    /// Whether `value` is of this type: `Ok(())`, or the path inside `value` and what was
    /// expected there (`$.decision.kind: expected "run_agent" | "stop", got "nope"`).
    ///
    /// Records are closed (a key the record does not list is a mismatch) and a left-out key
    /// must be optional; `null` is only of `null`, `any` or a union holding one of them.
    pub fn check(&self, value: &Value, types: &dyn Types) -> Result<(), String> {
        let mut path = String::from("$");
        self.check_at(value, types, &mut path, 0)
    }

    fn check_at(
        &self,
        v: &Value,
        types: &dyn Types,
        path: &mut String,
        depth: usize,
    ) -> Result<(), String> {
        if depth > 256 {
            return Err(format!("{path}: the type nests deeper than 256 levels"));
        }
        let got = || crate::protocol::codec::limits::type_name(v);
        let fail = |path: &str, want: &dyn fmt::Display| {
            Err(format!("{path}: expected {want}, got {}", short(v)))
        };
        match self {
            Ty::Any => Ok(()),
            Ty::Null => {
                if v.is_null() {
                    Ok(())
                } else {
                    fail(path, self)
                }
            }
            Ty::Str | Ty::Time | Ty::Path => {
                if v.is_string() {
                    Ok(())
                } else {
                    fail(path, self)
                }
            }
            Ty::Int => {
                if v.is_i64() || v.is_u64() {
                    Ok(())
                } else {
                    fail(path, self)
                }
            }
            Ty::Float => {
                if v.is_number() {
                    Ok(())
                } else {
                    fail(path, self)
                }
            }
            Ty::Bool => {
                if v.is_boolean() {
                    Ok(())
                } else {
                    fail(path, self)
                }
            }
            Ty::Lit(w) => {
                if v.as_str() == Some(w.as_str()) {
                    Ok(())
                } else {
                    fail(path, self)
                }
            }
            Ty::List(t) => {
                let Some(items) = v.as_array() else {
                    return Err(format!("{path}: expected {self}, got {}", got()));
                };
                for (i, item) in items.iter().enumerate() {
                    let len = path.len();
                    path.push_str(&format!("[{i}]"));
                    t.check_at(item, types, path, depth + 1)?;
                    path.truncate(len);
                }
                Ok(())
            }
            Ty::Map(t) => {
                let Some(map) = v.as_object() else {
                    return Err(format!("{path}: expected {self}, got {}", got()));
                };
                for (k, item) in map {
                    let len = path.len();
                    path.push('.');
                    path.push_str(k);
                    t.check_at(item, types, path, depth + 1)?;
                    path.truncate(len);
                }
                Ok(())
            }
            Ty::Union(alts) => {
                let mut first_err = None;
                for a in alts {
                    match a.check_at(v, types, path, depth + 1) {
                        Ok(()) => return Ok(()),
                        Err(e) => {
                            first_err.get_or_insert(e);
                        }
                    }
                }
                Err(format!(
                    "{path}: expected {self}, got {} ({})",
                    short(v),
                    first_err.unwrap_or_default()
                ))
            }
            Ty::Named(name) => {
                let Some(def) = types.named(name) else {
                    return Err(format!("{path}: the type {name} is not defined"));
                };
                match def {
                    Named::Alias(t) => t.check_at(v, types, path, depth + 1),
                    Named::Words(words) => match v.as_str() {
                        Some(s) if words.contains(&s) => Ok(()),
                        _ => Err(format!(
                            "{path}: expected a word of {name}, got {}",
                            short(v)
                        )),
                    },
                    Named::Record(fields) => check_record(name, fields, v, types, path, depth),
                    Named::Union(tag, variants) => {
                        let Some(obj) = v.as_object() else {
                            return Err(format!("{path}: expected {name}, got {}", got()));
                        };
                        let want = obj.get(*tag).and_then(Value::as_str);
                        for variant in variants.iter() {
                            let Some(Named::Record(fields)) = types.named(variant) else {
                                return Err(format!(
                                    "{path}: variant {variant} of {name} is not a record"
                                ));
                            };
                            let lit = fields.iter().find(|f| f.name == *tag).and_then(|f| match &f
                                .ty
                            {
                                Ty::Lit(w) => Some(w.as_str()),
                                _ => None,
                            });
                            if lit.is_some() && lit == want {
                                return check_record(variant, fields, v, types, path, depth);
                            }
                        }
                        Err(format!(
                            "{path}: {tag} {} names no variant of {name}",
                            obj.get(*tag)
                                .map(short)
                                .unwrap_or_else(|| "(absent)".into())
                        ))
                    }
                }
            }
        }
    }
}

fn check_record(
    name: &str,
    fields: &[Field],
    v: &Value,
    types: &dyn Types,
    path: &mut String,
    depth: usize,
) -> Result<(), String> {
    let Some(obj) = v.as_object() else {
        return Err(format!(
            "{path}: expected {name}, got {}",
            crate::protocol::codec::limits::type_name(v)
        ));
    };
    for f in fields {
        match obj.get(&f.name) {
            None if f.optional => {}
            None => return Err(format!("{path}: {name} misses key {:?}", f.name)),
            Some(item) => {
                let len = path.len();
                path.push('.');
                path.push_str(&f.name);
                f.ty.check_at(item, types, path, depth + 1)?;
                path.truncate(len);
            }
        }
    }
    if let Some(k) = obj.keys().find(|k| !fields.iter().any(|f| &f.name == *k)) {
        return Err(format!("{path}: {name} has no key {k:?}"));
    }
    Ok(())
}

/// A value shortened for a message.
fn short(v: &Value) -> String {
    let mut s = v.to_string();
    if s.len() > 60 {
        let mut end = 57;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        s.truncate(end);
        s.push_str("...");
    }
    s
}

/// The CamelCase name of an op's keyed result record: `conductor.resume` →
/// `ConductorResumeResult`, `design_doc.parse` → `DesignDocParseResult`.
pub fn result_record_name(op: &str) -> String {
    let mut out = String::new();
    for part in op.split(['.', '_']) {
        let mut cs = part.chars();
        if let Some(c) = cs.next() {
            out.extend(c.to_uppercase());
            out.push_str(cs.as_str());
        }
    }
    out.push_str("Result");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::collections::HashMap;

    struct T(HashMap<String, Named>);
    impl Types for T {
        fn named(&self, name: &str) -> Option<&Named> {
            self.0.get(name)
        }
    }

    fn types() -> T {
        let rec = |entries: &[&str]| {
            Named::Record(entries.iter().map(|e| Field::parse(e).unwrap()).collect())
        };
        let mut m = HashMap::new();
        m.insert("Stop".into(), rec(&["kind: \"stop\"", "reason: str"]));
        m.insert("Go".into(), rec(&["kind: \"go\"", "n?: int"]));
        m.insert("Decision".into(), Named::Union("kind", &["Stop", "Go"]));
        m.insert("Phase".into(), Named::Words(&["init", "coding"]));
        T(m)
    }

    #[test]
    fn every_type_text_round_trips_through_its_canonical_form() {
        for text in [
            "str",
            "int | null",
            "[{[str]}]",
            "\"a-b\" | \"c\"",
            "{Phase} | [Decision] | any",
            "time",
            "path",
            "float | bool",
        ] {
            assert_eq!(parse_type(text).unwrap().to_string(), text);
        }
        assert_eq!(
            parse_type("  [ str ]|null ").unwrap().to_string(),
            "[str] | null"
        );
    }

    #[test]
    fn a_malformed_type_text_is_refused_with_where() {
        for bad in ["", "[str", "{str", "\"open", "string", "str str", "|", "[]"] {
            assert!(parse_type(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn an_entry_reads_name_optional_type_and_default() {
        let f = Field::parse("mapping?: {[str]} = ~the default mapping").unwrap();
        assert_eq!(
            f.default,
            Some(Default::Means("the default mapping".into()))
        );
        assert_eq!(f.ty.to_string(), "{[str]}");
        let g = Field::parse("state").unwrap();
        assert_eq!((g.ty, g.optional), (Ty::Any, false));
        assert!(
            Field::parse("n: int = 5").is_err(),
            "a required key has no default"
        );
        assert!(
            Field::parse("n?: int = nope").is_err(),
            "a default is JSON or ~words"
        );
        assert!(Field::parse("a b: int").is_err());
        assert_eq!(
            Field::parse("from?: str = \"x\"").unwrap().to_json(),
            json!({"name": "from", "type": "str", "optional": true, "default": "x"})
        );
    }

    #[test]
    fn check_follows_the_type_into_lists_maps_records_and_tagged_unions() {
        let t = types();
        let d = parse_type("[Decision]").unwrap();
        assert!(d
            .check(
                &json!([{"kind": "stop", "reason": "x"}, {"kind": "go"}]),
                &t
            )
            .is_ok());
        let e = d.check(&json!([{"kind": "go", "n": "3"}]), &t).unwrap_err();
        assert!(e.starts_with("$[0].n: expected int"), "{e}");
        let e = d.check(&json!([{"kind": "fly"}]), &t).unwrap_err();
        assert!(e.contains("names no variant"), "{e}");
        let e = d.check(&json!([{"kind": "stop"}]), &t).unwrap_err();
        assert!(e.contains("misses key \"reason\""), "{e}");
        let e = d.check(&json!([{"kind": "go", "x": 1}]), &t).unwrap_err();
        assert!(e.contains("has no key \"x\""), "records are closed: {e}");
        let p = parse_type("{Phase} | null").unwrap();
        assert!(p.check(&json!({"a": "init"}), &t).is_ok());
        assert!(p.check(&json!(null), &t).is_ok());
        assert!(p.check(&json!({"a": "done"}), &t).is_err());
        assert!(parse_type("int").unwrap().check(&json!(1.5), &t).is_err());
        assert!(parse_type("float").unwrap().check(&json!(1), &t).is_ok());
    }

    #[test]
    fn result_records_are_named_after_their_op() {
        assert_eq!(
            result_record_name("conductor.resume"),
            "ConductorResumeResult"
        );
        assert_eq!(
            result_record_name("design_doc.parse"),
            "DesignDocParseResult"
        );
    }
}
