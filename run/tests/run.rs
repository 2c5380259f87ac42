//! The runner end to end on a real git repository and the `.4x` files: one test per rule of
//! docs/spec/runner.md.

mod common;

use std::path::Path;

use common::{config, feature, kinds, repo, scripted, FEATURE};
use fourx_run::{run, AgentCall, AgentResult, Result, RunOptions};
use serde_json::{json, Value};

fn opts(dir: &Path) -> RunOptions {
    RunOptions::new(dir, FEATURE)
}

fn state_of(dir: &Path) -> Value {
    let root = dir.to_string_lossy();
    fourx_core::ops::call(
        "workspace.read_state",
        &json!({"root": root, "feature_id": FEATURE}),
    )
    .unwrap()["state"]
        .clone()
}

#[test]
fn every_profile_runs_to_pending_review() {
    for profile in ["full", "normal", "quick", "lite"] {
        let dir = repo(&format!("profile-{profile}"), &config(), feature(profile));
        let d2 = dir.clone();
        let mut agent = move |c: &AgentCall| scripted(&d2, c);
        let r = run(&opts(&dir), &mut agent).unwrap();
        assert_eq!(
            r.phase,
            "pending-review",
            "{profile}: {:?}",
            r.decisions.last()
        );
        assert!(r.finished(), "{profile}");
        assert_eq!(state_of(&dir)["active"], false);
        // the feature file follows the phase
        let f = fourx_core::ops::call(
            "workspace.load_feature",
            &json!({"root": dir.to_string_lossy(), "feature_id": FEATURE}),
        )
        .unwrap();
        assert_eq!(f["feature"]["status"], "ready-for-review", "{profile}");
        assert!(!dir
            .join(".4x/run")
            .join(FEATURE)
            .join(fourx_run::JOURNAL_FILE)
            .exists());
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn config_none_reads_the_settings_file() {
    let dir = repo("settings", &config(), feature("quick"));
    let d2 = dir.clone();
    let mut agent = move |c: &AgentCall| scripted(&d2, c);
    let r = run(&opts(&dir), &mut agent).unwrap();
    let runs: Vec<&Value> = r
        .decisions
        .iter()
        .filter(|d| d["kind"] == "run_agent" && d["role"] == "reviewer")
        .collect();
    assert_eq!(
        runs[0]["model"], "opus",
        "roles.reviewer.model of settings.json"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_held_feature_is_refused_and_an_orphaned_one_resumes() {
    let dir = repo("held", &config(), feature("quick"));
    let root = dir.to_string_lossy().into_owned();
    fourx_core::ops::call(
        "workspace.init_feature_dir",
        &json!({"root": root, "feature_id": FEATURE}),
    )
    .unwrap();
    // An active state whose holder is this very process: held.
    let st = json!({"featureId": FEATURE, "phase": "coding", "role": "coder", "round": 1,
                    "maxRounds": 5, "active": true, "pid": 1, "runner": "claude", "profile": "quick"});
    fourx_core::ops::call(
        "workspace.write_state",
        &json!({"root": root, "feature_id": FEATURE, "state": st, "now": "2026-01-01T00:00:00Z"}),
    )
    .unwrap();
    let d2 = dir.clone();
    let mut agent = move |c: &AgentCall| scripted(&d2, c);
    // pid 1 is alive (init): the feature is held.
    let e = run(&opts(&dir), &mut agent).unwrap_err();
    assert_eq!(e.kind, fourx_run::ErrorKind::FeatureActive);
    // Its holder gone (a pid that cannot exist), the run resumes through resume_listing.
    let mut st2 = st.clone();
    st2["pid"] = json!(i64::from(i32::MAX));
    fourx_core::ops::call(
        "workspace.write_state",
        &json!({"root": root, "feature_id": FEATURE, "state": st2, "now": "2026-01-01T00:00:00Z"}),
    )
    .unwrap();
    let r = run(&opts(&dir), &mut agent).unwrap();
    assert_eq!(r.phase, "pending-review");
    let first = r
        .decisions
        .iter()
        .find(|d| d["kind"] == "run_agent")
        .unwrap();
    assert_eq!(
        first["role"], "coder",
        "resumed in coding, not from the start"
    );
    assert!(!r.decisions.iter().any(|d| d["phase"] == "designing"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_agent_error_ends_the_run_with_the_state_persisted_for_a_resume() {
    let dir = repo("agent-err", &config(), feature("quick"));
    let mut failing = |_: &AgentCall| -> Result<AgentResult> {
        Err(fourx_run::Error::invalid_input("agent crashed"))
    };
    assert!(run(&opts(&dir), &mut failing).is_err());
    assert_eq!(state_of(&dir)["active"], true);
    let d2 = dir.clone();
    let mut agent = move |c: &AgentCall| scripted(&d2, c);
    let r = run(&opts(&dir), &mut agent).unwrap();
    assert_eq!(r.phase, "pending-review");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_soft_fail_exit_stops_the_run() {
    let dir = repo("soft", &config(), feature("quick"));
    let mut agent = |_: &AgentCall| Ok(AgentResult::exit(1));
    let r = run(&opts(&dir), &mut agent).unwrap();
    assert_eq!(kinds(&r.decisions).last().unwrap(), "stop");
    assert_eq!(r.stop_reason, "soft-fail");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unanswered_question_ends_the_run_with_it_and_the_next_run_asks_again() {
    let dir = repo("human", &config(), feature("quick"));
    let root = dir.to_string_lossy().into_owned();
    let fdir = fourx_core::ops::call(
        "workspace.init_feature_dir",
        &json!({"root": root, "feature_id": FEATURE}),
    )
    .unwrap()["path"]
        .as_str()
        .unwrap()
        .to_string();
    // The step a run was at when it had to ask a person (an `await_human` decision, persisted
    // with its journal): no human callback, so the run ends with the question.
    let state = json!({"featureId": FEATURE, "phase": "coding", "role": "coder", "round": 1,
                       "maxRounds": 5, "active": true, "pid": i64::from(i32::MAX),
                       "runner": "claude", "profile": "quick"});
    let question = "approve coding (coder) of F001-profile-page in round 1?";
    let turn = json!({"decision": {"kind": "await_human", "gate": "coding", "question": question,
                                   "options": ["approve", "reject"], "timeout_ms": 0,
                                   "phase": "coding", "round": 1, "prepare": []},
                      "state": state, "loop": {"step": "top"}, "events": []});
    let journal = json!({"turn": turn, "events_before": 0});
    std::fs::write(
        Path::new(&fdir).join(fourx_run::JOURNAL_FILE),
        journal.to_string(),
    )
    .unwrap();
    let d2 = dir.clone();
    for _ in 0..2 {
        let d3 = d2.clone();
        let mut agent = move |c: &AgentCall| scripted(&d3, c);
        let r = run(&opts(&dir), &mut agent).unwrap();
        assert_eq!(r.question.as_deref(), Some(question));
        assert_eq!(r.last_kind(), "await_human");
        assert!(Path::new(&fdir).join(fourx_run::JOURNAL_FILE).is_file());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn parallel_review_test_runs_each_agent_with_its_own_runner_and_sends_both_guards() {
    let mut cfg = config();
    cfg["parallel_review_test"] = json!(true);
    cfg["runners"]["codex"] = json!({"command": "codex", "tiers": {"opus": "o3", "sonnet": "o4"}});
    cfg["roles"]["reviewer"]["runner"] = json!("codex");
    let dir = repo("parallel-review-test", &cfg, feature("full"));
    let d2 = dir.clone();
    let calls = std::rc::Rc::new(std::cell::RefCell::new(Vec::<AgentCall>::new()));
    let seen = calls.clone();
    let mut agent = move |c: &AgentCall| {
        seen.borrow_mut().push(c.clone());
        scripted(&d2, c)
    };
    let r = run(&opts(&dir), &mut agent).unwrap();
    assert_eq!(r.phase, "pending-review", "{:?}", r.decisions.last());
    let par = r
        .decisions
        .iter()
        .find(|d| d["kind"] == "run_parallel" && d["phase"] == "reviewing")
        .expect("one run_parallel for review and test");
    assert_eq!(par["guards"], json!(["scope", "testing"]));
    let calls = calls.borrow();
    let parallel: Vec<&AgentCall> = calls
        .iter()
        .filter(|c| c.purpose == "parallel" && c.phase == "reviewing")
        .collect();
    let by_role = |role: &str| *parallel.iter().find(|c| c.role == role).unwrap();
    assert_eq!(by_role("reviewer").runner, "codex", "roles.reviewer.runner");
    assert_eq!(by_role("tester").runner, "claude", "default_runner");
    // the review and test were one step: no separate reviewer or tester run_agent
    assert!(!r
        .decisions
        .iter()
        .any(|d| d["kind"] == "run_agent" && (d["role"] == "reviewer" || d["role"] == "tester")));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `profile` in a fresh repository whose agent fails (an error: the run ends, its state
/// persisted, as a killed run) on its second call, and whose journal is gone; returns the
/// repository and the role it failed.
fn killed_after_one_agent_run(tag: &str, cfg: &Value) -> (std::path::PathBuf, String) {
    let dir = repo(tag, cfg, feature("quick"));
    let d2 = dir.clone();
    let mut n = 0;
    let mut failed = String::new();
    let mut agent = |c: &AgentCall| -> Result<AgentResult> {
        n += 1;
        if n == 2 {
            failed.clone_from(&c.role);
            return Err(fourx_run::Error::invalid_input("killed"));
        }
        scripted(&d2, c)
    };
    assert!(run(&opts(&dir), &mut agent).is_err());
    // Killed before its journal was written (or by a runner that keeps none): the next run
    // starts from the persisted state and the events log.
    let journal = dir
        .join(".4x/run")
        .join(FEATURE)
        .join(fourx_run::JOURNAL_FILE);
    std::fs::remove_file(journal).unwrap();
    (dir, failed)
}

#[test]
fn a_resumed_run_numbers_its_next_iteration_after_the_last_one_in_the_log() {
    let (dir, failed) = killed_after_one_agent_run("resume-iteration", &config());
    let d2 = dir.clone();
    let calls = std::rc::Rc::new(std::cell::RefCell::new(Vec::<AgentCall>::new()));
    let seen = calls.clone();
    let mut agent = move |c: &AgentCall| {
        seen.borrow_mut().push(c.clone());
        scripted(&d2, c)
    };
    let r = run(&opts(&dir), &mut agent).unwrap();
    assert_eq!(r.phase, "pending-review");
    let first = calls.borrow()[0].clone();
    assert_eq!(first.role, failed);
    assert_eq!(
        first.iteration, 2,
        "the killed run's phase-start of {failed} is in the log"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_budget_is_counted_across_a_restart() {
    // How many agent runs (0.01 USD each) the profile takes end to end.
    let clean = repo("budget-clean", &config(), feature("quick"));
    let d2 = clean.clone();
    let mut count = 0u32;
    let mut agent = |c: &AgentCall| {
        count += 1;
        scripted(&d2, c)
    };
    run(&opts(&clean), &mut agent).unwrap();
    let _ = std::fs::remove_dir_all(&clean);
    // A limit the whole run crosses with its last agent, and the resumed part alone does not.
    let mut cfg = config();
    cfg["budget"] = json!({"max_cost_usd": f64::from(count) * 0.01 - 0.005});
    let (dir, _) = killed_after_one_agent_run("budget-restart", &cfg);
    let d3 = dir.clone();
    let mut agent = move |c: &AgentCall| scripted(&d3, c);
    let r = run(&opts(&dir), &mut agent).unwrap();
    assert_eq!(r.stop_reason, "budget-exceeded", "{:?}", r.decisions.last());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_e2e_screenshot_criterion_passes_the_testers_gate_when_a_listed_screenshot_is_a_file() {
    let dir = repo("screenshot", &config(), feature("normal"));
    let fdir = dir.join(".4x/run").join(FEATURE);
    std::fs::create_dir_all(&fdir).unwrap();
    std::fs::write(
        fdir.join("test-strategy.yaml"),
        "ac_verify_map:\n  AC-1: e2e-screenshot\n",
    )
    .unwrap();
    let d2 = dir.clone();
    let mut agent = move |c: &AgentCall| {
        let r = scripted(&d2, c)?;
        if c.role == "tester" {
            let shots = d2.join(".4x/screenshots");
            std::fs::create_dir_all(&shots).unwrap();
            std::fs::write(shots.join("01-profile.png"), b"png").unwrap();
            let verify = json!({"passed": true, "round": c.round, "role": "tester",
                "commands": [{"cmd": "pytest", "exit_code": 0}],
                "ac_results": [{"id": "AC-1", "passed": true, "evidence": ["$ e2e: 1 passed in 0.2s"]}],
                "screenshots": [{"path": "screenshots/01-profile.png", "step": "01",
                                 "description": "profile"}]});
            std::fs::write(
                Path::new(&c.round_dir).join("verify.json"),
                verify.to_string(),
            )
            .unwrap();
        }
        Ok(r)
    };
    let r = run(&opts(&dir), &mut agent).unwrap();
    assert_eq!(r.phase, "pending-review", "{:?}", r.decisions.last());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_e2e_screenshot_criterion_without_a_screenshot_file_fails_the_testers_gate() {
    let dir = repo("no-screenshot", &config(), feature("normal"));
    let fdir = dir.join(".4x/run").join(FEATURE);
    std::fs::create_dir_all(&fdir).unwrap();
    std::fs::write(
        fdir.join("test-strategy.yaml"),
        "ac_verify_map:\n  AC-1: e2e-screenshot\n",
    )
    .unwrap();
    let d2 = dir.clone();
    let mut agent = move |c: &AgentCall| scripted(&d2, c);
    let r = run(&opts(&dir), &mut agent).unwrap();
    assert_ne!(
        r.phase,
        "pending-review",
        "{:?}",
        r.decisions
            .iter()
            .map(|d| format!("{} {} {}", d["kind"], d["role"], d["guard"]))
            .collect::<Vec<_>>()
    );
    assert!(
        r.stop_message.contains("no screenshot file found"),
        "{}",
        r.stop_message
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_agent_command_sees_the_run_note_as_fourx_note() {
    let call = AgentCall {
        note: "check the login page".into(),
        ..AgentCall::default()
    };
    let env = fourx_run::agent_env(&call);
    assert!(env
        .iter()
        .any(|(k, v)| k == "FOURX_NOTE" && v == "check the login page"));
}
