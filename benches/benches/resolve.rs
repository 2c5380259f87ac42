#![allow(missing_docs)] // criterion_group! generates undocumented items
//! Resolution: `pipeline.resolve` for the `full` profile with a 5-runner config (the typed
//! `resolve_pipeline` on a decoded config, and the whole op: decode, resolve, encode), and
//! `angles.select` for a 1,000-file diff (typed and op). Reports ns per call and allocations
//! per call, counted by a counting global allocator in this bench binary; the target is "no
//! allocation storm": a bounded count per call, ≤ 4 allocations per changed file for the diff.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU64, Ordering};

use criterion::Criterion;
use fourx_benches::{report, Id, Row, Target};
use fourx_core::protocol::config::{decode, Config};
use fourx_core::protocol::feature::Feature;
use fourx_core::resolve::{
    default_angle_mapping, resolve_pipeline, select_angles, ChangedFile, PipelineOptions,
    RunOverrides,
};
use serde_json::{json, Value};
use std::hint::black_box;

/// The system allocator, counting every allocation and reallocation.
struct Counting;

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.fetch_add(1, Ordering::Relaxed);
        // SAFETY: forwarded with the caller's guarantees.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations per call of `f`, averaged over 100 calls.
fn allocations_per_call(mut f: impl FnMut()) -> f64 {
    f();
    let before = ALLOCATIONS.load(Ordering::Relaxed);
    for _ in 0..100 {
        f();
    }
    (ALLOCATIONS.load(Ordering::Relaxed) - before) as f64 / 100.0
}

const GROUP: &str = "resolve";

fn config() -> Value {
    let runner = |cmd: &str, big: &str, small: &str| json!({"command": cmd, "tiers": {"opus": big, "sonnet": small}});
    json!({
        "project": {"name": "bench"},
        "default_runner": "claude",
        "runners": {
            "claude": runner("claude", "opus", "sonnet"),
            "codex": runner("codex", "gpt-5.5", "gpt-5.5-mini"),
            "gemini": runner("gemini", "gemini-3-pro", "gemini-3-flash"),
            "opencode": runner("opencode", "big", "small"),
            "cursor": runner("cursor-agent", "big", "small"),
        },
        "roles": {
            "coder": {"model": "opus", "runner": "codex"},
            "reviewer": {"deep_model": "opus", "runner": "gemini"},
        },
    })
}

/// A 1,000-file diff over the default mapping's areas (and some files it does not match).
fn diff() -> Value {
    let dirs = [
        "internal/state/",
        "internal/server/",
        "internal/guard/",
        "internal/util/",
        "cmd/fourx/",
        "templates/",
        "docs/",
        "dashboard/src/",
        "scripts/",
        "web/app/",
    ];
    let files: Vec<Value> = (0..1000)
        .map(|i| {
            let suffix = if i % 7 == 0 { "_test.go" } else { ".go" };
            json!({"path": format!("{}f{i:04}{suffix}", dirs[i % dirs.len()]), "lines": i % 50})
        })
        .collect();
    json!({ "files": files })
}

fn main() {
    let config = config();
    let feature = json!({"id": "F001-x", "phaseOverrides": {"reviewing": {"runner": "codex"}}});
    let input = json!({"config": config, "feature": feature, "profile_name": "full"});
    let cfg: Config = decode(&config, "config").unwrap();
    let feat: Feature = decode(&feature, "feature").unwrap();
    let overrides = RunOverrides::new();
    let opts = PipelineOptions {
        feature: Some(&feat),
        profile: Some("full"),
        manual_runner: None,
        run_overrides: Some(&overrides),
    };
    let diff = diff();
    let files: Vec<ChangedFile> = decode(&diff["files"], "files").unwrap();
    let mapping = default_angle_mapping();

    let mut c = Criterion::default().configure_from_args();
    {
        let mut g = c.benchmark_group(GROUP);
        g.bench_function("resolve_pipeline_typed", |b| {
            b.iter(|| black_box(resolve_pipeline(&cfg, &opts).unwrap()))
        });
        g.bench_function("pipeline_resolve_op", |b| {
            b.iter(|| {
                black_box(fourx_core::ops::call("pipeline.resolve", black_box(&input)).unwrap())
            })
        });
        g.bench_function("select_angles_typed_1000", |b| {
            b.iter(|| black_box(select_angles(&mapping, black_box(&files))))
        });
        g.bench_function("angles_select_op_1000", |b| {
            b.iter(|| black_box(fourx_core::ops::call("angles.select", black_box(&diff)).unwrap()))
        });
        g.finish();
    }
    c.final_summary();

    let a_pipe = allocations_per_call(|| {
        black_box(resolve_pipeline(&cfg, &opts).unwrap());
    });
    let a_pipe_op = allocations_per_call(|| {
        black_box(fourx_core::ops::call("pipeline.resolve", &input).unwrap());
    });
    let a_sel = allocations_per_call(|| {
        black_box(select_angles(&mapping, &files));
    });
    let a_sel_op = allocations_per_call(|| {
        black_box(fourx_core::ops::call("angles.select", &diff).unwrap());
    });
    let storm = |a: f64| Target::Check("≤ 4 allocs/file".into(), a <= 4000.0);
    let per_file = |a: f64| format!("{a:.0} allocations/call ({:.2} per file)", a / 1000.0);
    let rows = vec![
        Row::single(
            "resolve_pipeline (typed), full profile, 5 runners",
            Id::plain(GROUP, "resolve_pipeline_typed"),
            Target::None,
        )
        .with_note(format!("{a_pipe:.0} allocations/call")),
        Row::single(
            "pipeline.resolve op (decode+resolve+encode)",
            Id::plain(GROUP, "pipeline_resolve_op"),
            Target::None,
        )
        .with_note(format!("{a_pipe_op:.0} allocations/call")),
        Row::single(
            "select_angles (typed), 1,000 files",
            Id::plain(GROUP, "select_angles_typed_1000"),
            storm(a_sel),
        )
        .with_note(per_file(a_sel)),
        Row::single(
            "angles.select op, 1,000 files",
            Id::plain(GROUP, "angles_select_op_1000"),
            storm(a_sel_op),
        )
        .with_note(per_file(a_sel_op)),
    ];
    println!("allocations per call: pipeline typed {a_pipe}, op {a_pipe_op}; select_angles typed {a_sel}, op {a_sel_op}");
    report("resolve", &rows);
}
