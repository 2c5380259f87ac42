//! The blueprint's filesystem side (feature `fs`): the store layout on disk ([`FsStore`], over the
//! generic [`crate::store::dir_cas::DirCas`]), the anchor file view under a repository root
//! ([`RepoFileView`]) and the repository walk behind `blueprint.scan` ([`scan_root`],
//! [`TimedScan`]).
//!
//! Decides where the blueprint's files are and which files of a repository are read; the rules
//! over their contents stay in the pure modules of [`crate::blueprint`].

pub mod store;
pub mod view;
pub mod walk;

pub use store::{FsStore, LOCK_WAIT};
pub use view::RepoFileView;
pub use walk::{list_repository, scan_root, RootReader, TimedScan, PRUNED_DIRS};
