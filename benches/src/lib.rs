//! Shared inputs for the fourx criterion benches (`benches/benches/*.rs`). Run them with
//! `make bench`; each bench reports its cost as a ratio against a baseline measured in the same
//! run, never as an absolute time.

/// A small op input, as a harness sends it on every turn.
pub fn small_input() -> serde_json::Value {
    serde_json::json!({})
}
