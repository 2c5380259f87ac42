//! Workflow event-log lines (router.md): one compact JSON object per line with the
//! keys in the seed's order, strings escaping only `"`, `\` and control characters, numbers in
//! shortest round-trip form (integral values as integers), `details` keys sorted at every depth.
//! Appending the line to the events file is the caller's.

use crate::router::edition::Edition;
use std::fmt::Write as _;

use serde_json::{Number, Value};

use crate::error::{Error, ErrorKind, Result};

use crate::router::now::{parse_now, stamp};
use crate::router::route::workflow_id::WorkflowId;
use crate::router::vocabulary::UnknownName;

/// The accepted event names: repo policy list fallbacks, repo build-workflow.md.
pub const EVENTS: [&str; 14] = [
    "workflow_started",
    "agent_started",
    "agent_completed",
    "contract_parsed",
    "remediation_created",
    "scope_decision_requested",
    "scope_decision_resolved",
    "memory_finalized",
    "workflow_completed",
    "workflow_failed",
    "parallel_fallback",
    "inline_fallback_entered",
    "inline_fallback_exited",
    "build_finished",
];

/// Validates an event name.
pub fn check_event(edition: Edition, event: &str) -> std::result::Result<(), UnknownName> {
    if EVENTS.contains(&event) || edition.rules().extra_events.contains(&event) {
        Ok(())
    } else {
        Err(UnknownName {
            what: "event",
            value: event.to_string(),
        })
    }
}

/// One event.
#[derive(Debug, Clone, PartialEq)]
pub struct Event<'a> {
    /// The contract edition (its event list, E1).
    pub edition: Edition,
    /// RFC 3339 time (router rule).
    pub now: &'a str,
    /// The workflow.
    pub wf: &'a WorkflowId,
    /// One of [`EVENTS`].
    pub event: &'a str,
    /// The phase.
    pub phase: &'a str,
    /// The task id, or null.
    pub task_id: Option<&'a str>,
    /// Who acted.
    pub agent: &'a str,
    /// The decision.
    pub decision: &'a str,
    /// Why.
    pub reason: &'a str,
    /// Duration in seconds (≥ 0).
    pub duration_seconds: Option<f64>,
    /// Work category.
    pub work_category: Option<&'a str>,
    /// Any JSON details.
    pub details: Option<&'a Value>,
}

/// Writes a string with the event-line escaping.
pub(crate) fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Writes a number: integers as decimal, integral floats as integers, others shortest form.
pub(crate) fn write_number(out: &mut String, n: &Number) {
    if let Some(i) = n.as_i64() {
        let _ = write!(out, "{i}");
    } else if let Some(u) = n.as_u64() {
        let _ = write!(out, "{u}");
    } else if let Some(f) = n.as_f64() {
        write_f64(out, f);
    }
}

fn write_f64(out: &mut String, f: f64) {
    if f.fract() == 0.0 && f.is_finite() {
        // Rust prints integral floats without exponent or fraction digits ("3" for 3.0 with {:.0}).
        let _ = write!(out, "{f:.0}");
    } else {
        // Display is the shortest representation that reads back as the same f64.
        let _ = write!(out, "{f}");
    }
}

/// Writes a value compactly with keys sorted by code point at every depth.
pub(crate) fn write_sorted(out: &mut String, v: &Value) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => write_number(out, n),
        Value::String(s) => write_str(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_sorted(out, item);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (i, (k, v)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_str(out, k);
                out.push(':');
                write_sorted(out, v);
            }
            out.push('}');
        }
    }
}

