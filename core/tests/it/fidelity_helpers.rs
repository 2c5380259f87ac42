//! The 4x helpers that had no op: design-doc resolution on a real filesystem (no path leaves the
//! root, even through a link), process liveness, the dot dir, feature-id minting and the default
//! deep tier — through `ops::call`, one test per rule.

use std::os::unix::fs::symlink;

use fourx_core::ops::call;
use serde_json::{json, Value};

use crate::common::TempDir;

fn ok(op: &str, input: Value) -> Value {
    call(op, &input).unwrap_or_else(|e| panic!("{op} failed: {e}"))
}

fn write(dir: &TempDir, rel: &str, text: &str) {
    let p = dir.path().join(rel);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(p, text).unwrap();
}

fn resolve(root: &TempDir, feature: Value, doc_type: &str, extra: Value) -> Value {
    ok(
        "design_doc.resolve",
        json!({"root": root.s(), "feature": feature, "doc_type": doc_type, "extra_dirs": extra}),
    )
}

#[test]
fn design_doc_yaml_path_wins_and_is_reported_as_written() {
    let root = TempDir::new("dd-yaml");
    write(&root, "specs/./a.md", "yaml spec");
    write(&root, "docs/design/F001-x-spec.md", "default");
    let r = resolve(
        &root,
        json!({"id": "F001-x", "spec": "specs/../specs/a.md"}),
        "spec",
        json!(null),
    );
    assert_eq!(r["content"], "yaml spec");
    assert_eq!(r["source"], "specs/../specs/a.md");
    assert_eq!(r["found"], true);
    assert_eq!(r["warnings"], json!([]));
}

#[test]
fn design_doc_yaml_path_leaving_the_root_is_refused_with_a_warning() {
    let root = TempDir::new("dd-escape");
    let outside = TempDir::new("dd-outside");
    write(&outside, "secret.md", "secret");
    write(&root, "docs/design/x-plan.md", "fallback");
    let rel = format!(
        "../{}/secret.md",
        outside.path().file_name().unwrap().to_str().unwrap()
    );
    let r = resolve(
        &root,
        json!({"id": "F002-x", "plan": rel}),
        "plan",
        json!([]),
    );
    assert_eq!(r["content"], "fallback", "the next candidate is read");
    assert_eq!(r["source"], "docs/design/x-plan.md");
    let w = r["warnings"].as_array().unwrap();
    assert_eq!(w.len(), 1);
    assert!(
        w[0]["message"]
            .as_str()
            .unwrap()
            .contains("outside the workspace root"),
        "{w:?}"
    );
    let abs = outside.path().join("secret.md");
    let r = resolve(
        &root,
        json!({"id": "F009-none", "spec": abs.to_str().unwrap()}),
        "spec",
        json!([]),
    );
    assert_eq!(
        (r["found"].clone(), r["content"].clone()),
        (json!(false), json!(""))
    );
}

#[test]
fn design_doc_symlink_out_of_the_root_is_refused_for_yaml_paths_and_candidates() {
    let root = TempDir::new("dd-link");
    let outside = TempDir::new("dd-link-out");
    write(&outside, "passwd", "root:x:0:0");
    std::fs::create_dir_all(root.path().join("docs/design")).unwrap();
    symlink(outside.path().join("passwd"), root.path().join("link.md")).unwrap();
    symlink(
        outside.path().join("passwd"),
        root.path().join("docs/design/F003-l-spec.md"),
    )
    .unwrap();
    let r = resolve(
        &root,
        json!({"id": "F003-l", "spec": "link.md"}),
        "spec",
        json!([]),
    );
    assert_eq!(r["found"], false);
    assert_eq!(r["content"], "");
    assert_eq!(r["warnings"].as_array().unwrap().len(), 2, "{r}");
}

#[test]
fn design_doc_symlink_inside_the_root_is_followed() {
    let root = TempDir::new("dd-inner");
    write(&root, "real/doc.md", "inner");
    std::fs::create_dir_all(root.path().join("docs/design")).unwrap();
    symlink(
        root.path().join("real/doc.md"),
        root.path().join("docs/design/F004-i-spec.md"),
    )
    .unwrap();
    let r = resolve(&root, json!({"id": "F004-i"}), "spec", json!([]));
    assert_eq!(
        (r["content"].clone(), r["source"].clone()),
        (json!("inner"), json!("docs/design/F004-i-spec.md"))
    );
}

#[test]
fn design_doc_candidates_follow_the_search_order_extra_dirs_first_then_slug() {
    let root = TempDir::new("dd-order");
    write(&root, "docs/design/F005-order-spec.md", "id in default");
    write(&root, "docs/feature/order-spec.md", "slug in extra");
    let r = resolve(
        &root,
        json!({"id": "F005-order"}),
        "spec",
        json!(["docs/feature"]),
    );
    assert_eq!(r["source"], "docs/feature/order-spec.md");
    let r = resolve(
        &root,
        json!({"id": "F005-order"}),
        "plan",
        json!(["docs/feature"]),
    );
    assert_eq!(r["found"], false);
    let order = ok(
        "design_doc.search_order",
        json!({"feature": {"id": "F005-order"}, "doc_type": "spec", "extra_dirs": ["docs/feature"]}),
    );
    assert_eq!(order["candidates"][1], "docs/feature/order-spec.md");
}

