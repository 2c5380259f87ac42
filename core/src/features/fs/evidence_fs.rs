//! Screenshot discovery on a workspace (features.md fs form): gathers a feature's rounds
//! and their verify.json texts, the rounds a `{round}` template finds on disk, the listings of
//! the screenshot directories and of the feature's worktree, and hands them to the pure
//! [`group_screenshots`]. Only names are read from screenshot directories, never contents.
//!
//! Which files belong together and how they are ordered is [`crate::features::evidence`]'s.

use std::collections::BTreeMap;
use std::io;
use std::path::Path;

use crate::error::{Error, Result};
use crate::features::evidence::{
    atoi, group_screenshots, screenshot_targets, RoundVerify, ScreenshotGroup, ScreenshotInput,
    WorktreeListings,
};
use crate::protocol::codec::pathclean::{clean, join};
use crate::protocol::feature::DEFAULT_SCREENSHOT_DIR;
use crate::protocol::layout::ROUNDS_DIR;
use crate::protocol::warning::Warning;
use crate::store::{FileKind, Fs};
use crate::workspace::feature_id::FeatureId;
use crate::workspace::fs::workspace_fs::WorkspaceFs;

/// The verify file of a round directory.
const VERIFY_FILE: &str = "verify.json";

/// Go `filepath.Match` for one path element, with `*` and `?` (no character classes).
fn match_segment(pattern: &[char], name: &[char]) -> bool {
    // Iterative wildcard matching with backtracking to the last `*`.
    let (mut p, mut n) = (0usize, 0usize);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        match pattern.get(p) {
            Some('*') => {
                star = Some((p, n));
                p += 1;
            }
            Some('?') => {
                p += 1;
                n += 1;
            }
            Some(&c) if c == name[n] => {
                p += 1;
                n += 1;
            }
            _ => match star {
                Some((sp, sn)) => {
                    p = sp + 1;
                    n = sn + 1;
                    star = Some((sp, sn + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|&c| c == '*')
}

/// Go `filepath.Glob` for patterns whose wildcards are `*`/`?`: every existing path matching
/// `pattern`, element by element, in sorted order; unreadable directories give no matches.
pub fn glob(fs: &dyn Fs, pattern: &str) -> Vec<String> {
    let absolute = pattern.starts_with('/');
    let mut current: Vec<String> = vec![if absolute { "/".into() } else { String::new() }];
    for seg in pattern.split('/').filter(|s| !s.is_empty()) {
        let mut next = Vec::new();
        for base in &current {
            if seg.contains(['*', '?']) {
                let dir = if base.is_empty() { "." } else { base.as_str() };
                let Ok(entries) = fs.list(Path::new(dir)) else {
                    continue;
                };
                let pc: Vec<char> = seg.chars().collect();
                for e in entries {
                    if let Some(name) = e.name_str() {
                        let nc: Vec<char> = name.chars().collect();
                        if match_segment(&pc, &nc) {
                            next.push(join(&[base.as_str(), name]));
                        }
                    }
                }
            } else {
                next.push(join(&[base.as_str(), seg]));
            }
        }
        current = next;
    }
    current.retain(|p| !p.is_empty() && fs.stat(Path::new(p), true).is_ok());
    current
}

/// The rounds a `{round}` template finds on disk under `base`.
fn template_rounds(fs: &dyn Fs, base: &str, template: &str) -> Vec<i64> {
    if !template.contains("{round}") {
        return Vec::new();
    }
    let abs = if template.starts_with('/') {
        template.to_string()
    } else {
        join(&[base, template])
    };
    let abs = abs.trim_end_matches('/').to_string();
    let Some((prefix, suffix)) = abs.split_once("{round}") else {
        return Vec::new();
    };
    let pattern = abs.replace("{round}", "*");
    glob(fs, &pattern)
        .into_iter()
        .filter_map(|m| {
            let m = m.trim_end_matches('/');
            let mid = m.strip_prefix(prefix)?.strip_suffix(suffix)?;
            atoi(mid).filter(|&r| r > 0)
        })
        .collect()
}

/// The non-directory entry names of each target directory that exists, keyed by the target's
/// `dir` as written.
fn listings(
    fs: &dyn Fs,
    base: &str,
    dirs: &[String],
    strict: bool,
) -> Result<BTreeMap<String, Vec<String>>> {
    let mut out = BTreeMap::new();
    for d in dirs {
        let path = if d.starts_with('/') {
            d.clone()
        } else {
            join(&[base, d.as_str()])
        };
        match fs.list(Path::new(&path)) {
            Ok(entries) => {
                let names = entries
                    .into_iter()
                    .filter(|e| e.kind != FileKind::Dir)
                    .filter_map(|e| e.name_str().map(str::to_string))
                    .collect();
                out.insert(d.clone(), names);
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) if strict => return Err(Error::io(format!("read {path}"), &e)),
            Err(_) => {}
        }
    }
    Ok(out)
}

/// DiscoverScreenshots: a feature's screenshots by round.
pub fn discover_screenshots(
    ws: &WorkspaceFs,
    feature_id: &str,
    screenshot_dir: &str,
) -> Result<(Vec<ScreenshotGroup>, Vec<Warning>)> {
    let id = FeatureId::new(feature_id)?;
    let fs = ws.fs();
    let root = ws.root().as_str().to_string();
    let rounds_dir = ws.feature_dir(&id).join(ROUNDS_DIR);
    let mut rounds = Vec::new();
    for (n, name) in ws.round_dirs(&id)? {
        let path = rounds_dir.join(&name).join(VERIFY_FILE);
        let verify = match fs.read(&path) {
            Ok(b) => Some(String::from_utf8_lossy(&b).into_owned()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => None,
            Err(e) => return Err(Error::io(format!("read {}", path.display()), &e)),
        };
        rounds.push(RoundVerify { round: n, verify });
    }
    let template = if screenshot_dir.is_empty() {
        DEFAULT_SCREENSHOT_DIR.to_string()
    } else {
        screenshot_dir.to_string()
    }
    .replace("{feature-id}", id.as_str());
    let known: Vec<i64> = rounds.iter().map(|r| r.round).collect();
    let t_rounds = template_rounds(fs, &root, &template);
    let dirs: Vec<String> = screenshot_targets(id.as_str(), &template, &known, &t_rounds)
        .into_iter()
        .map(|t| t.dir)
        .collect();
    let main_listings = listings(fs, &root, &dirs, true)?;
    let wt_root = ws.worktree_path(&id);
    let worktree = if wt_root.is_empty() || clean(&wt_root) == clean(&root) {
        None
    } else {
        let wt_rounds = template_rounds(fs, &wt_root, &template);
        let wt_dirs: Vec<String> = screenshot_targets(id.as_str(), &template, &known, &wt_rounds)
            .into_iter()
            .map(|t| t.dir)
            .collect();
        Some(WorktreeListings {
            listings: listings(fs, &wt_root, &wt_dirs, false)?,
            root: wt_root,
            template_rounds: wt_rounds,
        })
    };
    let input = ScreenshotInput {
        root,
        feature_id: id.as_str().to_string(),
        screenshot_dir: template,
        rounds,
        template_rounds: t_rounds,
        listings: main_listings,
        worktree,
    };
    Ok(group_screenshots(&input))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segment_match_handles_stars_and_question_marks() {
        let m = |p: &str, n: &str| {
            match_segment(
                &p.chars().collect::<Vec<_>>(),
                &n.chars().collect::<Vec<_>>(),
            )
        };
        assert!(m("round-*", "round-12"));
        assert!(m("*", ""));
        assert!(m("a*b*c", "aXbYbZc"));
        assert!(m("r?", "r1"));
        assert!(!m("round-*", "rounds"));
        assert!(!m("a*b", "acd"));
    }
}
