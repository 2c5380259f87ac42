//! The feature-files part of the `.4x` layout on a filesystem (features.md, workspace.md):
//! listing, loading and saving feature YAML, the status sync with its injected
//! commit hook, test strategy, backlog mirror, settings files, candidate pools, screenshot
//! discovery, and the composite workspace operations Init, CleanFeature, CleanableFeatures and
//! FinalizeDone.
//!
//! The rules come from the pure modules; this module decides which file is read, how an OS
//! failure is reported, and that every best-effort skip becomes a returned [`Warning`]. Reads
//! that the cached reader serves go through [`WorkspaceReader`], so composite reads use the
//! cache when invoked on it.

use std::io;
use std::path::{Path, PathBuf};

use crate::error::{Error, ErrorKind, Result};
use crate::features::backlog::{compare, parse_mirror, BacklogDrift, BacklogMirror, BACKLOG_FILE};
use crate::features::config_files::{
    merge_loaded, parse_config_warned, parse_user_config, render_config_checked,
    render_user_config, user_config_path, UserSide,
};
use crate::features::evidence::atoi;
use crate::features::feature_rules::{load_feature_text, sync_status, CommitRequest, LoadMode};
use crate::features::feature_yaml::{parse_test_strategy, render_feature};
use crate::machine;
use crate::protocol::codec::time::Timestamp;
use crate::protocol::codec::unknown_keys::collect;
use crate::protocol::codec::yaml::v3::MAX_BYTES;
use crate::protocol::config::{Config, UserConfig};
use crate::protocol::feature::{Feature, TestStrategy};
use crate::protocol::layout::{CONFIG_FILE, DIR_NAME, ROUNDS_DIR};
use crate::protocol::state::{Event, EventType, Phase, State};
use crate::protocol::warning::{Warning, WarningKind};
use crate::report::candidates_file::{parse_pool, render_pool, CandidatePool, POOL_VERSION};
use crate::store::{self, atomic_write, is_temp_name, FileKind, Fs, TooLarge, READ_LIMIT};
use crate::workspace::feature_id::FeatureId;
use crate::workspace::fs::liveness::Liveness;
use crate::workspace::fs::workspace_fs::{
    os_error, WorkspaceFs, DIR_MODE, FILE_MODE, JSON_DOC_LIMIT,
};

/// The file name of a feature's test strategy in its FeatureDir.
pub const TEST_STRATEGY_FILE: &str = "test-strategy.yaml";

/// The extension of feature definition files.
pub const FEATURE_EXT: &str = ".yaml";

/// The lines Init writes to `.4x/.gitignore`.
pub const GITIGNORE: &str = "# Runtime artifacts (per-feature state, logs, reports)\nrun/\n\n# Evolve pipeline intermediate files\ngate-input.json\ngate-verdicts.json\nevolve-state.json\n\n# Learnings consolidation intermediate files\nconsolidate-input.json\nconsolidate-result.json\nconsolidate.log\nconsolidate.stream.jsonl\n";

/// The lenient listing of `.4x/features`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FeatureList {
    /// Features sorted by the id inside their YAML.
    pub features: Vec<Feature>,
    /// Every file that was skipped and why.
    pub warnings: Vec<Warning>,
}

/// What one feature file adds to a listing: its feature (when it parsed) and its warnings, in
/// the order the listing reports them. The cached reader keeps one per file, keyed by the file's
/// version token, so a listing after one file changed re-reads that file only.
#[derive(Debug, Clone)]
pub(crate) struct ListedEntry {
    /// The leniently loaded feature.
    pub(crate) feature: Option<Feature>,
    /// The file's warnings (unknown keys, or why it was skipped).
    pub(crate) warnings: Vec<Warning>,
    /// Whether the file's bytes were read (a failed read is never cached).
    pub(crate) read: bool,
}

impl ListedEntry {
    fn unread(warning: Warning) -> ListedEntry {
        ListedEntry {
            feature: None,
            warnings: vec![warning],
            read: false,
        }
    }
}

