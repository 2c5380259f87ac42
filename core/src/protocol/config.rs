//! `Config`, `UserConfig` and the profile, runner, role, repo and hook shapes of
//! `.4x/settings.json`, with the seed's JSON tags and Go's zero-value rules.
//!
//! Decides how these shapes are read (Go `encoding/json`: zero values, nil vs empty, legacy
//! profiles normalised at read time) and written (declaration order, `omitempty`, struct
//! fields never omitted, sorted map keys). Leaves merging, validation and resolution to
//! [`crate::resolve`], and files to the workspace.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::error::{Error, Result};
use crate::protocol::codec::gojson::{self, Layout};
use crate::protocol::codec::gojson_decode::GoValue;
use crate::protocol::codec::gostruct::{self, go_struct, GoDecode};
use crate::protocol::state::{Phase, Role};

/// The selectable (profile) phases in canonical pipeline order (Go `SelectablePhases`), the
/// phases profile normalisation and validation work with: [`Phase::SELECTABLE`], the one copy
/// the state machine's `phase.is_selectable` reads too. Profiles carry phase names as data, so
/// unknown strings stay valid.
pub const SELECTABLE_PHASES: &[Phase] = Phase::SELECTABLE;

/// Role → phase (Go `EnablesRole` and legacy profile normalisation). Every other role has no
/// phase; the inverse on the selectable phases is Go `PhaseRole`.
pub const ROLE_PHASES: [(Role, Phase); 8] = [
    (Role::Designer, Phase::Designing),
    (Role::DesignReviewer, Phase::DesignReviewing),
    (Role::Coder, Phase::Coding),
    (Role::Reviewer, Phase::Reviewing),
    (Role::DeepReviewer, Phase::DeepReviewing),
    (Role::Tester, Phase::Testing),
    (Role::Fixer, Phase::Fixing),
    (Role::Acceptor, Phase::Accepting),
];

/// The phase a role string enables, if it has one.
pub fn role_phase(role: &str) -> Option<&'static str> {
    ROLE_PHASES
        .iter()
        .find(|(r, _)| r.as_str() == role)
        .map(|(_, p)| p.as_str())
}

/// The role string that runs a selectable phase; `""` for any other phase (amending included).
pub fn phase_role(phase: &str) -> &'static str {
    ROLE_PHASES
        .iter()
        .find(|(_, p)| p.as_str() == phase)
        .map_or("", |(r, _)| r.as_str())
}

/// Whether `phase` is one of [`SELECTABLE_PHASES`].
pub fn is_selectable_phase(phase: &str) -> bool {
    SELECTABLE_PHASES.iter().any(|p| p.as_str() == phase)
}

go_struct! {
    /// The project section of settings.json.
    pub struct ProjectConfig {
        /// Project name (required by validation).
        name: String => "name";
        /// Free-text description.
        description: String => "description", omitempty;
        /// Main language.
        language: String => "language", omitempty;
        /// Setup commands.
        setup: Option<Vec<String>> => "setup", omitempty;
        /// Build commands.
        build: Option<Vec<String>> => "build", omitempty;
        /// Test commands.
        test: Option<Vec<String>> => "test", omitempty;
        /// Lint commands.
        lint: Option<Vec<String>> => "lint", omitempty;
        /// Documentation check commands.
        docs_check: Option<Vec<String>> => "docs_check", omitempty;
        /// Documentation files.
        docs: Option<Vec<String>> => "docs", omitempty;
        /// Project rules.
        rules: Option<Vec<String>> => "rules", omitempty;
        /// Included files.
        includes: Option<Vec<String>> => "includes", omitempty;
    }
}

go_struct! {
    /// How to start one agent runner (CLI).
    pub struct RunnerConfig {
        /// Executable.
        command: String => "command";
        /// Arguments; `None` is written as `null` (no omitempty).
        args: Option<Vec<String>> => "args";
        /// Default tier (or model) of the runner.
        model: String => "model", omitempty;
        /// Tier → model name for this runner.
        tiers: Option<BTreeMap<String, String>> => "tiers", omitempty;
        /// Feed the prompt on stdin (tri-state).
        stdin: Option<bool> => "stdin", omitempty;
        /// Run under a TTY (tri-state).
        tty: Option<bool> => "tty", omitempty;
        /// Quiet mode (tri-state).
        quiet: Option<bool> => "quiet", omitempty;
        /// Output format name.
        output_format: String => "output_format", omitempty;
        /// Transient-error retries: `None` = default 3, 0 = none, > 0 = limit.
        transient_retries: Option<i64> => "transient_retries", omitempty;
    }
}

