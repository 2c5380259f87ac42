//! cargo-fuzz entry point; the body is `fourx_fuzz::targets::router_readonly` (shared with the corpus replay).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fourx_fuzz::targets::router_readonly(data));
