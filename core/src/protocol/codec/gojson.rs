//! A Go-compatible JSON writer: the bytes Go's `encoding/json` would produce for the same value.
//!
//! Field order is the order of the [`Value`] (serde_json keeps insertion order here, so typed
//! structs serialize in declaration order and maps the caller wants sorted come from `BTreeMap`s).
//! This module decides only spelling: string escapes (`<` `>` `&` U+2028 U+2029 included), Go's
//! float format, and the compact and indented layouts. Omit-empty rules belong to the types.

use serde::Serialize;
use serde_json::{Number, Value};

/// The two layouts Go writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// `json.Marshal`: no whitespace at all.
    Compact,
    /// `json.MarshalIndent(v, "", "  ")`: two-space indent, `": "`, `[]`/`{}` when empty.
    Indented,
}

/// Writes `value` as Go's encoder would, in `layout`, with no trailing newline.
pub fn write_value(value: &Value, layout: Layout) -> String {
    let mut out = String::new();
    write_into(&mut out, value, layout, 0);
    out
}

/// Serializes `value` with serde and writes it as Go would.
///
/// Fails only if serde cannot represent the value as JSON (a map with non-string keys, a
/// non-finite float).
pub fn to_string<T: Serialize + ?Sized>(
    value: &T,
    layout: Layout,
) -> Result<String, serde_json::Error> {
    Ok(write_value(&serde_json::to_value(value)?, layout))
}

fn newline(out: &mut String, level: usize) {
    out.push('\n');
    for _ in 0..level {
        out.push_str("  ");
    }
}

fn write_into(out: &mut String, value: &Value, layout: Layout, level: usize) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => write_number(out, n),
        Value::String(s) => write_string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if layout == Layout::Indented {
                    newline(out, level + 1);
                }
                write_into(out, item, layout, level + 1);
            }
            if layout == Layout::Indented && !items.is_empty() {
                newline(out, level);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            for (i, (k, v)) in map.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if layout == Layout::Indented {
                    newline(out, level + 1);
                }
                write_string(out, k);
                out.push(':');
                if layout == Layout::Indented {
                    out.push(' ');
                }
                write_into(out, v, layout, level + 1);
            }
            if layout == Layout::Indented && !map.is_empty() {
                newline(out, level);
            }
            out.push('}');
        }
    }
}

/// Writes a JSON number: integers in decimal, floats in Go's format ([`format_float`]).
pub fn write_number(out: &mut String, n: &Number) {
    if let Some(i) = n.as_i64() {
        out.push_str(&i.to_string());
    } else if let Some(u) = n.as_u64() {
        out.push_str(&u.to_string());
    } else if let Some(f) = n.as_f64() {
        out.push_str(&format_float(f));
    }
}

/// Go's `encoding/json` float64 format: the shortest decimal that round-trips, positional when
/// `1e-6 <= |x| < 1e21` (no trailing `.0`), otherwise `<mantissa>e<sign><digits>` with no
/// leading exponent zeros (`1e-7`, `1e+21`).
pub fn format_float(f: f64) -> String {
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.to_string();
    }
    // Rust's `{:e}` gives the shortest round-trip digits as `d[.ddd]e<exp>`.
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i64 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(|c| *c != '.').collect();
    let sign = if f < 0.0 { "-" } else { "" };
    let abs = f.abs();
    if !(1e-6..1e21).contains(&abs) {
        let exp_sign = if exp < 0 { '-' } else { '+' };
        let e = exp.unsigned_abs();
        let e = if exp >= 0 && e < 10 {
            format!("0{e}")
        } else {
            e.to_string()
        };
        return format!("{sign}{mantissa}e{exp_sign}{e}");
    }
    let n = digits.len() as i64;
    let body = if exp >= 0 {
        let int_len = exp + 1;
        if n <= int_len {
            format!("{digits}{}", "0".repeat((int_len - n) as usize))
        } else {
            let (a, b) = digits.split_at(int_len as usize);
            format!("{a}.{b}")
        }
    } else {
        format!("0.{}{digits}", "0".repeat((-exp - 1) as usize))
    };
    format!("{sign}{body}")
}

