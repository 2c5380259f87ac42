//! Jepsen-style set tests on the real filesystem: several processes (this test binary re-invoked
//! with `FOURX_RELIABILITY_CHILD`), each with several threads, write to one blueprint store, one
//! `events.jsonl` and one `state.json` at the same time. Afterwards every acknowledged write must be
//! there, nothing unacknowledged may be, and every file must parse (the blueprint canonically).
//!
//! Short form in `make test` (4 processes × 50 operations each); `FOURX_SOAK=1` (`make soak`) runs
//! 8 processes × 200.
#![cfg(feature = "fs")]

use crate::blueprint_fixture;

use crate::common;

use common::TempDir;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use blueprint_fixture::request;
use fourx_core::blueprint::fs::FsStore;
use fourx_core::blueprint::{commit, FileView, Item, MapFileView, Nonce, Snapshot};
use fourx_core::ops::call;
use fourx_core::store::cas::Store;
use fourx_core::store::{DirEntry, DirLock, FileStat, Fs, FsFile, RealFs};
use fourx_core::ErrorKind;
use serde_json::{json, Value};

const CHILD_ENV: &str = "FOURX_RELIABILITY_CHILD";

/// Processes, threads per process and operations per thread.
#[derive(Clone, Copy, Debug)]
struct Load {
    procs: usize,
    threads: usize,
    per_thread: usize,
}

fn load() -> Load {
    if std::env::var_os("FOURX_SOAK").is_some() {
        Load {
            procs: 8,
            threads: 4,
            per_thread: 50,
        }
    } else {
        Load {
            procs: 4,
            threads: 2,
            per_thread: 25,
        }
    }
}

/// The module one operation commits to: its own (module, field).
fn module(p: usize, t: usize, r: usize) -> String {
    format!("m/p{p:02}/t{t}/r{r:03}")
}

fn all_modules(l: Load) -> Snapshot {
    let mut modules = Vec::new();
    for p in 0..l.procs {
        for t in 0..l.threads {
            for r in 0..l.per_thread {
                modules.push(module(p, t, r));
            }
        }
    }
    Snapshot::from_json(&json!({ "modules": modules })).unwrap()
}

/// Padding that makes a torn or interleaved record visible: its length depends on the key.
fn pad(key: &str, long: bool) -> String {
    let n = key.bytes().map(usize::from).sum::<usize>() % 97 + if long { 5000 } else { 40 };
    key.chars().cycle().take(n).collect()
}

// ---- child side -------------------------------------------------------------------------

/// Runs one child role; prints one line per operation: `<verdict> <key>`.
#[test]
#[ignore = "child process of the reliability set tests"]
fn reliability_child() {
    let Ok(spec) = std::env::var(CHILD_ENV) else {
        return;
    };
    let parts: Vec<&str> = spec.splitn(3, '|').collect();
    let (role, p, dir) = (parts[0], parts[1].parse::<usize>().unwrap(), parts[2]);
    let l = load();
    let lines: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..l.threads)
            .map(|t| s.spawn(move || child_thread(role, dir, l, p, t)))
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    for line in lines {
        println!("@@ {line}");
    }
}

fn child_thread(role: &str, dir: &str, l: Load, p: usize, t: usize) -> Vec<String> {
    match role {
        "blueprint" => commit_thread(Path::new(dir), l, p, t),
        "events" => append_thread(dir, l, p, t),
        "state" => state_thread(dir, l, p, t),
        other => panic!("unknown role {other}"),
    }
}

fn commit_thread(dir: &Path, l: Load, p: usize, t: usize) -> Vec<String> {
    let store = FsStore::real(dir, None);
    let snap = all_modules(l);
    let view = MapFileView::default();
    let mut out = Vec::new();
    for r in 0..l.per_thread {
        let m = module(p, t, r);
        let claim = format!("claim-{m}");
        let req = request(
            vec![Item::new(&m, "purpose", "", &claim)],
            &[m.as_str()],
            "2026-03-01T12:00:00Z",
        );
        let nonce: Nonce = format!("{:02x}{:x}{:05x}", p, t, r).parse().unwrap();
        match commit(&store, &req, &snap, &view as &dyn FileView, &nonce) {
            // Archiving the pre-image must not fail just because another writer pruned the
            // same old revision first.
            Ok(o) if !o.result.warnings.is_empty() => {
                out.push(format!("BAD warnings {claim}: {:?}", o.result.warnings))
            }
            Ok(o) if o.written && o.result.accepted.len() == 1 => out.push(format!("W {claim}")),
            Ok(o) => out.push(format!("BAD not written: {claim} {:?}", o.result)),
            Err(e) if e.kind == ErrorKind::FoldConflict => {
                match fourx_core::blueprint::FoldResult::from_error(&e) {
                    Some(acc) if !acc.warnings.is_empty() => {
                        out.push(format!("BAD warnings {claim}: {:?}", acc.warnings))
                    }
                    Some(acc) if acc.accepted.len() == 1 => out.push(format!("C {claim}")),
                    _ => out.push(format!("BAD conflict without its account: {claim}")),
                }
            }
            Err(e) => out.push(format!("BAD {claim}: {} {}", e.kind.as_str(), e.message)),
        }
    }
    out
}

