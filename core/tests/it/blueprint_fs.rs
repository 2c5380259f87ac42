//! The blueprint's filesystem store on a real directory: the op's guarded fs form ("the file
//! appears"), a true compare-and-swap under the directory lock, archive failures that never block
//! a commit, and no lost update with N threads and N processes committing to one store.
#![cfg(feature = "fs")]

use crate::blueprint_fixture;

use crate::common;

use common::TempDir;
use std::path::Path;
use std::sync::{Arc, Barrier};
use std::time::{Duration, SystemTime};

use blueprint_fixture::*;
use fourx_core::blueprint::fs::FsStore;
use fourx_core::blueprint::{commit, FileView, Item, MapFileView, Nonce, Snapshot, Warning};
use fourx_core::store::cas::{Store, Version, WriteError};
use fourx_core::store::{Fault, FaultyFs, Fs, FsOp, RealFs};
use fourx_core::ErrorKind;
use serde_json::{json, Value};

fn mode_of(p: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).unwrap().permissions().mode() & 0o7777
}

fn snapshot_json() -> Value {
    json!({"modules": [{"path": "internal/blueprint", "fingerprint": "b1", "bytes": 10}], "edges": []})
}

/// A home with a git project `src/proj` holding one source file.
fn world(t: &TempDir) -> (String, String) {
    let home = t.path().join("home");
    let repo = home.join("src/proj");
    std::fs::create_dir_all(repo.join(".git")).unwrap();
    std::fs::create_dir_all(repo.join("internal/blueprint")).unwrap();
    std::fs::write(
        repo.join("internal/blueprint/fold.go"),
        "package blueprint\n\nfunc Merge() {}\n",
    )
    .unwrap();
    (
        home.to_string_lossy().into_owned(),
        repo.to_string_lossy().into_owned(),
    )
}

fn fs_commit_input(home: &str, repo: &str, dir: &str, claim: &str, now: &str) -> Value {
    json!({
        "store": {"kind": "fs", "dir": dir},
        "home": home,
        "repo_root": repo,
        "project_id": fourx_core::protocol::projectid::compute(repo).unwrap(),
        "items": [{"module": "internal/blueprint", "field": "invariants", "where": "internal/blueprint/fold.go:Merge", "claim": claim}],
        "snapshot": snapshot_json(),
        "evidence": ["internal/blueprint"],
        "now": now,
        "nonce": "1a2b3c4d",
    })
}

// e2e_blueprint_test.go:127 — "the file appears".
#[test]
fn commit_through_the_fs_store_makes_the_file_appear() {
    let t = TempDir::new("e2e");
    let (home, repo) = world(&t);
    let id = fourx_core::protocol::projectid::compute(&repo).unwrap();
    let dir = fourx_core::blueprint::storage_paths(Some(&home), &id).unwrap();
    let out = fourx_core::ops::call(
        "blueprint.commit",
        &fs_commit_input(
            &home,
            &repo,
            &dir.dir,
            "Merge is pure.",
            "2026-03-01T12:00:00Z",
        ),
    )
    .unwrap();
    assert_eq!(out["written"], true, "{out}");
    assert_eq!(
        out["result"]["accepted"][0]["anchor"], "ok",
        "anchors read files under repo_root"
    );
    let text = std::fs::read_to_string(&dir.file).unwrap();
    assert!(text.contains("Merge is pure."));
    assert_eq!(mode_of(&Path::new(&home).join(".4x")), 0o755);
    assert_eq!(mode_of(&Path::new(&home).join(".4x/blueprints")), 0o700);
    assert_eq!(mode_of(Path::new(&dir.dir)), 0o700);
    assert_eq!(mode_of(Path::new(&dir.file)), 0o600);
    let again = fourx_core::ops::call(
        "blueprint.commit",
        &fs_commit_input(
            &home,
            &repo,
            &dir.dir,
            "Merge is pure.",
            "2026-03-02T12:00:00Z",
        ),
    )
    .unwrap();
    assert_eq!(again["written"], false);
    assert_eq!(again["result"]["noop"], true);
    let changed = fourx_core::ops::call(
        "blueprint.commit",
        &fs_commit_input(
            &home,
            &repo,
            &dir.dir,
            "Merge never writes.",
            "2026-03-02T12:00:00Z",
        ),
    )
    .unwrap();
    assert_eq!(changed["written"], true);
    let revs: Vec<_> = std::fs::read_dir(&dir.revisions)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        revs,
        vec![std::ffi::OsString::from("20260302T120000Z-1a2b3c4d.md")]
    );
    let no_tmp = std::fs::read_dir(&dir.dir)
        .unwrap()
        .all(|e| !e.unwrap().file_name().to_string_lossy().ends_with(".tmp"));
    assert!(no_tmp, "no temp file is left behind");
}

