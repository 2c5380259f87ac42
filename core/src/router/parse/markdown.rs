//! Markdown scanning of router.md for agent outputs: fences (backtick or tilde, optional
//! single info word, unterminated runs to the end), headings outside fences, sections, bullets and
//! key lines outside fences. One linear pass; what a heading or fence means is the caller's.

use std::borrow::Cow;

use crate::router::parse::text::{
    is_ascii_ws, key_line_value, lines as lines_of, trim_sp, trim_sp_start,
};

/// The contract heading every write agent emits (and, from `12.10.0`, the heading whose
/// following `yaml` block is every agent's contract).
pub const CONTRACT_HEADING: &str = "Router Contract (MACHINE-READABLE)";
/// A fenced block.
#[derive(Debug, Clone)]
pub(crate) struct Fence<'a> {
    /// Line index of the opening fence line.
    pub open: usize,
    /// Line index of the closing fence line; `None` when unterminated.
    pub close: Option<usize>,
    /// The info word, lower-cased (`""` when none); borrowed from the text when it already is.
    info: Cow<'a, str>,
}

impl Fence<'_> {
    /// The info word, lower-cased (`""` when none).
    pub(crate) fn info(&self) -> &str {
        &self.info
    }
}

/// A heading outside fences.
#[derive(Debug, Clone)]
pub(crate) struct Heading<'a> {
    /// Line index.
    pub line: usize,
    /// Number of `#`.
    pub level: usize,
    /// The text after the `#`s and blanks, trailing spaces/tabs removed.
    pub text: &'a str,
}

/// A scanned markdown text.
#[derive(Debug)]
pub(crate) struct Markdown<'a> {
    /// The lines.
    pub lines: Vec<&'a str>,
    /// Whether each line is part of a fence (its opener, content or closer).
    pub fenced: Vec<bool>,
    /// The fences in document order.
    pub fences: Vec<Fence<'a>>,
    /// The headings in document order.
    pub headings: Vec<Heading<'a>>,
    /// The keys whose last `KEY:` line outside fences the scan recorded.
    tracked: &'static [&'static str],
    /// The value of each tracked key's last line (`None`: no such line).
    last_values: Vec<Option<&'a str>>,
}

/// A fence opener: (fence char, run length, info word): blanks, three or more of one fence
/// character, then at most one info word of `[A-Za-z0-9_+-]` between blanks.
fn fence_open(line: &str) -> Option<(char, usize, &str)> {
    let b = line.as_bytes();
    let at = b.iter().position(|&c| c != b' ' && c != b'\t')?;
    let c = b.get(at).copied().filter(|&c| c == b'`' || c == b'~')?;
    let run = b.get(at..)?.iter().take_while(|&&x| x == c).count();
    if run < 3 {
        return None;
    }
    let rest = trim_sp(line.get(at + run..)?);
    rest.bytes()
        .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'-'))
        .then_some((char::from(c), run, rest))
}

/// A closer of a fence of `ch` × `len`: blanks, at least `len` of `ch` and nothing else.
fn fence_close(line: &str, ch: char, len: usize) -> bool {
    let s = trim_sp(line);
    s.len() >= len && s.chars().all(|c| c == ch)
}

/// `^(#{1,6})[ \t]+(text)`: the level and the text, trailing spaces and tabs removed (bytes
/// compared, no pattern search).
pub(crate) fn heading(line: &str) -> Option<(usize, &str)> {
    let b = line.as_bytes();
    let blank = |i: usize| matches!(b.get(i), Some(b' ' | b'\t'));
    let level = b.iter().take_while(|&&c| c == b'#').count();
    if !(1..=6).contains(&level) || !blank(level) {
        return None;
    }
    let mut start = level;
    while blank(start) {
        start += 1;
    }
    let mut end = b.len();
    while end > start && blank(end - 1) {
        end -= 1;
    }
    Some((level, line.get(start..end)?))
}

/// The key part and value of a line shaped `^[ \t]*(-[ \t]+)?KEY:(value)`, for a key of at most
/// `max_len` bytes whose first byte is in `first` (a bit per byte value); the value untrimmed.
/// Keys hold no `:`, so the key of a line is the text before its first `:`.
fn key_part<'l>(line: &'l str, first: &[u64; 4], max_len: usize) -> Option<(&'l str, &'l str)> {
    let mut rest = line;
    if matches!(rest.as_bytes().first(), Some(b' ' | b'\t')) {
        rest = trim_sp_start(rest);
    }
    if let Some(after) = rest.strip_prefix('-') {
        let trimmed = trim_sp_start(after);
        if trimmed.len() < after.len() {
            rest = trimmed;
        }
    }
    let b = *rest.as_bytes().first()?;
    if first[usize::from(b >> 6)] & (1 << (b & 63)) == 0 {
        return None;
    }
    let window = rest.as_bytes().get(..rest.len().min(max_len + 1))?;
    let colon = window.iter().position(|&c| c == b':')?;
    Some((rest.get(..colon)?, rest.get(colon + 1..)?))
}

