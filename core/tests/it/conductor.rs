//! The conductor's guarantees (conductor.md §9, §11) as properties over arbitrary outcome
//! sequences, for every built-in profile and random profiles:
//!
//! - a harness that executes the decisions faithfully never makes an illegal transition and
//!   never gets a decision it cannot execute (every outcome it sends back is accepted);
//! - every run reaches `stop` / `finish` within the bound of §9;
//! - `run_script` of the same inputs gives the same decisions, states and events (replay), and
//!   stepping `start` / `apply` by hand gives what `run_script` gives.

use proptest::prelude::*;
use serde_json::{json, Value};

use fourx_core::conductor::{self, Action, Decision, Outcome, Purpose, StartInput, Turn};
use fourx_core::machine::can_transition_str;
use fourx_core::protocol::config::{decode, Config};
use fourx_core::protocol::feature::Feature;

const PASS: &str = "# Review\n\n## Verdict\nPASS\n";
const FAIL: &str = "# Review\n### [CRITICAL] broken\n\n## Verdict\nFAIL\n";
const COND: &str = "# Review\n### [WARNING] naming\n\n## Verdict\nCONDITIONAL PASS\n";
const CODER: &str = "# Coder report\n\n## Verification\nall green\n";
const GATE: &str = "{\"passed\": true}";
const VERIFY_OK: &str = "{\"passed\": true}";
const VERIFY_FAIL: &str = "{\"passed\": false}";
const PARTIAL: &str = "# partial\n\n## Statistics\n1 issue\n";
const READY: &str = "# Final\n\n## Status\nready-for-review\n";

/// One generated scenario: config knobs, the profile and the harness's outcome choices.
#[derive(Debug, Clone)]
struct Scenario {
    profile: Vec<&'static str>,
    builtin: Option<&'static str>,
    parallel_reviewers: i64,
    transient_retries: Option<i64>,
    max_fix_rounds: i64,
    hooks: bool,
    health_check: bool,
    auto_discover: bool,
    max_rounds: i64,
    choices: Vec<u8>,
    /// Round 2 knobs (conductor.md §15): parallel review/test, a budget, human gates.
    extra: Extra,
}

/// The knobs of conductor.md §15 a scenario may turn on.
#[derive(Debug, Clone, Default)]
struct Extra {
    parallel_review_test: bool,
    max_cost_usd: Option<f64>,
    max_agent_runs: Option<i64>,
    gates: Vec<&'static str>,
    reviewer_runner: bool,
}

fn extra() -> impl Strategy<Value = Extra> {
    (
        any::<bool>(),
        prop_oneof![Just(None), Just(Some(0.05)), Just(Some(0.5))],
        prop_oneof![Just(None), Just(Some(1i64)), Just(Some(6))],
        proptest::sample::subsequence(vec!["coding", "reviewing", "accepting"], 0..=2),
        any::<bool>(),
    )
        .prop_map(|(p, c, r, g, rr)| Extra {
            parallel_review_test: p,
            max_cost_usd: c,
            max_agent_runs: r,
            gates: g,
            reviewer_runner: rr,
        })
}

const SELECTABLE: [&str; 8] = [
    "designing",
    "design-reviewing",
    "coding",
    "reviewing",
    "testing",
    "deep-reviewing",
    "fixing",
    "accepting",
];

fn scenario() -> impl Strategy<Value = Scenario> {
    let profile = prop_oneof![
        Just((Some("full"), vec![])),
        Just((Some("normal"), vec![])),
        Just((Some("quick"), vec![])),
        Just((Some("lite"), vec![])),
        proptest::sample::subsequence(SELECTABLE.to_vec(), 0..=8).prop_map(|mut p| {
            if !p.contains(&"coding") {
                p.push("coding");
            }
            (None, p)
        }),
    ];
    (
        profile,
        1i64..=3,
        prop_oneof![Just(None), Just(Some(0)), Just(Some(1))],
        1i64..=2,
        any::<bool>(),
        any::<bool>(),
        any::<bool>(),
        1i64..=5,
        proptest::collection::vec(any::<u8>(), 1..64),
        extra(),
    )
        .prop_map(
            |((builtin, profile), pr, tr, mf, hooks, hc, ad, mr, choices, extra)| Scenario {
                profile,
                builtin,
                parallel_reviewers: pr,
                transient_retries: tr,
                max_fix_rounds: mf,
                hooks,
                health_check: hc,
                auto_discover: ad,
                max_rounds: mr,
                choices,
                extra,
            },
        )
}

