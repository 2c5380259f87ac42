//! The yaml.v3-compatible resolver (features.md): plain scalars resolve as `gopkg.in/yaml.v3`
//! v3.0.1 resolves them (YAML 1.1 leftovers included: `017` is octal, `1_000` is an int, dates are
//! timestamps), and a [`Decoder`] converts nodes into Go field types with yaml.v3's conversion
//! rules (any scalar into a string as written, `yes`/`on` into a typed bool, floats truncated into
//! ints, merge keys, unique keys, a budget on alias expansion). Which fields exist and what a
//! failure is called is the caller's.

use std::cell::{Cell, RefCell};
use std::collections::{HashMap, HashSet};

use super::v3_scan::{check_after_first_document, TabLines, TabMode};
pub use super::v3_text::{prepare, Prepared};
use super::v3_text::{refold, restore_block, scan_block, FlowStyle};
use super::{
    parse_stream, CollectionStyle, Document, Limits, Node, NodeId, NodeKind, ScalarStyle,
    YamlError, YamlErrorKind,
};
use crate::protocol::codec::time::days_in_month;

/// Largest feature or test-strategy YAML text accepted: 4 MiB.
pub const MAX_BYTES: usize = 4 * 1024 * 1024;

/// Most nodes alias expansion may produce in one document.
pub const MAX_ALIAS_EXPANSIONS: usize = 100_000;

/// Deepest chain of merge keys followed while building one mapping.
const MAX_MERGE_DEPTH: usize = 64;

/// The budgets for feature files: 4 MiB, depth 64, one node per byte at most, 100,000
/// alias-expanded nodes.
pub const LIMITS: Limits = Limits {
    max_bytes: MAX_BYTES,
    max_depth: 64,
    max_nodes: MAX_BYTES,
    max_alias_expansions: MAX_ALIAS_EXPANSIONS,
};

/// What a plain scalar resolves to under yaml.v3's rules.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Resolved {
    /// `""`, `~`, `null`, `Null`, `NULL`.
    Null,
    /// `true`/`True`/`TRUE`/`false`/`False`/`FALSE`.
    Bool(bool),
    /// A signed 64-bit integer (Go base-prefix syntax, `_` removed, leading `0` = octal).
    Int(i64),
    /// An integer ≥ 2^63 that fits an unsigned 64-bit integer.
    Uint(u64),
    /// A float (`.inf`, `.nan`, `1e3`, `.5`, out-of-int-range integers).
    Float(f64),
    /// A date or date-time (`2024-01-01`).
    Timestamp,
    /// `<<`, the merge key.
    Merge,
    /// Anything else.
    Str,
}

/// Resolves the text of a plain, untagged scalar.
pub fn resolve_plain(text: &str) -> Resolved {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Resolved::Null,
        "true" | "True" | "TRUE" => return Resolved::Bool(true),
        "false" | "False" | "FALSE" => return Resolved::Bool(false),
        ".nan" | ".NaN" | ".NAN" => return Resolved::Float(f64::NAN),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => {
            return Resolved::Float(f64::INFINITY)
        }
        "-.inf" | "-.Inf" | "-.INF" => return Resolved::Float(f64::NEG_INFINITY),
        "<<" => return Resolved::Merge,
        _ => {}
    }
    let Some(&first) = text.as_bytes().first() else {
        return Resolved::Null;
    };
    match first {
        b'.' => {
            if is_dot_float(text) {
                if let Ok(f) = text.parse::<f64>() {
                    return Resolved::Float(f);
                }
            }
            Resolved::Str
        }
        b'0'..=b'9' | b'+' | b'-' => resolve_number(text),
        _ => Resolved::Str,
    }
}

/// `.` followed by digits and an optional exponent (what Go's ParseFloat accepts after a dot).
fn is_dot_float(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 1;
    let start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    if i == start {
        return false;
    }
    exponent_ok(b, i)
}

/// Whether `b[i..]` is empty or a valid exponent `[eE][-+]?[0-9]+`.
fn exponent_ok(b: &[u8], mut i: usize) -> bool {
    if i == b.len() {
        return true;
    }
    if b[i] != b'e' && b[i] != b'E' {
        return false;
    }
    i += 1;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    let start = i;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    i > start && i == b.len()
}

fn resolve_number(text: &str) -> Resolved {
    if is_timestamp(text) {
        return Resolved::Timestamp;
    }
    let plain: String = text.chars().filter(|&c| c != '_').collect();
    if let Some(i) = parse_go_int(&plain) {
        return Resolved::Int(i);
    }
    if let Some(u) = parse_go_uint(&plain) {
        return Resolved::Uint(u);
    }
    if is_yaml_style_float(&plain) {
        if let Ok(f) = plain.parse::<f64>() {
            if f.is_finite() {
                return Resolved::Float(f);
            }
        }
    }
    Resolved::Str
}

/// `^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$`
fn is_yaml_style_float(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return false;
        }
    } else {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return false;
        }
        if i < b.len() && b[i] == b'.' {
            i += 1;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
        }
    }
    exponent_ok(b, i)
}

/// The digits of `s` in `base`, as u64; `None` when empty, not digits or out of range.
fn parse_digits(s: &str, base: u32) -> Option<u64> {
    if s.is_empty() {
        return None;
    }
    let mut v: u64 = 0;
    for c in s.chars() {
        let d = c.to_digit(base)?;
        v = v.checked_mul(u64::from(base))?.checked_add(u64::from(d))?;
    }
    Some(v)
}

/// Go `strconv.ParseUint(s, 0, 64)` for text without underscores: no sign; `0x`, `0o`, `0b`
/// prefixes; a leading `0` means octal.
fn parse_go_uint(s: &str) -> Option<u64> {
    let b = s.as_bytes();
    if b.len() >= 2 && b[0] == b'0' {
        match b[1] {
            b'x' | b'X' => return parse_digits(&s[2..], 16),
            b'o' | b'O' => return parse_digits(&s[2..], 8),
            b'b' | b'B' => return parse_digits(&s[2..], 2),
            _ => return parse_digits(&s[1..], 8),
        }
    }
    parse_digits(s, 10)
}

/// Go `strconv.ParseInt(s, 0, 64)` for text without underscores.
fn parse_go_int(s: &str) -> Option<i64> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let u = parse_go_uint(body)?;
    if neg {
        if u <= (i64::MAX as u64) + 1 {
            Some((u as i128).wrapping_neg() as i64)
        } else {
            None
        }
    } else {
        i64::try_from(u).ok()
    }
}

