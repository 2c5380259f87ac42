//! The op table of router-workflow.md: JSON adapters over
//! [`crate::router::workflow`]. Router spelling: a missing key is `missing_field`, a mistyped one
//! `invalid_value`; `edition` is read before every other input.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind as K, Result};
use crate::ops::{Args, OpInfo};
use crate::router::artifact::check_artifact;
use crate::router::edition::Edition;
use crate::router::now::{parse_now, stamp};
use crate::router::vocabulary::{Origin, Phase, Scope, WorkflowType};
use crate::router::workflow::artifact_update::{update_artifact, AgentResult, Outcome};
use crate::router::workflow::finalize::{finalize_memory, Finalize, Notes, TaskLine};
use crate::router::workflow::followup::{
    followup, Dispute, GraphInput, Proof, PruneEvent, RemfixInput, GRAPHS,
};
use crate::router::workflow::hooks::{
    artifact_fresh, memory_evidence, remfix_completion, FRESH_SECONDS,
};
use crate::router::workflow::intent::{intent_ready, Criterion, Target};
use crate::router::workflow::plan_trust::plan_trust_gate;
use crate::router::workflow::pretool::{self, ToolCall};
use crate::router::workflow::resume::{active_workflows, memory_task, runnable_tasks, LoopMode};
use crate::router::workflow::scope::{scope_decision, RemfixContext};
use crate::router::workflow::tasks::{check_unique_ids, Task, TaskStatus};
use crate::router::workflow_id;

type Input = Map<String, Value>;

fn args(m: &Input) -> Args<'_> {
    Args::with_kinds(m, K::MissingField, K::InvalidValue)
}

fn to_json<T: Serialize>(v: &T) -> Result<Value> {
    serde_json::to_value(v)
        .map_err(|e| Error::new(K::InvalidValue, format!("result is not JSON: {e}")))
}

fn invalid(field: &str, why: impl Into<String>) -> Error {
    Error::new(K::InvalidValue, why).with_field(field)
}

fn missing(field: &str) -> Error {
    Error::new(K::MissingField, format!("`{field}` is required")).with_field(field)
}

/// `tasks`, in the spec's check order.
fn tasks(a: &Args<'_>) -> Result<Vec<Task>> {
    let v = a.map().get("tasks").ok_or_else(|| missing("tasks"))?;
    let list = v
        .as_array()
        .ok_or_else(|| invalid("tasks", "`tasks` must be a list of task objects"))?;
    let mut out = Vec::with_capacity(list.len());
    for (i, item) in list.iter().enumerate() {
        let field = format!("tasks[{i}]");
        let obj = item
            .as_object()
            .ok_or_else(|| invalid(&field, format!("{field} must be an object")))?;
        for key in ["id", "subject", "description", "status"] {
            if !obj.contains_key(key) {
                return Err(
                    Error::new(K::MissingField, format!("{field} has no `{key}`"))
                        .with_field(format!("{field}.{key}")),
                );
            }
        }
        let text = |key: &str| {
            obj.get(key).and_then(Value::as_str).ok_or_else(|| {
                invalid(
                    &format!("{field}.{key}"),
                    format!("{field}.{key} must be a string"),
                )
            })
        };
        let id = text("id")?;
        if id.is_empty() {
            return Err(invalid(
                &format!("{field}.id"),
                "a task id must not be empty",
            ));
        }
        let subject = text("subject")?;
        let description = text("description")?;
        let status = TaskStatus::parse(text("status")?).ok_or_else(|| {
            invalid(
                &format!("{field}.status"),
                "status must be pending, in_progress, completed or deleted",
            )
        })?;
        let blocked_by = match obj.get("blocked_by") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(ids)) => ids
                .iter()
                .map(|b| b.as_str().map(str::to_string))
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| {
                    invalid(
                        &format!("{field}.blocked_by"),
                        "blocked_by must be a list of task ids",
                    )
                })?,
            Some(_) => {
                return Err(invalid(
                    &format!("{field}.blocked_by"),
                    "blocked_by must be a list of task ids",
                ))
            }
        };
        out.push(Task {
            id: id.to_string(),
            subject: subject.to_string(),
            description: description.to_string(),
            status,
            blocked_by,
        });
    }
    check_unique_ids(&out)?;
    Ok(out)
}

fn workflow_id_req<'a>(a: &Args<'a>, key: &str) -> Result<&'a str> {
    let s = a.str(key)?;
    workflow_id::validate(s, key)?;
    Ok(s)
}

