//! Reading `blueprint.md` into a [`Doc`] (blueprint.md).
//!
//! Decides the grammar: what is tolerated (CRLF, blank lines, unquoted values, wrong counts and
//! IDs, unsorted content, duplicates) and what is `malformed_doc` / `unsupported_format`. The
//! result is always normalised; canonicality is `render(parse(x)) == x`, checked by the caller.

use std::collections::btree_map::Entry as MapEntry;

use crate::error::{Error, ErrorKind, Result};

use super::defaults::FORMAT;
use super::doc::{Doc, Entry, Field, ModuleNotes, Section};
use super::normalize::{collapse, is_ascii_ws};
use super::render::render;
use super::snapshot::is_valid_fingerprint;
use super::stamp::UtcSecond;

fn malformed(line: usize, msg: impl std::fmt::Display) -> Error {
    Error::new(
        ErrorKind::MalformedDoc,
        format!("blueprint line {line}: {msg}"),
    )
}

const KEYS: [&str; 10] = [
    "format",
    "project_id",
    "updated",
    "git_head",
    "git_branch",
    "git_dirty",
    "modules",
    "entries",
    "stale",
    "orphaned",
];

/// Parses a blueprint file; `""` is the absent file.
pub fn parse(text: &str) -> Result<Doc> {
    if text.is_empty() {
        return Ok(Doc::absent());
    }
    let mut lines = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l));
    match lines.next() {
        Some((_, "---")) => {}
        _ => {
            return Err(malformed(
                1,
                "the file must start with a `---` front-matter line",
            ))
        }
    }
    let mut doc = Doc::default();
    let mut seen = [false; KEYS.len()];
    let mut format: Option<String> = None;
    let mut closed = false;
    for (n, line) in lines.by_ref() {
        if line == "---" {
            closed = true;
            break;
        }
        if is_blank(line) {
            continue;
        }
        let (key, raw) = line
            .split_once(':')
            .filter(|(k, v)| !k.is_empty() && (v.is_empty() || v.starts_with(' ')))
            .ok_or_else(|| malformed(n, "front matter lines are `key: value`"))?;
        let slot = KEYS
            .iter()
            .position(|k| *k == key)
            .ok_or_else(|| malformed(n, format!("unknown front-matter key {key:?}")))?;
        if std::mem::replace(&mut seen[slot], true) {
            return Err(malformed(
                n,
                format!("front-matter key {key:?} appears twice"),
            ));
        }
        let raw = raw.trim_matches(is_ascii_ws);
        match key {
            "git_dirty" => {
                doc.git_dirty = match raw {
                    "true" => true,
                    "false" => false,
                    _ => return Err(malformed(n, "git_dirty must be true or false")),
                }
            }
            "modules" | "entries" | "stale" | "orphaned" => {
                if raw.is_empty() || !raw.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(malformed(
                        n,
                        format!("{key} must be a non-negative integer"),
                    ));
                }
            }
            _ => {
                let value = scalar(raw).ok_or_else(|| {
                    malformed(
                        n,
                        format!("{key} must be a double-quoted string or a plain value"),
                    )
                })?;
                match key {
                    "format" => format = Some(value),
                    "project_id" => doc.project_id = value,
                    "updated" => {
                        if !value.is_empty() && !UtcSecond::is_canonical(&value) {
                            return Err(malformed(n, "updated must be YYYY-MM-DDTHH:MM:SSZ"));
                        }
                        doc.updated = value;
                    }
                    "git_head" => doc.git_head = value,
                    _ => doc.git_branch = value,
                }
            }
        }
    }
    if !closed {
        return Err(malformed(1, "the front matter is not terminated by `---`"));
    }
    match format.as_deref() {
        Some(FORMAT) => {}
        Some(other) => {
            return Err(Error::new(
                ErrorKind::UnsupportedFormat,
                format!(
                    "blueprint format {other:?} is not supported; this version reads {FORMAT:?}"
                ),
            ))
        }
        None => {
            return Err(Error::new(
                ErrorKind::UnsupportedFormat,
                format!("blueprint front matter has no format; expected {FORMAT:?}"),
            ))
        }
    }
    parse_body(lines, &mut doc)?;
    doc.normalize();
    Ok(doc)
}

/// Whether `text` is the canonical rendering of its own parse.
pub fn is_canonical(text: &str, doc: &Doc) -> bool {
    !doc.absent && render(doc) == text
}

fn is_blank(line: &str) -> bool {
    line.chars().all(is_ascii_ws)
}

