//! `FsStore`: the blueprint's [`Store`] on a real directory (blueprint.md) —
//! the store layout (`blueprint.md` and `revisions/` in `<home>/.4x/blueprints/<project_id>`, the
//! modes of the directories it creates), the blueprint revision rule, and the guarded real-use
//! form that runs the root guard first.
//!
//! Decides where the blueprint's files live and which root may have them; how bytes are published
//! and when a write is a conflict is the generic [`DirCas`]'s, what is written is the blueprint
//! commit's.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::view::RepoFileView;
use crate::blueprint::defaults::{FILE_NAME, REVISIONS_DIR, STORAGE_SUBDIR};
use crate::blueprint::guard::{guard_root, GuardOk};
use crate::blueprint::revisions::revision_retention;
use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::pathclean;
use crate::store::cas::{Store, Version, WriteError};
use crate::store::dir_cas::DirCas;
use crate::store::{visible_entries, Fs, RealFs};

pub use crate::store::dir_cas::LOCK_WAIT;

/// The filesystem [`Store`] of one project's blueprint: a [`DirCas`] of `blueprint.md` and
/// `revisions/` (the newest five kept) in the store directory.
///
/// `write_if` writes a temp file and fsyncs it outside any lock; then takes `flock(LOCK_EX)` on
/// the store directory (waiting at most [`LOCK_WAIT`], then `Conflict`), re-reads and compares
/// the version, and publishes (no-replace `link` when creating, `rename` otherwise) under it;
/// releases; fsyncs the directory (best effort) and sweeps temp files older than one hour. The
/// fold stays outside the lock, so the scheme is still optimistic; readers never lock; the lock
/// leaves nothing on disk and the kernel releases it when its holder dies. Among fourx writers no
/// write can land between the compare and the rename, so an acknowledged write is never lost.
///
/// Caveats: the lock is advisory — a program that ignores it (an editor, a script) can still land
/// between the compare and the rename and be overwritten. Where a directory cannot be locked the
/// write fails with `io_error` instead of publishing unlocked: notably Linux NFS, which emulates
/// `flock` with byte-range locks needing a descriptor open for writing (`EBADF` on a directory),
/// and mounts without a lock daemon (`ENOLCK`). Windows has no directory `flock` (out of scope).
pub struct FsStore {
    fs: Arc<dyn Fs>,
    cas: DirCas,
    home: Option<PathBuf>,
}

impl std::fmt::Debug for FsStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FsStore")
            .field("dir", &self.cas.dir())
            .finish()
    }
}

impl FsStore {
    /// A store in `dir` over `fs`. When `home` is given and `dir` lies below
    /// `<home>/.4x/blueprints`, missing parents are created as the spec says (`.4x` 0755, the
    /// rest 0700); otherwise `dir` is created with 0700.
    pub fn new(fs: Arc<dyn Fs>, dir: impl Into<PathBuf>, home: Option<PathBuf>) -> FsStore {
        let cas = DirCas::new(
            Arc::clone(&fs),
            dir,
            FILE_NAME,
            REVISIONS_DIR,
            revision_retention,
        );
        FsStore { fs, cas, home }
    }

    /// A store in `dir` on the real filesystem.
    pub fn real(dir: impl Into<PathBuf>, home: Option<PathBuf>) -> FsStore {
        FsStore::new(Arc::new(RealFs), dir, home)
    }

    /// The real-use form: runs the root guard for `repo_root` (with `is_git` and the root entries
    /// read from it) against `storage_dir` (default `<home>/.4x/blueprints/<project_id>`), and
    /// returns the store and a file view over `repo_root`. `home` is an input, never looked up.
    pub fn guarded(
        fs: Arc<dyn Fs>,
        home: Option<&str>,
        repo_root: &str,
        storage_dir: Option<&str>,
    ) -> Result<(FsStore, RepoFileView, GuardOk)> {
        if home.is_none_or(str::is_empty) {
            // Guard rule 1 comes before any path rule: no home is `no_home`, never a fallback.
            let none: &[&str] = &[];
            guard_root(repo_root, home, false, none, storage_dir)?;
        }
        if !repo_root.starts_with('/') {
            return Err(Error::new(
                ErrorKind::InvalidPath,
                format!("`repo_root` {repo_root:?} must be absolute"),
            )
            .with_field("repo_root"));
        }
        let root = pathclean::clean(repo_root);
        let entries = visible_entries(fs.as_ref(), Path::new(&root))
            .map_err(|e| Error::io(format!("listing {root}"), &e))?;
        let names: Vec<String> = entries
            .iter()
            .filter_map(|e| e.name_str().map(str::to_string))
            .collect();
        let is_git = names.iter().any(|n| n == ".git");
        let ok = guard_root(&root, home, is_git, &names, storage_dir)?;
        let home_path = home.map(|h| PathBuf::from(pathclean::clean(h)));
        let store = FsStore::new(fs.clone(), ok.storage_root.clone(), home_path);
        let view = RepoFileView::new(fs, ok.root.clone());
        Ok((store, view, ok))
    }

    /// The store directory.
    pub fn dir(&self) -> &Path {
        self.cas.dir()
    }

    /// Creates the parents of a store directory below `<home>/.4x/blueprints` as the spec says
    /// (`.4x` 0755, the rest 0700); the directory itself is the [`DirCas`]'s to create.
    fn ensure_parents(&self) -> io::Result<()> {
        if let Some(home) = &self.home {
            let base = home.join(STORAGE_SUBDIR);
            if self.dir().starts_with(&base) {
                self.fs.create_dir(&home.join(".4x"), 0o755)?;
                self.fs.create_dir(&base, 0o700)?;
            }
        }
        Ok(())
    }
}

impl Store for FsStore {
    fn read(&self) -> io::Result<(Option<Vec<u8>>, Version)> {
        self.cas.read()
    }

    fn write_if(&self, expected: &Version, bytes: &[u8]) -> std::result::Result<(), WriteError> {
        self.ensure_parents().map_err(WriteError::Io)?;
        self.cas.write_if(expected, bytes)
    }

    fn save_revision(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        self.ensure_parents()?;
        self.cas.save_revision(name, bytes)
    }

    fn list_revisions(&self) -> io::Result<Vec<String>> {
        self.cas.list_revisions()
    }
}
