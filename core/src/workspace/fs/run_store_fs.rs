//! [`FsRunStore`]: the [`RunStore`] on the `.4x` layout — the embedded default, byte-compatible
//! with the Go tools: `state.json`, `events.jsonl` and `stop` in FeatureDir(id) exactly as
//! [`WorkspaceFs`] writes them, plus `lease.json` there once a feature is claimed.
//!
//! Decides how the run-state contract maps onto files: every conditional step (replace, fenced
//! append, claim) runs under the feature directory's advisory `flock`, so among fourx writers on
//! one machine the compare and the publish are one step. The lease clock is an input (the
//! `clock` given at construction, milliseconds since the epoch), never read here. Like the
//! blueprint's filesystem store, a directory that cannot be locked (NFS) is `io_error`: shared
//! run state across machines is the database backend's.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;

use serde_json::{json, Value};

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::layout::{EVENTS_FILE, ROUNDS_DIR, STATE_FILE};
use crate::store::cas::Version;
use crate::store::dir_cas::LOCK_WAIT;
use crate::store::{append_record, atomic_write, temp_name, DirLock, FileKind};
use crate::workspace::feature_id::FeatureId;
use crate::workspace::fs::workspace_fs::DIR_MODE;
use crate::workspace::fs::workspace_fs::{os_error, WorkspaceFs, FILE_MODE, JSON_DOC_LIMIT};
use crate::workspace::run_store::{
    check_event_line, check_holder, check_record, check_ttl, holds_already, lease_lost, torn,
    Claim, Copied, EventFeed, EventSink, FenceToken, Lease, Replaced, RunStore, MAX_COPY_LINE,
};

/// The lease file of a claimed feature, in FeatureDir(id): `{"holder","token","expires_at_ms"}`.
pub const LEASE_FILE: &str = "lease.json";

/// A clock in milliseconds since the Unix epoch — an input of the filesystem run-state store.
pub type Clock = Arc<dyn Fn() -> u64 + Send + Sync>;

/// The run-state store on a workspace's `.4x` directory.
#[derive(Clone)]
pub struct FsRunStore {
    ws: WorkspaceFs,
    clock: Clock,
}

impl std::fmt::Debug for FsRunStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FsRunStore")
            .field("ws", &self.ws)
            .finish_non_exhaustive()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct StoredLease {
    holder: String,
    token: u64,
    expires_at_ms: u64,
}

impl FsRunStore {
    /// The store over `ws`, measuring leases by `clock`.
    pub fn new(ws: WorkspaceFs, clock: Clock) -> FsRunStore {
        FsRunStore { ws, clock }
    }

    /// The workspace written through.
    pub fn workspace(&self) -> &WorkspaceFs {
        &self.ws
    }

    fn lock(&self, id: &FeatureId) -> Result<(PathBuf, DirLock)> {
        let dir = self.ws.init_feature_dir(id)?;
        let lock = self
            .ws
            .fs()
            .lock_dir(&dir, LOCK_WAIT)
            .map_err(|e| Error::io(format!("lock feature directory {}", dir.display()), &e))?;
        Ok((dir, lock))
    }

