//! The JSON face of a held [`SnapshotCell`] — what the C handle `fourx_snapshot_cell` (and any
//! other binding's cell object) wraps: its config, the ops `blueprint.cell.publish` /
//! `blueprint.cell.load` / `blueprint.cell.request` (short names `publish` / `load` / `request`),
//! and the rescan job (the typed repository scan over the configured root, what `blueprint.scan`
//! runs).
//!
//! Decides the JSON shapes and which input each op needs. The executor that runs rescans (a
//! thread the binding owns) and the clock that measures a scan's duration are the caller's.

use std::sync::Arc;

use serde_json::{json, Map, Value};

use super::Args;
use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::pathclean;

use super::handle::{Handle, HandleOp};
use crate::blueprint::cell::{Executor, ScanSource, SnapshotCell};
use crate::blueprint::scan::DEFAULT_MAX_FILE_BYTES;
use crate::blueprint::snapshot::Snapshot;
use crate::blueprint::stamp::UtcSecond;

/// The ops a held cell runs: full name, short alias, one-line doc.
pub const OPS: &[HandleOp] = &[
    HandleOp { name: "blueprint.cell.publish", alias: Some("publish"), doc: "{snapshot} -> {published}: publishes unless a rescan holds the writer token (`snapshot.repo_token` is kept)" },
    HandleOp { name: "blueprint.cell.load", alias: Some("load"), doc: "{} -> {snapshot, repo_token, scanning, last_error, cost}: the published snapshot, lock-free" },
    HandleOp { name: "blueprint.cell.request", alias: Some("request"), doc: "{repo_token, now} -> as load, at once; starts one background rescan when the token differs and the cost policy allows" },
];

/// What a rescan scans: the cleaned absolute `root` and the per-file size limit (the keys of
/// `blueprint.scan`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScanTarget {
    /// The repository root, absolute and cleaned.
    pub root: String,
    /// Files larger than this are listed as oversize, not read.
    pub max_file_bytes: u64,
}

/// A cell's config: `{"root": "/abs/repo", "max_file_bytes"?, "snapshot"?}`.
#[derive(Debug)]
pub struct CellConfig {
    /// The snapshot published first (`snapshot`, default empty).
    pub initial: Snapshot,
    /// What every rescan scans.
    pub scan: ScanTarget,
}

impl CellConfig {
    /// Reads the config: `root` must be an absolute path (`invalid_path`; cleaned),
    /// `max_file_bytes` a positive integer, `snapshot` a snapshot (`invalid_snapshot`); any
    /// other key is `invalid_input`.
    pub fn from_json(config: &Map<String, Value>) -> Result<CellConfig> {
        const KEYS: &[&str] = &["root", "max_file_bytes", "snapshot"];
        if let Some(k) = config.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(Error::invalid_input(format!(
                "unknown snapshot cell config key {k:?}; the keys are root, max_file_bytes and snapshot"
            ))
            .with_field(k.as_str()));
        }
        let a = Args::new(config);
        let root = a.str("root")?;
        if !root.starts_with('/') {
            return Err(Error::new(
                ErrorKind::InvalidPath,
                format!("`root` {root:?} must be an absolute path"),
            )
            .with_field("root"));
        }
        let mut scan = ScanTarget {
            root: pathclean::clean(root),
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
        };
        if let Some(max) = a.opt_i64("max_file_bytes")? {
            scan.max_file_bytes = u64::try_from(max).ok().filter(|m| *m > 0).ok_or_else(|| {
                Error::invalid_input("`max_file_bytes` must be positive")
                    .with_field("max_file_bytes")
            })?;
        }
        let initial = match a.get("snapshot") {
            None | Some(Value::Null) => Snapshot::default(),
            Some(v) => Snapshot::from_json(v).map_err(|e| e.with_field("snapshot"))?,
        };
        Ok(CellConfig { initial, scan })
    }
}

