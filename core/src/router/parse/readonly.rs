//! Read-only agent outputs (router.md): too-short gate, envelope and heading
//! verdicts, Critical Issues, structured intent fields, verifier scenario accounting, contract
//! overrides, fallback-verification checks, Memory Notes and SELF_REMEDIATED. Advancing the
//! workflow on the result is the caller's.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind, Result};

use crate::protocol::codec::yaml::Limits;
use crate::router::edition::Edition;
use crate::router::parse::envelope::{self, EnvelopeError};
use crate::router::parse::flat_yaml;
use crate::router::parse::markdown::Markdown;
use crate::router::parse::scenarios::{self, Scenarios};
use crate::router::parse::status;
use crate::router::parse::status::readonly_pair;
use crate::router::parse::text::{is_digits, trim_sp, trim_ws};
use crate::router::vocabulary::{Agent, AgentClass};
use crate::router::MAX_OUTPUT_BYTES;

/// Per-agent facts of the read-only table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadOnlySpec {
    /// The agent.
    pub agent: Agent,
    /// The heading label (`## {label}: {verdict}`).
    pub label: &'static str,
    /// The envelope count key.
    pub count_key: &'static str,
}

/// The read-only agent table, then the `12.7.0` read-only agents (rows A2,
/// R3; the architecture-scanner's heading label is a fourx choice, its envelope is what HEAD
/// documents). plan-gap-reviewer's count key is the edition's ([`spec`]).
pub static READONLY_AGENTS: [ReadOnlySpec; 8] = [
    ReadOnlySpec {
        agent: Agent::CodeReviewer,
        label: "Review",
        count_key: "cr",
    },
    ReadOnlySpec {
        agent: Agent::SilentFailureHunter,
        label: "Error Handling Audit",
        count_key: "cr",
    },
    ReadOnlySpec {
        agent: Agent::IntegrationVerifier,
        label: "Verification",
        count_key: "cr",
    },
    ReadOnlySpec {
        agent: Agent::PlanGapReviewer,
        label: "Planning Review",
        count_key: "bf",
    },
    ReadOnlySpec {
        agent: Agent::FailureHunter,
        label: "Error Handling Audit",
        count_key: "cr",
    },
    ReadOnlySpec {
        agent: Agent::TriageAgent,
        label: "Triage",
        count_key: "cr",
    },
    ReadOnlySpec {
        agent: Agent::ArchitectureScanner,
        label: "Codebase Health",
        count_key: "cr",
    },
    ReadOnlySpec {
        agent: Agent::QaResearcher,
        label: "QA Research",
        count_key: "cr",
    },
];

/// Minimum output length in characters after trimming (silent-failure-hunter quality gate).
pub const MIN_CHARS: usize = 200;

/// The structured intent keys, in output order.
pub const INTENT_KEYS: [&str; 8] = [
    "REMEDIATION_NEEDED",
    "REMEDIATION_REASON",
    "REMEDIATION_SCOPE_REQUESTED",
    "REVERT_RECOMMENDED",
    "PLANNING_REVIEW_STATUS",
    "BLOCKING_FINDINGS_COUNT",
    "REPLAN_NEEDED",
    "REPLAN_REASON",
];

/// Every key the read-only parsers read from `KEY:` lines: the intent keys, the hunters' scope
/// line and the verifier's counts. The one markdown scan records their last lines (any other key
/// would be searched backward: the answer is the same, only slower).
const LINE_KEYS: [&str; 13] = {
    const MORE: [&str; 5] = [
        "Total handlers audited",
        "SCENARIOS_TOTAL",
        "SCENARIOS_PASSED",
        "SCENARIOS_FAILED",
        "SCENARIOS_BLOCKED",
    ];
    let mut out = [""; 13];
    let mut i = 0;
    while i < INTENT_KEYS.len() {
        out[i] = INTENT_KEYS[i];
        i += 1;
    }
    while i < out.len() {
        out[i] = MORE[i - INTENT_KEYS.len()];
        i += 1;
    }
    out
};

/// The title of the Memory Notes section.
pub const MEMORY_NOTES_TITLE: &str = "Memory Notes (For Workflow-Final Persistence)";

/// Where the verdict came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The line-1 envelope.
    Envelope,
    /// The heading fallback.
    Heading,
    /// The contract YAML block's `STATUS` (row R6, `12.10.0`: the YAML block decides).
    Yaml,
}

/// The verifier's adjudication of disputed REM-FIX findings (row R7, `12.10.0`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Adjudication {
    /// 1-based positions of the dispatched `FINDING_DISPUTED` list the verifier upheld.
    pub upheld: Vec<u64>,
    /// Positions it rejected.
    pub rejected: Vec<u64>,
    /// Every position 1..=disputes appears exactly once across the two lists, and nothing else
    /// does; when false every dispute stays unadjudicated (fail closed).
    pub valid: bool,
}

