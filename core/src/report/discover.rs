//! Discovered-feature blocks of a deep-review report and their de-duplication (Go
//! `ParseDiscoveredFeatures`, `DedupeDiscoveredFeatures`, resolution.md).
//!
//! Decides block boundaries and which candidates are duplicates. Leaves creating features from
//! them to the caller.

use crate::protocol::codec::gostruct::go_struct;
use crate::protocol::feature::Feature;

use super::similarity::{is_similar, Similarity};

/// The marker that starts a block (case-sensitive, anywhere in a line).
pub const NEW_FEATURE_MARKER: &str = "[NEW-FEATURE]";

go_struct! {
    /// A feature proposed in a report (Go `DiscoveredFeature`).
    pub struct DiscoveredFeature {
        /// Title (text after the marker, trimmed).
        title: String => "title";
        /// The block's following lines, trimmed, joined with `\n`.
        description: String => "description";
    }
}

fn stops_block(t: &str) -> bool {
    t.is_empty() || t.contains(NEW_FEATURE_MARKER) || t.starts_with("##")
}

/// The `[NEW-FEATURE]` blocks of `report`, in order. A block's description runs until a blank
/// line, a marker line or a `##` heading (not consumed); blocks with an empty title are dropped.
pub fn parse_discovered(report: &str) -> Vec<DiscoveredFeature> {
    let lines: Vec<&str> = report.split('\n').collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let line = lines.get(i).copied().unwrap_or("");
        i += 1;
        let Some(pos) = line.find(NEW_FEATURE_MARKER) else {
            continue;
        };
        let title = line
            .get(pos + NEW_FEATURE_MARKER.len()..)
            .unwrap_or("")
            .trim();
        let mut desc: Vec<&str> = Vec::new();
        while let Some(next) = lines.get(i) {
            let t = next.trim();
            if stops_block(t) {
                break;
            }
            desc.push(t);
            i += 1;
        }
        if !title.is_empty() {
            out.push(DiscoveredFeature {
                title: title.to_string(),
                description: desc.join("\n"),
            });
        }
    }
    out
}

/// The text a feature is compared by: name + " " + description.
pub(crate) fn feature_text(f: &Feature) -> String {
    format!("{} {}", f.name, f.description)
}

/// `candidates` without those similar (threshold 0.6) to an existing feature or to a candidate
/// kept before them; input order is kept.
pub fn dedupe_discovered(
    candidates: &[DiscoveredFeature],
    existing: &[Feature],
    cjk: bool,
) -> Vec<DiscoveredFeature> {
    let how = Similarity {
        cjk,
        ..Similarity::default()
    };
    let existing: Vec<String> = existing.iter().map(feature_text).collect();
    let mut kept: Vec<(String, &DiscoveredFeature)> = Vec::new();
    for c in candidates {
        let text = format!("{} {}", c.title, c.description);
        let dup = existing
            .iter()
            .chain(kept.iter().map(|(t, _)| t))
            .any(|other| is_similar(&text, other, how));
        if !dup {
            kept.push((text, c));
        }
    }
    kept.into_iter().map(|(_, c)| c.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_title_block_still_consumes_its_description() {
        let f = parse_discovered("[NEW-FEATURE]\ndesc [x]\n[NEW-FEATURE] B\nd\n");
        assert_eq!(
            f,
            [DiscoveredFeature {
                title: "B".into(),
                description: "d".into()
            }]
        );
    }

    #[test]
    fn a_marker_line_stops_the_block_and_starts_the_next() {
        let f = parse_discovered("[NEW-FEATURE] A\nx\nsee [NEW-FEATURE] B\ny");
        assert_eq!(f.len(), 2);
        assert_eq!((f[0].description.as_str(), f[1].title.as_str()), ("x", "B"));
    }
}
