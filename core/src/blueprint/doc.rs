//! The document model of `blueprint.md`: front-matter facts, modules, sections and entries
//! (blueprint.md), and its JSON model.
//!
//! Decides the logical content and its order (modules by path, sections in field order, entries
//! by `(where, claim)`, IDs recomputed) and the derived counts. The text form is [`mod@super::parse`]
//! and [`mod@super::render`]; what may change a doc is [`super::fold`] and [`mod@super::gc`].

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use crate::error::{Error, ErrorKind, Result};

use super::defaults::FORMAT;
use super::normalize::{collapse, is_c0_or_del, short_id};
use super::snapshot::is_valid_fingerprint;
use super::stamp::canonical_or_empty;

fn unknown_field(_what: &str, s: &str) -> Error {
    Error::invalid_input(format!(
        "unknown field {s:?}; expected purpose, entrypoints, invariants or gotchas"
    ))
}

crate::words::string_enum! {
    /// The asserted section kinds (`AssertedSections`), in file order. `derived` is never one.
    pub enum Field("field", Error, unknown_field) {
        /// `purpose`
        Purpose = "purpose",
        /// `entrypoints`
        Entrypoints = "entrypoints",
        /// `invariants`
        Invariants = "invariants",
        /// `gotchas`
        Gotchas = "gotchas",
    }
}

/// One atomic claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// Content-derived short ID (recomputed, never read from a file).
    pub id: String,
    /// The `where` anchor (`""` = none).
    pub where_: String,
    /// The claim text (one line).
    pub claim: String,
    /// Marked stale by the anchor check when it was written.
    pub stale: bool,
}

impl Entry {
    /// An entry of `(module, field)` with its ID computed.
    pub fn new(module: &str, field: Field, where_: &str, claim: &str, stale: bool) -> Entry {
        Entry {
            id: short_id(module, field.as_str(), where_, claim),
            where_: where_.to_string(),
            claim: claim.to_string(),
            stale,
        }
    }
}

/// The entries of one (module, field) pair.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Section {
    /// When the section last changed (`""` = unknown).
    pub updated: String,
    /// The module fingerprint it was written against (`""` = unknown).
    pub fp: String,
    /// Entries sorted by `(where, claim)`, no two alike.
    pub entries: Vec<Entry>,
}

impl Section {
    /// Sorts entries by `(where, claim)` and merges equal ones (stale if any copy is).
    pub fn normalize(&mut self) {
        self.entries.sort_by(|a, b| {
            (a.where_.as_str(), a.claim.as_str()).cmp(&(b.where_.as_str(), b.claim.as_str()))
        });
        self.entries.dedup_by(|later, kept| {
            let same = later.where_ == kept.where_ && later.claim == kept.claim;
            if same {
                kept.stale |= later.stale;
            }
            same
        });
    }
}

/// The notes of one module.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ModuleNotes {
    /// When GC marked the module orphaned (`""` = not marked).
    pub orphaned_since: String,
    /// Its sections, in field order.
    pub sections: BTreeMap<Field, Section>,
}

impl ModuleNotes {
    /// Whether any section holds an entry.
    pub fn has_entries(&self) -> bool {
        self.sections.values().any(|s| !s.entries.is_empty())
    }
}

/// The derived counts of the front matter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Module blocks written.
    pub modules: usize,
    /// Entry lines.
    pub entries: usize,
    /// Entry lines marked stale.
    pub stale: usize,
    /// Module blocks carrying an orphan mark.
    pub orphaned: usize,
}

/// A blueprint document.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Doc {
    /// The file did not exist (parsed from `""`).
    pub absent: bool,
    /// The project this file belongs to.
    pub project_id: String,
    /// Time of the last write (`""` or canonical UTC second).
    pub updated: String,
    /// Injected git head of the last non-NoOp fold.
    pub git_head: String,
    /// Injected git branch of the last non-NoOp fold.
    pub git_branch: String,
    /// Injected dirty flag of the last non-NoOp fold.
    pub git_dirty: bool,
    /// Modules by path.
    pub modules: BTreeMap<String, ModuleNotes>,
}

impl Doc {
    /// The absent file.
    pub fn absent() -> Doc {
        Doc {
            absent: true,
            ..Doc::default()
        }
    }

    /// Drops empty sections and modules and sorts every section.
    pub fn normalize(&mut self) {
        for notes in self.modules.values_mut() {
            for s in notes.sections.values_mut() {
                s.normalize();
            }
            notes.sections.retain(|_, s| !s.entries.is_empty());
        }
        self.modules.retain(|_, m| m.has_entries());
    }