/// Whether `s` is a yaml.v3 timestamp: exactly four digits and `-`, then one of Go's layouts
/// `2006-1-2T15:4:5.999999999Z07:00`, `2006-1-2t15:4:5.999999999Z07:00`,
/// `2006-1-2 15:4:5.999999999` or `2006-1-2`, with Go's range checks.
pub fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return false;
    }
    let year = i64::from(b[0] - b'0') * 1000
        + i64::from(b[1] - b'0') * 100
        + i64::from(b[2] - b'0') * 10
        + i64::from(b[3] - b'0');
    let mut i = 5;
    let Some(month) = num12(b, &mut i) else {
        return false;
    };
    if i >= b.len() || b[i] != b'-' {
        return false;
    }
    i += 1;
    let Some(day) = num12(b, &mut i) else {
        return false;
    };
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return false;
    }
    if i == b.len() {
        return true;
    }
    let sep = b[i];
    if sep != b'T' && sep != b't' && sep != b' ' {
        return false;
    }
    i += 1;
    let Some(h) = num12(b, &mut i) else {
        return false;
    };
    if i >= b.len() || b[i] != b':' {
        return false;
    }
    i += 1;
    let Some(m) = num12(b, &mut i) else {
        return false;
    };
    if i >= b.len() || b[i] != b':' {
        return false;
    }
    i += 1;
    let Some(sec) = num12(b, &mut i) else {
        return false;
    };
    if h >= 24 || m >= 60 || sec >= 60 {
        return false;
    }
    // Optional fraction: `.` or `,` then at least one digit.
    if i + 1 < b.len() && (b[i] == b'.' || b[i] == b',') && b[i + 1].is_ascii_digit() {
        i += 1;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
    }
    if sep == b' ' {
        return i == b.len();
    }
    // Zone: `Z` or `±hh:mm`.
    let rest = &b[i..];
    if rest == b"Z" {
        return true;
    }
    if rest.len() == 6
        && (rest[0] == b'+' || rest[0] == b'-')
        && rest[1].is_ascii_digit()
        && rest[2].is_ascii_digit()
        && rest[3] == b':'
        && rest[4].is_ascii_digit()
        && rest[5].is_ascii_digit()
    {
        let hh = (rest[1] - b'0') * 10 + (rest[2] - b'0');
        let mm = (rest[4] - b'0') * 10 + (rest[5] - b'0');
        return hh <= 24 && mm <= 60;
    }
    false
}

/// One or two digits (Go's non-fixed `getnum`).
fn num12(b: &[u8], i: &mut usize) -> Option<i64> {
    let d0 = *b.get(*i)?;
    if !d0.is_ascii_digit() {
        return None;
    }
    *i += 1;
    let mut v = i64::from(d0 - b'0');
    if let Some(&d1) = b.get(*i) {
        if d1.is_ascii_digit() {
            v = v * 10 + i64::from(d1 - b'0');
            *i += 1;
        }
    }
    Some(v)
}

/// The byte offset of the line that starts the second document: after the first content line,
/// the first line beginning at column 0 with a `---` or `...` marker followed by a space, a tab
/// or the end of the line. Such a line ends the first document wherever it appears (YAML
/// forbids document markers inside content at column 0).
fn second_document_start(src: &str) -> Option<usize> {
    let mut offset = 0;
    let mut seen_content = false;
    for line in src.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let marker = ["---", "..."].iter().any(|m| {
            body.strip_prefix(m)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with([' ', '\t']))
        });
        if marker && seen_content {
            return Some(offset);
        }
        let t = body.trim_start();
        if !marker && !t.is_empty() && !t.starts_with('#') && !t.starts_with('%') {
            seen_content = true;
        }
        if marker && body.starts_with("---") && body.len() > 3 && !body[3..].trim().is_empty() {
            // `--- value` starts the first document with content on the marker line.
            seen_content = true;
        }
        offset += line.len();
    }
    None
}

/// yaml.v3's scanner reads a tag as `!` followed by every URI character — `,`, `[` and `]`
/// included, even in flow context — and then requires a blank or the end of the line, so in a
/// flow collection `[!!str]`, `[a, !]` and `{a: !x}` fail ("did not find expected whitespace or
/// line break", or the collection is left unclosed) where YAML 1.2 ends the tag at the
/// indicator. This scan follows flow nesting
/// (outside quotes, comments and block-scalar content) and applies that rule to every tag that
/// starts a flow token.
fn check_flow_tags(text: &str, block_lines: &[(usize, usize)]) -> Result<(), YamlError> {
    let uri = |c: char| c.is_ascii_alphanumeric() || "-_;/?:@&=+$,.!~*'()[]%".contains(c);
    // Block-scalar content is text, not tokens: blank it out (keeping the line breaks).
    let mut owned = text.to_string();
    for &(a, z) in block_lines.iter().rev() {
        let z = z.min(owned.len());
        if owned.is_char_boundary(a) && owned.is_char_boundary(z) {
            owned.replace_range(a..z, "");
        }
    }
    let b: Vec<char> = owned.chars().collect();
    let (mut depth, mut i, mut token_start) = (0usize, 0usize, true);
    let mut prev = '\n';
    while i < b.len() {
        let c = b[i];
        match c {
            '#' if prev == ' ' || prev == '\t' || prev == '\n' => {
                while i < b.len() && b[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '\'' | '"' if token_start => {
                let q = c;
                i += 1;
                while i < b.len() {
                    if b[i] == '\\' && q == '"' {
                        i += 2;
                        continue;
                    }
                    if b[i] == q {
                        if q == '\'' && b.get(i + 1) == Some(&'\'') {
                            i += 2;
                            continue;
                        }
                        break;
                    }
                    i += 1;
                }
                token_start = false;
            }
            '[' | '{' if token_start || depth > 0 && prev != '\\' && at_flow_token(&b, i) => {
                depth += 1;
                token_start = true;
            }
            ']' | '}' => {
                depth = depth.saturating_sub(1);
                token_start = false;
            }
            ',' if depth > 0 => token_start = true,
            '\n' if depth == 0 => token_start = true,
            ' ' | '\t' | '\n' | '\r' => {}
            '-' | '?' if depth == 0 && matches!(b.get(i + 1), Some(' ' | '\t' | '\n')) => {
                token_start = true
            }
            ':' if depth == 0 && matches!(b.get(i + 1), Some(' ' | '\t' | '\n' | '\r')) => {
                token_start = true
            }
            ':' if depth > 0 && matches!(b.get(i + 1), Some(' ' | '\t' | '\n' | '\r')) => {
                // A value indicator where a flow entry starts has no key: yaml.v3 refuses it.
                if token_start && matches!(prev_token(&b, i), Some('[' | ',')) {
                    return Err(YamlError {
                        kind: YamlErrorKind::Syntax,
                        message: "did not find expected node content".into(),
                        position: None,
                    });
                }
                token_start = true
            }
            '!' if depth > 0 && token_start => {
                let mut j = i + 1;
                while j < b.len() && uri(b[j]) {
                    j += 1;
                }
                let swallowed = b[i..j].iter().any(|c| matches!(c, ',' | '[' | ']'));
                if swallowed || (j < b.len() && !matches!(b[j], ' ' | '\t' | '\n' | '\r')) {
                    return Err(YamlError {
                        kind: YamlErrorKind::Syntax,
                        message:
                            "while scanning a tag: did not find expected whitespace or line break"
                                .into(),
                        position: None,
                    });
                }
                i = j;
                token_start = false;
                prev = '!';
                continue;
            }
            _ => token_start = false,
        }
        prev = c;
        i += 1;
    }
    Ok(())
}

/// Whether the flow indicator at `i` starts a token (it follows a flow indicator, possibly after
/// blanks), as opposed to sitting inside a plain scalar.
fn at_flow_token(b: &[char], i: usize) -> bool {
    b[..i]
        .iter()
        .rev()
        .find(|c| !matches!(c, ' ' | '\t' | '\n' | '\r'))
        .is_none_or(|c| matches!(c, '[' | '{' | ','))
}

/// The last non-blank character before `i`.
fn prev_token(b: &[char], i: usize) -> Option<char> {
    b[..i]
        .iter()
        .rev()
        .find(|c| !matches!(c, ' ' | '\t' | '\n' | '\r'))
        .copied()
}

/// Two block-context rules of yaml.v3's scanner that YAML 1.2 does not have, checked line by
/// line outside block scalars: after a `-` entry indicator, tabs are not separation (yaml.v3
/// eats tabs only in flow context or where no simple key may start: `- \t` and `- \tx` fail
/// with "found character that cannot start any token"); and a `:` value indicator with no key
/// before it (`: x`, `- : x`) fails with "did not find expected key".
/// Also returns the byte offsets of the block-scalar headers (`|`/`>`) it saw, ascending.
/// Also returns where the first document's root node ends before the text does (see
/// [`RootEnd`]).
type BlockLines = (Vec<(usize, usize)>, Vec<usize>, Option<RootEnd>);

/// Where the root node of the first document ends with text after it and no document marker
/// between: yaml.v3's parser ends the document there (the text after it is scanned only as far
/// as its lookahead reaches). A block root indented by `n` ends at the first line indented less
/// that holds a token; a flow root ends at its closing bracket unless a `:` follows (then it is a
/// key of a block mapping).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RootEnd {
    /// Byte offset of the first character after the root.
    pub at: usize,
    /// Whether a simple key may start there (at the start of a line; not after a bracket).
    pub key_allowed: bool,
}

/// The root node of the first document, as far as [`check_block_lines`] has seen it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Root {
    /// No token yet.
    Unseen,
    /// A block node whose first token is at this column.
    Block(usize),
    /// A flow collection still open.
    Flow,
    /// Nothing more to learn (the root runs to the end of the text or a marker).
    Settled,
}