/// Checks `DISPUTE_UPHELD` / `DISPUTE_REJECTED` against the number of disputes the dispatch
/// carried: every position exactly once, no other entry (an omitted, doubled, out-of-range or
/// non-integer entry invalidates the whole return).
pub fn adjudicate(yaml: Option<&Map<String, Value>>, disputes: u64) -> Adjudication {
    let list = |k: &str| -> Option<Vec<u64>> {
        match yaml.and_then(|m| m.get(k)) {
            None | Some(Value::Null) => Some(Vec::new()),
            Some(Value::Array(a)) => a.iter().map(Value::as_u64).collect(),
            Some(_) => None,
        }
    };
    let (up, rej) = (list("DISPUTE_UPHELD"), list("DISPUTE_REJECTED"));
    let valid = match (&up, &rej) {
        (Some(u), Some(r)) => {
            let mut all: Vec<u64> = u.iter().chain(r.iter()).copied().collect();
            all.sort_unstable();
            all.len() as u64 == disputes && all.iter().enumerate().all(|(i, &p)| p == i as u64 + 1)
        }
        _ => false,
    };
    Adjudication {
        upheld: up.unwrap_or_default(),
        rejected: rej.unwrap_or_default(),
        valid,
    }
}

/// A task's state, for SELF_REMEDIATED.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskState {
    /// `pending|in_progress|completed|deleted`.
    pub status: String,
    /// Its blockers.
    pub blocked_by: Vec<Value>,
}

/// The task statuses accepted in `task.status`.
pub const TASK_STATUSES: [&str; 4] = ["pending", "in_progress", "completed", "deleted"];

/// The parsed, reconciled read-only output.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReadOnlyResult {
    /// `cc10x:` + agent.
    pub agent: String,
    /// Envelope or heading.
    pub source: Source,
    /// Why the envelope was not used, if it was not.
    pub envelope_error: Option<EnvelopeError>,
    /// The heading's status, if a heading matched.
    pub heading_status: Option<&'static str>,
    /// The status the agent reported.
    pub reported_status: String,
    /// The effective status after overrides.
    pub status: String,
    /// Whether the result blocks.
    pub blocking: bool,
    /// Critical Issues bullets.
    pub critical_issues: Vec<String>,
    /// Critical issue count.
    pub critical_count: u64,
    /// The eight intent fields (null when absent).
    pub intent: Map<String, Value>,
    /// Overrides and findings, in order.
    pub checks: Vec<&'static str>,
    /// What to add to the output so that each step-9 finding goes away, one entry per finding
    /// in `checks` order; absent when there is none.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub advice: Vec<Advice>,
    /// At least one step-9 finding.
    pub needs_inline_verification: bool,
    /// Pass status and no inline verification needed.
    pub passes: bool,
    /// Memory Notes entries (null without the section).
    pub memory_notes: Option<Map<String, Value>>,
    /// SELF_REMEDIATED from the task state (null without a task).
    pub self_remediated: Option<bool>,
    /// `intent`, `task_state` or null.
    pub remediation_source: Option<&'static str>,
    /// Blocking findings (plan-gap-reviewer only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocking_findings: Option<u64>,
    /// Scenario accounting (integration-verifier only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenarios: Option<Scenarios>,
    /// The dispute adjudication (integration-verifier at `12.10.0`, when the dispatch carried
    /// disputes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub adjudication: Option<Adjudication>,
}

/// What an agent's output must gain for a fallback-verification finding to go away: the check
/// id, the things to add (field names where the check is about fields), and a sentence saying so.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Advice {
    /// The step-9 check id (`rubber_stamp`, `unstated_scope`, `pass_fields_missing`,
    /// `replan_reason_missing`).
    pub check: &'static str,
    /// What to add: the missing field names, or the evidence that would do.
    pub add: Vec<String>,
    /// One sentence a user (or the agent on a re-run) can act on.
    pub message: String,
}

/// The plan-gap-reviewer PASS fields the `pass_fields_missing` check wants, with a value that
/// satisfies it.
const PASS_FIELDS: &[(&str, &str)] =
    &[("BLOCKING_FINDINGS_COUNT", "0"), ("REPLAN_NEEDED", "false")];

