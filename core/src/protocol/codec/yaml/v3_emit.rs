//! The yaml.v3-compatible emitter (features.md): writes a small value tree the way
//! `yaml.Marshal` of `gopkg.in/yaml.v3` v3.0.1 does — indentation 4, sequences indented under
//! their key, yaml.v3's scalar-style choice and escapes, its natural map-key order — except for
//! the divergences D1, D4 and D10 where Go's output cannot be read back. Which fields are
//! written, and in which order, is the caller's: it builds the [`Out`] tree.

use super::v3::{resolve_plain, Resolved};

/// A value to emit.
#[derive(Debug, Clone, PartialEq)]
pub enum Out {
    /// A string scalar (style chosen by the emitter).
    Str(String),
    /// An integer, written in decimal.
    Int(i64),
    /// A float64, written as yaml.v3 writes one: Go's `strconv.FormatFloat(f, 'g', -1, 64)`
    /// (`0.5`, `12000`, `1e+06`), `.inf`, `-.inf`, `.nan`.
    Float(f64),
    /// A boolean, written `true`/`false`.
    Bool(bool),
    /// A block sequence (`[]` when empty).
    Seq(Vec<Out>),
    /// A block mapping in the given key order (`{}` when empty).
    Map(Vec<(String, Out)>),
}

/// Why a tree cannot be emitted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmitError(pub String);

/// Longest map key (in bytes) written as a simple key; longer ones are refused (D4).
pub const MAX_SIMPLE_KEY_BYTES: usize = 128;

/// Deepest nesting the emitter accepts.
const MAX_DEPTH: usize = 64;

/// Emits `root` (normally a [`Out::Map`]) as one YAML document ending in `\n`.
pub fn emit(root: &Out) -> Result<String, EmitError> {
    let mut out = String::new();
    match root {
        Out::Map(entries) if !entries.is_empty() => write_map_entries(&mut out, entries, 0, 0)?,
        Out::Seq(items) if !items.is_empty() => write_seq_items(&mut out, items, 0, 0)?,
        other => {
            write_inline(&mut out, other, 0)?;
            out.push('\n');
        }
    }
    Ok(out)
}

/// The indentation of a block collection that is the value of a key at `i`.
fn child_indent(i: usize) -> usize {
    4 * ((i + 4) / 4)
}

fn pad(out: &mut String, n: usize) {
    out.extend(std::iter::repeat_n(' ', n));
}

/// Writes mapping entries; the first key is assumed to be positioned already when `first_inline`
/// (a mapping that is a sequence item), otherwise every key is indented to `indent`.
fn write_map_entries(
    out: &mut String,
    entries: &[(String, Out)],
    indent: usize,
    depth: usize,
) -> Result<(), EmitError> {
    write_map_entries_at(out, entries, indent, depth, false)
}

fn write_map_entries_at(
    out: &mut String,
    entries: &[(String, Out)],
    indent: usize,
    depth: usize,
    first_inline: bool,
) -> Result<(), EmitError> {
    if depth > MAX_DEPTH {
        return Err(EmitError("value nests too deeply to write".into()));
    }
    for (i, (key, value)) in entries.iter().enumerate() {
        if !(first_inline && i == 0) {
            pad(out, indent);
        }
        write_key(out, key)?;
        out.push(':');
        write_value_after_key(out, value, indent, depth)?;
    }
    Ok(())
}

/// Writes what follows `key:` for a key at indentation `indent`.
fn write_value_after_key(
    out: &mut String,
    value: &Out,
    indent: usize,
    depth: usize,
) -> Result<(), EmitError> {
    match value {
        Out::Map(entries) if !entries.is_empty() => {
            out.push('\n');
            write_map_entries(out, entries, child_indent(indent), depth + 1)
        }
        Out::Seq(items) if !items.is_empty() => {
            out.push('\n');
            write_seq_items(out, items, child_indent(indent), depth + 1)
        }
        Out::Str(s) => {
            out.push(' ');
            write_string(out, s, child_indent(indent))?;
            Ok(())
        }
        other => {
            out.push(' ');
            write_inline(out, other, indent)?;
            out.push('\n');
            Ok(())
        }
    }
}

