//! A directory compare-and-swap: one versioned file plus a revisions directory in one directory,
//! published under an advisory directory `flock` ([`DirCas`], a [`Store`]).
//!
//! Decides how bytes are published and when a write is a conflict (stage and fsync a temp file
//! outside the lock, compare and publish under it, sweep stale temp files). The file and revisions
//! names, the retention rule and where the directory lives are the caller's (the blueprint's
//! `blueprint::fs::FsStore`); the protocol and its caveats (NFS) are documented on [`DirCas`].

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use super::cas::{Retention, Store, Version, WriteError};
use super::{
    atomic_write_with, remove_stale_temp_files, temp_name, visible_entries, FileKind, Fs, Publish,
    Published,
};

/// How long `write_if` waits for the directory lock before reporting `Conflict`.
pub const LOCK_WAIT: Duration = Duration::from_secs(1);

/// A [`Store`] in one directory: the file `<dir>/<file_name>` and revisions in
/// `<dir>/<revisions_dir>/`, pruned by a [`Retention`] after each save.
///
/// `write_if` writes a temp file and fsyncs it outside any lock; then takes `flock(LOCK_EX)` on
/// the directory (waiting at most [`LOCK_WAIT`], then `Conflict`), re-reads and compares
/// the version, and publishes (no-replace `link` when creating, `rename` otherwise) under it;
/// releases; fsyncs the directory (best effort) and sweeps temp files older than one hour. The
/// caller's work (a fold) stays outside the lock, so the scheme is still optimistic; readers never
/// lock; the lock leaves nothing on disk and the kernel releases it when its holder dies. Among
/// writers that use it no write can land between the compare and the rename, so an acknowledged
/// write is never lost.
///
/// Caveats: the lock is advisory — a program that ignores it (an editor, a script) can still land
/// between the compare and the rename and be overwritten. Where a directory cannot be locked the
/// write fails with an I/O error instead of publishing unlocked: notably Linux NFS, which emulates
/// `flock` with byte-range locks needing a descriptor open for writing (`EBADF` on a directory),
/// and mounts without a lock daemon (`ENOLCK`). Windows has no directory `flock` (out of scope).
pub struct DirCas {
    fs: Arc<dyn Fs>,
    dir: PathBuf,
    file_name: String,
    revisions_dir: String,
    retention: Retention,
}

impl std::fmt::Debug for DirCas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DirCas")
            .field("dir", &self.dir)
            .field("file_name", &self.file_name)
            .finish()
    }
}

impl DirCas {
    /// A store of `file_name` and the revisions in `revisions_dir`, both inside `dir`, over `fs`.
    /// The directory is created (0700) on the first write if missing; its parents must exist.
    pub fn new(
        fs: Arc<dyn Fs>,
        dir: impl Into<PathBuf>,
        file_name: &str,
        revisions_dir: &str,
        retention: Retention,
    ) -> DirCas {
        DirCas {
            fs,
            dir: dir.into(),
            file_name: file_name.to_string(),
            revisions_dir: revisions_dir.to_string(),
            retention,
        }
    }

    /// The store directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn file(&self) -> PathBuf {
        self.dir.join(&self.file_name)
    }

    fn revisions(&self) -> PathBuf {
        self.dir.join(&self.revisions_dir)
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
        let tmp = self.dir.join(temp_name(&self.file_name));
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

impl Store for DirCas {
    fn read(&self) -> io::Result<(Option<Vec<u8>>, Version)> {
        self.read_version()
    }

    fn write_if(&self, expected: &Version, bytes: &[u8]) -> std::result::Result<(), WriteError> {
        self.fs
            .create_dir(&self.dir, 0o700)
            .map_err(WriteError::Io)?;
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
        self.fs.create_dir(&self.dir, 0o700)?;
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
            Err(e) => return Err(io::Error::other(e.message)),
        }
        let names = self.list_revisions()?;
        for victim in (self.retention)(&names) {
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
