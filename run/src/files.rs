//! The runner's file I/O in the feature and round folders: bounded, non-following reads of the
//! files a decision collects, and atomic writes of the files its prepare actions name.
//!
//! Decides what counts as "the file exists": a regular file reached without following a link.
//! A FIFO, a symlink, a directory or a file over [`MAX_COLLECT_BYTES`] where a collected file
//! should be is *missing*, with a reason the caller reports; a read never blocks or escapes its
//! folder. What the texts mean is the conductor's.

use std::fs::OpenOptions;
use std::io::{Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use fourx_core::store::names::is_single_segment;
use fourx_core::{Error, ErrorKind, Result};

/// The largest file a collect reads (the workspace's JSON document limit, 4 MiB).
pub const MAX_COLLECT_BYTES: u64 = 4 << 20;

/// A file name a decision gives, checked to stay in its folder (one path segment, not `.`/`..`).
pub fn child(dir: &Path, name: &str) -> Result<PathBuf> {
    if !is_single_segment(name) {
        return Err(Error::invalid_input(format!(
            "file name {name:?} is not a single path segment of its folder"
        ))
        .with_field("file"));
    }
    Ok(dir.join(name))
}

/// What reading a collected file found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// A regular file's text (invalid UTF-8 replaced).
    Text(String),
    /// No such file.
    Absent,
    /// Something is there but is not a readable regular file: treated as missing, for this
    /// reason.
    Refused(String),
}

/// Reads `dir/name` for a collect: only a regular file, opened without following a symlink and
/// without blocking on a FIFO, at most [`MAX_COLLECT_BYTES`].
pub fn read_collected(dir: &Path, name: &str) -> Found {
    let path = match child(dir, name) {
        Ok(p) => p,
        Err(e) => return Found::Refused(e.message),
    };
    let meta = match std::fs::symlink_metadata(&path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Found::Absent,
        Err(e) => return Found::Refused(format!("{}: {e}", path.display())),
    };
    let ft = meta.file_type();
    if ft.is_symlink() {
        return Found::Refused(format!(
            "{} is a symbolic link, not a file: treated as missing",
            path.display()
        ));
    }
    if !ft.is_file() {
        return Found::Refused(format!(
            "{} is not a regular file (a FIFO, socket, device or directory): treated as missing",
            path.display()
        ));
    }
    let flags = rustix::fs::OFlags::NOFOLLOW | rustix::fs::OFlags::NONBLOCK;
    let file = OpenOptions::new()
        .read(true)
        .custom_flags(i32::try_from(flags.bits()).unwrap_or(0))
        .open(&path);
    let file = match file {
        Ok(f) => f,
        Err(e) => return Found::Refused(format!("{}: {e}", path.display())),
    };
    // The name may have been swapped between the check and the open: check what was opened.
    match file.metadata() {
        Ok(m) if m.is_file() => {
            if m.len() > MAX_COLLECT_BYTES {
                return Found::Refused(format!(
                    "{} is {} bytes, over the {MAX_COLLECT_BYTES}-byte limit: treated as missing",
                    path.display(),
                    m.len()
                ));
            }
        }
        _ => {
            return Found::Refused(format!(
                "{} is not a regular file: treated as missing",
                path.display()
            ))
        }
    }
    let mut buf = Vec::new();
    if let Err(e) = file.take(MAX_COLLECT_BYTES + 1).read_to_end(&mut buf) {
        return Found::Refused(format!("{}: {e}", path.display()));
    }
    if buf.len() as u64 > MAX_COLLECT_BYTES {
        return Found::Refused(format!(
            "{} grew over the {MAX_COLLECT_BYTES}-byte limit: treated as missing",
            path.display()
        ));
    }
    Found::Text(String::from_utf8_lossy(&buf).into_owned())
}

/// Whether `dir/name` is a regular file (not through a link).
pub fn is_file(dir: &Path, name: &str) -> bool {
    child(dir, name)
        .ok()
        .and_then(|p| std::fs::symlink_metadata(p).ok())
        .is_some_and(|m| m.file_type().is_file())
}

fn io(what: &str, path: &Path, e: &std::io::Error) -> Error {
    Error::new(
        ErrorKind::IoError,
        format!("{what} {}: {e}", path.display()),
    )
}

/// Writes `dir/name` atomically (a temp file in `dir`, then rename), creating `dir`.
pub fn write_atomic(dir: &Path, name: &str, bytes: &[u8]) -> Result<()> {
    let path = child(dir, name)?;
    std::fs::create_dir_all(dir).map_err(|e| io("create", dir, &e))?;
    let tmp = dir.join(format!(".{name}.tmp-{}", std::process::id()));
    let mut f = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .custom_flags(i32::try_from(rustix::fs::OFlags::NOFOLLOW.bits()).unwrap_or(0))
        .open(&tmp)
        .map_err(|e| io("write", &tmp, &e))?;
    f.write_all(bytes)
        .and_then(|()| f.sync_all())
        .map_err(|e| io("write", &tmp, &e))?;
    std::fs::rename(&tmp, &path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        io("rename onto", &path, &e)
    })
}

/// Removes `dir/name` if present (a link is removed, never followed).
pub fn remove(dir: &Path, name: &str) -> Result<()> {
    let path = child(dir, name)?;
    match std::fs::remove_file(&path) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(io("remove", &path, &e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(tag: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("fourx-run-files-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_fifo_where_a_collected_file_should_be_is_missing_and_never_blocks() {
        let d = temp("fifo");
        rustix::fs::mkfifoat(rustix::fs::CWD, d.join("review-report.md"), 0o600.into()).unwrap();
        match read_collected(&d, "review-report.md") {
            Found::Refused(why) => assert!(why.contains("not a regular file"), "{why}"),
            other => panic!("{other:?}"),
        }
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_symlink_where_a_collected_file_should_be_is_missing_and_never_followed() {
        let d = temp("link");
        std::fs::write(d.join("secret"), "outside").unwrap();
        std::os::unix::fs::symlink(d.join("secret"), d.join("verify.json")).unwrap();
        match read_collected(&d, "verify.json") {
            Found::Refused(why) => assert!(why.contains("symbolic link"), "{why}"),
            other => panic!("{other:?}"),
        }
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_name_that_is_not_one_segment_is_refused() {
        let d = temp("seg");
        assert!(matches!(read_collected(&d, "../x"), Found::Refused(_)));
        assert!(write_atomic(&d, "a/b", b"x").is_err());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn a_regular_file_is_read_and_an_absent_one_is_absent() {
        let d = temp("plain");
        write_atomic(&d, "coder-report.md", b"# ok\n").unwrap();
        assert_eq!(
            read_collected(&d, "coder-report.md"),
            Found::Text("# ok\n".into())
        );
        assert_eq!(read_collected(&d, "nope.md"), Found::Absent);
        let _ = std::fs::remove_dir_all(&d);
    }
}