fn config_json(s: &Scenario) -> Value {
    let mut runner =
        json!({"command": "claude", "tiers": {"opus": "claude-opus", "sonnet": "claude-sonnet"}});
    let codex = json!({"command": "codex", "tiers": {"opus": "gpt-5", "sonnet": "gpt-5-mini"}});
    if let Some(t) = s.transient_retries {
        runner["transient_retries"] = json!(t);
    }
    let mut cfg = json!({
        "project": {"name": "demo"},
        "default_runner": "claude",
        "runners": {"claude": runner, "codex": codex},
        "roles": {
            "deep-reviewer": {"parallel_reviewers": s.parallel_reviewers, "max_fix_rounds": s.max_fix_rounds},
            "reviewer": {"max_fix_rounds": s.max_fix_rounds},
        },
        "auto_discover_features": s.auto_discover,
    });
    if s.builtin.is_none() {
        let phases: Vec<Value> = s.profile.iter().map(|p| json!({"phase": p})).collect();
        cfg["profiles"] = json!({"rand": {"phases": phases}});
    }
    if s.hooks {
        cfg["hooks"] =
            json!({"pre_reviewing": [{"run": "make lint"}], "post_designing": [{"run": "echo"}]});
    }
    if s.health_check {
        cfg["health_check"] = json!({"commands": ["curl -f localhost/health"]});
    }
    let x = &s.extra;
    cfg["parallel_review_test"] = json!(x.parallel_review_test);
    let mut budget = json!({});
    if let Some(c) = x.max_cost_usd {
        budget["max_cost_usd"] = json!(c);
    }
    if let Some(r) = x.max_agent_runs {
        budget["max_agent_runs"] = json!(r);
    }
    cfg["budget"] = budget;
    cfg["approval_gates"] = json!(x.gates);
    if x.reviewer_runner {
        cfg["roles"]["reviewer"]["runner"] = json!("codex");
    }
    cfg
}

fn start_json(s: &Scenario) -> Value {
    json!({
        "now": "2025-03-01T10:00:00Z",
        "pid": 4242,
        "profile_name": s.builtin.unwrap_or("rand"),
        "max_rounds": s.max_rounds,
    })
}

