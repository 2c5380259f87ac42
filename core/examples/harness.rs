//! Writing a harness on fourx, in Rust: the conductor decides every step of the run loop
//! (which phase runs, what a verdict means, retries, stops); the loop below only executes the
//! decisions -- scripted agents here -- and writes `state.json` and `events.jsonl` through
//! [`WorkspaceFs`]. README's "Writing a harness on fourx" shows `conduct` verbatim.
//!
//! `cargo run -p fourx-core --example harness` prints the trace; `cargo test` runs it as a test.

use fourx_core::conductor::{self, Action, AgentCall, AgentExit, Decision, Facts, GuardResult};
use fourx_core::conductor::{Outcome, Prepare, StartInput};
use fourx_core::protocol::config::{decode, Config};
use fourx_core::protocol::feature::Feature;
use fourx_core::protocol::state::parse_time;
use fourx_core::workspace::{FeatureId, WorkspaceFs};
use fourx_core::{Error, ErrorKind, Result};
use serde_json::json;

/// The scripted agents: the report each role writes (a real harness runs `call.runner` with
/// `call.model` here, once, and reads back the files `call.collect` names).
fn run_agent(call: &AgentCall) -> AgentExit {
    let files: &[(&str, &str)] = match call.role.as_str() {
        "coder" => &[
            (
                "coder-report.md",
                "# Report\n\n## Verification\nall green\n",
            ),
            ("build-gate.json", "{\"passed\": true}"),
        ],
        "reviewer" => &[("review-report.md", "# Review\n\n## Verdict\nPASS\n")],
        _ => &[],
    };
    let round_files = files
        .iter()
        .map(|(name, text)| ((*name).to_string(), Some((*text).to_string())))
        .collect();
    // It ran and exited 0: the guard the decision names runs too.
    let guard = call.guard.map(|_| GuardResult {
        pass: true,
        ..GuardResult::default()
    });
    AgentExit {
        round_files,
        guard,
        ..AgentExit::default()
    }
}

/// The harness loop: start, then persist each turn, execute its decision and apply the outcome,
/// until `stop` or `finish`. Returns the last decision.
fn conduct(ws: &WorkspaceFs, cfg: &Config, feature: &Feature, now: &str) -> Result<Decision> {
    let id = FeatureId::new(&feature.id)?;
    let at = parse_time(now).map_err(|e| Error::new(ErrorKind::InvalidTime, e.to_string()))?;
    ws.init_feature_dir(&id)?;
    let pid = i64::from(std::process::id());
    let start = StartInput {
        now: now.into(),
        pid,
        ..StartInput::default()
    };
    let mut turn = conductor::start(cfg, feature, &start)?;
    loop {
        ws.write_state(&id, &turn.state, at)?;
        for event in &turn.events {
            ws.append_event(&id, event, at)?;
        }
        println!(
            "decision {:<18} phase {}",
            turn.decision.kind(),
            turn.state.phase.as_str()
        );
        for action in &turn.decision.prepare {
            if let Prepare::ClearStopSignal = action {
                ws.clear_stop(&id)?; // (remove, write_json ... act on the harness's files)
            }
        }
        let outcome = match &turn.decision.action {
            Action::RunAgent(call) => Outcome::AgentExit(run_agent(call)),
            Action::CaptureBaseline { .. } => Outcome::Baseline {
                ok: true,
                error: None,
                base_commit: Some("abc123".into()),
            },
            Action::Stop { .. } | Action::Finish { .. } => return Ok(turn.decision),
            _ => return Err(Error::new(ErrorKind::InvalidInput, "not in this sketch")),
        };
        let facts = Facts {
            stop_requested: ws.stop_requested(&id),
            ..Facts::default()
        };
        turn = conductor::apply(cfg, feature, &turn.state, &turn.lp, &outcome, Some(&facts))?;
    }
}

/// Runs one feature through the `quick` profile (coding, reviewing) in a temporary workspace;
/// returns the last decision and the phase `state.json` ends in.
fn run() -> Result<(Decision, String)> {
    let root = std::env::temp_dir().join(format!("fourx-harness-{}", std::process::id()));
    std::fs::create_dir_all(&root).map_err(|e| Error::io("create the workspace", &e))?;
    let ws = WorkspaceFs::new(&root.to_string_lossy())?;
    let cfg: Config = decode(
        &json!({"default_runner": "claude",
                "runners": {"claude": {"command": "claude", "tiers": {"sonnet": "sonnet"}}}}),
        "config",
    )?;
    let feature: Feature = decode(&json!({"id": "F001-demo", "profile": "quick"}), "feature")?;
    let last = conduct(&ws, &cfg, &feature, "2026-11-29T10:00:00Z");
    let phase = FeatureId::new("F001-demo").and_then(|id| ws.read_state(&id));
    let _ = std::fs::remove_dir_all(&root);
    Ok((last?, phase?.phase.as_str().to_string()))
}

fn main() -> Result<()> {
    let (last, phase) = run()?;
    println!("last decision {}; state.json phase {phase}", last.kind());
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_harness_loop_ends_in_pending_review() {
        let (last, phase) = super::run().expect("the harness runs");
        assert_eq!(last.kind(), "finish");
        assert_eq!(phase, "pending-review");
    }
}
