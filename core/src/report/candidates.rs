//! De-duplicating miner candidates against existing features, existing candidates and each
//! other (Go `DedupeCandidates`, resolution.md).
//!
//! Decides which candidates are duplicates. Leaves the candidate pool file to the feature-files
//! area.

use crate::protocol::candidate::Candidate;
use crate::protocol::feature::Feature;

use super::discover::feature_text;
use super::similarity::{is_similar, Similarity};

fn candidate_text(c: &Candidate) -> String {
    format!("{} {}", c.title, c.description)
}

/// `candidates` without those similar (threshold 0.6) to an existing feature (name +
/// description), an existing candidate, or a candidate kept before them; order is kept.
pub fn dedupe_candidates(
    candidates: &[Candidate],
    existing_features: &[Feature],
    existing_candidates: &[Candidate],
    cjk: bool,
) -> Vec<Candidate> {
    let how = Similarity {
        cjk,
        ..Similarity::default()
    };
    let mut seen: Vec<String> = existing_features
        .iter()
        .map(feature_text)
        .chain(existing_candidates.iter().map(candidate_text))
        .collect();
    let mut kept = Vec::new();
    for c in candidates {
        let text = candidate_text(c);
        if !seen.iter().any(|other| is_similar(&text, other, how)) {
            seen.push(text);
            kept.push(c.clone());
        }
    }
    kept
}
