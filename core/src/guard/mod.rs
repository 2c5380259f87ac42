//! The guards of 4x's `internal/guard` as pure functions: [`check`] (Go `guard.Check`: required
//! files, baseline, the scope of the diff, self-modification, dependencies, symlinks, the build and
//! docs gates, the test strategy's verify types) and [`testing_to_accepting`] (Go
//! `CheckTestingToAccepting`). Their [`Verdict`] is the `guard` of a conductor `agent_exit`.
//!
//! Decides pass/fail, the error and warning texts and which errors a same-role retry can fix.
//! Listing changed files through git, reading the feature and round directories and running the
//! build/docs gate commands are the caller's (the runner's); everything arrives as input.

pub mod changes;
pub mod selfmod;
pub mod testing;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::conductor::artifacts::names;
use crate::conductor::Files;
use crate::features::run_files::{parse_baseline, VerifyEvidence};
use crate::protocol::codec::goquote::quote;
use crate::protocol::config::Config;
use crate::protocol::feature::{Feature, TestStrategy};
use crate::protocol::state::Phase;
use crate::resolve::profiles::resolve_profile;
use crate::resolve::repos::effective_hub_repos;

pub use changes::{parse_name_status, repo_of, ChangeStatus, ChangedPath};
pub use selfmod::{SelfModPolicy, DEFAULT_MAX_DIFF_LINES, DEFAULT_PROTECTED_PATHS};
pub use testing::{looks_executed, testing_to_accepting, verify_type, TestingInput, VERIFY_TYPES};

/// A guard's verdict; serialised, it is exactly what `conductor.apply` accepts as
/// `outcome.guard` (extra keys are informative).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct Verdict {
    /// No rule failed.
    pub pass: bool,
    /// The failures, in rule order (4x's texts). May hold a note while `pass` is true (4x lists
    /// an unreadable test strategy there without failing).
    pub errors: Vec<String>,
    /// What is worth knowing but fails nothing.
    pub warnings: Vec<String>,
    /// Every error can be fixed by running the same role again (the tester's guard retry):
    /// `!pass`, at least one retryable error, and no other error.
    pub all_retryable: bool,
    /// How many of `errors` are retryable.
    pub retryable_errors: usize,
    /// The diff touched protected (self-modification) paths.
    pub self_mod_touched: bool,
    /// Those paths, in listing order.
    pub self_mod_paths: Vec<String>,
    /// Changed lines of the protected non-test files (the budget's measure).
    pub self_mod_diff_lines: i64,
}

impl From<Verdict> for crate::conductor::GuardResult {
    /// The verdict as the `guard` of a conductor `agent_exit` outcome (the keys the conductor
    /// reads; the JSON forms agree too).
    fn from(v: Verdict) -> Self {
        crate::conductor::GuardResult {
            pass: v.pass,
            errors: v.errors,
            all_retryable: v.all_retryable,
            self_mod_touched: v.self_mod_touched,
            self_mod_paths: v.self_mod_paths,
        }
    }
}

/// The accumulator the rules append to.
#[derive(Debug, Default)]
pub(crate) struct Acc {
    failed: bool,
    errors: Vec<String>,
    warnings: Vec<String>,
    retryable: usize,
    self_mod: Option<(Vec<String>, i64)>,
}

impl Acc {
    /// A failure a retry of the same role cannot fix.
    pub(crate) fn fail(&mut self, msg: String) {
        self.failed = true;
        self.errors.push(msg);
    }

    /// A failure the same role can fix by running again.
    pub(crate) fn fail_retryable(&mut self, msg: String) {
        self.fail(msg);
        self.retryable += 1;
    }

    /// An entry of `errors` that fails nothing (4x's test-strategy read warning).
    pub(crate) fn note(&mut self, msg: String) {
        self.errors.push(msg);
    }

    /// A warning.
    pub(crate) fn warn(&mut self, msg: String) {
        self.warnings.push(msg);
    }

    pub(crate) fn finish(self) -> Verdict {
        let pass = !self.failed;
        let (paths, lines) = self.self_mod.unwrap_or_default();
        Verdict {
            pass,
            all_retryable: !pass && self.retryable > 0 && self.retryable == self.errors.len(),
            retryable_errors: self.retryable,
            errors: self.errors,
            warnings: self.warnings,
            self_mod_touched: !paths.is_empty(),
            self_mod_paths: paths,
            self_mod_diff_lines: lines,
        }
    }
}

