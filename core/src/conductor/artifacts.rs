//! The artifact predicates the run loop decides with (Go `artifact.go`): the review verdict and
//! its classes, report completeness, `verify.json`, the final report status, escalations,
//! `build-gate.json`, and the transient-failure patterns of the runner (Go `transient.go`).
//!
//! Pure functions over file texts; a missing file is `None`.

use serde_json::Value;

/// Report file names the run loop reads and writes, one place each.
pub mod names {
    /// Designer output: the task brief (feature dir).
    pub const TASK_BRIEF: &str = "task-brief.md";
    /// Designer output: the acceptance criteria (feature dir).
    pub const ACCEPTANCE_CRITERIA: &str = "acceptance-criteria.md";
    /// Design reviewer output (feature dir).
    pub const DESIGN_REVIEW_REPORT: &str = "design-review-report.md";
    /// Acceptor output (feature dir).
    pub const FINAL_REPORT: &str = "final-report.md";
    /// Round summary helper output (feature dir).
    pub const ROUNDS_SUMMARY: &str = "rounds-summary.md";
    /// Baseline snapshot (feature dir).
    pub const BASELINE: &str = "baseline.json";
    /// Coder output (round dir).
    pub const CODER_REPORT: &str = "coder-report.md";
    /// Build gate written by `4x check` (round dir).
    pub const BUILD_GATE: &str = "build-gate.json";
    /// Escalation request of an agent (round dir).
    pub const ESCALATION: &str = "escalation.json";
    /// Reviewer output (round dir).
    pub const REVIEW_REPORT: &str = "review-report.md";
    /// Diff package for the reviewer (round dir).
    pub const REVIEW_PACKAGE: &str = "review-package.md";
    /// Verification result of `4x verify` (round dir).
    pub const VERIFY: &str = "verify.json";
    /// Tester output (round dir).
    pub const TEST_REPORT: &str = "test-report.md";
    /// Tester guard feedback for a retry (round dir).
    pub const GUARD_FEEDBACK: &str = "guard-feedback.json";
    /// Deep reviewer / synthesizer / re-verifier output (round dir).
    pub const DEEP_REVIEW_REPORT: &str = "deep-review-report.md";
    /// The angle selection of a deep review (round dir).
    pub const DEEP_REVIEW_ANGLES: &str = "deep-review-angles.json";
    /// Fixer output (round dir).
    pub const FIXER_REPORT: &str = "fixer-report.md";
    /// Acceptance summary for the acceptor (round dir).
    pub const ACCEPTANCE_SUMMARY: &str = "acceptance-summary.md";

    /// The partial report of parallel deep reviewer `index` (1-based, round dir).
    pub fn deep_review_partial(index: usize) -> String {
        format!("deep-review-partial-{index}.md")
    }
}

/// The parsed verdict of a review report (Go `ParseReviewVerdict`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Verdict {
    /// The first non-empty line after `## Verdict` starts with `PASS` or `CONDITIONAL PASS`.
    pub passed: bool,
    /// Lines starting with `[CRITICAL]`, `### [CRITICAL]` or `#### [CRITICAL]`.
    pub critical: i64,
    /// Lines starting with `[WARNING]`, `### [WARNING]` or `#### [WARNING]`.
    pub warning: i64,
}

/// The class of a review report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewClass {
    /// Passed with no critical and no warning.
    CleanPass,
    /// Passed with no critical and at least one warning.
    ConditionalPass,
    /// Anything else, a missing report included.
    Fail,
}

fn severity_line(upper: &str, tag: &str) -> bool {
    ["", "### ", "#### "]
        .iter()
        .any(|p| upper.starts_with(&format!("{p}{tag}")))
}

/// Go `ParseReviewVerdict`: severity counts by line prefix (not `report.parse_issues`) and the
/// pass flag from the first non-empty line after a `## Verdict` line, leading and trailing
/// `*`/`_` trimmed (Go `strings.Trim(line, "*_")`).
pub fn verdict(text: &str) -> Verdict {
    let mut v = Verdict::default();
    let mut after_verdict = false;
    let mut decided = false;
    for line in text.lines() {
        let t = line.trim();
        let upper = t.to_uppercase();
        if severity_line(&upper, "[CRITICAL]") {
            v.critical += 1;
        } else if severity_line(&upper, "[WARNING]") {
            v.warning += 1;
        }
        if t.starts_with("## Verdict") {
            after_verdict = true;
            continue;
        }
        if after_verdict && !decided && !t.is_empty() {
            let up = t.trim_matches(|c| c == '*' || c == '_').to_uppercase();
            v.passed = up.starts_with("PASS") || up.starts_with("CONDITIONAL PASS");
            decided = true;
        }
    }
    v
}

/// The class of a report text; `None` (missing) is a fail.
pub fn review_class(text: Option<&str>) -> ReviewClass {
    let Some(t) = text else {
        return ReviewClass::Fail;
    };
    let v = verdict(t);
    match (v.passed, v.critical, v.warning) {
        (true, 0, 0) => ReviewClass::CleanPass,
        (true, 0, _) => ReviewClass::ConditionalPass,
        _ => ReviewClass::Fail,
    }
}

