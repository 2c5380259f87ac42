//! [`RealFs`]: the [`Fs`] trait over the operating system (std plus rustix for `flock`).
//!
//! It decides nothing beyond mapping each call to its syscall; retries, naming and ordering are
//! the callers' business.

use std::fs::{DirBuilder, File, OpenOptions};
use std::io::{self, Write};
use std::os::unix::fs::{DirBuilderExt, MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;
use std::time::{Duration, Instant};

use rustix::fs::{flock, FlockOperation};

use super::fs::{
    DirEntry, DirLock, FileKind, FileStat, Fs, FsFile, TooLarge, PIPE_BUF, READ_LIMIT,
};

/// Whether `file` is non-empty and its last byte is not `\n`.
fn ends_mid_line(file: &File) -> io::Result<bool> {
    use std::os::unix::fs::FileExt;
    let len = file.metadata()?.len();
    if len == 0 {
        return Ok(false);
    }
    let mut last = [0u8; 1];
    file.read_exact_at(&mut last, len - 1)?;
    Ok(last[0] != b'\n')
}

/// Appends `line` to `file` (held under its exclusive flock). A writer killed mid-line (SIGKILL
/// landing between two pages of its write(2)) leaves a fragment without its `\n`; the line then
/// starts with one, so the fragment cannot swallow this record. Lines of at most [`PIPE_BUF`]
/// bytes go out in one write(2) with `O_APPEND`, so even appenders that ignore the flock never
/// split them; longer ones may take several.
fn append_locked(file: &mut File, line: &[u8]) -> io::Result<()> {
    let fresh;
    let line = if ends_mid_line(file)? {
        fresh = [b"\n", line].concat();
        &fresh[..]
    } else {
        line
    };
    if line.len() > PIPE_BUF {
        return file.write_all(line);
    }
    let n = file.write(line)?;
    if n != line.len() {
        return Err(io::Error::new(
            io::ErrorKind::WriteZero,
            format!("short append: {n} of {} bytes written", line.len()),
        ));
    }
    Ok(())
}

/// The status-change time of `md` (`st_ctime` with its nanoseconds).
fn ctime_of(md: &std::fs::Metadata) -> std::time::SystemTime {
    let secs = md.ctime();
    let nanos = u32::try_from(md.ctime_nsec()).unwrap_or(0);
    let base = std::time::UNIX_EPOCH;
    if secs >= 0 {
        base + Duration::new(secs.unsigned_abs(), nanos)
    } else {
        base - Duration::from_secs(secs.unsigned_abs()) + Duration::from_nanos(u64::from(nanos))
    }
}

/// The operating system's filesystem.
#[derive(Debug, Clone, Copy, Default)]
pub struct RealFs;

fn kind_of(ft: std::fs::FileType) -> FileKind {
    if ft.is_symlink() {
        FileKind::Symlink
    } else if ft.is_dir() {
        FileKind::Dir
    } else if ft.is_file() {
        FileKind::File
    } else {
        FileKind::Other
    }
}

/// Waits for an exclusive `flock` on `file`, polling until `timeout`.
fn lock_with_timeout(file: &File, timeout: Duration) -> io::Result<()> {
    let start = Instant::now();
    let mut pause = Duration::from_millis(1);
    loop {
        match flock(file, FlockOperation::NonBlockingLockExclusive) {
            Ok(()) => return Ok(()),
            Err(e) if e == rustix::io::Errno::WOULDBLOCK || e == rustix::io::Errno::INTR => {}
            Err(e) => return Err(e.into()),
        }
        let elapsed = start.elapsed();
        if elapsed >= timeout {
            return Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("lock not acquired within {timeout:?}"),
            ));
        }
        std::thread::sleep(pause.min(timeout - elapsed));
        pause = (pause * 2).min(Duration::from_millis(50));
    }
}

