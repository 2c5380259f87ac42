//! The read path for one module (`read_module`, blueprint.md).
//!
//! Decides visibility (the derived set, not the orphan mark), the derived imports/importers, and
//! `code_changed`; prose is kept when fingerprints no longer match. Showing it is the tool's.

use serde_json::{json, Value};

use crate::error::{Error, ErrorKind, Result};

use super::doc::{section_json, Doc};
use super::snapshot::Snapshot;

/// The read view of `module` as JSON `{module, imports, imported_by, code_changed, sections}`;
/// `not_visible` when the module is not derived.
pub fn read_module(doc: &Doc, snapshot: &Snapshot, module: &str) -> Result<Value> {
    let i = snapshot.position(module).ok_or_else(|| {
        Error::new(
            ErrorKind::NotVisible,
            format!("module {module:?} is not in the derived set of the snapshot"),
        )
        .with_field("module")
    })?;
    let fp = snapshot
        .modules()
        .get(i)
        .map_or("", |m| m.fingerprint.as_str());
    let names = |list: &[u32]| -> Vec<String> {
        list.iter()
            .map(|&j| snapshot.path(j as usize).to_string())
            .collect()
    };
    let mut code_changed = false;
    let mut sections = Vec::new();
    if let Some(notes) = doc.modules.get(module) {
        for (field, s) in notes.sections.iter().filter(|(_, s)| !s.entries.is_empty()) {
            if !s.fp.is_empty() && !fp.is_empty() && s.fp != fp {
                code_changed = true;
            }
            sections.push(section_json(*field, s));
        }
    }
    Ok(json!({
        "module": module,
        "imports": names(snapshot.imports_of(i)),
        "imported_by": names(snapshot.importers_of(i)),
        "code_changed": code_changed,
        "sections": sections,
    }))
}
