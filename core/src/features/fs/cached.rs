//! The cached reader for long-running hosts (features.md): a [`WorkspaceReader`] that keeps
//! the parsed settings, each loaded feature and the feature listing, keyed by file version
//! tokens (mtime, ctime, size, device, inode — links followed), and re-reads whatever changed.
//!
//! It decides when a cached value may be served: stat → parse → stat, and a value is stored only
//! when both stats agree, so a file changed during the parse never pairs an old token with new
//! data. Errors are never cached; state.json is never cached; callers always get owned copies.
//! What the files mean is the uncached workspace's.
//!
//! Stale data is ruled out by two choices. The token carries the status-change time (`ctime`),
//! which every write moves and no writer can set back, so a same-size in-place rewrite that
//! restores the modification time is still seen. And git's racy-index rule covers coarse
//! timestamps (whole seconds on ext4 with small inodes, two seconds on vfat, NFSv3): a value is
//! stored only when its file's times are more than [`RACY_WINDOW`] older than the clock reading
//! taken before the first stat. A later write then always lands in a later timestamp tick than
//! the stored one, so its token differs; a file changed within the window is re-read on every
//! call until it has aged.

use std::collections::HashMap;
use std::io;
use std::path::Path;
use std::sync::{Arc, RwLock};
use std::time::{Duration, SystemTime};

use crate::error::{Error, Result};
use crate::features::backlog::BacklogDrift;
use crate::features::fs::features_fs::{
    compare_backlog_mirror, list_entries, load_merged_config, FeatureList, ListedEntry,
    WorkspaceReader, FEATURE_EXT,
};
use crate::protocol::config::Config;
use crate::protocol::feature::Feature;
use crate::protocol::layout::CONFIG_FILE;
use crate::protocol::state::State;
use crate::protocol::warning::Warning;
use crate::store::{is_temp_name, DirEntry, FileKind};
use crate::workspace::feature_id::FeatureId;
use crate::workspace::fs::workspace_fs::{os_error, WorkspaceFs};

/// How much older than the clock a file's timestamps must be before a value parsed from it is
/// cached: at least the coarsest timestamp granularity fourx expects on a local filesystem
/// (vfat's two seconds).
pub const RACY_WINDOW: Duration = Duration::from_secs(2);

/// The clock the racy rule reads (the wall clock, or a simulated one in tests).
pub type Clock = Arc<dyn Fn() -> SystemTime + Send + Sync>;

/// A file version: it changes whenever the file's modification or status-change time changes
/// (and on any atomic rename, through the inode). Compared for equality only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    mtime: SystemTime,
    ctime: SystemTime,
    size: u64,
    dev: u64,
    inode: u64,
}

impl Token {
    /// Whether a value read under this token may be cached when the clock read `clock` before
    /// the read began: both times lie more than [`RACY_WINDOW`] before it.
    fn settled(&self, clock: SystemTime) -> bool {
        let newest = self.mtime.max(self.ctime);
        clock
            .duration_since(newest)
            .is_ok_and(|age| age > RACY_WINDOW)
    }
}

/// The names and tokens of the `*.yaml` entries of the features directory.
type ListToken = Vec<(String, Token)>;

/// A listing's names with their tokens as far as they could be read.
type PartialListToken = Vec<(String, Option<Token>)>;

/// A settings file's config and its unknown-key warnings, cached together.
type WarnedConfig = (Config, Vec<Warning>);

/// A [`WorkspaceReader`] with an mtime cache over a [`WorkspaceFs`].
pub struct CachedWorkspace {
    ws: WorkspaceFs,
    clock: Clock,
    config: RwLock<Option<(Token, WarnedConfig)>>,
    features: RwLock<HashMap<String, (Token, Feature)>>,
    list: RwLock<Option<(ListToken, FeatureList)>>,
    /// What each listed file added to the last listing, by file name: a listing after one file
    /// changed re-reads that one file.
    entries: RwLock<HashMap<String, (Token, ListedEntry)>>,
}

