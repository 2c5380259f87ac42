//! The `.4x` workspace on a real filesystem, through the ops and the typed API: state and event
//! files, the stop signal, reconcile, find, feature-id resolution, fault injection, and hostile
//! feature ids against every op that takes one.
#![cfg(feature = "fs")]

use crate::common;

use common::TempDir;
use std::path::Path;
use std::sync::Arc;

use fourx_core::protocol::state::{parse_time, AnyPhase, State};
use fourx_core::store::{Fault, FaultyFs, FsOp};
use fourx_core::workspace::{FeatureId, WorkspaceFs};
use fourx_core::ErrorKind;
use serde_json::{json, Value};

fn call(op: &str, input: Value) -> Result<Value, fourx_core::Error> {
    fourx_core::ops::call(op, &input)
}

/// Every file and directory under `dir`, relative, sorted.
fn tree(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let p = e.path();
            out.push(p.strip_prefix(dir).unwrap().to_string_lossy().into_owned());
            if e.file_type().unwrap().is_dir() {
                stack.push(p);
            }
        }
    }
    out.sort();
    out
}

const NOW: &str = "2024-05-01T12:34:56.5+08:00";

#[test]
fn write_then_read_state_round_trips_and_file_bytes_match_render() {
    let d = TempDir::new("state");
    call(
        "workspace.init_feature_dir",
        json!({"root": d.s(), "feature_id": "F001"}),
    )
    .unwrap();
    let state = json!({"featureId": "F001", "phase": "coding", "subPhase": "fixing", "round": 1, "runner": "claude", "runners": []});
    let written = call(
        "workspace.write_state",
        json!({"root": d.s(), "feature_id": "F001", "state": state, "now": NOW}),
    )
    .unwrap();
    assert_eq!(written["state"]["updatedAt"], "2024-05-01T12:34:56.5+08:00");
    assert!(written["state"].get("subPhase").is_none());
    let text = std::fs::read_to_string(d.path().join(".4x/run/F001/state.json")).unwrap();
    let rendered = call(
        "workspace.render_state",
        json!({"state": state, "now": NOW}),
    )
    .unwrap();
    assert_eq!(rendered["text"], text.as_str());
    assert!(!text.ends_with('\n'));
    let read = call(
        "workspace.read_state",
        json!({"root": d.s(), "feature_id": "F001"}),
    )
    .unwrap();
    assert_eq!(read["state"], written["state"]);
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(d.path().join(".4x/run/F001/state.json"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o644);
}

#[test]
fn read_state_reports_missing_and_undecodable_files() {
    let d = TempDir::new("read");
    call(
        "workspace.init_feature_dir",
        json!({"root": d.s(), "feature_id": "F1"}),
    )
    .unwrap();
    let e = call(
        "workspace.read_state",
        json!({"root": d.s(), "feature_id": "F1"}),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound);
    std::fs::write(d.path().join(".4x/run/F1/state.json"), b"{\"round\":\"3\"}").unwrap();
    let e = call(
        "workspace.read_state",
        json!({"root": d.s(), "feature_id": "F1"}),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidJson);
    std::fs::write(
        d.path().join(".4x/run/F1/state.json"),
        b"{\"round\":3,\"round\":null,\"featureId\":\"\\ud800\"}",
    )
    .unwrap();
    let s = call(
        "workspace.read_state",
        json!({"root": d.s(), "feature_id": "F1"}),
    )
    .unwrap();
    assert_eq!(
        (
            s["state"]["round"].as_i64(),
            s["state"]["featureId"].as_str()
        ),
        (Some(3), Some("\u{fffd}"))
    );
}

#[test]
fn writes_need_an_existing_feature_dir() {
    let d = TempDir::new("nodir");
    for (op, extra) in [
        ("workspace.write_state", json!({"state": {}, "now": NOW})),
        (
            "workspace.append_event",
            json!({"event": {"type": "x"}, "now": NOW}),
        ),
        ("workspace.request_stop", json!({})),
    ] {
        let mut input = json!({"root": d.s(), "feature_id": "F1"});
        input
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        assert_eq!(
            call(op, input).unwrap_err().kind,
            ErrorKind::NotFound,
            "{op}"
        );
    }
    assert!(tree(d.path()).is_empty());
}

#[test]
fn append_event_stamps_utc_seconds_and_scanners_read_the_file() {
    let d = TempDir::new("events");
    call(
        "workspace.init_feature_dir",
        json!({"root": d.s(), "feature_id": "F1"}),
    )
    .unwrap();
    let base = json!({"root": d.s(), "feature_id": "F1", "now": NOW});
    let with = |event: Value| {
        let mut i = base.clone();
        i["event"] = event;
        i
    };
    let e = call(
        "workspace.append_event",
        with(json!({"type": "run-end", "cost_usd": 1.25})),
    )
    .unwrap();
    assert_eq!(e["event"]["ts"], "2024-05-01T04:34:56Z");
    call(
        "workspace.append_event",
        with(json!({"type": "run-end", "cost_usd": 2, "ts": "kept"})),
    )
    .unwrap();
    call(
        "workspace.append_event",
        with(json!({"type": "run-output", "detail": "worktree: /tmp/wt"})),
    )
    .unwrap();
    let text = std::fs::read_to_string(d.path().join(".4x/run/F1/events.jsonl")).unwrap();
    assert_eq!(
        text,
        "{\"ts\":\"2024-05-01T04:34:56Z\",\"phase\":\"\",\"type\":\"run-end\",\"cost_usd\":1.25}\n\
         {\"ts\":\"kept\",\"phase\":\"\",\"type\":\"run-end\",\"cost_usd\":2}\n\
         {\"ts\":\"2024-05-01T04:34:56Z\",\"phase\":\"\",\"type\":\"run-output\",\"detail\":\"worktree: /tmp/wt\"}\n"
    );
    let id = json!({"root": d.s(), "feature_id": "F1"});
    assert_eq!(
        call("workspace.total_cost", id.clone()).unwrap()["total_cost_usd"],
        3.25
    );
    assert_eq!(
        call("workspace.worktree_path", id).unwrap()["worktree_path"],
        "/tmp/wt"
    );
}

#[test]
fn scanners_of_a_feature_without_events_give_zero_and_empty() {
    let d = TempDir::new("noevents");
    let id = json!({"root": d.s(), "feature_id": "F1"});
    assert_eq!(
        call("workspace.total_cost", id.clone()).unwrap()["total_cost_usd"],
        0
    );
    assert_eq!(
        call("workspace.worktree_path", id).unwrap()["worktree_path"],
        ""
    );
}

#[test]
fn scanners_read_an_events_log_longer_than_the_read_limit_to_its_last_line() {
    use std::io::Write;
    let d = TempDir::new("longlog");
    let dir = d.path().join(".4x/run/F1");
    std::fs::create_dir_all(&dir).unwrap();
    // Lines refused at their first byte, so the test spends its time reading, not decoding.
    let filler = format!("{}\n", "x".repeat(8191));
    let mut f = std::io::BufWriter::new(std::fs::File::create(dir.join("events.jsonl")).unwrap());
    let mut written = 0u64;
    writeln!(
        f,
        "{{\"type\":\"run-output\",\"detail\":\"worktree: /early\"}}"
    )
    .unwrap();
    while written <= fourx_core::store::READ_LIMIT {
        f.write_all(filler.as_bytes()).unwrap();
        written += filler.len() as u64;
    }
    writeln!(f, "{{\"type\":\"run-end\",\"cost_usd\":0.5}}").unwrap();
    writeln!(f, "{{\"typo\":1}}").unwrap();
    write!(
        f,
        "{{\"type\":\"run-output\",\"detail\":\"worktree: /late\"}}"
    )
    .unwrap();
    f.into_inner().unwrap().sync_all().unwrap();
    let id = json!({"root": d.s(), "feature_id": "F1"});
    assert_eq!(
        call("workspace.worktree_path", id.clone()).unwrap()["worktree_path"],
        "/late"
    );
    assert_eq!(
        call("workspace.total_cost", id.clone()).unwrap()["total_cost_usd"],
        0.5
    );
    let check = call("workspace.check_events", id).unwrap();
    let fillers = written / filler.len() as u64;
    assert_eq!(check["lines"], 4 + fillers);
    let warnings = check["warnings"].as_array().unwrap();
    assert_eq!(
        warnings.len() as u64,
        fillers + 1,
        "one parse error per filler, one typo"
    );
    let last = warnings.last().unwrap();
    assert_eq!(last["kind"], "unknown_key", "{last}");
    let want = format!("line {}: ", fillers + 3);
    assert!(
        last["message"].as_str().unwrap().starts_with(&want),
        "{last}"
    );
}

#[test]
fn stop_signal_request_query_clear() {
    let d = TempDir::new("stop");
    let id = json!({"root": d.s(), "feature_id": "F1"});
    call("workspace.init_feature_dir", id.clone()).unwrap();
    assert_eq!(
        call("workspace.stop_requested", id.clone()).unwrap()["requested"],
        false
    );
    call("workspace.request_stop", id.clone()).unwrap();
    assert_eq!(
        std::fs::read(d.path().join(".4x/run/F1/stop")).unwrap(),
        b"mcp-stop\n"
    );
    assert_eq!(
        call("workspace.stop_requested", id.clone()).unwrap()["requested"],
        true
    );
    call("workspace.clear_stop", id.clone()).unwrap();
    call("workspace.clear_stop", id.clone()).unwrap();
    assert_eq!(
        call("workspace.stop_requested", id).unwrap()["requested"],
        false
    );
    assert_eq!(tree(&d.path().join(".4x/run/F1")), ["rounds"]);
}

#[test]
fn reconcile_writes_only_when_the_process_is_gone() {
    let d = TempDir::new("reconcile");
    let id = json!({"root": d.s(), "feature_id": "F1"});
    call("workspace.init_feature_dir", id.clone()).unwrap();
    let mine = i64::from(std::process::id());
    let state = json!({"featureId": "F1", "phase": "coding", "active": true, "pid": mine});
    call(
        "workspace.write_state",
        json!({"root": d.s(), "feature_id": "F1", "state": state, "now": "2024-01-01T00:00:00Z"}),
    )
    .unwrap();
    // Probed: this process is alive.
    let r = call(
        "workspace.reconcile_active",
        json!({"root": d.s(), "feature_id": "F1", "now": NOW}),
    )
    .unwrap();
    assert_eq!(
        (r["changed"].as_bool(), r["state"]["active"].as_bool()),
        (Some(false), Some(true))
    );
    // Told dead: corrected and written.
    let r = call(
        "workspace.reconcile_active",
        json!({"root": d.s(), "feature_id": "F1", "now": NOW, "pid_alive": false}),
    )
    .unwrap();
    assert_eq!(r["changed"], true);
    assert_eq!(r["state"]["stopReason"], "process-gone");
    assert!(r["state"].get("pid").is_none());
    let read = call("workspace.read_state", id).unwrap();
    assert_eq!(read["state"], r["state"]);
    assert_eq!(read["state"]["updatedAt"], NOW);
}

#[test]
fn find_walks_up_to_the_nearest_dot_4x() {
    let d = TempDir::new("find");
    std::fs::create_dir_all(d.path().join("proj/.4x")).unwrap();
    std::fs::create_dir_all(d.path().join("proj/a/b")).unwrap();
    let start = d.path().join("proj/a/b");
    let r = call(
        "workspace.find",
        json!({"start_dir": start.to_str().unwrap()}),
    )
    .unwrap();
    assert_eq!(r["root"], d.path().join("proj").to_str().unwrap());
    std::fs::write(d.path().join("x"), b"").unwrap();
    let e = call(
        "workspace.find",
        json!({"start_dir": "relative-dir-that-has-no-dot-4x"}),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::NotFound);
}

#[test]
fn resolve_feature_id_lists_features_dir_skipping_dirs_and_temp_files() {
    let d = TempDir::new("resolve");
    let f = d.path().join(".4x/features");
    std::fs::create_dir_all(f.join("F003-dir.yaml")).unwrap();
    std::fs::write(f.join("F001-login.yaml"), b"").unwrap();
    std::fs::write(f.join(".F002-x.yaml.1-2-3.tmp"), b"").unwrap();
    std::fs::write(f.join(".yaml"), b"").unwrap();
    let r = call(
        "workspace.resolve_feature_id",
        json!({"root": d.s(), "prefix": "f00"}),
    )
    .unwrap();
    assert_eq!(r["feature_id"], "F001-login");
    let e = call(
        "workspace.resolve_feature_id",
        json!({"root": d.s(), "prefix": ""}),
    );
    assert_eq!(e.unwrap()["feature_id"], "F001-login");
    let e = call(
        "workspace.resolve_feature_id",
        json!({"root": d.path().join("nope").to_str().unwrap(), "prefix": "F"}),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::IoError);
}

#[test]
fn atomic_write_file_op_writes_exact_mode_and_refuses_paths_as_names() {
    let d = TempDir::new("awf");
    call("workspace.atomic_write_file", json!({"dir": d.s(), "final_name": "a.txt", "data": "hi", "perm": 0o600, "tmp_pattern": ".a-*"})).unwrap();
    call(
        "workspace.atomic_write_file",
        json!({"dir": d.s(), "final_name": "b.bin", "data_base64": "AAH/", "perm": 420}),
    )
    .unwrap();
    assert_eq!(std::fs::read(d.path().join("a.txt")).unwrap(), b"hi");
    assert_eq!(std::fs::read(d.path().join("b.bin")).unwrap(), [0, 1, 255]);
    for name in ["../x", "a/b", "", ".."] {
        let e = call(
            "workspace.atomic_write_file",
            json!({"dir": d.s(), "final_name": name, "data": "x", "perm": 420}),
        )
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidInput, "{name:?}");
    }
    let e = call("workspace.atomic_write_file", json!({"dir": d.path().join("missing").to_str().unwrap(), "final_name": "a", "data": "x", "perm": 420})).unwrap_err();
    assert_eq!(e.kind, ErrorKind::IoError);
    assert_eq!(tree(d.path()), ["a.txt", "b.bin"]);
}

