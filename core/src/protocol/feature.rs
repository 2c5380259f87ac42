//! The feature-definition shapes (features.md §2–3, §10, §14): `Feature` with its sub-tasks,
//! hooks, phase overrides and linked issues, the `TestStrategy` of a feature's run directory,
//! and the status vocabularies, with their JSON op shapes (Go tags, omitempty, `null` = zero).
//!
//! Decides the fields, their keys and presence. Reading and writing the YAML files, validation
//! and status sync are the workspace's; what the fields mean to a pipeline is resolution's.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize};

/// `null` decodes as the zero value (Go's rule for a JSON `null` into a non-pointer field).
pub(crate) fn nz<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// Go's omitempty for a list or map that may be absent.
pub(crate) fn empty_opt<T: IsEmpty>(v: &Option<T>) -> bool {
    v.as_ref().is_none_or(IsEmpty::is_empty)
}

/// Collections that omitempty can drop.
pub(crate) trait IsEmpty {
    fn is_empty(&self) -> bool;
}

impl<T> IsEmpty for Vec<T> {
    fn is_empty(&self) -> bool {
        Vec::is_empty(self)
    }
}

impl<K, V> IsEmpty for BTreeMap<K, V> {
    fn is_empty(&self) -> bool {
        BTreeMap::is_empty(self)
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(i: &i64) -> bool {
    *i == 0
}

/// A feature's lifecycle status (`AllStatuses`, features.md §2). Feature files may hold any text;
/// this enum names the valid ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FeatureStatus {
    /// `not-started`
    NotStarted,
    /// `in-progress`
    InProgress,
    /// `done`
    Done,
    /// `abandoned`
    Abandoned,
    /// `blocked`
    Blocked,
    /// `needs-attention`
    NeedsAttention,
    /// `ready-for-review`
    ReadyForReview,
    /// `draft`
    Draft,
}

impl FeatureStatus {
    /// Every status, in the seed's order (used in messages).
    pub const ALL: [FeatureStatus; 8] = [
        FeatureStatus::NotStarted,
        FeatureStatus::InProgress,
        FeatureStatus::Done,
        FeatureStatus::Abandoned,
        FeatureStatus::Blocked,
        FeatureStatus::NeedsAttention,
        FeatureStatus::ReadyForReview,
        FeatureStatus::Draft,
    ];

    /// The status word.
    pub fn as_str(self) -> &'static str {
        match self {
            FeatureStatus::NotStarted => "not-started",
            FeatureStatus::InProgress => "in-progress",
            FeatureStatus::Done => "done",
            FeatureStatus::Abandoned => "abandoned",
            FeatureStatus::Blocked => "blocked",
            FeatureStatus::NeedsAttention => "needs-attention",
            FeatureStatus::ReadyForReview => "ready-for-review",
            FeatureStatus::Draft => "draft",
        }
    }
}

impl fmt::Display for FeatureStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for FeatureStatus {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        FeatureStatus::ALL
            .into_iter()
            .find(|x| x.as_str() == s)
            .ok_or(())
    }
}

/// A sub-task's status (`AllSubtaskStatuses`, features.md §2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SubtaskStatus {
    /// `not-started`
    NotStarted,
    /// `in-progress`
    InProgress,
    /// `blocked`
    Blocked,
    /// `done`
    Done,
    /// `ready-for-review`
    ReadyForReview,
}

impl SubtaskStatus {
    /// Every sub-task status, in the seed's order.
    pub const ALL: [SubtaskStatus; 5] = [
        SubtaskStatus::NotStarted,
        SubtaskStatus::InProgress,
        SubtaskStatus::Blocked,
        SubtaskStatus::Done,
        SubtaskStatus::ReadyForReview,
    ];

    /// The status word.
    pub fn as_str(self) -> &'static str {
        match self {
            SubtaskStatus::NotStarted => "not-started",
            SubtaskStatus::InProgress => "in-progress",
            SubtaskStatus::Blocked => "blocked",
            SubtaskStatus::Done => "done",
            SubtaskStatus::ReadyForReview => "ready-for-review",
        }
    }
}

impl fmt::Display for SubtaskStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for SubtaskStatus {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        SubtaskStatus::ALL
            .into_iter()
            .find(|x| x.as_str() == s)
            .ok_or(())
    }
}

/// The feature-id format 4x itself produces (features.md §2).
pub const ID_PATTERN: &str = "^[A-Za-z0-9][A-Za-z0-9-]*[A-Za-z0-9]$";

/// Where the tester's screenshots go unless the config says otherwise.
pub const DEFAULT_SCREENSHOT_DIR: &str = ".4x/run/{feature-id}/screenshot/";

/// The effective hook failure policy when `on_fail` is empty.
pub const DEFAULT_ON_FAIL: &str = "block";

