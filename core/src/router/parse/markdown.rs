//! Markdown scanning of router.md for agent outputs: fences (backtick or tilde, optional
//! single info word, unterminated runs to the end), headings outside fences, sections, bullets and
//! key lines outside fences. One linear pass; what a heading or fence means is the caller's.

use crate::router::parse::text::{
    is_ascii_ws, key_line_value, lines, trim_sp, trim_sp_end, trim_sp_start,
};

/// A fenced block.
#[derive(Debug, Clone)]
pub(crate) struct Fence {
    /// Line index of the opening fence line.
    pub open: usize,
    /// Line index of the closing fence line; `None` when unterminated.
    pub close: Option<usize>,
    /// The info word, lower-cased (`""` when none).
    pub info: String,
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
    pub fences: Vec<Fence>,
    /// The headings in document order.
    pub headings: Vec<Heading<'a>>,
}

/// A fence opener: (fence char, run length, info word).
fn fence_open(line: &str) -> Option<(char, usize, &str)> {
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

fn fence_close(line: &str, ch: char, len: usize) -> bool {
    let s = trim_sp(line);
    let run = s.len() - s.trim_start_matches(ch).len();
    run >= len && run == s.len()
}

/// `^(#{1,6})[ \t]+(text)`.
fn heading(line: &str) -> Option<(usize, &str)> {
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

impl<'a> Markdown<'a> {
    /// Scans `text`.
    pub(crate) fn parse(text: &'a str) -> Self {
        let lines: Vec<&str> = lines(text).collect();
        let mut fenced = vec![false; lines.len()];
        let mut fences = Vec::new();
        let mut headings = Vec::new();
        let mut open: Option<(char, usize)> = None;
        for (i, line) in lines.iter().enumerate() {
            if let Some((ch, len)) = open {
                fenced[i] = true;
                if fence_close(line, ch, len) {
                    if let Some(f) = fences.last_mut() {
                        let f: &mut Fence = f;
                        f.close = Some(i);
                    }
                    open = None;
                }
                continue;
            }
            if let Some((ch, len, info)) = fence_open(line) {
                fenced[i] = true;
                fences.push(Fence {
                    open: i,
                    close: None,
                    info: info.to_ascii_lowercase(),
                });
                open = Some((ch, len));
                continue;
            }
            if let Some((level, text)) = heading(line) {
                headings.push(Heading {
                    line: i,
                    level,
                    text,
                });
            }
        }
        Markdown {
            lines,
            fenced,
            fences,
            headings,
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

    /// The value of the last `KEY:` line outside fences.
    pub(crate) fn last_key_value(&self, key: &str) -> Option<&'a str> {
        self.lines
            .iter()
            .enumerate()
            .rev()
            .filter(|(i, _)| !self.fenced[*i])
            .find_map(|(_, l)| key_line_value(l, key))
    }

    /// The content of a fence: the lines between its opener and closer (or the end), joined by
    /// `\n` with a trailing `\n`.
    pub(crate) fn fence_content(&self, fence: &Fence) -> String {
        let end = fence.close.unwrap_or(self.lines.len());
        let mut out = String::new();
        for line in self.lines.get(fence.open + 1..end).unwrap_or(&[]) {
            out.push_str(line);
            out.push('\n');
        }
        out
    }

    /// The fences whose opener lies in the line range.
    pub(crate) fn fences_in(&self, range: std::ops::Range<usize>) -> impl Iterator<Item = &Fence> {
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
