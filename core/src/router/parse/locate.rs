//! The Router Contract block of a write agent's output, located without splitting the output
//! into lines: only a line whose first non-blank byte is a fence character (`` ` `` or `~`) can
//! open or close a fence, and only a line starting with `#` can be a heading, so a SIMD byte
//! search for those bytes (`memchr3` outside fences, `memchr` of the fence's own character
//! inside one) skips the prose between them. The rules are the markdown scan's
//! ([`crate::router::parse::markdown`]): the block is the content of the last terminated
//! `yaml`/`yml` fence whose opener lies in the section (up to the next heading outside fences) of
//! a level-2 or level-3 Router Contract heading. When the answer is anything but such a block
//! (no heading, no block, an unterminated block) the locator says `None` and the caller runs the
//! full scan, which words the error.

use std::borrow::Cow;

/// Whether `b` is a blank of the markdown rules (space or tab).
fn blank(b: u8) -> bool {
    b == b' ' || b == b'\t'
}

/// Whether `b` may be part of a fence's info word.
fn info_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'-')
}

/// The start of the line holding byte `at` when only blanks precede `at` on it.
fn blank_line_start(b: &[u8], at: usize) -> Option<usize> {
    let mut i = at;
    while i > 0 {
        match b.get(i - 1) {
            Some(b'\n') => return Some(i),
            Some(&c) if blank(c) => i -= 1,
            _ => return None,
        }
    }
    Some(0)
}

/// The number of bytes equal to `c` from `at`.
fn run_of(b: &[u8], at: usize, c: u8) -> usize {
    b.get(at..)
        .map_or(0, |rest| rest.iter().take_while(|&&x| x == c).count())
}

/// The first index from `at` that is not a blank.
fn skip_blanks(b: &[u8], mut at: usize) -> usize {
    while b.get(at).copied().is_some_and(blank) {
        at += 1;
    }
    at
}

/// Where the text after byte `at` continues when `at` ends a line's text (the end of the
/// text, a `\n`, or one `\r` before either, which the line split strips): the next line's
/// start. `None` when more text follows on the line.
fn next_line_if_end(b: &[u8], at: usize) -> Option<usize> {
    match b.get(at) {
        None => Some(b.len()),
        Some(b'\n') => Some(at + 1),
        Some(b'\r') => match b.get(at + 1) {
            None => Some(b.len()),
            Some(b'\n') => Some(at + 2),
            Some(_) => None,
        },
        Some(_) => None,
    }
}

/// A heading at `at` (a line start holding a run of `level` `#`), as the markdown scan reads one
/// (`^(#{1,6})[ \t]+(text)`, trailing blanks removed): `None` when the line is no heading,
/// else whether it is a contract heading (level 2 or 3, the text one of `titles`), read from
/// the line's first bytes only.
fn heading_at(b: &[u8], at: usize, level: usize, titles: &[&str]) -> Option<bool> {
    if !(1..=6).contains(&level) || !b.get(at + level).copied().is_some_and(blank) {
        return None;
    }
    if level != 2 && level != 3 {
        return Some(false);
    }
    let text = b.get(skip_blanks(b, at + level)..)?;
    // The first byte first: most headings of a long output are not a title, and a byte
    // comparison costs less than the call of a `starts_with`.
    Some(titles.iter().any(|t| {
        t.as_bytes().first().is_none_or(|f| text.first() == Some(f))
            && text.starts_with(t.as_bytes())
            && next_line_if_end(text, skip_blanks(text, t.len())).is_some()
    }))
}

/// A fence of the locator: its character and run length, and whether it is the contract
/// candidate.
#[derive(Clone, Copy)]
struct Open {
    ch: u8,
    len: usize,
    candidate: bool,
}