/// ListFeatures over the entries of the features directory, in their order: `entry(name, id)`
/// gives what each `<id>.yaml` file (valid id, not a temp file) adds; names that are not UTF-8
/// and ids that are not valid are warnings; the features end sorted by the id inside them.
pub(crate) fn list_entries(
    entries: Vec<store::DirEntry>,
    mut entry: impl FnMut(&str, &str) -> ListedEntry,
) -> FeatureList {
    let mut out = FeatureList::default();
    for e in entries {
        if e.kind == FileKind::Dir {
            continue;
        }
        let Some(name) = e.name_str() else {
            let lossy = e.name.to_string_lossy().into_owned();
            if lossy.ends_with(FEATURE_EXT) {
                out.warnings.push(Warning::new(
                    WarningKind::InvalidFeatureId,
                    lossy,
                    "file name is not valid UTF-8",
                ));
            }
            continue;
        };
        let Some(id) = yaml_entry_id(name) else {
            continue;
        };
        if let Err(err) = FeatureId::new(id) {
            out.warnings
                .push(Warning::new(WarningKind::InvalidFeatureId, name, err.message).feature(id));
            continue;
        }
        let listed = entry(name, id);
        out.warnings.extend(listed.warnings);
        out.features.extend(listed.feature);
    }
    out.features
        .sort_by(|a, b| a.id.as_bytes().cmp(b.id.as_bytes()));
    out
}

/// The reads a long-running host repeats; implemented by the plain workspace
/// and by the cache ([`crate::features::fs::cached::CachedWorkspace`]).
pub trait WorkspaceReader: Send + Sync {
    /// ListFeatures (lenient).
    fn list_features(&self) -> Result<FeatureList>;
    /// LoadFeature (strict, short-id aware).
    fn load_feature(&self, id: &str) -> Result<Feature>;
    /// ReadState; never cached.
    fn read_state(&self, feature_id: &str) -> Result<State>;
    /// ReadConfig.
    fn read_config(&self) -> Result<Config> {
        self.read_config_warned().map(|(c, _)| c)
    }
    /// ReadConfig with an `unknown_key` warning for every key Go's decoding ignores.
    fn read_config_warned(&self) -> Result<(Config, Vec<Warning>)>;
    /// The workspace the reads come from (for the files no cache covers).
    fn workspace(&self) -> &WorkspaceFs;
}

/// Called after a status sync saved a changed feature file: the harness's git policy. The core
/// never runs git; an error is returned to the caller as a warning.
pub trait FeatureCommitHook {
    /// `req.path` (relative to `root`) was rewritten with status `req.status`.
    fn committed(&self, root: &str, req: &CommitRequest) -> std::result::Result<(), String>;
}

/// The outcome of `workspace.sync_feature_status`.
#[derive(Debug, Clone, PartialEq)]
pub struct SyncOutcome {
    /// Whether the status changed (and the file was saved).
    pub changed: bool,
    /// The new status.
    pub status: String,
    /// The status the file had.
    pub previous_status: String,
    /// The commit payload when the file was saved.
    pub commit: Option<CommitRequest>,
    /// Hook failures.
    pub warnings: Vec<Warning>,
}

/// One feature `4x clean` may remove, with the bytes it would free.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct CleanCandidate {
    /// The id from the feature's YAML.
    pub feature_id: String,
    /// Bytes under its FeatureDir.
    pub size: u64,
}

/// The outcome of FinalizeDone.
#[derive(Debug, Clone, PartialEq)]
pub struct Finalized {
    /// The state as written.
    pub state: State,
    /// Problems of the (non-fatal) feature-status sync.
    pub warnings: Vec<Warning>,
    /// What to commit, when the sync saved a changed status.
    pub commit: Option<CommitRequest>,
}

fn io_msg(context: impl std::fmt::Display, e: &io::Error) -> String {
    format!("{context}: {e}")
}

