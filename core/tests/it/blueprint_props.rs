//! Properties of the fold, the text form and the index over generated inputs: order
//! independence, idempotence, canonical round trip, and the hard token cap.

use crate::blueprint_fixture;

use blueprint_fixture::*;
use fourx_core::blueprint::{
    fold_text, parse, render, render_index, ApproxCounter, Doc, Item, Snapshot, TokenCounter,
};
use proptest::prelude::*;

const MODULES: [&str; 4] = [
    "cmd/fourx",
    "internal/blueprint",
    "internal/projectid",
    "internal/util",
];
const FIELDS: [&str; 5] = ["purpose", "entrypoints", "invariants", "gotchas", "derived"];

fn item() -> impl Strategy<Value = Item> {
    (
        0..5usize,
        0..5usize,
        "[a-z/.:0-9 `]{0,12}",
        "[a-zA-Z \\\\`蓝图/.]{0,24}",
    )
        .prop_map(|(m, f, w, c)| {
            let module = MODULES.get(m).copied().unwrap_or("internal/ghost");
            Item::new(module, FIELDS[f], &w, &c)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn fold_is_order_independent_and_idempotent(items in proptest::collection::vec(item(), 0..12), seed in any::<u64>()) {
        let evidence = ["internal/blueprint", "internal/util", "cmd/fourx"];
        let at = "2026-03-01T12:00:00Z";
        let (a, ra) = fold_text("", &request(items.clone(), &evidence, at), &snapshot(), &files()).unwrap();
        let mut shuffled = items.clone();
        let n = shuffled.len().max(1);
        shuffled.rotate_left((seed as usize) % n);
        if n > 1 { shuffled.swap(0, (seed as usize / 7) % n); }
        let (b, _) = fold_text("", &request(shuffled, &evidence, at), &snapshot(), &files()).unwrap();
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(ra.accepted.len() + ra.rejected.len(), items.len());
        let (again, r2) = fold_text(&a, &request(items, &evidence, "2026-03-02T12:00:00Z"), &snapshot(), &files()).unwrap();
        prop_assert!(r2.noop);
        prop_assert_eq!(again, a.clone());
        if !a.is_empty() {
            prop_assert_eq!(render(&parse(&a).unwrap()), a);
        }
    }

    #[test]
    fn parse_never_panics_and_canonical_text_round_trips(text in "(---\n|# Blueprint\n|## [a-z/]{1,6}\n|### (purpose|gotchas|derived)\n|<!-- updated: - fp: - -->\n|- \\[[a-f0-9]{0,3}( stale)?\\] [`a-z\\\\ ]{0,8}\n|format: \"fourx-blueprint/1\"\n|[a-z: ]{0,8}\n){0,14}") {
        if let Ok(doc) = parse(&text) {
            let canonical = render(&doc);
            prop_assert_eq!(render(&parse(&canonical).unwrap()), canonical);
        }
    }

    #[test]
    fn index_tokens_never_exceed_the_budget(n in 0usize..40, budget in 1i64..600, fanout in 1usize..4) {
        let paths: Vec<String> = (0..n).map(|i| format!("m{i:02}")).collect();
        let edges: Vec<[String; 2]> = (1..n).flat_map(|i| (1..=fanout).filter(move |k| i >= *k).map(move |k| (i, i - k))).map(|(a, b)| [paths[a].clone(), paths[b].clone()]).collect();
        let s = Snapshot::from_json(&serde_json::json!({"modules": paths, "edges": edges})).unwrap();
        if let Ok(out) = render_index(&Doc::default(), &s, Some(budget), None, &ApproxCounter) {
            prop_assert!(out.tokens <= out.budget);
            let whole = ApproxCounter.count(&out.text);
            prop_assert!(whole <= out.tokens);
            prop_assert_eq!(out.shown + out.not_shown, n);
        }
    }
}
