//! Screenshot evidence (features.md): which files are screenshots, how their paths are
//! normalised and named, where the tester puts them (the screenshot-dir template and its rounds),
//! and the grouping of a feature's screenshots by round from verify.json records, directory
//! listings and the worktree.
//!
//! Pure over the texts and listings the caller gathered; [`crate::features::fs::evidence_fs`] gathers them.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use serde::Serialize;

use crate::protocol::codec::gostruct::go_struct;
use crate::protocol::codec::pathclean::{clean, join};
use crate::protocol::codec::text::trim_space;
use crate::protocol::feature::DEFAULT_SCREENSHOT_DIR;
use crate::protocol::gotext_decode::decode_text;
use crate::protocol::warning::{Warning, WarningKind};

go_struct! {
    /// One screenshot (Go `feature.Screenshot`).
    pub struct Screenshot {
        /// Path relative to the workspace `.4x` layout (normalised).
        path: String => "path";
        /// Step label (`01`).
        step: String => "step";
        /// What it shows.
        description: String => "description";
    }
}

go_struct! {
    /// A verify command's record, as far as decoding verify.json needs it.
    pub struct VerifyCommandRecord {
        /// Command.
        command: String => "command";
        /// Exit code.
        exit_code: i64 => "exitCode";
        /// Expected exit code.
        expected_exit_code: Option<i64> => "expectedExitCode", omitempty;
        /// Duration.
        duration_ms: i64 => "durationMs";
        /// Summary.
        summary: String => "summary";
        /// Start time (RFC 3339; absent = Go's zero time).
        started_at: Option<String> => "startedAt";
        /// End time (RFC 3339; absent = Go's zero time).
        finished_at: Option<String> => "finishedAt";
        /// Group.
        group: String => "group", omitempty;
        /// Skipped.
        skipped: bool => "skipped", omitempty;
    }
}

go_struct! {
    /// An acceptance-criterion or manual-check result of verify.json.
    pub struct CheckRecord {
        /// Id.
        id: String => "id";
        /// Passed.
        passed: bool => "passed";
        /// Evidence.
        evidence: Option<Vec<String>> => "evidence";
        /// Verify type (AC results only).
        verify_type: String => "verify_type", omitempty;
    }
}

go_struct! {
    /// The parts of `verify.json` (VerifyEvidence) the screenshot grouping decodes.
    pub struct VerifyRecord {
        /// Passed.
        passed: bool => "passed";
        /// Round.
        round: i64 => "round";
        /// Role.
        role: String => "role";
        /// Commands.
        commands: Option<Vec<VerifyCommandRecord>> => "commands";
        /// Screenshots.
        screenshots: Option<Vec<Screenshot>> => "screenshots", omitempty;
        /// AC results.
        ac_results: Option<Vec<CheckRecord>> => "ac_results", omitempty;
        /// Manual check results.
        manual_check_results: Option<Vec<CheckRecord>> => "manual_check_results", omitempty;
    }
}

/// The screenshots of one round.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScreenshotGroup {
    /// Round number.
    pub round: i64,
    /// Screenshots in display order.
    pub screenshots: Vec<Screenshot>,
}

/// A directory where screenshots of a round may be.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Target {
    /// Round number.
    pub round: i64,
    /// Directory (the template with placeholders replaced).
    pub dir: String,
}

/// Go `filepath.Ext`: the suffix from the last `.` of the last path element, `""` if none.
fn ext(name: &str) -> &str {
    for (i, c) in name.char_indices().rev() {
        if c == '/' {
            break;
        }
        if c == '.' {
            return &name[i..];
        }
    }
    ""
}

fn base_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// Whether `name` has a screenshot extension (`.png`, `.jpg`, `.jpeg`, `.webp`, any case).
pub fn is_screenshot_file(name: &str) -> bool {
    matches!(
        ext(name).to_lowercase().as_str(),
        ".png" | ".jpg" | ".jpeg" | ".webp"
    )
}

