//! Writing a harness on fourx, in Rust: the conductor decides every step of the run loop
//! (which phase runs, what a verdict means, retries, stops); the loop below only executes the
//! decisions -- scripted agents here -- and writes `state.json` and `events.jsonl` with the
//! workspace ops. README's "Writing a harness on fourx" shows `conduct` verbatim.
//!
//! `cargo run -p fourx-core --example harness` prints the trace; `cargo test` runs it as a test.

use fourx_core::ops::call;
use fourx_core::Result;
use serde_json::{json, Value};

/// The scripted world: what executing `decision` produced, as a conductor outcome (`None` for
/// `stop` / `finish`, and for a decision this world cannot execute).
fn execute(decision: &Value) -> Option<Value> {
    let coder = json!({
        "coder-report.md": "# Report\n\n## Verification\nall green\n",
        "build-gate.json": "{\"passed\": true}"
    });
    let review = json!({"review-report.md": "# Review\n\n## Verdict\nPASS\n"});
    match (
        decision["kind"].as_str()?,
        decision["role"].as_str().unwrap_or(""),
    ) {
        ("capture_baseline", _) => {
            Some(json!({"kind": "baseline", "ok": true, "base_commit": "abc123"}))
        }
        ("run_agent", "coder") => Some(json!({"kind": "agent_exit", "exit_code": 0,
            "round_files": coder, "guard": {"pass": true, "errors": []}})),
        ("run_agent", "reviewer") => {
            Some(json!({"kind": "agent_exit", "exit_code": 0, "round_files": review}))
        }
        _ => None,
    }
}

/// The harness loop: start, then persist each step, execute its decision and apply the outcome,
/// until `stop` or `finish`. Returns the last decision.
fn conduct(root: &str, config: &Value, feature: &Value, now: &str) -> Result<Value> {
    let at = json!({"root": root, "feature_id": feature["id"]});
    call("workspace.init_feature_dir", &at)?;
    let start = json!({"config": config, "feature": feature, "now": now,
                       "pid": std::process::id(), "profile_name": "quick"});
    let mut step = call("conductor.start", &start)?;
    loop {
        let state =
            json!({"root": root, "feature_id": feature["id"], "state": step["state"], "now": now});
        call("workspace.write_state", &state)?;
        for event in step["events"].as_array().into_iter().flatten() {
            let event =
                json!({"root": root, "feature_id": feature["id"], "event": event, "now": now});
            call("workspace.append_event", &event)?;
        }
        let decision = step["decision"].clone();
        println!(
            "decision {:<18} phase {}",
            decision["kind"], decision["phase"]
        );
        for action in decision["prepare"].as_array().into_iter().flatten() {
            if action["action"] == "clear_stop_signal" {
                call("workspace.clear_stop", &at)?;
            }
        }
        let Some(outcome) = execute(&decision) else {
            return Ok(decision);
        };
        let apply = json!({"config": config, "feature": feature, "state": step["state"],
                           "loop": step["loop"], "outcome": outcome});
        step = call("conductor.apply", &apply)?;
    }
}

/// Runs one feature through the `quick` profile in a temporary workspace.
fn run() -> Result<(Value, Value)> {
    let root = std::env::temp_dir().join(format!("fourx-harness-{}", std::process::id()));
    std::fs::create_dir_all(&root)
        .map_err(|e| fourx_core::Error::new(fourx_core::ErrorKind::IoError, e.to_string()))?;
    let root_str = root.to_string_lossy().into_owned();
    let config = json!({"default_runner": "claude",
        "runners": {"claude": {"command": "claude", "tiers": {"opus": "opus", "sonnet": "sonnet"}}}});
    let feature = json!({"id": "F001-demo", "name": "Demo"});
    let last = conduct(&root_str, &config, &feature, "2026-11-29T10:00:00Z");
    let state = call(
        "workspace.read_state",
        &json!({"root": root_str, "feature_id": "F001-demo"}),
    );
    let _ = std::fs::remove_dir_all(&root);
    Ok((last?, state?["state"].clone()))
}

fn main() -> Result<()> {
    let (last, state) = run()?;
    println!(
        "last decision {}; state.json phase {}",
        last["kind"], state["phase"]
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_harness_loop_ends_in_pending_review() {
        let (last, state) = super::run().expect("the harness runs");
        assert_eq!(last["kind"], "finish");
        assert_eq!(state["phase"], "pending-review");
        assert_eq!(state["active"], false);
    }
}
