//! Conformance runner: every case of every `tests/vectors/*.json` file (plus `FOURX_VECTORS`)
//! through `fourx_core::ops::call`, with the comparison rules of tests/vectors/README.md.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

fn vector_files() -> Vec<PathBuf> {
    let dir = vectors_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/vectors exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    if let Ok(extra) = std::env::var("FOURX_VECTORS") {
        files.extend(
            extra
                .split(':')
                .filter(|s| !s.is_empty())
                .map(PathBuf::from),
        );
    }
    files
}

fn skips() -> BTreeMap<String, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors/SKIPS");
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| match l.split_once(char::is_whitespace) {
            Some((id, why)) => (id.to_string(), why.trim().to_string()),
            None => (l.to_string(), String::new()),
        })
        .collect()
}

/// JSON equality with numbers compared by value.
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(i), Some(j)) => i == j,
            _ => match (x.as_u64(), y.as_u64()) {
                (Some(i), Some(j)) => i == j,
                _ => x.as_f64() == y.as_f64(),
            },
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_eq(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

/// `ok_subset`: the expected keys equal, recursively.
fn subset_eq(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => e
            .iter()
            .all(|(k, v)| a.get(k).is_some_and(|w| subset_eq(v, w))),
        (Value::Array(e), Value::Array(a)) => {
            e.len() == a.len() && e.iter().zip(a).all(|(x, y)| subset_eq(x, y))
        }
        _ => json_eq(expected, actual),
    }
}

/// Runs one case; `Err` says how it failed.
fn run_case(case: &Value) -> Result<(), String> {
    let op = case["op"].as_str().ok_or("case has no op")?;
    let result = fourx_core::ops::call(op, &case["input"]);
    let expect = case["expect"].as_object().ok_or("case has no expect")?;
    match (expect.iter().next(), result) {
        (Some((k, want)), Ok(got)) if k == "ok" => json_eq(want, &got)
            .then_some(())
            .ok_or_else(|| format!("want ok {want}\n   got    {got}")),
        (Some((k, want)), Ok(got)) if k == "ok_subset" => subset_eq(want, &got)
            .then_some(())
            .ok_or_else(|| format!("want ok_subset {want}\n   got           {got}")),
        (Some((k, want)), Ok(got)) if k == "error" => {
            Err(format!("want error {want}, got ok {got}"))
        }
        (Some((k, want)), Err(e)) if k == "error" => (want.as_str() == Some(e.kind.as_str()))
            .then_some(())
            .ok_or_else(|| format!("want error {want}, got error {} ({})", e.kind, e.message)),
        (Some((_, want)), Err(e)) => {
            Err(format!("want {want}, got error {} ({})", e.kind, e.message))
        }
        (other, _) => Err(format!("unknown expectation {other:?}")),
    }
}

/// Runs every case of one vector file (`tests/vectors/<stem>.json`, or a path from
/// `FOURX_VECTORS`); panics with every failure of the file at once.
fn run_file(file: &Path) {
    let skips = skips();
    let (mut passed, mut skipped) = (0, 0);
    let mut failures = Vec::new();
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file:?}: {e}"));
    let doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file:?}: {e}"));
    assert_eq!(doc["format"], "fourx-vectors/1", "{file:?}");
    for case in doc["cases"].as_array().expect("cases") {
        let id = case["id"].as_str().unwrap_or("?").to_string();
        let outcome = run_case(case);
        match (skips.get(&id), outcome) {
            (None, Ok(())) => passed += 1,
            (None, Err(why)) => failures.push(format!("{id} ({}):\n   {why}", case["op"])),
            (Some(_), Err(_)) => skipped += 1,
            (Some(reason), Ok(())) => failures.push(format!(
                "{id} is listed in SKIPS ({reason}) but passes: remove the entry"
            )),
        }
    }
    eprintln!(
        "vectors {}: {passed} passed, {} failed, {skipped} skipped",
        file.display(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} conformance case(s) of {} failed:\n{}",
        failures.len(),
        file.display(),
        failures.join("\n")
    );
}

fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors")
}

/// One test per vector file, named after the file (`cargo test --test it vectors::router` runs
/// the router's cases only); `every_vector_file_has_its_test` keeps the list complete.
macro_rules! vector_files {
    ($($test:ident => $stem:literal,)*) => {
        const LISTED: &[&str] = &[$($stem),*];
        $(
            #[test]
            fn $test() {
                run_file(&vectors_dir().join(concat!($stem, ".json")));
            }
        )*
    };
}

vector_files! {
    blueprint => "blueprint",
    conductor => "conductor",
    features => "features",
    fidelity => "fidelity",
    fidelity_helpers => "fidelity-helpers",
    guard => "guard",
    meta => "meta",
    resolution => "resolution",
    router => "router",
    router_procedure => "router-procedure",
    router_prompt => "router-prompt",
    router_workflow => "router-workflow",
    state => "state",
    workspace => "workspace",
}

/// Every `tests/vectors/*.json` file has its own test above (a new file must be listed there).
#[test]
fn every_vector_file_has_its_test() {
    let mut on_disk: Vec<String> = vector_files()
        .iter()
        .filter(|p| p.starts_with(vectors_dir()))
        .filter_map(|p| p.file_stem().and_then(|s| s.to_str()).map(str::to_string))
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = LISTED.iter().map(|s| s.to_string()).collect();
    listed.sort();
    assert_eq!(
        on_disk, listed,
        "tests/vectors/*.json and the vector_files! list in core/tests/it/vectors.rs differ"
    );
}

/// Extra vector files named by `FOURX_VECTORS` (colon-separated paths), e.g. a hidden set.
#[test]
fn extra_vector_files_from_the_environment() {
    for file in vector_files()
        .iter()
        .filter(|p| !p.starts_with(vectors_dir()))
    {
        run_file(file);
    }
}

#[test]
fn comparison_rules() {
    use serde_json::json;
    assert!(json_eq(&json!(1), &json!(1.0)));
    assert!(!json_eq(&json!(1), &json!(2)));
    assert!(json_eq(&json!({"a": 1, "b": 2}), &json!({"b": 2, "a": 1})));
    assert!(!json_eq(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
    assert!(subset_eq(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
    assert!(subset_eq(
        &json!({"l": [{"x": 1}]}),
        &json!({"l": [{"x": 1, "y": 2}]})
    ));
    assert!(!subset_eq(&json!({"l": [{"x": 1}]}), &json!({"l": []})));
    assert!(!subset_eq(&json!({"c": 1}), &json!({"a": 1})));
}
