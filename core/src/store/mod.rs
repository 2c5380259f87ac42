//! Storage, generic: the small filesystem trait every writer goes through ([`Fs`]), its real and
//! fault-injecting implementations, atomic writes and appends (CONVENTIONS.md §Storage, §Temp
//! files), the compare-and-swap [`cas::Store`] with its in-memory form, and the directory
//! compare-and-swap ([`dir_cas::DirCas`]) that knows no file names.
//!
//! This module decides *how* bytes reach the disk (temp names, fsync order, locking); *what* is
//! written and where is left to the `fs` folders of the areas on top (`workspace::fs`,
//! `features::fs`, `blueprint::fs`). It names no area type.

pub mod cas;
#[cfg(feature = "fs")]
pub mod dir_cas;

#[cfg(feature = "fs")]
mod append;
#[cfg(feature = "fs")]
mod atomic;
#[cfg(feature = "fs")]
mod faulty;
#[cfg(feature = "fs")]
mod fs;
#[cfg(feature = "fs")]
mod real;

#[cfg(feature = "fs")]
pub use append::append_record;
#[cfg(feature = "fs")]
pub use atomic::{
    atomic_write, atomic_write_with, remove_stale_temp_files, temp_name, visible_entries, Publish,
    Published, STALE_TEMP_AGE,
};
#[cfg(feature = "fs")]
pub use faulty::{Fault, FaultyFs, FsOp};
#[cfg(feature = "fs")]
pub use fs::{DirEntry, DirLock, FileKind, FileStat, Fs, FsFile, PIPE_BUF};
#[cfg(feature = "fs")]
pub use real::RealFs;

/// Whether `name` is the name of an atomic-write temp file: `.<final-name>.<unique>.tmp`, i.e.
/// it starts with `.` and ends with `.tmp` (the glob `.*.tmp`). Listings skip such names.
pub fn is_temp_name(name: &str) -> bool {
    name.len() > ".tmp".len() && name.starts_with('.') && name.ends_with(".tmp")
}

/// Whether `name` can be used as one path segment inside a directory: non-empty, not `.` or
/// `..`, and free of `/`, `\` and NUL. Used for atomic-write target names (workspace.md §17 S4).
pub fn is_single_segment(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\', '\0'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temp_names_match_the_dot_star_tmp_glob() {
        assert!(is_temp_name(".state.json.123-4-5.tmp"));
        assert!(is_temp_name("..tmp"));
        assert!(!is_temp_name(".tmp"));
        assert!(!is_temp_name("state.json.tmp"));
        assert!(!is_temp_name(".state.json"));
    }

    #[test]
    fn single_segments_exclude_separators_and_dot_names() {
        for bad in ["", ".", "..", "a/b", "a\\b", "a\0b", "/"] {
            assert!(!is_single_segment(bad), "{bad:?}");
        }
        for good in ["a", "..a", "state.json", ".hidden"] {
            assert!(is_single_segment(good), "{good:?}");
        }
    }
}
