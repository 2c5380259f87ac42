//! `router.parse_output` (CONVENTIONS.md §Python): picks the read-only or the write-contract
//! parser from the agent table of router.md §3, so a harness validates any agent's output with one
//! call. The parsers decide everything else.

use serde::Serialize;

use crate::error::Result;

use super::contract::{self, WriteContract};
use super::readonly::{self, ReadOnlyResult, TaskState};
use super::vocabulary::{Agent, AgentClass};

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
pub fn parse(agent: Agent, output: &str, task: Option<&TaskState>) -> Result<AgentOutput> {
    Ok(match agent.class() {
        AgentClass::ReadOnly => {
            AgentOutput::ReadOnly(Box::new(readonly::parse(agent, output, task)?))
        }
        AgentClass::Write => AgentOutput::Write(Box::new(contract::parse(agent, output)?)),
    })
}
