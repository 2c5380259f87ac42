//! Process liveness for ReconcileActive (workspace.md): the injected [`Liveness`] and the
//! real probe `kill(pid, 0)` (through rustix).
//!
//! The pure rule (a non-positive pid is never alive) is [`crate::machine::reconcile_active`]'s;
//! this module only answers "does this positive pid exist".

/// Tells whether a run loop's process is alive.
pub trait Liveness {
    /// Whether process `pid` (always > 0 when called by the reconcile rule) is alive.
    fn is_alive(&self, pid: i64) -> bool;
}

impl<F: Fn(i64) -> bool> Liveness for F {
    fn is_alive(&self, pid: i64) -> bool {
        self(pid)
    }
}

/// The operating system's answer: POSIX `kill(pid, 0)` succeeds or fails with `EPERM` → alive;
/// `pid <= 0` or a pid beyond the platform's range → dead.
#[derive(Debug, Clone, Copy, Default)]
pub struct ProcessProbe;

impl Liveness for ProcessProbe {
    fn is_alive(&self, pid: i64) -> bool {
        let Ok(raw) = i32::try_from(pid) else {
            return false;
        };
        if raw <= 0 {
            return false;
        }
        let Some(pid) = rustix::process::Pid::from_raw(raw) else {
            return false;
        };
        match rustix::process::test_kill_process(pid) {
            Ok(()) => true,
            Err(e) => e == rustix::io::Errno::PERM,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_process_is_alive_and_impossible_pids_are_not() {
        assert!(ProcessProbe.is_alive(i64::from(std::process::id())));
        assert!(!ProcessProbe.is_alive(0));
        assert!(!ProcessProbe.is_alive(-5));
        assert!(!ProcessProbe.is_alive(i64::from(i32::MAX) + 1));
    }
}
