//! One test per guard rule, named after it.

use std::collections::BTreeMap;

use serde_json::{json, Value};

use super::*;

struct World {
    config: Config,
    feature: Feature,
    phase: Phase,
    profile: String,
    round: i64,
    changed: Vec<ChangedPath>,
    feature_files: Files,
    round_files: Option<Files>,
    test_strategy: Option<TestStrategy>,
    testing_has_run: bool,
    dependencies: BTreeMap<String, String>,
    symlinks: Vec<String>,
    build_gate: Option<VerifyEvidence>,
    docs_gate: Option<VerifyEvidence>,
    screenshot_exists: bool,
    state: StateSelfMod,
}

fn de<T: serde::de::DeserializeOwned>(v: Value) -> T {
    serde_json::from_value(v).unwrap()
}

fn files(pairs: &[(&str, &str)]) -> Files {
    pairs
        .iter()
        .map(|(k, v)| ((*k).to_string(), Some((*v).to_string())))
        .collect()
}

fn changed(list: &[(&str, i64)]) -> Vec<ChangedPath> {
    list.iter()
        .map(|(p, n)| ChangedPath::new(p, ChangeStatus::Modified, None, *n).unwrap())
        .collect()
}

impl World {
    /// A coding round of a feature scoped to repo `api`, designer outputs and baseline present.
    fn coding() -> World {
        World {
            config: Config::default(),
            feature: de(json!({"id": "F001", "name": "x", "repos": ["api"]})),
            phase: Phase::Coding,
            profile: String::new(),
            round: 1,
            changed: changed(&[("api/main.go", 3)]),
            feature_files: files(&[
                ("task-brief.md", "# Brief"),
                ("acceptance-criteria.md", "# AC"),
                ("baseline.json", r#"{"repos": []}"#),
            ]),
            round_files: None,
            test_strategy: None,
            testing_has_run: false,
            dependencies: BTreeMap::new(),
            symlinks: Vec::new(),
            build_gate: None,
            docs_gate: None,
            screenshot_exists: false,
            state: StateSelfMod::default(),
        }
    }

    fn check(&self) -> Verdict {
        check(&CheckInput {
            config: &self.config,
            feature: &self.feature,
            phase: self.phase,
            profile: &self.profile,
            round: self.round,
            changed_files: &self.changed,
            feature_files: &self.feature_files,
            round_files: self.round_files.as_ref(),
            test_strategy: self.test_strategy.as_ref(),
            test_strategy_error: None,
            testing_has_run: self.testing_has_run,
            dependencies: &self.dependencies,
            symlinks: &self.symlinks,
            build_gate: self.build_gate.as_ref(),
            docs_gate: self.docs_gate.as_ref(),
            screenshot_exists: self.screenshot_exists,
            state: &self.state,
        })
    }

    fn testing(&self) -> Verdict {
        testing_to_accepting(&TestingInput {
            round: self.round,
            feature_files: &self.feature_files,
            round_files: self.round_files.as_ref().unwrap(),
            test_strategy: self.test_strategy.as_ref(),
            test_strategy_error: None,
            screenshot_exists: self.screenshot_exists,
            state: &self.state,
            config: &self.config,
        })
    }
}

/// A complete, honest tester round.
fn tester_round(verify: Value) -> World {
    let mut w = World::coding();
    w.feature_files
        .insert("final-report.md".into(), Some("# Final".into()));
    w.round_files = Some(files(&[
        ("test-report.md", "# Test"),
        ("verify.json", &verify.to_string()),
    ]));
    w
}

fn passing_verify() -> Value {
    json!({"passed": true, "round": 1, "role": "tester", "commands": [],
           "ac_results": [{"id": "AC1", "passed": true, "evidence": ["$ go test ./... ok"]}]})
}

#[test]
fn a_clean_coding_round_passes() {
    let v = World::coding().check();
    assert!(v.pass, "{:?}", v.errors);
    assert!(v.errors.is_empty() && !v.all_retryable);
}

#[test]
fn coding_needs_the_designer_outputs() {
    let mut w = World::coding();
    w.feature_files.remove("task-brief.md");
    w.feature_files
        .insert("acceptance-criteria.md".into(), Some(String::new()));
    let v = w.check();
    assert!(!v.pass);
    assert_eq!(
        v.errors,
        [
            "required file missing: task-brief.md",
            "required file missing: acceptance-criteria.md"
        ]
    );
}

#[test]
fn the_phases_before_coding_need_no_designer_outputs() {
    let mut w = World::coding();
    w.phase = Phase::Init;
    w.feature_files.clear();
    w.feature_files
        .insert("baseline.json".into(), Some("{}".into()));
    assert!(w.check().pass);
}

#[test]
fn a_profile_without_the_designer_needs_no_designer_outputs() {
    let mut w = World::coding();
    w.config = de(json!({"profiles": {"lean": {"roles": ["coder", "reviewer"]}}}));
    w.profile = "lean".into();
    w.feature_files.remove("task-brief.md");
    w.feature_files.remove("acceptance-criteria.md");
    assert!(w.check().pass, "{:?}", w.check().errors);
}

#[test]
fn a_named_profile_with_the_design_reviewer_needs_its_report() {
    let mut w = World::coding();
    w.config = de(json!({"profiles": {"careful": {
        "roles": ["designer", "design-reviewer", "coder", "reviewer", "tester"]}}}));
    w.profile = "careful".into();
    assert_eq!(
        w.check().errors,
        ["required file missing: design-review-report.md"]
    );
}

#[test]
fn a_missing_baseline_only_warns() {
    let mut w = World::coding();
    w.feature_files.remove("baseline.json");
    let v = w.check();
    assert!(v.pass);
    assert_eq!(
        v.warnings,
        ["no baseline.json found, skipping baseline check"]
    );
}

#[test]
fn an_undecodable_baseline_fails() {
    let mut w = World::coding();
    w.feature_files
        .insert("baseline.json".into(), Some("not json".into()));
    let v = w.check();
    assert!(!v.pass);
    assert!(
        v.errors[0].starts_with("invalid baseline.json: "),
        "{:?}",
        v.errors
    );
}

#[test]
fn repos_dirty_at_baseline_only_warn() {
    let mut w = World::coding();
    w.feature_files.insert(
        "baseline.json".into(),
        Some(r#"{"repos": [{"name": "backend", "dirtyFiles": ["main.go", "go.sum"]}]}"#.into()),
    );
    let v = w.check();
    assert!(v.pass);
    assert_eq!(
        v.warnings,
        ["repo backend had dirty files at baseline: main.go, go.sum"]
    );
}

#[test]
fn a_change_outside_the_feature_repos_is_a_scope_violation() {
    let mut w = World::coding();
    w.changed = changed(&[("web/app.ts", 1), ("api/x.go", 1), ("docs/a.md", 1)]);
    let v = w.check();
    assert!(!v.pass && !v.all_retryable);
    assert_eq!(
        v.errors,
        [
            "scope violation: repo \"docs\" not in feature repos",
            "scope violation: repo \"web\" not in feature repos"
        ]
    );
}

#[test]
fn a_feature_without_repos_has_no_scope() {
    let mut w = World::coding();
    w.feature = de(json!({"id": "F001", "name": "x"}));
    w.changed = changed(&[("web/app.ts", 1)]);
    assert!(w.check().pass);
}

#[test]
fn root_files_and_the_workspace_dir_are_never_out_of_scope() {
    let mut w = World::coding();
    w.changed = changed(&[("go.mod", 1), (".4x/F001/state.json", 1)]);
    assert!(w.check().pass);
}

#[test]
fn hub_repos_are_always_in_scope() {
    let mut w = World::coding();
    w.config = de(json!({"hub_repos": ["shared"],
                         "workspace": {"repos": {"proto": {"path": "proto", "hub": true}}}}));
    w.changed = changed(&[("shared/a.go", 1), ("proto/x.proto", 1)]);
    assert!(w.check().pass, "{:?}", w.check().errors);
}

#[test]
fn e2e_repos_are_in_scope_only_once_testing_ran() {
    let mut w = World::coding();
    w.test_strategy = Some(de(json!({"e2e_repos": ["e2e"]})));
    w.changed = changed(&[("e2e/spec.ts", 1)]);
    assert!(!w.check().pass, "coding is before testing");
    w.phase = Phase::Testing;
    assert!(w.check().pass);
    w.phase = Phase::Amending;
    assert!(!w.check().pass, "amending before testing ran");
    w.testing_has_run = true;
    assert!(w.check().pass);
}

#[test]
fn renaming_a_file_out_of_another_repo_touches_that_repo() {
    let mut w = World::coding();
    w.changed =
        vec![ChangedPath::new("api/x.go", ChangeStatus::Renamed, Some("web/x.go"), 0).unwrap()];
    assert_eq!(
        w.check().errors,
        ["scope violation: repo \"web\" not in feature repos"]
    );
}

#[test]
fn touching_protected_paths_marks_self_modification_without_failing() {
    let mut w = World::coding();
    w.feature = de(json!({"id": "F001", "name": "x"}));
    w.changed = changed(&[
        ("internal/state/m.go", 10),
        ("internal/state/m_test.go", 500),
        ("cmd/x.go", 1),
    ]);
    let v = w.check();
    assert!(v.pass);
    assert!(v.self_mod_touched);
    assert_eq!(
        v.self_mod_paths,
        ["internal/state/m.go", "internal/state/m_test.go"]
    );
    assert_eq!(v.self_mod_diff_lines, 10, "test files do not count");
    assert_eq!(
        v.warnings,
        ["self-modification detected: 受保護路徑變更需人工 approve（internal/state/m.go, internal/state/m_test.go）"]
    );
}

#[test]
fn protected_changes_over_the_budget_fail() {
    let mut w = World::coding();
    w.feature = de(json!({"id": "F001", "name": "x"}));
    w.config = de(json!({"self_mod_guard": {"protected_paths": ["core/"], "max_diff_lines": 20}}));
    w.changed = changed(&[("core/a.rs", 15), ("core/b.rs", 6)]);
    let v = w.check();
    assert!(!v.pass);
    assert_eq!(
        v.errors,
        ["self-mod: protected diff 21 lines exceeds budget 20"]
    );
}

#[test]
fn dependencies_must_be_done_or_abandoned() {
    let mut w = World::coding();
    w.feature = de(json!({"id": "F003", "name": "x", "depends": ["F001", "F002", "F004"]}));
    w.dependencies = BTreeMap::from([
        ("F001".to_string(), "done".to_string()),
        ("F002".to_string(), "coding".to_string()),
    ]);
    let v = w.check();
    assert_eq!(
        v.errors,
        [
            "dependency \"F004\": cannot load feature: no status given for it",
            "dependencies not done: F002 (status: coding)"
        ]
    );
}

#[test]
fn symlinks_warn_once_each_and_cut_long_lists() {
    let mut w = World::coding();
    w.symlinks = vec!["a/link".into(), "a/link".into(), "b/l".into()];
    assert_eq!(
        w.check().warnings,
        ["symlinks detected in git: a/link, b/l — verify these are intentional, not accidental (e.g. node_modules)"]
    );
    w.symlinks = (0..40).map(|i| format!("node_modules/p{i:02}")).collect();
    let warn = &w.check().warnings[0];
    assert!(warn.contains(" ... (40 total) — verify"), "{warn}");
}

#[test]
fn a_failed_build_gate_fails_coding_and_a_failed_docs_gate_warns() {
    let mut w = World::coding();
    w.build_gate = Some(de(json!({"passed": false, "commands": [
        {"command": "make build", "exitCode": 2, "summary": "boom"},
        {"command": "make lint", "exitCode": 0, "skipped": true}]})));
    w.docs_gate = Some(de(json!({"passed": false, "commands": [
        {"command": "make docs", "exitCode": 1, "summary": "stale"}]})));
    let v = w.check();
    assert_eq!(v.errors, ["build-gate failed: make build (exit 2): boom"]);
    assert_eq!(
        v.warnings,
        ["docs-gate: docs/i18n verification reported issues (see docs-gate.json), fix before finishing: make docs (exit 1)"]
    );
    w.phase = Phase::Reviewing;
    assert!(w.check().pass, "the gates belong to coding and amending");
}

#[test]
fn verify_types_of_the_test_strategy_must_be_known() {
    let mut w = World::coding();
    w.test_strategy = Some(de(
        json!({"ac_verify_map": {"AC2": "manual", "AC1": "unit-test"}}),
    ));
    assert_eq!(
        w.check().errors,
        ["test-strategy.yaml: ac_verify_map[AC2] has invalid verify_type \"manual\" (valid: unit-test, integration, execution, inspection, skip, e2e-screenshot)"]
    );
}

#[test]
fn after_testing_check_runs_the_testers_gate_when_the_round_exists() {
    let mut w = tester_round(json!({"passed": false}));
    w.phase = Phase::Accepting;
    let v = w.check();
    assert_eq!(
        v.errors,
        [
            "verify.json did not pass",
            "verify.json missing ac_results: every acceptance criterion must have evidence"
        ]
    );
    w.round_files = None;
    assert!(
        w.check().pass,
        "a legacy feature without its round directory"
    );
}

#[test]
fn the_testers_gate_passes_a_complete_honest_round() {
    let v = tester_round(passing_verify()).testing();
    assert!(v.pass, "{:?}", v.errors);
}

#[test]
fn the_testers_gate_needs_the_test_report_and_the_final_report() {
    let mut w = tester_round(passing_verify());
    w.feature_files.remove("final-report.md");
    w.round_files.as_mut().unwrap().remove("test-report.md");
    assert_eq!(
        w.testing().errors,
        [
            "required file missing: rounds/round-1/test-report.md",
            "required file missing: final-report.md"
        ]
    );
}

#[test]
fn a_missing_verify_json_ends_the_testers_gate() {
    let mut w = tester_round(passing_verify());
    w.round_files.as_mut().unwrap().remove("verify.json");
    let v = w.testing();
    assert_eq!(
        v.errors,
        ["verify.json not found — the tester likely could not run `4x verify` (check that 4x is in PATH)"]
    );
    assert!(!v.all_retryable);
}

#[test]
fn an_undecodable_verify_json_ends_the_testers_gate() {
    let mut w = tester_round(passing_verify());
    w.round_files
        .as_mut()
        .unwrap()
        .insert("verify.json".into(), Some("{".into()));
    let v = w.testing();
    assert_eq!(v.errors.len(), 1);
    assert!(v.errors[0].starts_with("invalid verify.json: "));
}

#[test]
fn a_passed_claim_must_match_every_exit_code() {
    let mut verify = passing_verify();
    verify["commands"] = json!([
        {"command": "go test", "exitCode": 1},
        {"command": "false", "exitCode": 1, "expectedExitCode": 1}]);
    assert_eq!(
        tester_round(verify).testing().errors,
        ["verify.json claims passed but command \"go test\" exited 1 (expected 0)"]
    );
}

#[test]
fn criterion_failures_are_all_retryable() {
    let mut verify = passing_verify();
    verify["ac_results"] = json!([{"id": "AC1", "passed": false, "evidence": []}]);
    let v = tester_round(verify).testing();
    assert_eq!(v.errors, ["AC1 failed", "AC1: no evidence"]);
    assert!(v.all_retryable);
    assert_eq!(v.retryable_errors, 2);
}

#[test]
fn execution_types_need_execution_output_and_unlisted_criteria_are_execution() {
    let mut verify = passing_verify();
    verify["ac_results"] = json!([
        {"id": "AC1", "passed": true, "evidence": ["see main.go:12"]},
        {"id": "AC2", "passed": true, "evidence": ["read the code"]},
        {"id": "AC3", "passed": false, "evidence": []}]);
    let mut w = tester_round(verify);
    w.test_strategy = Some(de(
        json!({"ac_verify_map": {"AC2": "inspection", "AC3": "skip"}}),
    ));
    assert_eq!(
        w.testing().errors,
        ["AC1: verify_type=execution but evidence has no execution output (need command results, not code references)"]
    );
}

#[test]
fn screenshot_criteria_need_a_passed_result_and_a_screenshot_file() {
    let mut verify = passing_verify();
    verify["ac_results"] = json!([{"id": "AC1", "passed": true, "evidence": ["shot"]}]);
    let mut w = tester_round(verify);
    w.test_strategy = Some(de(
        json!({"ac_verify_map": {"AC1": "e2e-screenshot", "AC2": "e2e-screenshot"}}),
    ));
    assert_eq!(
        w.testing().errors,
        [
            "AC1: verify_type=e2e-screenshot but no screenshot file found — tester must capture and record a screenshot, not skip",
            "AC2: verify_type=e2e-screenshot but AC missing or not passed in ac_results"
        ]
    );
    w.screenshot_exists = true;
    assert_eq!(w.testing().errors.len(), 1);
}

#[test]
fn manual_checks_need_a_passed_result_with_evidence() {
    let mut verify = passing_verify();
    verify["manual_check_results"] = json!([{"id": "MC2", "passed": false, "evidence": null}]);
    let mut w = tester_round(verify);
    w.test_strategy = Some(de(json!({"manual_checks": [
        {"id": "MC1", "description": "a", "steps": []},
        {"id": "MC2", "description": "b", "steps": []}]})));
    let v = w.testing();
    assert_eq!(
        v.errors,
        [
            "manual_check \"MC1\" has no result in verify.json — tester must execute it, not skip",
            "manual_check \"MC2\" has empty evidence — tester must record actual execution output",
            "manual_check \"MC2\" failed"
        ]
    );
    assert!(v.all_retryable);
}

#[test]
fn a_self_modification_reaches_accepting_only_with_tests() {
    let mut w = tester_round(passing_verify());
    w.state = StateSelfMod {
        touched: true,
        paths: vec!["internal/guard/check.go".into()],
    };
    let v = w.testing();
    assert_eq!(
        v.errors,
        ["self-mod: changes to protected paths require accompanying passing tests"]
    );
    assert!(!v.all_retryable);
    w.state.paths.push("internal/guard/check_test.go".into());
    assert!(w.testing().pass);
    w.state.paths.pop();
    w.config = de(json!({"self_mod_guard": {"require_tests": false}}));
    assert!(w.testing().pass);
}

#[test]
fn an_unreadable_test_strategy_is_listed_without_failing() {
    let w = tester_round(passing_verify());
    let v = testing_to_accepting(&TestingInput {
        round: 1,
        feature_files: &w.feature_files,
        round_files: w.round_files.as_ref().unwrap(),
        test_strategy: None,
        test_strategy_error: Some("yaml: line 2: bad"),
        screenshot_exists: false,
        state: &w.state,
        config: &w.config,
    });
    assert!(v.pass);
    assert_eq!(
        v.errors,
        ["warning: failed to read test-strategy.yaml: yaml: line 2: bad (falling back to defaults)"]
    );
}

#[test]
fn the_verdict_is_what_the_conductor_accepts_as_guard() {
    let mut w = World::coding();
    w.feature = de(json!({"id": "F001", "name": "x", "repos": ["api"]}));
    w.changed = changed(&[("web/a.ts", 1), ("internal/guard/x.go", 300)]);
    let v = w.check();
    let from_json: crate::conductor::GuardResult =
        serde_json::from_value(serde_json::to_value(&v).unwrap()).unwrap();
    let typed = crate::conductor::GuardResult::from(v);
    assert_eq!(from_json, typed);
    assert!(!typed.pass && typed.self_mod_touched && typed.errors.len() == 3);
}

#[test]
fn an_empty_verify_type_means_the_basic_checks() {
    let mut verify = passing_verify();
    verify["ac_results"] = json!([{"id": "AC1", "passed": true, "evidence": ["read the code"]}]);
    let mut w = tester_round(verify);
    w.test_strategy = Some(de(json!({"ac_verify_map": {"AC1": ""}})));
    assert!(w.testing().pass, "{:?}", w.testing().errors);
}
