//! cargo-fuzz entry point; the body is `fourx_fuzz::targets::router_write_contract` (shared with the corpus replay).
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| fourx_fuzz::targets::router_write_contract(data));
