//! What one op of the surface is: its name, one-line doc, typed input and output keys, error kinds
//! and the function behind it ([`OpInfo`]).
//!
//! Decides the catalog entry's JSON form and reads the op rows' key entries through the type
//! language of [`super::schema`] (once, on first use); which ops exist is the area adapters'
//! (`ops/<area>.rs`), the named types are [`super::types`]'s, and running ops is [`super::call`]'s.

use std::collections::{BTreeMap, HashMap};
use std::sync::LazyLock;

use serde_json::{Map, Value};

use super::schema::{self, Field, Named, SchemaError, Shape, Ty, TypeDef, Types};
use crate::error::{ErrorKind, Result};

/// The function behind an op: takes the input object, returns the result value.
pub(crate) type OpFn = fn(&Map<String, Value>) -> Result<Value>;

/// One operation of the surface: its name, a one-line doc, its typed keys and the function.
#[derive(Clone)]
pub struct OpInfo {
    /// `<area>.<verb>`.
    pub name: &'static str,
    /// One line saying what the op does.
    pub doc: &'static str,
    /// Input key entries as the row writes them (`"max_rounds?: int = 5"`); see [`OpInfo::params`].
    pub(crate) input_entries: &'static [&'static str],
    /// Output key entries, or one `"-> TYPE"` entry; see [`OpInfo::result`].
    pub(crate) output_entries: &'static [&'static str],
    /// The error kinds the op can return (beyond `invalid_input` for a non-object input).
    pub errors: &'static [ErrorKind],
    pub(crate) run: OpFn,
}

impl std::fmt::Debug for OpInfo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OpInfo")
            .field("name", &self.name)
            .field("doc", &self.doc)
            .field("input", &self.input_entries)
            .field("output", &self.output_entries)
            .field("errors", &self.errors)
            .finish()
    }
}

/// An op's keys, read from its row once.
struct OpSchema {
    params: Vec<Field>,
    input_names: Vec<&'static str>,
    result: Ty,
    output_names: Vec<&'static str>,
}

/// The catalog's types: the table of `ops/types.rs` plus one record per keyed op result.
pub struct CatalogTypes {
    defs: BTreeMap<String, (String, Named)>,
    ops: HashMap<&'static str, OpSchema>,
    errors: Vec<String>,
}

impl Types for CatalogTypes {
    fn named(&self, name: &str) -> Option<&Named> {
        self.defs.get(name).map(|(_, n)| n)
    }
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn parse_fields(
    owner: &str,
    entries: &[&str],
    errors: &mut Vec<String>,
    defaults: bool,
) -> Vec<Field> {
    let mut out = Vec::new();
    for e in entries {
        match Field::parse(e) {
            Ok(f) if f.default.is_some() && !defaults => errors.push(format!(
                "{owner}: record field {e:?} may not have a default"
            )),
            Ok(f) => out.push(f),
            Err(SchemaError(m)) => errors.push(format!("{owner}: {m}")),
        }
    }
    out
}

static CATALOG_TYPES: LazyLock<CatalogTypes> = LazyLock::new(|| {
    let mut errors = Vec::new();
    let mut defs: BTreeMap<String, (String, Named)> = BTreeMap::new();
    for def in super::types::TYPES {
        let TypeDef { name, doc, shape } = *def;
        let named = match shape {
            Shape::Record(fields) => Named::Record(parse_fields(name, fields, &mut errors, false)),
            Shape::Union { tag, variants } => Named::Union(tag, variants),
            Shape::Words(words) => Named::Words(words),
            Shape::Alias(text) => match schema::parse_type(text) {
                Ok(t) => Named::Alias(t),
                Err(e) => {
                    errors.push(format!("{name}: {e}"));
                    Named::Alias(Ty::Any)
                }
            },
        };
        if defs
            .insert(name.to_string(), (doc.to_string(), named))
            .is_some()
        {
            errors.push(format!("the type {name} is defined twice"));
        }
    }
    let mut ops = HashMap::new();
    for op in super::catalog() {
        let params = parse_fields(op.name, op.input_entries, &mut errors, true);
        let input_names = params
            .iter()
            .map(|f| {
                if f.optional {
                    leak(format!("{}?", f.name))
                } else {
                    leak(f.name.clone())
                }
            })
            .collect();
        let (result, output_names) = match op.output_entries {
            [one] if one.trim_start().starts_with("->") => {
                let text = one.trim_start().trim_start_matches("->");
                match schema::parse_type(text) {
                    Ok(t) => (t, Vec::new()),
                    Err(e) => {
                        errors.push(format!("{}: {e}", op.name));
                        (Ty::Any, Vec::new())
                    }
                }
            }
            entries => {
                let fields = parse_fields(op.name, entries, &mut errors, false);
                let names = fields.iter().map(|f| leak(f.name.clone())).collect();
                let rec = schema::result_record_name(op.name);
                let doc = format!("The result of {}.", op.name);
                if defs
                    .insert(rec.clone(), (doc, Named::Record(fields)))
                    .is_some()
                {
                    errors.push(format!("the type {rec} is defined twice"));
                }
                (Ty::Named(rec), names)
            }
        };
        ops.insert(
            op.name,
            OpSchema {
                params,
                input_names,
                result,
                output_names,
            },
        );
    }
    // A `-> Record` result lists the record's fields as the output keys.
    for s in ops.values_mut() {
        if let Ty::Named(n) = &s.result {
            if let Some((_, Named::Record(fields))) = defs.get(n) {
                if s.output_names.is_empty() {
                    s.output_names = fields.iter().map(|f| leak(f.name.clone())).collect();
                }
            }
        }
    }
    CatalogTypes { defs, ops, errors }
});

impl CatalogTypes {
    /// Every problem of the catalog's type entries: an entry that does not parse, a name defined
    /// twice. Empty in a correct build (pinned by a test); a bad entry reads as `any`.
    pub fn errors(&self) -> &[String] {
        &self.errors
    }

