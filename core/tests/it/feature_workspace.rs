//! A real `.4x` tree (tests/fixtures/workspace, in the layout of workspace.md §1) read, written
//! and mined through the fs layer and the op surface, and the cached reader's rules
//! (features.md §13) under edits, additions, deletions, mid-parse changes and concurrency.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use fourx_core::features::feature_rules::CommitRequest;
use fourx_core::features::{
    cleanable_features, compare_backlog_mirror, CachedWorkspace, FeatureCommitHook, WorkspaceReader,
};
use fourx_core::protocol::codec::time::{ParseOptions, Timestamp};
use fourx_core::protocol::warning::WarningKind;
use fourx_core::store::{DirEntry, DirLock, FaultyFs, FileStat, Fs, FsFile, FsOp, RealFs};
use fourx_core::workspace::WorkspaceFs;
use fourx_core::ErrorKind;
use serde_json::json;

static COUNTER: AtomicUsize = AtomicUsize::new(0);

/// A copy of the fixture tree, removed when dropped.
struct Tree(PathBuf);

impl std::ops::Deref for Tree {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh copy of the fixture tree in the system temp directory.
fn fixture_copy() -> Tree {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/workspace");
    let dst = std::env::temp_dir().join(format!(
        "fourx-fixture-{}-{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dst);
    copy_dir(&src, &dst);
    Tree(dst)
}

fn copy_dir(src: &Path, dst: &Path) {
    std::fs::create_dir_all(dst).unwrap();
    for e in std::fs::read_dir(src).unwrap() {
        let e = e.unwrap();
        let to = dst.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &to);
        } else {
            std::fs::copy(e.path(), &to).unwrap();
        }
    }
}

fn now() -> Timestamp {
    Timestamp::parse("2026-02-01T12:00:00Z", ParseOptions::default()).unwrap()
}

fn root_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[derive(Default)]
struct RecordingHook(Mutex<Vec<CommitRequest>>);

impl FeatureCommitHook for RecordingHook {
    fn committed(&self, _root: &str, req: &CommitRequest) -> Result<(), String> {
        self.0.lock().unwrap().push(req.clone());
        Ok(())
    }
}

#[test]
fn fixture_lists_every_feature_and_reports_every_skip() {
    let root = fixture_copy();
    let ws = WorkspaceFs::new(root_str(&root)).unwrap();
    let list = ws.list_features().unwrap();
    let ids: Vec<_> = list.features.iter().map(|f| f.id.as_str()).collect();
    assert_eq!(ids, ["F001-login", "F002-checkout", "F003-search"]);
    let mut skipped: Vec<_> = list
        .warnings
        .iter()
        .map(|w| (w.file.as_str(), w.kind))
        .collect();
    skipped.sort_by_key(|x| x.0);
    assert_eq!(
        skipped,
        [
            ("broken.yaml", WarningKind::ParseError),
            ("noid.yaml", WarningKind::InvalidFeature)
        ]
    );
    let search = &list.features[2];
    assert_eq!(search.status, "wip");
    assert!(search.warnings.as_ref().unwrap()[0].starts_with("status \"wip\""));
}

#[test]
fn fixture_loads_by_short_id_and_a_no_op_save_keeps_go_bytes() {
    let root = fixture_copy();
    let ws = WorkspaceFs::new(root_str(&root)).unwrap();
    let f = ws.load_feature("F002").unwrap();
    assert_eq!(f.id, "F002-checkout");
    assert_eq!(f.subtasks.as_ref().unwrap().len(), 2);
    for name in ["F001-login.yaml", "F002-checkout.yaml"] {
        let path = root.join(".4x/features").join(name);
        let before = std::fs::read(&path).unwrap();
        let f = ws.load_feature(name.trim_end_matches(".yaml")).unwrap();
        assert_eq!(ws.save_feature(&f).unwrap(), format!(".4x/features/{name}"));
        assert_eq!(std::fs::read(&path).unwrap(), before, "{name}");
    }
    assert_eq!(
        ws.load_feature("F003-search").unwrap_err().kind,
        ErrorKind::InvalidFeature
    );
    assert_eq!(
        ws.load_feature("F404").unwrap_err().kind,
        ErrorKind::NotFound
    );
    assert_eq!(
        ws.load_feature("../x").unwrap_err().kind,
        ErrorKind::InvalidFeatureId
    );
}

#[test]
fn fixture_syncs_status_and_hands_the_commit_to_the_hook() {
    let root = fixture_copy();
    let ws = WorkspaceFs::new(root_str(&root)).unwrap();
    let hook = RecordingHook::default();
    let r = ws
        .sync_feature_status("F002", "pending-review", Some(&hook))
        .unwrap();
    assert!(r.changed);
    assert_eq!(
        (r.previous_status.as_str(), r.status.as_str()),
        ("in-progress", "ready-for-review")
    );
    let calls = hook.0.lock().unwrap().clone();
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].path, ".4x/features/F002-checkout.yaml");
    assert_eq!(calls[0].message, "chore(F002): ready-for-review");
    let text = std::fs::read_to_string(root.join(".4x/features/F002-checkout.yaml")).unwrap();
    assert!(text.contains("\nstatus: ready-for-review\n"));
    let again = ws
        .sync_feature_status("F002-checkout", "pending-review", Some(&hook))
        .unwrap();
    assert!(!again.changed);
    assert_eq!(hook.0.lock().unwrap().len(), 1);
}