    /// The derived counts over the modules that are written.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for notes in self.modules.values().filter(|m| m.has_entries()) {
            c.modules += 1;
            c.orphaned += usize::from(!notes.orphaned_since.is_empty());
            for s in notes.sections.values() {
                c.entries += s.entries.len();
                c.stale += s.entries.iter().filter(|e| e.stale).count();
            }
        }
        c
    }

    /// The JSON model of (with `canonical` as given by the caller).
    pub fn to_json(&self, canonical: bool) -> Value {
        let c = self.counts();
        let modules: Vec<Value> = self
            .modules
            .iter()
            .filter(|(_, m)| m.has_entries())
            .map(|(path, m)| {
                json!({
                    "path": path,
                    "orphaned_since": m.orphaned_since,
                    "sections": m.sections.iter()
                        .filter(|(_, s)| !s.entries.is_empty())
                        .map(|(f, s)| section_json(*f, s)).collect::<Vec<_>>(),
                })
            })
            .collect();
        json!({
            "absent": self.absent,
            "format": FORMAT,
            "project_id": self.project_id,
            "updated": self.updated,
            "git_head": self.git_head,
            "git_branch": self.git_branch,
            "git_dirty": self.git_dirty,
            "modules": modules,
            "counts": {"modules": c.modules, "entries": c.entries, "stale": c.stale, "orphaned": c.orphaned},
            "canonical": canonical,
        })
    }

    /// Reads the JSON model (render's input): `absent`, `counts`, `canonical`, `format` and IDs
    /// are ignored; order is free; times are canonicalised; entries are normalised like items.
    pub fn from_json(v: &Value) -> Result<Doc> {
        let obj = v
            .as_object()
            .ok_or_else(|| invalid("doc", "doc must be an object (the parse model)"))?;
        let mut doc = Doc {
            absent: false,
            project_id: str_key(obj, "project_id", "doc.project_id")?,
            updated: canonical_or_empty(&str_key(obj, "updated", "doc.updated")?, "updated")?,
            git_head: str_key(obj, "git_head", "doc.git_head")?,
            git_branch: str_key(obj, "git_branch", "doc.git_branch")?,
            git_dirty: match obj.get("git_dirty") {
                None | Some(Value::Null) => false,
                Some(Value::Bool(b)) => *b,
                Some(_) => return Err(invalid("doc.git_dirty", "git_dirty must be a boolean")),
            },
            modules: BTreeMap::new(),
        };
        for m in array_key(obj, "modules", "doc.modules")? {
            let mo = m
                .as_object()
                .ok_or_else(|| invalid("doc.modules", "each module must be an object"))?;
            let path = str_key(mo, "path", "doc.modules.path")?;
            if path.is_empty() || path.chars().any(char::is_control) || path.trim() != path {
                return Err(invalid(
                    "doc.modules.path",
                    format!("module path {path:?} must be non-empty without control characters"),
                ));
            }
            let orphaned = canonical_or_empty(
                &str_key(mo, "orphaned_since", "doc.modules.orphaned_since")?,
                "orphaned_since",
            )?;
            let notes = doc.modules.entry(path.clone()).or_default();
            if !orphaned.is_empty() {
                notes.orphaned_since = orphaned;
            }
            for s in array_key(mo, "sections", "doc.modules.sections")? {
                let so = s.as_object().ok_or_else(|| {
                    invalid("doc.modules.sections", "each section must be an object")
                })?;
                let field: Field = str_key(so, "field", "field")?
                    .parse()
                    .map_err(|e: Error| e.with_field("field"))?;
                let fp = str_key(so, "fp", "fp")?;
                if !is_valid_fingerprint(&fp) {
                    return Err(invalid(
                        "fp",
                        format!("fp {fp:?} must be empty or 1-64 of [0-9A-Za-z._:+=/-], not \"-\""),
                    ));
                }
                let updated = canonical_or_empty(&str_key(so, "updated", "updated")?, "updated")?;
                let section = notes.sections.entry(field).or_default();
                section.updated = updated;
                section.fp = fp;
                for e in array_key(so, "entries", "entries")? {
                    let eo = e
                        .as_object()
                        .ok_or_else(|| invalid("entries", "each entry must be an object"))?;
                    let where_ = collapse(&str_key(eo, "where", "where")?);
                    let claim = collapse(&str_key(eo, "claim", "claim")?);
                    if where_.contains('`') || where_.chars().any(is_c0_or_del) {
                        return Err(invalid(
                            "where",
                            format!("where {where_:?} holds a backtick or control character"),
                        ));
                    }
                    if claim.is_empty() || claim.chars().any(is_c0_or_del) {
                        return Err(invalid(
                            "claim",
                            "a claim must be non-empty without control characters",
                        ));
                    }
                    let stale = eo.get("stale").and_then(Value::as_bool).unwrap_or(false);
                    section
                        .entries
                        .push(Entry::new(&path, field, &where_, &claim, stale));
                }
            }
        }
        doc.normalize();
        Ok(doc)
    }
}

/// The JSON form of one section (used by the parse model and the read path).
pub fn section_json(field: Field, s: &Section) -> Value {
    json!({
        "field": field.as_str(),
        "updated": s.updated,
        "fp": s.fp,
        "entries": s.entries.iter().map(|e| json!({
            "id": e.id, "where": e.where_, "claim": e.claim, "stale": e.stale
        })).collect::<Vec<_>>(),
    })
}

fn invalid(field: &str, msg: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidInput, msg).with_field(field)
}

fn str_key(obj: &Map<String, Value>, key: &str, field: &str) -> Result<String> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) => Ok(s.clone()),
        Some(_) => Err(invalid(field, format!("`{field}` must be a string"))),
    }
}

fn array_key<'a>(obj: &'a Map<String, Value>, key: &str, field: &str) -> Result<&'a [Value]> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(&[]),
        Some(Value::Array(a)) => Ok(a),
        Some(_) => Err(invalid(field, format!("`{field}` must be an array"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip_and_derived_is_not_one() {
        for f in Field::ALL {
            assert_eq!(f.as_str().parse::<Field>().unwrap(), *f);
        }
        assert!("derived".parse::<Field>().is_err());
    }

    #[test]
    fn section_normalisation_sorts_and_merges_duplicates() {
        let mut s = Section::default();
        s.entries
            .push(Entry::new("m", Field::Gotchas, "b", "x", false));
        s.entries
            .push(Entry::new("m", Field::Gotchas, "", "y", false));
        s.entries
            .push(Entry::new("m", Field::Gotchas, "b", "x", true));
        s.normalize();
        assert_eq!(s.entries.len(), 2);
        assert_eq!(s.entries[0].where_, "");
        assert!(s.entries[1].stale);
    }
}
