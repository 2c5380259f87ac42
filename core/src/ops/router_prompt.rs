//! The op table of router.md: JSON adapters over the typed API of this submodule.
//! Bad input is `missing_field` / `invalid_value` (router's spelling), checked in each op's order.

use serde_json::{json, Map, Value};

use super::{Args, OpInfo};
use crate::error::{Error, ErrorKind, Result};
use crate::router::edition::Edition;
use crate::router::prompt::findings::{
    check_issue, check_verifier_workflow, format_previous_findings, HunterFindings,
    PreviousFindings, ReviewerFindings,
};
use crate::router::prompt::frame::{
    build_prompt, check_dispatch_workflow, check_request, check_single_line, check_task_id,
    check_workflow_uuid, list_item, skill_item, DomainFile, IntentContract, PromptInput,
};
use crate::router::prompt::just_go::{just_go_gate, Gate, GateAction};
use crate::router::prompt::memory::{check_memory, repair_memory, MemoryFile};
use crate::router::prompt::precedence::{skill_precedence, Source, SourceKind};
use crate::router::prompt::research_files::ResearchFiles;
use crate::router::prompt::skill_hints::{skill_hints, SkillHintInput};
use crate::router::{Agent, Kind, Phase, WorkflowType};

const BAD_INPUT: &[ErrorKind] = &[ErrorKind::MissingField, ErrorKind::InvalidValue];

/// The ops of this submodule, one line each.
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new(
        "router.check_memory",
        "Which required `## ` sections a memory file (activeContext.md, progress.md, patterns.md) has.",
        &["file: str", "text: str", "edition?: Edition = \"11.0.0\""],
        &["-> MemoryCheck"],
        BAD_INPUT,
        run_check_memory,
    ),
    OpInfo::new(
        "router.repair_memory",
        "Idempotently insert a memory file's missing sections before `## Last Updated` (or at the end).",
        &["file: str", "text: str", "edition?: Edition = \"11.0.0\""],
        &["-> MemoryRepair"],
        BAD_INPUT,
        run_repair_memory,
    ),
    OpInfo::new(
        "router.memory_template",
        "The cc10x:session-memory template a missing memory file is created with.",
        &["file: str", "edition?: Edition = \"11.0.0\""],
        &["text: str"],
        BAD_INPUT,
        run_memory_template,
    ),
    OpInfo::new(
        "router.just_go_gate",
        "What a pending AskUserQuestion gate does under JUST_GO and the trust rules.",
        &["just_go: bool", "gate: Gate", "recommended?: str = ~no recommended option (read only when the gate auto-defaults under JUST_GO)", "edition?: Edition = \"11.0.0\""],
        &["-> GateDecision"],
        BAD_INPUT,
        run_just_go_gate,
    ),
    OpInfo::new(
        "router.skill_hints",
        "The skills the router loads for one agent dispatch: project hints, then keyword/path/flag rules (12.7.0 ids: cc10x:frontend, architecture, exploration, codebase-hygiene, code-review, memory-and-handoff).",
        &["agent: str", "workflow: WorkflowType", "request: str", "phase?: WorkflowPhase = ~not given: no phase rules apply", "kind?: TaskKind = ~not given: no kind rules apply", "changed_files?: [str] = []", "plan_text?: str = \"\"", "design_text?: str = \"\"", "patterns_text?: str = \"\"", "research_files?: ResearchFiles = {}", "mcp_capability_needed?: bool = false", "edition?: Edition = \"11.0.0\""],
        &["hints: [str]"],
        &[
            ErrorKind::MissingField,
            ErrorKind::InvalidValue,
            ErrorKind::UnknownAgent,
        ],
        run_skill_hints,
    ),
    OpInfo::new(
        "router.skill_precedence",
        "Order instruction sources by the seed's strict precedence (user prompt first, heuristics last).",
        &["sources: [PrecedenceSource]", "edition?: Edition = \"11.0.0\""],
        &["-> Precedence"],
        BAD_INPUT,
        run_skill_precedence,
    ),
    OpInfo::new(
        "router.format_previous_findings",
        "The `## Previous Agent Findings` block handed to the integration-verifier.",
        &["workflow: WorkflowType", "reviewer: ReviewerFindings", "hunter?: HunterFindings = ~no Silent Failure Hunter part", "edition?: Edition = \"11.0.0\""],
        &["text: str"],
        BAD_INPUT,
        run_format_previous_findings,
    ),
    OpInfo::new(
        "router.build_prompt",
        "Render the per-agent prompt frame: fixed sections, then optional ones by content and role (12.7.0: no ## Memory Summary for code-reviewer and plan-gap-reviewer).",
        &["agent: str", "workflow: WorkflowType", "phase: WorkflowPhase", "task_id: str", "workflow_uuid: str", "request: str", "plan_file?: str = \"N/A\"", "requirements?: str = \"\"", "memory_summary?: str = \"\"", "project_patterns?: str = \"\"", "domain_files?: [DomainFile] = []", "skill_hints?: [str] = []", "pre_answered_requirements?: [str] = []", "intent_contract?: IntentContract = ~no intent contract section", "research_files?: ResearchFiles = {}", "research_quality?: str = \"\"", "design_file?: str = \"\"", "planning_review_findings?: str = \"\"", "original_request?: str = \"\"", "approved_context_files?: [str] = []", "previous_findings?: PreviousFindings = ~no previous findings section", "edition?: Edition = \"11.0.0\""],
        &["-> Prompt"],
        &[
            ErrorKind::MissingField,
            ErrorKind::InvalidValue,
            ErrorKind::UnknownAgent,
        ],
        run_build_prompt,
    ),
];