/// A front-matter scalar: a JSON string literal, or a plain value without YAML syntax.
fn scalar(raw: &str) -> Option<String> {
    if raw.starts_with('"') {
        return serde_json::from_str::<String>(raw).ok();
    }
    let yaml_syntax = raw
        .chars()
        .next()
        .is_some_and(|c| "[]{}&*!|>'%@`#,?-".contains(c))
        || raw.contains(" #")
        || raw.contains(": ");
    (!yaml_syntax || raw.is_empty()).then(|| raw.to_string())
}

struct Cursor {
    module: Option<String>,
    field: Option<Field>,
    section_has_meta: bool,
    module_has_section: bool,
}

fn parse_body<'a>(lines: impl Iterator<Item = (usize, &'a str)>, doc: &mut Doc) -> Result<()> {
    let mut titled = false;
    let mut cur = Cursor {
        module: None,
        field: None,
        section_has_meta: false,
        module_has_section: false,
    };
    for (n, line) in lines {
        if is_blank(line) {
            continue;
        }
        if !titled {
            if line.trim_end_matches(is_ascii_ws) != "# Blueprint" {
                return Err(malformed(n, "the body must start with `# Blueprint`"));
            }
            titled = true;
            continue;
        }
        if let Some(path) = line.strip_prefix("## ") {
            let path = path.trim_matches(is_ascii_ws);
            if path.is_empty() || path.chars().any(char::is_control) {
                return Err(malformed(n, "a module heading needs a path"));
            }
            match doc.modules.entry(path.to_string()) {
                MapEntry::Occupied(_) => {
                    return Err(malformed(n, format!("module {path:?} appears twice")))
                }
                MapEntry::Vacant(v) => {
                    v.insert(ModuleNotes::default());
                }
            }
            cur = Cursor {
                module: Some(path.to_string()),
                field: None,
                section_has_meta: false,
                module_has_section: false,
            };
        } else if let Some(word) = line.strip_prefix("### ") {
            let notes = current_module(doc, &cur, n, "a section heading")?;
            let field: Field = word
                .trim_matches(is_ascii_ws)
                .parse()
                .map_err(|_| malformed(n, format!("unknown field {:?}", word.trim())))?;
            if notes.sections.insert(field, Section::default()).is_some() {
                return Err(malformed(
                    n,
                    format!("field {field} appears twice in one module"),
                ));
            }
            cur.field = Some(field);
            cur.section_has_meta = false;
            cur.module_has_section = true;
        } else if let Some(rest) = line.strip_prefix("<!-- orphaned: ") {
            let ts = rest
                .strip_suffix(" -->")
                .filter(|t| UtcSecond::is_canonical(t))
                .ok_or_else(|| {
                    malformed(
                        n,
                        "orphan mark must be `<!-- orphaned: YYYY-MM-DDTHH:MM:SSZ -->`",
                    )
                })?;
            if cur.module_has_section {
                return Err(malformed(
                    n,
                    "an orphan mark must come before the module's first section",
                ));
            }
            let notes = current_module(doc, &cur, n, "an orphan mark")?;
            if !notes.orphaned_since.is_empty() {
                return Err(malformed(n, "a module carries at most one orphan mark"));
            }
            notes.orphaned_since = ts.to_string();
        } else if let Some(rest) = line.strip_prefix("<!-- updated: ") {
            let (ts, fp) = rest
                .strip_suffix(" -->")
                .and_then(|r| r.split_once(" fp: "))
                .ok_or_else(|| malformed(n, "meta line must be `<!-- updated: TS fp: FP -->`"))?;
            let ts_ok = ts == "-" || UtcSecond::is_canonical(ts);
            let fp_ok = fp == "-" || (is_valid_fingerprint(fp) && !fp.is_empty());
            if !ts_ok || !fp_ok {
                return Err(malformed(n, "meta line holds a bad time or fingerprint"));
            }
            if std::mem::replace(&mut cur.section_has_meta, true) {
                return Err(malformed(n, "a section has at most one meta line"));
            }
            let section = current_section(doc, &cur, n, "a meta line")?;
            section.updated = if ts == "-" {
                String::new()
            } else {
                ts.to_string()
            };
            section.fp = if fp == "-" {
                String::new()
            } else {
                fp.to_string()
            };
        } else if let Some(rest) = line.strip_prefix("- [") {
            let (where_, claim, stale) = entry_line(rest, n)?;
            let module = cur.module.clone().unwrap_or_default();
            let field = cur.field;
            let section = current_section(doc, &cur, n, "an entry line")?;
            if let Some(field) = field {
                section
                    .entries
                    .push(Entry::new(&module, field, &where_, &claim, stale));
            }
        } else {
            return Err(malformed(
                n,
                format!("unexpected line {:?}", truncate(line)),
            ));
        }
    }
    if !titled {
        return Err(malformed(1, "the body must start with `# Blueprint`"));
    }
    Ok(())
}

