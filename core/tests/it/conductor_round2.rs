//! The conductor's round 2 rules (conductor.md §15, issue 31; §15.4 is issue 29 item 8), one
//! test per rule, through the ops as a harness calls them.

use serde_json::{json, Value};

use fourx_core::ops::call;

const PASS: &str = "# Review\n\n## Verdict\nPASS\n";
const FAIL: &str = "# Review\n### [CRITICAL] broken\n\n## Verdict\nFAIL\n";
const CODER: &str = "# Coder report\n\n## Verification\nall green\n";
const GATE: &str = "{\"passed\": true}";
const VERIFY_OK: &str = "{\"passed\": true}";

fn config() -> Value {
    json!({
        "project": {"name": "demo"},
        "default_runner": "claude",
        "runners": {
            "claude": {"command": "claude", "tiers": {"opus": "claude-opus", "sonnet": "claude-sonnet"}},
            "codex": {"command": "codex", "tiers": {"opus": "gpt-5", "sonnet": "gpt-5-mini"}},
        },
    })
}

fn with(mut cfg: Value, key: &str, v: Value) -> Value {
    cfg[key] = v;
    cfg
}

fn feature() -> Value {
    json!({"id": "F001-login"})
}

fn start() -> Value {
    json!({"now": "2025-03-01T10:00:00Z", "pid": 42, "profile_name": "quick"})
}

fn baseline() -> Value {
    json!({"kind": "baseline", "ok": true, "base_commit": "abc123"})
}

fn coder_ok(cost: f64) -> Value {
    json!({"kind": "agent_exit", "exit_code": 0, "guard": {"pass": true, "errors": []},
           "stats": {"tokens_used": 1000, "cost_usd": cost, "duration_ms": 10},
           "round_files": {"coder-report.md": CODER, "build-gate.json": GATE}})
}

fn review(report: &str, cost: f64) -> Value {
    json!({"kind": "agent_exit", "exit_code": 0,
           "stats": {"tokens_used": 500, "cost_usd": cost, "duration_ms": 10},
           "round_files": {"review-report.md": report}})
}

fn script(cfg: &Value, start: &Value, outcomes: &[Value]) -> Value {
    call(
        "conductor.run_script",
        &json!({"config": cfg, "feature": feature(), "start": start, "outcomes": outcomes}),
    )
    .unwrap_or_else(|e| panic!("run_script: {} ({})", e.message, e.kind))
}

fn last(v: &Value) -> &Value {
    v["decisions"]
        .as_array()
        .and_then(|d| d.last())
        .expect("a decision")
}

// ---- §15.1 budgets ----------------------------------------------------------------------------

#[test]
fn a_run_whose_agents_cost_more_than_max_cost_usd_stops_with_budget_exceeded() {
    let cfg = with(config(), "budget", json!({"max_cost_usd": 0.5}));
    let out = script(&cfg, &start(), &[baseline(), coder_ok(0.75)]);
    let d = last(&out);
    assert_eq!(d["kind"], "stop");
    assert_eq!(d["reason"], "budget-exceeded");
    assert_eq!(d["notify"], "warning");
    assert_eq!(d["message"], "budget max_cost_usd 0.5 exceeded: 0.75 spent");
    assert_eq!(out["state"]["phase"], "coding", "the phase is kept");
    assert_eq!(out["state"]["active"], false);
    let ev = out["events"].as_array().expect("events");
    let b = ev
        .iter()
        .find(|e| e["type"] == "budget-exceeded")
        .expect("event");
    assert_eq!(b["notify"], "warning");
    assert_eq!(b["detail"], d["message"]);
}