#[test]
fn fixture_mines_escalations_stuck_features_and_fail_patterns() {
    let root = fixture_copy();
    let r = root_str(&root);
    let esc = fourx_core::ops::call("miner.scan_escalations", &json!({"root": r})).unwrap();
    assert_eq!(
        esc["candidates"][0]["origin"],
        "F002-checkout round-1 blocker"
    );
    assert_eq!(esc["warnings"][0]["kind"], "unknown_reason");
    assert_eq!(esc["warnings"][0]["feature_id"], "F003-search");
    let stuck = fourx_core::ops::call("miner.scan_stuck", &json!({"root": r})).unwrap();
    assert_eq!(
        stuck["candidates"],
        json!([{"title": "Stuck feature (needs-attention): no-progress: three rounds without progress",
                "description": "no-progress: three rounds without progress", "source": "stuck",
                "origin": "F002-checkout needs-attention"}])
    );
    let fail = fourx_core::ops::call("miner.scan_fail_patterns", &json!({"root": r})).unwrap();
    assert_eq!(
        fail["candidates"][0]["origin"],
        "3 features: F001-login, F002-checkout, F003-search"
    );
    assert_eq!(fail["learnings"][0]["category"], "review");
}

#[test]
fn fixture_reads_mirror_strategy_settings_pool_and_screenshots() {
    let root = fixture_copy();
    let r = root_str(&root);
    let ws = WorkspaceFs::new(r).unwrap();
    let (drift, warnings) = compare_backlog_mirror(&ws).unwrap();
    let kinds: Vec<_> = drift
        .iter()
        .map(|d| format!("{} {:?} {}", d.feature_id, d.kind, d.field))
        .collect();
    assert_eq!(
        kinds,
        [
            "F002-checkout Mismatch description",
            "F002-checkout Mismatch name",
            "F003-search Missing ",
            "F007-legacy Extra "
        ]
    );
    assert_eq!(warnings.len(), 2);
    let (ts, present) = ws.read_test_strategy("F002-checkout").unwrap();
    assert!(present && ts.web && ts.api);
    assert_eq!(ts.health_check.unwrap().timeout, 60);
    assert!(!ws.read_test_strategy("F001-login").unwrap().1);
    assert_eq!(ws.read_config().unwrap().project.name, "shop");
    let pool = fourx_core::ops::call("candidates.load", &json!({"root": r})).unwrap();
    assert_eq!(pool["pool"]["candidates"][0]["source"], "escalation");
    let shots = fourx_core::ops::call(
        "evidence.discover_screenshots",
        &json!({"root": r, "feature_id": "F002-checkout"}),
    )
    .unwrap();
    assert_eq!(
        shots["groups"],
        json!([{"round": 2, "screenshots": [
            {"path": "run/F002-checkout/screenshot/01-cart.png", "step": "01", "description": "cart"},
            {"path": "run/F002-checkout/screenshot/02-pay-now.png", "step": "02", "description": "pay now"}]}])
    );
}

