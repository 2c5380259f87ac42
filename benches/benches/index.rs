#![allow(missing_docs)] // criterion_group! generates undocumented items
//! Blueprint index rendering (blueprint.md §10, §20): snapshots of 500 / 5,000 / 50,000 modules
//! (one in ten annotated) at budgets of 1k / 4k / 16k tokens, against the floor of ranking the
//! rows (the degree sort) plus one pass of the token counter over the emitted text. Targets:
//! render ≤ 2 × floor; 10× modules → ≤ 12× time. The hard cap is a test
//! (`core/tests/it/index_cap.rs`), not a bench.
//!
//! With the feature `bpe-o200k` (on in `make bench`), the exact `O200kCounter` too: the index
//! under it against one counting pass of its output with the same counter (target ≤ 2×), and
//! against the index under the default counter.

use criterion::{BenchmarkId, Criterion};
use std::hint::black_box;

use fourx_benches::index_cases::floor;
use fourx_benches::{blueprint_file, blueprint_snapshot, report, Id, Row, Target};
use fourx_core::blueprint::{parse, render_index, ApproxCounter};

const GROUP: &str = "blueprint_index";
const MODULES: [&str; 3] = ["500", "5000", "50000"];
const BUDGETS: [&str; 3] = ["1000", "4000", "16000"];

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

#[cfg(feature = "bpe-o200k")]
const BPE_CASES: [&str; 4] = ["500_1000", "500_16000", "5000_4000", "5000_16000"];

/// The index under the exact o200k_base counter, and one o200k count of the same output.
#[cfg(feature = "bpe-o200k")]
fn index_o200k(c: &mut Criterion) {
    use fourx_core::blueprint::{O200kCounter, TokenCounter};
    let mut g = c.benchmark_group(GROUP);
    g.sample_size(10);
    for case in BPE_CASES {
        let (m, b) = case.split_once('_').unwrap_or((case, "1000"));
        let n: usize = m.parse().unwrap_or(500);
        let max: i64 = b.parse().unwrap_or(1000);
        let snap = blueprint_snapshot(n);
        let doc = parse(&blueprint_file(n)).unwrap();
        let out = render_index(&doc, &snap, Some(max), None, &O200kCounter).unwrap();
        assert!(O200kCounter.count(&out.text) <= out.budget);
        g.bench_with_input(
            BenchmarkId::new("o200k_count_output", case),
            &out.text,
            |bch, t| bch.iter(|| black_box(O200kCounter.count(black_box(t)))),
        );
        g.bench_with_input(
            BenchmarkId::new("render_index_o200k", case),
            &max,
            |bch, &mx| {
                bch.iter(|| {
                    black_box(render_index(&doc, &snap, Some(mx), None, &O200kCounter).unwrap())
                })
            },
        );
    }
    g.finish();
}

#[cfg(feature = "bpe-o200k")]
fn o200k_rows(rows: &mut Vec<Row>) {
    for case in BPE_CASES {
        let (m, b) = case.split_once('_').unwrap_or((case, ""));
        rows.push(Row::ratio(
            &format!("index o200k_base {m} modules, budget {b} / one o200k count of the output"),
            Id::new(GROUP, "render_index_o200k", case),
            Id::new(GROUP, "o200k_count_output", case),
            Target::RatioAtMost(2.0),
        ));
        rows.push(Row::ratio(
            &format!("index o200k_base / approx, {m} modules, budget {b}"),
            Id::new(GROUP, "render_index_o200k", case),
            Id::new(GROUP, "render_index", case),
            Target::None,
        ));
    }
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    index(&mut c);
    #[cfg(feature = "bpe-o200k")]
    index_o200k(&mut c);
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
    #[cfg(feature = "bpe-o200k")]
    o200k_rows(&mut rows);
    report("index", &rows);
}
