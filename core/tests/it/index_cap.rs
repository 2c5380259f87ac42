//! The index's hard token cap and its row selection (blueprint.md §10.3, §10.4), checked against
//! a naive reference that re-counts every candidate index: the rendered index never costs one
//! token over the budget, for any counter, and shows exactly the rows the reference picks (the
//! largest k that fits). The selection only renders rows that can fit; these tests pin that the
//! shortcut changes no answer.

use fourx_core::blueprint::{index, render_index, Doc, Snapshot, TokenCounter, LEGEND};
use fourx_core::error::ErrorKind;
use proptest::prelude::*;

fn snapshot(n: usize, fanout: usize, hub: usize) -> Snapshot {
    snapshot_with(n, fanout, hub, |i| format!("m{i:03}"))
}

fn snapshot_with(n: usize, fanout: usize, hub: usize, path: impl Fn(usize) -> String) -> Snapshot {
    let mut paths: Vec<String> = (0..n).map(path).collect();
    paths.sort();
    let mut edges = Vec::new();
    for i in 1..n {
        for k in 1..=fanout.min(i) {
            edges.push([paths[i].clone(), paths[i - k].clone()]);
        }
        if hub > 0 && i % hub == 0 {
            edges.push([paths[i].clone(), paths[0].clone()]);
        }
    }
    Snapshot::from_json(&serde_json::json!({"modules": paths, "edges": edges})).unwrap()
}

fn cost(counter: &dyn TokenCounter, line: &str) -> usize {
    counter.count(&format!("{line}\n"))
}

/// The reference: all rows (from an unbounded render), ranked by (-(degree), path); for k from
/// n down, the whole candidate index re-counted line by line and, for a counter that does not
/// promise `whole_within_lines`, also counted as one text. Returns (k, tokens).
fn reference(
    doc: &Doc,
    s: &Snapshot,
    budget: usize,
    counter: &dyn TokenCounter,
) -> Option<(usize, usize)> {
    let n = s.modules().len();
    let e = s.edges().len();
    let all = render_index(doc, s, Some(i64::MAX), None, &|_: &str| 0usize).unwrap();
    let rows: Vec<&str> = all.text.lines().skip(2).take(n).collect();
    assert_eq!(rows.len(), n);
    let mut rank: Vec<usize> = (0..n).collect();
    let degree = |i: usize| s.imports_of(i).len() + s.importers_of(i).len();
    rank.sort_by(|&a, &b| degree(b).cmp(&degree(a)).then(a.cmp(&b)));
    (0..=n).rev().find_map(|k| {
        let header = format!(
            "# modules {n} edges {e} shown {k} not_shown {} budget {budget}{}",
            n - k,
            if index::none_annotated(doc, s) {
                index::ALL_UNANNOTATED
            } else {
                ""
            }
        );
        let mut shown: Vec<usize> = rank[..k].to_vec();
        shown.sort_unstable();
        let mut lines = vec![LEGEND.to_string(), header];
        lines.extend(shown.iter().map(|&i| rows[i].to_string()));
        if k < n {
            lines.push(format!("+{} modules not shown", n - k));
        }
        let total: usize = lines.iter().map(|l| cost(counter, l)).sum();
        let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
        let whole_fits = counter.whole_within_lines() || counter.count(&text) <= budget;
        (total <= budget && whole_fits).then_some((k, total))
    })
}

fn counters() -> Vec<Box<dyn TokenCounter>> {
    vec![
        Box::new(fourx_core::blueprint::ApproxCounter),
        Box::new(|s: &str| s.len()),
        Box::new(|s: &str| s.split_whitespace().count()),
        Box::new(|s: &str| if s.len() > 40 { 30 } else { 1 }),
        Box::new(odd),
    ]
}

