//! A feature candidate proposed by the history miner or discovery (Go `Candidate`), with its JSON
//! tags (resolution.md).
//!
//! Decides the shape only; deduplication lives in [`crate::report`], the pool file with the
//! feature-files area.

use crate::protocol::codec::gostruct::go_struct;

go_struct! {
    /// One candidate feature.
    pub struct Candidate {
        /// Title.
        title: String => "title";
        /// Description.
        description: String => "description";
        /// Where it came from (`escalation`, `stuck`, `fail-pattern`, …).
        source: String => "source";
        /// What it came from (`F2 round-1 blocker`, …).
        origin: String => "origin";
        /// Gate value score (set after the gate).
        value_score: f64 => "value_score", omitempty;
        /// Why it is not a hack (set after the gate).
        why_not_hack: String => "why_not_hack", omitempty;
    }
}
