//! The history miner (features.md): turns past runs — escalations, features stuck in a
//! terminal-ish phase, review issues recurring across features — into candidate features and
//! learnings. Every scanner is best-effort: a record that does not decode is a warning, never a
//! failure.
//!
//! Pure over explicit record lists; gathering the records from a workspace is the fs layer's.

use std::collections::BTreeSet;

use crate::protocol::candidate::Candidate;
use crate::protocol::codec::gostruct::go_struct;
use crate::protocol::codec::text::trim_space;
use crate::protocol::gotext_decode::decode_text;
use crate::protocol::state::State;
use crate::protocol::warning::{Warning, WarningKind};
use crate::report::candidates_file::{
    CandidateLearning, DEFAULT_FAIL_PATTERN_THRESHOLD, ESCALATION_REASONS, STUCK_PHASES,
};
use crate::report::issues::parse_report_issues;
use crate::report::similarity::{is_similar, Similarity, DEFAULT_THRESHOLD};

/// The escalation file name (warnings name it).
pub const ESCALATION_FILE: &str = "escalation.json";
/// The state file name (warnings name it).
pub const STATE_FILE: &str = "state.json";

go_struct! {
    /// An escalation record (`escalation.json`).
    pub struct Escalation {
        /// Whether the designer must step in.
        needed: bool => "needed";
        /// Reason word.
        reason: String => "reason";
        /// Detail text.
        detail: String => "detail";
    }
}

/// One escalation.json text of a feature's round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct EscalationRecord {
    /// The feature.
    pub feature_id: String,
    /// The round.
    pub round: i64,
    /// The file text.
    pub text: String,
}

/// An escalation text of a stuck feature, by round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RoundText {
    /// The round.
    pub round: i64,
    /// The file text.
    pub text: String,
}

/// A feature as the stuck scanner sees it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StuckRecord {
    /// Feature id.
    pub id: String,
    /// Feature name.
    pub name: String,
    /// state.json text; `None` when the feature never ran.
    pub state_text: Option<String>,
    /// Its escalation texts.
    pub escalations: Vec<RoundText>,
}

/// A review report of a feature's round.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ReportRecord {
    /// The feature.
    pub feature_id: String,
    /// The round (informative).
    pub round: i64,
    /// The report file name (informative).
    pub report: String,
    /// The report text.
    pub text: String,
}

/// What a scanner found.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct MinerResult {
    /// Candidate features.
    pub candidates: Vec<Candidate>,
    /// Proposed learnings (fail patterns only).
    pub learnings: Vec<CandidateLearning>,
    /// Best-effort problems.
    pub warnings: Vec<Warning>,
}

/// `s` cut to 80 code points, with `...` when something was cut.
pub fn cut80(s: &str) -> String {
    match s.char_indices().nth(80) {
        None => s.to_string(),
        Some((i, _)) => format!("{}...", &s[..i]),
    }
}

/// The trimmed text before the first `\n`.
fn first_line(s: &str) -> &str {
    trim_space(s.split('\n').next().unwrap_or(""))
}

fn reason_phrase(reason: &str) -> &'static str {
    match reason {
        "spec-mismatch" => "Spec mismatch",
        "criteria-wrong" => "Acceptance criteria wrong",
        "blocker" => "Blocker",
        _ => "Scope change",
    }
}

/// ScanEscalations.
pub fn scan_escalations(records: &[EscalationRecord]) -> MinerResult {
    let mut out = MinerResult::default();
    for r in records {
        let e: Escalation = match decode_text(r.text.as_bytes(), ESCALATION_FILE) {
            Ok(e) => e,
            Err(msg) => {
                out.warnings.push(
                    Warning::new(WarningKind::ParseError, ESCALATION_FILE, msg)
                        .feature(&r.feature_id)
                        .round(r.round),
                );
                continue;
            }
        };
        if !e.needed {
            continue;
        }
        if !ESCALATION_REASONS.contains(&e.reason.as_str()) {
            out.warnings.push(
                Warning::new(
                    WarningKind::UnknownReason,
                    ESCALATION_FILE,
                    format!("escalation reason {:?} is not mined", e.reason),
                )
                .feature(&r.feature_id)
                .round(r.round),
            );
            continue;
        }
        let phrase = reason_phrase(&e.reason);
        let detail = trim_space(&e.detail);
        let title = if detail.is_empty() {
            phrase.to_string()
        } else {
            format!("{phrase}: {}", cut80(first_line(detail)))
        };
        out.candidates.push(Candidate {
            title,
            description: e.detail.clone(),
            source: "escalation".into(),
            origin: format!("{} round-{} {}", r.feature_id, r.round, e.reason),
            ..Default::default()
        });
    }
    out
}

