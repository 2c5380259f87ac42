//! The world the runner acts on, behind one trait: the clock, `sh -c` with a timeout, git, the
//! process table and the interrupt flag. [`RealWorld`] is the default; tests and embedders
//! replace it (a fixed clock, a scripted git) without touching the loop.
//!
//! Decides how a command runs (its own process group, killed whole on timeout or interrupt, no
//! stdin, stderr's last 8 KiB kept); what a failure means is the caller's.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

/// How much of a command's stderr is kept (the conductor's `stderr_tail`, ≤ 8 KiB).
pub const STDERR_TAIL_BYTES: u64 = 8 * 1024;

/// One command for [`World::sh`].
#[derive(Debug, Clone)]
pub struct Shell<'a> {
    /// The command line, run as `sh -c <command>`.
    pub command: &'a str,
    /// The working directory (the repository).
    pub cwd: &'a Path,
    /// Extra environment variables.
    pub env: &'a [(String, String)],
    /// Killed (its whole process group) after this long; `None` waits as long as it runs.
    pub timeout: Option<Duration>,
    /// Inherit the runner's stdout/stderr (an agent) instead of discarding stdout and keeping
    /// stderr's tail (hooks, health checks).
    pub inherit_output: bool,
}

/// What a command did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ShellOutcome {
    /// Its exit code; `None` when it did not exit by itself (timeout, signal, not started).
    pub exit_code: Option<i32>,
    /// It was killed because it ran past its timeout.
    pub timed_out: bool,
    /// It was killed because the run was interrupted.
    pub interrupted: bool,
    /// It could not be started.
    pub error: Option<String>,
    /// The last ≤ 8 KiB of its stderr (empty when inherited).
    pub stderr_tail: String,
}

impl ShellOutcome {
    /// It ran and exited 0 in time.
    pub fn ok(&self) -> bool {
        self.exit_code == Some(0) && self.error.is_none()
    }

    /// Why it failed, in one line (`""` when it did not).
    pub fn reason(&self) -> String {
        if let Some(e) = &self.error {
            return format!("could not start: {e}");
        }
        if self.timed_out {
            return "timed out".into();
        }
        if self.interrupted {
            return "interrupted".into();
        }
        match self.exit_code {
            Some(0) => String::new(),
            Some(c) => format!("exit {c}"),
            None => "killed by a signal".into(),
        }
    }
}

/// Everything the runner needs from outside the core. Every method has the real behaviour in
/// [`RealWorld`]; a replacement changes only what it overrides by delegating the rest.
pub trait World {
    /// Now, RFC 3339 in UTC (`2026-12-03T04:00:00Z`).
    fn now(&mut self) -> String;
    /// Runs one command under `sh -c`.
    fn sh(&mut self, shell: &Shell<'_>) -> ShellOutcome;
    /// Runs `git <args>` in `cwd`; its stdout, or the failure in one line.
    fn git(&mut self, cwd: &Path, args: &[&str]) -> std::result::Result<String, String>;
    /// This process's id (recorded in `state.json`).
    fn pid(&mut self) -> i64;
    /// Whether the run was interrupted (SIGINT, a cancelled context): the conductor then stops
    /// with `interrupted`.
    fn interrupted(&mut self) -> bool;
    /// Waits `ms` milliseconds (a transient retry's backoff).
    fn sleep_ms(&mut self, ms: u64);
}

/// The real world: the system clock, `/bin/sh`, `git` on `PATH`, this process. Its interrupt
/// flag is shared: an embedder (or a signal handler of the binding) sets it.
#[derive(Debug, Clone, Default)]
pub struct RealWorld {
    interrupt: Arc<AtomicBool>,
}

static TEMP_SEQ: AtomicU64 = AtomicU64::new(0);

impl RealWorld {
    /// A real world with its own interrupt flag.
    pub fn new() -> RealWorld {
        RealWorld::default()
    }

    /// A real world whose interrupt flag is `flag` (set it to interrupt the run).
    pub fn with_interrupt(flag: Arc<AtomicBool>) -> RealWorld {
        RealWorld { interrupt: flag }
    }

    /// The interrupt flag.
    pub fn interrupt_flag(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }
}

/// RFC 3339 (UTC, whole seconds) of a Unix time; the calendar is the core's
/// (`protocol::codec::time::civil_from_days`).
pub fn rfc3339(secs: u64) -> String {
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    let (y, m, d) = fourx_core::protocol::codec::time::civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        (rem % 3600) / 60,
        rem % 60
    )
}

