//! Hostile input inventory for the Rust binding: every op of `ops::catalog()` gets missing keys,
//! wrong JSON types, huge strings, NUL bytes, `..`/absolute/NUL ids and roots, YAML alias bombs
//! and over-deep nesting — alone and spliced into each valid input of the conformance vectors.
//! Every answer must be a result or an error whose kind the op documents (its catalog `errors`,
//! or `invalid_input`); never a panic, never a file outside the sandbox.
//!
//! Driven by the catalog, so a new op is covered the day it lands.
#![cfg(feature = "fs")]

use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use fourx_core::ops::{call, catalog, OpInfo};
use fourx_core::ErrorKind;
use serde_json::{json, Map, Value};

// The slowest calls are printed, not asserted: speed is the benches' business, and a wall-clock
// bound would make this inventory flaky on a loaded CI machine.

/// Size of the "huge" strings: well above every per-field expectation, below the 4 MiB router
/// cap so that parsers really run on it.
const HUGE: usize = 256 << 10;

/// Keys whose value is a directory the caller chooses (never an id): rewritten into the sandbox
/// in every base input so that no op ever writes outside it.
const ROOT_KEYS: &[&str] = &["root", "start_dir", "dir", "repo_root", "home", "worktree"];

/// The sandbox every path of this test lives in; the process's working directory is two levels
/// below it, so that relative roots such as `..` and `../..` stay inside. The last test to finish
/// removes it.
struct Sandbox {
    top: PathBuf,
    cwd: PathBuf,
    /// Absolute paths that hostile ids point at; none may exist after any call.
    escapes: Vec<PathBuf>,
}

fn sandbox() -> &'static Sandbox {
    static S: OnceLock<Sandbox> = OnceLock::new();
    S.get_or_init(|| {
        let top = std::env::temp_dir().join(format!("fourx-hostile-{}", std::process::id()));
        let cwd = top.join("a/b");
        std::fs::create_dir_all(&cwd).unwrap();
        std::fs::create_dir_all(top.join("home/src/proj/.git")).unwrap();
        std::env::set_current_dir(&cwd).unwrap();
        let escapes =
            vec![std::env::temp_dir().join(format!("fourx-hostile-escape-{}", std::process::id()))];
        Sandbox { top, cwd, escapes }
    })
}

/// Number of tests in this file; each holds a [`Use`] while it runs.
const TESTS: usize = 5;

/// A test's use of the sandbox; the last one dropped (even by a panic) removes the sandbox.
struct Use;

impl Use {
    fn enter() -> Use {
        sandbox();
        Use
    }
}

impl Drop for Use {
    fn drop(&mut self) {
        static DONE: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        if DONE.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1 == TESTS {
            let _ = std::env::set_current_dir(std::env::temp_dir());
            let _ = std::fs::remove_dir_all(&sandbox().top);
        }
    }
}

fn alias_bomb() -> String {
    let mut y = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        y.push_str(&format!(
            "a{i}: &a{i} [{}]\n",
            vec![format!("*a{}", i - 1); 9].join(", ")
        ));
    }
    y
}

fn deep(levels: usize) -> Value {
    let mut v = json!(0);
    for _ in 0..levels {
        v = json!([v]);
    }
    v
}

