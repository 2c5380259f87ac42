//! [`WorkspaceFs`]: the `.4x` layout on a filesystem (workspace.md) over
//! [`crate::store::Fs`].
//!
//! It decides where each file lives, which writes are atomic (state.json, stop) and which are
//! appends (events.jsonl), and how OS failures are reported (`not_found` vs `io_error`). The
//! rules applied to the data (stamping, reconciling, scanning) come from the pure modules.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::error::{Error, ErrorKind, Result};
use crate::machine;
use crate::protocol::codec::pathclean;
use crate::protocol::codec::time::Timestamp;
use crate::protocol::layout::{DIR_NAME, EVENTS_FILE, ROUNDS_DIR, STATE_FILE, STOP_FILE};
use crate::protocol::state::{Event, State};
use crate::store::{self, append_record, atomic_write, FileKind, Fs, RealFs};
use crate::workspace::events;
use crate::workspace::feature_id::FeatureId;
use crate::workspace::fs::liveness::Liveness;
use crate::workspace::paths::Root;
use crate::workspace::render::{render_event, render_state};
use crate::workspace::resolve::resolve_feature_id;

/// Mode of directories the workspace creates (subject to the umask).
pub const DIR_MODE: u32 = 0o755;
/// Mode of files the workspace writes.
pub const FILE_MODE: u32 = 0o644;
/// The most bytes read from a JSON document of the workspace (state.json, settings.json, the
/// per-user settings): over it is `io_error`, before any byte is parsed.
pub const JSON_DOC_LIMIT: u64 = 4 << 20;
/// The bytes of the stop signal file.
pub const STOP_BYTES: &[u8] = b"mcp-stop\n";

/// An OS error with context: "does not exist" → `not_found`, anything else → `io_error`.
pub fn os_error(context: impl std::fmt::Display, e: &io::Error) -> Error {
    if e.kind() == io::ErrorKind::NotFound {
        Error::new(ErrorKind::NotFound, format!("{context}: {e}"))
    } else {
        Error::io(context, e)
    }
}

/// A `.4x` workspace rooted at a directory, reached through an [`Fs`].
#[derive(Clone)]
pub struct WorkspaceFs {
    root: Root,
    fs: Arc<dyn Fs>,
}

impl std::fmt::Debug for WorkspaceFs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorkspaceFs")
            .field("root", &self.root)
            .finish_non_exhaustive()
    }
}

impl WorkspaceFs {
    /// The workspace at `root` (relative roots resolve against the working directory) on the
    /// real filesystem.
    pub fn new(root: &str) -> Result<WorkspaceFs> {
        WorkspaceFs::with_fs(root, Arc::new(RealFs))
    }

    /// The workspace at `root` on `fs`.
    pub fn with_fs(root: &str, fs: Arc<dyn Fs>) -> Result<WorkspaceFs> {
        Ok(WorkspaceFs {
            root: Root::new(root)?,
            fs,
        })
    }

    /// The root.
    pub fn root(&self) -> &Root {
        &self.root
    }

    /// The filesystem this workspace writes through.
    pub fn fs(&self) -> &dyn Fs {
        self.fs.as_ref()
    }

    /// FeatureDir(id) as a path.
    pub fn feature_dir(&self, id: &FeatureId) -> PathBuf {
        PathBuf::from(self.root.feature_dir(id))
    }

    /// `.4x/features` as a path.
    pub fn features_dir(&self) -> PathBuf {
        PathBuf::from(self.root.features_dir())
    }

    /// FeatureDir(id), which must exist as a real directory: missing → `not_found`; a symbolic
    /// link → `io_error` (fourx never writes through a linked feature directory S5).
    pub fn existing_feature_dir(&self, id: &FeatureId) -> Result<PathBuf> {
        let dir = self.feature_dir(id);
        match self.fs.stat(&dir, false) {
            Ok(st) if st.kind == FileKind::Dir => Ok(dir),
            Ok(st) if st.kind == FileKind::Symlink => Err(Error::io(
                format!("feature directory {}", dir.display()),
                &io::Error::other("is a symbolic link; refusing to write through it"),
            )),
            Ok(_) => Err(Error::io(
                format!("feature directory {}", dir.display()),
                &io::Error::other("is not a directory"),
            )),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Err(Error::new(
                ErrorKind::NotFound,
                format!(
                    "no workspace directory for {id} ({}); create it with init_feature_dir",
                    dir.display()
                ),
            )),
            Err(e) => Err(Error::io(format!("stat {}", dir.display()), &e)),
        }
    }

