//! Check orders and error kinds of the router.md §4.23–§4.30 ops through the op surface (the
//! vectors pin the happy paths; these pin which problem is reported first).

use fourx_core::ops::call;
use serde_json::{json, Value};

fn kind(op: &str, input: Value) -> String {
    match call(op, &input) {
        Ok(v) => panic!("{op} accepted {input}: {v}"),
        Err(e) => e.kind.as_str().to_string(),
    }
}

fn ok(op: &str, input: Value) -> Value {
    call(op, &input).unwrap_or_else(|e| panic!("{op} refused {input}: {e}"))
}

const WF: &str = "wf-20260312T162700Z-a1b2c3d4";

fn prompt(extra: Value) -> Value {
    let mut base = json!({"agent": "cc10x:integration-verifier", "workflow": "BUILD",
        "phase": "build-verify", "task_id": "7", "workflow_uuid": WF, "request": "Ship it"});
    for (k, v) in extra.as_object().unwrap() {
        base[k] = v.clone();
    }
    base
}

#[test]
fn memory_ops_check_file_before_text() {
    assert_eq!(kind("router.check_memory", json!({})), "missing_field");
    assert_eq!(
        kind("router.check_memory", json!({"file": 3, "text": ""})),
        "invalid_value"
    );
    assert_eq!(
        kind("router.repair_memory", json!({"file": "x.md"})),
        "invalid_value"
    );
    assert_eq!(
        kind(
            "router.repair_memory",
            json!({"file": "patterns.md", "text": 1})
        ),
        "invalid_value"
    );
    assert_eq!(
        kind("router.memory_template", json!({"file": "Patterns.md"})),
        "invalid_value"
    );
}

#[test]
fn just_go_reads_recommended_only_for_an_auto_default() {
    assert_eq!(
        kind(
            "router.just_go_gate",
            json!({"just_go": "true", "gate": "ordinary"})
        ),
        "invalid_value"
    );
    assert_eq!(
        kind("router.just_go_gate", json!({"just_go": true})),
        "missing_field"
    );
    let out = ok(
        "router.just_go_gate",
        json!({"just_go": false, "gate": "ordinary", "recommended": 5}),
    );
    assert_eq!(out["action"], "ask");
    let out = ok(
        "router.just_go_gate",
        json!({"just_go": true, "gate": "failure_stop"}),
    );
    assert_eq!(
        out,
        json!({"action": "ask", "answer": null, "log_decision": false})
    );
    assert_eq!(
        kind(
            "router.just_go_gate",
            json!({"just_go": true, "gate": "ordinary", "recommended": "a\nb"})
        ),
        "invalid_value"
    );
}

#[test]
fn skill_hints_checks_inputs_in_table_order() {
    assert_eq!(
        kind("router.skill_hints", json!({"workflow": "ORIENT"})),
        "missing_field"
    );
    assert_eq!(
        kind(
            "router.skill_hints",
            json!({"agent": "x", "workflow": "ORIENT"})
        ),
        "unknown_agent"
    );
    assert_eq!(
        kind(
            "router.skill_hints",
            json!({"agent": "planner", "workflow": "ORIENT"})
        ),
        "invalid_value"
    );
    assert_eq!(
        kind(
            "router.skill_hints",
            json!({"agent": "planner", "workflow": "PLAN"})
        ),
        "missing_field"
    );
    for bad in [
        json!({"phase": "implement"}),
        json!({"kind": "task"}),
        json!({"changed_files": "a.tsx"}),
        json!({"changed_files": [1]}),
        json!({"patterns_text": []}),
        json!({"research_files": {"web": "a\nb.md"}}),
        json!({"research_files": {"web": 1}}),
        json!({"mcp_capability_needed": "yes"}),
    ] {
        let mut input = json!({"agent": "planner", "workflow": "PLAN", "request": "x"});
        for (k, v) in bad.as_object().unwrap() {
            input[k] = v.clone();
        }
        assert_eq!(kind("router.skill_hints", input), "invalid_value");
    }
    let out = ok(
        "router.skill_hints",
        json!({"agent": "cc10x:planner", "workflow": "PLAN", "request": "x",
               "research_files": {"web": "  ", "github": null}, "changed_files": null}),
    );
    assert_eq!(out, json!({"hints": []}));
}