fn workflow_id_opt<'a>(a: &Args<'a>, key: &str) -> Result<Option<&'a str>> {
    match a.opt_str(key)? {
        None => Ok(None),
        Some(s) => {
            workflow_id::validate(s, key)?;
            Ok(Some(s))
        }
    }
}

/// A non-blank single-line string, trimmed.
fn line<'a>(a: &Args<'a>, key: &str) -> Result<Option<&'a str>> {
    match a.opt_str(key)? {
        None => Ok(None),
        Some(s) if s.contains(['\n', '\r']) || s.trim().is_empty() => Err(invalid(
            key,
            format!("`{key}` must be a non-blank single line"),
        )),
        Some(s) => Ok(Some(s.trim())),
    }
}

fn phase_req(e: Edition, a: &Args<'_>, key: &str) -> Result<Phase> {
    let s = a.str(key)?;
    e.phase(s).map_err(|x| x.into_error(key))
}

fn origin_req(e: Edition, a: &Args<'_>, key: &str) -> Result<Origin> {
    let s = a.str(key)?;
    e.origin(s).map_err(|x| x.into_error(key))
}

fn workflow_type(e: Edition, a: &Args<'_>, allowed: &[WorkflowType]) -> Result<WorkflowType> {
    let s = a.str("workflow_type")?;
    e.workflow(s)
        .ok()
        .filter(|w| allowed.contains(w))
        .ok_or_else(|| {
            let names: Vec<_> = allowed.iter().map(|w| w.as_str()).collect();
            invalid(
                "workflow_type",
                format!("workflow_type {s:?} is not one of {}", names.join(", ")),
            )
        })
}

fn op_active_workflows(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    let a = args(m);
    let tasks = tasks(&a)?;
    let wf = workflow_id_opt(&a, "workflow_id")?;
    to_json(&active_workflows(&tasks, wf))
}

fn op_runnable_tasks(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let tasks = tasks(&a)?;
    let wf = workflow_id_req(&a, "workflow_id")?;
    let mode = match a.opt_str("mode")? {
        None | Some("loop") => LoopMode::Loop,
        Some("resume") => LoopMode::Resume,
        Some(other) => {
            return Err(invalid(
                "mode",
                format!("mode {other:?} is not loop or resume"),
            ))
        }
    };
    to_json(&runnable_tasks(e, &tasks, wf, mode))
}

fn op_memory_task(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let tasks = tasks(&a)?;
    let wf = workflow_id_req(&a, "workflow_id")?;
    let ac = a.opt_str("active_context")?;
    to_json(&memory_task(e, &tasks, wf, ac)?)
}

/// The `remfix` inputs (also the valid-reply half of `scope_decision`).
fn remfix_fields<'a>(e: Edition, a: &Args<'a>) -> Result<(Origin, Phase, &'a str)> {
    let origin = origin_req(e, a, "origin")?;
    let phase = phase_req(e, a, "phase")?;
    let plan = line(a, "plan")?.unwrap_or("N/A");
    Ok((origin, phase, plan))
}

fn reason_req<'a>(e: Edition, a: &Args<'a>) -> Result<&'a str> {
    let reason = line(a, "reason")?.ok_or_else(|| missing("reason"))?;
    if reason == "N/A" && !e.rules().reason_not_na.is_empty() {
        return Err(invalid(
            "reason",
            format!("a {e} remediation reason must not be N/A"),
        ));
    }
    Ok(reason)
}

fn strings_of(v: &Value, field: &str) -> Result<Vec<String>> {
    match v {
        Value::String(s) => Ok(vec![s.clone()]),
        Value::Array(items) => items
            .iter()
            .map(|x| x.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| {
                invalid(
                    field,
                    format!("`{field}` must be a string or a list of strings"),
                )
            }),
        _ => Err(invalid(
            field,
            format!("`{field}` must be a string or a list of strings"),
        )),
    }
}

fn opt_member(obj: &Map<String, Value>, key: &str, field: &str) -> Result<Option<String>> {
    match obj.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(_) => Err(invalid(field, format!("`{field}.{key}` must be a string"))),
    }
}

fn proof(a: &Args<'_>) -> Result<Option<Proof>> {
    let Some(v) = a.get("proof") else {
        return Ok(None);
    };
    let obj = v
        .as_object()
        .ok_or_else(|| invalid("proof", "`proof` must be an object or null"))?;
    Ok(Some(Proof {
        covering_tests: match obj.get("covering_tests") {
            None | Some(Value::Null) => Vec::new(),
            Some(v) => strings_of(v, "proof.covering_tests")?,
        },
        test_command: opt_member(obj, "test_command", "proof")?,
        test_output: opt_member(obj, "test_output", "proof")?,
    }))
}