/// The contract block's content (the fence's lines, each ending in `\n`, one `\r` before each
/// `\n` removed) under a level-2 or level-3 heading whose text is one of `titles` (the agent's
/// contract headings), or `None` when the output has no terminated contract block (the full
/// scan then says why).
pub(crate) fn contract_block<'t>(titles: &[&str], text: &'t str) -> Option<Cow<'t, str>> {
    let b = text.as_bytes();
    let mut pos = 0;
    let mut in_contract = false;
    let mut open: Option<Open> = None;
    // The content range of the last candidate fence, its end set when it closes.
    let mut block: Option<(usize, Option<usize>)> = None;
    while pos < b.len() {
        let rest = b.get(pos..)?;
        match open {
            Some(f) => {
                // Inside a fence only a closer counts: blanks, at least `len` of its character,
                // blanks.
                let Some(i) = memchr::memchr(f.ch, rest) else {
                    break;
                };
                let at = pos + i;
                let run = run_of(b, at, f.ch);
                let Some(start) = blank_line_start(b, at) else {
                    pos = at + run;
                    continue;
                };
                let after = skip_blanks(b, at + run);
                match next_line_if_end(b, after) {
                    Some(next) if run >= f.len => {
                        if f.candidate {
                            block = block.map(|(s, _)| (s, Some(start)));
                        }
                        open = None;
                        pos = next;
                    }
                    _ => pos = after,
                }
            }
            None => {
                // Outside fences: a heading (`#` first on its line) or an opener (blanks, three
                // or more of one fence character, at most one info word between blanks).
                let Some(i) = memchr::memchr3(b'`', b'~', b'#', rest) else {
                    break;
                };
                let at = pos + i;
                let c = b.get(at).copied()?;
                if c == b'#' {
                    let level = run_of(b, at, b'#');
                    if at == 0 || b.get(at - 1) == Some(&b'\n') {
                        if let Some(contract) = heading_at(b, at, level, titles) {
                            in_contract = contract;
                        }
                    }
                    pos = at + level;
                    continue;
                }
                let run = run_of(b, at, c);
                if run < 3 || blank_line_start(b, at).is_none() {
                    pos = at + run;
                    continue;
                }
                let word = skip_blanks(b, at + run);
                let mut word_end = word;
                while b.get(word_end).copied().is_some_and(info_byte) {
                    word_end += 1;
                }
                let after = skip_blanks(b, word_end);
                let Some(next) = next_line_if_end(b, after) else {
                    pos = after;
                    continue;
                };
                let info = b.get(word..word_end)?;
                let yaml = info.eq_ignore_ascii_case(b"yaml") || info.eq_ignore_ascii_case(b"yml");
                let candidate = in_contract && yaml;
                if candidate {
                    block = Some((next, None));
                }
                open = Some(Open {
                    ch: c,
                    len: run,
                    candidate,
                });
                pos = next;
            }
        }
    }
    let (start, end) = block?;
    let content = text.get(start..end?)?;
    if memchr::memmem::find(content.as_bytes(), b"\r\n").is_none() {
        return Some(Cow::Borrowed(content));
    }
    let mut out = String::with_capacity(content.len());
    for line in content.split_inclusive('\n') {
        let line = line.strip_suffix('\n').unwrap_or(line);
        out.push_str(line.strip_suffix('\r').unwrap_or(line));
        out.push('\n');
    }
    Some(Cow::Owned(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::router::parse::contract::{self, CONTRACT_HEADING, RESEARCHER_HEADING};
    use crate::router::parse::markdown::Markdown;
    use crate::router::Agent;
    use proptest::prelude::*;

    /// The block by the full scan (the rule), `None` for any error.
    fn reference(agent: Agent, text: &str) -> Option<String> {
        contract::contract_block(agent, &Markdown::parse(text)).ok()
    }

    /// Near-miss lines: fences with 0–4 leading blanks, tildes, runs of 2–5, info words that
    /// are and are not one word, backticks and `#` mid-line or after multi-byte UTF-8, headings
    /// of every level (the contract's repeated, the researchers', without a blank), and
    /// content lines.
    fn line() -> impl Strategy<Value = &'static str> {
        prop_oneof![
            Just("### Router Contract (MACHINE-READABLE)"),
            Just("### Router Contract (MACHINE-READABLE)\n```yaml\nA: 1\n```"),
            Just("### Router Contract (REQUIRED)\r\n~~~yml\r\nB: 2\r\n~~~"),
            Just("## Router Contract (MACHINE-READABLE)  "),
            Just("#### Router Contract (MACHINE-READABLE)"),
            Just("### Router Contract (MACHINE-READABLE) x"),
            Just("### Router Contract (MACHINE-READABLE)\t"),
            Just("### Router Contract (MACHINE"),
            Just("``` ```"),
            Just("```\t"),
            Just("###\tRouter Contract (REQUIRED)"),
            Just("###Router Contract (MACHINE-READABLE)"),
            Just(" ### Router Contract (MACHINE-READABLE)"),
            Just("é### Router Contract (MACHINE-READABLE)"),
            Just("### Notes"),
            Just("#"),
            Just("# "),
            Just("####### seven"),
            Just("```yaml"),
            Just("```YAML"),
            Just("  ```yml "),
            Just("    ```yaml"),
            Just("\t~~~yaml"),
            Just("~~~~ Yml"),
            Just("````yaml"),
            Just("```yaml title"),
            Just("```ts"),
            Just("``yaml"),
            Just("```"),
            Just("  ```  "),
            Just("````"),
            Just("~~~"),
            Just("~~~~~"),
            Just(" \t ~~~ "),
            Just("```~"),
            Just("~~~ `"),
            Just("é```yaml"),
            Just("x ```yaml"),
            Just("a `b` c ``` d"),
            Just("\r```"),
            Just("STATUS: PASS"),
            Just("- x: 1 # c"),
            Just("MEMORY_NOTES: {}"),
            Just("prose é ü 中"),
            Just(""),
            Just(" "),
            Just("\r"),
        ]
    }

    fn text() -> impl Strategy<Value = String> {
        proptest::collection::vec((line(), 0..4u8), 0..40).prop_map(|ls| {
            let mut s = String::new();
            for (l, end) in ls {
                s.push_str(l);
                s.push_str(match end {
                    0 => "\r\n",
                    1 => "\r\r\n",
                    2 => "",
                    _ => "\n",
                });
                if end == 2 {
                    s.push('\n');
                }
            }
            s
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        /// The locator's block is the full scan's: the same content whenever the scan finds a
        /// block, `None` whenever it errs, for builders and researchers, with and without the
        /// final newline.
        #[test]
        fn the_locator_finds_the_block_the_scan_finds(t in text(), cut in any::<bool>()) {
            let t = if cut { t.trim_end_matches('\n') } else { t.as_str() };
            for agent in [Agent::ComponentBuilder, Agent::WebResearcher] {
                let titles: &[&str] = if agent.is_researcher() {
                    &[CONTRACT_HEADING, RESEARCHER_HEADING]
                } else {
                    &[CONTRACT_HEADING]
                };
                let fast = contract_block(titles, t).map(Cow::into_owned);
                prop_assert_eq!(fast, reference(agent, t), "{:?} {:?}", agent, t);
            }
        }
    }

    #[test]
    fn a_block_after_an_unclosed_fence_or_a_later_heading_is_not_the_contract() {
        let block = "### Router Contract (MACHINE-READABLE)\n```yaml\nSTATUS: PASS\n```\n";
        assert_eq!(
            contract_block(&[CONTRACT_HEADING], block).as_deref(),
            Some("STATUS: PASS\n")
        );
        let fenced = format!("~~~~\n{block}");
        assert_eq!(contract_block(&[CONTRACT_HEADING], &fenced), None);
        assert!(reference(Agent::ComponentBuilder, &fenced).is_none());
        let moved = "### Router Contract (MACHINE-READABLE)\n### Notes\n```yaml\nA: 1\n```\n";
        assert_eq!(contract_block(&[CONTRACT_HEADING], moved), None);
        let crlf = "### Router Contract (MACHINE-READABLE)\r\n```yaml\r\nA: 1\r\nB: 2\r\r\n```\r\n";
        assert_eq!(
            contract_block(&[CONTRACT_HEADING], crlf).as_deref(),
            Some("A: 1\nB: 2\r\n")
        );
        assert_eq!(
            contract_block(&[CONTRACT_HEADING], crlf).map(Cow::into_owned),
            reference(Agent::ComponentBuilder, crlf)
        );
    }

    #[test]
    fn the_last_block_under_a_repeated_heading_wins_and_a_borrow_needs_no_copy() {
        let t = "### Router Contract (MACHINE-READABLE)\n```yaml\nA: 1\n```\n\
                 ### Router Contract (MACHINE-READABLE)\n```yml\nB: 2\n```\ntext `x`\n";
        let got = contract_block(&[CONTRACT_HEADING], t);
        assert!(matches!(got, Some(Cow::Borrowed("B: 2\n"))), "{got:?}");
    }
}
