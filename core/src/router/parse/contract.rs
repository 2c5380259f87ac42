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
use crate::router::vocabulary::{Agent, AgentClass};

/// The contract heading every write agent emits.
pub const CONTRACT_HEADING: &str = "Router Contract (MACHINE-READABLE)";
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

/// Every required entry the block lacks (none of its alternatives present), in table order.
fn all_missing(edition: Edition, agent: Agent, fields: &Map<String, Value>) -> Vec<&'static str> {
    required_fields(edition, agent)
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
    let rules = edition.rules();
    let gate = |g: ContractGate| rules.contract_gates.contains(&g);
    let g = |k: &str| f.get(k);
    let mut out = Vec::new();
    let mut check = |id: &'static str, ok: bool| {
        if !ok {
            out.push(id);
        }
    };
    match (agent, status) {
        (Agent::ComponentBuilder, "PASS") => {
            check("TDD_RED_EXIT", int_eq(g("TDD_RED_EXIT"), 1));
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
        }
        (Agent::BugInvestigator, "FIXED") => {
            check(
                "VERIFICATION_RIGOR",
                str_in(g("VERIFICATION_RIGOR"), &RIGOR),
            );
            check("TDD_RED_EXIT", int_eq(g("TDD_RED_EXIT"), 1));
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
    let block = match locate::contract_block(titles, output) {
        Some(block) => block,
        None => Cow::Owned(contract_block(agent, &Markdown::parse(output))?),
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
        let v = violations(edition, agent, &status, &fields);
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
}
