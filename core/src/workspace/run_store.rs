//! The run-state store of a workspace: the [`RunStore`] trait every backend of a feature's run
//! state keeps — `state.json` bytes with a version (conditional replace), `events.jsonl` as an
//! append-only log with a per-feature sequence, the stop signal, and **feature leases** with
//! fencing tokens.
//!
//! Decides the contract, not the medium: the filesystem layout (`workspace::fs::FsRunStore`,
//! the embedded default, byte-compatible with the Go tools) is the first implementation, a
//! database (the `fourx-store-pg` crate) another. The bytes stored are the caller's
//! (`render_state`, `render_event`); a store never re-renders them, so an export of any backend
//! is the exact `.4x/` bytes.
//!
//! Leases replace the pid-liveness check across machines: a harness claims a feature for a TTL
//! and gets a [`Lease`] whose [`FenceToken`] is strictly greater than every token issued for that
//! feature before. A write carrying a lease is refused with `lease_lost` when the lease has
//! expired or a newer token was issued — atomically with the write — so a paused machine that
//! wakes up can never overwrite a newer owner. The clock a lease is measured by is the store's
//! (the database server's, or the clock input a filesystem store is built with), never the
//! caller's.
//!
//! ```
//! use fourx_core::store::cas::Version;
//! use fourx_core::workspace::run_store::{Claim, Replaced};
//!
//! // What a harness loop does with the answers of a run-state store.
//! fn describe(c: &Claim, r: &Replaced) -> String {
//!     let who = match c {
//!         Claim::Granted(l) => format!("mine (token {})", l.token.0),
//!         Claim::Held { holder, .. } => format!("held by {holder}"),
//!     };
//!     let wrote = match r {
//!         Replaced::Done(_) => "written",
//!         Replaced::Conflict => "re-read and replay",
//!     };
//!     format!("{who}; {wrote}")
//! }
//! let r = Replaced::Done(Version::of(Some(b"{}")));
//! assert_eq!(describe(&Claim::Held { holder: "m2".into(), expires_in_ms: 5 }, &r), "held by m2; written");
//! ```

use crate::error::{Error, ErrorKind, Result};
use crate::store::cas::Version;
use crate::workspace::feature_id::FeatureId;

/// A fencing token: per feature, every claim that changes the owner (or follows an expiry) gets
/// a token greater than any issued before, so "newer owner" is a comparison of integers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FenceToken(pub u64);

/// A granted claim on one feature: who holds it, its fencing token, and how long it is valid
/// from the moment the store granted it (by the store's clock).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lease {
    /// The feature claimed.
    pub feature: FeatureId,
    /// The claimant's name (a machine or harness id; never a credential).
    pub holder: String,
    /// The fencing token a write presents.
    pub token: FenceToken,
    /// The TTL granted, in milliseconds.
    pub ttl_ms: u64,
}

/// The answer to a claim.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// The caller owns the feature now (a new lease, or its own lease renewed with the same
    /// token).
    Granted(Lease),
    /// Another holder's unexpired lease stands.
    Held {
        /// The current owner.
        holder: String,
        /// How long its lease still runs, in milliseconds.
        expires_in_ms: u64,
    },
}

/// The outcome of a conditional replace of `state.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replaced {
    /// Published; the new version.
    Done(Version),
    /// The stored version was not the expected one: re-read and replay.
    Conflict,
}

/// The longest TTL a claim may ask for (one day): a lease is a liveness promise, not a lock held
/// forever.
pub const MAX_TTL_MS: u64 = 24 * 60 * 60 * 1000;

/// The largest state document or event line a run-state store accepts (the workspace's JSON
/// document limit, 4 MiB).
pub const MAX_RECORD_BYTES: usize = 4 << 20;

/// A claim's TTL, checked: 1 ms ..= [`MAX_TTL_MS`], else `invalid_value`.
pub fn check_ttl(ttl_ms: u64) -> Result<u64> {
    if ttl_ms == 0 || ttl_ms > MAX_TTL_MS {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            format!("lease ttl_ms {ttl_ms} must be between 1 and {MAX_TTL_MS}"),
        )
        .with_field("ttl_ms"));
    }
    Ok(ttl_ms)
}

/// A claimant's name, checked: 1..=200 bytes of printable ASCII without spaces, else
/// `invalid_value` (it is stored and shown; it must never be able to carry a secret's shape such
/// as a URL with a password — `:` and `@` are refused).
pub fn check_holder(holder: &str) -> Result<&str> {
    let ok = !holder.is_empty()
        && holder.len() <= 200
        && holder
            .bytes()
            .all(|b| b.is_ascii_graphic() && b != b':' && b != b'@');
    if !ok {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            "lease holder must be 1-200 printable ASCII bytes without spaces, ':' or '@'",
        )
        .with_field("holder"));
    }
    Ok(holder)
}

/// A record's size, checked against [`MAX_RECORD_BYTES`] (`input_too_large`).
pub fn check_record(what: &str, bytes: &[u8]) -> Result<()> {
    if bytes.len() > MAX_RECORD_BYTES {
        return Err(Error::new(
            ErrorKind::InputTooLarge,
            format!("{what} of {} bytes exceeds {MAX_RECORD_BYTES}", bytes.len()),
        ));
    }
    Ok(())
}

