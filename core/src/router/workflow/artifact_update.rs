//! The artifact update after an agent (router-workflow.md "after every agent
//! completion" step 5): the validated result goes into `results`, its scenario rows into
//! `evidence`, the task id into `task_ids`, the planner's and plan reviewer's fields into the
//! planning keys, and the convergence state follows the pass flag. The gates' own keys
//! (`phase_status`, `phase_cursor`, histories, telemetry) stay the host's.

use serde_json::{json, Map, Value};

use crate::error::{Error, ErrorKind, Result};
use crate::router::artifact::check_artifact;
use crate::router::edition::Edition;
use crate::router::vocabulary::{Agent, AgentClass, Phase};

/// The inputs besides the artifact text.
#[derive(Debug, Clone)]
pub struct AgentResult<'a> {
    /// The artifact's expected id.
    pub workflow_uuid: &'a str,
    /// The form of `now`.
    pub stamp: String,
    /// The agent that finished.
    pub agent: Agent,
    /// Its parsed result (`parse_readonly_output` / `parse_write_contract`).
    pub result: &'a Map<String, Value>,
    /// The task's phase.
    pub phase: Option<Phase>,
    /// The task's id.
    pub task_id: Option<&'a str>,
}

/// The updated artifact and its file text.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Updated {
    /// The artifact.
    pub artifact: Value,
    /// Two-space JSON, key order kept, one final newline.
    pub text: String,
}

/// The `results` key of an agent (researchers go under `results.research`).
pub fn results_key(agent: Agent) -> &'static str {
    match agent {
        Agent::ComponentBuilder => "builder",
        Agent::BugInvestigator => "investigator",
        Agent::CodeReviewer => "reviewer",
        Agent::SilentFailureHunter | Agent::FailureHunter => "hunter",
        Agent::IntegrationVerifier => "verifier",
        Agent::Planner => "planner",
        Agent::PlanGapReviewer => "planning_reviewer",
        Agent::DocSyncer => "doc_syncer",
        Agent::TriageAgent => "triage",
        Agent::ArchitectureScanner => "architecture_scanner",
        Agent::QaResearcher => "qa_researcher",
        Agent::QaHarnessBuilder => "qa_harness_builder",
        Agent::QaExecutor => "qa_executor",
        Agent::WebResearcher | Agent::GithubResearcher | Agent::Researcher => "research",
    }
}

/// The `task_ids` key of the five planning/memory phases.
fn phase_task_key(phase: Phase) -> Option<&'static str> {
    Some(match phase {
        Phase::PlanCreate => "planner_create",
        Phase::PlanReviewGap1 => "planning_review_pass1",
        Phase::RePlan => "planner_replan",
        Phase::PlanReviewGap2 => "planning_review_pass2",
        Phase::MemoryFinalize => "memory_finalize",
        _ => return None,
    })
}

fn missing(field: &str, why: &str) -> Error {
    Error::new(ErrorKind::MissingField, why).with_field(field)
}

fn invalid(field: &str, why: &str) -> Error {
    Error::new(ErrorKind::InvalidValue, why).with_field(field)
}

/// `web` or `github` for a researcher result.
fn research_side(agent: Agent, phase: Option<Phase>) -> Result<&'static str> {
    match (agent, phase) {
        (Agent::WebResearcher, _) => Ok("web"),
        (Agent::GithubResearcher, _) => Ok("github"),
        (_, Some(Phase::ResearchWeb)) => Ok("web"),
        (_, Some(Phase::ResearchGithub)) => Ok("github"),
        (_, None) => Err(missing(
            "phase",
            "the researcher's phase (research-web|github) is required",
        )),
        (_, Some(_)) => Err(invalid(
            "phase",
            "the researcher's phase must be research-web or research-github",
        )),
    }
}

fn object<'m>(map: &'m mut Map<String, Value>, key: &str) -> &'m mut Map<String, Value> {
    let slot = map.entry(key.to_string()).or_insert_with(|| json!({}));
    if !slot.is_object() {
        *slot = json!({});
    }
    slot.as_object_mut().expect("just made an object")
}