fn kill_group(pid: u32, sig: rustix::process::Signal) {
    if let Some(p) = i32::try_from(pid)
        .ok()
        .and_then(rustix::process::Pid::from_raw)
    {
        let _ = rustix::process::kill_process_group(p, sig);
    }
}

fn tail(file: &mut File) -> String {
    let len = file.seek(SeekFrom::End(0)).unwrap_or(0);
    let from = len.saturating_sub(STDERR_TAIL_BYTES);
    let mut buf = Vec::new();
    if file.seek(SeekFrom::Start(from)).is_ok() {
        let _ = file.take(STDERR_TAIL_BYTES).read_to_end(&mut buf);
    }
    String::from_utf8_lossy(&buf).into_owned()
}

impl World for RealWorld {
    fn now(&mut self) -> String {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        rfc3339(secs)
    }

    fn sh(&mut self, shell: &Shell<'_>) -> ShellOutcome {
        let mut cmd = Command::new("sh");
        cmd.arg("-c")
            .arg(shell.command)
            .current_dir(shell.cwd)
            .stdin(Stdio::null())
            .process_group(0);
        for (k, v) in shell.env {
            cmd.env(k, v);
        }
        // stderr goes to an unlinked-on-exit temp file, never a pipe: a grandchild that keeps
        // the descriptor open can never make the runner wait.
        let mut err_file = None;
        if !shell.inherit_output {
            cmd.stdout(Stdio::null());
            let path = std::env::temp_dir().join(format!(
                "fourx-run-{}-{}.stderr",
                std::process::id(),
                TEMP_SEQ.fetch_add(1, Ordering::Relaxed)
            ));
            match OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&path)
            {
                Ok(f) => {
                    let _ = std::fs::remove_file(&path);
                    if let Ok(w) = f.try_clone() {
                        cmd.stderr(Stdio::from(w));
                    }
                    err_file = Some(f);
                }
                Err(_) => {
                    cmd.stderr(Stdio::null());
                }
            }
        }
        let mut child = match cmd.spawn() {
            Ok(c) => c,
            Err(e) => {
                return ShellOutcome {
                    error: Some(e.to_string()),
                    ..ShellOutcome::default()
                }
            }
        };
        let started = Instant::now();
        let mut out = ShellOutcome::default();
        let mut pause = Duration::from_millis(2);
        loop {
            match child.try_wait() {
                Ok(Some(status)) => {
                    out.exit_code = status.code();
                    break;
                }
                Ok(None) => {}
                Err(e) => {
                    out.error = Some(e.to_string());
                    break;
                }
            }
            let over = shell.timeout.is_some_and(|t| started.elapsed() >= t);
            let interrupted = self.interrupt.load(Ordering::SeqCst);
            if over || interrupted {
                kill_group(child.id(), rustix::process::Signal::KILL);
                let _ = child.wait();
                out.timed_out = over;
                out.interrupted = interrupted && !over;
                break;
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(50));
        }
        // Whatever the command left running in its group goes with it.
        kill_group(child.id(), rustix::process::Signal::KILL);
        if let Some(mut f) = err_file {
            out.stderr_tail = tail(&mut f);
        }
        out
    }

    fn git(&mut self, cwd: &Path, args: &[&str]) -> std::result::Result<String, String> {
        let out = Command::new("git")
            .args(args)
            .current_dir(cwd)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("git {}: {e}", args.join(" ")))?;
        if out.status.success() {
            Ok(String::from_utf8_lossy(&out.stdout).into_owned())
        } else {
            let err = String::from_utf8_lossy(&out.stderr);
            Err(format!(
                "git {} failed: {}",
                args.join(" "),
                err.lines().next().unwrap_or("").trim()
            ))
        }
    }

    fn pid(&mut self) -> i64 {
        i64::from(std::process::id())
    }

    fn interrupted(&mut self) -> bool {
        self.interrupt.load(Ordering::SeqCst)
    }

    fn sleep_ms(&mut self, ms: u64) {
        std::thread::sleep(Duration::from_millis(ms));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc3339_is_utc_with_whole_seconds() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(1_796_270_400), "2026-12-03T04:00:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
    }
}
