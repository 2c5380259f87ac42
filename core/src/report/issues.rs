//! Review-report verdicts and issue titles (Go `ParseReportIssues`, resolution.md).
//!
//! Decides which lines are `[CRITICAL]`/`[WARNING]` issues and which line is the verdict.
//! Leaves acting on the verdict to the caller.

use super::simple_upper;

/// The verdict and issue titles of a review report.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReportIssues {
    /// Whether the verdict line says `PASS` or `CONDITIONAL PASS`.
    pub passed: bool,
    /// Issue titles in report order (may be empty strings).
    pub issues: Vec<String>,
}

const MARKERS: [&str; 2] = ["[CRITICAL]", "[WARNING]"];

/// The issue title of a line body starting with a marker under Go's simple upper-case mapping
/// (so `[critical]` matches): the original text after the marker's bytes, trimmed.
fn issue_title(body: &str) -> Option<String> {
    MARKERS.iter().find_map(|m| {
        let head = simple_upper(&body.chars().take(m.len()).collect::<String>());
        (head == *m).then(|| {
            let rest = body.as_bytes().get(m.len()..).unwrap_or_default();
            String::from_utf8_lossy(rest).trim().to_string()
        })
    })
}

/// Whether a verdict line passes: strip `*`/`_` at both ends, upper-case, and test for a
/// `PASS` or `CONDITIONAL PASS` prefix (whitespace left inside is not trimmed again).
fn verdict_passes(line: &str) -> bool {
    let v = simple_upper(line.trim_matches(|c| c == '*' || c == '_'));
    v.starts_with("PASS") || v.starts_with("CONDITIONAL PASS")
}

/// Parses a review report: every line whose body (after trimming and dropping leading `#`)
/// starts with `[CRITICAL]` or `[WARNING]` adds an issue; the first non-blank line after a
/// `## Verdict` line is the verdict. No verdict section means not passed.
pub fn parse_report_issues(report: &str) -> ReportIssues {
    let mut out = ReportIssues::default();
    let mut in_verdict = false;
    let mut verdict_seen = false;
    for line in report.split('\n') {
        let t = line.trim();
        let body = t.trim_start_matches('#').trim();
        if let Some(title) = issue_title(body) {
            out.issues.push(title);
        }
        if t.starts_with("## Verdict") {
            in_verdict = true;
            continue;
        }
        if in_verdict && !verdict_seen && !t.is_empty() {
            verdict_seen = true;
            out.passed = verdict_passes(t);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_verdict_heading_is_never_the_verdict_line() {
        let r = parse_report_issues("## Verdict\n## Verdict PASS\nPASS\n");
        assert!(r.passed);
    }

    #[test]
    fn only_the_first_verdict_line_counts() {
        assert!(!parse_report_issues("## Verdict\nFAIL\nPASS\n").passed);
        assert!(!parse_report_issues("## Verdict\n** PASS **\n").passed);
        assert!(!parse_report_issues("### Verdict\nPASS\n").passed);
    }

    #[test]
    fn markers_compare_under_simple_upper_case_mapping_like_go() {
        // U+0131 (dotless i) upper-cases to ASCII I; the title starts 10 bytes in, as in Go.
        let r = parse_report_issues("[CR\u{131}TICAL] x\n[WARNİNG] y\n");
        assert_eq!(r.issues.len(), 1);
        assert_eq!(r.issues[0], "] x");
    }

    #[test]
    fn empty_titles_are_kept_and_crlf_is_trimmed() {
        let r = parse_report_issues("[WARNING]\r\n## [critical]   x  \r\n");
        assert_eq!(r.issues, ["", "x"]);
    }
}
