//! The artifact update after an agent (`router.update_artifact`, the seed's "after every agent
//! completion" step 5): the result — or the error of an output that did not parse — goes into
//! `results`, `evidence`, `task_ids` and the planning keys; convergence, proof status, the BUILD
//! phase status and cursor, the pending gate and the status and remediation histories follow
//! the outcome. Writing the file and telemetry stay the host's.

use serde_json::{json, Map, Value};

use crate::error::{Error, ErrorKind, Result};
use crate::router::artifact::check_artifact;
use crate::router::edition::Edition;
use crate::router::vocabulary::{Agent, AgentClass, Phase};

/// What the agent's output turned into.
#[derive(Debug, Clone, Copy)]
pub enum Outcome<'a> {
    /// The parser's result (`parse_readonly_output` / `parse_write_contract`).
    Parsed(&'a Map<String, Value>),
    /// The output did not parse (no contract, scenario mismatch, …): the error's kind and
    /// message. It reaches the artifact as a failing result (fail closed: never dropped).
    Invalid {
        /// The parser's error kind.
        kind: ErrorKind,
        /// Its message.
        message: &'a str,
    },
}

/// The inputs besides the artifact text.
#[derive(Debug, Clone)]
pub struct AgentResult<'a> {
    /// The artifact's expected id.
    pub workflow_uuid: &'a str,
    /// The form of `now`.
    pub stamp: String,
    /// The agent that finished.
    pub agent: Agent,
    /// Its parsed result, or the error of its unparseable output.
    pub result: Outcome<'a>,
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

/// The result an unparseable output stands for: the agent, the error, the pass flag `false`
/// and (read-only agents) `needs_inline_verification: true`.
fn invalid_result(
    agent: Agent,
    flag_key: Option<&str>,
    kind: ErrorKind,
    message: &str,
) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("agent".into(), json!(agent.qualified()));
    m.insert("status".into(), json!(INVALID_OUTPUT));
    m.insert(
        "error".into(),
        json!({"kind": kind.as_str(), "message": message}),
    );
    if let Some(k) = flag_key {
        m.insert(k.into(), json!(false));
    }
    if agent.class() == AgentClass::ReadOnly {
        m.insert("needs_inline_verification".into(), json!(true));
    }
    m
}

/// The `status` recorded for an output that did not parse.
pub const INVALID_OUTPUT: &str = "INVALID_OUTPUT";

/// The verdict agents whose failure sends BUILD/DEBUG work back for a fix (a REM-FIX round).
const GATE_AGENTS: &[Agent] = &[
    Agent::CodeReviewer,
    Agent::SilentFailureHunter,
    Agent::FailureHunter,
    Agent::IntegrationVerifier,
];

/// The two phases of one parallel review pass: a failing partner joins the same fix round.
fn pass_partner(phase: Phase) -> Option<Phase> {
    match phase {
        Phase::BuildReview => Some(Phase::BuildHunt),
        Phase::BuildHunt => Some(Phase::BuildReview),
        Phase::ReReview => Some(Phase::ReHunt),
        Phase::ReHunt => Some(Phase::ReReview),
        _ => None,
    }
}

/// `proof_status` (build-workflow.md: `gaps_found` until the current phase is independently
/// verified): a builder or investigator result means new unverified work → `gaps_found` (or
/// `human_needed` when it says so); the verifier passing → `passed`, failing → `gaps_found`.
fn write_proof_status(
    art: &mut Map<String, Value>,
    agent: Agent,
    pass: Option<bool>,
    claimed: Option<&str>,
) {
    let proof = match agent {
        Agent::IntegrationVerifier => match pass {
            Some(true) => Some("passed"),
            Some(false) => Some("gaps_found"),
            None => None,
        },
        Agent::ComponentBuilder | Agent::BugInvestigator => Some(match claimed {
            Some("human_needed") => "human_needed",
            _ => "gaps_found",
        }),
        _ => None,
    };
    if let Some(p) = proof {
        art.insert("proof_status".to_string(), json!(p));
    }
}