#[test]
fn fixture_cleans_only_finished_idle_features() {
    let root = fixture_copy();
    let ws = WorkspaceFs::new(root_str(&root)).unwrap();
    let idle = |_: &str, _: i64| false;
    let c = cleanable_features(&ws, now(), &idle).unwrap();
    assert_eq!(c.len(), 1);
    assert_eq!(c[0].feature_id, "F001-login");
    let size = c[0].size;
    assert!(size > 0);
    assert_eq!(
        ws.clean_feature("F002-checkout", now(), &|_: i64| false)
            .unwrap_err()
            .kind,
        ErrorKind::NotCleanable
    );
    assert_eq!(
        ws.clean_feature("F001-login", now(), &|_: i64| false)
            .unwrap(),
        size
    );
    assert!(!root.join(".4x/run/F001-login").exists());
    assert!(root.join(".4x/features/F001-login.yaml").exists());
}

#[test]
fn finalize_done_writes_state_syncs_status_and_appends_the_event() {
    let root = fixture_copy();
    let r = root_str(&root);
    let state_path = root.join(".4x/run/F002-checkout/state.json");
    let text = std::fs::read_to_string(&state_path)
        .unwrap()
        .replace("needs-attention", "pending-review");
    std::fs::write(&state_path, text).unwrap();
    let out = fourx_core::ops::call(
        "workspace.finalize_done",
        &json!({"root": r, "feature_id": "F002-checkout", "now": "2026-02-01T12:00:00Z"}),
    )
    .unwrap();
    assert_eq!(out["state"]["phase"], "done");
    assert_eq!(out["warnings"], json!([]));
    assert_eq!(
        out["commit"],
        json!({"path": ".4x/features/F002-checkout.yaml", "message": "chore(F002-checkout): done"})
    );
    let events = std::fs::read_to_string(root.join(".4x/run/F002-checkout/events.jsonl")).unwrap();
    assert_eq!(
        events,
        "{\"ts\":\"2026-02-01T12:00:00Z\",\"phase\":\"done\",\"type\":\"transition\",\"round\":2}\n"
    );
    let again = fourx_core::ops::call(
        "workspace.finalize_done",
        &json!({"root": r, "feature_id": "F002-checkout", "now": "2026-02-01T12:00:00Z"}),
    )
    .unwrap_err();
    assert_eq!(again.kind, ErrorKind::InvalidTransition);
    // A feature without a definition still finishes; the sync problem is a warning.
    std::fs::remove_file(root.join(".4x/features/F002-checkout.yaml")).unwrap();
    let text = std::fs::read_to_string(&state_path)
        .unwrap()
        .replace("\"done\"", "\"pending-review\"");
    std::fs::write(&state_path, text).unwrap();
    let out = fourx_core::ops::call(
        "workspace.finalize_done",
        &json!({"root": r, "feature_id": "F002-checkout", "now": "2026-02-01T12:00:00Z"}),
    )
    .unwrap();
    assert_eq!(out["warnings"][0]["kind"], "read_error");
    assert_eq!(out["commit"], json!(null));
}

#[test]
fn init_writes_features_dir_gitignore_and_settings() {
    let tree = fixture_copy();
    let root = tree.join("fresh");
    let r = root_str(&root);
    fourx_core::ops::call(
        "workspace.init",
        &json!({"root": r, "config": {"project": {"name": "new"}}}),
    )
    .unwrap();
    assert!(root.join(".4x/features").is_dir());
    let gi = std::fs::read_to_string(root.join(".4x/.gitignore")).unwrap();
    assert!(gi.starts_with("# Runtime artifacts (per-feature state, logs, reports)\nrun/\n\n"));
    let settings = std::fs::read_to_string(root.join(".4x/settings.json")).unwrap();
    let rendered = fourx_core::ops::call(
        "config.render",
        &json!({"config": {"project": {"name": "new"}}}),
    )
    .unwrap();
    assert_eq!(settings, rendered["text"].as_str().unwrap());
    assert_eq!(
        fourx_core::ops::call("config.read", &json!({"root": r})).unwrap()["config"]["project"]
            ["name"],
        "new"
    );
}

