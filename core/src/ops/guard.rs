//! The op table of the guards (`guard.check`, `guard.testing_to_accepting`): JSON adapters over
//! [`crate::guard`]. Their result is the `guard` of a conductor `agent_exit` outcome as it is.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::OpInfo;
use crate::conductor::Files;
use crate::error::{Error, ErrorKind as K, Result};
use crate::features::run_files::VerifyEvidence;
use crate::guard::{self, ChangedPath, CheckInput, StateSelfMod, TestingInput, Verdict};
use crate::protocol::config::Config;
use crate::protocol::feature::{Feature, TestStrategy};
use crate::protocol::state::Phase;

type In = Map<String, Value>;

const VERDICT: &[&str] = &["-> Verdict"];

/// The ops of this area, one line each.
#[rustfmt::skip]
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("guard.check", "4x's guard.Check: required files, baseline, the diff's repo scope, self-modification, dependencies, symlinks, build/docs gates, verify types.", &["config: Config", "feature: Feature", "phase?: str = ~the phase of `state`; without either the op refuses the input", "changed_files: [GuardChangedFile] | str", "profile?: str = ~the profile of `state`, else \"\" (resolved as a run without --profile)", "round?: int = ~the round of `state`, else 0", "feature_files?: {str | null} = {}", "round_files?: {str | null} = ~the state round's directory does not exist: in accepting, pending-review and done the tester's gate is not run again", "test_strategy?: TestStrategy = ~the feature has no test strategy (no e2e_repos, no ac_verify_map)", "test_strategy_error?: str = ~the test strategy was read, or there is none", "testing_has_run?: bool = false", "dependencies?: {str} = {}", "symlinks?: [str] = []", "build_gate?: VerifyEvidence = ~the build gate did not run", "docs_gate?: VerifyEvidence = ~the docs gate did not run", "screenshot_exists?: bool = false", "state?: State = {}"], VERDICT, &[K::InvalidInput], check_op),
    OpInfo::new("guard.testing_to_accepting", "4x's CheckTestingToAccepting: the tester's reports, verify.json, per-criterion evidence, screenshots, manual checks, self-mod tests.", &["round?: int = ~the round of `state`; without either the op refuses the input", "round_files?: {str | null} = {}", "feature_files?: {str | null} = {}", "config?: Config = {}", "test_strategy?: TestStrategy = ~the feature has no test strategy (no ac_verify_map, no manual checks)", "test_strategy_error?: str = ~the test strategy was read, or there is none", "screenshot_exists?: bool = false", "state?: State = {}"], VERDICT, &[K::InvalidInput], testing_op),
];

fn typed<T: DeserializeOwned>(v: &Value, key: &str) -> Result<T> {
    T::deserialize(v)
        .map_err(|e| Error::invalid_input(format!("input key `{key}`: {e}")).with_field(key))
}

fn req<T: DeserializeOwned>(m: &In, key: &str) -> Result<T> {
    match m.get(key) {
        None | Some(Value::Null) => {
            Err(Error::invalid_input(format!("input key `{key}` is required")).with_field(key))
        }
        Some(v) => typed(v, key),
    }
}

fn opt<T: DeserializeOwned>(m: &In, key: &str) -> Result<Option<T>> {
    match m.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => typed(v, key).map(Some),
    }
}

fn verdict_json(v: &Verdict) -> Result<Value> {
    serde_json::to_value(v)
        .map_err(|e| Error::invalid_input(format!("verdict cannot be written as JSON: {e}")))
}

/// The keys of an input `state` (a whole state.json object fits) that stand in for `phase`,
/// `profile` and `round` when those are left out.
#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct StateKeys {
    phase: Option<String>,
    profile: Option<String>,
    round: Option<i64>,
}

fn state_keys(m: &In) -> Result<StateKeys> {
    Ok(opt(m, "state")?.unwrap_or_default())
}

