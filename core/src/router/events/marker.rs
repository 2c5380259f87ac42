//! Workflow markers in memory files (router.md): formatting the five
//! marker shapes and finding them anywhere in a text by a leftmost, non-overlapping scan, plus the
//! DEBUG attempt count after the last reset. Writing or removing markers is the caller's.

use serde::Serialize;

use crate::error::{Error, ErrorKind, Result};

use crate::router::route::workflow_id::validate;
use crate::router::vocabulary::UnknownName;

crate::words::string_enum! {
    /// A marker kind (its name).
    pub enum MarkerKind("marker", UnknownName, UnknownName::new) {
        /// `[BUILD-START: wf:…]`.
        BuildStart = "BUILD-START",
        /// `[DEBUG-RESET: wf:…]`.
        DebugReset = "DEBUG-RESET",
        /// `[PLAN-START: wf:…]`.
        PlanStart = "PLAN-START",
        /// `[SCOPE-DECISION-PENDING: wf:… reason:…]`.
        ScopeDecisionPending = "SCOPE-DECISION-PENDING",
        /// `[cc10x-internal] memory_task_id: … wf:…`.
        MemoryTaskId = "MEMORY-TASK-ID",
    }
}

/// Formats a marker. `reason` is used by SCOPE-DECISION-PENDING and
/// `memory_task_id` by MEMORY-TASK-ID; other markers ignore them.
pub fn format(
    marker: MarkerKind,
    wf: &str,
    reason: Option<&str>,
    memory_task_id: Option<&str>,
) -> Result<String> {
    let wf = validate(wf, "wf")?;
    Ok(match marker {
        MarkerKind::BuildStart | MarkerKind::DebugReset | MarkerKind::PlanStart => {
            format!("[{}: wf:{wf}]", marker.as_str())
        }
        MarkerKind::ScopeDecisionPending => {
            let reason = reason.ok_or_else(|| missing("reason"))?;
            if reason.trim().is_empty() || reason.contains(['\n', '\r', ']']) {
                return Err(Error::new(
                    ErrorKind::InvalidValue,
                    "reason must be a non-blank single line without `]`",
                )
                .with_field("reason"));
            }
            format!("[SCOPE-DECISION-PENDING: wf:{wf} reason:{reason}]")
        }
        MarkerKind::MemoryTaskId => {
            let id = memory_task_id.ok_or_else(|| missing("memory_task_id"))?;
            if id.is_empty() || id.chars().any(char::is_whitespace) {
                return Err(Error::new(
                    ErrorKind::InvalidValue,
                    "memory_task_id must be a non-empty string without whitespace",
                )
                .with_field("memory_task_id"));
            }
            format!("[cc10x-internal] memory_task_id: {id} wf:{wf}")
        }
    })
}

fn missing(field: &str) -> Error {
    Error::new(
        ErrorKind::MissingField,
        format!("`{field}` is required for this marker"),
    )
    .with_field(field)
}

/// A marker found in a text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Marker {
    /// Which marker.
    pub marker: MarkerKind,
    /// The `wf:` value, raw.
    pub wf: String,
    /// The reason of a SCOPE-DECISION-PENDING marker.
    pub reason: Option<String>,
    /// The id of a MEMORY-TASK-ID marker.
    pub memory_task_id: Option<String>,
}

/// Markers found in a text and the DEBUG attempt count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Markers {
    /// Markers in document order.
    pub markers: Vec<Marker>,
    /// `[DEBUG-<digits>]:` occurrences after the last DEBUG-RESET.
    pub debug_attempts: usize,
    /// `debug_attempts >= 3`.
    pub debug_stuck: bool,
}

/// A run of characters that are not `]` and not whitespace, at least one.
fn token_no_bracket(s: &str) -> usize {
    s.find(|c: char| c == ']' || c.is_whitespace())
        .unwrap_or(s.len())
}

/// `\S+`, at least one.
fn non_space(s: &str) -> usize {
    s.find(char::is_whitespace).unwrap_or(s.len())
}

/// Where the next `]` is, remembered so that repeated unterminated SCOPE markers cost one scan.
struct NextClose<'t> {
    text: &'t str,
    /// (searched from, found at) of the last search.
    cache: Option<(usize, Option<usize>)>,
}

impl NextClose<'_> {
    /// The absolute index of the first `]` at or after `from`.
    fn at_or_after(&mut self, from: usize) -> Option<usize> {
        if let Some((start, found)) = self.cache {
            if start <= from && found.is_none_or(|f| f >= from) {
                return found;
            }
        }
        let found = self
            .text
            .get(from..)
            .and_then(|t| t.find(']'))
            .map(|i| from + i);
        self.cache = Some((from, found));
        found
    }
}