/// The advice for the `pass_fields_missing` check: every PASS field the output lacks.
fn pass_fields_advice(intent: &Map<String, Value>, yaml: bool) -> Advice {
    let absent: Vec<&(&str, &str)> = PASS_FIELDS
        .iter()
        .filter(|(k, _)| intent.get(*k).is_none_or(Value::is_null))
        .collect();
    let lines: Vec<String> = absent.iter().map(|(k, v)| format!("`{k}: {v}`")).collect();
    let place = if yaml {
        "as lines or keys of the contract YAML block"
    } else {
        "as lines outside any code fence"
    };
    Advice {
        check: "pass_fields_missing",
        add: absent.iter().map(|(k, _)| (*k).to_string()).collect(),
        message: format!(
            "a plan-gap-reviewer PASS must state {} ({place}); add {}",
            PASS_FIELDS
                .iter()
                .map(|(k, _)| format!("`{k}`"))
                .collect::<Vec<_>>()
                .join(" and "),
            lines.join(" and ")
        ),
    }
}

/// The advice for the `rubber_stamp` check: the evidence an APPROVE needs.
fn rubber_stamp_advice(cited: usize) -> Advice {
    Advice {
        check: "rubber_stamp",
        add: vec![
            "### Findings".to_string(),
            format!("{} file:line citations", 3 - cited.min(3)),
        ],
        message: format!(
            "an APPROVE with no Critical Issues must show the code was read: add bullets under a \
             `### Findings` section, or cite at least 3 distinct file:line locations \
             (e.g. `src/app.ts:42`; found {cited})"
        ),
    }
}

/// The advice for the `unstated_scope` check.
fn unstated_scope_advice(yaml: bool) -> Advice {
    let how = if yaml {
        "a `Total handlers audited: N` line or a `TOTAL_HANDLERS_AUDITED: N` key in the contract \
         YAML block"
    } else {
        "a `Total handlers audited: N` line"
    };
    Advice {
        check: "unstated_scope",
        add: vec!["TOTAL_HANDLERS_AUDITED".to_string()],
        message: format!("a CLEAN verdict must state its scope: add {how} with N > 0"),
    }
}

/// The advice for the `replan_reason_missing` check.
fn replan_reason_advice() -> Advice {
    Advice {
        check: "replan_reason_missing",
        add: vec!["REPLAN_REASON".to_string()],
        message: "FINDINGS with blocking findings must say why the plan needs revision: add \
                  `REPLAN_REASON: <one line>` (not empty, not None)"
            .to_string(),
    }
}

/// The spec row of a read-only agent under an edition (R1: plan-gap-reviewer counts with the
/// edition's key); `unknown_agent` for a write agent.
pub fn spec(edition: Edition, agent: Agent) -> Result<ReadOnlySpec> {
    READONLY_AGENTS
        .iter()
        .find(|s| s.agent == agent)
        .filter(|_| agent.class() == AgentClass::ReadOnly)
        .map(|s| ReadOnlySpec {
            count_key: if agent == Agent::PlanGapReviewer {
                edition.rules().plan_review_count_key
            } else {
                s.count_key
            },
            ..*s
        })
        .ok_or_else(|| {
            Error::new(
                ErrorKind::UnknownAgent,
                format!("{agent} is not a read-only agent; use router.parse_write_contract"),
            )
            .with_field("agent")
        })
}

/// Refuses output above the size limit (before any parsing).
pub(crate) fn check_size(output: &str) -> Result<()> {
    if output.len() > MAX_OUTPUT_BYTES {
        return Err(Error::new(
            ErrorKind::InputTooLarge,
            format!(
                "agent output is {} bytes; the limit is {MAX_OUTPUT_BYTES} bytes",
                output.len()
            ),
        )
        .with_field("output"));
    }
    Ok(())
}

fn invalid_intent(key: &str, value: &str, want: &str) -> Error {
    Error::new(
        ErrorKind::InvalidValue,
        format!("`{key}:` must be {want}, not {value:?}"),
    )
    .with_field(key)
}

/// The contract YAML block (R2, `12.7.0`): the first terminated `yaml`/`yml` fence outside any
/// level-3 `Evidence Array…` section that parses to a mapping.
fn contract_yaml(md: &Markdown<'_>) -> Option<Map<String, Value>> {
    let evidence: Vec<std::ops::Range<usize>> = md
        .headings
        .iter()
        .enumerate()
        .filter(|(_, h)| h.level == 3 && h.text.starts_with("Evidence Array"))
        .map(|(i, _)| md.section(i))
        .collect();
    md.fences
        .iter()
        .filter(|f| matches!(f.info(), "yaml" | "yml") && f.close.is_some())
        .filter(|f| !evidence.iter().any(|r| r.contains(&f.open)))
        .find_map(
            |f| match flat_yaml::parse_json(&md.fence_content(f), &Limits::UNTRUSTED) {
                Ok(Value::Object(m)) => Some(m),
                _ => None,
            },
        )
}

