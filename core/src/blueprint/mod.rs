//! The blueprint: a per-repository knowledge file with a deterministic fold of agent claims,
//! optimistic compare-and-swap storage and a token-budgeted index (blueprint.md).
//!
//! Merge, validation and rendering are pure; storage goes through [`crate::store`].

pub(crate) mod ops;
