#![allow(missing_docs)] // criterion_group! generates undocumented items
//! Router output parsing: `parse_readonly_output` and `parse_write_contract` on realistic 2 KB
//! agent outputs (target ≤ 50 µs each) and on 1 MB outputs, against the floor of splitting the
//! same text into lines, plus the YAML share of a write contract (tree, tree + JSON). Measured on
//! the 2-core dev machine: the reviewer parses in ~8 µs and the verifier in ~55 µs; the builder's
//! ~110 µs is dominated by its 1.3 KB YAML block (~65 µs here, while serde-saphyr's own
//! `from_str::<Value>` on the same block took ~150 µs in the same run).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

use fourx_core::protocol::codec::yaml;
use fourx_core::router::{contract, readonly, Agent};

const REVIEWER: &str = include_str!("../fixtures/reviewer.md");
const VERIFIER: &str = include_str!("../fixtures/verifier.md");
const BUILDER: &str = include_str!("../fixtures/builder.md");

/// About 1 MB: the reviewer output with its Findings section repeated.
fn big_reviewer() -> String {
    let mut s = String::from(REVIEWER);
    let finding = "### Findings\n- Category: maintainability\n- Evidence: src/a/b.ts:41 duplicates src/c/d.ts:17\n\n";
    while s.len() < 1 << 20 {
        s.push_str(finding);
    }
    s
}

/// About 1 MB: prose and code before the builder's contract block.
fn big_builder() -> String {
    let mut s = String::new();
    let prose = "### Notes\n- Rendered the page server-side; see src/routes/profile.tsx:12\n```ts\nexport const x = 1;\n```\n";
    while s.len() < 1 << 20 {
        s.push_str(prose);
    }
    s.push_str(BUILDER);
    s
}

fn router(c: &mut Criterion) {
    let mut g = c.benchmark_group("router");
    for (name, text) in [("reviewer", REVIEWER), ("verifier", VERIFIER)] {
        g.throughput(Throughput::Bytes(text.len() as u64));
        g.bench_with_input(BenchmarkId::new("floor_lines", name), text, |b, t| {
            b.iter(|| black_box(t.split('\n').count()))
        });
        let agent = if name.starts_with("reviewer") {
            Agent::CodeReviewer
        } else {
            Agent::IntegrationVerifier
        };
        g.bench_with_input(
            BenchmarkId::new("parse_readonly_output", name),
            text,
            |b, t| b.iter(|| black_box(readonly::parse(agent, black_box(t), None).unwrap())),
        );
    }
    g.throughput(Throughput::Bytes(BUILDER.len() as u64));
    g.bench_with_input(
        BenchmarkId::new("parse_write_contract", "builder"),
        BUILDER,
        |b, t| {
            b.iter(|| black_box(contract::parse(Agent::ComponentBuilder, black_box(t)).unwrap()))
        },
    );
    // The YAML share of the write-contract cost: the contract block alone, tree and JSON.
    let block = BUILDER
        .split("```yaml\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .unwrap_or("");
    let limits = yaml::Limits::UNTRUSTED;
    g.throughput(Throughput::Bytes(block.len() as u64));
    g.bench_with_input(BenchmarkId::new("yaml_tree", "builder"), block, |b, t| {
        b.iter(|| black_box(yaml::parse_document(black_box(t), &limits).unwrap()))
    });
    g.bench_with_input(BenchmarkId::new("yaml_json", "builder"), block, |b, t| {
        b.iter(|| black_box(yaml::core_schema::parse_json(black_box(t), &limits).unwrap()))
    });
    let big_r = big_reviewer();
    g.throughput(Throughput::Bytes(big_r.len() as u64));
    g.bench_with_input(
        BenchmarkId::new("parse_readonly_output", "reviewer_1m"),
        &big_r,
        |b, t| b.iter(|| black_box(readonly::parse(Agent::CodeReviewer, t, None).unwrap())),
    );
    let big_b = big_builder();
    g.throughput(Throughput::Bytes(big_b.len() as u64));
    g.bench_with_input(
        BenchmarkId::new("parse_write_contract", "builder_1m"),
        &big_b,
        |b, t| b.iter(|| black_box(contract::parse(Agent::ComponentBuilder, t).unwrap())),
    );
    g.finish();
}

criterion_group!(benches, router);
criterion_main!(benches);