/// The `12.10.0` contract YAML block (row R6): the first terminated `yaml` fence following the
/// last `Router Contract (MACHINE-READABLE)` heading when the output has one and it parses to a
/// mapping; otherwise the `12.7.0` rule ([`contract_yaml`]).
fn contract_yaml_following(md: &Markdown<'_>) -> Option<Map<String, Value>> {
    let heading = md.headings.iter().rfind(|h| {
        (h.level == 2 || h.level == 3) && h.text == crate::router::parse::markdown::CONTRACT_HEADING
    });
    if let Some(h) = heading {
        let fence = md
            .fences
            .iter()
            .find(|f| matches!(f.info(), "yaml" | "yml") && f.open > h.line && f.close.is_some());
        if let Some(f) = fence {
            if let Ok(Value::Object(m)) =
                flat_yaml::parse_json(&md.fence_content(f), &Limits::UNTRUSTED)
            {
                return Some(m);
            }
        }
    }
    contract_yaml(md)
}

/// A YAML field of the contract block as the text a line field would carry, typed per R2;
/// `None` when absent or null.
fn yaml_field(yaml: Option<&Map<String, Value>>, key: &str) -> Result<Option<String>> {
    let Some(v) = yaml.and_then(|m| m.get(key)) else {
        return Ok(None);
    };
    let bad = |want: &str| invalid_intent(key, &v.to_string(), want);
    Ok(match (key, v) {
        (_, Value::Null) => None,
        ("REMEDIATION_NEEDED" | "REVERT_RECOMMENDED" | "REPLAN_NEEDED", Value::Bool(b)) => {
            Some(b.to_string())
        }
        ("REMEDIATION_NEEDED" | "REVERT_RECOMMENDED" | "REPLAN_NEEDED", _) => match v.as_str() {
            Some(s) if s.eq_ignore_ascii_case("true") || s.eq_ignore_ascii_case("false") => {
                Some(s.to_string())
            }
            _ => return Err(bad("a boolean")),
        },
        (k, Value::Number(n))
            if k == "BLOCKING_FINDINGS_COUNT"
                || k.starts_with("SCENARIOS_")
                || k == "TOTAL_HANDLERS_AUDITED" =>
        {
            Some(
                n.as_u64()
                    .ok_or_else(|| bad("a non-negative integer"))?
                    .to_string(),
            )
        }
        (k, Value::String(s))
            if k == "BLOCKING_FINDINGS_COUNT"
                || k.starts_with("SCENARIOS_")
                || k == "TOTAL_HANDLERS_AUDITED" =>
        {
            if !is_digits(s) {
                return Err(bad("a non-negative integer"));
            }
            Some(s.clone())
        }
        (k, _)
            if k == "BLOCKING_FINDINGS_COUNT"
                || k.starts_with("SCENARIOS_")
                || k == "TOTAL_HANDLERS_AUDITED" =>
        {
            return Err(bad("a non-negative integer"))
        }
        (_, Value::String(s)) => Some(s.clone()),
        _ => return Err(bad("a string")),
    })
}

/// Reads and validates the eight intent fields (step 6); a field of the contract YAML block
/// (R2) wins over a line field.
fn intent(md: &Markdown<'_>, yaml: Option<&Map<String, Value>>) -> Result<Map<String, Value>> {
    let mut out = Map::with_capacity(INTENT_KEYS.len());
    for key in INTENT_KEYS {
        let from_yaml = yaml_field(yaml, key)?;
        let value = match from_yaml.as_deref().or_else(|| md.last_key_value(key)) {
            None => Value::Null,
            Some(v) => match key {
                "REMEDIATION_NEEDED" | "REVERT_RECOMMENDED" | "REPLAN_NEEDED" => {
                    if v.eq_ignore_ascii_case("true") {
                        Value::Bool(true)
                    } else if v.eq_ignore_ascii_case("false") {
                        Value::Bool(false)
                    } else {
                        return Err(invalid_intent(key, v, "true or false"));
                    }
                }
                "REMEDIATION_SCOPE_REQUESTED" => {
                    if !matches!(v, "N/A" | "CRITICAL_ONLY" | "ALL_ISSUES") {
                        return Err(invalid_intent(key, v, "N/A, CRITICAL_ONLY or ALL_ISSUES"));
                    }
                    Value::String(v.to_string())
                }
                "PLANNING_REVIEW_STATUS" => {
                    if !matches!(v, "PASS" | "FINDINGS") {
                        return Err(invalid_intent(key, v, "PASS or FINDINGS"));
                    }
                    Value::String(v.to_string())
                }
                "BLOCKING_FINDINGS_COUNT" => {
                    if !is_digits(v) {
                        return Err(invalid_intent(key, v, "a number of ASCII digits"));
                    }
                    Value::from(v.parse::<u64>().unwrap_or(u64::MAX))
                }
                _ => Value::String(v.to_string()),
            },
        };
        out.insert(key.to_string(), value);
    }
    Ok(out)
}