impl std::fmt::Debug for CachedWorkspace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CachedWorkspace")
            .field("ws", &self.ws)
            .finish_non_exhaustive()
    }
}

impl CachedWorkspace {
    /// A cache over `ws`; the racy rule reads the wall clock.
    pub fn new(ws: WorkspaceFs) -> Self {
        CachedWorkspace::with_clock(ws, Arc::new(SystemTime::now))
    }

    /// A cache over `ws` whose racy rule reads `clock` (a simulated clock in tests).
    pub fn with_clock(ws: WorkspaceFs, clock: Clock) -> Self {
        CachedWorkspace {
            ws,
            clock,
            config: RwLock::new(None),
            features: RwLock::new(HashMap::new()),
            list: RwLock::new(None),
            entries: RwLock::new(HashMap::new()),
        }
    }

    fn token(&self, path: &Path) -> io::Result<Token> {
        let st = self.ws.fs().stat(path, true)?;
        Ok(Token {
            mtime: st.mtime,
            ctime: st.ctime,
            size: st.size,
            dev: st.dev,
            inode: st.inode,
        })
    }

    /// The entries of the features directory and the token set of the listing (the `*.yaml`
    /// names, not temp files, in directory order); `Ok(None)` when the directory does not exist,
    /// and `None` tokens inside when an entry cannot be stat'ed (such a set never matches).
    fn list_token(&self) -> Result<Option<(Vec<DirEntry>, PartialListToken)>> {
        let dir = self.ws.features_dir();
        let entries = match self.ws.fs().list(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(Error::io("read features dir", &e)),
        };
        // One path buffer for every stat (a listing entry is one plain name: push, stat, pop).
        let mut path = dir.clone();
        let tokens = entries
            .iter()
            .filter(|e| e.kind != FileKind::Dir)
            .filter_map(|e| e.name_str().map(str::to_string))
            .filter(|n| !is_temp_name(n) && n.ends_with(FEATURE_EXT))
            .map(|n| {
                path.push(&n);
                let t = self.token(&path).ok();
                path.pop();
                (n, t)
            })
            .collect();
        Ok(Some((entries, tokens)))
    }

    /// LoadMergedConfig on the cached `read_config`.
    pub fn load_merged_config(&self, home: Option<&str>) -> Result<(Config, Vec<Warning>)> {
        load_merged_config(self, home)
    }

    /// CompareBacklogMirror on the cached listing.
    pub fn compare_backlog_mirror(&self) -> Result<(Vec<BacklogDrift>, Vec<Warning>)> {
        compare_backlog_mirror(self)
    }
}

fn complete(set: &[(String, Option<Token>)]) -> Option<ListToken> {
    set.iter().map(|(n, t)| t.map(|t| (n.clone(), t))).collect()
}

/// Whether the listing read now (`set`) is the cached one: `complete(set) == Some(cached)`,
/// without copying the names.
fn same_listing(cached: &ListToken, set: &[(String, Option<Token>)]) -> bool {
    cached.len() == set.len()
        && cached
            .iter()
            .zip(set)
            .all(|((a, t), (b, u))| a == b && Some(*t) == *u)
}