/// BUILD `phase_status` and `phase_cursor` (the chain loop's `phase_exit_gate`): the phase is
/// the cursor (else the builder's `PHASE_ID`). A builder's `partial`/`blocked` is persisted; the
/// verifier passing marks it `completed` and only then moves the cursor to the next entry of
/// `normalized_phases` (unchanged at the last phase or when the cursor is not listed); the
/// verifier failing marks it `partial`.
fn write_phase(
    art: &mut Map<String, Value>,
    agent: Agent,
    pass: Option<bool>,
    phase_id: Option<&str>,
    phase_status: Option<&str>,
) {
    let cursor = art
        .get("phase_cursor")
        .and_then(Value::as_str)
        .map(str::to_string);
    let Some(key) = cursor.clone().or_else(|| phase_id.map(str::to_string)) else {
        return;
    };
    let state = match agent {
        Agent::ComponentBuilder => match phase_status {
            Some(s @ ("partial" | "blocked")) => Some(s),
            _ => None,
        },
        Agent::IntegrationVerifier => match pass {
            Some(true) => Some("completed"),
            Some(false) => Some("partial"),
            None => None,
        },
        _ => None,
    };
    let Some(state) = state else { return };
    object(art, "phase_status").insert(key.clone(), json!(state));
    if state != "completed" {
        return;
    }
    let next = art
        .get("normalized_phases")
        .and_then(Value::as_array)
        .and_then(|phases| {
            let ids: Vec<Option<&str>> = phases
                .iter()
                .map(|p| p.get("phase_id").and_then(Value::as_str))
                .collect();
            let at = ids.iter().position(|id| *id == Some(key.as_str()))?;
            ids.get(at + 1).copied().flatten().map(str::to_string)
        });
    match (next, cursor) {
        (Some(n), _) => {
            art.insert("phase_cursor".to_string(), json!(n));
        }
        (None, None) => {
            art.insert("phase_cursor".to_string(), json!(key));
        }
        (None, Some(_)) => {}
    }
}

/// `pending_gate` (policy: required whenever the workflow waits on the user): a builder that
/// did not pass with `CHECKPOINT_TYPE: decision` → `checkpoint_decision`, else with
/// `PHASE_STATUS: blocked` → `phase_blocked` (repo fixtures build-checkpoint-decision and
/// build-phase-blocked); a planner `NEEDS_CLARIFICATION` → `clarification`.
fn write_pending_gate(
    art: &mut Map<String, Value>,
    agent: Agent,
    pass: Option<bool>,
    status: Option<&str>,
    checkpoint: Option<&str>,
    phase_status: Option<&str>,
) {
    let gate = match agent {
        Agent::ComponentBuilder if pass != Some(true) => {
            if checkpoint == Some("decision") {
                Some("checkpoint_decision")
            } else if phase_status == Some("blocked") {
                Some("phase_blocked")
            } else {
                None
            }
        }
        Agent::Planner if status == Some("NEEDS_CLARIFICATION") => Some("clarification"),
        _ => None,
    };
    if let Some(g) = gate {
        art.insert("pending_gate".to_string(), json!(g));
    }
}

/// The one-line reason of a remediation entry: the agent's own `REMEDIATION_REASON`, else its
/// first critical issue, else `{agent} {status}`.
fn remediation_reason(
    agent: Agent,
    result: &Map<String, Value>,
    status: Option<&str>,
    pass: Option<bool>,
) -> String {
    if pass != Some(false) {
        return String::new();
    }
    let stated = result
        .get("intent")
        .and_then(|i| i.get("REMEDIATION_REASON"))
        .or_else(|| {
            result
                .get("fields")
                .and_then(|f| f.get("REMEDIATION_REASON"))
        })
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty() && !s.eq_ignore_ascii_case("none"));
    let first_issue = result
        .get("critical_issues")
        .and_then(Value::as_array)
        .and_then(|a| a.first())
        .and_then(Value::as_str);
    let error = result
        .get("error")
        .and_then(|e| e.get("kind"))
        .and_then(Value::as_str)
        .map(|k| format!("{agent} output invalid ({k})"));
    stated
        .map(str::to_string)
        .or(error)
        .or_else(|| first_issue.map(str::to_string))
        .unwrap_or_else(|| format!("{agent} {}", status.unwrap_or("failed")))
        .replace(['\n', '\r'], " ")
}

/// What the histories record about one update.
struct Decided<'a> {
    workflow: &'a str,
    agent: Agent,
    phase: Option<Phase>,
    pass: Option<bool>,
    invalid_output: bool,
    status: Option<&'a str>,
    stamp: &'a str,
    reason: String,
}

