//! The `workspace` area's op table: JSON adapters over the typed API of this module
//! (workspace.md, except the feature-file ops that join later).

use serde_json::{json, Map, Value};

use super::{Args, OpInfo};
use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::gojson;
use crate::protocol::codec::time::Timestamp;
use crate::protocol::state::{parse_now, Event, State};
use crate::workspace::{self as ws, run_state, FeatureId, Root};

use super::workspace_store::run_store;

use ErrorKind::{
    Ambiguous, InputTooLarge, InvalidConfig, InvalidFeatureId, InvalidInput, InvalidJson, IoError,
    LeaseLost, NotFound,
};

/// The ops of this area, one line each.
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("workspace.constants", "The seed's .4x file-name constants (45 entries).", &[], &["constants: {str}"], &[], constants),
    OpInfo::new("workspace.dot_dir", "DotDir: <root>/.4x, lexically cleaned.", &["root: path"], &["path: str"], &[InvalidInput], dot_dir),
    OpInfo::new("workspace.feature_dir", "FeatureDir: <root>/.4x/run/<feature_id>, lexically cleaned; the id must be one safe path segment.", &["root: path", "feature_id: str"], &["path: str"], &[InvalidInput, InvalidFeatureId], feature_dir),
    OpInfo::new("workspace.round_dir", "RoundDir: FeatureDir/rounds/round-<round>.", &["root: path", "feature_id: str", "round: int"], &["path: str"], &[InvalidInput, InvalidFeatureId], round_dir),
    OpInfo::new("workspace.resolve_feature_id", "Resolves a case-insensitive id prefix against feature file names (given entries, or .4x/features under root).", &["prefix: str", "entries?: [str] = ~the file names of .4x/features under root", "root?: path = ~not given: entries gives the names"], &["feature_id: str"], &[InvalidInput, NotFound, Ambiguous, IoError], resolve_feature_id),
    OpInfo::new("workspace.total_cost", "Sum of cost_usd over run-end events (given events text, or the feature's events.jsonl).", &["events?: str = ~the feature's events.jsonl under root", "root?: path = ~not given: events gives the text", "feature_id?: str = ~not given: events gives the text", "store?: {any} = ~the .4x under root: the filesystem, byte-compatible with Go 4x"], &["total_cost_usd: float"], &[InvalidInput, InvalidFeatureId, InvalidConfig, IoError], total_cost),
    OpInfo::new("workspace.check_events", "Every events.jsonl problem 4x's readers pass over silently: lines that do not decode into an Event and unknown keys (with the closest known key), as warnings.", &["events?: str = ~the feature's events.jsonl under root", "root?: path = ~not given: events gives the text", "feature_id?: str = ~not given: events gives the text", "store?: {any} = ~the .4x under root: the filesystem, byte-compatible with Go 4x"], &["-> EventsCheck"], &[InvalidInput, InvalidFeatureId, InvalidConfig, IoError], check_events),
    OpInfo::new("workspace.worktree_path", "The worktree path of the last `run-output` event whose detail starts with `worktree: `.", &["events?: str = ~the feature's events.jsonl under root", "root?: path = ~not given: events gives the text", "feature_id?: str = ~not given: events gives the text", "store?: {any} = ~the .4x under root: the filesystem, byte-compatible with Go 4x"], &["worktree_path: str"], &[InvalidInput, InvalidFeatureId, InvalidConfig, IoError], worktree_path),
    OpInfo::new("workspace.render_state", "The exact state.json text WriteState writes at `now` (updatedAt stamped, subPhase cleared outside deep-reviewing).", &["state: State", "now: time"], &["text: str"], &[InvalidInput], render_state),
    OpInfo::new("workspace.render_event", "The exact events.jsonl line (without newline) AppendEvent writes at `now`.", &["event: Event", "now: time"], &["line: str"], &[InvalidInput], render_event),
    OpInfo::new("workspace.parse_state", "Decodes state.json text with Go's rules.", &["text: str"], &["state: State"], &[InvalidInput, InvalidJson], parse_state),
    OpInfo::new("workspace.find", "Walks up from start_dir to the first directory holding a .4x directory.", &["start_dir: path"], &["root: str"], &[InvalidInput, NotFound, IoError], find),
    OpInfo::new("workspace.init_feature_dir", "Creates FeatureDir/rounds with parents (0755); idempotent.", &["root: path", "feature_id: str"], &["path: str"], &[InvalidInput, InvalidFeatureId, IoError], init_feature_dir),
    OpInfo::new("workspace.read_state", "Reads and decodes a feature's state.json (no validation, no reconciling), from `store` when given.", &["root: path", "feature_id: str", "store?: {any} = ~the .4x under root: the filesystem, byte-compatible with Go 4x"], &["state: State"], &[InvalidInput, InvalidFeatureId, InvalidConfig, NotFound, InvalidJson, IoError], read_state),
    OpInfo::new("workspace.write_state", "WriteState: stamps updatedAt = now and writes state.json atomically (through `store` when given, fenced by `lease`).", &["root: path", "feature_id: str", "state: State", "now: time", "store?: {any} = ~the .4x under root: the filesystem, byte-compatible with Go 4x", "lease?: Lease = ~no fence: the write is not tied to a lease (a store without leases takes none)"], &["state: State"], &[InvalidInput, InvalidFeatureId, InvalidConfig, NotFound, LeaseLost, InputTooLarge, IoError], write_state),
    OpInfo::new("workspace.append_event", "AppendEvent: stamps an empty ts from now and appends one line to events.jsonl in one write (through `store` when given, fenced by `lease`).", &["root: path", "feature_id: str", "event: Event", "now: time", "store?: {any} = ~the .4x under root: the filesystem, byte-compatible with Go 4x", "lease?: Lease = ~no fence: the write is not tied to a lease (a store without leases takes none)"], &["event: Event"], &[InvalidInput, InvalidFeatureId, InvalidConfig, NotFound, LeaseLost, InputTooLarge, IoError], append_event),
    OpInfo::new("workspace.request_stop", "Asks the run loop to stop: writes FeatureDir/stop atomically.", &["root: path", "feature_id: str", "store?: {any} = ~the .4x under root: the filesystem, byte-compatible with Go 4x"], &[], &[InvalidInput, InvalidFeatureId, InvalidConfig, NotFound, IoError], request_stop),
    OpInfo::new("workspace.stop_requested", "Whether FeatureDir/stop exists.", &["root: path", "feature_id: str", "store?: {any} = ~the .4x under root: the filesystem, byte-compatible with Go 4x"], &["requested: bool"], &[InvalidInput, InvalidFeatureId, InvalidConfig, IoError], stop_requested),
    OpInfo::new("workspace.clear_stop", "Removes the stop signal; a missing one is success.", &["root: path", "feature_id: str", "store?: {any} = ~the .4x under root: the filesystem, byte-compatible with Go 4x"], &[], &[InvalidInput, InvalidFeatureId, InvalidConfig, IoError], clear_stop),
    OpInfo::new("workspace.reconcile_active", "Clears `active` when the run loop's process is gone (pid_alive given, or probed) and writes the corrected state.", &["root: path", "feature_id: str", "now: time", "pid_alive?: bool = ~the process table is probed", "state?: State = ~the feature's state.json"], &["-> Reconciled"], &[InvalidInput, InvalidFeatureId, NotFound, InvalidJson, IoError], reconcile_active),
    OpInfo::new("workspace.atomic_write_file", "Writes dir/final_name atomically (temp file, fsync, rename, dir fsync) with mode perm.", &["dir: path", "final_name: str", "tmp_pattern?: str = ~ignored (accepted for Go parity)", "data?: str = ~data_base64 gives the bytes (one of the two is required)", "data_base64?: str = ~data gives the bytes (one of the two is required)", "perm: int"], &[], &[InvalidInput, IoError], atomic_write_file),
];

