//! Write-agent YAML contracts (router.md; repo): locating the last
//! `yaml` block under a Router Contract heading, the per-agent required fields, STATUS values and
//! the pass conditions applied verbatim. Re-running verification on a failure is the caller's.

use std::borrow::Cow;

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::yaml::Limits;
use crate::router::parse::{flat_yaml, locate};

use crate::router::edition::{ContractGate, Edition};
use crate::router::parse::markdown::Markdown;
use crate::router::parse::readonly::check_size;
use crate::router::parse::status::{is_status, polarity, Polarity};
use crate::router::vocabulary::{Agent, AgentClass, Kind};

pub use crate::router::parse::markdown::CONTRACT_HEADING;
/// The heading the researchers' agent files emit (accepted for researchers only).
pub const RESEARCHER_HEADING: &str = "Router Contract (REQUIRED)";

/// The required fields of a write agent at an edition (row W1), in the table order;
/// an entry `A|B` is satisfied by either key.
pub fn required_fields(edition: Edition, agent: Agent) -> &'static [&'static str] {
    edition
        .rules()
        .write_fields
        .iter()
        .find(|(a, _)| *a == agent)
        .map_or(&[], |(_, f)| *f)
}

/// The required fields of a contract: by its `MODE` where the edition selects the set by mode
/// (row W1, `12.10.0` qa-harness-builder: a contract without `MODE`, or with a mode the table
/// does not list, is read as the first listed mode), else [`required_fields`].
pub fn required_fields_for(
    edition: Edition,
    agent: Agent,
    fields: &Map<String, Value>,
) -> &'static [&'static str] {
    let modes: Vec<_> = edition
        .rules()
        .mode_fields
        .iter()
        .filter(|(a, _, _)| *a == agent)
        .collect();
    if modes.is_empty() {
        return required_fields(edition, agent);
    }
    let mode = fields.get("MODE").and_then(Value::as_str);
    modes
        .iter()
        .find(|(_, m, _)| Some(*m) == mode)
        .or(modes.first())
        .map_or(&[], |(_, _, f)| *f)
}

/// Every required entry the block lacks (none of its alternatives present), in table order.
fn all_missing(edition: Edition, agent: Agent, fields: &Map<String, Value>) -> Vec<&'static str> {
    required_fields_for(edition, agent, fields)
        .iter()
        .copied()
        .filter(|entry| !entry.split('|').any(|k| fields.contains_key(k)))
        .collect()
}

/// The `missing_field` error naming every absent required entry at once: `field` is the first,
/// `fields` all of them (an `A|B` entry is named by `A`; the message shows both spellings).
fn missing_fields_error(agent: Agent, missing: &[&str]) -> Error {
    let shown: Vec<String> = missing
        .iter()
        .map(|m| format!("`{}`", m.replace('|', "` or `")))
        .collect();
    let names: Vec<&str> = missing
        .iter()
        .map(|m| m.split('|').next().unwrap_or(m))
        .collect();
    let message = if missing.len() == 1 {
        format!("the Router Contract of {agent} has no {} field", shown[0])
    } else {
        format!(
            "the Router Contract of {agent} lacks {} required fields: {}",
            missing.len(),
            shown.join(", ")
        )
    };
    Error::new(ErrorKind::MissingField, message).with_fields(names)
}

/// What the router knows about the task whose output is checked (inputs of
/// `router.parse_write_contract` beyond the output): its `kind:` and how many findings the
/// REM-FIX dispatched (row W2, `12.10.0` `kind:remfix` proof).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TaskContext {
    /// The task's `kind:` (`remfix` turns the proof rule on).
    pub kind: Option<Kind>,
    /// The number of findings the REM-FIX task dispatched (decides a dispute-only return).
    pub dispatched_findings: Option<usize>,
}

/// The parsed, checked write contract.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WriteContract {
    /// `cc10x:` + agent.
    pub agent: String,
    /// The STATUS string.
    pub status: String,
    /// STATUS is the agent's pass claim (null for researchers).
    pub claims_pass: Option<bool>,
    /// Claims pass and no violations (null for researchers).
    pub passed: Option<bool>,
    /// Failed pass-condition ids, in order.
    pub violations: Vec<&'static str>,
    /// A doc-syncer PARTIAL that passed.
    pub soft_pass: bool,
    /// The `MEMORY_NOTES` value.
    pub memory_notes: Value,
    /// The whole parsed block.
    pub fields: Map<String, Value>,
    /// Builder only: SCOPE_INCREASES or BLOCKED_ITEMS non-empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escalate_to_full: Option<bool>,
}

/// `[]` or `null`.
fn is_empty_list(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Array(a)) => a.is_empty(),
        Some(Value::Null) => true,
        _ => false,
    }
}

/// A non-empty list, mapping or non-blank string.
pub(crate) fn non_empty(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Array(a)) => !a.is_empty(),
        Some(Value::Object(o)) => !o.is_empty(),
        Some(Value::String(s)) => !s.trim().is_empty(),
        _ => false,
    }
}

fn non_empty_list(v: Option<&Value>) -> bool {
    matches!(v, Some(Value::Array(a)) if !a.is_empty())
}

fn non_blank(v: Option<&Value>) -> bool {
    matches!(v, Some(Value::String(s)) if !s.trim().is_empty())
}

/// A JSON integer (not a float, boolean or string).
fn int(v: Option<&Value>) -> Option<i128> {
    match v {
        Some(Value::Number(n)) => n
            .as_i64()
            .map(i128::from)
            .or_else(|| n.as_u64().map(i128::from)),
        _ => None,
    }
}

fn int_eq(v: Option<&Value>, want: i128) -> bool {
    int(v) == Some(want)
}

fn str_eq(v: Option<&Value>, want: &str) -> bool {
    v.and_then(Value::as_str) == Some(want)
}

fn str_in(v: Option<&Value>, set: &[&str]) -> bool {
    v.and_then(Value::as_str).is_some_and(|s| set.contains(&s))
}

/// A mapping with non-blank `name`, `command`, `expected`, `actual` and an integer `exit_code`.
fn complete_scenario(v: &Value) -> bool {
    let Some(m) = v.as_object() else {
        return false;
    };
    ["name", "command", "expected", "actual"]
        .iter()
        .all(|k| non_blank(m.get(*k)))
        && int(m.get("exit_code")).is_some()
}

fn passing_scenario(v: &Value) -> bool {
    complete_scenario(v) && str_eq(v.get("status"), "PASS") && int_eq(v.get("exit_code"), 0)
}

