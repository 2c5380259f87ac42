#![allow(missing_docs)] // criterion_group! generates undocumented items
//! Blueprint index rendering (blueprint.md §10, §20): snapshots of 500 / 5,000 / 50,000 modules
//! (one in ten annotated) at budgets of 1k / 4k / 16k tokens, against the floor of ranking the
//! rows (the degree sort) plus one pass of the token counter over the emitted text. Targets:
//! render ≤ 2 × floor; 10× modules → ≤ 12× time. The hard cap is a test
//! (`core/tests/it/index_cap.rs`), not a bench.

use criterion::{BenchmarkId, Criterion};
use std::hint::black_box;

use fourx_benches::{blueprint_file, blueprint_snapshot, report, Id, Row, Target};
use fourx_core::blueprint::{parse, render_index, ApproxCounter, Snapshot, TokenCounter};

const GROUP: &str = "blueprint_index";
const MODULES: [&str; 3] = ["500", "5000", "50000"];
const BUDGETS: [&str; 3] = ["1000", "4000", "16000"];

/// The floor: rank all modules by (-(in + out degree), path), then count the emitted text once.
fn floor(snap: &Snapshot, text: &str) -> usize {
    let n = snap.modules().len();
    let degree = |i: usize| snap.imports_of(i).len() + snap.importers_of(i).len();
    let mut rank: Vec<usize> = (0..n).collect();
    rank.sort_by(|&a, &b| degree(b).cmp(&degree(a)).then(a.cmp(&b)));
    black_box(&rank);
    ApproxCounter.count(text)
}

fn index(c: &mut Criterion) {
    let mut g = c.benchmark_group(GROUP);
    g.sample_size(20);
    for modules in MODULES {
        let n: usize = modules.parse().unwrap_or(500);
        let snap = blueprint_snapshot(n);
        let doc = parse(&blueprint_file(n)).unwrap();
        for budget in BUDGETS {
            let max: i64 = budget.parse().unwrap_or(1000);
            let out = render_index(&doc, &snap, Some(max), None, &ApproxCounter).unwrap();
            assert!(out.tokens <= out.budget);
            let param = format!("{modules}_{budget}");
            g.bench_with_input(
                BenchmarkId::new("floor_rank_count", &param),
                &out.text,
                |b, t| b.iter(|| black_box(floor(&snap, black_box(t)))),
            );
            g.bench_with_input(BenchmarkId::new("render_index", &param), &max, |b, &m| {
                b.iter(|| {
                    black_box(render_index(&doc, &snap, Some(m), None, &ApproxCounter).unwrap())
                })
            });
        }
    }
    g.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    index(&mut c);
    c.final_summary();
    let params: Vec<String> = MODULES
        .iter()
        .flat_map(|m| BUDGETS.iter().map(move |b| format!("{m}_{b}")))
        .collect();
    let mut rows = Vec::new();
    for p in &params {
        let (m, b) = p.split_once('_').unwrap_or((p, ""));
        rows.push(Row::ratio(
            &format!("index {m} modules, budget {b} / rank+count"),
            Id::new(GROUP, "render_index", p),
            Id::new(GROUP, "floor_rank_count", p),
            Target::RatioAtMost(2.0),
        ));
    }
    for b in BUDGETS {
        for (small, big) in [("500", "5000"), ("5000", "50000")] {
            rows.push(Row::ratio(
                &format!("index {big} / {small} modules (10×), budget {b}"),
                Id::new(GROUP, "render_index", &format!("{big}_{b}")),
                Id::new(GROUP, "render_index", &format!("{small}_{b}")),
                Target::RatioAtMost(12.0),
            ));
        }
    }
    report("index", &rows);
}
