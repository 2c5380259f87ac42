//! The feature-definition shapes (features.md) in their JSON op form, read and
//! written with Go's `encoding/json` rules: `Feature` with its sub-tasks, phase overrides and
//! linked issues, the `TestStrategy` of a feature's run directory, the sub-task statuses and the
//! feature constants.
//!
//! Decides the fields, their JSON keys and presence. Leaves the YAML file form, validation and
//! status sync to the workspace (feature files), and what the fields mean to the areas that read
//! them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::protocol::codec::gostruct::go_struct;
use crate::protocol::config::{Budget, HookEntry};

go_struct! {
    /// A feature's sub-task.
    pub struct Subtask {
        /// Sub-task id.
        id: String => "id";
        /// Name.
        name: String => "name";
        /// Status text.
        status: String => "status";
        /// Description.
        description: String => "description", omitempty;
        /// Ids of sub-tasks it depends on.
        depends: Option<Vec<String>> => "depends", omitempty;
    }
}

go_struct! {
    /// A per-phase runner and model-tier override set in the feature file.
    pub struct PhaseOverride {
        /// Runner name.
        runner: String => "runner", omitempty;
        /// Model tier.
        model: String => "model", omitempty;
    }
}

go_struct! {
    /// A linked tracker issue.
    pub struct IssueRef {
        /// Repository.
        repo: String => "repo";
        /// Issue id.
        id: String => "id";
        /// Issue URL.
        url: String => "url";
    }
}

go_struct! {
    /// One feature of the backlog (`.4x/features/<id>.yaml`), JSON op shape.
    pub struct Feature {
        /// Feature id (`F001-name`).
        id: String => "id";
        /// Name.
        name: String => "name";
        /// Description.
        description: String => "description";
        /// Status text (any text is kept).
        status: String => "status";
        /// Priority; `None` when absent (0 is a value).
        priority: Option<i64> => "priority", omitempty;
        /// Pipeline profile name.
        profile: String => "profile", omitempty;
        /// Repositories the feature touches.
        repos: Option<Vec<String>> => "repos", omitempty;
        /// Sub-tasks.
        subtasks: Option<Vec<Subtask>> => "subtasks", omitempty;
        /// Rules.
        rules: Option<Vec<String>> => "rules", omitempty;
        /// Feature ids this one depends on.
        depends: Option<Vec<String>> => "depends", omitempty;
        /// Design-doc path of the spec (fourx extension of the JSON shape).
        spec: String => "spec", omitempty;
        /// Design-doc path of the plan (fourx extension of the JSON shape).
        plan: String => "plan", omitempty;
        /// Hook point → hooks.
        hooks: Option<BTreeMap<String, Option<Vec<HookEntry>>>> => "hooks", omitempty;
        /// Phase → runner/model override.
        phase_overrides: Option<BTreeMap<String, PhaseOverride>> => "phaseOverrides", omitempty;
        /// Force all deep-review angles.
        deep_review_all_angles: bool => "deepReviewAllAngles", omitempty;
        /// Linked issues.
        issues: Option<Vec<IssueRef>> => "issues", omitempty;
        /// Warnings.
        warnings: Option<Vec<String>> => "warnings", omitempty;
        /// Spending limits; each key set here wins over the config's (fourx extension of the
        /// JSON shape).
        budget: Option<Budget> => "budget", omitempty;
    }
}

impl Feature {
    /// The override for `phase`, if the feature sets one.
    pub fn phase_override(&self, phase: &str) -> Option<&PhaseOverride> {
        self.phase_overrides.as_ref().and_then(|m| m.get(phase))
    }
}

fn unknown_subtask_status(_what: &str, _s: &str) {}

crate::words::string_enum! {
    /// A sub-task's status (`AllSubtaskStatuses`).
    pub enum SubtaskStatus("sub-task status", (), unknown_subtask_status) {
        /// `not-started`
        NotStarted = "not-started",
        /// `in-progress`
        InProgress = "in-progress",
        /// `blocked`
        Blocked = "blocked",
        /// `done`
        Done = "done",
        /// `ready-for-review`
        ReadyForReview = "ready-for-review",
    }
}

/// The feature-id format 4x itself produces.
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

