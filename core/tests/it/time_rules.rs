//! One time-parsing rule per area (`protocol::codec::time_rule`, CONVENTIONS.md "Time parsing"):
//! every op that takes `now` answers lower-case `t`/`z`, year 0000 and an instant outside years
//! 0000–9999 in UTC the way its area's rule says, and no code parses RFC 3339 but the rule table.
//!
//! Driven by the conformance vectors: every op with a `now` input and a vector case that succeeds
//! is re-run with `now` rewritten, so a new op with a `now` is covered the day its vectors land.
#![cfg(feature = "fs")]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use fourx_core::ops::call;
use fourx_core::ErrorKind;
use serde_json::{Map, Value};

/// An area's rule, as the ops see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Area {
    /// workspace, features, conductor, state: `TimeRule::GoNow`, `invalid_input`.
    Go,
    /// router: `TimeRule::Router`, `invalid_value`.
    Router,
    /// blueprint: `TimeRule::Blueprint`, `invalid_time`.
    Blueprint,
}

fn area(op: &str) -> Area {
    if op.starts_with("router.") {
        Area::Router
    } else if op.starts_with("blueprint.") {
        Area::Blueprint
    } else {
        Area::Go
    }
}

fn kind(a: Area) -> ErrorKind {
    match a {
        Area::Go => ErrorKind::InvalidInput,
        Area::Router => ErrorKind::InvalidValue,
        Area::Blueprint => ErrorKind::InvalidTime,
    }
}

/// Ops whose `now` is read only in some inputs (conductor.start: only without a `state`).
fn now_is_read(op: &str, input: &Map<String, Value>) -> bool {
    !(op == "conductor.start" && input.get("state").is_some_and(|s| !s.is_null()))
}

/// `(op, input)` of every vector case of an op whose catalog input has `now`, with a string
/// `now`, whose call succeeds as written (a vector may carry a `now` its op ignores).
fn succeeding_cases_with_now() -> Vec<(String, Map<String, Value>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let doc: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        for case in doc["cases"].as_array().into_iter().flatten() {
            let (Some(op), Some(input)) = (case["op"].as_str(), case["input"].as_object()) else {
                continue;
            };
            let takes_now = fourx_core::ops::find(op)
                .is_some_and(|i| i.input().iter().any(|k| k.trim_end_matches('?') == "now"));
            if !takes_now
                || !input.get("now").is_some_and(Value::is_string)
                || !now_is_read(op, input)
            {
                continue;
            }
            // fs ops (a `store`, a `root`) are left to their own tests: the rule is the pure part.
            if input.contains_key("store") || input.contains_key("root") {
                continue;
            }
            if call(op, &Value::Object(input.clone())).is_ok() {
                out.push((op.to_string(), input.clone()));
            }
        }
    }
    out
}

fn with_now(input: &Map<String, Value>, now: &str) -> Value {
    let mut m = input.clone();
    m.insert("now".into(), Value::String(now.into()));
    Value::Object(m)
}

/// The areas covered, so that the tests below cannot pass on an empty set.
fn assert_every_area_covered(seen: &BTreeSet<String>) {
    for a in ["router", "blueprint", "conductor", "workspace"] {
        assert!(
            seen.iter().any(|op| op.starts_with(a)),
            "no succeeding vector case with `now` for area {a}: {seen:?}"
        );
    }
}

#[test]
fn lower_case_t_and_z_are_accepted_by_router_ops_only_and_mean_the_same_instant() {
    let mut seen = BTreeSet::new();
    for (op, input) in succeeding_cases_with_now() {
        let now = input["now"].as_str().unwrap();
        let lower = now.replacen('T', "t", 1).replace('Z', "z");
        if lower == now {
            continue;
        }
        seen.insert(op.clone());
        let same = call(&op, &Value::Object(input.clone())).unwrap();
        let got = call(&op, &with_now(&input, &lower));
        match area(&op) {
            Area::Router => assert_eq!(got.unwrap(), same, "{op} {lower}"),
            a => {
                let e = got.expect_err(&format!("{op} accepted {lower}"));
                assert_eq!((e.kind, e.field.as_deref()), (kind(a), Some("now")), "{op}");
            }
        }
    }
    assert_every_area_covered(&seen);
}

#[test]
fn year_0000_is_refused_by_blueprint_ops_only() {
    let mut seen = BTreeSet::new();
    for (op, input) in succeeding_cases_with_now() {
        seen.insert(op.clone());
        let got = call(&op, &with_now(&input, "0000-06-01T12:00:00Z"));
        match area(&op) {
            Area::Blueprint => {
                let e = got.expect_err(&format!("{op} accepted year 0000"));
                assert_eq!(
                    (e.kind, e.field.as_deref()),
                    (kind(Area::Blueprint), Some("now"))
                );
            }
            _ => {
                if let Err(e) = got {
                    assert_ne!(e.field.as_deref(), Some("now"), "{op}: {}", e.message);
                }
            }
        }
    }
    assert_every_area_covered(&seen);
}

#[test]
fn a_now_outside_years_0000_to_9999_in_utc_is_refused_by_every_op() {
    let mut seen = BTreeSet::new();
    for (op, input) in succeeding_cases_with_now() {
        seen.insert(op.clone());
        for now in ["0000-01-01T00:30:00+01:00", "9999-12-31T23:30:00-01:00"] {
            let e = call(&op, &with_now(&input, now)).expect_err(&format!("{op} accepted {now}"));
            assert_eq!(
                (e.kind, e.field.as_deref()),
                (kind(area(&op)), Some("now")),
                "{op} {now}: {}",
                e.message
            );
        }
    }
    assert_every_area_covered(&seen);
}

#[test]
fn a_time_inside_state_json_keeps_year_0000_and_its_offset() {
    let text = r#"{"featureId":"F1","phase":"coding","round":1,"maxRounds":3,"active":true,"updatedAt":"0000-01-01T00:30:00+01:00"}"#;
    let out = call(
        "workspace.parse_state",
        &serde_json::json!({ "text": text }),
    )
    .unwrap();
    assert_eq!(out["state"]["updatedAt"], "0000-01-01T00:30:00+01:00");
    let lower = text.replace("T00:30", "t00:30");
    let e = call(
        "workspace.parse_state",
        &serde_json::json!({ "text": lower }),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::InvalidJson);
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn no_code_parses_rfc3339_but_the_time_rule_table() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let allowed = [
        src.join("protocol/codec/time.rs"),
        src.join("protocol/codec/time_rule.rs"),
    ];
    let mut offenders = Vec::new();
    for f in files {
        if allowed.contains(&f) {
            continue;
        }
        let text = std::fs::read_to_string(&f).unwrap();
        for needle in ["Timestamp::parse(", "ParseOptions"] {
            if text.contains(needle) {
                offenders.push(format!("{} uses {needle}", f.display()));
            }
        }
    }
    assert!(offenders.is_empty(), "{}", offenders.join("\n"));
}