impl<'a> Markdown<'a> {
    /// Scans `text`.
    pub(crate) fn parse(text: &'a str) -> Self {
        Self::parse_tracking(text, &[])
    }

    /// Scans `text`, recording on the way the last `KEY:` line outside fences of each of `keys`
    /// (keys without `:`), so [`Markdown::last_key_value`] answers them without a second pass.
    pub(crate) fn parse_tracking(text: &'a str, keys: &'static [&'static str]) -> Self {
        let mut first = [0u64; 4];
        let mut lengths = 0u64;
        let mut max_len = 0;
        for k in keys {
            if let Some(&b) = k.as_bytes().first() {
                first[usize::from(b >> 6)] |= 1 << (b & 63);
            }
            // A filter only: lengths of 63 and more share the last bit.
            lengths |= 1u64 << k.len().min(63);
            max_len = max_len.max(k.len());
        }
        let mut last_values = vec![None; keys.len()];
        // One cheap pass counts the lines, so the per-line vectors never grow.
        let count = memchr::memchr_iter(b'\n', text.as_bytes()).count() + 1;
        let mut lines: Vec<&str> = Vec::with_capacity(count);
        let mut fenced = Vec::with_capacity(count);
        let mut fences: Vec<Fence<'a>> = Vec::new();
        let mut headings = Vec::new();
        let mut open: Option<(char, usize)> = None;
        for line in lines_of(text) {
            let i = lines.len();
            lines.push(line);
            let lead = line.as_bytes().first().copied().unwrap_or(b'\n');
            if let Some((ch, len)) = open {
                fenced.push(true);
                // A closer is blanks then the fence character: nothing else can close.
                if (matches!(lead, b' ' | b'\t') || u32::from(lead) == u32::from(ch))
                    && fence_close(line, ch, len)
                {
                    if let Some(f) = fences.last_mut() {
                        f.close = Some(i);
                    }
                    open = None;
                }
                continue;
            }
            // An opener is blanks then a fence character; a heading starts with `#`.
            if matches!(lead, b'`' | b'~' | b' ' | b'\t') {
                if let Some((ch, len, info)) = fence_open(line) {
                    fenced.push(true);
                    let info = if info.bytes().any(|b| b.is_ascii_uppercase()) {
                        Cow::Owned(info.to_ascii_lowercase())
                    } else {
                        Cow::Borrowed(info)
                    };
                    fences.push(Fence {
                        open: i,
                        close: None,
                        info,
                    });
                    open = Some((ch, len));
                    continue;
                }
            }
            fenced.push(false);
            if lead == b'#' {
                if let Some((level, text)) = heading(line) {
                    headings.push(Heading {
                        line: i,
                        level,
                        text,
                    });
                }
            }
            if keys.is_empty() {
                continue;
            }
            if let Some((key, value)) = key_part(line, &first, max_len) {
                if lengths & (1u64 << key.len().min(63)) != 0 {
                    if let Some(at) = keys.iter().position(|k| *k == key) {
                        if let Some(slot) = last_values.get_mut(at) {
                            *slot = Some(trim_sp(value));
                        }
                    }
                }
            }
        }
        Markdown {
            lines,
            fenced,
            fences,
            headings,
            tracked: keys,
            last_values,
        }
    }

    /// The line range of a heading's section: after it up to the next heading or the end.
    pub(crate) fn section(&self, heading_index: usize) -> std::ops::Range<usize> {
        let start = self
            .headings
            .get(heading_index)
            .map_or(self.lines.len(), |h| h.line + 1);
        let end = self
            .headings
            .get(heading_index + 1)
            .map_or(self.lines.len(), |h| h.line);
        start..end
    }

    /// The bullets of the given line range.
    pub(crate) fn bullets(&self, range: std::ops::Range<usize>) -> Vec<&'a str> {
        let mut out = Vec::new();
        for i in range {
            if self.fenced.get(i).copied().unwrap_or(true) {
                continue;
            }
            if let Some(b) = self.lines.get(i).and_then(|l| bullet(l)) {
                out.push(b);
            }
        }
        out
    }