#[test]
fn design_doc_missing_yaml_path_is_a_warning_and_an_unreadable_candidate_is_skipped() {
    let root = TempDir::new("dd-missing");
    std::fs::create_dir_all(root.path().join("docs/design/F006-d-spec.md")).unwrap();
    write(&root, "docs/design/d-spec.md", "slug");
    let r = resolve(
        &root,
        json!({"id": "F006-d", "spec": "nope.md"}),
        "spec",
        json!([]),
    );
    assert_eq!(r["content"], "slug");
    let kinds: Vec<_> = r["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["file"].clone())
        .collect();
    assert_eq!(
        kinds,
        [json!("nope.md"), json!("docs/design/F006-d-spec.md")]
    );
}

#[test]
fn design_doc_root_that_does_not_exist_is_an_io_error() {
    let root = TempDir::new("dd-noroot");
    let gone = root.path().join("gone");
    let e = call(
        "design_doc.resolve",
        &json!({"root": gone.to_str().unwrap(), "feature": {"id": "F1"}, "doc_type": "spec"}),
    )
    .unwrap_err();
    assert_eq!(e.kind.as_str(), "io_error");
    let e = call(
        "design_doc.resolve",
        &json!({"root": "", "feature": {"id": "F1"}, "doc_type": "spec"}),
    )
    .unwrap_err();
    assert_eq!(e.kind.as_str(), "invalid_input");
}

#[test]
fn process_alive_is_true_for_this_process_and_false_for_impossible_pids() {
    let me = i64::from(std::process::id());
    assert_eq!(
        ok("workspace.process_alive", json!({"pid": me}))["alive"],
        true
    );
    for pid in [0, -1, i64::from(i32::MAX) + 1] {
        assert_eq!(
            ok("workspace.process_alive", json!({"pid": pid}))["alive"],
            false,
            "{pid}"
        );
    }
    assert!(call("workspace.process_alive", &json!({"pid": "1"})).is_err());
}

#[test]
fn process_alive_is_false_once_a_child_has_been_reaped() {
    let mut child = std::process::Command::new("true")
        .spawn()
        .expect("spawn true");
    let pid = i64::from(child.id());
    child.wait().unwrap();
    assert_eq!(
        ok("workspace.process_alive", json!({"pid": pid}))["alive"],
        false
    );
}

#[test]
fn dot_dir_is_root_slash_dot_4x_cleaned() {
    assert_eq!(
        ok("workspace.dot_dir", json!({"root": "/w/./p/"}))["path"],
        "/w/p/.4x"
    );
    assert!(call("workspace.dot_dir", &json!({"root": ""})).is_err());
}

#[test]
fn next_feature_id_counts_past_the_largest_number_in_the_configured_format() {
    let r = ok(
        "feature.next_id",
        json!({"ids": ["F001-a", "F012-b", "X999"], "name": "Dark Mode"}),
    );
    assert_eq!(
        r,
        json!({"number": 13, "id": "F013-dark-mode", "name": "F013: Dark Mode", "prefix": "F", "digits": 3})
    );
    let cfg = json!({"feature_id_prefix": "ws-", "feature_id_digits": 2});
    let r = ok(
        "feature.next_id",
        json!({"ids": ["ws-7"], "name": "n", "slug": "WS-03-my slug", "config": cfg}),
    );
    assert_eq!(
        (r["id"].clone(), r["name"].clone()),
        (json!("ws-08-my-slug"), json!("ws-08: n"))
    );
}

#[test]
fn discovered_features_are_capped_by_max_discovered_features() {
    let cands: Vec<Value> = (1..=5)
        .map(|i| json!({"title": format!("Idea {i}"), "description": "d"}))
        .collect();
    let r = ok(
        "discover.plan",
        json!({"candidates": cands, "ids": ["F002-x"], "config": {"max_discovered_features": 2}}),
    );
    let ids: Vec<_> = r["features"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].clone())
        .collect();
    assert_eq!(ids, [json!("F003-idea-1"), json!("F004-idea-2")]);
    assert_eq!(r["capped"].as_array().unwrap().len(), 3);
    assert_eq!(r["features"][0]["status"], "not-started");
    let r = ok(
        "discover.plan",
        json!({"candidates": cands, "config": {"enrich_discovered_features": true}}),
    );
    assert_eq!(r["features"].as_array().unwrap().len(), 3, "default cap 3");
    assert_eq!(r["features"][2]["status"], "draft");
}

#[test]
fn default_deep_tier_opus_is_listed() {
    assert_eq!(
        ok("enums.list", json!({"kind": "tiers"}))["values"],
        json!(["opus", "sonnet"])
    );
    let c = ok("model.constants", json!({}));
    assert_eq!(
        (c["default_deep_tier"].clone(), c["default_tier"].clone()),
        (json!("opus"), json!("sonnet"))
    );
}
