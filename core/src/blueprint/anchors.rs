//! The anchor check: three-valued verification of an entry's `where` (blueprint.md).
//!
//! Decides `ok | stale | unanchored | unverifiable` from the injected [`FileView`] and the
//! snapshot by a plain word-bounded search; what cannot be judged is `unverifiable`, never `ok`.
//! Reading files is the caller's: the view is injected and cached for one fold only.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use super::snapshot::Snapshot;
use crate::error::Error;

/// What a file view knows about one repo-relative path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FileState {
    /// The file exists and reads as this text.
    Present(Arc<str>),
    /// No such file.
    Missing,
    /// The file exists but could not be read.
    Unreadable,
}

/// Read access to repository files by repo-relative, `/`-separated path.
pub trait FileView {
    /// The state of `repo_rel_path`.
    fn read(&self, repo_rel_path: &str) -> FileState;
}

/// A file view over given texts (`file_text`) plus unreadable paths; every other path is missing.
#[derive(Debug, Clone, Default)]
pub struct MapFileView {
    files: HashMap<String, Arc<str>>,
    unreadable: HashSet<String>,
}

impl MapFileView {
    /// A view over `files` and `unreadable`.
    pub fn new(
        files: impl IntoIterator<Item = (String, String)>,
        unreadable: impl IntoIterator<Item = String>,
    ) -> MapFileView {
        MapFileView {
            files: files.into_iter().map(|(k, v)| (k, Arc::from(v))).collect(),
            unreadable: unreadable.into_iter().collect(),
        }
    }
}

impl FileView for MapFileView {
    fn read(&self, path: &str) -> FileState {
        if let Some(t) = self.files.get(path) {
            FileState::Present(t.clone())
        } else if self.unreadable.contains(path) {
            FileState::Unreadable
        } else {
            FileState::Missing
        }
    }
}

crate::words::string_enum! {
    /// The verdict of one anchor check.
    pub enum Verdict("verdict", Error, Error::unknown_word) {
        /// Verified against the file or the snapshot.
        Ok = "ok",
        /// The anchor no longer matches the code.
        Stale = "stale",
        /// No anchor was given.
        Unanchored = "unanchored",
        /// The anchor cannot be judged by a program.
        Unverifiable = "unverifiable",
    }
}

crate::words::string_enum! {
    /// Why a verdict was reached.
    pub enum Why("anchor reason", Error, Error::unknown_word) {
        /// `where` is empty.
        Empty = "empty",
        /// `where` is prose or not a clean path.
        NotPath = "not_path",
        /// The file exists (no suffix).
        FileExists = "file_exists",
        /// The line or range lies inside the file.
        LineInRange = "line_in_range",
        /// The line or range lies outside the file.
        LineOutOfRange = "line_out_of_range",
        /// The suffix is neither a line, a range nor an identifier.
        BadSuffix = "bad_suffix",
        /// The symbol occurs word-bounded in the file.
        SymbolFound = "symbol_found",
        /// The symbol does not occur word-bounded.
        SymbolNotFound = "symbol_not_found",
        /// The file exists but could not be read.
        Unreadable = "unreadable",
        /// The path names a derived module directory.
        ModuleDir = "module_dir",
        /// The path belongs to a derived module but the file is gone.
        FileMissing = "file_missing",
        /// Nobody can tell which module the path would belong to.
        Unattributed = "unattributed",
    }
}

/// Whether `c` is in the path alphabet `[A-Za-z0-9_.\-/]`.
pub fn is_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-' | '/')
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Whether `sym` occurs in `text` with non-word characters (or the ends) on both sides.
pub fn contains_word(text: &str, sym: &str) -> bool {
    if sym.is_empty() {
        return false;
    }
    let bytes = text.as_bytes();
    text.match_indices(sym).any(|(i, _)| {
        let before = i.checked_sub(1).and_then(|j| bytes.get(j));
        let after = bytes.get(i + sym.len());
        !before.is_some_and(|&b| is_word_byte(b)) && !after.is_some_and(|&b| is_word_byte(b))
    })
}