#[test]
fn fs_form_runs_the_root_guard_first() {
    let t = TempDir::new("guard");
    let (home, repo) = world(&t);
    let inside = format!("{repo}/.4x/blueprint");
    let e = fourx_core::ops::call(
        "blueprint.commit",
        &fs_commit_input(&home, &repo, &inside, "x", "2026-03-01T12:00:00Z"),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::StorageInsideProject);
    assert!(
        !Path::new(&inside).exists(),
        "nothing is written when the guard refuses"
    );
    let mut no_home = fs_commit_input(
        &home,
        &repo,
        &format!("{home}/bp"),
        "x",
        "2026-03-01T12:00:00Z",
    );
    no_home["home"] = json!("");
    assert_eq!(
        fourx_core::ops::call("blueprint.commit", &no_home)
            .unwrap_err()
            .kind,
        ErrorKind::NoHome
    );
    let e = fourx_core::ops::call("blueprint.gc", &json!({"store": {"kind": "fs", "dir": format!("{home}/bp")}, "home": home, "repo_root": home, "snapshot": snapshot_json(), "now": "2026-03-01T12:00:00Z", "nonce": "1a2b3c4d"})).unwrap_err();
    assert_eq!(e.kind, ErrorKind::RootIsHome);
}

#[test]
fn write_if_is_a_true_compare_and_swap() {
    let t = TempDir::new("cas");
    let store = FsStore::real(t.path().join("store"), None);
    let (bytes, v0) = store.read().unwrap();
    assert!(bytes.is_none() && v0 == Version::Absent);
    store.write_if(&v0, b"one").unwrap();
    assert!(
        matches!(store.write_if(&v0, b"two"), Err(WriteError::Conflict)),
        "create-only refuses an existing file"
    );
    let (_, v1) = store.read().unwrap();
    store.write_if(&v1, b"two").unwrap();
    assert!(matches!(
        store.write_if(&v1, b"three"),
        Err(WriteError::Conflict)
    ));
    let (_, v2) = store.read().unwrap();
    std::fs::write(t.path().join("store/blueprint.md"), b"two").unwrap();
    let (_, v3) = store.read().unwrap();
    assert_eq!(
        v2, v3,
        "equal bytes are the same version even when rewritten"
    );
}

#[test]
fn a_held_directory_lock_is_a_conflict_never_an_unlocked_write() {
    let t = TempDir::new("lock");
    let dir = t.path().join("store");
    let store = FsStore::real(&dir, None);
    let (_, v) = store.read().unwrap();
    store.write_if(&v, b"one").unwrap();
    let (_, v) = store.read().unwrap();
    let held = RealFs.lock_dir(&dir, Duration::from_secs(1)).unwrap();
    assert!(matches!(
        store.write_if(&v, b"two"),
        Err(WriteError::Conflict)
    ));
    drop(held);
    assert_eq!(std::fs::read(dir.join("blueprint.md")).unwrap(), b"one");
    store.write_if(&v, b"two").unwrap();
}

fn one_item(claim: &str) -> Vec<Item> {
    vec![Item::new("internal/blueprint", "invariants", "", claim)]
}

fn small_snapshot() -> Snapshot {
    Snapshot::from_json(&snapshot_json()).unwrap()
}