    /// InitFeatureDir: creates FeatureDir(id)`/rounds` with parents (0755). Idempotent.
    /// A FeatureDir that is a symbolic link (or not a directory) is refused with `io_error`
    /// before anything is created: nothing is ever created through a link.
    pub fn init_feature_dir(&self, id: &FeatureId) -> Result<PathBuf> {
        let dir = self.feature_dir(id);
        match self.fs.stat(&dir, false) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => self
                .fs
                .create_dir(&dir, DIR_MODE)
                .map_err(|e| Error::io(format!("create {}", dir.display()), &e))?,
            _ => {}
        }
        let dir = self.existing_feature_dir(id)?;
        let rounds = dir.join(ROUNDS_DIR);
        self.fs
            .create_dir(&rounds, DIR_MODE)
            .map_err(|e| Error::io(format!("create {}", rounds.display()), &e))?;
        Ok(dir)
    }

    /// ReadState: decodes state.json with Go's text rules. Missing → `not_found`;
    /// undecodable → `invalid_json`; other failures → `io_error`. Neither validates nor
    /// reconciles.
    pub fn read_state(&self, id: &FeatureId) -> Result<State> {
        let path = self.feature_dir(id).join(STATE_FILE);
        let bytes = self
            .fs
            .read_limited(&path, JSON_DOC_LIMIT)
            .map_err(|e| os_error(format!("read {}", path.display()), &e))?;
        State::parse_text(&bytes)
    }

    /// WriteState: stamps `updatedAt = now`, clears `subPhase` outside `deep-reviewing`,
    /// and writes state.json atomically (0644, no trailing newline). Returns the state written.
    pub fn write_state(&self, id: &FeatureId, state: &State, now: Timestamp) -> Result<State> {
        let dir = self.existing_feature_dir(id)?;
        let (written, text) = render_state(state, now);
        atomic_write(
            self.fs.as_ref(),
            &dir,
            STATE_FILE,
            text.as_bytes(),
            FILE_MODE,
        )?;
        Ok(written)
    }

    /// AppendEvent: stamps an empty `ts` from `now` (UTC, whole seconds) and appends the
    /// compact line plus `\n` in one write. FeatureDir must exist. Returns the event written.
    pub fn append_event(&self, id: &FeatureId, event: &Event, now: Timestamp) -> Result<Event> {
        let dir = self.existing_feature_dir(id)?;
        let (written, mut line) = render_event(event, now);
        line.push('\n');
        let path = dir.join(EVENTS_FILE);
        append_record(self.fs.as_ref(), &path, line.as_bytes(), FILE_MODE)
            .map_err(|e| os_error(format!("append to {}", path.display()), &e))?;
        Ok(written)
    }

    /// RequestStop: atomically writes FeatureDir(id)`/stop` = `mcp-stop\n`. Never touches
    /// state.json.
    pub fn request_stop(&self, id: &FeatureId) -> Result<()> {
        let dir = self.existing_feature_dir(id)?;
        atomic_write(self.fs.as_ref(), &dir, STOP_FILE, STOP_BYTES, FILE_MODE)
    }

    /// StopRequested: whether an entry named `stop` exists (links followed; any stat error
    /// → false).
    pub fn stop_requested(&self, id: &FeatureId) -> bool {
        self.fs
            .stat(&self.feature_dir(id).join(STOP_FILE), true)
            .is_ok()
    }

    /// ClearStopSignal: removes `stop`; "does not exist" (the file or FeatureDir) is
    /// success. A symbolically linked FeatureDir is refused like a write (`io_error`).
    pub fn clear_stop(&self, id: &FeatureId) -> Result<()> {
        let dir = match self.existing_feature_dir(id) {
            Ok(dir) => dir,
            Err(e) if e.kind == ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        let path = dir.join(STOP_FILE);
        match self.fs.remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(Error::io(format!("remove {}", path.display()), &e)),
        }
    }

    /// ReconcileActive: the given state or state.json, corrected by
    /// [`machine::reconcile_active`] with `liveness`; when it changed, written with WriteState
    /// at `now` and returned as written.
    pub fn reconcile_active(
        &self,
        id: &FeatureId,
        now: Timestamp,
        state: Option<State>,
        liveness: &dyn Liveness,
    ) -> Result<(State, bool)> {
        let state = match state {
            Some(s) => s,
            None => self.read_state(id)?,
        };
        let (fixed, changed) = machine::reconcile_active(&state, |pid| liveness.is_alive(pid));
        if !changed {
            return Ok((fixed, false));
        }
        Ok((self.write_state(id, &fixed, now)?, true))
    }

    /// TotalCost: missing events.jsonl → 0; other read failures → `io_error`. The file is
    /// streamed ([`events::TotalCostScan`]): memory stays flat and no size limit applies to an
    /// append-only log that only grows.
    pub fn total_cost(&self, id: &FeatureId) -> Result<f64> {
        let path = self.feature_dir(id).join(EVENTS_FILE);
        let mut scan = events::TotalCostScan::default();
        match self.fs.read_chunks(&path, &mut |chunk| scan.push(chunk)) {
            Ok(()) => Ok(scan.finish()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(0.0),
            Err(e) => Err(Error::io(format!("read {}", path.display()), &e)),
        }
    }

    /// [`events::check_events`] over a feature's events.jsonl; a missing file has no lines.
    /// Streamed like TotalCost: no size limit applies to the log.
    pub fn check_events(&self, id: &FeatureId) -> Result<events::EventsCheck> {
        let path = self.feature_dir(id).join(EVENTS_FILE);
        let mut scan = events::EventsCheckScan::default();
        match self.fs.read_chunks(&path, &mut |chunk| scan.push(chunk)) {
            Ok(()) => Ok(scan.finish()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(events::EventsCheck::default()),
            Err(e) => Err(Error::io(format!("read {}", path.display()), &e)),
        }
    }

    /// WorktreePath: `""` when nothing matches or the file is missing or unreadable (Go's
    /// reader gives up the same way). Streamed like TotalCost: a log of any length is read to
    /// its last line.
    pub fn worktree_path(&self, id: &FeatureId) -> String {
        let path = self.feature_dir(id).join(EVENTS_FILE);
        let mut scan = events::WorktreeScan::default();
        match self.fs.read_chunks(&path, &mut |chunk| scan.push(chunk)) {
            Ok(()) => scan.finish(),
            Err(_) => String::new(),
        }
    }

    /// ResolveFeatureID over the non-directory entries of `.4x/features`.
    pub fn resolve_feature_id(&self, prefix: &str) -> Result<String> {
        let dir = self.features_dir();
        let entries = self
            .fs
            .list(&dir)
            .map_err(|e| Error::io("read features dir", &e))?;
        let names: Vec<&str> = entries
            .iter()
            .filter(|e| e.kind != FileKind::Dir)
            .filter_map(|e| e.name_str())
            .collect();
        resolve_feature_id(prefix, &names)
    }
}

/// Go's `filepath.Dir` on a `/`-separated path: everything before the last `/`, cleaned.
fn go_dir(p: &str) -> String {
    match p.rfind('/') {
        Some(i) => pathclean::clean(p.get(..=i).unwrap_or("/")),
        None => ".".to_string(),
    }
}

/// Find: walks up from `start_dir` to the first directory holding a `.4x` directory
/// (links followed). None → `not_found`.
pub fn find(fs: &dyn Fs, start_dir: &str) -> Result<String> {
    let mut dir = start_dir.to_string();
    loop {
        let candidate = Path::new(&dir).join(DIR_NAME);
        if fs
            .stat(&candidate, true)
            .is_ok_and(|st| st.kind == FileKind::Dir)
        {
            return Ok(dir);
        }
        let parent = go_dir(&dir);
        if parent == dir {
            return Err(Error::new(
                ErrorKind::NotFound,
                format!("no .4x directory found (walked up from {start_dir})"),
            )
            .with_field("start_dir"));
        }
        dir = parent;
    }
}

/// AtomicWriteFile as an op: `final_name` must be one segment (`invalid_input`); every
/// failure, a missing `dir` included, is `io_error`.
pub fn atomic_write_file(
    fs: &dyn Fs,
    dir: &Path,
    final_name: &str,
    data: &[u8],
    perm: u32,
) -> Result<()> {
    store::atomic_write(fs, dir, final_name, data, perm).map_err(|e| {
        if e.kind == ErrorKind::NotFound {
            Error::new(ErrorKind::IoError, e.message)
        } else {
            e
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_dir_walks_up_to_a_fixed_point() {
        assert_eq!(go_dir("/a/b"), "/a");
        assert_eq!(go_dir("/a/b/"), "/a/b");
        assert_eq!(go_dir("/a"), "/");
        assert_eq!(go_dir("/"), "/");
        assert_eq!(go_dir("a"), ".");
        assert_eq!(go_dir("."), ".");
        assert_eq!(go_dir("a/b"), "a");
    }
}
