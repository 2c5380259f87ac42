//! Skill precedence (router.md): the seed's strict order of instruction sources, from the
//! explicit user prompt down to model heuristics.
//!
//! Only the ranking is decided here; the plan-vs-finding carve-out (`Plan governs` /
//! `Finding governs`) stays a question the host asks.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind, Result};

/// The class of an instruction source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SourceKind {
    /// The explicit user prompt (rank 1).
    ExplicitUserPrompt,
    /// Project `CLAUDE.md`, repo or user standards (rank 2).
    ProjectStandards,
    /// Approved plan and design docs (rank 3).
    ApprovedPlanDesign,
    /// Domain-specific external skills (rank 4).
    DomainExternalSkill,
    /// Internal CC10X skills (rank 5).
    InternalCc10xSkill,
    /// Model heuristics (rank 6).
    ModelHeuristic,
}

/// The table: kind, spelling, rank.
static RANKS: &[(SourceKind, &str, u8)] = &[
    (SourceKind::ExplicitUserPrompt, "explicit_user_prompt", 1),
    (SourceKind::ProjectStandards, "project_standards", 2),
    (SourceKind::ApprovedPlanDesign, "approved_plan_design", 3),
    (SourceKind::DomainExternalSkill, "domain_external_skill", 4),
    (SourceKind::InternalCc10xSkill, "internal_cc10x_skill", 5),
    (SourceKind::ModelHeuristic, "model_heuristic", 6),
];

impl SourceKind {
    fn row(self) -> &'static (SourceKind, &'static str, u8) {
        RANKS.iter().find(|r| r.0 == self).unwrap_or(&RANKS[0])
    }

    /// The spelling (`explicit_user_prompt`, ...).
    pub fn as_str(self) -> &'static str {
        self.row().1
    }

    /// The rank, 1 (strongest) to 6.
    pub fn rank(self) -> u8 {
        self.row().2
    }
}

impl fmt::Display for SourceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for SourceKind {
    type Err = UnknownSourceKind;

    fn from_str(s: &str) -> std::result::Result<Self, UnknownSourceKind> {
        RANKS
            .iter()
            .find(|r| r.1 == s)
            .map(|r| r.0)
            .ok_or(UnknownSourceKind)
    }
}

/// A string that is not one of the six source kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownSourceKind;

impl fmt::Display for UnknownSourceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a skill-precedence source kind")
    }
}

/// One instruction source.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The caller's name for it (unique within one call).
    pub id: String,
    /// Its class.
    pub kind: SourceKind,
}

/// Orders `sources` by rank, equal ranks in input order; the first is the winner. An empty list
/// or a repeated id is `invalid_value`.
pub fn skill_precedence(sources: &[Source]) -> Result<Vec<Source>> {
    if sources.is_empty() {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            "`sources` must list at least one source",
        )
        .with_field("sources"));
    }
    for (i, s) in sources.iter().enumerate() {
        if sources[..i].iter().any(|p| p.id == s.id) {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                format!("source id {:?} appears twice; ids must be unique", s.id),
            )
            .with_field(format!("sources[{i}].id")));
        }
    }
    let mut order = sources.to_vec();
    order.sort_by_key(|s| s.kind.rank());
    Ok(order)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(id: &str, kind: SourceKind) -> Source {
        Source {
            id: id.into(),
            kind,
        }
    }

    #[test]
    fn ranks_are_the_seed_order() {
        let ranks: Vec<u8> = RANKS.iter().map(|r| r.0.rank()).collect();
        assert_eq!(ranks, [1, 2, 3, 4, 5, 6]);
        for (k, w, _) in RANKS {
            assert_eq!(w.parse::<SourceKind>(), Ok(*k));
        }
    }

    #[test]
    fn project_standards_beat_internal_skills_and_ties_keep_input_order() {
        let order = skill_precedence(&[
            src("frontend-patterns", SourceKind::InternalCc10xSkill),
            src("b", SourceKind::ProjectStandards),
            src("a", SourceKind::ProjectStandards),
        ])
        .unwrap();
        let ids: Vec<&str> = order.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["b", "a", "frontend-patterns"]);
    }

    #[test]
    fn empty_lists_and_repeated_ids_are_refused() {
        assert!(skill_precedence(&[]).is_err());
        let e = skill_precedence(&[
            src("a", SourceKind::ModelHeuristic),
            src("a", SourceKind::ProjectStandards),
        ])
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidValue);
    }
}
