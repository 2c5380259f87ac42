//! Text rules of router.md §2.2 and §4.30 that this submodule applies: lines (one trailing `\r`
//! dropped), ASCII-whitespace trimming, routing tokens, and `clean`.
//!
//! Private to the prompt submodule until the router's own text helpers land; what a line or a
//! token means for a given op stays with that op.

/// ASCII whitespace of router.md §2.2: space, `\t`, `\n`, `\r`, `\f`, `\v`.
pub(crate) fn is_ascii_ws(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0C' | '\x0B')
}

/// Space or tab.
pub(crate) fn is_blank_char(c: char) -> bool {
    c == ' ' || c == '\t'
}

/// The lines of `text` (split on `\n`), each without one trailing `\r`.
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l))
}

/// `s` without leading and trailing spaces/tabs.
pub(crate) fn trim_blanks(s: &str) -> &str {
    s.trim_matches(is_blank_char)
}

/// `s` without trailing spaces/tabs.
pub(crate) fn trim_blanks_end(s: &str) -> &str {
    s.trim_end_matches(is_blank_char)
}

/// `s` without leading and trailing ASCII whitespace.
pub(crate) fn trim_ascii_ws(s: &str) -> &str {
    s.trim_matches(is_ascii_ws)
}

/// Whether `s` holds a line break (`\n` or `\r`).
pub(crate) fn has_line_break(s: &str) -> bool {
    s.contains(['\n', '\r'])
}

/// router.md §4.30 *clean(s)*: every `\r\n` becomes `\n`, then ASCII whitespace is trimmed at
/// both ends.
pub(crate) fn clean(s: &str) -> String {
    trim_ascii_ws(&s.replace("\r\n", "\n")).to_string()
}

/// Whether *clean(s)* is empty.
pub(crate) fn is_blank(s: &str) -> bool {
    trim_ascii_ws(s).is_empty()
}

/// router.md §2.2 tokens: ASCII `A–Z` lower-cased, then the maximal runs of `[a-z0-9]`; every
/// other character separates.
pub(crate) fn tokens(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in s.chars() {
        let c = c.to_ascii_lowercase();
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            cur.push(c);
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_split_on_everything_but_ascii_letters_and_digits() {
        assert_eq!(tokens("Zoom-out"), ["zoom", "out"]);
        assert_eq!(tokens("CRITICAL_ONLY"), ["critical", "only"]);
        assert_eq!(tokens("Where's"), ["where", "s"]);
        assert_eq!(tokens("TypeError"), ["typeerror"]);
        assert_eq!(tokens("Ünï UI"), ["n", "ui"]);
    }

    #[test]
    fn lines_drop_one_trailing_carriage_return() {
        assert_eq!(lines("a\r\nb\r\r\n").collect::<Vec<_>>(), ["a", "b\r", ""]);
    }

    #[test]
    fn clean_folds_crlf_and_trims_ascii_whitespace() {
        assert_eq!(clean("\x0B a\r\nb \x0C\n"), "a\nb");
        assert!(is_blank(" \t\r\n\x0B"));
    }
}
