//! Routing and task metadata (router.md): intent routing ([`intent`], also
//! reachable as `router::route::*`), task metadata and subjects, workflow ids, the dispatcher, the
//! model-tier policy, the BUILD scope gradient and scope reply, session settings, task graphs
//! (with their task texts) and loop caps.
//!
//! Decides which workflow, agent and tier a request or task gets; launching anything is the
//! caller's.

pub mod build_scope;
pub mod dispatch;
pub mod intent;
pub mod loop_gate;
pub mod metadata;
pub mod model_tier;
pub mod scope_reply;
pub mod session;
pub mod subject;
pub mod task_graph;
pub mod task_texts;
pub mod workflow_id;

pub use intent::*;
