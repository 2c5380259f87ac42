//! The `blueprint.scan` op: the JSON face of the repository walk
//! ([`crate::blueprint::fs::scan_root`]).
//!
//! Decides the op's keys (`root`, `max_file_bytes?`) and their errors; the walk, the listing rules
//! and the scan itself are the blueprint's.

use serde_json::{Map, Value};

use super::{Args, OpInfo};
use crate::blueprint::fs::scan_root;
use crate::blueprint::scan::DEFAULT_MAX_FILE_BYTES;
use crate::error::{Error, ErrorKind as K, Result};

/// The op of this adapter (registered in the catalog next to the other areas' tables).
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("blueprint.scan", "Scan a repository (gitignore-aware, no symlinks followed) into a snapshot: per-language modules, import edges, fingerprints, repo token.", &["root: path", "max_file_bytes?: int = 1048576"], &["-> ScanResult"], &[K::InvalidInput, K::InvalidPath, K::IoError], op_scan),
];

fn op_scan(input: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(input);
    let root = a.str("root")?;
    let max = match a.get("max_file_bytes") {
        None => DEFAULT_MAX_FILE_BYTES,
        Some(v) => v.as_u64().filter(|n| *n > 0).ok_or_else(|| {
            Error::invalid_input(format!(
                "`max_file_bytes` must be a positive integer, not {v}"
            ))
            .with_field("max_file_bytes")
        })?,
    };
    Ok(scan_root(root, max)?.to_json())
}
