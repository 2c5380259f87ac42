//! Shared fixtures of the runner's tests: a throw-away git repository with a `.4x/` workspace and
//! one feature, and scripted agents that write what each role writes.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use fourx_run::{AgentCall, AgentResult, Result};
use serde_json::{json, Value};

pub const FEATURE: &str = "F001-profile-page";

pub fn config() -> Value {
    json!({
        "project": {"name": "demo"},
        "default_runner": "claude",
        "runners": {"claude": {"command": "claude", "tiers": {"opus": "opus", "sonnet": "sonnet"}}},
        "roles": {"coder": {"model": "sonnet"}, "reviewer": {"model": "opus"}},
    })
}

fn git(dir: &Path, args: &[&str]) {
    let ok = Command::new("git")
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@e")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@e")
        .env("GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z")
        .env("GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z")
        .output()
        .expect("git runs")
        .status
        .success();
    assert!(ok, "git {args:?}");
}

/// A fresh repository under the temp dir: one commit, `.4x/` with `cfg`, the feature saved.
pub fn repo(tag: &str, cfg: &Value, feature: Value) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fourx-run-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("src/app.py"), "print('hi')\n").unwrap();
    git(&dir, &["init", "-q", "-b", "main"]);
    let root = dir.to_string_lossy().into_owned();
    fourx_core::ops::call("workspace.init", &json!({"root": root, "config": cfg})).unwrap();
    git(&dir, &["add", "-A"]);
    git(&dir, &["commit", "-q", "-m", "init"]);
    fourx_core::ops::call(
        "workspace.save_feature",
        &json!({"root": root, "feature": feature}),
    )
    .unwrap();
    dir
}

pub fn feature(profile: &str) -> Value {
    json!({"id": FEATURE, "name": "Profile page", "status": "not-started", "profile": profile})
}

fn write(dir: &str, name: &str, text: &str) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(Path::new(dir).join(name), text).unwrap();
}

const PASS: &str = "# Report\n\n## Summary\nfine\n\n## Verdict\nPASS\n";

/// The scripted agents: each role writes its artifacts into the folders of the call; the coder
/// changes `src/profile.py` in the repository `repo`.
pub fn scripted(repo: &Path, call: &AgentCall) -> Result<AgentResult> {
    let (f, r) = (call.feature_dir.as_str(), call.round_dir.as_str());
    match call.role.as_str() {
        "designer" => {
            write(f, "task-brief.md", "# Task brief\n\nA profile page.\n");
            write(
                f,
                "acceptance-criteria.md",
                "# AC\n\n- AC-1: shows the name\n",
            );
        }
        "design-reviewer" => write(f, "design-review-report.md", PASS),
        "coder" | "mini-coder" => {
            std::fs::write(
                repo.join("src/profile.py"),
                "def render():\n    return 'me'\n",
            )
            .unwrap();
            write(
                r,
                "coder-report.md",
                "# Coder\n\n## Verification\n- tests pass\n",
            );
            write(r, "build-gate.json", "{\"passed\": true}");
        }
        "reviewer" | "re-verifier" => write(r, "review-report.md", PASS),
        "tester" => {
            write(r, "test-report.md", PASS);
            write(
                f,
                "final-report.md",
                "# Final report\n\n## Status\nready-for-review\n",
            );
            write(
                r,
                "verify.json",
                "{\"passed\": true, \"round\": 1, \"role\": \"tester\", \"commands\": [{\"cmd\": \"pytest\", \"exit_code\": 0}], \"ac_results\": [{\"id\": \"AC-1\", \"passed\": true, \"evidence\": [\"$ pytest -q: 1 passed in 0.01s\"]}]}",
            );
        }
        "deep-reviewer" | "synthesizer" if !call.partial.is_empty() => write(
            r,
            &call.partial,
            "# Partial\n\nNo findings.\n\n## Statistics\n- findings: 0\n",
        ),
        "deep-reviewer" | "synthesizer" => write(r, "deep-review-report.md", PASS),
        "fixer" => write(
            r,
            "fixer-report.md",
            "# Fixer\n\n## Verification\n- all green\n",
        ),
        "acceptor" => write(
            f,
            "final-report.md",
            "# Final report\n\n## Status\nready-for-review\n",
        ),
        "round-summarizer" => write(f, "rounds-summary.md", "# Rounds\n"),
        other => panic!("no scripted agent for {other}"),
    }
    Ok(AgentResult {
        exit_code: 0,
        stats: Some(json!({"tokens_used": 10, "cost_usd": 0.01, "duration_ms": 5})),
        ..AgentResult::default()
    })
}

/// The decision kinds of a run, in order.
pub fn kinds(decisions: &[Value]) -> Vec<String> {
    decisions
        .iter()
        .map(|d| d["kind"].as_str().unwrap_or("").to_string())
        .collect()
}