fn append_thread(root: &str, l: Load, p: usize, t: usize) -> Vec<String> {
    let mut out = Vec::new();
    for r in 0..l.per_thread {
        let key = format!("p{p}t{t}r{r}");
        let detail = pad(&key, r % 10 == 3);
        let res = call(
            "workspace.append_event",
            &json!({"root": root, "feature_id": "feat", "now": "2026-03-01T12:00:00Z",
                    "event": {"phase": "coding", "type": "note", "cmd": key, "detail": detail}}),
        );
        match res {
            Ok(_) => out.push(format!("A {key}")),
            Err(e) => out.push(format!("BAD {key}: {} {}", e.kind.as_str(), e.message)),
        }
    }
    out
}

/// The state a writer writes: its key in `label`, padding derived from the key in `stopMessage`.
fn state_of(key: &str, long: bool) -> Value {
    json!({"featureId": "feat", "phase": "coding", "role": "coder", "round": 1, "maxRounds": 3,
           "active": true, "runner": "claude", "label": key, "stopMessage": pad(key, long),
           "createdAt": "2026-03-01T12:00:00Z", "updatedAt": "2026-03-01T12:00:00Z",
           "since": "2026-03-01T12:00:00Z", "consecutiveNoProgress": 0, "lastFailCount": 0})
}

/// Whether `state` is exactly one writer's state (or the initial one), not a mixture.
fn state_is_whole(state: &Value) -> Option<String> {
    let key = state["label"].as_str()?;
    let msg = state["stopMessage"].as_str()?;
    (msg == pad(key, false) || msg == pad(key, true)).then(|| key.to_string())
}

fn state_thread(root: &str, l: Load, p: usize, t: usize) -> Vec<String> {
    let mut out = Vec::new();
    for r in 0..l.per_thread {
        let key = format!("p{p}t{t}r{r}");
        let res = call(
            "workspace.write_state",
            &json!({"root": root, "feature_id": "feat", "now": "2026-03-01T12:00:01Z",
                    "state": state_of(&key, r % 2 == 0)}),
        );
        match res {
            Ok(_) => out.push(format!("S {key}")),
            Err(e) => out.push(format!("BAD {key}: {} {}", e.kind.as_str(), e.message)),
        }
        // Every thread also reads: a reader must never see a torn or mixed file.
        match call(
            "workspace.read_state",
            &json!({"root": root, "feature_id": "feat"}),
        ) {
            Ok(v) if state_is_whole(&v["state"]).is_some() => {}
            other => out.push(format!("BAD read {key}: {other:?}")),
        }
    }
    out
}

// ---- parent side ------------------------------------------------------------------------

