//! The index's hard token cap and its row selection (blueprint.md §10.3, §10.4), checked against
//! a naive reference that re-counts every candidate index: the rendered index never costs one
//! token over the budget, for any counter, and shows exactly the rows the reference picks (the
//! largest k that fits). The selection only renders rows that can fit; these tests pin that the
//! shortcut changes no answer.

use fourx_core::blueprint::{render_index, Doc, Snapshot, TokenCounter, LEGEND};
use fourx_core::error::ErrorKind;
use proptest::prelude::*;

fn snapshot(n: usize, fanout: usize, hub: usize) -> Snapshot {
    let paths: Vec<String> = (0..n).map(|i| format!("m{i:03}")).collect();
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
/// n down, the whole candidate index re-counted line by line. Returns (k, tokens).
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
    let mut prefix = vec![0usize];
    for &i in &rank {
        prefix.push(prefix[prefix.len() - 1] + cost(counter, rows[i]));
    }
    (0..=n).rev().find_map(|k| {
        let header = format!(
            "# modules {n} edges {e} shown {k} not_shown {} budget {budget}",
            n - k
        );
        let mut total = cost(counter, LEGEND) + cost(counter, &header);
        total += rank[..k]
            .iter()
            .map(|&i| cost(counter, rows[i]))
            .sum::<usize>();
        if k < n {
            total += cost(counter, &format!("+{} modules not shown", n - k));
        }
        (total <= budget).then_some((k, total))
    })
}

fn counters() -> Vec<Box<dyn TokenCounter>> {
    vec![
        Box::new(fourx_core::blueprint::ApproxCounter),
        Box::new(|s: &str| s.len()),
        Box::new(|s: &str| s.split_whitespace().count()),
        Box::new(|s: &str| if s.len() > 40 { 30 } else { 1 }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn index_shows_the_largest_fitting_k_and_never_exceeds_the_cap(
        n in 0usize..50,
        fanout in 0usize..15,
        hub in 0usize..5,
        budget in 1usize..1500,
        which in 0usize..4,
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
