//! Byte-exact snapshots (insta) of rendered blueprint files, indexes and graphs: any change of
//! the canonical bytes shows up as a reviewable diff.

use crate::blueprint_fixture;

use blueprint_fixture::*;
use fourx_core::blueprint::{
    fold_text, gc_plan, graph, parse, render_index, ApproxCounter, GraphFormat, Item, Snapshot,
};

fn folded() -> String {
    let mut all = items();
    all.push(Item::new(
        "internal/util",
        "invariants",
        "internal/util/atomic.go:3",
        "AtomicWrite writes a temp file in the same directory and renames it.",
    ));
    all.push(Item::new(
        "internal/util",
        "gotchas",
        "",
        "Paths use \\ on Windows; `tmp` files stay behind.",
    ));
    all.push(Item::new(
        "internal/util",
        "gotchas",
        "",
        "`tmp` files are left behind when rename fails.",
    ));
    fold_text(
        "",
        &request(
            all,
            &["internal/blueprint", "internal/util"],
            "2026-03-01T12:00:00Z",
        ),
        &snapshot(),
        &files(),
    )
    .expect("fold")
    .0
}

#[test]
fn rendered_file_after_a_fold() {
    insta::assert_snapshot!("rendered_file", folded());
}

#[test]
fn rendered_file_after_gc_marks_an_orphan() {
    let text = folded();
    let shrunk =
        Snapshot::from_json(&serde_json::json!({"modules": ["internal/blueprint"]})).unwrap();
    let plan = gc_plan(
        &text,
        &parse(&text).unwrap(),
        &shrunk,
        now("2026-03-05T08:00:00Z"),
        true,
    );
    insta::assert_snapshot!("gc_marked_file", plan.text);
}

#[test]
fn index_at_the_default_budget() {
    let doc = parse(&folded()).unwrap();
    let out = render_index(&doc, &snapshot(), None, Some(40_000), &ApproxCounter).unwrap();
    insta::assert_snapshot!("index_default", out.text);
}

#[test]
fn index_under_a_tight_budget() {
    let doc = parse(&folded()).unwrap();
    let out = render_index(&doc, &snapshot(), Some(115), None, &ApproxCounter).unwrap();
    insta::assert_snapshot!(
        "index_tight",
        format!("tokens {} shown {}\n{}", out.tokens, out.shown, out.text)
    );
}

#[test]
fn graph_in_both_formats() {
    let doc = parse(&folded()).unwrap();
    insta::assert_snapshot!(
        "graph_mermaid",
        graph(&doc, &snapshot(), GraphFormat::Mermaid)
    );
    insta::assert_snapshot!("graph_dot", graph(&doc, &snapshot(), GraphFormat::Dot));
}