/// The decision word of a `status_history` entry.
fn decision_word(d: &Decided<'_>, remediate: bool) -> &'static str {
    if remediate {
        "remediate"
    } else if d.invalid_output {
        "invalid_output"
    } else {
        match d.pass {
            Some(true) => "advance",
            Some(false) => "iterate",
            None => "recorded",
        }
    }
}

/// Appends `{event:"agent_completed", ts, phase, agent, status, decision}` to `status_history`
/// and, when a verdict agent failed in BUILD/DEBUG (a failing verdict, an inline-verification
/// need or an unparseable output), `{ts, phase, agent, reason, cycle_number}` to
/// `remediation_history` — once per review pass: a reviewer/hunter failing right after its
/// parallel partner failed joins that cycle. The hook's fix-round limit counts these entries.
fn write_histories(art: &mut Map<String, Value>, d: &Decided<'_>) {
    let gate_failed = d.pass == Some(false)
        && GATE_AGENTS.contains(&d.agent)
        && matches!(d.workflow, "BUILD" | "DEBUG")
        && d.phase != Some(Phase::ReviewAudit);
    let joins_partner = gate_failed && {
        let partner = d.phase.and_then(pass_partner).map(Phase::as_str);
        let last = art
            .get("status_history")
            .and_then(Value::as_array)
            .and_then(|h| h.last());
        partner.is_some()
            && last.and_then(|e| e.get("phase")).and_then(Value::as_str) == partner
            && last.and_then(|e| e.get("decision")).and_then(Value::as_str) == Some("remediate")
    };
    let word = decision_word(d, gate_failed);
    let phase = d.phase.map(|p| json!(p.as_str())).unwrap_or(Value::Null);
    let entry = json!({
        "event": "agent_completed",
        "ts": d.stamp,
        "phase": phase,
        "agent": d.agent.qualified(),
        "status": d.status,
        "decision": word,
    });
    push(art, "status_history", entry);
    if gate_failed && !joins_partner {
        let cycle = art
            .get("remediation_history")
            .and_then(Value::as_array)
            .map_or(0, Vec::len)
            + 1;
        let entry = json!({
            "ts": d.stamp,
            "phase": phase,
            "agent": d.agent.qualified(),
            "reason": d.reason,
            "cycle_number": cycle,
        });
        push(art, "remediation_history", entry);
    }
}

/// Appends to a list key (made a list if it is not one).
fn push(art: &mut Map<String, Value>, key: &str, v: Value) {
    let slot = art.entry(key.to_string()).or_insert_with(|| json!([]));
    if !slot.is_array() {
        *slot = json!([]);
    }
    if let Some(list) = slot.as_array_mut() {
        list.push(v);
    }
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
            // QA reuses the reviewer for its two fresh passes over the test plan (`12.10.0`
            // refs/qa-workflow.md "Plan review").
            Some(Phase::PlanReviewGap1 | Phase::QaPlanReview) => Some(1),
            Some(Phase::PlanReviewGap2 | Phase::QaPlanReview2) => Some(2),
            Some(_) => {
                return Err(invalid(
                    "phase",
                    "plan-gap-reviewer's phase must be plan-review-gap-1|2 or \
                     qa-plan-review|qa-plan-review-2",
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
    let invalid_output = matches!(r.result, Outcome::Invalid { .. });
    let result_map = match r.result {
        Outcome::Parsed(m) => m.clone(),
        Outcome::Invalid { kind, message } => invalid_result(r.agent, flag_key, kind, message),
    };
    let pass = match flag_key {
        None => None,
        Some(k) => match result_map.get(k) {
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
    let result = Value::Object(result_map.clone());
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
                    && result_map.get("soft_pass") == Some(&Value::Bool(true))
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
        Agent::IntegrationVerifier => result_map.get("scenarios").and_then(|s| s.get("rows")),
        Agent::ComponentBuilder | Agent::BugInvestigator => {
            result_map.get("fields").and_then(|f| f.get("SCENARIOS"))
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
    let status = result_map.get("status").and_then(Value::as_str);
    // 4. planner
    if r.agent == Agent::Planner
        && pass == Some(true)
        && matches!(status, Some("PLAN_CREATED" | "DECISION_RFC_CREATED"))
    {
        let fields = result_map.get("fields").and_then(Value::as_object);
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
    let inline = result_map.get("needs_inline_verification") == Some(&Value::Bool(true));
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
                let findings = result_map
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
    // 7–11. the decision keys of step 5: proof status, BUILD phase status and cursor, the
    // pending gate, then the status and remediation histories.
    let workflow = art
        .get("workflow_type")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let fields = result_map.get("fields").and_then(Value::as_object);
    let field = |k: &str| fields.and_then(|f| f.get(k)).and_then(Value::as_str);
    write_proof_status(&mut art, r.agent, pass, field("PROOF_STATUS"));
    if workflow == "BUILD" {
        write_phase(
            &mut art,
            r.agent,
            pass,
            field("PHASE_ID"),
            field("PHASE_STATUS"),
        );
    }
    write_pending_gate(
        &mut art,
        r.agent,
        pass,
        status,
        field("CHECKPOINT_TYPE"),
        field("PHASE_STATUS"),
    );
    write_histories(
        &mut art,
        &Decided {
            workflow: &workflow,
            agent: r.agent,
            phase: r.phase,
            pass,
            invalid_output,
            status,
            stamp: &r.stamp,
            reason: remediation_reason(r.agent, &result_map, status, pass),
        },
    );
    // 12. updated_at
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