/// The effective failure policy of a hook: `block` when `on_fail` is empty, otherwise the
/// lower-cased value.
pub fn effective_on_fail(hook: &HookEntry) -> String {
    if hook.on_fail.is_empty() {
        DEFAULT_ON_FAIL.to_string()
    } else {
        hook.on_fail.to_lowercase()
    }
}

go_struct! {
    /// The pre-testing health check of a test strategy.
    pub struct HealthCheck {
        /// Commands that must succeed.
        commands: Option<Vec<String>> => "commands";
        /// Commands run to recover before a retry.
        recovery: Option<Vec<String>> => "recovery", omitempty;
        /// Timeout in seconds; 0 means the caller's default (30 s).
        timeout: i64 => "timeout", omitempty;
    }
}

go_struct! {
    /// A manual check the tester performs.
    pub struct ManualCheck {
        /// Check id.
        id: String => "id";
        /// The acceptance criterion it covers.
        ac_ref: String => "ac_ref", omitempty;
        /// What to check.
        description: String => "description";
        /// Steps.
        steps: Option<Vec<String>> => "steps";
    }
}

go_struct! {
    /// The designer's test strategy (`<FeatureDir>/test-strategy.yaml`).
    pub struct TestStrategy {
        /// Web UI testing.
        web: bool => "web";
        /// API testing.
        api: bool => "api";
        /// Gate run.
        gate: bool => "gate";
        /// Only the coder verifies.
        coder_only: bool => "coder_only";
        /// Verification commands (`null` when absent).
        verify_commands: Option<Vec<String>> => "verify_commands";
        /// Health check.
        health_check: Option<HealthCheck> => "health_check", omitempty;
        /// Named groups of verification commands.
        verify_groups: Option<BTreeMap<String, Option<Vec<String>>>> => "verify_groups", omitempty;
        /// Test profiles.
        profiles: Option<Vec<String>> => "profiles", omitempty;
        /// Manual checks.
        manual_checks: Option<Vec<ManualCheck>> => "manual_checks", omitempty;
        /// Acceptance criterion → how it is verified.
        ac_verify_map: Option<BTreeMap<String, String>> => "ac_verify_map", omitempty;
        /// End-to-end test repositories.
        e2e_repos: Option<Vec<String>> => "e2e_repos", omitempty;
    }
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

/// One issue of a review (no op produces it).
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

/// A review's outcome (camelCase tags).
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
    use crate::protocol::config::{decode, encode};
    use serde_json::json;

    #[test]
    fn priority_zero_is_a_value_and_absent_is_omitted() {
        let f: Feature = decode(&json!({"id": "F1", "priority": 0}), "feature").unwrap();
        assert_eq!(f.priority, Some(0));
        let v = encode(&f).unwrap();
        assert_eq!(v["priority"], json!(0));
        let g: Feature = decode(&json!({"priority": null}), "feature").unwrap();
        assert!(encode(&g).unwrap().get("priority").is_none());
    }

    #[test]
    fn always_present_fields_are_written_in_declaration_order() {
        let v = encode(&Feature::default()).unwrap();
        let keys: Vec<_> = v.as_object().unwrap().keys().cloned().collect();
        assert_eq!(keys, ["id", "name", "description", "status"]);
    }

    #[test]
    fn fractional_priority_is_invalid_input() {
        let e = decode::<Feature>(&json!({"priority": 1.5}), "feature").unwrap_err();
        assert_eq!(e.kind, crate::ErrorKind::InvalidInput);
    }

    #[test]
    fn subtask_status_words_round_trip_in_seed_order() {
        let words: Vec<_> = SubtaskStatus::ALL.iter().map(|s| s.to_string()).collect();
        assert_eq!(
            words,
            [
                "not-started",
                "in-progress",
                "blocked",
                "done",
                "ready-for-review"
            ]
        );
        for s in SubtaskStatus::ALL {
            assert_eq!(s.as_str().parse::<SubtaskStatus>(), Ok(*s));
        }
        assert!("pending".parse::<SubtaskStatus>().is_err());
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
    fn test_strategy_writes_verify_commands_as_null_when_absent() {
        let v = encode(&TestStrategy::default()).unwrap();
        assert_eq!(
            v,
            json!({"web": false, "api": false, "gate": false, "coder_only": false, "verify_commands": null})
        );
    }
}
