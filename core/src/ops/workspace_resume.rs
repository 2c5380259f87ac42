//! The adapter of `workspace.resume_listing` over [`crate::workspace::fs::resume_listing`]: state.json
//! plus the artifacts conductor resume needs.

use serde_json::{json, Map, Value};

use super::{Args, OpInfo};
use crate::error::{ErrorKind as K, Result};
use crate::workspace::fs::resume_listing::resume_listing;
use crate::workspace::{FeatureId, WorkspaceFs};

/// The ops of this table.
#[rustfmt::skip]
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("workspace.resume_listing", "state.json plus the artifacts conductor resume needs (feature dir and the state's round dir).", &["root: path", "feature_id: str"], &["-> ResumeListing"], &[K::InvalidInput, K::InvalidFeatureId, K::InvalidJson, K::InputTooLarge, K::IoError], resume_listing_op),
];

fn resume_listing_op(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let ws = WorkspaceFs::new(a.str("root")?)?;
    let id = FeatureId::new(a.str("feature_id")?)?;
    let l = resume_listing(&ws, &id)?;
    Ok(json!({
        "state": l.state.map_or(Value::Null, |s| s.to_json()),
        "feature_files": l.feature_files,
        "round_files": l.round_files,
    }))
}
