//! The cached reader as a handle for the bindings (features.md §13): [`HeldCachedWorkspace`]
//! binds one [`CachedWorkspace`] (and the per-user `home`) and answers the read ops a
//! long-running host repeats, every one of them through the cache — the C handle
//! `fourx_cached_workspace` and Python's `fourx.CachedWorkspace` forward to it.
//!
//! The JSON shapes are those of the plain ops of the same names; only the binding is new.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::cached::CachedWorkspace;
use super::features_fs::{
    cleanable_features, compare_backlog_mirror, load_merged_config, WorkspaceReader,
};
use super::liveness::{Liveness, ProcessProbe};
use super::miner_fs::{scan_escalations_fs, scan_fail_patterns_fs, scan_stuck_fs};
use super::WorkspaceFs;
use crate::error::{Error, ErrorKind, Result};
use crate::ops::Args;
use crate::protocol::codec::gostruct::input_or_zero;
use crate::protocol::codec::time::{ParseOptions, Timestamp};
use crate::protocol::config::encode;
use crate::report::miner::{MinerResult, DEFAULT_MIN_OCCURRENCES};

/// The read ops a [`HeldCachedWorkspace`] answers.
pub const CACHED_OPS: [&str; 10] = [
    "workspace.list_features",
    "workspace.load_feature",
    "workspace.read_state",
    "config.read",
    "config.load_merged",
    "workspace.compare_backlog_mirror",
    "workspace.cleanable_features",
    "miner.scan_escalations",
    "miner.scan_stuck",
    "miner.scan_fail_patterns",
];

/// A cached workspace bound to one root (and optionally a home directory).
#[derive(Debug)]
pub struct HeldCachedWorkspace {
    cache: CachedWorkspace,
    home: Option<String>,
}

impl HeldCachedWorkspace {
    /// Binds `{root, home?}`.
    pub fn from_config(cfg: &Map<String, Value>) -> Result<Self> {
        let a = Args::new(cfg);
        Ok(HeldCachedWorkspace {
            cache: CachedWorkspace::new(WorkspaceFs::new(a.str("root")?)?),
            home: a.opt_str("home")?.map(str::to_string),
        })
    }

    /// The cache itself, for Rust callers.
    pub fn cache(&self) -> &CachedWorkspace {
        &self.cache
    }

    /// Runs one read op through the cache. Ops outside [`CACHED_OPS`] are `unknown_op`.
    pub fn call(&self, op: &str, input: &Map<String, Value>) -> Result<Value> {
        let a = Args::new(input);
        let c = &self.cache;
        match op {
            "workspace.list_features" => {
                let l = c.list_features()?;
                Ok(json!({ "features": encode(&l.features)?, "warnings": encode(&l.warnings)? }))
            }
            "workspace.load_feature" => {
                Ok(json!({ "feature": encode(&c.load_feature(a.str("feature_id")?)?)? }))
            }
            "workspace.read_state" => {
                Ok(json!({ "state": c.read_state(a.str("feature_id")?)?.to_json() }))
            }
            "config.read" => Ok(json!({ "config": encode(&c.read_config()?)? })),
            "config.load_merged" => {
                let home = a.opt_str("home")?.or(self.home.as_deref());
                let (cfg, warnings) = load_merged_config(c, home)?;
                Ok(json!({ "config": encode(&cfg)?, "warnings": encode(&warnings)? }))
            }
            "workspace.compare_backlog_mirror" => {
                let (drift, warnings) = compare_backlog_mirror(c)?;
                Ok(json!({ "drift": encode(&drift)?, "warnings": encode(&warnings)? }))
            }
            "workspace.cleanable_features" => {
                let now = Timestamp::parse(a.str("now")?, ParseOptions::default())
                    .map_err(|e| Error::invalid_input(format!("now: {e}")).with_field("now"))?;
                let per: Option<BTreeMap<String, bool>> = input_or_zero(input, "pid_alive")?;
                let alive = |id: &str, pid: i64| match per.as_ref().and_then(|m| m.get(id)) {
                    Some(b) => *b,
                    None => ProcessProbe.is_alive(pid),
                };
                Ok(json!({ "candidates": encode(&cleanable_features(c, now, &alive)?)? }))
            }
            "miner.scan_escalations" => miner(
                &scan_escalations_fs(c, input_or_zero(input, "feature_ids")?)?,
                false,
            ),
            "miner.scan_stuck" => miner(
                &scan_stuck_fs(c, input_or_zero(input, "feature_ids")?)?,
                false,
            ),
            "miner.scan_fail_patterns" => {
                let min = match a.opt_i64("min_occurrences")? {
                    None => DEFAULT_MIN_OCCURRENCES,
                    Some(n) => usize::try_from(n).unwrap_or(0),
                };
                let cjk = a.opt_bool("cjk")?.unwrap_or(false);
                let ids = input_or_zero(input, "feature_ids")?;
                miner(&scan_fail_patterns_fs(c, ids, min, cjk)?, true)
            }
            other => Err(Error::new(
                ErrorKind::UnknownOp,
                format!(
                    "op {other:?} is not a cached-workspace op; use one of {}",
                    CACHED_OPS.join(", ")
                ),
            )),
        }
    }
}

fn miner(r: &MinerResult, with_learnings: bool) -> Result<Value> {
    let mut out = json!({ "candidates": encode(&r.candidates)? });
    if with_learnings {
        out["learnings"] = encode(&r.learnings)?;
    }
    out["warnings"] = encode(&r.warnings)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_ops_are_refused_by_name() {
        let cfg = json!({"root": "/nonexistent-fourx-root"});
        let h = HeldCachedWorkspace::from_config(cfg.as_object().unwrap()).unwrap();
        let e = h.call("workspace.save_feature", &Map::new()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::UnknownOp);
        let l = h.call("workspace.list_features", &Map::new()).unwrap();
        assert_eq!(l, json!({"features": [], "warnings": []}));
    }
}
