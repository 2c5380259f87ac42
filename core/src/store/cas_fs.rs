//! `FsStore`: the blueprint's [`Store`] on a real directory — a true compare-and-swap under an
//! advisory directory `flock` (blueprint.md §12.1, §13; 002 §7) — plus the guarded fs form of the
//! `blueprint.commit` / `blueprint.gc` ops and the repository file view for anchors.
//!
//! Decides how bytes are published and when a write is a conflict; what is written is the
//! blueprint commit's business. The protocol and its caveats (NFS) are documented on [`FsStore`].

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use serde_json::{Map, Value};

use crate::blueprint::anchors::{FileState, FileView};
use crate::blueprint::defaults::{FILE_NAME, REVISIONS_DIR, STORAGE_SUBDIR};
use crate::blueprint::guard::{guard_root, GuardOk};
use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::pathclean;

use super::cas::{prune_victims, Store, Version, WriteError};
use super::{
    atomic_write_with, remove_stale_temp_files, temp_name, visible_entries, FileKind, Fs, Publish,
    Published, RealFs,
};

/// How long `write_if` waits for the directory lock before reporting `Conflict`.
pub const LOCK_WAIT: Duration = Duration::from_secs(1);

/// The filesystem [`Store`] of one project's blueprint.
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
    dir: PathBuf,
    home: Option<PathBuf>,
}

impl std::fmt::Debug for FsStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FsStore").field("dir", &self.dir).finish()
    }
}

fn other(e: Error) -> io::Error {
    io::Error::other(e.message)
}

impl FsStore {
    /// A store in `dir` over `fs`. When `home` is given and `dir` lies below
    /// `<home>/.4x/blueprints`, missing parents are created as the spec says (`.4x` 0755, the
    /// rest 0700); otherwise `dir` is created with 0700.
    pub fn new(fs: Arc<dyn Fs>, dir: impl Into<PathBuf>, home: Option<PathBuf>) -> FsStore {
        FsStore {
            fs,
            dir: dir.into(),
            home,
        }
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
        &self.dir
    }

    fn file(&self) -> PathBuf {
        self.dir.join(FILE_NAME)
    }

    fn revisions(&self) -> PathBuf {
        self.dir.join(REVISIONS_DIR)
    }

    fn ensure_dir(&self) -> io::Result<()> {
        if let Some(home) = &self.home {
            let base = home.join(STORAGE_SUBDIR);
            if self.dir.starts_with(&base) {
                self.fs.create_dir(&home.join(".4x"), 0o755)?;
                self.fs.create_dir(&base, 0o700)?;
            }
        }
        self.fs.create_dir(&self.dir, 0o700)
    }

    fn read_version(&self) -> io::Result<(Option<Vec<u8>>, Version)> {
        match self.fs.read(&self.file()) {
            Ok(b) => {
                let v = Version::of(Some(&b));
                Ok((Some(b), v))
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok((None, Version::Absent)),
            Err(e) => Err(e),
        }
    }

    /// Writes `bytes` to a fresh temp file in the store directory and fsyncs it.
    fn stage(&self, bytes: &[u8]) -> io::Result<PathBuf> {
        let tmp = self.dir.join(temp_name(FILE_NAME));
        let mut f = self.fs.create_exclusive(&tmp, 0o600)?;
        let staged = self
            .fs
            .write(&mut f, bytes)
            .and_then(|()| self.fs.set_mode(&f, 0o600))
            .and_then(|()| self.fs.sync(&f));
        drop(f);
        if let Err(e) = staged {
            let _ = self.fs.remove_file(&tmp);
            return Err(e);
        }
        Ok(tmp)
    }

    /// Compare and publish under the directory lock; the temp file is gone afterwards unless it
    /// was renamed into place.
    fn publish_locked(
        &self,
        expected: &Version,
        tmp: &Path,
    ) -> std::result::Result<(), WriteError> {
        let lock = match self.fs.lock_dir(&self.dir, LOCK_WAIT) {
            Ok(l) => l,
            Err(e) if e.kind() == io::ErrorKind::TimedOut => return Err(WriteError::Conflict),
            Err(e) => return Err(WriteError::Io(e)),
        };
        let (_, current) = self.read_version().map_err(WriteError::Io)?;
        if current != *expected {
            drop(lock);
            return Err(WriteError::Conflict);
        }
        let target = self.file();
        let published = match expected {
            Version::Absent => match self.fs.hard_link(tmp, &target) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(WriteError::Conflict),
                Err(e) => Err(WriteError::Io(e)),
            },
            Version::Sha256(_) => self.fs.rename(tmp, &target).map_err(WriteError::Io),
        };
        drop(lock);
        published
    }
}

impl Store for FsStore {
    fn read(&self) -> io::Result<(Option<Vec<u8>>, Version)> {
        self.read_version()
    }

    fn write_if(&self, expected: &Version, bytes: &[u8]) -> std::result::Result<(), WriteError> {
        self.ensure_dir().map_err(WriteError::Io)?;
        let tmp = self.stage(bytes).map_err(WriteError::Io)?;
        let outcome = self.publish_locked(expected, &tmp);
        // After a link (create) or any failure the temp file is still there; after a rename it
        // is gone and removing it fails harmlessly.
        let _ = self.fs.remove_file(&tmp);
        if outcome.is_ok() {
            let _ = self.fs.sync_dir(&self.dir);
        }
        remove_stale_temp_files(self.fs.as_ref(), &self.dir, SystemTime::now());
        outcome
    }

