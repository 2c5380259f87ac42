//! The previous-agent-findings handoff to the integration-verifier (router.md): the seed's
//! block, rendered from the reviewer's and the hunter's results.
//!
//! The host takes the inputs from the workflow artifact (`results.reviewer` / `results.hunter`);
//! deciding when the verifier runs is left to it.

use std::fmt;

use super::text::has_line_break;
use crate::error::{Error, ErrorKind, Result};
use crate::router::edition::Edition;
use crate::router::parse::text::trim_sp;
use crate::router::WorkflowType;

crate::words::string_enum! {
    /// The reviewer's effective status.
    pub enum ReviewerStatus("reviewer status", UnknownStatus, UnknownStatus::of) {
        /// `APPROVE`, printed `Approve`.
        Approve = "APPROVE",
        /// `CHANGES_REQUESTED`, printed `Changes Requested`.
        ChangesRequested = "CHANGES_REQUESTED",
    }
}

impl ReviewerStatus {
    /// The verdict as the block prints it.
    pub fn verdict(self) -> &'static str {
        match self {
            ReviewerStatus::Approve => "Approve",
            ReviewerStatus::ChangesRequested => "Changes Requested",
        }
    }
}

crate::words::string_enum! {
    /// The hunter's status (validated, never printed).
    pub enum HunterStatus("hunter status", UnknownStatus, UnknownStatus::of) {
        /// `CLEAN`
        Clean = "CLEAN",
        /// `ISSUES_FOUND`
        IssuesFound = "ISSUES_FOUND",
    }
}

/// A status string outside its set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownStatus;

impl UnknownStatus {
    /// The `make_err` of the status tables: which set and which word do not matter to callers.
    fn of(_what: &str, _word: &str) -> UnknownStatus {
        UnknownStatus
    }
}

impl fmt::Display for UnknownStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a known status")
    }
}

/// The reviewer's result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReviewerFindings {
    /// Effective status.
    pub status: ReviewerStatus,
    /// Critical issues, one line each.
    pub critical_issues: Vec<String>,
}

/// The hunter's result.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HunterFindings {
    /// Status, when known.
    pub status: Option<HunterStatus>,
    /// Critical issues, one line each.
    pub critical_issues: Vec<String>,
}

/// Both results handed to the verifier.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PreviousFindings {
    /// The reviewer's result.
    pub reviewer: ReviewerFindings,
    /// The hunter's result, if a hunter ran.
    pub hunter: Option<HunterFindings>,
    /// The contract edition: it names the hunter block (P1).
    pub edition: Edition,
}

/// Checks one critical issue: a single line, non-blank once trimmed of spaces/tabs.
pub(crate) fn check_issue(field: &str, issue: &str) -> Result<()> {
    if has_line_break(issue) || trim_sp(issue).is_empty() {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            format!("`{field}` items must be non-blank single lines"),
        )
        .with_field(field));
    }
    Ok(())
}

/// The workflows a verifier runs in: BUILD and DEBUG; others are `invalid_value` on `field`.
pub(crate) fn check_verifier_workflow(workflow: WorkflowType, field: &str) -> Result<()> {
    match workflow {
        WorkflowType::Build | WorkflowType::Debug => Ok(()),
        _ => Err(Error::new(
            ErrorKind::InvalidValue,
            format!("the verifier runs only in BUILD and DEBUG, not {workflow}"),
        )
        .with_field(field)),
    }
}

fn issue_lines(out: &mut Vec<String>, issues: &[String], fallback: &str) {
    if issues.is_empty() {
        out.push(fallback.to_string());
    }
    out.extend(issues.iter().map(|i| format!("- {}", trim_sp(i))));
}

/// The block's heading.
pub const PREVIOUS_FINDINGS_HEADING: &str = "## Previous Agent Findings";

