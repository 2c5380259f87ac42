//! The events.jsonl scanners (workspace.md §6.2, §11): TotalCost and WorktreePath.
//!
//! Lines are split on `\n`, trimmed of Unicode White_Space, and decoded with Go's text rules;
//! a line that is not an object decodable into the fields a scanner reads is skipped. Reading
//! the file is the fs layer's.

use crate::protocol::codec::gojson_decode::{parse, DecodeError, GoValue};
use crate::protocol::codec::text::trim_space_bytes;
use crate::protocol::codec::unknown_keys::collect;
use crate::protocol::layout::EVENTS_FILE;
use crate::protocol::state::{Event, Regime};
use crate::protocol::warning::{Warning, WarningKind};

/// The prefix of a `run-output` detail that names the worktree.
pub const WORKTREE_PREFIX: &str = "worktree: ";

/// The `type` value whose `cost_usd` TotalCost adds.
pub const RUN_END: &str = "run-end";

/// The `type` value WorktreePath reads.
pub const RUN_OUTPUT: &str = "run-output";

/// The fields a scanner reads from one line, with Go's decode-into-struct rules.
#[derive(Debug, Default)]
struct Scanned {
    event_type: String,
    cost_usd: f64,
    detail: String,
}

/// Decodes the fields of `wanted` from one line; `None` when the line must be skipped.
fn scan_line(line: &[u8], wanted: &[&str]) -> Option<Scanned> {
    let bytes = trim_space_bytes(line);
    if bytes.is_empty() {
        return None;
    }
    let v = parse(bytes).ok()?;
    let members = match &v {
        GoValue::Object(m) => m.as_slice(),
        GoValue::Null => &[],
        _ => return None,
    };
    let mut s = Scanned::default();
    let apply = |s: &mut Scanned, k: &str, v: &GoValue| -> Result<(), DecodeError> {
        match k {
            "type" => {
                if let Some(t) = v.as_string()? {
                    s.event_type = t;
                }
            }
            "cost_usd" => {
                if let Some(c) = v.as_f64()? {
                    s.cost_usd = c;
                }
            }
            "detail" => {
                if let Some(d) = v.as_string()? {
                    s.detail = d;
                }
            }
            _ => {}
        }
        Ok(())
    };
    for (k, val) in members {
        if wanted.contains(&k.as_str()) {
            apply(&mut s, k, val).ok()?;
        }
    }
    Some(s)
}

/// TotalCost: the sum of `cost_usd` over the lines whose `type` is exactly `run-end`, added left
/// to right from 0 in IEEE double.
pub fn total_cost(events: &[u8]) -> f64 {
    events
        .split(|b| *b == b'\n')
        .filter_map(|l| scan_line(l, &["type", "cost_usd"]))
        .filter(|s| s.event_type == RUN_END)
        .fold(0.0, |acc, s| acc + s.cost_usd)
}

/// WorktreePath: the rest of the `detail` of the last `run-output` line whose detail starts with
/// `worktree: `; `""` when none does.
pub fn worktree_path(events: &[u8]) -> String {
    let mut found = String::new();
    for s in events
        .split(|b| *b == b'\n')
        .filter_map(|l| scan_line(l, &["type", "detail"]))
    {
        if s.event_type == RUN_OUTPUT {
            if let Some(rest) = s.detail.strip_prefix(WORKTREE_PREFIX) {
                found = rest.to_string();
            }
        }
    }
    found
}

/// What [`check_events`] found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EventsCheck {
    /// Non-blank lines.
    pub lines: usize,
    /// Lines that decode into an Event.
    pub events: usize,
    /// One `parse_error` per line Go's decoding into an Event refuses (4x's readers skip it) and
    /// one `unknown_key` per key it ignores; messages start with `line <n>:` (1-based).
    pub warnings: Vec<Warning>,
}

/// Every problem of an `events.jsonl` text that Go's readers pass over silently: lines that do
/// not decode into an Event, and keys an Event does not have (`costUsd` for `cost_usd`, whose
/// cost TotalCost then never adds).
pub fn check_events(events: &[u8]) -> EventsCheck {
    let mut out = EventsCheck::default();
    for (i, line) in events.split(|b| *b == b'\n').enumerate() {
        let bytes = trim_space_bytes(line);
        if bytes.is_empty() {
            continue;
        }
        out.lines += 1;
        let n = i + 1;
        let decoded = parse(bytes)
            .map_err(|e| e.to_string())
            .map(|v| collect(|| Event::from_go(&v, Regime::Text)));
        match decoded {
            Err(e) => out.warnings.push(Warning::new(
                WarningKind::ParseError,
                EVENTS_FILE,
                format!("line {n}: {e}"),
            )),
            Ok((Err(e), _)) => out.warnings.push(Warning::new(
                WarningKind::ParseError,
                EVENTS_FILE,
                format!("line {n}: {}", e.message),
            )),
            Ok((Ok(_), keys)) => {
                out.events += 1;
                for mut w in Warning::unknown_keys(EVENTS_FILE, "", keys) {
                    w.message = format!("line {n}: {}", w.message);
                    out.warnings.push(w);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_typo_in_an_event_key_is_an_unknown_key_warning_naming_the_right_key() {
        let t =
            b"{\"type\":\"run-end\",\"costUsd\":1.5}\n\n{\"type\":\"transition\"}\nnot json\n[1]\n";
        let c = check_events(t);
        assert_eq!((c.lines, c.events), (4, 2));
        let msgs: Vec<_> = c
            .warnings
            .iter()
            .map(|w| (w.kind, w.path.as_str()))
            .collect();
        assert_eq!(
            msgs,
            [
                (WarningKind::UnknownKey, "costUsd"),
                (WarningKind::ParseError, ""),
                (WarningKind::ParseError, ""),
            ]
        );
        assert!(c.warnings[0].message.starts_with("line 1: "));
        assert!(
            c.warnings[0].message.contains("\"cost_usd\""),
            "{}",
            c.warnings[0].message
        );
        assert!(c.warnings[1].message.starts_with("line 4: "));
        assert_eq!(total_cost(t), 0.0, "4x adds no cost for the misspelt key");
    }

    use super::*;

    #[test]
    fn later_null_cost_keeps_the_earlier_value_and_crlf_works() {
        let t = b"{\"type\":\"run-end\",\"cost_usd\":1,\"cost_usd\":null}\r\n";
        assert_eq!(total_cost(t), 1.0);
    }

    #[test]
    fn lines_with_wrong_types_for_read_fields_are_skipped_others_ignored() {
        let t = b"{\"type\":\"run-end\",\"cost_usd\":\"1\"}\n{\"type\":\"run-end\",\"cost_usd\":2,\"round\":\"x\"}\n{\"type\":\"run-end\",\"cost_usd\":1e400}\n[1]\nnull\n";
        assert_eq!(total_cost(t), 2.0);
    }

    #[test]
    fn worktree_takes_the_last_match_even_if_empty() {
        let t = b"{\"type\":\"run-output\",\"detail\":\"worktree: /a\"}\n{\"type\":\"run-output\",\"detail\":\"worktree: \"}\n";
        assert_eq!(worktree_path(t), "");
        let t = b"{\"type\":\"run-output\",\"detail\":\"worktree: /a\"}\n{\"type\":\"run-output\",\"detail\":7}\n";
        assert_eq!(worktree_path(t), "/a");
    }
}