    fn save_revision(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        self.ensure_dir()?;
        let dir = self.revisions();
        self.fs.create_dir(&dir, 0o700)?;
        match atomic_write_with(
            self.fs.as_ref(),
            &dir,
            name,
            bytes,
            0o600,
            Publish::NoReplace,
        ) {
            Ok(Published::Written) => {}
            Ok(Published::AlreadyExists) => {
                return Err(io::Error::new(
                    io::ErrorKind::AlreadyExists,
                    format!("revision {name} already exists"),
                ))
            }
            Err(e) => return Err(other(e)),
        }
        let names = self.list_revisions()?;
        for victim in prune_victims(names.iter().map(String::as_str)) {
            match self.fs.remove_file(&dir.join(victim)) {
                // Another writer pruned the same old revision first: the prune is done.
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
        Ok(())
    }

    fn list_revisions(&self) -> io::Result<Vec<String>> {
        match visible_entries(self.fs.as_ref(), &self.revisions()) {
            Ok(entries) => Ok(entries
                .into_iter()
                .filter(|e| e.kind == FileKind::File)
                .filter_map(|e| e.name_str().map(str::to_string))
                .collect()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(e) => Err(e),
        }
    }
}

/// Anchor reads under a repository root: repo-relative paths only, never through a symbolic
/// link, never outside the root.
pub struct RepoFileView {
    fs: Arc<dyn Fs>,
    root: PathBuf,
}

impl RepoFileView {
    /// A view of the files below `root`.
    pub fn new(fs: Arc<dyn Fs>, root: impl Into<PathBuf>) -> RepoFileView {
        RepoFileView {
            fs,
            root: root.into(),
        }
    }
}

impl FileView for RepoFileView {
    fn read(&self, rel: &str) -> FileState {
        let segs: Vec<&str> = rel.split('/').collect();
        if rel.is_empty()
            || segs
                .iter()
                .any(|s| s.is_empty() || *s == "." || *s == ".." || s.contains('\0'))
        {
            return FileState::Missing;
        }
        let mut path = self.root.clone();
        for (i, seg) in segs.iter().enumerate() {
            path.push(seg);
            match self.fs.stat(&path, false) {
                Ok(st) if st.kind == FileKind::Symlink => return FileState::Unreadable,
                Ok(st) if i + 1 < segs.len() && st.kind != FileKind::Dir => {
                    return FileState::Missing
                }
                Ok(st) if i + 1 == segs.len() && st.kind != FileKind::File => {
                    return FileState::Missing
                }
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => return FileState::Missing,
                Err(_) => return FileState::Unreadable,
            }
        }
        // Bounded like the scanner: an anchor file over its size limit is unverifiable.
        match self
            .fs
            .read_limited(&path, crate::blueprint::scan::DEFAULT_MAX_FILE_BYTES)
        {
            Ok(b) => FileState::Present(Arc::from(String::from_utf8_lossy(&b).as_ref())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => FileState::Missing,
            Err(_) => FileState::Unreadable,
        }
    }
}

fn abs_arg(map: &Map<String, Value>, key: &str) -> Result<String> {
    let v = map.get(key).and_then(Value::as_str).ok_or_else(|| {
        Error::invalid_input(format!("`{key}` is required for the fs store")).with_field(key)
    })?;
    if !v.starts_with('/') {
        return Err(Error::new(
            ErrorKind::InvalidPath,
            format!("`{key}` {v:?} must be absolute"),
        )
        .with_field(key));
    }
    Ok(pathclean::clean(v))
}

/// The fs form of `blueprint.commit` / `blueprint.gc`: reads `store.dir`, `home` and `repo_root`
/// from the op input, runs the root guard with `is_git` and the root entries read from
/// `repo_root`, and hands `f` the store and a file view over `repo_root`.
pub fn with_guarded_store(
    map: &Map<String, Value>,
    f: impl FnOnce(&dyn Store, Option<&dyn FileView>) -> Result<Value>,
) -> Result<Value> {
    let store = map
        .get("store")
        .and_then(Value::as_object)
        .ok_or_else(|| Error::invalid_input("`store` must be an object").with_field("store"))?;
    match store.get("kind").and_then(Value::as_str) {
        Some("fs") => {}
        other => {
            return Err(Error::invalid_input(format!(
                "store kind {other:?} is unknown; use \"memory\" or \"fs\""
            ))
            .with_field("store"))
        }
    }
    let home = match map.get("home") {
        None | Some(Value::Null) => None,
        Some(Value::String(h)) => Some(h.as_str()),
        Some(_) => return Err(Error::invalid_input("`home` must be a string").with_field("home")),
    };
    if home.is_none_or(str::is_empty) {
        let none: &[&str] = &[];
        guard_root("/", home, false, none, None)?;
    }
    let dir = abs_arg(store, "dir").map_err(|e| e.with_field("store"))?;
    let repo_root = map
        .get("repo_root")
        .and_then(Value::as_str)
        .ok_or_else(|| {
            Error::invalid_input("`repo_root` is required for the fs store").with_field("repo_root")
        })?;
    let (store, view, _) = FsStore::guarded(Arc::new(RealFs), home, repo_root, Some(&dir))?;
    f(&store, Some(&view))
}