fn scenario_list(f: &Map<String, Value>) -> &[Value] {
    f.get("SCENARIOS")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

fn has_named_complete(f: &Map<String, Value>, prefix: &str) -> bool {
    scenario_list(f).iter().any(|s| {
        complete_scenario(s)
            && s.get("name")
                .and_then(Value::as_str)
                .is_some_and(|n| n.starts_with(prefix))
    })
}

/// `FEEDBACK_LOOP` is a mapping whose `rung` is a non-blank string other than `none` and whose
/// `command` is present and not null (12.7.0 investigator FIXED).
fn feedback_loop_built(v: Option<&Value>) -> bool {
    let Some(m) = v.and_then(Value::as_object) else {
        return false;
    };
    let rung_ok = m
        .get("rung")
        .and_then(Value::as_str)
        .is_some_and(|r| !r.trim().is_empty() && r.trim() != "none");
    rung_ok && m.get("command").is_some_and(|c| !c.is_null())
}

/// `DEBUG_CLOSEOUT.instrumentation_removed` and `.repro_no_longer_fires` are both `true`.
fn debug_closed_out(v: Option<&Value>) -> bool {
    let Some(m) = v.and_then(Value::as_object) else {
        return false;
    };
    ["instrumentation_removed", "repro_no_longer_fires"]
        .iter()
        .all(|k| m.get(*k) == Some(&Value::Bool(true)))
}

const RIGOR: [&str; 2] = ["standard", "critical_path"];
const PLAN_MODES: [&str; 3] = ["direct", "execution_plan", "decision_rfc"];

/// The pass conditions (step 5) that fail for this agent and status, in order; the edition adds
/// its gates (row W2) where its override text places them.
pub fn violations(
    edition: Edition,
    agent: Agent,
    status: &str,
    f: &Map<String, Value>,
) -> Vec<&'static str> {
    violations_in(edition, agent, status, f, &TaskContext::default())
}

/// A non-zero integer (row W2 `12.10.0` RED exit).
fn nonzero_int(v: Option<&Value>) -> bool {
    int(v).is_some_and(|n| n != 0)
}

/// The `12.10.0` dispute-only return of a REM-FIX (hook policy "Contract overrides"): the
/// router knows how many findings it dispatched, `FINDING_DISPUTED` lists that many distinct
/// entries, and the RED/GREEN exits are null (nothing was changed).
fn dispute_only(f: &Map<String, Value>, ctx: &TaskContext) -> bool {
    let Some(n) = ctx.dispatched_findings else {
        return false;
    };
    let Some(list) = f.get("FINDING_DISPUTED").and_then(Value::as_array) else {
        return false;
    };
    let distinct = list
        .iter()
        .enumerate()
        .all(|(i, x)| !list[..i].contains(x) && non_empty(Some(x)));
    n > 0
        && list.len() == n
        && distinct
        && f.get("TDD_RED_EXIT").is_none_or(Value::is_null)
        && f.get("TDD_GREEN_EXIT").is_none_or(Value::is_null)
}

