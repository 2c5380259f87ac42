//! What yaml.v3 3.0.1's reader and scanner do to the raw text before YAML 1.2 rules apply, so
//! that the event parser underneath (which follows YAML 1.2) sees the stream yaml.v3 sees:
//!
//! - **Characters.** yaml.v3's reader refuses every character outside TAB, LF, CR, U+0020–U+007E,
//!   U+0085, U+00A0–U+D7FF, U+E000–U+FFFD and U+10000 and above ("control characters are not
//!   allowed"): DEL, C0/C1 controls other than NEL, U+FFFE and U+FFFF fail the whole parse.
//! - **Byte-order marks.** One BOM at the start of the stream is dropped by the reader, and a
//!   second one right after it by the scanner (which then counts it as a column). Every other
//!   BOM is an ordinary character of whatever token it is in (`\u{feff}name: x` is the key
//!   `"\u{feff}name"`; a BOM alone on a line is a plain scalar).
//! - **Line breaks.** NEL (U+0085), LS (U+2028) and PS (U+2029) are line breaks everywhere —
//!   in plain and quoted scalars, block scalars and comments — exactly like LF. A NEL break
//!   reads as `\n`; an LS/PS break keeps its own character and is never folded into a space
//!   (yaml.v3's `read_line`): `a\u{2028}  b` in a quoted scalar reads `"a\u{2028}b"`.
//!
//! [`prepare`] rewrites the text accordingly (BOMs to a placeholder character, the three
//! breaks to `\n`) and records where LS/PS were; [`refold`] recomputes a scalar's value from
//! its source with yaml.v3's folding when its span held an LS/PS break.

use std::borrow::Cow;

/// The text the event parser reads, and what was changed to get it.
#[derive(Debug, Clone)]
pub struct Prepared<'a> {
    /// The rewritten text.
    pub text: Cow<'a, str>,
    /// Byte offsets (in [`Prepared::text`]) of the `\n`s that stand for LS/PS, with the
    /// character each stood for, ascending.
    pub separators: Vec<(usize, char)>,
    /// The character that stands for a BOM inside the stream, if the stream had one.
    pub bom: Option<char>,
}

/// Whether yaml.v3's reader accepts the character (readerc.go).
fn reader_accepts(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{7e}' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}')
        || c >= '\u{10000}'
}

/// Rewrites `src` as yaml.v3's reader and scanner see it; `Err` carries the message of a
/// character yaml.v3 refuses, with its byte offset.
pub fn prepare(src: &str) -> Result<Prepared<'_>, (String, usize)> {
    if let Some((at, c)) = src.char_indices().find(|&(_, c)| !reader_accepts(c)) {
        return Err((
            format!("control characters are not allowed (U+{:04X})", c as u32),
            at,
        ));
    }
    // The reader drops one leading BOM; the scanner skips one more at column 0 of the first
    // token, which then starts at column 1 (a space keeps that column).
    let (body, second) = match src.strip_prefix('\u{feff}') {
        Some(rest) => match rest.strip_prefix('\u{feff}') {
            Some(rest2) => (rest2, true),
            None => (rest, false),
        },
        None => (src, false),
    };
    let needs = second
        || body.contains(['\u{feff}', '\u{85}', '\u{2028}', '\u{2029}'])
        || body.len() != src.len();
    if !needs {
        return Ok(Prepared {
            text: Cow::Borrowed(src),
            separators: Vec::new(),
            bom: None,
        });
    }
    let bom = body
        .contains('\u{feff}')
        .then(|| placeholder(body))
        .flatten();
    let mut out = String::with_capacity(body.len() + 1);
    if second {
        out.push(' ');
    }
    let mut separators = Vec::new();
    for c in body.chars() {
        match c {
            '\u{85}' => out.push('\n'),
            '\u{2028}' | '\u{2029}' => {
                separators.push((out.len(), c));
                out.push('\n');
            }
            '\u{feff}' => out.push(bom.unwrap_or('\u{feff}')),
            c => out.push(c),
        }
    }
    Ok(Prepared {
        text: Cow::Owned(out),
        separators,
        bom,
    })
}

/// A private-use character the text does not contain.
fn placeholder(text: &str) -> Option<char> {
    ('\u{e000}'..='\u{f8ff}').find(|c| !text.contains(*c))
}

impl Prepared<'_> {
    /// Whether an LS/PS break lies in `start..end` of the prepared text.
    pub fn has_separator(&self, start: usize, end: usize) -> bool {
        let i = self.separators.partition_point(|&(at, _)| at < start);
        self.separators.get(i).is_some_and(|&(at, _)| at < end)
    }

    fn separator_at(&self, at: usize) -> Option<char> {
        self.separators
            .binary_search_by_key(&at, |&(a, _)| a)
            .ok()
            .map(|i| self.separators[i].1)
    }

    /// `value` with the BOM placeholder turned back into U+FEFF.
    pub fn restore_bom<'v>(&self, value: &'v str) -> Cow<'v, str> {
        match self.bom {
            Some(p) if value.contains(p) => Cow::Owned(value.replace(p, "\u{feff}")),
            _ => Cow::Borrowed(value),
        }
    }
}

