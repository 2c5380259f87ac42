//! What a workflow records (router.md): event-log lines, workflow markers in
//! memory files, and the workflow artifact with its read-back gate.
//!
//! Decides the exact bytes and the checks on reading them back; writing files is the caller's.

pub mod artifact;
pub mod event_line;
pub mod marker;
