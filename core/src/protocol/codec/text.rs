//! Text primitives shared by the parsers: Unicode `White_Space` trimming (Go's
//! `strings.TrimSpace`), simple lower-case mapping (Go's `unicode.ToLower`), Go's
//! `strconv.IsPrint` at Unicode 15.0 (the tables of Go 1.21–1.26) and 4x's `HumanSize`.
//!
//! These are character-level rules only; what a trimmed or folded string means is the caller's.

use super::isprint_table::PRINT_RANGES;

/// `s` without leading and trailing `White_Space` characters, as Go's `strings.TrimSpace`.
///
/// Rust's [`char::is_whitespace`] is exactly the Unicode `White_Space` property, which is what
/// Go's `unicode.IsSpace` tests (the property has been stable across Unicode 15–17).
pub fn trim_space(s: &str) -> &str {
    s.trim_matches(char::is_whitespace)
}

/// [`trim_space`] on bytes that may not be UTF-8, as Go's `bytes.TrimSpace`: leading and trailing
/// `White_Space` characters are removed; an invalid byte stops the trimming on its side.
pub fn trim_space_bytes(b: &[u8]) -> &[u8] {
    fn first_char(b: &[u8]) -> Option<char> {
        (1..=b.len().min(4))
            .find_map(|n| b.get(..n).and_then(|p| std::str::from_utf8(p).ok()))
            .and_then(|s| s.chars().next())
    }
    fn last_char(b: &[u8]) -> Option<char> {
        (1..=b.len().min(4))
            .find_map(|n| {
                b.get(b.len() - n..)
                    .and_then(|p| std::str::from_utf8(p).ok())
            })
            .and_then(|s| s.chars().next_back())
    }
    let (mut start, mut end) = (0, b.len());
    while let Some(c) = b.get(start..end).and_then(first_char) {
        if !c.is_whitespace() {
            break;
        }
        start += c.len_utf8();
    }
    while let Some(c) = b.get(start..end).and_then(last_char) {
        if !c.is_whitespace() {
            break;
        }
        end -= c.len_utf8();
    }
    b.get(start..end).unwrap_or_default()
}

/// The simple (one-to-one) lower-case mapping of `c`, as Go's `unicode.ToLower`.
///
/// Rust's [`char::to_lowercase`] applies the full mapping, which differs only where it expands to
/// several characters (U+0130 → `i` + U+0307); the simple mapping of U+0130 is `i`.
pub fn simple_lower(c: char) -> char {
    if c == '\u{130}' {
        return 'i';
    }
    let mut it = c.to_lowercase();
    match (it.next(), it.next()) {
        (Some(l), None) => l,
        _ => c,
    }
}

/// `s` with [`simple_lower`] applied to every character (Go's `strings.ToLower` for valid UTF-8).
pub fn to_lower_simple(s: &str) -> String {
    s.chars().map(simple_lower).collect()
}

/// Go's `strconv.IsPrint`: letters, marks, numbers, punctuation, symbols (Unicode 15.0 general
/// categories L, M, N, P, S) and U+0020. Everything else — other spaces, controls, format
/// characters, private use, unassigned — is not printable.
pub fn is_print(c: char) -> bool {
    let cp = c as u32;
    PRINT_RANGES
        .binary_search_by(|&(lo, hi)| {
            if hi < cp {
                std::cmp::Ordering::Less
            } else if lo > cp {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// 4x's `HumanSize`: binary units, `G` and `M` with one decimal, `K` with
/// none, else bytes. The quotient is an IEEE double printed correctly rounded, ties to even
/// (Go `%.1f`/`%.0f`).
pub fn human_size(bytes: i64) -> String {
    const K: i64 = 1024;
    const M: i64 = 1024 * 1024;
    const G: i64 = 1024 * 1024 * 1024;
    if bytes >= G {
        format!("{:.1}G", bytes as f64 / G as f64)
    } else if bytes >= M {
        format!("{:.1}M", bytes as f64 / M as f64)
    } else if bytes >= K {
        format!("{:.0}K", bytes as f64 / K as f64)
    } else {
        format!("{bytes}B")
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn human_size_rounds_ties_to_even_like_go() {
        for (b, want) in [
            (0, "0B"),
            (-1, "-1B"),
            (512, "512B"),
            (1536, "2K"),
            (2560, "2K"),
            (3584, "4K"),
            (1_310_720, "1.2M"),
            (1_048_575, "1024K"),
            (1_073_741_823, "1024.0M"),
            (1 << 40, "1024.0G"),
        ] {
            assert_eq!(human_size(b), want, "{b}");
        }
    }

    use super::*;

    #[test]
    fn trim_space_removes_unicode_white_space_only() {
        assert_eq!(
            trim_space(" \t\r\n\u{85}\u{a0}\u{2028}\u{3000}x y\u{1680}"),
            "x y"
        );
        // U+200B and U+FEFF are not White_Space.
        assert_eq!(trim_space("\u{200b}x\u{feff}"), "\u{200b}x\u{feff}");
    }

    #[test]
    fn trim_space_bytes_trims_unicode_space_around_invalid_utf8() {
        assert_eq!(
            trim_space_bytes(b" \xc2\xa0a\xffb\xe2\x80\xa8\r"),
            b"a\xffb"
        );
        assert_eq!(trim_space_bytes(b"\xff \t"), b"\xff");
        assert_eq!(trim_space_bytes(b"  "), b"");
        assert_eq!(trim_space_bytes(b"\xe2\x80 x"), b"\xe2\x80 x");
    }

    #[test]
    fn simple_lower_maps_one_to_one() {
        assert_eq!(simple_lower('A'), 'a');
        assert_eq!(simple_lower('\u{130}'), 'i');
        assert_eq!(simple_lower('Σ'), 'σ');
        assert_eq!(to_lower_simple("F001-ÄÖ"), "f001-äö");
    }

    #[test]
    fn is_print_follows_go_categories_at_unicode_15() {
        for c in [' ', 'a', '~', 'é', '中', '\u{301}', '😀', '\u{a1}'] {
            assert!(is_print(c), "{c:?}");
        }
        for c in [
            '\u{0}',
            '\t',
            '\u{7f}',
            '\u{85}',
            '\u{a0}',
            '\u{ad}',
            '\u{200b}',
            '\u{2028}',
            '\u{3000}',
            '\u{e000}',
            '\u{fffe}',
            '\u{10ffff}',
        ] {
            assert!(!is_print(c), "{c:?}");
        }
        // Assigned in Unicode 15.0 (Kawi): printable. Assigned only in 15.1/16.0: not.
        assert!(is_print('\u{11f00}'));
        assert!(!is_print('\u{2ebf0}'), "CJK Ext. I is Unicode 15.1");
        assert!(!is_print('\u{10d40}'), "Garay is Unicode 16.0");
    }
}