fn feature_id(a: &Args<'_>) -> Result<FeatureId> {
    FeatureId::new(a.str("feature_id")?)
}

fn root(a: &Args<'_>) -> Result<Root> {
    Root::new(a.str("root")?)
}

fn now(a: &Args<'_>) -> Result<Timestamp> {
    parse_now(a.str("now")?)
}

fn constants(_: &Map<String, Value>) -> Result<Value> {
    let map: Map<String, Value> = ws::CONSTANTS
        .iter()
        .map(|(k, v)| ((*k).to_string(), Value::from(*v)))
        .collect();
    Ok(json!({ "constants": map }))
}

fn dot_dir(m: &Map<String, Value>) -> Result<Value> {
    Ok(json!({ "path": root(&Args::new(m))?.dot_dir() }))
}

fn feature_dir(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let id = feature_id(&a)?;
    Ok(json!({ "path": root(&a)?.feature_dir(&id) }))
}

fn round_dir(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let id = feature_id(&a)?;
    let r = root(&a)?;
    Ok(json!({ "path": r.round_dir(&id, a.i64("round")?) }))
}

fn resolve_feature_id(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let prefix = a.str("prefix")?;
    let id = match a.opt_array("entries")? {
        Some(list) => {
            let names = list
                .iter()
                .map(|v| {
                    v.as_str().ok_or_else(|| {
                        Error::invalid_input("entries must be a list of file names (strings)")
                            .with_field("entries")
                    })
                })
                .collect::<Result<Vec<&str>>>()?;
            ws::resolve_feature_id(prefix, &names)?
        }
        None => fsops::resolve_feature_id(root(&a)?.as_str(), prefix)?,
    };
    Ok(json!({ "feature_id": id }))
}