/// Distinct `path.ext:line` citations, found by a linear scan equivalent to the
/// regex `[A-Za-z0-9_./\\-]+\.[A-Za-z0-9]+:[0-9]+`.
pub(crate) fn citations(text: &str) -> std::collections::HashSet<&str> {
    let b = text.as_bytes();
    let in_set =
        |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'/' | b'\\' | b'-');
    let mut out = std::collections::HashSet::new();
    let mut i = 0;
    while i < b.len() {
        if !in_set(b[i]) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < b.len() && in_set(b[j]) {
            j += 1;
        }
        let mut k = j + 1;
        while k < b.len() && b[k].is_ascii_digit() {
            k += 1;
        }
        let run = &b[i..j];
        let ok = j < b.len()
            && b[j] == b':'
            && k > j + 1
            && run.iter().rposition(|&c| c == b'.').is_some_and(|dot| {
                dot > 0
                    && dot + 1 < run.len()
                    && run[dot + 1..].iter().all(u8::is_ascii_alphanumeric)
            });
        if ok {
            out.insert(&text[i..k]);
            i = k;
        } else {
            i = j;
        }
    }
    out
}

/// Bullets of every level-3 section whose title starts with `prefix`.
fn section_bullets<'a>(md: &Markdown<'a>, prefix: &str) -> Vec<&'a str> {
    md.headings
        .iter()
        .enumerate()
        .filter(|(_, h)| h.level == 3 && h.text.starts_with(prefix))
        .flat_map(|(i, _)| md.bullets(md.section(i)))
        .collect()
}

/// Whether any level-3 section whose title starts with `prefix` has a bullet.
fn has_section_bullets(md: &Markdown<'_>, prefix: &str) -> bool {
    md.headings
        .iter()
        .enumerate()
        .filter(|(_, h)| h.level == 3 && h.text.starts_with(prefix))
        .any(|(i, _)| md.has_bullet(md.section(i)))
}

/// `**Label:** text` bullets of the last Memory Notes section (step 11).
pub(crate) fn memory_notes(md: &Markdown<'_>) -> Option<Map<String, Value>> {
    let h = md
        .headings
        .iter()
        .rposition(|h| h.level == 3 && h.text == MEMORY_NOTES_TITLE)?;
    let bullets = md.bullets(md.section(h));
    let mut out = Map::with_capacity(bullets.len());
    for b in bullets {
        let Some(rest) = b.strip_prefix("**") else {
            continue;
        };
        let Some(end) = rest.find(":**") else {
            continue;
        };
        let label = rest[..end].to_ascii_lowercase();
        let text = trim_sp(&rest[end + 3..]);
        out.insert(label, Value::String(text.to_string()));
    }
    Some(out)
}

/// Fewer than [`MIN_CHARS`] characters; decided by the byte length alone when it can be (a
/// character is one to four bytes).
fn too_short(text: &str) -> bool {
    if text.len() < MIN_CHARS {
        return true;
    }
    if text.len() >= 4 * MIN_CHARS {
        return false;
    }
    text.chars().count() < MIN_CHARS
}

/// Parses a read-only agent's output under an edition (rows R1–R4 of
/// router-workflow.md).
pub fn parse(
    edition: Edition,
    agent: Agent,
    output: &str,
    task: Option<&TaskState>,
) -> Result<ReadOnlyResult> {
    parse_in(edition, agent, output, task, None)
}

