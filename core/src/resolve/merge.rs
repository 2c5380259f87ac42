//! Merging the user config into the project config (Go `MergeConfig`, resolution.md) and
//! global with feature hooks (Go `MergeHooks`).
//!
//! Decides which layer wins field by field. Leaves reading the two files, and what to do when the
//! user file is broken, to the caller.

use std::collections::BTreeMap;

use crate::protocol::config::{Config, HookEntry, RoleConfig, RunnerConfig, UserConfig};

/// Hook point → hook list, where a list may be nil.
pub type HookMap = BTreeMap<String, Option<Vec<HookEntry>>>;

/// `user` under `project`: project values win where set. `runners` and `roles` of the
/// result are never nil; `locale`, `theme` and the log settings have no project counterpart.
pub fn merge_config(user: &UserConfig, project: &Config) -> Config {
    let mut merged = project.clone();
    if merged.default_runner.is_empty() {
        merged.default_runner = user.default_runner.clone();
    }

    let mut runners = user.runners.clone().unwrap_or_default();
    for (name, p) in project.runners.iter().flatten() {
        let r = match runners.get(name) {
            Some(u) => merge_runner(u, p),
            None => p.clone(),
        };
        runners.insert(name.clone(), r);
    }
    merged.runners = Some(runners);

    let mut roles = user.roles.clone().unwrap_or_default();
    for (name, p) in project.roles.iter().flatten() {
        let r = match roles.get(name) {
            Some(u) => merge_role(u, p),
            None => p.clone(),
        };
        roles.insert(name.clone(), r);
    }
    merged.roles = Some(roles);

    if merged.notifications.is_none() {
        merged.notifications = user.notifications;
    }
    if merged.self_mod_guard.is_none() {
        merged.self_mod_guard.clone_from(&user.self_mod_guard);
    }
    merged
}

fn set_if_nonempty(dst: &mut String, src: &str) {
    if !src.is_empty() {
        *dst = src.to_string();
    }
}

fn set_if_some<T: Clone>(dst: &mut Option<T>, src: &Option<T>) {
    if src.is_some() {
        dst.clone_from(src);
    }
}

fn set_if_positive(dst: &mut i64, src: i64) {
    if src > 0 {
        *dst = src;
    }
}

/// One runner: the user runner with every set project field laid over it; `tiers` merge key by
/// key; an explicit `args: []` or `false` pointer wins.
fn merge_runner(user: &RunnerConfig, project: &RunnerConfig) -> RunnerConfig {
    let mut r = user.clone();
    set_if_nonempty(&mut r.command, &project.command);
    set_if_some(&mut r.args, &project.args);
    set_if_nonempty(&mut r.model, &project.model);
    set_if_nonempty(&mut r.output_format, &project.output_format);
    set_if_some(&mut r.stdin, &project.stdin);
    set_if_some(&mut r.tty, &project.tty);
    set_if_some(&mut r.quiet, &project.quiet);
    if let Some(pt) = &project.tiers {
        let tiers = r.tiers.get_or_insert_with(BTreeMap::new);
        for (k, v) in pt {
            tiers.insert(k.clone(), v.clone());
        }
    }
    // Seed rule (resolution.md §14.4): a set project value wins.
    set_if_some(&mut r.transient_retries, &project.transient_retries);
    r
}

/// One role: the user role with every set project field laid over it.
fn merge_role(user: &RoleConfig, project: &RoleConfig) -> RoleConfig {
    let mut r = user.clone();
    set_if_nonempty(&mut r.model, &project.model);
    set_if_nonempty(&mut r.deep_model, &project.deep_model);
    set_if_nonempty(&mut r.screenshot_dir, &project.screenshot_dir);
    set_if_some(&mut r.instructions, &project.instructions);
    set_if_some(&mut r.includes, &project.includes);
    set_if_positive(&mut r.max_fix_rounds, project.max_fix_rounds);
    set_if_positive(&mut r.parallel_reviewers, project.parallel_reviewers);
    set_if_positive(&mut r.angles_per_reviewer, project.angles_per_reviewer);
    set_if_nonempty(&mut r.runner, &project.runner);
    // Seed rule (resolution.md §14.4): a non-empty project mapping replaces the user's.
    if project
        .angle_mapping
        .as_ref()
        .is_some_and(|m| !m.is_empty())
    {
        r.angle_mapping.clone_from(&project.angle_mapping);
    }
    r
}

/// Global hooks with each feature hook point replacing the global list as a whole (an empty
/// list still replaces). `None` when both are nil.
pub fn merge_hooks(global: Option<&HookMap>, feature: Option<&HookMap>) -> Option<HookMap> {
    if global.is_none() && feature.is_none() {
        return None;
    }
    let mut merged = global.cloned().unwrap_or_default();
    for (k, v) in feature.into_iter().flatten() {
        merged.insert(k.clone(), v.clone());
    }
    Some(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_transient_retries_and_angle_mapping_win_per_the_seed() {
        let user = RunnerConfig {
            transient_retries: Some(5),
            ..RunnerConfig::default()
        };
        let project = RunnerConfig {
            transient_retries: Some(0),
            ..RunnerConfig::default()
        };
        assert_eq!(merge_runner(&user, &project).transient_retries, Some(0));
        let ur = RoleConfig {
            angle_mapping: Some(BTreeMap::from([("a/".to_string(), Some(vec![1]))])),
            ..RoleConfig::default()
        };
        let pr = RoleConfig {
            angle_mapping: Some(BTreeMap::from([("b/".to_string(), Some(vec![2]))])),
            ..RoleConfig::default()
        };
        assert_eq!(merge_role(&ur, &pr).angle_mapping, pr.angle_mapping);
        assert_eq!(
            merge_role(&ur, &RoleConfig::default()).angle_mapping,
            ur.angle_mapping
        );
    }

    #[test]
    fn merged_runners_and_roles_are_never_nil() {
        let c = merge_config(&UserConfig::default(), &Config::default());
        assert_eq!(c.runners, Some(BTreeMap::new()));
        assert_eq!(c.roles, Some(BTreeMap::new()));
    }

    #[test]
    fn empty_feature_hook_list_replaces_the_global_one() {
        let g: HookMap = BTreeMap::from([("pre".to_string(), Some(vec![HookEntry::default()]))]);
        let f: HookMap = BTreeMap::from([("pre".to_string(), Some(vec![]))]);
        assert_eq!(merge_hooks(Some(&g), Some(&f)), Some(f.clone()));
        assert_eq!(merge_hooks(None, None), None);
        assert_eq!(
            merge_hooks(Some(&HookMap::new()), None),
            Some(HookMap::new())
        );
    }
}