    /// Every named type with its doc, sorted by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str, &Named)> {
        self.defs
            .iter()
            .map(|(n, (d, t))| (n.as_str(), d.as_str(), t))
    }

    /// The catalog's JSON of the named types (`meta.catalog`'s `types`).
    pub fn to_json(&self) -> Value {
        Value::Array(
            self.iter()
                .map(|(name, doc, t)| {
                    let mut m = Map::new();
                    m.insert("name".into(), Value::String(name.into()));
                    m.insert("doc".into(), Value::String(doc.into()));
                    match t {
                        Named::Record(fields) => {
                            m.insert("kind".into(), "record".into());
                            m.insert("fields".into(), fields.iter().map(Field::to_json).collect());
                        }
                        Named::Union(tag, variants) => {
                            m.insert("kind".into(), "union".into());
                            m.insert("tag".into(), (*tag).into());
                            m.insert("variants".into(), (*variants).into());
                        }
                        Named::Words(words) => {
                            m.insert("kind".into(), "words".into());
                            m.insert("words".into(), (*words).into());
                        }
                        Named::Alias(ty) => {
                            m.insert("kind".into(), "alias".into());
                            m.insert("type".into(), ty.to_string().into());
                        }
                    }
                    Value::Object(m)
                })
                .collect(),
        )
    }
}

/// The catalog's named types (the table of `ops/types.rs` and each op's keyed result record).
///
/// ```
/// use fourx_core::ops::{self, schema::Types};
///
/// let types = ops::catalog_types();
/// assert!(types.errors().is_empty());
/// let result = ops::find("meta.version").unwrap().result();
/// assert!(result.check(&ops::call("meta.version", &serde_json::json!({}))?, types).is_ok());
/// # Ok::<(), fourx_core::Error>(())
/// ```
pub fn catalog_types() -> &'static CatalogTypes {
    &CATALOG_TYPES
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
            input_entries: input,
            output_entries: output,
            errors,
            run,
        }
    }

    fn schema(&self) -> &'static OpSchema {
        &CATALOG_TYPES.ops[self.name]
    }

    /// Input key names; a trailing `?` marks an optional key.
    pub fn input(&self) -> &'static [&'static str] {
        &self.schema().input_names
    }

    /// Keys of the result object (empty when the result is not a record).
    pub fn output(&self) -> &'static [&'static str] {
        &self.schema().output_names
    }

    /// Every input key with its type, whether it may be left out and its default.
    pub fn params(&self) -> &'static [Field] {
        &self.schema().params
    }

    /// The type of the result (a keyed result is the record `<Area><Verb>Result`).
    pub fn result(&self) -> &'static Ty {
        &self.schema().result
    }

    /// The catalog entry of this op as JSON: `{"name","doc","input","output","errors"}` plus
    /// `"params"` (each key's `name`, `type`, `optional` and `default`/`default_means`) and
    /// `"result"` (a type text).
    pub fn to_json(&self) -> Value {
        serde_json::json!({
            "name": self.name,
            "doc": self.doc,
            "input": self.input(),
            "output": self.output(),
            "errors": self.errors.iter().map(|k| k.as_str()).collect::<Vec<_>>(),
            "params": self.params().iter().map(Field::to_json).collect::<Vec<_>>(),
            "result": self.result().to_string(),
        })
    }
}