impl WorkspaceReader for CachedWorkspace {
    fn list_features(&self) -> Result<FeatureList> {
        let clock = (self.clock)();
        let Some((entries, tokens)) = self.list_token()? else {
            return Ok(FeatureList::default());
        };
        if let Ok(guard) = self.list.read() {
            if let Some((t, v)) = guard.as_ref() {
                if same_listing(t, &tokens) {
                    return Ok(v.clone());
                }
            }
        }
        let before = complete(&tokens);
        // A miss: each file whose token still matches what it added last time is served from
        // the entry cache; only the others are read (stat → read → stat, stored when settled).
        let dir = self.ws.features_dir();
        let now: HashMap<&str, Token> = tokens
            .iter()
            .filter_map(|(n, t)| t.map(|t| (n.as_str(), t)))
            .collect();
        let mut old = self
            .entries
            .write()
            .map(|mut g| std::mem::take(&mut *g))
            .unwrap_or_default();
        let mut kept: HashMap<String, (Token, ListedEntry)> = HashMap::with_capacity(now.len());
        let mut stable = before.is_some();
        let value = list_entries(entries, |name, id| {
            let token = now.get(name).copied();
            if let Some(t) = token {
                if let Some((key, (cached_t, listed))) = old.remove_entry(name) {
                    if cached_t == t {
                        kept.insert(key, (t, listed.clone()));
                        return listed;
                    }
                }
            }
            let listed = self.ws.list_entry(&dir, name, id);
            match token {
                Some(t) if listed.read && self.token(&dir.join(name)).ok() == Some(t) => {
                    if t.settled(clock) {
                        kept.insert(name.to_string(), (t, listed.clone()));
                    } else {
                        stable = false;
                    }
                }
                _ => stable = false,
            }
            listed
        });
        if let Ok(mut guard) = self.entries.write() {
            *guard = kept;
        }
        if let (true, Some(b)) = (stable, before) {
            if b.iter().all(|(_, t)| t.settled(clock)) {
                if let Ok(mut guard) = self.list.write() {
                    *guard = Some((b, value.clone()));
                }
            }
        }
        Ok(value)
    }

    fn load_feature(&self, id: &str) -> Result<Feature> {
        let fid = FeatureId::new(id)?;
        let path = self.ws.features_dir().join(format!("{fid}{FEATURE_EXT}"));
        let clock = (self.clock)();
        let Ok(before) = self.token(&path) else {
            return self.ws.load_feature(id);
        };
        if let Ok(guard) = self.features.read() {
            if let Some((t, f)) = guard.get(id) {
                if *t == before {
                    return Ok(f.clone());
                }
            }
        }
        let value = self.ws.load_feature(id)?;
        if self.token(&path).ok() == Some(before) && before.settled(clock) {
            if let Ok(mut guard) = self.features.write() {
                guard.insert(id.to_string(), (before, value.clone()));
            }
        }
        Ok(value)
    }

    fn read_state(&self, feature_id: &str) -> Result<State> {
        WorkspaceFs::read_state(&self.ws, &FeatureId::new(feature_id)?)
    }

    fn read_config_warned(&self) -> Result<(Config, Vec<Warning>)> {
        let path = Path::new(&self.ws.root().dot_dir()).join(CONFIG_FILE);
        let clock = (self.clock)();
        let before = self
            .token(&path)
            .map_err(|e| os_error(format!("stat {}", path.display()), &e))?;
        if let Ok(guard) = self.config.read() {
            if let Some((t, c)) = guard.as_ref() {
                if *t == before {
                    return Ok(c.clone());
                }
            }
        }
        let value = self.ws.read_config_warned()?;
        if self.token(&path).ok() == Some(before) && before.settled(clock) {
            if let Ok(mut guard) = self.config.write() {
                *guard = Some((before, value.clone()));
            }
        }
        Ok(value)
    }

    fn workspace(&self) -> &WorkspaceFs {
        &self.ws
    }
}

#[cfg(test)]
mod tests {
    //! The racy rule on a simulated coarse filesystem: every stat reports the times the test sets
    //! (whole seconds, like ext4 with 128-byte inodes), and the cache reads a simulated clock.

    use super::*;
    use crate::store::{DirEntry, DirLock, FileStat, Fs, FsFile, RealFs};
    use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
    use std::sync::Mutex;

    /// Seconds since the epoch, as the simulated filesystem and clock report them.
    fn at(secs: u64) -> SystemTime {
        SystemTime::UNIX_EPOCH + Duration::from_secs(secs)
    }

    /// The real filesystem, except that stat reports `mtime`/`ctime` chosen by the test, and
    /// reads are counted (a cache hit reads nothing).
    #[derive(Default)]
    struct CoarseFs {
        mtime: AtomicU64,
        ctime: AtomicU64,
        reads: AtomicUsize,
    }

