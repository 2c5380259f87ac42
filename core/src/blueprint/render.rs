//! The canonical text of a document (blueprint.md).
//!
//! Decides the exact bytes: front matter with recomputed counts, modules by path, sections in
//! field order, entries by `(where, claim)`, claim escaping. Same logical content gives the same
//! bytes; what the content is, is the caller's.

use std::fmt::Write as _;

use super::defaults::FORMAT;
use super::doc::Doc;

/// Quotes a front-matter value as a JSON string literal (also a YAML double-quoted scalar).
pub fn qstr(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Escapes a claim for its entry line: `\` → `\\`, and a leading backtick gets one `\`.
pub fn escape_claim(claim: &str) -> String {
    let escaped = claim.replace('\\', "\\\\");
    if escaped.starts_with('`') {
        format!("\\{escaped}")
    } else {
        escaped
    }
}

fn dash(s: &str) -> &str {
    if s.is_empty() {
        "-"
    } else {
        s
    }
}

/// Renders `doc` canonically. Modules and sections without entries are not written.
pub fn render(doc: &Doc) -> String {
    let c = doc.counts();
    let mut out = String::with_capacity(512 + c.entries * 128);
    out.push_str("---\n");
    let _ = writeln!(out, "format: {}", qstr(FORMAT));
    let _ = writeln!(out, "project_id: {}", qstr(&doc.project_id));
    let _ = writeln!(out, "updated: {}", qstr(&doc.updated));
    let _ = writeln!(out, "git_head: {}", qstr(&doc.git_head));
    let _ = writeln!(out, "git_branch: {}", qstr(&doc.git_branch));
    let _ = writeln!(out, "git_dirty: {}", doc.git_dirty);
    let _ = writeln!(out, "modules: {}", c.modules);
    let _ = writeln!(out, "entries: {}", c.entries);
    let _ = writeln!(out, "stale: {}", c.stale);
    let _ = writeln!(out, "orphaned: {}", c.orphaned);
    out.push_str("---\n\n# Blueprint\n");
    for (path, notes) in doc.modules.iter().filter(|(_, m)| m.has_entries()) {
        let _ = write!(out, "\n## {path}\n");
        if !notes.orphaned_since.is_empty() {
            let _ = writeln!(out, "<!-- orphaned: {} -->", notes.orphaned_since);
        }
        for (field, s) in notes.sections.iter().filter(|(_, s)| !s.entries.is_empty()) {
            let _ = write!(
                out,
                "\n### {field}\n<!-- updated: {} fp: {} -->\n",
                dash(&s.updated),
                dash(&s.fp)
            );
            for e in &s.entries {
                out.push_str("- [");
                out.push_str(&e.id);
                if e.stale {
                    out.push_str(" stale");
                }
                out.push_str("] ");
                if !e.where_.is_empty() {
                    out.push('`');
                    out.push_str(&e.where_);
                    out.push_str("` ");
                }
                out.push_str(&escape_claim(&e.claim));
                out.push('\n');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn qstr_escapes_like_json_with_lower_hex() {
        assert_eq!(
            qstr("a\"b\\c\n\u{1}\u{7f}é"),
            "\"a\\\"b\\\\c\\n\\u0001\\u007fé\""
        );
    }

    #[test]
    fn claims_escape_backslashes_and_a_leading_backtick() {
        assert_eq!(escape_claim("`tmp` x"), "\\`tmp` x");
        assert_eq!(escape_claim("a \\ b"), "a \\\\ b");
    }

    #[test]
    fn empty_doc_renders_front_matter_and_title() {
        let text = render(&Doc::absent());
        assert!(text.ends_with("---\n\n# Blueprint\n"), "{text}");
    }
}