/// The derived feature id of a directory entry name: `<id>.yaml`, not a temp file.
fn yaml_entry_id(name: &str) -> Option<&str> {
    if is_temp_name(name) {
        return None;
    }
    let dot = name.rfind('.')?;
    if &name[dot..] != FEATURE_EXT {
        return None;
    }
    Some(&name[..dot])
}

impl WorkspaceFs {
    fn path_in_root(&self, rel: &str) -> PathBuf {
        Path::new(self.root().as_str()).join(rel)
    }

    fn dot_dir(&self) -> PathBuf {
        PathBuf::from(self.root().dot_dir())
    }

    /// Reads a file of at most `limit` bytes; `Ok(None)` when it does not exist, `io_error`
    /// otherwise (a file over the limit included).
    fn read_optional(&self, path: &Path, limit: u64) -> Result<Option<Vec<u8>>> {
        match self.fs().read_limited(path, limit) {
            Ok(b) => Ok(Some(b)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(Error::io(format!("read {}", path.display()), &e)),
        }
    }

    /// ListFeatures: every skip is a warning.
    pub fn list_features(&self) -> Result<FeatureList> {
        let dir = self.features_dir();
        let entries = match self.fs().list(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(FeatureList::default()),
            Err(e) => return Err(Error::io("read features dir", &e)),
        };
        Ok(list_entries(entries, |name, id| {
            self.list_entry(&dir, name, id)
        }))
    }

    /// What the feature file `name` (whose name carries the valid id `id`) in `dir` adds to a
    /// listing: it is read and parsed leniently; a failed read or parse becomes a warning.
    pub(crate) fn list_entry(&self, dir: &Path, name: &str, id: &str) -> ListedEntry {
        let bytes = match self.fs().read_limited(&dir.join(name), YAML_LIMIT) {
            Ok(b) => b,
            Err(e) if TooLarge::of(&e).is_some() => {
                let msg = too_large_message(&e);
                return ListedEntry::unread(
                    Warning::new(WarningKind::ParseError, name, msg).feature(id),
                );
            }
            Err(e) => {
                return ListedEntry::unread(
                    Warning::new(WarningKind::ReadError, name, io_msg("read", &e)).feature(id),
                );
            }
        };
        let (loaded, unknown) = collect(|| {
            yaml_text(&bytes, ErrorKind::InvalidFeature)
                .and_then(|text| load_feature_text(text, LoadMode::Lenient))
        });
        match loaded {
            Ok(f) => ListedEntry {
                feature: Some(f),
                warnings: Warning::unknown_keys(name, "", unknown)
                    .into_iter()
                    .map(|w| w.feature(id))
                    .collect(),
                read: true,
            },
            Err(e) => {
                let kind = if e.kind == ErrorKind::InvalidFeature
                    && e.message.ends_with("id is required")
                {
                    WarningKind::InvalidFeature
                } else {
                    WarningKind::ParseError
                };
                ListedEntry {
                    feature: None,
                    warnings: vec![Warning::new(kind, name, e.message).feature(id)],
                    read: true,
                }
            }
        }
    }

    /// The bytes of a feature file and the id its name carries, with the short-id fallback of
    /// Errors: `invalid_feature_id`, `not_found`, `io_error`.
    fn read_feature_file(&self, id: &str) -> Result<(String, Vec<u8>)> {
        let id = FeatureId::new(id)?;
        let dir = self.features_dir();
        let name = format!("{id}{FEATURE_EXT}");
        let first = match self.fs().read_limited(&dir.join(&name), YAML_LIMIT) {
            Ok(b) => return Ok((name, b)),
            Err(e) if TooLarge::of(&e).is_some() => return Err(yaml_too_large(&e)),
            Err(e) => e,
        };
        let prefix = format!("{id}-");
        let matches: Vec<String> = self
            .fs()
            .list(&dir)
            .map(|entries| {
                entries
                    .into_iter()
                    .filter(|e| e.kind != FileKind::Dir)
                    .filter_map(|e| e.name_str().map(str::to_string))
                    .filter(|n| {
                        !is_temp_name(n) && n.starts_with(&prefix) && n.ends_with(FEATURE_EXT)
                    })
                    .collect()
            })
            .unwrap_or_default();
        if let [only] = matches.as_slice() {
            let bytes = self
                .fs()
                .read_limited(&dir.join(only), YAML_LIMIT)
                .map_err(|e| match TooLarge::of(&e) {
                    Some(_) => yaml_too_large(&e),
                    None => os_error(format!("read feature {only}"), &e),
                })?;
            return Ok((only.clone(), bytes));
        }
        Err(os_error(format!("read feature {id}"), &first))
    }

    /// LoadFeature: strict, short-id aware.
    pub fn load_feature(&self, id: &str) -> Result<Feature> {
        let (_, bytes) = self.read_feature_file(id)?;
        load_feature_text(
            yaml_text(&bytes, ErrorKind::InvalidFeature)?,
            LoadMode::Strict,
        )
    }

    /// SaveFeature: no validation; the content id must be a safe path
    /// segment. Returns `.4x/features/<id>.yaml`.
    pub fn save_feature(&self, f: &Feature) -> Result<String> {
        let id = FeatureId::new(&f.id)?;
        let text = render_feature(f)?;
        let dir = self.features_dir();
        self.fs()
            .create_dir(&dir, DIR_MODE)
            .map_err(|e| Error::io(format!("create {}", dir.display()), &e))?;
        let name = format!("{id}{FEATURE_EXT}");
        atomic_write(self.fs(), &dir, &name, text.as_bytes(), FILE_MODE)
            .map_err(|e| Error::new(ErrorKind::IoError, e.message))?;
        Ok(format!("{DIR_NAME}/features/{name}"))
    }

    /// SyncFeatureStatus: status ← PhaseToStatus(phase), saved only when it
    /// changed; then `hook` (if any) learns what to commit.
    pub fn sync_feature_status(
        &self,
        feature_id: &str,
        phase: &str,
        hook: Option<&dyn FeatureCommitHook>,
    ) -> Result<SyncOutcome> {
        let f = self.load_feature(feature_id)?;
        let r = sync_status(feature_id, phase, f)?;
        let mut warnings = Vec::new();
        if r.changed {
            self.save_feature(&r.feature)?;
            if let (Some(h), Some(c)) = (hook, r.commit.as_ref()) {
                if let Err(msg) = h.committed(self.root().as_str(), c) {
                    warnings.push(
                        Warning::new(
                            WarningKind::WriteError,
                            format!("{}{FEATURE_EXT}", r.feature.id),
                            msg,
                        )
                        .feature(feature_id),
                    );
                }
            }
        }
        Ok(SyncOutcome {
            changed: r.changed,
            status: r.status,
            previous_status: r.previous_status,
            commit: r.commit,
            warnings,
        })
    }

    /// ReadTestStrategy: `(zero, false)` when the file does not exist.
    pub fn read_test_strategy(&self, feature_id: &str) -> Result<(TestStrategy, bool)> {
        let id = FeatureId::new(feature_id)?;
        let path = self.feature_dir(&id).join(TEST_STRATEGY_FILE);
        let bytes = match self.fs().read_limited(&path, YAML_LIMIT) {
            Ok(b) => Some(b),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) if TooLarge::of(&e).is_some() => return Err(yaml_too_large(&e)),
            Err(e) => return Err(Error::io(format!("read {}", path.display()), &e)),
        };
        match bytes {
            None => Ok((TestStrategy::default(), false)),
            Some(b) => Ok((
                parse_test_strategy(yaml_text(&b, ErrorKind::InvalidYaml)?)?,
                true,
            )),
        }
    }