    fn read_lease(&self, dir: &std::path::Path) -> Result<Option<StoredLease>> {
        let path = dir.join(LEASE_FILE);
        let bytes = match self.ws.fs().read_limited(&path, JSON_DOC_LIMIT) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(Error::io(format!("read {}", path.display()), &e)),
        };
        let v: Value = serde_json::from_slice(&bytes)
            .map_err(|e| Error::new(ErrorKind::InvalidJson, format!("{}: {e}", path.display())))?;
        let field = |k: &str| v.get(k).cloned().unwrap_or(Value::Null);
        match (field("holder"), field("token"), field("expires_at_ms")) {
            (Value::String(holder), Value::Number(t), Value::Number(x)) => Ok(Some(StoredLease {
                holder,
                token: t.as_u64().unwrap_or(0),
                expires_at_ms: x.as_u64().unwrap_or(0),
            })),
            _ => Err(Error::new(
                ErrorKind::InvalidJson,
                format!("{} lacks holder/token/expires_at_ms", path.display()),
            )),
        }
    }

    fn write_lease(&self, dir: &std::path::Path, l: &StoredLease) -> Result<()> {
        let doc = json!({"holder": l.holder, "token": l.token, "expires_at_ms": l.expires_at_ms});
        atomic_write(
            self.ws.fs(),
            dir,
            LEASE_FILE,
            doc.to_string().as_bytes(),
            FILE_MODE,
        )
    }

    /// Under the feature lock: `lease` must be the stored one and unexpired.
    fn check_fence(&self, dir: &std::path::Path, lease: &Lease) -> Result<()> {
        match self.read_lease(dir)? {
            Some(s) if s.token == lease.token.0 && s.holder == lease.holder => {
                if (self.clock)() < s.expires_at_ms {
                    Ok(())
                } else {
                    Err(lease_lost(lease, "expired"))
                }
            }
            Some(_) => Err(lease_lost(lease, "superseded by a newer claim")),
            None => Err(lease_lost(lease, "not on record")),
        }
    }

    /// Under the feature lock: the copied feature staged beside its final files and published
    /// by rename (events, then state, then stop); a failure before the last publish removes
    /// what was staged or published, so nothing of the copy stays.
    fn put_locked(
        &self,
        dir: &std::path::Path,
        id: &FeatureId,
        state: Option<&[u8]>,
        events: EventFeed<'_>,
        stop: bool,
    ) -> Result<Copied> {
        let fs = self.ws.fs();
        let events_path = dir.join(EVENTS_FILE);
        let has_events = match fs.stat(&events_path, false) {
            Ok(st) => st.size > 0,
            Err(e) if e.kind() == io::ErrorKind::NotFound => false,
            Err(e) => return Err(Error::io(format!("stat {}", events_path.display()), &e)),
        };
        if has_events || self.read_state_at(dir)?.is_some() {
            return Err(holds_already(id));
        }
        if let Some(bytes) = state {
            check_record("state document", bytes)?;
        }
        let staged = dir.join(temp_name(EVENTS_FILE));
        let fed = self.stage_events(&staged, id, events);
        let lines = match fed {
            Ok(n) => n,
            Err(e) => {
                let _ = fs.remove_file(&staged);
                return Err(e);
            }
        };
        let mut copied = Copied {
            events: lines,
            ..Copied::default()
        };
        if lines > 0 {
            if let Err(e) = fs.rename(&staged, &events_path) {
                let _ = fs.remove_file(&staged);
                return Err(Error::io(format!("publish {}", events_path.display()), &e));
            }
        } else {
            let _ = fs.remove_file(&staged);
        }
        let published = (|| -> Result<()> {
            if let Some(bytes) = state {
                atomic_write(fs, dir, STATE_FILE, bytes, FILE_MODE)?;
                copied.state = true;
            }
            if stop {
                self.ws.request_stop(id)?;
                copied.stop = true;
            }
            Ok(())
        })();
        if let Err(e) = published {
            if lines > 0 {
                let _ = fs.remove_file(&events_path);
            }
            if copied.state {
                let _ = fs.remove_file(&dir.join(STATE_FILE));
            }
            return Err(e);
        }
        Ok(copied)
    }

    /// Streams the log into the new file `path` (fsynced); returns its line count. A torn or
    /// over-long last line is `invalid_input`.
    fn stage_events(
        &self,
        path: &std::path::Path,
        id: &FeatureId,
        events: EventFeed<'_>,
    ) -> Result<u64> {
        let fs = self.ws.fs();
        let context = || format!("write {}", path.display());
        let mut file = fs
            .create_exclusive(path, FILE_MODE)
            .map_err(|e| os_error(context(), &e))?;
        let (mut lines, mut open, mut last) = (0u64, 0usize, b'\n');
        events(&mut |chunk| {
            for part in chunk.split_inclusive(|&b| b == b'\n') {
                open += part.len();
                if open > MAX_COPY_LINE {
                    return Err(Error::invalid_input(format!(
                        "line {} of the events of {id} is longer than {MAX_COPY_LINE} bytes; nothing of {id} was copied",
                        lines + 1
                    )));
                }
                if part.ends_with(b"\n") {
                    lines += 1;
                    open = 0;
                }
            }
            if let Some(&b) = chunk.last() {
                last = b;
            }
            fs.write(&mut file, chunk)
                .map_err(|e| os_error(context(), &e))
        })?;
        if last != b'\n' {
            return Err(torn(id));
        }
        fs.sync(&file).map_err(|e| os_error(context(), &e))?;
        Ok(lines)
    }

    fn read_state_at(&self, dir: &std::path::Path) -> Result<Option<Vec<u8>>> {
        let path = dir.join(STATE_FILE);
        match self.ws.fs().read_limited(&path, JSON_DOC_LIMIT) {
            Ok(b) => Ok(Some(b)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(os_error(format!("read {}", path.display()), &e)),
        }
    }
}

