//! A harness on fourx in Rust: the scripted agent is the harness's only part; `fourx_run::run`
//! executes every decision of the run (README "Writing a harness on fourx" shows `main` verbatim).
//! `cargo run -p fourx-run --example harness` prints the result; `cargo test` runs it as a test.

use std::path::{Path, PathBuf};
use std::process::Command;

use fourx_run::{run, AgentCall, AgentResult, Result, RunOptions, RunResult};

/// The scripted agent: the files each role of the `quick` profile writes.
fn agent(call: &AgentCall) -> Result<AgentResult> {
    let files: &[(&str, &str)] = match call.role.as_str() {
        "coder" => &[
            ("coder-report.md", "## Verification\nok\n"),
            ("build-gate.json", "{\"passed\": true}"),
        ],
        "reviewer" => &[("review-report.md", "## Verdict\nPASS\n")],
        _ => &[],
    };
    for (name, text) in files {
        std::fs::write(Path::new(&call.round_dir).join(name), text)
            .map_err(|e| fourx_run::Error::io("write", &e))?;
    }
    Ok(AgentResult::exit(0))
}

/// A git repository with `.4x/` and feature F001-demo, then the run.
fn harness(repo: &Path) -> Result<RunResult> {
    let cfg = serde_json::json!({"project": {"name": "demo"}, "default_runner": "claude",
        "runners": {"claude": {"command": "claude", "tiers": {"sonnet": "sonnet"}}}});
    let root = repo.to_string_lossy();
    fourx_core::ops::call(
        "workspace.init",
        &serde_json::json!({"root": root, "config": cfg}),
    )?;
    for args in [
        &["init", "-q"][..],
        &["add", "-A"],
        &[
            "-c",
            "user.name=d",
            "-c",
            "user.email=d@e",
            "commit",
            "-qm",
            "init",
        ],
    ] {
        Command::new("git")
            .args(args)
            .current_dir(repo)
            .status()
            .map_err(|e| fourx_run::Error::io("git", &e))?;
    }
    let feature = serde_json::json!({"id": "F001-demo", "name": "Demo", "profile": "quick"});
    fourx_core::ops::call(
        "workspace.save_feature",
        &serde_json::json!({"root": root, "feature": feature}),
    )?;
    run(&RunOptions::new(repo, "F001-demo"), &mut agent)
}

fn main() -> Result<()> {
    let repo: PathBuf =
        std::env::temp_dir().join(format!("fourx-run-harness-{}", std::process::id()));
    std::fs::create_dir_all(&repo).map_err(|e| fourx_run::Error::io("mkdir", &e))?;
    let result = harness(&repo);
    let _ = std::fs::remove_dir_all(&repo);
    let result = result?;
    println!(
        "{} decisions; {} ({})",
        result.decisions.len(),
        result.phase,
        result.stop_reason
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_harness_reaches_pending_review() {
        let repo = std::env::temp_dir().join(format!("fourx-run-harness-t-{}", std::process::id()));
        std::fs::create_dir_all(&repo).unwrap();
        let result = super::harness(&repo).unwrap();
        let _ = std::fs::remove_dir_all(&repo);
        assert_eq!(result.phase, "pending-review");
        assert!(result.finished());
    }
}
