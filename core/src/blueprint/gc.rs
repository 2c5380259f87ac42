//! GC: orphans hidden at once, marked, and removed 90 days later — archive first (blueprint.md).
//!
//! Decides the pure plan (mark, unmark, removable, removed or kept because archiving failed) and
//! the storage step (archive the pre-image before any removal, never delete when that failed,
//! defer on a conflict). The cadence is the caller's.

use crate::error::{Error, Result};
use crate::store::cas::{Store, WriteError};

use super::commit::decode;
use super::defaults::ORPHAN_RETENTION_SECS;
use super::doc::Doc;
use super::fold::Warning;
use super::parse::parse;
use super::render::render;
use super::revisions::{revision_name, Nonce};
use super::snapshot::Snapshot;
use super::stamp::UtcSecond;

/// The GC plan for one document.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GcPlan {
    /// The planned document text (the input text when nothing changed).
    pub text: String,
    /// Whether anything was marked, unmarked or removed.
    pub changed: bool,
    /// Modules with entries outside the derived set, as found before the plan.
    pub orphans: Vec<String>,
    /// Newly marked orphans.
    pub marked: Vec<String>,
    /// Marks removed from modules that are derived again.
    pub unmarked: Vec<String>,
    /// Orphans marked at least 90 days ago.
    pub removable: Vec<String>,
    /// Removable orphans removed.
    pub removed: Vec<String>,
    /// Removable orphans kept because the archive failed.
    pub kept_archive_failed: Vec<String>,
}

/// Plans GC of `doc` (its text `text`) at `now`.
pub fn gc_plan(
    text: &str,
    doc: &Doc,
    snapshot: &Snapshot,
    now: UtcSecond,
    archive_ok: bool,
) -> GcPlan {
    let mut plan = GcPlan::default();
    let mut new_doc = doc.clone();
    for (path, notes) in doc.modules.iter().filter(|(_, m)| m.has_entries()) {
        let derived = snapshot.contains(path);
        let mark = &notes.orphaned_since;
        if derived {
            if !mark.is_empty() {
                plan.unmarked.push(path.clone());
                if let Some(n) = new_doc.modules.get_mut(path) {
                    n.orphaned_since.clear();
                }
            }
            continue;
        }
        plan.orphans.push(path.clone());
        if mark.is_empty() {
            plan.marked.push(path.clone());
            if let Some(n) = new_doc.modules.get_mut(path) {
                n.orphaned_since = now.to_string();
            }
            continue;
        }
        let since = mark
            .parse::<UtcSecond>()
            .map(UtcSecond::unix)
            .unwrap_or(i64::MAX);
        if now.unix().saturating_sub(since) >= ORPHAN_RETENTION_SECS {
            plan.removable.push(path.clone());
            if archive_ok {
                plan.removed.push(path.clone());
                new_doc.modules.remove(path);
            } else {
                plan.kept_archive_failed.push(path.clone());
            }
        }
    }
    plan.changed = !(plan.marked.is_empty() && plan.unmarked.is_empty() && plan.removed.is_empty());
    plan.text = if plan.changed {
        new_doc.absent = false;
        new_doc.updated = now.to_string();
        render(&new_doc)
    } else {
        text.to_string()
    };
    plan
}

/// What a storage-backed GC did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GcOutcome {
    /// Whether the file was written.
    pub written: bool,
    /// A conflict made GC defer (it runs again later).
    pub deferred: bool,
    /// Orphans marked (empty when nothing was written).
    pub marked: Vec<String>,
    /// Marks removed (empty when nothing was written).
    pub unmarked: Vec<String>,
    /// Orphans removed (empty when nothing was written).
    pub removed: Vec<String>,
    /// Removals blocked by a failed archive.
    pub kept_archive_failed: Vec<String>,
    /// `revision_failed` when archiving failed.
    pub warnings: Vec<Warning>,
}

/// Runs GC against `store`: archive before removal, re-plan without removal when the archive
/// fails, defer on a conflict.
pub fn gc(
    store: &dyn Store,
    snapshot: &Snapshot,
    now: UtcSecond,
    nonce: &Nonce,
) -> Result<GcOutcome> {
    let (bytes, version) = store
        .read()
        .map_err(|e| Error::io("reading the blueprint", &e))?;
    let text = decode(bytes.as_deref())?;
    let doc = parse(text)?;
    let mut plan = gc_plan(text, &doc, snapshot, now, true);
    let mut out = GcOutcome::default();
    if !plan.removed.is_empty() {
        let saved = store.save_revision(&revision_name(now, nonce), text.as_bytes());
        if saved.is_err() {
            out.warnings.push(Warning::RevisionFailed);
            plan = gc_plan(text, &doc, snapshot, now, false);
        }
    }
    out.kept_archive_failed = plan.kept_archive_failed.clone();
    if !plan.changed {
        return Ok(out);
    }
    match store.write_if(&version, plan.text.as_bytes()) {
        Ok(()) => {
            out.written = true;
            out.marked = plan.marked;
            out.unmarked = plan.unmarked;
            out.removed = plan.removed;
            Ok(out)
        }
        Err(WriteError::Conflict) => {
            out.deferred = true;
            out.kept_archive_failed.clear();
            Ok(out)
        }
        Err(WriteError::Io(e)) => Err(Error::io("writing the blueprint", &e)),
    }
}