/// Number of lines: `\n` count, plus one for a non-empty text without a trailing `\n`.
pub fn line_count(text: &str) -> usize {
    let n = text.bytes().filter(|&b| b == b'\n').count();
    n + usize::from(!text.is_empty() && !text.ends_with('\n'))
}

#[derive(Clone)]
enum Cached {
    Present(Arc<str>, usize),
    Missing,
    Unreadable,
}

/// Checks anchors against a file view, caching each path's state and line count for its own
/// lifetime (one fold).
pub struct AnchorChecker<'a> {
    view: &'a dyn FileView,
    snapshot: Option<&'a Snapshot>,
    cache: RefCell<HashMap<String, Cached>>,
}

impl<'a> AnchorChecker<'a> {
    /// A checker over `view`; `snapshot` attributes paths to modules (none = nothing is).
    pub fn new(view: &'a dyn FileView, snapshot: Option<&'a Snapshot>) -> AnchorChecker<'a> {
        AnchorChecker {
            view,
            snapshot,
            cache: RefCell::new(HashMap::new()),
        }
    }

    fn state(&self, path: &str) -> Cached {
        if let Some(c) = self.cache.borrow().get(path) {
            return c.clone();
        }
        let c = match self.view.read(path) {
            FileState::Present(t) => {
                let n = line_count(&t);
                Cached::Present(t, n)
            }
            FileState::Missing => Cached::Missing,
            FileState::Unreadable => Cached::Unreadable,
        };
        self.cache.borrow_mut().insert(path.to_string(), c.clone());
        c
    }

    /// Checks one `where` value.
    pub fn check(&self, where_: &str) -> (Verdict, Why) {
        let w = super::normalize::collapse(where_);
        if w.is_empty() {
            return (Verdict::Unanchored, Why::Empty);
        }
        if w.contains(' ') {
            return (Verdict::Unverifiable, Why::NotPath);
        }
        let (head, tail) = match w.split_once(':') {
            Some((h, t)) => (h, Some(t)),
            None => (w.as_str(), None),
        };
        let mut head = head;
        while let Some(rest) = head.strip_prefix("./") {
            head = rest;
        }
        let head = head.strip_suffix('/').unwrap_or(head);
        if head.is_empty()
            || head.starts_with('/')
            || head.contains("//")
            || head.split('/').any(|s| s == "." || s == "..")
        {
            return (Verdict::Unverifiable, Why::NotPath);
        }
        match self.state(head) {
            Cached::Present(text, lines) => check_tail(&text, lines, tail),
            Cached::Unreadable => (Verdict::Unverifiable, Why::Unreadable),
            Cached::Missing => self.check_missing(head, tail),
        }
    }

    fn check_missing(&self, head: &str, tail: Option<&str>) -> (Verdict, Why) {
        let Some(snap) = self.snapshot else {
            return (Verdict::Unverifiable, Why::Unattributed);
        };
        if snap.contains(head) {
            return match tail {
                None => (Verdict::Ok, Why::ModuleDir),
                Some(_) => (Verdict::Unverifiable, Why::BadSuffix),
            };
        }
        let attributable =
            snap.owner_of(head).is_some() || (!head.contains('/') && snap.contains("."));
        if attributable && head.chars().all(is_path_char) {
            (Verdict::Stale, Why::FileMissing)
        } else {
            (Verdict::Unverifiable, Why::Unattributed)
        }
    }
}

fn parse_line(s: &str) -> Option<usize> {
    (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse::<usize>().unwrap_or(usize::MAX))
}