/// How a scalar was written, for [`refold`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FlowStyle {
    /// Plain.
    Plain,
    /// `'…'`.
    Single,
    /// `"…"`.
    Double,
}

/// Recomputes the value of a flow scalar whose source is `prepared.text[start..end]` (quotes
/// included for quoted styles) with yaml.v3's folding: a break after content starts the
/// "leading break"; more breaks are "trailing breaks"; blanks after a break are skipped; at the
/// next content a `\n` leading break becomes a space when no trailing breaks follow (else the
/// trailing breaks), and an LS/PS leading break is kept together with the trailing breaks.
/// `None` when the span is not a scalar of that style (the caller keeps the parser's value).
pub fn refold(
    prepared: &Prepared<'_>,
    start: usize,
    end: usize,
    style: FlowStyle,
) -> Option<String> {
    let text: &str = &prepared.text;
    let src = text.get(start..end)?;
    let (body, base) = match style {
        FlowStyle::Plain => (src, start),
        FlowStyle::Single => (src.strip_prefix('\'')?.strip_suffix('\'')?, start + 1),
        FlowStyle::Double => (src.strip_prefix('"')?.strip_suffix('"')?, start + 1),
    };
    let mut out = String::new();
    let mut whitespace = String::new();
    let mut leading: Option<String> = None; // Some once a break follows content
    let mut trailing = String::new();
    let mut chars = body.char_indices().peekable();
    let break_text = |at: usize, c: char| -> String {
        match prepared.separator_at(base + at) {
            Some(sep) => sep.to_string(),
            None if c == '\r' || c == '\n' => "\n".into(),
            None => c.to_string(),
        }
    };
    let flush = |out: &mut String,
                 whitespace: &mut String,
                 leading: &mut Option<String>,
                 trailing: &mut String| {
        match leading.take() {
            Some(lb) => {
                if lb.starts_with('\n') {
                    if trailing.is_empty() {
                        out.push(' ');
                    } else {
                        out.push_str(trailing);
                    }
                } else {
                    out.push_str(&lb);
                    out.push_str(trailing);
                }
                trailing.clear();
            }
            None => out.push_str(whitespace),
        }
        whitespace.clear();
    };
    while let Some((at, c)) = chars.next() {
        match c {
            ' ' | '\t' => {
                if leading.is_none() {
                    whitespace.push(c);
                }
            }
            '\r' | '\n' => {
                if c == '\r' && chars.peek().is_some_and(|&(_, n)| n == '\n') {
                    chars.next();
                }
                let b = break_text(at, c);
                match &leading {
                    None => {
                        whitespace.clear();
                        leading = Some(b);
                    }
                    Some(_) => trailing.push_str(&b),
                }
            }
            '\'' if style == FlowStyle::Single => {
                // Inside the body a quote is always the first of a doubled pair.
                chars.next();
                flush(&mut out, &mut whitespace, &mut leading, &mut trailing);
                out.push('\'');
            }
            '\\' if style == FlowStyle::Double => {
                let (_, e) = chars.next()?;
                if e == '\r' || e == '\n' {
                    // An escaped line break: the break and the next line's indentation vanish.
                    if e == '\r' && chars.peek().is_some_and(|&(_, n)| n == '\n') {
                        chars.next();
                    }
                    flush(&mut out, &mut whitespace, &mut leading, &mut trailing);
                    leading = Some(String::new());
                    continue;
                }
                flush(&mut out, &mut whitespace, &mut leading, &mut trailing);
                let simple = match e {
                    '0' => Some('\0'),
                    'a' => Some('\u{7}'),
                    'b' => Some('\u{8}'),
                    't' | '\t' => Some('\t'),
                    'n' => Some('\n'),
                    'v' => Some('\u{b}'),
                    'f' => Some('\u{c}'),
                    'r' => Some('\r'),
                    'e' => Some('\u{1b}'),
                    ' ' => Some(' '),
                    '"' => Some('"'),
                    '/' => Some('/'),
                    '\\' => Some('\\'),
                    'N' => Some('\u{85}'),
                    '_' => Some('\u{a0}'),
                    'L' => Some('\u{2028}'),
                    'P' => Some('\u{2029}'),
                    _ => None,
                };
                match simple {
                    Some(ch) => out.push(ch),
                    None => {
                        let digits = match e {
                            'x' => 2,
                            'u' => 4,
                            'U' => 8,
                            _ => return None,
                        };
                        let mut v = 0u32;
                        for _ in 0..digits {
                            let (_, h) = chars.next()?;
                            v = v * 16 + h.to_digit(16)?;
                        }
                        out.push(char::from_u32(v)?);
                    }
                }
            }
            c => {
                flush(&mut out, &mut whitespace, &mut leading, &mut trailing);
                out.push(c);
            }
        }
    }
    // Quoted scalars keep what precedes the closing quote; plain spans end at content.
    if style != FlowStyle::Plain {
        flush(&mut out, &mut whitespace, &mut leading, &mut trailing);
    }
    Some(prepared.restore_bom(&out).into_owned())
}

