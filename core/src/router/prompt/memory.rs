//! Memory files (router.md): which `## ` sections each of the three `.cc10x/` files
//! must have, whether a text has them, and the idempotent heal that inserts the missing ones.
//!
//! Headings are matched as plain lines (Edit anchors; fences ignored). Reading and writing the
//! files, and re-checking what was written, stay with the host.

use std::fmt;
use std::str::FromStr;

use super::templates;
use crate::error::{Error, ErrorKind};
use crate::router::parse::text::{is_blank, lines, trim_sp_end};

/// `## Last Updated`: the heal anchor, and the section a heal keeps last.
pub const LAST_UPDATED: &str = "## Last Updated";

/// One of the three memory files, by its bare name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemoryFile {
    /// `activeContext.md`
    ActiveContext,
    /// `progress.md`
    Progress,
    /// `patterns.md`
    Patterns,
}

/// The table: file name and required headings, in table order.
static REQUIRED: &[(MemoryFile, &str, &[&str])] = &[
    (
        MemoryFile::ActiveContext,
        "activeContext.md",
        &[
            "## Current Focus",
            "## Recent Changes",
            "## Next Steps",
            "## Decisions",
            "## Learnings",
            "## References",
            "## Blockers",
            "## Session Settings",
            LAST_UPDATED,
        ],
    ),
    (
        MemoryFile::Progress,
        "progress.md",
        &[
            "## Current Workflow",
            "## Tasks",
            "## Completed",
            "## Verification",
            LAST_UPDATED,
        ],
    ),
    (
        MemoryFile::Patterns,
        "patterns.md",
        &[
            "## User Standards",
            "## Common Gotchas",
            "## Project SKILL_HINTS",
            LAST_UPDATED,
        ],
    ),
];

/// Heal bodies; every heading not listed heals with no body.
static HEAL_BODIES: &[(MemoryFile, &str, &[&str])] = &[
    (
        MemoryFile::ActiveContext,
        "## References",
        &["- Plan: N/A", "- Design: N/A", "- Research: N/A"],
    ),
    (
        MemoryFile::ActiveContext,
        "## Session Settings",
        &["# AUTO_PROCEED: false"],
    ),
];

impl MemoryFile {
    /// The three files, in the seed table's order.
    pub const ALL: [MemoryFile; 3] = [
        MemoryFile::ActiveContext,
        MemoryFile::Progress,
        MemoryFile::Patterns,
    ];

    fn row(self) -> &'static (MemoryFile, &'static str, &'static [&'static str]) {
        match self {
            MemoryFile::ActiveContext => &REQUIRED[0],
            MemoryFile::Progress => &REQUIRED[1],
            MemoryFile::Patterns => &REQUIRED[2],
        }
    }

    /// The bare file name (`activeContext.md`, ...).
    pub fn name(self) -> &'static str {
        self.row().1
    }

    /// The required headings, in the seed table's order.
    pub fn required_headings(self) -> &'static [&'static str] {
        self.row().2
    }

    /// The Appendix B template: what a missing file is created with.
    pub fn template(self) -> &'static str {
        match self {
            MemoryFile::ActiveContext => templates::ACTIVE_CONTEXT,
            MemoryFile::Progress => templates::PROGRESS,
            MemoryFile::Patterns => templates::PATTERNS,
        }
    }

    /// The lines a heal writes under `heading`.
    pub fn heal_body(self, heading: &str) -> &'static [&'static str] {
        HEAL_BODIES
            .iter()
            .find(|(f, h, _)| *f == self && *h == heading)
            .map_or(&[], |(_, _, body)| body)
    }
}

impl fmt::Display for MemoryFile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for MemoryFile {
    type Err = Error;

    /// The bare, case-sensitive name; a path or any other name is `invalid_value`.
    fn from_str(s: &str) -> Result<Self, Error> {
        REQUIRED
            .iter()
            .find(|(_, name, _)| *name == s)
            .map(|(f, _, _)| *f)
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::InvalidValue,
                    format!(
                        "file {s:?} is not a memory file; use the bare name activeContext.md, \
                         progress.md or patterns.md"
                    ),
                )
                .with_field("file")
            })
    }
}

/// Whether `line` counts as `heading` (: equal once trailing spaces/tabs are removed).
fn is_heading_line(line: &str, heading: &str) -> bool {
    trim_sp_end(line) == heading
}

