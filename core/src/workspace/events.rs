//! The events.jsonl scanners (workspace.md): TotalCost and WorktreePath.
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
    let mut scan = TotalCostScan::default();
    scan.push(events);
    scan.finish()
}

/// [`total_cost`] over a file read in chunks: lines may span chunks, and only the unfinished
/// line is held between them, so memory stays flat however long the log grows. Feeding the
/// chunks of a text gives exactly `total_cost` of the whole text (same lines, same order of
/// additions).
///
/// ```
/// use fourx_core::workspace::{total_cost, TotalCostScan};
///
/// let log = b"{\"type\":\"run-end\",\"cost_usd\":0.5}\n{\"type\":\"run-end\",\"cost_usd\":0.25}\n";
/// let mut scan = TotalCostScan::default();
/// for chunk in log.chunks(7) {
///     scan.push(chunk);
/// }
/// assert_eq!(scan.finish(), total_cost(log));
/// assert_eq!(total_cost(log), 0.75);
/// ```
#[derive(Debug, Default)]
pub struct TotalCostScan {
    sum: f64,
    /// The bytes of the line still open at the end of the last chunk.
    carry: Vec<u8>,
}

impl TotalCostScan {
    /// Adds the next chunk of the file.
    pub fn push(&mut self, chunk: &[u8]) {
        let Some(last_nl) = memchr::memrchr(b'\n', chunk) else {
            self.carry.extend_from_slice(chunk);
            return;
        };
        let (done, open) = chunk.split_at(last_nl + 1);
        let mut whole = done;
        if !self.carry.is_empty() {
            let first_nl = memchr::memchr(b'\n', done).unwrap_or(last_nl);
            let mut line = std::mem::take(&mut self.carry);
            line.extend_from_slice(done.get(..first_nl).unwrap_or_default());
            if may_be_run_end(&line) {
                self.line(&line);
            }
            line.clear();
            self.carry = line;
            whole = done.get(first_nl + 1..).unwrap_or_default();
        }
        self.lines(whole);
        self.carry.extend_from_slice(open);
    }

    /// The total after the last chunk (the unfinished last line counts as a line).
    pub fn finish(mut self) -> f64 {
        let last = std::mem::take(&mut self.carry);
        if may_be_run_end(&last) {
            self.line(&last);
        }
        self.sum
    }

    /// Whole lines (`text` is empty or ends in `\n`), in order. Only a line whose bytes spell
    /// `run-end`, or hold an escape that could, can decode to that `type`; every other line adds
    /// nothing, so the scan jumps from one such line to the next (memchr / memmem) and only they
    /// reach the decoder, left to right.
    fn lines(&mut self, text: &[u8]) {
        let mut pos = 0;
        // The next `run-end` and `\` at or after `pos` (absolute offsets; None: no more).
        let mut next_word = memchr::memmem::find(text, RUN_END.as_bytes());
        let mut next_escape = memchr::memchr(b'\\', text);
        loop {
            let hit = match (next_word, next_escape) {
                (None, None) => return,
                (Some(w), None) => w,
                (None, Some(e)) => e,
                (Some(w), Some(e)) => w.min(e),
            };
            let before = text.get(pos..hit).unwrap_or_default();
            let start = memchr::memrchr(b'\n', before).map_or(pos, |i| pos + i + 1);
            let after = text.get(hit..).unwrap_or_default();
            let end = memchr::memchr(b'\n', after).map_or(text.len(), |i| hit + i);
            self.line(text.get(start..end).unwrap_or_default());
            pos = end + 1;
            let rest = text.get(pos..).unwrap_or_default();
            if next_word.is_some_and(|w| w < pos) {
                next_word = memchr::memmem::find(rest, RUN_END.as_bytes()).map(|i| pos + i);
            }
            if next_escape.is_some_and(|e| e < pos) {
                next_escape = memchr::memchr(b'\\', rest).map(|i| pos + i);
            }
        }
    }

    /// Decodes one line that may be a `run-end`, adding its cost if it is.
    fn line(&mut self, line: &[u8]) {
        if let Some(s) = scan_line(line, &["type", "cost_usd"]) {
            if s.event_type == RUN_END {
                self.sum += s.cost_usd;
            }
        }
    }
}

/// Whether a line's bytes could decode to the `run-end` type: they spell it, or hold an escape.
fn may_be_run_end(line: &[u8]) -> bool {
    memchr::memchr(b'\\', line).is_some()
        || memchr::memmem::find(line, RUN_END.as_bytes()).is_some()
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
    fn an_escaped_run_end_type_still_counts() {
        let log = b"{\"type\":\"run\\u002dend\",\"cost_usd\":0.5}\n{\"type\":\"run-ended\",\"cost_usd\":1}\n";
        assert_eq!(total_cost(log), 0.5);
    }

    #[test]
    fn total_cost_skipping_to_candidate_lines_sums_what_every_line_decoded_would() {
        let lines = [
            "{\"type\":\"run-end\",\"cost_usd\":0.1}",
            "{\"type\":\"transition\",\"detail\":\"a \\\"quoted\\\" run-end\",\"cost_usd\":5}",
            "{\"type\":\"run\\u002dend\",\"cost_usd\":0.25}",
            "{\"detail\":\"run-end run-end\",\"type\":\"run-end\",\"cost_usd\":0.5}",
            "{\"type\":\"run-output\",\"detail\":\"C:\\\\x\"}",
            "",
            "\t{\"type\":\"run-end\",\"cost_usd\":1e-3}\r",
            "{\"type\":\"run-end\"",
        ];
        let mut log = String::new();
        for i in 0..200 {
            log.push_str(lines[(i * 7) % lines.len()]);
            log.push('\n');
        }
        let every_line = |text: &[u8]| {
            let mut sum = 0.0;
            for l in text.split(|b| *b == b'\n') {
                if let Some(s) = scan_line(l, &["type", "cost_usd"]) {
                    if s.event_type == RUN_END {
                        sum += s.cost_usd;
                    }
                }
            }
            sum
        };
        for text in [log.as_str(), log.trim_end(), &log[1..]] {
            let want = every_line(text.as_bytes());
            assert!(want > 0.0);
            assert_eq!(total_cost(text.as_bytes()).to_bits(), want.to_bits());
            for size in [1, 2, 3, 17, 64, 1000] {
                let mut scan = TotalCostScan::default();
                for chunk in text.as_bytes().chunks(size) {
                    scan.push(chunk);
                }
                assert_eq!(scan.finish().to_bits(), want.to_bits(), "chunks of {size}");
            }
        }
    }

    #[test]
    fn total_cost_streamed_in_any_chunks_equals_the_whole_text() {
        let log = concat!(
            "{\"type\":\"run-end\",\"cost_usd\":0.1}\n",
            "\n",
            "  {\"type\":\"run-end\",\"cost_usd\":0.2}\r\n",
            "not json\n",
            "{\"type\":\"transition\",\"cost_usd\":9}\n",
            "{\"type\":\"run-end\",\"cost_usd\":0.3}"
        )
        .as_bytes();
        let whole = total_cost(log);
        assert!((whole - 0.6).abs() < 1e-12, "{whole}");
        for size in 1..=log.len() {
            let mut scan = TotalCostScan::default();
            for chunk in log.chunks(size) {
                scan.push(chunk);
            }
            assert_eq!(scan.finish().to_bits(), whole.to_bits(), "chunks of {size}");
        }
    }

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