/// A float64 as a JSON value that prints the way Go prints it through any JSON writer: an
/// integral value below 2^53 becomes a JSON integer (`3`, not `3.0`), anything else stays a
/// float. Non-finite values (which Go refuses to encode) become `null`.
pub fn float_value(f: f64) -> Value {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53: every integer below is exact
    if f.fract() == 0.0 && f.abs() < EXACT {
        Value::from(f as i64)
    } else {
        Number::from_f64(f).map_or(Value::Null, Value::Number)
    }
}

/// Writes `s` as a JSON string with Go's escapes: `\"` `\\` `\n` `\r` `\t` `\b` `\f`, other
/// controls as `\u00xx` (lower-case hex), `<` `>` `&` as `\u003c` `\u003e` `\u0026`, and
/// U+2028/U+2029 escaped. Everything else is written literally.
pub fn write_string(out: &mut String, s: &str) {
    out.push('"');
    let mut start = 0;
    for (i, c) in s.char_indices() {
        let esc: Option<&str> = match c {
            '"' => Some("\\\""),
            '\\' => Some("\\\\"),
            '\n' => Some("\\n"),
            '\r' => Some("\\r"),
            '\t' => Some("\\t"),
            '\u{8}' => Some("\\b"),
            '\u{c}' => Some("\\f"),
            '<' => Some("\\u003c"),
            '>' => Some("\\u003e"),
            '&' => Some("\\u0026"),
            '\u{2028}' => Some("\\u2028"),
            '\u{2029}' => Some("\\u2029"),
            c if (c as u32) < 0x20 => None,
            _ => continue,
        };
        out.push_str(&s[start..i]);
        match esc {
            Some(e) => out.push_str(e),
            None => out.push_str(&format!("\\u{:04x}", c as u32)),
        }
        start = i + c.len_utf8();
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// `s` as a Go JSON string literal (see [`write_string`]).
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_string(&mut out, s);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn floats_follow_go() {
        for (f, want) in [
            (2.0, "2"),
            (0.0123, "0.0123"),
            (100.0, "100"),
            (1e-7, "1e-7"),
            (1e21, "1e+21"),
            (1.5e21, "1.5e+21"),
            (1e-6, "0.000001"),
            (123456789.125, "123456789.125"),
            (-2.5, "-2.5"),
            (1e20, "100000000000000000000"),
            (1.2345e-10, "1.2345e-10"),
            (1e100, "1e+100"),
        ] {
            assert_eq!(format_float(f), want, "{f}");
        }
    }

    #[test]
    fn integral_floats_become_integers() {
        assert_eq!(float_value(3.0), json!(3));
        assert_eq!(float_value(-0.0), json!(0));
        assert_eq!(float_value(0.5), json!(0.5));
        assert_eq!(float_value(1e300), json!(1e300));
        assert_eq!(float_value(f64::NAN), Value::Null);
    }

    #[test]
    fn strings_escape_html_and_line_separators() {
        assert_eq!(
            quote("a<b>&\"\\\n\r\t\u{1}\u{7f}\u{2028}\u{2029}é"),
            "\"a\\u003cb\\u003e\\u0026\\\"\\\\\\n\\r\\t\\u0001\u{7f}\\u2028\\u2029é\""
        );
    }

    #[test]
    fn indented_layout_matches_marshal_indent() {
        let v = json!({"a": 1, "b": [], "c": {}, "d": [1, "x"], "e": {"f": null}});
        assert_eq!(
            write_value(&v, Layout::Indented),
            "{\n  \"a\": 1,\n  \"b\": [],\n  \"c\": {},\n  \"d\": [\n    1,\n    \"x\"\n  ],\n  \"e\": {\n    \"f\": null\n  }\n}"
        );
        assert_eq!(
            write_value(&v, Layout::Compact),
            "{\"a\":1,\"b\":[],\"c\":{},\"d\":[1,\"x\"],\"e\":{\"f\":null}}"
        );
    }
}