/// The faithful harness: the outcome of executing `d`, shaped by one choice byte.
fn outcome_for(d: &Decision, c: u8) -> Value {
    let v = c / 16;
    match &d.action {
        Action::RunAgent(a) => {
            let guard = |pass: bool| json!({"pass": pass, "errors": if pass { vec![] } else { vec!["out of scope"] }, "all_retryable": c.is_multiple_of(2)});
            match c % 16 {
                0 => return json!({"kind": "agent_exit", "exit_code": 2}),
                1 => {
                    return json!({"kind": "agent_exit", "exit_code": 1, "stderr_tail": "assertion failed"})
                }
                2 => return json!({"kind": "agent_exit", "error": "exec: not found"}),
                3 => {
                    return json!({"kind": "agent_exit", "exit_code": 1, "stderr_tail": "Error: 429 Too Many Requests"})
                }
                _ => {}
            }
            let mut o = json!({"kind": "agent_exit", "exit_code": 0,
                "stats": {"tokens_used": 100, "cost_usd": 0.02, "duration_ms": 5}});
            if a.guard.is_some() {
                o["guard"] = guard(!v.is_multiple_of(5));
            }
            let (ff, rf) = match (a.purpose, a.phase.as_str()) {
                (Purpose::Main, "designing") if v.is_multiple_of(4) => {
                    (json!({"task-brief.md": "b"}), json!({}))
                }
                (Purpose::Main, "designing") => (
                    json!({"task-brief.md": "b", "acceptance-criteria.md": "c"}),
                    json!({}),
                ),
                (Purpose::Main, "design-reviewing") => (
                    json!({"design-review-report.md": if v.is_multiple_of(3) { FAIL } else { PASS }}),
                    json!({}),
                ),
                (Purpose::Main, "coding" | "amending") => match v % 6 {
                    1 => (
                        json!({}),
                        json!({"coder-report.md": CODER, "build-gate.json": GATE, "escalation.json": "{\"needed\":true,\"reason\":\"spec-mismatch\"}"}),
                    ),
                    2 => (json!({}), json!({"coder-report.md": CODER})),
                    _ => (
                        json!({}),
                        json!({"coder-report.md": CODER, "build-gate.json": GATE}),
                    ),
                },
                (Purpose::Main | Purpose::ReviewRerun, "reviewing") => (
                    json!({}),
                    json!({"review-report.md": match v % 3 { 0 => FAIL, 1 => COND, _ => PASS }}),
                ),
                (Purpose::Main, "testing") => match v % 3 {
                    0 => (
                        json!({}),
                        json!({"verify.json": VERIFY_FAIL, "test-report.md": FAIL, "review-report.md": PASS}),
                    ),
                    _ => (
                        json!({}),
                        json!({"verify.json": VERIFY_OK, "test-report.md": PASS, "review-report.md": PASS}),
                    ),
                },
                (Purpose::Main, "fixing") if v.is_multiple_of(5) => (
                    json!({}),
                    json!({"fixer-report.md": "f", "escalation.json": "{\"needed\":true,\"reason\":\"scope-change\"}"}),
                ),
                (Purpose::Main, "fixing") => (json!({}), json!({"fixer-report.md": "f"})),
                (Purpose::Main, "accepting") => (
                    json!({"final-report.md": if v.is_multiple_of(4) { "## Status\nneeds-attention\n" } else { READY }}),
                    json!({}),
                ),
                (Purpose::DeepReview | Purpose::Synthesizer | Purpose::ReVerifier, _) => (
                    json!({}),
                    json!({"deep-review-report.md": match v % 3 { 0 => FAIL, 1 => COND, _ => PASS }}),
                ),
                _ => (json!({}), json!({})),
            };
            o["feature_files"] = ff;
            o["round_files"] = rf;
            o
        }
        Action::RunParallel { agents, guards, .. } if !guards.is_empty() => {
            let results: Vec<Value> = agents
                .iter()
                .map(|a| {
                    json!({"index": a.index, "exit_code": if c % 16 == 1 { 1 } else { 0 },
                                "stats": {"tokens_used": 10, "cost_usd": 0.01}})
                })
                .collect();
            json!({"kind": "parallel_exit", "results": results,
                   "guard": {"pass": !v.is_multiple_of(7), "errors": ["scope"]},
                   "testing_guard": {"pass": !v.is_multiple_of(5), "errors": ["no evidence"]},
                   "round_files": {
                       "review-report.md": match v % 3 { 0 => FAIL, 1 => COND, _ => PASS },
                       "verify.json": if v.is_multiple_of(4) { VERIFY_FAIL } else { VERIFY_OK },
                       "test-report.md": PASS}})
        }
        Action::AwaitHuman { .. } => match c % 8 {
            0 => json!({"kind": "human_timeout"}),
            1 => json!({"kind": "human_reply", "answer": "reject"}),
            2 => json!({"kind": "human_reply", "answer": "keep the old API"}),
            _ => json!({"kind": "human_reply", "answer": "approve"}),
        },
        Action::RunParallel {
            agents, collect, ..
        } => {
            let results: Vec<Value> = agents
                .iter()
                .map(|a| json!({"index": a.index, "exit_code": if c.is_multiple_of(8) { 1 } else { 0 }}))
                .collect();
            let files: serde_json::Map<String, Value> = collect
                .round
                .iter()
                .flatten()
                .map(|n| (n.clone(), json!(PARTIAL)))
                .collect();
            json!({"kind": "parallel_exit", "results": results, "round_files": files})
        }
        Action::RunHelper { .. } => json!({"kind": "helper_exit", "ok": true}),
        Action::RunHealthCheck { .. } => {
            json!({"kind": "health_check", "ok": !c.is_multiple_of(8), "error": "exit status 7"})
        }
        Action::CaptureBaseline { .. } => {
            json!({"kind": "baseline", "ok": !c.is_multiple_of(16), "base_commit": "abc123"})
        }
        Action::Gather { .. } => {
            let paths = [
                "docs/a.md",
                "internal/state/m.go",
                "cmd/x_test.go",
                "web/app.ts",
            ];
            let files: Vec<Value> = paths
                .iter()
                .enumerate()
                .filter(|(i, _)| c & (1 << i) != 0)
                .map(|(_, p)| json!({"path": p, "lines": 3}))
                .collect();
            json!({"kind": "gathered", "changed_files": files})
        }
        Action::RunHooks { .. } => json!({"kind": "hooks", "ok": !c.is_multiple_of(8)}),
        Action::DiscoverFeatures { .. } => {
            json!({"kind": "discovered", "created": if c.is_multiple_of(2) { vec!["F900-new"] } else { vec![] }})
        }
        Action::Stop { .. } | Action::Finish { .. } => Value::Null,
    }
}

