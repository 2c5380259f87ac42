//! The run-state store of the `workspace` ops: the optional `store` input that sends a run
//! loop's I/O (state, events, stop signal, claims) through a [`RunStore`], and the ops only a
//! store has — `workspace.claim`, `workspace.release`, `workspace.export`, `workspace.import`.
//!
//! Decides the config form and the claim rule per store: without `store`, the ops are the `.4x`
//! files of `root` exactly as before (the Go-compatible `WorkspaceFs` path); `{"kind": "fs"}` is
//! the same files through the filesystem [`RunStore`] (`FsRunStore`, byte-compatible);
//! any registered kind (`{"kind": "postgres", "url", "schema"?, "workspace"?}`,
//! [`super::store_backends`]) is that backend's run store. A claim on the filesystem is the pid
//! liveness rule ([`owner_by_pid`]: no lease, no fencing); on a backend it is the backend's
//! lease with a fencing token, which `write_state` / `append_event` present as `lease` so a
//! superseded owner's write is `lease_lost`.

use std::sync::Arc;

use serde_json::{json, Map, Value};

use super::{Args, OpInfo};
use crate::error::{Error, ErrorKind, Result};
use crate::workspace::run_state::{owner_by_pid, Owner};
use crate::workspace::run_store::{Claim, FenceToken, Lease, RunStore};
use crate::workspace::FeatureId;

use ErrorKind::{
    InvalidConfig, InvalidFeatureId, InvalidInput, InvalidJson, InvalidValue, IoError, LeaseLost,
};

/// The ops of this table.
#[rustfmt::skip]
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("workspace.claim", "Claims a feature for a run loop: a lease with a fencing token on a store that has leases, the pid liveness rule on the filesystem.", &["root: path", "feature_id: str", "holder: str", "ttl_ms: int", "pid?: int = ~0: no pid of the caller's own (a recorded live pid other than it holds the feature on the filesystem)", "pid_alive?: bool = ~the process table is probed (the filesystem's pid liveness rule)", "store?: {any} = ~the .4x under root: the filesystem, byte-compatible with Go 4x"], &["-> Claim"], &[InvalidInput, InvalidFeatureId, InvalidValue, InvalidConfig, InvalidJson, IoError], claim),
    OpInfo::new("workspace.release", "Gives a claimed feature's lease up before it expires (a superseded lease is lease_lost); on the files, where a claim has no lease, nothing to give up.", &["root: path", "feature_id: str", "lease?: Lease = ~none: on the .4x files a claim holds no lease and there is nothing to give up; a store with leases requires it", "store?: {any} = ~the .4x under root: the filesystem, byte-compatible with Go 4x"], &[], &[InvalidInput, InvalidFeatureId, InvalidConfig, LeaseLost, IoError], release),
    OpInfo::new("workspace.export", "Writes a run store's state and events as the exact .4x/run bytes under root (every feature, or the given ones; a feature already there is refused).", &["root: path", "store: {any}", "feature_ids?: [str] = ~every feature the source holds"], &["features: [Copied]"], &[InvalidInput, InvalidFeatureId, InvalidConfig, IoError], export),
    OpInfo::new("workspace.import", "Loads the .4x/run state and events under root into a run store (every feature, or the given ones; a feature the store holds is refused).", &["root: path", "store: {any}", "feature_ids?: [str] = ~every feature the source holds"], &["features: [Copied]"], &[InvalidInput, InvalidFeatureId, InvalidConfig, IoError], import),
];

/// The run store the `store` input selects, `None` when there is no `store` (the plain `.4x`
/// path). `{"kind": "fs"}` (no other key) is the filesystem run store of `root`; a registered
/// kind is its backend's; `memory` or no `kind` is `invalid_input` (run state in memory would
/// be lost with the call).
pub(crate) fn run_store(a: &Args<'_>, root: &str) -> Result<Option<Selected>> {
    let Some(cfg) = a.opt_obj("store")? else {
        return Ok(None);
    };
    if let Some(backend) = super::store_backends::external(cfg)? {
        return Ok(Some(Selected {
            store: backend.run_store(cfg)?,
            leases: true,
        }));
    }
    match cfg.get("kind").and_then(Value::as_str) {
        Some("fs") => {
            if let Some(k) = cfg.keys().find(|k| k.as_str() != "kind") {
                return Err(Error::invalid_input(format!(
                    "unknown fs run store key {k:?}; the fs run store is the .4x of `root` and takes only `kind`"
                ))
                .with_field("store"));
            }
            Ok(Some(Selected {
                store: fs_run_store(root)?,
                leases: false,
            }))
        }
        _ => Err(Error::invalid_input(
            "a run store is {\"kind\": \"fs\"} or a registered backend kind such as \"postgres\"; \
             run state in memory would not outlive the call",
        )
        .with_field("store")),
    }
}