go_struct! {
    /// Per-role settings.
    pub struct RoleConfig {
        /// Tier of the role's model.
        model: String => "model", omitempty;
        /// Tier of the role's deep (deep-review) model.
        deep_model: String => "deep_model", omitempty;
        /// Where screenshots go.
        screenshot_dir: String => "screenshot_dir", omitempty;
        /// Extra instructions.
        instructions: Option<Vec<String>> => "instructions", omitempty;
        /// Extra included files.
        includes: Option<Vec<String>> => "includes", omitempty;
        /// Maximum fix rounds (≤ 0: default 2).
        max_fix_rounds: i64 => "max_fix_rounds", omitempty;
        /// Parallel deep reviewers (≤ 0: default 1).
        parallel_reviewers: i64 => "parallel_reviewers", omitempty;
        /// Angles per reviewer (≤ 0: automatic).
        angles_per_reviewer: i64 => "angles_per_reviewer", omitempty;
        /// Path rule → deep-review angles.
        angle_mapping: Option<BTreeMap<String, Option<Vec<i64>>>> => "angle_mapping", omitempty;
        /// The runner of the role's phase for the whole run (4x ≥ 0.5.0, cross-model review):
        /// below the profile's phase runner, above `default_runner`. Not a seed key.
        runner: String => "runner", omitempty;
    }
}

go_struct! {
    /// A run's spending limits (`budget` of the config and of a feature);
    /// a value ≤ 0 is no limit. Not a seed key.
    pub struct Budget {
        /// Most USD the run's agents may cost.
        max_cost_usd: f64 => "max_cost_usd", omitempty;
        /// Most tokens the run's agents may use.
        max_tokens: i64 => "max_tokens", omitempty;
        /// Most agent runs (runs that exited).
        max_agent_runs: i64 => "max_agent_runs", omitempty;
    }
}

go_struct! {
    /// One repository of a multi-repo workspace.
    pub struct RepoConfig {
        /// Path relative to the workspace root.
        path: String => "path";
        /// Whether the repo is a hub repo.
        hub: bool => "hub", omitempty;
    }
}

go_struct! {
    /// The workspace section: named repositories.
    pub struct WorkspaceConfig {
        /// Repository name → repo.
        repos: Option<BTreeMap<String, RepoConfig>> => "repos", omitempty;
    }
}

go_struct! {
    /// One hook command (Go `feature.HookEntry`).
    pub struct HookEntry {
        /// Shell command.
        run: String => "run";
        /// Failure policy (`""` means block).
        on_fail: String => "on_fail", omitempty;
    }
}

go_struct! {
    /// One phase of a pipeline profile with its optional runner and model-tier override.
    pub struct PhaseSpec {
        /// Phase name.
        phase: String => "phase";
        /// Runner override.
        runner: String => "runner", omitempty;
        /// Model-tier override.
        model: String => "model", omitempty;
    }
}

go_struct! {
    /// A pipeline profile: which phases run. Legacy `roles`/`coder_model` profiles are normalised
    /// into `phases` as soon as they are read and kept for round-trips.
    pub struct ProfileConfig {
        /// Enabled phases with per-phase overrides.
        phases: Option<Vec<PhaseSpec>> => "phases", omitempty;
        /// Deprecated: enabled roles.
        roles: Option<Vec<String>> => "roles", omitempty;
        /// Deprecated: the coder's model.
        coder_model: String => "coder_model", omitempty;
    }
    after_decode = ProfileConfig::normalize;
}

