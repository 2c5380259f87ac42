//! No read is unbounded (SECURITY.md): every file fourx reads is `fstat`ed and refused before
//! reading when it is over its limit or not a regular file (a FIFO never blocks, `/dev/zero` is
//! never read), and at most limit + 1 bytes are ever read. Sparse 1 GiB files cost no disk; the
//! process's peak RSS (VmHWM) shows whether one was read. Its own test binary, so that no other
//! test's memory shows in the peak.
#![cfg(feature = "fs")]

// Its own binary (not a module of `it`): the peak RSS it checks must be this process's alone.
#[path = "it/common/mod.rs"]
mod common;

use common::TempDir;
use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use fourx_core::ops::Handle;
use fourx_core::store::{Fs, RealFs, TooLarge};
use fourx_core::ErrorKind;
use serde_json::{json, Value};

const GIB: u64 = 1 << 30;
const NOW: &str = "2024-05-01T12:00:00Z";

fn call(op: &str, input: Value) -> Result<Value, fourx_core::Error> {
    fourx_core::ops::call(op, &input)
}

/// A sparse file of `len` bytes (zeros; no disk blocks).
fn sparse(path: &Path, len: u64) {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).unwrap();
    }
    std::fs::File::create(path).unwrap().set_len(len).unwrap();
}

/// The process's peak resident set size in bytes.
fn peak_rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM in /proc/self/status");
    let kb: u64 = line
        .split_whitespace()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap();
    kb * 1024
}

/// Fails when the peak RSS shows a file of (about) a gibibyte was read.
fn assert_not_read_whole(what: &str) {
    let peak = peak_rss();
    assert!(
        peak < GIB / 4,
        "{what}: peak RSS {peak} bytes — a 1 GiB file was read whole"
    );
}

/// Runs `f` on another thread and fails if it has not answered within a minute (a read blocked
/// on a FIFO never answers).
fn answers<T: Send + 'static>(what: &str, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(Duration::from_secs(60))
        .unwrap_or_else(|_| panic!("{what} blocked"))
}

fn mkfifo(path: &Path) {
    rustix::fs::mknodat(
        rustix::fs::CWD,
        path,
        rustix::fs::FileType::Fifo,
        rustix::fs::Mode::from_raw_mode(0o644),
        0,
    )
    .expect("mkfifo");
}

#[test]
fn read_limited_refuses_oversize_files_before_reading_them() {
    let d = TempDir::new("bounded");
    let p = d.path().join("big");
    sparse(&p, GIB);
    let e = RealFs.read_limited(&p, 4 << 20).unwrap_err();
    assert_eq!(
        TooLarge::of(&e),
        Some(TooLarge {
            size: GIB,
            limit: 4 << 20
        })
    );
    std::fs::write(&p, b"12345").unwrap();
    assert_eq!(RealFs.read_limited(&p, 5).unwrap(), b"12345");
    assert!(TooLarge::of(&RealFs.read_limited(&p, 4).unwrap_err()).is_some());
    assert_not_read_whole("read_limited");
}

#[test]
fn read_limited_refuses_fifos_devices_and_directories_without_blocking() {
    let d = TempDir::new("nonregular");
    let fifo = d.path().join("fifo");
    mkfifo(&fifo);
    for p in [fifo, "/dev/zero".into(), d.path().to_path_buf()] {
        let e = answers("read of a non-regular file", {
            let p = p.clone();
            move || RealFs.read_limited(&p, 1 << 20).unwrap_err()
        });
        assert_eq!(
            e.kind(),
            std::io::ErrorKind::InvalidInput,
            "{}",
            p.display()
        );
    }
}