impl RunStore for FsRunStore {
    fn read_state(&self, id: &FeatureId) -> Result<Option<(Vec<u8>, Version)>> {
        Ok(self.read_state_at(&self.ws.feature_dir(id))?.map(|b| {
            let v = Version::of(Some(&b));
            (b, v)
        }))
    }

    fn replace_state(
        &self,
        id: &FeatureId,
        expected: &Version,
        bytes: &[u8],
        fence: Option<&Lease>,
    ) -> Result<Replaced> {
        check_record("state document", bytes)?;
        let (dir, _lock) = self.lock(id)?;
        if let Some(lease) = fence {
            self.check_fence(&dir, lease)?;
        }
        let current = Version::of(self.read_state_at(&dir)?.as_deref());
        if current != *expected {
            return Ok(Replaced::Conflict);
        }
        atomic_write(self.ws.fs(), &dir, STATE_FILE, bytes, FILE_MODE)?;
        Ok(Replaced::Done(Version::of(Some(bytes))))
    }

    fn append_event(&self, id: &FeatureId, line: &[u8], fence: Option<&Lease>) -> Result<u64> {
        check_event_line(line)?;
        let (dir, _lock) = self.lock(id)?;
        if let Some(lease) = fence {
            self.check_fence(&dir, lease)?;
        }
        let before = self.read_events(id)?;
        let path = dir.join(EVENTS_FILE);
        append_record(self.ws.fs(), &path, line, FILE_MODE)
            .map_err(|e| os_error(format!("append to {}", path.display()), &e))?;
        Ok(before.iter().filter(|&&b| b == b'\n').count() as u64 + 1)
    }

    fn read_events(&self, id: &FeatureId) -> Result<Vec<u8>> {
        let path = self.ws.feature_dir(id).join(EVENTS_FILE);
        match self.ws.fs().read(&path) {
            Ok(b) => Ok(b),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(e) => Err(Error::io(format!("read {}", path.display()), &e)),
        }
    }

    fn scan_events(&self, id: &FeatureId, sink: EventSink<'_>) -> Result<()> {
        let path = self.ws.feature_dir(id).join(EVENTS_FILE);
        let mut failed = None;
        let read = self.ws.fs().read_chunks(&path, &mut |chunk| {
            if failed.is_none() {
                failed = sink(chunk).err();
            }
        });
        if let Some(e) = failed {
            return Err(e);
        }
        match read {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(Error::io(format!("read {}", path.display()), &e)),
        }
    }

