//! `HeldWorkspace`: one workspace bound to its run-state store once and used for many calls —
//! what the C handle `fourx_workspace` (and any other binding's workspace object) wraps.
//!
//! Decides the config form (`{"root": "<workspace root>", "store"?: {...}}`, the `root` and
//! `store` keys of the `workspace` ops; see [`super::workspace_store`]) and which ops run on a
//! held workspace: the run loop's I/O — state, events and their scanners, the stop signal,
//! claims — and the copies between a store and `root` ([`HELD_OPS`]). The store is opened when
//! the handle is made, so a malformed config or an unreachable server is an error there, never at
//! the first write. The ops themselves are the catalog's: an input is the plain op's input minus
//! `root` and `store`, the output the same.

use serde_json::{Map, Value};

use super::handle::{Handle, HandleOp};
use super::{Args, OpInfo};
use crate::error::{Error, Result};
use crate::workspace::Root;

/// The config keys that bind the workspace; an op input may not carry them.
pub const BINDING_KEYS: &[&str] = &["root", "store"];

/// The ops a held workspace runs (full names only: they are the catalog's ops).
#[rustfmt::skip]
pub const HELD_OPS: &[HandleOp] = &[
    HandleOp { name: "workspace.read_state", alias: None, doc: "the feature's state: {feature_id} -> {state}" },
    HandleOp { name: "workspace.write_state", alias: None, doc: "WriteState: {feature_id, state, now, lease?} -> {state}" },
    HandleOp { name: "workspace.append_event", alias: None, doc: "AppendEvent: {feature_id, event, now, lease?} -> {event}" },
    HandleOp { name: "workspace.request_stop", alias: None, doc: "raises the stop signal: {feature_id} -> {}" },
    HandleOp { name: "workspace.stop_requested", alias: None, doc: "{feature_id} -> {requested}" },
    HandleOp { name: "workspace.clear_stop", alias: None, doc: "clears the stop signal: {feature_id} -> {}" },
    HandleOp { name: "workspace.total_cost", alias: None, doc: "{feature_id} -> {total_cost_usd}" },
    HandleOp { name: "workspace.check_events", alias: None, doc: "{feature_id} -> {lines, events, warnings}" },
    HandleOp { name: "workspace.worktree_path", alias: None, doc: "{feature_id} -> {worktree_path}" },
    HandleOp { name: "workspace.claim", alias: None, doc: "{feature_id, holder, ttl_ms, pid?, pid_alive?} -> {granted, lease, holder, expires_in_ms}" },
    HandleOp { name: "workspace.release", alias: None, doc: "{feature_id, lease} -> {}" },
    HandleOp { name: "workspace.export", alias: None, doc: "store -> root/.4x/run: {feature_ids?} -> {features}" },
    HandleOp { name: "workspace.import", alias: None, doc: "root/.4x/run -> store: {feature_ids?} -> {features}" },
];

/// A workspace bound to its run-state store. `Send + Sync`: calls from several threads are safe;
/// the store orders concurrent writers (the filesystem's locks, the database's transactions).
#[derive(Clone)]
pub struct HeldWorkspace {
    /// The validated `root` and `store`, merged into every op input.
    binding: Map<String, Value>,
}

/// Shows the root and the store's kind only: a store config may carry a password in its URL.
impl std::fmt::Debug for HeldWorkspace {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = self
            .binding
            .get("store")
            .and_then(|s| s.get("kind"))
            .and_then(Value::as_str);
        f.debug_struct("HeldWorkspace")
            .field("root", &self.binding.get("root"))
            .field("store_kind", &kind)
            .finish()
    }
}

impl HeldWorkspace {
    /// Binds the workspace of `config`: `{"root": "...", "store"?: {"kind": "fs"} | {"kind":
    /// <registered>, ...}}`. Without `store` the run state is the `.4x` files of `root`. The
    /// store is opened now (`invalid_config` / `io_error` for a bad or unreachable one); an
    /// unknown config key is `invalid_input`.
    ///
    /// ```
    /// use fourx_core::ops::workspace_handle::HeldWorkspace;
    /// use fourx_core::ops::Handle;
    ///
    /// let dir = std::env::temp_dir().join(format!("fourx-held-ws-doc-{}", std::process::id()));
    /// let cfg = serde_json::json!({"root": dir.to_str().unwrap(), "store": {"kind": "fs"}});
    /// let ws = HeldWorkspace::new(cfg.as_object().unwrap())?;
    /// let id = serde_json::json!({"feature_id": "F1"});
    /// ws.call("workspace.request_stop", id.as_object().unwrap())?;
    /// let out = ws.call("workspace.stop_requested", id.as_object().unwrap())?;
    /// assert_eq!(out["requested"], true);
    /// # std::fs::remove_dir_all(&dir).ok();
    /// # Ok::<(), fourx_core::Error>(())
    /// ```
    pub fn new(config: &Map<String, Value>) -> Result<HeldWorkspace> {
        if let Some(k) = config.keys().find(|k| !BINDING_KEYS.contains(&k.as_str())) {
            return Err(Error::invalid_input(format!(
                "unknown workspace config key {k:?}; the keys are root and store"
            )));
        }
        let a = Args::new(config);
        let root = Root::new(a.str("root")?)?;
        // Opens (and for a database, connects and migrates) the store now.
        super::workspace_store::run_store(&a, root.as_str())?;
        let mut binding = Map::new();
        binding.insert("root".into(), Value::String(root.as_str().to_string()));
        if let Some(store) = a.opt_obj("store")? {
            binding.insert("store".into(), Value::Object(store.clone()));
        }
        Ok(HeldWorkspace { binding })
    }

    /// Whether the run state lives in a store other than the `.4x` files of `root`.
    pub fn has_store(&self) -> bool {
        self.binding.contains_key("store")
    }
}

impl Handle for HeldWorkspace {
    const KIND: &'static str = "workspace";
    const OPS: &'static [HandleOp] = HELD_OPS;

    fn run(&self, op: &'static str, input: &Map<String, Value>) -> Result<Value> {
        if let Some(k) = BINDING_KEYS.iter().find(|k| input.contains_key(**k)) {
            return Err(Error::invalid_input(format!(
                "`{k}` is fixed by the workspace's config; leave it out of the op input"
            ))
            .with_field(*k));
        }
        let info: &OpInfo = super::find(op)
            .ok_or_else(|| Error::invalid_input(format!("{op} is not in the op catalog")))?;
        let mut merged = input.clone();
        merged.extend(self.binding.clone());
        (info.run)(&merged)
    }
}
