//! Parsing agent output (router.md): the bounded text, markdown and strict-JSON
//! scanners, read-only envelopes and verdicts, write-agent YAML contracts, the brainstorming
//! handoff, verifier scenarios, agent statuses and verdict reconciliation.
//!
//! Decides whether an output is valid and what it says; what the harness does with a verdict is
//! the caller's.

pub mod brainstorm;
pub mod contract;
pub mod envelope;
pub(crate) mod flat_yaml;
pub(crate) mod locate;
pub(crate) mod markdown;
pub mod output;
pub mod readonly;
pub mod scenarios;
pub mod status;
pub(crate) mod strict_json;
pub(crate) mod text;
pub mod verdicts;
