//! The same run on the `.4x` files and on PostgreSQL (`FOURX_PG_URL`, a throwaway cluster from
//! `scripts/pg-cluster.sh`): the runner persists through the workspace's run store with the
//! lease, and both stores end with the same state and events.

mod common;

use std::path::Path;

use common::{config, feature, repo, scripted, FEATURE};
use fourx_run::{run, AgentCall, RunOptions};
use serde_json::{json, Value};

fn url() -> Option<String> {
    match std::env::var("FOURX_PG_URL") {
        Ok(u) if !u.is_empty() => Some(u),
        _ => {
            assert!(
                std::env::var_os("FOURX_REQUIRE_PG").is_none(),
                "FOURX_REQUIRE_PG is set but FOURX_PG_URL is not"
            );
            eprintln!("######## SKIPPED: FOURX_PG_URL is not set; the runner on PostgreSQL was NOT tested");
            None
        }
    }
}

/// state.json and events.jsonl as the files hold them (exported from the store when given),
/// without clocks, durations and the pid.
fn snapshot(dir: &Path, store: Option<&Value>) -> (Value, Vec<Value>) {
    let root = dir.to_string_lossy().into_owned();
    if let Some(st) = store {
        fourx_core::ops::call(
            "workspace.export",
            &json!({"root": root, "store": st, "feature_ids": [FEATURE]}),
        )
        .unwrap();
    }
    let run_dir = dir.join(".4x/run").join(FEATURE);
    let mut state: Value =
        serde_json::from_str(&std::fs::read_to_string(run_dir.join("state.json")).unwrap())
            .unwrap();
    for k in ["createdAt", "updatedAt", "since", "pid"] {
        state.as_object_mut().unwrap().remove(k);
    }
    let events = std::fs::read_to_string(run_dir.join("events.jsonl"))
        .unwrap()
        .lines()
        .map(|l| {
            let mut e: Value = serde_json::from_str(l).unwrap();
            // The conductor's checkpoint holds the state, whose times differ per run.
            for k in ["ts", "duration_ms", "checkpoint"] {
                e.as_object_mut().unwrap().remove(k);
            }
            e
        })
        .collect();
    (state, events)
}

#[test]
fn the_same_run_on_the_files_and_on_postgresql_ends_the_same() {
    let Some(url) = url() else { return };
    fourx_store_pg::register();
    for profile in ["full", "quick"] {
        let files = repo(&format!("pg-files-{profile}"), &config(), feature(profile));
        let db = repo(&format!("pg-db-{profile}"), &config(), feature(profile));
        let store = json!({"kind": "postgres", "url": url,
                           "schema": format!("t_runner_{}", std::process::id()),
                           "workspace": format!("{profile}-{}", std::process::id())});
        let d1 = files.clone();
        let mut a1 = move |c: &AgentCall| scripted(&d1, c);
        let r1 = run(&RunOptions::new(&files, FEATURE), &mut a1).unwrap();
        let d2 = db.clone();
        let mut a2 = move |c: &AgentCall| scripted(&d2, c);
        let mut opts = RunOptions::new(&db, FEATURE);
        opts.store = Some(store.clone());
        opts.holder = Some("runner-test".into());
        let r2 = run(&opts, &mut a2).unwrap();
        assert_eq!(r1.phase, "pending-review", "{profile}");
        assert_eq!(r2.phase, "pending-review", "{profile}");
        assert!(
            !db.join(".4x/run").join(FEATURE).join("state.json").exists(),
            "the state lives in the database"
        );
        assert_eq!(
            snapshot(&files, None),
            snapshot(&db, Some(&store)),
            "{profile}"
        );
        // A run on the database that dies while the reviewer works (its agent fails), then runs
        // again with the same holder: it continues from its journal and ends the same.
        let crashed = repo(&format!("pg-crash-{profile}"), &config(), feature(profile));
        let mut cstore = store.clone();
        cstore["workspace"] = format!("{profile}-crash-{}", std::process::id()).into();
        let mut copts = RunOptions::new(&crashed, FEATURE);
        copts.store = Some(cstore.clone());
        copts.holder = Some("runner-test".into());
        let d3 = crashed.clone();
        let mut dies = move |c: &AgentCall| {
            if c.role == "reviewer" {
                return Err(fourx_run::Error::invalid_input("the machine went away"));
            }
            scripted(&d3, c)
        };
        assert!(run(&copts, &mut dies).is_err());
        let d4 = crashed.clone();
        let mut a4 = move |c: &AgentCall| scripted(&d4, c);
        assert_eq!(run(&copts, &mut a4).unwrap().phase, "pending-review");
        assert_eq!(
            snapshot(&files, None),
            snapshot(&crashed, Some(&cstore)),
            "{profile} crash"
        );
        let _ = std::fs::remove_dir_all(&crashed);
        let _ = std::fs::remove_dir_all(&files);
        let _ = std::fs::remove_dir_all(&db);
    }
}
