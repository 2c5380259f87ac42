//! The typed entry of the bindings (`ops::typed`) against `ops::call`: on every conformance
//! vector of its ops and on hostile variants of them, an input the typed decoder takes — from a
//! `Value` or from JSON bytes, as the C boundary reads them — gives the same result text (keys,
//! order, numbers) or the same error (kind, field, message) as `ops::call`; an input it declines
//! is left to `ops::call`.

use std::path::Path;

use serde_json::{json, Map, Value};

use fourx_core::ops::{self, TypedInput, TYPED_OPS};

use crate::common::Rng;

/// Which way the typed entry went on one input.
#[derive(Debug, PartialEq)]
enum Went {
    Declined,
    Ran,
}

/// Runs `op` on `input` through the typed entry, from the value and from its JSON text, and
/// checks each against `ops::call`.
fn same_as_call(op: &str, input: &Value) -> Went {
    let reference = ops::call(op, input);
    let text = serde_json::to_vec(input).unwrap();
    // A deserializer must refuse nesting past MAX_DEPTH (`TypedInput::decode`'s precondition;
    // serde_json's reader and the Python binding's do): a `Value` reader does not.
    let from_value =
        (ops::value_depth(input) <= ops::MAX_DEPTH).then(|| TypedInput::decode(op, input));
    let from_value = from_value.flatten();
    let from_bytes = {
        let mut de = serde_json::Deserializer::from_slice(&text);
        TypedInput::decode(op, &mut de).filter(|_| de.end().is_ok())
    };
    let mut went = Went::Declined;
    for typed in [from_value, from_bytes].into_iter().flatten() {
        went = Went::Ran;
        match (typed.run(), &reference) {
            (Ok(out), Ok(want)) => assert_eq!(
                serde_json::to_string(&out).unwrap(),
                serde_json::to_string(want).unwrap(),
                "{op}: {input}"
            ),
            (Err(e), Err(want)) => assert_eq!(
                (e.kind, &e.message, &e.field),
                (want.kind, &want.message, &want.field),
                "{op}: {input}"
            ),
            (got, want) => panic!("{op}: {input}\n typed {got:?}\n call {want:?}"),
        }
    }
    went
}

fn vector_cases() -> Vec<(String, Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let file: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        for case in file["cases"].as_array().into_iter().flatten() {
            let op = case["op"].as_str().unwrap_or("");
            if TYPED_OPS.contains(&op) {
                out.push((op.to_string(), case["input"].clone()));
            }
        }
    }
    out
}

/// The bench's index input: n modules, each importing its halving and thirding ancestor; some
/// modules as objects with fingerprints and sizes.
fn index_input(n: usize, budget: i64) -> Value {
    let paths: Vec<String> = (0..n).map(|i| format!("pkg/m{i:05}")).collect();
    let modules: Vec<Value> = paths
        .iter()
        .enumerate()
        .map(|(i, p)| match i % 3 {
            0 => json!(p),
            1 => json!({"path": p, "fingerprint": format!("f{i}"), "bytes": i * 10}),
            _ => json!({"path": p, "fingerprint": null, "bytes": null, "lang": "py"}),
        })
        .collect();
    let mut edges: Vec<Value> = (1..n).map(|i| json!([paths[i], paths[i / 2]])).collect();
    edges.extend((3..n).map(|i| json!([paths[i], paths[i / 3]])));
    json!({"doc": "", "snapshot": {"modules": modules, "edges": edges, "repo_token": "t"},
           "max_tokens": budget})
}

#[test]
fn every_vector_of_a_typed_op_runs_typed_and_gives_what_call_gives() {
    let cases = vector_cases();
    for op in TYPED_OPS {
        if *op != "meta.version" {
            assert!(cases.iter().any(|(o, _)| o == op), "no vector for {op}");
        }
    }
    let mut ran = 0;
    for (op, input) in &cases {
        if same_as_call(op, input) == Went::Ran {
            ran += 1;
        }
    }
    // Vectors of bad input are declined; the good ones must take the typed entry.
    assert!(ran * 2 > cases.len(), "{ran} of {} ran typed", cases.len());
    for input in [json!({}), json!({"extra": [1, {"a": null}]})] {
        assert_eq!(same_as_call("meta.version", &input), Went::Ran);
    }
    for (n, budget) in [(0, 4000), (1, 4000), (50, 400), (500, 4000), (500, 1 << 40)] {
        assert_eq!(
            same_as_call("blueprint.render_index", &index_input(n, budget)),
            Went::Ran
        );
    }
}

