//! Task metadata (router.md): the block of `key:value` lines that opens every
//! CC10X task description — its grammar, the per-kind required keys, value validation, the
//! canonical form and its formatter. What a task then does is the caller's business.

use serde_json::{json, Value};

use crate::error::{Error, ErrorKind, Result};

use crate::router::edition::Edition;
use crate::router::parse::text::{is_blank, lines, trim_sp, trim_sp_start};
use crate::router::route::workflow_id::{validate, WorkflowId};
use crate::router::vocabulary::{Kind, Origin, Phase, Scope};

/// The seven metadata keys in canonical order.
pub const KEYS: [&str; 7] = ["wf", "kind", "origin", "phase", "plan", "scope", "reason"];

/// A parsed task description.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskMetadata {
    /// `wf:` — the workflow id.
    pub wf: Option<WorkflowId>,
    /// `kind:`.
    pub kind: Option<Kind>,
    /// `origin:`.
    pub origin: Option<Origin>,
    /// `phase:`.
    pub phase: Option<Phase>,
    /// `plan:` — a path or `N/A`.
    pub plan: Option<String>,
    /// `scope:`.
    pub scope: Option<Scope>,
    /// `scope:` naming a research lane's source instead (`code`, `code:<repo>`), at an
    /// edition whose QA research lanes write `scope:{source}` (`12.10.0`); never set with
    /// [`TaskMetadata::scope`].
    pub scope_source: Option<String>,
    /// `reason:`.
    pub reason: Option<String>,
    /// The description after the block, leading blank lines dropped.
    pub body: String,
    /// The block is exactly the seven canonical `key:value` lines in order.
    pub canonical: bool,
}

impl TaskMetadata {
    /// The op's JSON shape.
    pub fn to_json(&self) -> Value {
        json!({
            "wf": self.wf.as_ref().map(WorkflowId::as_str),
            "kind": self.kind,
            "origin": self.origin,
            "phase": self.phase,
            "plan": self.plan,
            "scope": match (&self.scope, &self.scope_source) {
                (Some(scope), _) => Value::from(scope.as_str()),
                (None, Some(source)) => Value::from(source.as_str()),
                (None, None) => Value::Null,
            },
            "reason": self.reason,
            "body": self.body,
            "canonical": self.canonical,
        })
    }
}

/// Which keys the seed requires for a kind: `wf`, `kind` always; `origin` for remfix;
/// `plan` for workflow/agent/reverify/memory; `reason` for remfix and research.
pub fn required(key: &str, kind: Kind) -> bool {
    match key {
        "wf" | "kind" => true,
        "origin" => kind == Kind::Remfix,
        "plan" => matches!(
            kind,
            Kind::Workflow | Kind::Agent | Kind::Reverify | Kind::Memory
        ),
        "reason" => matches!(kind, Kind::Remfix | Kind::Research),
        _ => false,
    }
}

/// A metadata line: `^[ \t]*(key)[ \t]*:(.*)$` → (key, value trimmed of spaces/tabs).
fn metadata_line(line: &str) -> Option<(&'static str, &str)> {
    let rest = trim_sp_start(line);
    KEYS.iter().find_map(|&k| {
        let after = rest.strip_prefix(k)?;
        let value = trim_sp_start(after).strip_prefix(':')?;
        Some((k, trim_sp(value)))
    })
}

/// The raw value of the block's first `wf` line, unvalidated (scoping:
/// a task belongs to a workflow by this value even when another line of its block is broken).
pub fn raw_wf(description: &str) -> Option<&str> {
    for line in lines(description) {
        let (key, value) = metadata_line(line)?;
        if key == "wf" {
            return Some(value);
        }
    }
    None
}

fn missing(key: &str) -> Error {
    Error::new(
        ErrorKind::MissingField,
        format!("task metadata line `{key}:` is required"),
    )
    .with_field(key)
}