/// The value of a block scalar with each `\n` that stands for an LS/PS break turned back into
/// that character: the k-th `\n` of the value is the k-th break after the header line (the
/// parser's span starts at the first content line; the header is the last `|`/`>` before it).
/// A folded scalar is restored only when nothing was folded (every break before its last
/// content is still a `\n` of the value); otherwise `None`.
pub fn restore_block(
    prepared: &Prepared<'_>,
    start: usize,
    end: usize,
    value: &str,
    folded: bool,
) -> Option<String> {
    let text: &str = &prepared.text;
    let header = text.get(..start)?.rfind(['|', '>'])?;
    let region_start = header + text[header..].find('\n')? + 1;
    let region = text.get(region_start..end)?;
    let breaks: Vec<Option<char>> = region
        .char_indices()
        .filter(|&(_, c)| c == '\n')
        .map(|(i, _)| prepared.separator_at(region_start + i))
        .collect();
    if folded {
        let before_last = region.trim_end_matches(['\n', ' ']).matches('\n').count();
        if value.matches('\n').count() < before_last {
            return None;
        }
    }
    let mut out = String::with_capacity(value.len());
    let mut k = 0;
    for c in value.chars() {
        if c == '\n' {
            out.push(breaks.get(k).copied().flatten().unwrap_or('\n'));
            k += 1;
        } else {
            out.push(c);
        }
    }
    Some(prepared.restore_bom(&out).into_owned())
}

/// The value of the block scalar whose header (`|` or `>`) is at byte `header` of the prepared
/// text, computed as yaml.v3's `yaml_parser_scan_block_scalar` does; `parent_indent` is the
/// scanner's current block indentation (the column of the enclosing block collection, `-1` at the
/// top level). What YAML 1.2 parsers do differently and this reproduces: LS/PS breaks are kept as
/// themselves, a line holding only an LS/PS is a break line, and a last line that ends the stream
/// without a break gets no break (clip and keep add only the breaks that are there). `Err` carries
/// yaml.v3's message for a tab among the indentation spaces; `None` when the header cannot be read.
pub fn scan_block(
    prepared: &Prepared<'_>,
    header: usize,
    parent_indent: i64,
) -> Option<Result<String, &'static str>> {
    let t = prepared.text.as_bytes();
    let literal = match t.get(header)? {
        b'|' => true,
        b'>' => false,
        _ => return None,
    };
    let mut pos = header + 1;
    let (mut chomping, mut increment) = (0i8, 0i64);
    for _ in 0..2 {
        match t.get(pos) {
            Some(b'+') if chomping == 0 => chomping = 1,
            Some(b'-') if chomping == 0 => chomping = -1,
            Some(&d @ b'1'..=b'9') if increment == 0 => increment = i64::from(d - b'0'),
            _ => break,
        }
        pos += 1;
    }
    while matches!(t.get(pos), Some(b' ' | b'\t')) {
        pos += 1;
    }
    if t.get(pos) == Some(&b'#') {
        while !matches!(t.get(pos), None | Some(b'\n' | b'\r')) {
            pos += 1;
        }
    }
    let mut sc = BlockScan {
        p: prepared,
        t,
        pos,
        col: 0,
    };
    match t.get(sc.pos) {
        None => {}
        Some(b'\n' | b'\r') => {
            let mut skip = Vec::new();
            sc.read_line(&mut skip);
        }
        Some(_) => return None,
    }
    let mut indent: i64 = 0;
    if increment > 0 {
        indent = if parent_indent >= 0 {
            parent_indent + increment
        } else {
            increment
        };
    }
    let (mut s, mut leading, mut trailing) = (Vec::<u8>::new(), Vec::<u8>::new(), Vec::<u8>::new());
    if let Err(e) = sc.breaks(&mut indent, &mut trailing, parent_indent) {
        return Some(Err(e));
    }
    let mut leading_blank = false;
    while sc.col == indent && sc.pos < t.len() {
        let trailing_blank = matches!(t[sc.pos], b' ' | b'\t');
        if !literal && !leading_blank && !trailing_blank && leading.first() == Some(&b'\n') {
            if trailing.is_empty() {
                s.push(b' ');
            }
        } else {
            s.extend_from_slice(&leading);
        }
        leading.clear();
        s.append(&mut trailing);
        leading_blank = matches!(t[sc.pos], b' ' | b'\t');
        let start = sc.pos;
        while sc.pos < t.len() && !matches!(t[sc.pos], b'\n' | b'\r') {
            sc.pos += 1;
        }
        s.extend_from_slice(&t[start..sc.pos]);
        sc.read_line(&mut leading);
        if let Err(e) = sc.breaks(&mut indent, &mut trailing, parent_indent) {
            return Some(Err(e));
        }
    }
    if chomping != -1 {
        s.extend_from_slice(&leading);
    }
    if chomping == 1 {
        s.extend_from_slice(&trailing);
    }
    let s = String::from_utf8(s).ok()?;
    Some(Ok(prepared.restore_bom(&s).into_owned()))
}

