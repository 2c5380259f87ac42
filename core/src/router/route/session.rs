//! Session settings (router.md): reads `AUTO_PROCEED` (JUST_GO) and
//! `DIFF_DRIVEN_DOCS` from the `## Session Settings` section of activeContext.md. Applying the
//! JUST_GO trust rules is the caller's.

use serde::Serialize;

use crate::router::parse::text::{lines, trim_sp, trim_sp_end};

/// The settings read from a memory text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SessionSettings {
    /// A `## Session Settings` line was found.
    pub section_found: bool,
    /// `AUTO_PROCEED: true`.
    pub auto_proceed: bool,
    /// Same as `auto_proceed`.
    pub just_go: bool,
    /// `DIFF_DRIVEN_DOCS: skip`.
    pub diff_driven_docs_skip: bool,
}

/// Parses the settings section (defaults false).
pub fn parse(text: &str) -> SessionSettings {
    let mut found = false;
    let mut auto = false;
    let mut skip = false;
    for line in lines(text) {
        if !found {
            found = trim_sp_end(line) == "## Session Settings";
            continue;
        }
        if line.starts_with("## ") {
            break;
        }
        let l = trim_sp(line);
        if l.starts_with('#') {
            continue;
        }
        let l = l.strip_prefix("- ").unwrap_or(l);
        if let Some(v) = l.strip_prefix("AUTO_PROCEED:") {
            auto = trim_sp(v).eq_ignore_ascii_case("true");
        } else if let Some(v) = l.strip_prefix("DIFF_DRIVEN_DOCS:") {
            skip = trim_sp(v).eq_ignore_ascii_case("skip");
        }
    }
    SessionSettings {
        section_found: found,
        auto_proceed: auto,
        just_go: auto,
        diff_driven_docs_skip: skip,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_outside_the_section_are_ignored() {
        let s = parse("AUTO_PROCEED: true\n## Session Settings\n\n## Next\nAUTO_PROCEED: true\n");
        assert!(s.section_found && !s.auto_proceed);
    }

    #[test]
    fn later_lines_override_and_values_are_case_insensitive() {
        let s = parse("## Session Settings  \r\nAUTO_PROCEED: TRUE\n- DIFF_DRIVEN_DOCS:Skip\nAUTO_PROCEED: false\n");
        assert!(s.section_found && !s.auto_proceed && s.diff_driven_docs_skip);
    }
}
