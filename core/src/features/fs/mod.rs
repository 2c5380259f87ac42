//! The feature files on a filesystem (feature `fs`): listing, loading and saving feature YAML and
//! the settings files ([`features_fs`]), screenshot discovery ([`evidence_fs`]), the history
//! miner's gathering ([`miner_fs`]) and the cached reader for long-running hosts ([`cached`]).
//!
//! Decides which files are read and written, through the workspace layout
//! ([`crate::workspace::fs`]); the rules over their contents are the pure [`crate::features`].

pub mod cached;
pub mod design_doc;
pub mod evidence_fs;
pub mod features_fs;
pub mod miner_fs;
pub mod run_files;

pub use cached::CachedWorkspace;
pub use features_fs::{
    cleanable_features, compare_backlog_mirror, load_merged_config, read_user_config,
    write_user_config, CleanCandidate, FeatureCommitHook, FeatureList, Finalized, SyncOutcome,
    WorkspaceReader,
};
