//! The router contract: intent routing, task metadata, workflow ids, dispatch and strict
//! validation of agent outputs (router.md §4.1–§4.22).
//!
//! Agent output is untrusted text: every parser here is bounded in size (4 MiB, refused before
//! parsing) and linear in its input; contract YAML goes through the one YAML module with budgets.
//! Time and randomness are inputs (`now`, `nonce`). Deciding what to do with a verdict is left to
//! the harness. Each concept has its own module; [`ops`](self) adapts them to JSON.

pub mod artifact;
pub mod brainstorm;
pub mod build_scope;
pub mod contract;
pub mod dispatch;
pub mod edition;
pub mod envelope;
pub mod event_line;
pub mod loop_gate;
pub(crate) mod markdown;
pub mod marker;
pub mod metadata;
pub mod model_tier;
pub mod now;
pub mod output;
pub mod readonly;
pub mod route;
pub mod scenarios;
pub mod scope_reply;
pub mod session;
pub mod status;
pub(crate) mod strict_json;
pub mod subject;
pub mod task_graph;
pub(crate) mod text;
pub mod verdicts;
pub mod vocabulary;
pub mod workflow;
pub mod workflow_id;

pub mod prompt;

pub use vocabulary::{
    Agent, AgentClass, BuildScope, Kind, Origin, Phase, Scope, Tier, WorkflowType,
};
pub use workflow_id::WorkflowId;

/// Largest agent output accepted by the output parsers (router.md §2.1): 4 MiB.
pub const MAX_OUTPUT_BYTES: usize = 4 * 1024 * 1024;
