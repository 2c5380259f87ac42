//! The cached reader as a handle for the bindings (features.md): [`HeldCachedWorkspace`]
//! binds one [`CachedWorkspace`] (and the per-user `home`) and answers the read ops a
//! long-running host repeats, every one of them through the cache — the C handle
//! `fourx_cached_workspace` and Python's `fourx.CachedWorkspace` forward to it.
//!
//! The JSON shapes are those of the plain ops of the same names; only the binding is new. The ops
//! are named by their full catalog names (they have no short names).

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use super::handle::{Handle, HandleOp};
use super::Args;
use crate::error::{Error, ErrorKind, Result};
use crate::features::fs::cached::CachedWorkspace;
use crate::features::fs::features_fs::{
    cleanable_features, compare_backlog_mirror, load_merged_config, WorkspaceReader,
};
use crate::features::fs::miner_fs::{scan_escalations_fs, scan_fail_patterns_fs, scan_stuck_fs};
use crate::protocol::codec::gostruct::input_or_zero;
use crate::protocol::config::encode;
use crate::report::miner::{MinerResult, DEFAULT_MIN_OCCURRENCES};
use crate::workspace::WorkspaceFs;
use crate::workspace::{Liveness, ProcessProbe};

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

/// The ops of [`CACHED_OPS`] as handle ops (full names only).
pub const OPS: &[HandleOp] = &[
    HandleOp {
        name: "workspace.list_features",
        alias: None,
        doc: "workspace.list_features through the cache",
    },
    HandleOp {
        name: "workspace.load_feature",
        alias: None,
        doc: "workspace.load_feature through the cache",
    },
    HandleOp {
        name: "workspace.read_state",
        alias: None,
        doc: "workspace.read_state through the cache",
    },
    HandleOp {
        name: "config.read",
        alias: None,
        doc: "config.read through the cache",
    },
    HandleOp {
        name: "config.load_merged",
        alias: None,
        doc: "config.load_merged through the cache (`home` defaults to the handle's)",
    },
    HandleOp {
        name: "workspace.compare_backlog_mirror",
        alias: None,
        doc: "workspace.compare_backlog_mirror through the cache",
    },
    HandleOp {
        name: "workspace.cleanable_features",
        alias: None,
        doc: "workspace.cleanable_features through the cache",
    },
    HandleOp {
        name: "miner.scan_escalations",
        alias: None,
        doc: "miner.scan_escalations through the cache",
    },
    HandleOp {
        name: "miner.scan_stuck",
        alias: None,
        doc: "miner.scan_stuck through the cache",
    },
    HandleOp {
        name: "miner.scan_fail_patterns",
        alias: None,
        doc: "miner.scan_fail_patterns through the cache",
    },
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
}

impl Handle for HeldCachedWorkspace {
    const KIND: &'static str = "cached workspace";
    const OPS: &'static [HandleOp] = OPS;

    /// Runs one read op through the cache. Ops outside [`CACHED_OPS`] are `unknown_op`.
    fn run(&self, op: &'static str, input: &Map<String, Value>) -> Result<Value> {
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
            "config.read" => {
                let (cfg, warnings) = c.read_config_warned()?;
                Ok(json!({ "config": encode(&cfg)?, "warnings": encode(&warnings)? }))
            }
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
                let now = crate::protocol::state::parse_now(a.str("now")?)?;
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
    fn the_handle_ops_are_the_cached_ops() {
        let names: Vec<&str> = OPS.iter().map(|o| o.name).collect();
        assert_eq!(names, CACHED_OPS);
        for op in OPS {
            assert!(crate::ops::find(op.name).is_some(), "{}", op.name);
        }
    }

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