/// A deliberately odd counter: superadditive (quadratic in the bytes, so a text costs more than
/// its lines together), sensitive to content (each `1` and each `,` costs 7), and not monotone in
/// length (every 5th byte length is free of its quadratic part).
fn odd(s: &str) -> usize {
    let quadratic = if s.len().is_multiple_of(5) {
        0
    } else {
        s.len() * s.len() / 900
    };
    quadratic + 7 * s.bytes().filter(|&b| b == b'1' || b == b',').count() + s.lines().count()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// blueprint.md §10.3 with a caller's counter: the whole text counted as one string stays under
    /// the cap too, not only the per-line sum, and the largest such k is shown.
    #[test]
    fn index_cap_holds_exactly_under_a_deliberately_odd_counter(
        n in 0usize..40,
        fanout in 0usize..15,
        hub in 0usize..5,
        budget in 1usize..6000,
    ) {
        let s = snapshot(n, fanout, hub);
        let doc = Doc::default();
        let got = render_index(&doc, &s, Some(budget as i64), None, &odd);
        match reference(&doc, &s, budget, &odd) {
            Some((k, tokens)) => {
                let out = got.unwrap();
                prop_assert_eq!(out.shown, k);
                prop_assert_eq!(out.tokens, tokens);
                prop_assert!(out.tokens <= budget);
                prop_assert!(odd(&out.text) <= budget, "whole text {} > {}", odd(&out.text), budget);
            }
            None => prop_assert_eq!(got.unwrap_err().kind(), ErrorKind::BudgetTooSmall),
        }
    }
}

