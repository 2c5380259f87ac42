//! The candidate pool file (`.4x/candidates.json` and its siblings, features.md): the
//! `CandidatePool` / `Candidate` / `CandidateLearning` shapes, their Go JSON text form, and the
//! miner's vocabularies (sources, learning categories, mined reasons, stuck phases).
//!
//! Pure text in and out; where the file lives and how it is written is the workspace's.

use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::candidate::Candidate;
use crate::protocol::codec::gojson::{write_value, Layout};
use crate::protocol::codec::gojson_decode::{self, GoValue};
use crate::protocol::codec::gostruct::{go_struct, GoDecode};
use crate::protocol::codec::time::Timestamp;
use crate::protocol::codec::time_rule::TimeRule;

/// The pool format version written by 4x.
pub const POOL_VERSION: i64 = 1;

/// Distinct features a fail-pattern cluster needs by default.
pub const DEFAULT_FAIL_PATTERN_THRESHOLD: usize = 3;

/// Where a candidate came from (`CandidateSource`).
pub const SOURCES: [&str; 3] = ["escalation", "stuck", "fail-pattern"];

/// The learning categories (`internal/learning` whitelist).
pub const LEARNING_CATEGORIES: [&str; 7] = [
    "design",
    "code-quality",
    "testing",
    "review",
    "tooling",
    "process",
    "ops",
];

/// Escalation reasons the miner turns into candidates (exact, case-sensitive).
pub const ESCALATION_REASONS: [&str; 4] =
    ["spec-mismatch", "criteria-wrong", "blocker", "scope-change"];

/// Phases in which a feature counts as stuck.
pub const STUCK_PHASES: [&str; 3] = ["needs-attention", "abandoned", "blocked"];

go_struct! {
    /// A learning proposed by the miner.
    pub struct CandidateLearning {
        /// Category (expected to be one of [`LEARNING_CATEGORIES`]; not checked).
        category: String => "category";
        /// Content.
        content: String => "content";
        /// Source.
        source: String => "source";
        /// Origin.
        origin: String => "origin";
    }
}

/// The pool file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CandidatePool {
    /// Format version (0 reads as 1).
    pub version: i64,
    /// When the pool was generated (set by the caller).
    pub generated_at: Timestamp,
    /// Candidates (`None` writes `null`).
    pub candidates: Option<Vec<Candidate>>,
    /// Learnings (`None` writes `null`).
    pub learnings: Option<Vec<CandidateLearning>>,
}

impl CandidatePool {
    /// The pool as its JSON value, keys in the file's order.
    pub fn to_json(&self) -> Result<Value> {
        let mut m = Map::new();
        m.insert("version".into(), Value::from(self.version));
        m.insert(
            "generatedAt".into(),
            Value::String(self.generated_at.to_rfc3339_nano()),
        );
        m.insert(
            "candidates".into(),
            serde_json::to_value(&self.candidates)
                .map_err(|e| Error::invalid_input(format!("candidates cannot be written: {e}")))?,
        );
        m.insert(
            "learnings".into(),
            serde_json::to_value(&self.learnings)
                .map_err(|e| Error::invalid_input(format!("learnings cannot be written: {e}")))?,
        );
        Ok(Value::Object(m))
    }

    /// Reads a pool from an op-input JSON value (`invalid_input` when it does not fit).
    pub fn from_json(v: &Value) -> Result<CandidatePool> {
        let go = gojson_decode::from_value(v, crate::protocol::codec::limits::MAX_DEPTH)
            .map_err(|e| Error::invalid_input(format!("pool: {e}")).with_field("pool"))?;
        Self::from_go(&go).map_err(|m| Error::invalid_input(m).with_field("pool"))
    }

    /// Reads a pool from a decoded JSON text with Go's rules (members applied in order, `null`
    /// leaves a scalar unchanged and resets a list).
    pub fn from_go(go: &GoValue) -> std::result::Result<CandidatePool, String> {
        let mut pool = CandidatePool::default();
        let members = match go {
            GoValue::Null => return Ok(pool),
            GoValue::Object(m) => m,
            other => {
                return Err(format!(
                    "cannot decode a JSON {} into a candidate pool",
                    other.type_name()
                ))
            }
        };
        for (key, v) in members {
            match key.as_str() {
                "version" => {
                    if let Some(n) = v.as_i64().map_err(|e| format!("version: {e}"))? {
                        pool.version = n;
                    }
                }
                "generatedAt" => {
                    if let Some(s) = v.as_string().map_err(|e| format!("generatedAt: {e}"))? {
                        pool.generated_at = TimeRule::GoText
                            .parse(&s)
                            .map_err(|e| format!("generatedAt: {e}"))?;
                    }
                }
                "candidates" => pool
                    .candidates
                    .go_decode_into(v, "candidates")
                    .map_err(|e| e.message)?,
                "learnings" => pool
                    .learnings
                    .go_decode_into(v, "learnings")
                    .map_err(|e| e.message)?,
                _ => {}
            }
        }
        Ok(pool)
    }
}

/// Decodes pool text (`invalid_json` on failure); version 0 becomes 1.
pub fn parse_pool(text: &str) -> Result<CandidatePool> {
    let bad = |e: String| Error::new(ErrorKind::InvalidJson, format!("parse candidate pool: {e}"));
    let go = gojson_decode::parse(text.as_bytes()).map_err(|e| bad(e.0))?;
    let mut pool = CandidatePool::from_go(&go).map_err(bad)?;
    if pool.version == 0 {
        pool.version = POOL_VERSION;
    }
    Ok(pool)
}

/// The pool file bytes: indented Go JSON plus `\n`.
pub fn render_pool(pool: &CandidatePool) -> Result<String> {
    let mut text = write_value(&pool.to_json()?, Layout::Indented);
    text.push('\n');
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn render_then_parse_is_the_identity_on_a_full_pool() {
        let pool = CandidatePool {
            version: 1,
            generated_at: TimeRule::GoText
                .parse("2026-03-01T10:00:00.5+02:00")
                .unwrap(),
            candidates: Some(vec![Candidate {
                title: "T".into(),
                value_score: 0.75,
                why_not_hack: "w".into(),
                ..Default::default()
            }]),
            learnings: None,
        };
        let text = render_pool(&pool).unwrap();
        assert!(text.contains("\"generatedAt\": \"2026-03-01T10:00:00.5+02:00\""));
        assert_eq!(parse_pool(&text).unwrap(), pool);
    }
}