/// Applies one agent's result to the artifact, in the spec's step order.
pub fn update_artifact(
    edition: Edition,
    artifact_text: &str,
    r: &AgentResult<'_>,
) -> Result<Updated> {
    let mut art = check_artifact(edition, artifact_text, r.workflow_uuid)?.artifact;
    let pass_no = match r.agent {
        Agent::PlanGapReviewer => match r.phase {
            None => {
                return Err(missing(
                    "phase",
                    "plan-gap-reviewer needs phase plan-review-gap-1|2",
                ))
            }
            Some(Phase::PlanReviewGap1) => Some(1),
            Some(Phase::PlanReviewGap2) => Some(2),
            Some(_) => {
                return Err(invalid(
                    "phase",
                    "plan-gap-reviewer's phase must be plan-review-gap-1 or plan-review-gap-2",
                ))
            }
        },
        _ => None,
    };
    let research = if r.agent.is_researcher() {
        Some(research_side(r.agent, r.phase)?)
    } else {
        None
    };
    let flag_key = match r.agent.class() {
        AgentClass::ReadOnly => Some("passes"),
        AgentClass::Write if research.is_none() => Some("passed"),
        AgentClass::Write => None,
    };
    let pass = match flag_key {
        None => None,
        Some(k) => match r.result.get(k) {
            None => return Err(missing("result", &format!("result.{k} is required"))),
            Some(Value::Null) => None,
            Some(Value::Bool(b)) => Some(*b),
            Some(_) => {
                return Err(invalid(
                    "result",
                    &format!("result.{k} must be a boolean or null"),
                ))
            }
        },
    };
    let key = results_key(r.agent);
    let result = Value::Object(r.result.clone());
    // 1. results
    {
        let results = object(&mut art, "results");
        match research {
            Some(side) => {
                object(results, "research").insert(side.to_string(), result);
            }
            None => {
                let mut v = result;
                if r.agent == Agent::DocSyncer
                    && r.result.get("soft_pass") == Some(&Value::Bool(true))
                {
                    if let Some(o) = v.as_object_mut() {
                        o.insert("doc_sync_partial".to_string(), Value::Bool(true));
                    }
                }
                results.insert(key.to_string(), v);
            }
        }
    }
    // 2. evidence
    let rows = match r.agent {
        Agent::IntegrationVerifier => r.result.get("scenarios").and_then(|s| s.get("rows")),
        Agent::ComponentBuilder | Agent::BugInvestigator => {
            r.result.get("fields").and_then(|f| f.get("SCENARIOS"))
        }
        _ => None,
    }
    .and_then(Value::as_array);
    if let Some(rows) = rows {
        let evidence = object(&mut art, "evidence");
        let slot = evidence.entry(key.to_string()).or_insert_with(|| json!([]));
        if !slot.is_array() {
            *slot = json!([]);
        }
        if let Some(list) = slot.as_array_mut() {
            list.extend(rows.iter().cloned());
        }
    }
    // 3. task_ids
    if let Some(id) = r.task_id {
        let k = match (research, r.phase.and_then(phase_task_key)) {
            (Some(side), _) => format!("research_{side}"),
            (None, Some(k)) => k.to_string(),
            (None, None) => key.to_string(),
        };
        object(&mut art, "task_ids").insert(k, json!(id));
    }
    let status = r.result.get("status").and_then(Value::as_str);
    // 4. planner
    if r.agent == Agent::Planner
        && pass == Some(true)
        && matches!(status, Some("PLAN_CREATED" | "DECISION_RFC_CREATED"))
    {
        let fields = r.result.get("fields").and_then(Value::as_object);
        for (art_key, field) in [
            ("plan_file", "PLAN_FILE"),
            ("plan_mode", "PLAN_MODE"),
            ("verification_rigor", "VERIFICATION_RIGOR"),
        ] {
            if let Some(v) = fields.and_then(|f| f.get(field)) {
                art.insert(art_key.to_string(), v.clone());
            }
        }
        art.insert(
            "planning_review_status".to_string(),
            json!("pending_review"),
        );
    }
    // 5. plan-gap-reviewer
    let inline = r.result.get("needs_inline_verification") == Some(&Value::Bool(true));
    if let (Some(n), false) = (pass_no, inline) {
        let runs = art
            .get("planning_review_runs")
            .and_then(Value::as_u64)
            .unwrap_or(0);
        art.insert("planning_review_runs".to_string(), json!(runs + 1));
        match status {
            Some("PASS") => {
                art.insert("planning_review_status".to_string(), json!("passed"));
            }
            Some("FINDINGS") => {
                let findings = r
                    .result
                    .get("critical_issues")
                    .cloned()
                    .unwrap_or(json!([]));
                art.insert("planning_review_findings".to_string(), findings);
                if n == 1 {
                    art.insert(
                        "planning_review_status".to_string(),
                        json!("findings_received"),
                    );
                } else {
                    art.insert(
                        "planning_review_status".to_string(),
                        json!("needs_clarification"),
                    );
                    art.insert("pending_gate".to_string(), json!("clarification"));
                }
            }
            _ => {}
        }
    }
    // 6. convergence
    let convergence = match (pass, r.agent) {
        (Some(false), _) => Some("needs_iteration"),
        (Some(true), Agent::IntegrationVerifier) => Some("stable"),
        _ => None,
    };
    if let Some(c) = convergence {
        object(&mut art, "quality").insert("convergence_state".to_string(), json!(c));
    }
    // 7. updated_at
    art.insert("updated_at".to_string(), json!(r.stamp));
    let artifact = Value::Object(art);
    let mut text = serde_json::to_string_pretty(&artifact).map_err(|e| {
        Error::new(
            ErrorKind::InvalidValue,
            format!("artifact is not JSON: {e}"),
        )
    })?;
    text.push('\n');
    Ok(Updated { artifact, text })
}
