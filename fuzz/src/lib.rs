//! The fuzz target bodies, as a library so that every `fuzz_targets/*.rs` is one line.
#[path = "targets.rs"]
pub mod targets;