/// A selected run store and whether it has leases (`false`: the filesystem, whose claim is pid
/// liveness).
pub(crate) struct Selected {
    pub(crate) store: Arc<dyn RunStore>,
    pub(crate) leases: bool,
}

impl Selected {
    /// The `lease` input as a fence: refused on a store without leases (`invalid_input`).
    pub(crate) fn fence(&self, a: &Args<'_>) -> Result<Option<Lease>> {
        let Some(v) = a.get("lease") else {
            return Ok(None);
        };
        if !self.leases {
            return Err(Error::invalid_input(
                "the fs run store has no leases (its claim is pid liveness); leave `lease` out",
            )
            .with_field("lease"));
        }
        lease_from(v).map(Some)
    }
}

#[cfg(feature = "fs")]
fn fs_run_store(root: &str) -> Result<Arc<dyn RunStore>> {
    use crate::workspace::fs::FsRunStore;
    use crate::workspace::WorkspaceFs;
    // Leases are never used through these ops on the filesystem (see `Selected::fence`), so the
    // lease clock is a constant, not a read of the system clock.
    Ok(Arc::new(FsRunStore::new(
        WorkspaceFs::new(root)?,
        Arc::new(|| 0),
    )))
}

#[cfg(not(feature = "fs"))]
fn fs_run_store(_: &str) -> Result<Arc<dyn RunStore>> {
    Err(Error::new(
        IoError,
        "fourx was built without the `fs` feature",
    ))
}

/// A lease as the ops write it: `{"feature", "holder", "token", "ttl_ms"}`.
pub(crate) fn lease_json(l: &Lease) -> Value {
    json!({"feature": l.feature.as_str(), "holder": l.holder, "token": l.token.0, "ttl_ms": l.ttl_ms})
}

/// A lease read back from [`lease_json`]'s form; anything else is `invalid_input`.
pub(crate) fn lease_from(v: &Value) -> Result<Lease> {
    let bad = || {
        Error::invalid_input(
            "`lease` must be the object workspace.claim returned: {feature, holder, token, ttl_ms}",
        )
        .with_field("lease")
    };
    let o = v.as_object().ok_or_else(bad)?;
    let feature = o.get("feature").and_then(Value::as_str).ok_or_else(bad)?;
    let holder = o.get("holder").and_then(Value::as_str).ok_or_else(bad)?;
    let token = o.get("token").and_then(Value::as_u64).ok_or_else(bad)?;
    let ttl_ms = o.get("ttl_ms").and_then(Value::as_u64).ok_or_else(bad)?;
    Ok(Lease {
        feature: FeatureId::new(feature)?,
        holder: holder.to_string(),
        token: FenceToken(token),
        ttl_ms,
    })
}

fn feature_id(a: &Args<'_>) -> Result<FeatureId> {
    FeatureId::new(a.str("feature_id")?)
}

fn root(a: &Args<'_>) -> Result<String> {
    Ok(crate::workspace::Root::new(a.str("root")?)?
        .as_str()
        .to_string())
}

/// The selected store, required (`export`, `import`).
fn required(a: &Args<'_>, root: &str) -> Result<Selected> {
    run_store(a, root)?.ok_or_else(|| a.missing_err("store"))
}