/// The last token of a block-context line, as far as the next line's tab rules care.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LastToken {
    /// No token (a blank or comment-only line).
    None,
    /// A plain scalar.
    Plain,
    /// A `- ` sequence entry indicator.
    Entry,
    /// A `---` or `...` document marker.
    Marker,
    /// Any other token (quoted scalar, flow indicator, `:`, `?`, anchor, tag, alias).
    Other,
}

/// YAML's white space (`s-white`): the space and the tab, nothing else. A no-break space or
/// any other Unicode space is content, so Rust's `trim` must not decide what a blank line is.
const WHITE: [char; 2] = [' ', '\t'];

/// Whether a line holds only [`WHITE`] (a blank line; `" \u{a0}"` is not one).
fn is_white(s: &str) -> bool {
    s.chars().all(|c| WHITE.contains(&c))
}

fn check_block_lines(text: &str) -> Result<BlockLines, YamlError> {
    let mut block_lines = Vec::new();
    let mut headers = Vec::new();
    let mut offset = 0usize;
    let syntax = |message: &str| YamlError {
        kind: YamlErrorKind::Syntax,
        message: message.into(),
        position: None,
    };
    // The block scalar we are in: the indentation of the line that opened it and, once seen,
    // of its first content line.
    let mut block: Option<(usize, Option<usize>)> = None;
    let mut depth = 0usize;
    // Indentation of the previous line when it held an explicit `?` key.
    let mut question: Option<usize> = None;
    // A quoted scalar still open at the end of the previous line.
    let mut in_quote: Option<char> = None;
    let mut tabs = TabLines::new();
    let mut root = Root::Unseen;
    let mut root_end = None;
    'lines: for raw_line in text.split('\n') {
        let line_start = offset;
        offset += raw_line.len() + 1;
        let line = raw_line.strip_suffix('\r').unwrap_or(raw_line);
        if let Some(q) = in_quote {
            // A continuation line of a quoted scalar: no block rule applies; find its end.
            let mut chars = line.chars().peekable();
            while let Some(c) = chars.next() {
                if q == '"' && c == '\\' {
                    chars.next();
                } else if c == q {
                    if q == '\'' && chars.peek() == Some(&'\'') {
                        chars.next();
                        continue;
                    }
                    in_quote = None;
                    break;
                }
            }
            if in_quote.is_some() {
                continue;
            }
            // The rest of the line after the closing quote is rare enough to skip as well.
            tabs.mode = TabMode::Normal;
            continue;
        }
        let indent = line.len() - line.trim_start_matches(' ').len();
        let body = &line[indent..];
        if let Some((parent, content)) = block {
            // Inside while blank, or indented past the parent before the content indentation
            // is known, or at least as far as the content once it is.
            if is_white(body) || content.map_or(indent > parent, |c| indent >= c) {
                // yaml.v3 refuses a tab among the indentation spaces of a block scalar line
                // (before its content indentation is known, or below it).
                if body.starts_with('\t') && content.is_none_or(|c| indent < c) {
                    return Err(syntax(
                        "found a tab character where an indentation space is expected",
                    ));
                }
                if content.is_none() && !is_white(body) {
                    block = Some((parent, Some(indent)));
                }
                block_lines.push((line_start, line_start + raw_line.len()));
                continue;
            }
            block = None;
        }
        let trimmed = line.trim_start_matches([' ', '\t']);
        let empty = trimmed.is_empty() || trimmed.starts_with('#');
        if let (Root::Block(col), 0, false) = (root, depth, empty) {
            if indent < col {
                // The root ends before this line: the blanks before its first token are still
                // read by the scanner that read the root's last token.
                if !matches!(tabs.mode, TabMode::Normal) {
                    tabs.content_line(line)?;
                }
                root_end = Some(RootEnd {
                    at: line_start,
                    key_allowed: true,
                });
                break;
            }
        }
        let previous_mode = tabs.mode;
        // A line that continues a plain scalar (at or right of its indentation, with no `: `
        // that would end it) is text: no indicator, bracket or quote on it counts. A ` #`
        // comment ends the scalar; the comment is then reached between tokens.
        if let (TabMode::Plain(ind), 0, false) = (previous_mode, depth, empty) {
            let col = line.len() - trimmed.len();
            let ends_at_value = trimmed.starts_with(':')
                || trimmed.contains(": ")
                || trimmed.contains(":\t")
                || trimmed.ends_with(':');
            let is_marker = indent == 0
                && ["---", "..."].iter().any(|m| {
                    body.strip_prefix(m)
                        .is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t']))
                });
            if col >= ind && !ends_at_value && !is_marker {
                tabs.content_line(line)?;
                let comment = trimmed.contains(" #") || trimmed.contains("\t#");
                tabs.mode = if comment {
                    TabMode::Comments {
                        gap: raw_line.len() + 1 - line.len(),
                        pending: false,
                    }
                } else {
                    TabMode::Plain(ind)
                };
                continue;
            }
        }
        let mut key_col = indent;
        if depth == 0 {
            let tabs_ok = if empty {
                tabs.empty_line(line, raw_line.len() + 1)?;
                true
            } else {
                tabs.content_line(line)?
            };
            let mut rest = body;
            while let Some(after) = rest.strip_prefix('-') {
                if !(after.is_empty() || after.starts_with([' ', '\t'])) {
                    break;
                }
                let blanks = &after[..after.len() - after.trim_start_matches([' ', '\t']).len()];
                if blanks.contains('\t') {
                    return Err(syntax("found character that cannot start any token"));
                }
                rest = &after[blanks.len()..];
            }
            if let Some(after) = rest.strip_prefix(':') {
                let explicit_key = question == Some(indent);
                if (after.is_empty() || after.starts_with([' ', '\t'])) && !explicit_key {
                    return Err(syntax("did not find expected key"));
                }
            }
            key_col = indent + (body.len() - rest.len());
            let lead_tab_skipped = tabs_ok && rest.len() == body.len();
            if rest.starts_with('\t')
                && !rest.trim_start_matches(WHITE).starts_with('#')
                && !lead_tab_skipped
            {
                return Err(syntax("found character that cannot start any token"));
            }
            if !is_white(body) && question.is_none_or(|q| indent <= q) {
                question = body.starts_with('?').then_some(indent);
            }
        }
        // Flow nesting and block-scalar headers on this line (quotes and comments skipped).
        // A quote or a flow indicator counts only where a token may start: at the start of
        // the line, after an indicator followed by a blank (`: `, `- `, `? `), and inside a
        // flow collection after `[`, `{` or `,` — never inside a plain scalar.
        let mut content_end = body.len();
        let mut tok = true;
        let chars: Vec<(usize, char)> = body.char_indices().collect();
        let mut k = 0;
        // The last token of the line, for the next line's tab rules.
        let line_depth = depth;
        let mut last_token = LastToken::None;
        let (mut in_prop, mut value_seen, mut comment) = (false, false, false);
        let (mut entry_col, mut question_col) = (None, None);
        let is_marker = |m: &str| {
            body.strip_prefix(m)
                .is_some_and(|r| r.is_empty() || r.starts_with([' ', '\t']))
        };
        if depth == 0 && indent == 0 && (is_marker("---") || is_marker("...")) {
            k = 3;
            last_token = LastToken::Marker;
        }
        let directive = depth == 0 && indent == 0 && body.starts_with('%');
        if root == Root::Unseen && depth == 0 && !directive && !empty {
            let first =
                body[chars.get(k).map_or(body.len(), |&(i, _)| i)..].trim_start_matches(WHITE);
            if first.starts_with(['[', '{']) {
                root = Root::Flow;
            } else if !first.is_empty() && !first.starts_with('#') {
                root = Root::Block(indent);
            }
        }
        while k < chars.len() {
            let (i, c) = chars[k];
            let next = chars.get(k + 1).map(|&(_, n)| n);
            if let Some(q) = in_quote {
                if q == '"' && c == '\\' {
                    k += 2;
                    continue;
                }
                if c == q {
                    if q == '\'' && next == Some('\'') {
                        k += 2;
                        continue;
                    }
                    in_quote = None;
                    tok = false;
                }
                k += 1;
                continue;
            }
            let blank_next = next.is_none_or(|n| n == ' ' || n == '\t');
            match c {
                ' ' | '\t' => {
                    // After an anchor or a tag, the node itself may start.
                    if in_prop {
                        tok = true;
                    }
                    in_prop = false;
                }
                '#' if k == 0 || matches!(chars[k - 1].1, ' ' | '\t') => {
                    content_end = i;
                    comment = true;
                    break;
                }
                '\'' | '"' if tok => {
                    in_quote = Some(c);
                    last_token = LastToken::Other;
                }
                '[' | '{' if tok => {
                    depth += 1;
                    last_token = LastToken::Other;
                }
                ']' | '}' if depth > 0 => {
                    depth -= 1;
                    tok = false;
                    last_token = LastToken::Other;
                    if depth == 0 && root == Root::Flow {
                        let after = &body[i + 1..];
                        if after.trim_start_matches([' ', '\t']).starts_with(':') {
                            root = Root::Settled;
                        } else {
                            root_end = Some(RootEnd {
                                at: line_start + indent + i + 1,
                                key_allowed: false,
                            });
                            break 'lines;
                        }
                    }
                }
                ',' if depth > 0 => {
                    tok = true;
                    last_token = LastToken::Other;
                }
                ':' if blank_next => {
                    tok = true;
                    value_seen |= depth == 0;
                    last_token = LastToken::Other;
                }
                // `- ` and `? ` are indicators only where a token may start; inside a plain
                // scalar (`-*- 'a`) they are text.
                '-' | '?' if blank_next && tok => {
                    if c == '-' {
                        entry_col = Some(indent + i);
                        last_token = LastToken::Entry;
                    } else {
                        question_col = Some(indent + i);
                        last_token = LastToken::Other;
                    }
                }
                _ => {
                    if tok && matches!(c, '&' | '*' | '!') {
                        in_prop = true;
                        last_token = LastToken::Other;
                    } else if !in_prop {
                        last_token = LastToken::Plain;
                    }
                    tok = false
                }
            }
            if depth > 0 && matches!(c, '[' | '{') {
                tok = true;
            }
            k += 1;
        }
        let content = body[..content_end].trim_end_matches(WHITE);
        let last = content.rsplit([' ', '\t']).next().unwrap_or("");
        let header = last.starts_with(['|', '>'])
            && last[1..]
                .chars()
                .all(|c| matches!(c, '-' | '+' | '1'..='9'));
        // The header opens a block scalar where a node may start: at the start of the line, or
        // after a `:`, `-` or `?` indicator and blanks (spaces or tabs: yaml.v3 skips a tab
        // after `:` where no simple key may start).
        let before = &content[..content.len() - last.len()];
        let indicator = before.trim_end_matches([' ', '\t']);
        let opens = before.is_empty()
            || (indicator.len() < before.len()
                && (indicator.ends_with(':')
                    || ((indicator.ends_with('-') || indicator.ends_with('?'))
                        && indicator[..indicator.len() - 1]
                            .chars()
                            .next_back()
                            .is_none_or(|c| c == ' ' || c == '\t'))));
        if depth == 0 && header && opens {
            // The block's parent is the node that holds it: after `- ` entries, the column of
            // the key (or of the scalar itself).
            let mut col = indent;
            let mut dash = None;
            let mut rest = body;
            while let Some(after) = rest.strip_prefix('-') {
                let blanks = after.len() - after.trim_start_matches([' ', '\t']).len();
                if blanks == 0 {
                    break;
                }
                dash = Some(col);
                col += 1 + blanks;
                rest = &after[blanks..];
            }
            let parent = if rest.starts_with(['|', '>']) {
                col.saturating_sub(1)
            } else {
                col
            };
            // An indentation indicator fixes the content indentation: yaml.v3's block
            // indentation (the column of the `-` of a sequence entry holding the scalar, else
            // of the key) plus the digit.
            let scanner_indent = if rest.starts_with(['|', '>']) {
                dash.unwrap_or(parent)
            } else {
                col
            };
            let explicit = last[1..]
                .chars()
                .find_map(|c| c.to_digit(10))
                .map(|d| scanner_indent + d as usize);
            block = Some((parent, explicit));
            headers.push(line_start + indent + (content.len() - last.len()));
            tabs.mode = TabMode::Normal;
            continue;
        }
        if directive {
            tabs.mode = TabMode::NoKey;
        } else if depth == 0 && in_quote.is_none() && !(empty && line_depth == 0) {
            tabs.mode = match last_token {
                LastToken::Entry | LastToken::Marker if comment => TabMode::Comments {
                    gap: raw_line.len() + 1 - line.len(),
                    pending: false,
                },
                LastToken::Plain if !comment => {
                    let ind = if value_seen {
                        key_col + 1
                    } else if let Some(q) = question_col {
                        q + 1
                    } else if let Some(e) = entry_col {
                        e + 1
                    } else if let TabMode::Plain(i) = previous_mode {
                        i
                    } else {
                        0
                    };
                    TabMode::Plain(ind)
                }
                _ => TabMode::Normal,
            };
        } else if in_quote.is_some() {
            tabs.mode = TabMode::Normal;
        }
    }
    if root_end.is_none() {
        tabs.finish()?;
    }
    Ok((block_lines, headers, root_end))
}