impl ProfileConfig {
    /// A profile with exactly these phases, no overrides.
    pub fn with_phases(phases: &[&str]) -> Self {
        ProfileConfig {
            phases: Some(
                phases
                    .iter()
                    .map(|p| PhaseSpec {
                        phase: (*p).to_string(),
                        ..PhaseSpec::default()
                    })
                    .collect(),
            ),
            ..ProfileConfig::default()
        }
    }

    /// The phase entries (empty when nil).
    pub fn phase_specs(&self) -> &[PhaseSpec] {
        self.phases.as_deref().unwrap_or(&[])
    }

    /// Legacy normalisation: when `phases` is empty and `roles` is not, append one entry
    /// per role that has a phase, in order (the coder's entry takes a non-empty `coder_model`).
    /// Idempotent; `roles` and `coder_model` are kept.
    pub fn normalize(&mut self) {
        if !self.phase_specs().is_empty() {
            return;
        }
        let Some(roles) = self.roles.as_ref().filter(|r| !r.is_empty()) else {
            return;
        };
        let phases: Vec<PhaseSpec> = roles
            .iter()
            .filter_map(|role| {
                role_phase(role).map(|phase| PhaseSpec {
                    phase: phase.to_string(),
                    runner: String::new(),
                    model: if role == "coder" {
                        self.coder_model.clone()
                    } else {
                        String::new()
                    },
                })
            })
            .collect();
        // Go appends to the nil slice: no matching role leaves it nil.
        self.phases = if phases.is_empty() && self.phases.is_none() {
            None
        } else {
            Some(phases)
        };
    }

    /// A normalised copy.
    pub fn normalized(&self) -> Self {
        let mut p = self.clone();
        p.normalize();
        p
    }

    /// Whether some entry has exactly this phase string (Go `EnablesPhase` / `HasPhase`).
    pub fn has_phase(&self, phase: &str) -> bool {
        self.phase_specs().iter().any(|s| s.phase == phase)
    }

    /// Whether the profile enables the role's phase; a role with no phase is never enabled.
    pub fn enables_role(&self, role: &str) -> bool {
        role_phase(role).is_some_and(|p| self.has_phase(p))
    }

    /// The selectable phases this profile enables, in canonical order.
    pub fn enabled_phases(&self) -> Vec<&'static str> {
        SELECTABLE_PHASES
            .iter()
            .map(|p| p.as_str())
            .filter(|p| self.has_phase(p))
            .collect()
    }

    /// The first entry for `phase` (a later duplicate is never read).
    pub fn spec_for(&self, phase: &str) -> Option<&PhaseSpec> {
        self.phase_specs().iter().find(|s| s.phase == phase)
    }
}

go_struct! {
    /// Environment check before the testing phase.
    pub struct HealthCheck {
        /// Check commands (no omitempty).
        commands: Option<Vec<String>> => "commands";
        /// Recovery commands.
        recovery: Option<Vec<String>> => "recovery", omitempty;
        /// Timeout in seconds.
        timeout: i64 => "timeout", omitempty;
    }
}

go_struct! {
    /// A project override of a built-in test profile.
    pub struct TestProfileOverride {
        /// Inline content.
        content: String => "content", omitempty;
        /// Included file.
        include: String => "include", omitempty;
    }
}

go_struct! {
    /// Extra protection when the harness works on itself.
    pub struct SelfModSettings {
        /// Protected paths.
        protected_paths: Option<Vec<String>> => "protected_paths", omitempty;
        /// Maximum diff lines per round.
        max_diff_lines: i64 => "max_diff_lines", omitempty;
        /// Whether tests are required (tri-state).
        require_tests: Option<bool> => "require_tests", omitempty;
    }
}

go_struct! {
    /// The evolve pipeline's value gate and convergence limits.
    pub struct EvolutionConfig {
        /// Minimum value score.
        value_floor: f64 => "value_floor", omitempty;
        /// Maximum accepted candidates per run.
        max_accept_per_run: i64 => "max_accept_per_run", omitempty;
        /// Maximum undone backlog entries.
        max_backlog_undone: i64 => "max_backlog_undone", omitempty;
        /// Gate runner.
        gate_runner: String => "gate_runner", omitempty;
        /// Gate model.
        gate_model: String => "gate_model", omitempty;
        /// Dedupe threshold.
        dedup_threshold: f64 => "dedup_threshold", omitempty;
        /// Maximum idle rounds (tri-state pointer).
        max_idle_rounds: Option<i64> => "max_idle_rounds", omitempty;
        /// Maximum idle days of a candidate (tri-state pointer).
        candidate_max_idle_days: Option<i64> => "candidate_max_idle_days", omitempty;
    }
}