/// Tries to match one marker pattern at byte `at` of the text; returns the marker and its length.
fn match_at(text: &str, at: usize, closes: &mut NextClose<'_>) -> Option<(Marker, usize)> {
    let s = text.get(at..)?;
    for m in [
        MarkerKind::BuildStart,
        MarkerKind::DebugReset,
        MarkerKind::PlanStart,
    ] {
        let prefix = format!("[{}: wf:", m.as_str());
        if let Some(rest) = s.strip_prefix(prefix.as_str()) {
            let n = token_no_bracket(rest);
            if n > 0 && rest[n..].starts_with(']') {
                let marker = Marker {
                    marker: m,
                    wf: rest[..n].to_string(),
                    reason: None,
                    memory_task_id: None,
                };
                return Some((marker, prefix.len() + n + 1));
            }
        }
    }
    if let Some(rest) = s.strip_prefix("[SCOPE-DECISION-PENDING: wf:") {
        let n = token_no_bracket(rest);
        if n > 0 {
            if let Some(after) = rest[n..].strip_prefix(" reason:") {
                let after_at = text.len() - after.len();
                if let Some(close) = closes.at_or_after(after_at).map(|c| c - after_at) {
                    let len = s.len() - after.len() + close + 1;
                    let marker = Marker {
                        marker: MarkerKind::ScopeDecisionPending,
                        wf: rest[..n].to_string(),
                        reason: Some(after[..close].to_string()),
                        memory_task_id: None,
                    };
                    return Some((marker, len));
                }
            }
        }
    }
    if let Some(rest) = s.strip_prefix("[cc10x-internal] memory_task_id: ") {
        let n = non_space(rest);
        if n > 0 {
            if let Some(after) = rest[n..].strip_prefix(" wf:") {
                let w = non_space(after);
                if w > 0 {
                    let len = s.len() - after.len() + w;
                    let marker = Marker {
                        marker: MarkerKind::MemoryTaskId,
                        wf: after[..w].to_string(),
                        reason: None,
                        memory_task_id: Some(rest[..n].to_string()),
                    };
                    return Some((marker, len));
                }
            }
        }
    }
    None
}

/// Whether `s` starts with `[DEBUG-<digits>]:`; returns its length.
fn debug_entry(s: &str) -> Option<usize> {
    let rest = s.strip_prefix("[DEBUG-")?;
    let n = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    (n > 0 && rest[n..].starts_with("]:")).then_some(7 + n + 2)
}

/// Finds markers and counts DEBUG attempts. Linear in the text.
pub fn parse(text: &str) -> Markers {
    let mut markers = Vec::new();
    let mut attempts = 0;
    let mut i = 0;
    let bytes = text.as_bytes();
    let mut closes = NextClose { text, cache: None };
    while i < bytes.len() {
        if bytes[i] != b'[' {
            i += 1;
            continue;
        }
        let s = &text[i..];
        if let Some((m, len)) = match_at(text, i, &mut closes) {
            if m.marker == MarkerKind::DebugReset {
                attempts = 0;
            }
            markers.push(m);
            i += len;
            continue;
        }
        if let Some(len) = debug_entry(s) {
            attempts += 1;
            i += len;
            continue;
        }
        i += 1;
    }
    Markers {
        markers,
        debug_attempts: attempts,
        debug_stuck: attempts >= 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WF: &str = "wf-20260312T162700Z-a1b2c3d4";

    #[test]
    fn the_five_marker_names_are_the_seeds() {
        assert_eq!(
            MarkerKind::WORDS,
            &[
                "BUILD-START",
                "DEBUG-RESET",
                "PLAN-START",
                "SCOPE-DECISION-PENDING",
                "MEMORY-TASK-ID"
            ]
        );
        assert_eq!(
            serde_json::to_value(MarkerKind::ScopeDecisionPending).unwrap(),
            "SCOPE-DECISION-PENDING"
        );
        let e = "build-start".parse::<MarkerKind>().unwrap_err();
        assert_eq!(e.to_string(), "\"build-start\" is not a valid marker");
    }

    #[test]
    fn formatted_markers_parse_back() {
        for m in MarkerKind::ALL {
            let text = format(*m, WF, Some("scope gate"), Some("42")).unwrap();
            let found = parse(&text).markers;
            assert_eq!(found.len(), 1, "{text}");
            assert_eq!(found[0].marker, *m);
            assert_eq!(found[0].wf, WF);
        }
    }

    #[test]
    fn debug_attempts_count_after_the_last_reset() {
        let text = format!(
            "[DEBUG-1]: a\n[DEBUG-RESET: wf:{WF}]\n[DEBUG-1]: b\n[DEBUG-2]: c [DEBUG-3]: d\n[DEBUG-x]: no"
        );
        let m = parse(&text);
        assert_eq!((m.debug_attempts, m.debug_stuck), (3, true));
    }

    #[test]
    fn unterminated_scope_markers_yield_nothing_and_do_not_swallow_later_ones() {
        // 100,000 unterminated openers: a rescan from every opener would be quadratic and never
        // finish here; the scan's cost is measured by the router benches, not by a clock.
        let text = "[SCOPE-DECISION-PENDING: wf:x reason:".repeat(100_000);
        assert!(parse(&text).markers.is_empty());
        let m = parse(
            "[SCOPE-DECISION-PENDING: wf:a reason:r1] [SCOPE-DECISION-PENDING: wf:b reason:r2]",
        );
        let reasons: Vec<_> = m.markers.iter().map(|m| m.reason.as_deref()).collect();
        assert_eq!(reasons, [Some("r1"), Some("r2")]);
    }

    #[test]
    fn scope_reason_must_be_one_line_without_bracket() {
        for bad in ["", "  ", "a]b", "a\nb"] {
            let e = format(MarkerKind::ScopeDecisionPending, WF, Some(bad), None).unwrap_err();
            assert_eq!(e.kind, ErrorKind::InvalidValue);
        }
    }
}
