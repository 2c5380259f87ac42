//! The pipeline: which runner each phase uses, per-run overrides, and the resolved phase list
//! of a feature (Go `ResolvePhaseRunner`, `EffectiveManual`, `ResolvePipeline`, resolution.md
//!–7).
//!
//! Decides the precedence per-run override > `--runner` > feature > profile > roles/runner model
//! > defaults, and the deep-review model rule. Leaves running the phases to the caller.

use std::collections::BTreeMap;

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::config::{Config, PhaseSpec, ProfileConfig, ROLE_PHASES, SELECTABLE_PHASES};
use crate::protocol::feature::Feature;
use crate::protocol::state::{Phase, Role};

use super::models::{
    resolve_deep_model, resolve_phase_model, resolve_tier_model, DEFAULT_DEEP_TIER,
};
use super::profiles::resolve_profile;
use super::quote;

/// One resolved phase of a pipeline (Go `ResolvedPhase`): a selectable phase, the role that
/// runs it, and the runner and model it runs with. Serialises as the seed's
/// `{"phase", "role", "runner", "model"}` object.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ResolvedPhase {
    /// The phase.
    pub phase: Phase,
    /// The role that runs it.
    pub role: Role,
    /// Runner name.
    pub runner: String,
    /// Model name (may be `""` for deep-reviewing when no tier resolves).
    pub model: String,
}

/// What [`resolve_pipeline`] resolves for: every field is optional and `None` means "not
/// given" (no feature overrides, the profile chosen by the feature or the config's default,
/// no `--runner`, no per-run overrides).
#[derive(Debug, Clone, Copy, Default)]
pub struct PipelineOptions<'a> {
    /// The feature whose `profile` and `phaseOverrides` apply.
    pub feature: Option<&'a Feature>,
    /// A profile name that overrides the feature's and the config's.
    pub profile: Option<&'a str>,
    /// The run's `--runner`.
    pub manual_runner: Option<&'a str>,
    /// Per-run phase overrides of runner and model.
    pub run_overrides: Option<&'a RunOverrides>,
}

/// Per-run overrides: phase → its runner/model override.
pub type RunOverrides = BTreeMap<String, PhaseSpec>;

/// The runner of `phase`: the first non-empty of `manual`, the feature's
/// `phaseOverrides[phase].runner`, the runner of the profile's first entry for `phase`,
/// `roles[PhaseRole(phase)].runner` (4x ≥ 0.5.0) and
/// `default_runner`.
///
/// Errors: `unresolved_runner` when all are empty; `unknown_runner` when the name is not a key
/// of `runners` (a bad manual runner fails at once).
pub fn resolve_phase_runner(
    cfg: &Config,
    feature: &Feature,
    profile: &ProfileConfig,
    phase: &str,
    manual: &str,
) -> Result<String> {
    let name = [
        manual,
        feature
            .phase_override(phase)
            .map_or("", |o| o.runner.as_str()),
        profile.spec_for(phase).map_or("", |s| s.runner.as_str()),
        cfg.roles
            .as_ref()
            .and_then(|r| r.get(crate::protocol::config::phase_role(phase)))
            .map_or("", |r| r.runner.as_str()),
        cfg.default_runner.as_str(),
    ]
    .into_iter()
    .find(|r| !r.is_empty())
    .ok_or_else(|| {
        Error::new(
            ErrorKind::UnresolvedRunner,
            format!(
                "no runner resolved for phase {} (no --runner, feature override, profile, or default_runner)",
                quote(phase)
            ),
        )
    })?;
    if !cfg.runner_map().contains_key(name) {
        return Err(Error::new(
            ErrorKind::UnknownRunner,
            format!(
                "runner {} for phase {} not found in runners",
                quote(name),
                quote(phase)
            ),
        ));
    }
    Ok(name.to_string())
}

/// The manual runner and model tier of `phase` after per-run overrides: the override's runner
/// when set, else `manual_runner`; the override's model when set, else `""`.
pub fn effective_manual(
    run_overrides: &RunOverrides,
    phase: &str,
    manual_runner: &str,
) -> (String, String) {
    let o = run_overrides.get(phase);
    let runner = o
        .map(|o| o.runner.as_str())
        .filter(|r| !r.is_empty())
        .unwrap_or(manual_runner);
    let model = o.map_or("", |o| o.model.as_str());
    (runner.to_string(), model.to_string())
}