/// Values of every JSON type plus hostile strings for an id-like key.
fn hostile_values() -> Vec<(String, Value)> {
    let s = sandbox();
    let esc = s.escapes[0].display().to_string();
    let rel_escape = format!("{}{}", "../".repeat(16), esc.trim_start_matches('/'));
    let mut v: Vec<(String, Value)> = vec![
        ("null".into(), Value::Null),
        ("true".into(), json!(true)),
        ("int".into(), json!(12345)),
        ("negative".into(), json!(-1)),
        ("i64 min".into(), json!(i64::MIN)),
        ("u64 max".into(), json!(u64::MAX)),
        ("float".into(), json!(1.5)),
        ("array".into(), json!(["x", 1, null])),
        ("object".into(), json!({"x": 1})),
        ("empty string".into(), json!("")),
        ("dot".into(), json!(".")),
        ("dotdot".into(), json!("..")),
        ("relative escape".into(), json!(rel_escape)),
        ("absolute".into(), json!(esc)),
        ("root".into(), json!("/")),
        ("slash id".into(), json!("a/b")),
        ("backslash id".into(), json!("a\\..\\b")),
        ("NUL".into(), json!("\0")),
        ("NUL inside".into(), json!("feat\0ure")),
        ("newlines".into(), json!("a\nb\r\nc")),
        ("control".into(), json!("\u{1b}[31m\u{7f}")),
        ("unicode".into(), json!("\u{202e}仓库\u{fffd}\u{10ffff}")),
        ("alias bomb".into(), json!(alias_bomb())),
        // Time edges every area's rule decides (protocol::codec::time_rule).
        ("time lower case".into(), json!("2026-03-12t16:27:00z")),
        ("time year 0000".into(), json!("0000-06-01T00:00:00Z")),
        (
            "time before year 0000 in UTC".into(),
            json!("0000-01-01T00:30:00+01:00"),
        ),
        (
            "time after year 9999 in UTC".into(),
            json!("9999-12-31T23:30:00-01:00"),
        ),
        ("time leap second".into(), json!("2026-12-31T23:59:60Z")),
        ("deep".into(), deep(127)),
        ("huge".into(), json!("x".repeat(HUGE))),
        ("huge lines".into(), json!("- a: [\n".repeat(HUGE / 8))),
        ("huge array".into(), Value::Array(vec![json!("a"); 20_000])),
    ];
    v.push((
        "huge object".into(),
        Value::Object((0..5_000).map(|i| (format!("k{i}"), json!(i))).collect()),
    ));
    v
}

/// Hostile values for a key naming a directory: never `/` (a valid root the caller may choose,
/// and writable here), only values that are wrong or stay inside the sandbox.
fn hostile_roots() -> Vec<(String, Value)> {
    let s = sandbox();
    vec![
        ("null".into(), Value::Null),
        ("int".into(), json!(7)),
        ("array".into(), json!(["/x"])),
        ("object".into(), json!({"dir": "/x"})),
        ("empty".into(), json!("")),
        ("dotdot".into(), json!("..")),
        ("dotdot twice".into(), json!("../..")),
        ("NUL".into(), json!("a\0b")),
        (
            "dotdot inside".into(),
            json!(format!("{}/x/../../escaped", s.cwd.display())),
        ),
        (
            "missing".into(),
            json!(s.top.join("missing").display().to_string()),
        ),
        ("huge".into(), json!("r".repeat(HUGE))),
    ]
}

fn fs_store_dir() -> Value {
    json!(sandbox()
        .top
        .join("home/.4x/blueprints/p")
        .display()
        .to_string())
}

/// Moves every directory-like key of `input` into the sandbox.
fn sandboxed(mut input: Map<String, Value>) -> Map<String, Value> {
    let s = sandbox();
    for key in ROOT_KEYS {
        if let Some(Value::String(v)) = input.get_mut(*key) {
            *v = match *key {
                "home" => s.top.join("home"),
                "repo_root" => s.top.join("home/src/proj"),
                _ => s.top.join("w"),
            }
            .display()
            .to_string();
        }
    }
    if let Some(Value::Object(store)) = input.get_mut("store") {
        if store.get("kind").and_then(Value::as_str) == Some("fs") {
            store.insert("dir".into(), fs_store_dir());
        }
    }
    input
}

