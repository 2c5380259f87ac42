//! Workspace repositories: the effective hub repos and where each repo lives (Go
//! `EffectiveHubRepos`, `ResolveRepoPaths`, `ResolveFeatureRepoPaths`, resolution.md), and
//! where to look for a feature's design document (Go `ResolveDesignDoc`'s search order).
//!
//! Decides the order and the lexical paths (Go `filepath.Join`). Leaves reading files and
//! resolving symlinks to the caller.

use std::collections::{BTreeMap, BTreeSet};

use crate::protocol::codec::pathclean;
use crate::protocol::config::Config;
use crate::protocol::feature::Feature;

/// The directory searched after the configured ones.
pub const DEFAULT_DESIGN_DOC_DIR: &str = "docs/design";

/// `hub_repos` in order without duplicates, then workspace repos marked `hub` (ascending name)
/// not yet listed.
pub fn effective_hub_repos(cfg: &Config) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    let hub = cfg
        .repos()
        .iter()
        .filter(|(_, r)| r.hub)
        .map(|(name, _)| name);
    for name in cfg.hub_repos.iter().flatten().chain(hub) {
        if seen.insert(name.as_str()) {
            out.push(name.clone());
        }
    }
    out
}

/// Repo name → path: `{".": root}` (root verbatim) without workspace repos, else
/// `join(root, repo.path)` for each.
pub fn resolve_repo_paths(cfg: &Config, root: &str) -> BTreeMap<String, String> {
    let repos = cfg.repos();
    if repos.is_empty() {
        return BTreeMap::from([(".".to_string(), root.to_string())]);
    }
    repos
        .iter()
        .map(|(name, r)| (name.clone(), pathclean::join(&[root, r.path.as_str()])))
        .collect()
}

/// The paths of the feature's repos: all of [`resolve_repo_paths`] when `feature.repos` is
/// empty, else only the named repos found there.
pub fn resolve_feature_repo_paths(
    feature: &Feature,
    cfg: &Config,
    root: &str,
) -> BTreeMap<String, String> {
    let all = resolve_repo_paths(cfg, root);
    let named = feature.repos.as_deref().unwrap_or(&[]);
    if named.is_empty() {
        return all;
    }
    all.into_iter()
        .filter(|(name, _)| named.contains(name))
        .collect()
}

/// Where to look for a feature's design document.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DesignDocSearch {
    /// The path the feature names for this doc type (`spec` or `plan`), tried first; `""` if none.
    pub yaml_path: String,
    /// Root-relative candidates, in order.
    pub candidates: Vec<String>,
}

/// The feature id without its `Fnnn-` prefix: `id[5..]` when the id is longer than 5 bytes,
/// starts with `F` and has `-` at byte 4; otherwise the id.
pub fn design_doc_slug(id: &str) -> &str {
    let b = id.as_bytes();
    if b.len() > 5 && b.first() == Some(&b'F') && b.get(4) == Some(&b'-') {
        id.get(5..).unwrap_or(id)
    } else {
        id
    }
}

/// The search order for `doc_type` of `feature`: for each of `extra_dirs` then
/// [`DEFAULT_DESIGN_DOC_DIR`], `<dir>/<id>-<doc_type>.md`, then `<dir>/<slug>-<doc_type>.md`
/// when the slug differs.
pub fn design_doc_search_order(
    feature: &Feature,
    doc_type: &str,
    extra_dirs: &[String],
) -> DesignDocSearch {
    let yaml_path = match doc_type {
        "spec" => feature.spec.clone(),
        "plan" => feature.plan.clone(),
        _ => String::new(),
    };
    let id = feature.id.as_str();
    let slug = design_doc_slug(id);
    let mut candidates = Vec::new();
    for dir in extra_dirs
        .iter()
        .map(String::as_str)
        .chain([DEFAULT_DESIGN_DOC_DIR])
    {
        candidates.push(pathclean::join(&[dir, &format!("{id}-{doc_type}.md")]));
        if slug != id {
            candidates.push(pathclean::join(&[dir, &format!("{slug}-{doc_type}.md")]));
        }
    }
    DesignDocSearch {
        yaml_path,
        candidates,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slug_checks_only_the_f_and_the_dash() {
        assert_eq!(design_doc_slug("F022-multi"), "multi");
        assert_eq!(design_doc_slug("F1234-x"), "F1234-x");
        assert_eq!(design_doc_slug("Fabc-d"), "d");
        assert_eq!(design_doc_slug("F001-"), "F001-");
    }

    #[test]
    fn all_empty_join_parts_give_an_empty_path() {
        let cfg = crate::protocol::config::decode::<Config>(
            &serde_json::json!({"workspace": {"repos": {"x": {"path": ""}}}}),
            "config",
        )
        .unwrap();
        assert_eq!(resolve_repo_paths(&cfg, "")["x"], "");
    }
}
