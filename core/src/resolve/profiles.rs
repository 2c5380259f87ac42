//! Pipeline profiles: the built-in table and which profile a feature runs with (Go
//! `DefaultProfiles`, `ResolveProfile`, resolution.md).
//!
//! Decides the lookup order (override, feature, `default_profile`, priority auto-select) and the
//! `coding` requirement. Leaves printing warnings to the caller (they come back as data).

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::sync::OnceLock;

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
    builtin_profile_ref(name).cloned()
}

/// The built-in profiles of [`DEFAULT_PROFILES`], built once (in table order) and shared:
/// resolving a built-in profile on every conductor call borrows one instead of rebuilding it.
fn builtins() -> &'static [ProfileConfig] {
    static BUILT: OnceLock<Vec<ProfileConfig>> = OnceLock::new();
    BUILT.get_or_init(|| {
        DEFAULT_PROFILES
            .iter()
            .map(|(_, phases)| ProfileConfig::with_phases(phases))
            .collect()
    })
}

/// The built-in profile `name`, borrowed from the table built once.
pub fn builtin_profile_ref(name: &str) -> Option<&'static ProfileConfig> {
    let i = DEFAULT_PROFILES.iter().position(|(n, _)| *n == name)?;
    builtins().get(i)
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

/// [`ResolvedProfile`] borrowing from its inputs where it can: the name from the override,
/// the feature or the config, the profile from the config or the built-in table (a copy only
/// when the legacy normalisation changes it).
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedProfileRef<'a> {
    /// The profile's name.
    pub name: Cow<'a, str>,
    /// The profile, normalised.
    pub profile: Cow<'a, ProfileConfig>,
    /// Warnings (without Go's `warning: ` prefix).
    pub warnings: Vec<String>,
}

impl ResolvedProfileRef<'_> {
    /// The owned form.
    pub fn into_owned(self) -> ResolvedProfile {
        ResolvedProfile {
            name: self.name.into_owned(),
            profile: self.profile.into_owned(),
            warnings: self.warnings,
        }
    }
}

fn lookup<'a>(cfg: &'a Config, name: &str) -> Option<&'a ProfileConfig> {
    cfg.profile(name).or_else(|| builtin_profile_ref(name))
}

fn builtin_full() -> &'static ProfileConfig {
    static EMPTY: OnceLock<ProfileConfig> = OnceLock::new();
    builtin_profile_ref("full").unwrap_or_else(|| EMPTY.get_or_init(ProfileConfig::default))
}

/// `p` normalised ([`ProfileConfig::normalize`]), borrowed when the normalisation leaves it as
/// it is (it has phase entries, or no legacy roles).
fn normalized(p: &ProfileConfig) -> Cow<'_, ProfileConfig> {
    if !p.phase_specs().is_empty() || p.roles.as_ref().is_none_or(Vec::is_empty) {
        Cow::Borrowed(p)
    } else {
        Cow::Owned(p.normalized())
    }
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
    resolve_profile_ref(cfg, feature, override_name).map(ResolvedProfileRef::into_owned)
}