/// The result of [`check_memory`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryCheck {
    /// Required headings not present, in table order.
    pub missing: Vec<&'static str>,
    /// Required headings present, in table order.
    pub present: Vec<&'static str>,
}

impl MemoryCheck {
    /// Nothing is missing.
    pub fn ok(&self) -> bool {
        self.missing.is_empty()
    }
}

/// Checks which required sections `text` has. Only presence counts, not order
/// or repetition.
pub fn check_memory(file: MemoryFile, text: &str) -> MemoryCheck {
    let required = file.required_headings();
    let mut found = vec![false; required.len()];
    for line in lines(text) {
        let line = trim_sp_end(line);
        if let Some(i) = required.iter().position(|h| *h == line) {
            found[i] = true;
        }
    }
    let (mut missing, mut present) = (Vec::new(), Vec::new());
    for (h, f) in required.iter().zip(found) {
        if f {
            present.push(*h);
        } else {
            missing.push(*h);
        }
    }
    MemoryCheck { missing, present }
}

crate::words::string_enum! {
    /// Where [`repair_memory`] put the missing sections.
    pub enum Placement("placement", Error, Error::unknown_word) {
        /// Nothing was missing; the text is unchanged.
        None = "none",
        /// Inserted immediately before the first `## Last Updated` line.
        BeforeLastUpdated = "before_last_updated",
        /// Appended at the end, `## Last Updated` last (it was missing too).
        End = "end",
    }
}

/// The result of [`repair_memory`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemoryRepair {
    /// The healed text (the input itself when nothing was missing).
    pub text: String,
    /// The headings inserted, in table order.
    pub inserted: Vec<&'static str>,
    /// Where they went.
    pub placement: Placement,
}

/// Heals `text`: every missing required section is inserted, with the text's
/// own line break, before `## Last Updated`, or appended at the end when that heading is missing
/// too. Idempotent; [`check_memory`] on the result reports nothing missing.
pub fn repair_memory(file: MemoryFile, text: &str) -> MemoryRepair {
    let missing = check_memory(file, text).missing;
    if missing.is_empty() {
        return MemoryRepair {
            text: text.to_string(),
            inserted: Vec::new(),
            placement: Placement::None,
        };
    }
    let nl = line_break(text);
    let block = |heading: &str| -> String {
        let mut b = String::from(heading);
        b.push_str(nl);
        for line in file.heal_body(heading) {
            b.push_str(line);
            b.push_str(nl);
        }
        b.push_str(nl);
        b
    };

    if let Some(anchor) = anchor_offset(text) {
        let (before, after) = text.split_at(anchor);
        let mut out = String::with_capacity(text.len() + 64 * missing.len());
        out.push_str(before);
        for h in &missing {
            out.push_str(&block(h));
        }
        out.push_str(after);
        return MemoryRepair {
            text: out,
            inserted: missing,
            placement: Placement::BeforeLastUpdated,
        };
    }

    let mut out = String::with_capacity(text.len() + 64 * missing.len());
    out.push_str(text);
    if !text.is_empty() {
        if text.ends_with('\r') {
            // The lone `\r` already ends the line's text (§2.2); completing it as `\r\n` keeps that
            // line's meaning, where a second `\r` would turn a present heading into a missing one.
            out.push('\n');
        } else if !text.ends_with('\n') {
            out.push_str(nl);
        }
        let body = out.strip_suffix('\n').unwrap_or(&out);
        let last = body.rsplit('\n').next().unwrap_or("");
        if !is_blank(last) {
            out.push_str(nl);
        }
    }
    for h in missing.iter().filter(|h| **h != LAST_UPDATED) {
        out.push_str(&block(h));
    }
    out.push_str(LAST_UPDATED);
    out.push_str(nl);
    MemoryRepair {
        text: out,
        inserted: missing,
        placement: Placement::End,
    }
}

///: `\r\n` when the first `\n` is preceded by `\r`, else `\n`.
fn line_break(text: &str) -> &'static str {
    match text.find('\n') {
        Some(i) if text[..i].ends_with('\r') => "\r\n",
        _ => "\n",
    }
}

