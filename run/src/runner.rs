//! The run loop: claim, start or resume, then persist → prepare → execute → apply until the
//! conductor ends the run, then release. Every rule is an op of the core; this module is the I/O.
//!
//! Decides the crash protocol (a journal written before each step is persisted, so a run killed
//! at any point continues with exactly the decision it was at) and how each decision kind and
//! prepare action meets the world. What the decisions are is the conductor's.

use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};

use fourx_core::conductor::resume::{FEATURE_FILES, MAX_PARTIALS, ROUND_FILES};
use fourx_core::{ops, Error, ErrorKind, Result};

use crate::files::{self, Found};
use crate::world::{Shell, World};
use crate::{
    Agent, AgentCall, AgentResult, RunOptions, RunResult, DEFAULT_HOOK_TIMEOUT_S, DEFAULT_TTL_MS,
};

/// The journal in the feature folder: the step being persisted and executed, written before
/// its state and events, removed when the run ends: a killed run continues from it.
pub const JOURNAL_FILE: &str = "runner-journal.json";

/// The 4x roles whose transcript is a cc10x agent's output, and that agent (the mapping table of docs/spec/conductor.md).
/// `round-summarizer` maps to none: its output is not checked.
pub const CC10X_AGENTS: &[(&str, &str)] = &[
    ("designer", "planner"),
    ("design-reviewer", "plan-gap-reviewer"),
    ("coder", "component-builder"),
    ("mini-coder", "component-builder"),
    ("fixer", "component-builder"),
    ("reviewer", "code-reviewer"),
    ("re-verifier", "code-reviewer"),
    ("tester", "integration-verifier"),
    ("acceptor", "integration-verifier"),
    ("deep-reviewer", "silent-failure-hunter"),
    ("synthesizer", "silent-failure-hunter"),
];

/// The cc10x agent a 4x role's transcript is checked as ([`CC10X_AGENTS`]).
pub fn cc10x_agent(role: &str) -> Option<&'static str> {
    CC10X_AGENTS
        .iter()
        .find(|(r, _)| *r == role)
        .map(|(_, a)| *a)
}

fn op(name: &str, input: Value) -> Result<Value> {
    ops::call(name, &input)
}

fn s(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or("").to_string()
}

fn i(v: &Value, key: &str) -> i64 {
    v.get(key).and_then(Value::as_i64).unwrap_or(0)
}

fn names(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// What executing a decision produced.
enum Next {
    /// An outcome to apply, and the events its execution produced (one `hook` event per hook),
    /// appended before it is applied.
    Outcome(Value, Vec<Value>),
    /// The run ended (stop, finish).
    End,
    /// The run waits for a person (an unanswered `await_human`): it returns with the question
    /// and keeps its journal, so the next run asks again.
    Pause,
}

pub(crate) struct Runner<'a> {
    opts: &'a RunOptions,
    agent: &'a mut dyn Agent,
    world: &'a mut dyn World,
    root: PathBuf,
    root_s: String,
    id: String,
    cfg: Value,
    feature: Value,
    fdir: PathBuf,
    lease: Value,
    decisions: Vec<Value>,
    warnings: Vec<String>,
    question: Option<String>,
    guard_missing_warned: bool,
    /// An agent reported an interrupt (sticky, like a signal).
    agent_interrupted: bool,
    /// The state as last written (stamped).
    written: Value,
}