fn events_text<'a>(a: &Args<'a>) -> Result<Option<&'a str>> {
    a.opt_str("events")
}

fn total_cost(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let total = match events_text(&a)? {
        Some(t) => ws::total_cost(t.as_bytes()),
        None => {
            let id = feature_id(&a)?;
            let r = root(&a)?;
            match run_store(&a, r.as_str())? {
                Some(sel) => run_state::total_cost(sel.store.as_ref(), &id)?,
                None => fsops::total_cost(r.as_str(), &id)?,
            }
        }
    };
    Ok(json!({ "total_cost_usd": gojson::float_value(total) }))
}

fn check_events(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let c = match events_text(&a)? {
        Some(t) => ws::events::check_events(t.as_bytes()),
        None => {
            let id = feature_id(&a)?;
            let r = root(&a)?;
            match run_store(&a, r.as_str())? {
                Some(sel) => run_state::check_events(sel.store.as_ref(), &id)?,
                None => fsops::check_events(r.as_str(), &id)?,
            }
        }
    };
    let warnings = serde_json::to_value(&c.warnings)
        .map_err(|e| Error::invalid_input(format!("warnings cannot be written as JSON: {e}")))?;
    Ok(json!({ "lines": c.lines, "events": c.events, "warnings": warnings }))
}

fn worktree_path(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let path = match events_text(&a)? {
        Some(t) => ws::worktree_path(t.as_bytes()),
        None => {
            let id = feature_id(&a)?;
            let r = root(&a)?;
            match run_store(&a, r.as_str())? {
                Some(sel) => run_state::worktree_path(sel.store.as_ref(), &id)?,
                None => fsops::worktree_path(r.as_str(), &id)?,
            }
        }
    };
    Ok(json!({ "worktree_path": path }))
}

fn render_state(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let state = State::from_input(a.req("state")?)?;
    let (_, text) = ws::render_state(&state, now(&a)?);
    Ok(json!({ "text": text }))
}

