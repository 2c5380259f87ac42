//! The compare-and-swap store of one versioned file plus its revisions: the [`Store`] trait, its
//! [`Version`] token, the [`Retention`] rule a store prunes its revisions by, and the in-memory
//! [`MemoryStore`].
//!
//! Decides the contract every backend keeps: `read` returns bytes and a strong version (SHA-256
//! of the exact bytes), `write_if` publishes only if the version is unchanged, revisions are
//! create-new and pruned by the store's retention rule after each save. What is stored, when, and
//! which revisions a rule keeps are the caller's (the blueprint's commit and GC loops and its
//! revision rule, `blueprint::revisions`).

use std::collections::BTreeMap;
use std::io;
use std::sync::Mutex;

use sha2::{Digest, Sha256};

/// The version of the stored file: absent, or the SHA-256 of its exact bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Version {
    /// No file.
    Absent,
    /// The hash of the bytes read.
    Sha256([u8; 32]),
}

impl Version {
    /// The version of `bytes` (`None` = no file).
    pub fn of(bytes: Option<&[u8]>) -> Version {
        match bytes {
            None => Version::Absent,
            Some(b) => Version::Sha256(Sha256::digest(b).into()),
        }
    }
}

/// Why a conditional write did not happen.
#[derive(Debug)]
pub enum WriteError {
    /// The stored version is not the expected one (or the lock is busy): re-read and replay.
    Conflict,
    /// The backend failed.
    Io(io::Error),
}

impl std::fmt::Display for WriteError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WriteError::Conflict => f.write_str("the stored version changed"),
            WriteError::Io(e) => write!(f, "{e}"),
        }
    }
}

/// A single-file store with optimistic concurrency and a revisions area.
pub trait Store {
    /// The current bytes (`None` = absent) and their version. Never locks.
    fn read(&self) -> io::Result<(Option<Vec<u8>>, Version)>;
    /// Replaces the file with `bytes` only if its version is still `expected`.
    fn write_if(&self, expected: &Version, bytes: &[u8]) -> Result<(), WriteError>;
    /// Saves a revision under `name` (create-new: an existing name is an error), then prunes by
    /// the store's [`Retention`].
    fn save_revision(&self, name: &str, bytes: &[u8]) -> io::Result<()>;
    /// The revision names, sorted.
    fn list_revisions(&self) -> io::Result<Vec<String>>;
}

/// Which revisions a store deletes after a save: given every revision name present (sorted), the
/// names to delete. The rule is the caller's; [`keep_all`] deletes none.
pub type Retention = fn(&[String]) -> Vec<String>;

/// The retention that keeps every revision.
pub fn keep_all(_names: &[String]) -> Vec<String> {
    Vec::new()
}

/// Revisions as `(name, bytes)` in name order.
pub type Revisions = Vec<(String, Vec<u8>)>;

#[derive(Debug, Default)]
struct Inner {
    content: Option<Vec<u8>>,
    revisions: BTreeMap<String, Vec<u8>>,
    interleave: Vec<Option<Vec<u8>>>,
    reads: usize,
    revision_fail: bool,
}

/// An in-memory [`Store`]. Its testing affordances stage another writer (`interleave`: the i-th
/// read is followed by that writer's bytes) and an archive failure (`revision_fail`). It keeps
/// every revision unless given a [`Retention`] ([`MemoryStore::with_retention`]).
#[derive(Debug)]
pub struct MemoryStore {
    inner: Mutex<Inner>,
    retention: Retention,
}

impl Default for MemoryStore {
    fn default() -> Self {
        MemoryStore {
            inner: Mutex::default(),
            retention: keep_all,
        }
    }
}

fn poisoned() -> io::Error {
    io::Error::other("memory store lock poisoned")
}

impl MemoryStore {
    /// A store holding `content` (`None` = absent) and `revisions`.
    pub fn new(
        content: Option<Vec<u8>>,
        revisions: impl IntoIterator<Item = (String, Vec<u8>)>,
    ) -> MemoryStore {
        MemoryStore {
            inner: Mutex::new(Inner {
                content,
                revisions: revisions.into_iter().collect(),
                ..Inner::default()
            }),
            retention: keep_all,
        }
    }