fn write_seq_items(
    out: &mut String,
    items: &[Out],
    indent: usize,
    depth: usize,
) -> Result<(), EmitError> {
    if depth > MAX_DEPTH {
        return Err(EmitError("value nests too deeply to write".into()));
    }
    for item in items {
        pad(out, indent);
        out.push_str("- ");
        match item {
            Out::Map(entries) if !entries.is_empty() => {
                write_map_entries_at(out, entries, indent + 2, depth + 1, true)?
            }
            Out::Seq(inner) if !inner.is_empty() => {
                // A sequence item that is itself a sequence: yaml.v3 starts it on the same line.
                let mut nested = String::new();
                write_seq_items(&mut nested, inner, indent + 2, depth + 1)?;
                out.push_str(nested.get(indent + 2..).unwrap_or(""));
            }
            Out::Str(s) => write_string(out, s, indent + 2)?,
            other => {
                write_inline(out, other, indent)?;
                out.push('\n');
            }
        }
    }
    Ok(())
}

/// A float64 as yaml.v3 writes it: Go's shortest `'g'` format (exponent form when the decimal
/// exponent is below -4 or at least 6, else positional; the exponent has
/// a sign and at least two digits), with `+Inf`/`-Inf`/`NaN` written `.inf`/`-.inf`/`.nan`.
pub fn format_float_g(f: f64) -> String {
    if f.is_nan() {
        return ".nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { ".inf" } else { "-.inf" }.into();
    }
    let sign = if f.is_sign_negative() { "-" } else { "" };
    if f == 0.0 {
        return format!("{sign}0");
    }
    // Rust's `{:e}` gives the shortest round-trip digits as `d[.ddd]e<exp>`.
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    // Go decides with precision 6 when the digits are the shortest ones.
    let nd = digits.len() as i64;
    let dp = exp + 1;
    if !(-4..6).contains(&exp) {
        let e = exp.unsigned_abs();
        let exp_sign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{mantissa}e{exp_sign}{e:02}");
    }
    let body = if exp >= 0 {
        if nd <= dp {
            format!("{digits}{}", "0".repeat((dp - nd) as usize))
        } else {
            let (a, b) = digits.split_at(dp as usize);
            format!("{a}.{b}")
        }
    } else {
        format!("0.{}{digits}", "0".repeat((-exp - 1) as usize))
    };
    format!("{sign}{body}")
}

/// Writes a non-string scalar or an empty collection on the current line (no newline).
fn write_inline(out: &mut String, value: &Out, _indent: usize) -> Result<(), EmitError> {
    match value {
        Out::Int(i) => out.push_str(&i.to_string()),
        Out::Float(f) => out.push_str(&format_float_g(*f)),
        Out::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Out::Seq(_) => out.push_str("[]"),
        Out::Map(_) => out.push_str("{}"),
        Out::Str(s) => match choose_style(s) {
            Style::Plain => out.push_str(s),
            Style::Single => write_single(out, s),
            Style::Double | Style::Literal => write_double(out, s),
        },
    }
    Ok(())
}

/// Writes a string value and its line end; literal blocks are indented to `block_indent`.
fn write_string(out: &mut String, s: &str, block_indent: usize) -> Result<(), EmitError> {
    match choose_style(s) {
        Style::Plain => out.push_str(s),
        Style::Single => write_single(out, s),
        Style::Double => write_double(out, s),
        Style::Literal => {
            write_literal(out, s, block_indent);
            return Ok(());
        }
    }
    out.push('\n');
    Ok(())
}