fn args(map: &Map<String, Value>) -> Args<'_> {
    Args::with_kinds(map, ErrorKind::MissingField, ErrorKind::InvalidValue)
}

fn memory_file(a: &Args<'_>) -> Result<MemoryFile> {
    a.str("file")?.parse()
}

fn run_check_memory(map: &Map<String, Value>) -> Result<Value> {
    // The edition changes no rule of this op (rows C1, J1); it is still checked first.
    Edition::from_input(map)?;
    let a = args(map);
    let file = memory_file(&a)?;
    let c = check_memory(file, a.str("text")?);
    Ok(json!({"missing": c.missing, "present": c.present, "ok": c.ok()}))
}

fn run_repair_memory(map: &Map<String, Value>) -> Result<Value> {
    // The edition changes no rule of this op (rows C1, J1); it is still checked first.
    Edition::from_input(map)?;
    let a = args(map);
    let file = memory_file(&a)?;
    let r = repair_memory(file, a.str("text")?);
    Ok(json!({"text": r.text, "inserted": r.inserted, "placement": r.placement.as_str()}))
}

fn run_memory_template(map: &Map<String, Value>) -> Result<Value> {
    // The edition changes no rule of this op (rows C1, J1); it is still checked first.
    Edition::from_input(map)?;
    let file = memory_file(&args(map))?;
    Ok(json!({"text": file.template()}))
}

fn run_just_go_gate(map: &Map<String, Value>) -> Result<Value> {
    // The edition changes no rule of this op (rows C1, J1); it is still checked first.
    Edition::from_input(map)?;
    let a = args(map);
    let just_go = a
        .opt_bool("just_go")?
        .ok_or_else(|| a.missing_err("just_go"))?;
    let gate: Gate = a.str("gate")?.parse()?;
    let recommended = if gate.action(just_go) == GateAction::AutoDefault {
        a.opt_str("recommended")?
    } else {
        None
    };
    let d = just_go_gate(just_go, gate, recommended)?;
    Ok(json!({"action": d.action.as_str(), "answer": d.answer, "log_decision": d.log_decision}))
}

fn invalid(field: &str, message: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidValue, message).with_field(field)
}

fn missing(field: &str) -> Error {
    Error::new(ErrorKind::MissingField, format!("`{field}` is required")).with_field(field)
}

fn agent(edition: Edition, a: &Args<'_>) -> Result<Agent> {
    let name = a.str("agent")?;
    edition.agent(name).ok().ok_or_else(|| {
        Error::new(
            ErrorKind::UnknownAgent,
            format!("agent {name:?} is not a cc10x {edition} agent"),
        )
        .with_field("agent")
    })
}

