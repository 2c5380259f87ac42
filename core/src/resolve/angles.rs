//! Deep-review angles: the 11 angles, the default path-rule mapping, selecting angles for the
//! changed files, and grouping them over parallel reviewers (Go `AllAngles`,
//! `DefaultAngleMapping`, `SelectDeepReviewAngles`, `GroupReviewAngles`, `GroupSelectedAngles`,
//! resolution.md).
//!
//! Decides rule matching (longest prefix, then longest `*` suffix) and the chunking. Leaves
//! computing the changed files to the caller.

use std::collections::{BTreeMap, BTreeSet};

use crate::error::{Error, Result};
use crate::protocol::codec::gostruct::go_struct;
use crate::protocol::config::Config;

/// Number of deep-review angles (Go `DeepReviewAngleCount`).
pub const DEEP_REVIEW_ANGLE_COUNT: i64 = 11;

/// Largest `total_angles` accepted by [`group_review_angles`] (a bound on the output size).
pub const MAX_TOTAL_ANGLES: i64 = 1_000_000;

/// Path rule → angles (a nil list is kept as `None`).
pub type AngleMapping = BTreeMap<String, Option<Vec<i64>>>;

const ALL: &[i64] = &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const NO_4: &[i64] = &[1, 2, 3, 5, 6, 7, 8, 9, 10, 11];

/// The default mapping, as the spec lists it.
pub const DEFAULT_ANGLE_MAPPING: [(&str, &[i64]); 11] = [
    ("internal/state/", ALL),
    ("internal/protocol/", ALL),
    ("internal/server/", ALL),
    ("internal/guard/", NO_4),
    ("internal/", NO_4),
    ("cmd/", NO_4),
    ("templates/", &[1, 2, 8, 10]),
    ("plugins/", &[1, 2, 8, 10]),
    ("docs/", &[8, 10]),
    ("dashboard/", &[1, 2, 3, 5, 6, 7, 8, 10]),
    ("*_test.go", &[1, 5, 6, 8]),
];

go_struct! {
    /// A changed file given to [`select_angles`] (`lines` is not used).
    pub struct ChangedFile {
        /// Path relative to the repository root.
        path: String => "path";
        /// Changed lines.
        lines: i64 => "lines";
    }
}

go_struct! {
    /// A file that matched a rule (Go `AngleMatch`).
    pub struct AngleMatch {
        /// The file's path.
        file: String => "file";
        /// The matching rule as written (with its `*`).
        rule: String => "rule";
        /// The rule's angles as given.
        angles: Option<Vec<i64>> => "angles";
    }
}

/// Angles 1..=11.
pub fn all_angles() -> Vec<i64> {
    (1..=DEEP_REVIEW_ANGLE_COUNT).collect()
}

/// The default mapping.
pub fn default_angle_mapping() -> AngleMapping {
    DEFAULT_ANGLE_MAPPING
        .iter()
        .map(|(rule, angles)| ((*rule).to_string(), Some(angles.to_vec())))
        .collect()
}

/// `roles["deep-reviewer"].angle_mapping` when non-empty (used as is), else the default.
pub fn resolve_angle_mapping(cfg: &Config) -> AngleMapping {
    cfg.role("deep-reviewer")
        .and_then(|r| r.angle_mapping.clone())
        .filter(|m| !m.is_empty())
        .unwrap_or_else(default_angle_mapping)
}

/// The rule of `mapping` that matches `path`: the longest prefix rule, else the longest `*`
/// suffix rule; a rule only counts when strictly longer than the best so far.
fn best_rule<'m>(
    mapping: &'m AngleMapping,
    path: &str,
) -> Option<(&'m String, &'m Option<Vec<i64>>)> {
    let mut prefix: Option<(&String, &Option<Vec<i64>>)> = None;
    let mut prefix_len = 0;
    let mut suffix: Option<(&String, &Option<Vec<i64>>)> = None;
    let mut suffix_len = 0;
    for (rule, angles) in mapping {
        if let Some(tail) = rule.strip_prefix('*') {
            if path.ends_with(tail) && tail.len() > suffix_len {
                suffix = Some((rule, angles));
                suffix_len = tail.len();
            }
        } else if path.starts_with(rule.as_str()) && rule.len() > prefix_len {
            prefix = Some((rule, angles));
            prefix_len = rule.len();
        }
    }
    prefix.or(suffix)
}