/// A research lane's source as cc10x writes it in `scope:` (`code`, `docs`, `code:<repo>`): a
/// lower-case word of letters, digits and `-`/`_`, optionally `:` and a name without blanks.
fn is_scope_source(value: &str) -> bool {
    let (word, rest) = match value.split_once(':') {
        Some((w, r)) => (w, Some(r)),
        None => (value, None),
    };
    let word_ok = word.len() <= 64
        && word.starts_with(|c: char| c.is_ascii_lowercase())
        && word
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    let rest_ok = rest.is_none_or(|r| {
        !r.is_empty() && r.len() <= 200 && !r.chars().any(|c| c.is_whitespace() || c.is_control())
    });
    word_ok && rest_ok
}

fn invalid(key: &str, why: String) -> Error {
    Error::new(ErrorKind::InvalidValue, why).with_field(key)
}

/// Validated values of the seven keys.
#[derive(Default)]
struct Values {
    wf: Option<WorkflowId>,
    kind: Option<Kind>,
    origin: Option<Origin>,
    phase: Option<Phase>,
    plan: Option<String>,
    scope: Option<Scope>,
    scope_source: Option<String>,
    reason: Option<String>,
}

/// Validates raw key values in canonical order (check order step 2) against the
/// edition's origin and phase enums, then the edition's "reason is never N/A" kinds (M1).
fn validate_values(edition: Edition, raw: &[Option<&str>; 7], require_all: bool) -> Result<Values> {
    let mut v = Values::default();
    for (i, key) in KEYS.iter().enumerate() {
        let Some(value) = raw[i] else {
            let need = require_all || v.kind.is_none_or(|k| required(key, k));
            if need {
                return Err(missing(key));
            }
            continue;
        };
        match *key {
            "wf" => v.wf = Some(validate(value, "wf")?),
            "kind" => {
                v.kind = Some(
                    value
                        .parse()
                        .map_err(|e: crate::router::vocabulary::UnknownName| {
                            e.into_error("kind")
                        })?,
                )
            }
            "origin" => {
                v.origin =
                    Some(edition.origin(value).map_err(
                        |e: crate::router::vocabulary::UnknownName| e.into_error("origin"),
                    )?)
            }
            "phase" => {
                v.phase =
                    Some(edition.phase(value).map_err(
                        |e: crate::router::vocabulary::UnknownName| e.into_error("phase"),
                    )?)
            }
            "scope" => match value.parse::<Scope>() {
                Ok(scope) => v.scope = Some(scope),
                Err(_) if edition.rules().scope_sources && is_scope_source(value) => {
                    v.scope_source = Some(value.to_string())
                }
                Err(e) => return Err(e.into_error("scope")),
            },
            _ => {
                if value.is_empty() || value.contains(['\n', '\r']) {
                    return Err(invalid(
                        key,
                        format!("`{key}:` needs a non-empty single-line value (N/A allowed)"),
                    ));
                }
                if *key == "plan" {
                    v.plan = Some(value.to_string());
                } else {
                    v.reason = Some(value.to_string());
                }
            }
        }
    }
    let no_na = edition.rules().reason_not_na;
    if v.kind.is_some_and(|k| no_na.contains(&k)) && v.reason.as_deref() == Some("N/A") {
        return Err(invalid(
            "reason",
            format!("`reason:` of a {edition} remediation or research task must not be N/A"),
        ));
    }
    Ok(v)
}

/// Parses a task description under an edition (its enums and M1 rule; the
/// caller passes the edition's `require_all` default when the input has none).
///
/// ```
/// use fourx_core::router::{edition::Edition, metadata};
///
/// let d = "wf:wf-20260312T162700Z-a1b2c3d4\nkind:agent\nplan:N/A";
/// assert!(metadata::parse(Edition::V11, d, false).is_ok());
/// assert!(metadata::parse(Edition::V12_7, d, true).is_err());
/// ```
pub fn parse(edition: Edition, description: &str, require_all: bool) -> Result<TaskMetadata> {
    let all: Vec<&str> = lines(description).collect();
    let mut raw: [Option<&str>; 7] = [None; 7];
    let mut block_len = 0;
    let mut canonical_lines = true;
    for line in &all {
        let Some((key, value)) = metadata_line(line) else {
            break;
        };
        let i = KEYS.iter().position(|k| *k == key).unwrap_or(0);
        if raw[i].is_some() {
            return Err(Error::new(
                ErrorKind::DuplicateField,
                format!("task metadata key `{key}:` appears twice"),
            )
            .with_field(key));
        }
        raw[i] = Some(value);
        if block_len >= 7 || KEYS[block_len] != key || *line != format!("{key}:{value}") {
            canonical_lines = false;
        }
        block_len += 1;
    }
    let v = validate_values(edition, &raw, require_all)?;
    let rest = all.get(block_len..).unwrap_or(&[]);
    let first = rest.iter().position(|l| !is_blank(l)).unwrap_or(rest.len());
    Ok(TaskMetadata {
        wf: v.wf,
        kind: v.kind,
        origin: v.origin,
        phase: v.phase,
        plan: v.plan,
        scope: v.scope,
        scope_source: v.scope_source,
        reason: v.reason,
        body: rest[first..].join("\n"),
        canonical: canonical_lines && block_len == 7,
    })
}