fn disputes(a: &Args<'_>) -> Result<Vec<Dispute>> {
    let Some(list) = a.opt_array("disputes")? else {
        return Ok(Vec::new());
    };
    list.iter()
        .map(|d| {
            let obj = d
                .as_object()
                .ok_or_else(|| invalid("disputes", "every dispute must be an object"))?;
            Ok(Dispute {
                finding: opt_member(obj, "finding", "disputes")?,
                verify_command: opt_member(obj, "verify_command", "disputes")?,
                verify_output: opt_member(obj, "verify_output", "disputes")?,
            })
        })
        .collect()
}

fn op_followup_tasks(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let graph = a.str("graph")?;
    if !GRAPHS.contains(&graph) {
        return Err(invalid(
            "graph",
            format!("graph {graph:?} is not one of {}", GRAPHS.join(", ")),
        ));
    }
    let tasks = tasks(&a)?;
    let wf = workflow_id_req(&a, "workflow_id")?;
    let input = match graph {
        "remfix" => {
            let workflow_type = workflow_type(e, &a, &[WorkflowType::Build, WorkflowType::Debug])?;
            let origin = origin_req(e, &a, "origin")?;
            let phase = phase_req(e, &a, "phase")?;
            let scope: Scope = a
                .str("scope")?
                .parse()
                .map_err(|x: crate::router::vocabulary::UnknownName| x.into_error("scope"))?;
            let reason = reason_req(e, &a)?;
            let plan = line(&a, "plan")?.unwrap_or("N/A");
            GraphInput::Remfix(RemfixInput {
                workflow_type,
                origin,
                phase,
                scope,
                reason,
                plan,
            })
        }
        "re_review" => GraphInput::ReReview {
            workflow_type: workflow_type(
                e,
                &a,
                &[
                    WorkflowType::Build,
                    WorkflowType::Debug,
                    WorkflowType::Review,
                ],
            )?,
            remfix_task_id: a.str("remfix_task_id")?,
            proof: proof(&a)?,
            disputes: disputes(&a)?,
        },
        "investigation" => GraphInput::Investigation {
            root_cause: line(&a, "root_cause")?,
        },
        "escalate_full" => GraphInput::EscalateFull {
            diff_driven_docs_skip: a.opt_bool("diff_driven_docs_skip")?.unwrap_or(false),
        },
        _ => GraphInput::PlanPrune {
            event: match a.str("event")? {
                "pass1_pass" => PruneEvent::Pass1Pass,
                "clarification" => PruneEvent::Clarification,
                other => {
                    return Err(invalid(
                        "event",
                        format!("event {other:?} is not pass1_pass or clarification"),
                    ))
                }
            },
            deletion_supported: a.opt_bool("deletion_supported")?.unwrap_or(true),
        },
    };
    to_json(&followup(e, &tasks, wf, &input)?)
}

fn op_scope_decision(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let ac = a.str("active_context")?;
    let reply = a.str("reply")?;
    let wf = workflow_id_opt(&a, "workflow_id")?;
    let task_list = match a.map().get("tasks") {
        None | Some(Value::Null) => None,
        Some(_) => Some(tasks(&a)?),
    };
    let fields = match (&task_list, a.get("origin"), a.get("phase")) {
        (Some(_), Some(_), Some(_)) => Some(remfix_fields(e, &a)?),
        _ => None,
    };
    let ctx = match (&task_list, fields) {
        (Some(t), Some((origin, phase, plan))) => Some(RemfixContext {
            tasks: t,
            origin,
            phase,
            plan,
        }),
        _ => None,
    };
    let needs = |key: &str| a.get(key).is_none();
    let r = scope_decision(e, ac, reply, wf, ctx.as_ref()).map_err(|err| {
        // Name the first absent REM-FIX input rather than the generic one.
        if err.kind == K::MissingField && err.field.as_deref() == Some("tasks") {
            ["tasks", "origin", "phase"]
                .into_iter()
                .find(|k| needs(k))
                .map(missing)
                .unwrap_or(err)
        } else {
            err
        }
    })?;
    to_json(&r)
}

