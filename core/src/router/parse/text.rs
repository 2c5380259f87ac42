//! Text basics of router.md, shared by every router parser: lines (CRLF accepted), ASCII
//! whitespace trimming, routing tokens and token phrases, and the `KEY: value` line shape.
//! Meanings of keys and phrases are left to the callers.

/// Whether `c` is ASCII whitespace in the spec's sense (space, `\t`, `\n`, `\r`, `\f`, `\v`).
pub(crate) fn is_ascii_ws(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\x0c' | '\x0b')
}

/// Trims ASCII whitespace from both ends.
pub(crate) fn trim_ws(s: &str) -> &str {
    s.trim_matches(is_ascii_ws)
}

/// Trims spaces and tabs from both ends.
pub(crate) fn trim_sp(s: &str) -> &str {
    s.trim_matches([' ', '\t'])
}

/// Trims spaces and tabs from the start.
pub(crate) fn trim_sp_start(s: &str) -> &str {
    s.trim_start_matches([' ', '\t'])
}

/// Trims spaces and tabs from the end.
pub(crate) fn trim_sp_end(s: &str) -> &str {
    s.trim_end_matches([' ', '\t'])
}

/// Whether the line is empty or only ASCII whitespace.
pub(crate) fn is_blank(s: &str) -> bool {
    s.chars().all(is_ascii_ws)
}

/// The lines of `text`: split on `\n`, one trailing `\r` removed from each (the pieces of
/// `text.split('\n')`, found with a SIMD byte search).
pub(crate) fn lines(text: &str) -> impl Iterator<Item = &str> {
    let mut newlines = memchr::memchr_iter(b'\n', text.as_bytes());
    let mut start = Some(0);
    std::iter::from_fn(move || {
        let from = start?;
        let end = newlines.next();
        start = end.map(|e| e + 1);
        let line = text.get(from..end.unwrap_or(text.len())).unwrap_or("");
        Some(line.strip_suffix('\r').unwrap_or(line))
    })
}

/// Routing tokens: ASCII upper case lowered, then maximal runs of `[a-z0-9]`; everything else
/// separates.
pub(crate) fn tokens(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for c in text.chars() {
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

/// The first index where `phrase` occurs as a contiguous token sequence.
pub(crate) fn find_phrase(tokens: &[String], phrase: &[&str]) -> Option<usize> {
    if phrase.is_empty() || phrase.len() > tokens.len() {
        return None;
    }
    (0..=tokens.len() - phrase.len())
        .find(|&i| phrase.iter().enumerate().all(|(j, p)| tokens[i + j] == *p))
}

/// Whether `phrase` occurs in `tokens`.
pub(crate) fn has_phrase(tokens: &[String], phrase: &[&str]) -> bool {
    find_phrase(tokens, phrase).is_some()
}

/// The value of a `^[ \t]*(-[ \t]+)?KEY:[ \t]*(value)[ \t]*$` line for this exact `key`.
pub(crate) fn key_line_value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let mut rest = trim_sp_start(line);
    if let Some(after) = rest.strip_prefix('-') {
        let trimmed = trim_sp_start(after);
        if trimmed.len() < after.len() {
            rest = trimmed;
        }
    }
    let value = rest.strip_prefix(key)?.strip_prefix(':')?;
    Some(trim_sp(value))
}

/// Whether `s` is one or more ASCII digits.
pub(crate) fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_lower_ascii_and_split_on_everything_else() {
        assert_eq!(tokens("Zoom-out"), ["zoom", "out"]);
        assert_eq!(tokens("CRITICAL_ONLY"), ["critical", "only"]);
        assert_eq!(tokens("Where's"), ["where", "s"]);
        assert_eq!(tokens("TypeError"), ["typeerror"]);
        assert_eq!(tokens("« Enregistrer » é"), ["enregistrer"]);
    }

    #[test]
    fn lines_accept_crlf() {
        assert_eq!(lines("a\r\nb\n").collect::<Vec<_>>(), ["a", "b", ""]);
    }

    proptest::proptest! {
        /// On any text of newlines, carriage returns and other characters, the same pieces as
        /// `split('\n')` with one `\r` stripped.
        #[test]
        fn lines_equal_a_split_on_newline(t in "[\\n\\ra-cé ]{0,200}") {
            let want: Vec<&str> = t
                .split('\n')
                .map(|l| l.strip_suffix('\r').unwrap_or(l))
                .collect();
            proptest::prop_assert_eq!(lines(&t).collect::<Vec<_>>(), want);
        }
    }

    #[test]
    fn lines_are_the_pieces_of_a_split_on_newline() {
        for t in ["", "\n", "a", "a\n", "\n\nb", "é\r\n\r\rx\n", "a\r", "\r\n"] {
            let want: Vec<&str> = t
                .split('\n')
                .map(|l| l.strip_suffix('\r').unwrap_or(l))
                .collect();
            assert_eq!(lines(t).collect::<Vec<_>>(), want, "{t:?}");
        }
    }

    #[test]
    fn ascii_whitespace_includes_vertical_tab() {
        assert_eq!(trim_ws("\x0b a \x0c"), "a");
        assert_eq!(trim_ws("\u{a0}a"), "\u{a0}a");
    }

    #[test]
    fn key_lines_take_an_optional_dash_bullet() {
        assert_eq!(key_line_value("- KEY: v ", "KEY"), Some("v"));
        assert_eq!(key_line_value("  KEY:", "KEY"), Some(""));
        assert_eq!(key_line_value("-KEY: v", "KEY"), None);
        assert_eq!(key_line_value("KEYS: v", "KEY"), None);
        assert_eq!(key_line_value("key: v", "KEY"), None);
    }
}
