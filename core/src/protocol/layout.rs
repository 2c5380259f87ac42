//! The file-name constants of the `.4x` layout (workspace.md), exactly the seed's 45 values —
//! vocabulary every area may name (the workspace builds paths from them, features and the miner
//! name their files in messages).
//!
//! One table is the source of truth; the named constants below are read from nowhere else.

/// `DirName`: the workspace directory under the root.
pub const DIR_NAME: &str = ".4x";
/// `FeaturesDir`: feature definitions under `.4x`.
pub const FEATURES_DIR: &str = "features";
/// `RunDir`: per-feature runtime directories under `.4x`.
pub const RUN_DIR: &str = "run";
/// `StateFile` in a FeatureDir.
pub const STATE_FILE: &str = "state.json";
/// `EventsFile` in a FeatureDir.
pub const EVENTS_FILE: &str = "events.jsonl";
/// `StopFile` in a FeatureDir.
pub const STOP_FILE: &str = "stop";
/// `RoundsDir` in a FeatureDir.
pub const ROUNDS_DIR: &str = "rounds";
/// `ConfigFile` under `.4x`.
pub const CONFIG_FILE: &str = "settings.json";

/// Every constant of as (Name, value), in the spec's table order.
pub static CONSTANTS: &[(&str, &str)] = &[
    ("DirName", DIR_NAME),
    ("UserConfigDir", ".4x"),
    ("UserConfigFile", "settings.json"),
    ("BacklogFile", "feature_list.json"),
    ("ConfigFile", CONFIG_FILE),
    ("FeaturesDir", FEATURES_DIR),
    ("StateFile", STATE_FILE),
    ("EventsFile", EVENTS_FILE),
    ("BaselineFile", "baseline.json"),
    ("RoundsDir", ROUNDS_DIR),
    ("DesignRoundsDir", "design-rounds"),
    ("FinalReport", "final-report.md"),
    ("TaskBrief", "task-brief.md"),
    ("Criteria", "acceptance-criteria.md"),
    ("TestStratFile", "test-strategy.yaml"),
    ("DesignReviewReport", "design-review-report.md"),
    ("ReviewReport", "review-report.md"),
    ("DeepReviewReport", "deep-review-report.md"),
    ("CoderReport", "coder-report.md"),
    ("FixerReport", "fixer-report.md"),
    ("TestReport", "test-report.md"),
    ("VerifyFile", "verify.json"),
    ("BuildGateFile", "build-gate.json"),
    ("DocsGateFile", "docs-gate.json"),
    ("GuardFeedback", "guard-feedback.json"),
    ("EscalationFile", "escalation.json"),
    ("StopFile", STOP_FILE),
    ("RunDir", RUN_DIR),
    ("CandidatesFile", "candidates.json"),
    ("GateInputFile", "gate-input.json"),
    ("GateVerdictsFile", "gate-verdicts.json"),
    ("AcceptedCandidatesFile", "accepted-candidates.json"),
    ("EvolveReportFile", "evolve-report.md"),
    ("EvolveStateFile", "evolve-state.json"),
    ("LearningsFile", "learnings.json"),
    ("LearningsContextFile", "learnings-context.md"),
    ("RetroLearningsFile", "retro-learnings.json"),
    ("RoleLearningsFileName", "role-learnings.json"),
    ("RoleLearningsGlob", "*-learnings.json"),
    ("ConsolidateInputFile", "consolidate-input.json"),
    ("ConsolidateResultFile", "consolidate-result.json"),
    ("RoundsSummaryFile", "rounds-summary.md"),
    ("DeepReviewAnglesFile", "deep-review-angles.json"),
    ("ReviewPackage", "review-package.md"),
    ("AcceptanceSummaryFile", "acceptance-summary.md"),
];

/// The value of constant `name`, if it exists.
pub fn constant(name: &str) -> Option<&'static str> {
    CONSTANTS.iter().find(|(n, _)| *n == name).map(|(_, v)| *v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn there_are_45_unique_constants() {
        let mut names: Vec<_> = CONSTANTS.iter().map(|(n, _)| *n).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), 45);
        assert_eq!(constant("StateFile"), Some("state.json"));
        assert_eq!(constant("DirName"), Some(".4x"));
    }
}