#[test]
fn archive_failure_never_blocks_a_commit_on_disk() {
    let t = TempDir::new("arch");
    let dir = t.path().join("store");
    let nonce: Nonce = "1a2b3c4d".parse().unwrap();
    let plain = FsStore::real(&dir, None);
    commit(
        &plain,
        &request(
            one_item("first"),
            &["internal/blueprint"],
            "2026-03-01T12:00:00Z",
        ),
        &small_snapshot(),
        &files(),
        &nonce,
    )
    .unwrap();
    let faulty: Arc<dyn Fs> = Arc::new(FaultyFs::new().fail_nth(FsOp::HardLink, 1, Fault::Fail));
    let store = FsStore::new(faulty, &dir, None);
    let out = commit(
        &store,
        &request(
            one_item("second"),
            &["internal/blueprint"],
            "2026-03-02T12:00:00Z",
        ),
        &small_snapshot(),
        &files(),
        &nonce,
    )
    .unwrap();
    assert!(out.written);
    assert_eq!(out.result.warnings, vec![Warning::RevisionFailed]);
    assert!(std::fs::read_to_string(dir.join("blueprint.md"))
        .unwrap()
        .contains("second"));
}

#[test]
fn a_failed_publish_is_io_error_with_the_account_and_keeps_the_old_file() {
    let t = TempDir::new("io");
    let dir = t.path().join("store");
    let nonce: Nonce = "1a2b3c4d".parse().unwrap();
    commit(
        &FsStore::real(&dir, None),
        &request(
            one_item("first"),
            &["internal/blueprint"],
            "2026-03-01T12:00:00Z",
        ),
        &small_snapshot(),
        &files(),
        &nonce,
    )
    .unwrap();
    let before = std::fs::read(dir.join("blueprint.md")).unwrap();
    let faulty: Arc<dyn Fs> = Arc::new(FaultyFs::new().fail_nth(FsOp::Rename, 1, Fault::Fail));
    let err = commit(
        &FsStore::new(faulty, &dir, None),
        &request(
            one_item("second"),
            &["internal/blueprint"],
            "2026-03-02T12:00:00Z",
        ),
        &small_snapshot(),
        &files(),
        &nonce,
    )
    .unwrap_err();
    assert_eq!(err.kind, ErrorKind::IoError);
    assert_eq!(
        fourx_core::blueprint::FoldResult::from_error(&err).map(|r| r.accepted.len()),
        Some(1),
        "the account leaves with the error"
    );
    assert_eq!(std::fs::read(dir.join("blueprint.md")).unwrap(), before);
    let temps = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .ends_with(".tmp")
        })
        .count();
    assert_eq!(temps, 0);
}

/// A snapshot with one module per (worker, round).
fn worker_snapshot(workers: usize, rounds: usize, prefix: &str) -> Snapshot {
    let modules: Vec<String> = (0..workers)
        .flat_map(|w| (0..rounds).map(move |r| format!("{prefix}{w:02}/r{r}")))
        .collect();
    Snapshot::from_json(&json!({"modules": modules})).unwrap()
}

/// Commits one claim per round, each to its own (module, field); returns (claim, written).
fn worker(
    dir: &Path,
    w: usize,
    rounds: usize,
    prefix: &str,
    snap: &Snapshot,
) -> Vec<(String, bool)> {
    let store = FsStore::real(dir, None);
    let view = MapFileView::default();
    let mut out = Vec::new();
    for r in 0..rounds {
        let module = format!("{prefix}{w:02}/r{r}");
        let claim = format!("claim of {module}");
        let req = request(
            vec![Item::new(&module, "purpose", "", &claim)],
            &[module.as_str()],
            "2026-03-01T12:00:00Z",
        );
        let nonce: Nonce = format!("{:08x}", w * 100 + r).parse().unwrap();
        match commit(&store, &req, snap, &view as &dyn FileView, &nonce) {
            Ok(o) => {
                assert_eq!(o.result.accepted.len(), 1);
                out.push((claim, o.written));
            }
            Err(e) => {
                assert_eq!(e.kind, ErrorKind::FoldConflict, "{e}");
                let account = fourx_core::blueprint::FoldResult::from_error(&e)
                    .expect("fold_conflict carries its account");
                assert_eq!(account.accepted.len(), 1);
                out.push((claim, false));
            }
        }
    }
    out
}

fn assert_no_lost_update(dir: &Path, outcomes: &[(String, bool)]) {
    let text = std::fs::read_to_string(dir.join("blueprint.md")).unwrap();
    let doc = fourx_core::blueprint::parse(&text).expect("the final file parses");
    let written = outcomes.iter().filter(|(_, w)| *w).count();
    assert!(written > 0);
    for (claim, w) in outcomes {
        if *w {
            assert!(
                text.contains(claim.as_str()),
                "acknowledged write lost: {claim}"
            );
        }
    }
    assert!(doc.counts().entries >= written);
}