    impl Fs for CoarseFs {
        fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
            self.reads.fetch_add(1, Ordering::SeqCst);
            RealFs.read(path)
        }
        fn create_dir(&self, path: &Path, mode: u32) -> io::Result<()> {
            RealFs.create_dir(path, mode)
        }
        fn create_exclusive(&self, path: &Path, mode: u32) -> io::Result<FsFile> {
            RealFs.create_exclusive(path, mode)
        }
        fn write(&self, file: &mut FsFile, data: &[u8]) -> io::Result<()> {
            RealFs.write(file, data)
        }
        fn set_mode(&self, file: &FsFile, mode: u32) -> io::Result<()> {
            RealFs.set_mode(file, mode)
        }
        fn sync(&self, file: &FsFile) -> io::Result<()> {
            RealFs.sync(file)
        }
        fn sync_dir(&self, dir: &Path) -> io::Result<()> {
            RealFs.sync_dir(dir)
        }
        fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
            RealFs.rename(from, to)
        }
        fn hard_link(&self, original: &Path, link: &Path) -> io::Result<()> {
            RealFs.hard_link(original, link)
        }
        fn lock_dir(&self, dir: &Path, timeout: Duration) -> io::Result<DirLock> {
            RealFs.lock_dir(dir, timeout)
        }
        fn stat(&self, path: &Path, follow: bool) -> io::Result<FileStat> {
            let mut st = RealFs.stat(path, follow)?;
            st.mtime = at(self.mtime.load(Ordering::SeqCst));
            st.ctime = at(self.ctime.load(Ordering::SeqCst));
            Ok(st)
        }
        fn list(&self, dir: &Path) -> io::Result<Vec<DirEntry>> {
            RealFs.list(dir)
        }
        fn append_line(&self, path: &Path, line: &[u8], mode: u32) -> io::Result<()> {
            RealFs.append_line(path, line, mode)
        }
        fn write_file(&self, path: &Path, data: &[u8], mode: u32) -> io::Result<()> {
            RealFs.write_file(path, data, mode)
        }
        fn remove_file(&self, path: &Path) -> io::Result<()> {
            RealFs.remove_file(path)
        }
        fn remove_dir_all(&self, path: &Path) -> io::Result<()> {
            RealFs.remove_dir_all(path)
        }
    }

    struct Fixture {
        dir: std::path::PathBuf,
        fs: Arc<CoarseFs>,
        now: Arc<Mutex<SystemTime>>,
        cache: CachedWorkspace,
    }

    impl Fixture {
        fn new(tag: &str) -> Fixture {
            let dir = std::env::temp_dir().join(format!(
                "fourx-cached-{tag}-{}-{:?}",
                std::process::id(),
                std::thread::current().id()
            ));
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(dir.join(".4x/features")).unwrap();
            let fs = Arc::new(CoarseFs::default());
            let now = Arc::new(Mutex::new(at(0)));
            let clock_now = now.clone();
            let ws = WorkspaceFs::with_fs(dir.to_str().unwrap(), fs.clone()).unwrap();
            let cache =
                CachedWorkspace::with_clock(ws, Arc::new(move || *clock_now.lock().unwrap()));
            Fixture {
                dir,
                fs,
                now,
                cache,
            }
        }

        /// Rewrites the feature file in place (same inode, same size) at filesystem second
        /// `mtime`/`ctime`, with the clock at `clock` milliseconds.
        fn write(&self, status: &str, mtime: u64, ctime: u64, clock_ms: u64) {
            let text = format!("id: F1\nname: n\nstatus: {status}\n");
            std::fs::write(self.dir.join(".4x/features/F1.yaml"), text).unwrap();
            std::fs::write(
                self.dir.join(".4x/settings.json"),
                format!("{{\"project\":{{\"name\":\"{status}\"}}}}"),
            )
            .unwrap();
            self.fs.mtime.store(mtime, Ordering::SeqCst);
            self.fs.ctime.store(ctime, Ordering::SeqCst);
            *self.now.lock().unwrap() = SystemTime::UNIX_EPOCH + Duration::from_millis(clock_ms);
        }

        fn status(&self) -> String {
            self.cache.load_feature("F1").unwrap().status
        }

        fn listed_status(&self) -> String {
            self.cache.list_features().unwrap().features[0]
                .status
                .clone()
        }

        fn language(&self) -> String {
            self.cache.read_config().unwrap().project.name.clone()
        }

        fn reads(&self) -> usize {
            self.fs.reads.load(Ordering::SeqCst)
        }
    }

    impl Drop for Fixture {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }

    #[test]
    fn a_same_size_rewrite_in_the_same_timestamp_tick_is_never_served_stale() {
        let f = Fixture::new("tick");
        // Written at second 100, read at 100.4 and rewritten (same size) at 100.7: every stat
        // says 100 both times.
        f.write("not-started", 100, 100, 100_400);
        assert_eq!(
            (f.status(), f.listed_status(), f.language()),
            (
                "not-started".into(),
                "not-started".into(),
                "not-started".into()
            )
        );
        f.write("in-progress", 100, 100, 100_700);
        assert_eq!(
            (f.status(), f.listed_status(), f.language()),
            (
                "in-progress".into(),
                "in-progress".into(),
                "in-progress".into()
            )
        );
    }

    #[test]
    fn a_rewrite_that_restores_the_mtime_is_seen_through_the_ctime() {
        let f = Fixture::new("mtime");
        f.write("not-started", 100, 100, 200_000);
        assert_eq!(
            (f.status(), f.listed_status(), f.language()),
            (
                "not-started".into(),
                "not-started".into(),
                "not-started".into()
            )
        );
        // The writer put the old mtime back; the status-change time moved to 205.
        f.write("in-progress", 100, 205, 206_000);
        assert_eq!(
            (f.status(), f.listed_status(), f.language()),
            (
                "in-progress".into(),
                "in-progress".into(),
                "in-progress".into()
            )
        );
    }

    #[test]
    fn settled_files_are_served_from_the_cache_and_young_ones_are_re_read() {
        let f = Fixture::new("settled");
        f.write("not-started", 100, 100, 101_000);
        f.status();
        let young = f.reads();
        f.status();
        assert_eq!(
            f.reads(),
            young + 1,
            "a file within the racy window is re-read"
        );
        *f.now.lock().unwrap() = at(103);
        f.status();
        let settled = f.reads();
        f.status();
        f.status();
        assert_eq!(
            f.reads(),
            settled,
            "a settled file is served from the cache"
        );
        // A later write lands in a later tick, so the cached token no longer matches.
        f.write("in-progress", 103, 103, 103_200);
        assert_eq!(f.status(), "in-progress");
    }

    /// Writes `.4x/features/F<i>.yaml` for each `i` with `status`.
    fn write_features(f: &Fixture, ids: std::ops::Range<usize>, status: &str) {
        for i in ids {
            let text = format!("id: F{i}\nname: feature {i}\nstatus: {status}\n");
            std::fs::write(f.dir.join(format!(".4x/features/F{i}.yaml")), text).unwrap();
        }
    }

    #[test]
    fn a_listing_after_one_file_changed_re_reads_that_one_file() {
        let f = Fixture::new("one-changed");
        write_features(&f, 1..6, "pending");
        std::fs::write(f.dir.join(".4x/features/bad\tid.yaml"), "id: x\n").unwrap();
        std::fs::write(f.dir.join(".4x/features/F9.yaml"), "id: [\n").unwrap();
        // Every file settled: written at second 100, the clock at 200.
        f.fs.mtime.store(100, Ordering::SeqCst);
        f.fs.ctime.store(100, Ordering::SeqCst);
        *f.now.lock().unwrap() = at(200);
        let plain = || f.cache.workspace().list_features().unwrap();

        let first = f.reads();
        let listed = f.cache.list_features().unwrap();
        assert_eq!(
            f.reads() - first,
            6,
            "the first listing reads every valid-id file"
        );
        let expected = plain();
        assert_eq!(listed, expected);
        assert_eq!(listed.warnings.len(), 2, "{:?}", listed.warnings);

        // F3 rewritten with another size (its token changes, the others' do not).
        std::fs::write(
            f.dir.join(".4x/features/F3.yaml"),
            "id: F3\nname: feature 3, renamed\nstatus: in-progress\n",
        )
        .unwrap();
        let before = f.reads();
        let listed = f.cache.list_features().unwrap();
        assert_eq!(f.reads() - before, 1, "only the rewritten file is read");
        assert_eq!(listed, plain());
        assert_eq!(listed.features[2].status, "in-progress");

        // A file added is the one file read; a file removed is read by nobody.
        write_features(&f, 7..8, "pending");
        std::fs::remove_file(f.dir.join(".4x/features/F1.yaml")).unwrap();
        let before = f.reads();
        let listed = f.cache.list_features().unwrap();
        assert_eq!(f.reads() - before, 1, "only the added file is read");
        assert_eq!(listed, plain());

        let before = f.reads();
        assert_eq!(f.cache.list_features().unwrap(), listed);
        assert_eq!(f.reads(), before, "an unchanged listing reads nothing");
    }

    #[test]
    fn a_young_file_in_a_listing_is_re_read_until_it_settles() {
        let f = Fixture::new("young-listing");
        write_features(&f, 1..4, "pending");
        f.fs.mtime.store(100, Ordering::SeqCst);
        f.fs.ctime.store(100, Ordering::SeqCst);
        *f.now.lock().unwrap() = SystemTime::UNIX_EPOCH + Duration::from_millis(101_000);
        f.cache.list_features().unwrap();
        let before = f.reads();
        f.cache.list_features().unwrap();
        assert_eq!(
            f.reads() - before,
            3,
            "files within the racy window are all re-read"
        );
        *f.now.lock().unwrap() = at(103);
        f.cache.list_features().unwrap();
        let settled = f.reads();
        f.cache.list_features().unwrap();
        assert_eq!(
            f.reads(),
            settled,
            "settled files are served from the cache"
        );
    }

    #[test]
    fn a_listing_is_the_cached_one_exactly_when_its_complete_token_set_equals_it() {
        let t = |s: u64| Token {
            mtime: at(s),
            ctime: at(s),
            size: s,
            dev: 1,
            inode: s,
        };
        let cached: ListToken = vec![("a.yaml".into(), t(1)), ("b.yaml".into(), t(2))];
        let sets: Vec<PartialListToken> = vec![
            vec![("a.yaml".into(), Some(t(1))), ("b.yaml".into(), Some(t(2)))],
            vec![("a.yaml".into(), Some(t(1))), ("b.yaml".into(), Some(t(3)))],
            vec![("a.yaml".into(), Some(t(1))), ("b.yaml".into(), None)],
            vec![("a.yaml".into(), Some(t(1))), ("c.yaml".into(), Some(t(2)))],
            vec![("a.yaml".into(), Some(t(1)))],
            vec![],
        ];
        for set in &sets {
            assert_eq!(
                same_listing(&cached, set),
                complete(set).as_ref() == Some(&cached),
                "{set:?}"
            );
        }
        assert!(same_listing(&cached, &sets[0]));
    }

    #[test]
    fn the_racy_window_covers_two_second_timestamps() {
        let t = Token {
            mtime: at(10),
            ctime: at(10),
            size: 1,
            dev: 1,
            inode: 1,
        };
        assert!(!t.settled(at(12)));
        assert!(t.settled(at(12) + Duration::from_millis(1)));
        assert!(!t.settled(at(5)), "a file from the future is never settled");
    }
}
