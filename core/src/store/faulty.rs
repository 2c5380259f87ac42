//! [`FaultyFs`]: an [`Fs`] that forwards to another one but fails chosen calls, for the
//! reliability tests of every writer (failed fsync, failed rename, full disk, crashes).
//!
//! It decides only *which* call fails and how; the wrapped filesystem does the real work. A
//! "crash" makes every call after a chosen one fail, as if the process had died there.

use std::io;
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use super::fs::{DirEntry, DirLock, FileStat, Fs, FsFile};
use super::real::RealFs;

/// The kinds of [`Fs`] calls, for choosing which one fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FsOp {
    /// [`Fs::read`]
    Read,
    /// [`Fs::create_dir`]
    CreateDir,
    /// [`Fs::create_exclusive`]
    CreateExclusive,
    /// [`Fs::write`]
    Write,
    /// [`Fs::set_mode`]
    SetMode,
    /// [`Fs::sync`]
    Sync,
    /// [`Fs::sync_dir`]
    SyncDir,
    /// [`Fs::rename`]
    Rename,
    /// [`Fs::hard_link`]
    HardLink,
    /// [`Fs::lock_dir`]
    LockDir,
    /// [`Fs::stat`]
    Stat,
    /// [`Fs::list`]
    List,
    /// [`Fs::append_line`]
    AppendLine,
    /// [`Fs::write_file`]
    WriteFile,
    /// [`Fs::remove_file`]
    RemoveFile,
    /// [`Fs::remove_dir_all`]
    RemoveDirAll,
}

/// How a chosen call misbehaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The call fails with an I/O error (`EIO`) and does nothing.
    Fail,
    /// The disk is full: for [`FsOp::Write`], [`FsOp::AppendLine`] and [`FsOp::WriteFile`] the
    /// first half of the data is written, then `ENOSPC`; other calls fail with `ENOSPC`.
    DiskFull,
    /// Permission denied (`EACCES`): the call fails and does nothing.
    Denied,
    /// The process "dies" right after this call succeeds: this call and every later one of any
    /// kind fail with an error saying so, and nothing more reaches the disk.
    CrashAfter,
}

#[derive(Debug, Default)]
struct Plan {
    rules: Vec<(FsOp, usize, Fault)>,
    counts: Vec<(FsOp, usize)>,
    log: Vec<FsOp>,
    crashed: bool,
}

/// An [`Fs`] that fails the n-th call of a chosen kind, or "crashes" after it.
pub struct FaultyFs<F: Fs = RealFs> {
    inner: F,
    plan: Mutex<Plan>,
}

impl<F: Fs + std::fmt::Debug> std::fmt::Debug for FaultyFs<F> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FaultyFs")
            .field("inner", &self.inner)
            .finish()
    }
}

enum Decision {
    Proceed,
    ProceedThenCrash,
    Fail(Fault),
    Crashed,
}

fn crashed_error() -> io::Error {
    io::Error::other("FaultyFs: the process crashed earlier; nothing more is written")
}

fn fault_error(fault: Fault) -> io::Error {
    match fault {
        Fault::DiskFull => io::Error::from_raw_os_error(28), // ENOSPC
        Fault::Denied => io::Error::from_raw_os_error(13),   // EACCES
        _ => io::Error::from_raw_os_error(5),                // EIO
    }
}

impl FaultyFs<RealFs> {
    /// A faulty wrapper around the real filesystem with no faults planned yet.
    pub fn new() -> Self {
        FaultyFs::wrap(RealFs)
    }
}

impl Default for FaultyFs<RealFs> {
    fn default() -> Self {
        FaultyFs::new()
    }
}

impl<F: Fs> FaultyFs<F> {
    /// Wraps `inner` with no faults planned yet.
    pub fn wrap(inner: F) -> Self {
        FaultyFs {
            inner,
            plan: Mutex::new(Plan::default()),
        }
    }

    /// Plans `fault` for the `nth` call (1-based) of kind `op`.
    #[must_use]
    pub fn fail_nth(self, op: FsOp, nth: usize, fault: Fault) -> Self {
        self.lock().rules.push((op, nth, fault));
        self
    }

    /// The kinds of the calls made so far, in order (including failed ones).
    pub fn calls(&self) -> Vec<FsOp> {
        self.lock().log.clone()
    }

