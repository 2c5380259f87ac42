//! The catalog's types are true of what the ops take and give: every `ok` conformance case
//! (`tests/vectors/*.json`) and every written example (`docs/op-examples.json`) is checked against
//! the op's types — its input against the params, its output against the result — with
//! `Ty::check` over the catalog's named types (records closed).

use fourx_core::ops::{self, schema::Types, OpInfo};
use serde_json::Value;

/// The `ok` cases of every vector file: (case id, op, input), from the docs tests' reader.
fn ok_cases() -> Vec<(String, String, Value)> {
    let mut out = Vec::new();
    for (op, cases) in crate::docs::ok_cases() {
        out.extend(cases.into_iter().map(|(id, input)| (id, op.clone(), input)));
    }
    out
}

/// Whether `input` is of the op's params: every key the op knows that is given (not `null`, which
/// means absent) has the key's type. Keys the op does not know are ignored, as the core does;
/// which keys are required is `docs::every_required_input_key_is_refused_when_left_out`'s.
fn check_input(op: &OpInfo, input: &Value) -> Result<(), String> {
    let Some(map) = input.as_object() else {
        return Err("the input is not an object".into());
    };
    for f in op.params() {
        match map.get(&f.name) {
            None | Some(Value::Null) => {}
            Some(v) => {
                f.ty.check(v, ops::catalog_types())
                    .map_err(|e| format!("`{}`: {e}", f.name))?
            }
        }
    }
    Ok(())
}

fn check_output(op: &OpInfo, output: &Value) -> Result<(), String> {
    op.result().check(output, ops::catalog_types())
}

fn find(name: &str) -> &'static OpInfo {
    ops::find(name).unwrap_or_else(|| panic!("{name} is not an op"))
}

#[test]
fn every_ok_conformance_input_is_of_the_ops_param_types() {
    let mut wrong = Vec::new();
    let cases = ok_cases();
    for (id, name, input) in &cases {
        if let Err(e) = check_input(find(name), input) {
            wrong.push(format!("{id} ({name}): {e}"));
        }
    }
    assert!(cases.len() > 1000, "only {} ok cases", cases.len());
    assert!(
        wrong.is_empty(),
        "inputs that are not of the catalog's types:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_ok_conformance_output_is_of_the_ops_result_type() {
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (id, name, input) in ok_cases() {
        // A case whose op needs files it sets up elsewhere fails here; `vectors` judges it.
        let Ok(output) = ops::call(&name, &input) else {
            continue;
        };
        checked += 1;
        if let Err(e) = check_output(find(&name), &output) {
            wrong.push(format!("{id} ({name}): {e}"));
        }
    }
    assert!(checked > 1000, "only {checked} outputs were checked");
    assert!(
        wrong.is_empty(),
        "outputs that are not of the catalog's result types:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn every_written_example_is_of_the_ops_types() {
    let mut wrong = Vec::new();
    for (name, example) in crate::docs::written_examples() {
        let op = find(&name);
        if let Err(e) = check_input(op, &example["input"]) {
            wrong.push(format!("{name} input: {e}"));
        }
        let output = &example["output"];
        if output.get("error").is_none() {
            if let Err(e) = check_output(op, output) {
                wrong.push(format!("{name} output: {e}"));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "docs/op-examples.json examples that are not of the catalog's types:\n{}",
        wrong.join("\n")
    );
}

/// The checker itself refuses what the catalog's types rule out (a record closed, a word outside
/// its list, a tagged union's unknown tag), so the tests above can fail.
#[test]
fn the_type_check_refuses_values_outside_the_catalog_types() {
    let types = ops::catalog_types();
    let step = find("conductor.apply").result();
    let out = ops::call(
        "conductor.start",
        &serde_json::json!({
            "config": {"project": {"name": "demo"}, "default_runner": "claude",
                       "runners": {"claude": {"command": "claude"}}},
            "feature": {"id": "F001-login", "name": "Login", "description": "add login"},
            "now": "2025-03-01T10:00:00Z", "pid": 42
        }),
    )
    .expect("conductor.start");
    assert!(step.check(&out, types).is_ok());
    let mut extra = out.clone();
    extra["unexpected"] = Value::Bool(true);
    assert!(step.check(&extra, types).is_err(), "records are closed");
    let mut phase = out.clone();
    phase["state"]["phase"] = Value::String("napping".into());
    assert!(
        step.check(&phase, types).is_err(),
        "a phase is a Phase word"
    );
    let mut kind = out;
    kind["decision"]["kind"] = Value::String("dance".into());
    assert!(
        step.check(&kind, types).is_err(),
        "a decision kind names a variant"
    );
    assert!(types.named("Decision").is_some());
}

/// `meta.catalog` describes itself: its own output is of its result type (every op, param and
/// named type in the shape the generators read).
#[test]
fn the_catalog_output_is_of_its_own_result_type() {
    let out = ops::call("meta.catalog", &serde_json::json!({})).expect("meta.catalog");
    assert_eq!(check_output(find("meta.catalog"), &out), Ok(()));
}
