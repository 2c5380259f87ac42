//! The [`Fs`] trait: the few filesystem calls fourx makes, as one object-safe interface.
//!
//! It decides the vocabulary (file handles, stat results, directory entries, directory locks);
//! the policies built from these calls (atomic writes, listings that skip temp files, the
//! `.4x` layout) live in the modules above it.

use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// `PIPE_BUF` on Linux: appends of at most this many bytes are one `write(2)`; longer lines are
/// written under an exclusive `flock` of the file (see [`Fs::append_line`]).
pub const PIPE_BUF: usize = 4096;

/// The most bytes [`Fs::read`] returns (64 MiB): no read is unbounded. Callers reading
/// documents use [`Fs::read_limited`] with their own, smaller limit.
pub const READ_LIMIT: u64 = 64 << 20;

/// Why [`Fs::read_limited`] refused a file for its size (the payload of its
/// `io::ErrorKind::FileTooLarge` error).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// The size seen (from `fstat`, or at least limit + 1 bytes read from a growing file).
    pub size: u64,
    /// The limit.
    pub limit: u64,
}

impl TooLarge {
    /// The refusal carried by `e`, if `e` is one.
    pub fn of(e: &io::Error) -> Option<TooLarge> {
        e.get_ref()?.downcast_ref::<TooLarge>().copied()
    }

    /// The refusal as an `io::Error` of kind `FileTooLarge`.
    pub fn into_error(self) -> io::Error {
        io::Error::new(io::ErrorKind::FileTooLarge, self)
    }
}

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "file is {} bytes; the limit is {} bytes",
            self.size, self.limit
        )
    }
}

impl std::error::Error for TooLarge {}

/// An open file created by [`Fs::create_exclusive`]; closed when dropped.
#[derive(Debug)]
pub struct FsFile {
    pub(crate) file: File,
    pub(crate) path: PathBuf,
}

impl FsFile {
    /// The path the file was created at.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The type of a filesystem entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A regular file.
    File,
    /// A directory.
    Dir,
    /// A symbolic link (only reported when links are not followed).
    Symlink,
    /// Anything else (socket, fifo, device).
    Other,
}

/// What [`Fs::stat`] reports about an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileStat {
    /// The entry's type.
    pub kind: FileKind,
    /// Last modification time.
    pub mtime: SystemTime,
    /// Last status change (`st_ctime`): moves on every write, rename and `utime`, and, unlike the
    /// modification time, cannot be set back by a writer.
    pub ctime: SystemTime,
    /// Size in bytes.
    pub size: u64,
    /// Device id.
    pub dev: u64,
    /// Inode number.
    pub inode: u64,
    /// Permission bits (`st_mode & 0o7777`).
    pub mode: u32,
}

/// One entry of a directory listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirEntry {
    /// The entry's file name (not UTF-8 checked; callers skip names they cannot use).
    pub name: std::ffi::OsString,
    /// The entry's own type (symbolic links are not followed).
    pub kind: FileKind,
}

impl DirEntry {
    /// The name as UTF-8, `None` when it is not valid UTF-8.
    pub fn name_str(&self) -> Option<&str> {
        self.name.to_str()
    }
}

/// An exclusive `flock` on a directory, released when dropped.
#[derive(Debug)]
pub struct DirLock {
    #[allow(dead_code)] // held only for its drop, which releases the lock
    pub(crate) fd: Option<File>,
}

impl DirLock {
    /// A lock that holds nothing (for [`Fs`] implementations without real locks).
    pub fn detached() -> Self {
        DirLock { fd: None }
    }
}