fn check_tail(text: &str, lines: usize, tail: Option<&str>) -> (Verdict, Why) {
    let Some(tail) = tail else {
        return (Verdict::Ok, Why::FileExists);
    };
    if let Some(n) = parse_line(tail) {
        return if (1..=lines).contains(&n) {
            (Verdict::Ok, Why::LineInRange)
        } else {
            (Verdict::Stale, Why::LineOutOfRange)
        };
    }
    if let Some((a, b)) = tail.split_once('-') {
        if let (Some(n), Some(m)) = (parse_line(a), parse_line(b)) {
            return if n > m {
                (Verdict::Unverifiable, Why::BadSuffix)
            } else if n >= 1 && m <= lines {
                (Verdict::Ok, Why::LineInRange)
            } else {
                (Verdict::Stale, Why::LineOutOfRange)
            };
        }
    }
    let sym = tail.strip_suffix("()").unwrap_or(tail);
    let sym = sym.rsplit('.').next().unwrap_or(sym);
    let is_ident = sym
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && sym.bytes().all(is_word_byte);
    if !is_ident {
        return (Verdict::Unverifiable, Why::BadSuffix);
    }
    if contains_word(text, sym) {
        (Verdict::Ok, Why::SymbolFound)
    } else {
        (Verdict::Stale, Why::SymbolNotFound)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_and_reasons_are_the_seeds_snake_case_words() {
        assert_eq!(
            Verdict::WORDS,
            &["ok", "stale", "unanchored", "unverifiable"]
        );
        assert_eq!(
            Why::WORDS,
            &[
                "empty",
                "not_path",
                "file_exists",
                "line_in_range",
                "line_out_of_range",
                "bad_suffix",
                "symbol_found",
                "symbol_not_found",
                "unreadable",
                "module_dir",
                "file_missing",
                "unattributed"
            ]
        );
        for v in Verdict::ALL {
            let json = serde_json::to_value(v).unwrap();
            assert_eq!(serde_json::from_value::<Verdict>(json).unwrap(), *v);
        }
        assert!(serde_json::from_value::<Verdict>("Stale".into()).is_err());
    }

    fn view() -> MapFileView {
        MapFileView::new(
            [(
                "a/x.go".to_string(),
                "func FooBar() {}\nfunc Merge()\n".to_string(),
            )],
            ["a/locked.go".to_string()],
        )
    }

    fn snap() -> Snapshot {
        Snapshot::from_json(&serde_json::json!({"modules": ["a"]})).unwrap()
    }

    #[test]
    fn anchor_verification_is_three_valued() {
        let (v, s) = (view(), snap());
        let c = AnchorChecker::new(&v, Some(&s));
        assert_eq!(c.check(""), (Verdict::Unanchored, Why::Empty));
        assert_eq!(c.check("a/x.go:2"), (Verdict::Ok, Why::LineInRange));
        assert_eq!(c.check("a/x.go:3"), (Verdict::Stale, Why::LineOutOfRange));
        assert_eq!(c.check("a -> b"), (Verdict::Unverifiable, Why::NotPath));
        assert_eq!(
            c.check("a/locked.go"),
            (Verdict::Unverifiable, Why::Unreadable)
        );
        assert_eq!(c.check("a/gone.go"), (Verdict::Stale, Why::FileMissing));
        assert_eq!(
            c.check("b/gone.go"),
            (Verdict::Unverifiable, Why::Unattributed)
        );
        assert_eq!(
            c.check("a/x.go:3-1"),
            (Verdict::Unverifiable, Why::BadSuffix)
        );
    }

    #[test]
    fn anchor_symbol_match_is_word_bounded() {
        let (v, s) = (view(), snap());
        let c = AnchorChecker::new(&v, Some(&s));
        assert_eq!(c.check("a/x.go:Foo"), (Verdict::Stale, Why::SymbolNotFound));
        assert_eq!(c.check("a/x.go:FooBar"), (Verdict::Ok, Why::SymbolFound));
        assert_eq!(
            c.check("a/x.go:pkg.Merge()"),
            (Verdict::Ok, Why::SymbolFound)
        );
    }

    #[test]
    fn line_count_counts_an_unterminated_last_line() {
        assert_eq!(line_count(""), 0);
        assert_eq!(line_count("a\nb\nc"), 3);
        assert_eq!(line_count("a\n"), 1);
    }
}