/// ScanStuckFeatures.
pub fn scan_stuck(features: &[StuckRecord]) -> MinerResult {
    let mut out = MinerResult::default();
    for f in features {
        let Some(text) = &f.state_text else { continue };
        let state = match State::parse_text(text.as_bytes()) {
            Ok(s) => s,
            Err(e) => {
                out.warnings.push(
                    Warning::new(WarningKind::ParseError, STATE_FILE, e.message).feature(&f.id),
                );
                continue;
            }
        };
        let phase = state.phase.as_str().to_string();
        if !STUCK_PHASES.contains(&phase.as_str()) {
            continue;
        }
        let parts: Vec<&str> = [
            trim_space(&state.stop_reason),
            trim_space(&state.stop_message),
        ]
        .into_iter()
        .filter(|s| !s.is_empty())
        .collect();
        let mut reason = parts.join(": ");
        if reason.is_empty() {
            let mut escalations: Vec<&RoundText> = f.escalations.iter().collect();
            escalations.sort_by_key(|e| std::cmp::Reverse(e.round));
            for e in escalations {
                if let Ok(esc) = decode_text::<Escalation>(e.text.as_bytes(), ESCALATION_FILE) {
                    let d = trim_space(&esc.detail);
                    if !d.is_empty() {
                        reason = d.to_string();
                        break;
                    }
                }
            }
        }
        if reason.is_empty() {
            reason = format!("feature stuck in {phase} with no recorded reason");
        }
        let t = if reason.starts_with("feature stuck in ") {
            if f.name.is_empty() {
                f.id.clone()
            } else {
                f.name.clone()
            }
        } else {
            first_line(&reason).to_string()
        };
        out.candidates.push(Candidate {
            title: format!("Stuck feature ({phase}): {}", cut80(&t)),
            description: reason,
            source: "stuck".into(),
            origin: format!("{} {phase}", f.id),
            ..Default::default()
        });
    }
    out
}

/// ScanFailPatterns: review issues clustered by title similarity (first similar cluster
/// wins); clusters spanning at least `min_occurrences` distinct features become candidates and
/// learnings. `cjk` enables CJK bigrams in the similarity (Go's behaviour is `false`).
pub fn scan_fail_patterns(
    reports: &[ReportRecord],
    min_occurrences: usize,
    cjk: bool,
) -> MinerResult {
    struct Cluster {
        representative: String,
        features: BTreeSet<String>,
    }
    let how = Similarity {
        threshold: DEFAULT_THRESHOLD,
        cjk,
    };
    let mut clusters: Vec<Cluster> = Vec::new();
    for r in reports {
        let parsed = parse_report_issues(&r.text);
        if parsed.passed {
            continue;
        }
        for title in parsed.issues {
            match clusters
                .iter_mut()
                .find(|c| is_similar(&c.representative, &title, how))
            {
                Some(c) => {
                    c.features.insert(r.feature_id.clone());
                }
                None => clusters.push(Cluster {
                    representative: title,
                    features: [r.feature_id.clone()].into(),
                }),
            }
        }
    }
    let mut out = MinerResult::default();
    for c in clusters {
        let n = c.features.len();
        if n < min_occurrences {
            continue;
        }
        let ids: Vec<&str> = c.features.iter().map(String::as_str).collect();
        let ids = ids.join(", ");
        let r = &c.representative;
        let origin = format!("{n} features: {ids}");
        out.candidates.push(Candidate {
            title: format!("Recurring review issue: {}", cut80(r)),
            description: format!(
                "此類 review/deep-review FAIL issue（如「{r}」）跨 {n} 個 feature 反覆出現：{ids}"
            ),
            source: "fail-pattern".into(),
            origin: origin.clone(),
            ..Default::default()
        });
        out.learnings.push(CandidateLearning {
            category: "review".into(),
            content: format!(
                "「{r}」類 issue 跨 {n} 個 feature 反覆出現，應升級為 review checklist／模板以提前攔截。"
            ),
            source: "fail-pattern".into(),
            origin,
        });
    }
    out
}

/// The default for `min_occurrences`.
pub const DEFAULT_MIN_OCCURRENCES: usize = DEFAULT_FAIL_PATTERN_THRESHOLD;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cut80_counts_code_points() {
        let s = "é".repeat(80);
        assert_eq!(cut80(&s), s);
        assert_eq!(cut80(&"é".repeat(81)), format!("{s}..."));
    }

    #[test]
    fn cjk_titles_cluster_only_with_the_cjk_option() {
        let report = |id: &str| ReportRecord {
            feature_id: id.into(),
            text: "## Verdict\nFAIL\n[CRITICAL] 缺少錯誤處理邏輯\n".into(),
            ..Default::default()
        };
        let reports = [report("a"), report("b"), report("c")];
        assert!(scan_fail_patterns(&reports, 3, false).candidates.is_empty());
        let found = scan_fail_patterns(&reports, 3, true);
        assert_eq!(found.candidates.len(), 1);
        assert_eq!(found.candidates[0].origin, "3 features: a, b, c");
    }

    #[test]
    fn escalation_reasons_are_case_sensitive() {
        let r = scan_escalations(&[EscalationRecord {
            feature_id: "F".into(),
            round: 1,
            text: r#"{"needed":true,"reason":"Blocker","detail":"x"}"#.into(),
        }]);
        assert!(r.candidates.is_empty());
        assert_eq!(r.warnings[0].kind, WarningKind::UnknownReason);
    }
}
