//! A SIGKILL at every decision boundary of a `full` run, then `run` again: the same final state
//! and the same events (less timestamps, durations and the pid) as an uninterrupted run.

mod common;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{config, feature, repo, FEATURE};
use fourx_run::{run_with, CommandAgent, RealWorld, RunOptions};
use serde_json::{json, Value};

fn agent_cmd() -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/agent.sh");
    format!("sh {}", p.display())
}

/// state.json and the events, without the keys that are clocks, durations or the process.
fn snapshot(dir: &Path) -> (Value, Vec<Value>) {
    let root = dir.to_string_lossy();
    let mut state = fourx_core::ops::call(
        "workspace.read_state",
        &json!({"root": root, "feature_id": FEATURE}),
    )
    .unwrap()["state"]
        .clone();
    for k in ["createdAt", "updatedAt", "since", "pid"] {
        state.as_object_mut().unwrap().remove(k);
    }
    let text =
        std::fs::read_to_string(dir.join(".4x/run").join(FEATURE).join("events.jsonl")).unwrap();
    let events = text
        .lines()
        .map(|l| {
            let mut e: Value = serde_json::from_str(l).unwrap();
            // The conductor's checkpoint holds the state, whose pid and times differ per run.
            for k in ["ts", "duration_ms", "checkpoint"] {
                e.as_object_mut().unwrap().remove(k);
            }
            e
        })
        .collect();
    (state, events)
}

fn run_to_end(dir: &Path) -> fourx_run::RunResult {
    let mut world = RealWorld::new();
    let mut agent = CommandAgent::new(&agent_cmd(), dir, &world);
    run_with(&RunOptions::new(dir, FEATURE), &mut agent, &mut world).unwrap()
}

#[test]
fn a_sigkill_at_every_decision_boundary_then_run_again_ends_as_an_uninterrupted_run() {
    let clean = repo("kill-clean", &config(), feature("full"));
    let result = run_to_end(&clean);
    assert_eq!(result.phase, "pending-review", "{}", result.stop_message);
    let want = snapshot(&clean);
    let n = result.decisions.len();
    assert!(n >= 10, "a full run has many decisions ({n})");
    for k in 1..n {
        let dir = repo(&format!("kill-{k}"), &config(), feature("full"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_fourx-run"))
            .args(["--root", &dir.to_string_lossy(), "--feature", FEATURE])
            .args(["--agent-cmd", &agent_cmd()])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let out = BufReader::new(child.stdout.take().unwrap());
        let mut seen = 0;
        for line in out.lines() {
            if line.unwrap().starts_with("[round") {
                seen += 1;
                if seen == k {
                    break;
                }
            }
        }
        child.kill().unwrap(); // SIGKILL
        let _ = child.wait();
        let again = run_to_end(&dir);
        assert_eq!(again.phase, "pending-review", "killed at decision {k}");
        let got = snapshot(&dir);
        assert_eq!(got.0, want.0, "state after a kill at decision {k}");
        assert_eq!(got.1, want.1, "events after a kill at decision {k}");
        let _ = std::fs::remove_dir_all(&dir);
    }
    let _ = std::fs::remove_dir_all(&clean);
}