#[test]
fn oversize_feature_yaml_is_refused_by_every_op_that_reads_it() {
    let d = TempDir::new("bigyaml");
    let r = d.s();
    sparse(&d.path().join(".4x/features/F1.yaml"), GIB);
    std::fs::create_dir_all(d.path().join(".4x/run/F1")).unwrap();
    sparse(&d.path().join(".4x/run/F1/test-strategy.yaml"), GIB);
    for (op, extra) in [
        ("workspace.load_feature", json!({"feature_id": "F1"})),
        (
            "workspace.sync_feature_status",
            json!({"feature_id": "F1", "phase": "coding"}),
        ),
        (
            "workspace.clean_feature",
            json!({"feature_id": "F1", "now": NOW}),
        ),
        ("workspace.read_test_strategy", json!({"feature_id": "F1"})),
    ] {
        let mut input = json!({"root": r});
        input
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let e = call(op, input).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InputTooLarge, "{op}: {e}");
    }
    let listed = call("workspace.list_features", json!({"root": r})).unwrap();
    assert_eq!(listed["features"], json!([]));
    assert_eq!(listed["warnings"][0]["kind"], "parse_error", "{listed}");
    // The cached reader reads through the same bound.
    let cached = fourx_core::ops::workspace_cached::HeldCachedWorkspace::from_config(
        json!({"root": r}).as_object().unwrap(),
    )
    .unwrap();
    let e = cached
        .call(
            "workspace.load_feature",
            json!({"feature_id": "F1"}).as_object().unwrap(),
        )
        .unwrap_err();
    assert_eq!(e.kind, ErrorKind::InputTooLarge);
    assert_not_read_whole("feature YAML");
}

#[test]
fn oversize_json_documents_are_refused_before_parsing() {
    let d = TempDir::new("bigjson");
    let r = d.s();
    let home = d.path().join("home");
    sparse(&d.path().join(".4x/settings.json"), GIB);
    sparse(&d.path().join(".4x/run/F1/state.json"), GIB);
    sparse(&home.join(".4x/settings.json"), GIB);
    let h = home.to_str().unwrap();
    for (op, input) in [
        ("config.read", json!({"root": r})),
        ("config.load_merged", json!({"root": r, "home": h})),
        ("config.read_user", json!({"home": h})),
        (
            "workspace.read_state",
            json!({"root": r, "feature_id": "F1"}),
        ),
        (
            "workspace.reconcile_active",
            json!({"root": r, "feature_id": "F1", "now": NOW}),
        ),
        (
            "workspace.finalize_done",
            json!({"root": r, "feature_id": "F1", "now": NOW}),
        ),
    ] {
        let e = call(op, input).unwrap_err();
        assert_eq!(e.kind, ErrorKind::IoError, "{op}: {e}");
        assert!(e.message.contains("limit"), "{op}: {e}");
    }
    assert_not_read_whole("JSON documents");
}