/// Every op that takes a feature id refuses hostile ids before touching anything: a sentinel
/// tree around the workspace stays exactly as it was.
#[test]
fn hostile_feature_ids_never_touch_anything() {
    let outer = TempDir::new("hostile");
    let root = outer.path().join("ws");
    std::fs::create_dir_all(root.join(".4x/run/victim")).unwrap();
    std::fs::write(root.join(".4x/run/victim/state.json"), b"{}").unwrap();
    std::fs::write(outer.path().join("state.json"), b"outside").unwrap();
    let before = tree(outer.path());
    let r = root.to_str().unwrap();
    let hostile = [
        "",
        ".",
        "..",
        "../..",
        "../victim",
        "../../..",
        "a/b",
        "/etc",
        "/",
        "x/../..",
        "..\\..",
        "a\\b",
        "a\0b",
        "\n",
        "F1\r",
        "x\u{7f}",
        "x\u{85}",
        "x\u{9b}",
    ];
    let ops: [(&str, Value); 12] = [
        ("workspace.feature_dir", json!({})),
        ("workspace.round_dir", json!({"round": 1})),
        ("workspace.total_cost", json!({})),
        ("workspace.worktree_path", json!({})),
        ("workspace.init_feature_dir", json!({})),
        ("workspace.read_state", json!({})),
        (
            "workspace.write_state",
            json!({"state": {"featureId": "x"}, "now": NOW}),
        ),
        (
            "workspace.append_event",
            json!({"event": {"type": "x"}, "now": NOW}),
        ),
        ("workspace.request_stop", json!({})),
        ("workspace.stop_requested", json!({})),
        ("workspace.clear_stop", json!({})),
        (
            "workspace.reconcile_active",
            json!({"now": NOW, "pid_alive": false, "state": {"active": true}}),
        ),
    ];
    for id in hostile {
        for (op, extra) in &ops {
            let mut input = json!({"root": r, "feature_id": id});
            input
                .as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            let e = call(op, input).unwrap_err();
            assert_eq!(e.kind, ErrorKind::InvalidFeatureId, "{op} {id:?}");
        }
    }
    assert_eq!(tree(outer.path()), before);
}

