//! Pipeline profiles: the built-in table and which profile a feature runs with (Go
//! `DefaultProfiles`, `ResolveProfile`, resolution.md–5.2).
//!
//! Decides the lookup order (override, feature, `default_profile`, priority auto-select) and the
//! `coding` requirement. Leaves printing warnings to the caller (they come back as data).

use std::collections::BTreeMap;

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::config::{Config, ProfileConfig};
use crate::protocol::feature::Feature;

use super::quote;

/// The built-in profiles and their phases, as listed by the spec.
pub const DEFAULT_PROFILES: [(&str, &[&str]); 4] = [
    (
        "full",
        &[
            "designing",
            "design-reviewing",
            "coding",
            "reviewing",
            "deep-reviewing",
            "fixing",
            "testing",
            "accepting",
        ],
    ),
    ("lite", &["designing", "coding", "testing"]),
    ("normal", &["coding", "reviewing", "testing", "accepting"]),
    ("quick", &["coding", "reviewing"]),
];

/// The built-in profile `name`, if there is one.
pub fn builtin_profile(name: &str) -> Option<ProfileConfig> {
    DEFAULT_PROFILES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, phases)| ProfileConfig::with_phases(phases))
}

/// Every built-in profile by name.
pub fn default_profiles() -> BTreeMap<String, ProfileConfig> {
    DEFAULT_PROFILES
        .iter()
        .map(|(n, phases)| ((*n).to_string(), ProfileConfig::with_phases(phases)))
        .collect()
}

/// The profile a feature runs with.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedProfile {
    /// The profile's name.
    pub name: String,
    /// The profile, normalised.
    pub profile: ProfileConfig,
    /// Warnings (without Go's `warning: ` prefix).
    pub warnings: Vec<String>,
}

fn lookup(cfg: &Config, name: &str) -> Option<ProfileConfig> {
    cfg.profile(name).cloned().or_else(|| builtin_profile(name))
}

fn builtin_full() -> ProfileConfig {
    builtin_profile("full").unwrap_or_default()
}

/// Go `ResolveProfile(cfg, feature, override)`: override, then the feature's profile,
/// then `default_profile` (falling back to the built-in `full` with a warning), then the
/// built-in `full` when no profiles are configured, else auto-select by priority.
///
/// Errors: `unknown_profile` for an unknown override or feature profile,
/// `missing_coding_phase` when the chosen profile does not enable `coding`.
pub fn resolve_profile(
    cfg: &Config,
    feature: &Feature,
    override_name: &str,
) -> Result<ResolvedProfile> {
    let mut warnings = Vec::new();
    let (name, profile) = if !override_name.is_empty() {
        let p = lookup(cfg, override_name).ok_or_else(|| {
            Error::new(
                ErrorKind::UnknownProfile,
                format!("unknown profile {}", quote(override_name)),
            )
            .with_field("override")
        })?;
        (override_name.to_string(), p)
    } else if !feature.profile.is_empty() {
        let p = lookup(cfg, &feature.profile).ok_or_else(|| {
            Error::new(
                ErrorKind::UnknownProfile,
                format!(
                    "unknown profile {} in feature {}",
                    quote(&feature.profile),
                    feature.id
                ),
            )
            .with_field("feature.profile")
        })?;
        (feature.profile.clone(), p)
    } else if !cfg.default_profile.is_empty() {
        match lookup(cfg, &cfg.default_profile) {
            Some(p) => (cfg.default_profile.clone(), p),
            None => {
                warnings.push(format!(
                    "default_profile {} not found, falling back to full",
                    quote(&cfg.default_profile)
                ));
                ("full".to_string(), builtin_full())
            }
        }
    } else if cfg.profiles.as_ref().is_none_or(BTreeMap::is_empty) {
        ("full".to_string(), builtin_full())
    } else {
        let name = match feature.priority {
            Some(p) if p >= 3 => "quick",
            Some(2) => "normal",
            _ => "full",
        };
        match lookup(cfg, name) {
            Some(p) => (name.to_string(), p),
            None => {
                warnings.push(format!(
                    "profile {} not found, falling back to full",
                    quote(name)
                ));
                ("full".to_string(), builtin_full())
            }
        }
    };
    let profile = profile.normalized();
    if !profile.has_phase("coding") {
        return Err(Error::new(
            ErrorKind::MissingCodingPhase,
            format!(
                "profile {} is missing required phase \"coding\"",
                quote(&name)
            ),
        ));
    }
    Ok(ResolvedProfile {
        name,
        profile,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::config::encode;
    use serde_json::json;

    #[test]
    fn builtin_profiles_match_the_spec_lists() {
        let v = encode(&default_profiles()).unwrap();
        assert_eq!(
            v["quick"],
            json!({"phases": [{"phase": "coding"}, {"phase": "reviewing"}]})
        );
        assert_eq!(
            v["lite"],
            json!({"phases": [{"phase": "designing"}, {"phase": "coding"}, {"phase": "testing"}]})
        );
        assert_eq!(
            v["normal"],
            json!({"phases": [{"phase": "coding"}, {"phase": "reviewing"}, {"phase": "testing"}, {"phase": "accepting"}]})
        );
        let full: Vec<_> = default_profiles()["full"]
            .phase_specs()
            .iter()
            .map(|s| s.phase.clone())
            .collect();
        assert_eq!(
            full,
            [
                "designing",
                "design-reviewing",
                "coding",
                "reviewing",
                "deep-reviewing",
                "fixing",
                "testing",
                "accepting"
            ]
        );
    }

    #[test]
    fn missing_default_profile_falls_back_to_builtin_full_not_a_config_full() {
        let mut cfg = Config {
            default_profile: "ghost".into(),
            ..Config::default()
        };
        cfg.profiles = Some(BTreeMap::from([(
            "full".to_string(),
            ProfileConfig::with_phases(&["coding"]),
        )]));
        let r = resolve_profile(&cfg, &Feature::default(), "").unwrap();
        assert_eq!(r.name, "full");
        assert_eq!(r.profile.phase_specs().len(), 8);
        assert_eq!(r.warnings.len(), 1);
    }
}
