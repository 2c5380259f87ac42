//! Model tiers: which model a runner uses for a tier, a role, a deep review, the mini-coder and
//! a pipeline phase (Go `ResolveTierModel`, `ResolveModel`, `ResolveDeepModel`,
//! `ResolveMiniCoderModel`, `ResolvePhaseModel`, resolution.md).
//!
//! Decides the layer order and that a tier is never passed through as a model name. Leaves
//! choosing the runner to [`super::pipeline`].

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::config::{Config, ProfileConfig};
use crate::protocol::feature::Feature;

use super::quote;

/// The tier used when no layer names one (Go `defaultTier`).
pub const DEFAULT_TIER: &str = "sonnet";

/// The tier of a deep review when the reviewer sets no `deep_model` (Go `DefaultDeepTier`).
pub const DEFAULT_DEEP_TIER: &str = "opus";

/// The seed's tier names: the default deep tier first, then the default tier (the keys of a
/// preset's `tiers`).
pub const TIERS: &[&str] = &[DEFAULT_DEEP_TIER, DEFAULT_TIER];

/// The model of `tier` for `runner`: `runners[runner].tiers[tier]`, else
/// `model_tiers[tier][runner]` (an existing key with an empty value gives `""`). No aliases.
///
/// Errors: `unresolvable_tier` when neither key exists.
pub fn resolve_tier_model(cfg: &Config, runner: &str, tier: &str) -> Result<String> {
    if let Some(m) = cfg
        .runner_map()
        .get(runner)
        .and_then(|r| r.tiers.as_ref())
        .and_then(|t| t.get(tier))
    {
        return Ok(m.clone());
    }
    if let Some(m) = cfg
        .model_tiers
        .as_ref()
        .and_then(|t| t.get(tier))
        .and_then(|m| m.as_ref())
        .and_then(|m| m.get(runner))
    {
        return Ok(m.clone());
    }
    Err(Error::new(
        ErrorKind::UnresolvableTier,
        format!(
            "runner {} has no model for tier {}",
            quote(runner),
            quote(tier)
        ),
    ))
}

/// The model of `role` on `runner`: the tier is `roles[role].model`, else
/// `runners[runner].model`, else [`DEFAULT_TIER`]; then [`resolve_tier_model`].
pub fn resolve_model(cfg: &Config, runner: &str, role: &str) -> Result<String> {
    let tier = cfg
        .role(role)
        .map(|r| r.model.as_str())
        .filter(|m| !m.is_empty())
        .or_else(|| {
            cfg.runner_map()
                .get(runner)
                .map(|r| r.model.as_str())
                .filter(|m| !m.is_empty())
        })
        .unwrap_or(DEFAULT_TIER);
    resolve_tier_model(cfg, runner, tier)
}

/// The deep model of `role`: `""` without error when the role sets no `deep_model` (the caller
/// applies [`DEFAULT_DEEP_TIER`]); otherwise that tier, resolved.
pub fn resolve_deep_model(cfg: &Config, runner: &str, role: &str) -> Result<String> {
    match cfg.role(role).map(|r| r.deep_model.as_str()) {
        Some(tier) if !tier.is_empty() => resolve_tier_model(cfg, runner, tier),
        _ => Ok(String::new()),
    }
}

/// The mini-coder's model: `roles["mini-coder"].model` resolved as a tier when set (errors are
/// returned), else `fallback_model` unchanged.
pub fn resolve_mini_coder_model(
    cfg: &Config,
    runner: &str,
    fallback_model: &str,
) -> Result<String> {
    match cfg.role("mini-coder").map(|r| r.model.as_str()) {
        Some(tier) if !tier.is_empty() => resolve_tier_model(cfg, runner, tier),
        _ => Ok(fallback_model.to_string()),
    }
}

/// The model of a pipeline phase: the first non-empty tier of `manual`, the feature's
/// `phaseOverrides[phase].model`, and the model of the profile's first entry for `phase`,
/// resolved; else [`resolve_model`] for `role`. The runner is not checked.
pub fn resolve_phase_model(
    cfg: &Config,
    feature: &Feature,
    profile: &ProfileConfig,
    phase: &str,
    role: &str,
    runner: &str,
    manual: &str,
) -> Result<String> {
    let tier = [
        manual,
        feature
            .phase_override(phase)
            .map_or("", |o| o.model.as_str()),
        profile.spec_for(phase).map_or("", |s| s.model.as_str()),
    ]
    .into_iter()
    .find(|t| !t.is_empty());
    match tier {
        Some(t) => resolve_tier_model(cfg, runner, t),
        None => resolve_model(cfg, runner, role),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::config::decode;
    use serde_json::json;

    #[test]
    fn an_existing_empty_tier_value_is_a_model_and_tiers_are_not_aliased() {
        let cfg: Config = decode(
            &json!({"runners": {"r": {"command": "r", "tiers": {"opus": ""}}}, "model_tiers": {"strong": {"r": "x"}}}),
            "config",
        )
        .unwrap();
        assert_eq!(resolve_tier_model(&cfg, "r", "opus").unwrap(), "");
        assert_eq!(
            resolve_tier_model(&cfg, "r", "sonnet").unwrap_err().kind,
            ErrorKind::UnresolvableTier
        );
        assert!(resolve_tier_model(&cfg, "r", "strong").is_ok());
        assert!(resolve_tier_model(&Config::default(), "r", "opus").is_err());
    }

    #[test]
    fn only_the_first_profile_entry_of_a_phase_is_read() {
        let cfg: Config = decode(
            &json!({"runners": {"r": {"command": "r", "tiers": {"opus": "O", "sonnet": "S"}}}}),
            "config",
        )
        .unwrap();
        let profile: ProfileConfig = decode(
            &json!({"phases": [{"phase": "coding"}, {"phase": "coding", "model": "opus"}]}),
            "profile",
        )
        .unwrap();
        let m = resolve_phase_model(
            &cfg,
            &Feature::default(),
            &profile,
            "coding",
            "coder",
            "r",
            "",
        )
        .unwrap();
        assert_eq!(m, "S");
    }
}