fn op_update_artifact(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let text = a.str("artifact_text")?;
    let uuid = workflow_id_req(&a, "workflow_uuid")?;
    let now = stamp(&parse_now(a.str("now")?, "now")?);
    let name = a.str("agent")?;
    let agent = e.agent(name).map_err(|_| {
        Error::new(
            K::UnknownAgent,
            format!("{name:?} is not a cc10x {e} agent"),
        )
        .with_field("agent")
    })?;
    // `result` (the parser's object) or `error` (the error document of an output that did not
    // parse; `{"error": {...}}` or its inner object) — exactly one.
    let given = |k: &str| a.get(k).filter(|v| !v.is_null());
    let result = match (given("result"), given("error")) {
        (Some(_), Some(_)) => {
            return Err(invalid(
                "error",
                "give `result` (a parsed output) or `error` (an unparseable one), not both",
            ))
        }
        (None, Some(err)) => {
            let doc = err.get("error").unwrap_or(err);
            let kind = doc
                .get("kind")
                .and_then(Value::as_str)
                .and_then(|k| k.parse::<K>().ok())
                .ok_or_else(|| {
                    invalid(
                        "error",
                        "`error` must be a fourx error document with a known `kind`",
                    )
                })?;
            let message = doc.get("message").and_then(Value::as_str).unwrap_or("");
            Outcome::Invalid { kind, message }
        }
        _ => Outcome::Parsed(
            a.req("result")?
                .as_object()
                .ok_or_else(|| invalid("result", "`result` must be the parser's result object"))?,
        ),
    };
    let phase = match a.opt_str("phase")? {
        None => None,
        Some(s) => Some(e.phase(s).map_err(|x| x.into_error("phase"))?),
    };
    let task_id = line(&a, "task_id")?;
    let r = AgentResult {
        workflow_uuid: uuid,
        stamp: now,
        agent,
        result,
        phase,
        task_id,
    };
    to_json(&update_artifact(e, text, &r)?)
}

fn str_list<'a>(v: Option<&'a Value>, field: &str) -> Result<Vec<&'a str>> {
    match v {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|x| {
                x.as_str()
                    .filter(|s| !s.contains(['\n', '\r']))
                    .ok_or_else(|| {
                        invalid(
                            field,
                            format!("`{field}` must be a list of single-line strings"),
                        )
                    })
            })
            .collect(),
        Some(_) => Err(invalid(
            field,
            format!("`{field}` must be a list of single-line strings"),
        )),
    }
}

fn na_line<'a>(a: &Args<'a>, key: &str) -> Result<Option<&'a str>> {
    Ok(line(a, key)?.filter(|s| *s != "N/A"))
}

fn op_finalize_memory(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let ac = a.str("active_context")?;
    let progress = a.str("progress")?;
    let patterns = a.str("patterns")?;
    let mut allowed = vec![
        WorkflowType::Build,
        WorkflowType::Debug,
        WorkflowType::Review,
        WorkflowType::Plan,
    ];
    allowed.extend(
        [WorkflowType::Triage, WorkflowType::CodebaseHealth]
            .into_iter()
            .filter(|w| e.rules().workflows.contains(w)),
    );
    let wt = workflow_type(e, &a, &allowed)?;
    let uuid = workflow_id_req(&a, "workflow_uuid")?;
    let now = stamp(&parse_now(a.str("now")?, "now")?);
    let memory_task_id = line(&a, "memory_task_id")?;
    let notes = match a.opt_obj("notes")? {
        None => Notes::default(),
        Some(n) => Notes {
            learnings: str_list(n.get("learnings"), "notes.learnings")?,
            patterns: str_list(n.get("patterns"), "notes.patterns")?,
            verification: str_list(n.get("verification"), "notes.verification")?,
            deferred: str_list(n.get("deferred"), "notes.deferred")?,
        },
    };
    let tasks = match a.opt_array("tasks")? {
        None => None,
        Some(list) => Some(
            list.iter()
                .map(|t| {
                    let obj = t
                        .as_object()
                        .ok_or_else(|| invalid("tasks", "every task must be {text, done?}"))?;
                    let text = obj
                        .get("text")
                        .and_then(Value::as_str)
                        .filter(|s| !s.contains(['\n', '\r']) && !s.trim().is_empty())
                        .ok_or_else(|| {
                            invalid("tasks", "task text must be a non-blank single line")
                        })?;
                    let done = match obj.get("done") {
                        None | Some(Value::Null) => false,
                        Some(Value::Bool(b)) => *b,
                        Some(_) => return Err(invalid("tasks", "task done must be a boolean")),
                    };
                    Ok(TaskLine { text, done })
                })
                .collect::<Result<Vec<_>>>()?,
        ),
    };
    let completed = str_list(a.get("completed"), "completed")?;
    let f = Finalize {
        workflow_type: wt,
        workflow_uuid: uuid,
        stamp: now,
        memory_task_id,
        notes,
        tasks,
        completed,
        plan_file: na_line(&a, "plan_file")?,
        design_file: na_line(&a, "design_file")?,
        clarification_needed: a.opt_bool("clarification_needed")?.unwrap_or(false),
        debug_summary: line(&a, "debug_summary")?,
    };
    to_json(&finalize_memory(ac, progress, patterns, &f)?)
}