/// The text of `name` when present and non-empty (Go `missingOrEmpty` is its negation).
pub(crate) fn file<'a>(files: &'a Files, name: &str) -> Option<&'a str> {
    files
        .get(name)
        .and_then(|t| t.as_deref())
        .filter(|t| !t.is_empty())
}

/// The self-modification record of a feature's state (`selfModTouched`, `selfModPaths`): what an
/// earlier coding round found, read by the tester's gate.
#[derive(Debug, Clone, PartialEq, Eq, Default, Deserialize)]
#[serde(default)]
pub struct StateSelfMod {
    /// `selfModTouched`.
    #[serde(rename = "selfModTouched")]
    pub touched: bool,
    /// `selfModPaths`.
    #[serde(rename = "selfModPaths", deserialize_with = "null_as_empty")]
    pub paths: Vec<String>,
}

fn null_as_empty<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    Ok(Option::<Vec<String>>::deserialize(d)?.unwrap_or_default())
}

/// Why a file did not decode, without the file name the decoder already put in front.
pub(crate) fn decode_reason<'a>(e: &'a crate::error::Error, name: &str) -> &'a str {
    e.message
        .strip_prefix(name)
        .and_then(|r| r.strip_prefix(": "))
        .unwrap_or(&e.message)
}

/// The phases whose work needs the designer's outputs (Go `needsDesignOutputs`).
const NEEDS_DESIGN_OUTPUTS: &[Phase] = &[
    Phase::Coding,
    Phase::Reviewing,
    Phase::Testing,
    Phase::DeepReviewing,
    Phase::Amending,
    Phase::Accepting,
    Phase::PendingReview,
    Phase::Done,
];

/// The phases after the tester's gate, where `check` runs that gate again.
const AFTER_TESTING_GATE: &[Phase] = &[Phase::Accepting, Phase::PendingReview, Phase::Done];

/// The phases reached only after testing ran, where changes to the test strategy's `e2e_repos`
/// are in scope (amending is both before and after testing: it needs `testing_has_run`).
const E2E_PHASES: &[Phase] = &[
    Phase::Testing,
    Phase::DeepReviewing,
    Phase::Fixing,
    Phase::Accepting,
    Phase::PendingReview,
    Phase::Done,
];

/// Dependency statuses that let a feature start.
const DEPENDENCY_DONE: &[&str] = &["done", "abandoned"];

/// The longest symlink listing a warning spells out, in bytes.
const SYMLINK_DETAIL_MAX: usize = 200;

/// What [`check`] reads.
#[derive(Debug, Clone, Copy)]
pub struct CheckInput<'a> {
    /// The settings (merged with the user's).
    pub config: &'a Config,
    /// The feature (its `repos` and `depends`).
    pub feature: &'a Feature,
    /// The state's phase.
    pub phase: Phase,
    /// The state's profile name (`""`: resolved as a run without `--profile`).
    pub profile: &'a str,
    /// The state's round (the tester's gate in the phases after it).
    pub round: i64,
    /// The changed files of the scope root (tracked against HEAD plus untracked).
    pub changed_files: &'a [ChangedPath],
    /// The feature directory's file texts (`task-brief.md`, `acceptance-criteria.md`,
    /// `design-review-report.md`, `baseline.json`, `final-report.md`).
    pub feature_files: &'a Files,
    /// The state round's file texts; `None` = the round directory does not exist.
    pub round_files: Option<&'a Files>,
    /// The feature's test strategy; `None` = none.
    pub test_strategy: Option<&'a TestStrategy>,
    /// Why the test strategy could not be read, when it could not.
    pub test_strategy_error: Option<&'a str>,
    /// Some round of this feature has a `verify.json` (testing ran).
    pub testing_has_run: bool,
    /// Status of each feature this one depends on; an absent id could not be loaded.
    pub dependencies: &'a BTreeMap<String, String>,
    /// Paths that are symlinks among the changes and the tracked files.
    pub symlinks: &'a [String],
    /// The build gate's result (coding/amending), when it ran.
    pub build_gate: Option<&'a VerifyEvidence>,
    /// The docs gate's result (coding/amending), when it ran.
    pub docs_gate: Option<&'a VerifyEvidence>,
    /// At least one screenshot `verify.json` lists exists (the tester's gate).
    pub screenshot_exists: bool,
    /// The state's self-modification record (the tester's gate).
    pub state: &'a StateSelfMod,
}

