//! The `router` area's op table: JSON adapters over the typed API of this module. Router ops
//! report a missing key as `missing_field` and a mistyped one as `invalid_value`.

use std::str::FromStr;

use serde::Serialize;
use serde_json::{json, Map, Value};

use super::{Args, OpInfo};
use crate::error::{Error, ErrorKind as K, Result};

use crate::router::edition::Edition;
use crate::router::parse::readonly::{TaskState, TASK_STATUSES};
use crate::router::parse::verdicts::Verdict;
use crate::router::route::build_scope::{self, Heuristics};
use crate::router::route::task_texts;
use crate::router::vocabulary::{Agent, BuildScope, Origin, Phase, UnknownName, WorkflowType};
use crate::router::{
    artifact, brainstorm, contract, dispatch, event_line, loop_gate, marker, metadata, model_tier,
    output, readonly, route, scope_reply, session, subject, task_graph, verdicts, workflow_id,
};

type Input = Map<String, Value>;

fn args(m: &Input) -> Args<'_> {
    Args::with_kinds(m, K::MissingField, K::InvalidValue)
}

fn to_json<T: Serialize>(v: &T) -> Result<Value> {
    serde_json::to_value(v)
        .map_err(|e| Error::new(K::InvalidValue, format!("result is not JSON: {e}")))
}

/// A required string parsed into a closed enum (`invalid_value` for other spellings).
fn enum_req<T: FromStr<Err = UnknownName>>(a: &Args<'_>, key: &str) -> Result<T> {
    a.str(key)?
        .parse()
        .map_err(|e: UnknownName| e.into_error(key))
}

/// An optional string parsed into a closed enum.
fn enum_opt<T: FromStr<Err = UnknownName>>(a: &Args<'_>, key: &str) -> Result<Option<T>> {
    a.opt_str(key)?
        .map(|s| s.parse().map_err(|e: UnknownName| e.into_error(key)))
        .transpose()
}

/// A required agent name (bare or `cc10x:`) of the edition; another name is `unknown_agent`.
fn agent_req(e: Edition, a: &Args<'_>) -> Result<Agent> {
    let name = a.str("agent")?;
    e.agent(name).map_err(|_| {
        Error::new(
            K::UnknownAgent,
            format!("{name:?} is not a cc10x {e} agent"),
        )
        .with_field("agent")
    })
}

/// An optional phase of the edition's enum.
fn phase_opt(e: Edition, a: &Args<'_>, key: &str) -> Result<Option<Phase>> {
    a.opt_str(key)?
        .map(|s| e.phase(s).map_err(|x| x.into_error(key)))
        .transpose()
}

/// An optional origin of the edition's enum.
fn origin_opt(e: Edition, a: &Args<'_>, key: &str) -> Result<Option<Origin>> {
    a.opt_str(key)?
        .map(|s| e.origin(s).map_err(|x| x.into_error(key)))
        .transpose()
}

/// A required workflow type the edition knows.
fn workflow_req(e: Edition, a: &Args<'_>, key: &str) -> Result<WorkflowType> {
    let s = a.str(key)?;
    e.workflow(s).map_err(|x| x.into_error(key))
}

/// A required non-negative integer.
fn count_req(a: &Args<'_>, key: &str) -> Result<u64> {
    let v = a.req(key)?;
    v.as_u64()
        .ok_or_else(|| a.invalid_err(key, "a non-negative integer", v))
}

fn task_state(a: &Args<'_>) -> Result<Option<TaskState>> {
    let Some(v) = a.get("task") else {
        return Ok(None);
    };
    let bad = |why: &str| Error::new(K::InvalidValue, format!("`task` {why}")).with_field("task");
    let obj = v.as_object().ok_or_else(|| bad("must be an object"))?;
    let status = obj
        .get("status")
        .and_then(Value::as_str)
        .filter(|s| TASK_STATUSES.contains(s))
        .ok_or_else(|| bad("status must be pending, in_progress, completed or deleted"))?;
    let blocked_by = match obj.get("blocked_by") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => items.clone(),
        Some(_) => return Err(bad("blocked_by must be a list")),
    };
    Ok(Some(TaskState {
        status: status.to_string(),
        blocked_by,
    }))
}

