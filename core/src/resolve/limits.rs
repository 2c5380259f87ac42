//! Integer limits of a role and the config, with their defaults (Go `ResolveMaxFixRounds`,
//! `ResolveParallelReviewers`, `ResolveAnglesPerReviewer`, `ResolveMaxDiscoveredFeatures`,
//! resolution.md).
//!
//! Decides the defaults for unset or non-positive values. Leaves using them to the caller.

use crate::protocol::config::Config;

/// Fix rounds when unset (Go `defaultMaxFixRounds`).
pub const DEFAULT_MAX_FIX_ROUNDS: i64 = 2;
/// Parallel reviewers when unset.
pub const DEFAULT_PARALLEL_REVIEWERS: i64 = 1;
/// Angles per reviewer when unset (0 = automatic).
pub const DEFAULT_ANGLES_PER_REVIEWER: i64 = 0;
/// Discovered features per run when unset (Go `defaultMaxDiscoveredFeatures`).
pub const DEFAULT_MAX_DISCOVERED_FEATURES: i64 = 3;

/// The resolved limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Maximum fix rounds.
    pub max_fix_rounds: i64,
    /// Parallel reviewers.
    pub parallel_reviewers: i64,
    /// Angles per reviewer (0 = automatic).
    pub angles_per_reviewer: i64,
    /// Maximum discovered features per run.
    pub max_discovered_features: i64,
}

fn positive_or(v: i64, default: i64) -> i64 {
    if v > 0 {
        v
    } else {
        default
    }
}

/// The limits of `role` (usually `deep-reviewer`): each set value if > 0, else its default.
pub fn resolve_limits(cfg: &Config, role: &str) -> Limits {
    let r = cfg.role(role).cloned().unwrap_or_default();
    Limits {
        max_fix_rounds: positive_or(r.max_fix_rounds, DEFAULT_MAX_FIX_ROUNDS),
        parallel_reviewers: positive_or(r.parallel_reviewers, DEFAULT_PARALLEL_REVIEWERS),
        angles_per_reviewer: positive_or(r.angles_per_reviewer, DEFAULT_ANGLES_PER_REVIEWER),
        max_discovered_features: positive_or(
            cfg.max_discovered_features,
            DEFAULT_MAX_DISCOVERED_FEATURES,
        ),
    }
}