#[test]
fn skill_precedence_reports_the_first_bad_element() {
    let k = |sources: Value| kind("router.skill_precedence", json!({"sources": sources}));
    assert_eq!(k(json!([])), "invalid_value");
    assert_eq!(k(json!({"id": "a"})), "invalid_value");
    assert_eq!(k(json!(["a"])), "invalid_value");
    assert_eq!(k(json!([{"kind": "model_heuristic"}])), "missing_field");
    assert_eq!(k(json!([{"id": "a"}])), "missing_field");
    assert_eq!(
        k(json!([{"id": 1, "kind": "model_heuristic"}])),
        "invalid_value"
    );
    assert_eq!(
        k(
            json!([{"id": "a", "kind": "model_heuristic"}, {"id": "a", "kind": "model_heuristic"}, {"id": "b"}])
        ),
        "invalid_value"
    );
}

#[test]
fn previous_findings_validates_a_hunter_it_then_ignores() {
    let debug = |hunter: Value| {
        call(
            "router.format_previous_findings",
            &json!({"workflow": "DEBUG", "reviewer": {"status": "APPROVE"}, "hunter": hunter}),
        )
    };
    assert!(debug(json!(null)).is_ok());
    assert!(debug(json!({"critical_issues": ["x"]})).is_ok());
    assert_eq!(
        debug(json!({"status": "DIRTY"})).unwrap_err().kind.as_str(),
        "invalid_value"
    );
    assert_eq!(debug(json!([])).unwrap_err().kind.as_str(), "invalid_value");
    assert_eq!(
        kind(
            "router.format_previous_findings",
            json!({"workflow": "BUILD", "reviewer": {}})
        ),
        "missing_field"
    );
    assert_eq!(
        kind(
            "router.format_previous_findings",
            json!({"workflow": "BUILD", "reviewer": {"status": "APPROVE", "critical_issues": [" "]}})
        ),
        "invalid_value"
    );
}

#[test]
fn build_prompt_checks_inputs_in_table_order() {
    assert_eq!(
        kind(
            "router.build_prompt",
            json!({"agent": "planner", "workflow": "ORIENT"})
        ),
        "invalid_value"
    );
    assert_eq!(
        kind(
            "router.build_prompt",
            prompt(json!({"task_id": "\n", "request": null}))
        ),
        "invalid_value"
    );
    assert_eq!(
        kind("router.build_prompt", prompt(json!({"request": " \r\n "}))),
        "invalid_value"
    );
    assert_eq!(
        kind("router.build_prompt", prompt(json!({"plan_file": "a\nb"}))),
        "invalid_value"
    );
    assert_eq!(
        kind(
            "router.build_prompt",
            prompt(json!({"domain_files": [{"path": "DOMAIN_GLOSSARY.md"}]}))
        ),
        "missing_field"
    );
    assert_eq!(
        kind(
            "router.build_prompt",
            prompt(json!({"skill_hints": ["a b"]}))
        ),
        "invalid_value"
    );
    assert_eq!(
        kind(
            "router.build_prompt",
            prompt(json!({"pre_answered_requirements": ["a\nb"]}))
        ),
        "invalid_value"
    );
    assert_eq!(
        kind(
            "router.build_prompt",
            prompt(json!({"intent_contract": {"goal": "a\nb"}}))
        ),
        "invalid_value"
    );
    assert_eq!(
        kind("router.build_prompt", prompt(json!({"design_file": 7}))),
        "invalid_value"
    );
    assert_eq!(
        kind(
            "router.build_prompt",
            prompt(json!({"previous_findings": {"hunter": {"status": "CLEAN"}}}))
        ),
        "missing_field"
    );
    assert_eq!(
        kind(
            "router.build_prompt",
            prompt(
                json!({"workflow": "REVIEW", "previous_findings": {"reviewer": {"status": "APPROVE"}}})
            )
        ),
        "invalid_value"
    );
}

#[test]
fn build_prompt_is_byte_stable_and_skips_blank_items() {
    let input = prompt(json!({
        "plan_file": "  docs/plans/p.md\t",
        "domain_files": [{"path": "./project-context.md", "content": "\r\nctx\r\n"},
                         {"path": "DOMAIN_GLOSSARY.md", "content": " \n"}],
        "skill_hints": ["cc10x:frontend-patterns", "  ", "cc10x:frontend-patterns"],
        "approved_context_files": ["docs/plans/p.md"],
        "previous_findings": {"reviewer": {"status": "APPROVE"}, "hunter": null},
    }));
    let a = ok("router.build_prompt", input.clone());
    assert_eq!(a, ok("router.build_prompt", input));
    let text = a["text"].as_str().unwrap();
    assert!(text.contains("- Plan File: docs/plans/p.md\n"));
    assert!(text.contains("## Domain Context\n### project-context.md\nctx\n\n## SKILL_HINTS\n- cc10x:frontend-patterns\n\n"));
    assert!(text
        .ends_with("### Silent Failure Hunter\n**Critical Issues:**\nNone / not in this workflow"));
    assert_eq!(a["dropped"], json!(["## Approved Context Files"]));
}
