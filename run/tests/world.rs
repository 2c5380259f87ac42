//! The runner against a hostile world: hooks that fail, time out or hang; a FIFO or a link where
//! a collected file should be; a guard that refuses; the round folder of decisions without an
//! own round (the round-0 regression); a replaced clock.

mod common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{config, feature, repo, scripted, FEATURE};
use fourx_run::{run, run_with, AgentCall, RealWorld, RunOptions, Shell, ShellOutcome, World};
use serde_json::{json, Value};

fn events(dir: &Path) -> Vec<Value> {
    let text =
        std::fs::read_to_string(dir.join(".4x/run").join(FEATURE).join("events.jsonl")).unwrap();
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn with_hook(tag: &str, hook: Value) -> std::path::PathBuf {
    let mut cfg = config();
    cfg["hooks"] = json!({ "pre_reviewing": [hook] });
    repo(tag, &cfg, feature("quick"))
}

fn scripted_run(dir: &Path, opts: &RunOptions) -> fourx_run::RunResult {
    let d2 = dir.to_path_buf();
    let mut agent = move |c: &AgentCall| scripted(&d2, c);
    run(opts, &mut agent).unwrap()
}

#[test]
fn a_failing_hook_stops_the_run_with_its_hook_event() {
    let dir = with_hook("hook-fail", json!({"run": "echo broken >&2; exit 3"}));
    let r = scripted_run(&dir, &RunOptions::new(&dir, FEATURE));
    assert_eq!(r.stop_reason, "pre-hook-fail");
    assert_eq!(r.phase, "needs-attention");
    let hook = events(&dir)
        .into_iter()
        .find(|e| e["type"] == "hook")
        .unwrap();
    assert_eq!(hook["status"], "fail");
    assert_eq!(hook["detail"], "exit 3");
    assert_eq!(hook["action"], "pre_reviewing");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hook_that_fails_with_on_fail_warn_lets_the_run_go_on() {
    let dir = with_hook("hook-warn", json!({"run": "exit 1", "on_fail": "warn"}));
    let r = scripted_run(&dir, &RunOptions::new(&dir, FEATURE));
    assert_eq!(r.phase, "pending-review");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hook_past_its_timeout_is_killed_and_fails() {
    let dir = with_hook("hook-timeout", json!({"run": "sleep 30"}));
    let mut opts = RunOptions::new(&dir, FEATURE);
    opts.hook_timeout_s = Some(1);
    let t = Instant::now();
    let r = scripted_run(&dir, &opts);
    assert!(t.elapsed() < Duration::from_secs(15), "{:?}", t.elapsed());
    assert_eq!(r.stop_reason, "pre-hook-fail");
    let hook = events(&dir)
        .into_iter()
        .find(|e| e["type"] == "hook")
        .unwrap();
    assert_eq!(hook["detail"], "timed out");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_hook_whose_background_child_holds_its_output_does_not_hang_the_run() {
    // The hook exits 0 at once, leaving a grandchild with its stdout and stderr open.
    let dir = with_hook("hook-hang", json!({"run": "sleep 30 & exit 0"}));
    let t = Instant::now();
    let r = scripted_run(&dir, &RunOptions::new(&dir, FEATURE));
    assert!(t.elapsed() < Duration::from_secs(15), "{:?}", t.elapsed());
    assert_eq!(r.phase, "pending-review");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_fifo_where_a_collected_file_should_be_is_missing_and_never_blocks() {
    let dir = repo("collect-fifo", &config(), feature("quick"));
    let d2 = dir.clone();
    let mut agent = move |c: &AgentCall| {
        if c.role == "reviewer" {
            let p = Path::new(&c.round_dir).join("review-report.md");
            rustix::fs::mkfifoat(rustix::fs::CWD, &p, 0o600.into()).unwrap();
            return Ok(fourx_run::AgentResult::exit(0));
        }
        scripted(&d2, c)
    };
    let t = Instant::now();
    let r = run(&RunOptions::new(&dir, FEATURE), &mut agent).unwrap();
    assert!(t.elapsed() < Duration::from_secs(15));
    assert_ne!(r.phase, "pending-review", "a FIFO is no review report");
    assert!(
        r.warnings
            .iter()
            .any(|w| w.contains("review-report.md is not a regular file")),
        "{:?}",
        r.warnings
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_symlink_where_a_collected_file_should_be_is_missing_and_never_followed() {
    let dir = repo("collect-link", &config(), feature("quick"));
    let outside = dir.join("pass.md");
    std::fs::write(&outside, "# Review\n\n## Verdict\nPASS\n").unwrap();
    let d2 = dir.clone();
    let mut agent = move |c: &AgentCall| {
        if c.role == "reviewer" {
            let p = Path::new(&c.round_dir).join("review-report.md");
            std::os::unix::fs::symlink(&outside, p).unwrap();
            return Ok(fourx_run::AgentResult::exit(0));
        }
        scripted(&d2, c)
    };
    let r = run(&RunOptions::new(&dir, FEATURE), &mut agent).unwrap();
    assert_ne!(
        r.phase, "pending-review",
        "a link to a PASS report is no review report"
    );
    assert!(r.warnings.iter().any(|w| w.contains("symbolic link")));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_change_outside_the_feature_repos_is_refused_by_the_guard() {
    let mut f = feature("quick");
    f["repos"] = json!(["api"]);
    let dir = repo("guard-scope", &config(), f);
    std::fs::create_dir_all(dir.join("api")).unwrap();
    // The scripted coder changes src/profile.py: repository "src", not "api".
    let r = scripted_run(&dir, &RunOptions::new(&dir, FEATURE));
    assert_eq!(r.stop_reason, "guard-fail");
    assert_eq!(r.phase, "needs-attention");
    assert!(
        r.stop_message
            .contains("scope violation: repo \"src\" not in feature repos"),
        "{}",
        r.stop_message
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn prepare_actions_of_a_stop_land_in_the_state_round_never_in_round_0() {
    let dir = repo("round0", &config(), feature("quick"));
    let root = dir.to_string_lossy().into_owned();
    let d2 = dir.clone();
    let mut agent = move |c: &AgentCall| {
        let out = scripted(&d2, c);
        if c.role == "coder" {
            // The user asks the run to stop while the coder works: the stop decision that
            // follows carries the review package of round 1 as a prepare action.
            fourx_core::ops::call(
                "workspace.request_stop",
                &json!({"root": root, "feature_id": FEATURE}),
            )
            .unwrap();
        }
        out
    };
    let r = run(&RunOptions::new(&dir, FEATURE), &mut agent).unwrap();
    let last = r.decisions.last().unwrap();
    assert_eq!(last["kind"], "stop");
    assert_eq!(last["round"], 1);
    assert_eq!(last["prepare"][0]["action"], "review_package");
    let rounds = dir.join(".4x/run").join(FEATURE).join("rounds");
    assert!(rounds.join("round-1/review-package.md").is_file());
    assert!(
        !rounds.join("round-0").exists(),
        "nothing may be written into rounds/round-0"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A world with a fixed clock; the rest is real.
struct FixedClock(RealWorld);

impl World for FixedClock {
    fn now(&mut self) -> String {
        "2030-01-02T03:04:05Z".into()
    }
    fn sh(&mut self, shell: &Shell<'_>) -> ShellOutcome {
        self.0.sh(shell)
    }
    fn git(&mut self, cwd: &Path, args: &[&str]) -> Result<String, String> {
        self.0.git(cwd, args)
    }
    fn pid(&mut self) -> i64 {
        self.0.pid()
    }
    fn interrupted(&mut self) -> bool {
        false
    }
    fn sleep_ms(&mut self, _: u64) {}
}

#[test]
fn the_world_supplies_the_clock() {
    let dir = repo("clock", &config(), feature("quick"));
    let d2 = dir.clone();
    let mut agent = move |c: &AgentCall| scripted(&d2, c);
    let r = run_with(
        &RunOptions::new(&dir, FEATURE),
        &mut agent,
        &mut FixedClock(RealWorld::new()),
    )
    .unwrap();
    assert_eq!(r.state["updatedAt"], "2030-01-02T03:04:05Z");
    assert!(events(&dir)
        .iter()
        .all(|e| e["ts"] == "2030-01-02T03:04:05Z"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A world whose interrupt flag is up from the start (SIGINT before the first decision).
#[test]
fn an_interrupt_stops_the_run_as_interrupted() {
    let dir = repo("interrupt", &config(), feature("quick"));
    let world = RealWorld::new();
    world
        .interrupt_flag()
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let d2 = dir.clone();
    let mut agent = move |c: &AgentCall| scripted(&d2, c);
    let r = run_with(
        &RunOptions::new(&dir, FEATURE),
        &mut agent,
        &mut world.clone(),
    )
    .unwrap();
    assert_eq!(r.stop_reason, "interrupted");
    let _ = std::fs::remove_dir_all(&dir);
}