/// Trim, drop one leading `./`, then one leading `.4x/`, then clean lexically.
pub fn normalize_screenshot_path(path: &str) -> String {
    let p = trim_space(path);
    let p = p.strip_prefix("./").unwrap_or(p);
    let p = p.strip_prefix(".4x/").unwrap_or(p);
    clean(p)
}

/// Splits `01-login-page.png` into step `01` and description `login page`.
pub fn parse_screenshot_filename(filename: &str) -> (String, String) {
    let base = filename.strip_suffix(ext(filename)).unwrap_or(filename);
    if base.is_empty() {
        return (String::new(), String::new());
    }
    match base.find('-') {
        None | Some(0) => (String::new(), base.replace('-', " ")),
        Some(k) => (
            base[..k].to_string(),
            trim_space(&base[k + 1..].replace('-', " ")).to_string(),
        ),
    }
}

/// Go `strconv.Atoi` on a 64-bit platform.
pub fn atoi(s: &str) -> Option<i64> {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    if body.is_empty() || !body.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<i64>().ok()
}

fn screenshot_less(a: &Screenshot, b: &Screenshot) -> bool {
    if let (Some(x), Some(y)) = (atoi(&a.step), atoi(&b.step)) {
        if x != y {
            return x < y;
        }
    }
    if a.step != b.step {
        return a.step < b.step;
    }
    a.path < b.path
}

/// A stable merge sort by a "less" relation that never panics, even when the relation is not a
/// total order (the screenshot order is not transitive for some step mixes).
pub fn sort_by_less<T>(items: Vec<T>, less: &impl Fn(&T, &T) -> bool) -> Vec<T> {
    if items.len() <= 1 {
        return items;
    }
    let mut left = items;
    let right = left.split_off(left.len() / 2);
    let left = sort_by_less(left, less);
    let right = sort_by_less(right, less);
    let mut out = Vec::with_capacity(left.len() + right.len());
    let mut l = left.into_iter().peekable();
    let mut r = right.into_iter().peekable();
    while let (Some(a), Some(b)) = (l.peek(), r.peek()) {
        let next = if less(b, a) { r.next() } else { l.next() };
        out.extend(next);
    }
    out.extend(l);
    out.extend(r);
    out
}

/// Orders screenshots: numeric steps numerically, then step text, then path.
pub fn sort_screenshots(shots: Vec<Screenshot>) -> Vec<Screenshot> {
    sort_by_less(shots, &screenshot_less)
}

/// The configured screenshot directory template: `roles.tester.screenshot_dir` when its trimmed
/// value is non-empty (returned as written), else [`DEFAULT_SCREENSHOT_DIR`].
pub fn screenshot_dir(configured: &str) -> String {
    if trim_space(configured).is_empty() {
        DEFAULT_SCREENSHOT_DIR.to_string()
    } else {
        configured.to_string()
    }
}

/// The directories to look in, per round.
pub fn screenshot_targets(
    feature_id: &str,
    template: &str,
    rounds: &[i64],
    template_rounds: &[i64],
) -> Vec<Target> {
    let template = if template.is_empty() {
        DEFAULT_SCREENSHOT_DIR
    } else {
        template
    };
    let template = template.replace("{feature-id}", feature_id);
    if template.contains("{round}") {
        let mut set: BTreeSet<i64> = rounds
            .iter()
            .chain(template_rounds)
            .copied()
            .filter(|&r| r > 0)
            .collect();
        if set.is_empty() {
            set.insert(1);
        }
        set.into_iter()
            .map(|r| Target {
                round: r,
                dir: template.replace("{round}", &r.to_string()),
            })
            .collect()
    } else {
        let round = rounds.iter().copied().filter(|&r| r > 0).max().unwrap_or(1);
        vec![Target {
            round,
            dir: template,
        }]
    }
}