/// [`resolve_profile`] without copies: the same rules and errors, the name and profile borrowed
/// from the inputs or the built-in table.
///
/// ```
/// use fourx_core::protocol::config::Config;
/// use fourx_core::protocol::feature::Feature;
/// use fourx_core::resolve::profiles::{resolve_profile, resolve_profile_ref};
///
/// let (cfg, feature) = (Config::default(), Feature::default());
/// let r = resolve_profile_ref(&cfg, &feature, "quick").unwrap();
/// assert_eq!(r.name, "quick");
/// assert_eq!(r.into_owned(), resolve_profile(&cfg, &feature, "quick").unwrap());
/// ```
pub fn resolve_profile_ref<'a>(
    cfg: &'a Config,
    feature: &'a Feature,
    override_name: &'a str,
) -> Result<ResolvedProfileRef<'a>> {
    let mut warnings = Vec::new();
    let (name, profile): (Cow<'a, str>, &'a ProfileConfig) = if !override_name.is_empty() {
        let p = lookup(cfg, override_name).ok_or_else(|| {
            Error::new(
                ErrorKind::UnknownProfile,
                format!("unknown profile {}", quote(override_name)),
            )
            .with_field("override")
        })?;
        (Cow::Borrowed(override_name), p)
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
        (Cow::Borrowed(feature.profile.as_str()), p)
    } else if !cfg.default_profile.is_empty() {
        match lookup(cfg, &cfg.default_profile) {
            Some(p) => (Cow::Borrowed(cfg.default_profile.as_str()), p),
            None => {
                warnings.push(format!(
                    "default_profile {} not found, falling back to full",
                    quote(&cfg.default_profile)
                ));
                (Cow::Borrowed("full"), builtin_full())
            }
        }
    } else if cfg.profiles.as_ref().is_none_or(BTreeMap::is_empty) {
        (Cow::Borrowed("full"), builtin_full())
    } else {
        let name = match feature.priority {
            Some(p) if p >= 3 => "quick",
            Some(2) => "normal",
            _ => "full",
        };
        match lookup(cfg, name) {
            Some(p) => (Cow::Borrowed(name), p),
            None => {
                warnings.push(format!(
                    "profile {} not found, falling back to full",
                    quote(name)
                ));
                (Cow::Borrowed("full"), builtin_full())
            }
        }
    };
    let profile = normalized(profile);
    if !profile.has_phase("coding") {
        return Err(Error::new(
            ErrorKind::MissingCodingPhase,
            format!(
                "profile {} is missing required phase \"coding\"",
                quote(&name)
            ),
        ));
    }
    Ok(ResolvedProfileRef {
        name,
        profile,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::config::encode;
    use proptest::prelude::*;
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

    /// The straightforward resolution the borrowing one replaced: every lookup clones the
    /// config's profile or rebuilds the built-in one from its table, then normalises the copy.
    fn reference(cfg: &Config, feature: &Feature, over: &str) -> Result<ResolvedProfile> {
        let look = |n: &str| {
            cfg.profile(n).cloned().or_else(|| {
                DEFAULT_PROFILES
                    .iter()
                    .find(|(t, _)| *t == n)
                    .map(|(_, ph)| ProfileConfig::with_phases(ph))
            })
        };
        let full = || ProfileConfig::with_phases(DEFAULT_PROFILES[0].1);
        let mut warnings = Vec::new();
        let (name, profile) = if !over.is_empty() {
            let p = look(over).ok_or_else(|| {
                Error::new(
                    ErrorKind::UnknownProfile,
                    format!("unknown profile {}", quote(over)),
                )
                .with_field("override")
            })?;
            (over.to_string(), p)
        } else if !feature.profile.is_empty() {
            let p = look(&feature.profile).ok_or_else(|| {
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
            match look(&cfg.default_profile) {
                Some(p) => (cfg.default_profile.clone(), p),
                None => {
                    warnings.push(format!(
                        "default_profile {} not found, falling back to full",
                        quote(&cfg.default_profile)
                    ));
                    ("full".to_string(), full())
                }
            }
        } else if cfg.profiles.as_ref().is_none_or(BTreeMap::is_empty) {
            ("full".to_string(), full())
        } else {
            let name = match feature.priority {
                Some(p) if p >= 3 => "quick",
                Some(2) => "normal",
                _ => "full",
            };
            match look(name) {
                Some(p) => (name.to_string(), p),
                None => {
                    warnings.push(format!(
                        "profile {} not found, falling back to full",
                        quote(name)
                    ));
                    ("full".to_string(), full())
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

    #[test]
    fn the_built_in_profiles_built_once_equal_their_table() {
        for (name, phases) in DEFAULT_PROFILES {
            assert_eq!(
                builtin_profile_ref(name),
                Some(&ProfileConfig::with_phases(phases))
            );
        }
        assert_eq!(builtin_profile_ref("ghost"), None);
        assert_eq!(DEFAULT_PROFILES[0].0, "full");
    }

    const NAMES: [&str; 7] = ["", "full", "lite", "normal", "quick", "custom", "ghost"];
    const PHASES: [&str; 5] = ["designing", "coding", "reviewing", "testing", "bogus"];
    const ROLES: [&str; 5] = ["designer", "coder", "reviewer", "tester", "nobody"];

    fn profile_strategy() -> impl Strategy<Value = ProfileConfig> {
        (
            proptest::option::of(proptest::collection::vec(0..PHASES.len(), 0..4)),
            proptest::option::of(proptest::collection::vec(0..ROLES.len(), 0..4)),
            any::<bool>(),
        )
            .prop_map(|(phases, roles, model)| ProfileConfig {
                phases: phases.map(|v| {
                    v.into_iter()
                        .map(|i| crate::protocol::config::PhaseSpec {
                            phase: PHASES[i].to_string(),
                            ..Default::default()
                        })
                        .collect()
                }),
                roles: roles.map(|v| v.into_iter().map(|i| ROLES[i].to_string()).collect()),
                coder_model: if model { "m".into() } else { String::new() },
            })
    }

    proptest! {
        /// The borrowing resolution (the built-in table built once, config profiles borrowed,
        /// copied only when the legacy normalisation changes them) gives exactly what the
        /// cloning one gave, errors included, on generated configs and features.
        #[test]
        fn resolving_by_borrowing_equals_the_cloning_reference(
            profiles in proptest::option::of(proptest::collection::btree_map(
                (0..NAMES.len()).prop_map(|i| NAMES[i].to_string()), profile_strategy(), 0..4)),
            default_profile in 0..NAMES.len(),
            feature_profile in 0..NAMES.len(),
            priority in proptest::option::of(0i64..5),
            over in 0..NAMES.len(),
        ) {
            let cfg = Config {
                profiles,
                default_profile: NAMES[default_profile].into(),
                ..Config::default()
            };
            let feature = Feature {
                id: "F001-x".into(),
                profile: NAMES[feature_profile].into(),
                priority,
                ..Feature::default()
            };
            let fast = resolve_profile_ref(&cfg, &feature, NAMES[over]).map(ResolvedProfileRef::into_owned);
            prop_assert_eq!(fast, reference(&cfg, &feature, NAMES[over]));
        }
    }
}
