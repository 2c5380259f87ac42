//! The contract blocks' YAML, read fast: agents write their Router Contract and Evidence Array
//! blocks in a small subset of YAML (block mappings of `KEY: value` lines, block sequences,
//! one-line `[...]` lists and `{}`, plain and simple quoted scalars). [`parse_json`] reads that
//! subset in one pass over the lines and gives exactly what the full YAML parser and core-schema
//! resolver (`core_schema::parse_json`) give; on anything outside the subset, or anything it is
//! not sure of, it hands the whole block to the full parser instead.
//!
//! Decides only which texts it reads itself; what a block means is its caller's.

use serde_json::{Map, Value};

use crate::protocol::codec::yaml::core_schema::{self, resolve_plain, CoreScalar};
use crate::protocol::codec::yaml::{Limits, YamlError};

/// Blocks above this size always go to the full parser (contract blocks are a few KB).
const MAX_FAST_BYTES: usize = 256 * 1024;

/// Nesting the fast path reads itself (the full parser's limit is far above it).
const MAX_FAST_DEPTH: usize = 16;

/// Parses one YAML document to JSON by the core schema, as `core_schema::parse_json` does:
/// through the subset reader when the text is in its subset and is a mapping, else through the
/// full parser.
pub(crate) fn parse_json(text: &str, limits: &Limits) -> Result<Value, YamlError> {
    match read(text, limits) {
        Some(v) => Ok(v),
        None => core_schema::parse_json(text, limits),
    }
}

/// The subset reader alone: `Some` only for a text in the subset whose top level is a mapping.
pub(crate) fn read(text: &str, limits: &Limits) -> Option<Value> {
    if text.len() > MAX_FAST_BYTES || text.len() > limits.max_bytes || limits.depth() < 4 {
        return None;
    }
    let mut lines = Vec::new();
    for line in text.split('\n') {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let content = line.get(indent..)?;
        if content.trim_end_matches(' ').is_empty() {
            continue;
        }
        if !content
            .bytes()
            .all(|b| (0x20..0x7f).contains(&b) || b >= 0x80)
        {
            return None;
        }
        // Comments, directives and document markers are the full parser's.
        if content.starts_with('#')
            || content.starts_with('%')
            || content.starts_with("---")
            || content.starts_with("...")
        {
            return None;
        }
        lines.push(Line { indent, content });
    }
    let top = lines.first()?.indent;
    let mut r = Reader {
        lines,
        pos: 0,
        nodes: 0,
    };
    if r.is_item(0) {
        return None;
    }
    let v = r.mapping(top, 1)?;
    (r.pos == r.lines.len() && r.nodes < limits.max_nodes).then_some(v)
}

#[derive(Debug, Clone, Copy)]
struct Line<'a> {
    /// Leading spaces.
    indent: usize,
    /// The rest of the line (not blank).
    content: &'a str,
}

struct Reader<'a> {
    lines: Vec<Line<'a>>,
    pos: usize,
    nodes: usize,
}

/// A block key: `[A-Za-z_][A-Za-z0-9_]*` that the core schema reads as a string, then `:` and a
/// space or the end of the line; returns the key and the rest after the `:`.
fn key(content: &str) -> Option<(&str, &str)> {
    let b = content.as_bytes();
    let first = *b.first()?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let end = b
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || c == b'_'))?;
    if b.get(end) != Some(&b':') || !matches!(b.get(end + 1), None | Some(b' ')) {
        return None;
    }
    let k = content.get(..end)?;
    // YAML caps an implicit key at 1024 characters; the subset stays well under it.
    if k.len() > 256 || resolve_plain(k) != CoreScalar::Str {
        return None;
    }
    Some((k, content.get(end + 1..)?))
}

/// A printable character the subset takes inside a quoted scalar (YAML's printable set, less
/// the line and paragraph separators, NEL and the byte-order mark).
fn quoted_char_ok(c: char) -> bool {
    c.is_ascii()
        || (c >= '\u{a0}'
            && !matches!(
                c,
                '\u{2028}' | '\u{2029}' | '\u{feff}' | '\u{fffe}' | '\u{ffff}'
            ))
}

