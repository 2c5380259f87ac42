//! Feature validation and loading (features.md) and the pure status sync: strict and
//! lenient checks with Go's exact messages, the two load modes, and the rewrite of a feature
//! file whose status follows a phase, with the commit payload the harness acts on.
//!
//! Pure; the fs ops in [`crate::features::fs::features_fs`] read and write the files through these rules.

use serde::{Deserialize, Serialize};

use crate::error::{Error, ErrorKind, Result};
use crate::features::feature_yaml::{parse_feature, render_feature};
use crate::machine::phase_to_status;
use crate::protocol::codec::goquote::quote;
use crate::protocol::feature::{id_matches_pattern, Feature, SubtaskStatus};
use crate::protocol::state::{FeatureStatus, Phase};

/// The outcome of strict validation (Go `Feature.Validate`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Validation {
    /// Whether the feature passed.
    pub valid: bool,
    /// Every problem, in check order.
    pub errors: Vec<String>,
    /// `""` when valid, else `invalid feature: ` + the problems joined by `"; "`.
    pub message: String,
}

fn joined_statuses() -> String {
    FeatureStatus::ALL
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn joined_subtask_statuses() -> String {
    SubtaskStatus::ALL
        .iter()
        .map(|s| s.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Strict validation.
pub fn validate(f: &Feature) -> Validation {
    let mut errors = Vec::new();
    if f.id.is_empty() {
        errors.push("id is required".to_string());
    } else if !id_matches_pattern(&f.id) {
        errors.push(format!(
            "id {} must match [A-Za-z0-9-] (alphanumeric and dashes, no leading/trailing dash, min 2 chars)",
            quote(&f.id)
        ));
    }
    if f.name.is_empty() {
        errors.push("name is required".to_string());
    }
    if !f.status.is_empty() && FeatureStatus::from_name(&f.status).is_none() {
        errors.push(format!(
            "status {} is invalid, must be one of: {}",
            quote(&f.status),
            joined_statuses()
        ));
    }
    for (i, st) in f.subtasks.iter().flatten().enumerate() {
        if st.id.is_empty() {
            errors.push(format!("subtasks[{i}].id is required"));
        }
        if st.name.is_empty() {
            errors.push(format!("subtasks[{i}].name is required"));
        }
        if !st.status.is_empty() && st.status.parse::<SubtaskStatus>().is_err() {
            errors.push(format!(
                "subtasks[{i}].status {} is invalid, must be one of: {}",
                quote(&st.status),
                joined_subtask_statuses()
            ));
        }
    }
    let message = if errors.is_empty() {
        String::new()
    } else {
        format!("invalid feature: {}", errors.join("; "))
    };
    Validation {
        valid: errors.is_empty(),
        errors,
        message,
    }
}

/// Lenient validation: warnings, or `invalid_feature` when the id is empty.
pub fn validate_loose(f: &Feature) -> Result<Vec<String>> {
    if f.id.is_empty() {
        return Err(Error::new(
            ErrorKind::InvalidFeature,
            "invalid feature: id is required",
        ));
    }
    let mut w = Vec::new();
    if !id_matches_pattern(&f.id) {
        w.push(format!(
            "id {} does not match expected format [A-Za-z0-9-]",
            quote(&f.id)
        ));
    }
    if f.name.is_empty() {
        w.push("name is empty".to_string());
    }
    if !f.status.is_empty() && FeatureStatus::from_name(&f.status).is_none() {
        w.push(format!(
            "status {} is not recognized (valid: {})",
            quote(&f.status),
            joined_statuses()
        ));
    }
    for (i, st) in f.subtasks.iter().flatten().enumerate() {
        if st.id.is_empty() {
            w.push(format!("subtasks[{i}].id is empty"));
        }
        if st.name.is_empty() {
            w.push(format!("subtasks[{i}].name is empty"));
        }
        if !st.status.is_empty() && st.status.parse::<SubtaskStatus>().is_err() {
            w.push(format!(
                "subtasks[{i}].status {} is not recognized (valid: {})",
                quote(&st.status),
                joined_subtask_statuses()
            ));
        }
    }
    Ok(w)
}

/// How a feature text is loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LoadMode {
    /// Go `LoadFeature`: any validation problem fails.
    #[default]
    Strict,
    /// Go `loadFeatureLoose`: problems become `feature.warnings`; only a missing id fails.
    Lenient,
}

impl std::str::FromStr for LoadMode {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "strict" => Ok(LoadMode::Strict),
            "lenient" => Ok(LoadMode::Lenient),
            other => Err(Error::invalid_input(format!(
                "mode must be \"strict\" or \"lenient\", not {other:?}"
            ))
            .with_field("mode")),
        }
    }
}