fn write_key(out: &mut String, key: &str) -> Result<(), EmitError> {
    if key.len() > MAX_SIMPLE_KEY_BYTES || key.chars().any(is_break) {
        return Err(EmitError(format!(
            "map key {key:?} cannot be written as a simple YAML key (it has a line break or is longer than {MAX_SIMPLE_KEY_BYTES} bytes)"
        )));
    }
    // D11: yaml.v3 writes the key `<<` plain, and then reads it back as a merge key (the file
    // no longer decodes); fourx writes it double-quoted, which every reader takes as a string.
    if key == "<<" {
        write_double(out, key);
        return Ok(());
    }
    match choose_style(key) {
        Style::Plain => out.push_str(key),
        Style::Single => write_single(out, key),
        Style::Double | Style::Literal => write_double(out, key),
    }
    Ok(())
}

/// The scalar style yaml.v3 ends up with for a string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// Unquoted.
    Plain,
    /// `'…'`.
    Single,
    /// `"…"` with escapes.
    Double,
    /// `|` block.
    Literal,
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// yaml.v3's `is_printable`.
fn is_printable(c: char) -> bool {
    matches!(c, '\n' | '\u{20}'..='\u{7E}' | '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}')
        && c != '\u{FEFF}'
}

/// Whether a plain scalar with this text would be read back as a string by yaml.v3 and is safe
/// from YAML 1.1 readers (no old bools, no base-60 numbers).
fn plain_is_string(s: &str) -> bool {
    // yaml.v3's encoder resolves `<<` as a string (its resolve table has no hint for `<`; the
    // merge key is recognised by the decoder only), so it is written plain.
    matches!(resolve_plain(s), Resolved::Str | Resolved::Merge) && !is_old_bool(s) && !is_base60(s)
}

fn is_old_bool(s: &str) -> bool {
    matches!(
        s,
        "y" | "Y"
            | "yes"
            | "Yes"
            | "YES"
            | "n"
            | "N"
            | "no"
            | "No"
            | "NO"
            | "on"
            | "On"
            | "ON"
            | "off"
            | "Off"
            | "OFF"
    )
}

/// `^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$`
fn is_base60(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    if i < b.len() && (b[i] == b'+' || b[i] == b'-') {
        i += 1;
    }
    if i >= b.len() || !b[i].is_ascii_digit() {
        return false;
    }
    i += 1;
    while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
        i += 1;
    }
    let mut groups = 0;
    while i < b.len() && b[i] == b':' {
        i += 1;
        // [0-5]?[0-9]: one or two digits, the first of two in 0..=5.
        if i < b.len() && b[i].is_ascii_digit() {
            if i + 1 < b.len() && b[i + 1].is_ascii_digit() && b[i] <= b'5' {
                i += 2;
            } else {
                i += 1;
            }
        } else {
            return false;
        }
        groups += 1;
    }
    if groups == 0 {
        return false;
    }
    if i < b.len() && b[i] == b'.' {
        i += 1;
        while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'_') {
            i += 1;
        }
    }
    i == b.len()
}

/// Chooses the style of a string value.
pub fn choose_style(s: &str) -> Style {
    let chars: Vec<char> = s.chars().collect();
    // Step 1: the requested style.
    if s.contains(['\u{2028}', '\u{2029}']) {
        // D1: never a raw line or paragraph separator in any style; in a literal block (a
        // string that also has `\n`) yaml.v3 breaks the line there, which YAML 1.2 readers do
        // not read back.
        return Style::Double;
    }
    let requested = if s.contains('\n') {
        match chars.first() {
            // D10 (also for a leading tab: yaml.v3 writes the block, then refuses the tab
            // "where an indentation space is expected" when reading it).
            Some(&c) if c == ' ' || c == '\t' || is_break(c) => return Style::Double,
            _ => Style::Literal,
        }
    } else if plain_is_string(s) {
        Style::Plain
    } else {
        return Style::Double;
    };
    let a = analyze(&chars);
    match requested {
        Style::Literal => {
            if a.literal_allowed && !s.is_empty() {
                Style::Literal
            } else {
                Style::Double
            }
        }
        _ => {
            if a.plain_allowed && !s.is_empty() {
                Style::Plain
            } else if a.single_allowed {
                Style::Single
            } else {
                Style::Double
            }
        }
    }
}