#[test]
fn a_spent_budget_stops_before_the_next_agent_run() {
    let cfg = with(config(), "budget", json!({"max_agent_runs": 1}));
    let out = script(&cfg, &start(), &[baseline(), coder_ok(0.0)]);
    let d = last(&out);
    assert_eq!(d["reason"], "budget-exceeded");
    assert_eq!(d["message"], "budget max_agent_runs 1 reached: 1 spent");
    assert_eq!(out["state"]["phase"], "reviewing");
    let types: Vec<&str> = out["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter_map(|e| e["type"].as_str())
        .collect();
    assert_eq!(
        types.iter().filter(|t| **t == "phase-start").count(),
        1,
        "no reviewer starts: {types:?}"
    );
}

#[test]
fn the_feature_budget_wins_per_key_over_the_config() {
    let cfg = with(
        config(),
        "budget",
        json!({"max_cost_usd": 0.1, "max_agent_runs": 9}),
    );
    let out = call(
        "conductor.run_script",
        &json!({"config": cfg, "feature": {"id": "F001-login", "budget": {"max_cost_usd": 5.0}},
                "start": start(), "outcomes": [baseline(), coder_ok(0.75)]}),
    )
    .expect("run_script");
    assert_eq!(last(&out)["kind"], "run_agent", "0.75 < the feature's 5.0");
}

#[test]
fn a_resumed_run_counts_what_its_events_say_it_already_spent() {
    let cfg = with(config(), "budget", json!({"max_cost_usd": 1.0}));
    let first = script(&cfg, &start(), &[baseline(), coder_ok(0.75)]);
    assert_eq!(last(&first)["kind"], "run_agent");
    let state = first["state"].clone();
    let resumed = call(
        "conductor.start",
        &json!({"config": cfg, "feature": feature(), "state": state, "now": "2025-03-01T11:00:00Z",
                "pid": 43, "events": first["events"],
                "round_files": {"coder-report.md": CODER}}),
    )
    .expect("start");
    assert_eq!(resumed["loop"]["spent"]["cost_usd"], 0.75);
    let t = call(
        "conductor.apply",
        &json!({"config": cfg, "feature": feature(), "state": resumed["state"],
                "loop": resumed["loop"], "outcome": review(PASS, 0.5)}),
    )
    .expect("apply");
    assert_eq!(t["decision"]["reason"], "budget-exceeded");
    assert_eq!(
        t["decision"]["message"],
        "budget max_cost_usd 1 exceeded: 1.25 spent"
    );
}

// ---- §15.2 human gates ------------------------------------------------------------------------

fn gated() -> Value {
    with(config(), "approval_gates", json!(["reviewing"]))
}

#[test]
fn a_gate_pauses_before_the_phase_agent_and_resumes_on_approve() {
    let cfg = gated();
    let asked = script(&cfg, &start(), &[baseline(), coder_ok(0.0)]);
    let d = last(&asked);
    assert_eq!(d["kind"], "await_human");
    assert_eq!(d["gate"], "reviewing");
    assert_eq!(d["options"], json!(["approve", "reject"]));
    assert_eq!(
        d["question"],
        "approve reviewing (reviewer) of F001-login in round 1?"
    );
    assert_eq!(asked["loop"]["step"], "await_human");
    let go = script(
        &cfg,
        &start(),
        &[
            baseline(),
            coder_ok(0.0),
            json!({"kind": "human_reply", "answer": " Approve "}),
        ],
    );
    let d = last(&go);
    assert_eq!(d["kind"], "run_agent");
    assert_eq!(d["role"], "reviewer");
    assert_eq!(go["loop"]["gates"], json!(["1:reviewing"]));
}

#[test]
fn a_rejected_gate_stops_the_run_with_the_phase_kept() {
    let out = script(
        &gated(),
        &start(),
        &[
            baseline(),
            coder_ok(0.0),
            json!({"kind": "human_reply", "answer": "reject"}),
        ],
    );
    let d = last(&out);
    assert_eq!(
        (&d["reason"], &d["notify"], &d["phase"]),
        (
            &json!("gate-rejected"),
            &json!("warning"),
            &json!("reviewing")
        )
    );
    assert_eq!(d["message"], "reviewing gate rejected (round 1)");
}

#[test]
fn a_free_text_answer_becomes_the_run_note_of_the_next_agent_once() {
    let out = script(
        &gated(),
        &start(),
        &[
            baseline(),
            coder_ok(0.0),
            json!({"kind": "human_reply", "answer": "check the error paths"}),
        ],
    );
    let d = last(&out);
    assert_eq!(d["role"], "reviewer");
    assert_eq!(d["note"], "check the error paths");
    assert!(out["loop"].get("note").is_none(), "the note is given once");
}

#[test]
fn no_answer_in_time_stops_with_human_timeout() {
    let cfg = with(gated(), "approval_timeout_ms", json!(60000));
    let out = script(
        &cfg,
        &start(),
        &[baseline(), coder_ok(0.0), json!({"kind": "human_timeout"})],
    );
    let d = last(&out);
    assert_eq!(d["reason"], "human-timeout");
    assert_eq!(
        d["message"],
        "no answer to the reviewing gate within 60000 ms (round 1)"
    );
}

#[test]
fn a_stop_file_while_waiting_stops_the_run_as_at_the_top_of_the_loop() {
    let out = script(
        &gated(),
        &start(),
        &[
            baseline(),
            coder_ok(0.0),
            json!({"kind": "human_reply", "answer": "approve", "facts": {"stop_requested": true}}),
        ],
    );
    let d = last(&out);
    assert_eq!(d["reason"], "mcp-stop");
    assert_eq!(d["clear_stop_signal"], true);
    assert_eq!(d["notify"], "warning");
}

#[test]
fn a_stop_file_while_waiting_wins_over_the_answer_even_an_empty_one() {
    let out = script(
        &gated(),
        &start(),
        &[
            baseline(),
            coder_ok(0.0),
            json!({"kind": "human_reply", "answer": "", "facts": {"stop_requested": true}}),
        ],
    );
    assert_eq!(last(&out)["reason"], "mcp-stop");
}

#[test]
fn an_empty_answer_is_invalid_input() {
    let err = call(
        "conductor.run_script",
        &json!({"config": gated(), "feature": feature(), "start": start(),
                "outcomes": [baseline(), coder_ok(0.0), {"kind": "human_reply", "answer": "  "}]}),
    )
    .unwrap_err();
    assert_eq!(err.kind.as_str(), "invalid_input");
    assert_eq!(err.field.as_deref(), Some("outcome.answer"));
}

#[test]
fn the_run_note_of_start_goes_to_the_first_agent_only() {
    let mut s = start();
    s["note"] = json!("focus on the login form");
    let first = script(&config(), &s, &[baseline()]);
    assert_eq!(last(&first)["note"], "focus on the login form");
    let second = script(&config(), &s, &[baseline(), coder_ok(0.0)]);
    assert!(last(&second).get("note").is_none());
}

// ---- §15.3 events as the source of truth ------------------------------------------------------

#[test]
fn rebuild_of_a_whole_run_is_its_final_state_and_loop() {
    let out = script(
        &config(),
        &start(),
        &[baseline(), coder_ok(0.1), review(PASS, 0.1)],
    );
    assert_eq!(last(&out)["kind"], "finish");
    let r = call(
        "conductor.rebuild",
        &json!({"config": config(), "feature": feature(), "events": out["events"]}),
    )
    .expect("rebuild");
    assert_eq!(r["state"], out["state"]);
    assert_eq!(r["loop"], out["loop"]);
    assert_eq!(&r["decision"], last(&out));
    assert_eq!(r["keep"], out["events"].as_array().map(Vec::len).unwrap());
}

#[test]
fn fork_gives_the_step_of_the_call_an_event_belongs_to() {
    let out = script(&config(), &start(), &[baseline(), coder_ok(0.1)]);
    let events = out["events"].as_array().expect("events");
    let at = events
        .iter()
        .position(|e| e["type"] == "run-end")
        .expect("run-end");
    let f = call(
        "conductor.fork",
        &json!({"config": config(), "feature": feature(), "events": events, "at": at}),
    )
    .expect("fork");
    assert_eq!(f["decision"]["kind"], "run_agent");
    assert_eq!(
        f["decision"]["role"], "coder",
        "the step before the coder's exit"
    );
    assert_eq!(f["keep"], json!(at));
}

#[test]
fn rebuild_of_events_without_a_checkpoint_is_not_found() {
    let err = call(
        "conductor.rebuild",
        &json!({"config": config(), "feature": feature(),
                "events": [{"type": "run-start", "phase": "init", "runner": "claude"}]}),
    )
    .unwrap_err();
    assert_eq!(err.kind.as_str(), "not_found");
}

#[test]
fn start_seeds_the_iterations_from_the_events_so_a_restart_does_not_reuse_them() {
    let first = script(&config(), &start(), &[baseline(), coder_ok(0.0)]);
    let state = first["state"].clone();
    let resumed = call(
        "conductor.start",
        &json!({"config": config(), "feature": feature(), "state": state,
                "now": "2025-03-01T11:00:00Z", "pid": 43, "events": first["events"],
                "round_files": {"coder-report.md": CODER}}),
    )
    .expect("start");
    assert_eq!(resumed["decision"]["role"], "reviewer");
    assert_eq!(resumed["decision"]["iteration"], 2);
}

// ---- §15.4 apply refuses a state that contradicts its loop (issue 29 item 8) -------------------

#[test]
fn apply_refuses_a_terminal_state() {
    let out = script(&config(), &start(), &[baseline()]);
    let mut state = out["state"].clone();
    state["phase"] = json!("done");
    let err = call(
        "conductor.apply",
        &json!({"config": config(), "feature": feature(), "state": state, "loop": out["loop"],
                "outcome": coder_ok(0.0)}),
    )
    .unwrap_err();
    assert_eq!(err.kind.as_str(), "invalid_transition");
}

#[test]
fn apply_refuses_a_stale_state_whose_phase_contradicts_the_pending_agent() {
    let out = script(&config(), &start(), &[baseline()]);
    assert_eq!(out["loop"]["pending"]["role"], "coder");
    let mut stale = out["state"].clone();
    stale["phase"] = json!("reviewing");
    stale["role"] = json!("reviewer");
    let outcome =
        json!({"kind": "agent_exit", "exit_code": 0, "round_files": {"review-report.md": PASS}});
    let err = call(
        "conductor.apply",
        &json!({"config": config(), "feature": feature(), "state": stale, "loop": out["loop"],
                "outcome": outcome}),
    )
    .unwrap_err();
    assert_eq!(err.kind.as_str(), "invalid_input");
    assert_eq!(err.field.as_deref(), Some("state"));
    // A hand-made loop without `at` is checked on the pending agent's phase.
    let mut lp = out["loop"].clone();
    lp.as_object_mut().expect("loop").remove("at");
    let err = call(
        "conductor.apply",
        &json!({"config": config(), "feature": feature(), "state": stale, "loop": lp,
                "outcome": outcome}),
    )
    .unwrap_err();
    assert_eq!(err.kind.as_str(), "invalid_input");
}

#[test]
fn apply_refuses_a_state_of_another_round_than_the_pending_decision() {
    let out = script(&config(), &start(), &[baseline()]);
    let mut state = out["state"].clone();
    state["round"] = json!(2);
    let err = call(
        "conductor.apply",
        &json!({"config": config(), "feature": feature(), "state": state, "loop": out["loop"],
                "outcome": coder_ok(0.0)}),
    )
    .unwrap_err();
    assert_eq!(err.kind.as_str(), "invalid_input");
}

// ---- §15.5 parallel review/test ---------------------------------------------------------------

fn parallel() -> Value {
    with(config(), "parallel_review_test", json!(true))
}

fn parallel_exit(review_report: &str, scope: bool, testing: bool) -> Value {
    json!({"kind": "parallel_exit",
           "results": [{"index": 1, "exit_code": 0, "stats": {"cost_usd": 0.1}},
                       {"index": 2, "exit_code": 0}],
           "guard": {"pass": scope, "errors": if scope { vec![] } else { vec!["touched go.mod"] }},
           "testing_guard": {"pass": testing, "errors": if testing { vec![] } else { vec!["AC-1 has no evidence"] }},
           "round_files": {"review-report.md": review_report, "verify.json": VERIFY_OK,
                           "test-report.md": PASS}})
}

fn normal() -> Value {
    json!({"now": "2025-03-01T10:00:00Z", "pid": 42, "profile_name": "normal"})
}

#[test]
fn parallel_review_test_runs_reviewer_and_tester_in_one_decision() {
    let out = script(&parallel(), &normal(), &[baseline(), coder_ok(0.0)]);
    let d = last(&out);
    assert_eq!(d["kind"], "run_parallel");
    assert_eq!(d["phase"], "reviewing");
    assert_eq!(d["guards"], json!(["scope", "testing"]));
    let roles: Vec<&Value> = d["agents"]
        .as_array()
        .expect("agents")
        .iter()
        .map(|a| &a["role"])
        .collect();
    assert_eq!(roles, [&json!("reviewer"), &json!("tester")]);
    assert_eq!(out["loop"]["pending"]["kind"], "parallel");
}

#[test]
fn both_passing_go_through_testing_to_deep_reviewing() {
    let out = script(
        &parallel(),
        &normal(),
        &[baseline(), coder_ok(0.0), parallel_exit(PASS, true, true)],
    );
    let transitions: Vec<&Value> = out["events"]
        .as_array()
        .expect("events")
        .iter()
        .filter(|e| e["type"] == "transition")
        .map(|e| &e["phase"])
        .collect();
    assert_eq!(
        transitions[transitions.len() - 2..],
        [&json!("testing"), &json!("deep-reviewing")]
    );
    // `normal` leaves deep review and fixing out: the acceptor runs next.
    assert_eq!(last(&out)["role"], "acceptor");
}

#[test]
fn a_failing_review_in_parallel_goes_to_amending() {
    let out = script(
        &parallel(),
        &normal(),
        &[baseline(), coder_ok(0.0), parallel_exit(FAIL, true, true)],
    );
    assert_eq!(out["state"]["phase"], "amending");
    assert_eq!(out["state"]["round"], 2);
}

#[test]
fn a_failing_testing_guard_in_parallel_needs_attention() {
    let out = script(
        &parallel(),
        &normal(),
        &[baseline(), coder_ok(0.0), parallel_exit(PASS, true, false)],
    );
    let d = last(&out);
    assert_eq!(d["phase"], "needs-attention");
    assert_eq!(d["reason"], "escalation");
    assert_eq!(d["message"], "AC-1 has no evidence");
}

#[test]
fn a_parallel_exit_without_its_guards_is_missing_evidence() {
    let mut o = parallel_exit(PASS, true, true);
    o.as_object_mut().expect("outcome").remove("testing_guard");
    let err = call(
        "conductor.run_script",
        &json!({"config": parallel(), "feature": feature(), "start": normal(),
                "outcomes": [baseline(), coder_ok(0.0), o]}),
    )
    .unwrap_err();
    assert_eq!(err.kind.as_str(), "missing_evidence");
}

// ---- §15.6 roles.<role>.runner ----------------------------------------------------------------

#[test]
fn a_role_runner_runs_that_role_on_its_runner() {
    let mut cfg = config();
    cfg["roles"] = json!({"reviewer": {"runner": "codex"}});
    let out = script(&cfg, &start(), &[baseline(), coder_ok(0.0)]);
    let d = last(&out);
    assert_eq!(
        (&d["role"], &d["runner"]),
        (&json!("reviewer"), &json!("codex"))
    );
    assert_eq!(d["model"], "gpt-5-mini");
    let seed = script(&config(), &start(), &[baseline(), coder_ok(0.0)]);
    assert_eq!(
        last(&seed)["runner"],
        "claude",
        "a seed config is unchanged"
    );
}

// ---- §7.13 notify levels (seed 000) -----------------------------------------------------------

#[test]
fn an_escalation_or_an_interruption_notifies_warning_other_stops_error() {
    let cfg = config();
    let stop = |outcomes: &[Value]| last(&script(&cfg, &start(), outcomes)).clone();
    let esc = stop(&[
        baseline(),
        json!({"kind": "agent_exit", "exit_code": 0, "guard": {"pass": true, "errors": []},
               "round_files": {"escalation.json": "{\"needed\": true, \"reason\": \"blocker\"}"}}),
    ]);
    assert_eq!(
        (&esc["reason"], &esc["notify"]),
        (&json!("escalation"), &json!("warning"))
    );
    let guard = stop(&[
        baseline(),
        json!({"kind": "agent_exit", "exit_code": 0, "guard": {"pass": false, "errors": ["x"]}}),
    ]);
    assert_eq!(
        (&guard["reason"], &guard["notify"]),
        (&json!("guard-fail"), &json!("error"))
    );
}

// ---- the settings file carries round 2's keys to the conductor --------------------------------

/// `budget`, `approval_gates`, `approval_timeout_ms` and `roles.<role>.runner` of a project
/// settings.json survive decoding and the merge with the user's settings (no unknown-key warning)
/// and the conductor acts on each of them.
#[test]
fn settings_file_budget_gates_timeout_and_role_runner_reach_the_conductor() {
    let mut project = config();
    project["budget"] = json!({"max_cost_usd": 0.5, "max_agent_runs": 9});
    project["approval_gates"] = json!(["reviewing"]);
    project["approval_timeout_ms"] = json!(60000);
    project["roles"] = json!({"reviewer": {"runner": "codex"}});
    let user = json!({"roles": {"reviewer": {"model": "opus"}}});
    let merged = call(
        "config.load_merged_text",
        &json!({"project_text": project.to_string(), "user_text": user.to_string()}),
    )
    .unwrap_or_else(|e| panic!("load_merged_text: {} ({})", e.message, e.kind));
    assert_eq!(merged["warnings"], json!([]), "no key is unknown");
    let cfg = merged["config"].clone();
    assert_eq!(
        cfg["budget"],
        json!({"max_cost_usd": 0.5, "max_agent_runs": 9})
    );
    assert_eq!(cfg["approval_gates"], json!(["reviewing"]));
    assert_eq!(cfg["approval_timeout_ms"], 60000);
    assert_eq!(
        cfg["roles"]["reviewer"],
        json!({"model": "opus", "runner": "codex"})
    );

    let over = script(&cfg, &start(), &[baseline(), coder_ok(0.75)]);
    assert_eq!(last(&over)["reason"], "budget-exceeded");

    let asked = script(&cfg, &start(), &[baseline(), coder_ok(0.1)]);
    let d = last(&asked);
    assert_eq!(
        (&d["kind"], &d["gate"]),
        (&json!("await_human"), &json!("reviewing"))
    );
    assert_eq!(d["timeout_ms"], 60000);
    let go = script(
        &cfg,
        &start(),
        &[
            baseline(),
            coder_ok(0.1),
            json!({"kind": "human_reply", "answer": "approve"}),
        ],
    );
    let d = last(&go);
    assert_eq!(
        (&d["kind"], &d["role"], &d["runner"]),
        (&json!("run_agent"), &json!("reviewer"), &json!("codex"))
    );
}