/// The line for an event, `\n`-terminated.
pub fn line(e: &Event<'_>) -> Result<String> {
    let ts = stamp(&parse_now(e.now, "now")?);
    check_event(e.edition, e.event).map_err(|u| u.into_error("event"))?;
    if let Some(d) = e.duration_seconds {
        if !(d.is_finite() && d >= 0.0) {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                "duration_seconds must be a number >= 0",
            )
            .with_field("duration_seconds"));
        }
    }
    if e.edition.rules().phase_id_events.contains(&e.event) {
        match e.details.and_then(|d| d.get("phase_id")) {
            None | Some(Value::Null) => {
                return Err(Error::new(
                    ErrorKind::MissingField,
                    format!(
                        "a {} event needs details.phase_id (the phase_cursor, N/A when null)",
                        e.event
                    ),
                )
                .with_field("details.phase_id"))
            }
            Some(Value::String(s)) if !s.trim().is_empty() => {}
            Some(_) => {
                return Err(Error::new(
                    ErrorKind::InvalidValue,
                    "details.phase_id must be a non-blank string (N/A when phase_cursor is null)",
                )
                .with_field("details.phase_id"))
            }
        }
    }
    let mut out = String::with_capacity(256);
    out.push('{');
    let field = |out: &mut String, first: bool, k: &str| {
        if !first {
            out.push(',');
        }
        write_str(out, k);
        out.push(':');
    };
    field(&mut out, true, "ts");
    write_str(&mut out, &ts);
    field(&mut out, false, "wf");
    write_str(&mut out, e.wf.as_str());
    for (k, v) in [("event", e.event), ("phase", e.phase)] {
        field(&mut out, false, k);
        write_str(&mut out, v);
    }
    field(&mut out, false, "task_id");
    match e.task_id {
        Some(t) => write_str(&mut out, t),
        None => out.push_str("null"),
    }
    for (k, v) in [
        ("agent", e.agent),
        ("decision", e.decision),
        ("reason", e.reason),
    ] {
        field(&mut out, false, k);
        write_str(&mut out, v);
    }
    if let Some(d) = e.duration_seconds {
        field(&mut out, false, "duration_seconds");
        write_f64(&mut out, d);
    }
    if let Some(w) = e.work_category {
        field(&mut out, false, "work_category");
        write_str(&mut out, w);
    }
    if let Some(d) = e.details.filter(|d| !d.is_null()) {
        field(&mut out, false, "details");
        write_sorted(&mut out, d);
    }
    out.push_str("}\n");
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn strings_escape_only_quote_backslash_and_controls() {
        let mut s = String::new();
        write_str(&mut s, "a\"b\\c\n\u{1}é<>&\u{2028}");
        assert_eq!(s, "\"a\\\"b\\\\c\\n\\u0001é<>&\u{2028}\"");
    }

    #[test]
    fn numbers_use_shortest_form_and_integral_values_as_integers() {
        let mut s = String::new();
        write_sorted(&mut s, &json!([3.0, 12.5, 0.25, 7, -1, 1e21, 0.1]));
        assert_eq!(s, "[3,12.5,0.25,7,-1,1000000000000000000000,0.1]");
    }

    #[test]
    fn details_keys_are_sorted_at_every_depth() {
        let mut s = String::new();
        write_sorted(
            &mut s,
            &json!({"b": {"z": 1, "a": [{"y": 1, "x": 2}]}, "a": null}),
        );
        assert_eq!(s, r#"{"a":null,"b":{"a":[{"x":2,"y":1}],"z":1}}"#);
    }

    #[test]
    fn at_12_10_phase_events_need_details_phase_id() {
        let wf = WorkflowId::new("2026-10-07T12:00:00Z", "c0ffee01").unwrap();
        let ev = |edition, event, details: Option<&Value>| {
            line(&Event {
                edition,
                now: "2026-10-07T12:00:00Z",
                wf: &wf,
                event,
                phase: "qa-plan",
                task_id: None,
                agent: "router",
                decision: "d",
                reason: "r",
                duration_seconds: None,
                work_category: None,
                details,
            })
        };
        let e = Edition::V12_10;
        for event in ["result_persisted", "phase_started", "remediation_created"] {
            assert_eq!(
                ev(e, event, None).unwrap_err().kind,
                ErrorKind::MissingField
            );
            let blank = json!({"phase_id": " "});
            assert_eq!(
                ev(e, event, Some(&blank)).unwrap_err().kind,
                ErrorKind::InvalidValue
            );
            let na = json!({"phase_id": "N/A"});
            assert!(ev(e, event, Some(&na)).is_ok());
        }
        assert!(ev(Edition::V12_7, "result_persisted", None).is_ok());
        assert!(ev(e, "memory_finalized", None).is_ok());
    }
}