/// Inputs of [`format()`]: the seven values as text (plan/scope/reason default to `N/A`).
#[derive(Debug, Clone, Default)]
pub struct MetadataInput<'a> {
    /// `wf:`.
    pub wf: Option<&'a str>,
    /// `kind:`.
    pub kind: Option<&'a str>,
    /// `origin:`.
    pub origin: Option<&'a str>,
    /// `phase:`.
    pub phase: Option<&'a str>,
    /// `plan:` (default `N/A`).
    pub plan: Option<&'a str>,
    /// `scope:` (default `N/A`).
    pub scope: Option<&'a str>,
    /// `reason:` (default `N/A`).
    pub reason: Option<&'a str>,
    /// Text appended after a blank line when non-empty.
    pub body: Option<&'a str>,
}

/// Formats the canonical block with the edition's enums.
pub fn format(edition: Edition, input: &MetadataInput<'_>) -> Result<String> {
    let values = [
        input.wf,
        input.kind,
        input.origin,
        input.phase,
        Some(input.plan.unwrap_or("N/A")),
        Some(input.scope.unwrap_or("N/A")),
        Some(input.reason.unwrap_or("N/A")),
    ];
    for (key, v) in KEYS.iter().zip(values.iter()) {
        if v.is_none() {
            return Err(missing(key));
        }
    }
    for (key, v) in KEYS.iter().zip(values.iter()) {
        let v = v.unwrap_or_default();
        if v.contains(['\n', '\r']) || trim_sp(v).len() != v.len() {
            return Err(invalid(
                key,
                format!("`{key}` must be one line without leading or trailing blanks"),
            ));
        }
    }
    validate_values(edition, &values, true)?;
    let mut text = KEYS
        .iter()
        .zip(values.iter())
        .map(|(k, v)| format!("{k}:{}", v.unwrap_or_default()))
        .collect::<Vec<_>>()
        .join("\n");
    if let Some(body) = input.body.filter(|b| !b.is_empty()) {
        text.push_str("\n\n");
        text.push_str(body);
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const WF: &str = "wf-20260312T162700Z-a1b2c3d4";

    /// cc10x 12.10.0's QA research lanes write `scope:{source}` (`code`, `code:<repo>`): the
    /// edition that writes it reads it; earlier editions and free text stay refused.
    #[test]
    fn a_research_lane_source_scope_is_read_at_12_10_and_refused_before() {
        let d = |scope: &str| {
            format!(
                "wf:{WF}\nkind:agent\norigin:router\nphase:build-implement\nplan:N/A\n\
                 scope:{scope}\nreason:r\n"
            )
        };
        let m = parse(Edition::V12_10, &d("code"), true).expect("scope:code at 12.10.0");
        assert_eq!((m.scope, m.scope_source.as_deref()), (None, Some("code")));
        assert_eq!(m.to_json()["scope"], "code");
        let m = parse(Edition::V12_10, &d("code:api"), true).expect("scope:code:api");
        assert_eq!(m.scope_source.as_deref(), Some("code:api"));
        let m = parse(Edition::V12_10, &d("N/A"), true).expect("N/A stays a Scope");
        assert_eq!(
            (m.scope, m.scope_source),
            (Some(Scope::NotApplicable), None)
        );
        for edition in [Edition::V11, Edition::V12_7] {
            let e = parse(edition, &d("code"), true).expect_err("no source lanes before 12.10.0");
            assert_eq!(
                (e.kind, e.field.as_deref()),
                (ErrorKind::InvalidValue, Some("scope"))
            );
        }
        for bad in ["Code", "code base", "code:", ":x", "1code"] {
            assert!(parse(Edition::V12_10, &d(bad), true).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn required_keys_follow_seed_section_3() {
        let table: Vec<(Kind, Vec<&str>)> = Kind::ALL
            .iter()
            .map(|&k| {
                (
                    k,
                    KEYS.iter()
                        .copied()
                        .filter(|key| required(key, k))
                        .collect(),
                )
            })
            .collect();
        assert_eq!(
            table,
            [
                (Kind::Workflow, vec!["wf", "kind", "plan"]),
                (Kind::Agent, vec!["wf", "kind", "plan"]),
                (Kind::Remfix, vec!["wf", "kind", "origin", "reason"]),
                (Kind::Memory, vec!["wf", "kind", "plan"]),
                (Kind::Reverify, vec!["wf", "kind", "plan"]),
                (Kind::Research, vec!["wf", "kind", "reason"]),
            ]
        );
    }

    #[test]
    fn key_like_lines_after_the_block_are_body() {
        let m = parse(
            Edition::V11,
            &format!("wf:{WF}\nkind:research\nreason:r\n\nplan: x\n"),
            false,
        )
        .unwrap();
        assert_eq!(m.plan, None);
        assert_eq!(m.body, "plan: x\n");
        assert!(!m.canonical);
    }

    #[test]
    fn empty_plan_value_is_invalid() {
        let e = parse(
            Edition::V11,
            &format!("wf:{WF}\nkind:agent\nplan:\n"),
            false,
        )
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidValue);
    }

    #[test]
    fn crlf_descriptions_parse_canonically() {
        let text = format!(
            "wf:{WF}\r\nkind:agent\r\norigin:router\r\nphase:build\r\nplan:N/A\r\nscope:N/A\r\nreason:x\r\n"
        );
        assert!(parse(Edition::V11, &text, true).unwrap().canonical);
    }

    fn value() -> impl Strategy<Value = String> {
        "[A-Za-z0-9/._:-][A-Za-z0-9/._: -]{0,20}[A-Za-z0-9/._:-]|[A-Za-z0-9]"
    }

    proptest! {
        #[test]
        fn format_then_parse_is_identity(
            kind in prop::sample::select(Kind::ALL.to_vec()),
            origin in prop::sample::select(Edition::V11.rules().origins.to_vec()),
            phase in prop::sample::select(Edition::V11.rules().phases.to_vec()),
            scope in prop::sample::select(Scope::ALL.to_vec()),
            plan in value(),
            reason in value(),
            body in prop::option::of("[A-Za-z0-9][^\r]{0,40}(\n[^\r]{0,20}){0,3}"),
        ) {
            let input = MetadataInput {
                wf: Some(WF),
                kind: Some(kind.as_str()),
                origin: Some(origin.as_str()),
                phase: Some(phase.as_str()),
                plan: Some(&plan),
                scope: Some(scope.as_str()),
                reason: Some(&reason),
                body: body.as_deref(),
            };
            let text = format(Edition::V11, &input).unwrap();
            let m = parse(Edition::V11, &text, true).unwrap();
            prop_assert_eq!(m.wf.as_ref().map(WorkflowId::as_str), Some(WF));
            prop_assert_eq!(m.kind, Some(kind));
            prop_assert_eq!(m.origin, Some(origin));
            prop_assert_eq!(m.phase, Some(phase));
            prop_assert_eq!(m.plan.as_deref(), Some(plan.as_str()));
            prop_assert_eq!(m.scope, Some(scope));
            prop_assert_eq!(m.reason.as_deref(), Some(reason.as_str()));
            prop_assert_eq!(m.body, body.unwrap_or_default());
            prop_assert!(m.canonical);
        }
    }
}
