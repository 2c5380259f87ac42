//! Keys Go's decoding ignores, collected so that a typo is never silent (the conventions'
//! "unknown keys" rule): the decoders keep Go's results and, while a
//! [`collect`] is running on the thread, report each key they skipped with where it was and the
//! closest key they know.
//!
//! Decides the path text (`runners.claude.tierz`, `subtasks[1].dependz`) and which known key is
//! closest. Leaves turning a report into a warning of a file to the caller.

use std::cell::RefCell;

use super::goquote::quote;

/// One ignored key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownKey {
    /// Where it is: the enclosing path and the key (`runners.claude.tierz`).
    pub path: String,
    /// The key as written.
    pub key: String,
    /// The known key of that place closest to it, if the place has any.
    pub closest: Option<&'static str>,
}

impl UnknownKey {
    /// `unknown key "tierz" ignored (did you mean "tiers"?)`.
    pub fn message(&self) -> String {
        match self.closest {
            Some(c) => format!(
                "unknown key {} ignored (did you mean {}?)",
                quote(&self.key),
                quote(c)
            ),
            None => format!("unknown key {} ignored", quote(&self.key)),
        }
    }
}

#[derive(Default)]
struct Sink {
    keys: Vec<UnknownKey>,
    segments: Vec<String>,
}

thread_local! {
    static SINK: RefCell<Option<Sink>> = const { RefCell::new(None) };
}

/// Restores the previous sink when dropped (also on unwinding).
struct Restore(Option<Sink>);

impl Drop for Restore {
    fn drop(&mut self) {
        let prev = self.0.take();
        SINK.with(|s| *s.borrow_mut() = prev);
    }
}

/// Runs `f` and returns what it returned with the unknown keys reported during it, in report
/// order. Nested calls collect separately.
pub fn collect<R>(f: impl FnOnce() -> R) -> (R, Vec<UnknownKey>) {
    let prev = SINK.with(|s| s.borrow_mut().replace(Sink::default()));
    let restore = Restore(prev);
    let out = f();
    let keys = SINK.with(|s| s.borrow_mut().take().map(|s| s.keys).unwrap_or_default());
    drop(restore);
    (out, keys)
}

/// Runs `f` with `segment` (a key, or `[i]`) appended to the current path of [`report_here`].
pub fn within<R>(segment: impl FnOnce() -> String, f: impl FnOnce() -> R) -> R {
    let active = SINK.with(|s| match s.borrow_mut().as_mut() {
        Some(sink) => {
            sink.segments.push(segment());
            true
        }
        None => false,
    });
    let out = f();
    if active {
        SINK.with(|s| {
            if let Some(sink) = s.borrow_mut().as_mut() {
                sink.segments.pop();
            }
        });
    }
    out
}

fn join(parent: &str, key: &str) -> String {
    if parent.is_empty() {
        key.to_string()
    } else {
        format!("{parent}.{key}")
    }
}

/// Reports `key`, ignored at `parent` (a dotted path), whose known keys are `known`. Does
/// nothing unless a [`collect`] is running.
pub fn report(parent: &str, key: &str, known: &'static [&'static str]) {
    SINK.with(|s| {
        if let Some(sink) = s.borrow_mut().as_mut() {
            sink.keys.push(UnknownKey {
                path: join(parent, key),
                key: key.to_string(),
                closest: closest(key, known),
            });
        }
    });
}

/// Reports `key` at the path built by the enclosing [`within`] calls.
pub fn report_here(key: &str, known: &'static [&'static str]) {
    let parent = SINK.with(|s| {
        s.borrow().as_ref().map(|sink| {
            let mut p = String::new();
            for seg in &sink.segments {
                if !p.is_empty() && !seg.starts_with('[') {
                    p.push('.');
                }
                p.push_str(seg);
            }
            p
        })
    });
    if let Some(parent) = parent {
        report(&parent, key, known);
    }
}

/// Lower case without `_`, `-` and spaces: `costUsd` and `cost_usd` compare equal.
fn normal(s: &str) -> Vec<char> {
    s.chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The optimal-string-alignment distance (insertions, deletions, substitutions, adjacent
/// transpositions).
fn distance(a: &[char], b: &[char]) -> usize {
    let (n, m) = (a.len(), b.len());
    let mut d = vec![vec![0usize; m + 1]; n + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=n {
        for j in 1..=m {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut v = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                v = v.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = v;
        }
    }
    d[n][m]
}

/// The known key closest to `key` (case, `_` and `-` ignored; ties go to the earlier key);
/// `None` when `known` is empty. Keys longer than 256 characters are compared by their first 256.
pub fn closest(key: &str, known: &'static [&'static str]) -> Option<&'static str> {
    let k: Vec<char> = normal(key).into_iter().take(256).collect();
    known
        .iter()
        .map(|t| (distance(&k, &normal(t)), *t))
        .min_by_key(|(d, _)| *d)
        .map(|(_, t)| t)
}

/// The known key closest to `key` when it is a likely typo: at most `max(2, len/3)` edits away
/// (case, `_` and `-` ignored); `None` when no known key is that close.
pub fn closest_within<'k>(key: &str, known: &[&'k str]) -> Option<&'k str> {
    let k: Vec<char> = normal(key).into_iter().take(256).collect();
    let limit = (k.len() / 3).max(2);
    known
        .iter()
        .map(|t| (distance(&k, &normal(t)), *t))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, t)| t)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONFIG_KEYS: &[&str] = &["default_profile", "default_runner", "profiles"];

    #[test]
    fn closest_key_ignores_case_and_separators_and_counts_transpositions() {
        assert_eq!(
            closest("defualt_profile", CONFIG_KEYS),
            Some("default_profile")
        );
        assert_eq!(
            closest("costUsd", &["type", "cost_usd", "detail"]),
            Some("cost_usd")
        );
        assert_eq!(closest("x", &[]), None);
    }

    #[test]
    fn reports_outside_a_collection_are_dropped_and_nested_collections_are_separate() {
        report("", "lost", CONFIG_KEYS);
        let ((), outer) = collect(|| {
            report("", "a", CONFIG_KEYS);
            let ((), inner) = collect(|| report("p", "b", CONFIG_KEYS));
            assert_eq!(inner.len(), 1);
            assert_eq!(inner[0].path, "p.b");
            within(
                || "subtasks".into(),
                || within(|| "[1]".into(), || report_here("dependz", CONFIG_KEYS)),
            );
        });
        let paths: Vec<_> = outer.iter().map(|k| k.path.as_str()).collect();
        assert_eq!(paths, ["a", "subtasks[1].dependz"]);
    }

    #[test]
    fn message_names_the_closest_key() {
        let k = UnknownKey {
            path: "x".into(),
            key: "defualt_profile".into(),
            closest: Some("default_profile"),
        };
        assert_eq!(
            k.message(),
            r#"unknown key "defualt_profile" ignored (did you mean "default_profile"?)"#
        );
    }
}
