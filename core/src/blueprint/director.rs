//! `FormatForDirector`: the fold account as one line (blueprint.md).
//!
//! Decides the wording, including that a `fold_conflict` reads as a deferral and an all-rejected
//! fold as `no change` with its reasons. Emitting the line (and keeping it out of the conclusion)
//! is the caller's contract.

use super::fold::FoldResult;
use super::validate::RejectReason;

/// The one-line account of `result`; `conflict` marks a deferred commit.
pub fn format_for_director(result: &FoldResult, conflict: bool) -> String {
    if result.submitted == 0 {
        return "[blueprint] nothing submitted".to_string();
    }
    let outcome = if conflict {
        "deferred (fold_conflict, will be picked up next time)"
    } else if result.noop {
        "no change"
    } else {
        "updated"
    };
    let counts: Vec<String> = RejectReason::ALL
        .iter()
        .filter_map(|r| {
            let n = result.rejected.iter().filter(|x| x.reason == *r).count();
            (n > 0).then(|| format!("{r} {n}"))
        })
        .collect();
    let list = if counts.is_empty() {
        String::new()
    } else {
        format!(" ({})", counts.join(", "))
    };
    let c = &result.coverage;
    format!(
        "[blueprint] {outcome}; accepted {}/{}; rejected {}{list}; anchors ok {} stale {} unanchored {} unverifiable {}",
        result.accepted.len(),
        result.submitted,
        result.rejected.len(),
        c.anchored_ok,
        c.stale,
        c.unanchored,
        c.unverifiable
    )
}
