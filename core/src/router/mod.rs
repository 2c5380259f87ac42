//! The router contract: intent routing, task metadata, workflow ids, dispatch and strict
//! validation of agent outputs (router.md).
//!
//! Agent output is untrusted text: every parser here is bounded in size (4 MiB, refused before
//! parsing) and linear in its input; contract YAML goes through the one YAML module with budgets.
//! Time and randomness are inputs (`now`, `nonce`). Deciding what to do with a verdict is left to
//! the harness. Each concept has its own module, grouped by concern: [`parse`] (agent output: envelopes,
//! contracts, read-only verdicts, the markdown and strict-JSON scanners), [`route`] (intent
//! routing, task metadata, dispatch, workflow ids and the gates around them), [`events`] (event
//! lines, workflow markers, the workflow artifact) and [`prompt`] (memory files and the per-agent
//! prompt frame); the modules stay reachable at `router::<module>`. The JSON ops are
//! `crate::ops::router` and `crate::ops::router_prompt`.
//!
//! ```
//! use fourx_core::router::route::route;
//! use fourx_core::router::WorkflowType;
//!
//! let r = route("Fix the login error on Safari");
//! assert_eq!(r.workflow, WorkflowType::Debug);
//! assert_eq!(r.announcement, "-> DEBUG workflow (signals: fix, error)");
//! ```

pub mod edition;
pub mod events;
pub mod now;
pub mod parse;
pub mod route;
pub mod vocabulary;
pub mod workflow;

pub mod prompt;

pub use events::{artifact, event_line, marker};
pub use parse::{brainstorm, contract, envelope, output, readonly, scenarios, status, verdicts};
pub use route::{
    build_scope, dispatch, loop_gate, metadata, model_tier, scope_reply, session, subject,
    task_graph, workflow_id,
};
pub use vocabulary::{
    Agent, AgentClass, BuildScope, Kind, Origin, Phase, Scope, Tier, WorkflowType,
};
pub use workflow_id::WorkflowId;

/// Largest agent output accepted by the output parsers: 4 MiB.
pub const MAX_OUTPUT_BYTES: usize = 4 * 1024 * 1024;