fn op_intent_ready(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    let a = args(m);
    let target = match a.str("target")? {
        "BUILD" => Target::Build,
        "PLAN" => Target::Plan,
        other => {
            return Err(invalid(
                "target",
                format!("the intent gate runs before BUILD or PLAN, not {other:?}"),
            ))
        }
    };
    let files = a.req("source_files")?;
    let source_files = files
        .as_u64()
        .ok_or_else(|| a.invalid_err("source_files", "a non-negative integer", files))?;
    let list = a.req("acceptance_criteria")?.as_array().ok_or_else(|| {
        invalid(
            "acceptance_criteria",
            "`acceptance_criteria` must be a list",
        )
    })?;
    let mut criteria = Vec::with_capacity(list.len());
    for c in list {
        let obj = c.as_object().ok_or_else(|| {
            invalid(
                "acceptance_criteria",
                "every criterion must be {text, scenarios}",
            )
        })?;
        let text = obj
            .get("text")
            .and_then(Value::as_str)
            .filter(|t| !t.trim().is_empty())
            .ok_or_else(|| {
                invalid(
                    "acceptance_criteria",
                    "criterion text must be a non-blank string",
                )
            })?;
        let scenarios = str_list(obj.get("scenarios"), "acceptance_criteria")?;
        criteria.push(Criterion { text, scenarios });
    }
    let contradictions = match a.opt_array("contradictions")? {
        None => 0,
        Some(list) => {
            for c in list {
                let ok = c.as_object().is_some_and(|o| {
                    o.get("criterion").is_some_and(Value::is_string)
                        && o.get("conflicts_with").is_some_and(Value::is_string)
                });
                if !ok {
                    return Err(invalid(
                        "contradictions",
                        "every contradiction must be {criterion, conflicts_with}",
                    ));
                }
            }
            list.len()
        }
    };
    to_json(&intent_ready(
        target,
        source_files,
        &criteria,
        contradictions,
    ))
}

fn op_plan_trust_gate(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let text = a.str("artifact_text")?;
    let uuid = workflow_id_req(&a, "workflow_uuid")?;
    let planner = match a.get("planner") {
        None | Some(Value::Null) => None,
        Some(Value::Object(o)) => Some(match o.get("fields") {
            Some(Value::Object(f)) => f,
            _ => o,
        }),
        Some(_) => {
            return Err(invalid(
                "planner",
                "`planner` must be the planner's parse_write_contract result or its fields",
            ))
        }
    };
    let contradictions = match a.opt_array("contradictions")? {
        None => 0,
        Some(list) => {
            for c in list {
                let ok = c.as_object().is_some_and(|o| {
                    o.get("decision").is_some_and(Value::is_string)
                        && o.get("constraint").is_some_and(Value::is_string)
                });
                if !ok {
                    return Err(invalid(
                        "contradictions",
                        "every contradiction must be {decision, constraint}",
                    ));
                }
            }
            list.len()
        }
    };
    let art = check_artifact(e, text, uuid)?.artifact;
    to_json(&plan_trust_gate(&art, planner, contradictions))
}

fn op_memory_evidence(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    let subject = a.str("subject")?;
    let description = a.str("description")?;
    let events = a.opt_str("events")?;
    to_json(&memory_evidence(e, subject, description, events)?)
}

fn op_artifact_fresh(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    let a = args(m);
    let modified_at = a.str("modified_at")?;
    let now = a.str("now")?;
    let max = match a.get("max_age_seconds") {
        None => FRESH_SECONDS,
        Some(v) => v
            .as_u64()
            .ok_or_else(|| a.invalid_err("max_age_seconds", "a non-negative integer", v))?,
    };
    to_json(&artifact_fresh(modified_at, now, max)?)
}

fn op_edition_for_version(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    let v = args(m).str("version")?;
    to_json(&Edition::for_plugin_version(v))
}

/// `artifact` of `router.pre_tool_use`: the newest artifact's text (unparseable text, or JSON
/// that is not an object, engages no workflow guard) or the parsed object.
fn artifact_arg(a: &Args<'_>) -> Result<Option<Map<String, Value>>> {
    Ok(match a.get("artifact") {
        None | Some(Value::Null) => None,
        Some(Value::Object(o)) => Some(o.clone()),
        Some(Value::String(t)) => match crate::router::parse::strict_json::parse(t) {
            Ok(Value::Object(o)) => Some(o),
            _ => None,
        },
        Some(v) => return Err(a.invalid_err("artifact", "an object, its JSON text or null", v)),
    })
}

