//! The examples `docs/op-examples.json` writes for ops that need a database
//! (`"server": "postgres"`), run against the test server: each gives exactly the output the docs
//! show. The core's docs test renders them but cannot run them; this is their check.

use std::path::{Path, PathBuf};

mod common;

use common::{schema, url};
use serde_json::{json, Value};

/// The directory the examples' paths stand under; a fresh temporary one replaces it.
const EXAMPLE_DIR: &str = "/srv";

fn examples() -> serde_json::Map<String, Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/op-examples.json");
    let text = std::fs::read_to_string(&path).expect("docs/op-examples.json");
    let doc: Value = serde_json::from_str(&text).expect("docs/op-examples.json is JSON");
    doc["examples"].as_object().cloned().expect("examples")
}

/// `v` with paths under [`EXAMPLE_DIR`] moved to `to` (or back, `anywhere`: messages quote
/// paths), and every `{"kind": "postgres", …}` store replaced by `store`.
fn rewrite(v: &Value, from: &str, to: &str, anywhere: bool, store: &Value) -> Value {
    match v {
        Value::String(s) if anywhere => Value::String(s.replace(from, to)),
        Value::String(s) => match s.strip_prefix(from) {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => {
                Value::String(format!("{to}{rest}"))
            }
            _ => v.clone(),
        },
        Value::Object(m) if m.get("kind") == Some(&json!("postgres")) => store.clone(),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, x)| (k.clone(), rewrite(x, from, to, anywhere, store)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(
            a.iter()
                .map(|x| rewrite(x, from, to, anywhere, store))
                .collect(),
        ),
        other => other.clone(),
    }
}

fn fresh_dir(op: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("fourx-pg-example-{}-{op}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("mkdir");
    d
}

#[test]
fn the_written_postgres_examples_give_the_output_the_docs_show() {
    let Some(url) = url() else { return };
    fourx_store_pg::register();
    let mut wrong = Vec::new();
    let mut ran = 0;
    for (op, ex) in examples() {
        if ex.get("server") != Some(&json!("postgres")) {
            continue;
        }
        // A schema of the example's own: the lease tokens the docs show start at 1.
        let store = json!({"kind": "postgres", "url": url,
                           "schema": schema(&format!("ex_{}", op.replace('.', "_")))});
        let dir = fresh_dir(&op);
        let d = dir.to_str().expect("a UTF-8 temp dir");
        for (rel, text) in ex["files"].as_object().into_iter().flatten() {
            let p = dir.join(rel);
            std::fs::create_dir_all(p.parent().expect("a parent")).expect("mkdir");
            std::fs::write(&p, text.as_str().expect("file text")).expect("write");
        }
        for step in ex["given"].as_array().into_iter().flatten() {
            let step_op = step["op"].as_str().expect("a step names its op");
            let input = rewrite(&step["input"], EXAMPLE_DIR, d, false, &store);
            if let Err(e) = fourx_core::ops::call(step_op, &input) {
                panic!("{op}: the given step {step_op} failed: {e}");
            }
        }
        let input = rewrite(&ex["input"], EXAMPLE_DIR, d, false, &store);
        let got = match fourx_core::ops::call(&op, &input) {
            Ok(v) => v,
            Err(e) => json!({"error": {"kind": e.kind.as_str(), "message": e.message}}),
        };
        let got = rewrite(&got, d, EXAMPLE_DIR, true, &store);
        if got != ex["output"] {
            wrong.push(format!("{op}:\n  shown {}\n  gives {got}", ex["output"]));
        }
        let _ = std::fs::remove_dir_all(&dir);
        ran += 1;
    }
    assert!(
        ran >= 4,
        "only {ran} postgres examples in docs/op-examples.json"
    );
    assert!(
        wrong.is_empty(),
        "docs/op-examples.json shows outputs the ops do not give on PostgreSQL:\n{}",
        wrong.join("\n")
    );
}