/// The inputs of every vector case, by op (only cases that are objects).
fn vector_inputs() -> BTreeMap<String, Vec<Map<String, Value>>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors");
    let mut out: BTreeMap<String, Vec<Map<String, Value>>> = BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let doc: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        for case in doc["cases"].as_array().into_iter().flatten() {
            if let (Some(op), Some(input)) = (case["op"].as_str(), case["input"].as_object()) {
                out.entry(op.to_string())
                    .or_default()
                    .push(sandboxed(input.clone()));
            }
        }
    }
    out
}

fn key_name(k: &str) -> &str {
    k.trim_end_matches('?')
}

/// A plausible base for an op without vectors: its keys filled with sandboxed strings.
fn synthetic_base(op: &OpInfo) -> Map<String, Value> {
    let mut m = Map::new();
    for k in op.input() {
        m.insert(key_name(k).to_string(), json!("x"));
    }
    if m.contains_key("store") {
        m.insert("store".into(), json!({"kind": "fs", "dir": fs_store_dir()}));
    }
    sandboxed(m)
}

#[derive(Default)]
struct Findings {
    calls: usize,
    problems: Vec<String>,
    slowest: Vec<(Duration, String)>,
}

impl Findings {
    fn check(&mut self, op: &OpInfo, what: &str, input: &Value) {
        self.calls += 1;
        let start = Instant::now();
        let out = catch_unwind(AssertUnwindSafe(|| call(op.name, input)));
        let took = start.elapsed();
        let name = op.name;
        match out {
            Err(_) => self.problems.push(format!("{name} [{what}]: PANIC")),
            Ok(Err(e)) if e.kind != ErrorKind::InvalidInput && !op.errors.contains(&e.kind) => {
                self.problems.push(format!(
                    "{name} [{what}]: undocumented kind {} ({})",
                    e.kind.as_str(),
                    e.message.chars().take(160).collect::<String>()
                ))
            }
            Ok(_) => {}
        }
        self.slowest.push((took, format!("{name} [{what}]")));
        if self.slowest.len() > 64 {
            self.slowest.sort_by_key(|a| std::cmp::Reverse(a.0));
            self.slowest.truncate(8);
        }
        for p in &sandbox().escapes {
            if p.exists() {
                self.problems.push(format!(
                    "{name} [{what}]: wrote outside its root: {}",
                    p.display()
                ));
                let _ = std::fs::remove_dir_all(p);
                let _ = std::fs::remove_file(p);
            }
        }
    }

    fn finish(mut self, family: &str) {
        self.slowest.sort_by_key(|a| std::cmp::Reverse(a.0));
        self.slowest.truncate(8);
        eprintln!("{family}: {} calls; slowest {:?}", self.calls, self.slowest);
        assert!(
            self.problems.is_empty(),
            "{family}: {} problem(s):\n{}",
            self.problems.len(),
            self.problems.join("\n")
        );
    }
}

/// Bases for `op`: the vector inputs (at most a few) or a synthetic one.
fn bases(
    op: &OpInfo,
    vectors: &BTreeMap<String, Vec<Map<String, Value>>>,
) -> Vec<Map<String, Value>> {
    let mut b: Vec<Map<String, Value>> = vectors
        .get(op.name)
        .map(|v| v.iter().take(2).cloned().collect())
        .unwrap_or_default();
    b.push(synthetic_base(op));
    b
}

#[test]
fn every_op_refuses_non_objects_missing_keys_and_deep_nesting_with_documented_kinds() {
    let _use = Use::enter();
    let mut f = Findings::default();
    for op in catalog() {
        for (what, input) in [
            ("empty object", json!({})),
            ("null", Value::Null),
            ("array", json!([1])),
            ("string", json!("x")),
            ("deep", json!({"x": deep(200)})),
        ] {
            f.check(op, what, &input);
        }
        // Each required key missing in turn from each base.
        for base in bases(op, &vector_inputs()) {
            for k in op.input().iter().filter(|k| !k.ends_with('?')) {
                let mut m = base.clone();
                m.remove(*k);
                f.check(op, &format!("missing {k}"), &Value::Object(m));
            }
        }
    }
    f.finish("missing keys and shapes");
}