fn op_route(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    to_json(&route::route_in(e, args(m).str("request")?))
}

fn op_parse_task_metadata(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let description = a.str("description")?;
    let require_all = a
        .opt_bool("require_all")?
        .unwrap_or(e.rules().require_all_default);
    Ok(metadata::parse(e, description, require_all)?.to_json())
}

fn op_format_task_metadata(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let input = metadata::MetadataInput {
        wf: a.opt_str("wf")?,
        kind: a.opt_str("kind")?,
        origin: a.opt_str("origin")?,
        phase: a.opt_str("phase")?,
        plan: a.opt_str("plan")?,
        scope: a.opt_str("scope")?,
        reason: a.opt_str("reason")?,
        body: a.opt_str("body")?,
    };
    Ok(json!({ "text": metadata::format(e, &input)? }))
}

fn op_new_workflow_id(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    let a = args(m);
    let (now, nonce) = (a.str("now")?, a.str("nonce")?);
    Ok(json!({ "workflow_uuid": workflow_id::WorkflowId::new(now, nonce)?.as_str() }))
}

fn op_validate_workflow_id(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    let id = workflow_id::validate(args(m).str("workflow_uuid")?, "workflow_uuid")?;
    let p = id.parts();
    Ok(json!({"workflow_uuid": p.workflow_uuid, "timestamp": p.timestamp, "nonce": p.nonce}))
}

fn op_parse_subject(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    to_json(&subject::parse(e, args(m).str("subject")?))
}

fn op_format_marker(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    let a = args(m);
    let kind: marker::MarkerKind = enum_req(&a, "marker")?;
    let wf = a.str("wf")?;
    let reason = match kind {
        marker::MarkerKind::ScopeDecisionPending => a.opt_str("reason")?,
        _ => None,
    };
    let task = match kind {
        marker::MarkerKind::MemoryTaskId => a.opt_str("memory_task_id")?,
        _ => None,
    };
    Ok(json!({ "text": marker::format(kind, wf, reason, task)? }))
}

fn op_parse_markers(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    to_json(&marker::parse(args(m).str("text")?))
}

fn op_resolve_scope_reply(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    let scope = scope_reply::resolve(args(m).str("reply")?)?;
    Ok(json!({ "scope": scope }))
}

fn op_parse_session_settings(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    to_json(&session::parse(args(m).str("text")?))
}

fn op_dispatch(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let kind = enum_req(&a, "kind")?;
    let phase = phase_opt(e, &a, "phase")?;
    let origin = origin_opt(e, &a, "origin")?;
    let d = dispatch::dispatch(e, kind, phase, origin)?;
    Ok(json!({"mode": d.mode, "agent": d.agent.map(Agent::qualified)}))
}

fn op_model_tier(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let agent = agent_req(e, &a)?;
    let scope = enum_opt(&a, "build_scope")?.unwrap_or(BuildScope::Standard);
    let escalate = a.opt_bool("escalate")?.unwrap_or(false);
    let requested = enum_opt(&a, "requested_tier")?;
    let choice = model_tier::choose(agent, scope, escalate, requested).ok_or_else(|| {
        Error::new(
            K::UnknownAgent,
            format!("the {e} model-tier table has no row for {agent}"),
        )
        .with_field("agent")
    })?;
    to_json(&choice)
}

fn op_build_scope(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    let a = args(m);
    let plan = a.opt_str("plan")?.unwrap_or("N/A");
    let heuristics = if plan == "N/A" {
        let files_touched = count_req(&a, "files_touched")?;
        let single_change = a
            .opt_bool("single_change")?
            .ok_or_else(|| a.missing_err("single_change"))?;
        let testable_outcomes = count_req(&a, "testable_outcomes")?;
        let cross_module = a
            .opt_bool("cross_module")?
            .ok_or_else(|| a.missing_err("cross_module"))?;
        Some(Heuristics {
            files_touched,
            single_change,
            testable_outcomes,
            cross_module,
        })
    } else {
        None
    };
    let (scope, reason) = build_scope::decide(plan != "N/A", heuristics.as_ref());
    Ok(json!({"build_scope": scope, "reason": reason}))
}