/// Renders the `## Previous Agent Findings` block (no final newline). DEBUG leaves the hunter out;
/// a hunter without issues prints the seed's `None / not in this workflow`.
pub fn format_previous_findings(
    workflow: WorkflowType,
    findings: &PreviousFindings,
) -> Result<String> {
    Ok(format!(
        "{PREVIOUS_FINDINGS_HEADING}\n{}",
        findings_body(workflow, findings)?
    ))
}

/// The block without its heading line (what follows `## Previous Agent Findings\n`).
pub(crate) fn findings_body(workflow: WorkflowType, findings: &PreviousFindings) -> Result<String> {
    check_verifier_workflow(workflow, "workflow")?;
    for i in &findings.reviewer.critical_issues {
        check_issue("reviewer.critical_issues", i)?;
    }
    let no_issues = Vec::new();
    let hunter_issues = findings
        .hunter
        .as_ref()
        .map_or(&no_issues, |h| &h.critical_issues);
    for i in hunter_issues {
        check_issue("hunter.critical_issues", i)?;
    }
    let mut out = vec![
        String::new(),
        "### Code Reviewer".to_string(),
        format!("**Verdict:** {}", findings.reviewer.status.verdict()),
        "**Critical Issues:**".to_string(),
    ];
    issue_lines(&mut out, &findings.reviewer.critical_issues, "None");
    if workflow == WorkflowType::Build {
        out.push(String::new());
        out.push(format!("### {}", findings.edition.rules().hunter_heading));
        out.push("**Critical Issues:**".to_string());
        issue_lines(&mut out, hunter_issues, "None / not in this workflow");
    }
    Ok(out.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_statuses_are_the_seeds_upper_case_words() {
        assert_eq!(ReviewerStatus::WORDS, &["APPROVE", "CHANGES_REQUESTED"]);
        assert_eq!(HunterStatus::WORDS, &["CLEAN", "ISSUES_FOUND"]);
        assert_eq!("APPROVE".parse(), Ok(ReviewerStatus::Approve));
        assert_eq!("approve".parse::<ReviewerStatus>(), Err(UnknownStatus));
        assert_eq!("ISSUES_FOUND".parse(), Ok(HunterStatus::IssuesFound));
    }

    fn findings(reviewer: &[&str], hunter: Option<&[&str]>) -> PreviousFindings {
        PreviousFindings {
            reviewer: ReviewerFindings {
                status: ReviewerStatus::ChangesRequested,
                critical_issues: reviewer.iter().map(|s| s.to_string()).collect(),
            },
            edition: Edition::V11,
            hunter: hunter.map(|h| HunterFindings {
                status: None,
                critical_issues: h.iter().map(|s| s.to_string()).collect(),
            }),
        }
    }

    #[test]
    fn build_block_prints_both_agents_and_trims_issues() {
        let t =
            format_previous_findings(WorkflowType::Build, &findings(&[" a:1 x\t"], None)).unwrap();
        assert_eq!(
            t,
            "## Previous Agent Findings\n\n### Code Reviewer\n**Verdict:** Changes Requested\n\
             **Critical Issues:**\n- a:1 x\n\n### Silent Failure Hunter\n**Critical Issues:**\n\
             None / not in this workflow"
        );
    }

    #[test]
    fn debug_block_leaves_the_hunter_out() {
        let t =
            format_previous_findings(WorkflowType::Debug, &findings(&[], Some(&["h"]))).unwrap();
        assert!(t.ends_with("**Critical Issues:**\nNone"));
        assert!(!t.contains("Hunter"));
    }

    #[test]
    fn issues_must_be_single_non_blank_lines() {
        for bad in [" \t", "a\nb", "a\r"] {
            let e =
                format_previous_findings(WorkflowType::Build, &findings(&[bad], None)).unwrap_err();
            assert_eq!(e.kind, ErrorKind::InvalidValue);
        }
        assert!(format_previous_findings(WorkflowType::Plan, &findings(&[], None)).is_err());
    }
}
