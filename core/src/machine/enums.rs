//! `enums.list` (state-machine.md): the named value lists a harness can enumerate.
//!
//! Each kind maps to one table defined elsewhere (protocol vocabularies, machine tables); this
//! module only names them.

use crate::error::{Error, ErrorKind, Result};
use crate::machine::roles::SELECTABLE_PHASES;
use crate::machine::table::{RECOVERABLE_PHASES, TERMINAL_PHASES, UNIVERSAL_TARGETS};
use crate::protocol::state::{EventType, FeatureStatus, NotifyLevel, Phase, Role, SubPhase, Vocab};

/// The kinds `enums.list` knows, in documentation order.
pub const ENUM_KINDS: &[&str] = &[
    "phases",
    "selectable_phases",
    "roles",
    "configurable_roles",
    "sub_phases",
    "event_types",
    "notify_levels",
    "terminal_phases",
    "universal_targets",
    "recoverable_phases",
    "feature_statuses",
    "tiers",
];

fn strs<T: Vocab>(v: &[T]) -> Vec<&'static str> {
    v.iter().map(|x| x.as_str()).collect()
}

/// The values of enum `kind`; an unknown kind is `unknown_kind`.
pub fn enum_values(kind: &str) -> Result<Vec<&'static str>> {
    Ok(match kind {
        "phases" => strs(Phase::ALL),
        "selectable_phases" => strs(SELECTABLE_PHASES),
        "roles" => strs(Role::PIPELINE),
        "configurable_roles" => strs(Role::CONFIGURABLE),
        "sub_phases" => strs(SubPhase::ALL),
        "event_types" => strs(EventType::ALL),
        "notify_levels" => strs(NotifyLevel::ALL),
        "terminal_phases" => strs(TERMINAL_PHASES),
        "universal_targets" => strs(UNIVERSAL_TARGETS),
        "recoverable_phases" => strs(RECOVERABLE_PHASES),
        "feature_statuses" => strs(FeatureStatus::ALL),
        "tiers" => crate::resolve::models::TIERS.to_vec(),
        _ => {
            return Err(Error::new(
                ErrorKind::UnknownKind,
                format!(
                    "unknown enum kind {kind:?}; known kinds: {}",
                    ENUM_KINDS.join(", ")
                ),
            )
            .with_field("kind"))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiers_list_the_default_deep_tier_opus_then_the_default_tier() {
        assert_eq!(enum_values("tiers").unwrap(), ["opus", "sonnet"]);
    }

    #[test]
    fn feature_statuses_are_the_eight_of_features_spec_section_2() {
        assert_eq!(
            enum_values("feature_statuses").unwrap(),
            [
                "not-started",
                "in-progress",
                "done",
                "abandoned",
                "blocked",
                "needs-attention",
                "ready-for-review",
                "draft"
            ]
        );
    }

    #[test]
    fn every_documented_kind_lists_values() {
        for k in ENUM_KINDS {
            assert!(!enum_values(k).unwrap().is_empty(), "{k}");
        }
        assert_eq!(
            enum_values("Phases").unwrap_err().kind,
            ErrorKind::UnknownKind
        );
    }
}
