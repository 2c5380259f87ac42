//! One harness loop, two stores: the scripted quick run (`python/examples/run_script_quick.json`)
//! driven through the ops a binding calls — `workspace.claim`, `conductor.start` /
//! `conductor.apply`, `workspace.write_state` / `append_event` with the lease, `workspace.release`
//! — with the same code on the `.4x` files and on PostgreSQL; the database's export is the files'
//! exact bytes. (The Python demo harness does the same in `python/tests/test_demo_stores.py`.)

mod common;

use common::{schema, url};
use fourx_core::ops::call;
use serde_json::{json, Map, Value};

const SCRIPT: &str = include_str!("../../python/examples/run_script_quick.json");
const FEATURE: &str = "F001-login";

fn obj(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        other => panic!("not an object: {other}"),
    }
}

/// The loop: claim, start, then persist every turn and apply the next outcome; returns the
/// decisions' kinds. `store` is the only thing that differs between the runs.
fn drive(root: &str, store: Option<&Value>) -> Vec<String> {
    let script: Value = serde_json::from_str(SCRIPT).unwrap();
    let feature_id = script["feature"]["id"]
        .as_str()
        .unwrap_or(FEATURE)
        .to_string();
    let with_store = |mut m: Map<String, Value>| {
        m.insert("root".into(), json!(root));
        m.insert("feature_id".into(), json!(feature_id));
        if let Some(s) = store {
            m.insert("store".into(), s.clone());
        }
        Value::Object(m)
    };
    let claim = call(
        "workspace.claim",
        &with_store(obj(
            json!({"holder": "loop-test", "ttl_ms": 60_000, "pid": 4242}),
        )),
    )
    .unwrap();
    assert_eq!(claim["granted"], true, "{claim}");
    let lease = claim["lease"].clone();
    let mut clock = 0;
    let mut persist = |turn: &Value| {
        let mut now = || {
            clock += 1;
            format!("2025-03-01T10:{:02}:{:02}Z", clock / 60, clock % 60)
        };
        let w = obj(json!({"state": turn["state"], "now": now(), "lease": lease}));
        call("workspace.write_state", &with_store(w)).unwrap();
        for e in turn["events"].as_array().unwrap() {
            let a = obj(json!({"event": e, "now": now(), "lease": lease}));
            call("workspace.append_event", &with_store(a)).unwrap();
        }
    };
    let mut start = obj(script["start"].clone());
    start.insert("config".into(), script["config"].clone());
    start.insert("feature".into(), script["feature"].clone());
    let mut turn = call("conductor.start", &Value::Object(start)).unwrap();
    let mut kinds = vec![turn["decision"]["kind"].as_str().unwrap_or("").to_string()];
    persist(&turn);
    for o in script["outcomes"].as_array().unwrap() {
        let mut outcome = obj(o.clone());
        let facts = outcome.remove("facts").unwrap_or(Value::Null);
        let input = json!({"config": script["config"], "feature": script["feature"],
                           "state": turn["state"], "loop": turn["loop"],
                           "outcome": outcome, "facts": facts});
        turn = call("conductor.apply", &input).unwrap();
        kinds.push(turn["decision"]["kind"].as_str().unwrap_or("").to_string());
        persist(&turn);
    }
    if !lease.is_null() {
        let r = obj(json!({"lease": lease}));
        call("workspace.release", &with_store(r)).unwrap();
    }
    kinds
}

fn run_files(root: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    ["state.json", "events.jsonl", "stop"]
        .iter()
        .filter_map(|n| {
            let p = root.join(".4x/run").join(FEATURE).join(n);
            std::fs::read(p).ok().map(|b| (n.to_string(), b))
        })
        .collect()
}

#[test]
fn the_same_loop_on_the_files_and_on_postgres_leaves_the_same_bytes() {
    let Some(url) = url() else { return };
    fourx_store_pg::register();
    let tmp = std::env::temp_dir().join(format!("fourx-loop-both-{}", std::process::id()));
    let (files, shared, export) = (tmp.join("files"), tmp.join("shared"), tmp.join("export"));
    for d in [&files, &shared, &export] {
        std::fs::create_dir_all(d.join(".4x/run").join(FEATURE)).unwrap();
    }
    let on_files = drive(files.to_str().unwrap(), None);
    let store = json!({"kind": "postgres", "url": url, "schema": schema("loop")});
    let on_pg = drive(shared.to_str().unwrap(), Some(&store));
    assert_eq!(on_files, on_pg);
    assert_eq!(on_files.last().map(String::as_str), Some("finish"));
    assert!(
        run_files(&shared).is_empty(),
        "the shared run wrote local run files"
    );
    std::fs::remove_dir_all(export.join(".4x/run").join(FEATURE)).unwrap();
    let out = call(
        "workspace.export",
        &json!({"root": export.to_str().unwrap(), "store": store}),
    )
    .unwrap();
    assert_eq!(out["features"][0]["feature_id"], FEATURE, "{out}");
    let expected = run_files(&files);
    assert_eq!(expected.len(), 2);
    assert_eq!(run_files(&export), expected);
    std::fs::remove_dir_all(&tmp).unwrap();
}
