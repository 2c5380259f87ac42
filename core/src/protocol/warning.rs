//! The warning object of best-effort steps (features.md): what Go only logs, fourx returns as
//! `{kind, file, feature_id, round, message}` so that no skip is silent.
//!
//! Decides the shape and the kind words; which step warns about what is the caller's.

use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::protocol::codec::unknown_keys::UnknownKey;

crate::words::string_enum! {
    /// What kind of problem a warning reports.
    pub enum WarningKind("warning kind", Error, Error::unknown_word) {
        /// A file could not be read.
        ReadError = "read_error",
        /// A file could not be decoded.
        ParseError = "parse_error",
        /// An escalation reason outside the mined whitelist.
        UnknownReason = "unknown_reason",
        /// A feature that fails validation (or has no id).
        InvalidFeature = "invalid_feature",
        /// A feature id that cannot be a path segment.
        InvalidFeatureId = "invalid_feature_id",
        /// A failed save.
        WriteError = "write_error",
        /// A key Go's decoding ignores (a typo is never silent); `path` names it, the message the
        /// closest known key.
        UnknownKey = "unknown_key",
    }
}

/// One best-effort problem, returned in an op's `warnings` list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Warning {
    /// What went wrong.
    pub kind: WarningKind,
    /// Base name of the file involved (`escalation.json`, `<id>.yaml`, …).
    pub file: String,
    /// The feature concerned, `""` when none.
    pub feature_id: String,
    /// The round concerned, 0 when none.
    pub round: i64,
    /// Where in the file (`runners.claude.tier`, `subtasks[1].dependz`); left out when `""`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub path: String,
    /// An informative message.
    pub message: String,
}

impl Warning {
    /// A warning about `file` with no feature or round.
    pub fn new(kind: WarningKind, file: impl Into<String>, message: impl Into<String>) -> Self {
        Warning {
            kind,
            file: file.into(),
            feature_id: String::new(),
            round: 0,
            path: String::new(),
            message: message.into(),
        }
    }

    /// Names the feature concerned.
    pub fn feature(mut self, id: impl Into<String>) -> Self {
        self.feature_id = id.into();
        self
    }

    /// Names the round concerned.
    pub fn round(mut self, round: i64) -> Self {
        self.round = round;
        self
    }

    /// Names the place in the file.
    pub fn at(mut self, path: impl Into<String>) -> Self {
        self.path = path.into();
        self
    }

    /// One `unknown_key` warning of `file` per ignored key; `root`, the label the decoder put
    /// before every path (`settings.json`), is removed from the paths.
    pub fn unknown_keys(file: &str, root: &str, keys: Vec<UnknownKey>) -> Vec<Warning> {
        keys.into_iter()
            .map(|k| {
                let path = match k.path.strip_prefix(root) {
                    Some(rest) if root.is_empty() => rest.to_string(),
                    Some(rest) => rest.strip_prefix('.').unwrap_or(rest).to_string(),
                    None => k.path.clone(),
                };
                Warning::new(WarningKind::UnknownKey, file, k.message()).at(path)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_warning_kinds_are_seven_snake_case_words_that_round_trip() {
        assert_eq!(
            WarningKind::WORDS,
            &[
                "read_error",
                "parse_error",
                "unknown_reason",
                "invalid_feature",
                "invalid_feature_id",
                "write_error",
                "unknown_key",
            ]
        );
        for k in WarningKind::ALL {
            let json = serde_json::to_value(k).unwrap();
            assert_eq!(json, k.as_str());
            assert_eq!(serde_json::from_value::<WarningKind>(json).unwrap(), *k);
        }
        assert!(serde_json::from_value::<WarningKind>("ReadError".into()).is_err());
    }

    #[test]
    fn warning_serializes_with_every_key_and_snake_case_kind() {
        let w = Warning::new(WarningKind::UnknownReason, "escalation.json", "m")
            .feature("F1")
            .round(2);
        assert_eq!(
            serde_json::to_string(&w).unwrap(),
            r#"{"kind":"unknown_reason","file":"escalation.json","feature_id":"F1","round":2,"message":"m"}"#
        );
    }
}
