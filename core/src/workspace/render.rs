//! The exact bytes of `state.json` and of an `events.jsonl` line (workspace.md).
//!
//! Rendering applies WriteState's and AppendEvent's stamping rules to a copy of the input; the
//! writing itself (atomic replace, one-write append) is the fs layer's.

use crate::protocol::codec::gojson::{write_value, Layout};
use crate::protocol::codec::time::Timestamp;
use crate::protocol::state::{Event, Phase, State};

/// The state WriteState writes: `updatedAt = now` (offset and fraction kept) and `subPhase`
/// cleared unless the phase is `deep-reviewing`.
pub fn stamp_state(state: &State, now: Timestamp) -> State {
    let mut s = state.clone();
    s.updated_at = now;
    if !s.phase.is(Phase::DeepReviewing) {
        s.sub_phase = Default::default();
    }
    s
}

/// `normalise(s, now)`: what `parse(render(s, now))` gives back.
/// Empty lists are already "absent" in [`State`], so this is [`stamp_state`].
pub fn normalise_state(state: &State, now: Timestamp) -> State {
    stamp_state(state, now)
}

/// The state.json text WriteState would write for `state` at `now`: the stamped state in Go's
/// indented form, no trailing newline. Returns the stamped state too.
pub fn render_state(state: &State, now: Timestamp) -> (State, String) {
    let s = stamp_state(state, now);
    let text = write_value(&s.to_json(), Layout::Indented);
    (s, text)
}

/// The event AppendEvent writes: an empty `ts` becomes `now` in UTC, whole seconds
/// (`YYYY-MM-DDTHH:MM:SSZ`); a non-empty `ts` is kept verbatim.
pub fn stamp_event(event: &Event, now: Timestamp) -> Event {
    let mut e = event.clone();
    if e.ts.is_empty() {
        e.ts = now.to_utc().truncate_to_seconds().to_utc_seconds();
    }
    e
}

/// The events.jsonl line (compact, without `\n`) AppendEvent would write, and the stamped event.
pub fn render_event(event: &Event, now: Timestamp) -> (Event, String) {
    let e = stamp_event(event, now);
    let line = write_value(&e.to_json(), Layout::Compact);
    (e, line)
}