/// Go `guard.Check`: every guardrail of the feature's current phase, in 4x's order.
pub fn check(input: &CheckInput<'_>) -> Verdict {
    let mut acc = Acc::default();
    required_files(input, &mut acc);
    baseline(input.feature_files, &mut acc);
    scope(input, &mut acc);
    self_mod(input.config, input.changed_files, &mut acc);
    dependencies(input.feature, input.dependencies, &mut acc);
    symlinks(input.symlinks, &mut acc);
    if matches!(input.phase, Phase::Coding | Phase::Amending) {
        build_gate(input.build_gate, &mut acc);
        docs_gate(input.docs_gate, &mut acc);
    }
    test_strategy_verify_types(input.test_strategy, &mut acc);
    acc.finish()
}

/// The designer's outputs exist (non-empty) from coding on when the profile runs the designer,
/// the design review report when it runs the design reviewer (with a named profile only), and
/// from accepting on the tester's gate holds again when the profile runs the tester and the
/// round directory exists. A profile that does not resolve counts as `full`.
fn required_files(input: &CheckInput<'_>, acc: &mut Acc) {
    let (mut designer, mut design_reviewer, mut tester) = (true, false, true);
    if let Ok(p) = resolve_profile(input.config, input.feature, input.profile) {
        designer = p.profile.enables_role("designer");
        design_reviewer = !input.profile.is_empty() && p.profile.enables_role("design-reviewer");
        tester = p.profile.enables_role("tester");
    }
    let mut required = Vec::new();
    if NEEDS_DESIGN_OUTPUTS.contains(&input.phase) {
        if designer {
            required.extend([names::TASK_BRIEF, names::ACCEPTANCE_CRITERIA]);
        }
        if design_reviewer {
            required.push(names::DESIGN_REVIEW_REPORT);
        }
    }
    if tester && AFTER_TESTING_GATE.contains(&input.phase) {
        if let Some(round_files) = input.round_files {
            testing::check_testing(
                &TestingInput {
                    round: input.round,
                    feature_files: input.feature_files,
                    round_files,
                    test_strategy: input.test_strategy,
                    test_strategy_error: input.test_strategy_error,
                    screenshot_exists: input.screenshot_exists,
                    state: input.state,
                    config: input.config,
                },
                acc,
            );
        }
    }
    for name in required {
        if file(input.feature_files, name).is_none() {
            acc.fail(format!("required file missing: {name}"));
        }
    }
}

/// `baseline.json`: absent is a warning, undecodable an error, and each repository that was
/// already dirty when the feature started a warning.
fn baseline(feature_files: &Files, acc: &mut Acc) {
    let Some(text) = feature_files
        .get(names::BASELINE)
        .and_then(|t| t.as_deref())
    else {
        acc.warn("no baseline.json found, skipping baseline check".to_string());
        return;
    };
    match parse_baseline(text) {
        Err(e) => acc.fail(format!(
            "invalid baseline.json: {}",
            decode_reason(&e, names::BASELINE)
        )),
        Ok(b) => {
            for repo in b.repos.iter().flatten() {
                let dirty = repo.dirty_files.as_deref().unwrap_or(&[]);
                if !dirty.is_empty() {
                    acc.warn(format!(
                        "repo {} had dirty files at baseline: {}",
                        repo.name,
                        dirty.join(", ")
                    ));
                }
            }
        }
    }
}

/// Every repository the diff touches (ascending) is one of the feature's `repos`, a hub repo, or
/// — once testing ran — one of the test strategy's `e2e_repos`. A feature without `repos` has no
/// scope restriction; files at the root and under `.4x` are in no repository.
fn scope(input: &CheckInput<'_>, acc: &mut Acc) {
    let allowed = input.feature.repos.as_deref().unwrap_or(&[]);
    if allowed.is_empty() {
        return;
    }
    let hub = effective_hub_repos(input.config);
    let e2e_open = E2E_PHASES.contains(&input.phase)
        || (input.phase == Phase::Amending && input.testing_has_run);
    let e2e: &[String] = match input.test_strategy {
        Some(ts) if e2e_open => ts.e2e_repos.as_deref().unwrap_or(&[]),
        _ => &[],
    };
    let changed: std::collections::BTreeSet<&str> = input
        .changed_files
        .iter()
        .flat_map(ChangedPath::touched)
        .filter_map(repo_of)
        .collect();
    for repo in changed {
        let listed = |list: &[String]| list.iter().any(|r| r == repo);
        if listed(&hub) || listed(e2e) || listed(allowed) {
            continue;
        }
        acc.fail(format!(
            "scope violation: repo {} not in feature repos",
            quote(repo)
        ));
    }
}