go_struct! {
    /// Issue-tracker integration.
    pub struct IssueTrackerConfig {
        /// On or off (always written).
        enabled: bool => "enabled";
    }
}

go_struct! {
    /// Scaffold-worktree settings.
    pub struct WorktreeConfig {
        /// Commands run after scaffolding a worktree.
        post_scaffold: Option<Vec<String>> => "post_scaffold", omitempty;
    }
}

go_struct! {
    /// The project config, `.4x/settings.json` (Go `Config`).
    pub struct Config {
        /// Project section.
        project: ProjectConfig => "project";
        /// Runner name → runner.
        runners: Option<BTreeMap<String, RunnerConfig>> => "runners";
        /// Default runner name.
        default_runner: String => "default_runner";
        /// Role name → role settings.
        roles: Option<BTreeMap<String, RoleConfig>> => "roles", omitempty;
        /// Project rules.
        rules: Option<Vec<String>> => "rules", omitempty;
        /// Hub repositories.
        hub_repos: Option<Vec<String>> => "hub_repos", omitempty;
        /// Isolation mode (`""` or `worktree`).
        isolation: String => "isolation", omitempty;
        /// Maximum concurrent runs.
        max_concurrent_runs: i64 => "max_concurrent_runs", omitempty;
        /// Commit policy (`""`, `per-round`, `on-done`, `never`).
        commit: String => "commit", omitempty;
        /// Tier → runner → model.
        model_tiers: Option<BTreeMap<String, Option<BTreeMap<String, String>>>> => "model_tiers", omitempty;
        /// Workspace repositories (a struct: always written).
        workspace: WorkspaceConfig => "workspace", omitempty;
        /// Hook point → hooks.
        hooks: Option<BTreeMap<String, Option<Vec<HookEntry>>>> => "hooks", omitempty;
        /// Pipeline profiles by name.
        profiles: Option<BTreeMap<String, ProfileConfig>> => "profiles", omitempty;
        /// Default pipeline profile name.
        default_profile: String => "default_profile", omitempty;
        /// Reviewer and tester in parallel.
        parallel_review_test: bool => "parallel_review_test", omitempty;
        /// Pre-testing health check.
        health_check: Option<HealthCheck> => "health_check", omitempty;
        /// Test profile overrides by name.
        test_profiles: Option<BTreeMap<String, TestProfileOverride>> => "test_profiles", omitempty;
        /// Create discovered features automatically.
        auto_discover_features: bool => "auto_discover_features", omitempty;
        /// Maximum discovered features per run (≤ 0: default 3).
        max_discovered_features: i64 => "max_discovered_features", omitempty;
        /// Enrich discovered features.
        enrich_discovered_features: bool => "enrich_discovered_features", omitempty;
        /// Auto-approve enriched features.
        enrich_auto_approve: bool => "enrich_auto_approve", omitempty;
        /// Feature id prefix.
        feature_id_prefix: String => "feature_id_prefix", omitempty;
        /// Feature id digits.
        feature_id_digits: i64 => "feature_id_digits", omitempty;
        /// Extra design-doc directories.
        design_doc_dirs: Option<Vec<String>> => "design_doc_dirs", omitempty;
        /// OS notifications (nil = enabled).
        notifications: Option<bool> => "notifications", omitempty;
        /// Self-modification guard.
        self_mod_guard: Option<SelfModSettings> => "self_mod_guard", omitempty;
        /// Evolution settings.
        evolution: Option<EvolutionConfig> => "evolution", omitempty;
        /// Issue tracker (a struct: always written).
        issue_tracker: IssueTrackerConfig => "issue_tracker", omitempty;
        /// Worktree settings (a struct: always written).
        worktree: WorktreeConfig => "worktree", omitempty;
        /// Spending limits of a run (not a seed key).
        budget: Option<Budget> => "budget", omitempty;
        /// Phases before whose agent the run asks a person (not a seed key).
        approval_gates: Option<Vec<String>> => "approval_gates", omitempty;
        /// How long a gate waits for an answer, ms (≤ 0: no limit; not a seed key).
        approval_timeout_ms: i64 => "approval_timeout_ms", omitempty;
    }
}