/// The angles for `files` under `mapping`, sorted and de-duplicated, with the matches in file
/// order; all 11 angles and no matches when nothing is selected.
pub fn select_angles(mapping: &AngleMapping, files: &[ChangedFile]) -> (Vec<i64>, Vec<AngleMatch>) {
    let mut selected = BTreeSet::new();
    let mut matches = Vec::new();
    for f in files {
        if let Some((rule, angles)) = best_rule(mapping, &f.path) {
            selected.extend(angles.iter().flatten().copied());
            matches.push(AngleMatch {
                file: f.path.clone(),
                rule: rule.clone(),
                angles: angles.clone(),
            });
        }
    }
    if selected.is_empty() {
        return (all_angles(), Vec::new());
    }
    (selected.into_iter().collect(), matches)
}

fn chunk_size(parallel: i64, per_reviewer: i64, total: i64) -> usize {
    let size = if per_reviewer > 0 {
        per_reviewer
    } else {
        total / parallel + i64::from(total % parallel != 0)
    };
    usize::try_from(size.max(1)).unwrap_or(usize::MAX)
}

/// Angles 1..=total cut into consecutive groups for `parallel` reviewers; `None` when
/// `parallel <= 1` or `total <= 0`. Group size: `per_reviewer` if > 0, else
/// ceil(total / parallel).
///
/// Errors: `invalid_input` when `total` exceeds [`MAX_TOTAL_ANGLES`].
pub fn group_review_angles(
    parallel: i64,
    per_reviewer: i64,
    total: i64,
) -> Result<Option<Vec<Vec<i64>>>> {
    if parallel <= 1 || total <= 0 {
        return Ok(None);
    }
    if total > MAX_TOTAL_ANGLES {
        return Err(Error::invalid_input(format!(
            "total_angles must be at most {MAX_TOTAL_ANGLES}, not {total}"
        ))
        .with_field("total_angles"));
    }
    let angles: Vec<i64> = (1..=total).collect();
    Ok(group_selected_angles(parallel, per_reviewer, &angles))
}

/// `angles` (order kept, no sorting or de-duplication) cut into consecutive groups as
/// [`group_review_angles`] does; `None` when `parallel <= 1` or the list is empty.
pub fn group_selected_angles(
    parallel: i64,
    per_reviewer: i64,
    angles: &[i64],
) -> Option<Vec<Vec<i64>>> {
    if parallel <= 1 || angles.is_empty() {
        return None;
    }
    let total = i64::try_from(angles.len()).unwrap_or(i64::MAX);
    let size = chunk_size(parallel, per_reviewer, total);
    Some(angles.chunks(size).map(<[i64]>::to_vec).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_mapping_matches_the_spec() {
        let m = default_angle_mapping();
        assert_eq!(m.len(), 11);
        assert_eq!(
            m["internal/guard/"],
            Some(vec![1, 2, 3, 5, 6, 7, 8, 9, 10, 11])
        );
        assert_eq!(m["internal/server/"], Some(all_angles()));
        assert_eq!(m["templates/"], Some(vec![1, 2, 8, 10]));
        assert_eq!(m["dashboard/"], Some(vec![1, 2, 3, 5, 6, 7, 8, 10]));
        assert_eq!(m["*_test.go"], Some(vec![1, 5, 6, 8]));
    }

    #[test]
    fn any_prefix_match_beats_every_suffix_match_and_bare_rules_never_match() {
        let m: AngleMapping = [
            ("a/".to_string(), Some(vec![1])),
            ("*_test.go".to_string(), Some(vec![2])),
            ("".to_string(), Some(vec![3])),
            ("*".to_string(), Some(vec![4])),
        ]
        .into_iter()
        .collect();
        let f = |p: &str| ChangedFile {
            path: p.into(),
            lines: 0,
        };
        assert_eq!(select_angles(&m, &[f("a/x_test.go")]).0, [1]);
        assert_eq!(select_angles(&m, &[f("b/x_test.go")]).0, [2]);
        let (angles, matches) = select_angles(&m, &[f("b/x.go")]);
        assert_eq!((angles, matches.len()), (all_angles(), 0));
    }

    #[test]
    fn huge_totals_are_refused_instead_of_allocated() {
        assert!(group_review_angles(2, 0, i64::MAX).is_err());
        assert_eq!(group_review_angles(2, 0, 0).unwrap(), None);
    }
}
