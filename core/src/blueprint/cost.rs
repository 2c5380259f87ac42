//! Cost mode: whether rescans are cheap or costly, decided at the first sample and renewed on
//! expiry (blueprint.md).
//!
//! Decides the 150 ms boundary, the 24 h lifetime and the rescan policy; measuring the scan's
//! duration is the caller's (the core has no clock).

use super::defaults::{COSTLY_MIN_RESCAN_INTERVAL_S, COST_MODE_BOUNDARY_MS, COST_MODE_TTL_S};
use super::stamp::UtcSecond;

fn unknown_mode(what: &str, s: &str) -> String {
    format!("unknown {what} {s:?}")
}

crate::words::string_enum! {
    /// How expensive a scan of this repository is.
    pub enum CostMode("cost mode", String, unknown_mode) {
        /// `cheap`: under 150 ms, every token change rescans.
        Cheap = "cheap",
        /// `costly`: 150 ms or more, rescans at most every 30 s.
        Costly = "costly",
    }
}

/// A cost-mode decision with its expiry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CostDecision {
    /// The mode.
    pub mode: CostMode,
    /// When the decision expires (inclusive).
    pub expires_at: UtcSecond,
}

impl CostDecision {
    /// Decides from a first scan sample taken at `sampled_at`.
    pub fn from_sample(sample_ms: f64, sampled_at: UtcSecond) -> CostDecision {
        let mode = if sample_ms < COST_MODE_BOUNDARY_MS {
            CostMode::Cheap
        } else {
            CostMode::Costly
        };
        CostDecision {
            mode,
            expires_at: sampled_at.plus(COST_MODE_TTL_S).unwrap_or(sampled_at),
        }
    }

    /// Whether the decision has expired at `now` (`now ≥ expires_at`).
    pub fn expired(&self, now: UtcSecond) -> bool {
        now >= self.expires_at
    }

    /// Whether a repo-token change may start a rescan at `now`, given the last scan start.
    pub fn allows_rescan(&self, now: UtcSecond, last_scan_started: Option<UtcSecond>) -> bool {
        match (self.mode, last_scan_started) {
            (CostMode::Cheap, _) | (CostMode::Costly, None) => true,
            (CostMode::Costly, Some(t)) => now.unix() - t.unix() >= COSTLY_MIN_RESCAN_INTERVAL_S,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boundary_is_150_ms_and_expiry_is_inclusive() {
        let t: UtcSecond = "2026-03-01T12:00:00Z".parse().unwrap();
        assert_eq!(CostDecision::from_sample(149.9, t).mode, CostMode::Cheap);
        let d = CostDecision::from_sample(150.0, t);
        assert_eq!(d.mode, CostMode::Costly);
        assert!(d.expired("2026-03-02T12:00:00Z".parse().unwrap()));
        assert!(!d.expired("2026-03-02T11:59:59Z".parse().unwrap()));
        assert!(!d.allows_rescan(t.plus(29).unwrap(), Some(t)));
        assert!(d.allows_rescan(t.plus(30).unwrap(), Some(t)));
    }
}