#[test]
fn symlinked_feature_dirs_are_not_written_through() {
    let d = TempDir::new("symlink");
    std::fs::create_dir_all(d.path().join("ws/.4x/run")).unwrap();
    std::fs::create_dir_all(d.path().join("elsewhere")).unwrap();
    std::os::unix::fs::symlink(d.path().join("elsewhere"), d.path().join("ws/.4x/run/F1")).unwrap();
    let root = d.path().join("ws");
    let r = root.to_str().unwrap();
    let e = call(
        "workspace.write_state",
        json!({"root": r, "feature_id": "F1", "state": {}, "now": NOW}),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::IoError);
    let e = call(
        "workspace.append_event",
        json!({"root": r, "feature_id": "F1", "event": {}, "now": NOW}),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::IoError);
    assert!(tree(&d.path().join("elsewhere")).is_empty());
}

fn ws_with(dir: &Path, fs: FaultyFs) -> (WorkspaceFs, Arc<FaultyFs>) {
    let fs = Arc::new(fs);
    let w = WorkspaceFs::with_fs(dir.to_str().unwrap(), fs.clone()).unwrap();
    (w, fs)
}

#[test]
fn failed_state_write_keeps_the_previous_state_readable() {
    for (op, fault) in [
        (FsOp::Write, Fault::DiskFull),
        (FsOp::Sync, Fault::Fail),
        (FsOp::Rename, Fault::Fail),
        (FsOp::Sync, Fault::CrashAfter),
    ] {
        let d = TempDir::new("wsfault");
        let id = FeatureId::new("F1").unwrap();
        let good = WorkspaceFs::new(d.s()).unwrap();
        good.init_feature_dir(&id).unwrap();
        let now = parse_time("2024-01-01T00:00:00Z").unwrap();
        let old = State {
            feature_id: "F1".into(),
            phase: AnyPhase::new("coding"),
            round: 1,
            ..State::default()
        };
        good.write_state(&id, &old, now).unwrap();
        let (w, _) = ws_with(d.path(), FaultyFs::new().fail_nth(op, 1, fault));
        let new = State {
            round: 2,
            ..old.clone()
        };
        assert!(w.write_state(&id, &new, now).is_err(), "{op:?}");
        assert_eq!(good.read_state(&id).unwrap().round, 1, "{op:?} {fault:?}");
    }
}