fn render_event(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let event = Event::from_input(a.req("event")?)?;
    let (_, line) = ws::render_event(&event, now(&a)?);
    Ok(json!({ "line": line }))
}

fn parse_state(m: &Map<String, Value>) -> Result<Value> {
    let text = Args::new(m).str("text")?;
    Ok(json!({ "state": State::parse_text(text.as_bytes())?.to_json() }))
}

fn find(m: &Map<String, Value>) -> Result<Value> {
    let start = Args::new(m).str("start_dir")?;
    Ok(json!({ "root": fsops::find(start)? }))
}

fn init_feature_dir(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let id = feature_id(&a)?;
    let r = root(&a)?;
    fsops::init_feature_dir(r.as_str(), &id)?;
    Ok(json!({ "path": r.feature_dir(&id) }))
}

fn read_state(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let id = feature_id(&a)?;
    let r = root(&a)?;
    let state = match run_store(&a, r.as_str())? {
        Some(sel) => run_state::read_state(sel.store.as_ref(), &id)?,
        None => fsops::read_state(r.as_str(), &id)?,
    };
    Ok(json!({ "state": state.to_json() }))
}

fn write_state(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let id = feature_id(&a)?;
    let r = root(&a)?;
    let state = State::from_input(a.req("state")?)?;
    let written = match run_store(&a, r.as_str())? {
        Some(sel) => {
            let fence = sel.fence(&a)?;
            run_state::write_state(sel.store.as_ref(), &id, &state, now(&a)?, fence.as_ref())?
        }
        None => fsops::write_state(r.as_str(), &id, &state, now(&a)?)?,
    };
    Ok(json!({ "state": written.to_json() }))
}

fn append_event(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let id = feature_id(&a)?;
    let r = root(&a)?;
    let event = Event::from_input(a.req("event")?)?;
    let written = match run_store(&a, r.as_str())? {
        Some(sel) => {
            let fence = sel.fence(&a)?;
            run_state::append_event(sel.store.as_ref(), &id, &event, now(&a)?, fence.as_ref())?.0
        }
        None => fsops::append_event(r.as_str(), &id, &event, now(&a)?)?,
    };
    Ok(json!({ "event": written.to_json() }))
}

fn request_stop(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let id = feature_id(&a)?;
    let r = root(&a)?;
    match run_store(&a, r.as_str())? {
        Some(sel) => sel.store.request_stop(&id)?,
        None => fsops::request_stop(r.as_str(), &id)?,
    }
    Ok(json!({}))
}

fn stop_requested(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let id = feature_id(&a)?;
    let r = root(&a)?;
    let requested = match run_store(&a, r.as_str())? {
        Some(sel) => sel.store.stop_requested(&id)?,
        None => fsops::stop_requested(r.as_str(), &id)?,
    };
    Ok(json!({ "requested": requested }))
}

fn clear_stop(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let id = feature_id(&a)?;
    let r = root(&a)?;
    match run_store(&a, r.as_str())? {
        Some(sel) => sel.store.clear_stop(&id)?,
        None => fsops::clear_stop(r.as_str(), &id)?,
    }
    Ok(json!({}))
}

fn reconcile_active(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let id = feature_id(&a)?;
    let r = root(&a)?;
    let now = now(&a)?;
    let alive = a.opt_bool("pid_alive")?;
    let state = a.get("state").map(State::from_input).transpose()?;
    let (s, changed) = fsops::reconcile_active(r.as_str(), &id, now, state, alive)?;
    Ok(json!({ "state": s.to_json(), "changed": changed }))
}

