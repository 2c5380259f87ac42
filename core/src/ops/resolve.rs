//! The `resolve` area's op table: JSON adapters over the typed API of this module.

use serde_json::{json, Map, Value};

use super::{Args, OpInfo};
use crate::error::{ErrorKind, Result};
use crate::protocol::codec::gostruct::{input_or_zero as opt, input_required as req};
use crate::protocol::config::{encode, Config, ProfileConfig, UserConfig};
use crate::protocol::feature::Feature;

use crate::resolve::angles::{self, AngleMapping, ChangedFile};
use crate::resolve::{
    artifacts, limits, merge, models, pipeline, profiles, repos, runners, validate,
};

type In = Map<String, Value>;

const K_INPUT: &[ErrorKind] = &[ErrorKind::InvalidInput];
const K_TIER: &[ErrorKind] = &[ErrorKind::InvalidInput, ErrorKind::UnresolvableTier];
const K_RUNNER: &[ErrorKind] = &[
    ErrorKind::InvalidInput,
    ErrorKind::UnresolvedRunner,
    ErrorKind::UnknownRunner,
];
const K_PROFILE: &[ErrorKind] = &[
    ErrorKind::InvalidInput,
    ErrorKind::UnknownProfile,
    ErrorKind::MissingCodingPhase,
];
const K_PIPELINE: &[ErrorKind] = &[
    ErrorKind::InvalidInput,
    ErrorKind::UnknownProfile,
    ErrorKind::MissingCodingPhase,
    ErrorKind::UnresolvedRunner,
    ErrorKind::UnknownRunner,
    ErrorKind::UnresolvableTier,
];

