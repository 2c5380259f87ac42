//! Reports: review-report verdicts and issues, discovered features, similarity and duplicate
//! detection (resolution.md), the candidate pool file and the history miner (features.md).
//!
//! Pure parsers and comparisons over text the caller supplies; gathering the texts is left to
//! the workspace.
//!
//! ```
//! use fourx_core::report::{is_similar, Similarity};
//!
//! assert!(is_similar("add login page", "add a login page", Similarity::default()));
//! assert!(!is_similar("add login page", "remove billing export", Similarity::default()));
//! ```

pub mod candidates;
pub mod candidates_file;
pub mod discover;
pub mod issues;
pub mod miner;
pub mod similarity;

pub use candidates::dedupe_candidates;
pub use discover::{dedupe_discovered, parse_discovered, DiscoveredFeature};
pub use issues::{parse_report_issues, ReportIssues};
pub use similarity::{is_similar, tokens, Similarity, DEFAULT_THRESHOLD};

/// Go `unicode.ToUpper` per code point (the simple mapping): a code point whose upper case is
/// more than one code point is kept.
pub(crate) fn simple_upper(s: &str) -> String {
    s.chars()
        .map(|c| {
            let mut up = c.to_uppercase();
            match (up.next(), up.next()) {
                (Some(u), None) => u,
                _ => c,
            }
        })
        .collect()
}
