//! The repository walk behind `blueprint.scan` (blueprint.md, CONVENTIONS.md):
//! lists a root with the `ignore` crate and hands that listing and a reader over the root to the
//! pure [`crate::blueprint::scan`].
//!
//! Decides what the listing holds: `.gitignore` files inside the root (at every level, git
//! repository or not) and `<root>/.git/info/exclude` are honoured; no ignore rule from outside the
//! root (no global excludes, no parent `.gitignore`, no `.ignore` files) is read; hidden entries
//! (names starting with `.`) are skipped; symbolic links are never followed and are neither files
//! nor directories of the listing, so nothing outside the root is read. Directories that are never
//! source — `node_modules`, `__pycache__` and any directory holding one of the scanner's
//! `FOREIGN_MARKERS` (`CACHEDIR.TAG`, as cargo's `target/`; `pyvenv.cfg`, a virtual
//! environment) — are pruned here for speed; every other exclusion is a language rule. Names that are
//! not UTF-8 cannot be carried by a snapshot and are skipped. The duration of a scan is measured
//! here ([`TimedScan`]) for the cost mode; the decision itself is the core's.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use crate::blueprint::cell::{ScanOutcome, ScanSource};
use crate::blueprint::scan::{self, ListedFile, ScanOutput, SourceReader, DEFAULT_MAX_FILE_BYTES};
use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::pathclean;

use crate::store::{Fs, RealFs};

/// Directory names pruned from every walk (never source in any language).
pub const PRUNED_DIRS: &[&str] = &["node_modules", "__pycache__"];

/// A reader of repo-relative paths below `root`.
#[derive(Debug, Clone)]
pub struct RootReader {
    root: PathBuf,
}

impl RootReader {
    /// A reader over `root`.
    pub fn new(root: impl Into<PathBuf>) -> RootReader {
        RootReader { root: root.into() }
    }
}

impl SourceReader for RootReader {
    fn read(&self, path: &str) -> Result<Vec<u8>> {
        if path
            .split('/')
            .any(|s| s.is_empty() || s == "." || s == "..")
        {
            return Err(Error::new(
                ErrorKind::InvalidPath,
                format!("{path:?} is not a clean repo-relative path"),
            ));
        }
        RealFs
            .read(&self.root.join(path))
            .map_err(|e| Error::io(format!("reading {path}"), &e))
    }
}

fn io_err(root: &Path, e: &ignore::Error) -> Error {
    Error::new(
        ErrorKind::IoError,
        format!("walking {}: {e}", root.display()),
    )
}

/// Lists the files below `root` (see the module docs for what is skipped), in path order.
pub fn list_repository(root: &Path) -> Result<Vec<ListedFile>> {
    let meta = std::fs::metadata(root).map_err(|e| Error::io(root.display(), &e))?;
    if !meta.is_dir() {
        return Err(Error::new(
            ErrorKind::IoError,
            format!("{} is not a directory", root.display()),
        ));
    }
    let mut walk = ignore::WalkBuilder::new(root);
    walk.standard_filters(false)
        .hidden(true)
        .parents(false)
        .ignore(false)
        .git_ignore(true)
        .git_global(false)
        .git_exclude(true)
        .require_git(false)
        .follow_links(false)
        .filter_entry(|e| {
            if e.depth() == 0 || !e.file_type().is_some_and(|t| t.is_dir()) {
                return true;
            }
            let name = e.file_name().to_str().unwrap_or("");
            !PRUNED_DIRS.contains(&name)
                && !scan::FOREIGN_MARKERS
                    .iter()
                    .any(|m| e.path().join(m).is_file())
        });
    let mut out = Vec::new();
    for entry in walk.build() {
        let entry = match entry {
            Ok(e) => e,
            Err(e) if e.is_io() => return Err(io_err(root, &e)),
            Err(_) => continue, // an unparsable ignore glob: the rest of the file still applies
        };
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue; // directories, symbolic links, sockets, fifos
        }
        let Ok(rel) = entry.path().strip_prefix(root) else {
            continue;
        };
        let Some(rel) = rel.to_str() else { continue };
        let size = entry.metadata().map_err(|e| io_err(root, &e))?.len();
        out.push(ListedFile::new(rel.to_string(), size));
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

/// `blueprint.scan` on the file system: `root` must be absolute (`invalid_path`) and is cleaned;
/// a missing root, a root that is not a directory or an unreadable entry is `io_error`.
pub fn scan_root(root: &str, max_file_bytes: u64) -> Result<ScanOutput> {
    if !root.starts_with('/') {
        return Err(Error::new(
            ErrorKind::InvalidPath,
            format!("`root` {root:?} must be an absolute path"),
        )
        .with_field("root"));
    }
    let root = PathBuf::from(pathclean::clean(root));
    let listing = list_repository(&root)?;
    scan::scan(&listing, &RootReader::new(&root), max_file_bytes)
}

/// A [`ScanSource`] for a [`crate::blueprint::SnapshotCell`]: scans `root` and measures the
/// scan's duration with the monotonic clock, the sample the cell's cost mode is decided from.
#[derive(Debug, Clone)]
pub struct TimedScan {
    root: String,
    max_file_bytes: u64,
}

impl TimedScan {
    /// A source scanning `root` with the default file-size limit.
    pub fn new(root: impl Into<String>) -> Arc<TimedScan> {
        Arc::new(TimedScan {
            root: root.into(),
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
        })
    }
}

impl ScanSource for TimedScan {
    fn scan(&self) -> ScanOutcome {
        let start = Instant::now();
        let result = scan_root(&self.root, self.max_file_bytes)
            .map(|o| o.snapshot)
            .map_err(|e| format!("{}: {}", e.kind(), e.message()));
        ScanOutcome {
            result,
            sample_ms: start.elapsed().as_secs_f64() * 1000.0,
        }
    }
}
