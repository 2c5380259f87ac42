#![allow(missing_docs)] // criterion_group! generates undocumented items
//! Blueprint fold (blueprint.md §20): 8 items into files of 100 / 1,000 / 10,000 entries —
//! parse + merge + render, as `commit` does it minus I/O — against its floor, `parse` + `render`
//! of the same document. Target: fold ≤ 1.3 × floor at 10,000 entries; sizes grow by 10×, so the
//! step ratio shows linear (~10×) against quadratic (~100×) behaviour.

use criterion::{BenchmarkId, Criterion};
use std::hint::black_box;

use fourx_benches::{
    blueprint_file, blueprint_snapshot, module_path, report, Id, Row, Target, ENTRIES_PER_MODULE,
};
use fourx_core::blueprint::{fold_text, parse, render, FoldRequest, GitFacts, Item, MapFileView};

const GROUP: &str = "blueprint_fold";
const SIZES: [&str; 3] = ["100", "1000", "10000"];

fn fold(c: &mut Criterion) {
    let mut g = c.benchmark_group(GROUP);
    g.sample_size(20);
    for entries in SIZES {
        let n: usize = entries.parse().unwrap_or(100);
        let text = blueprint_file(n);
        let snap = blueprint_snapshot(n / ENTRIES_PER_MODULE);
        let items: Vec<Item> = (0..8)
            .map(|i| {
                Item::new(
                    &module_path(i % 3),
                    "invariants",
                    "",
                    &format!("New invariant {i}."),
                )
            })
            .collect();
        let req = FoldRequest {
            project_id: "bench-000000000000".into(),
            items,
            evidence: (0..3).map(module_path).collect(),
            now: "2026-03-02T12:00:00Z".parse().unwrap(),
            git: GitFacts::default(),
        };
        let view = MapFileView::default();
        let (_, result) = fold_text(&text, &req, &snap, &view).unwrap();
        assert!(!result.noop, "the bench fold must write");
        g.bench_with_input(
            BenchmarkId::new("floor_parse_render", entries),
            &text,
            |b, t| b.iter(|| black_box(render(&parse(black_box(t)).unwrap()))),
        );
        g.bench_with_input(BenchmarkId::new("fold", entries), &text, |b, t| {
            b.iter(|| black_box(fold_text(black_box(t), &req, &snap, &view).unwrap()))
        });
    }
    g.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    fold(&mut c);
    c.final_summary();
    let mut rows = Vec::new();
    for entries in SIZES {
        let target = if entries == "10000" {
            Target::RatioAtMost(1.3)
        } else {
            Target::None
        };
        rows.push(Row::ratio(
            &format!("fold 8 items into {entries} entries / parse+render"),
            Id::new(GROUP, "fold", entries),
            Id::new(GROUP, "floor_parse_render", entries),
            target,
        ));
    }
    for (small, big) in [("100", "1000"), ("1000", "10000")] {
        rows.push(Row::ratio(
            &format!("fold {big} / fold {small} entries (10× size)"),
            Id::new(GROUP, "fold", big),
            Id::new(GROUP, "fold", small),
            Target::RatioAtMost(12.0),
        ));
    }
    report("blueprint", &rows);
}