/// A one-line `"..."` (no `\` escapes) or `'...'` (no `''`) scalar at the start of `s`, and the
/// rest after its closing quote.
fn quoted(s: &str) -> Option<(String, &str)> {
    let q = s.chars().next().filter(|&c| c == '"' || c == '\'')?;
    let body = s.get(1..)?;
    let close = body.find(q)?;
    let inner = body.get(..close)?;
    if (q == '"' && inner.contains('\\')) || !inner.chars().all(quoted_char_ok) {
        return None;
    }
    Some((inner.to_string(), body.get(close + 1..)?))
}

/// A plain scalar resolved by the core schema: null, a boolean, an integer that fits i64 or u64,
/// or a string; floats go to the full parser.
fn plain(text: &str) -> Option<Value> {
    Some(match resolve_plain(text) {
        CoreScalar::Null => Value::Null,
        CoreScalar::Bool(b) => Value::Bool(b),
        CoreScalar::Int(i) => {
            if let Ok(v) = i64::try_from(i) {
                Value::from(v)
            } else {
                Value::from(u64::try_from(i).ok()?)
            }
        }
        CoreScalar::Float(_) => return None,
        CoreScalar::Str => Value::String(text.to_string()),
    })
}

/// A block-context plain scalar on one line: ASCII, no indicator first, no `: `, ` #` or final
/// `:` (`text` is trimmed).
fn block_plain(text: &str) -> Option<Value> {
    let first = *text.as_bytes().first()?;
    if !text.is_ascii()
        || b"-?:,[]{}#&*!|>'\"%@`.~".contains(&first)
        || text.contains(": ")
        || text.contains(" #")
        || text.ends_with(':')
    {
        // `~` alone is null; the full parser decides every other leading-indicator scalar.
        return if text == "~" { Some(Value::Null) } else { None };
    }
    plain(text)
}

/// An unquoted item of a one-line flow list: a conservative character set, no indicators.
fn flow_plain(text: &str) -> Option<Value> {
    let first = *text.as_bytes().first()?;
    let ok = |c: u8| c.is_ascii_alphanumeric() || b" _./+-=();@".contains(&c);
    if !(first.is_ascii_alphanumeric() || first == b'_' || first == b'/') || !text.bytes().all(ok) {
        return None;
    }
    plain(text)
}

/// `[a, "b", 'c']` on one line (no nesting, no trailing comma) or `[]`.
fn flow_list(s: &str) -> Option<Value> {
    let inner = s.strip_prefix('[')?.strip_suffix(']')?;
    let mut out = Vec::new();
    let mut rest = inner.trim_start_matches(' ');
    if rest.is_empty() {
        return Some(Value::Array(out));
    }
    loop {
        let after = if rest.starts_with('"') || rest.starts_with('\'') {
            let (v, after) = quoted(rest)?;
            out.push(Value::String(v));
            after
        } else {
            let end = rest.find(',').unwrap_or(rest.len());
            out.push(flow_plain(rest.get(..end)?.trim_end_matches(' '))?);
            rest.get(end..)?
        };
        let after = after.trim_start_matches(' ');
        if after.is_empty() {
            return Some(Value::Array(out));
        }
        rest = after.strip_prefix(',')?.trim_start_matches(' ');
        if rest.is_empty() {
            return None;
        }
    }
}

/// The value written after `KEY: ` or `- ` on the same line (`s` not empty, not padded).
fn inline(s: &str) -> Option<Value> {
    match s.as_bytes().first()? {
        b'"' | b'\'' => {
            let (v, after) = quoted(s)?;
            after.is_empty().then_some(Value::String(v))
        }
        b'[' => flow_list(s),
        b'{' => (s == "{}").then(|| Value::Object(Map::new())),
        _ => block_plain(s),
    }
}