    /// Whether a planned [`Fault::CrashAfter`] has happened.
    pub fn crashed(&self) -> bool {
        self.lock().crashed
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Plan> {
        self.plan.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn decide(&self, op: FsOp) -> Decision {
        let mut plan = self.lock();
        plan.log.push(op);
        if plan.crashed {
            return Decision::Crashed;
        }
        let n = match plan.counts.iter_mut().find(|(o, _)| *o == op) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                plan.counts.push((op, 1));
                1
            }
        };
        match plan.rules.iter().find(|(o, k, _)| *o == op && *k == n) {
            Some((_, _, Fault::CrashAfter)) => {
                plan.crashed = true;
                Decision::ProceedThenCrash
            }
            Some((_, _, fault)) => Decision::Fail(*fault),
            None => Decision::Proceed,
        }
    }

    /// Runs a call that writes `data` (so that [`Fault::DiskFull`] can write half of it).
    fn run_data<T>(
        &self,
        op: FsOp,
        data: &[u8],
        f: impl FnOnce(&[u8]) -> io::Result<T>,
    ) -> io::Result<T> {
        match self.decide(op) {
            Decision::Proceed | Decision::ProceedThenCrash => f(data),
            Decision::Fail(Fault::DiskFull) => {
                let half = data.get(..data.len() / 2).unwrap_or_default();
                if !half.is_empty() {
                    f(half)?;
                }
                Err(fault_error(Fault::DiskFull))
            }
            Decision::Fail(fault) => Err(fault_error(fault)),
            Decision::Crashed => Err(crashed_error()),
        }
    }

    fn run<T>(&self, op: FsOp, f: impl FnOnce() -> io::Result<T>) -> io::Result<T> {
        match self.decide(op) {
            Decision::Proceed | Decision::ProceedThenCrash => f(),
            Decision::Fail(fault) => Err(fault_error(fault)),
            Decision::Crashed => Err(crashed_error()),
        }
    }
}

impl<F: Fs> Fs for FaultyFs<F> {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        self.run(FsOp::Read, || self.inner.read(path))
    }

    fn read_limited(&self, path: &Path, limit: u64) -> io::Result<Vec<u8>> {
        self.run(FsOp::Read, || self.inner.read_limited(path, limit))
    }

    fn create_dir(&self, path: &Path, mode: u32) -> io::Result<()> {
        self.run(FsOp::CreateDir, || self.inner.create_dir(path, mode))
    }

    fn create_exclusive(&self, path: &Path, mode: u32) -> io::Result<FsFile> {
        self.run(FsOp::CreateExclusive, || {
            self.inner.create_exclusive(path, mode)
        })
    }

    fn write(&self, file: &mut FsFile, data: &[u8]) -> io::Result<()> {
        self.run_data(FsOp::Write, data, |d| self.inner.write(file, d))
    }

    fn set_mode(&self, file: &FsFile, mode: u32) -> io::Result<()> {
        self.run(FsOp::SetMode, || self.inner.set_mode(file, mode))
    }

    fn sync(&self, file: &FsFile) -> io::Result<()> {
        self.run(FsOp::Sync, || self.inner.sync(file))
    }

    fn sync_dir(&self, dir: &Path) -> io::Result<()> {
        self.run(FsOp::SyncDir, || self.inner.sync_dir(dir))
    }

    fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
        self.run(FsOp::Rename, || self.inner.rename(from, to))
    }

    fn hard_link(&self, original: &Path, link: &Path) -> io::Result<()> {
        self.run(FsOp::HardLink, || self.inner.hard_link(original, link))
    }

    fn lock_dir(&self, dir: &Path, timeout: Duration) -> io::Result<DirLock> {
        self.run(FsOp::LockDir, || self.inner.lock_dir(dir, timeout))
    }

    fn stat(&self, path: &Path, follow: bool) -> io::Result<FileStat> {
        self.run(FsOp::Stat, || self.inner.stat(path, follow))
    }

    fn list(&self, dir: &Path) -> io::Result<Vec<DirEntry>> {
        self.run(FsOp::List, || self.inner.list(dir))
    }

    fn append_line(&self, path: &Path, line: &[u8], mode: u32) -> io::Result<()> {
        self.run_data(FsOp::AppendLine, line, |d| {
            self.inner.append_line(path, d, mode)
        })
    }

    fn write_file(&self, path: &Path, data: &[u8], mode: u32) -> io::Result<()> {
        self.run_data(FsOp::WriteFile, data, |d| {
            self.inner.write_file(path, d, mode)
        })
    }

    fn remove_file(&self, path: &Path) -> io::Result<()> {
        self.run(FsOp::RemoveFile, || self.inner.remove_file(path))
    }

    fn remove_dir_all(&self, path: &Path) -> io::Result<()> {
        self.run(FsOp::RemoveDirAll, || self.inner.remove_dir_all(path))
    }
}
