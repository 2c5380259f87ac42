//! Reports: review-report verdicts, discovered features, similarity and dedupe, and the
//! history miner (resolution.md §10–11, features.md §11).
//!
//! Pure parsers over text the caller supplies; gathering the texts is left to the workspace.

pub mod candidates_file;
pub(crate) mod ops;
pub(crate) mod pool_ops;
