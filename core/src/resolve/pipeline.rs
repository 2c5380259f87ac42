//! The pipeline: which runner each phase uses, per-run overrides, and the resolved phase list
//! of a feature (Go `ResolvePhaseRunner`, `EffectiveManual`, `ResolvePipeline`, resolution.md
//! §6–7).
//!
//! Decides the precedence per-run override > `--runner` > feature > profile > roles/runner model
//! > defaults, and the deep-review model rule. Leaves running the phases to the caller.

use std::collections::BTreeMap;

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::gostruct::go_struct;
use crate::protocol::config::{phase_role, Config, PhaseSpec, ProfileConfig, SELECTABLE_PHASES};
use crate::protocol::feature::Feature;

use super::models::{
    resolve_deep_model, resolve_phase_model, resolve_tier_model, DEFAULT_DEEP_TIER,
};
use super::profiles::resolve_profile;
use super::quote;

go_struct! {
    /// One resolved phase of a pipeline (Go `ResolvedPhase`).
    pub struct ResolvedPhase {
        /// Phase name.
        phase: String => "phase";
        /// Role that runs it.
        role: String => "role";
        /// Runner name.
        runner: String => "runner";
        /// Model name (may be `""` for deep-reviewing).
        model: String => "model";
    }
}

/// Per-run overrides: phase → its runner/model override.
pub type RunOverrides = BTreeMap<String, PhaseSpec>;

/// The runner of `phase`: the first non-empty of `manual`, the feature's
/// `phaseOverrides[phase].runner`, the runner of the profile's first entry for `phase`, and
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
pub fn resolve_pipeline_phase(
    cfg: &Config,
    feature: &Feature,
    profile: &ProfileConfig,
    phase: &str,
    runner_manual: &str,
    model_manual: &str,
) -> Result<ResolvedPhase> {
    let role = phase_role(phase);
    let runner = resolve_phase_runner(cfg, feature, profile, phase, runner_manual)?;
    let model = if phase == "deep-reviewing" {
        let m = resolve_deep_model(cfg, &runner, "reviewer")?;
        if m.is_empty() {
            resolve_tier_model(cfg, &runner, DEFAULT_DEEP_TIER).unwrap_or_default()
        } else {
            m
        }
    } else {
        resolve_phase_model(cfg, feature, profile, phase, role, &runner, model_manual)?
    };
    Ok(ResolvedPhase {
        phase: phase.to_string(),
        role: role.to_string(),
        runner,
        model,
    })
}

/// Go `ResolvePipeline`: the profile (as [`resolve_profile`]), then each selectable phase it
/// enables, in canonical order, with its role, runner and model. The first error aborts.
pub fn resolve_pipeline(
    cfg: &Config,
    feature: &Feature,
    profile_name: &str,
    manual_runner: &str,
    run_overrides: &RunOverrides,
) -> Result<Vec<ResolvedPhase>> {
    let resolved = resolve_profile(cfg, feature, profile_name)?;
    SELECTABLE_PHASES
        .iter()
        .map(|p| p.as_str())
        .filter(|p| resolved.profile.has_phase(p))
        .map(|phase| {
            let (rm, mm) = effective_manual(run_overrides, phase, manual_runner);
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
            "deep-reviewing",
            "",
            "sonnet",
        )
        .unwrap();
        assert_eq!((r.role.as_str(), r.model.as_str()), ("deep-reviewer", ""));
    }
}
