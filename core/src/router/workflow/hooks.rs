//! The checks of cc10x's TaskCompleted and PostToolUse hooks that are not already ops (what
//! `fourx hook` chains after `parse_subject`, `parse_task_metadata`, `check_artifact` and
//! `loop_gate`): the router-owned evidence a memory task must carry before it may complete, and
//! the freshness of a just-written artifact. Reading the files and the clock is the hook's.

use serde::Serialize;
use serde_json::Value;

use crate::error::Result;
use crate::router::edition::Edition;
use crate::router::loop_gate::{self, Loop};
use crate::router::metadata;
use crate::router::now::parse_now;
use crate::router::vocabulary::{Kind, Origin};

/// The inline marker every memory task description carries (cc10x TaskCreate template).
pub const ROUTER_ONLY_MARKER: &str = "ROUTER ONLY: execute inline.";

/// The memory task subject prefix.
pub const MEMORY_SUBJECT_PREFIX: &str = "CC10X Memory Update:";

/// The event the memory step appends before the task completes.
pub const MEMORY_FINAL_EVENT: &str = "memory_finalized";

/// Seconds after which an artifact write counts as stale (cc10x's hooks: 300).
pub const FRESH_SECONDS: u64 = 300;

/// One missing piece of memory-task evidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MemoryGap {
    /// The task's `origin:` is not `router`.
    OriginNotRouter,
    /// The description lacks `ROUTER ONLY: execute inline.`.
    MissingRouterOnlyMarker,
    /// The subject does not start `CC10X Memory Update:`.
    SubjectNotRouterOwned,
    /// No `memory_finalized` event of this workflow in its events file.
    MissingMemoryFinalizedEvent,
}

/// The memory-task evidence check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MemoryEvidence {
    /// Every piece is present.
    pub ok: bool,
    /// The missing pieces, in check order.
    pub gaps: Vec<MemoryGap>,
}

/// Whether the events text (one JSON object per line) has a `memory_finalized` line of `wf`.
/// Lines that are not JSON objects are skipped (the file is append-only and may be torn).
fn finalized(events: &str, wf: &str) -> bool {
    events.lines().any(|l| {
        serde_json::from_str::<Value>(l).is_ok_and(|v| {
            v.get("event").and_then(Value::as_str) == Some(MEMORY_FINAL_EVENT)
                && v.get("wf").and_then(Value::as_str) == Some(wf)
        })
    })
}

/// Checks a completing memory task's router-owned evidence (cc10x TaskCompleted guard). The
/// description must already be valid metadata of `kind:memory` (checked first, its error
/// returned).
///
/// ```
/// use fourx_core::router::{edition::Edition, workflow::hooks::memory_evidence};
///
/// let d = "wf:wf-20260312T162700Z-a1b2c3d4\nkind:memory\norigin:router\nphase:memory-finalize\n\
///          plan:N/A\nscope:N/A\nreason:Persist\n\nROUTER ONLY: execute inline.";
/// let ev = "{\"wf\":\"wf-20260312T162700Z-a1b2c3d4\",\"event\":\"memory_finalized\"}\n";
/// let r = memory_evidence(Edition::V11, "CC10X Memory Update: x", d, Some(ev)).unwrap();
/// assert!(r.ok);
/// ```
pub fn memory_evidence(
    edition: Edition,
    subject: &str,
    description: &str,
    events: Option<&str>,
) -> Result<MemoryEvidence> {
    let meta = metadata::parse(edition, description, true)?;
    let wf = meta.wf.as_ref().map(|w| w.as_str()).unwrap_or_default();
    let mut gaps = Vec::new();
    if meta.kind == Some(Kind::Memory) {
        if meta.origin != Some(Origin::Router) {
            gaps.push(MemoryGap::OriginNotRouter);
        }
        if !description.contains(ROUTER_ONLY_MARKER) {
            gaps.push(MemoryGap::MissingRouterOnlyMarker);
        }
        if !subject.starts_with(MEMORY_SUBJECT_PREFIX) {
            gaps.push(MemoryGap::SubjectNotRouterOwned);
        }
        if !events.is_some_and(|e| finalized(e, wf)) {
            gaps.push(MemoryGap::MissingMemoryFinalizedEvent);
        }
    }
    Ok(MemoryEvidence {
        ok: gaps.is_empty(),
        gaps,
    })
}

/// An artifact write's age.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Freshness {
    /// Written no more than `max_age_seconds` before `now` (a time after `now` counts as fresh).
    pub fresh: bool,
    /// Whole seconds from the write to `now` (0 when the write is later).
    pub age_seconds: u64,
}

/// Whether an artifact modified at `modified_at` is fresh at `now` (both RFC 3339).
pub fn artifact_fresh(modified_at: &str, now: &str, max_age_seconds: u64) -> Result<Freshness> {
    let m = parse_now(modified_at, "modified_at")?;
    let n = parse_now(now, "now")?;
    let age = u64::try_from(n.unix_seconds().saturating_sub(m.unix_seconds())).unwrap_or(0);
    Ok(Freshness {
        fresh: age <= max_age_seconds,
        age_seconds: age,
    })
}

/// What the TaskCompleted hook checks when a `kind:remfix` task completes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RemfixCompletion {
    /// Remediation rounds before this one: `remediation_history` entries minus the completing
    /// round's own (never below 0).
    pub earlier_cycles: u64,
    /// The REM-FIX cycle cap (`router.loop_gate`).
    pub cap: u64,
    /// `earlier_cycles < cap`: the cycle may complete without asking the user (the circuit
    /// breaker, governed by the `taskMetadata` mode).
    pub allowed: bool,
    /// The edition's backstop expects a `remediation_history` entry and the artifact has none
    /// (a warning, never a block).
    pub history_missing: bool,
}

/// The REM-FIX completion check over the task's workflow artifact (row L4): the circuit
/// breaker counts `remediation_history`, and at editions with the backstop (cc10x ≥ 12.6) an
/// empty or absent history is reported.
///
/// ```
/// use fourx_core::router::{edition::Edition, workflow::hooks::remfix_completion};
/// let a = serde_json::json!({"remediation_history": [{}, {}, {}, {}]});
/// let r = remfix_completion(Edition::V12_10, a.as_object().unwrap());
/// assert!(!r.allowed && !r.history_missing);
/// ```
pub fn remfix_completion(
    edition: Edition,
    artifact: &serde_json::Map<String, Value>,
) -> RemfixCompletion {
    let entries = artifact
        .get("remediation_history")
        .and_then(Value::as_array)
        .map_or(0, Vec::len) as u64;
    let earlier = entries.saturating_sub(1);
    let g = loop_gate::gate(Loop::Remfix, earlier);
    RemfixCompletion {
        earlier_cycles: earlier,
        cap: g.cap,
        allowed: g.allowed,
        history_missing: edition.rules().remediation_history_backstop && entries == 0,
    }
}
