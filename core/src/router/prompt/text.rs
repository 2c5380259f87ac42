//! The two text rules of router.md that only the prompt frame needs: *clean(s)* and the
//! single-line test. Lines, trimming and tokens are the router's own (`crate::router::parse::text`).

use crate::router::parse::text::trim_ws;

/// Whether `s` holds a line break (`\n` or `\r`).
pub(crate) fn has_line_break(s: &str) -> bool {
    s.contains(['\n', '\r'])
}

/// *clean(s)*: every `\r\n` becomes `\n`, then ASCII whitespace is trimmed at
/// both ends.
pub(crate) fn clean(s: &str) -> String {
    trim_ws(&s.replace("\r\n", "\n")).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_folds_crlf_and_trims_ascii_whitespace() {
        assert_eq!(clean("\x0B a\r\nb \x0C\n"), "a\nb");
        assert!(clean(" \t\r\n\x0B").is_empty());
        assert!(has_line_break("a\rb") && has_line_break("a\n") && !has_line_break("a b"));
    }
}