/// A decision the harness can execute: every field it needs is there.
fn executable(d: &Decision, cfg: &Config) -> Result<(), String> {
    let runner_ok = |r: &str| cfg.runner_map().contains_key(r);
    match &d.action {
        Action::RunAgent(a)
            if (!runner_ok(&a.runner)
                || a.role.is_empty()
                || a.model.is_empty()
                || a.attempt < 1) =>
        {
            return Err(format!("run_agent not executable: {a:?}"));
        }
        Action::RunParallel { agents, runner, .. } if (agents.is_empty() || !runner_ok(runner)) => {
            return Err("run_parallel without agents or runner".into());
        }
        Action::RunParallel { agents, guards, .. }
            if !guards.is_empty()
                && agents
                    .iter()
                    .any(|a| !a.runner.as_deref().is_some_and(runner_ok) || a.model.is_none()) =>
        {
            return Err("parallel review/test agent without runner or model".into());
        }
        Action::AwaitHuman {
            question, options, ..
        } if question.is_empty() || options.is_empty() => {
            return Err("await_human without a question or options".into());
        }
        Action::RunHooks { hooks, .. } if hooks.as_array().is_none_or(Vec::is_empty) => {
            return Err("run_hooks without hooks".into());
        }
        Action::RunHealthCheck { commands, .. } if commands.is_empty() => {
            return Err("health check without commands".into());
        }
        _ => {}
    }
    Ok(())
}

fn successor(p: &str) -> Option<&'static str> {
    let i = SELECTABLE.iter().position(|x| *x == p)?;
    Some(SELECTABLE.get(i + 1).copied().unwrap_or("pending-review"))
}

/// Every phase change of one call is a legal edge: `transition` events name the new phase,
/// `phase-skipped` events the phase left for its successor, init → designing has no event,
/// and the final phase may be a direct universal target.
fn check_legal(before: &str, t: &Turn) -> Result<(), String> {
    let mut cur = before.to_string();
    let after = t.state.phase.as_str();
    let moves = t
        .events
        .iter()
        .any(|e| matches!(e.event_type.as_str(), "transition" | "phase-skipped"));
    if cur == "init" && (moves || after != "init") {
        cur = "designing".into();
    }
    for e in &t.events {
        match e.event_type.as_str() {
            "transition" => {
                let to = e.phase.as_str();
                if to != cur && !can_transition_str(&cur, to) {
                    return Err(format!("illegal transition {cur} -> {to}"));
                }
                cur = to.to_string();
            }
            "phase-skipped" => {
                if e.phase.as_str() != cur {
                    return Err(format!("skipped {} while in {cur}", e.phase.as_str()));
                }
                let to = successor(&cur).ok_or("skip from a non-pipeline phase")?;
                if !can_transition_str(&cur, to) {
                    return Err(format!("illegal pass-through {cur} -> {to}"));
                }
                cur = to.to_string();
            }
            _ => {}
        }
    }
    if after != cur && !can_transition_str(&cur, after) {
        return Err(format!("illegal direct move {cur} -> {after}"));
    }
    Ok(())
}

/// §9's bound on decisions per run.
fn bound(s: &Scenario) -> usize {
    let t = usize::try_from(s.transient_retries.unwrap_or(3)).unwrap_or(0) + 1;
    let f = usize::try_from(s.max_fix_rounds).unwrap_or(2);
    let rounds = usize::try_from(s.max_rounds).unwrap_or(5) + 1;
    let agents_per_round = (8 + 1 + 2 * f + 2 * f + 12) * t;
    let others_per_round = 5 + 2 * 16 + 3;
    rounds * (agents_per_round + others_per_round) + 6 * t + 8
}

