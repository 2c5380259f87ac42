//! The router's procedure (router-workflow.md): the deterministic steps the seed has the host
//! perform on the task list, the workflow artifact and the memory files — resume and the chain
//! loop, the memory task, follow-up graphs, the scope-decision resume, the artifact update after
//! each agent, memory finalisation, the intent readiness and plan-trust gates. Every op is pure:
//! it returns what the host must create, change or write; the host applies it.

pub mod artifact_update;
pub mod finalize;
pub mod followup;
pub mod hooks;
pub mod intent;
pub mod plan;
pub mod plan_trust;
pub mod pretool;
pub mod resume;
pub mod scope;
pub mod tasks;
