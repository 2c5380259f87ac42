//! A small tokenizer for the C-family languages the scanner reads (Go, Rust, TypeScript and
//! JavaScript): identifiers, string literals and punctuation, with comments dropped.
//!
//! Decides only what is code and what is a comment or a literal, so that an import spelled
//! inside a comment or a string never counts; the import grammar of each language is its own
//! module's. It never fails: unterminated literals and comments end at the end of the text.

/// The lexical flavour of a language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// Go: `"…"`, raw `` `…` ``, runes `'…'`.
    Go,
    /// Rust: `"…"`, raw `r#"…"#`, byte strings, chars vs lifetimes, nested block comments.
    Rust,
    /// TypeScript / JavaScript: `"…"`, `'…'`, template literals, regular expression literals.
    Script,
}

/// One token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Tok<'a> {
    /// An identifier or keyword.
    Ident(&'a str),
    /// A string literal's raw contents (escapes kept as written).
    Str(&'a str),
    /// `::` (Rust paths).
    PathSep,
    /// Any other punctuation character.
    Punct(char),
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c == '$' || c.is_alphabetic()
}

fn is_ident_char(c: char) -> bool {
    c == '_' || c == '$' || c.is_alphanumeric()
}

/// Tokenizes `text` in `dialect`.
pub(crate) fn tokens(text: &str, dialect: Dialect) -> Vec<Tok<'_>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                let mut depth = 1usize;
                while i < b.len() && depth > 0 {
                    if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        depth -= 1;
                        i += 2;
                    } else if dialect == Dialect::Rust
                        && b[i] == b'/'
                        && b.get(i + 1) == Some(&b'*')
                    {
                        depth += 1;
                        i += 2;
                    } else {
                        i += 1;
                    }
                }
            }
            b'/' if dialect == Dialect::Script && regex_allowed(out.last()) => {
                i = skip_regex(b, i + 1);
                out.push(Tok::Punct('/'));
            }
            b'"' => {
                let (s, next) = quoted(text, i + 1, b'"', true);
                out.push(Tok::Str(s));
                i = next;
            }
            b'`' if dialect != Dialect::Rust => {
                let (s, next) = quoted(text, i + 1, b'`', dialect == Dialect::Script);
                out.push(Tok::Str(s));
                i = next;
            }
            b'\'' => match dialect {
                Dialect::Script => {
                    let (s, next) = quoted(text, i + 1, b'\'', true);
                    out.push(Tok::Str(s));
                    i = next;
                }
                Dialect::Go => {
                    let (_, next) = quoted(text, i + 1, b'\'', true);
                    out.push(Tok::Punct('\''));
                    i = next;
                }
                Dialect::Rust => i = skip_char_or_lifetime(text, i),
            },
            b':' if b.get(i + 1) == Some(&b':') => {
                out.push(Tok::PathSep);
                i += 2;
            }
            _ if c.is_ascii_digit() => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.')
                {
                    i += 1;
                }
                out.push(Tok::Punct('0'));
            }
            _ => {
                // Escapes may leave `i` inside a multi-byte character: step over its bytes.
                let Some(ch) = text.get(i..).and_then(|r| r.chars().next()) else {
                    i += 1;
                    continue;
                };
                if dialect == Dialect::Rust && (ch == 'r' || ch == 'b') {
                    if let Some(next) = rust_raw_or_byte_string(text, i) {
                        out.push(Tok::Str(""));
                        i = next;
                        continue;
                    }
                }
                if is_ident_start(ch) {
                    let start = i;
                    while let Some(ch) = text.get(i..).and_then(|r| r.chars().next()) {
                        if !is_ident_char(ch) {
                            break;
                        }
                        i += ch.len_utf8();
                    }
                    out.push(Tok::Ident(text.get(start..i).unwrap_or("")));
                } else {
                    out.push(Tok::Punct(ch));
                    i += ch.len_utf8();
                }
            }
        }
    }
    out
}