impl Fs for RealFs {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        self.read_limited(path, READ_LIMIT)
    }

    fn read_chunks(&self, path: &Path, sink: &mut dyn FnMut(&[u8])) -> io::Result<()> {
        use std::io::Read;
        let nonblocking = i32::try_from(rustix::fs::OFlags::NONBLOCK.bits()).unwrap_or(0);
        let mut file = OpenOptions::new()
            .read(true)
            .custom_flags(nonblocking)
            .open(path)?;
        if !file.metadata()?.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{} is not a regular file", path.display()),
            ));
        }
        let mut buf = vec![0u8; 64 << 10];
        loop {
            match file.read(&mut buf) {
                Ok(0) => return Ok(()),
                Ok(n) => sink(buf.get(..n).unwrap_or_default()),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    fn read_limited(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>> {
        use std::io::Read;
        let nonblocking = i32::try_from(rustix::fs::OFlags::NONBLOCK.bits()).unwrap_or(0);
        let file = OpenOptions::new()
            .read(true)
            .custom_flags(nonblocking)
            .open(path)?;
        let md = file.metadata()?;
        if !md.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{} is not a regular file", path.display()),
            ));
        }
        if md.len() > limit {
            return Err(TooLarge {
                size: md.len(),
                limit,
            }
            .into_error());
        }
        let mut buf = Vec::with_capacity(usize::try_from(md.len()).unwrap_or(0));
        (&file)
            .take(limit.saturating_add(1))
            .read_to_end(&mut buf)?;
        let size = u64::try_from(buf.len()).unwrap_or(u64::MAX);
        if size > limit {
            return Err(TooLarge { size, limit }.into_error());
        }
        Ok(buf)
    }

    fn create_dir(&self, path: &Path, mode: u32) -> io::Result<()> {
        DirBuilder::new().recursive(true).mode(mode).create(path)
    }

    fn create_exclusive(&self, path: &Path, mode: u32) -> io::Result<FsFile> {
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(mode)
            .open(path)?;
        Ok(FsFile {
            file,
            path: path.to_path_buf(),
        })
    }

    fn write(&self, file: &mut FsFile, data: &[u8]) -> io::Result<()> {
        file.file.write_all(data)
    }

    fn set_mode(&self, file: &FsFile, mode: u32) -> io::Result<()> {
        file.file
            .set_permissions(std::fs::Permissions::from_mode(mode))
    }

    fn sync(&self, file: &FsFile) -> io::Result<()> {
        file.file.sync_all()
    }

    fn sync_dir(&self, dir: &Path) -> io::Result<()> {
        File::open(dir)?.sync_all()
    }

    fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
        std::fs::rename(from, to)
    }

    fn hard_link(&self, original: &Path, link: &Path) -> io::Result<()> {
        std::fs::hard_link(original, link)
    }

    fn lock_dir(&self, dir: &Path, timeout: Duration) -> io::Result<DirLock> {
        let file = File::open(dir)?;
        if !file.metadata()?.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!("{} is not a directory", dir.display()),
            ));
        }
        lock_with_timeout(&file, timeout)?;
        Ok(DirLock { fd: Some(file) })
    }

    fn stat(&self, path: &Path, follow: bool) -> io::Result<FileStat> {
        let md = if follow {
            std::fs::metadata(path)?
        } else {
            std::fs::symlink_metadata(path)?
        };
        Ok(FileStat {
            kind: kind_of(md.file_type()),
            mtime: md.modified()?,
            ctime: ctime_of(&md),
            size: md.len(),
            dev: md.dev(),
            inode: md.ino(),
            mode: md.mode() & 0o7777,
        })
    }

    fn list(&self, dir: &Path) -> io::Result<Vec<DirEntry>> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir)? {
            let entry = entry?;
            out.push(DirEntry {
                name: entry.file_name(),
                kind: kind_of(entry.file_type()?),
            });
        }
        out.sort_by(|a, b| a.name.as_encoded_bytes().cmp(b.name.as_encoded_bytes()));
        Ok(out)
    }

    fn append_line(&self, path: &Path, line: &[u8], mode: u32) -> io::Result<()> {
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .mode(mode)
            .open(path)?;
        // Every fourx appender holds an exclusive flock on the file while it appends, so no fourx
        // write is ever in progress while we look at the last byte.
        flock(&file, FlockOperation::LockExclusive)?;
        // A failed append is atomic: under the lock no other fourx appender moves the end of the
        // file, so cutting it back to the length found removes whatever part of this record
        // reached the disk (a full disk or RLIMIT_FSIZE stopping the write just before the
        // newline would otherwise leave a complete-looking record a later append finishes).
        let found = file.metadata().map(|m| m.len());
        let result = found.and_then(|len| {
            append_locked(&mut file, line).inspect_err(|_| {
                let _ = file.set_len(len);
            })
        });
        let _ = flock(&file, FlockOperation::Unlock);
        result
    }

    fn write_file(&self, path: &Path, data: &[u8], mode: u32) -> io::Result<()> {
        let mut file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(mode)
            .open(path)?;
        file.write_all(data)
    }

    fn remove_file(&self, path: &Path) -> io::Result<()> {
        std::fs::remove_file(path)
    }

    fn remove_dir_all(&self, path: &Path) -> io::Result<()> {
        std::fs::remove_dir_all(path)
    }
}