/// [`parse`] with the number of disputed findings the verifier's dispatch carried (row R7,
/// `12.10.0`; ignored by other editions and agents).
pub fn parse_in(
    edition: Edition,
    agent: Agent,
    output: &str,
    task: Option<&TaskState>,
    disputes: Option<u64>,
) -> Result<ReadOnlyResult> {
    let spec = spec(edition, agent)?;
    check_size(output)?;
    if too_short(trim_ws(output)) {
        return Err(Error::new(
            ErrorKind::TooShort,
            format!("output is shorter than {MIN_CHARS} characters; verify inline"),
        )
        .with_field("output"));
    }
    let (pass, fail) = readonly_pair(agent);
    let statuses: Vec<&str> = status::statuses(agent).iter().map(|(s, _)| *s).collect();
    let passing = |s: &str| status::polarity(agent, s) == Some(status::Polarity::Pass);
    let md = Markdown::parse_tracking(output, &LINE_KEYS);
    let first = md.lines.first().copied().unwrap_or("");
    let env = envelope::parse(first, &statuses, spec.count_key);
    let head_lines = &md.lines[..md.lines.len().min(5)];
    let heading_status = envelope::heading_status(head_lines, spec.label, &statuses);
    let rules = edition.rules();
    let yaml = if rules.yaml_follows_heading {
        contract_yaml_following(&md)
    } else if rules.contract_yaml {
        contract_yaml(&md)
    } else {
        None
    };
    // R6 (12.10.0): the YAML block's STATUS decides when present.
    let yaml_status = match yaml.as_ref().and_then(|m| m.get("STATUS")) {
        Some(v) if rules.yaml_decides_status && !v.is_null() => {
            match v.as_str().filter(|s| statuses.contains(s)) {
                Some(s) => Some(s.to_string()),
                None => {
                    return Err(Error::new(
                        ErrorKind::InvalidValue,
                        format!("the contract YAML STATUS {v} is not a status of {agent}"),
                    )
                    .with_field("STATUS"))
                }
            }
        }
        _ => None,
    };
    let (source, reported) = match (&env, heading_status, yaml_status) {
        (_, _, Some(y)) => (Source::Yaml, y),
        (Ok(e), _, None) => (Source::Envelope, e.status.clone()),
        (Err(_), Some(h), None) => (Source::Heading, h.to_string()),
        (Err(_), None, None) => {
            return Err(Error::new(
                ErrorKind::MissingContract,
                format!(
                    "no CONTRACT envelope on line 1 and no `## {}: <verdict>` heading in lines 1-5",
                    spec.label
                ),
            ))
        }
    };
    let (env_b, env_count) = env.as_ref().map_or((false, 0), |e| (e.blocking, e.count));

    let critical_issues: Vec<String> = section_bullets(&md, "Critical Issues")
        .into_iter()
        .map(str::to_string)
        .collect();
    let bullets = critical_issues.len() as u64;
    let intent = intent(&md, yaml.as_ref())?;
    let is_pgr = agent == Agent::PlanGapReviewer;
    let is_verifier = agent == Agent::IntegrationVerifier;
    let (critical_count, blocking_findings) = if is_pgr {
        let bfc = intent["BLOCKING_FINDINGS_COUNT"].as_u64().unwrap_or(0);
        (bullets, Some(env_count.max(bfc)))
    } else {
        (bullets.max(env_count), None)
    };
    let scenarios = if is_verifier {
        let from_yaml = |k: &str| yaml_field(yaml.as_ref(), k);
        Some(scenarios::account(
            &md,
            &from_yaml,
            edition.rules().scenarios_blocked,
        )?)
    } else {
        None
    };

    // Step 8: overrides, each on the status left by the one before.
    let mut status = reported.clone();
    let mut checks: Vec<&'static str> = Vec::new();
    // R4: the critical override is gone for 12.7.0's failure-hunter; triage-agent and
    // architecture-scanner have no override rules.
    let critical_rule = matches!(
        agent,
        Agent::CodeReviewer | Agent::SilentFailureHunter | Agent::IntegrationVerifier
    );
    if critical_rule && status == pass && critical_count > 0 {
        status = fail.to_string();
        checks.push("critical_override");
    }
    if is_verifier && status == pass && scenarios.as_ref().is_some_and(|s| s.failed > 0) {
        status = fail.to_string();
        checks.push("failed_scenarios_override");
    }
    let replan = intent["REPLAN_NEEDED"] == Value::Bool(true);
    if is_pgr && status == pass && (blocking_findings.unwrap_or(0) > 0 || replan) {
        status = fail.to_string();
        checks.push("blocking_findings_override");
    }

    // Step 9: fallback-verification checks, each with what would clear it.
    let mut findings = 0;
    let mut advice = Vec::new();
    let yaml_fields = edition.rules().contract_yaml;
    match agent {
        Agent::CodeReviewer
            if status == pass
                && critical_issues.is_empty()
                && !has_section_bullets(&md, "Findings")
                && citations(output).len() < 3 =>
        {
            checks.push("rubber_stamp");
            advice.push(rubber_stamp_advice(citations(output).len()));
            findings += 1;
        }
        Agent::SilentFailureHunter | Agent::FailureHunter if status == pass => {
            let from_yaml = yaml_field(yaml.as_ref(), "TOTAL_HANDLERS_AUDITED")?;
            let stated = from_yaml
                .as_deref()
                .or_else(|| md.last_key_value("Total handlers audited"))
                .is_some_and(|v| is_digits(v) && !v.bytes().all(|b| b == b'0'));
            if !stated {
                checks.push("unstated_scope");
                advice.push(unstated_scope_advice(yaml_fields));
                findings += 1;
            }
        }
        Agent::PlanGapReviewer
            if status == pass
                && (intent["BLOCKING_FINDINGS_COUNT"].is_null()
                    || intent["REPLAN_NEEDED"].is_null()) =>
        {
            checks.push("pass_fields_missing");
            advice.push(pass_fields_advice(&intent, yaml_fields));
            findings += 1;
        }
        Agent::PlanGapReviewer if status == fail && blocking_findings.unwrap_or(0) > 0 => {
            let reason = intent["REPLAN_REASON"].as_str().unwrap_or("");
            if reason.is_empty() || reason.eq_ignore_ascii_case("none") {
                checks.push("replan_reason_missing");
                advice.push(replan_reason_advice());
                findings += 1;
            }
        }
        _ => {}
    }
    let adjudication = match disputes {
        Some(n) if is_verifier && rules.dispute_adjudication && n > 0 => {
            let a = adjudicate(yaml.as_ref(), n);
            if !a.valid {
                checks.push("disputes_unadjudicated");
                findings += 1;
            }
            Some(a)
        }
        _ => None,
    };
    let needs_inline_verification = findings > 0;

    let blocking = if is_pgr {
        env_b || blocking_findings.unwrap_or(0) > 0
    } else {
        env_b || critical_count > 0 || (is_verifier && status == fail)
    };
    let passes = passing(&status) && !needs_inline_verification;
    let self_remediated = task.map(|t| t.status == "in_progress" && !t.blocked_by.is_empty());
    let remediation_source = if !intent["REMEDIATION_NEEDED"].is_null() {
        Some("intent")
    } else if self_remediated == Some(true) {
        Some("task_state")
    } else {
        None
    };
    Ok(ReadOnlyResult {
        agent: agent.qualified(),
        source,
        envelope_error: env.err(),
        heading_status,
        reported_status: reported,
        status,
        blocking,
        critical_issues,
        critical_count,
        intent,
        checks,
        advice,
        needs_inline_verification,
        passes,
        memory_notes: memory_notes(&md),
        self_remediated,
        remediation_source,
        blocking_findings,
        scenarios,
        adjudication,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn citations_follow_the_spec_regex() {
        let c = citations("see src/a.ts:41, src/a.ts:41 and lib\\b-c.rs:7; x.y_z:3 .ts:9 a.b:c");
        let mut v: Vec<_> = c.into_iter().collect();
        v.sort_unstable();
        assert_eq!(v, ["lib\\b-c.rs:7", "src/a.ts:41"]);
    }

    #[test]
    fn read_only_table_matches_router_spec_4_15() {
        let rows: Vec<_> = READONLY_AGENTS
            .iter()
            .map(|s| (s.agent.as_str(), s.label, s.count_key))
            .collect();
        assert_eq!(
            rows,
            [
                ("code-reviewer", "Review", "cr"),
                ("silent-failure-hunter", "Error Handling Audit", "cr"),
                ("integration-verifier", "Verification", "cr"),
                ("plan-gap-reviewer", "Planning Review", "bf"),
                ("failure-hunter", "Error Handling Audit", "cr"),
                ("triage-agent", "Triage", "cr"),
                ("architecture-scanner", "Codebase Health", "cr"),
                ("qa-researcher", "QA Research", "cr"),
            ]
        );
    }

    fn pad() -> String {
        "\nfiller line for length\n".repeat(12)
    }

    #[test]
    fn only_the_last_intent_occurrence_is_validated() {
        let out = format!(
            "## Planning Review: PASS\n- REPLAN_NEEDED: [true if …]\n- REPLAN_NEEDED: false\n- BLOCKING_FINDINGS_COUNT: 0\n{}",
            pad()
        );
        let r = parse(Edition::V11, Agent::PlanGapReviewer, &out, None).unwrap();
        assert_eq!(r.intent["REPLAN_NEEDED"], Value::Bool(false));
        assert!(r.passes);
        let out = format!(
            "## Planning Review: PASS\n- REPLAN_NEEDED: maybe\n{}",
            pad()
        );
        assert_eq!(
            parse(Edition::V11, Agent::PlanGapReviewer, &out, None)
                .unwrap_err()
                .kind,
            ErrorKind::InvalidValue
        );
    }

    #[test]
    fn plan_gap_findings_need_a_replan_reason() {
        let out = format!(
            "CONTRACT {{\"s\":\"FINDINGS\",\"b\":true,\"bf\":2}}\n## Planning Review: FINDINGS\nREPLAN_NEEDED: true\nREPLAN_REASON: None\nBLOCKING_FINDINGS_COUNT: 1\n{}",
            pad()
        );
        let r = parse(Edition::V11, Agent::PlanGapReviewer, &out, None).unwrap();
        assert_eq!(r.blocking_findings, Some(2));
        assert_eq!(r.checks, ["replan_reason_missing"]);
        assert!(r.needs_inline_verification && r.blocking && !r.passes);
    }

    #[test]
    fn pass_with_replan_needed_is_overridden_to_findings() {
        let out = format!(
            "## Planning Review: Pass\nREPLAN_NEEDED: TRUE\nBLOCKING_FINDINGS_COUNT: 0\nREPLAN_REASON: scope gap\n{}",
            pad()
        );
        let r = parse(Edition::V11, Agent::PlanGapReviewer, &out, None).unwrap();
        assert_eq!(
            (r.reported_status.as_str(), r.status.as_str()),
            ("PASS", "FINDINGS")
        );
        assert_eq!(r.checks, ["blocking_findings_override"]);
        assert!(!r.blocking, "no bf and no count: not blocking");
    }

    #[test]
    fn clean_hunter_needs_stated_non_zero_scope() {
        for (line, ok) in [
            ("Total handlers audited: 12", true),
            ("Total handlers audited: 00", false),
            ("", false),
        ] {
            let out = format!("## Error Handling Audit: CLEAN\n{line}\n{}", pad());
            let r = parse(Edition::V11, Agent::SilentFailureHunter, &out, None).unwrap();
            assert_eq!(r.passes, ok, "{line}");
        }
    }

    #[test]
    fn write_agents_are_unknown_here() {
        let e = parse(Edition::V11, Agent::Planner, "x", None).unwrap_err();
        assert_eq!(e.kind, ErrorKind::UnknownAgent);
    }

    #[test]
    fn oversize_output_is_refused_before_the_length_gate() {
        let big = "x".repeat(MAX_OUTPUT_BYTES + 1);
        assert_eq!(
            parse(Edition::V11, Agent::CodeReviewer, &big, None)
                .unwrap_err()
                .kind,
            ErrorKind::InputTooLarge
        );
        let short = "x".repeat(10);
        assert_eq!(
            parse(Edition::V11, Agent::CodeReviewer, &short, None)
                .unwrap_err()
                .kind,
            ErrorKind::TooShort
        );
    }

    /// A Memory Notes tail that lifts a short test output over the 200-character gate.
    const NOTES: &str = "\n### Memory Notes (For Workflow-Final Persistence)\n\
- **Learnings:** The settings page reads its defaults from the user profile service\n\
- **Patterns:** Feature flags are resolved once per request in the middleware layer\n";

    #[test]
    fn pass_fields_missing_says_which_pass_fields_to_add() {
        let out = "CONTRACT {\"s\":\"PASS\",\"b\":false,\"bf\":0}\n## Planning Review: Pass\n\n\
### Summary\n- The saved plan covers every acceptance criterion of the request.\n\
- REPLAN_NEEDED: false\n";
        let out = &format!("{out}{NOTES}");
        let r = parse(Edition::V11, Agent::PlanGapReviewer, out, None).unwrap();
        assert_eq!(r.checks, ["pass_fields_missing"]);
        assert_eq!(r.advice.len(), 1);
        assert_eq!(r.advice[0].check, "pass_fields_missing");
        assert_eq!(r.advice[0].add, ["BLOCKING_FINDINGS_COUNT"]);
        assert!(r.advice[0].message.contains("`BLOCKING_FINDINGS_COUNT: 0`"));
        let with_count = out.replace(
            "- REPLAN_NEEDED",
            "- BLOCKING_FINDINGS_COUNT: 0\n- REPLAN_NEEDED",
        );
        let r = parse(Edition::V11, Agent::PlanGapReviewer, &with_count, None).unwrap();
        assert!(r.checks.is_empty() && r.advice.is_empty() && r.passes);
    }

    #[test]
    fn rubber_stamp_says_what_evidence_an_approve_needs() {
        let out = "CONTRACT {\"s\":\"APPROVE\",\"b\":false,\"cr\":0}\n## Review: Approve\n\n\
### Summary\n- Looks fine to me, see src/a.ts:1 for the entry point.\n";
        let out = &format!("{out}{NOTES}");
        let r = parse(Edition::V11, Agent::CodeReviewer, out, None).unwrap();
        assert_eq!(r.checks, ["rubber_stamp"]);
        assert_eq!(r.advice[0].add, ["### Findings", "2 file:line citations"]);
        assert!(
            r.advice[0].message.contains("found 1"),
            "{}",
            r.advice[0].message
        );
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["advice"][0]["check"], "rubber_stamp");
    }

    #[test]
    fn a_result_without_findings_carries_no_advice_key() {
        let out = "CONTRACT {\"s\":\"APPROVE\",\"b\":false,\"cr\":0}\n## Review: Approve\n\n\
### Findings\n- src/a.ts:1 and src/b.ts:2 and src/c.ts:3 read in full\n";
        let out = &format!("{out}{NOTES}");
        let r = parse(Edition::V11, Agent::CodeReviewer, out, None).unwrap();
        assert!(r.checks.is_empty());
        assert!(serde_json::to_value(&r).unwrap().get("advice").is_none());
    }
}
