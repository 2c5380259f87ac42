//! Word-set similarity of two titles (Go `IsSimilarFeatureThreshold`, resolution.md): the
//! Jaccard index of their token sets against a threshold, with fourx's optional CJK bigrams.
//!
//! Decides tokenisation and the comparison. Leaves what counts as a duplicate (which texts are
//! compared) to [`super::discover`] and [`super::candidates`].

use std::collections::BTreeSet;

use crate::protocol::codec::text::simple_lower;

/// The threshold the original uses everywhere.
pub const DEFAULT_THRESHOLD: f64 = 0.6;

/// How to compare: the Jaccard threshold and whether CJK runs add character bigrams.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Similarity {
    /// Minimum |A∩B| / |A∪B|.
    pub threshold: f64,
    /// Add character bigrams of Han, Kana and Hangul runs (fourx only; `false` is Go's exact
    /// behaviour, where CJK text has no tokens).
    pub cjk: bool,
}

impl Default for Similarity {
    fn default() -> Self {
        Similarity {
            threshold: DEFAULT_THRESHOLD,
            cjk: false,
        }
    }
}

/// The fixed CJK code-point ranges (Han, Hiragana, Katakana, Hangul),
/// independent of the Unicode version.
pub const CJK_RANGES: [(u32, u32); 18] = [
    // Han
    (0x2E80, 0x2FDF),
    (0x3005, 0x3005),
    (0x3007, 0x3007),
    (0x3021, 0x3029),
    (0x3038, 0x303B),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xF900, 0xFAFF),
    (0x20000, 0x3FFFF),
    // Hiragana
    (0x3040, 0x309F),
    // Katakana
    (0x30A0, 0x30FF),
    (0x31F0, 0x31FF),
    (0xFF66, 0xFF9F),
    // Hangul
    (0x1100, 0x11FF),
    (0x3130, 0x318F),
    (0xA960, 0xA97F),
    (0xAC00, 0xD7FF),
    (0xFFA0, 0xFFDC),
];

/// Whether `c` is in [`CJK_RANGES`].
pub fn is_cjk(c: char) -> bool {
    let u = u32::from(c);
    CJK_RANGES.iter().any(|(lo, hi)| (*lo..=*hi).contains(&u))
}

/// The token set of `text`: runs of ASCII letters and digits (after lower-casing), plus with
/// `cjk` the character bigrams of each CJK run (a one-character run adds itself).
pub fn tokens(text: &str, cjk: bool) -> BTreeSet<String> {
    let mut set = BTreeSet::new();
    let mut word = String::new();
    let mut run: Vec<char> = Vec::new();
    let flush_run = |run: &mut Vec<char>, set: &mut BTreeSet<String>| {
        match run.len() {
            0 => {}
            1 => {
                set.insert(run.iter().collect());
            }
            _ => {
                for pair in run.windows(2) {
                    set.insert(pair.iter().collect());
                }
            }
        }
        run.clear();
    };
    for c in text.chars() {
        let l = simple_lower(c);
        if l.is_ascii_lowercase() || l.is_ascii_digit() {
            word.push(l);
            flush_run(&mut run, &mut set);
            continue;
        }
        if !word.is_empty() {
            set.insert(std::mem::take(&mut word));
        }
        if cjk && is_cjk(c) {
            run.push(c);
        } else {
            flush_run(&mut run, &mut set);
        }
    }
    if !word.is_empty() {
        set.insert(word);
    }
    flush_run(&mut run, &mut set);
    set
}

/// Whether `a` and `b` are similar: both token sets non-empty and |A∩B| / |A∪B| ≥ threshold
/// (in f64).
pub fn is_similar(a: &str, b: &str, how: Similarity) -> bool {
    let (ta, tb) = (tokens(a, how.cjk), tokens(b, how.cjk));
    if ta.is_empty() || tb.is_empty() {
        return false;
    }
    let inter = ta.intersection(&tb).count();
    let union = ta.len() + tb.len() - inter;
    if union == 0 {
        return false;
    }
    inter as f64 / union as f64 >= how.threshold
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(items: &[&str]) -> BTreeSet<String> {
        items.iter().map(|s| (*s).to_string()).collect()
    }

    #[test]
    fn cjk_runs_give_bigrams_and_single_characters() {
        assert_eq!(
            tokens("新增 API 速率限制", true),
            set(&["新增", "api", "速率", "率限", "限制"])
        );
        assert_eq!(tokens("中 文", true), set(&["中", "文"]));
        assert!(tokens("新增 速率", false).is_empty());
    }

    #[test]
    fn ascii_letters_end_a_cjk_run_and_punctuation_separates() {
        assert_eq!(tokens("中a文", true), set(&["中", "a", "文"]));
        assert_eq!(tokens("中，文。", true), set(&["中", "文"]));
        assert_eq!(tokens("ログイーン", true).len(), 4);
    }

    #[test]
    fn cjk_table_matches_the_spec_edges() {
        for c in [
            '\u{3005}',
            '\u{3007}',
            '\u{30FC}',
            '\u{FF66}',
            '\u{FFDC}',
            '\u{20000}',
            '\u{3FFFF}',
            '\u{1100}',
        ] {
            assert!(is_cjk(c), "{c:?}");
        }
        for c in [
            '\u{3000}', '\u{3001}', '\u{3002}', '\u{FF01}', '\u{FF65}', '\u{3006}', '\u{FFDD}', 'a',
        ] {
            assert!(!is_cjk(c), "{c:?}");
        }
    }

    #[test]
    fn three_of_five_counts_as_sixty_percent() {
        assert!(is_similar("a b c", "a b c d e", Similarity::default()));
    }
}