/// Reads a literal closed by `close` starting at `start` (after the opening quote); returns the
/// contents and the position after the closing quote.
fn quoted(text: &str, start: usize, close: u8, escapes: bool) -> (&str, usize) {
    let b = text.as_bytes();
    let mut i = start;
    while i < b.len() {
        if escapes && b[i] == b'\\' {
            i += 2;
            continue;
        }
        if b[i] == close {
            return (text.get(start..i).unwrap_or(""), i + 1);
        }
        i += 1;
    }
    (text.get(start..).unwrap_or(""), b.len())
}

/// Rust `r"…"`, `r#"…"#`, `b"…"`, `br#"…"#`, `b'…'`: the position after the literal, or `None`
/// when the text at `i` is an identifier instead.
fn rust_raw_or_byte_string(text: &str, i: usize) -> Option<usize> {
    let b = text.as_bytes();
    let mut j = i;
    if b.get(j) == Some(&b'b') {
        j += 1;
        match b.get(j) {
            Some(b'"') => return Some(quoted(text, j + 1, b'"', true).1),
            Some(b'\'') => return Some(quoted(text, j + 1, b'\'', true).1),
            _ => {}
        }
    }
    if b.get(j) != Some(&b'r') {
        return None;
    }
    j += 1;
    let mut hashes = 0;
    while b.get(j) == Some(&b'#') {
        hashes += 1;
        j += 1;
    }
    if b.get(j) != Some(&b'"') {
        return None;
    }
    j += 1;
    while j < b.len() {
        if b[j] == b'"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&b'#')) {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(b.len())
}

/// A Rust `'x'` / `'\n'` char literal or a `'a` lifetime starting at `i`.
fn skip_char_or_lifetime(text: &str, i: usize) -> usize {
    let b = text.as_bytes();
    if b.get(i + 1) == Some(&b'\\') {
        return quoted(text, i + 1, b'\'', true).1;
    }
    let Some(ch) = text.get(i + 1..).and_then(|r| r.chars().next()) else {
        return b.len();
    };
    let after = i + 1 + ch.len_utf8();
    if b.get(after) == Some(&b'\'') {
        return after + 1;
    }
    after
}

/// Whether a `/` after `prev` starts a regular expression literal (rather than a division).
fn regex_allowed(prev: Option<&Tok<'_>>) -> bool {
    match prev {
        None => true,
        Some(Tok::Punct(c)) => !matches!(c, ')' | ']' | '}' | '0'),
        Some(Tok::Ident(w)) => matches!(
            *w,
            "return" | "typeof" | "case" | "do" | "else" | "in" | "of" | "void" | "yield" | "await"
        ),
        Some(Tok::Str(_)) => false,
        Some(Tok::PathSep) => true,
    }
}

/// Skips a regular expression body (after the opening `/`), its class brackets and flags.
fn skip_regex(b: &[u8], mut i: usize) -> usize {
    let mut class = false;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'[' => class = true,
            b']' => class = false,
            b'/' if !class => {
                i += 1;
                while i < b.len() && b[i].is_ascii_alphabetic() {
                    i += 1;
                }
                return i;
            }
            b'\n' => return i,
            _ => {}
        }
        i += 1;
    }
    b.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_literals_hide_what_looks_like_code() {
        let t = tokens(
            "a /* use b; /* nested */ c */ d // e\n\"f\" 'g' h",
            Dialect::Rust,
        );
        assert_eq!(
            t,
            vec![
                Tok::Ident("a"),
                Tok::Ident("d"),
                Tok::Str("f"),
                Tok::Ident("h")
            ]
        );
        let t = tokens("x = /import 'y'/g; import 'z'", Dialect::Script);
        assert!(t.contains(&Tok::Str("z")));
        assert!(!t.contains(&Tok::Str("y")));
        let t = tokens("r#\"import \"x\"\"# 'a fn", Dialect::Rust);
        assert_eq!(t, vec![Tok::Str(""), Tok::Ident("fn")]);
    }

    #[test]
    fn unterminated_input_never_panics() {
        for d in [Dialect::Go, Dialect::Rust, Dialect::Script] {
            for s in [
                "\"abc", "/* x", "'", "r#\"", "b'", "`x", "/[", "é'", "'é", "\"\\é\"", "'\\é",
            ] {
                let _ = tokens(s, d);
            }
        }
    }
}
