//! Go `%q` quoting of strings (`strconv.Quote`), with Go's `IsPrint` rules at Unicode 15.0.
//!
//! It decides only the spelling of the quoted text; which messages quote what is the caller's.

use super::text::is_print;

/// `s` quoted as Go's `strconv.Quote` (and so `fmt`'s `%q`) writes it: wrapped in `"`, `"` and
/// `\` escaped, printable characters kept, `\a \b \f \n \r \t \v` for their controls, other C0
/// controls and U+007F as `\xNN`, other non-printable characters as `\uNNNN` or `\UNNNNNNNN`
/// (lower-case hex).
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if is_print(c) => out.push(c),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quote_matches_go_strconv_quote() {
        for (s, want) in [
            ("", r#""""#),
            ("coding", r#""coding""#),
            ("a\"b\\c", r#""a\"b\\c""#),
            ("\u{7}\u{8}\u{c}\n\r\t\u{b}", r#""\a\b\f\n\r\t\v""#),
            ("\u{0}\u{1f}\u{7f}", r#""\x00\x1f\x7f""#),
            (
                "\u{85}\u{a0}\u{ad}\u{200b}",
                r#""\u0085\u00a0\u00ad\u200b""#,
            ),
            ("\u{e000}\u{10ffff}", r#""\ue000\U0010ffff""#),
            ("é中😀 x", "\"é中😀 x\""),
            ("\u{2ebf0}", r#""\U0002ebf0""#),
        ] {
            assert_eq!(quote(s), want, "{s:?}");
        }
    }
}