#[test]
fn threads_committing_to_one_store_never_lose_an_acknowledged_write() {
    let t = TempDir::new("threads");
    let dir = t.path().join("store");
    let (workers, rounds) = (8, 4);
    let snap = Arc::new(worker_snapshot(workers, rounds, "t"));
    let barrier = Arc::new(Barrier::new(workers));
    let handles: Vec<_> = (0..workers)
        .map(|w| {
            let (dir, snap, barrier) = (dir.clone(), snap.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                worker(&dir, w, rounds, "t", &snap)
            })
        })
        .collect();
    let outcomes: Vec<(String, bool)> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    assert_eq!(outcomes.len(), workers * rounds);
    assert_no_lost_update(&dir, &outcomes);
}

const CHILD_ENV: &str = "FOURX_BLUEPRINT_CHILD";
const PROCS: usize = 4;
const PROC_ROUNDS: usize = 4;

/// Run by `processes_committing_to_one_store_never_lose_an_acknowledged_write` in child
/// processes; prints one `outcome <written> <claim>` line per commit.
#[test]
#[ignore = "helper: run in child processes by the multi-process test"]
fn child_process_commits() {
    let Ok(spec) = std::env::var(CHILD_ENV) else {
        return;
    };
    let (dir, w) = spec.split_once('|').expect("dir|worker");
    let w: usize = w.parse().expect("worker index");
    let snap = worker_snapshot(PROCS, PROC_ROUNDS, "p");
    for (claim, written) in worker(Path::new(dir), w, PROC_ROUNDS, "p", &snap) {
        println!("outcome {written} {claim}");
    }
}

#[test]
fn processes_committing_to_one_store_never_lose_an_acknowledged_write() {
    let t = TempDir::new("procs");
    let dir = t.path().join("store");
    let exe = std::env::current_exe().unwrap();
    let children: Vec<_> = (0..PROCS)
        .map(|w| {
            std::process::Command::new(&exe)
                .args([
                    "--exact",
                    crate::common::test_name(module_path!(), "child_process_commits").as_str(),
                    "--ignored",
                    "--nocapture",
                    "--test-threads=1",
                ])
                .env(CHILD_ENV, format!("{}|{w}", dir.display()))
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let mut outcomes = Vec::new();
    for c in children {
        let out = c.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "child failed: {}",
            String::from_utf8_lossy(&out.stdout)
        );
        for line in String::from_utf8_lossy(&out.stdout).lines() {
            if let Some(rest) = line.find("outcome ").map(|i| &line[i + "outcome ".len()..]) {
                let (w, claim) = rest.split_once(' ').unwrap();
                outcomes.push((claim.to_string(), w == "true"));
            }
        }
    }
    assert_eq!(outcomes.len(), PROCS * PROC_ROUNDS);
    assert_no_lost_update(&dir, &outcomes);
}

#[test]
fn writers_sweep_temp_files_older_than_an_hour_and_listings_skip_them() {
    let t = TempDir::new("sweep");
    let dir = t.path().join("store");
    let store = FsStore::real(&dir, None);
    let (_, v) = store.read().unwrap();
    store.write_if(&v, b"one").unwrap();
    let old = dir.join(".blueprint.md.1-1-1.tmp");
    let young = dir.join(".blueprint.md.2-2-2.tmp");
    for p in [&old, &young] {
        std::fs::write(p, b"partial").unwrap();
    }
    let two_hours_ago = SystemTime::now() - Duration::from_secs(7200);
    std::fs::File::options()
        .write(true)
        .open(&old)
        .unwrap()
        .set_modified(two_hours_ago)
        .unwrap();
    store
        .save_revision("20260301T120000Z-1a2b3c4d.md", b"pre")
        .unwrap();
    std::fs::write(
        dir.join("revisions/.20260301T120001Z-1a2b3c4d.md.9-9-9.tmp"),
        b"x",
    )
    .unwrap();
    assert_eq!(
        store.list_revisions().unwrap(),
        vec!["20260301T120000Z-1a2b3c4d.md".to_string()]
    );
    let (_, v) = store.read().unwrap();
    store.write_if(&v, b"two").unwrap();
    assert!(!old.exists(), "a temp file older than one hour is swept");
    assert!(
        young.exists(),
        "a young temp file may belong to a live writer"
    );
}