/// An optional phase of the edition's enum.
fn phase_word(edition: Edition, a: &Args<'_>, key: &str) -> Result<Option<Phase>> {
    match a.opt_str(key)? {
        None => Ok(None),
        Some(s) => edition
            .phase(s)
            .map(Some)
            .map_err(|_| invalid(key, format!("{key} {s:?} is not a {edition} task phase"))),
    }
}

/// A required workflow type the edition knows.
fn workflow_word(edition: Edition, a: &Args<'_>, what: &str) -> Result<WorkflowType> {
    let s = a.str("workflow")?;
    edition
        .workflow(s)
        .map_err(|_| invalid("workflow", format!("workflow {s:?} is not {what}")))
}

fn word<T: std::str::FromStr>(a: &Args<'_>, key: &str, what: &str) -> Result<Option<T>> {
    match a.opt_str(key)? {
        None => Ok(None),
        Some(s) => s
            .parse()
            .map(Some)
            .map_err(|_| invalid(key, format!("{key} {s:?} is not {what}"))),
    }
}

const WORKFLOWS: &str = "BUILD, DEBUG, REVIEW or PLAN";

/// An optional list of strings (absent or null: empty).
fn strings<'v>(v: Option<&'v Value>, field: &str) -> Result<Vec<&'v str>> {
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return Ok(Vec::new());
    };
    let list = v
        .as_array()
        .ok_or_else(|| invalid(field, format!("`{field}` must be a list of strings")))?;
    list.iter()
        .map(|x| {
            x.as_str()
                .ok_or_else(|| invalid(field, format!("`{field}` must be a list of strings")))
        })
        .collect()
}

/// An optional string inside an object (absent or null: `None`).
fn member_str<'v>(obj: &'v Map<String, Value>, key: &str, field: &str) -> Result<Option<&'v str>> {
    match obj.get(key).filter(|v| !v.is_null()) {
        None => Ok(None),
        Some(v) => v
            .as_str()
            .map(Some)
            .ok_or_else(|| invalid(field, format!("`{field}` must be a string"))),
    }
}

fn object<'v>(v: &'v Value, field: &str) -> Result<&'v Map<String, Value>> {
    v.as_object()
        .ok_or_else(|| invalid(field, format!("`{field}` must be an object")))
}

fn research_files(a: &Args<'_>) -> Result<ResearchFiles> {
    let Some(obj) = a.opt_obj("research_files")? else {
        return Ok(ResearchFiles::default());
    };
    ResearchFiles::new(
        member_str(obj, "web", "research_files.web")?,
        member_str(obj, "github", "research_files.github")?,
        "research_files",
    )
}

fn run_skill_hints(map: &Map<String, Value>) -> Result<Value> {
    let edition = Edition::from_input(map)?;
    let a = args(map);
    let agent = agent(edition, &a)?;
    let workflow = workflow_word(edition, &a, WORKFLOWS)?;
    check_dispatch_workflow(workflow)?;
    let mut input = SkillHintInput::new(agent, workflow, a.str("request")?);
    input.phase = phase_word(edition, &a, "phase")?;
    input.kind = word::<Kind>(&a, "kind", "a task kind")?;
    input.changed_files = strings(a.get("changed_files"), "changed_files")?;
    input.plan_text = a.opt_str("plan_text")?.unwrap_or("");
    input.design_text = a.opt_str("design_text")?.unwrap_or("");
    input.patterns_text = a.opt_str("patterns_text")?.unwrap_or("");
    input.research_files = research_files(&a)?;
    input.mcp_capability_needed = a.opt_bool("mcp_capability_needed")?.unwrap_or(false);
    input.edition = edition;
    Ok(json!({"hints": skill_hints(&input)?}))
}

