//! Crash injection. (1) A child process (this test binary re-invoked with
//! `FOURX_CRASH_CHILD`) commits to a blueprint store, rewrites `state.json` or appends to
//! `events.jsonl` in a loop and is killed with `SIGKILL` at a pseudo-random moment; after every
//! kill the files parse, hold every acknowledged write and at most the one write in flight, and
//! the temp files a killed writer leaves are skipped by listings and swept by the next write once
//! stale. (2) `FaultyFs` fails every step of each writer in turn (EIO, full disk, EACCES, a crash
//! right after the step) and nothing is acknowledged that is not on disk.
//!
//! 100 kill trials in `make test`; `FOURX_SOAK=1` (`make soak`) runs 500. `FOURX_CRASH_SEED`
//! picks another pseudo-random schedule.
#![cfg(feature = "fs")]

use crate::blueprint_fixture;

use crate::common;

use common::TempDir;
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use blueprint_fixture::request;
use fourx_core::blueprint::fs::FsStore;
use fourx_core::blueprint::{commit, FileView, Item, MapFileView, Nonce, Snapshot};
use fourx_core::ops::call;
use fourx_core::store::cas::Store;
use fourx_core::store::{is_temp_name, Fault, FaultyFs, Fs, FsOp, RealFs};
use fourx_core::workspace::{FeatureId, WorkspaceFs};
use fourx_core::ErrorKind;
use serde_json::{json, Value};

const CHILD_ENV: &str = "FOURX_CRASH_CHILD";

/// splitmix64: a fixed, seedable schedule of kill delays (no randomness crate).
struct Schedule(u64);

