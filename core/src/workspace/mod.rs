//! The `.4x/` workspace layout on top of [`crate::store`]: state, events, stop signal, feature
//! and settings files, and the cached reader (workspace.md, features.md).
//!
//! Path construction and rendering are pure; the filesystem ops live behind feature `fs`.

pub mod backlog;
pub mod evidence;
pub(crate) mod feature_ops;
pub mod feature_rules;
pub mod feature_yaml;
pub(crate) mod ops;