fn run_skill_precedence(map: &Map<String, Value>) -> Result<Value> {
    // The edition changes no rule of this op (rows C1, J1); it is still checked first.
    Edition::from_input(map)?;
    let a = args(map);
    let list = a
        .req("sources")?
        .as_array()
        .ok_or_else(|| invalid("sources", "`sources` must be a list of {id, kind} objects"))?;
    let mut sources = Vec::with_capacity(list.len());
    for (i, v) in list.iter().enumerate() {
        let field = format!("sources[{i}]");
        let obj = object(v, &field)?;
        let id_field = format!("{field}.id");
        let kind_field = format!("{field}.kind");
        let id = obj
            .get("id")
            .filter(|v| !v.is_null())
            .ok_or_else(|| missing(&id_field))?;
        let kind = obj
            .get("kind")
            .filter(|v| !v.is_null())
            .ok_or_else(|| missing(&kind_field))?;
        let id = id
            .as_str()
            .ok_or_else(|| invalid(&id_field, "a source id must be a string"))?;
        let kind: SourceKind = kind.as_str().and_then(|k| k.parse().ok()).ok_or_else(|| {
            invalid(
                &kind_field,
                "kind must be explicit_user_prompt, project_standards, approved_plan_design, \
                 domain_external_skill, internal_cc10x_skill or model_heuristic",
            )
        })?;
        if sources.iter().any(|s: &Source| s.id == id) {
            return Err(invalid(
                &id_field,
                format!("source id {id:?} appears twice; ids must be unique"),
            ));
        }
        sources.push(Source {
            id: id.to_string(),
            kind,
        });
    }
    let order: Vec<Value> = skill_precedence(&sources)?
        .iter()
        .map(|s| json!({"id": s.id, "kind": s.kind.as_str(), "rank": s.kind.rank()}))
        .collect();
    let winner = order.first().cloned().unwrap_or(Value::Null);
    Ok(json!({"order": order, "winner": winner}))
}

fn issues(obj: &Map<String, Value>, field: &str) -> Result<Vec<String>> {
    let list = strings(obj.get("critical_issues"), field)?;
    for i in &list {
        check_issue(field, i)?;
    }
    Ok(list.into_iter().map(str::to_string).collect())
}

fn reviewer(v: &Value, field: &str) -> Result<ReviewerFindings> {
    let obj = object(v, field)?;
    let status_field = format!("{field}.status");
    let status = member_str(obj, "status", &status_field)?.ok_or_else(|| missing(&status_field))?;
    let status = status
        .parse()
        .map_err(|_| invalid(&status_field, "status must be APPROVE or CHANGES_REQUESTED"))?;
    Ok(ReviewerFindings {
        status,
        critical_issues: issues(obj, &format!("{field}.critical_issues"))?,
    })
}

fn hunter(v: Option<&Value>, field: &str) -> Result<Option<HunterFindings>> {
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return Ok(None);
    };
    let obj = object(v, field)?;
    let status_field = format!("{field}.status");
    let status = match member_str(obj, "status", &status_field)? {
        None => None,
        Some(s) => Some(
            s.parse()
                .map_err(|_| invalid(&status_field, "status must be CLEAN or ISSUES_FOUND"))?,
        ),
    };
    Ok(Some(HunterFindings {
        status,
        critical_issues: issues(obj, &format!("{field}.critical_issues"))?,
    }))
}

fn run_format_previous_findings(map: &Map<String, Value>) -> Result<Value> {
    let edition = Edition::from_input(map)?;
    let a = args(map);
    let workflow = workflow_word(edition, &a, "BUILD or DEBUG")?;
    check_verifier_workflow(workflow, "workflow")?;
    let findings = PreviousFindings {
        reviewer: reviewer(a.req("reviewer")?, "reviewer")?,
        hunter: hunter(a.get("hunter"), "hunter")?,
        edition,
    };
    Ok(json!({"text": format_previous_findings(workflow, &findings)?}))
}

fn domain_files<'v>(a: &Args<'v>) -> Result<Vec<DomainFile<'v>>> {
    let Some(list) = a.opt_array("domain_files")? else {
        return Ok(Vec::new());
    };
    let mut out = Vec::with_capacity(list.len());
    for (i, v) in list.iter().enumerate() {
        let field = format!("domain_files[{i}]");
        let obj = object(v, &field)?;
        let path_field = format!("{field}.path");
        let content_field = format!("{field}.content");
        let path = member_str(obj, "path", &path_field)?.ok_or_else(|| missing(&path_field))?;
        let content =
            member_str(obj, "content", &content_field)?.ok_or_else(|| missing(&content_field))?;
        out.push(DomainFile { path, content });
    }
    Ok(out)
}