struct Analysis {
    plain_allowed: bool,
    single_allowed: bool,
    literal_allowed: bool,
}

fn is_blank_or_end(chars: &[char], i: usize) -> bool {
    match chars.get(i) {
        None => true,
        Some(&c) => c == ' ' || c == '\t' || is_break(c),
    }
}

fn analyze(chars: &[char]) -> Analysis {
    let n = chars.len();
    let starts_with = |p: &str| {
        let pc: Vec<char> = p.chars().collect();
        chars.len() >= pc.len() && chars[..pc.len()] == pc[..]
    };
    let mut block_indicators = starts_with("---") || starts_with("...");
    let (mut special, mut tab, mut line_breaks) = (false, false, false);
    let (mut space_break, mut break_space) = (false, false);
    let (mut leading_space, mut leading_break, mut trailing_space, mut trailing_break) =
        (false, false, false, false);
    let (mut prev_space, mut prev_break) = (false, false);
    let mut preceded_by_ws = true;
    for (i, &c) in chars.iter().enumerate() {
        let followed_by_ws = is_blank_or_end(chars, i + 1);
        if i == 0 {
            match c {
                '#' | ',' | '[' | ']' | '{' | '}' | '&' | '*' | '!' | '|' | '>' | '\'' | '"'
                | '%' | '@' | '`' => block_indicators = true,
                '?' | ':' | '-' if followed_by_ws => block_indicators = true,
                _ => {}
            }
        } else {
            match c {
                ':' if followed_by_ws => block_indicators = true,
                '#' if preceded_by_ws => block_indicators = true,
                _ => {}
            }
        }
        // yaml.v3 tracks a tab apart from the other non-printable characters: it rules out
        // plain and single-quoted styles but not a literal block.
        if c == '\t' {
            tab = true;
        } else if !is_printable(c) {
            special = true;
        }
        if is_break(c) {
            line_breaks = true;
        }
        if c == ' ' {
            if i == 0 {
                leading_space = true;
            }
            if i + 1 == n {
                trailing_space = true;
            }
            if prev_break {
                break_space = true;
            }
            prev_space = true;
            prev_break = false;
        } else if is_break(c) {
            if i == 0 {
                leading_break = true;
            }
            if i + 1 == n {
                trailing_break = true;
            }
            if prev_space {
                space_break = true;
            }
            prev_space = false;
            prev_break = true;
        } else {
            prev_space = false;
            prev_break = false;
        }
        preceded_by_ws = c == ' ' || c == '\t' || is_break(c);
    }
    let mut plain = true;
    let mut single = true;
    let mut literal = true;
    if leading_space || leading_break || trailing_space || trailing_break {
        plain = false;
    }
    if trailing_space {
        literal = false;
    }
    if break_space {
        plain = false;
        single = false;
    }
    if space_break || tab || special {
        plain = false;
        single = false;
    }
    if space_break || special {
        literal = false;
    }
    if line_breaks || block_indicators {
        plain = false;
    }
    Analysis {
        plain_allowed: plain,
        single_allowed: single,
        literal_allowed: literal,
    }
}

fn write_single(out: &mut String, s: &str) {
    out.push('\'');
    for c in s.chars() {
        if c == '\'' {
            out.push_str("''");
        } else {
            out.push(c);
        }
    }
    out.push('\'');
}