fn reads(fs: &FaultyFs) -> usize {
    fs.calls().iter().filter(|op| **op == FsOp::Read).count()
}

#[test]
fn cache_serves_repeated_reads_without_reparsing_and_sees_every_change() {
    let root = fixture_copy();
    let fs = Arc::new(FaultyFs::new());
    let ws = WorkspaceFs::with_fs(root_str(&root), fs.clone()).unwrap();
    // The clock reads an hour ahead: the fixture's files are long settled (past the racy window),
    // as they are in a real workspace between a host's reads.
    let later = || std::time::SystemTime::now() + Duration::from_secs(3600);
    let cache = CachedWorkspace::with_clock(ws, Arc::new(later));
    let first = cache.list_features().unwrap();
    cache.load_feature("F001-login").unwrap();
    cache.read_config().unwrap();
    let n = reads(&fs);
    for _ in 0..3 {
        assert_eq!(cache.list_features().unwrap(), first);
        cache.load_feature("F001-login").unwrap();
        cache.read_config().unwrap();
    }
    assert_eq!(reads(&fs), n, "hits must not read files");

    // Mutating a returned value never reaches the cache.
    let mut copy = cache.load_feature("F001-login").unwrap();
    copy.name = "changed by the caller".into();
    assert_eq!(cache.load_feature("F001-login").unwrap().name, "Login page");

    // An edit (the atomic rename changes the token), an addition and a deletion are all seen.
    let ws2 = WorkspaceFs::new(root_str(&root)).unwrap();
    let mut f = ws2.load_feature("F001-login").unwrap();
    f.name = "Login v2".into();
    ws2.save_feature(&f).unwrap();
    assert_eq!(cache.load_feature("F001-login").unwrap().name, "Login v2");
    assert_eq!(cache.list_features().unwrap().features[0].name, "Login v2");
    std::fs::write(
        root.join(".4x/features/F004-new.yaml"),
        "id: F004-new\nname: New\n",
    )
    .unwrap();
    assert_eq!(cache.list_features().unwrap().features.len(), 4);
    std::fs::remove_file(root.join(".4x/features/F004-new.yaml")).unwrap();
    assert_eq!(cache.list_features().unwrap().features.len(), 3);

    // Short ids are served uncached; errors are never cached.
    let before = reads(&fs);
    cache.load_feature("F002").unwrap();
    cache.load_feature("F002").unwrap();
    assert!(reads(&fs) >= before + 2);
    std::fs::write(root.join(".4x/settings.json"), "{broken").unwrap();
    assert_eq!(
        cache.read_config().unwrap_err().kind,
        ErrorKind::InvalidJson
    );
    std::fs::write(
        root.join(".4x/settings.json"),
        "{\"project\":{\"name\":\"again\"}}",
    )
    .unwrap();
    assert_eq!(cache.read_config().unwrap().project.name, "again");

    // state.json is always read.
    let before = reads(&fs);
    cache.read_state("F001-login").unwrap();
    cache.read_state("F001-login").unwrap();
    assert_eq!(reads(&fs), before + 2);

    // Composite reads go through the cache too.
    let before = reads(&fs);
    cache.list_features().unwrap();
    let _ = cache.compare_backlog_mirror().unwrap();
    assert_eq!(reads(&fs), before + 1, "only feature_list.json is read");
}

/// An [`Fs`] whose `stat` of one path reports a token that changes on every call, as if the file
/// were rewritten during every parse.
struct FlappingFs {
    target: PathBuf,
    tick: AtomicUsize,
    target_reads: AtomicUsize,
    inner: RealFs,
}

