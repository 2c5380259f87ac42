//! Config validation (Go `ValidateConfig`, resolution.md): every problem is reported, in a
//! fixed order, with the original's messages.
//!
//! Decides the rules and their messages. Leaves what to do with an invalid config (refuse to load
//! it, show it) to the caller.

use crate::protocol::config::{is_selectable_phase, Config};
use crate::protocol::state::Role;

use super::quote;

/// Valid `isolation` values besides `""`.
pub const ISOLATION_MODES: [&str; 1] = ["worktree"];

/// Valid `commit` policies besides `""`.
pub const COMMIT_POLICIES: [&str; 3] = ["per-round", "on-done", "never"];

/// The valid keys of `roles` (Go `ConfigurableRoles`), comma-separated in order.
fn configurable_roles() -> String {
    Role::CONFIGURABLE
        .iter()
        .map(|r| r.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The outcome of [`validate_config`]: every problem found, in rule order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Validation {
    /// One message per problem.
    pub errors: Vec<String>,
}

impl Validation {
    /// No problems.
    pub fn is_valid(&self) -> bool {
        self.errors.is_empty()
    }

    /// `""` when valid, else `invalid settings: ` + the problems joined by `"; "`.
    pub fn message(&self) -> String {
        if self.errors.is_empty() {
            String::new()
        } else {
            format!("invalid settings: {}", self.errors.join("; "))
        }
    }
}

/// Checks `c` against the rules of and collects every problem (nothing stops early).
/// Runners, roles and profiles are visited in ascending name order.
pub fn validate_config(c: &Config) -> Validation {
    let mut errors = Vec::new();
    if c.project.name.is_empty() {
        errors.push("project.name is required".to_string());
    }
    if !c.isolation.is_empty() && !ISOLATION_MODES.contains(&c.isolation.as_str()) {
        errors.push(format!(
            "isolation {} is invalid, must be one of: {}",
            quote(&c.isolation),
            ISOLATION_MODES.join(", ")
        ));
    }
    if !c.commit.is_empty() && !COMMIT_POLICIES.contains(&c.commit.as_str()) {
        errors.push(format!(
            "commit {} is invalid, must be one of: {}",
            quote(&c.commit),
            COMMIT_POLICIES.join(", ")
        ));
    }
    let runners = c.runner_map();
    if !c.default_runner.is_empty()
        && !runners.is_empty()
        && !runners.contains_key(&c.default_runner)
    {
        errors.push(format!(
            "default_runner {} not found in runners",
            quote(&c.default_runner)
        ));
    }
    for (name, r) in runners {
        if r.command.is_empty() {
            errors.push(format!("runners.{name}.command is required"));
        }
    }
    for name in c.roles.iter().flat_map(|r| r.keys()) {
        if !Role::CONFIGURABLE.iter().any(|r| r.as_str() == name) {
            errors.push(format!(
                "roles.{name} is not a valid role, must be one of: {}",
                configurable_roles()
            ));
        }
    }
    for (name, profile) in c.profiles.iter().flatten() {
        let profile = profile.normalized();
        let specs = profile.phase_specs();
        for spec in specs {
            if !is_selectable_phase(&spec.phase) {
                errors.push(format!(
                    "profiles.{name}.phases contains non-selectable phase {}",
                    quote(&spec.phase)
                ));
            }
            if !spec.runner.is_empty() && !runners.is_empty() && !runners.contains_key(&spec.runner)
            {
                errors.push(format!(
                    "profiles.{name}.phases[{}].runner {} not found in runners",
                    spec.phase,
                    quote(&spec.runner)
                ));
            }
        }
        if !specs.is_empty() && !profile.has_phase("coding") {
            errors.push(format!("profiles.{name} must include \"coding\" phase"));
        }
    }
    Validation { errors }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::config::decode;
    use serde_json::json;

    #[test]
    fn configurable_roles_match_the_spec_list() {
        assert_eq!(
            configurable_roles(),
            "designer, design-reviewer, coder, reviewer, deep-reviewer, tester, acceptor, fixer, mini-coder"
        );
    }

    #[test]
    fn every_profile_problem_is_its_own_entry() {
        let c: Config = decode(
            &json!({"project": {"name": "p"}, "runners": {"a": {"command": "a"}},
                    "profiles": {"x": {"phases": [{"phase": "amending", "runner": "ghost"}, {"phase": "init"}]}}}),
            "config",
        )
        .unwrap();
        let v = validate_config(&c);
        assert_eq!(
            v.errors,
            [
                "profiles.x.phases contains non-selectable phase \"amending\"",
                "profiles.x.phases[amending].runner \"ghost\" not found in runners",
                "profiles.x.phases contains non-selectable phase \"init\"",
                "profiles.x must include \"coding\" phase",
            ]
        );
        assert!(v
            .message()
            .starts_with("invalid settings: profiles.x.phases"));
    }

    #[test]
    fn a_profile_without_phases_passes() {
        let c: Config = decode(
            &json!({"project": {"name": "p"}, "profiles": {"x": {}, "y": {"roles": ["mini-coder"]}}}),
            "config",
        )
        .unwrap();
        assert!(validate_config(&c).is_valid());
    }
}