fn write_double(out: &mut String, s: &str) {
    out.push('"');
    // yaml.v3's `is_bom` looks at the start of the value, not at the current character: a
    // string that starts with U+FEFF has every character escaped (`"\uFEFF\x62\x6F\x6D"`).
    let escape_all = s.starts_with('\u{feff}');
    for c in s.chars() {
        let escape = match c {
            '\u{a0}' if escape_all => Some("\\_"),
            '"' => Some("\\\""),
            '\\' => Some("\\\\"),
            '\0' => Some("\\0"),
            '\u{7}' => Some("\\a"),
            '\u{8}' => Some("\\b"),
            '\t' => Some("\\t"),
            '\n' => Some("\\n"),
            '\u{B}' => Some("\\v"),
            '\u{C}' => Some("\\f"),
            '\r' => Some("\\r"),
            '\u{1B}' => Some("\\e"),
            '\u{85}' => Some("\\N"),
            '\u{2028}' => Some("\\L"),
            '\u{2029}' => Some("\\P"),
            _ => None,
        };
        if let Some(e) = escape {
            out.push_str(e);
        } else if escape_all || !is_printable(c) {
            let v = u32::from(c);
            if v <= 0xFF {
                out.push_str(&format!("\\x{v:02X}"));
            } else if v <= 0xFFFF {
                out.push_str(&format!("\\u{v:04X}"));
            } else {
                out.push_str(&format!("\\U{v:08X}"));
            }
        } else {
            out.push(c);
        }
    }
    out.push('"');
}

/// Writes `|`, the chomping indicator, and the lines of `s` at `indent`.
fn write_literal(out: &mut String, s: &str, indent: usize) {
    out.push('|');
    let trailing_breaks = s.chars().rev().take_while(|&c| is_break(c)).count();
    match trailing_breaks {
        0 => out.push('-'),
        1 => {}
        _ => out.push('+'),
    }
    out.push('\n');
    let mut at_line_start = true;
    for c in s.chars() {
        if is_break(c) {
            out.push(c);
            at_line_start = true;
        } else {
            if at_line_start {
                pad(out, indent);
                at_line_start = false;
            }
            out.push(c);
        }
    }
    if trailing_breaks == 0 {
        out.push('\n');
    }
}

/// yaml.v3's natural order of map keys: true when `a` sorts before `b`.
pub fn natural_less(a: &str, b: &str) -> bool {
    let ar: Vec<char> = a.chars().collect();
    let br: Vec<char> = b.chars().collect();
    let mut digits = false;
    let mut i = 0;
    while i < ar.len() && i < br.len() {
        if ar[i] == br[i] {
            digits = is_digit(ar[i]);
            i += 1;
            continue;
        }
        let al = ar[i].is_alphabetic();
        let bl = br[i].is_alphabetic();
        if al && bl {
            return ar[i] < br[i];
        }
        if al || bl {
            return if digits { al } else { bl };
        }
        let (mut an, mut bn): (i64, i64) = (0, 0);
        if ar[i] == '0' || br[i] == '0' {
            let mut j = i;
            while j > 0 && is_digit(ar[j - 1]) {
                if ar[j - 1] != '0' {
                    an = 1;
                    bn = 1;
                    break;
                }
                j -= 1;
            }
        }
        let mut ai = i;
        while ai < ar.len() && is_digit(ar[ai]) {
            an = an
                .wrapping_mul(10)
                .wrapping_add(i64::from(u32::from(ar[ai])) - i64::from(b'0'));
            ai += 1;
        }
        let mut bi = i;
        while bi < br.len() && is_digit(br[bi]) {
            bn = bn
                .wrapping_mul(10)
                .wrapping_add(i64::from(u32::from(br[bi])) - i64::from(b'0'));
            bi += 1;
        }
        if an != bn {
            return an < bn;
        }
        if ai != bi {
            return ai < bi;
        }
        return ar[i] < br[i];
    }
    ar.len() < br.len()
}

/// Unicode decimal digit (Go `unicode.IsDigit`), approximated by the numeric property outside
/// ASCII.
fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || (!c.is_ascii() && c.is_numeric())
}