    /// ReadBacklogMirror: `None` when `feature_list.json` does not exist.
    pub fn read_backlog_mirror(&self) -> Result<Option<BacklogMirror>> {
        let path = self.path_in_root(BACKLOG_FILE);
        self.read_optional(&path, READ_LIMIT)?
            .map(|b| parse_mirror(&String::from_utf8_lossy(&b)))
            .transpose()
    }

    /// ReadConfig: missing → `not_found`.
    pub fn read_config(&self) -> Result<Config> {
        self.read_config_warned().map(|(c, _)| c)
    }

    /// [`WorkspaceFs::read_config`] with an `unknown_key` warning for every key Go's decoding
    /// ignores.
    pub fn read_config_warned(&self) -> Result<(Config, Vec<Warning>)> {
        let path = self.dot_dir().join(CONFIG_FILE);
        let bytes = self
            .fs()
            .read_limited(&path, JSON_DOC_LIMIT)
            .map_err(|e| os_error(format!("read {}", path.display()), &e))?;
        parse_config_warned(&bytes)
    }

    /// WriteConfig: atomic, 0644; `.4x` must exist (`io_error`). A config
    /// `config.read` would refuse is not written (`invalid_config`).
    pub fn write_config(&self, c: &Config) -> Result<()> {
        let text = render_config_checked(c)?;
        write_atomic_existing(self.fs(), &self.dot_dir(), CONFIG_FILE, text.as_bytes())
    }