/// Byte offset of the first line that counts as `## Last Updated`.
fn anchor_offset(text: &str) -> Option<usize> {
    let mut offset = 0;
    for raw in text.split('\n') {
        let line = raw.strip_suffix('\r').unwrap_or(raw);
        if is_heading_line(line, LAST_UPDATED) {
            return Some(offset);
        }
        offset += raw.len() + 1;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placements_are_the_three_snake_case_words() {
        assert_eq!(Placement::WORDS, &["none", "before_last_updated", "end"]);
        assert_eq!(Placement::from_name("end"), Some(Placement::End));
        assert_eq!(Placement::None.to_string(), "none");
    }

    #[test]
    fn required_sections_follow_the_seed_table() {
        assert_eq!(MemoryFile::ActiveContext.required_headings().len(), 9);
        assert_eq!(
            MemoryFile::Progress.required_headings(),
            [
                "## Current Workflow",
                "## Tasks",
                "## Completed",
                "## Verification",
                "## Last Updated"
            ]
        );
        assert_eq!(
            MemoryFile::Patterns.required_headings(),
            [
                "## User Standards",
                "## Common Gotchas",
                "## Project SKILL_HINTS",
                "## Last Updated"
            ]
        );
        for f in MemoryFile::ALL {
            assert_eq!(f.required_headings().last(), Some(&LAST_UPDATED));
            assert_eq!(f.name().parse::<MemoryFile>().ok(), Some(f));
        }
    }

    #[test]
    fn file_names_are_bare_and_case_sensitive() {
        for bad in [".cc10x/progress.md", "Progress.md", "notes.md", ""] {
            let e = bad.parse::<MemoryFile>().unwrap_err();
            assert_eq!(e.kind, ErrorKind::InvalidValue);
        }
    }

    #[test]
    fn templates_pass_the_check_and_survive_repair_unchanged() {
        for f in MemoryFile::ALL {
            assert!(check_memory(f, f.template()).ok());
            let r = repair_memory(f, f.template());
            assert_eq!(
                (r.text.as_str(), r.placement),
                (f.template(), Placement::None)
            );
        }
    }

    #[test]
    fn heading_only_counts_as_an_exact_line() {
        let c = check_memory(
            MemoryFile::Patterns,
            "### User Standards\n ## Common Gotchas\n## project skill_hints\n##Last Updated\n",
        );
        assert_eq!(c.present, Vec::<&str>::new());
        let c = check_memory(MemoryFile::Patterns, "```\n## User Standards\n```\n");
        assert_eq!(c.present, ["## User Standards"]);
    }

    #[test]
    fn repair_keeps_crlf_and_inserts_before_the_first_anchor_line() {
        let r = repair_memory(
            MemoryFile::Progress,
            "## Current Workflow\r\n### Last Updated\r\n## Last Updated \r\nx\r\n## Last Updated\r\n",
        );
        assert_eq!(
            r.text,
            "## Current Workflow\r\n### Last Updated\r\n## Tasks\r\n\r\n## Completed\r\n\r\n\
             ## Verification\r\n\r\n## Last Updated \r\nx\r\n## Last Updated\r\n"
        );
        assert_eq!(r.placement, Placement::BeforeLastUpdated);
    }

    #[test]
    fn repair_appends_with_one_separator_when_last_updated_is_missing() {
        let r = repair_memory(MemoryFile::Patterns, "## User Standards\n- a\n\n");
        assert_eq!(
            r.text,
            "## User Standards\n- a\n\n## Common Gotchas\n\n## Project SKILL_HINTS\n\n## Last Updated\n"
        );
        let r = repair_memory(MemoryFile::Patterns, "no newline");
        assert!(r.text.starts_with("no newline\n\n## User Standards\n"));
        assert_eq!(r.placement, Placement::End);
    }

    #[test]
    fn a_last_line_ending_in_a_lone_carriage_return_keeps_its_heading() {
        let t = "\r\n## Tasks\r";
        let r = repair_memory(MemoryFile::Progress, t);
        assert!(r
            .text
            .starts_with("\r\n## Tasks\r\n\r\n## Current Workflow\r\n"));
        assert_eq!(
            repair_memory(MemoryFile::Progress, &r.text).placement,
            Placement::None
        );
    }

    #[test]
    fn heal_bodies_are_the_repo_examples() {
        let r = repair_memory(MemoryFile::ActiveContext, "## Last Updated\n");
        assert!(r
            .text
            .contains("## References\n- Plan: N/A\n- Design: N/A\n- Research: N/A\n\n"));
        assert!(r
            .text
            .contains("## Session Settings\n# AUTO_PROCEED: false\n\n"));
        assert!(r.text.contains("## Blockers\n\n"));
    }
}