/// An optional non-blank single-line string (`invalid_value` otherwise).
fn one_line<'a>(a: &Args<'a>, key: &str) -> Result<Option<&'a str>> {
    match a.opt_str(key)? {
        Some(s) if s.contains(['\n', '\r']) || s.trim().is_empty() || s.trim() != s => {
            Err(Error::new(
                K::InvalidValue,
                format!("`{key}` must be a non-blank single line without surrounding blanks"),
            )
            .with_field(key))
        }
        other => Ok(other),
    }
}

fn op_task_graph(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let workflow = workflow_req(e, &a, "workflow")?;
    let scope = enum_opt(&a, "build_scope")?.unwrap_or(BuildScope::Standard);
    let skip = a.opt_bool("diff_driven_docs_skip")?.unwrap_or(false);
    let plan = one_line(&a, "plan")?.unwrap_or("N/A");
    let phase_id = one_line(&a, "phase_id")?.unwrap_or("1");
    let summary = one_line(&a, "summary")?;
    let Some(wf) = a.opt_str("workflow_id")? else {
        return to_json(&task_graph::graph(e, workflow, scope, skip));
    };
    workflow_id::validate(wf, "workflow_id")?;
    let inputs = task_texts::TextInputs {
        workflow_id: wf,
        plan,
        phase_id,
        summary,
    };
    to_json(&task_graph::graph_with_texts(
        e, workflow, scope, skip, &inputs,
    )?)
}

fn op_parse_readonly_output(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let agent = agent_req(e, &a)?;
    readonly::spec(e, agent)?;
    let out = a.str("output")?;
    let task = task_state(&a)?;
    let disputes = count_arg(&a, "disputes")?;
    to_json(&readonly::parse_in(e, agent, out, task.as_ref(), disputes)?)
}

/// An optional non-negative integer input.
fn count_arg(a: &crate::ops::args::Args<'_>, key: &str) -> Result<Option<u64>> {
    match a.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => v
            .as_u64()
            .map(Some)
            .ok_or_else(|| a.invalid_err(key, "a non-negative integer", v)),
    }
}

/// The write parser's task context: `kind?` (a task kind) and `dispatched_findings?`.
fn task_context(a: &crate::ops::args::Args<'_>) -> Result<contract::TaskContext> {
    let kind = match a.opt_str("kind")? {
        None => None,
        Some(k) => Some(
            k.parse::<crate::router::vocabulary::Kind>()
                .map_err(|u| u.into_error("kind"))?,
        ),
    };
    let dispatched_findings =
        count_arg(a, "dispatched_findings")?.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
    Ok(contract::TaskContext {
        kind,
        dispatched_findings,
    })
}

fn op_parse_write_contract(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let agent = agent_req(e, &a)?;
    let out = a.str("output")?;
    let ctx = task_context(&a)?;
    to_json(&contract::parse_in(e, agent, out, &ctx)?)
}

fn op_parse_output(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let agent = agent_req(e, &a)?;
    let out = a.str("output")?;
    let task = task_state(&a)?;
    let disputes = count_arg(&a, "disputes")?;
    let ctx = task_context(&a)?;
    output::parse_in(e, agent, out, task.as_ref(), disputes, &ctx)?.to_json()
}

fn op_agents(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let agents: Vec<Value> = e
        .rules()
        .agents
        .iter()
        .map(|a| {
            let class = match a.class() {
                crate::router::vocabulary::AgentClass::ReadOnly => "readonly",
                crate::router::vocabulary::AgentClass::Write => "write",
            };
            json!({"name": a.as_str(), "qualified": a.qualified(), "kind": class})
        })
        .collect();
    Ok(json!({ "edition": e.to_string(), "agents": agents }))
}

fn op_parse_brainstorm_handoff(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    to_json(&brainstorm::parse(args(m).str("output")?)?)
}

