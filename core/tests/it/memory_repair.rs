//! Properties of the memory-file heal (router.md §4.24) over generated memory files: repair is
//! idempotent, leaves nothing missing, only inserts, and keeps a CRLF file CRLF.

use fourx_core::router::prompt::{check_memory, repair_memory, MemoryFile, Placement};
use proptest::prelude::*;

/// Lines a memory file is made of: every required heading, near-misses, bodies and blanks.
const LINES: &[&str] = &[
    "# Active Context",
    "## Current Focus",
    "## Recent Changes",
    "## Next Steps",
    "## Decisions",
    "## Learnings",
    "## References",
    "## Blockers",
    "## Session Settings",
    "## Last Updated",
    "## Last Updated  \t",
    "### Last Updated",
    " ## Last Updated",
    "##Last Updated",
    "## Current Workflow",
    "## Tasks",
    "## Completed",
    "## Verification",
    "## User Standards",
    "## Common Gotchas",
    "## Project SKILL_HINTS",
    "## project skill_hints",
    "```",
    "# AUTO_PROCEED: true",
    "- [x] Task 2 - evidence",
    "[timestamp]",
    "",
    " ",
    "\t",
    "\r",
    "naïve ünïcode — text",
];

fn file() -> impl Strategy<Value = MemoryFile> {
    prop::sample::select(MemoryFile::ALL.to_vec())
}

/// A memory text: pooled lines joined by LF, CRLF or a mix, with or without a final break.
fn text() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(prop::sample::select(LINES), 0..24),
        prop::collection::vec(any::<bool>(), 24),
        0u8..3,
        any::<bool>(),
    )
        .prop_map(|(lines, crlf, style, final_break)| {
            let mut out = String::new();
            for (i, line) in lines.iter().enumerate() {
                out.push_str(line);
                if i + 1 < lines.len() || final_break {
                    let cr = match style {
                        0 => false,
                        1 => true,
                        _ => crlf[i % crlf.len()],
                    };
                    out.push_str(if cr { "\r\n" } else { "\n" });
                }
            }
            out
        })
}

fn common_prefix(a: &str, b: &str) -> usize {
    a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count()
}

fn common_suffix(a: &str, b: &str) -> usize {
    a.bytes()
        .rev()
        .zip(b.bytes().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn repair_is_idempotent_and_leaves_nothing_missing(f in file(), t in text()) {
        let once = repair_memory(f, &t);
        let twice = repair_memory(f, &once.text);
        prop_assert_eq!(&twice.text, &once.text);
        prop_assert!(twice.inserted.is_empty());
        prop_assert_eq!(twice.placement, Placement::None);
        let check = check_memory(f, &once.text);
        prop_assert!(check.missing.is_empty(), "still missing {:?}", check.missing);
        prop_assert_eq!(&once.inserted, &check_memory(f, &t).missing);
    }

    #[test]
    fn repair_is_idempotent_on_arbitrary_text(f in file(), t in "(?s)(## Last Updated|## Tasks|\r|\n|.){0,40}") {
        let once = repair_memory(f, &t);
        prop_assert_eq!(repair_memory(f, &once.text).text, once.text.clone());
        prop_assert!(check_memory(f, &once.text).ok());
    }

    #[test]
    fn repair_only_inserts(f in file(), t in text()) {
        let out = repair_memory(f, &t).text;
        prop_assert!(out.len() >= t.len());
        let kept = common_prefix(&t, &out) + common_suffix(&t, &out);
        prop_assert!(kept >= t.len(), "input bytes changed: {:?} -> {:?}", t, out);
    }

    #[test]
    fn repair_keeps_a_crlf_file_crlf(f in file(), lines in prop::collection::vec(prop::sample::select(LINES), 1..16)) {
        let t: String = lines.iter().map(|l| format!("{}\r\n", l.trim_end_matches('\r'))).collect();
        let out = repair_memory(f, &t).text;
        prop_assert!(out.match_indices('\n').all(|(i, _)| i > 0 && out.as_bytes()[i - 1] == b'\r'));
    }
}

#[test]
fn op_surface_matches_the_typed_repair() {
    let t = "## Tasks\r\n## Last Updated\r\n";
    let out = fourx_core::ops::call(
        "router.repair_memory",
        &serde_json::json!({"file": "progress.md", "text": t}),
    )
    .unwrap();
    let typed = repair_memory(MemoryFile::Progress, t);
    assert_eq!(out["text"], typed.text);
    assert_eq!(out["placement"], "before_last_updated");
}