/// Changes under protected paths mark the round as a self-modification (a warning, never a
/// failure by itself); their changed lines, test files excluded, must stay within the budget.
fn self_mod(cfg: &Config, changed: &[ChangedPath], acc: &mut Acc) {
    let policy = SelfModPolicy::of(cfg);
    let mut paths = Vec::new();
    let mut lines = 0i64;
    for c in changed {
        let hits: Vec<&str> = c.touched().filter(|p| policy.protects(p)).collect();
        if hits.is_empty() {
            continue;
        }
        if !selfmod::is_test_file(&c.path) {
            lines = lines.saturating_add(c.lines);
        }
        paths.extend(hits.into_iter().map(str::to_string));
    }
    if paths.is_empty() {
        return;
    }
    acc.warn(format!(
        "self-modification detected: 受保護路徑變更需人工 approve（{}）",
        paths.join(", ")
    ));
    if lines > policy.max_diff_lines {
        acc.fail(format!(
            "self-mod: protected diff {lines} lines exceeds budget {}",
            policy.max_diff_lines
        ));
    }
    acc.self_mod = Some((paths, lines));
}

/// Every feature this one depends on is done or abandoned; one whose status is unknown could not
/// be loaded and is an error of its own.
fn dependencies(feature: &Feature, statuses: &BTreeMap<String, String>, acc: &mut Acc) {
    let mut not_done = Vec::new();
    for id in feature.depends.iter().flatten() {
        match statuses.get(id) {
            None => acc.fail(format!(
                "dependency {}: cannot load feature: no status given for it",
                quote(id)
            )),
            Some(s) if !DEPENDENCY_DONE.contains(&s.as_str()) => {
                not_done.push(format!("{id} (status: {s})"));
            }
            Some(_) => {}
        }
    }
    if !not_done.is_empty() {
        acc.fail(format!("dependencies not done: {}", not_done.join(", ")));
    }
}

/// Symlinks among the changes are worth a look (often an accidental `node_modules`): one warning
/// listing them once each, cut after 200 bytes with the total.
fn symlinks(list: &[String], acc: &mut Acc) {
    let mut seen = std::collections::HashSet::new();
    let unique: Vec<&str> = list
        .iter()
        .map(String::as_str)
        .filter(|p| seen.insert(*p))
        .collect();
    if unique.is_empty() {
        return;
    }
    let mut detail = unique.join(", ");
    if detail.len() > SYMLINK_DETAIL_MAX {
        let mut cut = SYMLINK_DETAIL_MAX;
        while !detail.is_char_boundary(cut) {
            cut -= 1;
        }
        detail = format!("{} ... ({} total)", &detail[..cut], unique.len());
    }
    acc.warn(format!(
        "symlinks detected in git: {detail} — verify these are intentional, not accidental (e.g. node_modules)"
    ));
}

/// The failed commands of a gate run (not skipped, exit code not 0).
fn failed_commands(ev: &VerifyEvidence, with_summary: bool) -> String {
    ev.commands
        .iter()
        .flatten()
        .filter(|c| c.exit_code != 0 && !c.skipped)
        .map(|c| {
            if with_summary {
                format!("{} (exit {}): {}", c.command, c.exit_code, c.summary)
            } else {
                format!("{} (exit {})", c.command, c.exit_code)
            }
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The build gate (settings' build and lint commands, run by the caller in coding/amending)
/// must pass.
fn build_gate(ev: Option<&VerifyEvidence>, acc: &mut Acc) {
    if let Some(ev) = ev.filter(|e| !e.passed) {
        acc.fail(format!("build-gate failed: {}", failed_commands(ev, true)));
    }
}

/// The docs gate (settings' `docs_check`) only warns.
fn docs_gate(ev: Option<&VerifyEvidence>, acc: &mut Acc) {
    if let Some(ev) = ev.filter(|e| !e.passed) {
        acc.warn(format!(
            "docs-gate: docs/i18n verification reported issues (see docs-gate.json), fix before finishing: {}",
            failed_commands(ev, false)
        ));
    }
}

/// Every value of the test strategy's `ac_verify_map` (ascending criterion id) is a verify type.
fn test_strategy_verify_types(ts: Option<&TestStrategy>, acc: &mut Acc) {
    let valid = VERIFY_TYPES
        .iter()
        .map(|(w, _)| *w)
        .collect::<Vec<_>>()
        .join(", ");
    for (id, vt) in ts
        .and_then(|t| t.ac_verify_map.as_ref())
        .into_iter()
        .flatten()
    {
        if verify_type(vt).is_none() {
            acc.fail(format!(
                "test-strategy.yaml: ac_verify_map[{id}] has invalid verify_type {} (valid: {valid})",
                quote(vt)
            ));
        }
    }
}

#[cfg(test)]
mod tests;