impl<'a> Runner<'a> {
    pub(crate) fn open(
        opts: &'a RunOptions,
        agent: &'a mut dyn Agent,
        world: &'a mut dyn World,
    ) -> Result<Runner<'a>> {
        let root = std::fs::canonicalize(&opts.root).map_err(|e| {
            Error::new(
                ErrorKind::NotFound,
                format!("workspace root {}: {e}", opts.root.display()),
            )
            .with_field("root")
        })?;
        let root_s = root.to_string_lossy().into_owned();
        let cfg = match &opts.config {
            Some(c) => c.clone(),
            None => op("config.read", json!({ "root": root_s }))?["config"].take(),
        };
        let feature = op(
            "workspace.load_feature",
            json!({"root": root_s, "feature_id": opts.feature_id}),
        )?["feature"]
            .take();
        let id = s(&feature, "id");
        let fdir = PathBuf::from(s(
            &op(
                "workspace.init_feature_dir",
                json!({"root": root_s, "feature_id": id}),
            )?,
            "path",
        ));
        let fdir = if fdir.as_os_str().is_empty() {
            PathBuf::from(s(
                &op(
                    "workspace.feature_dir",
                    json!({"root": root_s, "feature_id": id}),
                )?,
                "path",
            ))
        } else {
            fdir
        };
        Ok(Runner {
            opts,
            agent,
            world,
            root,
            root_s,
            id,
            cfg,
            feature,
            fdir,
            lease: Value::Null,
            decisions: Vec::new(),
            warnings: Vec::new(),
            question: None,
            guard_missing_warned: false,
            agent_interrupted: false,
            written: Value::Null,
        })
    }

    // ---- the run store --------------------------------------------------------------------

    /// `{root, feature_id, store?}` plus `extra`.
    fn args(&self, extra: Value) -> Value {
        let mut m = Map::new();
        m.insert("root".into(), self.root_s.clone().into());
        m.insert("feature_id".into(), self.id.clone().into());
        if let Some(st) = &self.opts.store {
            m.insert("store".into(), st.clone());
        }
        if let Value::Object(e) = extra {
            m.extend(e);
        }
        Value::Object(m)
    }

    fn fenced(&self, extra: Value) -> Value {
        let mut a = self.args(extra);
        if !self.lease.is_null() {
            a["lease"] = self.lease.clone();
        }
        a
    }

    fn holder(&mut self) -> String {
        self.opts
            .holder
            .clone()
            .unwrap_or_else(|| format!("fourx-run-{}", self.world.pid()))
    }

    /// Claims (or renews) the feature: a lease on a store with leases, the pid liveness rule on
    /// the files. Held by someone else → `feature_active`.
    fn claim(&mut self) -> Result<()> {
        let holder = self.holder();
        let pid = self.world.pid();
        let ttl = self.opts.ttl_ms.unwrap_or(DEFAULT_TTL_MS);
        let c = op(
            "workspace.claim",
            self.args(json!({"holder": holder, "ttl_ms": ttl, "pid": pid})),
        )?;
        if c["granted"] != Value::Bool(true) {
            return Err(Error::new(
                ErrorKind::FeatureActive,
                format!(
                    "feature {} is held by {} (for {} ms more)",
                    self.id,
                    s(&c, "holder"),
                    i(&c, "expires_in_ms")
                ),
            ));
        }
        self.lease = c.get("lease").cloned().unwrap_or(Value::Null);
        Ok(())
    }

    fn release(&mut self) {
        let a = self.fenced(json!({}));
        if let Err(e) = op("workspace.release", a) {
            self.warnings.push(format!("release: {}", e.message));
        }
    }

    fn read_state(&self) -> Result<Option<Value>> {
        match op("workspace.read_state", self.args(json!({}))) {
            Ok(mut v) => Ok(Some(v["state"].take())),
            Err(e) if e.kind == ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    fn events_count(&self) -> Result<u64> {
        let v = op("workspace.check_events", self.args(json!({})))?;
        Ok(v["lines"].as_u64().unwrap_or(0))
    }

    fn append_events(&mut self, events: &[Value]) -> Result<()> {
        for e in events {
            let now = self.world.now();
            op(
                "workspace.append_event",
                self.fenced(json!({"event": e, "now": now})),
            )?;
        }
        Ok(())
    }

    fn write_state(&mut self, state: &Value) -> Result<()> {
        let now = self.world.now();
        let written = op(
            "workspace.write_state",
            self.fenced(json!({"state": state, "now": now})),
        )?;
        self.written = written["state"].clone();
        let phase = s(state, "phase");
        if let Err(e) = op(
            "workspace.sync_feature_status",
            json!({"root": self.root_s, "feature_id": self.id, "phase": phase}),
        ) {
            self.warnings
                .push(format!("feature status not synced: {}", e.message));
        }
        Ok(())
    }

    // ---- the journal ------------------------------------------------------------------------

    fn journal(&self) -> Option<Value> {
        match files::read_collected(&self.fdir, JOURNAL_FILE) {
            Found::Text(t) => serde_json::from_str(&t).ok(),
            _ => None,
        }
    }

    fn drop_journal(&mut self) {
        if let Err(e) = files::remove(&self.fdir, JOURNAL_FILE) {
            self.warnings.push(format!("journal: {}", e.message));
        }
    }

    /// Persists a step: the journal first, then its events and state (and the feature status).
    fn persist(&mut self, turn: &Value) -> Result<()> {
        let before = self.events_count()?;
        let journal = json!({"turn": turn, "events_before": before});
        let text = serde_json::to_string(&journal)
            .map_err(|e| Error::invalid_input(format!("journal: {e}")))?;
        files::write_atomic(&self.fdir, JOURNAL_FILE, text.as_bytes())?;
        let events = turn["events"].as_array().cloned().unwrap_or_default();
        self.append_events(&events)?;
        self.write_state(&turn["state"])
    }

    /// The step a killed run was at, completed (its missing events appended, its state written
    /// with this process's pid) with the outcome its execution recorded, if any; `None` when
    /// there is no journal that fits the store.
    fn resume_journal(&mut self) -> Result<Option<(Value, Option<Value>)>> {
        let Some(j) = self.journal() else {
            return Ok(None);
        };
        let turn = j["turn"].clone();
        let before = j["events_before"].as_u64().unwrap_or(u64::MAX);
        let mut events = turn["events"].as_array().cloned().unwrap_or_default();
        events.extend(j["extra_events"].as_array().cloned().unwrap_or_default());
        let now = self.events_count()?;
        let fits = s(&turn["state"], "featureId") == self.id
            && now >= before
            && now - before <= events.len() as u64
            && turn.get("loop").is_some_and(Value::is_object);
        if !fits {
            self.warnings.push(format!(
                "{JOURNAL_FILE} does not fit the run store (another run moved on): ignored"
            ));
            self.drop_journal();
            return Ok(None);
        }
        let done = usize::try_from(now - before).unwrap_or(0);
        self.append_events(&events[done..])?;
        let mut turn = turn;
        turn["state"]["pid"] = self.world.pid().into();
        let state = turn["state"].clone();
        self.write_state(&state)?;
        let outcome = j.get("outcome").filter(|o| o.is_object()).cloned();
        // From here on the journal describes a step whose events are all in the store.
        turn["events"] = Value::Array(Vec::new());
        let mut journal = json!({"turn": turn, "events_before": self.events_count()?});
        if let Some(o) = &outcome {
            journal["outcome"] = o.clone();
        }
        files::write_atomic(&self.fdir, JOURNAL_FILE, journal.to_string().as_bytes())?;
        Ok(Some((turn, outcome)))
    }

    /// Records the outcome of the journal's step (and the events its execution produced) before
    /// those events are appended and the outcome applied.
    fn journal_outcome(&mut self, turn: &Value, outcome: &Value, extra: &[Value]) -> Result<()> {
        let mut j = self.journal().unwrap_or_else(|| json!({"turn": turn}));
        if j.get("events_before").is_none() {
            j["events_before"] = self.events_count()?.into();
        }
        j["outcome"] = outcome.clone();
        j["extra_events"] = Value::Array(extra.to_vec());
        files::write_atomic(&self.fdir, JOURNAL_FILE, j.to_string().as_bytes())?;
        self.append_events(extra)
    }

    /// `conductor.start` on a fresh feature or on the persisted state (whose holder is gone:
    /// this run holds the claim), with the artifacts and the events log resume needs.
    fn start(&mut self) -> Result<Value> {
        let facts = self.facts()?;
        let now = self.world.now();
        let pid = self.world.pid();
        let mut input = json!({
            "config": self.cfg, "feature": self.feature, "now": now, "pid": pid, "facts": facts,
        });
        if let Some(p) = &self.opts.profile {
            input["profile_name"] = p.clone().into();
        }
        if let Some(r) = &self.opts.runner {
            input["runner"] = r.clone().into();
        }
        if let Some(m) = self.opts.max_rounds {
            input["max_rounds"] = m.into();
        }
        if let Some(state) = self.read_state()? {
            let round = i(&state, "round");
            let (ff, rf) = self.resume_files(round)?;
            input["state"] = state;
            input["pid_alive"] = false.into();
            input["feature_files"] = ff;
            input["round_files"] = rf;
            // The feature's events seed the iteration counters and the budget spent, so a
            // resumed run numbers its agent runs after the log's and counts what was spent.
            input["events"] = self.events_log();
        }
        op("conductor.start", input)
    }

    /// The feature's events log as Event objects (lines that do not decode are passed over, as
    /// 4x's readers do). Read from `.4x/run/<id>/events.jsonl` (at most the collect limit; a
    /// larger log or another run store seeds nothing, with a warning).
    fn events_log(&mut self) -> Value {
        if self.opts.store.is_some() {
            self.warnings.push(
                "the events log of a shared run store is not read on resume: iteration counters \
                 and the budget start from this run"
                    .into(),
            );
            return json!([]);
        }
        let dir = self.root.join(".4x").join("run").join(&self.id);
        let text = self.read_one(&dir, "events.jsonl").unwrap_or_default();
        let events: Vec<Value> = text
            .lines()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .filter(Value::is_object)
            .collect();
        Value::Array(events)
    }

    /// The feature-folder and round-folder texts resume reads: `workspace.resume_listing` on
    /// the files; the same names read here when the state lives in another store.
    fn resume_files(&mut self, round: i64) -> Result<(Value, Value)> {
        if self.opts.store.is_none() {
            let l = op(
                "workspace.resume_listing",
                json!({"root": self.root_s, "feature_id": self.id}),
            )?;
            return Ok((l["feature_files"].clone(), l["round_files"].clone()));
        }
        let mut ff = Map::new();
        for n in FEATURE_FILES {
            if let Some(t) = self.read_one(&self.fdir.clone(), n) {
                ff.insert(n.to_string(), t.into());
            }
        }
        let mut rf = Map::new();
        if round > 0 {
            let rd = self.round_dir(round)?;
            let partials = (1..=MAX_PARTIALS).map(|k| format!("deep-review-partial-{k}.md"));
            for n in ROUND_FILES.iter().map(|n| n.to_string()).chain(partials) {
                if let Some(t) = self.read_one(&rd, &n) {
                    rf.insert(n, t.into());
                }
            }
        }
        Ok((Value::Object(ff), Value::Object(rf)))
    }

    /// The world's interrupt or an agent's.
    fn interrupted(&mut self) -> bool {
        self.world.interrupted() || self.agent_interrupted
    }

    // ---- facts --------------------------------------------------------------------------------

    fn facts(&mut self) -> Result<Value> {
        let stop = op("workspace.stop_requested", self.args(json!({})))?;
        let mut f = json!({
            "interrupted": self.interrupted(),
            "stop_requested": stop["requested"] == Value::Bool(true),
            "baseline_exists": files::is_file(&self.fdir, "baseline.json"),
            "rounds_summary_exists": files::is_file(&self.fdir, "rounds-summary.md"),
        });
        match op(
            "workspace.read_test_strategy",
            json!({"root": self.root_s, "feature_id": self.id}),
        ) {
            Ok(t) if t["present"] == Value::Bool(true) => {
                f["test_strategy"] = t["test_strategy"].clone();
            }
            Ok(_) => {}
            Err(e) => self
                .warnings
                .push(format!("test-strategy.yaml: {}", e.message)),
        }
        Ok(f)
    }

    // ---- folders and files ----------------------------------------------------------------------

    /// `rounds/round-<round>`; a round folder exists only from round 1 (round 0 is design).
    fn round_dir(&self, round: i64) -> Result<PathBuf> {
        if round < 1 {
            return Err(Error::invalid_input(format!(
                "a round folder is rounds/round-<n> with n >= 1; round {round} has none"
            ))
            .with_field("round"));
        }
        let p = op(
            "workspace.round_dir",
            json!({"root": self.root_s, "feature_id": self.id, "round": round}),
        )?;
        Ok(PathBuf::from(s(&p, "path")))
    }

    /// The folder a `{dir}` names: the feature folder, or the round folder of `round` (the
    /// decision's `round`; every decision carries one).
    fn dir(&self, dir: &str, round: i64) -> Result<PathBuf> {
        match dir {
            "feature" => Ok(self.fdir.clone()),
            "round" => self.round_dir(round),
            other => {
                Err(Error::invalid_input(format!("unknown folder {other:?}")).with_field("dir"))
            }
        }
    }

    fn read_one(&mut self, dir: &Path, name: &str) -> Option<String> {
        match files::read_collected(dir, name) {
            Found::Text(t) => Some(t),
            Found::Absent => None,
            Found::Refused(why) => {
                self.warnings.push(why);
                None
            }
        }
    }

    fn read_names(&mut self, dir: &Path, list: &[String]) -> Value {
        let mut m = Map::new();
        for n in list {
            if let Some(t) = self.read_one(dir, n) {
                m.insert(n.clone(), t.into());
            }
        }
        Value::Object(m)
    }

    /// The `collect` of a decision: `(feature_files, round_files)`.
    fn collect(&mut self, collect: &Value, round: i64) -> Result<(Value, Value)> {
        let ff = self.read_names(&self.fdir.clone(), &names(&collect["feature"]));
        let rnames = names(&collect["round"]);
        let rf = if rnames.is_empty() {
            json!({})
        } else {
            let rd = self.round_dir(round)?;
            self.read_names(&rd, &rnames)
        };
        Ok((ff, rf))
    }

    // ---- git --------------------------------------------------------------------------------

    fn git(&mut self, args: &[&str]) -> std::result::Result<String, String> {
        let root = self.root.clone();
        self.world.git(&root, args)
    }

    /// Changed files against `base` (HEAD when empty): tracked files with git's status letter
    /// (`git diff --name-status -M`, a rename with its `old_path`) and their added + deleted
    /// lines (`--numstat`), untracked files (`?`) by line count. Not a git repository → none,
    /// with a warning.
    fn changed_files(&mut self, base: &str) -> Vec<Value> {
        let base = if base.is_empty() { "HEAD" } else { base };
        let mut out = Vec::new();
        let status = match self.git(&["diff", "--name-status", "-M", base, "--"]) {
            Ok(t) => t,
            Err(e) => {
                self.warnings.push(format!("changed files: {e}"));
                return out;
            }
        };
        let numstat = self
            .git(&["diff", "--numstat", "-M", base, "--"])
            .unwrap_or_default();
        let mut lines_of = std::collections::HashMap::new();
        for line in numstat.lines() {
            let mut parts = line.splitn(3, '\t');
            if let (Some(a), Some(d), Some(p)) = (parts.next(), parts.next(), parts.next()) {
                let n = a.parse::<i64>().unwrap_or(0) + d.parse::<i64>().unwrap_or(0);
                // A rename is listed as `old => new` (or `dir/{old => new}`): key by the new path.
                lines_of.insert(renamed_to(p), n);
            }
        }
        for line in status.lines() {
            let parts: Vec<&str> = line.split('\t').collect();
            match parts.as_slice() {
                [st, old, new] => out.push(json!({
                    "path": new, "status": st, "old_path": old,
                    "lines": lines_of.get(*new).copied().unwrap_or(0),
                })),
                [st, p] => out.push(json!({
                    "path": p, "status": st, "lines": lines_of.get(*p).copied().unwrap_or(0),
                })),
                _ => {}
            }
        }
        if let Ok(text) = self.git(&["ls-files", "--others", "--exclude-standard"]) {
            for p in text.lines().filter(|p| !p.is_empty()) {
                let lines = untracked_lines(&self.root.join(p));
                out.push(json!({"path": p, "status": "?", "lines": lines}));
            }
        }
        out
    }

    fn base_commit(state: &Value) -> String {
        s(state, "baseCommit")
    }

    // ---- prepare actions ----------------------------------------------------------------------

    fn prepare(&mut self, actions: &Value, round: i64, state: &Value) -> Result<()> {
        for a in actions.as_array().cloned().unwrap_or_default() {
            let dir = s(&a, "dir");
            let file = s(&a, "file");
            match s(&a, "action").as_str() {
                "clear_stop_signal" => {
                    op("workspace.clear_stop", self.args(json!({})))?;
                }
                "remove" => files::remove(&self.dir(&dir, round)?, &file)?,
                "write_json" => {
                    let text = serde_json::to_string_pretty(&a["value"])
                        .map_err(|e| Error::invalid_input(e.to_string()))?;
                    files::write_atomic(&self.dir(&dir, round)?, &file, text.as_bytes())?;
                }
                "write_text" => {
                    let text = s(&a, "text");
                    files::write_atomic(&self.dir(&dir, round)?, &file, text.as_bytes())?;
                }
                "review_package" => {
                    let d = self.dir(&dir, round)?;
                    let text = self.review_package(&Self::base_commit(state));
                    if let Err(e) = files::write_atomic(&d, &file, text.as_bytes()) {
                        self.warnings.push(format!("review package: {}", e.message));
                    }
                }
                "acceptance_summary" => {
                    let d = self.dir(&dir, round)?;
                    let text = self.acceptance_summary(round)?;
                    if let Err(e) = files::write_atomic(&d, &file, text.as_bytes()) {
                        self.warnings
                            .push(format!("acceptance summary: {}", e.message));
                    }
                }
                "tester_retry_cleanup" => {
                    let d = self.dir(if dir.is_empty() { "round" } else { &dir }, round)?;
                    files::remove(&d, "test-report.md")?;
                    files::remove(&d, "verify.json")?;
                }
                other => {
                    return Err(Error::invalid_input(format!(
                        "unknown prepare action {other:?}"
                    )))
                }
            }
        }
        Ok(())
    }

    /// The diff package the reviewer reads: the changed files and `git diff <base>`.
    fn review_package(&mut self, base: &str) -> String {
        let changed = self.changed_files(base);
        let b = if base.is_empty() { "HEAD" } else { base };
        let diff = self.git(&["diff", b, "--"]).unwrap_or_else(|e| {
            self.warnings.push(format!("review package: {e}"));
            String::new()
        });
        let mut text = format!("# Review package\n\nBase commit: {b}\n\n## Changed files\n\n");
        for c in &changed {
            text.push_str(&format!("- {} ({} lines)\n", s(c, "path"), i(c, "lines")));
        }
        if changed.is_empty() {
            text.push_str("(none)\n");
        }
        text.push_str("\n## Diff\n\n```diff\n");
        text.push_str(&diff);
        text.push_str("```\n");
        text
    }

    /// The acceptor's digest: which reports of the round exist, what verify.json says.
    fn acceptance_summary(&mut self, round: i64) -> Result<String> {
        let rd = self.round_dir(round)?;
        let mut text = format!("# Acceptance summary (round {round})\n\n");
        for n in [
            "review-report.md",
            "test-report.md",
            "deep-review-report.md",
        ] {
            let state = if files::is_file(&rd, n) {
                "present"
            } else {
                "absent"
            };
            text.push_str(&format!("- {n}: {state}\n"));
        }
        if let Some(v) = self.read_one(&rd, "verify.json") {
            match op("evidence.parse_verify", json!({ "text": v })) {
                Ok(p) => {
                    let passed = p["verify"]["passed"].clone();
                    text.push_str(&format!("- verify.json: passed={passed}\n"));
                }
                Err(e) => text.push_str(&format!("- verify.json: unreadable ({})\n", e.message)),
            }
        }
        Ok(text)
    }

    // ---- decisions ------------------------------------------------------------------------------

    fn execute(&mut self, d: &Value, state: &Value) -> Result<Next> {
        let round = d
            .get("round")
            .and_then(Value::as_i64)
            .unwrap_or(i(state, "round"));
        match s(d, "kind").as_str() {
            "stop" => {
                if d["clear_stop_signal"] == Value::Bool(true) {
                    op("workspace.clear_stop", self.args(json!({})))?;
                }
                Ok(Next::End)
            }
            "finish" => Ok(Next::End),
            "await_human" => match self.agent.human(d)? {
                Some(Value::String(answer)) => Ok(Next::Outcome(
                    json!({"kind": "human_reply", "answer": answer}),
                    Vec::new(),
                )),
                Some(outcome @ Value::Object(_)) => Ok(Next::Outcome(outcome, Vec::new())),
                Some(other) => Err(Error::invalid_input(format!(
                    "a human answer is a string or an outcome object, not {other}"
                ))),
                None => {
                    self.question = Some(s(d, "question"));
                    Ok(Next::Pause)
                }
            },
            "run_agent" => Ok(Next::Outcome(self.run_agent(d, round, state)?, Vec::new())),
            "run_parallel" => Ok(Next::Outcome(
                self.run_parallel(d, round, state)?,
                Vec::new(),
            )),
            "run_helper" => {
                let call = self.call(d, round, "helper", "", Vec::new())?;
                if let Err(e) = self.agent.run(&call) {
                    self.warnings
                        .push(format!("round summarizer: {}", e.message));
                }
                Ok(Next::Outcome(
                    json!({"kind": "helper_exit", "ok": true}),
                    Vec::new(),
                ))
            }
            "run_health_check" => Ok(Next::Outcome(self.health_check(d), Vec::new())),
            "capture_baseline" => Ok(Next::Outcome(self.baseline(d)?, Vec::new())),
            "gather" => {
                let changed = self.changed_files(&Self::base_commit(state));
                let rd = self.round_dir(round)?;
                let rf = self.read_names(&rd, &names(&d["round_files"]));
                Ok(Next::Outcome(
                    json!({"kind": "gathered", "changed_files": changed, "round_files": rf}),
                    Vec::new(),
                ))
            }
            "run_hooks" => {
                let (o, events) = self.hooks(d, round);
                Ok(Next::Outcome(o, events))
            }
            "discover_features" => Ok(Next::Outcome(self.discover(d, round)?, Vec::new())),
            other => Err(Error::invalid_input(format!(
                "the runner cannot execute a decision of kind {other:?}"
            ))),
        }
    }

    fn call(
        &mut self,
        d: &Value,
        round: i64,
        purpose: &str,
        partial: &str,
        angles: Vec<i64>,
    ) -> Result<AgentCall> {
        let round_dir = if round >= 1 {
            let rd = self.round_dir(round)?;
            std::fs::create_dir_all(&rd).map_err(|e| Error::io("create the round folder", &e))?;
            rd.to_string_lossy().into_owned()
        } else {
            String::new()
        };
        Ok(AgentCall {
            role: s(d, "role"),
            phase: s(d, "phase"),
            purpose: purpose.to_string(),
            sub_phase: s(d, "sub_phase"),
            round,
            iteration: i(d, "iteration").max(1),
            attempt: i(d, "attempt").max(1),
            runner: s(d, "runner"),
            model: s(d, "model"),
            feature_dir: self.fdir.to_string_lossy().into_owned(),
            round_dir,
            partial: partial.to_string(),
            angles,
            note: s(d, "note"),
        })
    }

    fn angles(v: &Value) -> Vec<i64> {
        v.as_array()
            .map(|a| a.iter().filter_map(Value::as_i64).collect())
            .unwrap_or_default()
    }

    fn run_agent(&mut self, d: &Value, round: i64, state: &Value) -> Result<Value> {
        let wait = d["wait_ms"].as_u64().unwrap_or(0);
        if wait > 0 {
            self.world.sleep_ms(wait);
        }
        let purpose = s(d, "purpose");
        let call = self.call(d, round, &purpose, "", Self::angles(&d["angles"]))?;
        self.claim()?;
        let res = self.agent.run(&call)?;
        self.agent_interrupted |= res.interrupted;
        let mut out = exit_json(&res);
        let interrupted = self.interrupted();
        out["interrupted"] = interrupted.into();
        if interrupted && res.error.is_none() && res.exit_code != 0 {
            // The agent was stopped by the interrupt: it did not finish (the conductor stops the
            // run with `interrupted`).
            out["error"] = "interrupted".into();
        }
        let ran_clean = out.get("error").is_none() && res.exit_code != 1 && res.exit_code != 2;
        if ran_clean {
            if let Some(kind) = d["guard"].as_str() {
                out["guard"] = self.guard(kind, &call, state)?;
            }
            if let (Some(t), Some(agent)) = (&res.transcript, cc10x_agent(&call.role)) {
                out["contract"] = contract(agent, t);
            }
        }
        let (ff, rf) = self.collect(&d["collect"], round)?;
        out["feature_files"] = ff;
        out["round_files"] = rf;
        Ok(out)
    }

    /// Runs every agent of the decision, each with its own `runner`, `model` and `note` when it
    /// carries them (parallel review/test) and the decision's otherwise (deep review). When the
    /// decision names `guards` and every agent exited 0 without error, the outcome carries the
    /// scope guard as `guard` and the testing guard as `testing_guard`.
    fn run_parallel(&mut self, d: &Value, round: i64, state: &Value) -> Result<Value> {
        let mut results = Vec::new();
        let mut all_clean = true;
        let mut first_call = None;
        self.claim()?;
        for a in d["agents"].as_array().cloned().unwrap_or_default() {
            let mut sub = d.clone();
            sub["role"] = a["role"].clone();
            sub["note"] = a.get("note").cloned().unwrap_or(Value::Null);
            for key in ["runner", "model"] {
                if let Some(v) = a.get(key).filter(|v| v.is_string()) {
                    sub[key] = v.clone();
                }
            }
            let call = self.call(
                &sub,
                round,
                "parallel",
                &s(&a, "partial"),
                Self::angles(&a["angles"]),
            )?;
            let res = self.agent.run(&call)?;
            self.agent_interrupted |= res.interrupted;
            all_clean &= res.error.is_none() && res.exit_code == 0;
            first_call.get_or_insert(call);
            let mut r = exit_json(&res);
            r["index"] = a["index"].clone();
            if let Value::Object(m) = &mut r {
                m.remove("kind");
                m.remove("stderr_tail");
            }
            results.push(r);
        }
        let (_, rf) = self.collect(&d["collect"], round)?;
        let mut out = json!({
            "kind": "parallel_exit", "results": results,
            "interrupted": self.interrupted(), "round_files": rf,
        });
        let guards = names(&d["guards"]);
        if let (Some(call), true) = (first_call, all_clean && !self.interrupted()) {
            for g in guards {
                let key = if g == "testing" {
                    "testing_guard"
                } else {
                    "guard"
                };
                out[key] = self.guard(&g, &call, state)?;
            }
        }
        Ok(out)
    }

    /// The guard the decision names, as the conductor wants it: `guard.check` (scope and diff
    /// rules) or `guard.testing_to_accepting`, over the facts the guard spec lists, gathered
    /// here: the changed files against the base commit (with git's status), the feature and
    /// round files, the test strategy, whether testing has run, the dependencies' statuses,
    /// the symlinks git tracks, the build and docs gates of the round, the self-mod record.
    fn guard(&mut self, kind: &str, call: &AgentCall, state: &Value) -> Result<Value> {
        let round = call.round;
        let rd = if round >= 1 {
            Some(self.round_dir(round)?)
        } else {
            None
        };
        let round_files = match &rd {
            Some(d) if d.is_dir() => Some(self.read_names(
                d,
                &["test-report.md".to_string(), "verify.json".to_string()],
            )),
            _ => None,
        };
        let ff_names: Vec<String> = [
            "task-brief.md",
            "acceptance-criteria.md",
            "design-review-report.md",
            "baseline.json",
            "final-report.md",
        ]
        .iter()
        .map(|n| (*n).to_string())
        .collect();
        let feature_files = self.read_names(&self.fdir.clone(), &ff_names);
        let (strategy, strategy_error) = match op(
            "workspace.read_test_strategy",
            json!({"root": self.root_s, "feature_id": self.id}),
        ) {
            Ok(t) if t["present"] == Value::Bool(true) => (Some(t["test_strategy"].clone()), None),
            Ok(_) => (None, None),
            Err(e) => (None, Some(e.message)),
        };
        let guard_state = json!({
            "selfModTouched": state.get("selfModTouched").cloned().unwrap_or(Value::Bool(false)),
            "selfModPaths": state.get("selfModPaths").cloned().unwrap_or_else(|| json!([])),
        });
        let mut input = json!({
            "config": self.cfg, "feature": self.feature, "round": round,
            "feature_files": feature_files, "state": guard_state,
        });
        if let Some(rf) = round_files {
            input["round_files"] = rf;
        }
        if let Some(t) = strategy {
            input["test_strategy"] = t;
        }
        if let Some(e) = strategy_error {
            input["test_strategy_error"] = e.into();
        }
        input["screenshot_exists"] = self.screenshot_exists(&input["round_files"]).into();
        let op_name = if kind == "testing" {
            "guard.testing_to_accepting"
        } else {
            input["phase"] = s(state, "phase").into();
            input["profile"] = s(state, "profile").into();
            input["changed_files"] = Value::Array(self.changed_files(&Self::base_commit(state)));
            input["testing_has_run"] = self.testing_has_run().into();
            input["dependencies"] = self.dependencies();
            input["symlinks"] = self.symlinks();
            if let Some(d) = &rd {
                for (key, name) in [
                    ("build_gate", "build-gate.json"),
                    ("docs_gate", "docs-gate.json"),
                ] {
                    if let Some(text) = self.read_one(d, name) {
                        match op("evidence.parse_verify", json!({ "text": text })) {
                            Ok(v) => input[key] = v["verify"].clone(),
                            Err(e) => self.warnings.push(format!("{name}: {}", e.message)),
                        }
                    }
                }
            }
            "guard.check"
        };
        match op(op_name, input) {
            Ok(v) => Ok(v),
            Err(e) if e.kind == ErrorKind::UnknownOp => {
                if !self.guard_missing_warned {
                    self.guard_missing_warned = true;
                    self.warnings.push(format!(
                        "{op_name} is not in this build of fourx: the guard passes"
                    ));
                }
                Ok(json!({"pass": true, "errors": []}))
            }
            Err(e) => Err(e),
        }
    }

    /// Whether some screenshot the round's verify.json lists is a file, as 4x decides it: an
    /// absolute path as is, a relative one under the workspace root or under `.4x` (a verify.json
    /// that does not decode lists none).
    fn screenshot_exists(&self, round_files: &Value) -> bool {
        let Some(text) = round_files["verify.json"].as_str() else {
            return false;
        };
        let Ok(v) = op("evidence.parse_verify", json!({ "text": text })) else {
            return false;
        };
        let shots = v["verify"]["screenshots"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        shots.iter().filter_map(|s| s["path"].as_str()).any(|p| {
            let path = Path::new(p);
            if path.is_absolute() {
                return path.is_file();
            }
            // No path that climbs out of the workspace counts.
            if path
                .components()
                .any(|c| matches!(c, std::path::Component::ParentDir))
            {
                return false;
            }
            self.root.join(path).is_file() || self.root.join(".4x").join(path).is_file()
        })
    }

    /// Whether any round folder holds a verify.json (the tester has run in this feature).
    fn testing_has_run(&self) -> bool {
        let rounds = self.fdir.join("rounds");
        std::fs::read_dir(rounds).is_ok_and(|it| {
            it.flatten()
                .any(|e| files::is_file(&e.path(), "verify.json"))
        })
    }

    /// `{id: status}` of the feature's `depends` (an id that does not load is left out).
    fn dependencies(&self) -> Value {
        let mut m = Map::new();
        for id in names(&self.feature["depends"]) {
            if let Ok(f) = op(
                "workspace.load_feature",
                json!({"root": self.root_s, "feature_id": id}),
            ) {
                m.insert(id, f["feature"]["status"].clone());
            }
        }
        Value::Object(m)
    }

    /// The paths git tracks as symlinks (mode 120000).
    fn symlinks(&mut self) -> Value {
        let listing = self.git(&["ls-files", "-s"]).unwrap_or_default();
        let links: Vec<Value> = listing
            .lines()
            .filter(|l| l.starts_with("120000 "))
            .filter_map(|l| l.split_once('\t').map(|(_, p)| Value::from(p)))
            .collect();
        Value::Array(links)
    }

    fn sh(&mut self, command: &str, timeout_s: u64) -> crate::ShellOutcome {
        let root = self.root.clone();
        self.world.sh(&Shell {
            command,
            cwd: &root,
            env: &[],
            timeout: Some(std::time::Duration::from_secs(timeout_s.max(1))),
            inherit_output: false,
        })
    }

    fn health_check(&mut self, d: &Value) -> Value {
        let timeout = d["timeout_s"]
            .as_u64()
            .filter(|t| *t > 0)
            .unwrap_or(DEFAULT_HOOK_TIMEOUT_S);
        let commands = names(&d["commands"]);
        let mut failure = String::new();
        for attempt in 0..2 {
            failure.clear();
            for c in &commands {
                let r = self.sh(c, timeout);
                if !r.ok() {
                    failure = format!("health check {c:?} failed: {}", r.reason());
                    break;
                }
            }
            if failure.is_empty() {
                return json!({"kind": "health_check", "ok": true});
            }
            if attempt == 0 {
                for c in names(&d["recovery"]) {
                    let _ = self.sh(&c, timeout);
                }
            }
        }
        json!({"kind": "health_check", "ok": false, "error": failure})
    }

    fn hooks(&mut self, d: &Value, round: i64) -> (Value, Vec<Value>) {
        let timeout = self.opts.hook_timeout_s.unwrap_or(DEFAULT_HOOK_TIMEOUT_S);
        let mut ok = true;
        let mut events = Vec::new();
        for h in d["hooks"].as_array().cloned().unwrap_or_default() {
            let cmd = s(&h, "run");
            let r = self.sh(&cmd, timeout);
            let on_fail = s(&h, "on_fail");
            if !r.ok() && !matches!(on_fail.as_str(), "warn" | "continue" | "ignore") {
                ok = false;
            }
            let mut e = json!({
                "type": "hook", "phase": d["phase"], "action": d["action"], "cmd": cmd,
                "status": if r.ok() { "ok" } else { "fail" },
            });
            if round > 0 {
                e["round"] = round.into();
            }
            if !r.ok() {
                e["detail"] = r.reason().into();
            }
            events.push(e);
        }
        (json!({"kind": "hooks", "ok": ok}), events)
    }

    fn baseline(&mut self, d: &Value) -> Result<Value> {
        let mut out = json!({"kind": "baseline", "ok": true});
        let fail = |e: String| json!({"kind": "baseline", "ok": false, "error": e});
        if d["capture_baseline"] == Value::Bool(true) {
            let mut repos = Vec::new();
            let listed = names(&d["repos"]);
            let targets: Vec<(String, PathBuf)> = if listed.is_empty() {
                let name = self
                    .root
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                vec![(name, self.root.clone())]
            } else {
                listed
                    .iter()
                    .map(|r| (r.clone(), self.root.join(r)))
                    .collect()
            };
            for (name, path) in targets {
                let head = match self.world.git(&path, &["rev-parse", "HEAD"]) {
                    Ok(h) => h.trim().to_string(),
                    Err(e) => return Ok(fail(e)),
                };
                let branch = self
                    .world
                    .git(&path, &["rev-parse", "--abbrev-ref", "HEAD"])
                    .map(|b| b.trim().to_string())
                    .unwrap_or_default();
                let dirty: Vec<String> = self
                    .world
                    .git(&path, &["status", "--porcelain"])
                    .map(|t| {
                        t.lines()
                            .filter(|l| l.len() > 3)
                            .map(|l| l[3..].to_string())
                            .filter(|p| !p.starts_with(".4x/"))
                            .collect()
                    })
                    .unwrap_or_default();
                repos.push(json!({
                    "name": name, "path": path.to_string_lossy(), "branch": branch,
                    "head": head, "dirtyFiles": dirty,
                }));
            }
            let now = self.world.now();
            let text = s(
                &op(
                    "workspace.render_baseline",
                    json!({"baseline": {"createdAt": now, "repos": repos}}),
                )?,
                "text",
            );
            let f = &d["file"];
            let dir = self.dir(&s(f, "dir"), i(d, "round"))?;
            if let Err(e) = files::write_atomic(&dir, &s(f, "file"), text.as_bytes()) {
                return Ok(fail(e.message));
            }
        }
        if d["capture_base_commit"] == Value::Bool(true) {
            match self.git(&["rev-parse", "HEAD"]) {
                Ok(h) => out["base_commit"] = h.trim().into(),
                Err(e) => return Ok(fail(e)),
            }
        }
        Ok(out)
    }

    /// `[NEW-FEATURE]` lines of the report → backlog features: `discover.parse`,
    /// `discover.dedupe` against the backlog, the first `max`, `discover.plan` (ids in the
    /// config's format, draft when enriching), saved; listed in `discovered-features.md`.
    fn discover(&mut self, d: &Value, round: i64) -> Result<Value> {
        let r = &d["report"];
        let dir = self.dir(&s(r, "dir"), round)?;
        let report = self.read_one(&dir, &s(r, "file")).unwrap_or_default();
        let found = op("discover.parse", json!({ "report": report }))?["features"].take();
        let backlog =
            op("workspace.list_features", json!({"root": self.root_s}))?["features"].take();
        let mut kept = op(
            "discover.dedupe",
            json!({"candidates": found, "existing": backlog}),
        )?["features"]
            .take();
        let max = usize::try_from(i(d, "max")).unwrap_or(0);
        if let Value::Array(a) = &mut kept {
            a.truncate(max);
        }
        let ids: Vec<String> = backlog
            .as_array()
            .map(|a| a.iter().map(|f| s(f, "id")).collect())
            .unwrap_or_default();
        let plan = op(
            "discover.plan",
            json!({"candidates": kept, "ids": ids, "config": self.cfg}),
        )?;
        let mut created = Vec::new();
        for f in plan["features"].as_array().cloned().unwrap_or_default() {
            op(
                "workspace.save_feature",
                json!({"root": self.root_s, "feature": f}),
            )?;
            created.push(s(&f, "id"));
        }
        let listing: String = if created.is_empty() {
            "(none)\n".into()
        } else {
            created.iter().map(|c| format!("- {c}\n")).collect()
        };
        let rd = self
            .dir("round", round)
            .or_else(|_| Ok::<_, Error>(self.fdir.clone()))?;
        files::write_atomic(
            &rd,
            "discovered-features.md",
            format!("# Discovered features\n\n{listing}").as_bytes(),
        )?;
        Ok(json!({"kind": "discovered", "created": created}))
    }

    // ---- the loop ---------------------------------------------------------------------------------

    fn result(&mut self, state: Value) -> RunResult {
        let state = if self.written.is_null() {
            state
        } else {
            std::mem::take(&mut self.written)
        };
        let last = self.decisions.last().cloned().unwrap_or(Value::Null);
        RunResult {
            phase: s(&state, "phase"),
            stop_reason: s(&state, "stopReason"),
            stop_message: s(&state, "stopMessage"),
            decisions: std::mem::take(&mut self.decisions),
            notify: s(&last, "notify"),
            state,
            question: self.question.take(),
            warnings: std::mem::take(&mut self.warnings),
        }
    }

    fn drive(&mut self) -> Result<RunResult> {
        let (mut turn, mut recorded, mut persisted) = match self.resume_journal()? {
            Some((t, outcome)) => (t, outcome, true),
            None => (self.start()?, None, false),
        };
        loop {
            if !persisted {
                self.persist(&turn)?;
            }
            persisted = false;
            let decision = turn["decision"].clone();
            let state = turn["state"].clone();
            self.decisions.push(decision.clone());
            self.agent.on_decision(&decision, &state);
            let outcome = match recorded.take() {
                Some(o) => o,
                None => {
                    let round = decision
                        .get("round")
                        .and_then(Value::as_i64)
                        .unwrap_or(i(&state, "round"));
                    self.prepare(&decision["prepare"], round, &state)?;
                    match self.execute(&decision, &state)? {
                        Next::End => {
                            self.drop_journal();
                            return Ok(self.result(state));
                        }
                        Next::Pause => return Ok(self.result(state)),
                        Next::Outcome(o, extra) => {
                            self.journal_outcome(&turn, &o, &extra)?;
                            o
                        }
                    }
                }
            };
            let facts = self.facts()?;
            turn = op(
                "conductor.apply",
                json!({
                    "config": self.cfg, "feature": self.feature, "state": state,
                    "loop": turn["loop"], "outcome": outcome, "facts": facts,
                }),
            )?;
        }
    }

    pub(crate) fn run(mut self) -> Result<RunResult> {
        self.claim()?;
        let r = self.drive();
        self.release();
        r
    }
}

/// The new path of a `--numstat` rename entry (`a => b`, `dir/{a => b}/f`); other paths as they
/// are.
fn renamed_to(p: &str) -> String {
    if let (Some(open), Some(close)) = (p.find('{'), p.find('}')) {
        if let Some((_, new)) = p[open + 1..close].split_once(" => ") {
            let joined = format!("{}{}{}", &p[..open], new, &p[close + 1..]);
            return joined.replace("//", "/");
        }
    }
    p.split_once(" => ").map_or(p, |(_, n)| n).to_string()
}

/// The line count of an untracked file: a regular file (not a link) of at most
/// [`files::MAX_COLLECT_BYTES`]; anything else counts 0.
fn untracked_lines(path: &Path) -> i64 {
    let regular = std::fs::symlink_metadata(path)
        .is_ok_and(|m| m.file_type().is_file() && m.len() <= files::MAX_COLLECT_BYTES);
    if !regular {
        return 0;
    }
    std::fs::read(path).map_or(0, |b| {
        i64::try_from(b.iter().filter(|c| **c == b'\n').count()).unwrap_or(0)
    })
}

fn exit_json(res: &AgentResult) -> Value {
    let mut out = json!({"kind": "agent_exit", "exit_code": res.exit_code});
    if let Some(st) = &res.stats {
        out["stats"] = st.clone();
    }
    if let Some(e) = &res.error {
        out["error"] = e.clone().into();
    }
    if let Some(t) = &res.stderr_tail {
        out["stderr_tail"] = t.clone().into();
    }
    out
}

/// `router.parse_output` of the transcript as `agent`: whether its contract lets the run advance
/// (a refused transcript carries the error).
fn contract(agent: &str, transcript: &str) -> Value {
    match op(
        "router.parse_output",
        json!({"agent": agent, "output": transcript}),
    ) {
        Ok(v) => json!({"agent": agent, "may_advance": v["may_advance"] == Value::Bool(true)}),
        Err(e) => json!({
            "agent": agent, "may_advance": false,
            "error": format!("{}: {}", e.kind.as_str(), e.message),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_role_with_a_cc10x_agent_maps_to_a_known_agent() {
        for (role, agent) in CC10X_AGENTS {
            let e = op(
                "router.parse_output",
                json!({"agent": agent, "output": "x"}),
            )
            .unwrap_err();
            assert_ne!(e.kind, ErrorKind::UnknownAgent, "{role} -> {agent}");
        }
        assert_eq!(cc10x_agent("round-summarizer"), None);
        assert_eq!(cc10x_agent("reviewer"), Some("code-reviewer"));
    }
}