fn atomic_write_file(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let dir = a.str("dir")?;
    if dir.is_empty() {
        return Err(Error::invalid_input("dir must be a non-empty path").with_field("dir"));
    }
    let final_name = a.str("final_name")?;
    let _ = a.opt_str("tmp_pattern")?; // accepted for Go parity, ignored (workspace.md §7)
    let data = match (a.opt_str("data")?, a.opt_str("data_base64")?) {
        (Some(d), None) => d.as_bytes().to_vec(),
        (None, Some(b)) => decode_base64(b)?,
        (Some(_), Some(_)) => {
            return Err(
                Error::invalid_input("give either data or data_base64, not both")
                    .with_field("data_base64"),
            )
        }
        (None, None) => {
            return Err(Error::invalid_input("data or data_base64 is required").with_field("data"))
        }
    };
    let perm = a.i64("perm")?;
    let perm = u32::try_from(perm)
        .ok()
        .filter(|p| *p <= 0o7777)
        .ok_or_else(|| {
            Error::invalid_input(format!("perm {perm} is not a file mode (0 to 0o7777)"))
                .with_field("perm")
        })?;
    fsops::atomic_write_file(dir, final_name, &data, perm)?;
    Ok(json!({}))
}

/// Standard base64 (RFC 4648, `=` padding required when the length is not a multiple of 4).
fn decode_base64(s: &str) -> Result<Vec<u8>> {
    let bad = || Error::invalid_input("data_base64 is not valid base64").with_field("data_base64");
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let b = s.as_bytes();
    if !b.len().is_multiple_of(4) {
        return Err(bad());
    }
    let mut out = Vec::with_capacity(b.len() / 4 * 3);
    for (i, chunk) in b.chunks(4).enumerate() {
        let last = i + 1 == b.len() / 4;
        let pad = chunk.iter().rev().take_while(|c| **c == b'=').count();
        if pad > 2 || (pad > 0 && !last) {
            return Err(bad());
        }
        let mut n = 0u32;
        for &c in chunk.get(..4 - pad).unwrap_or_default() {
            n = (n << 6) | val(c).ok_or_else(bad)?;
        }
        n <<= 6 * pad as u32;
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(bytes.get(..3 - pad).unwrap_or_default());
    }
    Ok(out)
}

/// The filesystem half of the ops (feature `fs`).
#[cfg(feature = "fs")]
mod fsops {
    use super::*;
    use crate::workspace::{ProcessProbe, WorkspaceFs};

    pub(super) fn resolve_feature_id(root: &str, prefix: &str) -> Result<String> {
        WorkspaceFs::new(root)?.resolve_feature_id(prefix)
    }
    pub(super) fn total_cost(root: &str, id: &FeatureId) -> Result<f64> {
        WorkspaceFs::new(root)?.total_cost(id)
    }
    pub(super) fn worktree_path(root: &str, id: &FeatureId) -> Result<String> {
        Ok(WorkspaceFs::new(root)?.worktree_path(id))
    }
    pub(super) fn check_events(root: &str, id: &FeatureId) -> Result<ws::events::EventsCheck> {
        WorkspaceFs::new(root)?.check_events(id)
    }
    pub(super) fn find(start: &str) -> Result<String> {
        ws::find(&crate::store::RealFs, start)
    }
    pub(super) fn init_feature_dir(root: &str, id: &FeatureId) -> Result<()> {
        WorkspaceFs::new(root)?.init_feature_dir(id).map(|_| ())
    }
    pub(super) fn read_state(root: &str, id: &FeatureId) -> Result<State> {
        WorkspaceFs::new(root)?.read_state(id)
    }
    pub(super) fn write_state(
        root: &str,
        id: &FeatureId,
        s: &State,
        now: Timestamp,
    ) -> Result<State> {
        WorkspaceFs::new(root)?.write_state(id, s, now)
    }
    pub(super) fn append_event(
        root: &str,
        id: &FeatureId,
        e: &Event,
        now: Timestamp,
    ) -> Result<Event> {
        WorkspaceFs::new(root)?.append_event(id, e, now)
    }
    pub(super) fn request_stop(root: &str, id: &FeatureId) -> Result<()> {
        WorkspaceFs::new(root)?.request_stop(id)
    }
    pub(super) fn stop_requested(root: &str, id: &FeatureId) -> Result<bool> {
        Ok(WorkspaceFs::new(root)?.stop_requested(id))
    }
    pub(super) fn clear_stop(root: &str, id: &FeatureId) -> Result<()> {
        WorkspaceFs::new(root)?.clear_stop(id)
    }
    pub(super) fn reconcile_active(
        root: &str,
        id: &FeatureId,
        now: Timestamp,
        state: Option<State>,
        alive: Option<bool>,
    ) -> Result<(State, bool)> {
        let w = WorkspaceFs::new(root)?;
        match alive {
            Some(b) => w.reconcile_active(id, now, state, &move |_: i64| b),
            None => w.reconcile_active(id, now, state, &ProcessProbe),
        }
    }
    pub(super) fn atomic_write_file(dir: &str, name: &str, data: &[u8], perm: u32) -> Result<()> {
        ws::atomic_write_file(
            &crate::store::RealFs,
            std::path::Path::new(dir),
            name,
            data,
            perm,
        )
    }
}