    /// The feature directory's name must be one the filesystem can hold: the run directory is
    /// made when missing, then the name is looked up in it — a name over the filesystem's limit
    /// (or one it refuses otherwise) is `invalid_feature_id`, before anything is written.
    fn check_feature_id(&self, id: &FeatureId) -> Result<()> {
        let run = PathBuf::from(self.ws.root().run_dir());
        self.ws
            .fs()
            .create_dir(&run, DIR_MODE)
            .map_err(|e| Error::io(format!("create {}", run.display()), &e))?;
        match self.ws.fs().stat(&self.ws.feature_dir(id), false) {
            Ok(_) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(Error::new(
                ErrorKind::InvalidFeatureId,
                format!("this filesystem cannot hold feature id {id:?} as a directory name under {}: {e}", run.display()),
            )
            .with_field("feature_id")),
        }
    }

    fn put_feature(
        &self,
        id: &FeatureId,
        state: Option<&[u8]>,
        events: EventFeed<'_>,
        stop: bool,
    ) -> Result<Copied> {
        self.check_feature_id(id)?;
        let fs = self.ws.fs();
        let existed = fs.stat(&self.ws.feature_dir(id), false).is_ok();
        let (dir, lock) = self.lock(id)?;
        let put = self.put_locked(&dir, id, state, events, stop);
        if put.is_err() && !existed {
            // The directory this copy made (and its empty `rounds/`): gone with the copy.
            let rounds = dir.join(ROUNDS_DIR);
            if fs.list(&rounds).is_ok_and(|e| e.is_empty()) {
                let _ = fs.remove_dir_all(&rounds);
            }
            drop(lock);
            if fs.list(&dir).is_ok_and(|e| e.is_empty()) {
                let _ = fs.remove_dir_all(&dir);
            }
        }
        put
    }

    fn request_stop(&self, id: &FeatureId) -> Result<()> {
        self.ws.init_feature_dir(id)?;
        self.ws.request_stop(id)
    }

    fn stop_requested(&self, id: &FeatureId) -> Result<bool> {
        Ok(self.ws.stop_requested(id))
    }

    fn clear_stop(&self, id: &FeatureId) -> Result<()> {
        self.ws.clear_stop(id)
    }

    fn claim(&self, id: &FeatureId, holder: &str, ttl_ms: u64) -> Result<Claim> {
        let holder = check_holder(holder)?;
        let ttl_ms = check_ttl(ttl_ms)?;
        let (dir, _lock) = self.lock(id)?;
        let now = (self.clock)();
        let stored = self.read_lease(&dir)?;
        let token = match &stored {
            Some(s) if now < s.expires_at_ms && s.holder != holder => {
                return Ok(Claim::Held {
                    holder: s.holder.clone(),
                    expires_in_ms: s.expires_at_ms - now,
                })
            }
            Some(s) if now < s.expires_at_ms => s.token,
            Some(s) => s.token + 1,
            None => 1,
        };
        let next = StoredLease {
            holder: holder.to_string(),
            token,
            expires_at_ms: now.saturating_add(ttl_ms),
        };
        self.write_lease(&dir, &next)?;
        Ok(Claim::Granted(Lease {
            feature: id.clone(),
            holder: next.holder,
            token: FenceToken(token),
            ttl_ms,
        }))
    }

    fn release(&self, lease: &Lease) -> Result<()> {
        let (dir, _lock) = self.lock(&lease.feature)?;
        self.check_fence(&dir, lease)?;
        // The record stays (with its token) so the next claim's token is still greater.
        let released = StoredLease {
            holder: lease.holder.clone(),
            token: lease.token.0,
            expires_at_ms: 0,
        };
        self.write_lease(&dir, &released)
    }

    fn features(&self) -> Result<Vec<FeatureId>> {
        let dir = PathBuf::from(self.ws.root().run_dir());
        let entries = match self.ws.fs().list(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(Error::io(format!("list {}", dir.display()), &e)),
        };
        let mut ids: Vec<FeatureId> = entries
            .iter()
            .filter(|e| e.kind == FileKind::Dir)
            .filter_map(|e| e.name_str())
            .filter_map(|n| FeatureId::new(n).ok())
            .collect();
        ids.sort_by(|a, b| a.as_str().cmp(b.as_str()));
        Ok(ids)
    }
}