/// The ops of this area, one line each.
#[rustfmt::skip]
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("config.merge", "Merges the user config under the project config (project values win where set).", &["user?: UserConfig = {}", "project?: Config = {}"], &["config: Config"], K_INPUT, config_merge),
    OpInfo::new("config.validate", "Lists every problem of a project config with the original's messages.", &["config: Config"], &["-> Validation"], K_INPUT, config_validate),
    OpInfo::new("config.notifications_enabled", "Whether OS notifications are on (unset means on).", &["config: Config"], &["enabled: bool"], K_INPUT, config_notifications_enabled),
    OpInfo::new("runners.supported", "The built-in runner presets, in their fixed order.", &[], &["runners: [RunnerPreset]"], &[], runners_supported),
    OpInfo::new("runners.supported_map", "The built-in runner presets by name.", &[], &["runners: {RunnerConfig}"], &[], runners_supported_map),
    OpInfo::new("profiles.default", "The built-in pipeline profiles (full, lite, normal, quick).", &[], &["profiles: {ProfileConfig}"], &[], profiles_default),
    OpInfo::new("profile.resolve", "The pipeline profile a feature runs with: override, feature, default_profile, then priority.", &["config?: Config = {}", "feature?: Feature = {}", "override?: str = \"\""], &["-> ResolvedProfile"], K_PROFILE, profile_resolve),
    OpInfo::new("profile.enabled_phases", "The selectable phases a profile enables, in canonical order.", &["profile: ProfileConfig"], &["phases: [str]"], K_INPUT, profile_enabled_phases),
    OpInfo::new("profile.enables", "Whether a profile enables a phase and/or a role's phase.", &["profile: ProfileConfig", "phase?: str = ~not given: only the role is asked about", "role?: str = ~not given: only the phase is asked about"], &["-> ProfileEnables"], K_INPUT, profile_enables),
    OpInfo::new("profile.role_artifact_view", "A role's required, forbidden and absent-upstream artifacts under a profile.", &["profile: ProfileConfig", "role: str"], &["-> RoleArtifactView"], K_INPUT, profile_role_artifact_view),
    OpInfo::new("artifact.contract", "The artifacts a role produces and consumes.", &["role: str"], &["-> ArtifactContract"], K_INPUT, artifact_contract),
    OpInfo::new("model.constants", "The tier names, the default tier (sonnet) and the default deep tier (opus).", &[], &["-> ModelConstants"], &[], model_constants),
    OpInfo::new("model.resolve_tier", "The model of a tier for a runner (runner tiers, then model_tiers; no aliases).", &["config: Config", "runner: str", "tier: str"], &["model: str"], K_TIER, model_resolve_tier),
    OpInfo::new("model.resolve", "The model of a role on a runner (role tier, runner model, then sonnet).", &["config: Config", "runner: str", "role: str"], &["model: str"], K_TIER, model_resolve),
    OpInfo::new("model.resolve_deep", "The deep model of a role, or \"\" when it sets no deep_model.", &["config: Config", "runner: str", "role: str"], &["model: str"], K_TIER, model_resolve_deep),
    OpInfo::new("model.resolve_mini_coder", "The mini-coder's model, or the fallback model when unset.", &["config: Config", "runner: str", "fallback_model: str"], &["model: str"], K_TIER, model_resolve_mini_coder),
    OpInfo::new("model.resolve_phase", "The model of a pipeline phase: manual, feature override, profile entry, then role.", &["config: Config", "feature?: Feature = {}", "profile?: ProfileConfig = {}", "phase: str", "role: str", "runner: str", "manual?: str = \"\""], &["model: str"], K_TIER, model_resolve_phase),
    OpInfo::new("runner.resolve_phase", "The runner of a phase: manual, feature override, profile entry, then default_runner.", &["config: Config", "feature?: Feature = {}", "profile?: ProfileConfig = {}", "phase: str", "manual?: str = \"\""], &["runner: str"], K_RUNNER, runner_resolve_phase),
    OpInfo::new("pipeline.effective_manual", "A phase's manual runner and model after per-run overrides.", &["run_overrides?: {PhaseSpec} = {}", "phase: str", "manual_runner?: str = \"\""], &["-> ManualOverride"], K_INPUT, pipeline_effective_manual),
    OpInfo::new("pipeline.resolve", "Every enabled phase of a feature's pipeline with its role, runner and model.", &["config: Config", "feature?: Feature = {}", "profile_name?: str = \"\"", "manual_runner?: str = \"\"", "run_overrides?: {PhaseSpec} = {}"], &["phases: [ResolvedPhase]"], K_PIPELINE, pipeline_resolve),
    OpInfo::new("limits.resolve", "A role's fix rounds, parallel reviewers, angles per reviewer and max discovered features.", &["config: Config", "role?: str = \"deep-reviewer\""], &["-> Limits"], K_INPUT, limits_resolve),
    OpInfo::new("angles.all", "The 11 deep-review angles.", &[], &["angles: [int]", "count: int"], &[], angles_all),
    OpInfo::new("angles.default_mapping", "The default path-rule to deep-review-angle mapping.", &[], &["mapping: {[int]}"], &[], angles_default_mapping),
    OpInfo::new("angles.resolve_mapping", "The deep-reviewer's angle mapping when set, else the default.", &["config: Config"], &["mapping: {[int]}"], K_INPUT, angles_resolve_mapping),
    OpInfo::new("angles.select", "The deep-review angles for the changed files (all 11 when nothing matches).", &["mapping?: {[int]} = ~the mapping resolved from config (the deep-reviewer's when set, else the default one)", "config?: Config = ~no config: the default mapping", "files: [ChangedFile]"], &["-> Selection"], K_INPUT, angles_select),
    OpInfo::new("angles.group", "Angles 1..total cut into consecutive groups for parallel reviewers (null for one reviewer).", &["parallel_reviewers: int", "angles_per_reviewer: int", "total_angles: int"], &["groups: [[int]] | null"], K_INPUT, angles_group),
    OpInfo::new("angles.group_selected", "The given angles cut into consecutive groups for parallel reviewers (null for one reviewer).", &["parallel_reviewers: int", "angles_per_reviewer: int", "angles: [int]"], &["groups: [[int]] | null"], K_INPUT, angles_group_selected),
    OpInfo::new("hooks.merge", "Global hooks with feature hook points replacing whole lists (null when both are unset).", &["global?: {[HookEntry] | null} = ~no global hooks", "feature?: {[HookEntry] | null} = ~no feature hooks"], &["hooks: {[HookEntry] | null} | null"], K_INPUT, hooks_merge),
    OpInfo::new("repos.effective_hub", "The hub repos: hub_repos in order, then workspace repos marked hub.", &["config: Config"], &["hub_repos: [str]"], K_INPUT, repos_effective_hub),
    OpInfo::new("repos.resolve_paths", "Each workspace repo's path joined under root ({\".\": root} without repos).", &["config: Config", "root: path"], &["paths: {str}"], K_INPUT, repos_resolve_paths),
    OpInfo::new("repos.resolve_feature_paths", "The paths of the repos a feature names (all when it names none).", &["feature: Feature", "config: Config", "root: path"], &["paths: {str}"], K_INPUT, repos_resolve_feature_paths),
    OpInfo::new("design_doc.search_order", "Where to look for a feature's spec or plan document, in order.", &["feature: Feature", "doc_type: str", "extra_dirs?: [str] = []"], &["-> DesignDocSearch"], K_INPUT, design_doc_search_order),
];