/// The pass conditions of [`violations`] for a task of known kind (row W2 `12.10.0`:
/// `kind:remfix` proof and the dispute-only return).
pub fn violations_in(
    edition: Edition,
    agent: Agent,
    status: &str,
    f: &Map<String, Value>,
    ctx: &TaskContext,
) -> Vec<&'static str> {
    let rules = edition.rules();
    let gate = |g: ContractGate| rules.contract_gates.contains(&g);
    let g = |k: &str| f.get(k);
    let mut out = Vec::new();
    let mut check = |id: &'static str, ok: bool| {
        if !ok {
            out.push(id);
        }
    };
    let red_ok = |v: Option<&Value>| {
        if gate(ContractGate::RedExitNonZero) {
            nonzero_int(v)
        } else {
            int_eq(v, 1)
        }
    };
    let remfix = gate(ContractGate::RemfixProof) && ctx.kind == Some(Kind::Remfix);
    let disputed = remfix && dispute_only(f, ctx);
    let proof = |check: &mut dyn FnMut(&'static str, bool)| {
        for k in ["COVERING_TESTS", "TEST_COMMAND", "TEST_OUTPUT"] {
            check(k, non_empty(f.get(k)));
        }
    };
    match (agent, status) {
        (Agent::ComponentBuilder, "PASS") if disputed => {
            // The dispute-only return: nothing changed, the phase has not exited.
            check("PHASE_STATUS", str_eq(g("PHASE_STATUS"), "partial"));
            check("PROOF_STATUS", str_eq(g("PROOF_STATUS"), "gaps_found"));
            check("BLOCKED_ITEMS", is_empty_list(g("BLOCKED_ITEMS")));
            let n = ctx.dispatched_findings.unwrap_or(0);
            check(
                "SCENARIOS",
                scenario_list(f)
                    .iter()
                    .filter(|s| complete_scenario(s))
                    .count()
                    >= n,
            );
        }
        (Agent::ComponentBuilder, "PASS") => {
            check("TDD_RED_EXIT", red_ok(g("TDD_RED_EXIT")));
            if gate(ContractGate::TddRedReason) {
                check(
                    "TDD_RED_REASON_KIND",
                    str_eq(g("TDD_RED_REASON_KIND"), "behavioral"),
                );
                check("TDD_RED_REASON", non_blank(g("TDD_RED_REASON")));
            }
            check("TDD_GREEN_EXIT", int_eq(g("TDD_GREEN_EXIT"), 0));
            if gate(ContractGate::BuildPreflight) {
                check(
                    "BUILD_PREFLIGHT_EMITTED",
                    g("BUILD_PREFLIGHT_EMITTED") == Some(&Value::Bool(true)),
                );
            }
            check("PHASE_STATUS", str_eq(g("PHASE_STATUS"), "completed"));
            check(
                "PHASE_EXIT_READY",
                g("PHASE_EXIT_READY") == Some(&Value::Bool(true)),
            );
            check("PROOF_STATUS", str_eq(g("PROOF_STATUS"), "passed"));
            check("BLOCKED_ITEMS", is_empty_list(g("BLOCKED_ITEMS")));
            check(
                "SCENARIOS",
                g("SCENARIOS")
                    .and_then(Value::as_array)
                    .is_some_and(|s| s.iter().any(passing_scenario)),
            );
            if remfix {
                proof(&mut check);
            }
        }
        (Agent::BugInvestigator, "FIXED") if disputed => {
            check(
                "VERIFICATION_RIGOR",
                str_in(g("VERIFICATION_RIGOR"), &RIGOR),
            );
            let n = ctx.dispatched_findings.unwrap_or(0);
            let regressions = scenario_list(f)
                .iter()
                .filter(|s| {
                    complete_scenario(s)
                        && s.get("name")
                            .and_then(Value::as_str)
                            .is_some_and(|x| x.starts_with("Regression:"))
                })
                .count();
            check("REGRESSION_SCENARIO", regressions >= n);
        }
        (Agent::BugInvestigator, "FIXED") => {
            check(
                "VERIFICATION_RIGOR",
                str_in(g("VERIFICATION_RIGOR"), &RIGOR),
            );
            check("TDD_RED_EXIT", red_ok(g("TDD_RED_EXIT")));
            check("TDD_GREEN_EXIT", int_eq(g("TDD_GREEN_EXIT"), 0));
            check("BLAST_RADIUS_SCAN", non_empty(g("BLAST_RADIUS_SCAN")));
            if g("NEEDS_EXTERNAL_RESEARCH") != Some(&Value::Bool(true)) {
                check("SCENARIOS", non_empty_list(g("SCENARIOS")));
                check("REGRESSION_SCENARIO", has_named_complete(f, "Regression:"));
                let waived =
                    non_blank(g("VARIANTS_NOT_APPLICABLE")) && int_eq(g("VARIANTS_COVERED"), 0);
                if !waived {
                    check(
                        "VARIANTS_COVERED",
                        int(g("VARIANTS_COVERED")).is_some_and(|n| n >= 1),
                    );
                    check("VARIANT_SCENARIO", has_named_complete(f, "Variant:"));
                }
            }
            if gate(ContractGate::FeedbackLoop) {
                check("FEEDBACK_LOOP", feedback_loop_built(g("FEEDBACK_LOOP")));
            }
            if gate(ContractGate::DebugCloseout) {
                check("DEBUG_CLOSEOUT", debug_closed_out(g("DEBUG_CLOSEOUT")));
            }
            if remfix {
                proof(&mut check);
            }
        }
        (Agent::QaHarnessBuilder, "PASS") if gate(ContractGate::QaContracts) => {
            qa_harness_pass(f, &mut check);
        }
        (Agent::QaExecutor, "PASS") if gate(ContractGate::QaContracts) => {
            qa_executor_pass(f, &mut check);
        }
        (Agent::Planner, "PLAN_CREATED" | "DECISION_RFC_CREATED") => {
            check("PLAN_FILE", non_blank(g("PLAN_FILE")));
            check("PLAN_MODE", str_in(g("PLAN_MODE"), &PLAN_MODES));
            check(
                "VERIFICATION_RIGOR",
                str_in(g("VERIFICATION_RIGOR"), &RIGOR),
            );
            check(
                "CONFIDENCE",
                g("CONFIDENCE")
                    .and_then(Value::as_f64)
                    .is_some_and(|c| c >= 50.0),
            );
            check("GATE_PASSED", g("GATE_PASSED") == Some(&Value::Bool(true)));
            check("SCENARIOS", non_empty_list(g("SCENARIOS")));
            check("OPEN_DECISIONS", is_empty_list(g("OPEN_DECISIONS")));
            if str_eq(g("PLAN_MODE"), "decision_rfc") {
                check(
                    "ALTERNATIVES",
                    g("ALTERNATIVES")
                        .and_then(Value::as_array)
                        .is_some_and(|a| a.len() >= rules.rfc_alternatives_min),
                );
                check("DRAWBACKS", non_empty_list(g("DRAWBACKS")));
            }
            if str_eq(g("VERIFICATION_RIGOR"), "critical_path") {
                check(
                    "PROVABLE_PROPERTIES",
                    non_empty_list(g("PROVABLE_PROPERTIES")),
                );
            }
        }
        (Agent::DocSyncer, "COMPLETE" | "PARTIAL") => {
            check(
                "DOC_LAYERS_EVALUATED",
                non_empty_list(g("DOC_LAYERS_EVALUATED")),
            );
            check(
                "DOC_OUTPUT",
                non_empty_list(g("DOC_FILES_UPDATED")) || non_empty_list(g("AUDIT_DOCS_CREATED")),
            );
        }
        (Agent::DocSyncer, "SKIPPED") => {
            check("SKIP_REASON", non_blank(g("SKIP_REASON")));
        }
        _ => {}
    }
    out
}

/// A boolean field that is exactly `true`.
fn is_true(v: Option<&Value>) -> bool {
    v == Some(&Value::Bool(true))
}

/// qa-harness-builder PASS (`12.10.0` hook policy "Contract overrides"): `MODE: preflight`
/// provisions nothing, blocks on nothing and passes every check; `MODE: harness` (or no `MODE`)
/// implements every planned scenario, re-runs clean, tears down, lists what it built and meets
/// the mutation floor with at least one `assertion_falsified` and no `survived`. Neither mode
/// touches product code. (Which units the floor selects needs the test plan: fourx checks the
/// floor's minimum of one.)
fn qa_harness_pass(f: &Map<String, Value>, check: &mut dyn FnMut(&'static str, bool)) {
    let g = |k: &str| f.get(k);
    check(
        "PRODUCT_CODE_TOUCHED",
        g("PRODUCT_CODE_TOUCHED") == Some(&Value::Bool(false)),
    );
    if str_eq(g("MODE"), "preflight") {
        check(
            "SERVICES_PROVISIONED",
            is_empty_list(g("SERVICES_PROVISIONED")),
        );
        check("BLOCKED_ITEMS", is_empty_list(g("BLOCKED_ITEMS")));
        check(
            "HUMAN_PREREQUISITES",
            is_empty_list(g("HUMAN_PREREQUISITES")),
        );
        check("CURRENCY_GATE", is_empty_list(g("CURRENCY_GATE")));
        check(
            "CHECKS",
            g("CHECKS").and_then(Value::as_array).is_some_and(|c| {
                c.iter()
                    .all(|x| x.get("result").and_then(Value::as_str) == Some("pass"))
            }),
        );
        return;
    }
    let planned = int(g("SCENARIOS_PLANNED"));
    check(
        "SCENARIOS_IMPLEMENTED",
        planned.is_some() && int(g("SCENARIOS_IMPLEMENTED")) == planned
            || non_empty_list(g("SCENARIOS_UNIMPLEMENTED")),
    );
    check("RERUN_CLEAN", is_true(g("RERUN_CLEAN")));
    check("TEARDOWN_VERIFIED", is_true(g("TEARDOWN_VERIFIED")));
    check("BLOCKED_ITEMS", is_empty_list(g("BLOCKED_ITEMS")));
    check("ARTIFACTS_CREATED", non_empty_list(g("ARTIFACTS_CREATED")));
    check(
        "HARNESS_MANIFEST",
        g("HARNESS_MANIFEST").is_some_and(|v| !v.is_null()),
    );
    let checks: &[Value] = g("MUTATION_CHECKS")
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice);
    let outcome = |c: &Value| c.get("outcome").and_then(Value::as_str).map(str::to_string);
    check(
        "MUTATION_CHECKS",
        checks.iter().any(|c| {
            outcome(c).as_deref() == Some("assertion_falsified")
                && non_blank(c.get("failing_assertion"))
        }) && !checks
            .iter()
            .any(|c| matches!(outcome(c).as_deref(), Some("survived" | "not_applied"))),
    );
}

