//! Go `%q` quoting and Go `strings.TrimSpace` for the feature-files area until the shared codecs
//! (`codec::goquote`, `codec::text`) land on main; then this file is deleted and its callers
//! import those instead.
//!
//! ASCII is exact; outside ASCII, printability is approximated by Rust's `char` properties.

/// `s` quoted as Go's `strconv.Quote` writes it.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
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
            c if c.is_control() || (c.is_whitespace() && c != ' ') || c == '\u{feff}' => {
                if (c as u32) < 0x10000 {
                    out.push_str(&format!("\\u{:04x}", c as u32));
                } else {
                    out.push_str(&format!("\\U{:08x}", c as u32));
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// `s` without leading and trailing Unicode `White_Space`.
pub fn trim_space(s: &str) -> &str {
    s.trim_matches(char::is_whitespace)
}