struct BlockScan<'a, 'p> {
    p: &'a Prepared<'p>,
    t: &'a [u8],
    pos: usize,
    col: i64,
}

impl BlockScan<'_, '_> {
    /// yaml.v3's `read_line`: one break appended (CRLF, CR, LF and NEL as `\n`, LS/PS as
    /// themselves), the column reset; nothing when not at a break.
    fn read_line(&mut self, out: &mut Vec<u8>) {
        match self.t.get(self.pos) {
            Some(b'\r') if self.t.get(self.pos + 1) == Some(&b'\n') => {
                out.push(b'\n');
                self.pos += 2;
            }
            Some(b'\r') => {
                out.push(b'\n');
                self.pos += 1;
            }
            Some(b'\n') => {
                let c = self.p.separator_at(self.pos).unwrap_or('\n');
                out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                self.pos += 1;
            }
            _ => return,
        }
        self.col = 0;
    }

    /// yaml.v3's `yaml_parser_scan_block_scalar_breaks`.
    fn breaks(
        &mut self,
        indent: &mut i64,
        out: &mut Vec<u8>,
        parent: i64,
    ) -> Result<(), &'static str> {
        let mut max_indent = 0;
        loop {
            while (*indent == 0 || self.col < *indent) && self.t.get(self.pos) == Some(&b' ') {
                self.pos += 1;
                self.col += 1;
            }
            max_indent = max_indent.max(self.col);
            if (*indent == 0 || self.col < *indent) && self.t.get(self.pos) == Some(&b'\t') {
                return Err("found a tab character where an indentation space is expected");
            }
            if !matches!(self.t.get(self.pos), Some(b'\n' | b'\r')) {
                break;
            }
            self.read_line(out);
        }
        if *indent == 0 {
            *indent = max_indent.max(parent + 1).max(1);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_refused_like_yaml_v3s_reader() {
        assert!(prepare("a: \u{7f}").is_err());
        assert!(prepare("a: \u{1}").is_err());
        assert!(prepare("a: \u{9f}").is_err());
        assert!(prepare("a: \u{fffe}").is_err());
        assert!(prepare("a: \t\u{85}é😀").is_ok());
    }

    #[test]
    fn nel_is_a_line_feed_and_separators_are_recorded() {
        let p = prepare("a: x\u{85}b: y\u{2028}").unwrap();
        assert_eq!(&*p.text, "a: x\nb: y\n");
        assert_eq!(p.separators, vec![(9, '\u{2028}')]);
    }

    #[test]
    fn leading_boms_are_dropped_and_inner_ones_kept_as_content() {
        assert_eq!(&*prepare("\u{feff}a: 1").unwrap().text, "a: 1");
        assert_eq!(&*prepare("\u{feff}\u{feff}a: 1").unwrap().text, " a: 1");
        let p = prepare("a: x\u{feff}").unwrap();
        let bom = p.bom.unwrap();
        assert_eq!(p.restore_bom(&format!("x{bom}")), "x\u{feff}");
    }

    #[test]
    fn a_separator_break_is_kept_and_never_folded() {
        let p = prepare("'a\u{2028}   b'").unwrap();
        assert_eq!(
            refold(&p, 0, p.text.len(), FlowStyle::Single).unwrap(),
            "a\u{2028}b"
        );
        let p = prepare("a\u{2028}\n  b").unwrap();
        assert_eq!(
            refold(&p, 0, p.text.len(), FlowStyle::Plain).unwrap(),
            "a\u{2028}\nb"
        );
        let p = prepare("\"a\n  b\\\n  c\"").unwrap();
        assert_eq!(
            refold(&p, 0, p.text.len(), FlowStyle::Double).unwrap(),
            "a bc"
        );
    }
}
