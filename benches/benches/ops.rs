#![allow(missing_docs)] // criterion_group! generates undocumented items
//! Boundary cost: `ops::call` and `fourx_call` on a small op against the floor of parsing and
//! serializing the same payload with serde_json.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn boundary(c: &mut Criterion) {
    let input = fourx_benches::small_input();
    let bytes = serde_json::to_vec(&input).unwrap();
    let mut g = c.benchmark_group("boundary");
    g.bench_function("floor_serde_parse_serialize", |b| {
        b.iter(|| {
            let v: serde_json::Value = serde_json::from_slice(black_box(&bytes)).unwrap();
            black_box(serde_json::to_vec(&v).unwrap())
        })
    });
    g.bench_function("ops_call_meta_version", |b| {
        b.iter(|| black_box(fourx_core::ops::call("meta.version", black_box(&input)).unwrap()))
    });
    g.bench_function("fourx_call_meta_version", |b| {
        let op = c"meta.version";
        b.iter(|| {
            let mut out = fourx::fourx_buf {
                ptr: std::ptr::null_mut(),
                len: 0,
            };
            // SAFETY: valid pointers; the buffer is freed right after.
            unsafe {
                fourx::fourx_call(op.as_ptr(), bytes.as_ptr(), bytes.len(), &mut out);
                fourx::fourx_buf_free(&mut out);
            }
        })
    });
    g.finish();
}

criterion_group!(benches, boundary);
criterion_main!(benches);
