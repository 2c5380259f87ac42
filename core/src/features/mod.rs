//! The feature files of a workspace (features.md): feature and test-strategy YAML and their
//! rules, the settings files, the legacy backlog mirror, screenshot evidence, and — on a
//! filesystem ([`fs`], feature `fs`) — listing, loading and saving them, the cached reader and the
//! history miner's gathering.
//!
//! The pure modules decide the bytes and the rules; where the files live is the workspace
//! layout's ([`crate::workspace`]), which only [`fs`] uses.

pub mod backlog;
pub mod config_files;
pub mod evidence;
pub mod feature_rules;
pub mod feature_yaml;
#[cfg(feature = "fs")]
pub mod fs;
pub mod ids;
pub mod run_files;

#[cfg(feature = "fs")]
pub use fs::{
    cleanable_features, compare_backlog_mirror, load_merged_config, read_user_config,
    write_user_config, CachedWorkspace, CleanCandidate, FeatureCommitHook, FeatureList, Finalized,
    SyncOutcome, WorkspaceReader,
};
