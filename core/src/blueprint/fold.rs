//! `Merge`: the deterministic, pure fold of a submission into a document, and its account
//! [`FoldResult`] (blueprint.md).
//!
//! Decides which items are accepted (cap, four gates, anchor marks), which sections are replaced
//! (same module+field is overwritten only by a non-empty accepted set) and whether the fold is a
//! NoOp. It touches no file system and reads no clock: files come through the injected
//! [`FileView`], time through the request. Storage is [`mod@super::commit`]'s.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorKind, Result};

use super::anchors::{AnchorChecker, FileView, Verdict};
use super::defaults::MAX_SUBMIT_ITEMS;
use super::doc::{Doc, Entry, Field, Section};
use super::normalize::Item;
use super::parse::parse;
use super::render::render;
use super::snapshot::Snapshot;
use super::stamp::UtcSecond;
use super::validate::{validate, RejectReason};

/// The injected git facts of a fold (`head`, `branch`, `dirty`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct GitFacts {
    /// The commit the work tree is at.
    pub head: String,
    /// The checked-out branch.
    pub branch: String,
    /// Whether the work tree has uncommitted changes.
    pub dirty: bool,
}

/// One fold's input besides the document, the snapshot and the file view.
#[derive(Debug, Clone)]
pub struct FoldRequest {
    /// The project the file must belong to (`""` = do not check).
    pub project_id: String,
    /// The submitted items, normalised.
    pub items: Vec<Item>,
    /// Modules whose files this run opened (intersected with the derived set by Merge).
    pub evidence: Vec<String>,
    /// The time of the fold.
    pub now: UtcSecond,
    /// Git facts recorded in the front matter of a non-NoOp fold.
    pub git: GitFacts,
}

/// A warning added to the account by storage-backed operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Warning {
    /// The pre-image could not be archived in `revisions/`; the write went ahead.
    RevisionFailed,
}

/// An accepted item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Accepted {
    /// Position in the submission (0-based).
    pub index: usize,
    /// The entry's content ID.
    pub id: String,
    /// Normalised module.
    pub module: String,
    /// Normalised field.
    pub field: String,
    /// The anchor verdict.
    pub anchor: Verdict,
}

/// A rejected item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejected {
    /// Position in the submission (0-based).
    pub index: usize,
    /// Normalised module (possibly `""`).
    pub module: String,
    /// Normalised field (possibly `""`).
    pub field: String,
    /// The first failing gate.
    pub reason: RejectReason,
    /// `""`, a malformed detail code, or the offending prose-path token.
    pub detail: String,
}

/// Anchor verdicts over the unique accepted IDs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Coverage {
    /// Verified anchors.
    pub anchored_ok: usize,
    /// Stale anchors.
    pub stale: usize,
    /// Items without an anchor.
    pub unanchored: usize,
    /// Anchors no program can judge.
    pub unverifiable: usize,
}

/// The account of one fold; the only carrier of rejections.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct FoldResult {
    /// No section was replaced: the body is unchanged and nothing is written.
    pub noop: bool,
    /// Items submitted.
    pub submitted: usize,
    /// Accepted items by input index.
    pub accepted: Vec<Accepted>,
    /// Rejected items by input index.
    pub rejected: Vec<Rejected>,
    /// Sorted unique IDs marked stale.
    pub stale_marked: Vec<String>,
    /// Anchor coverage over unique accepted IDs.
    pub coverage: Coverage,
    /// Sections replaced wholesale.
    pub sections_replaced: usize,
    /// Old entries no longer present after replacement.
    pub entries_dropped: usize,
    /// Storage warnings (never from Merge itself).
    pub warnings: Vec<Warning>,
}

impl FoldResult {
    /// The account as JSON.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }

    /// The account an error carries (`fold_conflict`, `io_error` after a merge), read back typed;
    /// `None` when the error carries none.
    pub fn from_error(e: &crate::error::Error) -> Option<FoldResult> {
        e.fold_result_json()
            .and_then(|v| serde_json::from_value(v).ok())
    }

    /// Adds `w` once.
    pub fn warn(&mut self, w: Warning) {
        if !self.warnings.contains(&w) {
            self.warnings.push(w);
        }
    }
}

/// Folds `req` into `doc`. Pure: files are read only through `files`.
pub fn merge(
    doc: &Doc,
    req: &FoldRequest,
    snapshot: &Snapshot,
    files: &dyn FileView,
) -> Result<(Doc, FoldResult)> {
    merge_owned(doc.clone(), req, snapshot, files)
}

