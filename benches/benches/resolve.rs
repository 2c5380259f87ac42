#![allow(missing_docs)] // criterion_group! generates undocumented items
//! Pipeline resolution: the typed `resolve_pipeline` on a decoded config, and the whole
//! `pipeline.resolve` op (decode, resolve, encode) on the same input.

use criterion::{criterion_group, criterion_main, Criterion};
use fourx_core::protocol::config::{decode, Config};
use fourx_core::protocol::feature::Feature;
use fourx_core::resolve::{resolve_pipeline, RunOverrides};
use serde_json::json;
use std::hint::black_box;

fn pipeline(c: &mut Criterion) {
    let config = json!({
        "project": {"name": "bench"},
        "default_runner": "claude",
        "runners": {
            "claude": {"command": "claude", "tiers": {"opus": "opus", "sonnet": "sonnet"}},
            "codex": {"command": "codex", "tiers": {"opus": "gpt-5.5", "sonnet": "gpt-5.5-mini"}},
        },
        "roles": {"coder": {"model": "opus"}, "reviewer": {"deep_model": "opus"}},
    });
    let feature = json!({"id": "F001-x", "phaseOverrides": {"reviewing": {"runner": "codex"}}});
    let input = json!({"config": config, "feature": feature, "profile_name": "full"});
    let cfg: Config = decode(&config, "config").unwrap();
    let feat: Feature = decode(&feature, "feature").unwrap();
    let overrides = RunOverrides::new();
    let mut g = c.benchmark_group("resolve");
    g.bench_function("resolve_pipeline_typed", |b| {
        b.iter(|| black_box(resolve_pipeline(&cfg, &feat, "full", "", &overrides).unwrap()))
    });
    g.bench_function("pipeline_resolve_op", |b| {
        b.iter(|| black_box(fourx_core::ops::call("pipeline.resolve", black_box(&input)).unwrap()))
    });
    g.finish();
}

criterion_group!(benches, pipeline);
criterion_main!(benches);
