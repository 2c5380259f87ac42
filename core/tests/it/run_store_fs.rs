//! The run-state store on the `.4x` layout ([`FsRunStore`]): the same files the ops write
//! (byte-compatible), conditional replace, the per-feature event sequence, the stop signal,
//! and leases measured by an injected clock; plus [`copy_feature`], the exact-bytes copy that
//! export and import are made of.
#![cfg(feature = "fs")]

use crate::common;

use common::TempDir;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use fourx_core::store::cas::Version;
use fourx_core::workspace::fs::{FsRunStore, LEASE_FILE};
use fourx_core::workspace::run_store::{
    copy_feature, Claim, FenceToken, Lease, Replaced, RunStore,
};
use fourx_core::workspace::{FeatureId, WorkspaceFs};
use fourx_core::ErrorKind;
use serde_json::json;

fn store(dir: &TempDir) -> (FsRunStore, Arc<AtomicU64>) {
    let now = Arc::new(AtomicU64::new(1_000_000));
    let clock = Arc::clone(&now);
    let ws = WorkspaceFs::new(dir.s()).unwrap();
    (
        FsRunStore::new(ws, Arc::new(move || clock.load(Ordering::SeqCst))),
        now,
    )
}

fn fid(s: &str) -> FeatureId {
    FeatureId::new(s).unwrap()
}

fn granted(c: Claim) -> Lease {
    match c {
        Claim::Granted(l) => l,
        Claim::Held { holder, .. } => panic!("held by {holder}"),
    }
}

#[test]
fn the_fs_run_store_writes_the_files_the_ops_read() {
    let dir = TempDir::new("runstore-compat");
    let (r, _) = store(&dir);
    let f = fid("feat");
    let state = json!({"featureId": "feat", "phase": "coding", "role": "coder", "round": 1,
        "maxRounds": 3, "active": true, "runner": "claude", "createdAt": "2026-03-01T12:00:00Z",
        "updatedAt": "2026-03-01T12:00:00Z", "since": "2026-03-01T12:00:00Z",
        "consecutiveNoProgress": 0, "lastFailCount": 0});
    let bytes = serde_json::to_vec(&state).unwrap();
    assert!(matches!(
        r.replace_state(&f, &Version::Absent, &bytes, None).unwrap(),
        Replaced::Done(_)
    ));
    let line = b"{\"ts\":\"2026-03-01T12:00:00Z\",\"phase\":\"coding\",\"type\":\"run.end\",\"cost\":1.5}\n";
    assert_eq!(r.append_event(&f, line, None).unwrap(), 1);
    assert_eq!(r.append_event(&f, line, None).unwrap(), 2);
    let run = dir.path().join(".4x/run/feat");
    assert_eq!(std::fs::read(run.join("state.json")).unwrap(), bytes);
    assert_eq!(
        std::fs::read(run.join("events.jsonl")).unwrap(),
        [&line[..], line].concat()
    );
    let read = fourx_core::ops::call(
        "workspace.read_state",
        &json!({"root": dir.s(), "feature_id": "feat"}),
    )
    .unwrap();
    assert_eq!(read["state"]["phase"], "coding");
    r.request_stop(&f).unwrap();
    assert_eq!(std::fs::read(run.join("stop")).unwrap(), b"mcp-stop\n");
    assert!(r.stop_requested(&f).unwrap());
    r.clear_stop(&f).unwrap();
    assert!(!r.stop_requested(&f).unwrap());
    assert_eq!(r.features().unwrap(), vec![f]);
}

#[test]
fn a_state_replace_is_conditional_on_the_version_read() {
    let dir = TempDir::new("runstore-cas");
    let (r, _) = store(&dir);
    let f = fid("feat");
    let Replaced::Done(v) = r.replace_state(&f, &Version::Absent, b"{}", None).unwrap() else {
        panic!("create")
    };
    assert_eq!(
        r.replace_state(&f, &Version::Absent, b"{}", None).unwrap(),
        Replaced::Conflict
    );
    assert_eq!(r.read_state(&f).unwrap(), Some((b"{}".to_vec(), v)));
    assert!(matches!(
        r.replace_state(&f, &v, b"{\"a\":1}", None).unwrap(),
        Replaced::Done(_)
    ));
    assert_eq!(
        r.replace_state(&f, &v, b"{}", None).unwrap(),
        Replaced::Conflict
    );
}