/// What yaml.v3's parser refuses at the start of a stream and YAML 1.2 accepts: a `%YAML`
/// directive other than 1.1 ("found incompatible YAML document"), and a document-end marker
/// `...` before any document ("did not find expected node content").
fn check_stream_start(text: &str) -> Result<(), YamlError> {
    let syntax = |message: &str| YamlError {
        kind: YamlErrorKind::Syntax,
        message: message.into(),
        position: None,
    };
    for line in text.lines() {
        let t = line.trim_end_matches([' ', '\t', '\r']);
        if let Some(version) = t.strip_prefix("%YAML") {
            let version = version.split('#').next().unwrap_or("").trim();
            if version != "1.1" {
                return Err(syntax("found incompatible YAML document"));
            }
            continue;
        }
        if t.trim_start().is_empty() || t.trim_start().starts_with('#') || t.starts_with('%') {
            continue;
        }
        if t == "..." || t.starts_with("... ") || t.starts_with("...\t") {
            return Err(syntax("did not find expected node content"));
        }
        return Ok(());
    }
    Ok(())
}

/// Go's `base64.StdEncoding.DecodeString` (padding required, no whitespace).
fn base64_std(s: &str) -> Option<Vec<u8>> {
    let b = s.as_bytes();
    if !b.len().is_multiple_of(4) {
        return None;
    }
    let val = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        })
    };
    let mut out = Vec::with_capacity(b.len() / 4 * 3);
    for (i, chunk) in b.chunks(4).enumerate() {
        let last = i + 1 == b.len() / 4;
        let pad = chunk.iter().rev().take_while(|&&c| c == b'=').count();
        if pad > 2 || (pad > 0 && !last) {
            return None;
        }
        let mut n = 0u32;
        for &c in &chunk[..4 - pad] {
            n = (n << 6) | val(c)?;
        }
        n <<= 6 * pad as u32;
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        // Go refuses non-zero bits in the padding position.
        if (pad == 1 && bytes[2] != 0) || (pad == 2 && bytes[1] != 0) {
            return None;
        }
        out.extend_from_slice(&bytes[..3 - pad]);
    }
    Some(out)
}