struct Run {
    turns: Vec<Turn>,
    outcomes: Vec<Value>,
}

fn drive(s: &Scenario) -> Result<Run, String> {
    let cfg: Config = decode(&config_json(s), "config").map_err(|e| e.message)?;
    let feature: Feature =
        decode(&json!({"id": "F001-login"}), "feature").map_err(|e| e.message)?;
    let input = StartInput {
        profile_name: s.builtin.unwrap_or("rand").into(),
        now: "2025-03-01T10:00:00Z".into(),
        pid: 4242,
        max_rounds: Some(s.max_rounds),
        ..StartInput::default()
    };
    let first = conductor::start(&cfg, &feature, &input).map_err(|e| e.message)?;
    check_legal("init", &first)?;
    let mut turns = vec![first];
    let mut outcomes = Vec::new();
    let limit = bound(s);
    let mut i = 0usize;
    loop {
        let last = turns.last().ok_or("no turn")?;
        executable(&last.decision, &cfg)?;
        if last.decision.is_terminal() {
            break;
        }
        if turns.len() > limit {
            return Err(format!("no terminal decision within {limit} decisions"));
        }
        let c = s.choices[i % s.choices.len()];
        i += 1;
        let o = outcome_for(&last.decision, c);
        let outcome: Outcome = serde_json::from_value(o.clone()).map_err(|e| e.to_string())?;
        let t = conductor::apply(&cfg, &feature, &last.state, &last.lp, &outcome, None)
            .map_err(|e| format!("faithful outcome refused: {} ({o})", e.message))?;
        check_legal(last.state.phase.as_str(), &t)?;
        outcomes.push(o);
        turns.push(t);
    }
    Ok(Run { turns, outcomes })
}

fn event_json(e: &fourx_core::protocol::state::Event) -> Value {
    let mut v = e.to_json();
    if let Value::Object(o) = &mut v {
        o.remove("ts");
    }
    v
}