/// Go `filepath.Rel` (lexical, `/` separators); `None` where Go returns an error.
pub fn rel_path(base: &str, target: &str) -> Option<String> {
    let b = clean(base);
    let t = clean(target);
    if b.starts_with('/') != t.starts_with('/') {
        return None;
    }
    if b == t {
        return Some(".".to_string());
    }
    let split = |p: &str| -> Vec<String> {
        if p == "." || p == "/" {
            Vec::new()
        } else {
            p.trim_start_matches('/')
                .split('/')
                .map(str::to_string)
                .collect()
        }
    };
    let bs = split(&b);
    let ts = split(&t);
    let common = bs.iter().zip(&ts).take_while(|(x, y)| x == y).count();
    if bs[common..].iter().any(|s| s == "..") {
        return None;
    }
    let mut parts: Vec<String> = vec!["..".to_string(); bs.len() - common];
    parts.extend(ts[common..].iter().cloned());
    Some(if parts.is_empty() {
        ".".to_string()
    } else {
        parts.join("/")
    })
}

go_struct! {
    /// One `round-<n>` directory of a feature with its verify.json text (`None` when absent).
    pub struct RoundVerify {
        /// Round number.
        round: i64 => "round";
        /// verify.json text.
        verify: Option<String> => "verify";
    }
}

go_struct! {
    /// The worktree part of [`ScreenshotInput`].
    pub struct WorktreeListings {
        /// Worktree root (`""` = none).
        root: String => "root";
        /// Rounds found on disk by globbing the template under the worktree.
        template_rounds: Vec<i64> => "template_rounds";
        /// Target dir → non-directory entry names.
        listings: BTreeMap<String, Vec<String>> => "listings";
    }
}

go_struct! {
    /// Everything screenshot grouping reads.
    pub struct ScreenshotInput {
        /// Workspace root (used lexically).
        root: String => "root";
        /// Feature id.
        feature_id: String => "feature_id";
        /// Screenshot-dir template (`""` = default).
        screenshot_dir: String => "screenshot_dir";
        /// The feature's rounds in directory-name order.
        rounds: Vec<RoundVerify> => "rounds";
        /// Rounds found on disk by globbing the template.
        template_rounds: Vec<i64> => "template_rounds";
        /// Target dir → non-directory entry names, in name order.
        listings: BTreeMap<String, Vec<String>> => "listings";
        /// The feature's worktree, if any.
        worktree: Option<WorktreeListings> => "worktree";
    }
}

/// Decodes the screenshots of a verify.json text with Go's rules (times must be RFC 3339);
/// `Err` when the text does not decode as VerifyEvidence.
fn verify_screenshots(text: &str) -> Result<Vec<Screenshot>, String> {
    let rec: VerifyRecord = decode_text(text.as_bytes(), "verify.json")?;
    for c in rec.commands.iter().flatten() {
        for t in [&c.started_at, &c.finished_at].into_iter().flatten() {
            crate::protocol::codec::time_rule::TimeRule::GoText
                .parse(t)
                .map_err(|e| format!("verify.json: {e}"))?;
        }
    }
    Ok(rec.screenshots.unwrap_or_default())
}