#[test]
fn every_key_of_every_op_survives_wrong_types_hostile_ids_and_huge_strings() {
    let _use = Use::enter();
    let vectors = vector_inputs();
    let ids = hostile_values();
    let roots = hostile_roots();
    let mut f = Findings::default();
    for op in catalog() {
        for (i, base) in bases(op, &vectors).into_iter().enumerate() {
            let first = i == 0;
            // Keys the catalog names plus any a vector uses (some live only inside objects).
            let mut keys: Vec<String> =
                op.input().iter().map(|k| key_name(k).to_string()).collect();
            keys.extend(
                base.keys()
                    .filter(|k| !keys.contains(k))
                    .cloned()
                    .collect::<Vec<_>>(),
            );
            for key in &keys {
                let values = if ROOT_KEYS.contains(&key.as_str()) {
                    &roots
                } else {
                    &ids
                };
                // Huge values are costly in a debug build: the first base gets them.
                let values = values
                    .iter()
                    .filter(|(what, _)| first || !what.starts_with("huge"));
                for (what, v) in values {
                    let mut m = base.clone();
                    m.insert(key.clone(), v.clone());
                    f.check(op, &format!("{key} = {what}"), &Value::Object(m));
                }
            }
            // Store roots: relative, `..`, NUL, missing kind.
            if base.contains_key("store") {
                for store in [
                    json!({"kind": "fs", "dir": "relative/dir"}),
                    json!({"kind": "fs", "dir": format!("{}/../escaped", sandbox().top.display())}),
                    json!({"kind": "fs", "dir": "/a\0b"}),
                    json!({"kind": "fs"}),
                    json!({"kind": "s3", "dir": "/x"}),
                    json!({"content": 5}),
                    json!({"content": alias_bomb(), "revisions": [{"name": "../../x", "content": "y"}]}),
                ] {
                    let mut m = base.clone();
                    m.insert("store".into(), store.clone());
                    f.check(op, &format!("store = {store}"), &Value::Object(m));
                }
            }
        }
    }
    f.finish("hostile values");
}

#[test]
fn unknown_and_hostile_op_names_are_unknown_op() {
    let _use = Use::enter();
    for name in [
        "",
        "nope",
        "meta.",
        ".version",
        "meta.version\0",
        "../meta.version",
        "META.VERSION",
    ] {
        let e = call(name, &json!({})).unwrap_err();
        assert_eq!(e.kind, ErrorKind::UnknownOp, "{name:?}");
    }
    let long = "a".repeat(HUGE);
    assert_eq!(
        call(&long, &json!({})).unwrap_err().kind,
        ErrorKind::UnknownOp
    );
}

#[test]
fn oversize_and_malformed_bytes_are_refused_before_parsing() {
    let _use = Use::enter();
    let big = vec![b' '; fourx_core::ops::MAX_INPUT_BYTES + 1];
    let e = fourx_core::ops::call_bytes("meta.version", &big).unwrap_err();
    assert_eq!(e.kind, ErrorKind::InputTooLarge);
    let nested = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    for bad in [
        &b"{"[..],
        b"{\"a\":1}{",
        b"\xff\xfe",
        b"{\"a\":\"\\ud800\"}",
        nested.as_bytes(),
        b"[]",
        b"nul\0",
    ] {
        let e = fourx_core::ops::call_bytes("meta.version", bad).unwrap_err();
        assert_eq!(
            e.kind,
            ErrorKind::InvalidInput,
            "{:?}",
            String::from_utf8_lossy(bad)
        );
    }
}

#[test]
fn the_sandbox_holds_everything_the_hostile_calls_wrote() {
    let _use = Use::enter();
    let s = sandbox();
    assert!(s.top.starts_with(std::env::temp_dir()));
    for p in &s.escapes {
        assert!(!p.exists(), "{}", p.display());
    }
}
