//! The `cc10x:session-memory` templates of router.md Appendix B (repo
//! `memory-file-contracts.md` at `b0410fc`), as static data: the lines verbatim, each followed by
//! `\n`.
//!
//! They are written only for a missing file; healing a live file uses the heal bodies of
//! [`super::memory`], never these placeholders.

/// `activeContext.md`.
pub(crate) const ACTIVE_CONTEXT: &str = concat!(
    "# Active Context\n",
    "<!-- CC10X: Do not rename headings. Used as Edit anchors. -->\n",
    "\n",
    "## Current Focus\n",
    "[Active work]\n",
    "\n",
    "## Recent Changes\n",
    "- [Change]\n",
    "\n",
    "## Next Steps\n",
    "1. [Step]\n",
    "\n",
    "## Decisions\n",
    "- [Decision]: [Choice] - [Why]\n",
    "\n",
    "## Learnings\n",
    "- [Insight]\n",
    "\n",
    "## References\n",
    "- Plan: `docs/plans/...` (or N/A)\n",
    "- Design: `docs/plans/...` (or N/A)\n",
    "- Research: `docs/research/...` (or N/A)\n",
    "- [cc10x-internal] memory_task_id: [task id] wf:[workflow id]\n",
    "\n",
    "## Blockers\n",
    "- [None]\n",
    "\n",
    "## Session Settings\n",
    "# AUTO_PROCEED: false\n",
    "\n",
    "## Last Updated\n",
    "[timestamp]\n",
);

/// `progress.md`.
pub(crate) const PROGRESS: &str = concat!(
    "# Progress Tracking\n",
    "<!-- CC10X: Do not rename headings. Used as Edit anchors. -->\n",
    "\n",
    "## Current Workflow\n",
    "[PLAN | BUILD | REVIEW | DEBUG]\n",
    "\n",
    "## Tasks\n",
    "- [ ] Task 1\n",
    "- [x] Task 2 - evidence\n",
    "\n",
    "## Completed\n",
    "- [x] Item - evidence\n",
    "\n",
    "## Verification\n",
    "- `command` -> exit 0\n",
    "\n",
    "## Last Updated\n",
    "[timestamp]\n",
);

/// `patterns.md` (its comment line says `CC10X MEMORY CONTRACT:`).
pub(crate) const PATTERNS: &str = concat!(
    "# Project Patterns\n",
    "<!-- CC10X MEMORY CONTRACT: Do not rename headings. Used as Edit anchors. -->\n",
    "\n",
    "## User Standards\n",
    "- [Non-negotiable project rule]\n",
    "\n",
    "## Common Gotchas\n",
    "- [Gotcha]: [Solution]\n",
    "\n",
    "## Project SKILL_HINTS\n",
    "- [full-skill-id]\n",
    "\n",
    "## Last Updated\n",
    "[timestamp]\n",
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_are_whole_lines_with_the_appendix_b_title_and_anchor_comment() {
        for (t, title, comment) in [
            (ACTIVE_CONTEXT, "# Active Context", "<!-- CC10X: "),
            (PROGRESS, "# Progress Tracking", "<!-- CC10X: "),
            (
                PATTERNS,
                "# Project Patterns",
                "<!-- CC10X MEMORY CONTRACT: ",
            ),
        ] {
            let lines: Vec<&str> = t.split_terminator('\n').collect();
            assert_eq!(lines[0], title);
            assert!(lines[1].starts_with(comment));
            assert!(t.ends_with("## Last Updated\n[timestamp]\n"));
            assert!(!t.contains('\r'));
        }
    }
}
