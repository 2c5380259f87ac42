//! The filesystem layer of the feature-definition area (feature `fs`).

pub mod run_files;
