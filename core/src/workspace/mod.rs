//! The `.4x` workspace layout on top of [`crate::store`]: paths, feature ids, state.json and
//! events.jsonl bytes, the events scanners, the stop signal and process liveness
//! (workspace.md), and the feature, test-strategy, backlog and evidence files (features.md).
//!
//! Path construction, rendering and scanning are pure and always built; the filesystem layer
//! ([`WorkspaceFs`], [`find`], [`atomic_write_file`], [`ProcessProbe`]) lives behind feature `fs`.

pub mod backlog;
#[cfg(feature = "fs")]
pub mod cached;
pub mod config_files;
mod constants;
mod events;
pub mod evidence;
#[cfg(feature = "fs")]
pub mod evidence_fs;
mod feature_id;
pub mod feature_rules;
pub mod feature_yaml;
#[cfg(feature = "fs")]
pub mod features_fs;
#[cfg(feature = "fs")]
mod fs;
#[cfg(feature = "fs")]
mod liveness;
#[cfg(feature = "fs")]
pub mod miner_fs;
mod paths;
mod render;
mod resolve;

pub use constants::{
    constant, CONFIG_FILE, CONSTANTS, DIR_NAME, EVENTS_FILE, FEATURES_DIR, ROUNDS_DIR, RUN_DIR,
    STATE_FILE, STOP_FILE,
};
pub use events::{total_cost, worktree_path, RUN_END, RUN_OUTPUT, WORKTREE_PREFIX};
pub use feature_id::{feature_id_problem, FeatureId};
#[cfg(feature = "fs")]
pub use fs::{atomic_write_file, find, os_error, WorkspaceFs, DIR_MODE, FILE_MODE, STOP_BYTES};
#[cfg(feature = "fs")]
pub use liveness::{Liveness, ProcessProbe};
pub use paths::Root;
pub use render::{normalise_state, render_event, render_state, stamp_event, stamp_state};
pub use resolve::{feature_id_from_file_name, resolve_feature_id, FEATURE_FILE_EXT};

#[cfg(feature = "fs")]
pub use cached::CachedWorkspace;
#[cfg(feature = "fs")]
pub use features_fs::{
    cleanable_features, compare_backlog_mirror, load_merged_config, read_user_config,
    write_user_config, CleanCandidate, FeatureCommitHook, FeatureList, Finalized, SyncOutcome,
    WorkspaceReader,
};