fn claim(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let id = feature_id(&a)?;
    let r = root(&a)?;
    let holder = a.str("holder")?;
    let ttl_v = a.req("ttl_ms")?;
    let ttl_ms = ttl_v
        .as_u64()
        .ok_or_else(|| a.invalid_err("ttl_ms", "a positive integer", ttl_v))?;
    let pid = a.opt_i64("pid")?.unwrap_or(0);
    let alive = a.opt_bool("pid_alive")?;
    match run_store(&a, &r)? {
        Some(sel) if sel.leases => Ok(match sel.store.claim(&id, holder, ttl_ms)? {
            Claim::Granted(l) => json!({
                "granted": true, "lease": lease_json(&l), "holder": l.holder, "expires_in_ms": l.ttl_ms,
            }),
            Claim::Held {
                holder,
                expires_in_ms,
            } => json!({
                "granted": false, "lease": null, "holder": holder, "expires_in_ms": expires_in_ms,
            }),
        }),
        _ => {
            // The filesystem: the pid liveness rule over the recorded state.
            crate::workspace::run_store::check_holder(holder)?;
            crate::workspace::run_store::check_ttl(ttl_ms)?;
            let state = fs_state(&r, &id)?;
            let owner = owner_by_pid(state.as_ref(), pid, |p| match alive {
                Some(b) => b,
                None => process_alive(p),
            });
            Ok(match owner {
                Owner::Free => json!({
                    "granted": true, "lease": null, "holder": holder, "expires_in_ms": 0,
                }),
                Owner::Other { pid } => json!({
                    "granted": false, "lease": null, "holder": format!("pid {pid}"), "expires_in_ms": 0,
                }),
            })
        }
    }
}

#[cfg(feature = "fs")]
fn fs_state(root: &str, id: &FeatureId) -> Result<Option<crate::protocol::state::State>> {
    match crate::workspace::WorkspaceFs::new(root)?.read_state(id) {
        Ok(s) => Ok(Some(s)),
        Err(e) if e.kind == ErrorKind::NotFound => Ok(None),
        Err(e) => Err(e),
    }
}

#[cfg(not(feature = "fs"))]
fn fs_state(_: &str, _: &FeatureId) -> Result<Option<crate::protocol::state::State>> {
    Err(Error::new(
        IoError,
        "fourx was built without the `fs` feature",
    ))
}

#[cfg(feature = "fs")]
fn process_alive(pid: i64) -> bool {
    use crate::workspace::{Liveness, ProcessProbe};
    ProcessProbe.is_alive(pid)
}

#[cfg(not(feature = "fs"))]
fn process_alive(_: i64) -> bool {
    false
}

fn release(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let id = feature_id(&a)?;
    let r = root(&a)?;
    let sel =
        match run_store(&a, &r)? {
            Some(sel) => sel,
            // The files: a claim there is the pid rule and holds nothing; a lease is refused.
            None if a.get("lease").is_some() => return Err(Error::invalid_input(
                "the .4x files have no leases (a claim there is pid liveness); leave `lease` out",
            )
            .with_field("lease")),
            None => return Ok(json!({})),
        };
    let Some(lease) = sel.fence(&a)? else {
        if sel.leases {
            return Err(a.missing_err("lease"));
        }
        return Ok(json!({}));
    };
    if lease.feature != id {
        return Err(Error::invalid_input(format!(
            "the lease presented is for {}, not {id}",
            lease.feature
        ))
        .with_field("lease"));
    }
    sel.store.release(&lease)?;
    Ok(json!({}))
}

fn export(m: &Map<String, Value>) -> Result<Value> {
    copy(m, true)
}

fn import(m: &Map<String, Value>) -> Result<Value> {
    copy(m, false)
}

/// Copies run state between the selected store and the `.4x/run` of `root`, with the exact
/// bytes, each feature in one atomic step, every id checked before any is written
/// ([`crate::workspace::run_store::copy_features`]).
fn copy(m: &Map<String, Value>, export: bool) -> Result<Value> {
    let a = Args::new(m);
    let r = root(&a)?;
    // `{"kind": "fs"}` is the .4x of `root` itself: a copy onto itself has nothing to move, and a
    // feature present on both sides is refused like any other (a copy never merges).
    let sel = required(&a, &r)?;
    let fs = fs_run_store(&r)?;
    let (from, to) = if export {
        (sel.store.as_ref(), fs.as_ref())
    } else {
        (fs.as_ref(), sel.store.as_ref())
    };
    let ids = match a.opt_array("feature_ids")? {
        Some(list) => list
            .iter()
            .map(|v| {
                v.as_str()
                    .ok_or_else(|| {
                        Error::invalid_input("feature_ids must be a list of feature ids")
                            .with_field("feature_ids")
                    })
                    .and_then(FeatureId::new)
            })
            .collect::<Result<Vec<_>>>()?,
        None => from.features()?,
    };
    let copied = crate::workspace::run_store::copy_features(from, to, &ids)?;
    let out: Vec<Value> = ids
        .iter()
        .zip(copied)
        .map(|(id, c)| json!({"feature_id": id.as_str(), "state": c.state, "events": c.events, "stop": c.stop}))
        .collect();
    Ok(json!({ "features": out }))
}
