//! Atomic writes (workspace.md, CONVENTIONS.md files) and the listing that skips
//! their temp files.
//!
//! Decides the temp-file name (`.<final-name>.<unique>.tmp`, unique = pid + counter + wall-clock
//! nanoseconds), the call order (exclusive create, write, chmod, fsync, rename or hard-link,
//! directory fsync) and the one-hour sweep of stale temp files. What the bytes are, and the mode,
//! are the caller's.

use std::io;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use super::fs::{DirEntry, Fs};
use super::{is_own_temp_name, is_single_segment};
use crate::error::{Error, ErrorKind, Result};

/// Temp files older than this are removed by any writer of their directory.
pub const STALE_TEMP_AGE: Duration = Duration::from_secs(3600);

/// How many fresh temp names are tried when one already exists.
const NAME_ATTEMPTS: usize = 16;

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// How the temp file is published under its final name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Publish {
    /// `rename`: replace any existing file atomically.
    Replace,
    /// `link` then remove the temp file: publish only if no file has the final name yet.
    NoReplace,
}

/// What an atomic write did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Published {
    /// The data is in place under the final name (and the directory is synced).
    Written,
    /// [`Publish::NoReplace`] only: a file with the final name already existed; nothing changed.
    AlreadyExists,
}

/// A temp-file name for `final_name` that no concurrent writer picks as well:
/// `.<final_name>.<pid>-<counter>-<nanos>.tmp`.
pub fn temp_name(final_name: &str) -> String {
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!(".{final_name}.{}-{n}-{nanos}.tmp", std::process::id())
}

/// Writes `data` to `dir/final_name` atomically, replacing any existing file.
///
/// Readers see either the complete old file or the complete new one. Any failure before the
/// rename removes the temp file and leaves the old file untouched (`io_error`); a failed directory
/// fsync after the rename is `io_error` too (the new file is in place, durability unconfirmed).
/// `final_name` must be one path segment and must not have the shape of fourx's own temp names
/// (`invalid_input`: the stale-temp sweep would delete such a file an hour later).
pub fn atomic_write(
    fs: &dyn Fs,
    dir: &Path,
    final_name: &str,
    data: &[u8],
    mode: u32,
) -> Result<()> {
    atomic_write_with(fs, dir, final_name, data, mode, Publish::Replace).map(|_| ())
}

/// [`atomic_write`] with a choice of how the file is published.
pub fn atomic_write_with(
    fs: &dyn Fs,
    dir: &Path,
    final_name: &str,
    data: &[u8],
    mode: u32,
    publish: Publish,
) -> Result<Published> {
    if !is_single_segment(final_name) {
        return Err(Error::invalid_input(format!(
            "file name {final_name:?} must be one path segment (no '/', '\\', NUL, '.' or '..')"
        ))
        .with_field("final_name"));
    }
    if is_own_temp_name(final_name) {
        return Err(Error::invalid_input(format!(
            "file name {final_name:?} has the shape of a fourx temp file (.<name>.<pid>-<n>-<nanos>.tmp), \
             which the stale-temp sweep removes; choose another name"
        ))
        .with_field("final_name"));
    }
    let target = dir.join(final_name);
    let (mut file, tmp) = create_temp(fs, dir, final_name, mode)?;
    let staged = fs
        .write(&mut file, data)
        .and_then(|()| fs.set_mode(&file, mode))
        .and_then(|()| fs.sync(&file));
    drop(file);
    if let Err(e) = staged {
        let _ = fs.remove_file(&tmp);
        return Err(Error::io(format!("write {}", tmp.display()), &e));
    }
    let outcome = match publish {
        Publish::Replace => match fs.rename(&tmp, &target) {
            Ok(()) => Published::Written,
            Err(e) => {
                let _ = fs.remove_file(&tmp);
                return Err(Error::io(
                    format!("rename {} to {}", tmp.display(), target.display()),
                    &e,
                ));
            }
        },
        Publish::NoReplace => {
            let linked = fs.hard_link(&tmp, &target);
            let _ = fs.remove_file(&tmp);
            match linked {
                Ok(()) => Published::Written,
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Published::AlreadyExists,
                Err(e) => {
                    return Err(Error::io(
                        format!("link {} to {}", tmp.display(), target.display()),
                        &e,
                    ))
                }
            }
        }
    };
    if outcome == Published::Written {
        fs.sync_dir(dir)
            .map_err(|e| Error::io(format!("sync directory {}", dir.display()), &e))?;
    }
    remove_stale_temp_files(fs, dir, SystemTime::now());
    Ok(outcome)
}

/// Creates the temp file exclusively, trying a fresh name if one is taken.
fn create_temp(
    fs: &dyn Fs,
    dir: &Path,
    final_name: &str,
    mode: u32,
) -> Result<(super::fs::FsFile, std::path::PathBuf)> {
    let mut last = None;
    for _ in 0..NAME_ATTEMPTS {
        let tmp = dir.join(temp_name(final_name));
        match fs.create_exclusive(&tmp, mode) {
            Ok(file) => return Ok((file, tmp)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last = Some(e),
            Err(e) => {
                let kind = if e.kind() == io::ErrorKind::NotFound {
                    ErrorKind::NotFound
                } else {
                    ErrorKind::IoError
                };
                return Err(Error::new(
                    kind,
                    format!("create temp file in {}: {e}", dir.display()),
                ));
            }
        }
    }
    let e = last.unwrap_or_else(|| io::Error::from(io::ErrorKind::AlreadyExists));
    Err(Error::io(
        format!("create temp file in {}", dir.display()),
        &e,
    ))
}

/// Best effort: removes every non-directory entry of `dir` named like a temp file fourx makes
/// ([`super::is_own_temp_name`], not merely `.*.tmp`) whose modification time is more than
/// [`STALE_TEMP_AGE`] before `now`. Younger temp files may belong to a live writer and are kept;
/// other `.*.tmp` files (a user's `.notes.tmp`) are never touched. Failures are ignored.
pub fn remove_stale_temp_files(fs: &dyn Fs, dir: &Path, now: SystemTime) {
    let Ok(entries) = fs.list(dir) else { return };
    for entry in entries {
        let Some(name) = entry.name_str() else {
            continue;
        };
        if !is_own_temp_name(name) {
            continue;
        }
        let path = dir.join(name);
        let Ok(st) = fs.stat(&path, false) else {
            continue;
        };
        if st.kind == super::FileKind::Dir {
            continue;
        }
        let stale = now
            .duration_since(st.mtime)
            .is_ok_and(|age| age > STALE_TEMP_AGE);
        if stale {
            let _ = fs.remove_file(&path);
        }
    }
}

/// The entries of `dir` that a listing shows: everything except `.*.tmp` temp files and names
/// that are not UTF-8.
pub fn visible_entries(fs: &dyn Fs, dir: &Path) -> io::Result<Vec<DirEntry>> {
    Ok(fs
        .list(dir)?
        .into_iter()
        .filter(|e| e.name_str().is_some_and(|n| !super::is_temp_name(n)))
        .collect())
}