/// The runner and model of one phase of an already resolved profile, as the pipeline computes
/// it (deep-reviewing reads the reviewer's `deep_model`, then the `opus` tier, and ignores the
/// manual model).
///
/// Errors: `invalid_input` when `phase` is not selectable (it has no role), and the runner and
/// model errors of [`resolve_phase_runner`] and [`resolve_phase_model`].
pub fn resolve_pipeline_phase(
    cfg: &Config,
    feature: &Feature,
    profile: &ProfileConfig,
    phase: Phase,
    runner_manual: &str,
    model_manual: &str,
) -> Result<ResolvedPhase> {
    let role = ROLE_PHASES
        .iter()
        .find(|(_, p)| *p == phase)
        .map(|(r, _)| *r)
        .ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidInput,
                format!("phase {phase} is not a pipeline phase (it has no role)"),
            )
            .with_field("phase")
        })?;
    let name = phase.as_str();
    let runner = resolve_phase_runner(cfg, feature, profile, name, runner_manual)?;
    let model = if phase == Phase::DeepReviewing {
        let m = resolve_deep_model(cfg, &runner, "reviewer")?;
        if m.is_empty() {
            resolve_tier_model(cfg, &runner, DEFAULT_DEEP_TIER).unwrap_or_default()
        } else {
            m
        }
    } else {
        resolve_phase_model(
            cfg,
            feature,
            profile,
            name,
            role.as_str(),
            &runner,
            model_manual,
        )?
    };
    Ok(ResolvedPhase {
        phase,
        role,
        runner,
        model,
    })
}

/// Go `ResolvePipeline`: the profile (as [`resolve_profile`]), then each selectable phase it
/// enables, in canonical order, with its role, runner and model. The first error aborts.
///
/// ```
/// use fourx_core::protocol::config::Config;
/// use fourx_core::protocol::state::{Phase, Role};
/// use fourx_core::resolve::{resolve_pipeline, PipelineOptions};
///
/// let cfg = Config::from_json(&serde_json::json!({
///     "default_runner": "claude",
///     "runners": {"claude": {"command": "claude", "tiers": {"sonnet": "claude-sonnet"}}},
/// }))?;
/// let phases = resolve_pipeline(&cfg, &PipelineOptions { profile: Some("quick"), ..Default::default() })?;
/// assert_eq!(phases[0].phase, Phase::Coding);
/// assert_eq!(phases[0].role, Role::Coder);
/// assert!(phases.iter().all(|p| p.runner == "claude"));
/// # Ok::<(), fourx_core::Error>(())
/// ```
pub fn resolve_pipeline(cfg: &Config, options: &PipelineOptions<'_>) -> Result<Vec<ResolvedPhase>> {
    let no_feature = Feature::default();
    let no_overrides = RunOverrides::new();
    let feature = options.feature.unwrap_or(&no_feature);
    let overrides = options.run_overrides.unwrap_or(&no_overrides);
    let manual_runner = options.manual_runner.unwrap_or("");
    let resolved = resolve_profile(cfg, feature, options.profile.unwrap_or(""))?;
    SELECTABLE_PHASES
        .iter()
        .filter(|p| resolved.profile.has_phase(p.as_str()))
        .map(|&phase| {
            let (rm, mm) = effective_manual(overrides, phase.as_str(), manual_runner);
            resolve_pipeline_phase(cfg, feature, &resolved.profile, phase, &rm, &mm)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::config::decode;
    use serde_json::json;

    #[test]
    fn a_bad_manual_runner_fails_without_trying_lower_layers() {
        let cfg: Config = decode(
            &json!({"default_runner": "a", "runners": {"a": {"command": "a"}}}),
            "config",
        )
        .unwrap();
        let e = resolve_phase_runner(
            &cfg,
            &Feature::default(),
            &ProfileConfig::default(),
            "coding",
            "zz",
        )
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::UnknownRunner);
    }

    #[test]
    fn deep_review_ignores_the_manual_model_and_falls_back_to_opus_quietly() {
        let cfg: Config = decode(
            &json!({"default_runner": "a", "runners": {"a": {"command": "a", "tiers": {"sonnet": "S"}}}}),
            "config",
        )
        .unwrap();
        let p = ProfileConfig::with_phases(&["coding", "deep-reviewing"]);
        let r = resolve_pipeline_phase(
            &cfg,
            &Feature::default(),
            &p,
            Phase::DeepReviewing,
            "",
            "sonnet",
        )
        .unwrap();
        assert_eq!((r.role, r.model.as_str()), (Role::DeepReviewer, ""));
    }
}