/// The first document of `src`. yaml.v3 reads only the first document: a problem after it must
/// not fail the parse, so a failure there is retried with the text before the second
/// document's marker line.
fn first_document(src: &str) -> Result<Option<Document<'_>>, YamlError> {
    match parse_stream(src, &LIMITS) {
        Ok(docs) => Ok(docs.into_iter().next()),
        Err(e) => match second_document_start(src) {
            Some(end) if e.position.is_none_or(|p| p.byte >= end) => {
                Ok(parse_stream(&src[..end], &LIMITS)?.into_iter().next())
            }
            _ => Err(e),
        },
    }
}

/// A scalar after resolution: its text (after quote and escape processing) and what it is.
#[derive(Debug, Clone, Copy)]
pub struct Scalar<'d> {
    /// The text as written.
    pub text: &'d str,
    /// What it resolved to (quoted, block and `!!str` scalars are [`Resolved::Str`]).
    pub resolved: Resolved,
}

/// Converts the first document of a YAML stream into Go field types with yaml.v3's rules.
///
/// Every accessor takes an optional node (absent = null), follows aliases within the expansion
/// budget and fails with a [`YamlError`] naming the problem.
pub struct Decoder<'src> {
    doc: Option<Document<'src>>,
    expanded: Cell<usize>,
    sizes: RefCell<HashMap<NodeId, usize>>,
}

impl<'src> Decoder<'src> {
    /// Parses `src` (size-checked against [`LIMITS`]) and keeps its first document. The text
    /// is read as YAML 1.2 reads it; [`Decoder::from_prepared`] reads it as yaml.v3 does.
    pub fn new(src: &'src str) -> Result<Self, YamlError> {
        Ok(Decoder {
            doc: first_document(src)?,
            expanded: Cell::new(0),
            sizes: RefCell::new(HashMap::new()),
        })
    }