fn truncate(line: &str) -> String {
    line.chars().take(60).collect()
}

fn current_module<'d>(
    doc: &'d mut Doc,
    cur: &Cursor,
    n: usize,
    what: &str,
) -> Result<&'d mut ModuleNotes> {
    cur.module
        .as_ref()
        .and_then(|m| doc.modules.get_mut(m))
        .ok_or_else(|| malformed(n, format!("{what} outside a module")))
}

fn current_section<'d>(
    doc: &'d mut Doc,
    cur: &Cursor,
    n: usize,
    what: &str,
) -> Result<&'d mut Section> {
    let field = cur
        .field
        .ok_or_else(|| malformed(n, format!("{what} outside a section")))?;
    current_module(doc, cur, n, what)?
        .sections
        .get_mut(&field)
        .ok_or_else(|| malformed(n, format!("{what} outside a section")))
}

/// Parses `ID[ stale]] [`where` ]claim` (the part after `- [`).
fn entry_line(rest: &str, n: usize) -> Result<(String, String, bool)> {
    let close = rest
        .find(']')
        .ok_or_else(|| malformed(n, "entry line needs `]` after its ID"))?;
    let inside = &rest[..close];
    let (token, stale) = match inside.strip_suffix(" stale") {
        Some(t) => (t, true),
        None => (inside, false),
    };
    if token.chars().any(is_ascii_ws) {
        return Err(malformed(n, "entry ID must not contain whitespace"));
    }
    let body = rest[close + 1..]
        .strip_prefix(' ')
        .ok_or_else(|| malformed(n, "entry line needs a claim after its ID"))?;
    let (where_, claim_raw) = match body.strip_prefix('`') {
        Some(after) => {
            let end = after
                .find('`')
                .filter(|&j| after[j + 1..].starts_with(' '))
                .ok_or_else(|| {
                    malformed(n, "an opening ` needs a closing ` followed by a space")
                })?;
            (&after[..end], &after[end + 2..])
        }
        None => ("", body),
    };
    let claim = collapse(&unescape_claim(claim_raw));
    if claim.is_empty() {
        return Err(malformed(n, "entry line has an empty claim"));
    }
    Ok((collapse(where_), claim, stale))
}

/// Reverses claim escaping: `\\` → `\`, `` \` `` → `` ` ``; other backslashes stay.
pub fn unescape_claim(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.peek() {
                Some('\\') | Some('`') => {
                    if let Some(next) = chars.next() {
                        out.push(next);
                    }
                }
                _ => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const FM: &str = "---\nformat: \"fourx-blueprint/1\"\nproject_id: \"p\"\nupdated: \"\"\ngit_head: \"\"\ngit_branch: \"\"\ngit_dirty: false\nmodules: 0\nentries: 0\nstale: 0\norphaned: 0\n---\n\n# Blueprint\n";

    #[test]
    fn empty_text_is_the_absent_file() {
        let d = parse("").unwrap();
        assert!(d.absent);
        assert!(d.modules.is_empty());
    }

    #[test]
    fn canonical_text_round_trips() {
        let text = format!(
            "{FM}\n## a\n\n### gotchas\n<!-- updated: - fp: - -->\n- [{}] \\`x` y \\\\ z\n",
            super::super::normalize::short_id("a", "gotchas", "", "`x` y \\ z")
        );
        let d = parse(&text).unwrap();
        let text = text.replace("modules: 0\nentries: 0", "modules: 1\nentries: 1");
        assert_eq!(render(&d), text);
    }

    #[test]
    fn grammar_errors_are_malformed_doc() {
        for body in [
            "\n## a\n- [x] c\n",
            "\n### purpose\n",
            "\n## a\n### purpose\n### purpose\n",
            "\n## a\n## a\n",
            "\n## a\n### purpose\n- [x] `open claim\n",
            "\n## a\n### purpose\n- [x] \n",
            "\nstray\n",
        ] {
            let e = parse(&format!("{FM}{body}")).unwrap_err();
            assert_eq!(e.kind, ErrorKind::MalformedDoc, "{body:?}");
        }
    }

    #[test]
    fn unescape_keeps_unknown_escapes() {
        assert_eq!(unescape_claim("a\\\\b\\`c\\d"), "a\\b`c\\d");
    }
}
