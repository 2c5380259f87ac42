//! The run files 4x writes into a feature's directories, byte-compatible with Go's writers
//! (workspace.md, seed 000):
//!
//! | file | where | shape | Go writer |
//! |---|---|---|---|
//! | `verify.json` | RoundDir | [`VerifyEvidence`] | `json.MarshalIndent(ev, "", "  ")`, no newline (`4x verify`) |
//! | `baseline.json` | FeatureDir | [`Baseline`] | `json.MarshalIndent`, no newline (CaptureBaseline) |
//! | `deep-review-angles.json` | RoundDir | [`AngleSelection`] | `json.MarshalIndent`, no newline (writeAngleSelection) |
//! | `escalation.json` | RoundDir | [`Escalation`] | compact `json.Marshal` (written by the agents) |
//!
//! Decoding follows Go's `encoding/json` (unknown keys ignored, `null` = zero, wrong types and
//! times that are not RFC 3339 fail → `invalid_json`); rendering writes Go's bytes: keys in struct
//! order, `omitempty` as Go applies it (never to a time), `null` for a nil list in an always
//! position and `[]` for an empty one.
//!
//! ```
//! use fourx_core::features::run_files::{parse_escalation, render_escalation};
//! let e = parse_escalation(r#"{"needed":true,"reason":"blocker"}"#).unwrap();
//! assert_eq!(render_escalation(&e), r#"{"needed":true,"reason":"blocker","detail":""}"#);
//! ```

use serde::{Serialize, Serializer};

use crate::error::{Error, ErrorKind, Result};
pub use crate::features::evidence::Screenshot;
use crate::protocol::codec::gojson::{to_string, Layout};
use crate::protocol::codec::gojson_decode::GoValue;
use crate::protocol::codec::gostruct::{go_struct, GoDecode, GoOmit};
use crate::protocol::codec::time::Timestamp;
use crate::protocol::codec::time_rule::TimeRule;
use crate::protocol::gotext_decode::decode_text;
pub use crate::report::miner::Escalation;

/// `verify.json` (RoundDir).
pub const VERIFY_FILE: &str = "verify.json";
/// `baseline.json` (FeatureDir).
pub const BASELINE_FILE: &str = "baseline.json";
/// `deep-review-angles.json` (RoundDir).
pub const ANGLES_FILE: &str = "deep-review-angles.json";
/// `escalation.json` (RoundDir).
pub const ESCALATION_FILE: &str = "escalation.json";

/// A Go `time.Time` field: decoded from an RFC 3339 string (`null` keeps the zero time),
/// written with Go's `RFC3339Nano` layout, never omitted (Go's `omitempty` ignores structs).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct GoTime(pub Timestamp);

impl GoDecode for GoTime {
    fn go_decode_into(&mut self, v: &GoValue, path: &str) -> Result<()> {
        let text = v.as_string().map_err(|e| {
            Error::invalid_input(format!("`{path}`: {e}")).with_field(path.to_string())
        })?;
        if let Some(s) = text {
            self.0 = TimeRule::GoText.parse(&s).map_err(|e| {
                Error::invalid_input(format!("`{path}`: {e}")).with_field(path.to_string())
            })?;
        }
        Ok(())
    }
}

impl Serialize for GoTime {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.to_rfc3339_nano())
    }
}

impl GoOmit for GoTime {
    fn go_omit(&self) -> bool {
        false
    }
}

go_struct! {
    /// One verify command's result (Go `VerifyCommand`).
    pub struct VerifyCommand {
        /// The command line.
        command: String => "command";
        /// Its exit code.
        exit_code: i64 => "exitCode";
        /// The exit code that counts as success when not 0 (a pointer: `Some(0)` is written).
        expected_exit_code: Option<i64> => "expectedExitCode", omitempty;
        /// Run time in milliseconds.
        duration_ms: i64 => "durationMs";
        /// Output summary.
        summary: String => "summary";
        /// Start time.
        started_at: GoTime => "startedAt";
        /// End time.
        finished_at: GoTime => "finishedAt";
        /// Verify group.
        group: String => "group", omitempty;
        /// Whether it was skipped.
        skipped: bool => "skipped", omitempty;
    }
}

go_struct! {
    /// One acceptance criterion's result (Go `ACEvidence`).
    pub struct AcEvidence {
        /// Criterion id.
        id: String => "id";
        /// Whether it passed.
        passed: bool => "passed";
        /// Evidence lines (always written; `null` when nil).
        evidence: Option<Vec<String>> => "evidence";
        /// Verify type the tester recorded (informative).
        verify_type: String => "verify_type", omitempty;
    }
}

go_struct! {
    /// One manual check's result (Go `ManualCheckResult`).
    pub struct ManualCheckResult {
        /// Manual check id.
        id: String => "id";
        /// Whether it passed.
        passed: bool => "passed";
        /// Evidence lines (always written; `null` when nil).
        evidence: Option<Vec<String>> => "evidence";
    }
}

go_struct! {
    /// `verify.json` (Go `VerifyEvidence`).
    pub struct VerifyEvidence {
        /// Whether every command passed.
        passed: bool => "passed";
        /// Round number.
        round: i64 => "round";
        /// Role that ran it (`tester`).
        role: String => "role";
        /// Command results (always written; `null` when nil).
        commands: Option<Vec<VerifyCommand>> => "commands";
        /// Screenshots.
        screenshots: Option<Vec<Screenshot>> => "screenshots", omitempty;
        /// Acceptance-criterion results.
        ac_results: Option<Vec<AcEvidence>> => "ac_results", omitempty;
        /// Manual check results.
        manual_check_results: Option<Vec<ManualCheckResult>> => "manual_check_results", omitempty;
    }
}