/// Values put in place of a key's value by the hostile variants.
fn hostile_values() -> Vec<Value> {
    vec![
        Value::Null,
        json!(true),
        json!(0),
        json!(-1),
        json!(u64::MAX),
        json!(1.5),
        json!(1.0),
        json!(1e300),
        json!(""),
        json!("designing"),
        json!("\u{0}\u{ffff}"),
        json!([]),
        json!(["a"]),
        json!(["a", "b", "c"]),
        json!({}),
        json!({"kind": "agent_exit"}),
        json!({"a": {"b": [1, 2, {"c": null}]}}),
    ]
}

/// Every path to a value in `v`, as keys and list indexes.
fn paths(v: &Value, at: &mut Vec<Value>, out: &mut Vec<Vec<Value>>) {
    out.push(at.clone());
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                at.push(json!(k));
                paths(x, at, out);
                at.pop();
            }
        }
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate().take(4) {
                at.push(json!(i));
                paths(x, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

fn slot<'a>(v: &'a mut Value, path: &[Value]) -> &'a mut Value {
    path.iter().fold(v, |v, step| match step {
        Value::String(k) => &mut v[k.as_str()],
        other => &mut v[other.as_u64().unwrap() as usize],
    })
}

#[test]
fn hostile_variants_of_typed_inputs_give_what_call_gives_or_are_declined() {
    let mut rng = Rng::new(32);
    let values = hostile_values();
    let mut cases = vector_cases();
    cases.push(("blueprint.render_index".into(), index_input(30, 300)));
    cases.push((
        "state.can_transition".into(),
        json!({"from": "coding", "to": "reviewing"}),
    ));
    let (mut ran, mut declined) = (0, 0);
    for (op, input) in &cases {
        let mut all = Vec::new();
        paths(input, &mut Vec::new(), &mut all);
        let tries = if op == "conductor.apply" { 24 } else { 12 };
        for _ in 0..tries {
            let mut v = input.clone();
            let path = rng.pick(&all).clone();
            match rng.below(4) {
                // Replace a value.
                0 | 1 => *slot(&mut v, &path) = rng.pick(&values).clone(),
                // Remove a key, or add one the op does not know.
                2 => {
                    let (last, parent) = match path.split_last() {
                        Some((Value::String(k), parent)) => (k.clone(), parent.to_vec()),
                        _ => ("no_such_key".to_string(), path.clone()),
                    };
                    if let Value::Object(m) = slot(&mut v, &parent) {
                        if m.shift_remove(&last).is_none() {
                            m.insert(last, json!(1));
                        }
                    }
                }
                // Nest a value deeply.
                _ => {
                    let mut deep = json!(1);
                    for _ in 0..(60 + rng.below(100)) {
                        deep = json!([deep]);
                    }
                    *slot(&mut v, &path) = deep;
                }
            }
            match same_as_call(op, &v) {
                Went::Ran => ran += 1,
                Went::Declined => declined += 1,
            }
        }
    }
    assert!(ran > 0 && declined > 0, "ran {ran}, declined {declined}");
}

#[test]
fn a_repeated_key_in_the_bytes_is_declined_not_merged() {
    let texts = [
        r#"{"from": "coding", "from": "init", "to": "designing"}"#,
        r#"{"doc": "", "snapshot": {"modules": ["a"], "modules": ["b"]}}"#,
        r#"{"doc": "", "snapshot": {"modules": [{"path": "a", "path": "b"}]}}"#,
    ];
    let ops = [
        "state.can_transition",
        "blueprint.render_index",
        "blueprint.render_index",
    ];
    for (op, text) in ops.iter().zip(texts) {
        let mut de = serde_json::Deserializer::from_slice(text.as_bytes());
        assert!(TypedInput::decode(op, &mut de).is_none(), "{text}");
    }
    // A repeated key inside the config: Go's decoder would merge the two objects, the `Value`
    // path keeps the last, so the typed entry takes neither.
    let apply = vector_cases()
        .into_iter()
        .find(|(op, _)| op == "conductor.apply")
        .unwrap()
        .1;
    let mut text = serde_json::to_string(&apply).unwrap();
    text = text.replacen(
        "\"config\":{",
        "\"config\":{\"project\":{\"name\":\"x\"},",
        1,
    );
    let mut de = serde_json::Deserializer::from_slice(text.as_bytes());
    if text.matches("\"project\"").count() > 1 {
        assert!(TypedInput::decode("conductor.apply", &mut de).is_none());
    }
}

#[test]
fn ops_without_a_typed_entry_are_left_to_call() {
    let input = json!({"phase": "coding"});
    assert!(TypedInput::decode("state.phase_to_role", &input).is_none());
    assert!(TypedInput::decode("no.such_op", Value::Object(Map::new())).is_none());
}
