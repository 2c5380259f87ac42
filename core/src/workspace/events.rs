//! The events.jsonl scanners (workspace.md §6.2, §11): TotalCost and WorktreePath.
//!
//! Lines are split on `\n`, trimmed of Unicode White_Space, and decoded with Go's text rules;
//! a line that is not an object decodable into the fields a scanner reads is skipped. Reading
//! the file is the fs layer's.

use crate::protocol::codec::gojson_decode::{parse, DecodeError, GoValue};
use crate::protocol::codec::text::trim_space_bytes;

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
        let Some(last_nl) = chunk.iter().rposition(|b| *b == b'\n') else {
            self.carry.extend_from_slice(chunk);
            return;
        };
        let (done, open) = chunk.split_at(last_nl + 1);
        let mut lines = done
            .get(..last_nl)
            .unwrap_or_default()
            .split(|b| *b == b'\n');
        if !self.carry.is_empty() {
            let first = lines.next().unwrap_or_default();
            let mut line = std::mem::take(&mut self.carry);
            line.extend_from_slice(first);
            self.line(&line);
            line.clear();
            self.carry = line;
        }
        for line in lines {
            self.line(line);
        }
        self.carry.extend_from_slice(open);
    }

    /// The total after the last chunk (the unfinished last line counts as a line).
    pub fn finish(mut self) -> f64 {
        let last = std::mem::take(&mut self.carry);
        self.line(&last);
        self.sum
    }

    fn line(&mut self, line: &[u8]) {
        if let Some(s) = scan_line(line, &["type", "cost_usd"]) {
            if s.event_type == RUN_END {
                self.sum += s.cost_usd;
            }
        }
    }
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

#[cfg(test)]
mod tests {
    use super::*;

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
