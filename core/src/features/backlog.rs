//! The legacy backlog mirror `feature_list.json` (features.md): its shape, its decoding, and
//! the drift between it and the canonical feature files.
//!
//! Pure; reading the file (and listing the features it is compared with) is the fs layer's.

use std::collections::HashMap;

use serde::Serialize;

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::goquote::quote;
use crate::protocol::codec::gostruct::go_struct;
use crate::protocol::feature::Feature;
use crate::protocol::gotext_decode::decode_text;

/// The file name of the mirror at the workspace root.
pub const BACKLOG_FILE: &str = "feature_list.json";

go_struct! {
    /// One entry of the mirror.
    pub struct BacklogFeature {
        /// Feature id.
        id: String => "id";
        /// Name.
        name: String => "name";
        /// Status text.
        status: String => "status";
        /// Area (never compared).
        area: String => "area", omitempty;
        /// Description.
        description: String => "description", omitempty;
        /// Priority (Go `*int`: absent or `null` is nil, an explicit `0` is a value and is
        /// written).
        priority: Option<i64> => "priority", omitempty;
    }
}

go_struct! {
    /// The mirror file.
    pub struct BacklogMirror {
        /// Format version.
        version: i64 => "version";
        /// Entries (`null` when absent).
        features: Option<Vec<BacklogFeature>> => "features";
    }
}

/// What kind of drift an entry shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DriftKind {
    /// The mirror has an entry the canonical files do not.
    Extra,
    /// A field differs.
    Mismatch,
    /// The mirror lacks a canonical feature.
    Missing,
}

/// One difference between the mirror and the canonical features.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BacklogDrift {
    /// Kind.
    pub kind: DriftKind,
    /// Feature id.
    #[serde(rename = "featureId")]
    pub feature_id: String,
    /// Field that differs (mismatch only).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub field: String,
    /// Canonical value.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub canonical: String,
    /// Mirror value.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub mirror: String,
    /// Human message.
    pub message: String,
}

/// Decodes mirror text with Go's rules (unknown keys ignored, wrong types fail → `invalid_json`).
pub fn parse_mirror(text: &str) -> Result<BacklogMirror> {
    decode_text(text.as_bytes(), BACKLOG_FILE).map_err(|e| Error::new(ErrorKind::InvalidJson, e))
}

fn priority_text(p: Option<i64>) -> String {
    p.map(|p| p.to_string()).unwrap_or_default()
}

/// Compares the canonical features with the mirror.
pub fn compare(
    features: &[Feature],
    mirror: &BacklogMirror,
    backlog_file: &str,
) -> Vec<BacklogDrift> {
    let entries = mirror.features.as_deref().unwrap_or_default();
    let by_id: HashMap<&str, &BacklogFeature> =
        entries.iter().map(|e| (e.id.as_str(), e)).collect();
    let canonical: HashMap<&str, ()> = features.iter().map(|f| (f.id.as_str(), ())).collect();
    let mut drift = Vec::new();
    for f in features {
        let Some(m) = by_id.get(f.id.as_str()) else {
            drift.push(BacklogDrift {
                kind: DriftKind::Missing,
                feature_id: f.id.clone(),
                field: String::new(),
                canonical: String::new(),
                mirror: String::new(),
                message: format!("{backlog_file} missing entry for feature {}", quote(&f.id)),
            });
            continue;
        };
        let fields = [
            ("name", f.name.clone(), m.name.clone()),
            ("description", f.description.clone(), m.description.clone()),
            ("status", f.status.clone(), m.status.clone()),
            (
                "priority",
                priority_text(f.priority),
                priority_text(m.priority),
            ),
        ];
        for (field, c, mv) in fields {
            if c != mv {
                drift.push(BacklogDrift {
                    kind: DriftKind::Mismatch,
                    feature_id: f.id.clone(),
                    field: field.to_string(),
                    message: format!(
                        "{backlog_file} mismatch for feature {} field {}: canonical {}, mirror {}",
                        quote(&f.id),
                        quote(field),
                        quote(&c),
                        quote(&mv)
                    ),
                    canonical: c,
                    mirror: mv,
                });
            }
        }
    }
    for e in entries {
        if !canonical.contains_key(e.id.as_str()) {
            drift.push(BacklogDrift {
                kind: DriftKind::Extra,
                feature_id: e.id.clone(),
                field: String::new(),
                canonical: String::new(),
                mirror: String::new(),
                message: format!("{backlog_file} has extra entry {}", quote(&e.id)),
            });
        }
    }
    drift.sort_by(|a, b| {
        a.feature_id
            .cmp(&b.feature_id)
            .then(a.kind.cmp(&b.kind))
            .then(a.field.cmp(&b.field))
    });
    drift
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry_with(priority: &str) -> BacklogMirror {
        parse_mirror(&format!(
            r#"{{"version":1,"features":[{{"id":"a","name":"","status":""{priority}}}]}}"#
        ))
        .unwrap()
    }

    fn priority_drift(canonical: Option<i64>, mirror: &BacklogMirror) -> Vec<(String, String)> {
        let f = Feature {
            id: "a".into(),
            priority: canonical,
            ..Default::default()
        };
        compare(&[f], mirror, BACKLOG_FILE)
            .into_iter()
            .map(|d| (d.canonical, d.mirror))
            .collect()
    }

    #[test]
    fn mirror_priority_zero_is_a_value_and_absent_or_null_is_none() {
        let zero = entry_with(r#","priority":0"#);
        assert_eq!(zero.features.as_ref().unwrap()[0].priority, Some(0));
        assert_eq!(
            entry_with(r#","priority":null"#).features.unwrap()[0].priority,
            None
        );
        assert_eq!(entry_with("").features.unwrap()[0].priority, None);
        let text = serde_json::to_string(&zero).unwrap();
        assert!(
            text.contains(r#""priority":0"#),
            "an explicit 0 is written: {text}"
        );
    }

    #[test]
    fn priority_drift_tells_an_explicit_zero_from_absent_on_both_sides() {
        let zero = entry_with(r#","priority":0"#);
        let absent = entry_with("");
        assert_eq!(
            priority_drift(None, &zero),
            [(String::new(), "0".to_string())]
        );
        assert_eq!(
            priority_drift(Some(0), &absent),
            [("0".to_string(), String::new())]
        );
        assert!(priority_drift(Some(0), &zero).is_empty());
        assert!(priority_drift(None, &absent).is_empty());
    }

    #[test]
    fn drift_sorts_by_id_then_kind_then_field() {
        let f = Feature {
            id: "a".into(),
            name: "N".into(),
            status: "s".into(),
            ..Default::default()
        };
        let mirror = BacklogMirror {
            version: 1,
            features: Some(vec![
                BacklogFeature {
                    id: "a".into(),
                    name: "n".into(),
                    status: "S".into(),
                    ..Default::default()
                },
                BacklogFeature {
                    id: "0".into(),
                    ..Default::default()
                },
            ]),
        };
        let d = compare(&[f], &mirror, BACKLOG_FILE);
        let keys: Vec<_> = d
            .iter()
            .map(|x| (x.feature_id.as_str(), x.kind, x.field.as_str()))
            .collect();
        assert_eq!(
            keys,
            [
                ("0", DriftKind::Extra, ""),
                ("a", DriftKind::Mismatch, "name"),
                ("a", DriftKind::Mismatch, "status")
            ]
        );
    }
}