/// A list of single-line items, checked in order (blank items skipped later by the renderer).
fn line_items<'v>(v: Option<&'v Value>, field: &str) -> Result<Vec<&'v str>> {
    let list = strings(v, field)?;
    for i in &list {
        list_item(field, i)?;
    }
    Ok(list)
}

fn intent_contract<'v>(a: &Args<'v>) -> Result<Option<IntentContract<'v>>> {
    let Some(obj) = a.opt_obj("intent_contract")? else {
        return Ok(None);
    };
    let goal = member_str(obj, "goal", "intent_contract.goal")?;
    if let Some(g) = goal {
        check_single_line("intent_contract.goal", g)?;
    }
    Ok(Some(IntentContract {
        goal,
        constraints: line_items(obj.get("constraints"), "intent_contract.constraints")?,
        acceptance_criteria: line_items(
            obj.get("acceptance_criteria"),
            "intent_contract.acceptance_criteria",
        )?,
        scenarios: line_items(obj.get("scenarios"), "intent_contract.scenarios")?,
    }))
}

fn previous_findings(
    edition: Edition,
    a: &Args<'_>,
    workflow: WorkflowType,
) -> Result<Option<PreviousFindings>> {
    let Some(obj) = a.opt_obj("previous_findings")? else {
        return Ok(None);
    };
    let hunter_value = obj.get("hunter").filter(|v| !v.is_null());
    let Some(reviewer_value) = obj.get("reviewer").filter(|v| !v.is_null()) else {
        return match hunter_value {
            Some(_) => Err(missing("previous_findings.reviewer")),
            None => Ok(None),
        };
    };
    let findings = PreviousFindings {
        reviewer: reviewer(reviewer_value, "previous_findings.reviewer")?,
        hunter: hunter(hunter_value, "previous_findings.hunter")?,
        edition,
    };
    check_verifier_workflow(workflow, "previous_findings")?;
    Ok(Some(findings))
}

fn opt_line<'v>(a: &Args<'v>, key: &str) -> Result<Option<&'v str>> {
    let v = a.opt_str(key)?;
    if let Some(s) = v {
        check_single_line(key, s)?;
    }
    Ok(v)
}

fn run_build_prompt(map: &Map<String, Value>) -> Result<Value> {
    let edition = Edition::from_input(map)?;
    let a = args(map);
    let agent = agent(edition, &a)?;
    let workflow = workflow_word(edition, &a, WORKFLOWS)?;
    check_dispatch_workflow(workflow)?;
    let phase = phase_word(edition, &a, "phase")?.ok_or_else(|| a.missing_err("phase"))?;
    let task_id = a.str("task_id")?;
    check_task_id(task_id)?;
    let workflow_uuid = a.str("workflow_uuid")?;
    check_workflow_uuid(workflow_uuid)?;
    let request = a.str("request")?;
    check_request(request)?;
    let mut input = PromptInput::new(agent, workflow, phase, task_id, workflow_uuid, request);
    input.plan_file = opt_line(&a, "plan_file")?;
    input.requirements = a.opt_str("requirements")?;
    input.memory_summary = a.opt_str("memory_summary")?;
    input.project_patterns = a.opt_str("project_patterns")?;
    input.domain_files = domain_files(&a)?;
    input.skill_hints = strings(a.get("skill_hints"), "skill_hints")?;
    for h in &input.skill_hints {
        skill_item("skill_hints", h)?;
    }
    input.pre_answered_requirements = line_items(
        a.get("pre_answered_requirements"),
        "pre_answered_requirements",
    )?;
    input.intent_contract = intent_contract(&a)?;
    input.research_files = research_files(&a)?;
    input.research_quality = a.opt_str("research_quality")?;
    input.design_file = opt_line(&a, "design_file")?;
    input.planning_review_findings = a.opt_str("planning_review_findings")?;
    input.original_request = a.opt_str("original_request")?;
    input.approved_context_files =
        line_items(a.get("approved_context_files"), "approved_context_files")?;
    input.previous_findings = previous_findings(edition, &a, workflow)?;
    input.edition = edition;
    let p = build_prompt(&input)?;
    Ok(json!({"text": p.text, "sections": p.sections, "dropped": p.dropped}))
}
