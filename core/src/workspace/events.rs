//! The events.jsonl scanners (workspace.md): TotalCost, WorktreePath and the events check.
//!
//! Lines are split on `\n`, trimmed of Unicode White_Space, and decoded with Go's text rules;
//! a line that is not an object decodable into the fields a scanner reads is skipped. Each
//! scanner also takes the file in chunks with flat memory; reading the file is the fs layer's.

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

/// The longest line the scanners decode (64 MiB, the read limit of every other file): a longer
/// line is passed over as one that cannot be decoded, and is never held in memory whole.
pub const MAX_EVENT_LINE: usize = 64 << 20;

/// One line as the scanners see it: its bytes, or `None` for a line over [`MAX_EVENT_LINE`].
type Line<'a> = Option<&'a [u8]>;

/// A line's bytes when they fit in [`MAX_EVENT_LINE`].
fn fitting(line: &[u8]) -> Line<'_> {
    (line.len() <= MAX_EVENT_LINE).then_some(line)
}

/// The lines of a text fed in chunks: only the line still open at the end of a chunk is held
/// between chunks (at most [`MAX_EVENT_LINE`] bytes of it), so memory stays flat however long
/// the log grows. Lines are what `split(b'\n')` of the whole text yields, in order, the last
/// (possibly empty) one included.
#[derive(Debug, Default)]
struct ChunkLines {
    /// The bytes of the line still open at the end of the last chunk.
    carry: Vec<u8>,
    /// The open line grew past [`MAX_EVENT_LINE`]: its bytes are dropped until its end.
    overlong: bool,
}

