//! The history miner over a workspace (features.md): gathers, for each feature, its
//! state.json, its rounds' escalation.json and review reports into the explicit record lists the
//! pure scanners of [`crate::report::miner`] take. Missing files are skipped silently; any
//! other read failure is a `read_error` warning, never a failure of the scan.
//!
//! Reads go through a [`WorkspaceReader`], so a scan invoked on the cache uses the cache.

use std::io;
use std::path::Path;

use crate::error::Result;
use crate::features::fs::features_fs::WorkspaceReader;
use crate::protocol::layout::ROUNDS_DIR;
use crate::protocol::warning::{Warning, WarningKind};
use crate::report::miner::{
    scan_escalations, scan_fail_patterns, scan_stuck, EscalationRecord, MinerResult, ReportRecord,
    RoundText, StuckRecord, ESCALATION_FILE, STATE_FILE,
};
use crate::workspace::feature_id::FeatureId;
use crate::workspace::fs::workspace_fs::WorkspaceFs;

/// The review reports read per round, in order.
pub const REPORT_FILES: [&str; 2] = ["review-report.md", "deep-review-report.md"];

/// One feature to scan: its valid id, its name, and its rounds (canonical numbers, ascending).
struct Target {
    id: FeatureId,
    name: String,
    rounds: Vec<i64>,
}

/// The features to scan: `ids` or every listed feature, with their rounds.
fn targets(
    r: &dyn WorkspaceReader,
    ids: Option<Vec<String>>,
    warnings: &mut Vec<Warning>,
) -> Result<Vec<Target>> {
    let listed = r.list_features()?.features;
    let wanted: Vec<(String, String)> = match ids {
        Some(ids) => ids
            .into_iter()
            .map(|id| {
                let name = listed
                    .iter()
                    .find(|f| f.id == id)
                    .map(|f| f.name.clone())
                    .unwrap_or_default();
                (id, name)
            })
            .collect(),
        None => listed.into_iter().map(|f| (f.id, f.name)).collect(),
    };
    let ws = r.workspace();
    let mut out = Vec::new();
    for (id, name) in wanted {
        let fid = match FeatureId::new(&id) {
            Ok(f) => f,
            Err(e) => {
                warnings
                    .push(Warning::new(WarningKind::InvalidFeatureId, "", e.message).feature(id));
                continue;
            }
        };
        let mut rounds = match ws.round_dirs(&fid) {
            Ok(r) => r.into_iter().map(|(n, _)| n).collect::<Vec<_>>(),
            Err(e) => {
                warnings
                    .push(Warning::new(WarningKind::ReadError, ROUNDS_DIR, e.message).feature(&id));
                Vec::new()
            }
        };
        rounds.sort();
        out.push(Target {
            id: fid,
            name,
            rounds,
        });
    }
    Ok(out)
}

/// Reads `round-<n>/<file>` of a feature; `None` when missing or unreadable (then warned).
fn read_round_file(
    ws: &WorkspaceFs,
    t: &Target,
    round: i64,
    file: &str,
    warnings: &mut Vec<Warning>,
) -> Option<String> {
    let path = Path::new(&ws.root().round_dir(&t.id, round)).join(file);
    read_text(ws, &path, file, t.id.as_str(), round, warnings)
}

fn read_text(
    ws: &WorkspaceFs,
    path: &Path,
    file: &str,
    id: &str,
    round: i64,
    warnings: &mut Vec<Warning>,
) -> Option<String> {
    match ws.fs().read(path) {
        Ok(b) => Some(String::from_utf8_lossy(&b).into_owned()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => {
            warnings.push(
                Warning::new(
                    WarningKind::ReadError,
                    file,
                    format!("read {}: {e}", path.display()),
                )
                .feature(id)
                .round(round),
            );
            None
        }
    }
}

/// ScanEscalations over the workspace.
pub fn scan_escalations_fs(
    r: &dyn WorkspaceReader,
    ids: Option<Vec<String>>,
) -> Result<MinerResult> {
    let mut warnings = Vec::new();
    let ws = r.workspace();
    let mut records = Vec::new();
    for t in targets(r, ids, &mut warnings)? {
        for &n in &t.rounds {
            if let Some(text) = read_round_file(ws, &t, n, ESCALATION_FILE, &mut warnings) {
                records.push(EscalationRecord {
                    feature_id: t.id.as_str().to_string(),
                    round: n,
                    text,
                });
            }
        }
    }
    let mut out = scan_escalations(&records);
    warnings.append(&mut out.warnings);
    out.warnings = warnings;
    Ok(out)
}

/// ScanStuckFeatures over the workspace.
pub fn scan_stuck_fs(r: &dyn WorkspaceReader, ids: Option<Vec<String>>) -> Result<MinerResult> {
    let mut warnings = Vec::new();
    let ws = r.workspace();
    let mut records = Vec::new();
    for t in targets(r, ids, &mut warnings)? {
        let state_path = ws.feature_dir(&t.id).join(STATE_FILE);
        let state_text = read_text(ws, &state_path, STATE_FILE, t.id.as_str(), 0, &mut warnings);
        let mut escalations = Vec::new();
        for &n in &t.rounds {
            if let Some(text) = read_round_file(ws, &t, n, ESCALATION_FILE, &mut warnings) {
                escalations.push(RoundText { round: n, text });
            }
        }
        records.push(StuckRecord {
            id: t.id.as_str().to_string(),
            name: t.name.clone(),
            state_text,
            escalations,
        });
    }
    let mut out = scan_stuck(&records);
    warnings.append(&mut out.warnings);
    out.warnings = warnings;
    Ok(out)
}

/// ScanFailPatterns over the workspace.
pub fn scan_fail_patterns_fs(
    r: &dyn WorkspaceReader,
    ids: Option<Vec<String>>,
    min_occurrences: usize,
    cjk: bool,
) -> Result<MinerResult> {
    let mut warnings = Vec::new();
    let ws = r.workspace();
    let mut records = Vec::new();
    for t in targets(r, ids, &mut warnings)? {
        for &n in &t.rounds {
            for file in REPORT_FILES {
                if let Some(text) = read_round_file(ws, &t, n, file, &mut warnings) {
                    records.push(ReportRecord {
                        feature_id: t.id.as_str().to_string(),
                        round: n,
                        report: file.to_string(),
                        text,
                    });
                }
            }
        }
    }
    let mut out = scan_fail_patterns(&records, min_occurrences, cjk);
    warnings.append(&mut out.warnings);
    out.warnings = warnings;
    Ok(out)
}
