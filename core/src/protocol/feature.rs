//! The Feature shape in its JSON op form (features.md §3.1–3.3, resolution.md §2), read and
//! written with Go's `encoding/json` rules.
//!
//! Decides the fields, their JSON keys and presence. Leaves the YAML file form, validation and
//! status sync to the feature-files area, and what the fields mean to the areas that read them.

use std::collections::BTreeMap;

use crate::protocol::codec::gostruct::go_struct;
use crate::protocol::config::HookEntry;

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
    }
}

impl Feature {
    /// The override for `phase`, if the feature sets one.
    pub fn phase_override(&self, phase: &str) -> Option<&PhaseOverride> {
        self.phase_overrides.as_ref().and_then(|m| m.get(phase))
    }
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
}