    /// Init: `.4x/features`, `.4x/.gitignore`, `.4x/settings.json`. A config
    /// `config.read` would refuse fails first (`invalid_config`), before anything is created.
    pub fn init(&self, c: &Config) -> Result<()> {
        let text = render_config_checked(c)?;
        let features = self.features_dir();
        self.fs()
            .create_dir(&features, DIR_MODE)
            .map_err(|e| Error::io("create .4x/", &e))?;
        let dot = self.dot_dir();
        self.fs()
            .write_file(&dot.join(".gitignore"), GITIGNORE.as_bytes(), FILE_MODE)
            .map_err(|e| Error::io("write .4x/.gitignore", &e))?;
        write_atomic_existing(self.fs(), &dot, CONFIG_FILE, text.as_bytes())
    }

    /// LoadCandidates: `file` is one segment; missing → an empty pool.
    pub fn load_candidates(&self, file: &str) -> Result<CandidatePool> {
        check_segment(file)?;
        let path = self.dot_dir().join(file);
        match self.read_optional(&path, READ_LIMIT)? {
            None => Ok(CandidatePool {
                version: POOL_VERSION,
                ..CandidatePool::default()
            }),
            Some(b) => parse_pool(&String::from_utf8_lossy(&b)),
        }
    }

    /// CandidatePool.Save: atomic write in `.4x`.
    pub fn save_candidates(&self, file: &str, pool: &CandidatePool) -> Result<()> {
        check_segment(file)?;
        let text = render_pool(pool)?;
        write_atomic_existing(self.fs(), &self.dot_dir(), file, text.as_bytes())
    }

    /// The `round-<n>` directories of a feature (n > 0 by Go Atoi), in directory-name order,
    /// as `(n, directory name)`; a missing rounds directory gives none.
    pub fn round_dirs(&self, id: &FeatureId) -> Result<Vec<(i64, String)>> {
        let dir = self.feature_dir(id).join(ROUNDS_DIR);
        let entries = match self.fs().list(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(Error::io(format!("read {}", dir.display()), &e)),
        };
        Ok(entries
            .into_iter()
            .filter(|e| e.kind == FileKind::Dir)
            .filter_map(|e| e.name_str().map(str::to_string))
            .filter(|n| !is_temp_name(n))
            .filter_map(|n| {
                let r = atoi(n.strip_prefix("round-")?)?;
                (r > 0).then_some((r, n))
            })
            .collect())
    }