#[test]
fn failed_append_is_not_acknowledged_and_does_not_corrupt_the_next_line() {
    let d = TempDir::new("appfault");
    let id = FeatureId::new("F1").unwrap();
    let (w, _) = ws_with(
        d.path(),
        FaultyFs::new().fail_nth(FsOp::AppendLine, 2, Fault::DiskFull),
    );
    w.init_feature_dir(&id).unwrap();
    let now = parse_time("2024-01-01T00:00:00Z").unwrap();
    let ev = |c: f64| fourx_core::protocol::state::Event {
        event_type: "run-end".into(),
        cost_usd: c,
        ..Default::default()
    };
    w.append_event(&id, &ev(1.0), now).unwrap();
    assert!(w.append_event(&id, &ev(10.0), now).is_err());
    w.append_event(&id, &ev(2.0), now).unwrap();
    assert_eq!(w.total_cost(&id).unwrap(), 3.0);
}

mod fault_properties {
    use super::*;
    use fourx_core::protocol::state::Event;
    use proptest::prelude::*;

    fn fault_op() -> impl Strategy<Value = FsOp> {
        prop::sample::select(vec![
            FsOp::CreateExclusive,
            FsOp::Write,
            FsOp::SetMode,
            FsOp::Sync,
            FsOp::Rename,
            FsOp::SyncDir,
            FsOp::AppendLine,
            FsOp::Stat,
        ])
    }

