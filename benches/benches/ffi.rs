#![allow(missing_docs)] // criterion_group! generates undocumented items
//! C ABI cost, each next to its baseline in the same group:
//! - `fast_path`: `fourx_can_transition` (and the phase string lookups) against a plain,
//!   non-inlined `extern "C"` function of the same shape — the floor of any call across the ABI;
//! - `boundary`: `fourx_call` on small ops against serde_json parsing and serializing the same
//!   payload — the floor of any JSON boundary — with `ops::call` (no C, no byte parsing) between.

use criterion::{BenchmarkId, Criterion};
use fourx_benches::{report, Id, Row, Target};
use std::hint::black_box;

use fourx::{fourx_buf, fourx_phase};

/// The baseline: a C-ABI function that does almost nothing and is never inlined.
#[inline(never)]
extern "C" fn plain_c_call(from: u32, to: u32) -> bool {
    from.wrapping_add(1) == to
}

fn fast_path(c: &mut Criterion) {
    let (coding, reviewing) = (fourx_phase::Coding as u32, fourx_phase::Reviewing as u32);
    let mut g = c.benchmark_group("fast_path");
    // Called through a function pointer hidden from the optimizer, as a C host calls an export.
    let baseline: extern "C" fn(u32, u32) -> bool = black_box(plain_c_call);
    g.bench_function("baseline_plain_c_call", |b| {
        b.iter(|| baseline(black_box(coding), black_box(reviewing)))
    });
    let can: extern "C" fn(u32, u32) -> bool = black_box(fourx::fourx_can_transition);
    g.bench_function("fourx_can_transition", |b| {
        b.iter(|| can(black_box(coding), black_box(reviewing)))
    });
    let to_role: extern "C" fn(u32) -> u32 = black_box(fourx::fourx_phase_to_role);
    g.bench_function("fourx_phase_to_role", |b| {
        b.iter(|| to_role(black_box(coding)))
    });
    g.bench_function("fourx_phase_from_str", |b| {
        let s = "deep-reviewing";
        // SAFETY: a valid (ptr, len) pair.
        b.iter(|| unsafe { fourx::fourx_phase_from_str(black_box(s.as_ptr().cast()), s.len()) })
    });
    g.finish();
}

/// One `fourx_call`, its buffer freed, as a C host does it.
fn c_call(op: &std::ffi::CStr, input: &[u8]) {
    let mut out = fourx_buf {
        ptr: std::ptr::null_mut(),
        len: 0,
    };
    // SAFETY: valid pointers; the buffer is freed right after.
    unsafe {
        fourx::fourx_call(op.as_ptr(), input.as_ptr(), input.len(), &mut out);
        fourx::fourx_buf_free(&mut out);
    }
}

fn boundary(c: &mut Criterion) {
    let cases: [(&str, &std::ffi::CStr, serde_json::Value); 2] = [
        (
            "meta_version",
            c"meta.version",
            fourx_benches::small_input(),
        ),
        (
            "can_transition",
            c"state.can_transition",
            serde_json::json!({"from": "coding", "to": "reviewing"}),
        ),
    ];
    let mut g = c.benchmark_group("boundary");
    for (name, op, input) in &cases {
        let bytes = serde_json::to_vec(input).unwrap();
        g.bench_function(BenchmarkId::new("floor_serde_parse_serialize", name), |b| {
            b.iter(|| {
                let v: serde_json::Value = serde_json::from_slice(black_box(&bytes)).unwrap();
                black_box(serde_json::to_vec(&v).unwrap())
            })
        });
        let op_name = op.to_str().unwrap();
        g.bench_function(BenchmarkId::new("ops_call", name), |b| {
            b.iter(|| black_box(fourx_core::ops::call(op_name, black_box(input)).unwrap()))
        });
        g.bench_function(BenchmarkId::new("fourx_call", name), |b| {
            b.iter(|| c_call(op, black_box(&bytes)))
        });
    }
    g.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    fast_path(&mut c);
    boundary(&mut c);
    c.final_summary();
    let fp = |f: &str| Id::plain("fast_path", f);
    let base = fp("baseline_plain_c_call");
    let mut rows = vec![
        Row::single(
            "fourx_can_transition",
            fp("fourx_can_transition"),
            Target::NsAtMost(5.0),
        ),
        Row::ratio(
            "fourx_can_transition / plain C-ABI call",
            fp("fourx_can_transition"),
            base.clone(),
            Target::None,
        ),
        Row::ratio(
            "fourx_phase_to_role / plain C-ABI call",
            fp("fourx_phase_to_role"),
            base.clone(),
            Target::None,
        ),
        Row::ratio(
            "fourx_phase_from_str / plain C-ABI call",
            fp("fourx_phase_from_str"),
            base,
            Target::None,
        ),
    ];
    for name in ["meta_version", "can_transition"] {
        rows.push(Row::ratio(
            &format!("fourx_call {name} / serde_json parse+serialize"),
            Id::new("boundary", "fourx_call", name),
            Id::new("boundary", "floor_serde_parse_serialize", name),
            Target::None,
        ));
        rows.push(Row::ratio(
            &format!("ops::call {name} / serde_json parse+serialize"),
            Id::new("boundary", "ops_call", name),
            Id::new("boundary", "floor_serde_parse_serialize", name),
            Target::None,
        ));
    }
    report("ffi", &rows);
}