    /// CleanFeature: removes FeatureDir(id) of a done/abandoned feature that
    /// is not running; returns the bytes freed.
    pub fn clean_feature(&self, id: &str, now: Timestamp, live: &dyn Liveness) -> Result<u64> {
        let fid = FeatureId::new(id)?;
        let f = self.load_feature(id).map_err(|e| match e.kind {
            ErrorKind::InvalidFeature => Error::new(
                ErrorKind::InvalidFeature,
                format!("load feature {id}: {}", e.message),
            ),
            _ => e,
        })?;
        if f.status != "done" && f.status != "abandoned" {
            return Err(Error::new(
                ErrorKind::NotCleanable,
                format!(
                    "feature {id} is {}, only done/abandoned can be cleaned",
                    f.status
                ),
            ));
        }
        let dir = self.feature_dir(&fid);
        match self.fs().stat(&dir, true) {
            Ok(st) if st.kind == FileKind::Dir => {}
            _ => {
                return Err(Error::new(
                    ErrorKind::NotFound,
                    format!("no workspace directory for {id}"),
                ))
            }
        }
        let state = self.read_state(&fid).map_err(|e| {
            Error::new(
                ErrorKind::NotCleanable,
                format!(
                    "cannot read state for {id}, refusing to clean: {}",
                    e.message
                ),
            )
        })?;
        let state = self.reconcile_best_effort(&fid, state, now, live);
        if state.active {
            return Err(Error::new(
                ErrorKind::FeatureActive,
                format!("feature {id} is still active (pid {})", state.pid),
            ));
        }
        let size = dir_size(self.fs(), &dir);
        self.fs()
            .remove_dir_all(&dir)
            .map_err(|e| Error::io(format!("remove {}", dir.display()), &e))?;
        Ok(size)
    }

    /// ReconcileActive where a failure to write the corrected state is ignored.
    fn reconcile_best_effort(
        &self,
        id: &FeatureId,
        state: State,
        now: Timestamp,
        live: &dyn Liveness,
    ) -> State {
        let (fixed, changed) = machine::reconcile_active(&state, |pid| live.is_alive(pid));
        if changed {
            if let Ok(written) = self.write_state(id, &fixed, now) {
                return written;
            }
        }
        fixed
    }

    /// FinalizeDone.
    pub fn finalize_done(
        &self,
        id: &str,
        now: Timestamp,
        state: Option<State>,
        hook: Option<&dyn FeatureCommitHook>,
    ) -> Result<Finalized> {
        let fid = FeatureId::new(id)?;
        let state = match state {
            Some(s) => s,
            None => WorkspaceFs::read_state(self, &fid)?,
        };
        let done = machine::finalize_done(&state)?;
        let written = self.write_state(&fid, &done, now)?;
        let mut warnings = Vec::new();
        let mut commit = None;
        let file = format!("{id}{FEATURE_EXT}");
        match self.load_feature(id) {
            Err(e) => {
                let kind = match e.kind {
                    ErrorKind::InvalidFeature => WarningKind::InvalidFeature,
                    ErrorKind::InvalidFeatureId => WarningKind::InvalidFeatureId,
                    _ => WarningKind::ReadError,
                };
                warnings.push(Warning::new(kind, file, e.message).feature(id));
            }
            Ok(f) => match sync_status(id, Phase::Done.as_str(), f) {
                Err(e) => warnings
                    .push(Warning::new(WarningKind::WriteError, file, e.message).feature(id)),
                Ok(r) if r.changed => {
                    let saved_file = format!("{}{FEATURE_EXT}", r.feature.id);
                    match self.save_feature(&r.feature) {
                        Ok(_) => {
                            if let (Some(h), Some(c)) = (hook, r.commit.as_ref()) {
                                if let Err(msg) = h.committed(self.root().as_str(), c) {
                                    warnings.push(
                                        Warning::new(WarningKind::WriteError, saved_file, msg)
                                            .feature(id),
                                    );
                                }
                            }
                            commit = r.commit;
                        }
                        Err(e) => {
                            let kind = if e.kind == ErrorKind::InvalidFeatureId {
                                WarningKind::InvalidFeatureId
                            } else {
                                WarningKind::WriteError
                            };
                            warnings.push(Warning::new(kind, saved_file, e.message).feature(id));
                        }
                    }
                }
                Ok(_) => {}
            },
        }
        let event = Event {
            phase: Phase::Done.into(),
            event_type: EventType::Transition.into(),
            round: written.round,
            ..Event::default()
        };
        self.append_event(&fid, &event, now)?;
        Ok(Finalized {
            state: written,
            warnings,
            commit,
        })
    }
}