#[test]
fn a_lease_is_exclusive_until_expiry_and_a_stale_token_is_lease_lost() {
    let dir = TempDir::new("runstore-lease");
    let (r, now) = store(&dir);
    let f = fid("feat");
    let a = granted(r.claim(&f, "machine-a", 1000).unwrap());
    assert_eq!(a.token, FenceToken(1));
    assert_eq!(
        r.claim(&f, "machine-b", 1000).unwrap(),
        Claim::Held {
            holder: "machine-a".into(),
            expires_in_ms: 1000
        }
    );
    now.fetch_add(999, Ordering::SeqCst);
    assert_eq!(
        granted(r.claim(&f, "machine-a", 1000).unwrap()).token,
        a.token,
        "renewed"
    );
    now.fetch_add(1000, Ordering::SeqCst);
    assert_eq!(
        r.append_event(&f, b"{}\n", Some(&a)).unwrap_err().kind,
        ErrorKind::LeaseLost,
        "expired"
    );
    let b = granted(r.claim(&f, "machine-b", 1000).unwrap());
    assert_eq!(b.token, FenceToken(2));
    for e in [
        r.append_event(&f, b"{}\n", Some(&a)).unwrap_err(),
        r.replace_state(&f, &Version::Absent, b"{}", Some(&a))
            .unwrap_err(),
        r.release(&a).unwrap_err(),
    ] {
        assert_eq!(e.kind, ErrorKind::LeaseLost, "{}", e.message);
    }
    assert_eq!(
        r.read_events(&f).unwrap(),
        b"",
        "no refused write is visible"
    );
    assert_eq!(r.append_event(&f, b"{}\n", Some(&b)).unwrap(), 1);
    r.release(&b).unwrap();
    assert!(dir.path().join(".4x/run/feat").join(LEASE_FILE).exists());
    assert_eq!(
        granted(r.claim(&f, "machine-a", 10).unwrap()).token,
        FenceToken(3)
    );
    assert_eq!(
        r.claim(&f, "machine-a", 0).unwrap_err().kind,
        ErrorKind::InvalidValue
    );
    assert_eq!(
        r.claim(&f, "user:pw@host", 10).unwrap_err().kind,
        ErrorKind::InvalidValue
    );
}

#[test]
fn copy_feature_moves_the_exact_bytes_and_never_merges() {
    let (d1, d2) = (
        TempDir::new("runstore-copy-a"),
        TempDir::new("runstore-copy-b"),
    );
    let ((a, _), (b, _)) = (store(&d1), store(&d2));
    let f = fid("feat");
    a.replace_state(&f, &Version::Absent, b"{\"x\":1}", None)
        .unwrap();
    a.append_event(&f, b"{\"e\":1}\n", None).unwrap();
    a.append_event(&f, b"{\"e\":2}\n", None).unwrap();
    a.request_stop(&f).unwrap();
    let c = copy_feature(&a, &b, &f).unwrap();
    assert_eq!((c.state, c.events, c.stop), (true, 2, true));
    for name in ["state.json", "events.jsonl", "stop"] {
        assert_eq!(
            std::fs::read(d1.path().join(".4x/run/feat").join(name)).unwrap(),
            std::fs::read(d2.path().join(".4x/run/feat").join(name)).unwrap(),
            "{name}"
        );
    }
    assert_eq!(
        copy_feature(&a, &b, &f).unwrap_err().kind,
        ErrorKind::InvalidInput
    );
    // A torn last line is refused before anything is copied.
    let g = fid("torn");
    a.append_event(&g, b"{}\n", None).unwrap();
    std::fs::write(
        d1.path().join(".4x/run/torn/events.jsonl"),
        b"{}\n{\"half\"",
    )
    .unwrap();
    assert_eq!(
        copy_feature(&a, &b, &g).unwrap_err().kind,
        ErrorKind::InvalidInput
    );
    assert_eq!(b.read_events(&g).unwrap(), b"");
}