/// `key`, else the state's value of it; neither is `invalid_input` naming `key`.
fn from_state<T: DeserializeOwned>(m: &In, key: &str, state: Option<T>) -> Result<T> {
    match opt(m, key)? {
        Some(v) => Ok(v),
        None => state.ok_or_else(|| {
            Error::invalid_input(format!(
                "input key `{key}` is required (or a `state` that has it)"
            ))
            .with_field(key)
        }),
    }
}

fn phase(m: &In, st: &StateKeys) -> Result<Phase> {
    let word: String = from_state(m, "phase", st.phase.clone())?;
    Phase::from_name(&word).ok_or_else(|| {
        Error::invalid_input(format!(
            "input key `phase`: unknown phase {word:?}; one of {}",
            Phase::WORDS.join(", ")
        ))
        .with_field("phase")
    })
}

/// `changed_files`: the entries, or `git diff --name-status` text ([`guard::parse_name_status`]).
fn changed_files(m: &In) -> Result<Vec<ChangedPath>> {
    match m.get("changed_files") {
        Some(Value::String(text)) => {
            guard::parse_name_status(text).map_err(|e| e.with_field("changed_files"))
        }
        _ => req(m, "changed_files"),
    }
}

fn check_op(m: &In) -> Result<Value> {
    let config: Config = req(m, "config")?;
    let feature: Feature = req(m, "feature")?;
    let st = state_keys(m)?;
    let phase = phase(m, &st)?;
    let changed = changed_files(m)?;
    let profile: String = from_state(m, "profile", Some(st.profile.unwrap_or_default()))?;
    let round: i64 = from_state(m, "round", Some(st.round.unwrap_or(0)))?;
    let feature_files: Files = opt(m, "feature_files")?.unwrap_or_default();
    let round_files: Option<Files> = opt(m, "round_files")?;
    let test_strategy: Option<TestStrategy> = opt(m, "test_strategy")?;
    let test_strategy_error: Option<String> = opt(m, "test_strategy_error")?;
    let dependencies: BTreeMap<String, String> = opt(m, "dependencies")?.unwrap_or_default();
    let symlinks: Vec<String> = opt(m, "symlinks")?.unwrap_or_default();
    let build_gate: Option<VerifyEvidence> = opt(m, "build_gate")?;
    let docs_gate: Option<VerifyEvidence> = opt(m, "docs_gate")?;
    let state: StateSelfMod = opt(m, "state")?.unwrap_or_default();
    let verdict = guard::check(&CheckInput {
        config: &config,
        feature: &feature,
        phase,
        profile: &profile,
        round,
        changed_files: &changed,
        feature_files: &feature_files,
        round_files: round_files.as_ref(),
        test_strategy: test_strategy.as_ref(),
        test_strategy_error: test_strategy_error.as_deref(),
        testing_has_run: opt(m, "testing_has_run")?.unwrap_or(false),
        dependencies: &dependencies,
        symlinks: &symlinks,
        build_gate: build_gate.as_ref(),
        docs_gate: docs_gate.as_ref(),
        screenshot_exists: opt(m, "screenshot_exists")?.unwrap_or(false),
        state: &state,
    });
    verdict_json(&verdict)
}

fn testing_op(m: &In) -> Result<Value> {
    let round: i64 = from_state(m, "round", state_keys(m)?.round)?;
    let round_files: Files = opt(m, "round_files")?.unwrap_or_default();
    let feature_files: Files = opt(m, "feature_files")?.unwrap_or_default();
    let config: Config = opt(m, "config")?.unwrap_or_default();
    let test_strategy: Option<TestStrategy> = opt(m, "test_strategy")?;
    let test_strategy_error: Option<String> = opt(m, "test_strategy_error")?;
    let state: StateSelfMod = opt(m, "state")?.unwrap_or_default();
    let verdict = guard::testing_to_accepting(&TestingInput {
        round,
        feature_files: &feature_files,
        round_files: &round_files,
        test_strategy: test_strategy.as_ref(),
        test_strategy_error: test_strategy_error.as_deref(),
        screenshot_exists: opt(m, "screenshot_exists")?.unwrap_or(false),
        state: &state,
        config: &config,
    });
    verdict_json(&verdict)
}
