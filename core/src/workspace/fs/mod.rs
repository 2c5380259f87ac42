//! The workspace on a filesystem (feature `fs`): [`WorkspaceFs`], the `.4x` layout over
//! [`crate::store::Fs`] (workspace.md), and the real process-liveness probe.
//!
//! Decides which files are read and written and in which order; the bytes and the rules are the
//! pure modules of [`crate::workspace`] and [`crate::machine`].

pub mod liveness;
pub mod resume_listing;
pub mod run_store_fs;
pub mod workspace_fs;

pub use liveness::{Liveness, ProcessProbe};
pub use run_store_fs::{Clock, FsRunStore, LEASE_FILE};
pub use workspace_fs::{
    atomic_write_file, find, os_error, WorkspaceFs, DIR_MODE, FILE_MODE, STOP_BYTES,
};
