//! The feature-definition area (features.md): feature files and the run files 4x writes beside
//! them. Pure here; the filesystem parts live in [`fs`].

pub mod run_files;

#[cfg(feature = "fs")]
pub mod fs;
