//! The op table of the candidate pool file (features.md): `candidates.constants`,
//! `parse` and `render` — JSON adapters over [`crate::report::candidates_file`]. The miner's ops and the
//! pool's fs ops live in the workspace table, which can gather records from a workspace.

use serde_json::{json, Map, Value};

use super::{Args, OpInfo};
use crate::error::{ErrorKind as K, Result};
use crate::report::candidates_file::{
    parse_pool, render_pool, CandidatePool, DEFAULT_FAIL_PATTERN_THRESHOLD, ESCALATION_REASONS,
    LEARNING_CATEGORIES, POOL_VERSION, SOURCES, STUCK_PHASES,
};

/// The ops of this table, one line each.
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("candidates.constants", "Pool version, fail-pattern threshold, sources, learning categories, mined reasons, stuck phases.", &[], &["-> CandidatesConstants"], &[], constants),
    OpInfo::new("candidates.parse", "Decode candidate-pool JSON text (version 0 reads as 1).", &["text: str"], &["pool: CandidatePool"], &[K::InvalidJson], parse),
    OpInfo::new("candidates.render", "The candidate-pool file bytes (indented Go JSON + newline).", &["pool?: CandidatePool = {}"], &["text: str"], &[K::InvalidInput], render),
];

fn constants(_: &Map<String, Value>) -> Result<Value> {
    Ok(json!({
        "pool_version": POOL_VERSION,
        "default_fail_pattern_threshold": DEFAULT_FAIL_PATTERN_THRESHOLD,
        "sources": SOURCES,
        "learning_categories": LEARNING_CATEGORIES,
        "escalation_reasons": ESCALATION_REASONS,
        "stuck_phases": STUCK_PHASES,
    }))
}

fn parse(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let pool = parse_pool(a.opt_str("text")?.unwrap_or(""))?;
    Ok(json!({ "pool": pool.to_json()? }))
}

/// Reads the `pool` key (`invalid_input` when it does not fit the shape).
pub(crate) fn pool_arg(a: &Args<'_>) -> Result<CandidatePool> {
    let v = a.get("pool").cloned().unwrap_or(Value::Null);
    CandidatePool::from_json(&v)
}

fn render(m: &Map<String, Value>) -> Result<Value> {
    let pool = pool_arg(&Args::new(m))?;
    Ok(json!({ "text": render_pool(&pool)? }))
}