fn script(s: &Scenario, outcomes: &[Value]) -> Value {
    fourx_core::ops::call(
        "conductor.run_script",
        &json!({
            "config": config_json(s),
            "feature": {"id": "F001-login"},
            "start": start_json(s),
            "outcomes": outcomes,
        }),
    )
    .expect("run_script of a faithful run")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn a_faithful_harness_never_makes_an_illegal_transition_and_always_terminates(s in scenario()) {
        let run = drive(&s);
        prop_assert!(run.is_ok(), "{:?}", run.err());
    }

    #[test]
    fn stepping_by_hand_gives_what_run_script_gives_and_replay_is_identical(s in scenario()) {
        let run = drive(&s).map_err(TestCaseError::fail)?;
        let got = script(&s, &run.outcomes);
        let again = script(&s, &run.outcomes);
        prop_assert_eq!(&got, &again);
        let decisions: Vec<Value> = run.turns.iter().map(|t| t.decision.to_json()).collect();
        let events: Vec<Value> = run.turns.iter().flat_map(|t| t.events.iter().map(event_json)).collect();
        let last = run.turns.last().expect("a turn");
        prop_assert_eq!(&got["decisions"], &Value::Array(decisions));
        prop_assert_eq!(&got["events"], &Value::Array(events));
        prop_assert_eq!(&got["state"], &last.state.to_json());
        prop_assert_eq!(&got["loop"], &last.lp.to_json());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// conductor.md §15.3: the rebuild of every prefix of a run's events that ends at a call's
    /// last event is that call's state, loop and decision; a prefix cut inside a call rebuilds
    /// the call before it; `fork` at any index agrees.
    #[test]
    fn rebuild_of_every_prefix_equals_the_step_the_run_had_there(s in scenario()) {
        let run = drive(&s).map_err(TestCaseError::fail)?;
        let cfg: Config = decode(&config_json(&s), "config").expect("config");
        let feature: Feature = decode(&json!({"id": "F001-login"}), "feature").expect("feature");
        let mut events = Vec::new();
        let mut ends = Vec::new();
        for t in &run.turns {
            prop_assert!(!t.events.is_empty(), "a call without events");
            prop_assert_eq!(t.events.iter().filter(|e| e.checkpoint.is_some()).count(), 1);
            prop_assert!(t.events.last().is_some_and(|e| e.checkpoint.is_some()));
            events.extend(t.events.iter().cloned());
            ends.push(events.len());
        }
        for (i, t) in run.turns.iter().enumerate() {
            let r = conductor::rebuild(&cfg, &feature, &events[..ends[i]])
                .map_err(|e| TestCaseError::fail(e.message))?;
            prop_assert_eq!(&r.state, &t.state);
            prop_assert_eq!(&r.lp, &t.lp);
            prop_assert_eq!(&r.decision, &t.decision.to_json());
            prop_assert_eq!(r.keep, ends[i]);
            if i > 0 && ends[i] - ends[i - 1] > 1 {
                let inside = conductor::rebuild(&cfg, &feature, &events[..ends[i] - 1])
                    .map_err(|e| TestCaseError::fail(e.message))?;
                prop_assert_eq!(&inside.state, &run.turns[i - 1].state);
                prop_assert_eq!(&inside.lp, &run.turns[i - 1].lp);
            }
        }
        for at in 0..events.len() {
            let f = conductor::fork(&cfg, &feature, &events, at);
            match ends.iter().rposition(|&end| end <= at + 1) {
                Some(call) => {
                    let f = f.map_err(|e| TestCaseError::fail(e.message))?;
                    prop_assert_eq!(&f.state, &run.turns[call].state);
                    prop_assert_eq!(f.keep, ends[call]);
                }
                // Inside start's own events: no step is complete yet.
                None => prop_assert_eq!(f.map(|_| ()).map_err(|e| e.kind.as_str()), Err("not_found")),
            }
        }
    }
}

#[test]
fn every_builtin_profile_reaches_pending_review_when_every_agent_succeeds() {
    for name in ["full", "normal", "quick", "lite"] {
        let s = Scenario {
            profile: vec![],
            builtin: Some(name),
            parallel_reviewers: 1,
            transient_retries: None,
            max_fix_rounds: 2,
            hooks: false,
            health_check: false,
            auto_discover: false,
            max_rounds: 5,
            // 0xB4: v = 11 (the passing variant of every table above), c % 16 = 4 (a clean exit).
            choices: vec![0xB4],
            extra: Extra::default(),
        };
        let run = drive(&s).unwrap_or_else(|e| panic!("{name}: {e}"));
        let last = run.turns.last().expect("a turn");
        assert_eq!(last.state.phase.as_str(), "pending-review", "{name}");
        assert_eq!(last.decision.kind(), "finish", "{name}");
    }
}

#[test]
fn an_outcome_after_the_run_ended_is_invalid_input() {
    let s = Scenario {
        profile: vec![],
        builtin: Some("quick"),
        parallel_reviewers: 1,
        transient_retries: None,
        max_fix_rounds: 2,
        hooks: false,
        health_check: false,
        auto_discover: false,
        max_rounds: 5,
        choices: vec![0xB4],
        extra: Extra::default(),
    };
    let run = drive(&s).expect("run");
    let mut outcomes = run.outcomes.clone();
    outcomes.push(json!({"kind": "helper_exit"}));
    let err = fourx_core::ops::call(
        "conductor.run_script",
        &json!({"config": config_json(&s), "feature": {"id": "F001-login"}, "start": start_json(&s), "outcomes": outcomes}),
    )
    .unwrap_err();
    assert_eq!(err.kind.as_str(), "invalid_input");
}

#[cfg(feature = "fs")]
use crate::common;

/// Crash resume from disk: `workspace.resume_listing` gathers state.json and the round's
/// artifacts, `conductor.start` on them removes the half-written review report and reruns the
/// reviewer in the same round.
#[cfg(feature = "fs")]
#[test]
fn resume_listing_feeds_start_after_a_crash() {
    let dir = common::TempDir::new("conductor-resume");
    let fdir = dir.path().join(".4x/run/F001-login");
    let rdir = fdir.join("rounds/round-1");
    std::fs::create_dir_all(&rdir).expect("dirs");
    let state = json!({"featureId": "F001-login", "phase": "reviewing", "role": "reviewer", "round": 1,
        "maxRounds": 5, "active": true, "pid": 999, "runner": "claude",
        "createdAt": "2025-03-01T10:00:00Z", "profile": "normal", "baseCommit": "abc123", "runners": ["claude"]});
    std::fs::write(fdir.join("state.json"), state.to_string()).expect("state");
    std::fs::write(rdir.join("coder-report.md"), CODER).expect("coder");
    std::fs::write(rdir.join("review-report.md"), "## Summary\npartial").expect("review");
    std::fs::write(rdir.join("deep-review-partial-2.md"), PARTIAL).expect("partial");
    let listing = fourx_core::ops::call(
        "workspace.resume_listing",
        &json!({"root": dir.s(), "feature_id": "F001-login"}),
    )
    .expect("listing");
    assert_eq!(listing["state"]["phase"], "reviewing");
    assert_eq!(listing["feature_files"], json!({}));
    assert_eq!(
        listing["round_files"],
        json!({"coder-report.md": CODER, "review-report.md": "## Summary\npartial", "deep-review-partial-2.md": PARTIAL})
    );
    let cfg = config_json(&Scenario {
        profile: vec![],
        builtin: Some("normal"),
        parallel_reviewers: 1,
        transient_retries: None,
        max_fix_rounds: 2,
        hooks: false,
        health_check: false,
        auto_discover: false,
        max_rounds: 5,
        choices: vec![0xB4],
        extra: Extra::default(),
    });
    let out = fourx_core::ops::call(
        "conductor.start",
        &json!({"config": cfg, "feature": {"id": "F001-login"}, "state": listing["state"],
                "feature_files": listing["feature_files"], "round_files": listing["round_files"],
                "now": "2025-03-01T11:00:00Z", "pid": 4243, "pid_alive": false}),
    )
    .expect("start");
    assert_eq!(out["decision"]["kind"], "run_agent");
    assert_eq!(out["decision"]["role"], "reviewer");
    assert_eq!(
        out["decision"]["prepare"],
        json!([{"action": "clear_stop_signal"}, {"action": "remove", "dir": "round", "file": "review-report.md"}])
    );
    assert_eq!(out["state"]["pid"], 4243);
}

#[cfg(feature = "fs")]
#[test]
fn resume_listing_of_a_feature_without_state_is_null_state() {
    let dir = common::TempDir::new("conductor-resume-empty");
    let listing = fourx_core::ops::call(
        "workspace.resume_listing",
        &json!({"root": dir.s(), "feature_id": "F002-new"}),
    )
    .expect("listing");
    assert_eq!(
        listing,
        json!({"state": null, "feature_files": {}, "round_files": {}})
    );
}

/// The conductor is pure and depends on `machine`, `resolve`, `report` and `protocol` only
/// (conductor.md header): no `workspace`, `store`, `ops`, no clock, env or file access.
#[test]
fn the_conductor_depends_only_on_machine_resolve_report_and_protocol() {
    // `crate::words` is the string-enum mechanism, a leaf every vocabulary may use.
    const ALLOWED: [&str; 7] = [
        "crate::machine",
        "crate::resolve",
        "crate::report",
        "crate::protocol",
        "crate::error",
        "crate::words",
        "crate::conductor",
    ];
    const FORBIDDEN: [&str; 5] = [
        "std::fs",
        "std::env",
        "SystemTime",
        "Instant::now",
        "std::process",
    ];
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/conductor");
    let mut hits = Vec::new();
    let mut n_files = 0;
    for e in std::fs::read_dir(&dir).expect("src/conductor") {
        let p = e.expect("entry").path();
        if p.extension().is_none_or(|x| x != "rs") {
            continue;
        }
        n_files += 1;
        let text = std::fs::read_to_string(&p).expect("read");
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            hits.extend(
                FORBIDDEN
                    .iter()
                    .filter(|b| code.contains(*b))
                    .map(|b| format!("{}:{}: {b}", p.display(), n + 1)),
            );
            let mut rest = code;
            while let Some(i) = rest.find("crate::") {
                let path = &rest[i..];
                if !ALLOWED.iter().any(|a| path.starts_with(a)) {
                    hits.push(format!(
                        "{}:{}: {}",
                        p.display(),
                        n + 1,
                        &path[..path.len().min(40)]
                    ));
                }
                rest = &path["crate::".len()..];
            }
        }
    }
    assert!(n_files >= 4, "conductor sources not found");
    assert!(
        hits.is_empty(),
        "conductor reaches outside its layer:\n{}",
        hits.join("\n")
    );
}