/// The filesystem calls fourx makes. Errors are plain [`io::Error`]s; the layers above turn them
/// into `io_error`/`not_found` with context.
///
/// Implementations: [`crate::store::RealFs`] (the operating system) and
/// [`crate::store::FaultyFs`] (fails or "crashes" on chosen calls, for reliability tests).
pub trait Fs: Send + Sync {
    /// Reads a whole regular file of at most [`READ_LIMIT`] bytes (see [`Fs::read_limited`]).
    fn read(&self, path: &Path) -> io::Result<Vec<u8>>;
    /// Reads a whole regular file of at most `limit` bytes. The real filesystem opens it
    /// non-blocking (a FIFO never blocks the reader), `fstat`s the open file and refuses anything
    /// but a regular file (`InvalidInput`: FIFOs, devices such as `/dev/zero`, directories) and a
    /// size over `limit` ([`TooLarge`]) before reading, then reads at most `limit + 1` bytes (a
    /// file that grew meanwhile is refused too). Links are followed; callers that must not follow
    /// one check with [`Fs::stat`] first. The default (for test doubles) reads with
    /// [`Fs::read`] and checks the length afterwards.
    fn read_limited(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>> {
        let bytes = self.read(path)?;
        let size = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
        if size > limit {
            return Err(TooLarge { size, limit }.into_error());
        }
        Ok(bytes)
    }
    /// Streams a whole regular file to `sink` in chunks (the real filesystem: at most 64 KiB at
    /// a time, whatever the file's size), for append-only logs read in one pass without holding
    /// them in memory. The same checks as [`Fs::read_limited`] but no size limit: the caller's
    /// memory does not grow with the file. The default (for test doubles) reads with [`Fs::read`]
    /// and hands over one chunk.
    fn read_chunks(&self, path: &Path, sink: &mut dyn FnMut(&[u8])) -> io::Result<()> {
        let bytes = self.read(path)?;
        sink(&bytes);
        Ok(())
    }
    /// Creates a directory and its missing parents with `mode` (subject to the umask); an existing
    /// directory is success and keeps its mode.
    fn create_dir(&self, path: &Path, mode: u32) -> io::Result<()>;
    /// Creates a new file that must not exist yet (`O_CREAT|O_EXCL`), opened for writing.
    fn create_exclusive(&self, path: &Path, mode: u32) -> io::Result<FsFile>;
    /// Writes all of `data` to `file`.
    fn write(&self, file: &mut FsFile, data: &[u8]) -> io::Result<()>;
    /// Sets the permission bits of `file` exactly (no umask).
    fn set_mode(&self, file: &FsFile, mode: u32) -> io::Result<()>;
    /// Flushes `file`'s data and metadata to stable storage (`fsync`).
    fn sync(&self, file: &FsFile) -> io::Result<()>;
    /// Flushes a directory's entries to stable storage (`fsync` of the directory).
    fn sync_dir(&self, dir: &Path) -> io::Result<()>;
    /// Renames `from` onto `to`, replacing `to` atomically.
    fn rename(&self, from: &Path, to: &Path) -> io::Result<()>;
    /// Creates `link` as a hard link to `original`; fails with `AlreadyExists` if `link` exists
    /// (a no-replace publish).
    fn hard_link(&self, original: &Path, link: &Path) -> io::Result<()>;
    /// Takes an exclusive `flock` on directory `dir`, waiting at most `timeout`
    /// (`TimedOut` after that).
    fn lock_dir(&self, dir: &Path, timeout: Duration) -> io::Result<DirLock>;
    /// Stats `path`, following symbolic links when `follow` is true.
    fn stat(&self, path: &Path, follow: bool) -> io::Result<FileStat>;
    /// Lists a directory, sorted by name bytes; temp files are included (see
    /// [`crate::store::visible_entries`] for the listing that skips them).
    fn list(&self, dir: &Path) -> io::Result<Vec<DirEntry>>;
    /// Appends `line` (which should end in `\n`) to `path`, opened append + create + write-only
    /// with `mode` on creation (subject to the umask), under an exclusive `flock` of the file, so
    /// fourx appenders never interleave. Lines of at most [`PIPE_BUF`] bytes go out in one
    /// `write(2)` with `O_APPEND`, so appenders that ignore the lock do not split them either; a
    /// short write is an error. When the file does not end in `\n` (a writer died mid-line), a
    /// `\n` goes first, in the same write, so the fragment stays on its own line. A failed append
    /// leaves the file at the length it had when the lock was taken (it is cut back).
    fn append_line(&self, path: &Path, line: &[u8], mode: u32) -> io::Result<()>;
    /// Writes `data` to `path` in place (create or truncate), `mode` on creation. Not atomic:
    /// only for files the specs write plainly (`.gitignore`, `baseline.json`).
    fn write_file(&self, path: &Path, data: &[u8], mode: u32) -> io::Result<()>;
    /// Removes a file (or symbolic link).
    fn remove_file(&self, path: &Path) -> io::Result<()>;
    /// Removes a directory recursively without following symbolic links.
    fn remove_dir_all(&self, path: &Path) -> io::Result<()>;
}
