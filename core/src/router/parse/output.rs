//! `router.parse_output`: picks the read-only or the write-contract
//! parser from the agent table of router.md, so a harness validates any agent's output with one
//! call. The parsers decide everything else.

use crate::router::edition::Edition;
use serde::Serialize;

use crate::error::Result;

use crate::router::parse::contract::{self, WriteContract};
use crate::router::parse::readonly::{self, ReadOnlyResult, TaskState};
use crate::router::vocabulary::{Agent, AgentClass};

/// The result of the parser chosen for the agent.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", content = "result", rename_all = "snake_case")]
pub enum AgentOutput {
    /// A read-only verdict.
    #[serde(rename = "readonly")]
    ReadOnly(Box<ReadOnlyResult>),
    /// A write contract.
    Write(Box<WriteContract>),
}

impl AgentOutput {
    /// Whether a harness may continue on this output (the one rule `router.parse_output`'s
    /// `may_advance` and `fourx contract check`'s exit status follow):
    ///
    /// - a read-only verdict advances when it `passes` (a passing status with no inline
    ///   verification needed) and is not `blocking`;
    /// - a write contract advances when it `passed` (the agent claims a pass and no pass
    ///   condition is violated), a doc-syncer PARTIAL that passed (`soft_pass`) included;
    /// - a researcher's contract defines no pass condition (`passed` is null): a valid one never
    ///   blocks, whatever its STATUS.
    ///
    /// ```
    /// use fourx_core::router::edition::Edition;
    /// use fourx_core::router::parse::output::parse;
    /// use fourx_core::router::vocabulary::Agent;
    ///
    /// let head = r#"CONTRACT {"s":"CHANGES_REQUESTED","b":true,"cr":1}"#;
    /// let critical = "- src/a.rs:1 leaks the token\n";
    /// let finding = "- src/a.rs:2 parses dates twice; extract a helper\n".repeat(4);
    /// let review = format!(
    ///     "{head}\n## Review: Changes Requested\n\n### Critical Issues\n{critical}\n### Findings\n{finding}"
    /// );
    /// let out = parse(Edition::V11, Agent::CodeReviewer, &review, None)?;
    /// assert!(!out.may_advance()); // a valid review that asks for changes blocks
    /// # Ok::<(), fourx_core::Error>(())
    /// ```
    pub fn may_advance(&self) -> bool {
        match self {
            AgentOutput::ReadOnly(r) => r.passes && !r.blocking,
            AgentOutput::Write(w) => w.passed.unwrap_or(true),
        }
    }

    /// The `router.parse_output` result: `{kind, result, may_advance}`.
    pub fn to_json(&self) -> Result<serde_json::Value> {
        let mut v = serde_json::to_value(self).map_err(|e| {
            crate::error::Error::invalid_input(format!("cannot write the output as JSON: {e}"))
        })?;
        if let Some(m) = v.as_object_mut() {
            m.insert("may_advance".into(), self.may_advance().into());
        }
        Ok(v)
    }
}

/// Parses `output` with the parser of the agent's class; `task` is used by read-only agents.
pub fn parse(
    edition: Edition,
    agent: Agent,
    output: &str,
    task: Option<&TaskState>,
) -> Result<AgentOutput> {
    Ok(match agent.class() {
        AgentClass::ReadOnly => {
            AgentOutput::ReadOnly(Box::new(readonly::parse(edition, agent, output, task)?))
        }
        AgentClass::Write => AgentOutput::Write(Box::new(contract::parse(edition, agent, output)?)),
    })
}