#[test]
fn fifos_and_device_links_in_the_workspace_never_block_or_stream() {
    let d = TempDir::new("fifo-ws");
    let r = d.s().to_string();
    std::fs::create_dir_all(d.path().join(".4x/features")).unwrap();
    std::fs::create_dir_all(d.path().join(".4x/run/F1")).unwrap();
    mkfifo(&d.path().join(".4x/settings.json"));
    mkfifo(&d.path().join(".4x/run/F1/state.json"));
    mkfifo(&d.path().join(".4x/run/F1/events.jsonl"));
    std::os::unix::fs::symlink("/dev/zero", d.path().join(".4x/features/F1.yaml")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", d.path().join(".4x/features/F2.yaml")).unwrap();
    for (op, extra) in [
        ("config.read", json!({})),
        ("workspace.read_state", json!({"feature_id": "F1"})),
        ("workspace.load_feature", json!({"feature_id": "F1"})),
        ("workspace.total_cost", json!({"feature_id": "F1"})),
        ("workspace.list_features", json!({})),
    ] {
        let mut input = json!({"root": r});
        input
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let out = answers(op, move || call(op, input));
        match out {
            Err(e) => assert_eq!(e.kind, ErrorKind::IoError, "{op}: {e}"),
            Ok(v) => assert!(
                v.get("warnings")
                    .is_some_and(|w| w.as_array().is_some_and(|w| w.len() == 2)),
                "{op}: {v}"
            ),
        }
    }
}

#[test]
fn an_anchor_file_over_the_scanner_limit_is_unverifiable() {
    let t = TempDir::new("biganchor");
    let home = t.path().join("home");
    let repo = home.join("src/proj");
    std::fs::create_dir_all(repo.join(".git")).unwrap();
    sparse(&repo.join("internal/blueprint/fold.go"), GIB);
    let (home, repo) = (home.to_str().unwrap(), repo.to_str().unwrap());
    let id = fourx_core::protocol::projectid::compute(repo).unwrap();
    let dir = fourx_core::blueprint::storage_paths(Some(home), &id).unwrap();
    let items: Vec<Value> = (0..3)
        .map(|i| json!({"module": "internal/blueprint", "field": "invariants", "where": format!("internal/blueprint/fold.go:{}", i + 1), "claim": format!("Claim number {i} holds.")}))
        .collect();
    let out = call(
        "blueprint.commit",
        json!({
            "store": {"kind": "fs", "dir": dir.dir},
            "home": home,
            "repo_root": repo,
            "project_id": id,
            "items": items,
            "snapshot": {"modules": [{"path": "internal/blueprint", "fingerprint": "b1", "bytes": 10}], "edges": []},
            "evidence": ["internal/blueprint"],
            "now": NOW,
            "nonce": "1a2b3c4d",
        }),
    )
    .unwrap();
    let verdicts: Vec<&Value> = ["accepted", "rejected", "deferred"]
        .iter()
        .flat_map(|k| out["result"][k].as_array().into_iter().flatten())
        .map(|e| &e["anchor"])
        .collect();
    assert!(!verdicts.is_empty(), "{out}");
    assert!(
        verdicts.iter().all(|v| *v == "unverifiable"),
        "{verdicts:?} {out}"
    );
    assert_not_read_whole("anchor check");
}

/// Every file name fourx reads in a workspace (settings, candidates, features, run and round
/// files), planted as FIFOs and `/dev/zero` links, in turn.
const RUN_FILES: &[&str] = &[
    "state.json",
    "events.jsonl",
    "baseline.json",
    "escalation.json",
    "verify.json",
    "deep-review-angles.json",
    "test-report.md",
    "review-report.md",
    "deep-review-report.md",
    "coder-report.md",
    "final-report.md",
    "guard-feedback.json",
    "build-gate.json",
    "docs-gate.json",
    "gate-verdicts.json",
    "learnings.json",
    "task-brief.md",
    "acceptance-criteria.md",
    "notes.md",
];

/// A workspace where every file fourx may read is a FIFO (odd positions) or a link to
/// `/dev/zero` (even positions), with run directory `F1`, round directory `round-1`, and a run
/// directory `F2` that links to `outside` (which must stay empty).
fn hostile_workspace(d: &TempDir) -> std::path::PathBuf {
    let root = d.path().join("ws");
    let run = root.join(".4x/run/F1");
    let round = run.join("rounds/round-1");
    std::fs::create_dir_all(&round).unwrap();
    std::fs::create_dir_all(root.join(".4x/features")).unwrap();
    std::fs::create_dir_all(d.path().join("outside")).unwrap();
    std::os::unix::fs::symlink(d.path().join("outside"), root.join(".4x/run/F2")).unwrap();
    let plant = |path: &Path, i: usize| {
        if i.is_multiple_of(2) {
            std::os::unix::fs::symlink("/dev/zero", path).unwrap();
        } else {
            mkfifo(path);
        }
    };
    plant(&root.join(".4x/settings.json"), 0);
    plant(&root.join(".4x/candidates.json"), 1);
    plant(&root.join(".4x/features/F1.yaml"), 0);
    plant(&root.join(".4x/features/F2.yaml"), 1);
    plant(&root.join(".4x/features/test-strategy.yaml"), 0);
    for (i, name) in RUN_FILES.iter().enumerate() {
        plant(&run.join(name), i);
        plant(&round.join(name), i + 1);
    }
    root
}

/// Names in `dir` (recursively) that have fourx's temp-name shape `.<name>.<pid>-<n>-<nanos>.tmp`.
fn temp_files(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name().to_string_lossy().into_owned();
        if e.file_type().is_ok_and(|t| t.is_dir()) {
            temp_files(&p, out);
        } else if name.starts_with('.') && name.ends_with(".tmp") {
            out.push(p.display().to_string());
        }
    }
}