/// Review passed: clean pass or conditional pass.
pub fn review_passed(text: Option<&str>) -> bool {
    review_class(text) != ReviewClass::Fail
}

/// The review fail count of a round: critical + warning of its review report (0 when missing).
pub fn review_fail_count(text: Option<&str>) -> i64 {
    text.map_or(0, |t| {
        let v = verdict(t);
        v.critical + v.warning
    })
}

fn blank(t: &str) -> bool {
    t.trim().is_empty()
}

/// A coder (or fixer) report is complete: non-blank and contains `## Verification`.
pub fn coder_report_complete(text: Option<&str>) -> bool {
    text.is_some_and(|t| !blank(t) && t.contains("## Verification"))
}

/// A review report is complete: non-blank with a non-empty line after `## Verdict`.
pub fn review_report_complete(text: Option<&str>) -> bool {
    let Some(t) = text else { return false };
    if blank(t) {
        return false;
    }
    let mut after = false;
    for line in t.lines() {
        let l = line.trim();
        if after && !l.is_empty() {
            return true;
        }
        if l.starts_with("## Verdict") {
            after = true;
        }
    }
    false
}

/// `verify.json` is complete: it parses as a JSON object.
pub fn verify_complete(text: Option<&str>) -> bool {
    text.and_then(|t| serde_json::from_str::<Value>(t).ok())
        .is_some_and(|v| v.is_object())
}

/// A partial deep-review report is complete: non-blank and contains `## Statistics`.
pub fn partial_complete(text: Option<&str>) -> bool {
    text.is_some_and(|t| !blank(t) && t.contains("## Statistics"))
}

/// The result of Go `CheckVerify`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VerifyStatus {
    /// Present, `passed` true and every acceptance result passed.
    Ok,
    /// Missing or not parseable.
    Missing,
    /// `passed` false or an `ac_results[].passed` false.
    Failed,
}

/// Go `CheckVerify` over the text of `verify.json`.
pub fn check_verify(text: Option<&str>) -> VerifyStatus {
    let Some(v) = text.and_then(|t| serde_json::from_str::<Value>(t).ok()) else {
        return VerifyStatus::Missing;
    };
    let Some(obj) = v.as_object() else {
        return VerifyStatus::Missing;
    };
    if obj.get("passed").and_then(Value::as_bool) != Some(true) {
        return VerifyStatus::Failed;
    }
    let ac_failed = obj
        .get("ac_results")
        .and_then(Value::as_array)
        .is_some_and(|l| {
            l.iter()
                .any(|r| r.get("passed").and_then(Value::as_bool) == Some(false))
        });
    if ac_failed {
        VerifyStatus::Failed
    } else {
        VerifyStatus::Ok
    }
}

/// The stop message of a testing verdict whose verify.json is not ok while the test report
/// passed (Go NextPhaseAfter and RunReviewTestParallel share it).
pub fn verify_mismatch_message(verify: VerifyStatus) -> String {
    match verify {
        VerifyStatus::Missing => "verify.json missing but test-report verdict is PASS \u{2014} tester likely could not run `4x verify`".into(),
        _ => "verify.json passed=false but test-report verdict is PASS \u{2014} review the failing verify commands".into(),
    }
}

/// Go `FinalReportPassed`: the first non-empty line after `## Status` starts (case-folded) with
/// `ready-for-review`.
pub fn final_report_passed(text: &str) -> bool {
    let mut after = false;
    for line in text.lines() {
        let l = line.trim();
        if after && !l.is_empty() {
            return l.to_lowercase().starts_with("ready-for-review");
        }
        if l.starts_with("## Status") {
            after = true;
        }
    }
    false
}

/// An escalation request (`escalation.json`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Escalation {
    /// `needed`.
    pub needed: bool,
    /// `reason`.
    pub reason: String,
    /// `detail`.
    pub detail: String,
}

/// Escalation reasons that send the feature back to the designer (Go `IsDesignerEscalation`).
pub const DESIGNER_REASONS: [&str; 3] = ["spec-mismatch", "criteria-wrong", "scope-change"];

impl Escalation {
    /// Whether the reason is a designer reason.
    pub fn is_designer(&self) -> bool {
        DESIGNER_REASONS.contains(&self.reason.as_str())
    }
}

/// The escalation of a round (Go `ReadEscalation`): `Some` when the file says `needed: true`,
/// and also when it does not parse (then `needed` with reason `malformed escalation.json:
/// <error>`, which is not a designer reason).
pub fn escalation(text: Option<&str>) -> Option<Escalation> {
    let v: Value = match serde_json::from_str(text?) {
        Ok(v @ (Value::Object(_) | Value::Null)) => v,
        Ok(other) => {
            return Some(Escalation {
                needed: true,
                reason: format!(
                    "malformed escalation.json: cannot decode a JSON {} into an escalation",
                    json_type(&other)
                ),
                detail: String::new(),
            })
        }
        Err(e) => {
            return Some(Escalation {
                needed: true,
                reason: format!("malformed escalation.json: {e}"),
                detail: String::new(),
            })
        }
    };
    let s = |k: &str| v.get(k).and_then(Value::as_str).unwrap_or("").to_string();
    let e = Escalation {
        needed: v.get("needed").and_then(Value::as_bool) == Some(true),
        reason: s("reason"),
        detail: s("detail"),
    };
    e.needed.then_some(e)
}

