//! `ops::blueprint_store::HeldStore` shared by threads: the writers of one held memory store take turns, so
//! none of them is deferred (`fold_conflict`) and no written claim is lost. Without the turn, a
//! commit's read → merge → write window over a large file makes concurrent writers lose the
//! compare-and-swap twice and defer.

use std::sync::Arc;

use fourx_core::ops::blueprint_store::HeldStore;
use fourx_core::ops::Handle;
use serde_json::{json, Map, Value};

const THREADS: usize = 4;
const ROUNDS: usize = 16;
const MODULES: usize = 60;

fn obj(v: Value) -> Map<String, Value> {
    match v {
        Value::Object(m) => m,
        _ => Map::new(),
    }
}

fn snapshot() -> Value {
    json!({"modules": (0..MODULES).map(|i| format!("mod/m{i:02}")).collect::<Vec<_>>()})
}

fn commit(held: &HeldStore, items: Vec<Value>, modules: Vec<String>, nonce: usize) -> Value {
    let input = obj(json!({
        "items": items, "snapshot": snapshot(), "evidence": modules,
        "now": "2026-03-01T12:00:00Z", "nonce": format!("{nonce:08x}"),
    }));
    match held.call("commit", &input) {
        Ok(v) => v,
        Err(e) => e.to_json(),
    }
}

#[test]
fn threads_sharing_one_memory_store_are_never_deferred_and_lose_no_write() {
    let held = Arc::new(HeldStore::new(&obj(json!({"store": {}}))).unwrap());
    // A large file first (at most 8 items a commit), so that every commit has real work between
    // its read and its write.
    let all: Vec<(String, &str)> = (0..MODULES)
        .flat_map(|i| ["purpose", "invariants", "gotchas"].map(|f| (format!("mod/m{i:02}"), f)))
        .collect();
    for (n, chunk) in all.chunks(8).enumerate() {
        let items = chunk
            .iter()
            .map(|(m, f)| {
                json!({"module": m, "field": f, "where": "",
                       "claim": format!("The {f} of {m}, long enough to be a real note.")})
            })
            .collect();
        let modules = chunk.iter().map(|(m, _)| m.clone()).collect();
        let out = commit(&held, items, modules, 0xf000 + n);
        assert_eq!(out["written"], true, "{out}");
    }
    let threads: Vec<_> = (0..THREADS)
        .map(|t| {
            let held = Arc::clone(&held);
            std::thread::spawn(move || {
                (0..ROUNDS)
                    .map(|r| {
                        let m = format!("mod/m{t:02}");
                        let claim = format!("Thread {t} wrote round {r} of its notes.");
                        let item =
                            json!({"module": m, "field": "purpose", "where": "", "claim": claim});
                        (claim, commit(&held, vec![item], vec![m], t * 100 + r))
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut last = Vec::new();
    for t in threads {
        let outcomes = t.join().unwrap();
        for (_, out) in &outcomes {
            assert_eq!(
                out["written"], true,
                "a writer was deferred or failed: {out}"
            );
        }
        last.push(outcomes.last().map(|(c, _)| c.clone()).unwrap_or_default());
    }
    let text = held.call("read", &Map::new()).unwrap()["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    for claim in last {
        assert!(text.contains(&claim), "lost update: {claim}");
    }
}