/// Runs `procs` children of `role` against `dir`; returns every `(verdict, key)` they printed.
fn run_children(role: &str, dir: &str, l: Load) -> Vec<(String, String)> {
    let exe = std::env::current_exe().unwrap();
    let children: Vec<_> = (0..l.procs)
        .map(|p| {
            Command::new(&exe)
                .args([
                    "--exact",
                    crate::common::test_name(module_path!(), "reliability_child").as_str(),
                    "--ignored",
                    "--nocapture",
                    "--test-threads=1",
                ])
                .env(CHILD_ENV, format!("{role}|{p}|{dir}"))
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut out = Vec::new();
    for c in children {
        let o = c.wait_with_output().unwrap();
        assert!(
            o.status.success(),
            "{role} child failed: {}\n{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        for line in String::from_utf8_lossy(&o.stdout).lines() {
            if let Some(rest) = line.find("@@ ").map(|i| &line[i + 3..]) {
                let (v, k) = rest.split_once(' ').unwrap();
                out.push((v.to_string(), k.to_string()));
            }
        }
    }
    let bad: Vec<_> = out.iter().filter(|(v, _)| v == "BAD").collect();
    assert!(
        bad.is_empty(),
        "{role}: {} bad outcomes: {bad:?}",
        bad.len()
    );
    assert_eq!(
        out.len(),
        l.procs * l.threads * l.per_thread,
        "{role}: outcomes"
    );
    out
}

fn blueprint_claims(text: &str) -> (Vec<String>, bool) {
    let doc = call("blueprint.parse", &json!({ "text": text })).expect("the final file parses");
    let mut claims = Vec::new();
    for m in doc["modules"].as_array().unwrap() {
        for s in m["sections"].as_array().unwrap() {
            for e in s["entries"].as_array().unwrap() {
                claims.push(e["claim"].as_str().unwrap().to_string());
            }
        }
    }
    (claims, doc["canonical"] == json!(true))
}

#[test]
fn concurrent_blueprint_commits_lose_no_acknowledged_claim_and_invent_none() {
    let l = load();
    let t = TempDir::new("bp");
    let dir = t.path().join("store");
    let outcomes = run_children("blueprint", &dir.display().to_string(), l);
    let written: BTreeSet<&str> = outcomes
        .iter()
        .filter(|(v, _)| v == "W")
        .map(|(_, k)| k.as_str())
        .collect();
    let conflicts = outcomes.iter().filter(|(v, _)| v == "C").count();
    assert!(!written.is_empty(), "no commit was written at all");
    let text = std::fs::read_to_string(dir.join("blueprint.md")).unwrap();
    let (claims, canonical) = blueprint_claims(&text);
    assert!(canonical, "the final file is canonical");
    let in_file: BTreeSet<&str> = claims.iter().map(String::as_str).collect();
    assert_eq!(claims.len(), in_file.len(), "no claim twice");
    let lost: Vec<_> = written.difference(&in_file).collect();
    assert!(lost.is_empty(), "acknowledged commits lost: {lost:?}");
    let phantom: Vec<_> = in_file.difference(&written).collect();
    assert!(
        phantom.is_empty(),
        "unacknowledged claims in the file: {phantom:?}"
    );
    for e in std::fs::read_dir(&dir).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        assert!(
            name == "blueprint.md" || name == "revisions",
            "left behind: {name}"
        );
    }
    eprintln!(
        "blueprint: {} commits, {} written, {conflicts} fold_conflict",
        outcomes.len(),
        written.len()
    );
}

#[test]
fn concurrent_event_appends_keep_every_acknowledged_line_whole_and_once() {
    let l = load();
    let t = TempDir::new("ev");
    call(
        "workspace.init_feature_dir",
        &json!({"root": t.s(), "feature_id": "feat"}),
    )
    .unwrap();
    let outcomes = run_children("events", t.s(), l);
    let path = t.path().join(".4x/run/feat/events.jsonl");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for line in text.split_terminator('\n') {
        let v: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("torn line: {e}"));
        let key = v["cmd"].as_str().unwrap().to_string();
        assert!(
            v["detail"] == json!(pad(&key, false)) || v["detail"] == json!(pad(&key, true)),
            "interleaved line for {key}"
        );
        *seen.entry(key).or_default() += 1;
    }
    for (_, key) in &outcomes {
        assert_eq!(seen.get(key), Some(&1), "acknowledged line {key}");
    }
    assert_eq!(seen.len(), outcomes.len(), "no unacknowledged line");
    assert!(text.ends_with('\n'));
    eprintln!("events: {} appends", outcomes.len());
}