fn json_type(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// What `build-gate.json` says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BuildGate {
    /// Present, parsed, `passed` true.
    Passed,
    /// Absent.
    Missing,
    /// Not JSON (the parser's message).
    Invalid(String),
    /// `passed` false.
    Failed,
}

/// The build gate of a round.
pub fn build_gate(text: Option<&str>) -> BuildGate {
    let Some(t) = text else {
        return BuildGate::Missing;
    };
    match serde_json::from_str::<Value>(t) {
        Err(e) => BuildGate::Invalid(e.to_string()),
        Ok(v) if v.get("passed").and_then(Value::as_bool) == Some(true) => BuildGate::Passed,
        Ok(_) => BuildGate::Failed,
    }
}

/// Lower-case substrings that mark a runner failure as transient (Go `transient.go`).
pub const TRANSIENT_PATTERNS: [&str; 16] = [
    "socket closed",
    "socket hang up",
    "connection reset",
    "connection refused",
    "rate limit",
    "rate_limit",
    "too many requests",
    "internal server error",
    "bad gateway",
    "service unavailable",
    "gateway timeout",
    "overloaded",
    "server_error",
    "unexpected eof",
    "i/o timeout",
    "tls handshake timeout",
];

/// HTTP statuses that mark a failure as transient when they stand as a word.
pub const TRANSIENT_STATUSES: [&str; 5] = ["429", "500", "502", "503", "504"];

fn word_bounded(hay: &str, needle: &str) -> bool {
    let b = hay.as_bytes();
    let mut from = 0;
    while let Some(i) = hay[from..].find(needle) {
        let s = from + i;
        let e = s + needle.len();
        let left = s == 0 || !b[s - 1].is_ascii_alphanumeric() && b[s - 1] != b'_';
        let right = e == b.len() || !b[e].is_ascii_alphanumeric() && b[e] != b'_';
        if left && right {
            return true;
        }
        from = s + 1;
    }
    false
}

/// Whether a stderr tail is a transient failure; an empty tail never is.
pub fn is_transient(stderr_tail: &str) -> bool {
    if stderr_tail.trim().is_empty() {
        return false;
    }
    let t = stderr_tail.to_lowercase();
    TRANSIENT_PATTERNS.iter().any(|p| t.contains(p))
        || TRANSIENT_STATUSES.iter().any(|s| word_bounded(&t, s))
}

/// Backoff before transient retry `attempt + 1` in ms: `min(1000 × 2^(attempt−1), 30000)`.
pub fn backoff_ms(attempt: i64) -> i64 {
    let exp = u32::try_from((attempt - 1).clamp(0, 20)).unwrap_or(0);
    (1000_i64 << exp).min(30_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdict_counts_only_bare_and_three_or_four_hash_severity_lines() {
        let v = verdict("## [CRITICAL] x\n### [CRITICAL] y\n[warning] z\n## Verdict\n**PASS**\n");
        assert_eq!((v.critical, v.warning, v.passed), (1, 1, true));
    }

    #[test]
    fn conditional_pass_needs_warnings_and_no_criticals() {
        let t = "### [WARNING] a\n## Verdict\nCONDITIONAL PASS\n";
        assert_eq!(review_class(Some(t)), ReviewClass::ConditionalPass);
        assert_eq!(review_class(None), ReviewClass::Fail);
        assert_eq!(
            review_class(Some("## Verdict\nPASS")),
            ReviewClass::CleanPass
        );
    }

    #[test]
    fn transient_statuses_are_word_bounded_and_empty_is_never_transient() {
        assert!(is_transient("Error: 429 Too"));
        assert!(!is_transient("id 14290"));
        assert!(!is_transient("  "));
        assert!(is_transient("Connection Reset by peer"));
    }

    #[test]
    fn backoff_doubles_up_to_thirty_seconds() {
        assert_eq!(backoff_ms(1), 1000);
        assert_eq!(backoff_ms(2), 2000);
        assert_eq!(backoff_ms(9), 30_000);
    }

    #[test]
    fn a_malformed_escalation_is_needed_and_not_a_designer_reason() {
        let e = escalation(Some("{not json")).expect("needed");
        assert!(e.needed && e.reason.starts_with("malformed escalation.json: "));
        assert!(!e.is_designer());
        assert_eq!(escalation(Some(r#"{"needed":false}"#)), None);
        assert_eq!(escalation(None), None);
    }

    #[test]
    fn check_verify_fails_on_any_failed_acceptance_result() {
        assert_eq!(check_verify(None), VerifyStatus::Missing);
        assert_eq!(
            check_verify(Some(r#"{"passed":true,"ac_results":[{"passed":false}]}"#)),
            VerifyStatus::Failed
        );
        assert_eq!(check_verify(Some(r#"{"passed":true}"#)), VerifyStatus::Ok);
    }
}