    /// Prunes revisions by `retention` after every save.
    #[must_use]
    pub fn with_retention(mut self, retention: Retention) -> MemoryStore {
        self.retention = retention;
        self
    }

    /// After the i-th read (0-based), another writer stores `interleave[i]` when it is `Some`.
    #[must_use]
    pub fn with_interleave(self, interleave: Vec<Option<Vec<u8>>>) -> MemoryStore {
        if let Ok(mut g) = self.inner.lock() {
            g.interleave = interleave;
        }
        self
    }

    /// Makes every `save_revision` fail.
    #[must_use]
    pub fn with_revision_failure(self, fail: bool) -> MemoryStore {
        if let Ok(mut g) = self.inner.lock() {
            g.revision_fail = fail;
        }
        self
    }

    /// The stored content and the revisions in name order.
    pub fn snapshot(&self) -> (Option<Vec<u8>>, Revisions) {
        match self.inner.lock() {
            Ok(g) => (
                g.content.clone(),
                g.revisions
                    .iter()
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
            ),
            Err(_) => (None, Vec::new()),
        }
    }
}

impl Store for MemoryStore {
    fn read(&self) -> io::Result<(Option<Vec<u8>>, Version)> {
        let mut g = self.inner.lock().map_err(|_| poisoned())?;
        let bytes = g.content.clone();
        let i = g.reads;
        g.reads += 1;
        if let Some(Some(other)) = g.interleave.get(i).cloned() {
            g.content = Some(other);
        }
        let v = Version::of(bytes.as_deref());
        Ok((bytes, v))
    }

    fn write_if(&self, expected: &Version, bytes: &[u8]) -> Result<(), WriteError> {
        let mut g = self.inner.lock().map_err(|_| WriteError::Io(poisoned()))?;
        if Version::of(g.content.as_deref()) != *expected {
            return Err(WriteError::Conflict);
        }
        g.content = Some(bytes.to_vec());
        Ok(())
    }

    fn save_revision(&self, name: &str, bytes: &[u8]) -> io::Result<()> {
        let mut g = self.inner.lock().map_err(|_| poisoned())?;
        if g.revision_fail {
            return Err(io::Error::other(
                "revision store refuses writes (revision_fail)",
            ));
        }
        if g.revisions.contains_key(name) {
            return Err(io::Error::new(
                io::ErrorKind::AlreadyExists,
                format!("revision {name} exists"),
            ));
        }
        g.revisions.insert(name.to_string(), bytes.to_vec());
        let names: Vec<String> = g.revisions.keys().cloned().collect();
        for victim in (self.retention)(&names) {
            g.revisions.remove(&victim);
        }
        Ok(())
    }

    fn list_revisions(&self) -> io::Result<Vec<String>> {
        let g = self.inner.lock().map_err(|_| poisoned())?;
        Ok(g.revisions.keys().cloned().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn write_if_is_refused_when_the_version_moved() {
        let s = MemoryStore::new(None, []);
        let (_, v) = s.read().unwrap();
        assert_eq!(v, Version::Absent);
        s.write_if(&v, b"a").unwrap();
        assert!(matches!(s.write_if(&v, b"b"), Err(WriteError::Conflict)));
        let (bytes, v2) = s.read().unwrap();
        assert_eq!(bytes.as_deref(), Some(&b"a"[..]));
        s.write_if(&v2, b"b").unwrap();
    }

    #[test]
    fn revisions_are_create_new_and_pruned_by_the_retention_rule() {
        fn keep_two(names: &[String]) -> Vec<String> {
            names[..names.len().saturating_sub(2)].to_vec()
        }
        let all = MemoryStore::new(None, []);
        let two = MemoryStore::new(None, []).with_retention(keep_two);
        for d in 1..=4 {
            let name = format!("r{d}");
            all.save_revision(&name, b"x").unwrap();
            two.save_revision(&name, b"x").unwrap();
        }
        assert_eq!(all.list_revisions().unwrap().len(), 4);
        assert_eq!(two.list_revisions().unwrap(), vec!["r3", "r4"]);
        assert!(two.save_revision("r4", b"y").is_err());
    }
}