/// Groups a feature's screenshots by round: verify.json records first, then
/// the screenshot directories, then the worktree's.
pub fn group_screenshots(input: &ScreenshotInput) -> (Vec<ScreenshotGroup>, Vec<Warning>) {
    let mut warnings = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    let mut by_round: BTreeMap<i64, Vec<Screenshot>> = BTreeMap::new();
    let known: Vec<i64> = input.rounds.iter().map(|r| r.round).collect();

    for entry in &input.rounds {
        let Some(text) = &entry.verify else { continue };
        let shots = match verify_screenshots(text) {
            Ok(s) => s,
            Err(e) => {
                warnings.push(
                    Warning::new(WarningKind::ParseError, "verify.json", e)
                        .feature(&input.feature_id)
                        .round(entry.round),
                );
                continue;
            }
        };
        for mut s in shots {
            let p = normalize_screenshot_path(&s.path);
            if p == ".." || p.starts_with("../") || !is_screenshot_file(base_name(&p)) {
                continue;
            }
            if !seen.insert(p.clone()) {
                continue;
            }
            if s.step.is_empty() || s.description.is_empty() {
                let (step, desc) = parse_screenshot_filename(base_name(&p));
                if s.step.is_empty() {
                    s.step = step;
                }
                if s.description.is_empty() {
                    s.description = desc;
                }
            }
            s.path = p;
            by_round.entry(entry.round).or_default().push(s);
        }
    }

    let targets = screenshot_targets(
        &input.feature_id,
        &input.screenshot_dir,
        &known,
        &input.template_rounds,
    );
    for t in &targets {
        let Some(names) = input.listings.get(&t.dir) else {
            continue;
        };
        let dir = if t.dir.starts_with('/') {
            t.dir.clone()
        } else {
            join(&[input.root.as_str(), t.dir.as_str()])
        };
        for name in names {
            if !is_screenshot_file(name) {
                continue;
            }
            let abs = join(&[dir.as_str(), name.as_str()]);
            let Some(rel) = rel_path(&input.root, &abs) else {
                continue;
            };
            if rel == ".." || rel.starts_with("../") {
                continue;
            }
            let rel = normalize_screenshot_path(&rel);
            if !seen.insert(rel.clone()) {
                continue;
            }
            let (step, description) = parse_screenshot_filename(name);
            by_round.entry(t.round).or_default().push(Screenshot {
                path: rel,
                step,
                description,
            });
        }
    }

    if let Some(wt) = input
        .worktree
        .as_ref()
        .filter(|w| !w.root.is_empty() && w.root != input.root)
    {
        let targets = screenshot_targets(
            &input.feature_id,
            &input.screenshot_dir,
            &known,
            &wt.template_rounds,
        );
        for t in &targets {
            let Some(names) = wt.listings.get(&t.dir) else {
                continue;
            };
            let dir = if t.dir.starts_with('/') {
                t.dir.clone()
            } else {
                join(&[wt.root.as_str(), t.dir.as_str()])
            };
            for name in names {
                if !is_screenshot_file(name) {
                    continue;
                }
                let abs = join(&[dir.as_str(), name.as_str()]);
                let Some(rel) = rel_path(&input.root, &abs) else {
                    continue;
                };
                if rel.starts_with("..") {
                    continue;
                }
                if !seen.insert(normalize_screenshot_path(&rel)) {
                    continue;
                }
                let (step, description) = parse_screenshot_filename(name);
                by_round.entry(t.round).or_default().push(Screenshot {
                    path: rel,
                    step,
                    description,
                });
            }
        }
    }

    let groups = by_round
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(round, shots)| ScreenshotGroup {
            round,
            screenshots: sort_screenshots(shots),
        })
        .collect();
    (groups, warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rel_path_follows_go_filepath_rel() {
        assert_eq!(rel_path("/w", "/w/a/b.png").as_deref(), Some("a/b.png"));
        assert_eq!(rel_path("/w", "/x/b.png").as_deref(), Some("../x/b.png"));
        assert_eq!(rel_path("/w", "/w").as_deref(), Some("."));
        assert_eq!(rel_path("w", "/w"), None);
        assert_eq!(rel_path("../a", "b"), None);
        assert_eq!(rel_path(".", "a/b").as_deref(), Some("a/b"));
    }

    #[test]
    fn worktree_outside_the_root_is_ignored() {
        let input = ScreenshotInput {
            root: "/w".into(),
            feature_id: "F1".into(),
            worktree: Some(WorktreeListings {
                root: "/elsewhere".into(),
                template_rounds: vec![],
                listings: [(
                    ".4x/run/F1/screenshot/".to_string(),
                    vec!["01-a.png".to_string()],
                )]
                .into(),
            }),
            ..Default::default()
        };
        assert!(group_screenshots(&input).0.is_empty());
        let inside = ScreenshotInput {
            worktree: Some(WorktreeListings {
                root: "/w/wt".into(),
                ..input.worktree.clone().unwrap()
            }),
            ..input
        };
        let (groups, _) = group_screenshots(&inside);
        assert_eq!(
            groups[0].screenshots[0].path,
            "wt/.4x/run/F1/screenshot/01-a.png"
        );
    }
}
