//! The scanner contract (blueprint.md §16.2): the pure half of `blueprint.scan` receives a file
//! listing and a reader and returns a [`Snapshot`].
//!
//! This module fixes only the types both halves agree on; the per-language module and import
//! rules and the directory walk (in `store`, feature `fs`) belong to the scanners issue.

use crate::error::Result;

use super::snapshot::Snapshot;

/// Default largest source file the scanner reads (larger files count by size only).
pub const DEFAULT_MAX_FILE_BYTES: u64 = 1_048_576;

/// One file of the repository listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedFile {
    /// Repo-relative, `/`-separated path.
    pub path: String,
    /// Size in bytes.
    pub size: u64,
}

/// Reads a listed file's content for the scanner.
pub trait SourceReader {
    /// The content of `path` (a path of the listing).
    fn read(&self, path: &str) -> Result<Vec<u8>>;
}

/// A zero-LLM scanner: listing + reader → snapshot, with no file-system access of its own.
pub trait Scanner {
    /// Derives the snapshot; files above `max_file_bytes` are not read.
    fn scan(
        &self,
        listing: &[ListedFile],
        reader: &dyn SourceReader,
        max_file_bytes: u64,
    ) -> Result<Snapshot>;
}
