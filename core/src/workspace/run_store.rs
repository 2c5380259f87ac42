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
    /// The feature's `events.jsonl` bytes fed to `sink` in order, in chunks of any size (a line
    /// may span chunks), so that a log of any length is read with flat memory; an error of the
    /// sink stops the feed and is returned. The default feeds [`RunStore::read_events`] whole;
    /// a store whose logs can outgrow memory streams them.
    fn scan_events(&self, id: &FeatureId, sink: EventSink<'_>) -> Result<()> {
        let bytes = self.read_events(id)?;
        if bytes.is_empty() {
            return Ok(());
        }
        sink(&bytes)
    }
    /// Whether this store can hold run state for `id` at all (a filesystem refuses a name
    /// longer than its limit): checked for every feature of a copy before any is written. A
    /// refusal is `invalid_feature_id`. The default accepts every id.
    fn check_feature_id(&self, id: &FeatureId) -> Result<()> {
        let _ = id;
        Ok(())
    }
    /// Writes one feature copied from another store — its state document, its whole events log
    /// (fed by `events` in chunks, exact bytes: blank and long lines included) and the stop
    /// signal — in **one atomic step**: on any failure (a refused or torn log, the source
    /// failing mid-feed, the medium refusing) nothing of it is visible and a retry starts from
    /// scratch. The store must hold no state and no events for `id` (`invalid_input`: a copy
    /// never merges); a log whose last line lacks its `\n` is `invalid_input`.
    fn put_feature(
        &self,
        id: &FeatureId,
        state: Option<&[u8]>,
        events: EventFeed<'_>,
        stop: bool,
    ) -> Result<Copied>;
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

/// Where a store's events go, chunk by chunk (see [`RunStore::scan_events`]).
pub type EventSink<'a> = &'a mut dyn FnMut(&[u8]) -> Result<()>;

/// A source of an events log: feeds its chunks, in order, to the sink it is given (see
/// [`RunStore::put_feature`]).
pub type EventFeed<'a> = &'a mut dyn FnMut(EventSink<'_>) -> Result<()>;

/// The longest event line a copy carries (64 MiB, the scanners' line limit): a longer line is
/// `invalid_input` and nothing of its feature is copied.
pub const MAX_COPY_LINE: usize = crate::workspace::events::MAX_EVENT_LINE;

/// The lines of a log fed in chunks, each with its `\n`: a line is held only until it is
/// complete (at most [`MAX_COPY_LINE`] bytes). [`LogLines::finish`] refuses a torn last line.
#[derive(Debug, Default)]
pub struct LogLines {
    open: Vec<u8>,
    lines: u64,
}

impl LogLines {
    /// Feeds the next chunk; `line` gets each line it completes (with its `\n`).
    pub fn push(
        &mut self,
        id: &FeatureId,
        mut chunk: &[u8],
        line: &mut dyn FnMut(&[u8]) -> Result<()>,
    ) -> Result<()> {
        while let Some(nl) = memchr::memchr(b'\n', chunk) {
            let (head, rest) = chunk.split_at(nl + 1);
            if self.open.is_empty() {
                self.check_len(id, head.len())?;
                line(head)?;
            } else {
                self.check_len(id, self.open.len() + head.len())?;
                self.open.extend_from_slice(head);
                let whole = std::mem::take(&mut self.open);
                line(&whole)?;
            }
            self.lines += 1;
            chunk = rest;
        }
        self.check_len(id, self.open.len() + chunk.len())?;
        self.open.extend_from_slice(chunk);
        Ok(())
    }

    fn check_len(&self, id: &FeatureId, n: usize) -> Result<()> {
        if n > MAX_COPY_LINE {
            return Err(Error::invalid_input(format!(
                "line {} of the events of {id} is longer than {MAX_COPY_LINE} bytes; nothing of {id} was copied",
                self.lines + 1
            )));
        }
        Ok(())
    }

    /// The number of lines read; a torn last line (no final `\n`) is `invalid_input`.
    pub fn finish(self, id: &FeatureId) -> Result<u64> {
        if !self.open.is_empty() {
            return Err(torn(id));
        }
        Ok(self.lines)
    }
}

/// The refusal of a log whose last line lacks its `\n`.
pub fn torn(id: &FeatureId) -> Error {
    Error::invalid_input(format!(
        "the events of {id} end in a torn line (no final newline); repair them before copying"
    ))
}

/// The refusal of a copy onto a feature the target already holds.
pub fn holds_already(id: &FeatureId) -> Error {
    Error::invalid_input(format!(
        "the target already holds run state for {id}; a copy never merges"
    ))
}

/// Whether `store` holds a state document or any event for `id` (reads at most one chunk of
/// the log).
pub fn holds_feature(store: &dyn RunStore, id: &FeatureId) -> Result<bool> {
    if store.read_state(id)?.is_some() {
        return Ok(true);
    }
    let mut any = false;
    let r = store.scan_events(id, &mut |chunk| {
        any = !chunk.is_empty();
        Err(Error::invalid_input("enough"))
    });
    match r {
        _ if any => Ok(true),
        Ok(()) => Ok(false),
        Err(e) if e.message == "enough" => Ok(false),
        Err(e) => Err(e),
    }
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
/// writes a database's run as a `.4x/` tree and `import` loads one — in one atomic step of the
/// target ([`RunStore::put_feature`]): the log is streamed (any length), and on any failure
/// nothing of the feature is in the target, so a retry is never refused for a half copy. The
/// target must hold no state and no events for the feature (`invalid_input`: a copy never
/// merges); a log whose last line lacks its `\n` (a torn append) is `invalid_input`.
pub fn copy_feature(from: &dyn RunStore, to: &dyn RunStore, id: &FeatureId) -> Result<Copied> {
    to.check_feature_id(id)?;
    let state = from.read_state(id)?.map(|(bytes, _)| bytes);
    let stop = from.stop_requested(id)?;
    to.put_feature(
        id,
        state.as_deref(),
        &mut |sink| from.scan_events(id, sink),
        stop,
    )
}

/// Copies `ids` from `from` to `to`, each with [`copy_feature`], after checking all of them
/// first: a feature the target cannot hold (`invalid_feature_id`) or already holds
/// (`invalid_input`) refuses the whole copy before any feature is written, so a copy never
/// stops half way on such an id.
pub fn copy_features(
    from: &dyn RunStore,
    to: &dyn RunStore,
    ids: &[FeatureId],
) -> Result<Vec<Copied>> {
    for id in ids {
        to.check_feature_id(id)?;
        if holds_feature(to, id)? {
            return Err(holds_already(id));
        }
    }
    ids.iter().map(|id| copy_feature(from, to, id)).collect()
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
