//! The router contract: intent routing, task metadata, workflow ids, dispatch and strict
//! validation of agent outputs (router.md).
//!
//! Agent output is untrusted text: every parser here is bounded in size and linear in its input.
//! Deciding what to do with a verdict is left to the harness.

pub(crate) mod ops;
pub mod prompt;