impl Fs for FlappingFs {
    fn read(&self, path: &Path) -> std::io::Result<Vec<u8>> {
        if path == self.target {
            self.target_reads.fetch_add(1, Ordering::SeqCst);
        }
        self.inner.read(path)
    }
    fn create_dir(&self, path: &Path, mode: u32) -> std::io::Result<()> {
        self.inner.create_dir(path, mode)
    }
    fn create_exclusive(&self, path: &Path, mode: u32) -> std::io::Result<FsFile> {
        self.inner.create_exclusive(path, mode)
    }
    fn write(&self, file: &mut FsFile, data: &[u8]) -> std::io::Result<()> {
        self.inner.write(file, data)
    }
    fn set_mode(&self, file: &FsFile, mode: u32) -> std::io::Result<()> {
        self.inner.set_mode(file, mode)
    }
    fn sync(&self, file: &FsFile) -> std::io::Result<()> {
        self.inner.sync(file)
    }
    fn sync_dir(&self, dir: &Path) -> std::io::Result<()> {
        self.inner.sync_dir(dir)
    }
    fn rename(&self, from: &Path, to: &Path) -> std::io::Result<()> {
        self.inner.rename(from, to)
    }
    fn hard_link(&self, original: &Path, link: &Path) -> std::io::Result<()> {
        self.inner.hard_link(original, link)
    }
    fn lock_dir(&self, dir: &Path, timeout: Duration) -> std::io::Result<DirLock> {
        self.inner.lock_dir(dir, timeout)
    }
    fn stat(&self, path: &Path, follow: bool) -> std::io::Result<FileStat> {
        let mut st = self.inner.stat(path, follow)?;
        if path == self.target {
            st.size += self.tick.fetch_add(1, Ordering::SeqCst) as u64;
        }
        Ok(st)
    }
    fn list(&self, dir: &Path) -> std::io::Result<Vec<DirEntry>> {
        self.inner.list(dir)
    }
    fn append_line(&self, path: &Path, line: &[u8], mode: u32) -> std::io::Result<()> {
        self.inner.append_line(path, line, mode)
    }
    fn write_file(&self, path: &Path, data: &[u8], mode: u32) -> std::io::Result<()> {
        self.inner.write_file(path, data, mode)
    }
    fn remove_file(&self, path: &Path) -> std::io::Result<()> {
        self.inner.remove_file(path)
    }
    fn remove_dir_all(&self, path: &Path) -> std::io::Result<()> {
        self.inner.remove_dir_all(path)
    }
}

#[test]
fn cache_stores_nothing_when_the_file_changes_during_the_parse() {
    let root = fixture_copy();
    let target = root.join(".4x/features/F001-login.yaml");
    let fs = Arc::new(FlappingFs {
        target: target.clone(),
        tick: AtomicUsize::new(0),
        target_reads: AtomicUsize::new(0),
        inner: RealFs,
    });
    let ws = WorkspaceFs::with_fs(root_str(&root), fs.clone()).unwrap();
    let cache = CachedWorkspace::new(ws);
    // The token differs between the two stats of every miss, so nothing is ever stored and
    // every load parses the file again, returning the fresh data.
    for _ in 0..3 {
        assert_eq!(cache.load_feature("F001-login").unwrap().name, "Login page");
    }
    assert_eq!(fs.target_reads.load(Ordering::SeqCst), 3);
}

#[test]
fn cache_never_serves_a_stale_feature_to_concurrent_readers() {
    let root = fixture_copy();
    let ws = WorkspaceFs::new(root_str(&root)).unwrap();
    let cache = Arc::new(CachedWorkspace::new(ws.clone()));
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let written = Arc::new(AtomicUsize::new(0));
    let mut readers = Vec::new();
    for _ in 0..4 {
        let cache = cache.clone();
        let done = done.clone();
        let written = written.clone();
        readers.push(std::thread::spawn(move || {
            while !done.load(Ordering::SeqCst) {
                // A version finished before this read started must never be missed.
                let floor = written.load(Ordering::SeqCst);
                let f = cache.load_feature("F001-login").unwrap();
                let seen: usize = f.description.parse().unwrap_or(0);
                assert!(
                    seen >= floor,
                    "stale read: saw {seen} after {floor} was written"
                );
                let list = cache.list_features().unwrap();
                let listed: usize = list.features[0].description.parse().unwrap_or(0);
                assert!(listed >= floor, "stale listing: saw {listed} after {floor}");
            }
        }));
    }
    let mut f = ws.load_feature("F001-login").unwrap();
    for i in 1..=60 {
        f.description = i.to_string();
        ws.save_feature(&f).unwrap();
        written.store(i, Ordering::SeqCst);
    }
    done.store(true, Ordering::SeqCst);
    for r in readers {
        r.join().unwrap();
    }
    assert_eq!(cache.load_feature("F001-login").unwrap().description, "60");
}

