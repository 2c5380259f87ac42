//! Skill precedence (router.md): the seed's strict order of instruction sources, from the
//! explicit user prompt down to model heuristics.
//!
//! Only the ranking is decided here; the plan-vs-finding carve-out (`Plan governs` /
//! `Finding governs`) stays a question the host asks.

use std::fmt;

use crate::error::{Error, ErrorKind, Result};

crate::words::string_enum! {
    /// The class of an instruction source, strongest first: the precedence table, whose order is the
    /// rank.
    pub enum SourceKind("source kind", UnknownSourceKind, UnknownSourceKind::of) {
        /// The explicit user prompt (rank 1).
        ExplicitUserPrompt = "explicit_user_prompt",
        /// Project `CLAUDE.md`, repo or user standards (rank 2).
        ProjectStandards = "project_standards",
        /// Approved plan and design docs (rank 3).
        ApprovedPlanDesign = "approved_plan_design",
        /// Domain-specific external skills (rank 4).
        DomainExternalSkill = "domain_external_skill",
        /// Internal CC10X skills (rank 5).
        InternalCc10xSkill = "internal_cc10x_skill",
        /// Model heuristics (rank 6).
        ModelHeuristic = "model_heuristic",
    }
}

impl SourceKind {
    /// The rank, 1 (strongest) to 6: the kind's place in [`SourceKind::ALL`].
    pub fn rank(self) -> u8 {
        let i = SourceKind::ALL.iter().position(|k| *k == self).unwrap_or(0);
        u8::try_from(i + 1).unwrap_or(u8::MAX)
    }
}

/// A string that is not one of the six source kinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownSourceKind;

impl UnknownSourceKind {
    /// The `make_err` of the [`SourceKind`] table.
    fn of(_what: &str, _word: &str) -> UnknownSourceKind {
        UnknownSourceKind
    }
}

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
        let ranked: Vec<(&str, u8)> = SourceKind::ALL
            .iter()
            .map(|k| (k.as_str(), k.rank()))
            .collect();
        assert_eq!(
            ranked,
            [
                ("explicit_user_prompt", 1),
                ("project_standards", 2),
                ("approved_plan_design", 3),
                ("domain_external_skill", 4),
                ("internal_cc10x_skill", 5),
                ("model_heuristic", 6),
            ]
        );
        for k in SourceKind::ALL {
            assert_eq!(k.as_str().parse::<SourceKind>(), Ok(*k));
        }
        assert_eq!(
            "Model_Heuristic".parse::<SourceKind>(),
            Err(UnknownSourceKind)
        );
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