/// [`merge`] on a document the caller gives up (a freshly parsed one, as [`fold_text`] and
/// `commit` have): the sections are replaced in place instead of in a deep copy of the whole
/// document. On NoOp the document comes back unchanged.
pub fn merge_owned(
    doc: Doc,
    req: &FoldRequest,
    snapshot: &Snapshot,
    files: &dyn FileView,
) -> Result<(Doc, FoldResult)> {
    if !doc.project_id.is_empty() && !req.project_id.is_empty() && doc.project_id != req.project_id
    {
        return Err(Error::new(
            ErrorKind::ProjectMismatch,
            format!(
                "the blueprint belongs to project {:?}, not {:?}",
                doc.project_id, req.project_id
            ),
        )
        .with_field("project_id"));
    }
    let evidence: HashSet<&str> = req
        .evidence
        .iter()
        .map(String::as_str)
        .filter(|m| snapshot.contains(m))
        .collect();

    let items = &req.items;
    let mut order: Vec<usize> = (0..items.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&items[a], &items[b]);
        (&x.module, &x.field, &x.where_, &x.claim, a)
            .cmp(&(&y.module, &y.field, &y.where_, &y.claim, b))
    });
    let mut over = vec![false; items.len()];
    for &i in order.iter().skip(MAX_SUBMIT_ITEMS) {
        over[i] = true;
    }

    let checker = AnchorChecker::new(files, Some(snapshot));
    let mut result = FoldResult {
        submitted: items.len(),
        ..FoldResult::default()
    };
    let mut groups: BTreeMap<(String, Field), BTreeMap<String, Entry>> = BTreeMap::new();
    let mut verdicts: HashMap<String, Verdict> = HashMap::new();
    for (index, item) in items.iter().enumerate() {
        let outcome = if over[index] {
            Err((RejectReason::OverLimit, String::new()))
        } else {
            validate(item, snapshot, &evidence).map_err(|r| (r.reason, r.detail))
        };
        match outcome {
            Err((reason, detail)) => result.rejected.push(Rejected {
                index,
                module: item.module.clone(),
                field: item.field.clone(),
                reason,
                detail,
            }),
            Ok(field) => {
                let (verdict, _) = checker.check(&item.where_);
                let entry = Entry::new(
                    &item.module,
                    field,
                    &item.where_,
                    &item.claim,
                    verdict == Verdict::Stale,
                );
                verdicts.insert(entry.id.clone(), verdict);
                result.accepted.push(Accepted {
                    index,
                    id: entry.id.clone(),
                    module: item.module.clone(),
                    field: item.field.clone(),
                    anchor: verdict,
                });
                groups
                    .entry((item.module.clone(), field))
                    .or_default()
                    .insert(entry.id.clone(), entry);
            }
        }
    }
    let mut stale = BTreeSet::new();
    for (id, v) in &verdicts {
        match v {
            Verdict::Ok => result.coverage.anchored_ok += 1,
            Verdict::Stale => {
                result.coverage.stale += 1;
                stale.insert(id.clone());
            }
            Verdict::Unanchored => result.coverage.unanchored += 1,
            Verdict::Unverifiable => result.coverage.unverifiable += 1,
        }
    }
    result.stale_marked = stale.into_iter().collect();

    let mut new_doc = doc;
    for ((module, field), entries) in groups {
        let mut section = Section {
            updated: req.now.to_string(),
            fp: snapshot
                .get(&module)
                .map(|m| m.fingerprint.clone())
                .unwrap_or_default(),
            entries: entries.into_values().collect(),
        };
        section.normalize();
        let notes = new_doc.modules.entry(module).or_default();
        if let Some(old) = notes.sections.get(&field) {
            if old.fp == section.fp && old.entries == section.entries {
                continue;
            }
            let new_ids: HashSet<&str> = section.entries.iter().map(|e| e.id.as_str()).collect();
            result.entries_dropped += old
                .entries
                .iter()
                .filter(|e| !new_ids.contains(e.id.as_str()))
                .count();
        }
        notes.sections.insert(field, section);
        result.sections_replaced += 1;
    }
    result.noop = result.sections_replaced == 0;
    if result.noop {
        // Nothing was inserted: a section is only skipped when its module already held an equal one.
        return Ok((new_doc, result));
    }
    new_doc.absent = false;
    new_doc.updated = req.now.to_string();
    if !req.project_id.is_empty() {
        new_doc.project_id = req.project_id.clone();
    }
    new_doc.git_head = req.git.head.clone();
    new_doc.git_branch = req.git.branch.clone();
    new_doc.git_dirty = req.git.dirty;
    Ok((new_doc, result))
}

/// Folds into the text of a file: parse, merge, render — or the input text unchanged on NoOp.
pub fn fold_text(
    text: &str,
    req: &FoldRequest,
    snapshot: &Snapshot,
    files: &dyn FileView,
) -> Result<(String, FoldResult)> {
    let (new_doc, result) = merge_owned(parse(text)?, req, snapshot, files)?;
    let out = if result.noop {
        text.to_string()
    } else {
        render(&new_doc)
    };
    Ok((out, result))
}