/// Whether `id` matches [`ID_PATTERN`] (ASCII alphanumerics and dashes, no leading or trailing
/// dash, at least 2 characters).
pub fn id_matches_pattern(id: &str) -> bool {
    let b = id.as_bytes();
    b.len() >= 2
        && b.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'-')
        && b.first().is_some_and(u8::is_ascii_alphanumeric)
        && b.last().is_some_and(u8::is_ascii_alphanumeric)
}

/// A feature's sub-task.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Subtask {
    /// Sub-task id.
    #[serde(default, deserialize_with = "nz")]
    pub id: String,
    /// Name.
    #[serde(default, deserialize_with = "nz")]
    pub name: String,
    /// Status text.
    #[serde(default, deserialize_with = "nz")]
    pub status: String,
    /// Description.
    #[serde(
        default,
        deserialize_with = "nz",
        skip_serializing_if = "String::is_empty"
    )]
    pub description: String,
    /// Ids of sub-tasks it depends on.
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub depends: Option<Vec<String>>,
}

/// One hook command (Go `feature.HookEntry`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HookEntry {
    /// Shell command.
    #[serde(default, deserialize_with = "nz")]
    pub run: String,
    /// Failure policy (`""` means block).
    #[serde(
        default,
        deserialize_with = "nz",
        skip_serializing_if = "String::is_empty"
    )]
    pub on_fail: String,
}

impl HookEntry {
    /// The effective policy: `block` when empty, otherwise the lower-cased value.
    pub fn effective_on_fail(&self) -> String {
        if self.on_fail.is_empty() {
            DEFAULT_ON_FAIL.to_string()
        } else {
            self.on_fail.to_lowercase()
        }
    }
}

/// A per-phase runner and model-tier override set in the feature file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseOverride {
    /// Runner name.
    #[serde(
        default,
        deserialize_with = "nz",
        skip_serializing_if = "String::is_empty"
    )]
    pub runner: String,
    /// Model tier.
    #[serde(
        default,
        deserialize_with = "nz",
        skip_serializing_if = "String::is_empty"
    )]
    pub model: String,
}

/// A linked tracker issue.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IssueRef {
    /// Repository.
    #[serde(default, deserialize_with = "nz")]
    pub repo: String,
    /// Issue id.
    #[serde(default, deserialize_with = "nz")]
    pub id: String,
    /// Issue URL.
    #[serde(default, deserialize_with = "nz")]
    pub url: String,
}

/// One feature of the backlog (`.4x/features/<id>.yaml`), in its JSON op shape (features.md §3).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Feature {
    /// Feature id (`F001-name`).
    #[serde(default, deserialize_with = "nz")]
    pub id: String,
    /// Name.
    #[serde(default, deserialize_with = "nz")]
    pub name: String,
    /// Description.
    #[serde(default, deserialize_with = "nz")]
    pub description: String,
    /// Status text (any text is kept).
    #[serde(default, deserialize_with = "nz")]
    pub status: String,
    /// Priority; `None` when absent (0 is a value).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<i64>,
    /// Pipeline profile name.
    #[serde(
        default,
        deserialize_with = "nz",
        skip_serializing_if = "String::is_empty"
    )]
    pub profile: String,
    /// Repositories the feature touches.
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub repos: Option<Vec<String>>,
    /// Sub-tasks.
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub subtasks: Option<Vec<Subtask>>,
    /// Rules.
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub rules: Option<Vec<String>>,
    /// Feature ids this one depends on.
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub depends: Option<Vec<String>>,
    /// Design-doc path of the spec (fourx extension of the JSON shape, features.md §3.3).
    #[serde(
        default,
        deserialize_with = "nz",
        skip_serializing_if = "String::is_empty"
    )]
    pub spec: String,
    /// Design-doc path of the plan (fourx extension of the JSON shape).
    #[serde(
        default,
        deserialize_with = "nz",
        skip_serializing_if = "String::is_empty"
    )]
    pub plan: String,
    /// Hook point → hooks (a `null` list stays `null`).
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub hooks: Option<BTreeMap<String, Option<Vec<HookEntry>>>>,
    /// Phase → runner/model override.
    #[serde(default, rename = "phaseOverrides", skip_serializing_if = "empty_opt")]
    pub phase_overrides: Option<BTreeMap<String, PhaseOverride>>,
    /// Force all deep-review angles.
    #[serde(
        default,
        rename = "deepReviewAllAngles",
        deserialize_with = "nz",
        skip_serializing_if = "is_false"
    )]
    pub deep_review_all_angles: bool,
    /// Linked issues.
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub issues: Option<Vec<IssueRef>>,
    /// Validation warnings (persisted at the seed revision).
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub warnings: Option<Vec<String>>,
}