    fn fault() -> impl Strategy<Value = Fault> {
        prop::sample::select(vec![Fault::Fail, Fault::DiskFull])
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

        /// Whatever single call fails, state.json is always a complete state (the acknowledged
        /// one, or — only when the rename happened before the failure — the new one), and every
        /// acknowledged event line is in events.jsonl intact while no failed one is.
        #[test]
        fn nothing_is_acknowledged_that_was_not_written(
            op in fault_op(), nth in 1usize..6, fault in fault(), rounds in 1i64..6,
        ) {
            let d = TempDir::new("prop");
            let id = FeatureId::new("F1").unwrap();
            let real = WorkspaceFs::new(d.s()).unwrap();
            real.init_feature_dir(&id).unwrap();
            let now = parse_time("2024-01-01T00:00:00Z").unwrap();
            let (w, _) = ws_with(d.path(), FaultyFs::new().fail_nth(op, nth, fault));
            let mut acked_round = None;
            let mut acked_events = Vec::new();
            for r in 1..=rounds {
                let s = State { feature_id: "F1".into(), round: r, ..State::default() };
                match w.write_state(&id, &s, now) {
                    Ok(_) => acked_round = Some(r),
                    Err(_) => {
                        let on_disk = real.read_state(&id).ok().map(|s| s.round);
                        prop_assert!(on_disk == acked_round || on_disk == Some(r));
                        if on_disk == Some(r) {
                            acked_round = Some(r); // renamed; only the directory sync failed
                        }
                    }
                }
                prop_assert_eq!(real.read_state(&id).ok().map(|s| s.round), acked_round);
                let e = Event { event_type: "run-end".into(), round: r, cost_usd: 1.0, ..Event::default() };
                if w.append_event(&id, &e, now).is_ok() {
                    acked_events.push(r);
                }
            }
            let text = std::fs::read_to_string(d.path().join(".4x/run/F1/events.jsonl")).unwrap_or_default();
            let complete: Vec<i64> = text
                .lines()
                .filter_map(|l| serde_json::from_str::<Value>(l).ok())
                .filter_map(|v| v["round"].as_i64())
                .collect();
            prop_assert_eq!(complete, acked_events);
            for name in tree(&d.path().join(".4x/run/F1")) {
                prop_assert!(["rounds", "state.json", "events.jsonl"].contains(&name.as_str()), "{}", name);
            }
        }
    }
}