go_struct! {
    /// The user config, `~/.4x/settings.json` (Go `UserConfig`).
    pub struct UserConfig {
        /// UI locale.
        locale: String => "locale", omitempty;
        /// UI theme.
        theme: String => "theme", omitempty;
        /// Default runner name.
        default_runner: String => "default_runner", omitempty;
        /// Runner name → runner.
        runners: Option<BTreeMap<String, RunnerConfig>> => "runners", omitempty;
        /// Role name → role settings.
        roles: Option<BTreeMap<String, RoleConfig>> => "roles", omitempty;
        /// Log level.
        log_level: String => "logLevel", omitempty;
        /// Log retention in days.
        log_retain_days: i64 => "logRetainDays", omitempty;
        /// OS notifications.
        notifications: Option<bool> => "notifications", omitempty;
        /// Self-modification guard.
        self_mod_guard: Option<SelfModSettings> => "self_mod_guard", omitempty;
    }
}

go_struct! {
    /// A built-in runner preset (Go `RunnerPreset`).
    pub struct RunnerPreset {
        /// Runner name.
        name: String => "name";
        /// Its config.
        config: RunnerConfig => "config";
    }
}

/// Decodes an op-input value (named `path` in errors) with Go's rules; a wrong type is
/// `invalid_input`.
pub fn decode<T: GoDecode>(v: &Value, path: &str) -> Result<T> {
    gostruct::decode_value(v, path)
}

/// Decodes a value of the Go text decoder ([`parse`](crate::protocol::codec::gojson_decode::parse), duplicates and number
/// literals kept) with Go's rules, as `json.Unmarshal` fills a zero value.
pub fn decode_go<T: GoDecode>(v: &GoValue, path: &str) -> Result<T> {
    T::go_decode(v, path)
}

/// The JSON value Go would write for `v` (declaration order, omitempty, sorted map keys).
///
/// Fails (`invalid_input`) only for a value JSON cannot hold, such as a non-finite float.
pub fn encode<T: serde::Serialize>(v: &T) -> Result<Value> {
    serde_json::to_value(v).map_err(|e| Error::invalid_input(format!("cannot write as JSON: {e}")))
}

/// `json.MarshalIndent(v, "", "  ")` plus a trailing newline: the bytes Go's `WriteConfig` and
/// `WriteUserConfig` write.
pub fn render_indented<T: serde::Serialize>(v: &T) -> Result<String> {
    let value = encode(v)?;
    let mut text = gojson::write_value(&value, Layout::Indented);
    text.push('\n');
    Ok(text)
}

impl Config {
    /// Builds a config from its JSON value with exactly the rules the `pipeline.resolve` op
    /// applies to its `config` input: Go's decoding (case-insensitive keys, unknown keys
    /// ignored, a wrong type is `invalid_input`), legacy profiles normalised, and no validation
    /// (so `project.name` is not required; [`crate::resolve::validate_config`] checks that).
    ///
    /// ```
    /// use fourx_core::protocol::config::Config;
    ///
    /// let cfg = Config::from_json(&serde_json::json!({"default_runner": "claude"}))?;
    /// assert_eq!(cfg.default_runner, "claude");
    /// assert!(Config::from_json(&serde_json::json!({"default_runner": 7})).is_err());
    /// # Ok::<(), fourx_core::Error>(())
    /// ```
    pub fn from_json(v: &Value) -> Result<Config> {
        decode(v, "config")
    }

    /// Whether OS notifications are on: nil means enabled (Go `NotificationsEnabled`).
    pub fn notifications_enabled(&self) -> bool {
        self.notifications.unwrap_or(true)
    }

