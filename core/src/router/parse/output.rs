//! `router.parse_output` (CONVENTIONS.md §Python): picks the read-only or the write-contract
//! parser from the agent table of router.md §3, so a harness validates any agent's output with one
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
    /// A read-only verdict (§4.15).
    #[serde(rename = "readonly")]
    ReadOnly(Box<ReadOnlyResult>),
    /// A write contract (§4.16).
    Write(Box<WriteContract>),
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
}