#[test]
fn concurrent_state_writers_leave_one_whole_acknowledged_state_and_readers_never_see_a_torn_one() {
    let l = load();
    let t = TempDir::new("st");
    let root = t.s().to_string();
    call(
        "workspace.init_feature_dir",
        &json!({"root": root, "feature_id": "feat"}),
    )
    .unwrap();
    call(
        "workspace.write_state",
        &json!({"root": root, "feature_id": "feat", "now": "2026-03-01T12:00:00Z",
                "state": state_of("initial", true)}),
    )
    .unwrap();
    // A reader in this process polls while the children write.
    let stop = Arc::new(AtomicBool::new(false));
    let reads = Arc::new(AtomicUsize::new(0));
    let reader = {
        let (stop, reads, root) = (stop.clone(), reads.clone(), root.clone());
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let v = call(
                    "workspace.read_state",
                    &json!({"root": root, "feature_id": "feat"}),
                )
                .expect("state.json always parses");
                assert!(state_is_whole(&v["state"]).is_some(), "mixed state {v}");
                reads.fetch_add(1, Ordering::Relaxed);
            }
        })
    };
    let outcomes = run_children("state", &root, l);
    stop.store(true, Ordering::Relaxed);
    reader.join().expect("the reader saw only whole states");
    let acked: BTreeSet<&str> = outcomes.iter().map(|(_, k)| k.as_str()).collect();
    let last = call(
        "workspace.read_state",
        &json!({"root": root, "feature_id": "feat"}),
    )
    .unwrap();
    let key = state_is_whole(&last["state"]).expect("final state is whole");
    assert!(
        acked.contains(key.as_str()),
        "final state {key} was acknowledged"
    );
    let dir = t.path().join(".4x/run/feat");
    for e in std::fs::read_dir(&dir).unwrap() {
        let name = e.unwrap().file_name().into_string().unwrap();
        assert!(
            name == "state.json" || name == "rounds",
            "left behind in the feature dir: {name}"
        );
    }
    eprintln!(
        "state: {} writes, {} concurrent reads",
        outcomes.len(),
        reads.load(Ordering::Relaxed)
    );
}

/// An [`Fs`] on which another writer always removes a file a moment before we do.
struct RacingPruner;

impl Fs for RacingPruner {
    fn read(&self, p: &Path) -> std::io::Result<Vec<u8>> {
        RealFs.read(p)
    }
    fn create_dir(&self, p: &Path, m: u32) -> std::io::Result<()> {
        RealFs.create_dir(p, m)
    }
    fn create_exclusive(&self, p: &Path, m: u32) -> std::io::Result<FsFile> {
        RealFs.create_exclusive(p, m)
    }
    fn write(&self, f: &mut FsFile, d: &[u8]) -> std::io::Result<()> {
        RealFs.write(f, d)
    }
    fn set_mode(&self, f: &FsFile, m: u32) -> std::io::Result<()> {
        RealFs.set_mode(f, m)
    }
    fn sync(&self, f: &FsFile) -> std::io::Result<()> {
        RealFs.sync(f)
    }
    fn sync_dir(&self, d: &Path) -> std::io::Result<()> {
        RealFs.sync_dir(d)
    }
    fn rename(&self, a: &Path, b: &Path) -> std::io::Result<()> {
        RealFs.rename(a, b)
    }
    fn hard_link(&self, a: &Path, b: &Path) -> std::io::Result<()> {
        RealFs.hard_link(a, b)
    }
    fn lock_dir(&self, d: &Path, t: std::time::Duration) -> std::io::Result<DirLock> {
        RealFs.lock_dir(d, t)
    }
    fn stat(&self, p: &Path, f: bool) -> std::io::Result<FileStat> {
        RealFs.stat(p, f)
    }
    fn list(&self, d: &Path) -> std::io::Result<Vec<DirEntry>> {
        RealFs.list(d)
    }
    fn append_line(&self, p: &Path, l: &[u8], m: u32) -> std::io::Result<()> {
        RealFs.append_line(p, l, m)
    }
    fn write_file(&self, p: &Path, d: &[u8], m: u32) -> std::io::Result<()> {
        RealFs.write_file(p, d, m)
    }
    fn remove_file(&self, p: &Path) -> std::io::Result<()> {
        let _ = std::fs::remove_file(p);
        RealFs.remove_file(p)
    }
    fn remove_dir_all(&self, p: &Path) -> std::io::Result<()> {
        RealFs.remove_dir_all(p)
    }
}

/// Regression (found by the set test above: 94 of 200 commits warned `revision_failed`): two
/// writers pruning the same old revision must not turn a saved revision into a failure.
#[test]
fn a_revision_pruned_by_another_writer_first_is_not_a_failed_save() {
    let t = TempDir::new("prune");
    let store = FsStore::new(Arc::new(RacingPruner), t.path().join("store"), None);
    for d in 1..=7 {
        let name = format!("2026030{d}T120000Z-0000000{d}.md");
        store
            .save_revision(&name, b"x")
            .unwrap_or_else(|e| panic!("save {name}: {e}"));
    }
    let names = store.list_revisions().unwrap();
    assert_eq!(names.len(), 5);
    assert!(names[0].starts_with("20260303"));
}