/// Without feature `fs` every filesystem op fails with `io_error`.
#[cfg(not(feature = "fs"))]
#[allow(clippy::unnecessary_wraps)]
mod fsops {
    use super::*;

    fn no_fs() -> Error {
        Error::new(
            ErrorKind::IoError,
            "fourx was built without the `fs` feature",
        )
    }
    pub(super) fn resolve_feature_id(_: &str, _: &str) -> Result<String> {
        Err(no_fs())
    }
    pub(super) fn total_cost(_: &str, _: &FeatureId) -> Result<f64> {
        Err(no_fs())
    }
    pub(super) fn worktree_path(_: &str, _: &FeatureId) -> Result<String> {
        Err(no_fs())
    }
    pub(super) fn check_events(_: &str, _: &FeatureId) -> Result<ws::events::EventsCheck> {
        Err(no_fs())
    }
    pub(super) fn find(_: &str) -> Result<String> {
        Err(no_fs())
    }
    pub(super) fn init_feature_dir(_: &str, _: &FeatureId) -> Result<()> {
        Err(no_fs())
    }
    pub(super) fn read_state(_: &str, _: &FeatureId) -> Result<State> {
        Err(no_fs())
    }
    pub(super) fn write_state(_: &str, _: &FeatureId, _: &State, _: Timestamp) -> Result<State> {
        Err(no_fs())
    }
    pub(super) fn append_event(_: &str, _: &FeatureId, _: &Event, _: Timestamp) -> Result<Event> {
        Err(no_fs())
    }
    pub(super) fn request_stop(_: &str, _: &FeatureId) -> Result<()> {
        Err(no_fs())
    }
    pub(super) fn stop_requested(_: &str, _: &FeatureId) -> Result<bool> {
        Err(no_fs())
    }
    pub(super) fn clear_stop(_: &str, _: &FeatureId) -> Result<()> {
        Err(no_fs())
    }
    pub(super) fn reconcile_active(
        _: &str,
        _: &FeatureId,
        _: Timestamp,
        _: Option<State>,
        _: Option<bool>,
    ) -> Result<(State, bool)> {
        Err(no_fs())
    }
    pub(super) fn atomic_write_file(_: &str, _: &str, _: &[u8], _: u32) -> Result<()> {
        Err(no_fs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_decodes_rfc4648_and_rejects_garbage() {
        assert_eq!(decode_base64("").unwrap(), b"");
        assert_eq!(decode_base64("Zg==").unwrap(), b"f");
        assert_eq!(decode_base64("Zm8=").unwrap(), b"fo");
        assert_eq!(decode_base64("Zm9vYmFy").unwrap(), b"foobar");
        for bad in ["Zg=", "Z===", "Zg==Zg==", "Zm9v!mFy", "===="] {
            assert!(decode_base64(bad).is_err(), "{bad}");
        }
    }
}