/// Runs one rescan of `target` with the typed repository scan (what `blueprint.scan` runs). The
/// error is kept as text (the cell stores it as `last_error`).
#[cfg(feature = "fs")]
pub fn rescan(target: &ScanTarget) -> std::result::Result<Snapshot, String> {
    crate::blueprint::fs::scan_root(&target.root, target.max_file_bytes)
        .map(|o| o.snapshot)
        .map_err(|e| format!("{}: {}", e.kind(), e.message()))
}

/// The `load` shape of the cell's current state around `snap`.
fn state_json(cell: &SnapshotCell, snap: &Snapshot) -> Value {
    json!({
        "snapshot": snap.to_json(),
        "repo_token": snap.repo_token(),
        "scanning": cell.is_scanning(),
        "last_error": cell.last_error().map(|e| e.as_str().to_string()),
        "cost": cell.cost().map(|c| json!({"mode": c.mode.as_str(), "expires_at": c.expires_at.to_string()})),
    })
}

/// A snapshot cell held by a binding: the cell, the source its rescans read and the executor that
/// runs them (dropped last, so a binding's rescan thread is joined after the cell's own
/// references are gone).
pub struct CellHandle<E: Executor> {
    cell: Arc<SnapshotCell>,
    source: Arc<dyn ScanSource>,
    executor: E,
}

impl<E: Executor> CellHandle<E> {
    /// Holds `cell`, rescanned from `source` on `executor` (which must not run jobs on the
    /// calling thread).
    pub fn new(cell: Arc<SnapshotCell>, source: Arc<dyn ScanSource>, executor: E) -> Self {
        CellHandle {
            cell,
            source,
            executor,
        }
    }

    /// The cell itself.
    pub fn cell(&self) -> &Arc<SnapshotCell> {
        &self.cell
    }
}

impl<E: Executor> Handle for CellHandle<E> {
    const KIND: &'static str = "snapshot cell";
    const OPS: &'static [HandleOp] = OPS;

    fn run(&self, op: &'static str, input: &Map<String, Value>) -> Result<Value> {
        call(&self.cell, op, input, &self.executor, &self.source)
    }
}

