//! Resolution: config merge and validation, pipeline profiles, runners, model tiers, the
//! pipeline, integer limits, deep-review angles, hooks, repos and design-doc search order
//! (resolution.md).
//!
//! Pure functions over the [`crate::protocol`] shapes; reading config and feature files is left
//! to the workspace, and running what was resolved to the caller.
//!
//! ```
//! use fourx_core::protocol::config::Config;
//! use fourx_core::resolve::{resolve_pipeline, validate_config, PipelineOptions};
//!
//! let cfg = Config::from_json(&serde_json::json!({
//!     "default_runner": "claude",
//!     "runners": {"claude": {"command": "claude", "tiers": {"sonnet": "claude-sonnet"}}},
//! }))?;
//! // Resolving needs no project name; validating the settings file does.
//! assert!(!validate_config(&cfg).is_valid());
//! let phases = resolve_pipeline(&cfg, &PipelineOptions::default())?;
//! assert!(phases.iter().all(|p| p.runner == "claude"));
//! # Ok::<(), fourx_core::Error>(())
//! ```

pub mod angles;
pub mod artifacts;
pub mod limits;
pub mod merge;
pub mod models;
pub mod pipeline;
pub mod profiles;
pub mod repos;
pub mod runners;
pub mod validate;

pub use angles::{
    all_angles, default_angle_mapping, group_review_angles, group_selected_angles,
    resolve_angle_mapping, select_angles, AngleMapping, AngleMatch, ChangedFile,
};
pub use artifacts::{artifact_contract, role_artifact_view, RoleArtifactView, RoleContract};
pub use limits::{resolve_limits, Limits};
pub use merge::{merge_config, merge_hooks, HookMap};
pub use models::{
    resolve_deep_model, resolve_mini_coder_model, resolve_model, resolve_phase_model,
    resolve_tier_model,
};
pub use pipeline::{
    effective_manual, resolve_phase_runner, resolve_pipeline, resolve_pipeline_phase,
    PipelineOptions, ResolvedPhase, RunOverrides,
};
pub use profiles::{
    default_profiles, resolve_profile, resolve_profile_ref, ResolvedProfile, ResolvedProfileRef,
};
pub use repos::{
    design_doc_search_order, effective_hub_repos, resolve_feature_repo_paths, resolve_repo_paths,
    DesignDocSearch,
};
pub use runners::{supported_runner_map, supported_runners};
pub use validate::{validate_config, Validation};

/// A name quoted for a message as Go's `%q` does.
fn quote(s: &str) -> String {
    crate::protocol::codec::goquote::quote(s)
}