fn model_constants(_: &In) -> Result<Value> {
    Ok(json!({
        "tiers": models::TIERS,
        "default_tier": models::DEFAULT_TIER,
        "default_deep_tier": models::DEFAULT_DEEP_TIER,
    }))
}

fn config_merge(m: &In) -> Result<Value> {
    let user: UserConfig = opt(m, "user")?;
    let project: Config = opt(m, "project")?;
    Ok(json!({ "config": encode(&merge::merge_config(&user, &project))? }))
}

fn config_validate(m: &In) -> Result<Value> {
    let c: Config = req(m, "config")?;
    let v = validate::validate_config(&c);
    Ok(json!({ "valid": v.is_valid(), "errors": v.errors, "message": v.message() }))
}

fn config_notifications_enabled(m: &In) -> Result<Value> {
    let c: Config = req(m, "config")?;
    Ok(json!({ "enabled": c.notifications_enabled() }))
}

fn runners_supported(_: &In) -> Result<Value> {
    Ok(json!({ "runners": encode(&runners::supported_runners())? }))
}

fn runners_supported_map(_: &In) -> Result<Value> {
    Ok(json!({ "runners": encode(&runners::supported_runner_map())? }))
}

fn profiles_default(_: &In) -> Result<Value> {
    Ok(json!({ "profiles": encode(&profiles::default_profiles())? }))
}

fn profile_resolve(m: &In) -> Result<Value> {
    let cfg: Config = opt(m, "config")?;
    let feature: Feature = opt(m, "feature")?;
    let over: String = opt(m, "override")?;
    let r = profiles::resolve_profile(&cfg, &feature, &over)?;
    Ok(json!({ "name": r.name, "profile": encode(&r.profile)?, "warnings": r.warnings }))
}

fn profile_enabled_phases(m: &In) -> Result<Value> {
    let p: ProfileConfig = req(m, "profile")?;
    Ok(json!({ "phases": p.enabled_phases() }))
}

fn profile_enables(m: &In) -> Result<Value> {
    let p: ProfileConfig = req(m, "profile")?;
    let args = Args::new(m);
    let phase = args.opt_str("phase")?;
    let role = args.opt_str("role")?;
    if phase.is_none() && role.is_none() {
        return Err(args.missing_err("phase"));
    }
    let mut out = Map::new();
    if let Some(phase) = phase {
        out.insert("enables_phase".into(), p.has_phase(phase).into());
        out.insert("has_phase".into(), p.has_phase(phase).into());
    }
    if let Some(role) = role {
        out.insert("enables_role".into(), p.enables_role(role).into());
    }
    Ok(Value::Object(out))
}

fn profile_role_artifact_view(m: &In) -> Result<Value> {
    let p: ProfileConfig = req(m, "profile")?;
    let role = Args::new(m).str("role")?;
    let v = artifacts::role_artifact_view(&p, role);
    Ok(
        json!({ "required": v.required, "forbidden": v.forbidden, "absent_upstream": v.absent_upstream }),
    )
}

fn artifact_contract(m: &In) -> Result<Value> {
    let role = Args::new(m).str("role")?;
    let c = artifacts::artifact_contract(role);
    let found = c.is_some();
    let c = c.unwrap_or_default();
    Ok(json!({ "found": found, "produces": c.produces, "consumes": c.consumes }))
}

fn model_resolve_tier(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let a = Args::new(m);
    Ok(json!({ "model": models::resolve_tier_model(&cfg, a.str("runner")?, a.str("tier")?)? }))
}

fn model_resolve(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let a = Args::new(m);
    Ok(json!({ "model": models::resolve_model(&cfg, a.str("runner")?, a.str("role")?)? }))
}

fn model_resolve_deep(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let a = Args::new(m);
    Ok(json!({ "model": models::resolve_deep_model(&cfg, a.str("runner")?, a.str("role")?)? }))
}

fn model_resolve_mini_coder(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let a = Args::new(m);
    let fallback: String = req(m, "fallback_model")?;
    Ok(json!({ "model": models::resolve_mini_coder_model(&cfg, a.str("runner")?, &fallback)? }))
}

fn model_resolve_phase(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let feature: Feature = opt(m, "feature")?;
    let profile: ProfileConfig = opt(m, "profile")?;
    let a = Args::new(m);
    let manual: String = opt(m, "manual")?;
    let model = models::resolve_phase_model(
        &cfg,
        &feature,
        &profile,
        a.str("phase")?,
        a.str("role")?,
        a.str("runner")?,
        &manual,
    )?;
    Ok(json!({ "model": model }))
}

