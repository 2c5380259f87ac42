//! Storage, generic: the small filesystem trait every writer goes through ([`Fs`]), its real and
//! fault-injecting implementations, atomic writes and appends (CONVENTIONS.md
//! files), the compare-and-swap [`cas::Store`] with its in-memory form, and the directory
//! compare-and-swap ([`dir_cas::DirCas`]) that knows no file names.
//!
//! This module decides *how* bytes reach the disk (temp names, fsync order, locking); *what* is
//! written and where is left to the `fs` folders of the areas on top (`workspace::fs`,
//! `features::fs`, `blueprint::fs`). It names no area type.

pub mod cas;
#[cfg(feature = "fs")]
pub mod dir_cas;
pub mod names;

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
pub use fs::{DirEntry, DirLock, FileKind, FileStat, Fs, FsFile, TooLarge, PIPE_BUF, READ_LIMIT};
#[cfg(feature = "fs")]
pub use real::RealFs;

pub use names::{is_own_temp_name, is_single_segment, is_temp_name};