    /// Whether the given line range has a bullet ([`Markdown::bullets`] is not empty).
    pub(crate) fn has_bullet(&self, range: std::ops::Range<usize>) -> bool {
        range.into_iter().any(|i| {
            !self.fenced.get(i).copied().unwrap_or(true)
                && self.lines.get(i).and_then(|l| bullet(l)).is_some()
        })
    }

    /// The value of the last `KEY:` line outside fences (recorded by the scan for a tracked
    /// key, else found by a backward search).
    pub(crate) fn last_key_value(&self, key: &str) -> Option<&'a str> {
        if let Some(at) = self.tracked.iter().position(|k| *k == key) {
            return self.last_values.get(at).copied().flatten();
        }
        self.last_key_value_searched(key)
    }

    /// [`Markdown::last_key_value`] by a backward search over every line.
    fn last_key_value_searched(&self, key: &str) -> Option<&'a str> {
        self.lines
            .iter()
            .enumerate()
            .rev()
            .filter(|(i, _)| !self.fenced[*i])
            .find_map(|(_, l)| key_line_value(l, key))
    }

    /// The content of a fence: the lines between its opener and closer (or the end), joined by
    /// `\n` with a trailing `\n`.
    pub(crate) fn fence_content(&self, fence: &Fence<'_>) -> String {
        let end = fence.close.unwrap_or(self.lines.len());
        let mut out = String::new();
        for line in self.lines.get(fence.open + 1..end).unwrap_or(&[]) {
            out.push_str(line);
            out.push('\n');
        }
        out
    }

    /// The fences whose opener lies in the line range.
    pub(crate) fn fences_in(
        &self,
        range: std::ops::Range<usize>,
    ) -> impl Iterator<Item = &Fence<'a>> {
        self.fences.iter().filter(move |f| range.contains(&f.open))
    }
}

