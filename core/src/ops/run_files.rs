//! The op table of the run files (`verify.json`, `baseline.json`, `deep-review-angles.json`,
//! `escalation.json`): pure parse/render ops and, with feature `fs`, read/write ops in a
//! workspace — JSON adapters over [`crate::features::run_files`] and
//! [`crate::features::fs::run_files`].

use serde::Serialize;
use serde_json::{json, Map, Value};

use super::{Args, OpInfo};
use crate::error::{Error, ErrorKind as K, Result};
use crate::features::run_files::{
    parse_angles, parse_baseline, parse_escalation, parse_verify, render_angles, render_baseline,
    render_escalation, render_verify, AngleSelection, Baseline, Escalation, VerifyEvidence,
};
use crate::protocol::codec::gostruct::input_or_zero;

/// The ops of this table, one line each.
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("evidence.parse_verify", "Decode a round's verify.json (VerifyEvidence) with Go's rules.", &["text: str"], &["verify: VerifyRecord"], &[K::InvalidInput, K::InvalidJson], parse_verify_op),
    OpInfo::new("evidence.render_verify", "The verify.json bytes `4x verify` writes (indented, no trailing newline).", &["verify?: VerifyRecord = {}"], &["text: str"], &[K::InvalidInput], render_verify_op),
    OpInfo::new("workspace.parse_baseline", "Decode a feature's baseline.json (Baseline) with Go's rules.", &["text: str"], &["baseline: BaselineFile"], &[K::InvalidInput, K::InvalidJson], parse_baseline_op),
    OpInfo::new("workspace.render_baseline", "The baseline.json bytes CaptureBaseline writes (indented, no trailing newline).", &["baseline?: BaselineFile = {}"], &["text: str"], &[K::InvalidInput], render_baseline_op),
    OpInfo::new("angles.parse_selection", "Decode a round's deep-review-angles.json (AngleSelection) with Go's rules.", &["text: str"], &["selection: AngleSelection"], &[K::InvalidInput, K::InvalidJson], parse_angles_op),
    OpInfo::new("angles.render_selection", "The deep-review-angles.json bytes 4x writes (indented, no trailing newline).", &["selection?: AngleSelection = {}"], &["text: str"], &[K::InvalidInput], render_angles_op),
    OpInfo::new("workspace.parse_escalation", "Decode a round's escalation.json (Escalation) with Go's rules.", &["text: str"], &["escalation: Escalation"], &[K::InvalidInput, K::InvalidJson], parse_escalation_op),
    OpInfo::new("workspace.render_escalation", "The compact escalation.json bytes (Go json.Marshal, no trailing newline).", &["escalation?: Escalation = {}"], &["text: str"], &[K::InvalidInput], render_escalation_op),
    #[cfg(feature = "fs")]
    OpInfo::new("workspace.read_run_file", "Read one run file (`verify`, `baseline`, `angles`, `escalation`) of a feature; absent is not an error.", &["root: path", "feature_id: str", "file: \"verify\" | \"baseline\" | \"angles\" | \"escalation\"", "round?: int = 0"], &["present: bool", "value: any"], &[K::InvalidInput, K::InvalidFeatureId, K::InvalidJson, K::IoError], fs_ops::read_run_file),
    #[cfg(feature = "fs")]
    OpInfo::new("workspace.write_run_file", "Write one run file of a feature atomically with Go's bytes (round directories created).", &["root: path", "feature_id: str", "file: \"verify\" | \"baseline\" | \"angles\" | \"escalation\"", "round?: int = 0", "value?: {any} = {}"], &["path: str"], &[K::InvalidInput, K::InvalidFeatureId, K::NotFound, K::IoError], fs_ops::write_run_file),
];

fn to_value<T: Serialize>(v: &T) -> Result<Value> {
    serde_json::to_value(v)
        .map_err(|e| Error::invalid_input(format!("result cannot be written as JSON: {e}")))
}

fn text(m: &Map<String, Value>) -> Result<&str> {
    Ok(Args::new(m).opt_str("text")?.unwrap_or(""))
}

fn parse_verify_op(m: &Map<String, Value>) -> Result<Value> {
    Ok(json!({ "verify": to_value(&parse_verify(text(m)?)?)? }))
}