impl Schedule {
    fn new() -> Schedule {
        let seed = std::env::var("FOURX_CRASH_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(0x4f75_7278_2026_1130);
        Schedule(seed)
    }
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

fn trials() -> usize {
    if std::env::var_os("FOURX_SOAK").is_some() {
        500
    } else {
        100
    }
}

/// Modules the blueprint child may commit to: one per commit, `c/00000` onwards.
const MODULES: usize = 4000;

fn module(n: usize) -> String {
    format!("c/{n:05}")
}

fn pad(n: usize) -> String {
    // 1–9 KiB: state.json crosses page and PIPE_BUF sizes.
    format!("{n}:").repeat(300 + n % 7 * 400)
}

fn state_of(n: usize) -> Value {
    json!({"featureId": "feat", "phase": "coding", "role": "coder", "round": 1, "maxRounds": 3,
           "active": true, "runner": "claude", "label": format!("v{n}"), "stopMessage": pad(n),
           "createdAt": "2026-03-01T12:00:00Z", "updatedAt": "2026-03-01T12:00:00Z",
           "since": "2026-03-01T12:00:00Z", "consecutiveNoProgress": 0, "lastFailCount": 0})
}

/// The version of a whole state written by [`state_of`]; `None` for anything else.
fn state_version(state: &Value) -> Option<usize> {
    let n: usize = state["label"].as_str()?.strip_prefix('v')?.parse().ok()?;
    (state["stopMessage"].as_str()? == pad(n)).then_some(n)
}

// ---- child ------------------------------------------------------------------------------

/// Writes versions `start, start+1, ...` until killed, printing `@@ <n>` after each
/// acknowledged one.
#[test]
#[ignore = "child process of the crash-injection tests"]
fn crash_child() {
    let Ok(spec) = std::env::var(CHILD_ENV) else {
        return;
    };
    let parts: Vec<&str> = spec.splitn(3, '|').collect();
    let (role, start, dir) = (parts[0], parts[1].parse::<usize>().unwrap(), parts[2]);
    let snap =
        Snapshot::from_json(&json!({"modules": (0..MODULES).map(module).collect::<Vec<_>>()}))
            .unwrap();
    let store = FsStore::real(dir, None);
    let view = MapFileView::default();
    for n in start.. {
        let acked = match role {
            "blueprint" => {
                let m = module(n % MODULES);
                let req = request(
                    vec![Item::new(&m, "purpose", "", &format!("k{n}"))],
                    &[m.as_str()],
                    "2026-03-01T12:00:00Z",
                );
                let nonce: Nonce = format!("{n:08x}").parse().unwrap();
                commit(&store, &req, &snap, &view as &dyn FileView, &nonce)
                    .map(|o| o.written)
                    .unwrap_or(false)
            }
            "state" => call(
                "workspace.write_state",
                &json!({"root": dir, "feature_id": "feat", "now": "2026-03-01T12:00:01Z",
                        "state": state_of(n)}),
            )
            .is_ok(),
            "events" => call(
                "workspace.append_event",
                &json!({"root": dir, "feature_id": "feat", "now": "2026-03-01T12:00:01Z",
                        "event": {"phase": "coding", "type": "note", "cmd": format!("e{n}"),
                                  "detail": pad(n % 3)}}),
            )
            .is_ok(),
            other => panic!("unknown role {other}"),
        };
        if acked {
            println!("@@ {n}");
        }
    }
}

/// Starts a child of `role` at `start`, kills it with SIGKILL after `delay`, returns the
/// versions it acknowledged.
fn kill_child(role: &str, start: usize, dir: &str, delay: Duration) -> Vec<usize> {
    let exe = std::env::current_exe().unwrap();
    let mut child = Command::new(exe)
        .args([
            "--exact",
            crate::common::test_name(module_path!(), "crash_child").as_str(),
            "--ignored",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD_ENV, format!("{role}|{start}|{dir}"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let out = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        BufReader::new(out)
            .lines()
            .map_while(Result::ok)
            .filter_map(|l| l.find("@@ ").and_then(|i| l[i + 3..].trim().parse().ok()))
            .collect::<Vec<usize>>()
    });
    std::thread::sleep(delay);
    child.kill().unwrap(); // SIGKILL on Unix
    child.wait().unwrap();
    reader.join().unwrap()
}

// ---- parent checks ----------------------------------------------------------------------

fn temp_files(dir: &Path) -> Vec<PathBuf> {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    rd.map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(is_temp_name)
        })
        .collect()
}

fn age(paths: &[PathBuf]) {
    for p in paths {
        let f = std::fs::File::options().write(true).open(p).unwrap();
        f.set_modified(SystemTime::now() - Duration::from_secs(7200))
            .unwrap();
    }
}

fn blueprint_claims(dir: &Path) -> BTreeSet<usize> {
    let Ok(text) = std::fs::read_to_string(dir.join("blueprint.md")) else {
        return BTreeSet::new();
    };
    let doc = call("blueprint.parse", &json!({ "text": text })).expect("blueprint.md parses");
    assert_eq!(
        doc["canonical"],
        json!(true),
        "blueprint.md is a whole rendering"
    );
    let mut out = BTreeSet::new();
    for m in doc["modules"].as_array().unwrap() {
        for s in m["sections"].as_array().unwrap() {
            for e in s["entries"].as_array().unwrap() {
                let c = e["claim"].as_str().unwrap();
                out.insert(c.strip_prefix('k').unwrap().parse().unwrap());
            }
        }
    }
    out
}

/// Every revision has a valid name and is a whole blueprint (a writer killed between its save and
/// its prune may leave more than five; the next save prunes them).
fn check_revisions(dir: &Path) -> usize {
    let store = FsStore::real(dir, None);
    let names = store.list_revisions().unwrap();
    let count = names.len();
    for name in names {
        assert!(fourx_core::blueprint::is_revision_name(&name), "{name}");
        let text = std::fs::read_to_string(dir.join("revisions").join(&name)).unwrap();
        call("blueprint.parse", &json!({ "text": text }))
            .unwrap_or_else(|e| panic!("revision {name} is whole: {e}"));
    }
    count
}

fn read_state_version(root: &str) -> Option<usize> {
    match call(
        "workspace.read_state",
        &json!({"root": root, "feature_id": "feat"}),
    ) {
        Ok(v) => Some(state_version(&v["state"]).expect("state.json is one whole version")),
        Err(e) => {
            assert_eq!(e.kind, ErrorKind::NotFound, "state.json parses: {e}");
            None
        }
    }
}

/// The versions of the whole lines of events.jsonl, and how many torn fragments it holds (an
/// appender killed mid-line may leave one; it never glues itself to the next record).
fn event_versions(root: &Path) -> (Vec<usize>, usize) {
    let path = root.join(".4x/run/feat/events.jsonl");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let mut torn = 0;
    let mut whole = Vec::new();
    for l in text.split('\n').filter(|l| !l.is_empty()) {
        let Ok(v) = serde_json::from_str::<Value>(l) else {
            assert!(
                l.starts_with("{\"ts\":"),
                "a fragment is the head of a record: {l:.80}"
            );
            torn += 1;
            continue;
        };
        let n: usize = v["cmd"].as_str().unwrap()[1..].parse().unwrap();
        assert_eq!(
            v["detail"],
            json!(pad(n % 3)),
            "line {n} is not interleaved"
        );
        whole.push(n);
    }
    (whole, torn)
}

/// Regression (found by the kill trials): a SIGKILL between two pages of an append's write(2)
/// leaves a fragment without its newline; the next append used to land on the same line, so an
/// acknowledged event became unreadable.
#[test]
fn an_append_after_a_torn_fragment_starts_on_a_fresh_line() {
    let t = TempDir::new("torn");
    let path = t.path().join("events.jsonl");
    std::fs::write(&path, b"{\"a\":1}\n{\"ts\":\"2026-03-01T12:").unwrap();
    RealFs.append_line(&path, b"{\"a\":2}\n", 0o644).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let whole: Vec<&str> = text
        .lines()
        .filter(|l| serde_json::from_str::<Value>(l).is_ok())
        .collect();
    assert_eq!(whole, ["{\"a\":1}", "{\"a\":2}"]);
    assert!(text.ends_with("{\"a\":2}\n"));
    // A file that ends on a whole line gets no extra newline.
    RealFs.append_line(&path, b"{\"a\":3}\n", 0o644).unwrap();
    assert!(std::fs::read_to_string(&path)
        .unwrap()
        .ends_with("{\"a\":2}\n{\"a\":3}\n"));
}

#[test]
fn writers_killed_at_random_points_leave_whole_files_with_every_acknowledged_write() {
    let t = TempDir::new("kill");
    let root = t.s().to_string();
    let store_dir = t.path().join("store");
    let feature_dir = t.path().join(".4x/run/feat");
    call(
        "workspace.init_feature_dir",
        &json!({"root": root, "feature_id": "feat"}),
    )
    .unwrap();
    std::fs::create_dir_all(t.path().join(".4x/features")).unwrap();
    std::fs::write(t.path().join(".4x/features/feat.yaml"), "id: feat\n").unwrap();
    let mut sched = Schedule::new();
    // Per writer: what it acknowledged, what was on disk after the last trial, where the next
    // child starts (past everything seen, so every version number is written at most once).
    let (mut bp_acked, mut bp_seen, mut bp_next) = (BTreeSet::new(), BTreeSet::new(), 0usize);
    let (mut st_acked, mut st_seen, mut st_next) = (0usize, None::<usize>, 0usize);
    let (mut ev_acked, mut ev_seen, mut ev_next) = (BTreeSet::new(), BTreeSet::new(), 0usize);
    let (mut temps_seen, mut torn_seen) = (0, 0);
    let n = trials();
    for trial in 0..n {
        let delay = Duration::from_millis(5 + sched.next() % 60);
        match trial % 3 {
            0 => {
                let dir = store_dir.display().to_string();
                let acked = kill_child("blueprint", bp_next, &dir, delay);
                // In flight when killed: the one after the last acknowledged, or the first.
                let in_flight = acked.last().map_or(bp_next, |a| a + 1);
                bp_acked.extend(acked.iter().copied());
                let present = blueprint_claims(&store_dir);
                let lost: Vec<_> = bp_acked
                    .union(&bp_seen)
                    .filter(|c| !present.contains(c))
                    .collect();
                assert!(lost.is_empty(), "trial {trial}: commits lost: {lost:?}");
                let extra: Vec<_> = present
                    .iter()
                    .filter(|c| !bp_acked.contains(c) && !bp_seen.contains(c))
                    .collect();
                assert!(
                    extra.iter().all(|&&x| x == in_flight),
                    "trial {trial}: only the commit in flight may land unacknowledged: {extra:?}"
                );
                check_revisions(&store_dir);
                bp_seen = present;
                bp_next = in_flight + 1;
            }
            1 => {
                let acked = kill_child("state", st_next, &root, delay);
                let on_disk = read_state_version(&root);
                let allowed: Vec<Option<usize>> = match acked.last() {
                    Some(&a) => vec![Some(a), Some(a + 1)],
                    None => vec![st_seen, Some(st_next)],
                };
                assert!(
                    allowed.contains(&on_disk),
                    "trial {trial}: state.json is {on_disk:?}; allowed {allowed:?}"
                );
                st_acked += acked.len();
                st_next = acked.last().map_or(st_next, |a| a + 1) + 1;
                st_seen = on_disk;
            }
            _ => {
                let acked = kill_child("events", ev_next, &root, delay);
                let in_flight = acked.last().map_or(ev_next, |a| a + 1);
                ev_acked.extend(acked.iter().copied());
                let (lines, torn) = event_versions(t.path());
                torn_seen = torn_seen.max(torn);
                let present: BTreeSet<usize> = lines.iter().copied().collect();
                assert_eq!(present.len(), lines.len(), "trial {trial}: no line twice");
                let lost: Vec<_> = ev_acked
                    .union(&ev_seen)
                    .filter(|c| !present.contains(c))
                    .collect();
                assert!(lost.is_empty(), "trial {trial}: events lost: {lost:?}");
                let extra: Vec<_> = present
                    .iter()
                    .filter(|c| !ev_acked.contains(c) && !ev_seen.contains(c))
                    .collect();
                assert!(
                    extra.iter().all(|&&x| x == in_flight),
                    "trial {trial}: only the append in flight may land unacknowledged: {extra:?}"
                );
                ev_seen = present;
                ev_next = in_flight + 1;
            }
        }
        // A killed writer's temp files never show in listings.
        let left = temp_files(&store_dir).len()
            + temp_files(&store_dir.join("revisions")).len()
            + temp_files(&feature_dir).len();
        temps_seen = temps_seen.max(left);
        let listed = call(
            "workspace.resolve_feature_id",
            &json!({"prefix": "fe", "root": root}),
        );
        assert_eq!(
            listed.ok(),
            Some(json!({"feature_id": "feat"})),
            "trial {trial}"
        );
    }
    // Stale leftovers (older than an hour) are swept by the next write of their directory.
    let leftovers: Vec<PathBuf> = [
        temp_files(&store_dir),
        temp_files(&store_dir.join("revisions")),
        temp_files(&feature_dir),
    ]
    .concat();
    age(&leftovers);
    let m = module(bp_next % MODULES);
    let snap = Snapshot::from_json(&json!({ "modules": [m] })).unwrap();
    commit(
        &FsStore::real(&store_dir, None),
        &request(
            vec![Item::new(&m, "purpose", "", &format!("k{bp_next}"))],
            &[m.as_str()],
            "2026-03-02T12:00:00Z",
        ),
        &snap,
        &MapFileView::default() as &dyn FileView,
        &"0000fffe".parse::<Nonce>().unwrap(),
    )
    .unwrap();
    call(
        "workspace.write_state",
        &json!({"root": root, "feature_id": "feat", "now": "2026-03-02T12:00:00Z",
                "state": state_of(st_next)}),
    )
    .unwrap();
    for dir in [&store_dir, &store_dir.join("revisions"), &feature_dir] {
        assert_eq!(
            temp_files(dir),
            Vec::<PathBuf>::new(),
            "stale temp files swept"
        );
    }
    assert!(
        check_revisions(&store_dir) <= 5,
        "the next save prunes to five"
    );
    eprintln!(
        "{n} kill trials: {} commits, {} state writes and {} appends acknowledged; \
         at most {temps_seen} young temp files pending (never listed); {} stale ones swept; \
         {torn_seen} torn event fragments (unacknowledged, on their own lines)",
        bp_acked.len(),
        st_acked,
        ev_acked.len(),
        leftovers.len()
    );
}

// ---- FaultyFs: every step of every writer --------------------------------------------------

const FAULTS: [Fault; 4] = [
    Fault::Fail,
    Fault::DiskFull,
    Fault::Denied,
    Fault::CrashAfter,
];

/// Every (op, nth) a clean run of `scenario` makes, in call order.
fn steps(calls: &[FsOp]) -> Vec<(FsOp, usize)> {
    let mut seen: Vec<(FsOp, usize)> = Vec::new();
    calls
        .iter()
        .map(|op| {
            let n = seen.iter().filter(|(o, _)| o == op).count() + 1;
            seen.push((*op, n));
            (*op, n)
        })
        .collect()
}

/// Runs `write` once cleanly to learn its steps, then once per (step, fault) on a fresh
/// directory prepared by `setup`, and hands each outcome to `check`. Returns the number of runs.
fn inject<W, C>(tag: &str, setup: impl Fn(&Path), write: W, check: C) -> usize
where
    W: Fn(&Path, Arc<dyn Fs>) -> Result<bool, ErrorKind>,
    C: Fn(&Path, &str, Result<bool, ErrorKind>),
{
    inject_with(tag, setup, &write, check, &write)
}

/// [`inject`] with a different `next` write for the clean run afterwards (one that is never a
/// noop, so that it reaches the sweep).
fn inject_with<W, C, N>(tag: &str, setup: impl Fn(&Path), write: &W, check: C, next: &N) -> usize
where
    W: Fn(&Path, Arc<dyn Fs>) -> Result<bool, ErrorKind>,
    C: Fn(&Path, &str, Result<bool, ErrorKind>),
    N: Fn(&Path, Arc<dyn Fs>) -> Result<bool, ErrorKind>,
{
    let clean = TempDir::new(tag);
    setup(clean.path());
    let probe = Arc::new(FaultyFs::new());
    assert_eq!(
        write(clean.path(), probe.clone()),
        Ok(true),
        "{tag}: clean run"
    );
    let mut runs = 0;
    for (op, nth) in steps(&probe.calls()) {
        for fault in FAULTS {
            let d = TempDir::new(tag);
            setup(d.path());
            let fs: Arc<dyn Fs> = Arc::new(FaultyFs::new().fail_nth(op, nth, fault));
            let out = write(d.path(), fs);
            check(d.path(), &format!("{tag}: {op:?}#{nth} {fault:?}"), out);
            // Whatever was left behind, a clean writer afterwards succeeds and, once the
            // leftovers are stale, sweeps them.
            let dirs = [
                d.path().join("store"),
                d.path().join("store/revisions"),
                d.path().join(".4x/run/feat"),
            ];
            for dir in &dirs {
                age(&temp_files(dir));
            }
            let again = next(d.path(), Arc::new(RealFs));
            assert_eq!(
                again,
                Ok(true),
                "{tag}: {op:?}#{nth} {fault:?}: the next clean write"
            );
            for dir in &dirs {
                assert!(
                    temp_files(dir).is_empty(),
                    "{tag}: {op:?}#{nth} {fault:?}: swept {}",
                    dir.display()
                );
            }
            runs += 1;
        }
    }
    runs
}

fn bp_snapshot() -> Snapshot {
    Snapshot::from_json(&json!({"modules": ["m/a", "m/b"]})).unwrap()
}

fn bp_commit(dir: &Path, fs: Arc<dyn Fs>, module: &str, claim: &str) -> Result<bool, ErrorKind> {
    let store = FsStore::new(fs, dir.join("store"), None);
    commit(
        &store,
        &request(
            vec![Item::new(module, "purpose", "", claim)],
            &[module],
            "2026-03-01T12:00:00Z",
        ),
        &bp_snapshot(),
        &MapFileView::default() as &dyn FileView,
        &"1a2b3c4d".parse::<Nonce>().unwrap(),
    )
    .map(|o| o.written)
    .map_err(|e| e.kind)
}

fn bp_text(dir: &Path) -> Option<String> {
    std::fs::read_to_string(dir.join("store/blueprint.md")).ok()
}

#[test]
fn faults_at_every_step_of_a_blueprint_commit_never_acknowledge_an_unwritten_claim() {
    let mut runs = 0;
    for existing in [false, true] {
        let setup = move |d: &Path| {
            if existing {
                assert_eq!(bp_commit(d, Arc::new(RealFs), "m/a", "old claim"), Ok(true));
            }
        };
        runs += inject_with(
            if existing { "bp-update" } else { "bp-create" },
            setup,
            &|d, fs| bp_commit(d, fs, "m/b", "new claim"),
            |d, what, out| {
                let text = bp_text(d);
                if let Some(t) = &text {
                    let doc = call("blueprint.parse", &json!({ "text": t })).expect("parses");
                    assert_eq!(doc["canonical"], json!(true), "{what}: whole file");
                    if existing {
                        assert!(t.contains("old claim"), "{what}: the old claim stays");
                    }
                } else {
                    assert!(!existing, "{what}: the file vanished");
                }
                match out {
                    Ok(true) => assert!(
                        text.is_some_and(|t| t.contains("new claim")),
                        "{what}: acknowledged but not on disk"
                    ),
                    Ok(false) => panic!("{what}: a noop"),
                    Err(k) => assert!(
                        matches!(k, ErrorKind::IoError | ErrorKind::FoldConflict),
                        "{what}: {k:?}"
                    ),
                }
                let names = FsStore::real(d.join("store"), None)
                    .list_revisions()
                    .unwrap();
                for n in names {
                    assert!(fourx_core::blueprint::is_revision_name(&n), "{what}: {n}");
                }
            },
            &|d, fs| bp_commit(d, fs, "m/a", "next claim"),
        );
    }
    eprintln!("blueprint commit: {runs} faulty runs");
}

fn ws(dir: &Path, fs: Arc<dyn Fs>) -> WorkspaceFs {
    WorkspaceFs::with_fs(&dir.display().to_string(), fs).unwrap()
}

fn feat() -> FeatureId {
    FeatureId::new("feat").unwrap()
}

fn ws_setup(d: &Path) {
    let w = ws(d, Arc::new(RealFs));
    w.init_feature_dir(&feat()).unwrap();
    call(
        "workspace.write_state",
        &json!({"root": d.display().to_string(), "feature_id": "feat",
                "now": "2026-03-01T12:00:00Z", "state": state_of(1)}),
    )
    .unwrap();
    call(
        "workspace.append_event",
        &json!({"root": d.display().to_string(), "feature_id": "feat", "now": "2026-03-01T12:00:00Z",
                "event": {"phase": "coding", "type": "note", "cmd": "e1", "detail": pad(1)}}),
    )
    .unwrap();
}

fn typed_state(n: usize) -> fourx_core::protocol::state::State {
    let text = serde_json::to_string(&state_of(n)).unwrap();
    fourx_core::protocol::state::State::parse_text(text.as_bytes()).unwrap()
}

#[test]
fn faults_at_every_step_of_workspace_writes_never_acknowledge_or_tear_anything() {
    let now = fourx_core::protocol::codec::time::Timestamp::from_unix(1_772_366_405, 0, 0);
    let mut runs = inject(
        "state",
        ws_setup,
        |d, fs| {
            ws(d, fs)
                .write_state(&feat(), &typed_state(2), now)
                .map(|_| true)
                .map_err(|e| e.kind)
        },
        |d, what, out| {
            let v = read_state_version(&d.display().to_string()).expect("state.json exists");
            match out {
                Ok(_) => assert_eq!(v, 2, "{what}: acknowledged but not on disk"),
                Err(k) => {
                    assert!(v == 1 || v == 2, "{what}: whole old or new");
                    assert!(
                        matches!(k, ErrorKind::IoError | ErrorKind::NotFound),
                        "{what}: {k:?}"
                    );
                }
            }
        },
    );
    runs += inject(
        "events",
        ws_setup,
        |d, fs| {
            let ev = fourx_core::protocol::state::Event::from_input(
                &json!({"phase": "coding", "type": "note", "cmd": "e2", "detail": pad(2)}),
            )
            .unwrap();
            ws(d, fs)
                .append_event(&feat(), &ev, now)
                .map(|_| true)
                .map_err(|e| e.kind)
        },
        |d, what, out| {
            let text = std::fs::read_to_string(d.join(".4x/run/feat/events.jsonl")).unwrap();
            let whole: Vec<&str> = text
                .split('\n')
                .filter(|l| serde_json::from_str::<Value>(l).is_ok())
                .collect();
            assert!(
                whole.first().is_some_and(|l| l.contains("\"e1\"")),
                "{what}: old line kept"
            );
            match out {
                Ok(_) => assert!(
                    whole.iter().any(|l| l.contains("\"e2\"")),
                    "{what}: acknowledged but not on disk"
                ),
                Err(k) => assert!(
                    matches!(k, ErrorKind::IoError | ErrorKind::NotFound),
                    "{what}: {k:?}"
                ),
            }
        },
    );
    runs += inject(
        "stop",
        ws_setup,
        |d, fs| {
            ws(d, fs)
                .request_stop(&feat())
                .map(|_| true)
                .map_err(|e| e.kind)
        },
        |d, what, out| {
            let stop = std::fs::read(d.join(".4x/run/feat/stop")).ok();
            if let Some(b) = &stop {
                assert_eq!(b.as_slice(), b"mcp-stop\n", "{what}: whole stop file");
            }
            if out.is_ok() {
                assert!(stop.is_some(), "{what}: acknowledged but not on disk");
            }
        },
    );
    eprintln!("workspace writes: {runs} faulty runs");
}
