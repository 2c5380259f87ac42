//! The run loop's I/O on any [`RunStore`]: read and write `state.json`, append events, read the
//! event log's scanners, and claim a feature — the same calls whether the store is the `.4x`
//! directory or a database, so one harness loop runs unchanged on both.
//!
//! Decides how the workspace's rules meet the run-state contract: a state write is the bytes
//! [`render_state`] produces (`updatedAt` stamped, `subPhase` cleared outside deep-reviewing)
//! published by a conditional replace on the version just read; an append is
//! [`render_event`]'s line plus `\n`; a read decodes with Go's rules. A `fence` (the caller's
//! [`Lease`]) makes the write refused with `lease_lost` once a newer owner holds the feature.
//! Who owns a feature is [`owner_by_pid`] where the store has no leases (the filesystem: the
//! pid recorded in `state.json` and the caller's liveness answer) and the store's
//! [`RunStore::claim`] where it has them.
//!
//! ```
//! use fourx_core::protocol::state::State;
//! use fourx_core::workspace::run_state::{owner_by_pid, Owner};
//!
//! let running = State { active: true, pid: 4242, ..State::default() };
//! // The pid a previous run recorded is still alive: someone else runs the feature.
//! assert_eq!(owner_by_pid(Some(&running), 7, |_| true), Owner::Other { pid: 4242 });
//! // It is gone (or it is us): the feature is free to run.
//! assert_eq!(owner_by_pid(Some(&running), 7, |_| false), Owner::Free);
//! assert_eq!(owner_by_pid(None, 7, |_| true), Owner::Free);
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::time::Timestamp;
use crate::protocol::state::{Event, State};
use crate::store::cas::Version;
use crate::workspace::events::{self, EventsCheck};
use crate::workspace::feature_id::FeatureId;
use crate::workspace::render::{render_event, render_state};
use crate::workspace::run_store::{Lease, Replaced, RunStore};

/// How many times a state write re-reads the version when another writer replaced the state
/// between its read and its replace. Only writers that hold no lease (or whose lease another
/// writer shares) can race; past this many lost races the write is `io_error`.
pub const STATE_WRITE_ATTEMPTS: usize = 16;

/// The feature's state, decoded with Go's text rules: absent is `not_found`, undecodable
/// `invalid_json`.
pub fn read_state(store: &dyn RunStore, id: &FeatureId) -> Result<State> {
    match store.read_state(id)? {
        Some((bytes, _)) => State::parse_text(&bytes),
        None => Err(Error::new(
            ErrorKind::NotFound,
            format!("no state for {id} in the run store"),
        )),
    }
}

/// WriteState on a run store: stamps `updatedAt = now`, clears `subPhase` outside
/// deep-reviewing, and publishes the exact `state.json` bytes with a conditional replace on the
/// version read just before (re-read on a lost race, at most [`STATE_WRITE_ATTEMPTS`] times).
/// With `fence`, the write is refused with `lease_lost` unless that lease is still the
/// feature's newest and unexpired. Returns the state written.
pub fn write_state(
    store: &dyn RunStore,
    id: &FeatureId,
    state: &State,
    now: Timestamp,
    fence: Option<&Lease>,
) -> Result<State> {
    check_fence(id, fence)?;
    let (written, text) = render_state(state, now);
    for _ in 0..STATE_WRITE_ATTEMPTS {
        let current = store
            .read_state(id)?
            .map_or(Version::Absent, |(_, version)| version);
        if let Replaced::Done(_) = store.replace_state(id, &current, text.as_bytes(), fence)? {
            return Ok(written);
        }
    }
    Err(Error::new(
        ErrorKind::IoError,
        format!(
            "the state of {id} was replaced by another writer {STATE_WRITE_ATTEMPTS} times in a \
             row; claim the feature before writing"
        ),
    ))
}

/// AppendEvent on a run store: stamps an empty `ts` from `now` and appends the compact line
/// plus `\n` as one record. With `fence`, refused with `lease_lost` like [`write_state`].
/// Returns the event written and its 1-based sequence number within the feature.
pub fn append_event(
    store: &dyn RunStore,
    id: &FeatureId,
    event: &Event,
    now: Timestamp,
    fence: Option<&Lease>,
) -> Result<(Event, u64)> {
    check_fence(id, fence)?;
    let (written, mut line) = render_event(event, now);
    line.push('\n');
    let seq = store.append_event(id, line.as_bytes(), fence)?;
    Ok((written, seq))
}

/// TotalCost over the feature's events in the store (none → 0).
/// The log is streamed ([`RunStore::scan_events`]): no length limit applies.
pub fn total_cost(store: &dyn RunStore, id: &FeatureId) -> Result<f64> {
    let mut scan = events::TotalCostScan::default();
    store.scan_events(id, &mut |chunk| {
        scan.push(chunk);
        Ok(())
    })?;
    Ok(scan.finish())
}

/// [`events::check_events`] over the feature's events in the store.
/// Streamed like [`total_cost`].
pub fn check_events(store: &dyn RunStore, id: &FeatureId) -> Result<EventsCheck> {
    let mut scan = events::EventsCheckScan::default();
    store.scan_events(id, &mut |chunk| {
        scan.push(chunk);
        Ok(())
    })?;
    Ok(scan.finish())
}

/// WorktreePath over the feature's events in the store (`""` when nothing matches).
/// Streamed like [`total_cost`].
pub fn worktree_path(store: &dyn RunStore, id: &FeatureId) -> Result<String> {
    let mut scan = events::WorktreeScan::default();
    store.scan_events(id, &mut |chunk| {
        scan.push(chunk);
        Ok(())
    })?;
    Ok(scan.finish())
}

/// A fence must name the feature written: a lease of another feature is `invalid_input`
/// (it would otherwise be checked against the wrong lease row).
fn check_fence(id: &FeatureId, fence: Option<&Lease>) -> Result<()> {
    match fence {
        Some(l) if l.feature != *id => Err(Error::invalid_input(format!(
            "the lease presented is for {}, not {id}",
            l.feature
        ))
        .with_field("lease")),
        _ => Ok(()),
    }
}

/// Who runs a feature, by the pid liveness rule of a store without leases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// No live run loop holds the feature (no state, an inactive one, a dead or own pid).
    Free,
    /// The run loop of this live process holds it.
    Other {
        /// The pid recorded in `state.json`.
        pid: i64,
    },
}

/// The pid liveness rule: a feature is held by another run loop when its state is active with a
/// positive pid other than `own_pid` that `alive` says still runs. The answer is as good as
/// `alive` — on one machine only; across machines it is a database store's lease.
pub fn owner_by_pid(state: Option<&State>, own_pid: i64, alive: impl Fn(i64) -> bool) -> Owner {
    match state {
        Some(s) if s.active && s.pid > 0 && s.pid != own_pid && alive(s.pid) => {
            Owner::Other { pid: s.pid }
        }
        _ => Owner::Free,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dead_or_own_pid_leaves_the_feature_free() {
        let s = State {
            active: true,
            pid: 9,
            ..State::default()
        };
        assert_eq!(owner_by_pid(Some(&s), 9, |_| true), Owner::Free);
        assert_eq!(owner_by_pid(Some(&s), 1, |_| false), Owner::Free);
        let idle = State {
            active: false,
            ..s.clone()
        };
        assert_eq!(owner_by_pid(Some(&idle), 1, |_| true), Owner::Free);
        assert_eq!(owner_by_pid(Some(&s), 1, |_| true), Owner::Other { pid: 9 });
    }
}