#[test]
fn feature_files_that_are_not_utf8_or_too_large_are_refused_by_name() {
    let root = fixture_copy();
    let ws = WorkspaceFs::new(root_str(&root)).unwrap();
    let dir = root.join(".4x/features");
    std::fs::write(
        dir.join("F005-latin1.yaml"),
        b"id: F005-latin1\nname: caf\xe9\n",
    )
    .unwrap();
    let mut big = b"id: F006-big\nname: ".to_vec();
    big.resize(4 * 1024 * 1024 + 1, b'a');
    std::fs::write(dir.join("F006-big.yaml"), &big).unwrap();
    assert_eq!(
        ws.load_feature("F005-latin1").unwrap_err().kind,
        ErrorKind::InvalidFeature
    );
    assert_eq!(
        ws.load_feature("F006-big").unwrap_err().kind,
        ErrorKind::InputTooLarge
    );
    let list = ws.list_features().unwrap();
    assert_eq!(list.features.len(), 3);
    let mut files: Vec<_> = list.warnings.iter().map(|w| w.file.as_str()).collect();
    files.sort_unstable();
    assert_eq!(
        files,
        [
            "F005-latin1.yaml",
            "F006-big.yaml",
            "broken.yaml",
            "noid.yaml"
        ]
    );
}

/// A feature file's `budget` reaches a run: loaded from YAML (workspace and op), saved back
/// byte for byte, and a conductor run started from that feature stops when its agents cost more.
#[test]
fn a_feature_file_budget_loads_saves_back_identically_and_stops_a_run_that_costs_more() {
    const TEXT: &str = "id: F009-budget\nname: budget\ndescription: capped\nstatus: not-started\nbudget:\n    max_cost_usd: 0.5\n    max_tokens: 12000\n";
    let root = fixture_copy();
    let path = root.join(".4x/features/F009-budget.yaml");
    std::fs::write(&path, TEXT).unwrap();
    let ws = WorkspaceFs::new(root_str(&root)).unwrap();
    let f = ws.load_feature("F009").unwrap();
    let b = f.budget.clone().expect("the file's budget");
    assert_eq!(
        (b.max_cost_usd, b.max_tokens, b.max_agent_runs),
        (0.5, 12000, 0)
    );
    ws.save_feature(&f).unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), TEXT);

    let loaded = fourx_core::ops::call("feature.load_yaml", &json!({"text": TEXT})).unwrap();
    assert_eq!(
        loaded["feature"]["budget"],
        json!({"max_cost_usd": 0.5, "max_tokens": 12000})
    );
    let rendered = fourx_core::ops::call(
        "feature.render_yaml",
        &json!({"feature": loaded["feature"]}),
    )
    .unwrap();
    assert_eq!(rendered["text"], TEXT);

    // The config has no budget: the limit is the feature file's alone.
    let config = json!({"project": {"name": "demo"}, "default_runner": "claude",
        "runners": {"claude": {"command": "claude", "tiers": {"opus": "o", "sonnet": "s"}}}});
    let coder = json!({"kind": "agent_exit", "exit_code": 0, "guard": {"pass": true, "errors": []},
        "stats": {"tokens_used": 1000, "cost_usd": 0.75, "duration_ms": 10},
        "round_files": {"coder-report.md": "# Coder report\n\n## Verification\nall green\n",
                        "build-gate.json": "{\"passed\": true}"}});
    let out = fourx_core::ops::call(
        "conductor.run_script",
        &json!({"config": config, "feature": loaded["feature"],
                "start": {"now": "2025-03-01T10:00:00Z", "pid": 42, "profile_name": "quick"},
                "outcomes": [{"kind": "baseline", "ok": true, "base_commit": "abc123"}, coder]}),
    )
    .unwrap();
    let last = out["decisions"].as_array().and_then(|d| d.last()).unwrap();
    assert_eq!(last["kind"], "stop");
    assert_eq!(last["reason"], "budget-exceeded");
    assert_eq!(
        last["message"],
        "budget max_cost_usd 0.5 exceeded: 0.75 spent"
    );
}
