//! `Commit`: the optimistic compare-and-swap loop around the fold, [`merge_owned`] (blueprint.md).
//!
//! Decides read → fold → archive pre-image → `write_if`, one replay of the same request on a
//! conflict, `fold_conflict` (a deferral carrying the account) after the second, and that an
//! archive failure only warns. The storage backend is the caller's [`Store`].

use crate::error::{Error, ErrorDetail, ErrorKind, Result};
use crate::store::cas::{Store, WriteError};

use super::anchors::FileView;
use super::fold::{merge_owned, FoldRequest, FoldResult, Warning};
use super::parse::parse;
use super::render::render;
use super::revisions::{revision_name, Nonce};
use super::snapshot::Snapshot;

/// Rounds of read → fold → write before giving up with `fold_conflict`.
pub const MAX_ATTEMPTS: usize = 2;

/// What a commit did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommitOutcome {
    /// The last round's account (NoOp included).
    pub result: FoldResult,
    /// Whether the file was written.
    pub written: bool,
    /// Rounds run (1, or 2 after one conflict).
    pub attempts: usize,
}

/// Decodes stored bytes as blueprint text (`malformed_doc` when not UTF-8).
pub fn decode(bytes: Option<&[u8]>) -> Result<&str> {
    match bytes {
        None => Ok(""),
        Some(b) => std::str::from_utf8(b).map_err(|_| {
            Error::new(
                ErrorKind::MalformedDoc,
                "the stored blueprint is not valid UTF-8",
            )
        }),
    }
}

fn with_result(e: Error, result: &FoldResult) -> Error {
    e.with_detail(ErrorDetail::FoldAccount(result.to_json()))
}

/// Commits `req` to `store`: the account always comes back, in the outcome or inside the
/// `fold_conflict` / post-merge `io_error`.
pub fn commit(
    store: &dyn Store,
    req: &FoldRequest,
    snapshot: &Snapshot,
    files: &dyn FileView,
    nonce: &Nonce,
) -> Result<CommitOutcome> {
    let mut warnings: Vec<Warning> = Vec::new();
    let mut last = FoldResult::default();
    for attempt in 0..MAX_ATTEMPTS {
        let (bytes, version) = store
            .read()
            .map_err(|e| Error::io("reading the blueprint", &e))?;
        let text = decode(bytes.as_deref())?;
        let (new_doc, mut result) = merge_owned(parse(text)?, req, snapshot, files)?;
        for w in &warnings {
            result.warn(*w);
        }
        if result.noop {
            return Ok(CommitOutcome {
                result,
                written: false,
                attempts: attempt + 1,
            });
        }
        if let Some(pre) = bytes.as_deref() {
            let n = if attempt == 0 {
                nonce.clone()
            } else {
                nonce.replay()
            };
            if store
                .save_revision(&revision_name(req.now, &n), pre)
                .is_err()
            {
                result.warn(Warning::RevisionFailed);
                if !warnings.contains(&Warning::RevisionFailed) {
                    warnings.push(Warning::RevisionFailed);
                }
            }
        }
        match store.write_if(&version, render(&new_doc).as_bytes()) {
            Ok(()) => {
                return Ok(CommitOutcome {
                    result,
                    written: true,
                    attempts: attempt + 1,
                })
            }
            Err(WriteError::Conflict) => last = result,
            Err(WriteError::Io(e)) => {
                return Err(with_result(Error::io("writing the blueprint", &e), &result))
            }
        }
    }
    Err(with_result(
        Error::new(
            ErrorKind::FoldConflict,
            "the blueprint changed under this commit twice; deferred, it will be picked up next time",
        ),
        &last,
    ))
}