fn render_verify_op(m: &Map<String, Value>) -> Result<Value> {
    let v: VerifyEvidence = input_or_zero(m, "verify")?;
    Ok(json!({ "text": render_verify(&v) }))
}

fn parse_baseline_op(m: &Map<String, Value>) -> Result<Value> {
    Ok(json!({ "baseline": to_value(&parse_baseline(text(m)?)?)? }))
}

fn render_baseline_op(m: &Map<String, Value>) -> Result<Value> {
    let b: Baseline = input_or_zero(m, "baseline")?;
    Ok(json!({ "text": render_baseline(&b) }))
}

fn parse_angles_op(m: &Map<String, Value>) -> Result<Value> {
    Ok(json!({ "selection": to_value(&parse_angles(text(m)?)?)? }))
}

fn render_angles_op(m: &Map<String, Value>) -> Result<Value> {
    let s: AngleSelection = input_or_zero(m, "selection")?;
    Ok(json!({ "text": render_angles(&s) }))
}

fn parse_escalation_op(m: &Map<String, Value>) -> Result<Value> {
    Ok(json!({ "escalation": to_value(&parse_escalation(text(m)?)?)? }))
}

fn render_escalation_op(m: &Map<String, Value>) -> Result<Value> {
    let e: Escalation = input_or_zero(m, "escalation")?;
    Ok(json!({ "text": render_escalation(&e) }))
}

#[cfg(feature = "fs")]
mod fs_ops {
    use serde_json::{json, Map, Value};

    use super::{to_value, Args};
    use crate::error::{Error, Result};
    use crate::features::fs::run_files as rf;
    use crate::protocol::codec::gostruct::input_or_zero;
    use crate::workspace::{FeatureId, WorkspaceFs};

    fn target(a: &Args<'_>) -> Result<(WorkspaceFs, FeatureId, &'static str, i64)> {
        let ws = WorkspaceFs::new(a.str("root")?)?;
        let id = FeatureId::new(a.str("feature_id")?)?;
        let file = match a.str("file")? {
            "verify" => "verify",
            "baseline" => "baseline",
            "angles" => "angles",
            "escalation" => "escalation",
            other => {
                return Err(Error::invalid_input(format!(
                    "file {other:?} is not one of verify, baseline, angles, escalation"
                ))
                .with_field("file"))
            }
        };
        let round = a.opt_i64("round")?.unwrap_or(0);
        if file != "baseline" && round <= 0 {
            return Err(Error::invalid_input(format!(
                "the {file} file lives in a round directory: round must be a positive integer"
            ))
            .with_field("round"));
        }
        Ok((ws, id, file, round))
    }

    pub(super) fn read_run_file(m: &Map<String, Value>) -> Result<Value> {
        let a = Args::new(m);
        let (ws, id, file, round) = target(&a)?;
        let value = match file {
            "verify" => rf::read_verify(&ws, &id, round)?
                .map(|v| to_value(&v))
                .transpose()?,
            "baseline" => rf::read_baseline(&ws, &id)?
                .map(|v| to_value(&v))
                .transpose()?,
            "angles" => rf::read_angles(&ws, &id, round)?
                .map(|v| to_value(&v))
                .transpose()?,
            _ => rf::read_escalation(&ws, &id, round)?
                .map(|v| to_value(&v))
                .transpose()?,
        };
        Ok(json!({ "present": value.is_some(), "value": value }))
    }

    pub(super) fn write_run_file(m: &Map<String, Value>) -> Result<Value> {
        let a = Args::new(m);
        let (ws, id, file, round) = target(&a)?;
        let path = match file {
            "verify" => rf::write_verify(&ws, &id, round, &input_or_zero(m, "value")?)?,
            "baseline" => rf::write_baseline(&ws, &id, &input_or_zero(m, "value")?)?,
            "angles" => rf::write_angles(&ws, &id, round, &input_or_zero(m, "value")?)?,
            _ => rf::write_escalation(&ws, &id, round, &input_or_zero(m, "value")?)?,
        };
        Ok(json!({ "path": path.to_string_lossy() }))
    }
}
