//! Resolution: config merge and validation, profiles, runners, model tiers, the pipeline,
//! integer limits and deep-review angles (resolution.md).
//!
//! Pure functions over [`crate::protocol`] types; reading config files is left to the workspace.

pub(crate) mod ops;