impl ChunkLines {
    /// Feeds the next chunk: `line` gets the carried line this chunk completes (if a line was
    /// open), then `whole` gets the run of complete lines that follows (empty, or ending in
    /// `\n`); what is left open is carried.
    fn push<'c>(
        &mut self,
        chunk: &'c [u8],
        line: &mut dyn FnMut(Line<'_>),
        whole: &mut dyn FnMut(&'c [u8]),
    ) {
        let Some(last_nl) = memchr::memrchr(b'\n', chunk) else {
            self.carry_on(chunk);
            return;
        };
        let (done, open) = chunk.split_at(last_nl + 1);
        let mut rest = done;
        if !self.carry.is_empty() || self.overlong {
            let first_nl = memchr::memchr(b'\n', done).unwrap_or(last_nl);
            self.carry_on(done.get(..first_nl).unwrap_or_default());
            let mut carried = std::mem::take(&mut self.carry);
            line((!std::mem::take(&mut self.overlong)).then_some(carried.as_slice()));
            carried.clear();
            self.carry = carried;
            rest = done.get(first_nl + 1..).unwrap_or_default();
        }
        whole(rest);
        self.carry_on(open);
    }

    /// Adds bytes to the open line, or drops them once it is over the limit.
    fn carry_on(&mut self, bytes: &[u8]) {
        if self.overlong {
            return;
        }
        if self.carry.len() + bytes.len() > MAX_EVENT_LINE {
            self.overlong = true;
            self.carry = Vec::new();
        } else {
            self.carry.extend_from_slice(bytes);
        }
    }

    /// The last line: the bytes after the last `\n` (empty when the text ends in one).
    fn finish(mut self, line: &mut dyn FnMut(Line<'_>)) {
        let carried = std::mem::take(&mut self.carry);
        line((!self.overlong).then_some(carried.as_slice()));
    }
}

/// Each line of `text`, a run of complete lines (empty, or ending in `\n`).
fn each_whole_line(text: &[u8], f: &mut dyn FnMut(Line<'_>)) {
    let mut start = 0;
    for nl in memchr::memchr_iter(b'\n', text) {
        f(fitting(text.get(start..nl).unwrap_or_default()));
        start = nl + 1;
    }
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
    sum: CostSum,
    lines: ChunkLines,
}

/// The running sum of a [`TotalCostScan`].
#[derive(Debug, Default)]
struct CostSum(f64);

impl TotalCostScan {
    /// Adds the next chunk of the file.
    pub fn push(&mut self, chunk: &[u8]) {
        let sum = &mut self.sum;
        let mut run: &[u8] = &[];
        self.lines
            .push(chunk, &mut |l| sum.maybe_line(l), &mut |text| run = text);
        // The carried line was summed first, then the run of whole lines: the file's order.
        self.sum.lines(run);
    }

    /// The total after the last chunk (the unfinished last line counts as a line).
    pub fn finish(mut self) -> f64 {
        let sum = &mut self.sum;
        std::mem::take(&mut self.lines).finish(&mut |l| sum.maybe_line(l));
        self.sum.0
    }
}

impl CostSum {
    /// Decodes one line if it may be a `run-end` (an over-long line is not decoded).
    fn maybe_line(&mut self, line: Line<'_>) {
        if let Some(line) = line.filter(|l| may_be_run_end(l)) {
            self.line(line);
        }
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
            if let Some(line) = fitting(text.get(start..end).unwrap_or_default()) {
                self.line(line);
            }
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
                self.0 += s.cost_usd;
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
    let mut scan = WorktreeScan::default();
    scan.push(events);
    scan.finish()
}

/// [`worktree_path`] over a file read in chunks, with flat memory (only the open line and the
/// path found so far are held); the chunks of a text give exactly `worktree_path` of it.
///
/// ```
/// use fourx_core::workspace::{worktree_path, WorktreeScan};
///
/// let log = b"{\"type\":\"run-output\",\"detail\":\"worktree: /tmp/wt-1\"}\n";
/// let mut scan = WorktreeScan::default();
/// for chunk in log.chunks(5) {
///     scan.push(chunk);
/// }
/// assert_eq!(scan.finish(), "/tmp/wt-1");
/// assert_eq!(worktree_path(log), "/tmp/wt-1");
/// ```
#[derive(Debug, Default)]
pub struct WorktreeScan {
    found: Found,
    lines: ChunkLines,
}

/// The last worktree path seen by a [`WorktreeScan`].
#[derive(Debug, Default)]
struct Found(String);

impl Found {
    fn line(&mut self, line: Line<'_>) {
        if let Some(s) = line.and_then(|l| scan_line(l, &["type", "detail"])) {
            if s.event_type == RUN_OUTPUT {
                if let Some(rest) = s.detail.strip_prefix(WORKTREE_PREFIX) {
                    self.0 = rest.to_string();
                }
            }
        }
    }
}

impl WorktreeScan {
    /// Reads the next chunk of the file.
    pub fn push(&mut self, chunk: &[u8]) {
        let found = &mut self.found;
        let mut run: &[u8] = &[];
        self.lines
            .push(chunk, &mut |l| found.line(l), &mut |text| run = text);
        each_whole_line(run, &mut |l| self.found.line(l));
    }

    /// The path after the last chunk (the unfinished last line counts as a line).
    pub fn finish(mut self) -> String {
        let found = &mut self.found;
        std::mem::take(&mut self.lines).finish(&mut |l| found.line(l));
        self.found.0
    }
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
    let mut scan = EventsCheckScan::default();
    scan.push(events);
    scan.finish()
}

/// [`check_events`] over a file read in chunks: only the open line and the warnings are held,
/// and the chunks of a text give exactly `check_events` of it (same line numbers).
#[derive(Debug, Default)]
pub struct EventsCheckScan {
    check: Numbered,
    lines: ChunkLines,
}

/// The check so far and the number of the last line read.
#[derive(Debug, Default)]
struct Numbered {
    out: EventsCheck,
    n: usize,
}

impl EventsCheckScan {
    /// Reads the next chunk of the file.
    pub fn push(&mut self, chunk: &[u8]) {
        let check = &mut self.check;
        let mut run: &[u8] = &[];
        self.lines
            .push(chunk, &mut |l| check.line(l), &mut |text| run = text);
        each_whole_line(run, &mut |l| self.check.line(l));
    }

    /// The check after the last chunk (the unfinished last line counts as a line).
    pub fn finish(mut self) -> EventsCheck {
        let check = &mut self.check;
        std::mem::take(&mut self.lines).finish(&mut |l| check.line(l));
        self.check.out
    }
}

impl Numbered {
    fn line(&mut self, line: Line<'_>) {
        self.n += 1;
        let n = self.n;
        let out = &mut self.out;
        let Some(line) = line else {
            out.lines += 1;
            out.warnings.push(Warning::new(
                WarningKind::ParseError,
                EVENTS_FILE,
                format!("line {n}: longer than {MAX_EVENT_LINE} bytes; not decoded"),
            ));
            return;
        };
        let bytes = trim_space_bytes(line);
        if bytes.is_empty() {
            return;
        }
        out.lines += 1;
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

    /// The log the chunked scanners are checked on: matches, near misses, escapes, blank and
    /// broken lines, CRLF, an unfinished last line.
    fn mixed_log() -> String {
        let lines = [
            "{\"type\":\"run-output\",\"detail\":\"worktree: /a\"}",
            "{\"type\":\"run\\u002doutput\",\"detail\":\"worktree: /b\"}",
            "{\"type\":\"run-output\",\"detail\":\"no worktree\"}",
            "{\"type\":\"run-end\",\"costUsd\":1}",
            "",
            "not json",
            "  {\"type\":\"run-output\",\"detail\":\"worktree: /c\"}\r",
            "{\"type\":\"transition\",\"round\":\"x\"}",
        ];
        let mut log = String::new();
        for i in 0..60 {
            log.push_str(lines[(i * 5) % lines.len()]);
            log.push('\n');
        }
        log.push_str("{\"type\":\"run-output\",\"detail\":\"worktree: /last\"");
        log
    }

    #[test]
    fn worktree_path_streamed_in_any_chunks_equals_every_line_decoded() {
        // The rule read line by line over the whole text (the scanner before it streamed).
        let every_line = |text: &[u8]| {
            let mut found = String::new();
            for s in text
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
        };
        let log = mixed_log();
        let closed = format!("{log}}}\n");
        for text in [log.as_str(), closed.as_str(), &log[..log.len() / 2]] {
            let want = every_line(text.as_bytes());
            assert_eq!(worktree_path(text.as_bytes()), want);
            for size in [1, 2, 3, 17, 64, 1000] {
                let mut scan = WorktreeScan::default();
                for chunk in text.as_bytes().chunks(size) {
                    scan.push(chunk);
                }
                assert_eq!(scan.finish(), want, "chunks of {size}");
            }
        }
        assert_eq!(every_line(closed.as_bytes()), "/last");
    }

    #[test]
    fn check_events_streamed_in_any_chunks_numbers_lines_as_the_whole_text() {
        let log = mixed_log();
        let whole = check_events(log.as_bytes());
        // Each line checked alone, renumbered: what the whole text must report, in order.
        let mut want = EventsCheck::default();
        for (i, line) in log.as_bytes().split(|b| *b == b'\n').enumerate() {
            let one = check_events(line);
            want.lines += one.lines;
            want.events += one.events;
            for mut w in one.warnings {
                let rest = w
                    .message
                    .strip_prefix("line 1: ")
                    .expect("numbered")
                    .to_string();
                w.message = format!("line {}: {rest}", i + 1);
                want.warnings.push(w);
            }
        }
        assert_eq!(whole, want);
        assert!(whole.warnings.len() > 10 && whole.events > 10);
        assert!(whole
            .warnings
            .iter()
            .any(|w| w.message.starts_with("line 61: ")));
        for size in [1, 2, 3, 17, 64, 1000] {
            let mut scan = EventsCheckScan::default();
            for chunk in log.as_bytes().chunks(size) {
                scan.push(chunk);
            }
            assert_eq!(scan.finish(), whole, "chunks of {size}");
        }
    }

    /// A `kind` event line of exactly `len` bytes (padded in an ignored key).
    fn line_of(kind: &str, len: usize) -> Vec<u8> {
        let head =
            format!("{{\"type\":\"{kind}\",\"detail\":\"worktree: /long\",\"cost_usd\":1,\"x\":\"");
        let mut line = head.into_bytes();
        line.resize(len - 2, b'x');
        line.extend_from_slice(b"\"}");
        line
    }

    #[test]
    fn a_line_over_the_line_limit_is_passed_over_as_undecodable_in_chunks_or_whole() {
        let ok_line = b"{\"type\":\"run-output\",\"detail\":\"worktree: /ok\"}\n";
        let end = b"{\"type\":\"run-end\",\"cost_usd\":2}\n";
        for (kind, last) in [("run-output", true), ("run-end", false)] {
            let mut log = [ok_line.as_slice(), end].concat();
            log.extend_from_slice(&line_of(kind, MAX_EVENT_LINE + 1));
            if !last {
                log.push(b'\n');
            }
            let mut wt = WorktreeScan::default();
            let mut cost = TotalCostScan::default();
            let mut check = EventsCheckScan::default();
            for chunk in log.chunks(64 << 10) {
                wt.push(chunk);
                cost.push(chunk);
                check.push(chunk);
            }
            let (wt, cost, check) = (wt.finish(), cost.finish(), check.finish());
            assert_eq!((wt.as_str(), cost), ("/ok", 2.0), "{kind}");
            assert_eq!(worktree_path(&log), wt);
            assert_eq!(total_cost(&log), cost);
            assert_eq!(check_events(&log), check);
            assert_eq!((check.lines, check.events), (3, 2));
            let msg = &check.warnings[0].message;
            assert!(
                msg.starts_with("line 3: longer than 67108864 bytes"),
                "{msg}"
            );
        }
        assert_eq!(worktree_path(&line_of("run-output", 200)), "/long");
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_kept_whole_or_carried_across_chunks() {
        let mut text = vec![b'x'; MAX_EVENT_LINE];
        text.push(b'\n');
        text.extend_from_slice(&text.clone());
        text.pop();
        let mut lens = Vec::new();
        let mut lines = ChunkLines::default();
        for chunk in text.chunks(1 << 20) {
            lines.push(chunk, &mut |l| lens.push(l.map(<[u8]>::len)), &mut |run| {
                assert!(run.is_empty());
            });
        }
        lines.finish(&mut |l| lens.push(l.map(<[u8]>::len)));
        assert_eq!(lens, [Some(MAX_EVENT_LINE), Some(MAX_EVENT_LINE)]);
        let mut whole = Vec::new();
        each_whole_line(&text[..=MAX_EVENT_LINE], &mut |l| {
            whole.push(l.map(<[u8]>::len))
        });
        assert_eq!(whole, [Some(MAX_EVENT_LINE)]);
        text.insert(0, b'x');
        whole.clear();
        each_whole_line(&text[..=MAX_EVENT_LINE + 1], &mut |l| {
            whole.push(l.map(<[u8]>::len))
        });
        assert_eq!(whole, [None]);
    }

    #[test]
    fn worktree_takes_the_last_match_even_if_empty() {
        let t = b"{\"type\":\"run-output\",\"detail\":\"worktree: /a\"}\n{\"type\":\"run-output\",\"detail\":\"worktree: \"}\n";
        assert_eq!(worktree_path(t), "");
        let t = b"{\"type\":\"run-output\",\"detail\":\"worktree: /a\"}\n{\"type\":\"run-output\",\"detail\":7}\n";
        assert_eq!(worktree_path(t), "/a");
    }
}
