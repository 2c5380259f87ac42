//! The integration tests of fourx-core, in one binary (one link of the core instead of one per
//! file): each module below is one former `core/tests/<name>.rs`, run as `cargo test -p fourx-core
//! --test it [<module>::]`. Shared helpers are `common` (a self-deleting temp directory) and
//! `blueprint_fixture` (blueprint inputs).
//!
//! A test that re-runs this binary as a child process names itself by its module path
//! (`<module>::<test>`).

#![allow(clippy::collapsible_if)] // edition 2024: nested `if let` blocks stay as written

mod blueprint_fixture;
mod common;

mod blueprint_fs;
mod blueprint_gates;
mod blueprint_held;
mod blueprint_hostile;
mod blueprint_leaf;
mod blueprint_props;
mod blueprint_scan;
mod blueprint_scan_props;
mod blueprint_snapshots;
mod catalog_types;
mod conductor;
mod conductor_round2;
mod docs;
mod feature_workspace;
mod feature_yaml_roundtrip;
mod fidelity_helpers;
mod fuzz_corpus;
mod go_oracle;
mod gojson_decode_props;
mod hostile;
mod index_cap;
mod layering;
mod layering_imports;
mod memory_repair;
mod reliability_concurrency;
mod reliability_crash;
mod resolution_props;
mod router_hostile;
mod router_procedure;
mod router_prompt_ops;
mod run_store_fs;
mod scan_oracle;
mod state_props;
mod store_fs;
mod time_rules;
mod typed_entry;
mod unknown_keys;
mod vectors;
mod workspace_fs;