fn op_remfix_completion(m: &Input) -> Result<Value> {
    let e = Edition::from_input(m)?;
    let a = args(m);
    if a.get("artifact").is_none() {
        return Err(missing("artifact"));
    }
    let artifact = artifact_arg(&a)?
        .ok_or_else(|| invalid("artifact", "artifact must be a JSON object (or its text)"))?;
    to_json(&remfix_completion(e, &artifact))
}

fn op_pre_tool_use(m: &Input) -> Result<Value> {
    Edition::from_input(m)?;
    let a = args(m);
    let tool_name = a.str("tool_name")?;
    let empty = Map::new();
    let tool_input = a.opt_obj("tool_input")?.unwrap_or(&empty);
    let project_dir = a.str("project_dir")?;
    if !project_dir.starts_with('/') {
        return Err(invalid(
            "project_dir",
            "project_dir must be an absolute path",
        ));
    }
    let artifact = artifact_arg(&a)?;
    let events = a.opt_str("events")?;
    let approval = a.opt_obj("approval")?;
    let now = a.opt_str("now")?;
    if let Some(n) = now {
        parse_now(n, "now")?;
    }
    to_json(&pretool::decide(&ToolCall {
        tool_name,
        tool_input,
        project_dir,
        artifact: artifact.as_ref(),
        events,
        approval,
        now,
    }))
}

const BAD: &[K] = &[K::MissingField, K::InvalidValue];

