//! The seed's procedure rules the router ops once left to the host (issue 28 item 4), one test
//! per rule, through the op surface: the artifact update writes every field the seed's step 5
//! names, task graphs carry their task texts, work without the `CC10X ` prefix is reported,
//! code writers never run together, the plan-trust gate and "no BUILD with open decisions".

use fourx_core::ops::call;
use serde_json::{json, Value};

const WF: &str = "wf-20260312T162700Z-a1b2c3d4";
const NOW: &str = "2026-03-12T16:40:05Z";

fn ok(op: &str, input: Value) -> Value {
    call(op, &input).unwrap_or_else(|e| panic!("{op} refused {input}: {e}"))
}

fn kind(op: &str, input: Value) -> String {
    match call(op, &input) {
        Ok(v) => panic!("{op} accepted {input}: {v}"),
        Err(e) => e.kind.as_str().to_string(),
    }
}

/// A fresh BUILD artifact (`router.new_artifact`) with `edit` applied to its JSON.
fn artifact(edit: impl FnOnce(&mut Value)) -> String {
    let made = ok(
        "router.new_artifact",
        json!({"workflow_uuid": WF, "workflow_type": "BUILD", "user_request": "Add a profile page",
               "now": "2026-03-12T16:27:00Z"}),
    );
    let mut art = made["artifact"].clone();
    edit(&mut art);
    serde_json::to_string_pretty(&art).unwrap()
}

fn update(text: &str, agent: &str, phase: &str, outcome: Value) -> Value {
    let mut input = json!({"artifact_text": text, "workflow_uuid": WF, "now": NOW,
                           "agent": agent, "phase": phase});
    for (k, v) in outcome.as_object().unwrap() {
        input[k] = v.clone();
    }
    ok("router.update_artifact", input)
}

fn verifier(passes: bool) -> Value {
    json!({"result": {"agent": "cc10x:integration-verifier", "status": if passes {"PASS"} else {"FAIL"},
        "passes": passes, "critical_issues": if passes { json!([]) } else { json!(["500 on logout"]) },
        "needs_inline_verification": false}})
}

fn reviewer(passes: bool) -> Value {
    json!({"result": {"agent": "cc10x:code-reviewer",
        "status": if passes {"APPROVE"} else {"CHANGES_REQUESTED"}, "passes": passes,
        "critical_issues": [], "needs_inline_verification": false,
        "intent": {"REMEDIATION_REASON": "missing null check"}}})
}

fn builder(fields: Value, passed: bool) -> Value {
    json!({"result": {"agent": "cc10x:component-builder", "status": if passed {"PASS"} else {"FAIL"},
        "passed": passed, "violations": [], "fields": fields}})
}

fn two_phases(a: &mut Value) {
    a["plan_file"] = json!("docs/plans/p.md");
    a["normalized_phases"] = json!([{"phase_id": "phase-1", "exit_criteria": ["a"]},
                                    {"phase_id": "phase-2", "exit_criteria": ["b"]}]);
    a["phase_cursor"] = json!("phase-1");
}

#[test]
fn proof_status_leaves_gaps_found_once_the_verifier_passes() {
    let text = artifact(|_| {});
    let out = update(
        &text,
        "integration-verifier",
        "build-verify",
        verifier(true),
    );
    assert_eq!(out["artifact"]["proof_status"], "passed");
    let failed = update(
        &text,
        "integration-verifier",
        "build-verify",
        verifier(false),
    );
    assert_eq!(failed["artifact"]["proof_status"], "gaps_found");
    // New builder work is unverified again (or needs a human when it says so).
    let passed = out["text"].as_str().unwrap();
    let b = update(
        passed,
        "component-builder",
        "build-implement",
        builder(json!({"PROOF_STATUS": "passed"}), true),
    );
    assert_eq!(b["artifact"]["proof_status"], "gaps_found");
    let h = update(
        passed,
        "component-builder",
        "build-implement",
        builder(json!({"PROOF_STATUS": "human_needed"}), false),
    );
    assert_eq!(h["artifact"]["proof_status"], "human_needed");
}