/// A plausible input for `op` over `root`: every key the catalog names, with a value of the
/// shape the key usually has.
fn input_over(op: &fourx_core::ops::OpInfo, root: &str, feature: &str) -> Value {
    let mut m = serde_json::Map::new();
    for k in op.input() {
        let k = k.trim_end_matches('?');
        let v = match k {
            "root" | "start_dir" | "dir" | "worktree" => json!(root),
            "feature_id" | "id" | "feature" => json!(feature),
            "now" => json!(NOW),
            "round" | "pid" | "max_rounds" => json!(1),
            "file" => json!("verify"),
            "state" => json!({"featureId": feature, "phase": "coding", "round": 1}),
            "event" => json!({"type": "phase-start", "phase": "coding"}),
            "value" => json!({}),
            "pid_alive" => json!({}),
            _ => continue,
        };
        m.insert(k.to_string(), v);
    }
    Value::Object(m)
}

#[test]
fn every_op_over_a_workspace_of_fifos_and_device_links_answers_with_a_documented_kind() {
    let d = TempDir::new("hostile-ws");
    let root = hostile_workspace(&d);
    let r = root.display().to_string();
    let mut problems = Vec::new();
    let mut covered = 0;
    for op in fourx_core::ops::catalog() {
        if !op.input().iter().any(|k| k.trim_end_matches('?') == "root") {
            continue;
        }
        covered += 1;
        for feature in ["F1", "F2"] {
            let input = input_over(op, &r, feature);
            let name = op.name;
            let out = answers(name, move || {
                std::panic::catch_unwind(|| fourx_core::ops::call(name, &input))
            });
            eprintln!(
                "{name} ({feature}): {}",
                match &out {
                    Ok(Ok(_)) => "ok".to_string(),
                    Ok(Err(e)) => format!(
                        "{}: {}",
                        e.kind.as_str(),
                        e.message.chars().take(100).collect::<String>()
                    ),
                    Err(_) => "panic".to_string(),
                }
            );
            match out {
                Err(_) => problems.push(format!("{name} ({feature}): PANIC")),
                Ok(Err(e)) if e.kind != ErrorKind::InvalidInput && !op.errors.contains(&e.kind) => {
                    problems.push(format!(
                        "{name} ({feature}): undocumented kind {}: {e}",
                        e.kind.as_str()
                    ))
                }
                Ok(_) => {}
            }
            let outside: Vec<_> = std::fs::read_dir(d.path().join("outside"))
                .unwrap()
                .flatten()
                .map(|e| e.path().display().to_string())
                .collect();
            if !outside.is_empty() {
                problems.push(format!(
                    "{name} ({feature}): wrote through the link: {outside:?}"
                ));
                for p in outside {
                    let _ = std::fs::remove_dir_all(&p);
                    let _ = std::fs::remove_file(&p);
                }
            }
        }
    }
    let mut temps = Vec::new();
    temp_files(d.path(), &mut temps);
    assert!(temps.is_empty(), "partial files left visible: {temps:?}");
    assert!(covered >= 20, "only {covered} ops take a root");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert_not_read_whole("ops over a hostile workspace");
}

#[test]
fn append_event_refuses_an_events_file_that_is_a_fifo_a_device_or_a_link() {
    let d = TempDir::new("append-nonregular");
    let r = d.s().to_string();
    let run = d.path().join(".4x/run/F1");
    std::fs::create_dir_all(&run).unwrap();
    let outside = d.path().join("outside.jsonl");
    std::fs::write(&outside, b"").unwrap();
    let events = run.join("events.jsonl");
    let event = json!({"type": "phase-start", "phase": "coding"});
    let plant: [(&str, &dyn Fn()); 3] = [
        ("FIFO", &|| mkfifo(&events)),
        ("link to /dev/null", &|| {
            std::os::unix::fs::symlink("/dev/null", &events).unwrap()
        }),
        ("link to a file outside", &|| {
            std::os::unix::fs::symlink(&outside, &events).unwrap()
        }),
    ];
    for (what, make) in plant {
        let _ = std::fs::remove_file(&events);
        make();
        let input = json!({"root": r, "feature_id": "F1", "event": event, "now": NOW});
        let e = answers(what, move || call("workspace.append_event", input))
            .expect_err(&format!("an event appended to a {what} was acknowledged"));
        assert_eq!(e.kind, ErrorKind::IoError, "{what}: {e}");
    }
    assert_eq!(
        std::fs::read(&outside).unwrap(),
        b"",
        "written through the link"
    );
}