/// qa-executor PASS (`12.10.0` hook policy "Contract overrides"): every scenario passed with
/// none blocked or failed, one evidence entry per scenario, a clean and verified teardown, a
/// ready environment, and neither test nor product code touched.
fn qa_executor_pass(f: &Map<String, Value>, check: &mut dyn FnMut(&'static str, bool)) {
    let g = |k: &str| f.get(k);
    let total = int(g("SCENARIOS_TOTAL"));
    check(
        "SCENARIOS_PASSED",
        total.is_some() && int(g("SCENARIOS_PASSED")) == total,
    );
    check("SCENARIOS_FAILED", int_eq(g("SCENARIOS_FAILED"), 0));
    check("SCENARIOS_BLOCKED", int_eq(g("SCENARIOS_BLOCKED"), 0));
    check("TEARDOWN_STATUS", str_eq(g("TEARDOWN_STATUS"), "clean"));
    check("ENV_READY", is_true(g("ENV_READY")));
    check(
        "EVIDENCE",
        g("EVIDENCE")
            .and_then(Value::as_array)
            .is_some_and(|e| total.is_some_and(|t| e.len() as i128 == t)),
    );
    check(
        "TEST_CODE_TOUCHED",
        g("TEST_CODE_TOUCHED") == Some(&Value::Bool(false)),
    );
    check(
        "PRODUCT_CODE_TOUCHED",
        g("PRODUCT_CODE_TOUCHED") == Some(&Value::Bool(false)),
    );
}

/// The Router Contract block by the full markdown scan (the rule [`locate::contract_block`]
/// answers fast for the terminated block).
pub(crate) fn contract_block(agent: Agent, md: &Markdown<'_>) -> Result<String> {
    let researcher = agent.is_researcher();
    let sections: Vec<_> = md
        .headings
        .iter()
        .enumerate()
        .filter(|(_, h)| {
            (h.level == 2 || h.level == 3)
                && (h.text == CONTRACT_HEADING || (researcher && h.text == RESEARCHER_HEADING))
        })
        .map(|(i, _)| md.section(i))
        .collect();
    if sections.is_empty() {
        return Err(Error::new(
            ErrorKind::MissingContract,
            format!("no `### {CONTRACT_HEADING}` heading"),
        ));
    }
    let fence = md
        .fences
        .iter()
        .rfind(|f| {
            matches!(f.info(), "yaml" | "yml") && sections.iter().any(|s| s.contains(&f.open))
        })
        .ok_or_else(|| {
            Error::new(
                ErrorKind::MissingContract,
                "no ```yaml block under the Router Contract heading",
            )
        })?;
    if fence.close.is_none() {
        return Err(Error::new(
            ErrorKind::MalformedContract,
            "the Router Contract YAML block is not terminated",
        ));
    }
    Ok(md.fence_content(fence))
}

/// The `12.10.0` contract block (row R6): the first `yaml`/`yml` fence after the last Router
/// Contract heading when the output has one, otherwise the first `yaml` fence of the output.
pub(crate) fn contract_block_following(agent: Agent, md: &Markdown<'_>) -> Result<String> {
    let researcher = agent.is_researcher();
    let heading = md.headings.iter().rfind(|h| {
        (h.level == 2 || h.level == 3)
            && (h.text == CONTRACT_HEADING || (researcher && h.text == RESEARCHER_HEADING))
    });
    let after = heading.map_or(0, |h| h.line);
    let fence = md
        .fences
        .iter()
        .find(|f| {
            matches!(f.info(), "yaml" | "yml") && f.open > after
                || heading.is_none() && matches!(f.info(), "yaml" | "yml")
        })
        .ok_or_else(|| {
            Error::new(
                ErrorKind::MissingContract,
                if heading.is_some() {
                    "no ```yaml block follows the Router Contract heading".to_string()
                } else {
                    format!("no `### {CONTRACT_HEADING}` heading and no ```yaml block")
                },
            )
        })?;
    if fence.close.is_none() {
        return Err(Error::new(
            ErrorKind::MalformedContract,
            "the Router Contract YAML block is not terminated",
        ));
    }
    Ok(md.fence_content(fence))
}

/// Parses a contract block's YAML into a mapping (`malformed_contract` otherwise).
pub(crate) fn yaml_mapping(text: &str, what: &str) -> Result<Map<String, Value>> {
    match flat_yaml::parse_json(text, &Limits::UNTRUSTED) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(Error::new(
            ErrorKind::MalformedContract,
            format!("the {what} YAML block is not a mapping"),
        )),
        Err(e) => Err(e.to_error(
            ErrorKind::MalformedContract,
            &format!("the {what} YAML block does not parse"),
        )),
    }
}

/// Parses a write agent's output with the edition's required fields and pass
/// conditions (rows W1, W2).
///
/// ```
/// use fourx_core::router::{contract, edition::Edition, Agent};
/// let out = "### Router Contract (MACHINE-READABLE)\n```yaml\nSTATUS: UNAVAILABLE\nFILE_PATH: null\n\
///            BACKEND_MODE: none\nSOURCES_ATTEMPTED: []\nSOURCES_USED: []\nQUALITY_LEVEL: none\n\
///            IMPLEMENTATIONS_FOUND: 0\nWHAT_CHANGED_RECOMMENDATION: null\nMEMORY_NOTES: {}\n```\n";
/// let c = contract::parse(Edition::V12_7, Agent::Researcher, out).unwrap();
/// assert_eq!((c.status.as_str(), c.passed), ("UNAVAILABLE", None));
/// ```
pub fn parse(edition: Edition, agent: Agent, output: &str) -> Result<WriteContract> {
    parse_in(edition, agent, output, &TaskContext::default())
}