#[test]
fn phase_cursor_moves_only_after_the_phase_exit_gate_passes() {
    let text = artifact(two_phases);
    let done = update(
        &text,
        "integration-verifier",
        "build-verify",
        verifier(true),
    );
    assert_eq!(
        done["artifact"]["phase_status"],
        json!({"phase-1": "completed"})
    );
    assert_eq!(done["artifact"]["phase_cursor"], "phase-2");
    let failed = update(
        &text,
        "integration-verifier",
        "build-verify",
        verifier(false),
    );
    assert_eq!(
        failed["artifact"]["phase_status"],
        json!({"phase-1": "partial"})
    );
    assert_eq!(failed["artifact"]["phase_cursor"], "phase-1");
    // At the last phase the cursor stays.
    let last = update(
        done["text"].as_str().unwrap(),
        "integration-verifier",
        "build-verify",
        verifier(true),
    );
    assert_eq!(last["artifact"]["phase_cursor"], "phase-2");
    assert_eq!(
        last["artifact"]["phase_status"],
        json!({"phase-1": "completed", "phase-2": "completed"})
    );
}

#[test]
fn an_incomplete_phase_persists_partial_or_blocked_and_its_pending_gate() {
    let text = artifact(two_phases);
    let blocked = update(
        &text,
        "component-builder",
        "build-implement",
        builder(
            json!({"PHASE_ID": "phase-1", "PHASE_STATUS": "blocked", "CHECKPOINT_TYPE": "human_verify"}),
            false,
        ),
    );
    assert_eq!(
        blocked["artifact"]["phase_status"],
        json!({"phase-1": "blocked"})
    );
    assert_eq!(blocked["artifact"]["pending_gate"], "phase_blocked");
    let decision = update(
        &text,
        "component-builder",
        "build-implement",
        builder(
            json!({"PHASE_ID": "phase-1", "PHASE_STATUS": "blocked", "CHECKPOINT_TYPE": "decision"}),
            false,
        ),
    );
    assert_eq!(decision["artifact"]["pending_gate"], "checkpoint_decision");
    let partial = update(
        &text,
        "component-builder",
        "build-implement",
        builder(
            json!({"PHASE_ID": "phase-1", "PHASE_STATUS": "partial", "CHECKPOINT_TYPE": "none"}),
            false,
        ),
    );
    assert_eq!(
        partial["artifact"]["phase_status"],
        json!({"phase-1": "partial"})
    );
    assert_eq!(partial["artifact"]["pending_gate"], Value::Null);
}

#[test]
fn every_agent_completion_appends_to_status_history() {
    let text = artifact(|_| {});
    let out = update(
        &text,
        "integration-verifier",
        "build-verify",
        verifier(true),
    );
    let history = out["artifact"]["status_history"].as_array().unwrap();
    assert_eq!(history.len(), 2, "workflow_started, then this completion");
    assert_eq!(
        history[1],
        json!({"event": "agent_completed", "ts": NOW, "phase": "build-verify",
               "agent": "cc10x:integration-verifier", "status": "PASS", "decision": "advance"})
    );
}