/// A workspace whose FeatureDir `.4x/run/F1` is a symbolic link to `outside/` (which holds one
/// file, a `stop` and a state.json of a finished feature), and `.4x/features/F1.yaml` is done.
fn linked_feature_dir(d: &TempDir) -> (String, std::path::PathBuf) {
    let outside = d.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("big.bin"), vec![0u8; 10_000]).unwrap();
    std::fs::write(outside.join("stop"), b"mcp-stop\n").unwrap();
    std::fs::write(
        outside.join("state.json"),
        br#"{"featureId":"F1","phase":"pending-review","round":1,"active":true,"pid":999999999}"#,
    )
    .unwrap();
    std::fs::create_dir_all(d.path().join("ws/.4x/run")).unwrap();
    std::fs::create_dir_all(d.path().join("ws/.4x/features")).unwrap();
    std::fs::write(
        d.path().join("ws/.4x/features/F1.yaml"),
        "id: F1\nname: n\nstatus: done\n",
    )
    .unwrap();
    std::os::unix::fs::symlink(&outside, d.path().join("ws/.4x/run/F1")).unwrap();
    let root = d.path().join("ws").to_str().unwrap().to_string();
    (root, outside)
}

#[test]
fn nothing_is_created_or_changed_through_a_symlinked_feature_dir() {
    let d = TempDir::new("symlink-all");
    let (r, outside) = linked_feature_dir(&d);
    let before: Vec<(String, Vec<u8>)> = tree(&outside)
        .into_iter()
        .map(|n| (n.clone(), std::fs::read(outside.join(&n)).unwrap()))
        .collect();
    let ops = [
        ("workspace.init_feature_dir", json!({})),
        ("workspace.write_state", json!({"state": {}, "now": NOW})),
        ("workspace.append_event", json!({"event": {}, "now": NOW})),
        ("workspace.request_stop", json!({})),
        ("workspace.clear_stop", json!({})),
        (
            "workspace.reconcile_active",
            json!({"now": NOW, "pid_alive": false}),
        ),
        ("workspace.finalize_done", json!({"now": NOW})),
    ];
    for (op, extra) in ops {
        let mut input = json!({"root": r, "feature_id": "F1"});
        input
            .as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        let e = call(op, input).unwrap_err();
        assert_eq!(e.kind, ErrorKind::IoError, "{op}: {e}");
        let after: Vec<(String, Vec<u8>)> = tree(&outside)
            .into_iter()
            .map(|n| (n.clone(), std::fs::read(outside.join(&n)).unwrap()))
            .collect();
        assert_eq!(after, before, "{op} changed the link's target");
    }
}

