//! Runs one C-boundary case `N` times — `fourx_call` as a C host calls it (bytes in, buffer out,
//! buffer freed) or the Rust `ops::call` of the same, already parsed input — for instruction
//! counts under callgrind (repeatable on a loaded machine, where criterion's times are not):
//!
//! ```text
//! cargo build --profile bench -p fourx-benches --example ffi_instr
//! valgrind --tool=callgrind --callgrind-out-file=/dev/null target/release/examples/ffi_instr c meta_version 20000
//! ```
//!
//! `(Ir(N) − Ir(0)) / N` is the cost of one call, setup excluded. Modes `c | ops`; cases
//! `meta_version`, `can_transition`, `builder_2k` (`router.parse_write_contract` of
//! `benches/fixtures/builder.md`).

use std::hint::black_box;

use fourx::fourx_buf;
use fourx_core::ops;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).map_or("", String::as_str);
    let n: usize = arg(3).parse().unwrap_or(1);
    let (op, input): (&std::ffi::CStr, serde_json::Value) = match arg(2) {
        "meta_version" => (c"meta.version", fourx_benches::small_input()),
        "can_transition" => (
            c"state.can_transition",
            serde_json::json!({"from": "coding", "to": "reviewing"}),
        ),
        "builder_2k" => {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/builder.md");
            let output = std::fs::read_to_string(path).expect("the builder fixture");
            (
                c"router.parse_write_contract",
                serde_json::json!({"agent": "component-builder", "output": output}),
            )
        }
        other => panic!("unknown case {other:?}"),
    };
    let bytes = serde_json::to_vec(&input).expect("serialisable");
    let name = op.to_str().expect("UTF-8 op name");
    match arg(1) {
        "c" => {
            for _ in 0..n {
                let mut out = fourx_buf {
                    ptr: std::ptr::null_mut(),
                    len: 0,
                };
                let b = black_box(bytes.as_slice());
                // SAFETY: valid pointers; the buffer is freed right after.
                unsafe {
                    black_box(fourx::fourx_call(
                        op.as_ptr(),
                        b.as_ptr(),
                        b.len(),
                        &mut out,
                    ));
                    fourx::fourx_buf_free(&mut out);
                }
            }
        }
        "ops" => {
            for _ in 0..n {
                let _ = black_box(ops::call(black_box(name), black_box(&input)));
            }
        }
        other => panic!("usage: ffi_instr c|ops <case> N, not {other:?}"),
    }
}
