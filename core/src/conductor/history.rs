//! Events as the source of truth: the checkpoint every conductor call
//! leaves on its last event, [`rebuild`] and [`fork`] from it, and the counters a resumed run
//! seeds from the events log.
//!
//! Reading and writing `events.jsonl` is the harness's (workspace ops); this module only folds
//! the Event objects it is given.

use serde_json::{json, Value};

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::state::{AnyEventType, Event, EventType, State};

use super::types::{Decision, Loop, Spent};

/// The event type of a call that emits no other event.
pub const CHECKPOINT_EVENT: &str = "checkpoint";

/// A step of a run as its events recorded it.
#[derive(Debug, Clone, PartialEq)]
pub struct Rebuilt {
    /// The state the call returned.
    pub state: State,
    /// The loop the call returned.
    pub lp: Loop,
    /// The decision the call returned (JSON form).
    pub decision: Value,
    /// The number of events up to and including the checkpoint's.
    pub keep: usize,
}

/// Puts the call's checkpoint on its last event, adding a `checkpoint` event when the call
/// emitted none.
pub(crate) fn attach(events: &mut Vec<Event>, state: &State, lp: &Loop, decision: &Decision) {
    if events.is_empty() {
        events.push(Event {
            phase: state.phase.clone(),
            event_type: AnyEventType::new(CHECKPOINT_EVENT),
            role: state.role.clone(),
            round: state.round,
            runner: state.runner.clone(),
            ..Event::default()
        });
    }
    if let Some(last) = events.last_mut() {
        last.checkpoint = Some(json!({
            "state": state.to_json(),
            "loop": lp.to_json(),
            "decision": decision.to_json(),
        }));
    }
}

/// Decodes one checkpoint (the event at `index`).
fn decode(cp: &Value, index: usize) -> Result<Rebuilt> {
    let bad = |what: &str, e: &str| {
        Error::invalid_input(format!("events[{index}].checkpoint.{what}: {e}"))
            .with_field(format!("events[{index}].checkpoint.{what}"))
    };
    let state = State::from_input(cp.get("state").unwrap_or(&Value::Null))
        .map_err(|e| bad("state", &e.message))?;
    let lp: Loop = serde_json::from_value(cp.get("loop").cloned().unwrap_or(Value::Null))
        .map_err(|e| bad("loop", &e.to_string()))?;
    if !lp.fits() {
        return Err(bad("loop", "`step` and `pending.kind` do not agree"));
    }
    let decision = cp.get("decision").cloned().unwrap_or(Value::Null);
    if !decision.get("kind").is_some_and(Value::is_string) {
        return Err(bad("decision", "a decision object with `kind` is required"));
    }
    Ok(Rebuilt {
        state,
        lp,
        decision,
        keep: index + 1,
    })
}

/// The step of the run after its last complete call: the checkpoint of the last event that
/// has one.
///
/// Errors: `not_found` when no event carries a checkpoint; `invalid_input` for a checkpoint
/// that does not decode.
pub fn rebuild(events: &[Event]) -> Result<Rebuilt> {
    fork_at(events, events.len())
}

/// The step the run had at event index `at`: the checkpoint of the last event at an index
/// ≤ `at` that has one.
///
/// Errors: `invalid_input` when `at` is not an index of `events`; those of [`rebuild`].
pub fn fork(events: &[Event], at: usize) -> Result<Rebuilt> {
    if at >= events.len() {
        return Err(Error::invalid_input(format!(
            "`at` {at} is not an index of the {} events",
            events.len()
        ))
        .with_field("at"));
    }
    fork_at(events, at + 1)
}

fn fork_at(events: &[Event], end: usize) -> Result<Rebuilt> {
    let (index, cp) = events[..end]
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, e)| e.checkpoint.as_ref().map(|c| (i, c)))
        .ok_or_else(|| {
            Error::new(
                ErrorKind::NotFound,
                "no event carries a conductor checkpoint (a log written by Go 4x or before checkpoints)",
            )
            .with_field("events")
        })?;
    decode(cp, index)
}

/// What a resumed run seeds its loop with: the iterations (`phase-start` events without
/// `index`, per `"<round>:<role>"`) and the amounts spent.
pub fn seed(lp: &mut Loop, events: &[Event]) {
    for e in events {
        if e.event_type.is(EventType::PhaseStart) && e.index == 0 {
            let key = format!("{}:{}", e.round, e.role.as_str());
            *lp.iterations.entry(key).or_insert(0) += 1;
        }
    }
    lp.spent = Spent::of(events);
}