/// Runs `op` (a full name or alias of [`OPS`]) against `cell`; `request` hands rescans to
/// `executor`, which must not run them on the calling thread. Unknown op → `unknown_op`.
pub fn call(
    cell: &Arc<SnapshotCell>,
    op: &str,
    input: &Map<String, Value>,
    executor: &dyn Executor,
    source: &Arc<dyn ScanSource>,
) -> Result<Value> {
    let op = super::handle::resolve("snapshot cell", OPS, op)?;
    let a = Args::new(input);
    match op.name {
        "blueprint.cell.publish" => {
            let snap =
                Snapshot::from_json(a.req("snapshot")?).map_err(|e| e.with_field("snapshot"))?;
            Ok(json!({"published": cell.publish(snap)}))
        }
        "blueprint.cell.request" => {
            let token = a.str("repo_token")?;
            let now = UtcSecond::parse_field(a.str("now")?, "now")?;
            let snap = cell.request(token, now, executor, Arc::clone(source));
            Ok(state_json(cell, &snap))
        }
        _ => Ok(state_json(cell, &cell.load())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blueprint::cell::ScanOutcome;
    use std::sync::Mutex;

    fn obj(v: Value) -> Map<String, Value> {
        match v {
            Value::Object(m) => m,
            _ => Map::new(),
        }
    }

    #[derive(Default)]
    struct Parked(Mutex<Vec<Box<dyn FnOnce() + Send>>>);

    impl Executor for Parked {
        fn execute(&self, job: Box<dyn FnOnce() + Send + 'static>) {
            if let Ok(mut jobs) = self.0.lock() {
                jobs.push(job);
            }
        }
    }

    struct Fixed;

    impl ScanSource for Fixed {
        fn scan(&self) -> ScanOutcome {
            ScanOutcome {
                result: Snapshot::from_json(&json!({"modules": ["b"]})).map_err(|e| e.to_string()),
                sample_ms: 5.0,
            }
        }
    }

    fn cell() -> Arc<SnapshotCell> {
        let cfg = CellConfig::from_json(&obj(
            json!({"root": "/r/./x", "snapshot": {"modules": ["a"]}}),
        ))
        .unwrap();
        assert_eq!(cfg.scan.root, "/r/x");
        SnapshotCell::new(cfg.initial)
    }

    #[test]
    fn request_returns_the_published_snapshot_and_parks_one_rescan() {
        let c = cell();
        let ex = Parked::default();
        let src: Arc<dyn ScanSource> = Arc::new(Fixed);
        let input = obj(json!({"repo_token": "t1", "now": "2026-03-01T12:00:00Z"}));
        let out = call(&c, "request", &input, &ex, &src).unwrap();
        assert_eq!(out["snapshot"]["modules"][0]["path"], "a");
        assert_eq!(out["scanning"], true);
        let jobs: Vec<_> = ex.0.lock().unwrap().drain(..).collect();
        assert_eq!(jobs.len(), 1);
        for j in jobs {
            j();
        }
        let out = call(&c, "load", &Map::new(), &ex, &src).unwrap();
        assert_eq!(out["snapshot"]["modules"][0]["path"], "b");
        assert_eq!(out["repo_token"], "t1");
        assert_eq!(out["cost"]["mode"], "cheap");
    }

    #[test]
    fn publish_keeps_the_snapshot_token_and_ops_check_their_input() {
        let c = cell();
        let ex = Parked::default();
        let src: Arc<dyn ScanSource> = Arc::new(Fixed);
        let snap = obj(json!({"snapshot": {"modules": ["z"], "repo_token": "tz"}}));
        assert_eq!(
            call(&c, "publish", &snap, &ex, &src).unwrap()["published"],
            true
        );
        assert_eq!(
            call(&c, "load", &Map::new(), &ex, &src).unwrap()["repo_token"],
            "tz"
        );
        let bad_time = obj(json!({"repo_token": "t", "now": "yesterday"}));
        assert_eq!(
            call(&c, "request", &bad_time, &ex, &src)
                .unwrap_err()
                .kind(),
            ErrorKind::InvalidTime
        );
        assert_eq!(
            call(&c, "scan", &Map::new(), &ex, &src).unwrap_err().kind(),
            ErrorKind::UnknownOp
        );
    }

    #[test]
    fn the_config_needs_an_absolute_root() {
        let err = CellConfig::from_json(&obj(json!({"root": "rel"}))).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidPath);
        let err = CellConfig::from_json(&Map::new()).unwrap_err();
        assert_eq!(err.field(), Some("root"));
        let err =
            CellConfig::from_json(&obj(json!({"root": "/r", "max_file_bytes": 0}))).unwrap_err();
        assert_eq!(err.field(), Some("max_file_bytes"));
    }

    #[test]
    fn the_cell_takes_full_op_names_and_the_short_names_as_aliases() {
        let c = cell();
        let ex = Parked::default();
        let src: Arc<dyn ScanSource> = Arc::new(Fixed);
        let by_alias = call(&c, "load", &Map::new(), &ex, &src).unwrap();
        let by_name = call(&c, "blueprint.cell.load", &Map::new(), &ex, &src).unwrap();
        assert_eq!(by_alias, by_name);
        let held = CellHandle::new(Arc::clone(&c), src, ex);
        assert_eq!(
            held.call("blueprint.cell.load", &Map::new()).unwrap(),
            by_name
        );
    }

    #[cfg(feature = "fs")]
    #[test]
    fn a_rescan_without_a_usable_root_is_an_error_text() {
        let target = ScanTarget {
            root: "/nonexistent/fourx-cell-test".into(),
            max_file_bytes: DEFAULT_MAX_FILE_BYTES,
        };
        assert!(!rescan(&target).unwrap_err().is_empty());
    }
}