/// An event line, checked: one compact JSON line ending in exactly one `\n` (what
/// `render_event` plus `\n` produces), at most [`MAX_RECORD_BYTES`]; else `invalid_input`.
pub fn check_event_line(line: &[u8]) -> Result<()> {
    check_record("event line", line)?;
    let body = line.strip_suffix(b"\n").unwrap_or(line);
    if body.len() == line.len() || body.is_empty() || body.contains(&b'\n') {
        return Err(Error::invalid_input(
            "an event line is one non-empty line ending in a single \\n",
        ));
    }
    Ok(())
}

/// The `lease_lost` refusal of a fenced write.
pub fn lease_lost(lease: &Lease, why: &str) -> Error {
    Error::new(
        ErrorKind::LeaseLost,
        format!(
            "the lease of {} held by {} with token {} is {why}; re-claim the feature before writing",
            lease.feature, lease.holder, lease.token.0
        ),
    )
}

/// The run state of a workspace's features, in some medium. Every method is one atomic step
/// of the backend: a failed call leaves nothing visible. A `fence` makes a write conditional
/// on that lease still being the newest and unexpired (`lease_lost` otherwise), checked in the
/// same atomic step as the write.
pub trait RunStore: Send + Sync {
    /// The `state.json` bytes and their version; `None` when there is none.
    fn read_state(&self, id: &FeatureId) -> Result<Option<(Vec<u8>, Version)>>;
    /// Replaces `state.json` with `bytes` only if its version is still `expected`
    /// ([`Version::Absent`] = create).
    fn replace_state(
        &self,
        id: &FeatureId,
        expected: &Version,
        bytes: &[u8],
        fence: Option<&Lease>,
    ) -> Result<Replaced>;
    /// Appends one event line (ending in `\n`); returns its 1-based sequence number within the
    /// feature. A failed append is never visible.
    fn append_event(&self, id: &FeatureId, line: &[u8], fence: Option<&Lease>) -> Result<u64>;
    /// The feature's `events.jsonl` bytes (empty when there are none).
    fn read_events(&self, id: &FeatureId) -> Result<Vec<u8>>;
    /// Raises the stop signal (idempotent).
    fn request_stop(&self, id: &FeatureId) -> Result<()>;
    /// Whether the stop signal is raised.
    fn stop_requested(&self, id: &FeatureId) -> Result<bool>;
    /// Clears the stop signal (absent is success).
    fn clear_stop(&self, id: &FeatureId) -> Result<()>;
    /// Claims `id` for `holder` for `ttl_ms`: granted when no unexpired lease stands or the
    /// standing one is `holder`'s own (then renewed with the same token).
    fn claim(&self, id: &FeatureId, holder: &str, ttl_ms: u64) -> Result<Claim>;
    /// Gives a lease up early; a lease that is no longer the current one is `lease_lost`.
    fn release(&self, lease: &Lease) -> Result<()>;
    /// The features with any run state, sorted.
    fn features(&self) -> Result<Vec<FeatureId>>;
}

/// What [`copy_feature`] moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Copied {
    /// Whether a state document was copied.
    pub state: bool,
    /// Event lines copied.
    pub events: u64,
    /// Whether the stop signal was raised on the target.
    pub stop: bool,
}

/// Copies one feature's run state from `from` to `to` with the exact bytes — how `export`
/// writes a database's run as a `.4x/` tree and `import` loads one. The target must hold no
/// state and no events for the feature (`invalid_input` otherwise: a copy never merges); an
/// events file whose last line lacks its `\n` (a torn append) is `invalid_input`, nothing
/// copied.
pub fn copy_feature(from: &dyn RunStore, to: &dyn RunStore, id: &FeatureId) -> Result<Copied> {
    let events = from.read_events(id)?;
    if !events.is_empty() && !events.ends_with(b"\n") {
        return Err(Error::invalid_input(format!(
            "the events of {id} end in a torn line (no final newline); repair them before copying"
        )));
    }
    if to.read_state(id)?.is_some() || !to.read_events(id)?.is_empty() {
        return Err(Error::invalid_input(format!(
            "the target already holds run state for {id}; a copy never merges"
        )));
    }
    let mut copied = Copied::default();
    if let Some((bytes, _)) = from.read_state(id)? {
        if to.replace_state(id, &Version::Absent, &bytes, None)? == Replaced::Conflict {
            return Err(Error::invalid_input(format!(
                "the target gained a state for {id} during the copy"
            )));
        }
        copied.state = true;
    }
    for line in events.split_inclusive(|&b| b == b'\n') {
        to.append_event(id, line, None)?;
        copied.events += 1;
    }
    if from.stop_requested(id)? {
        to.request_stop(id)?;
        copied.stop = true;
    }
    Ok(copied)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ttl_is_between_one_millisecond_and_one_day() {
        assert!(check_ttl(0).is_err());
        assert_eq!(check_ttl(1).ok(), Some(1));
        assert!(check_ttl(MAX_TTL_MS).is_ok());
        assert!(check_ttl(MAX_TTL_MS + 1).is_err());
    }

    #[test]
    fn a_holder_cannot_carry_a_url_shape() {
        assert!(check_holder("machine-1").is_ok());
        for bad in ["", "a b", "user:pw", "x@host", "é"] {
            assert_eq!(
                check_holder(bad).map_err(|e| e.kind).err(),
                Some(ErrorKind::InvalidValue),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn an_event_line_is_one_line_with_one_newline() {
        assert!(check_event_line(b"{\"a\":1}\n").is_ok());
        for bad in [&b"{}"[..], b"\n", b"{}\n\n", b"{}\n{}\n"] {
            assert!(check_event_line(bad).is_err(), "{bad:?}");
        }
    }
}
