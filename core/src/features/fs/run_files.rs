//! Reading and writing the run files of [`crate::features::run_files`] in a workspace: `verify.json`,
//! `deep-review-angles.json` and `escalation.json` in RoundDir(id, round), `baseline.json` in
//! FeatureDir(id). A missing file reads as absent (`None`), not as an error; writes are atomic
//! (temp + rename, 0644) with Go's bytes. Round directories are created (0755) when missing; the
//! feature directory must exist (`not_found`), as for state.json.

use std::io;
use std::path::PathBuf;

use crate::error::{Error, Result};
use crate::features::run_files::{
    parse_angles, parse_baseline, parse_escalation, parse_verify, render_angles, render_baseline,
    render_escalation, render_verify, AngleSelection, Baseline, Escalation, VerifyEvidence,
    ANGLES_FILE, BASELINE_FILE, ESCALATION_FILE, VERIFY_FILE,
};
use crate::store::atomic_write;
use crate::workspace::{os_error, FeatureId, WorkspaceFs, ROUNDS_DIR};

const FILE_MODE: u32 = 0o644;
const DIR_MODE: u32 = 0o755;

/// Which run file, and where it lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunFile {
    /// `rounds/round-<n>/verify.json`.
    Verify(i64),
    /// `baseline.json` in the feature directory.
    Baseline,
    /// `rounds/round-<n>/deep-review-angles.json`.
    Angles(i64),
    /// `rounds/round-<n>/escalation.json`.
    Escalation(i64),
}

impl RunFile {
    fn name(self) -> &'static str {
        match self {
            RunFile::Verify(_) => VERIFY_FILE,
            RunFile::Baseline => BASELINE_FILE,
            RunFile::Angles(_) => ANGLES_FILE,
            RunFile::Escalation(_) => ESCALATION_FILE,
        }
    }

    fn round(self) -> Option<i64> {
        match self {
            RunFile::Verify(r) | RunFile::Angles(r) | RunFile::Escalation(r) => Some(r),
            RunFile::Baseline => None,
        }
    }
}

/// The directory of `file` for feature `id` (not checked for existence).
pub fn run_file_dir(ws: &WorkspaceFs, id: &FeatureId, file: RunFile) -> PathBuf {
    let dir = ws.feature_dir(id);
    match file.round() {
        Some(r) => dir.join(ROUNDS_DIR).join(format!("round-{r}")),
        None => dir,
    }
}

fn read_text(ws: &WorkspaceFs, id: &FeatureId, file: RunFile) -> Result<Option<String>> {
    let path = run_file_dir(ws, id, file).join(file.name());
    match ws.fs().read(&path) {
        Ok(b) => Ok(Some(String::from_utf8_lossy(&b).into_owned())),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(os_error(format!("read {}", path.display()), &e)),
    }
}

fn write_text(ws: &WorkspaceFs, id: &FeatureId, file: RunFile, text: &str) -> Result<PathBuf> {
    ws.existing_feature_dir(id)?;
    let dir = run_file_dir(ws, id, file);
    if file.round().is_some() {
        ws.fs()
            .create_dir(&dir, DIR_MODE)
            .map_err(|e| Error::io(format!("create {}", dir.display()), &e))?;
    }
    atomic_write(ws.fs(), &dir, file.name(), text.as_bytes(), FILE_MODE)?;
    Ok(dir.join(file.name()))
}

/// Reads a round's `verify.json`; `None` when absent; undecodable → `invalid_json`.
pub fn read_verify(ws: &WorkspaceFs, id: &FeatureId, round: i64) -> Result<Option<VerifyEvidence>> {
    read_text(ws, id, RunFile::Verify(round))?
        .map(|t| parse_verify(&t))
        .transpose()
}

/// Writes a round's `verify.json` with `4x verify`'s bytes.
pub fn write_verify(
    ws: &WorkspaceFs,
    id: &FeatureId,
    round: i64,
    v: &VerifyEvidence,
) -> Result<PathBuf> {
    write_text(ws, id, RunFile::Verify(round), &render_verify(v))
}

/// Reads the feature's `baseline.json`; `None` when absent; undecodable → `invalid_json`.
pub fn read_baseline(ws: &WorkspaceFs, id: &FeatureId) -> Result<Option<Baseline>> {
    read_text(ws, id, RunFile::Baseline)?
        .map(|t| parse_baseline(&t))
        .transpose()
}

/// Writes the feature's `baseline.json` with CaptureBaseline's bytes.
pub fn write_baseline(ws: &WorkspaceFs, id: &FeatureId, b: &Baseline) -> Result<PathBuf> {
    write_text(ws, id, RunFile::Baseline, &render_baseline(b))
}

/// Reads a round's `deep-review-angles.json`; `None` when absent; undecodable → `invalid_json`.
pub fn read_angles(ws: &WorkspaceFs, id: &FeatureId, round: i64) -> Result<Option<AngleSelection>> {
    read_text(ws, id, RunFile::Angles(round))?
        .map(|t| parse_angles(&t))
        .transpose()
}

/// Writes a round's `deep-review-angles.json` with writeAngleSelection's bytes.
pub fn write_angles(
    ws: &WorkspaceFs,
    id: &FeatureId,
    round: i64,
    s: &AngleSelection,
) -> Result<PathBuf> {
    write_text(ws, id, RunFile::Angles(round), &render_angles(s))
}

/// Reads a round's `escalation.json`; `None` when absent; undecodable → `invalid_json`.
pub fn read_escalation(ws: &WorkspaceFs, id: &FeatureId, round: i64) -> Result<Option<Escalation>> {
    read_text(ws, id, RunFile::Escalation(round))?
        .map(|t| parse_escalation(&t))
        .transpose()
}

/// Writes a round's `escalation.json` (compact JSON).
pub fn write_escalation(
    ws: &WorkspaceFs,
    id: &FeatureId,
    round: i64,
    e: &Escalation,
) -> Result<PathBuf> {
    write_text(ws, id, RunFile::Escalation(round), &render_escalation(e))
}