    /// Parses a text rewritten by [`prepare`] (yaml.v3's reader and scanner: refused control
    /// characters, BOMs, NEL/LS/PS as line breaks) and gives every scalar the value yaml.v3
    /// reads: LS/PS breaks kept and never folded, inner BOMs restored.
    pub fn from_prepared(p: &'src Prepared<'_>) -> Result<Self, YamlError> {
        // yaml.v3 reads the first document and scans two tokens past the marker that ends it;
        // the rules of its scanner apply to the first document's text alone.
        let end = second_document_start(&p.text);
        let first = &p.text[..end.unwrap_or(p.text.len())];
        check_stream_start(first)?;
        let (block_lines, headers, root_end) = check_block_lines(first)?;
        let first = match root_end {
            Some(r) => &first[..r.at],
            None => first,
        };
        check_flow_tags(first, &block_lines)?;
        match (root_end, end) {
            (Some(r), _) => check_after_first_document(&p.text, r.at, r.key_allowed)?,
            (None, Some(end)) => check_after_first_document(&p.text, end, true)?,
            (None, None) => {}
        }
        let mut doc = parse_stream(first, &LIMITS)?.into_iter().next();
        if let Some(doc) = doc.as_mut() {
            // The scanner's block indentation at each node: the column of the block collection
            // it is an item or value of.
            let mut parent_indent = vec![-1i64; doc.nodes.len()];
            for node in &doc.nodes {
                let col = i64::try_from(node.span.start.column).unwrap_or(i64::MAX);
                match &node.kind {
                    NodeKind::Mapping {
                        entries,
                        style: CollectionStyle::Block,
                    } => {
                        for (_, v) in entries {
                            if let Some(slot) = parent_indent.get_mut(v.0) {
                                *slot = col;
                            }
                        }
                    }
                    NodeKind::Sequence {
                        items,
                        style: CollectionStyle::Block,
                    } => {
                        // The scanner's indentation of a block sequence is the column of its
                        // `-`; the node's span may start at its first item instead (always so
                        // for an indentless sequence under a mapping key).
                        let start = node.span.start.byte.min(p.text.len());
                        let before = p.text[..start].trim_end_matches([' ', '\t']);
                        let col = if !p.text[start..].starts_with('-') && before.ends_with('-') {
                            let dash = before.len() - 1;
                            let line = before[..dash].rfind('\n').map_or(0, |n| n + 1);
                            i64::try_from(p.text[line..dash].chars().count()).unwrap_or(col)
                        } else {
                            col
                        };
                        for v in items {
                            if let Some(slot) = parent_indent.get_mut(v.0) {
                                *slot = col;
                            }
                        }
                    }
                    _ => {}
                }
            }
            for (id, node) in doc.nodes.iter_mut().enumerate() {
                let NodeKind::Scalar { value, style } = &mut node.kind else {
                    continue;
                };
                let (start, end) = (node.span.start.byte, node.span.end.byte);
                if node.tag.as_ref().and_then(|t| t.core_suffix()) == Some("binary") {
                    let bytes = base64_std(value).ok_or_else(|| YamlError {
                        kind: YamlErrorKind::BadTag,
                        message: format!("!!binary value {value:?} is not base64"),
                        position: Some(node.span.start),
                    })?;
                    *value = String::from_utf8_lossy(&bytes).into_owned();
                    continue;
                }
                let block_style = matches!(style, ScalarStyle::Literal | ScalarStyle::Folded);
                let parent = parent_indent.get(id).copied().unwrap_or(-1);
                if block_style && parent >= 0 {
                    let i = headers.partition_point(|&h| h <= start);
                    let header = i.checked_sub(1).and_then(|i| headers.get(i)).copied();
                    if let Some(scanned) = header.and_then(|h| scan_block(p, h, parent)) {
                        *value = scanned.map_err(|m| YamlError {
                            kind: YamlErrorKind::Syntax,
                            message: m.into(),
                            position: Some(node.span.start),
                        })?;
                        continue;
                    }
                }
                if p.has_separator(start, end) || (block_style && !p.separators.is_empty()) {
                    let flow = match style {
                        ScalarStyle::Plain => Some(FlowStyle::Plain),
                        ScalarStyle::SingleQuoted => Some(FlowStyle::Single),
                        ScalarStyle::DoubleQuoted => Some(FlowStyle::Double),
                        _ => None,
                    };
                    let fixed = match (flow, style) {
                        (Some(f), _) => refold(p, start, end, f),
                        (None, ScalarStyle::Literal) => restore_block(p, start, end, value, false),
                        (None, ScalarStyle::Folded) => restore_block(p, start, end, value, true),
                        _ => None,
                    };
                    if let Some(v) = fixed {
                        *value = v;
                        continue;
                    }
                }
                if let std::borrow::Cow::Owned(v) = p.restore_bom(value) {
                    *value = v;
                }
            }
        }
        Ok(Decoder {
            doc,
            expanded: Cell::new(0),
            sizes: RefCell::new(HashMap::new()),
        })
    }

    /// The root node of the first document; `None` for an empty stream or document.
    pub fn root(&self) -> Option<NodeId> {
        self.doc.as_ref().and_then(Document::root)
    }

    fn fail(&self, node: Option<&Node>, message: String) -> YamlError {
        YamlError {
            kind: YamlErrorKind::BadTag,
            message,
            position: node.map(|n| n.span.start),
        }
    }

    /// The node behind `id`, following an alias (and charging its size to the budget).
    fn node(&self, id: NodeId) -> Result<&Node, YamlError> {
        let doc = self
            .doc
            .as_ref()
            .ok_or_else(|| self.fail(None, "no document".into()))?;
        let n = doc
            .get(id)
            .ok_or_else(|| self.fail(None, "dangling node".into()))?;
        if let NodeKind::Alias { target } = n.kind {
            let size = self.subtree_size(target);
            let total = self.expanded.get().saturating_add(size);
            if total > MAX_ALIAS_EXPANSIONS {
                return Err(YamlError {
                    kind: YamlErrorKind::AliasBudget,
                    message: format!(
                        "document contains excessive aliasing (more than {MAX_ALIAS_EXPANSIONS} expanded nodes)"
                    ),
                    position: Some(n.span.start),
                });
            }
            self.expanded.set(total);
            return doc
                .get(target)
                .ok_or_else(|| self.fail(Some(n), "alias to a missing node".into()));
        }
        Ok(n)
    }

    /// Number of nodes under `id` (aliases count one), computed without recursion.
    fn subtree_size(&self, id: NodeId) -> usize {
        if let Some(&s) = self.sizes.borrow().get(&id) {
            return s;
        }
        let Some(doc) = self.doc.as_ref() else {
            return 0;
        };
        let mut count = 0usize;
        let mut stack = vec![id];
        while let Some(x) = stack.pop() {
            count += 1;
            match doc.get(x).map(|n| &n.kind) {
                Some(NodeKind::Sequence { items, .. }) => stack.extend(items.iter().copied()),
                Some(NodeKind::Mapping { entries, .. }) => {
                    for (k, v) in entries {
                        stack.push(*k);
                        stack.push(*v);
                    }
                }
                _ => {}
            }
        }
        self.sizes.borrow_mut().insert(id, count);
        count
    }