impl<'a> Reader<'a> {
    fn line(&self, i: usize) -> Option<Line<'a>> {
        self.lines.get(i).copied()
    }

    /// Whether line `i` is a block-sequence entry (`- …`).
    fn is_item(&self, i: usize) -> bool {
        self.line(i)
            .is_some_and(|l| l.content.starts_with("- ") || l.content == "-")
    }

    /// The block node starting at the current line, whose indent is `indent`.
    fn block(&mut self, indent: usize, depth: usize) -> Option<Value> {
        if depth > MAX_FAST_DEPTH {
            return None;
        }
        if self.is_item(self.pos) {
            self.sequence(indent, depth)
        } else {
            self.mapping(indent, depth)
        }
    }

    /// After a one-line value: the next line must not be more indented (a continuation).
    fn no_continuation(&self, indent: usize) -> Option<()> {
        match self.line(self.pos) {
            Some(l) if l.indent > indent => None,
            _ => Some(()),
        }
    }

    /// The value after `KEY:` with nothing else on its line: a nested block, a sequence at the
    /// key's own indent, or null.
    fn nested(&mut self, indent: usize, depth: usize) -> Option<Value> {
        match self.line(self.pos) {
            Some(l) if l.indent > indent => self.block(l.indent, depth),
            Some(l) if l.indent == indent && self.is_item(self.pos) => self.sequence(indent, depth),
            _ => Some(Value::Null),
        }
    }

    /// A block mapping whose keys are at `indent`, from the current line.
    fn mapping(&mut self, indent: usize, depth: usize) -> Option<Value> {
        let mut out = Map::new();
        while let Some(l) = self.line(self.pos) {
            if l.indent < indent {
                break;
            }
            if l.indent > indent || self.is_item(self.pos) {
                return None;
            }
            let (k, rest) = key(l.content)?;
            if out.contains_key(k) {
                return None;
            }
            self.pos += 1;
            self.nodes += 2;
            let rest = rest.trim_matches(' ');
            let v = if rest.is_empty() {
                self.nested(indent, depth + 1)?
            } else {
                let v = inline(rest)?;
                self.no_continuation(indent)?;
                v
            };
            out.insert(k.to_string(), v);
        }
        Some(Value::Object(out))
    }

    /// A block sequence whose `-` are at `indent`, from the current line.
    fn sequence(&mut self, indent: usize, depth: usize) -> Option<Value> {
        let mut out = Vec::new();
        while let Some(l) = self.line(self.pos) {
            // A line at the sequence's indent that is no entry ends it (a sequence written at
            // its key's own indent); the caller decides whether that line fits.
            if l.indent < indent || (l.indent == indent && !self.is_item(self.pos)) {
                break;
            }
            if l.indent > indent {
                return None;
            }
            let body = l.content.get(2..)?;
            let pad = body.len() - body.trim_start_matches(' ').len();
            let item = body.get(pad..)?.trim_end_matches(' ');
            self.nodes += 1;
            if item.is_empty() || item.starts_with("- ") || item == "-" {
                return None;
            }
            if key(item).is_some() {
                // A compact mapping: its first key on the `- ` line, the others under it.
                let at = indent + 2 + pad;
                if let Some(slot) = self.lines.get_mut(self.pos) {
                    *slot = Line {
                        indent: at,
                        content: item,
                    };
                }
                out.push(self.mapping(at, depth + 1)?);
            } else {
                self.pos += 1;
                out.push(inline(item)?);
                self.no_continuation(indent)?;
            }
        }
        Some(Value::Array(out))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn full(text: &str) -> Option<Value> {
        core_schema::parse_json(text, &Limits::UNTRUSTED).ok()
    }

    /// Every fast answer is the full parser's.
    fn agrees(text: &str) -> Result<(), TestCaseError> {
        if let Some(v) = read(text, &Limits::UNTRUSTED) {
            prop_assert_eq!(Some(v), full(text), "{:?}", text);
        }
        Ok(())
    }

    #[test]
    fn the_contract_subset_is_read_and_equals_the_full_parser() {
        for text in [
            "STATUS: PASS\nCONFIDENCE: 90\nPHASE_EXIT_READY: true\nREASON: null\n",
            "INPUTS: [\"a, b\", c d, 'e']\nEMPTY: []\n",
            "MEMORY_NOTES:\n  learnings: [\"x\"]\n  deferred: []\n",
            "SCENARIOS:\n  - name: \"n\"\n    exit_code: 0\n  - plain item\nNOTES: {}\n",
            "BIG: 18446744073709551615\n",
            "TOP:\n- a\n- \"b\"\nLAST:\n",
            "EVIDENCE:\n  scenarios:\n    - \"a | b -> exit 0 | é\"\n  regressions: []\n",
        ] {
            let v = read(text, &Limits::UNTRUSTED);
            assert!(v.is_some(), "not read: {text:?}");
            assert_eq!(v, full(text), "{text:?}");
        }
    }

    #[test]
    fn anything_outside_the_subset_goes_to_the_full_parser() {
        for text in [
            "a: 1 # comment\n",
            "a: \"x\\ty\"\n",
            "a: &x 1\nb: *x\n",
            "a: !!str 1\n",
            "a: |\n  text\n",
            "a: b\n  continued\n",
            "a: 1.5\n",
            "a: [[1]]\n",
            "a: {b: 1}\n",
            "a: 1\na: 2\n",
            "true: 1\n",
            "- a\n",
            "scalar\n",
            "---\na: 1\n",
            "a:\tb\n",
            "a: -1\n",
            "\"a\": 1\n",
            "a: [x,]\n",
            "a:\n    b: 1\n  c: 2\n",
            "a: 'it''s'\n",
            "a: \"\u{2028}\"\n",
        ] {
            assert_eq!(read(text, &Limits::UNTRUSTED), None, "{text:?}");
        }
    }

    /// Lines in and around the subset: keys, nested blocks, sequences, quoted and plain scalars,
    /// lists, odd indents, and a few of the constructs that must fall back.
    fn yaml() -> impl Strategy<Value = String> {
        let key = prop_oneof![
            Just("A"),
            Just("B_2"),
            Just("name"),
            Just("null"),
            Just("True"),
            Just("x"),
        ];
        let value = prop_oneof![
            Just(""),
            Just(" 1"),
            Just(" 0x1F"),
            Just(" -3"),
            Just(" 007"),
            Just(" 99999999999999999999"),
            Just(" 1e3"),
            Just(" true"),
            Just(" False"),
            Just(" ~"),
            Just(" NULL"),
            Just(" yes"),
            Just(" plain text, with commas"),
            Just(" a: b"),
            Just(" a #b"),
            Just(" a#b"),
            Just(" \"quoted: # text\""),
            Just(" \"é — ok\""),
            Just(" 'single'"),
            Just(" \"x\" y"),
            Just(" []"),
            Just(" [a, \"b, c\", 1, true, null]"),
            Just(" [ a ,b ]"),
            Just(" [a b]"),
            Just(" {}"),
            Just(" { }"),
            Just(" [x, [y]]"),
            Just(" |"),
            Just(" &a x"),
            Just(" *a"),
            Just(":x"),
            Just(" trailing  "),
        ];
        let line = prop_oneof![
            (0usize..7, key.clone(), value.clone())
                .prop_map(|(i, k, v)| format!("{}{k}:{v}", " ".repeat(i))),
            (0usize..7, key, value.clone())
                .prop_map(|(i, k, v)| format!("{}- {k}:{v}", " ".repeat(i))),
            (0usize..7, value).prop_map(|(i, v)| format!("{}-{v}", " ".repeat(i))),
            Just(String::new()),
            Just("   ".to_string()),
            Just("# comment".to_string()),
            Just("  continued".to_string()),
        ];
        proptest::collection::vec(line, 1..14).prop_map(|ls| ls.join("\n") + "\n")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        /// On generated blocks in and around the subset, the reader answers only what the full
        /// parser answers.
        #[test]
        fn the_subset_reader_agrees_with_the_full_parser(text in yaml()) {
            agrees(&text)?;
        }
    }
}