/// Parses and validates a feature text in `mode`.
pub fn load_feature_text(text: &str, mode: LoadMode) -> Result<Feature> {
    let mut f = parse_feature(text)?;
    match mode {
        LoadMode::Strict => {
            let v = validate(&f);
            if !v.valid {
                return Err(Error::new(ErrorKind::InvalidFeature, v.message));
            }
        }
        LoadMode::Lenient => {
            let w = validate_loose(&f)?;
            if !w.is_empty() {
                f.warnings = Some(w);
            }
        }
    }
    Ok(f)
}

/// What the harness should commit after a status sync changed a feature file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommitRequest {
    /// The feature id the sync was asked for.
    #[serde(skip)]
    pub feature_id: String,
    /// The file written, relative to the root (`.4x/features/<loaded id>.yaml`).
    pub path: String,
    /// The new status.
    #[serde(skip)]
    pub status: String,
    /// The commit message (`chore(<feature_id>): <status>`).
    pub message: String,
}

impl CommitRequest {
    /// The payload for a sync of `feature_id` that wrote `loaded_id`'s file with `status`.
    pub fn new(feature_id: &str, loaded_id: &str, status: &str) -> Self {
        CommitRequest {
            feature_id: feature_id.to_string(),
            path: format!(".4x/features/{loaded_id}.yaml"),
            status: status.to_string(),
            message: format!("chore({feature_id}): {status}"),
        }
    }
}

/// The result of a pure status sync.
#[derive(Debug, Clone, PartialEq)]
pub struct StatusSync {
    /// Whether the status changed.
    pub changed: bool,
    /// The new status.
    pub status: String,
    /// The status the file had.
    pub previous_status: String,
    /// The feature with the new status.
    pub feature: Feature,
    /// The new file text when changed.
    pub text: Option<String>,
    /// The commit payload when changed.
    pub commit: Option<CommitRequest>,
}

/// Sets the status of an already loaded feature from `phase`; renders it when it changed.
pub fn sync_status(feature_id: &str, phase: &str, mut f: Feature) -> Result<StatusSync> {
    let status = phase_to_status(Phase::from_name(phase))
        .as_str()
        .to_string();
    let previous = std::mem::replace(&mut f.status, status.clone());
    if previous == status {
        return Ok(StatusSync {
            changed: false,
            status,
            previous_status: previous,
            feature: f,
            text: None,
            commit: None,
        });
    }
    let text = render_feature(&f)?;
    let commit = CommitRequest::new(feature_id, &f.id, &status);
    Ok(StatusSync {
        changed: true,
        status,
        previous_status: previous,
        feature: f,
        text: Some(text),
        commit: Some(commit),
    })
}

/// `feature.sync_status_text`: strict load of `text`, then [`sync_status`].
pub fn sync_status_text(feature_id: &str, phase: &str, text: &str) -> Result<StatusSync> {
    let f = load_feature_text(text, LoadMode::Strict)?;
    sync_status(feature_id, phase, f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sync_follows_phase_to_status_for_unknown_phases_too() {
        for (p, s) in [
            ("pending-review", "ready-for-review"),
            ("init", "not-started"),
            ("bogus", "in-progress"),
            ("", "in-progress"),
        ] {
            let r = sync_status_text("F1-x", p, "id: F1-x\nname: n\nstatus: draft\n").unwrap();
            assert_eq!(r.status, s, "{p}");
        }
    }

    #[test]
    fn lenient_load_replaces_warnings_only_when_there_are_new_ones() {
        let kept =
            load_feature_text("id: F1-x\nname: n\nwarnings: [old]\n", LoadMode::Lenient).unwrap();
        assert_eq!(kept.warnings, Some(vec!["old".to_string()]));
        let replaced = load_feature_text("id: F1-x\nwarnings: [old]\n", LoadMode::Lenient).unwrap();
        assert_eq!(replaced.warnings, Some(vec!["name is empty".to_string()]));
    }

    #[test]
    fn commit_payload_names_the_file_actually_written() {
        let r = sync_status_text("F078", "done", "id: F078-x\nname: n\nstatus: draft\n").unwrap();
        let c = r.commit.unwrap();
        assert_eq!(c.path, ".4x/features/F078-x.yaml");
        assert_eq!(c.message, "chore(F078): done");
    }
}