    /// The node as a resolved scalar; `Ok(None)` when it is a collection.
    fn scalar_of<'a>(&self, n: &'a Node) -> Result<Option<Scalar<'a>>, YamlError> {
        let NodeKind::Scalar { value, style } = &n.kind else {
            return Ok(None);
        };
        let plain_resolved = match style {
            ScalarStyle::Plain => resolve_plain(value),
            _ => Resolved::Str,
        };
        // yaml.v3: the non-specific tag `!` is dropped by its parser (the scalar resolves as
        // if untagged); only the resolvable core tags check the value; every other tag
        // (local `!x`, `!!seq`, `!!foo`, …) leaves the scalar a string. `!!binary` values were
        // decoded when the document was read.
        let resolved = match &n.tag {
            None => plain_resolved,
            Some(t) if t.is_non_specific() => plain_resolved,
            Some(t) => match t.core_suffix() {
                Some("str" | "binary") => Resolved::Str,
                Some("null") if resolve_plain(value) == Resolved::Null => Resolved::Null,
                Some("bool") if matches!(resolve_plain(value), Resolved::Bool(_)) => {
                    resolve_plain(value)
                }
                Some("int")
                    if matches!(resolve_plain(value), Resolved::Int(_) | Resolved::Uint(_)) =>
                {
                    resolve_plain(value)
                }
                Some("float") => match resolve_plain(value) {
                    Resolved::Float(f) => Resolved::Float(f),
                    Resolved::Int(i) => Resolved::Float(i as f64),
                    Resolved::Uint(u) => Resolved::Float(u as f64),
                    _ => return Err(self.fail(Some(n), format!("cannot decode {value:?} as {t}"))),
                },
                Some("timestamp") if resolve_plain(value) == Resolved::Timestamp => {
                    Resolved::Timestamp
                }
                Some("merge") if value == "<<" => Resolved::Merge,
                Some("null" | "bool" | "int" | "timestamp") => {
                    return Err(self.fail(Some(n), format!("cannot decode {value:?} as {t}")))
                }
                _ => Resolved::Str,
            },
        };
        Ok(Some(Scalar {
            text: value,
            resolved,
        }))
    }

    fn kind_name(n: &Node) -> &'static str {
        match n.kind {
            NodeKind::Sequence { .. } => "a sequence",
            NodeKind::Mapping { .. } => "a mapping",
            _ => "a scalar",
        }
    }

    /// Whether the node is null (absent, or a null scalar).
    pub fn is_null(&self, id: Option<NodeId>) -> Result<bool, YamlError> {
        let Some(id) = id else { return Ok(true) };
        let n = self.node(id)?;
        Ok(matches!(self.scalar_of(n)?, Some(s) if s.resolved == Resolved::Null))
    }

    /// A string field: null → `""`, any other scalar → its text; collections fail.
    pub fn string(&self, id: Option<NodeId>, what: &str) -> Result<String, YamlError> {
        let Some(id) = id else {
            return Ok(String::new());
        };
        let n = self.node(id)?;
        match self.scalar_of(n)? {
            Some(s) if s.resolved == Resolved::Null => Ok(String::new()),
            Some(s) => Ok(s.text.to_string()),
            None => Err(self.fail(
                Some(n),
                format!(
                    "cannot decode {} into the string {what}",
                    Self::kind_name(n)
                ),
            )),
        }
    }

    /// An integer field: `Ok(None)` for null; floats truncate toward zero when the result fits
    /// int64; everything else fails.
    pub fn int(&self, id: Option<NodeId>, what: &str) -> Result<Option<i64>, YamlError> {
        let Some(id) = id else { return Ok(None) };
        let n = self.node(id)?;
        let bad = |text: &str| {
            self.fail(
                Some(n),
                format!("cannot decode {text:?} into the integer {what}"),
            )
        };
        match self.scalar_of(n)? {
            None => Err(bad(Self::kind_name(n))),
            Some(s) => match s.resolved {
                Resolved::Null => Ok(None),
                Resolved::Int(i) => Ok(Some(i)),
                Resolved::Float(f) => {
                    let t = f.trunc();
                    if f.is_finite()
                        && (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&t)
                    {
                        Ok(Some(t as i64))
                    } else {
                        Err(bad(s.text))
                    }
                }
                _ => Err(bad(s.text)),
            },
        }
    }

    /// A float64 field: `Ok(None)` for null; ints and floats (`.inf`, `.nan` included) convert;
    /// everything else fails.
    pub fn float(&self, id: Option<NodeId>, what: &str) -> Result<Option<f64>, YamlError> {
        let Some(id) = id else { return Ok(None) };
        let n = self.node(id)?;
        let Some(s) = self.scalar_of(n)? else {
            return Err(self.fail(
                Some(n),
                format!("cannot decode {} into the float {what}", Self::kind_name(n)),
            ));
        };
        match s.resolved {
            Resolved::Null => Ok(None),
            Resolved::Int(i) => Ok(Some(i as f64)),
            Resolved::Uint(u) => Ok(Some(u as f64)),
            Resolved::Float(f) => Ok(Some(f)),
            _ => Err(self.fail(
                Some(n),
                format!("cannot decode {:?} into the float {what}", s.text),
            )),
        }
    }

    /// A bool field: bools; the strings `y`/`yes`/`on` (and cases) → true, `n`/`no`/`off` → false;
    /// null → false; everything else fails.
    pub fn bool(&self, id: Option<NodeId>, what: &str) -> Result<bool, YamlError> {
        let Some(id) = id else { return Ok(false) };
        let n = self.node(id)?;
        let Some(s) = self.scalar_of(n)? else {
            return Err(self.fail(
                Some(n),
                format!("cannot decode {} into the bool {what}", Self::kind_name(n)),
            ));
        };
        match s.resolved {
            Resolved::Null => Ok(false),
            Resolved::Bool(b) => Ok(b),
            Resolved::Str => match s.text {
                "y" | "Y" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" => Ok(true),
                "n" | "N" | "no" | "No" | "NO" | "off" | "Off" | "OFF" => Ok(false),
                other => Err(self.fail(
                    Some(n),
                    format!("cannot decode {other:?} into the bool {what}"),
                )),
            },
            _ => Err(self.fail(
                Some(n),
                format!("cannot decode {:?} into the bool {what}", s.text),
            )),
        }
    }

    /// A list field: `Ok(None)` for null; a sequence gives its items; anything else fails.
    pub fn seq(&self, id: Option<NodeId>, what: &str) -> Result<Option<Vec<NodeId>>, YamlError> {
        let Some(id) = id else { return Ok(None) };
        let n = self.node(id)?;
        match &n.kind {
            // yaml.v3 drops a null item when it decodes into a Go slice of strings or
            // structs (its `null()` refuses to set a non-pointer element), aliases included.
            NodeKind::Sequence { items, .. } => {
                let mut kept = Vec::with_capacity(items.len());
                for item in items {
                    if !self.is_null(Some(*item))? {
                        kept.push(*item);
                    }
                }
                Ok(Some(kept))
            }
            _ if self.is_null(Some(id))? => Ok(None),
            _ => Err(self.fail(
                Some(n),
                format!("cannot decode {} into the list {what}", Self::kind_name(n)),
            )),
        }
    }

    /// A mapping as `(key text, value)` pairs: `Ok(None)` for null. Keys are converted as
    /// strings (an entry with a null key is dropped); a key text twice in the mapping fails; merge keys (`<<`) add the
    /// entries of the merged mappings whose keys are not written explicitly.
    pub fn mapping(
        &self,
        id: Option<NodeId>,
        what: &str,
    ) -> Result<Option<Vec<(String, NodeId)>>, YamlError> {
        let Some(id) = id else { return Ok(None) };
        let n = self.node(id)?;
        if !matches!(n.kind, NodeKind::Mapping { .. }) {
            if self.is_null(Some(id))? {
                return Ok(None);
            }
            return Err(self.fail(
                Some(n),
                format!(
                    "cannot decode {} into the mapping {what}",
                    Self::kind_name(n)
                ),
            ));
        }
        let mut out = Vec::new();
        let mut seen = HashSet::new();
        self.collect_mapping(n, what, &mut out, &mut seen, true, 0)?;
        Ok(Some(out))
    }

    fn collect_mapping(
        &self,
        n: &Node,
        what: &str,
        out: &mut Vec<(String, NodeId)>,
        present: &mut HashSet<String>,
        explicit: bool,
        depth: usize,
    ) -> Result<(), YamlError> {
        if depth > MAX_MERGE_DEPTH {
            return Err(self.fail(Some(n), "merge keys nest too deeply".into()));
        }
        let NodeKind::Mapping { entries, .. } = &n.kind else {
            return Err(self.fail(
                Some(n),
                "map merge requires a map or a sequence of maps as the value".into(),
            ));
        };
        // yaml.v3 checks uniqueness on the raw nodes before decoding: two scalar keys with the
        // same text collide whatever they resolve to (`1` and `'1'`, two `<<`).
        let mut unique: HashSet<String> = HashSet::new();
        let mut merges = Vec::new();
        for (k, v) in entries {
            let kn = self.node(*k)?;
            let Some(ks) = self.scalar_of(kn)? else {
                return Err(self.fail(
                    Some(kn),
                    format!("cannot decode {} as a key of {what}", Self::kind_name(kn)),
                ));
            };
            if !unique.insert(ks.text.to_string()) {
                return Err(YamlError {
                    kind: YamlErrorKind::DuplicateKey,
                    message: format!("mapping key {:?} already defined in {what}", ks.text),
                    position: Some(kn.span.start),
                });
            }
            if ks.resolved == Resolved::Merge {
                merges.push(*v);
                continue;
            }
            // A null key does not decode into a string key: yaml.v3 drops the entry.
            if ks.resolved == Resolved::Null {
                continue;
            }
            let key = ks.text.to_string();
            if explicit || !present.contains(&key) {
                present.insert(key.clone());
                out.push((key, *v));
            }
        }
        for m in merges {
            let mn = self.node(m)?;
            match &mn.kind {
                NodeKind::Mapping { .. } => {
                    self.collect_mapping(mn, what, out, present, false, depth + 1)?
                }
                NodeKind::Sequence { items, .. } => {
                    for item in items {
                        let inner = self.node(*item)?;
                        self.collect_mapping(inner, what, out, present, false, depth + 1)?;
                    }
                }
                _ => {
                    return Err(self.fail(
                        Some(mn),
                        "map merge requires a map or a sequence of maps as the value".into(),
                    ))
                }
            }
        }
        Ok(())
    }

    /// Fails unless the root is null or a mapping.
    pub fn root_mapping(&self, what: &str) -> Result<Option<Vec<(String, NodeId)>>, YamlError> {
        self.mapping(self.root(), what)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_scalars_resolve_as_yaml_v3_does() {
        assert_eq!(resolve_plain("017"), Resolved::Int(15));
        assert_eq!(resolve_plain("0x10"), Resolved::Int(16));
        assert_eq!(resolve_plain("0o17"), Resolved::Int(15));
        assert_eq!(resolve_plain("0b101"), Resolved::Int(5));
        assert_eq!(resolve_plain("1_000"), Resolved::Int(1000));
        assert_eq!(resolve_plain("-3"), Resolved::Int(-3));
        assert_eq!(resolve_plain("+5"), Resolved::Int(5));
        assert_eq!(
            resolve_plain("9223372036854775808"),
            Resolved::Uint(9_223_372_036_854_775_808)
        );
        assert_eq!(resolve_plain("1e3"), Resolved::Float(1000.0));
        assert_eq!(resolve_plain("08"), Resolved::Float(8.0));
        assert_eq!(resolve_plain("99999999999999999999"), Resolved::Float(1e20));
        assert_eq!(resolve_plain(".5"), Resolved::Float(0.5));
        assert_eq!(resolve_plain("1e400"), Resolved::Str);
        assert_eq!(resolve_plain("yes"), Resolved::Str);
        assert_eq!(resolve_plain("on"), Resolved::Str);
        assert_eq!(resolve_plain("NULL"), Resolved::Null);
        assert_eq!(resolve_plain("nULL"), Resolved::Str);
        assert_eq!(resolve_plain("1:30"), Resolved::Str);
        assert_eq!(resolve_plain("0x"), Resolved::Str);
        assert_eq!(resolve_plain("-"), Resolved::Str);
        assert!(matches!(resolve_plain(".nan"), Resolved::Float(f) if f.is_nan()));
        assert_eq!(resolve_plain("-.inf"), Resolved::Float(f64::NEG_INFINITY));
    }

    #[test]
    fn timestamps_follow_go_layouts_and_ranges() {
        for ok in [
            "2024-01-01",
            "2024-1-1",
            "2024-02-29",
            "2024-01-01T10:00:00Z",
            "2024-01-01t10:00:00.5+02:00",
            "2024-01-01 1:2:3",
            "2024-01-01 10:00:00.123",
        ] {
            assert!(is_timestamp(ok), "{ok}");
            assert_eq!(resolve_plain(ok), Resolved::Timestamp, "{ok}");
        }
        for bad in [
            "2023-02-29",
            "2024-13-01",
            "2024-00-10",
            "24-01-01",
            "2024-01-01T10:00:00",
            "2024-01-01 10:00:00Z",
            "2024-01-01T25:00:00Z",
            "2024-01-01x",
            "20240-01-01",
        ] {
            assert!(!is_timestamp(bad), "{bad}");
        }
    }

    fn feature_like(src: &str) -> Result<Vec<(String, String)>, YamlError> {
        let d = Decoder::new(src)?;
        let Some(m) = d.root_mapping("doc")? else {
            return Ok(Vec::new());
        };
        m.into_iter()
            .map(|(k, v)| Ok((k, d.string(Some(v), "v")?)))
            .collect()
    }

    #[test]
    fn merge_keys_add_entries_and_explicit_keys_win() {
        let d = Decoder::new("base: &b {x: 1, y: 2}\nm:\n  <<: *b\n  y: 3\n").unwrap();
        let root = d.root_mapping("doc").unwrap().unwrap();
        let m = d.mapping(Some(root[1].1), "m").unwrap().unwrap();
        let flat: Vec<_> = m
            .iter()
            .map(|(k, v)| (k.clone(), d.string(Some(*v), "v").unwrap()))
            .collect();
        assert_eq!(
            flat,
            vec![("y".to_string(), "3".to_string()), ("x".into(), "1".into())]
        );
    }

    #[test]
    fn duplicate_keys_fail_and_only_the_first_document_counts() {
        assert_eq!(
            feature_like("a: 1\na: 2\n").unwrap_err().kind,
            YamlErrorKind::DuplicateKey
        );
        assert_eq!(feature_like("a: 1\n---\nb: 2\n").unwrap().len(), 1);
        assert_eq!(feature_like("a: 1\n---\n[unclosed\n").unwrap().len(), 1);
        assert_eq!(feature_like("---\na: 1\n...\n}{\n").unwrap().len(), 1);
        assert!(feature_like("a: [1\n---\nb: 2\n").is_err());
    }

    #[test]
    fn alias_expansion_is_budgeted() {
        let mut src = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for i in 1..8 {
            src.push_str(&format!(
                "a{i}: &a{i} [{}]\n",
                vec![format!("*a{}", i - 1); 10].join(", ")
            ));
        }
        let d = Decoder::new(&src).unwrap();
        let root = d.root_mapping("doc").unwrap().unwrap();
        // Walking the last (10^8-node) value must hit the budget, not run for ever.
        fn walk(d: &Decoder<'_>, id: NodeId, depth: usize) -> Result<(), YamlError> {
            if depth > 10 {
                return Ok(());
            }
            match d.seq(Some(id), "x") {
                Ok(Some(items)) => {
                    for i in items {
                        walk(d, i, depth + 1)?;
                    }
                    Ok(())
                }
                Err(e) if e.kind == YamlErrorKind::AliasBudget => Err(e),
                _ => Ok(()),
            }
        }
        let e = walk(&d, root[7].1, 0).unwrap_err();
        assert_eq!(e.kind, YamlErrorKind::AliasBudget);
    }
}