fn op_reconcile_verdicts(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let v = a.req("verdicts")?;
    let items = v
        .as_array()
        .ok_or_else(|| a.invalid_err("verdicts", "a list of {agent, status}", v))?;
    let mut list = Vec::with_capacity(items.len());
    for item in items {
        let obj = item.as_object().ok_or_else(|| {
            Error::new(
                K::InvalidValue,
                "every verdict must be an object {agent, status}",
            )
            .with_field("verdicts")
        })?;
        let va = args(obj);
        let agent = agent_req(e, &va)?;
        let status = va.str("status")?.to_string();
        list.push(Verdict { agent, status });
    }
    to_json(&verdicts::reconcile(&list)?)
}

fn op_new_artifact(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let id = workflow_id::validate(a.str("workflow_uuid")?, "workflow_uuid")?;
    let wt = workflow_req(e, &a, "workflow_type")?;
    let request = a.str("user_request")?;
    let now = a.str("now")?;
    Ok(json!({ "artifact": artifact::new_artifact(e, &id, wt, request, now)? }))
}

fn op_check_artifact(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let text = a.str("text")?;
    let expected = a.str("workflow_uuid")?;
    let c = artifact::check_artifact(e, text, expected)?;
    Ok(json!({"workflow_uuid": c.workflow_uuid, "workflow_type": c.workflow_type}))
}

fn op_event_line(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let now = a.str("now")?;
    crate::router::now::parse_now(now, "now")?;
    let wf = workflow_id::validate(a.str("wf")?, "wf")?;
    let event = a.str("event")?;
    event_line::check_event(e, event).map_err(|x| x.into_error("event"))?;
    let phase = a.str("phase")?;
    let task_id = match m.get("task_id") {
        None => return Err(a.missing_err("task_id")),
        Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.as_str()),
        Some(other) => return Err(a.invalid_err("task_id", "a string or null", other)),
    };
    let agent = a.str("agent")?;
    let decision = a.str("decision")?;
    let reason = a.str("reason")?;
    let duration_seconds = match a.get("duration_seconds") {
        None => None,
        Some(v) => Some(
            v.as_f64()
                .filter(|d| *d >= 0.0)
                .ok_or_else(|| a.invalid_err("duration_seconds", "a number >= 0", v))?,
        ),
    };
    let work_category = a.opt_str("work_category")?;
    let ev = event_line::Event {
        edition: e,
        now,
        wf: &wf,
        event,
        phase,
        task_id,
        agent,
        decision,
        reason,
        duration_seconds,
        work_category,
        details: a.get("details"),
    };
    Ok(json!({ "line": event_line::line(&ev)? }))
}

fn op_loop_gate(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    let a = args(m);
    let l = enum_req(&a, "loop")?;
    let count = count_req(&a, "count")?;
    to_json(&loop_gate::gate(l, count))
}

const BAD: &[K] = &[K::MissingField, K::InvalidValue];
const RO_ERRS: &[K] = &[
    K::MissingField,
    K::InvalidValue,
    K::UnknownAgent,
    K::InputTooLarge,
    K::TooShort,
    K::MissingContract,
    K::ScenarioMismatch,
    K::MissingEvidence,
];
const WRITE_ERRS: &[K] = &[
    K::MissingField,
    K::InvalidValue,
    K::UnknownAgent,
    K::InputTooLarge,
    K::MissingContract,
    K::MalformedContract,
];
const OUT_ERRS: &[K] = &[
    K::MissingField,
    K::InvalidValue,
    K::UnknownAgent,
    K::InputTooLarge,
    K::TooShort,
    K::MissingContract,
    K::MalformedContract,
    K::ScenarioMismatch,
    K::MissingEvidence,
];