/// [`parse`] with what the router knows about the task: the verifier's dispatched dispute count
/// (read-only parser) and the task's kind and dispatched findings (write parser).
pub fn parse_in(
    edition: Edition,
    agent: Agent,
    output: &str,
    task: Option<&TaskState>,
    disputes: Option<u64>,
    ctx: &contract::TaskContext,
) -> Result<AgentOutput> {
    Ok(match agent.class() {
        AgentClass::ReadOnly => AgentOutput::ReadOnly(Box::new(readonly::parse_in(
            edition, agent, output, task, disputes,
        )?)),
        AgentClass::Write => {
            AgentOutput::Write(Box::new(contract::parse_in(edition, agent, output, ctx)?))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    #[test]
    fn agent_class_picks_the_parser() {
        let ro = format!(
            "CONTRACT {{\"s\":\"APPROVE\",\"b\":false,\"cr\":0}}\n## Review: Approve\n\n### Findings\n{}",
            "- src/api/user.ts:12 parses dates twice; extract a helper\n".repeat(4)
        );
        let AgentOutput::ReadOnly(r) = parse(Edition::V11, Agent::CodeReviewer, &ro, None).unwrap()
        else {
            panic!("code-reviewer is read-only")
        };
        assert!(r.passes, "the README example passes: {:?}", r.checks);
        let e = parse(Edition::V11, Agent::Planner, "## Plan\nprose only\n", None).unwrap_err();
        assert_eq!(e.kind, ErrorKind::MissingContract);
    }

    #[test]
    fn result_is_tagged_with_kind() {
        let w = "### Router Contract (MACHINE-READABLE)\n```yaml\nSTATUS: COMPLETE\nFILE_PATH: a\nBACKEND_MODE: b\nSOURCES_ATTEMPTED: []\nSOURCES_USED: []\nQUALITY_LEVEL: high\nKEY_FINDINGS_COUNT: 1\nWHAT_CHANGED_RECOMMENDATION: none\nMEMORY_NOTES: {}\n```\n";
        let v = serde_json::to_value(parse(Edition::V11, Agent::WebResearcher, w, None).unwrap())
            .unwrap();
        assert_eq!(v["kind"], "write");
        assert_eq!(v["result"]["agent"], "cc10x:web-researcher");
        assert_eq!(v["result"]["passed"], serde_json::Value::Null);
    }

    fn review(status: &str, blocking: bool, critical: usize) -> String {
        let crit: String = (0..critical)
            .map(|i| format!("- src/a.rs:{i} leaks the token\n"))
            .collect();
        let heading = if status == "APPROVE" {
            "Approve"
        } else {
            "Changes Requested"
        };
        format!(
            "CONTRACT {{\"s\":\"{status}\",\"b\":{blocking},\"cr\":{critical}}}\n## Review: {heading}\n\n\
             ### Critical Issues\n{crit}\n### Findings\n{}",
            "- src/api/user.ts:12 parses dates twice; extract a helper\n".repeat(4)
        )
    }

    #[test]
    fn may_advance_a_readonly_verdict_that_passes_and_does_not_block() {
        let ok = parse(
            Edition::V11,
            Agent::CodeReviewer,
            &review("APPROVE", false, 0),
            None,
        )
        .unwrap();
        assert!(ok.may_advance());
        let v = ok.to_json().unwrap();
        assert_eq!(
            (v["kind"].as_str(), v["may_advance"].as_bool()),
            (Some("readonly"), Some(true))
        );
    }

    #[test]
    fn may_not_advance_a_valid_review_that_asks_for_changes() {
        let out = parse(
            Edition::V11,
            Agent::CodeReviewer,
            &review("CHANGES_REQUESTED", true, 1),
            None,
        )
        .unwrap();
        assert!(!out.may_advance());
        assert_eq!(out.to_json().unwrap()["may_advance"], false);
    }

    #[test]
    fn may_advance_a_researcher_contract_which_has_no_pass_condition() {
        let w = "### Router Contract (MACHINE-READABLE)\n```yaml\nSTATUS: DEGRADED\nFILE_PATH: a\nBACKEND_MODE: b\nSOURCES_ATTEMPTED: []\nSOURCES_USED: []\nQUALITY_LEVEL: low\nKEY_FINDINGS_COUNT: 0\nWHAT_CHANGED_RECOMMENDATION: none\nMEMORY_NOTES: {}\n```\n";
        let out = parse(Edition::V11, Agent::WebResearcher, w, None).unwrap();
        assert!(out.may_advance());
    }

    #[test]
    fn may_not_advance_a_write_contract_that_claims_a_failure() {
        let w = "### Router Contract (MACHINE-READABLE)\n```yaml\nSTATUS: FAIL\nIMPACT_LEVEL: low\nDOC_LAYERS_EVALUATED: []\nDOC_FILES_UPDATED: []\nDOC_FILES_SKIPPED: []\nSKIP_REASON: none\nAUDIT_DOCS_CREATED: []\nAUDIT_DOCS_UPDATED: []\nMEMORY_NOTES: {}\n```\n";
        let out = parse(Edition::V11, Agent::DocSyncer, w, None).unwrap();
        assert!(!out.may_advance());
        assert_eq!(out.to_json().unwrap()["kind"], "write");
    }
}