#[test]
fn a_failing_review_pass_is_one_remediation_round() {
    let text = artifact(|_| {});
    let r = update(&text, "code-reviewer", "build-review", reviewer(false));
    let rem = r["artifact"]["remediation_history"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(rem.len(), 1);
    assert_eq!(rem[0]["reason"], "missing null check");
    assert_eq!(rem[0]["cycle_number"], 1);
    // The parallel hunter failing the same pass joins that round.
    let hunter = json!({"result": {"agent": "cc10x:silent-failure-hunter", "status": "ISSUES_FOUND",
        "passes": false, "critical_issues": ["swallowed error"], "needs_inline_verification": false}});
    let h = update(
        r["text"].as_str().unwrap(),
        "silent-failure-hunter",
        "build-hunt",
        hunter,
    );
    assert_eq!(
        h["artifact"]["remediation_history"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    assert_eq!(h["artifact"]["status_history"][2]["decision"], "remediate");
    // A passing review writes no remediation entry; an advisory REVIEW never does.
    let pass = update(&text, "code-reviewer", "build-review", reviewer(true));
    assert!(pass["artifact"]["remediation_history"]
        .as_array()
        .unwrap()
        .is_empty());
    let review = artifact(|a| a["workflow_type"] = json!("REVIEW"));
    let advisory = update(&review, "code-reviewer", "review-audit", reviewer(false));
    assert!(advisory["artifact"]["remediation_history"]
        .as_array()
        .unwrap()
        .is_empty());
}

#[test]
fn unparseable_verifier_output_reaches_the_artifact_and_counts_as_a_fix_round() {
    let text = artifact(|_| {});
    let invalid =
        json!({"error": {"kind": "scenario_mismatch", "message": "TOTAL != PASSED + FAILED"}});
    let out = update(
        &text,
        "integration-verifier",
        "build-verify",
        invalid.clone(),
    );
    let art = &out["artifact"];
    assert_eq!(art["results"]["verifier"]["status"], "INVALID_OUTPUT");
    assert_eq!(
        art["results"]["verifier"]["error"]["kind"],
        "scenario_mismatch"
    );
    assert_eq!(art["results"]["verifier"]["passes"], false);
    assert_eq!(art["quality"]["convergence_state"], "needs_iteration");
    assert_eq!(art["proof_status"], "gaps_found");
    assert_eq!(
        art["remediation_history"][0]["reason"],
        "integration-verifier output invalid (scenario_mismatch)"
    );
    // The whole error document is accepted too; result and error together are not.
    let doc = json!({"error": {"error": {"kind": "missing_contract", "message": "x"}}});
    assert_eq!(
        update(&text, "integration-verifier", "build-verify", doc)["artifact"]["results"]
            ["verifier"]["error"]["kind"],
        "missing_contract"
    );
    let mut both = verifier(true);
    both["error"] = invalid["error"].clone();
    let mut input = json!({"artifact_text": text, "workflow_uuid": WF, "now": NOW, "agent": "integration-verifier"});
    for (k, v) in both.as_object().unwrap() {
        input[k] = v.clone();
    }
    assert_eq!(kind("router.update_artifact", input), "invalid_value");
}

#[test]
fn the_fix_round_limit_counts_rounds_written_by_update_artifact() {
    // Four failing verifications: the fourth REM-FIX finds three earlier rounds, the cap.
    let mut text = artifact(|_| {});
    for _ in 0..4 {
        text = update(
            &text,
            "integration-verifier",
            "build-verify",
            verifier(false),
        )["text"]
            .as_str()
            .unwrap()
            .to_string();
    }
    let art: Value = serde_json::from_str(&text).unwrap();
    let rounds = art["remediation_history"].as_array().unwrap();
    assert_eq!(rounds.len(), 4);
    assert_eq!(rounds[3]["cycle_number"], 4);
    let earlier = rounds.len() - 1;
    let gate = ok(
        "router.loop_gate",
        json!({"loop": "remfix", "count": earlier}),
    );
    assert_eq!(gate["allowed"], false);
}

#[test]
fn task_graph_returns_the_task_texts() {
    let g = ok(
        "router.task_graph",
        json!({"workflow": "BUILD", "workflow_id": WF, "phase_id": "phase-1"}),
    );
    let n = &g["nodes"][0];
    assert_eq!(
        n["subject"],
        "CC10X component-builder: Execute phase phase-1"
    );
    assert_eq!(n["active_form"], "Building components");
    assert!(n["description"].as_str().unwrap().starts_with(&format!("wf:{WF}\nkind:agent\norigin:router\nphase:build-implement\nplan:N/A\nscope:N/A\nreason:Execute approved phase\n\n")));
    assert_eq!(
        g["nodes"][5]["subject"],
        "CC10X Memory Update: Persist workflow learnings"
    );
    // Without a workflow id the graph is unchanged (no text keys).
    let bare = ok("router.task_graph", json!({"workflow": "BUILD"}));
    assert!(bare["nodes"][0].get("subject").is_none());
    assert_eq!(
        kind(
            "router.task_graph",
            json!({"workflow": "DEBUG", "workflow_id": WF})
        ),
        "missing_field"
    );
    assert_eq!(
        kind(
            "router.task_graph",
            json!({"workflow": "BUILD", "workflow_id": "wf-x"})
        ),
        "invalid_value"
    );
    assert_eq!(
        kind(
            "router.task_graph",
            json!({"workflow": "BUILD", "workflow_id": WF, "plan": "a\nb"})
        ),
        "invalid_value"
    );
}

fn task(
    id: &str,
    subject: &str,
    kind: &str,
    phase: &str,
    status: &str,
    blocked_by: &[&str],
) -> Value {
    json!({"id": id, "subject": subject, "status": status, "blocked_by": blocked_by,
        "description": format!("wf:{WF}\nkind:{kind}\norigin:router\nphase:{phase}\nplan:N/A\nscope:N/A\nreason:r")})
}

#[test]
fn a_task_of_the_workflow_without_the_cc10x_prefix_is_reported_not_ignored() {
    let tasks = json!([
        task(
            "1",
            "CC10X BUILD: Add profile",
            "workflow",
            "build",
            "in_progress",
            &[]
        ),
        task(
            "2",
            "CC10X component-builder: Execute phase 1",
            "agent",
            "build-implement",
            "completed",
            &[]
        ),
        task(
            "3",
            "integration-verifier: Verify integration",
            "agent",
            "build-verify",
            "pending",
            &["2"]
        ),
    ]);
    let out = ok(
        "router.runnable_tasks",
        json!({"tasks": tasks, "workflow_id": WF}),
    );
    assert_eq!(
        out["invalid"],
        json!([{"id": "3", "error": "invalid_value", "field": "subject"}])
    );
    assert_eq!(
        out["next_action"], "repair_metadata",
        "never complete with pending work"
    );
}

#[test]
fn two_code_writing_tasks_never_run_together() {
    let tasks = json!([
        task(
            "1",
            "CC10X BUILD: Add profile",
            "workflow",
            "build",
            "in_progress",
            &[]
        ),
        task(
            "2",
            "CC10X component-builder: Execute phase 1",
            "agent",
            "build-implement",
            "pending",
            &[]
        ),
        task(
            "3",
            "CC10X doc-syncer: Sync documentation",
            "agent",
            "build-doc-sync",
            "pending",
            &[]
        ),
        task(
            "4",
            "CC10X code-reviewer: Review implementation",
            "agent",
            "build-review",
            "pending",
            &[]
        ),
    ]);
    let out = ok(
        "router.runnable_tasks",
        json!({"tasks": tasks, "workflow_id": WF}),
    );
    assert_eq!(out["runnable"], json!(["2", "4"]));
    assert_eq!(out["tasks"][1]["state"], "serialized");
    // A writer already in progress keeps the slot over an earlier pending one.
    let mut tasks = tasks;
    tasks[2]["status"] = json!("in_progress");
    let out = ok(
        "router.runnable_tasks",
        json!({"tasks": tasks, "workflow_id": WF}),
    );
    assert_eq!(out["runnable"], json!(["3", "4"]));
    assert_eq!(out["tasks"][0]["state"], "serialized");
}

#[test]
fn no_build_with_open_decisions() {
    let text = artifact(|a| a["intent"]["open_decisions"] = json!(["Stripe only or dual-write?"]));
    let g = ok(
        "router.plan_trust_gate",
        json!({"artifact_text": text, "workflow_uuid": WF}),
    );
    assert_eq!(g["passed"], false);
    assert_eq!(g["failed"], json!(["open_decisions_resolved"]));
    assert_eq!(g["action"], "ask_clarification");
    assert_eq!(g["pending_gate"], "clarification");
    let approved = artifact(|a| {
        a["intent"]["open_decisions"] = json!(["Stripe only or dual-write?"]);
        a["approved_decisions"] = json!(["Stripe only or dual-write?"]);
    });
    let g = ok(
        "router.plan_trust_gate",
        json!({"artifact_text": approved, "workflow_uuid": WF}),
    );
    assert_eq!(
        (g["passed"].clone(), g["action"].clone()),
        (json!(true), json!("start_build"))
    );
}

#[test]
fn plan_trust_gate_checks_the_plan_fields_of_the_artifact() {
    let text = artifact(|a| {
        two_phases(a);
        a["plan_mode"] = json!("execution_plan");
        a["normalized_phases"][1]["exit_criteria"] = json!([]);
    });
    let planner = json!({"status": "PLAN_CREATED", "fields": {"OPEN_DECISIONS": [], "DIFFERENCES_FROM_AGREEMENT": []}});
    let g = ok(
        "router.plan_trust_gate",
        json!({"artifact_text": text, "workflow_uuid": WF, "planner": planner}),
    );
    assert_eq!(g["failed"], json!(["phases_complete"]));
    assert_eq!(g["phases_without_exit_criteria"], json!(["phase-2"]));
    let g = ok(
        "router.plan_trust_gate",
        json!({"artifact_text": text, "workflow_uuid": WF}),
    );
    assert_eq!(
        g["failed"],
        json!(["differences_present", "phases_complete"]),
        "no planner contract known"
    );
    let c = json!([{"decision": "dual-write", "constraint": "no schema change"}]);
    let g = ok(
        "router.plan_trust_gate",
        json!({"artifact_text": text, "workflow_uuid": WF, "planner": planner, "contradictions": c}),
    );
    assert_eq!(g["action"], "nogo_contradiction");
    assert_eq!(
        kind(
            "router.plan_trust_gate",
            json!({"artifact_text": text, "workflow_uuid": WF, "planner": 3})
        ),
        "invalid_value"
    );
}

#[test]
fn tell_me_whats_wrong_routes_to_review() {
    let r = ok(
        "router.route",
        json!({"request": "tell me what's wrong with this code"}),
    );
    assert_eq!(
        (r["workflow"].clone(), r["override"].clone()),
        (json!("REVIEW"), json!("tell_me_whats_wrong"))
    );
}

#[test]
fn qa_agents_results_update_a_qa_artifact_at_12_10() {
    let made = ok(
        "router.new_artifact",
        json!({"workflow_uuid": WF, "workflow_type": "QA", "user_request": "QA the checkout flow",
               "now": "2026-03-12T16:27:00Z", "edition": "12.10.0"}),
    );
    let mut text = serde_json::to_string_pretty(&made["artifact"]).unwrap();
    let step = |text: &str, agent: &str, phase: &str, result: Value| {
        let input = json!({"artifact_text": text, "workflow_uuid": WF, "now": NOW,
                           "agent": agent, "phase": phase, "result": result, "edition": "12.10.0"});
        ok("router.update_artifact", input)
    };
    let researcher = json!({"agent": "cc10x:qa-researcher", "status": "PASS", "passes": true,
        "critical_issues": [], "needs_inline_verification": false});
    let review = json!({"agent": "cc10x:plan-gap-reviewer", "status": "FINDINGS", "passes": false,
        "critical_issues": ["no error paths"], "needs_inline_verification": false});
    let review2 = json!({"agent": "cc10x:plan-gap-reviewer", "status": "PASS", "passes": true,
        "critical_issues": [], "needs_inline_verification": false});
    let harness = json!({"agent": "cc10x:qa-harness-builder", "status": "PASS", "passed": true,
        "violations": [], "fields": {}});
    let executor = json!({"agent": "cc10x:qa-executor", "status": "PASS", "passed": true,
        "violations": [], "fields": {}});
    for (agent, phase, result) in [
        ("qa-researcher", "qa-research", researcher),
        ("plan-gap-reviewer", "qa-plan-review", review),
        ("plan-gap-reviewer", "qa-plan-review-2", review2),
        ("qa-harness-builder", "qa-build", harness),
        ("qa-executor", "qa-execute", executor),
    ] {
        let out = step(&text, agent, phase, result);
        assert!(out["artifact"].is_object(), "{agent} at {phase}: {out}");
        text = serde_json::to_string_pretty(&out["artifact"]).unwrap();
    }
    let art: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(art["results"]["qa_harness_builder"]["passed"], true);
    assert_eq!(art["results"]["qa_executor"]["passed"], true);
    assert_eq!(art["results"]["qa_researcher"]["passes"], true);
    // The QA plan review is the plan-gap-reviewer's two passes: pass 2 PASS settles it.
    assert_eq!(art["planning_review_runs"], 2);
    assert_eq!(art["planning_review_status"], "passed");
    let completed = art["status_history"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "agent_completed")
        .count();
    assert_eq!(completed, 5);
}

#[test]
fn the_qa_harness_builder_writes_the_tree_and_never_runs_beside_another_writer() {
    let qa = |id: &str, subject: &str, phase: &str, status: &str| {
        json!({"id": id, "subject": subject, "status": status, "blocked_by": [],
            "description": format!("wf:{WF}\nkind:agent\norigin:router\nphase:{phase}\nplan:N/A\nscope:N/A\nreason:r")})
    };
    let tasks = json!([
        {"id": "1", "subject": "CC10X QA: checkout", "status": "in_progress", "blocked_by": [],
         "description": format!("wf:{WF}\nkind:workflow\norigin:router\nphase:qa\nplan:N/A\nscope:N/A\nreason:r")},
        qa("2", "CC10X qa-harness-builder: Build test harness", "qa-build", "pending"),
        qa("3", "CC10X planner: Revise", "qa-re-plan", "pending"),
        qa("4", "CC10X qa-executor: Run test plan and report", "qa-execute", "pending"),
        qa("5", "CC10X code-reviewer: Review test harness", "qa-review", "pending"),
    ]);
    let out = ok(
        "router.runnable_tasks",
        json!({"tasks": tasks, "workflow_id": WF, "edition": "12.10.0"}),
    );
    // The harness builder holds the slot; the planner waits; the executor (its report only)
    // and the reviewer run beside it.
    assert_eq!(out["runnable"], json!(["2", "4", "5"]), "{out}");
}