/// Sorts keys in yaml.v3's natural order with a stable merge sort that never panics, whatever
/// the comparison does.
pub fn sort_natural<T>(items: Vec<(String, T)>) -> Vec<(String, T)> {
    if items.len() <= 1 {
        return items;
    }
    let mut items = items;
    let right = items.split_off(items.len() / 2);
    let left = sort_natural(items);
    let right = sort_natural(right);
    let mut out = Vec::with_capacity(left.len() + right.len());
    let mut l = left.into_iter().peekable();
    let mut r = right.into_iter().peekable();
    loop {
        let take_right = match (l.peek(), r.peek()) {
            (Some(a), Some(b)) => natural_less(&b.0, &a.0),
            (Some(_), None) => false,
            (None, Some(_)) => true,
            (None, None) => break,
        };
        let next = if take_right { r.next() } else { l.next() };
        if let Some(x) = next {
            out.push(x);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order_matches_the_spec_examples() {
        let keys = [
            "", "123", "Zed", "a-b", "a~b", "aab", "alpha", "phase9", "phase10",
        ];
        let mut shuffled: Vec<(String, ())> =
            keys.iter().rev().map(|k| (k.to_string(), ())).collect();
        shuffled.swap(0, 4);
        let sorted: Vec<String> = sort_natural(shuffled).into_iter().map(|x| x.0).collect();
        assert_eq!(sorted, keys);
    }

    #[test]
    fn style_choice_follows_yaml_v3() {
        assert_eq!(choose_style("plain text"), Style::Plain);
        assert_eq!(choose_style(""), Style::Double);
        assert_eq!(choose_style("no"), Style::Double);
        assert_eq!(choose_style("1:30"), Style::Double);
        assert_eq!(choose_style("a: b"), Style::Single);
        assert_eq!(choose_style("tab\there"), Style::Double);
        assert_eq!(choose_style("a\nb"), Style::Literal);
        assert_eq!(choose_style("\nlead"), Style::Double);
        assert_eq!(choose_style("trail \nx"), Style::Double);
        assert_eq!(choose_style("x\u{2028}y"), Style::Double);
        assert_eq!(choose_style("x\n\u{2029}y"), Style::Double);
        assert_eq!(choose_style("2024-13-01"), Style::Plain);
        assert_eq!(choose_style("2024-12-01"), Style::Double);
    }

    #[test]
    fn long_or_multiline_keys_are_refused() {
        let long = "k".repeat(129);
        let root = Out::Map(vec![(long, Out::Int(1))]);
        assert!(emit(&root).is_err());
        assert!(emit(&Out::Map(vec![("a\nb".into(), Out::Int(1))])).is_err());
        assert!(emit(&Out::Map(vec![("k".repeat(128), Out::Int(1))])).is_ok());
    }

    #[test]
    fn literal_blocks_carry_chomping_and_empty_lines() {
        let root = Out::Map(vec![(
            "d".into(),
            Out::Seq(vec![Out::Str("two\n\n".into()), Out::Str("a\n\nb".into())]),
        )]);
        assert_eq!(
            emit(&root).unwrap(),
            "d:\n    - |+\n      two\n\n    - |-\n      a\n\n      b\n"
        );
    }

    #[test]
    fn floats_are_written_in_go_shortest_g_format() {
        // Pinned against Go 1.19 `strconv.FormatFloat(f, 'g', -1, 64)`.
        let cases: &[(f64, &str)] = &[
            (0.5, "0.5"),
            (12000.0, "12000"),
            (100000.0, "100000"),
            (1e6, "1e+06"),
            (1234567.0, "1.234567e+06"),
            (123456.7, "123456.7"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1e21, "1e+21"),
            (1.5e-7, "1.5e-07"),
            (-2.25, "-2.25"),
            (3.0, "3"),
            (f64::INFINITY, ".inf"),
            (f64::NEG_INFINITY, "-.inf"),
            (f64::NAN, ".nan"),
        ];
        for &(f, want) in cases {
            assert_eq!(format_float_g(f), want, "{f}");
        }
    }
}