    /// The runners map (empty when nil).
    pub fn runner_map(&self) -> &BTreeMap<String, RunnerConfig> {
        static EMPTY: BTreeMap<String, RunnerConfig> = BTreeMap::new();
        self.runners.as_ref().unwrap_or(&EMPTY)
    }

    /// The role settings for `role`, if configured.
    pub fn role(&self, role: &str) -> Option<&RoleConfig> {
        self.roles.as_ref().and_then(|r| r.get(role))
    }

    /// The config profile named `name`, if configured.
    pub fn profile(&self, name: &str) -> Option<&ProfileConfig> {
        self.profiles.as_ref().and_then(|p| p.get(name))
    }

    /// The workspace repos (empty when nil).
    pub fn repos(&self) -> &BTreeMap<String, RepoConfig> {
        static EMPTY: BTreeMap<String, RepoConfig> = BTreeMap::new();
        self.workspace.repos.as_ref().unwrap_or(&EMPTY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::codec::gojson_decode;
    use serde_json::json;

    fn cfg(v: Value) -> Config {
        decode(&v, "config").unwrap()
    }

    #[test]
    fn zero_config_writes_struct_fields_and_null_nil_maps() {
        let text = gojson::write_value(&encode(&Config::default()).unwrap(), Layout::Compact);
        assert_eq!(
            text,
            r#"{"project":{"name":""},"runners":null,"default_runner":"","workspace":{},"issue_tracker":{"enabled":false},"worktree":{}}"#
        );
    }

    #[test]
    fn runner_args_nil_is_null_and_empty_is_kept() {
        let c = cfg(json!({"runners": {"a": {"command": "a"}, "b": {"command": "b", "args": []}}}));
        let v = encode(&c).unwrap();
        assert_eq!(v["runners"]["a"]["args"], Value::Null);
        assert_eq!(v["runners"]["b"]["args"], json!([]));
    }

    #[test]
    fn tri_state_false_is_written_and_nil_is_omitted() {
        let c = cfg(json!({"runners": {"a": {"command": "a", "tty": false}}}));
        let v = encode(&c).unwrap();
        assert_eq!(v["runners"]["a"]["tty"], json!(false));
        assert!(v["runners"]["a"].get("stdin").is_none());
    }

    #[test]
    fn legacy_profiles_are_normalised_at_read_and_keep_roles() {
        let c = cfg(
            json!({"profiles": {"p": {"roles": ["coder", "mini-coder", "tester", "coder"], "coder_model": "opus"}}}),
        );
        let v = encode(&c).unwrap();
        assert_eq!(
            v["profiles"]["p"],
            json!({"phases": [{"phase": "coding", "model": "opus"}, {"phase": "testing"}, {"phase": "coding", "model": "opus"}],
                   "roles": ["coder", "mini-coder", "tester", "coder"], "coder_model": "opus"})
        );
    }

    #[test]
    fn normalisation_is_idempotent_and_skips_profiles_with_phases() {
        let mut p = ProfileConfig {
            phases: Some(vec![PhaseSpec {
                phase: "coding".into(),
                ..PhaseSpec::default()
            }]),
            roles: Some(vec!["tester".into()]),
            coder_model: String::new(),
        };
        let before = p.clone();
        p.normalize();
        assert_eq!(p, before);
        let mut q = ProfileConfig {
            roles: Some(vec!["reviewer".into()]),
            ..ProfileConfig::default()
        };
        q.normalize();
        let once = q.clone();
        q.normalize();
        assert_eq!(q, once);
    }

    #[test]
    fn map_keys_are_sorted_bytewise_and_nested_nil_lists_stay_null() {
        let c = cfg(
            json!({"hooks": {"b": null, "a": []}, "model_tiers": {"z": {"r": "m"}, "B": null}}),
        );
        let text = gojson::write_value(&encode(&c).unwrap(), Layout::Compact);
        assert!(
            text.contains(r#""model_tiers":{"B":null,"z":{"r":"m"}}"#),
            "{text}"
        );
        assert!(text.contains(r#""hooks":{"a":[],"b":null}"#), "{text}");
    }

    #[test]
    fn wrong_types_are_invalid_input() {
        let e = decode::<Config>(&json!({"project": {"name": 3}}), "config").unwrap_err();
        assert_eq!(e.kind, crate::ErrorKind::InvalidInput);
        assert_eq!(e.field.as_deref(), Some("config.project.name"));
        assert!(decode::<Config>(&json!({"runners": []}), "config").is_err());
    }

    #[test]
    fn settings_text_round_trips_byte_for_byte() {
        let text = "{\n  \"project\": {\n    \"name\": \"demo\",\n    \"language\": \"go\"\n  },\n  \"runners\": {\n    \"claude\": {\n      \"command\": \"claude\",\n      \"args\": null,\n      \"tiers\": {\n        \"opus\": \"opus\"\n      },\n      \"tty\": false\n    }\n  },\n  \"default_runner\": \"claude\",\n  \"workspace\": {},\n  \"evolution\": {\n    \"value_floor\": 0.1\n  },\n  \"issue_tracker\": {\n    \"enabled\": false\n  },\n  \"worktree\": {}\n}\n";
        let go = gojson_decode::parse(text.as_bytes()).unwrap();
        let c: Config = decode_go(&go, "settings.json").unwrap();
        assert_eq!(render_indented(&c).unwrap(), text);
    }

    #[test]
    fn spec_example_settings_files_round_trip_byte_for_byte() {
        let project = "{\n  \"project\": {\n    \"name\": \"demo\"\n  },\n  \"runners\": null,\n  \"default_runner\": \"claude\",\n  \"workspace\": {},\n  \"issue_tracker\": {\n    \"enabled\": false\n  },\n  \"worktree\": {}\n}\n";
        let c: Config = decode_go(&gojson_decode::parse(project.as_bytes()).unwrap(), "p").unwrap();
        assert_eq!(render_indented(&c).unwrap(), project);
        let user = "{\n  \"locale\": \"zh-TW\",\n  \"theme\": \"dark\",\n  \"default_runner\": \"claude\",\n  \"logLevel\": \"debug\",\n  \"logRetainDays\": 3\n}\n";
        let u: UserConfig =
            decode_go(&gojson_decode::parse(user.as_bytes()).unwrap(), "u").unwrap();
        assert_eq!(render_indented(&u).unwrap(), user);
    }

    #[test]
    fn duplicate_struct_keys_merge_like_go() {
        let go =
            gojson_decode::parse(br#"{"project": {"name": "a"}, "project": {"language": "go"}}"#)
                .unwrap();
        let c: Config = decode_go(&go, "config").unwrap();
        assert_eq!(
            (c.project.name.as_str(), c.project.language.as_str()),
            ("a", "go")
        );
    }

    #[test]
    fn keys_match_case_insensitively_like_go() {
        let c = cfg(json!({"Default_Runner": "x"}));
        assert_eq!(c.default_runner, "x");
    }

    #[test]
    fn render_is_indented_with_trailing_newline() {
        let text = render_indented(&cfg(json!({"project": {"name": "p"}}))).unwrap();
        assert!(text
            .starts_with("{\n  \"project\": {\n    \"name\": \"p\"\n  },\n  \"runners\": null,"));
        assert!(text.ends_with("}\n"));
    }

    #[test]
    fn user_config_uses_camel_case_log_keys() {
        let u: UserConfig =
            decode(&json!({"logLevel": "debug", "logRetainDays": 7}), "user").unwrap();
        assert_eq!(
            encode(&u).unwrap(),
            json!({"logLevel": "debug", "logRetainDays": 7})
        );
    }

    #[test]
    fn phase_role_tables_are_inverse_on_selectable_phases() {
        for p in SELECTABLE_PHASES {
            assert_eq!(role_phase(phase_role(p.as_str())), Some(p.as_str()));
        }
        let phases: Vec<_> = SELECTABLE_PHASES.iter().map(|p| p.as_str()).collect();
        assert_eq!(
            phases,
            [
                "designing",
                "design-reviewing",
                "coding",
                "reviewing",
                "testing",
                "deep-reviewing",
                "fixing",
                "accepting"
            ]
        );
        assert_eq!(phase_role("amending"), "");
        assert_eq!(role_phase("mini-coder"), None);
    }
}