fn runner_resolve_phase(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let feature: Feature = opt(m, "feature")?;
    let profile: ProfileConfig = opt(m, "profile")?;
    let phase = Args::new(m).str("phase")?;
    let manual: String = opt(m, "manual")?;
    let runner = pipeline::resolve_phase_runner(&cfg, &feature, &profile, phase, &manual)?;
    Ok(json!({ "runner": runner }))
}

fn pipeline_effective_manual(m: &In) -> Result<Value> {
    let overrides: pipeline::RunOverrides = opt(m, "run_overrides")?;
    let phase = Args::new(m).str("phase")?;
    let manual: String = opt(m, "manual_runner")?;
    let (runner, model) = pipeline::effective_manual(&overrides, phase, &manual);
    Ok(json!({ "runner_manual": runner, "model_manual": model }))
}

fn pipeline_resolve(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let feature: Feature = opt(m, "feature")?;
    let profile_name: String = opt(m, "profile_name")?;
    let manual: String = opt(m, "manual_runner")?;
    let overrides: pipeline::RunOverrides = opt(m, "run_overrides")?;
    let options = pipeline::PipelineOptions {
        feature: Some(&feature),
        profile: Some(&profile_name),
        manual_runner: Some(&manual),
        run_overrides: Some(&overrides),
    };
    let phases = pipeline::resolve_pipeline(&cfg, &options)?;
    Ok(json!({ "phases": encode(&phases)? }))
}

fn limits_resolve(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let role = Args::new(m).opt_str("role")?.unwrap_or("deep-reviewer");
    let l = limits::resolve_limits(&cfg, role);
    Ok(json!({
        "max_fix_rounds": l.max_fix_rounds,
        "parallel_reviewers": l.parallel_reviewers,
        "angles_per_reviewer": l.angles_per_reviewer,
        "max_discovered_features": l.max_discovered_features,
    }))
}

fn angles_all(_: &In) -> Result<Value> {
    Ok(json!({ "angles": angles::all_angles(), "count": angles::DEEP_REVIEW_ANGLE_COUNT }))
}

fn angles_default_mapping(_: &In) -> Result<Value> {
    Ok(json!({ "mapping": encode(&angles::default_angle_mapping())? }))
}

fn angles_resolve_mapping(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    Ok(json!({ "mapping": encode(&angles::resolve_angle_mapping(&cfg))? }))
}

fn angles_select(m: &In) -> Result<Value> {
    let mapping: Option<AngleMapping> = opt(m, "mapping")?;
    let mapping = match mapping {
        Some(mapping) => mapping,
        None => angles::resolve_angle_mapping(&opt::<Config>(m, "config")?),
    };
    let files: Vec<ChangedFile> = req(m, "files")?;
    let (selected, matches) = angles::select_angles(&mapping, &files);
    Ok(json!({ "angles": selected, "matches": encode(&matches)? }))
}

fn angles_group(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let groups = angles::group_review_angles(
        a.i64("parallel_reviewers")?,
        a.i64("angles_per_reviewer")?,
        a.i64("total_angles")?,
    )?;
    Ok(json!({ "groups": groups }))
}

fn angles_group_selected(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let list: Vec<i64> = req(m, "angles")?;
    let groups = angles::group_selected_angles(
        a.i64("parallel_reviewers")?,
        a.i64("angles_per_reviewer")?,
        &list,
    );
    Ok(json!({ "groups": groups }))
}

fn hooks_merge(m: &In) -> Result<Value> {
    let global: Option<merge::HookMap> = opt(m, "global")?;
    let feature: Option<merge::HookMap> = opt(m, "feature")?;
    let hooks = merge::merge_hooks(global.as_ref(), feature.as_ref());
    Ok(json!({ "hooks": encode(&hooks)? }))
}

fn repos_effective_hub(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    Ok(json!({ "hub_repos": repos::effective_hub_repos(&cfg) }))
}

fn repos_resolve_paths(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let root = Args::new(m).str("root")?;
    Ok(json!({ "paths": repos::resolve_repo_paths(&cfg, root) }))
}

fn repos_resolve_feature_paths(m: &In) -> Result<Value> {
    let feature: Feature = req(m, "feature")?;
    let cfg: Config = req(m, "config")?;
    let root = Args::new(m).str("root")?;
    Ok(json!({ "paths": repos::resolve_feature_repo_paths(&feature, &cfg, root) }))
}

fn design_doc_search_order(m: &In) -> Result<Value> {
    let feature: Feature = req(m, "feature")?;
    let doc_type = Args::new(m).str("doc_type")?;
    let dirs: Vec<String> = opt(m, "extra_dirs")?;
    let s = repos::design_doc_search_order(&feature, doc_type, &dirs);
    Ok(json!({ "yaml_path": s.yaml_path, "candidates": s.candidates }))
}