impl Feature {
    /// The override for `phase`, if the feature sets one.
    pub fn phase_override(&self, phase: &str) -> Option<&PhaseOverride> {
        self.phase_overrides.as_ref().and_then(|m| m.get(phase))
    }
}

/// The pre-testing health check of a test strategy.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HealthCheck {
    /// Commands that must succeed.
    #[serde(default)]
    pub commands: Option<Vec<String>>,
    /// Commands run to recover before a retry.
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub recovery: Option<Vec<String>>,
    /// Timeout in seconds; 0 means the caller's default (30 s).
    #[serde(default, deserialize_with = "nz", skip_serializing_if = "is_zero")]
    pub timeout: i64,
}

/// A manual check the tester performs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ManualCheck {
    /// Check id.
    #[serde(default, deserialize_with = "nz")]
    pub id: String,
    /// The acceptance criterion it covers.
    #[serde(
        default,
        deserialize_with = "nz",
        skip_serializing_if = "String::is_empty"
    )]
    pub ac_ref: String,
    /// What to check.
    #[serde(default, deserialize_with = "nz")]
    pub description: String,
    /// Steps.
    #[serde(default)]
    pub steps: Option<Vec<String>>,
}

/// The designer's test strategy (`<FeatureDir>/test-strategy.yaml`, features.md §10).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestStrategy {
    /// Web UI testing.
    #[serde(default, deserialize_with = "nz")]
    pub web: bool,
    /// API testing.
    #[serde(default, deserialize_with = "nz")]
    pub api: bool,
    /// Gate run.
    #[serde(default, deserialize_with = "nz")]
    pub gate: bool,
    /// Only the coder verifies.
    #[serde(default, deserialize_with = "nz")]
    pub coder_only: bool,
    /// Verification commands (`null` when absent).
    #[serde(default)]
    pub verify_commands: Option<Vec<String>>,
    /// Health check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub health_check: Option<HealthCheck>,
    /// Named groups of verification commands.
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub verify_groups: Option<BTreeMap<String, Option<Vec<String>>>>,
    /// Test profiles.
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub profiles: Option<Vec<String>>,
    /// Manual checks.
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub manual_checks: Option<Vec<ManualCheck>>,
    /// Acceptance criterion → how it is verified.
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub ac_verify_map: Option<BTreeMap<String, String>>,
    /// End-to-end test repositories.
    #[serde(default, skip_serializing_if = "empty_opt")]
    pub e2e_repos: Option<Vec<String>>,
}

/// Severity of a review issue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// `critical`
    Critical,
    /// `warning`
    Warning,
    /// `low`
    Low,
}

/// One issue of a review (no op produces it; features.md §14).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewIssue {
    /// Severity.
    pub severity: Severity,
    /// The rule broken.
    pub rule: String,
    /// File.
    pub file: String,
    /// Detail.
    pub detail: String,
}

/// A review's outcome (camelCase tags; features.md §14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReviewResult {
    /// Whether the review passed.
    pub passed: bool,
    /// Critical issues.
    #[serde(rename = "criticalCount")]
    pub critical_count: i64,
    /// Warnings.
    #[serde(rename = "warningCount")]
    pub warning_count: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn status_words_round_trip_in_seed_order() {
        let words: Vec<_> = FeatureStatus::ALL.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            words,
            [
                "not-started",
                "in-progress",
                "done",
                "abandoned",
                "blocked",
                "needs-attention",
                "ready-for-review",
                "draft"
            ]
        );
        for s in FeatureStatus::ALL {
            assert_eq!(s.as_str().parse::<FeatureStatus>(), Ok(s));
        }
        for s in SubtaskStatus::ALL {
            assert_eq!(s.as_str().parse::<SubtaskStatus>(), Ok(s));
        }
        assert!("wip".parse::<FeatureStatus>().is_err());
    }

    #[test]
    fn id_pattern_needs_two_alphanumeric_ends() {
        for ok in ["F001-login", "ab", "a-b", "001"] {
            assert!(id_matches_pattern(ok), "{ok}");
        }
        for bad in ["x", "-ab", "ab-", "a b", "é1", ""] {
            assert!(!id_matches_pattern(bad), "{bad}");
        }
    }

    #[test]
    fn feature_json_keeps_priority_zero_and_omits_empty_lists() {
        let f: Feature =
            serde_json::from_value(json!({"id": "F1", "priority": 0, "repos": [], "name": null}))
                .unwrap();
        assert_eq!(f.priority, Some(0));
        let v = serde_json::to_value(&f).unwrap();
        assert_eq!(
            v,
            json!({"id": "F1", "name": "", "description": "", "status": "", "priority": 0})
        );
        assert!(serde_json::from_value::<Feature>(json!({"priority": 1.5})).is_err());
    }
}
