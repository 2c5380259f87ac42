//! The `.4x` workspace layout (workspace.md): paths, feature ids, state.json and events.jsonl
//! bytes, the events scanners, the stop signal and process liveness. The feature, settings,
//! backlog and evidence files of features.md are [`crate::features`].
//!
//! Path construction, rendering and scanning are pure and always built; the filesystem layer
//! ([`fs`]: [`WorkspaceFs`], [`find`], [`atomic_write_file`], [`ProcessProbe`]) lives behind
//! feature `fs`.
//!
//! ```
//! use fourx_core::workspace::FeatureId;
//!
//! assert_eq!(FeatureId::new("F001-login")?.as_str(), "F001-login");
//! assert!(FeatureId::new("../escape").is_err()); // an id never leaves its directory
//! # Ok::<(), fourx_core::Error>(())
//! ```

pub mod events;
pub(crate) mod feature_id;
#[cfg(feature = "fs")]
pub mod fs;
pub(crate) mod paths;
pub(crate) mod render;
pub(crate) mod resolve;
pub mod run_state;
pub mod run_store;

pub use crate::protocol::layout::{
    constant, CONFIG_FILE, CONSTANTS, DIR_NAME, EVENTS_FILE, FEATURES_DIR, ROUNDS_DIR, RUN_DIR,
    STATE_FILE, STOP_FILE,
};
pub use events::{
    total_cost, worktree_path, TotalCostScan, WorktreeScan, RUN_END, RUN_OUTPUT, WORKTREE_PREFIX,
};
pub use feature_id::{feature_id_problem, FeatureId};
#[cfg(feature = "fs")]
pub use fs::{
    atomic_write_file, find, os_error, Liveness, ProcessProbe, WorkspaceFs, DIR_MODE, FILE_MODE,
    STOP_BYTES,
};
pub use paths::Root;
pub use render::{normalise_state, render_event, render_state, stamp_event, stamp_state};
pub use resolve::{feature_id_from_file_name, resolve_feature_id, FEATURE_FILE_EXT};