#[test]
fn cleaning_a_symlinked_feature_dir_frees_only_the_link() {
    let d = TempDir::new("symlink-clean");
    let (r, outside) = linked_feature_dir(&d);
    std::fs::write(
        outside.join("state.json"),
        br#"{"featureId":"F1","phase":"done","round":1}"#,
    )
    .unwrap();
    let link_size = std::fs::symlink_metadata(d.path().join("ws/.4x/run/F1"))
        .unwrap()
        .len();
    let listed = call(
        "workspace.cleanable_features",
        json!({"root": r, "now": NOW}),
    )
    .unwrap();
    assert_eq!(
        listed["candidates"],
        json!([{"feature_id": "F1", "size": link_size}])
    );
    let freed = call(
        "workspace.clean_feature",
        json!({"root": r, "feature_id": "F1", "now": NOW}),
    )
    .unwrap();
    assert_eq!(freed["freed_bytes"], json!(link_size));
    assert!(outside.join("big.bin").exists());
    assert!(!d.path().join("ws/.4x/run/F1").exists());
}

#[test]
fn ops_refuse_target_names_shaped_like_fourx_temp_files() {
    let d = TempDir::new("tempshape");
    std::fs::create_dir_all(d.path().join(".4x")).unwrap();
    let name = ".pool.json.12-3-456.tmp";
    let e = call(
        "workspace.atomic_write_file",
        json!({"dir": d.s(), "final_name": name, "data": "x", "perm": 420}),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidInput, "{e}");
    assert!(e.message.contains("temp file"), "{e}");
    let e = call(
        "candidates.save",
        json!({"root": d.s(), "file": name, "pool": {"version": 1}}),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidInput, "{e}");
    assert!(e.message.contains("temp file"), "{e}");
    assert_eq!(tree(d.path()), [".4x"]);
    // A dot-tmp name that is not fourx's shape is an ordinary target.
    call(
        "workspace.atomic_write_file",
        json!({"dir": d.s(), "final_name": ".keep.tmp", "data": "x", "perm": 420}),
    )
    .unwrap();
}