/// A counter that fails (a C callback returning an error, a Python callable raising) makes the
/// render fail with the counter's error, never a made-up count.
#[test]
fn a_failing_counter_is_the_renders_error() {
    struct Failing;
    impl TokenCounter for Failing {
        fn count(&self, _: &str) -> usize {
            0
        }
        fn try_count(&self, text: &str) -> fourx_core::error::Result<usize> {
            if text.contains("m002") {
                Err(fourx_core::Error::invalid_input("counter refused").with_field("counter"))
            } else {
                Ok(1)
            }
        }
    }
    let err = render_index(
        &Doc::default(),
        &snapshot(5, 1, 0),
        Some(100),
        None,
        &Failing,
    )
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert_eq!(err.field.as_deref(), Some("counter"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn index_shows_the_largest_fitting_k_and_never_exceeds_the_cap(
        n in 0usize..50,
        fanout in 0usize..15,
        hub in 0usize..5,
        budget in 1usize..1500,
        which in 0usize..5,
    ) {
        let s = snapshot(n, fanout, hub);
        let counter = &counters()[which];
        let doc = Doc::default();
        let got = render_index(&doc, &s, Some(budget as i64), None, counter.as_ref());
        match reference(&doc, &s, budget, counter.as_ref()) {
            Some((k, tokens)) => {
                let out = got.unwrap();
                prop_assert_eq!(out.shown, k);
                prop_assert_eq!(out.tokens, tokens);
                prop_assert!(out.tokens <= budget);
                let recount: usize = out.text.lines().map(|l| cost(counter.as_ref(), l)).sum();
                prop_assert_eq!(recount, out.tokens);
            }
            None => prop_assert_eq!(got.unwrap_err().kind(), ErrorKind::BudgetTooSmall),
        }
    }
}

#[test]
fn index_of_thousands_of_modules_never_exceeds_the_cap() {
    let s = snapshot(1500, 3, 7);
    let counter = fourx_core::blueprint::ApproxCounter;
    for budget in [1000usize, 4000, 16000, 64000] {
        let out = render_index(&Doc::default(), &s, Some(budget as i64), None, &counter).unwrap();
        let (k, tokens) = reference(&Doc::default(), &s, budget, &counter).unwrap();
        assert_eq!((out.shown, out.tokens), (k, tokens), "budget {budget}");
        assert!(out.tokens <= budget);
        assert!(counter.count(&out.text) <= budget, "budget {budget}");
    }
}

fn index_input() -> serde_json::Value {
    serde_json::json!({"doc": "", "snapshot": {"modules": ["a", "b"], "edges": [["a", "b"]]},
                       "max_tokens": 400})
}

/// `counter` names a built-in counter; `approx` is the default, an unknown name is
/// `invalid_input` on `counter`.
#[test]
fn render_index_op_takes_a_named_built_in_counter() {
    use fourx_core::ops::call;
    let plain = call("blueprint.render_index", &index_input()).unwrap();
    let mut named = index_input();
    named["counter"] = "approx".into();
    assert_eq!(call("blueprint.render_index", &named).unwrap(), plain);
    named["counter"] = "gpt2".into();
    let err = call("blueprint.render_index", &named).unwrap_err();
    assert_eq!(
        (err.kind(), err.field.as_deref()),
        (ErrorKind::InvalidInput, Some("counter"))
    );
    let counted = call(
        "blueprint.count_tokens",
        &serde_json::json!({"text": "abcde", "counter": "approx"}),
    )
    .unwrap();
    assert_eq!(counted["tokens"], 2);
}

#[cfg(not(feature = "bpe-o200k"))]
#[test]
fn o200k_base_in_a_default_build_says_which_feature_brings_it() {
    let mut input = index_input();
    input["counter"] = "o200k_base".into();
    let err = fourx_core::ops::call("blueprint.render_index", &input).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    assert!(err.message.contains("bpe-o200k"), "{}", err.message);
}

/// With the feature, `o200k_base` is the exact BPE count, and the cap holds for the whole text.
#[cfg(feature = "bpe-o200k")]
#[test]
fn o200k_base_keeps_the_whole_index_under_the_cap() {
    use fourx_core::blueprint::O200kCounter;
    let s = snapshot_with(80, 4, 3, |i| match i % 4 {
        0 => format!("m{i:03}"),
        1 => format!("src/app-{i}/main.rs"),
        2 => format!("lib/{i}_util.py"),
        _ => format!("pkg/[x]{i}/%mod!"),
    });
    for budget in [300usize, 700, 4000] {
        let out = render_index(
            &Doc::default(),
            &s,
            Some(budget as i64),
            None,
            &O200kCounter,
        )
        .unwrap();
        // The promise `whole_within_lines` stands on: the whole index counts its lines' sum.
        assert_eq!(O200kCounter.count(&out.text), out.tokens, "budget {budget}");
        assert!(out.tokens <= budget, "budget {budget}");
        assert_eq!(
            Some((out.shown, out.tokens)),
            reference(&Doc::default(), &s, budget, &O200kCounter)
        );
    }
}

/// `ops::call_counted` runs the counted ops with the caller's counter and refuses the rest, and a
/// named `counter` beside the caller's.
#[test]
fn call_counted_takes_the_callers_counter_for_the_counted_ops_only() {
    use fourx_core::ops::call_counted;
    let bytes = |s: &str| s.len();
    let out = call_counted("blueprint.render_index", &index_input(), &bytes).unwrap();
    let text = out["text"].as_str().unwrap();
    assert!(text.len() <= 400 && out["tokens"].as_u64().unwrap() <= 400);
    let err =
        call_counted("blueprint.parse", &serde_json::json!({"text": ""}), &bytes).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
    let mut named = index_input();
    named["counter"] = "approx".into();
    let err = call_counted("blueprint.render_index", &named, &bytes).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("counter"));
    let err = call_counted("blueprint.nope", &index_input(), &bytes).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::UnknownOp);
}

/// The held store renders its index under the caller's counter; its other ops take none.
#[test]
fn held_store_renders_its_index_under_the_callers_counter() {
    use fourx_core::ops::blueprint_store::HeldStore;
    let store = HeldStore::new(serde_json::json!({"store": {}}).as_object().unwrap()).unwrap();
    let input = serde_json::json!({"snapshot": {"modules": ["a", "b"]}, "max_tokens": 300});
    let input = input.as_object().unwrap();
    let out = store.call_counted("render_index", input, &odd).unwrap();
    assert!(odd(out["text"].as_str().unwrap()) <= 300);
    let err = store
        .call_counted("read", &serde_json::Map::new(), &odd)
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidInput);
}
