#![allow(missing_docs)] // criterion_group! generates undocumented items
//! Blueprint shape benches (blueprint.md §20): fold of 8 items into files of 100 / 1,000 /
//! 10,000 entries, and index rendering of 500 / 5,000 / 50,000 modules. Sizes grow by 10×, so a
//! linear-ish step shows as ~10× per row and a quadratic one as ~100×.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use std::hint::black_box;

use fourx_core::blueprint::{
    fold_text, parse, render, render_index, ApproxCounter, Doc, FoldRequest, GitFacts, Item,
    MapFileView, Snapshot,
};

const ENTRIES_PER_MODULE: usize = 10;

fn snapshot(modules: usize) -> Snapshot {
    let paths: Vec<String> = (0..modules).map(|i| format!("pkg/m{i:05}")).collect();
    let mut edges = Vec::new();
    for i in 1..modules {
        edges.push(serde_json::json!([paths[i], paths[i / 2]]));
        if i >= 3 {
            edges.push(serde_json::json!([paths[i], paths[i / 3]]));
        }
    }
    let mods: Vec<_> = paths
        .iter()
        .map(|p| serde_json::json!({"path": p, "fingerprint": "f1", "bytes": 1000}))
        .collect();
    Snapshot::from_json(&serde_json::json!({"modules": mods, "edges": edges})).unwrap()
}

/// A canonical file with `entries` entries, ten per module.
fn file(entries: usize) -> String {
    let modules = (entries / ENTRIES_PER_MODULE).max(1);
    let mut doc = serde_json::json!({"project_id": "bench-000000000000", "updated": "2026-03-01T12:00:00Z", "modules": []});
    for m in 0..modules {
        let list: Vec<_> = (0..ENTRIES_PER_MODULE)
            .map(|e| serde_json::json!({"where": format!("pkg/m{m:05}/f{e}.go:{e}"), "claim": format!("Claim {e} about module {m} and its invariants.")}))
            .collect();
        doc["modules"].as_array_mut().unwrap().push(serde_json::json!({"path": format!("pkg/m{m:05}"), "sections": [{"field": "gotchas", "updated": "2026-03-01T12:00:00Z", "fp": "f1", "entries": list}]}));
    }
    render(&Doc::from_json(&doc).unwrap())
}

fn fold(c: &mut Criterion) {
    let mut g = c.benchmark_group("blueprint_fold_8_items");
    g.sample_size(20);
    for entries in [100, 1_000, 10_000] {
        let text = file(entries);
        let snap = snapshot(entries / ENTRIES_PER_MODULE);
        let items: Vec<Item> = (0..8)
            .map(|i| {
                Item::new(
                    &format!("pkg/m{:05}", i % 3),
                    "invariants",
                    "",
                    &format!("New invariant {i}."),
                )
            })
            .collect();
        let req = FoldRequest {
            project_id: "bench-000000000000".into(),
            items,
            evidence: (0..3).map(|i| format!("pkg/m{i:05}")).collect(),
            now: "2026-03-02T12:00:00Z".parse().unwrap(),
            git: GitFacts::default(),
        };
        let view = MapFileView::default();
        g.bench_with_input(BenchmarkId::from_parameter(entries), &text, |b, text| {
            b.iter(|| black_box(fold_text(black_box(text), &req, &snap, &view).unwrap()))
        });
    }
    g.finish();
}

fn index(c: &mut Criterion) {
    let mut g = c.benchmark_group("blueprint_render_index");
    g.sample_size(10);
    for modules in [500, 5_000, 50_000] {
        let snap = snapshot(modules);
        let doc = parse(&file(modules.min(5_000))).unwrap();
        g.bench_with_input(BenchmarkId::from_parameter(modules), &snap, |b, snap| {
            b.iter(|| black_box(render_index(&doc, snap, None, None, &ApproxCounter).unwrap()))
        });
    }
    g.finish();
}

criterion_group!(benches, fold, index);
criterion_main!(benches);