/// The ops of this area, one line each.
#[rustfmt::skip]
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("router.active_workflows", "Resume step 1: open CC10X and legacy parents and a decision (one open workflow resumes; several are a choice, never a guess). Host: resume → runnable_tasks for selected.wf; choose → ask, never guess; ask_legacy → ask resume-legacy or fresh; none/not_found → route normally.", &["tasks: [Task]", "workflow_id?: str = ~not given: the one open parent with a valid wf resumes; several are a choice", "edition?: Edition = \"11.0.0\""], &["-> ActiveWorkflowsResult"], BAD, op_active_workflows),
    OpInfo::new("router.runnable_tasks", "The tasks of one workflow with their state, runnable set, parallel pair and next action (a pending task whose blockers are all completed is runnable; the reviewer and hunter run as a parallel pair). Host: dispatch → mark in_progress and run each row's dispatch (parallel pair in one message); run_memory_inline → finalize_memory inline, then complete memory task and parent; complete → close the parent; wait/stalled → report and stop; repair_metadata → fix the invalid descriptions; ask_user → ask resume/delete/complete.", &["tasks: [Task]", "workflow_id: str", "mode?: \"loop\" | \"resume\" = \"loop\"", "edition?: Edition = \"11.0.0\""], &["-> RunnableTasksResult"], BAD, op_runnable_tasks),
    OpInfo::new("router.memory_task", "The workflow's unique open memory task and its activeContext marker (two open memory tasks of one wf are ambiguous; another wf's task never counts). Host: persist_marker → write marker_text to ## References; ignore stale/other_wf markers; never fall back to the first pending Memory Update task.", &["tasks: [Task]", "workflow_id: str", "active_context?: str = \"\"", "edition?: Edition = \"11.0.0\""], &["-> MemoryTaskResult"], &[K::MissingField, K::InvalidValue, K::Ambiguous], op_memory_task),
    OpInfo::new("router.followup_tasks", "The task plan of a follow-up graph: remfix, re_review, investigation, escalate_full, plan_prune (remfix and investigation block every open downstream task; the others change only the tasks they name). Host: create the creates in order, map new: refs to real ids, apply updates in order; ask_user/cycle_cap_gate → ask the user; send_back → return the REM-FIX for proof; stop → end the turn.", &["graph: FollowupGraph", "tasks: [Task]", "workflow_id: str", "edition?: Edition = \"11.0.0\"", "workflow_type?: WorkflowType = ~required by remfix and re_review (missing_field), unused by the other graphs", "origin?: TaskOrigin = ~required by remfix, unused by the other graphs", "phase?: WorkflowPhase = ~required by remfix, unused by the other graphs", "scope?: TaskScope = ~required by remfix, unused by the other graphs", "reason?: str = ~required by remfix, unused by the other graphs", "plan?: str = \"N/A\"", "remfix_task_id?: str = ~required by re_review, unused by the other graphs", "proof?: Proof = {}", "disputes?: [Dispute] = []", "root_cause?: str = ~investigation: no root cause is recorded; unused by the other graphs", "diff_driven_docs_skip?: bool = false", "event?: str = ~required by plan_prune, unused by the other graphs", "deletion_supported?: bool = true"], &["-> FollowupResult"], &[K::MissingField, K::InvalidValue, K::NotFound, K::Ambiguous, K::NoDispatchRule], op_followup_tasks),
    OpInfo::new("router.scope_decision", "Resume a pending scope decision: the reply becomes a REM-FIX and the marker leaves ## Decisions. Host: route_normally → route; ask_again → ask the two options and stop; create_remfix → write active_context, apply followup, stop; ask_user → ask before another REM-FIX.", &["active_context: str", "reply: str", "workflow_id?: str = ~not given: a pending marker of any workflow counts", "tasks?: [Task] = ~with origin and phase, needed only when the reply creates a REM-FIX (missing_field then)", "origin?: TaskOrigin = ~with tasks and phase, needed only when the reply creates a REM-FIX (missing_field then)", "phase?: WorkflowPhase = ~with tasks and origin, needed only when the reply creates a REM-FIX (missing_field then)", "plan?: str = \"N/A\"", "edition?: Edition = \"11.0.0\""], &["-> ScopeDecisionResult"], &[K::MissingField, K::InvalidValue, K::Ambiguous, K::NoDispatchRule], op_scope_decision),
    OpInfo::new("router.update_artifact", "Write one agent's validated result — or the error of its unparseable output — into the workflow artifact: results, evidence, task ids, planning keys, convergence, proof_status, BUILD phase_status/phase_cursor, pending_gate, status_history and remediation_history (the artifact passes the read-back gate first; a result must carry its agent's passes or passed). Host: write text atomically to .cc10x/workflows/<wf>.json and read it back with check_artifact.", &["artifact_text: str", "workflow_uuid: str", "now: time", "agent: str", "result?: {any} = ~not given: `error` must be (one of the two is required)", "error?: {any} = ~not given: `result` is the parsed output", "phase?: WorkflowPhase = ~not given: missing_field for plan-gap-reviewer and researcher, else unused", "task_id?: str = ~not given: the result is recorded without a task id", "edition?: Edition = \"11.0.0\""], &["-> UpdateArtifactResult"], &[K::MissingField, K::InvalidValue, K::UnknownAgent, K::MalformedArtifact, K::PlaceholderLeft, K::UuidMismatch], op_update_artifact),
    OpInfo::new("router.finalize_memory", "The memory finalisation edits of activeContext.md, progress.md and patterns.md (each text must pass check_memory first; new lines go at the top of their section, in input order). Host: write all three, read each back with check_memory; on any failure stop and never advance the workflow.", &["active_context: str", "progress: str", "patterns: str", "workflow_type: WorkflowType", "workflow_uuid: str", "now: time", "memory_task_id?: str = ~not given: every memory_task_id marker of this workflow leaves ## References, whatever its task id", "notes?: {[str]} = {}", "tasks?: [ProgressTask] = ~not given: progress.md's ## Tasks is left as it is", "completed?: [str] = []", "plan_file?: str = \"N/A\"", "design_file?: str = \"N/A\"", "clarification_needed?: bool = false", "debug_summary?: str = ~not given: no DEBUG summary line in ## Recent Changes", "edition?: Edition = \"11.0.0\""], &["-> FinalizeMemoryResult"], BAD, op_finalize_memory),
    OpInfo::new("router.memory_evidence", "The router-owned evidence a completing memory task must carry: origin router, the ROUTER ONLY marker, the Memory Update subject, a memory_finalized event of its wf (fourx hook task-completed). Host: block completion while gaps is non-empty.", &["subject: str", "description: str", "events?: str = \"\"", "edition?: Edition = \"11.0.0\""], &["-> MemoryEvidenceResult"], &[K::MissingField, K::InvalidValue, K::DuplicateField], op_memory_evidence),
    OpInfo::new("router.artifact_fresh", "Whether an artifact written at modified_at is fresh at now (default 300 s, cc10x's hooks). Host: warn on a stale write; never block on it.", &["modified_at: time", "now: time", "max_age_seconds?: int = 300", "edition?: Edition = \"11.0.0\""], &["-> ArtifactFreshResult"], BAD, op_artifact_fresh),
    OpInfo::new("router.edition_for_version", "The contract edition for an installed cc10x plugin version and whether it is exact: from 11.0.0 below 12.0.0 → 11.0.0, from 12.7.0 below 12.8.0 → 12.7.0, from 12.10.0 below 12.11.0 → 12.10.0 (exact); any other version → the last edition before it (the oldest for older versions), text that is not a version → the newest edition, not exact. Host: run the checks with edition; when exact is false, only warn on every finding (never block) and say which version and edition.", &["version: str", "edition?: Edition = \"11.0.0\""], &["-> EditionForVersionResult"], BAD, op_edition_for_version),
    OpInfo::new("router.remfix_completion", "The TaskCompleted check of a completing REM-FIX over its workflow artifact: the circuit breaker (earlier remediation_history rounds against the cap of 3) and, at editions with cc10x's remediation_history backstop (12.7.0, 12.10.0), whether the history is empty. Host: not allowed → a taskMetadata finding (blocks in block mode, ask the user before another REM-FIX); history_missing → warn, never block.", &["artifact: {any} | str", "edition?: Edition = \"11.0.0\""], &["-> RemfixCompletionResult"], BAD, op_remfix_completion),
    OpInfo::new("router.pre_tool_use", "cc10x's deterministic PreToolUse guards (fourx hook pre-tool-use): destructive git text (push, reset --hard, clean -f, branch -D, checkout ., restore ., stash clear; push and branch -D unlock with a fresh approval token) and, while the newest artifact is an unfinished QA workflow, denied reads and no write or Bash mutation outside the mutation allowlist during a planning phase. Host: deny → answer Claude Code with permissionDecision deny and the reason; consume_approval → delete the approval token.", &["tool_name: str", "tool_input?: {any} = {}", "project_dir: str", "artifact?: {any} | str = ~no artifact: no workflow guard engages", "events?: str = \"\"", "approval?: {any} = ~no approval token: nothing is unlocked", "now?: time = ~no clock: an approval token unlocks nothing", "edition?: Edition = \"11.0.0\""], &["-> PreToolUseResult"], BAD, op_pre_tool_use),
    OpInfo::new("router.intent_ready", "The intent readiness gate before BUILD or PLAN: a BUILD needing more than 5 source files switches to PLAN, any contradiction halts, every criterion needs a verifiable scenario. Host: proceed → run the workflow; switch_to_plan → decompose in PLAN first; halt_contradiction → set pending_gate and ask; ask_specificity → ask for verifiable criteria.", &["target: \"BUILD\" | \"PLAN\"", "source_files: int", "acceptance_criteria: [Criterion]", "contradictions?: [{str}] = []", "edition?: Edition = \"11.0.0\""], &["-> IntentReadyResult"], BAD, op_intent_ready),
    OpInfo::new("router.plan_trust_gate", "The plan-trust gate before BUILD, from the workflow artifact and the planner's contract: no BUILD while an Open Decision is unapproved (JUST_GO or not); with a plan, Differences from agreement present, explicit plan_mode and verification_rigor, exit criteria on every phase and acceptance criteria for an execution_plan/decision_rfc; a host-found contradiction is NOGO. Host: start_build → create the BUILD graph; ask_clarification → persist pending_gate and ask; nogo_contradiction → show it and ask.", &["artifact_text: str", "workflow_uuid: str", "planner?: {any} = ~not given: the artifact's results.planner.fields (none → Differences from agreement count as absent when a plan exists)", "contradictions?: [{str}] = []", "edition?: Edition = \"11.0.0\""], &["-> PlanTrustResult"], &[K::MissingField, K::InvalidValue, K::MalformedArtifact, K::PlaceholderLeft, K::UuidMismatch], op_plan_trust_gate),
];

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn table_has_the_nine_workflow_ops_and_the_hook_checks() {
        let names: Vec<_> = OPS.iter().map(|o| o.name).collect();
        assert_eq!(
            names,
            [
                "router.active_workflows",
                "router.runnable_tasks",
                "router.memory_task",
                "router.followup_tasks",
                "router.scope_decision",
                "router.update_artifact",
                "router.finalize_memory",
                "router.memory_evidence",
                "router.artifact_fresh",
                "router.edition_for_version",
                "router.remfix_completion",
                "router.pre_tool_use",
                "router.intent_ready",
                "router.plan_trust_gate",
            ]
        );
    }

    #[test]
    fn edition_is_checked_before_every_other_input_of_every_router_op() {
        let router = crate::ops::catalog()
            .iter()
            .filter(|o| o.name.starts_with("router."));
        for op in router {
            assert!(op.input().contains(&"edition?"), "{}", op.name);
            let e = crate::ops::call(op.name, &json!({"edition": "12.6.0"})).unwrap_err();
            assert_eq!(
                (e.kind, e.field.as_deref()),
                (K::InvalidValue, Some("edition")),
                "{}",
                op.name
            );
        }
    }
}