/// The bullet text of a line: left-trimmed text starting with `- `, the rest trimmed, non-empty.
pub(crate) fn bullet(line: &str) -> Option<&str> {
    let rest = line.trim_start_matches(is_ascii_ws).strip_prefix("- ")?;
    let text = rest.trim_matches(is_ascii_ws);
    (!text.is_empty()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::router::parse::text::trim_sp_end;
    use proptest::prelude::*;

    type Shape = (
        Vec<bool>,
        Vec<(usize, Option<usize>, String)>,
        Vec<(usize, usize, String)>,
    );

    /// The first `fence_open`, on characters.
    fn reference_fence_open(line: &str) -> Option<(char, usize, &str)> {
        let s = trim_sp_start(line);
        let ch = s.chars().next().filter(|&c| c == '`' || c == '~')?;
        let run = s.len() - s.trim_start_matches(ch).len();
        if run < 3 {
            return None;
        }
        let rest = trim_sp(&s[run..]);
        if rest
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'-'))
        {
            Some((ch, run, rest))
        } else {
            None
        }
    }

    /// The first `heading`, on string patterns.
    fn reference_heading(line: &str) -> Option<(usize, &str)> {
        let level = line.len() - line.trim_start_matches('#').len();
        if !(1..=6).contains(&level) {
            return None;
        }
        let rest = &line[level..];
        let text = trim_sp_start(rest);
        if text.len() == rest.len() {
            return None;
        }
        Some((level, trim_sp_end(text)))
    }

    /// The first `fence_close`.
    fn reference_fence_close(line: &str, ch: char, len: usize) -> bool {
        let s = trim_sp(line);
        let run = s.len() - s.trim_start_matches(ch).len();
        run >= len && run == s.len()
    }

    /// The first scan, before its first-byte shortcuts: every line through the first
    /// `fence_close`, or the first `fence_open` then `heading`.
    fn reference_shape(text: &str) -> Shape {
        let lines: Vec<&str> = lines_of(text).collect();
        let mut fenced = vec![false; lines.len()];
        let mut fences: Vec<(usize, Option<usize>, String)> = Vec::new();
        let mut headings = Vec::new();
        let mut open: Option<(char, usize)> = None;
        for (i, line) in lines.iter().enumerate() {
            if let Some((ch, len)) = open {
                fenced[i] = true;
                if reference_fence_close(line, ch, len) {
                    if let Some(f) = fences.last_mut() {
                        f.1 = Some(i);
                    }
                    open = None;
                }
                continue;
            }
            if let Some((ch, len, info)) = reference_fence_open(line) {
                fenced[i] = true;
                fences.push((i, None, info.to_ascii_lowercase()));
                open = Some((ch, len));
                continue;
            }
            if let Some((level, text)) = reference_heading(line) {
                headings.push((i, level, text.to_string()));
            }
        }
        (fenced, fences, headings)
    }

    fn shape(md: &Markdown<'_>) -> Shape {
        (
            md.fenced.clone(),
            md.fences
                .iter()
                .map(|f| (f.open, f.close, f.info().to_string()))
                .collect(),
            md.headings
                .iter()
                .map(|h| (h.line, h.level, h.text.to_string()))
                .collect(),
        )
    }

    const KEYS: [&str; 4] = ["KEY", "K2", "Total handlers audited", "-K"];

    /// Lines mixing fences, headings, bullets and key lines, with the blanks, dashes, case and
    /// `\r` the shortcuts look at.
    fn text() -> impl Strategy<Value = String> {
        let line = prop_oneof![
            Just("KEY: v"),
            Just("- KEY: last "),
            Just(" \t-\tKEY:x"),
            Just("-KEY: no"),
            Just("KEY : no"),
            Just("KEYS: no"),
            Just("K2:"),
            Just("  K2: two: three"),
            Just("Total handlers audited: 12"),
            Just("- Total handlers audited:0"),
            Just("--K: v"),
            Just("-K: v"),
            Just("```"),
            Just("```yaml"),
            Just("  ~~~~ YML  "),
            Just("~~~"),
            Just("````"),
            Just("\t```"),
            Just("``` two words"),
            Just("```~"),
            Just("~~~ `"),
            Just("````  "),
            Just("\t \t~~~~~"),
            Just("## Heading"),
            Just("#KEY: v"),
            Just("###\tEvidence Array  "),
            Just("## \t"),
            Just("#\t é \t"),
            Just("####### seven"),
            Just("##"),
            Just("- bullet"),
            Just("prose é"),
            Just(""),
            Just("\r"),
        ];
        proptest::collection::vec((line, any::<bool>()), 0..40).prop_map(|ls| {
            ls.into_iter()
                .map(|(l, crlf)| format!("{l}{}\n", if crlf { "\r" } else { "" }))
                .collect()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        /// The scan with shortcuts finds the same fences, headings and fenced lines as the first
        /// scan, and a tracked key's recorded value is the backward search's.
        #[test]
        fn the_scan_equals_the_reference_and_tracked_keys_equal_the_search(t in text()) {
            let md = Markdown::parse_tracking(&t, &KEYS);
            prop_assert_eq!(shape(&md), reference_shape(&t));
            prop_assert_eq!(shape(&Markdown::parse(&t)), reference_shape(&t));
            for key in KEYS.iter().chain(&["KEYS", "Total", "- KEY"]) {
                prop_assert_eq!(md.last_key_value(key), md.last_key_value_searched(key), "{}", key);
            }
        }
    }

    #[test]
    fn headings_inside_fences_do_not_count() {
        let md = Markdown::parse("## A\n```yaml\n# not a heading\n```\n### B\ntext");
        let texts: Vec<_> = md.headings.iter().map(|h| (h.level, h.text)).collect();
        assert_eq!(texts, [(2, "A"), (3, "B")]);
        assert_eq!(md.fences.len(), 1);
        assert_eq!(md.fences[0].close, Some(3));
        assert_eq!(md.fence_content(&md.fences[0]), "# not a heading\n");
    }

    #[test]
    fn fence_open_allows_one_info_word_only() {
        assert!(fence_open("```yaml").is_some());
        assert!(fence_open("  ~~~~ YML  ").is_some());
        assert!(fence_open("```yaml title").is_none());
        assert!(fence_open("``").is_none());
    }

    #[test]
    fn fence_close_needs_same_char_and_length() {
        let md = Markdown::parse("````\n```\n~~~~\n````\nafter");
        assert_eq!(md.fences[0].close, Some(3));
        let md = Markdown::parse("```\nno close\n");
        assert_eq!(md.fences[0].close, None);
    }

    #[test]
    fn heading_needs_blank_after_hashes() {
        assert!(heading("##Title").is_none());
        assert!(heading("####### seven").is_none());
        assert_eq!(heading("## Title  "), Some((2, "Title")));
    }

    #[test]
    fn bullets_need_dash_space_and_text() {
        assert_eq!(bullet("  - a "), Some("a"));
        assert_eq!(bullet("- "), None);
        assert_eq!(bullet("-a"), None);
    }
}