/// The ops of this area, one line each.
#[rustfmt::skip]
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("router.route", "Route a request to a workflow by the edition's signal table: the first signal in priority order with a keyword match wins, else DEFAULT (12.7.0 adds TRIAGE at 5 and CODEBASE-HEALTH at 6, DEFAULT becomes 7).", &["request: str", "edition?: Edition = \"11.0.0\""], &["-> RouteResult"], BAD, op_route),
    OpInfo::new("router.parse_task_metadata", "Parse and validate the metadata block of a task description: the leading key:value lines, no key twice, wf and kind always required (all seven with require_all).", &["description: str", "require_all?: bool = false", "edition?: Edition = \"11.0.0\""], &["-> ParseTaskMetadataResult"], &[K::MissingField, K::InvalidValue, K::DuplicateField], op_parse_task_metadata),
    OpInfo::new("router.format_task_metadata", "Format the canonical seven-line metadata block (plan, scope and reason default to N/A), optionally with a body after a blank line.", &["wf: str", "kind: str", "origin: str", "phase: str", "plan?: str = \"N/A\"", "scope?: str = \"N/A\"", "reason?: str = \"N/A\"", "body?: str = \"\"", "edition?: Edition = \"11.0.0\""], &["text: str"], BAD, op_format_task_metadata),
    OpInfo::new("router.new_workflow_id", "Mint wf-YYYYMMDDTHHMMSSZ-<nonce> from now (UTC) and an 8-hex-digit nonce (written in lower case).", &["now: time", "nonce: str", "edition?: Edition = \"11.0.0\""], &["workflow_uuid: str"], BAD, op_new_workflow_id),
    OpInfo::new("router.validate_workflow_id", "Validate a workflow id (wf-, a real UTC date and time, 8 hex digits) and split it into timestamp and nonce.", &["workflow_uuid: str", "edition?: Edition = \"11.0.0\""], &["-> ValidateWorkflowIdResult"], BAD, op_validate_workflow_id),
    OpInfo::new("router.parse_subject", "Classify a task subject by its prefix, first match wins: parent, memory, child, forbidden TODO, unknown CC10X, legacy parent, foreign.", &["subject: str", "edition?: Edition = \"11.0.0\""], &["-> ParseSubjectResult"], BAD, op_parse_subject),
    OpInfo::new("router.format_marker", "Format a BUILD-START/DEBUG-RESET/PLAN-START/SCOPE-DECISION-PENDING/MEMORY-TASK-ID marker for a valid workflow id.", &["marker: MarkerKind", "wf: str", "reason?: str = ~not given: SCOPE-DECISION-PENDING is missing_field, other markers ignore it", "memory_task_id?: str = ~not given: MEMORY-TASK-ID is missing_field, other markers ignore it", "edition?: Edition = \"11.0.0\""], &["text: str"], BAD, op_format_marker),
    OpInfo::new("router.parse_markers", "Find workflow markers in a memory text and count DEBUG attempts since the last reset (three or more is stuck).", &["text: str", "edition?: Edition = \"11.0.0\""], &["-> ParseMarkersResult"], BAD, op_parse_markers),
    OpInfo::new("router.resolve_scope_reply", "Map a reply to the scope gate onto CRITICAL_ONLY or ALL_ISSUES; both phrases are ambiguous, neither is unrecognized.", &["reply: str", "edition?: Edition = \"11.0.0\""], &["scope: TaskScope"], &[K::MissingField, K::InvalidValue, K::Ambiguous, K::UnrecognizedReply], op_resolve_scope_reply),
    OpInfo::new("router.parse_session_settings", "Read AUTO_PROCEED and DIFF_DRIVEN_DOCS from the ## Session Settings section of activeContext.md.", &["text: str", "edition?: Edition = \"11.0.0\""], &["-> ParseSessionSettingsResult"], BAD, op_parse_session_settings),
    OpInfo::new("router.dispatch", "Pick the agent (or inline mode) for a task from kind, phase and origin by the edition's dispatch table.", &["kind: TaskKind", "phase?: WorkflowPhase = ~not given: the rule for the kind alone", "origin?: TaskOrigin = ~not given: the rule for the kind alone", "edition?: Edition = \"11.0.0\""], &["-> DispatchResult"], &[K::MissingField, K::InvalidValue, K::NoDispatchRule], op_dispatch),
    OpInfo::new("router.model_tier", "Recommend an abstract model tier for an agent (the requested tier, else the recommended one); the reviewers' floor raises a lower tier to standard.", &["agent: str", "build_scope?: BuildScope = \"standard\"", "escalate?: bool = false", "requested_tier?: ModelTier = ~the recommended tier", "edition?: Edition = \"11.0.0\""], &["-> ModelTierResult"], &[K::MissingField, K::InvalidValue, K::UnknownAgent], op_model_tier),
    OpInfo::new("router.build_scope", "Decide trivial or standard BUILD scope: a plan makes it standard; trivial needs 1-2 files, one change, one testable outcome and no cross-module edit.", &["plan?: str = \"N/A\"", "files_touched: int", "single_change: bool", "testable_outcomes: int", "cross_module: bool", "edition?: Edition = \"11.0.0\""], &["-> BuildScopeResult"], BAD, op_build_scope),
    OpInfo::new("router.task_graph", "The child-task graph of a workflow (trivial or standard BUILD scope) with agents, reasons and blockers; with a `workflow_id`, every node also carries its task texts (subject, description, body, active_form).", &["workflow: WorkflowType", "build_scope?: BuildScope = \"standard\"", "diff_driven_docs_skip?: bool = false", "workflow_id?: str = ~not given: the graph without task texts (no subject, description, body, active_form)", "plan?: str = \"N/A\"", "phase_id?: str = \"1\"", "summary?: str = ~not given: missing_field when texts are asked for a DEBUG, REVIEW, PLAN or TRIAGE graph, else unused", "edition?: Edition = \"11.0.0\""], &["-> TaskGraphResult"], BAD, op_task_graph),
    OpInfo::new("router.parse_readonly_output", "Validate a read-only agent's output: envelope, heading, issues, intent, scenarios, overrides; the stricter of the heading and reported status wins. 12.10.0: the contract YAML block following the Router Contract heading decides STATUS, and with disputes (the number of FINDING_DISPUTED positions dispatched) the verifier must adjudicate each exactly once.", &["agent: str", "output: str", "task?: TaskState = ~no task: self_remediated is null", "disputes?: int = ~no disputes were dispatched: adjudication is absent", "edition?: Edition = \"11.0.0\""], &["-> ParseReadonlyOutputResult"], RO_ERRS, op_parse_readonly_output),
    OpInfo::new("router.parse_write_contract", "Validate a write agent's YAML Router Contract and its agent's pass conditions; 12.7.0 adds the builder preflight/RED-reason/seam fields, the investigator loop and close-out fields, one researcher row and two decision_rfc alternatives; 12.10.0 reads the YAML block following the heading, accepts any non-zero TDD_RED_EXIT, checks the QA agents and, for kind remfix, the covering-test proof (dispatched_findings decides a dispute-only return).", &["agent: str", "output: str", "kind?: TaskKind = ~kind unknown: the 12.10.0 remfix proof rule does not apply", "dispatched_findings?: int = ~unknown: no return is dispute-only", "edition?: Edition = \"11.0.0\""], &["-> ParseWriteContractResult"], WRITE_ERRS, op_parse_write_contract),
    OpInfo::new("router.agents", "The agents an edition knows, in its table order: bare and cc10x: names and the output kind (readonly or write) parse_output gives.", &["edition?: Edition = \"11.0.0\""], &["-> AgentsResult"], &[K::InvalidValue], op_agents),
    OpInfo::new("router.parse_output", "Validate any agent's output with the read-only or write-contract parser its agent needs.", &["agent: str", "output: str", "task?: TaskState = ~no task: self_remediated is null", "disputes?: int = ~no disputes were dispatched: adjudication is absent", "kind?: TaskKind = ~kind unknown: the 12.10.0 remfix proof rule does not apply", "dispatched_findings?: int = ~unknown: no return is dispute-only", "edition?: Edition = \"11.0.0\""], &["-> ParseOutputResult"], OUT_ERRS, op_parse_output),
    OpInfo::new("router.parse_brainstorm_handoff", "Read DESIGN_FILE, DESIGN_SUMMARY and MEMORY_NOTES from the inline brainstorming handoff block.", &["output: str", "edition?: Edition = \"11.0.0\""], &["-> ParseBrainstormHandoffResult"], &[K::MissingField, K::InvalidValue, K::InputTooLarge, K::MissingContract, K::MalformedContract], op_parse_brainstorm_handoff),
    OpInfo::new("router.reconcile_verdicts", "Reconcile agent verdicts: any fail fails, the stricter verdict is authoritative (never averaged).", &["verdicts: [AgentVerdict]", "edition?: Edition = \"11.0.0\""], &["-> ReconcileVerdictsResult"], &[K::MissingField, K::InvalidValue, K::UnknownAgent], op_reconcile_verdicts),
    OpInfo::new("router.new_artifact", "A new workflow artifact: the edition's skeleton (35 top-level keys at 11.0.0, 40 at 12.7.0) with the id, type, request, first status entry and timestamps filled.", &["workflow_uuid: str", "workflow_type: WorkflowType", "user_request: str", "now: time", "edition?: Edition = \"11.0.0\""], &["artifact: {any}"], BAD, op_new_artifact),
    OpInfo::new("router.check_artifact", "Read-back gate for an artifact: strict JSON, no __PLACEHOLDER__ left, every skeleton key of the edition, matching ids, a known type.", &["text: str", "workflow_uuid: str", "edition?: Edition = \"11.0.0\""], &["-> CheckArtifactResult"], &[K::MissingField, K::InvalidValue, K::MalformedArtifact, K::PlaceholderLeft, K::UuidMismatch], op_check_artifact),
    OpInfo::new("router.event_line", "One compact events.jsonl line for a workflow event (fixed key order, details keys sorted, newline-terminated).", &["now: time", "wf: str", "event: str", "phase: str", "task_id: str | null", "agent: str", "decision: str", "reason: str", "duration_seconds?: float = ~omitted from the line", "work_category?: str = ~omitted from the line", "details?: any = ~omitted from the line", "edition?: Edition = \"11.0.0\""], &["line: str"], BAD, op_event_line),
    OpInfo::new("router.loop_gate", "Whether another remfix/investigation/research/plan_review loop is allowed before a human checkpoint (caps 3/2/2/2 per workflow).", &["loop: str", "count: int", "edition?: Edition = \"11.0.0\""], &["-> LoopGateResult"], BAD, op_loop_gate),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn router_table_has_the_ops_of_router_spec_4_1_to_4_22_parse_output_and_agents() {
        let names: Vec<_> = OPS
            .iter()
            .map(|o| o.name.trim_start_matches("router."))
            .collect();
        assert_eq!(
            names,
            [
                "route",
                "parse_task_metadata",
                "format_task_metadata",
                "new_workflow_id",
                "validate_workflow_id",
                "parse_subject",
                "format_marker",
                "parse_markers",
                "resolve_scope_reply",
                "parse_session_settings",
                "dispatch",
                "model_tier",
                "build_scope",
                "task_graph",
                "parse_readonly_output",
                "parse_write_contract",
                "agents",
                "parse_output",
                "parse_brainstorm_handoff",
                "reconcile_verdicts",
                "new_artifact",
                "check_artifact",
                "event_line",
                "loop_gate",
            ]
        );
    }

    #[test]
    fn bad_input_is_missing_field_or_invalid_value() {
        let call = |op: &str, v: Value| crate::ops::call(op, &v).unwrap_err().kind;
        assert_eq!(call("router.route", json!({})), K::MissingField);
        assert_eq!(call("router.route", json!({"request": 1})), K::InvalidValue);
        assert_eq!(
            call("router.loop_gate", json!({"loop": "remfix", "count": 1.5})),
            K::InvalidValue
        );
        assert_eq!(
            call("router.loop_gate", json!({"loop": "x", "count": 1})),
            K::InvalidValue
        );
        assert_eq!(
            call("router.model_tier", json!({"agent": "brainstorming"})),
            K::UnknownAgent
        );
        assert_eq!(
            call(
                "router.parse_readonly_output",
                json!({"agent": "code-reviewer", "output": "x", "task": {"status": "done"}})
            ),
            K::InvalidValue
        );
        assert_eq!(
            call(
                "router.event_line",
                json!({"now": "2026-03-12T16:27:00Z", "wf": "wf-20260312T162700Z-a1b2c3d4", "event": "workflow_started", "phase": "build", "agent": "router", "decision": "d", "reason": "r"})
            ),
            K::MissingField
        );
    }
}