/// The most bytes read from a feature or test-strategy YAML file (the YAML budget).
const YAML_LIMIT: u64 = MAX_BYTES as u64;

/// The message of a YAML file refused for its size (the same as [`yaml_text`]'s).
fn too_large_message(e: &io::Error) -> String {
    let t = TooLarge::of(e).unwrap_or(TooLarge {
        size: 0,
        limit: YAML_LIMIT,
    });
    format!(
        "YAML file is {} bytes; the limit is {MAX_BYTES} bytes",
        t.size
    )
}

/// A YAML file refused for its size: `input_too_large`, as [`yaml_text`] says.
fn yaml_too_large(e: &io::Error) -> Error {
    Error::new(ErrorKind::InputTooLarge, too_large_message(e))
}

/// A YAML file's bytes as text: over 4 MiB → `input_too_large` (before anything else), not
/// UTF-8 → `bad` (yaml.v3 refuses invalid UTF-8 too).
fn yaml_text(bytes: &[u8], bad: ErrorKind) -> Result<&str> {
    if bytes.len() > MAX_BYTES {
        return Err(Error::new(
            ErrorKind::InputTooLarge,
            format!(
                "YAML file is {} bytes; the limit is {MAX_BYTES} bytes",
                bytes.len()
            ),
        ));
    }
    std::str::from_utf8(bytes)
        .map_err(|e| Error::new(bad, format!("YAML file is not valid UTF-8: {e}")))
}

/// `name` must be one path segment (`invalid_input`).
fn check_segment(name: &str) -> Result<()> {
    if store::is_single_segment(name) {
        Ok(())
    } else {
        Err(Error::invalid_input(format!(
            "file {name:?} must be a single file name, not a path"
        ))
        .with_field("file"))
    }
}

/// An atomic write into a directory that must exist (a missing one is `io_error`).
fn write_atomic_existing(fs: &dyn Fs, dir: &Path, name: &str, data: &[u8]) -> Result<()> {
    atomic_write(fs, dir, name, data, FILE_MODE).map_err(|e| {
        if e.kind == ErrorKind::NotFound {
            Error::new(ErrorKind::IoError, e.message)
        } else {
            e
        }
    })
}

/// dirSize: the sizes of every non-directory entry under `dir`, links not
/// followed, unreadable entries skipped. `dir` itself is not followed either (Go's `filepath.Walk`
/// lstats its root): a FeatureDir that is a symbolic link counts as the link's own size, never
/// the size of the tree it points to (removing it removes only the link).
pub fn dir_size(fs: &dyn Fs, dir: &Path) -> u64 {
    match fs.stat(dir, false) {
        Ok(st) if st.kind == FileKind::Dir => {}
        Ok(st) => return st.size,
        Err(_) => return 0,
    }
    let mut total = 0u64;
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = fs.list(&d) else { continue };
        for e in entries {
            let p = d.join(&e.name);
            match e.kind {
                FileKind::Dir => stack.push(p),
                _ => {
                    if let Ok(st) = fs.stat(&p, false) {
                        total = total.saturating_add(st.size);
                    }
                }
            }
        }
    }
    total
}

impl WorkspaceReader for WorkspaceFs {
    fn list_features(&self) -> Result<FeatureList> {
        WorkspaceFs::list_features(self)
    }
    fn load_feature(&self, id: &str) -> Result<Feature> {
        WorkspaceFs::load_feature(self, id)
    }
    fn read_state(&self, feature_id: &str) -> Result<State> {
        WorkspaceFs::read_state(self, &FeatureId::new(feature_id)?)
    }
    fn read_config_warned(&self) -> Result<(Config, Vec<Warning>)> {
        WorkspaceFs::read_config_warned(self)
    }
    fn workspace(&self) -> &WorkspaceFs {
        self
    }
}

