//! Artifact contracts: which files each role produces and consumes, and the view a role gets of
//! them under a profile (Go `ArtifactContracts`, `RoleArtifactView`, resolution.md).
//!
//! Decides the static table and the required / forbidden / absent-upstream sets. Leaves checking
//! files on disk to the caller.

use std::collections::BTreeSet;

use crate::protocol::config::ProfileConfig;

/// Role → (produces, consumes), in the spec's order.
pub const ARTIFACT_CONTRACTS: [(&str, &[&str], &[&str]); 8] = [
    (
        "designer",
        &[
            "task-brief.md",
            "acceptance-criteria.md",
            "test-strategy.yaml",
        ],
        &[],
    ),
    (
        "design-reviewer",
        &["design-review-report.md"],
        &[
            "task-brief.md",
            "acceptance-criteria.md",
            "test-strategy.yaml",
        ],
    ),
    (
        "coder",
        &["coder-report.md"],
        &["task-brief.md", "review-report.md", "test-report.md"],
    ),
    (
        "reviewer",
        &["review-report.md"],
        &["coder-report.md", "task-brief.md"],
    ),
    (
        "tester",
        &["test-report.md", "final-report.md"],
        &[
            "acceptance-criteria.md",
            "test-strategy.yaml",
            "coder-report.md",
        ],
    ),
    (
        "deep-reviewer",
        &["deep-review-report.md"],
        &[
            "task-brief.md",
            "acceptance-criteria.md",
            "review-report.md",
            "test-report.md",
            "coder-report.md",
        ],
    ),
    ("fixer", &["fixer-report.md"], &["deep-review-report.md"]),
    (
        "acceptor",
        &["final-report.md", "retro-learnings.json"],
        &[
            "task-brief.md",
            "acceptance-criteria.md",
            "review-report.md",
            "test-report.md",
            "deep-review-report.md",
        ],
    ),
];

/// What a role produces and consumes, each sorted byte-wise and de-duplicated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoleContract {
    /// Files the role writes.
    pub produces: Vec<String>,
    /// Files the role reads.
    pub consumes: Vec<String>,
}

/// A role's view of the artifacts under a profile, each sorted and de-duplicated.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoleArtifactView {
    /// The role's own products.
    pub required: Vec<String>,
    /// Products of the other enabled roles that are not the role's own.
    pub forbidden: Vec<String>,
    /// Inputs of the role that no enabled role produces.
    pub absent_upstream: Vec<String>,
}

fn sorted(items: &[&str]) -> Vec<String> {
    items
        .iter()
        .map(|s| (*s).to_string())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

/// The contract of `role`; `None` for a role outside the table.
pub fn artifact_contract(role: &str) -> Option<RoleContract> {
    ARTIFACT_CONTRACTS
        .iter()
        .find(|(r, _, _)| *r == role)
        .map(|(_, produces, consumes)| RoleContract {
            produces: sorted(produces),
            consumes: sorted(consumes),
        })
}

/// The view of `role` under `profile` (whether the role itself is enabled does not matter); a
/// role outside the table gets three empty lists.
pub fn role_artifact_view(profile: &ProfileConfig, role: &str) -> RoleArtifactView {
    let Some(own) = artifact_contract(role) else {
        return RoleArtifactView::default();
    };
    let enabled = || {
        ARTIFACT_CONTRACTS
            .iter()
            .filter(|(r, _, _)| profile.enables_role(r))
    };
    let forbidden: BTreeSet<String> = enabled()
        .filter(|(r, _, _)| *r != role)
        .flat_map(|(_, produces, _)| produces.iter())
        .map(|f| (*f).to_string())
        .filter(|f| !own.produces.contains(f))
        .collect();
    let produced: BTreeSet<&str> = enabled()
        .flat_map(|(_, produces, _)| produces.iter().copied())
        .collect();
    let absent_upstream = own
        .consumes
        .iter()
        .filter(|f| !produced.contains(f.as_str()))
        .cloned()
        .collect();
    RoleArtifactView {
        required: own.produces,
        forbidden: forbidden.into_iter().collect(),
        absent_upstream,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contract_table_matches_the_spec() {
        let c = artifact_contract("acceptor").unwrap();
        assert_eq!(c.produces, ["final-report.md", "retro-learnings.json"]);
        assert_eq!(
            c.consumes,
            [
                "acceptance-criteria.md",
                "deep-review-report.md",
                "review-report.md",
                "task-brief.md",
                "test-report.md"
            ]
        );
        assert_eq!(
            artifact_contract("fixer").unwrap().consumes,
            ["deep-review-report.md"]
        );
        assert_eq!(artifact_contract("mini-coder"), None);
        let producers: Vec<_> = ARTIFACT_CONTRACTS
            .iter()
            .filter(|(_, p, _)| p.contains(&"final-report.md"))
            .map(|(r, _, _)| *r)
            .collect();
        assert_eq!(producers, ["tester", "acceptor"]);
    }

    #[test]
    fn a_shared_product_is_never_forbidden_to_its_producers() {
        let p = ProfileConfig::with_phases(&["coding", "testing", "accepting"]);
        assert!(!role_artifact_view(&p, "tester")
            .forbidden
            .contains(&"final-report.md".to_string()));
    }
}
