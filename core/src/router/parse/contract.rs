//! Write-agent YAML contracts (router.md; repo): locating the last
//! `yaml` block under a Router Contract heading, the per-agent required fields, STATUS values and
//! the pass conditions applied verbatim. Re-running verification on a failure is the caller's.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::yaml::{core_schema, Limits};

use crate::router::parse::markdown::Markdown;
use crate::router::parse::readonly::check_size;
use crate::router::parse::status::{is_status, polarity, Polarity};
use crate::router::vocabulary::{Agent, AgentClass};

/// The contract heading every write agent emits.
pub const CONTRACT_HEADING: &str = "Router Contract (MACHINE-READABLE)";
/// The heading the researchers' agent files emit (accepted for researchers only).
pub const RESEARCHER_HEADING: &str = "Router Contract (REQUIRED)";

/// Required contract fields per write agent, in the table order.
pub static REQUIRED_FIELDS: &[(Agent, &[&str])] = &[
    (
        Agent::ComponentBuilder,
        &[
            "STATUS",
            "CONFIDENCE",
            "PHASE_ID",
            "PHASE_STATUS",
            "PHASE_EXIT_READY",
            "CHECKPOINT_TYPE",
            "PROOF_STATUS",
            "INPUTS",
            "EXPECTED_ARTIFACTS",
            "TDD_RED_EXIT",
            "TDD_GREEN_EXIT",
            "SCENARIOS",
            "ASSUMPTIONS",
            "DECISIONS",
            "BLOCKED_ITEMS",
            "SKIPPED_ITEMS",
            "SCOPE_INCREASES",
            "BLOCKING",
            "NEXT_ACTION",
            "REMEDIATION_NEEDED",
            "REQUIRES_REMEDIATION",
            "REMEDIATION_REASON",
            "MEMORY_NOTES",
        ],
    ),
    (
        Agent::BugInvestigator,
        &[
            "STATUS",
            "VERIFICATION_RIGOR",
            "CONFIDENCE",
            "ROOT_CAUSE",
            "TDD_RED_EXIT",
            "TDD_GREEN_EXIT",
            "VARIANTS_COVERED",
            "BLAST_RADIUS_SCAN",
            "SCENARIOS",
            "ASSUMPTIONS",
            "DECISIONS",
            "BLOCKING",
            "NEXT_ACTION",
            "REMEDIATION_NEEDED",
            "REQUIRES_REMEDIATION",
            "REMEDIATION_REASON",
            "NEEDS_EXTERNAL_RESEARCH",
            "RESEARCH_REASON",
            "MEMORY_NOTES",
        ],
    ),
    (
        Agent::Planner,
        &[
            "STATUS",
            "PLAN_MODE",
            "VERIFICATION_RIGOR",
            "CONFIDENCE",
            "PLAN_FILE",
            "PHASES",
            "RISKS_IDENTIFIED",
            "SCENARIOS",
            "ASSUMPTIONS",
            "DECISIONS",
            "OPEN_DECISIONS",
            "DIFFERENCES_FROM_AGREEMENT",
            "RECOMMENDED_DEFAULTS",
            "ALTERNATIVES",
            "DRAWBACKS",
            "PROVABLE_PROPERTIES",
            "BLOCKING",
            "NEXT_ACTION",
            "REMEDIATION_NEEDED",
            "REQUIRES_REMEDIATION",
            "REMEDIATION_REASON",
            "GATE_PASSED",
            "USER_INPUT_NEEDED",
            "MEMORY_NOTES",
        ],
    ),
    (
        Agent::WebResearcher,
        &[
            "STATUS",
            "FILE_PATH",
            "BACKEND_MODE",
            "SOURCES_ATTEMPTED",
            "SOURCES_USED",
            "QUALITY_LEVEL",
            "KEY_FINDINGS_COUNT",
            "WHAT_CHANGED_RECOMMENDATION",
            "MEMORY_NOTES",
        ],
    ),
    (
        Agent::GithubResearcher,
        &[
            "STATUS",
            "FILE_PATH",
            "BACKEND_MODE",
            "SOURCES_ATTEMPTED",
            "SOURCES_USED",
            "QUALITY_LEVEL",
            "IMPLEMENTATIONS_FOUND",
            "WHAT_CHANGED_RECOMMENDATION",
            "MEMORY_NOTES",
        ],
    ),
    (
        Agent::DocSyncer,
        &[
            "STATUS",
            "IMPACT_LEVEL",
            "DOC_LAYERS_EVALUATED",
            "DOC_FILES_UPDATED",
            "DOC_FILES_SKIPPED",
            "SKIP_REASON",
            "AUDIT_DOCS_CREATED",
            "AUDIT_DOCS_UPDATED",
            "MEMORY_NOTES",
        ],
    ),
];

/// The required fields of a write agent.
pub fn required_fields(agent: Agent) -> &'static [&'static str] {
    REQUIRED_FIELDS
        .iter()
        .find(|(a, _)| *a == agent)
        .map_or(&[], |(_, f)| *f)
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

const RIGOR: [&str; 2] = ["standard", "critical_path"];
const PLAN_MODES: [&str; 3] = ["direct", "execution_plan", "decision_rfc"];

/// The pass conditions (step 5) that fail for this agent and status, in order.
pub fn violations(agent: Agent, status: &str, f: &Map<String, Value>) -> Vec<&'static str> {
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
            check("TDD_GREEN_EXIT", int_eq(g("TDD_GREEN_EXIT"), 0));
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
                check("ALTERNATIVES", non_empty_list(g("ALTERNATIVES")));
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

fn contract_block(agent: Agent, md: &Markdown<'_>) -> Result<String> {
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
            matches!(f.info.as_str(), "yaml" | "yml")
                && sections.iter().any(|s| s.contains(&f.open))
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
    match core_schema::parse_json(text, &Limits::UNTRUSTED) {
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

/// Parses a write agent's output.
pub fn parse(agent: Agent, output: &str) -> Result<WriteContract> {
    if agent.class() != AgentClass::Write {
        return Err(Error::new(
            ErrorKind::UnknownAgent,
            format!("{agent} is not a write agent; use router.parse_readonly_output"),
        )
        .with_field("agent"));
    }
    check_size(output)?;
    let md = Markdown::parse(output);
    let block = contract_block(agent, &md)?;
    let fields = yaml_mapping(&block, "Router Contract")?;
    if let Some(missing) = required_fields(agent)
        .iter()
        .find(|k| !fields.contains_key(**k))
    {
        return Err(Error::new(
            ErrorKind::MissingField,
            format!("the Router Contract has no `{missing}` field"),
        )
        .with_field(*missing));
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
        let v = violations(agent, &status, &fields);
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
        let counts: Vec<_> = REQUIRED_FIELDS
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
        assert!(required_fields(Agent::GithubResearcher).contains(&"IMPLEMENTATIONS_FOUND"));
        assert!(required_fields(Agent::WebResearcher).contains(&"KEY_FINDINGS_COUNT"));
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
        assert!(violations(Agent::BugInvestigator, "FIXED", f).is_empty());
        let mut g = f.clone();
        g.insert("VARIANTS_NOT_APPLICABLE".into(), json!(""));
        assert_eq!(
            violations(Agent::BugInvestigator, "FIXED", &g),
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
}