/// [`parse`] for a task of known kind ([`TaskContext`]; row W2 `12.10.0`).
pub fn parse_in(
    edition: Edition,
    agent: Agent,
    output: &str,
    ctx: &TaskContext,
) -> Result<WriteContract> {
    if agent.class() != AgentClass::Write {
        return Err(Error::new(
            ErrorKind::UnknownAgent,
            format!("{agent} is not a write agent; use router.parse_readonly_output"),
        )
        .with_field("agent"));
    }
    check_size(output)?;
    // The locator finds a terminated block without the line scan; anything else goes through
    // the scan, which words the error (`locate::tests` pins the two to the same block).
    let titles: &[&str] = if agent.is_researcher() {
        &[CONTRACT_HEADING, RESEARCHER_HEADING]
    } else {
        &[CONTRACT_HEADING]
    };
    let block = if edition.rules().yaml_follows_heading {
        Cow::Owned(contract_block_following(agent, &Markdown::parse(output))?)
    } else {
        match locate::contract_block(titles, output) {
            Some(block) => block,
            None => Cow::Owned(contract_block(agent, &Markdown::parse(output))?),
        }
    };
    let fields = yaml_mapping(&block, "Router Contract")?;
    let missing = all_missing(edition, agent, &fields);
    if !missing.is_empty() {
        return Err(missing_fields_error(agent, &missing));
    }
    let status = fields
        .get("STATUS")
        .and_then(Value::as_str)
        .filter(|s| is_status(agent, s))
        .ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidValue,
                format!(
                    "STATUS {} is not a status of {agent}",
                    fields.get("STATUS").unwrap_or(&Value::Null)
                ),
            )
            .with_field("STATUS")
        })?
        .to_string();
    let (claims_pass, passed, violations) = if agent.is_researcher() {
        (None, None, Vec::new())
    } else {
        let claims = polarity(agent, &status) == Some(Polarity::Pass);
        let v = violations_in(edition, agent, &status, &fields, ctx);
        (Some(claims), Some(claims && v.is_empty()), v)
    };
    let soft_pass = agent == Agent::DocSyncer && status == "PARTIAL" && passed == Some(true);
    let escalate_to_full = (agent == Agent::ComponentBuilder).then(|| {
        non_empty(fields.get("SCOPE_INCREASES")) || non_empty(fields.get("BLOCKED_ITEMS"))
    });
    Ok(WriteContract {
        agent: agent.qualified(),
        status,
        claims_pass,
        passed,
        violations,
        soft_pass,
        memory_notes: fields.get("MEMORY_NOTES").cloned().unwrap_or(Value::Null),
        fields,
        escalate_to_full,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn required_field_counts_match_router_spec_4_16() {
        let counts: Vec<_> = Edition::V11
            .rules()
            .write_fields
            .iter()
            .map(|(a, f)| (a.as_str(), f.len(), f[0], f[f.len() - 1]))
            .collect();
        assert_eq!(
            counts,
            [
                ("component-builder", 23, "STATUS", "MEMORY_NOTES"),
                ("bug-investigator", 19, "STATUS", "MEMORY_NOTES"),
                ("planner", 24, "STATUS", "MEMORY_NOTES"),
                ("web-researcher", 9, "STATUS", "MEMORY_NOTES"),
                ("github-researcher", 9, "STATUS", "MEMORY_NOTES"),
                ("doc-syncer", 9, "STATUS", "MEMORY_NOTES"),
            ]
        );
        assert!(required_fields(Edition::V11, Agent::GithubResearcher)
            .contains(&"IMPLEMENTATIONS_FOUND"));
        assert!(required_fields(Edition::V11, Agent::WebResearcher).contains(&"KEY_FINDINGS_COUNT"));
    }

    #[test]
    fn booleans_and_strings_are_not_integers() {
        assert!(!int_eq(Some(&json!(true)), 1));
        assert!(!int_eq(Some(&json!("1")), 1));
        assert!(!int_eq(Some(&json!(1.0)), 1));
        assert!(int_eq(Some(&json!(1)), 1));
    }

    #[test]
    fn variants_waiver_needs_reason_and_zero_count() {
        let base = json!({
            "VERIFICATION_RIGOR": "standard", "TDD_RED_EXIT": 1, "TDD_GREEN_EXIT": 0,
            "BLAST_RADIUS_SCAN": "grep", "VARIANTS_COVERED": 0,
            "VARIANTS_NOT_APPLICABLE": "single code path",
            "SCENARIOS": [{"name": "Regression: x", "command": "t", "expected": "a", "actual": "a", "exit_code": 0}]
        });
        let f = base.as_object().unwrap();
        assert!(violations(Edition::V11, Agent::BugInvestigator, "FIXED", f).is_empty());
        let mut g = f.clone();
        g.insert("VARIANTS_NOT_APPLICABLE".into(), json!(""));
        assert_eq!(
            violations(Edition::V11, Agent::BugInvestigator, "FIXED", &g),
            ["VARIANTS_COVERED", "VARIANT_SCENARIO"]
        );
    }

    #[test]
    fn last_yaml_block_under_the_heading_wins() {
        let out = "### Router Contract (MACHINE-READABLE)\n```yaml\nSTATUS: draft\n```\n```yaml\nSTATUS: COMPLETE\n```\n## Other\n```yaml\nSTATUS: nope\n```\n";
        let md = Markdown::parse(out);
        assert_eq!(
            contract_block(Agent::WebResearcher, &md).unwrap(),
            "STATUS: COMPLETE\n"
        );
    }

    /// A 12.7.0 builder PASS contract that meets every condition of both editions.
    const HEAD_BUILDER_PASS: &str = "STATUS: PASS\nCONFIDENCE: 90\nPHASE_ID: p1\n\
PHASE_STATUS: completed\nPHASE_EXIT_READY: true\nCHECKPOINT_TYPE: none\nPROOF_STATUS: passed\n\
BUILD_PREFLIGHT_EMITTED: true\nINPUTS: []\nEXPECTED_ARTIFACTS: []\nTDD_RED_EXIT: 1\n\
TDD_RED_REASON_KIND: behavioral\nTDD_RED_REASON: \"AssertionError: toggle missing\"\n\
TDD_GREEN_EXIT: 0\nTEST_SEAMS: [ui]\nSEAM_GATE_STATUS: proposed\nSCENARIOS: [{name: toggle, command: npm test, expected: pass, actual: pass, exit_code: 0, \
status: PASS}]\nASSUMPTIONS: []\nDECISIONS: []\nBLOCKED_ITEMS: []\nSKIPPED_ITEMS: []\nSCOPE_INCREASES: []\n\
BLOCKING: false\nNEXT_ACTION: proceed\nREMEDIATION_NEEDED: false\nREQUIRES_REMEDIATION: false\n\
REMEDIATION_REASON: null\nMEMORY_NOTES: {}\n";

    fn wrap(yaml: &str) -> String {
        format!("### Router Contract (MACHINE-READABLE)\n```yaml\n{yaml}```\n")
    }

    fn without(yaml: &str, key: &str) -> String {
        yaml.lines()
            .filter(|l| !l.starts_with(&format!("{key}:")))
            .map(|l| format!("{l}\n"))
            .collect()
    }

    fn with(yaml: &str, key: &str, value: &str) -> String {
        yaml.lines()
            .map(|l| {
                if l.starts_with(&format!("{key}:")) {
                    format!("{key}: {value}\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect()
    }

    #[test]
    fn a_contract_missing_several_required_fields_names_them_all_at_once() {
        let yaml = without(
            &without(&without(HEAD_BUILDER_PASS, "CONFIDENCE"), "SCENARIOS"),
            "MEMORY_NOTES",
        );
        let e = parse(Edition::V11, Agent::ComponentBuilder, &wrap(&yaml)).unwrap_err();
        assert_eq!(e.kind, ErrorKind::MissingField);
        assert_eq!(e.field(), Some("CONFIDENCE"));
        assert_eq!(e.fields(), ["CONFIDENCE", "SCENARIOS", "MEMORY_NOTES"]);
        assert!(
            e.message.contains("lacks 3 required fields"),
            "{}",
            e.message
        );
        // An empty block lists the whole table: one run teaches every field.
        let e = parse(
            Edition::V11,
            Agent::ComponentBuilder,
            &wrap("STATUS: PASS\n"),
        )
        .unwrap_err();
        assert_eq!(e.fields().len(), 22);
        // An either-or entry is named by its first key; the message shows both.
        let r = "STATUS: COMPLETE\nFILE_PATH: x\nBACKEND_MODE: web\nSOURCES_ATTEMPTED: []\n\
SOURCES_USED: []\nQUALITY_LEVEL: ok\nWHAT_CHANGED_RECOMMENDATION: null\nMEMORY_NOTES: {}\n";
        let e = parse(Edition::V12_7, Agent::Researcher, &wrap(r)).unwrap_err();
        assert_eq!(e.fields(), ["KEY_FINDINGS_COUNT"]);
        assert!(e
            .message
            .contains("`KEY_FINDINGS_COUNT` or `IMPLEMENTATIONS_FOUND`"));
    }

    #[test]
    fn w1_head_builder_requires_preflight_red_reason_and_seam_fields_in_table_order() {
        let head = Edition::V12_7;
        let b = Agent::ComponentBuilder;
        assert!(parse(head, b, &wrap(HEAD_BUILDER_PASS)).unwrap().passed == Some(true));
        // 11.0.0 does not know the new fields: their absence is fine there.
        let old = without(
            &without(
                &without(HEAD_BUILDER_PASS, "TEST_SEAMS"),
                "SEAM_GATE_STATUS",
            ),
            "BUILD_PREFLIGHT_EMITTED",
        );
        assert_eq!(
            parse(Edition::V11, b, &wrap(&old)).unwrap().passed,
            Some(true)
        );
        let e = parse(head, b, &wrap(&old)).unwrap_err();
        assert_eq!(e.kind, ErrorKind::MissingField);
        assert_eq!(e.field.as_deref(), Some("BUILD_PREFLIGHT_EMITTED"));
        let e = parse(
            head,
            b,
            &wrap(&without(HEAD_BUILDER_PASS, "SEAM_GATE_STATUS")),
        )
        .unwrap_err();
        assert_eq!(e.field.as_deref(), Some("SEAM_GATE_STATUS"));
        let fields = required_fields(head, b);
        assert_eq!(fields.len(), 28);
        let at = |k: &str| fields.iter().position(|f| *f == k).unwrap();
        assert_eq!(at("BUILD_PREFLIGHT_EMITTED"), at("PROOF_STATUS") + 1);
        assert_eq!(at("TDD_RED_REASON_KIND"), at("TDD_RED_EXIT") + 1);
        assert_eq!(at("TEST_SEAMS"), at("TDD_GREEN_EXIT") + 1);
    }

    #[test]
    fn w1_head_investigator_requires_loop_boundary_and_closeout_fields() {
        let fields = required_fields(Edition::V12_7, Agent::BugInvestigator);
        assert_eq!(fields.len(), 26);
        assert_eq!(
            &fields[7..15],
            [
                "VARIANTS_NOT_APPLICABLE",
                "FEEDBACK_LOOP",
                "NO_LOOP_BLOCKED",
                "BOUNDARY_MATRIX",
                "REGRESSION_SEAM",
                "DEFENSE_IN_DEPTH",
                "DEBUG_CLOSEOUT",
                "BLAST_RADIUS_SCAN",
            ]
        );
        assert_eq!(
            required_fields(Edition::V11, Agent::BugInvestigator).len(),
            19
        );
    }

    #[test]
    fn w1_head_researcher_row_takes_either_count_field() {
        let base = "STATUS: COMPLETE\nFILE_PATH: docs/research/x.md\nBACKEND_MODE: octocode\n\
SOURCES_ATTEMPTED: [octocode]\nSOURCES_USED: [octocode]\nQUALITY_LEVEL: high\n\
WHAT_CHANGED_RECOMMENDATION: use the queue\nMEMORY_NOTES: {}\n";
        let r = Agent::Researcher;
        for count in ["KEY_FINDINGS_COUNT: 3\n", "IMPLEMENTATIONS_FOUND: 2\n"] {
            let c = parse(Edition::V12_7, r, &wrap(&format!("{base}{count}"))).unwrap();
            assert_eq!((c.passed, c.claims_pass), (None, None));
        }
        let e = parse(Edition::V12_7, r, &wrap(base)).unwrap_err();
        assert_eq!(e.kind, ErrorKind::MissingField);
        assert_eq!(e.field.as_deref(), Some("KEY_FINDINGS_COUNT"));
        assert!(e.message.contains("IMPLEMENTATIONS_FOUND"));
        // The researchers' own heading stays accepted.
        let req =
            format!("## Router Contract (REQUIRED)\n```yaml\n{base}KEY_FINDINGS_COUNT: 1\n```\n");
        assert!(parse(Edition::V12_7, r, &req).is_ok());
    }

    #[test]
    fn w2_head_builder_pass_needs_a_behavioral_red_reason_and_the_preflight_token() {
        let head = Edition::V12_7;
        let b = Agent::ComponentBuilder;
        let false_red = with(HEAD_BUILDER_PASS, "TDD_RED_REASON_KIND", "error");
        let c = parse(head, b, &wrap(&false_red)).unwrap();
        assert_eq!((c.claims_pass, c.passed), (Some(true), Some(false)));
        assert_eq!(c.violations, ["TDD_RED_REASON_KIND"]);
        let all = with(
            &with(&false_red, "TDD_RED_REASON", "\"  \""),
            "BUILD_PREFLIGHT_EMITTED",
            "false",
        );
        let all = with(&all, "TDD_GREEN_EXIT", "1");
        assert_eq!(
            parse(head, b, &wrap(&all)).unwrap().violations,
            [
                "TDD_RED_REASON_KIND",
                "TDD_RED_REASON",
                "TDD_GREEN_EXIT",
                "BUILD_PREFLIGHT_EMITTED"
            ]
        );
        // At 11.0.0 the same fields are not conditions.
        assert_eq!(
            parse(Edition::V11, b, &wrap(&all)).unwrap().violations,
            ["TDD_GREEN_EXIT"]
        );
    }

    #[test]
    fn w2_head_investigator_fixed_needs_a_feedback_loop_and_a_clean_closeout() {
        let base = json!({
            "VERIFICATION_RIGOR": "standard", "TDD_RED_EXIT": 1, "TDD_GREEN_EXIT": 0,
            "BLAST_RADIUS_SCAN": "grep", "VARIANTS_COVERED": 0,
            "VARIANTS_NOT_APPLICABLE": "single code path",
            "SCENARIOS": [{"name": "Regression: x", "command": "t", "expected": "a", "actual": "a", "exit_code": 0}],
            "FEEDBACK_LOOP": {"rung": "failing_test", "command": "pytest -k x"},
            "DEBUG_CLOSEOUT": {"instrumentation_removed": true, "repro_no_longer_fires": true}
        });
        let f = base.as_object().unwrap();
        let v =
            |f: &Map<String, Value>| violations(Edition::V12_7, Agent::BugInvestigator, "FIXED", f);
        assert!(v(f).is_empty());
        for (loop_, closeout) in [
            (
                json!({"rung": "none", "command": "x"}),
                json!({"instrumentation_removed": false, "repro_no_longer_fires": true}),
            ),
            (
                json!({"rung": "http", "command": null}),
                json!({"instrumentation_removed": true}),
            ),
            (json!("failing_test"), json!(null)),
        ] {
            let mut g = f.clone();
            g.insert("FEEDBACK_LOOP".into(), loop_);
            g.insert("DEBUG_CLOSEOUT".into(), closeout);
            assert_eq!(v(&g), ["FEEDBACK_LOOP", "DEBUG_CLOSEOUT"]);
            assert!(violations(Edition::V11, Agent::BugInvestigator, "FIXED", &g).is_empty());
        }
        // The research exemption does not cover the loop and close-out.
        let mut g = f.clone();
        g.insert("NEEDS_EXTERNAL_RESEARCH".into(), json!(true));
        g.insert(
            "FEEDBACK_LOOP".into(),
            json!({"rung": "none", "command": null}),
        );
        assert_eq!(v(&g), ["FEEDBACK_LOOP"]);
    }

    #[test]
    fn w2_head_decision_rfc_needs_two_alternatives() {
        let base = json!({
            "PLAN_FILE": "docs/plans/x.md", "PLAN_MODE": "decision_rfc",
            "VERIFICATION_RIGOR": "standard", "CONFIDENCE": 80, "GATE_PASSED": true,
            "SCENARIOS": ["s"], "OPEN_DECISIONS": [], "ALTERNATIVES": ["a"], "DRAWBACKS": ["d"]
        });
        let f = base.as_object().unwrap();
        assert!(violations(Edition::V11, Agent::Planner, "DECISION_RFC_CREATED", f).is_empty());
        assert_eq!(
            violations(Edition::V12_7, Agent::Planner, "DECISION_RFC_CREATED", f),
            ["ALTERNATIVES"]
        );
        let mut g = f.clone();
        g.insert("ALTERNATIVES".into(), json!(["a", "b"]));
        assert!(violations(Edition::V12_7, Agent::Planner, "DECISION_RFC_CREATED", &g).is_empty());
    }

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn w2_12_10_any_nonzero_red_exit_is_a_red() {
        let e = Edition::V12_10;
        for (exit, ok) in [
            (json!(1), true),
            (json!(101), true),
            (json!(-1), true),
            (json!(0), false),
            (json!("1"), false),
        ] {
            let f = obj(json!({"TDD_RED_EXIT": exit, "VERIFICATION_RIGOR": "standard"}));
            let v = violations(e, Agent::BugInvestigator, "FIXED", &f);
            assert_eq!(!v.contains(&"TDD_RED_EXIT"), ok, "{f:?}");
        }
        let f = obj(json!({"TDD_RED_EXIT": 101}));
        assert!(
            violations(Edition::V12_7, Agent::ComponentBuilder, "PASS", &f)
                .contains(&"TDD_RED_EXIT")
        );
    }

    #[test]
    fn w2_12_10_a_remfix_that_applied_a_finding_needs_covering_test_proof() {
        let remfix = TaskContext {
            kind: Some(Kind::Remfix),
            dispatched_findings: Some(2),
        };
        let proof = ["COVERING_TESTS", "TEST_COMMAND", "TEST_OUTPUT"];
        let f = obj(json!({"TDD_RED_EXIT": 1}));
        let v = violations_in(
            Edition::V12_10,
            Agent::ComponentBuilder,
            "PASS",
            &f,
            &remfix,
        );
        assert!(proof.iter().all(|p| v.contains(p)), "{v:?}");
        // Not a remfix, or an edition without the rule: no proof needed.
        let v = violations_in(
            Edition::V12_10,
            Agent::ComponentBuilder,
            "PASS",
            &f,
            &TaskContext::default(),
        );
        assert!(!proof.iter().any(|p| v.contains(p)));
        let v = violations_in(Edition::V12_7, Agent::BugInvestigator, "FIXED", &f, &remfix);
        assert!(!proof.iter().any(|p| v.contains(p)));
        let with = obj(
            json!({"TDD_RED_EXIT": 1, "COVERING_TESTS": ["t"], "TEST_COMMAND": "cargo test",
                              "TEST_OUTPUT": "ok"}),
        );
        let v = violations_in(
            Edition::V12_10,
            Agent::BugInvestigator,
            "FIXED",
            &with,
            &remfix,
        );
        assert!(!proof.iter().any(|p| v.contains(p)), "{v:?}");
    }

    #[test]
    fn w2_12_10_the_dispute_only_return_has_its_own_conditions() {
        let ctx = TaskContext {
            kind: Some(Kind::Remfix),
            dispatched_findings: Some(2),
        };
        let scenario = |n: &str| json!({"name": n, "command": "c", "expected": "e", "actual": "a", "exit_code": 0});
        let f = obj(json!({
            "FINDING_DISPUTED": ["finding 1 is wrong", "finding 2 is wrong"],
            "TDD_RED_EXIT": null, "TDD_GREEN_EXIT": null,
            "PHASE_STATUS": "partial", "PROOF_STATUS": "gaps_found", "PHASE_EXIT_READY": false,
            "BLOCKED_ITEMS": [], "SCENARIOS": [scenario("a"), scenario("b")]
        }));
        assert!(
            violations_in(Edition::V12_10, Agent::ComponentBuilder, "PASS", &f, &ctx).is_empty()
        );
        // One scenario short, or the phase claimed complete: not a valid dispute-only return.
        let mut g = f.clone();
        g.insert("SCENARIOS".into(), json!([scenario("a")]));
        g.insert("PHASE_STATUS".into(), json!("completed"));
        assert_eq!(
            violations_in(Edition::V12_10, Agent::ComponentBuilder, "PASS", &g, &ctx),
            ["PHASE_STATUS", "SCENARIOS"]
        );
        // Fewer disputes than dispatched findings, or repeated ones: a normal PASS, proof needed.
        for disputed in [json!(["finding 1 is wrong"]), json!(["x", "x"])] {
            let mut h = f.clone();
            h.insert("FINDING_DISPUTED".into(), disputed);
            let v = violations_in(Edition::V12_10, Agent::ComponentBuilder, "PASS", &h, &ctx);
            assert!(
                v.contains(&"COVERING_TESTS") && v.contains(&"TDD_RED_EXIT"),
                "{v:?}"
            );
        }
        // The investigator needs a Regression: scenario per dispute.
        let inv = obj(json!({
            "FINDING_DISPUTED": ["a", "b"], "TDD_RED_EXIT": null, "TDD_GREEN_EXIT": null,
            "VERIFICATION_RIGOR": "standard",
            "SCENARIOS": [scenario("Regression: a"), scenario("b")]
        }));
        assert_eq!(
            violations_in(Edition::V12_10, Agent::BugInvestigator, "FIXED", &inv, &ctx),
            ["REGRESSION_SCENARIO"]
        );
    }

    #[test]
    fn w1_12_10_the_harness_builders_fields_follow_its_mode() {
        let e = Edition::V12_10;
        let harness = required_fields_for(e, Agent::QaHarnessBuilder, &Map::new());
        assert!(harness.contains(&"HARNESS_MANIFEST") && !harness.contains(&"CHECKS"));
        let pre = required_fields_for(
            e,
            Agent::QaHarnessBuilder,
            &obj(json!({"MODE": "preflight"})),
        );
        assert!(pre.contains(&"CURRENCY_GATE") && !pre.contains(&"HARNESS_MANIFEST"));
        assert_eq!(
            required_fields_for(e, Agent::QaHarnessBuilder, &obj(json!({"MODE": "other"}))),
            harness
        );
        assert!(required_fields(e, Agent::Planner).contains(&"PLAN_REVISION"));
        assert!(!required_fields(Edition::V12_7, Agent::Planner).contains(&"PLAN_REVISION"));
    }

    #[test]
    fn w2_12_10_qa_harness_and_executor_pass_conditions() {
        let e = Edition::V12_10;
        let harness = obj(json!({
            "MODE": "harness", "PRODUCT_CODE_TOUCHED": false, "SCENARIOS_PLANNED": 3,
            "SCENARIOS_IMPLEMENTED": 3, "RERUN_CLEAN": true, "TEARDOWN_VERIFIED": true,
            "BLOCKED_ITEMS": [], "ARTIFACTS_CREATED": ["up.sh"], "HARNESS_MANIFEST": {"name": "h"},
            "MUTATION_CHECKS": [{"outcome": "assertion_falsified", "failing_assertion": "total == 3"}]
        }));
        assert!(violations(e, Agent::QaHarnessBuilder, "PASS", &harness).is_empty());
        let mut survived = harness.clone();
        survived.insert(
            "MUTATION_CHECKS".into(),
            json!([{"outcome": "assertion_falsified", "failing_assertion": "a"}, {"outcome": "survived"}]),
        );
        assert_eq!(
            violations(e, Agent::QaHarnessBuilder, "PASS", &survived),
            ["MUTATION_CHECKS"]
        );
        let mut touched = harness.clone();
        touched.insert("PRODUCT_CODE_TOUCHED".into(), json!(true));
        assert_eq!(
            violations(e, Agent::QaHarnessBuilder, "PASS", &touched),
            ["PRODUCT_CODE_TOUCHED"]
        );
        let preflight = obj(json!({
            "MODE": "preflight", "PRODUCT_CODE_TOUCHED": false, "SERVICES_PROVISIONED": ["db"],
            "BLOCKED_ITEMS": [], "HUMAN_PREREQUISITES": [], "CURRENCY_GATE": [],
            "CHECKS": [{"result": "pass"}, {"result": "fail"}]
        }));
        assert_eq!(
            violations(e, Agent::QaHarnessBuilder, "PASS", &preflight),
            ["SERVICES_PROVISIONED", "CHECKS"]
        );
        let exec = obj(json!({
            "SCENARIOS_TOTAL": 2, "SCENARIOS_PASSED": 2, "SCENARIOS_FAILED": 0, "SCENARIOS_BLOCKED": 0,
            "TEARDOWN_STATUS": "clean", "ENV_READY": true, "EVIDENCE": [{}, {}],
            "TEST_CODE_TOUCHED": false, "PRODUCT_CODE_TOUCHED": false
        }));
        assert!(violations(e, Agent::QaExecutor, "PASS", &exec).is_empty());
        let mut short = exec.clone();
        short.insert("EVIDENCE".into(), json!([{}]));
        short.insert("TEARDOWN_STATUS".into(), json!("leaked"));
        assert_eq!(
            violations(e, Agent::QaExecutor, "PASS", &short),
            ["TEARDOWN_STATUS", "EVIDENCE"]
        );
        // A FAIL claims no pass: no conditions apply.
        assert!(violations(e, Agent::QaExecutor, "FAIL", &short).is_empty());
    }
}
