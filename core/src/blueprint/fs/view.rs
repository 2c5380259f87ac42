//! `RepoFileView`: anchor reads under a repository root — repo-relative paths only, never through
//! a symbolic link, never outside the root.
//!
//! Decides which paths may be read and how a failed read is reported (missing or unreadable); the
//! anchor verdict over the text is `blueprint::anchors`'.

use std::io;
use std::path::PathBuf;
use std::sync::Arc;

use crate::blueprint::anchors::{FileState, FileView};
use crate::store::{FileKind, Fs};

/// Anchor reads under a repository root: repo-relative paths only, never through a symbolic
/// link, never outside the root.
pub struct RepoFileView {
    fs: Arc<dyn Fs>,
    root: PathBuf,
}

impl RepoFileView {
    /// A view of the files below `root`.
    pub fn new(fs: Arc<dyn Fs>, root: impl Into<PathBuf>) -> RepoFileView {
        RepoFileView {
            fs,
            root: root.into(),
        }
    }
}

impl FileView for RepoFileView {
    fn read(&self, rel: &str) -> FileState {
        let segs: Vec<&str> = rel.split('/').collect();
        if rel.is_empty()
            || segs
                .iter()
                .any(|s| s.is_empty() || *s == "." || *s == ".." || s.contains('\0'))
        {
            return FileState::Missing;
        }
        let mut path = self.root.clone();
        for (i, seg) in segs.iter().enumerate() {
            path.push(seg);
            match self.fs.stat(&path, false) {
                Ok(st) if st.kind == FileKind::Symlink => return FileState::Unreadable,
                Ok(st) if i + 1 < segs.len() && st.kind != FileKind::Dir => {
                    return FileState::Missing
                }
                Ok(st) if i + 1 == segs.len() && st.kind != FileKind::File => {
                    return FileState::Missing
                }
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => return FileState::Missing,
                Err(_) => return FileState::Unreadable,
            }
        }
        // Bounded like the scanner: an anchor file over its size limit is unverifiable.
        match self
            .fs
            .read_limited(&path, crate::blueprint::scan::DEFAULT_MAX_FILE_BYTES)
        {
            Ok(b) => FileState::Present(Arc::from(String::from_utf8_lossy(&b).as_ref())),
            Err(e) if e.kind() == io::ErrorKind::NotFound => FileState::Missing,
            Err(_) => FileState::Unreadable,
        }
    }
}