/// CompareBacklogMirror through `r`: drift and the listing's warnings.
pub fn compare_backlog_mirror(
    r: &dyn WorkspaceReader,
) -> Result<(Vec<BacklogDrift>, Vec<Warning>)> {
    let Some(mirror) = r.workspace().read_backlog_mirror()? else {
        return Ok((Vec::new(), Vec::new()));
    };
    let list = r.list_features()?;
    Ok((
        compare(&list.features, &mirror, BACKLOG_FILE),
        list.warnings,
    ))
}

/// CleanableFeatures through `r`, in ascending id order. `alive(id, pid)`
/// answers whether feature `id`'s recorded process is still running.
pub fn cleanable_features(
    r: &dyn WorkspaceReader,
    now: Timestamp,
    alive: &dyn Fn(&str, i64) -> bool,
) -> Result<Vec<CleanCandidate>> {
    let ws = r.workspace();
    let mut out = Vec::new();
    for f in r.list_features()?.features {
        if f.status != "done" && f.status != "abandoned" {
            continue;
        }
        let Ok(id) = FeatureId::new(&f.id) else {
            continue;
        };
        let dir = ws.feature_dir(&id);
        if !ws
            .fs()
            .stat(&dir, true)
            .is_ok_and(|st| st.kind == FileKind::Dir)
        {
            continue;
        }
        let Ok(state) = r.read_state(&f.id) else {
            continue;
        };
        let live = |pid: i64| alive(&f.id, pid);
        if ws.reconcile_best_effort(&id, state, now, &live).active {
            continue;
        }
        out.push(CleanCandidate {
            feature_id: f.id.clone(),
            size: dir_size(ws.fs(), &dir),
        });
    }
    out.sort_by(|a, b| a.feature_id.as_bytes().cmp(b.feature_id.as_bytes()));
    Ok(out)
}

/// ReadUserConfig: missing → the zero value.
pub fn read_user_config(fs: &dyn Fs, home: &str) -> Result<UserConfig> {
    let path = PathBuf::from(user_config_path(home)?);
    match fs.read_limited(&path, JSON_DOC_LIMIT) {
        Ok(b) => parse_user_config(&b),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(UserConfig::default()),
        Err(e) => Err(Error::io(format!("read {}", path.display()), &e)),
    }
}

/// WriteUserConfig: creates `<home>/.4x` (0755), then writes atomically.
pub fn write_user_config(fs: &dyn Fs, home: &str, c: &UserConfig) -> Result<()> {
    let path = PathBuf::from(user_config_path(home)?);
    let text = render_user_config(c)?;
    let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
    fs.create_dir(&dir, DIR_MODE)
        .map_err(|e| Error::io(format!("create {}", dir.display()), &e))?;
    write_atomic_existing(fs, &dir, CONFIG_FILE, text.as_bytes())
}

/// LoadMergedConfig through `r`: the project config is fatal; every
/// user-side problem (no home, unreadable, undecodable) is a warning with the unmerged config.
pub fn load_merged_config(
    r: &dyn WorkspaceReader,
    home: Option<&str>,
) -> Result<(Config, Vec<Warning>)> {
    let (project, mut warnings) = r.read_config_warned()?;
    let user = match home.filter(|h| !h.is_empty()) {
        None => UserSide::Unreadable("no home directory to read the user settings from".into()),
        Some(h) => match user_config_path(h) {
            Err(e) => UserSide::Unreadable(e.message),
            Ok(p) => match r
                .workspace()
                .fs()
                .read_limited(Path::new(&p), JSON_DOC_LIMIT)
            {
                Ok(b) => UserSide::Text(b),
                Err(e) if e.kind() == io::ErrorKind::NotFound => UserSide::Absent,
                Err(e) => UserSide::Unreadable(io_msg(format!("read {p}"), &e)),
            },
        },
    };
    let (c, user_warnings) = merge_loaded(project, &user);
    warnings.extend(user_warnings);
    Ok((c, warnings))
}