go_struct! {
    /// One repository's snapshot in `baseline.json` (Go `BaselineRepo`).
    pub struct BaselineRepo {
        /// Repository name.
        name: String => "name";
        /// Path relative to the root.
        path: String => "path";
        /// Branch at capture time.
        branch: String => "branch";
        /// HEAD commit at capture time.
        head: String => "head";
        /// Files already dirty then (always written; `null` when nil).
        dirty_files: Option<Vec<String>> => "dirtyFiles";
    }
}

go_struct! {
    /// `baseline.json` (Go `Baseline`), captured once before the first coding round.
    pub struct Baseline {
        /// Capture time.
        created_at: GoTime => "createdAt";
        /// One entry per repository (always written; `null` when nil).
        repos: Option<Vec<BaselineRepo>> => "repos";
    }
}

go_struct! {
    /// One changed file's contribution to the angle selection (Go `AngleMatch`).
    pub struct AngleMatch {
        /// The changed file.
        file: String => "file";
        /// The mapping rule it matched.
        rule: String => "rule";
        /// The angles that rule contributes.
        angles: Option<Vec<i64>> => "angles";
    }
}

go_struct! {
    /// `deep-review-angles.json` (Go `AngleSelection`): which deep-review angles ran and why.
    pub struct AngleSelection {
        /// Selected angles, ascending.
        selected_angles: Option<Vec<i64>> => "selected_angles";
        /// The number of angles there are (11).
        total_angles: i64 => "total_angles";
        /// Whether every angle was forced (`--all-angles`, `deep_review_all_angles`).
        force_all: bool => "force_all";
        /// Per-file matches (always written; `null` when nil).
        matches: Option<Vec<AngleMatch>> => "matches";
    }
}

fn parse<T: GoDecode>(text: &str, file: &str) -> Result<T> {
    decode_text(text.as_bytes(), file).map_err(|m| Error::new(ErrorKind::InvalidJson, m))
}

fn render<T: Serialize>(v: &T, layout: Layout) -> String {
    // Every field is a string, number, bool, list or time: serde cannot fail on these shapes.
    to_string(v, layout).unwrap_or_default()
}

/// Decodes `verify.json` text with Go's rules; failure → `invalid_json`.
pub fn parse_verify(text: &str) -> Result<VerifyEvidence> {
    parse(text, VERIFY_FILE)
}

/// The bytes `4x verify` writes for `v` (indented, no trailing newline).
pub fn render_verify(v: &VerifyEvidence) -> String {
    render(v, Layout::Indented)
}

/// Decodes `baseline.json` text with Go's rules; failure → `invalid_json`.
pub fn parse_baseline(text: &str) -> Result<Baseline> {
    parse(text, BASELINE_FILE)
}

/// The bytes CaptureBaseline writes for `b` (indented, no trailing newline).
pub fn render_baseline(b: &Baseline) -> String {
    render(b, Layout::Indented)
}

/// Decodes `deep-review-angles.json` text with Go's rules; failure → `invalid_json`.
pub fn parse_angles(text: &str) -> Result<AngleSelection> {
    parse(text, ANGLES_FILE)
}

/// The bytes writeAngleSelection writes for `s` (indented, no trailing newline).
pub fn render_angles(s: &AngleSelection) -> String {
    render(s, Layout::Indented)
}

/// Decodes `escalation.json` text with Go's rules; failure → `invalid_json`.
pub fn parse_escalation(text: &str) -> Result<Escalation> {
    parse(text, ESCALATION_FILE)
}

/// The compact bytes of `e` (Go `json.Marshal`, no trailing newline).
pub fn render_escalation(e: &Escalation) -> String {
    render(e, Layout::Compact)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verify_json_keeps_pointer_zero_and_nil_lists_as_go_writes_them() {
        let text = r#"{"passed":true,"round":2,"role":"tester","commands":[{"command":"go test","exitCode":1,"expectedExitCode":0,"durationMs":5,"summary":"ok","startedAt":"2026-01-02T03:04:05.5+08:00","finishedAt":"2026-01-02T03:04:06Z"}],"ac_results":[{"id":"AC1","passed":true,"evidence":null}]}"#;
        let v = parse_verify(text).unwrap();
        let out = render_verify(&v);
        assert!(out.contains("\"expectedExitCode\": 0,"));
        assert!(out.contains("\"startedAt\": \"2026-01-02T03:04:05.5+08:00\""));
        assert!(out.contains("\"evidence\": null"));
        assert!(!out.contains("screenshots"));
        assert!(!out.ends_with('\n'));
    }

    #[test]
    fn baseline_zero_time_and_nil_repos_are_written() {
        assert_eq!(
            render_baseline(&Baseline::default()),
            "{\n  \"createdAt\": \"0001-01-01T00:00:00Z\",\n  \"repos\": null\n}"
        );
    }

    #[test]
    fn angle_selection_writes_force_all_and_total_angles_always() {
        let s = parse_angles(r#"{"selected_angles":[1,3],"total_angles":11}"#).unwrap();
        assert_eq!(
            render_angles(&s),
            "{\n  \"selected_angles\": [\n    1,\n    3\n  ],\n  \"total_angles\": 11,\n  \"force_all\": false,\n  \"matches\": null\n}"
        );
    }

    #[test]
    fn bad_times_and_types_are_invalid_json() {
        assert_eq!(
            parse_baseline(r#"{"createdAt":"yesterday"}"#)
                .unwrap_err()
                .kind,
            ErrorKind::InvalidJson
        );
        assert_eq!(
            parse_escalation(r#"{"needed":"yes"}"#).unwrap_err().kind,
            ErrorKind::InvalidJson
        );
    }
}
