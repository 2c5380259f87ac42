//! The `conductor` area's op table: JSON adapters over [`crate::conductor`].

use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use crate::conductor::{self, Facts, Files, Loop, Outcome, Rebuilt, Script, StartInput, Turn};
use crate::error::{Error, ErrorKind, Result};
use crate::ops::{Args, OpInfo};
use crate::protocol::codec::gostruct::input_required as req;
use crate::protocol::config::Config;
use crate::protocol::feature::Feature;
use crate::protocol::state::{Event, State};

type In = Map<String, Value>;

const K_START: &[ErrorKind] = &[
    ErrorKind::InvalidInput,
    ErrorKind::UnknownRunner,
    ErrorKind::UnknownProfile,
    ErrorKind::MissingCodingPhase,
    ErrorKind::FeatureActive,
    ErrorKind::InvalidTransition,
];
const K_NEXT: &[ErrorKind] = &[ErrorKind::InvalidInput];
const K_APPLY: &[ErrorKind] = &[
    ErrorKind::InvalidInput,
    ErrorKind::MissingEvidence,
    ErrorKind::InvalidTransition,
];
const K_REBUILD: &[ErrorKind] = &[ErrorKind::InvalidInput, ErrorKind::NotFound];
const K_SCRIPT: &[ErrorKind] = &[
    ErrorKind::InvalidInput,
    ErrorKind::MissingEvidence,
    ErrorKind::UnknownRunner,
    ErrorKind::UnknownProfile,
    ErrorKind::MissingCodingPhase,
    ErrorKind::FeatureActive,
    ErrorKind::InvalidTransition,
];

/// The ops of this area, one line each.
#[rustfmt::skip]
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("conductor.start", "Builds or recovers the run state and gives the run loop's first decision.", &["config: Config", "feature: Feature", "state?: State = ~no state: a fresh run state at init is built from the feature", "runner?: str = ~the config's default_runner", "max_rounds?: int = 5", "profile_name?: str = \"\"", "run_overrides?: {PhaseSpec} = {}", "force_all_angles?: bool = false", "now: time", "pid: int", "pid_alive?: bool = false", "feature_files?: {str} = {}", "round_files?: {str} = {}", "facts?: Facts = {}", "events?: [Event] = []", "note?: str = ~no run note"], &["-> Step"], K_START, conductor_start),
    OpInfo::new("conductor.next", "The run loop's decision at the top of the loop (stop checks, pass-through, the phase agent).", &["config: Config", "feature: Feature", "state: State", "loop: Loop", "facts?: Facts = {}"], &["-> Step"], K_NEXT, conductor_next),
    OpInfo::new("conductor.apply", "Folds the outcome of the pending decision into the state and gives the next decision.", &["config: Config", "feature: Feature", "state: State", "loop: Loop", "outcome: Outcome", "facts?: Facts = {}"], &["-> Step"], K_APPLY, conductor_apply),
    OpInfo::new("conductor.resume", "Crash recovery: the phase a state resumes in, inferred from its round's artifacts.", &["config: Config", "feature: Feature", "state: State", "feature_files?: {str} = {}", "round_files?: {str} = {}"], &["-> Resumed"], K_NEXT, conductor_resume),
    OpInfo::new("conductor.rebuild", "The step of a run after its last complete call, from the checkpoints on its events.", &["config: Config", "feature: Feature", "events: [Event]"], &["-> Rebuilt"], K_REBUILD, conductor_rebuild),
    OpInfo::new("conductor.fork", "The step a run had at an event index, to re-run from there (keep that many events).", &["config: Config", "feature: Feature", "events: [Event]", "at: int"], &["-> Rebuilt"], K_REBUILD, conductor_fork),
    OpInfo::new("conductor.run_script", "conductor.start then one conductor.apply per outcome: the decisions, events, final state and loop.", &["config: Config", "feature: Feature", "start: StartInput", "outcomes: [{any}]"], &["-> Script"], K_SCRIPT, conductor_run_script),
];

/// Decodes `v` straight from the borrowed input tree (serde's `Deserializer` for `&Value`), no
/// copy of the tree first.
fn typed<T: DeserializeOwned>(v: &Value, key: &str) -> Result<T> {
    T::deserialize(v)
        .map_err(|e| Error::invalid_input(format!("input key `{key}`: {e}")).with_field(key))
}

fn opt_typed<T: DeserializeOwned + Default>(m: &In, key: &str) -> Result<T> {
    match m.get(key) {
        None | Some(Value::Null) => Ok(T::default()),
        Some(v) => typed(v, key),
    }
}

fn facts(m: &In) -> Result<Option<Facts>> {
    match m.get("facts") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => typed(v, "facts").map(Some),
    }
}

fn state(m: &In, key: &str) -> Result<State> {
    State::from_input(Args::new(m).req(key)?)
}

fn event_json(e: &Event) -> Value {
    let mut v = e.to_json();
    if let Value::Object(o) = &mut v {
        o.remove("ts");
    }
    v
}

fn events_json(list: &[Event]) -> Value {
    Value::Array(list.iter().map(event_json).collect())
}

/// The op's result object. Built by moving each part's value in: `json!` with expression
/// values would serialise every finished part again into a copy.
fn turn_json(t: &Turn) -> Value {
    let mut m = Map::with_capacity(4);
    m.insert("decision".into(), t.decision.to_json());
    m.insert("state".into(), t.state.to_json());
    m.insert("loop".into(), t.lp.to_json());
    m.insert("events".into(), events_json(&t.events));
    Value::Object(m)
}

fn start_input(m: &In) -> Result<StartInput> {
    let a = Args::new(m);
    let state = match m.get("state") {
        None | Some(Value::Null) => None,
        Some(v) => Some(State::from_input(v)?),
    };
    let max_rounds = match a.get("max_rounds") {
        None => None,
        Some(v) => Some(
            v.as_i64()
                .ok_or_else(|| a.invalid_err("max_rounds", "an integer", v))?,
        ),
    };
    let string = |key: &str| -> Result<Option<String>> {
        match a.get(key) {
            None => Ok(None),
            Some(v) => v
                .as_str()
                .map(|s| Some(s.to_string()))
                .ok_or_else(|| a.invalid_err(key, "a string", v)),
        }
    };
    let flag = |key: &str| -> Result<bool> {
        match a.get(key) {
            None => Ok(false),
            Some(v) => v
                .as_bool()
                .ok_or_else(|| a.invalid_err(key, "a boolean", v)),
        }
    };
    let now = match (&state, string("now")?) {
        (_, Some(n)) => n,
        (Some(_), None) => String::new(),
        (None, None) => return Err(a.missing_err("now")),
    };
    let pid_v = a.req("pid")?;
    let pid = pid_v
        .as_i64()
        .ok_or_else(|| a.invalid_err("pid", "an integer", pid_v))?;
    let run_overrides = match a.get("run_overrides") {
        None => Map::new(),
        Some(Value::Object(o)) => o.clone(),
        Some(v) => return Err(a.invalid_err("run_overrides", "an object", v)),
    };
    Ok(StartInput {
        state,
        runner: string("runner")?,
        max_rounds,
        profile_name: string("profile_name")?.unwrap_or_default(),
        run_overrides,
        force_all_angles: flag("force_all_angles")?,
        now,
        pid,
        pid_alive: flag("pid_alive")?,
        feature_files: opt_typed::<Files>(m, "feature_files")?,
        round_files: opt_typed::<Files>(m, "round_files")?,
        facts: facts(m)?.unwrap_or_default(),
        events: match a.get("events") {
            None => Vec::new(),
            Some(v) => events_of(v, "events")?,
        },
        note: string("note")?,
    })
}

/// A list of Event objects (the events.jsonl line shape, `ts` optional).
fn events_of(v: &Value, key: &str) -> Result<Vec<Event>> {
    let Value::Array(list) = v else {
        return Err(
            Error::invalid_input(format!("input key `{key}` must be a list of events"))
                .with_field(key),
        );
    };
    list.iter()
        .enumerate()
        .map(|(i, e)| {
            Event::from_input(e).map_err(|err| {
                Error::invalid_input(format!("{key}[{i}]: {}", err.message))
                    .with_field(format!("{key}[{i}]"))
            })
        })
        .collect()
}

fn rebuilt_json(r: &Rebuilt) -> Value {
    let mut m = Map::with_capacity(4);
    m.insert("state".into(), r.state.to_json());
    m.insert("loop".into(), r.lp.to_json());
    m.insert("decision".into(), r.decision.clone());
    m.insert("keep".into(), r.keep.into());
    Value::Object(m)
}

fn conductor_rebuild(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let feature: Feature = req(m, "feature")?;
    let events = events_of(Args::new(m).req("events")?, "events")?;
    Ok(rebuilt_json(&conductor::rebuild(&cfg, &feature, &events)?))
}

fn conductor_fork(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let feature: Feature = req(m, "feature")?;
    let a = Args::new(m);
    let events = events_of(a.req("events")?, "events")?;
    let at_v = a.req("at")?;
    let at = at_v
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| a.invalid_err("at", "a non-negative integer", at_v))?;
    Ok(rebuilt_json(&conductor::fork(&cfg, &feature, &events, at)?))
}

fn conductor_start(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let feature: Feature = req(m, "feature")?;
    let input = start_input(m)?;
    Ok(turn_json(&conductor::start(&cfg, &feature, &input)?))
}

fn loop_of(m: &In) -> Result<Loop> {
    typed(Args::new(m).req("loop")?, "loop")
}

fn conductor_next(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let feature: Feature = req(m, "feature")?;
    let st = state(m, "state")?;
    let lp = loop_of(m)?;
    let f = facts(m)?;
    Ok(turn_json(&conductor::next(
        &cfg,
        &feature,
        &st,
        &lp,
        f.as_ref(),
    )?))
}

fn conductor_apply(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let feature: Feature = req(m, "feature")?;
    let st = state(m, "state")?;
    let lp = loop_of(m)?;
    let outcome: Outcome = typed(Args::new(m).req("outcome")?, "outcome")?;
    let f = facts(m)?;
    Ok(turn_json(&conductor::apply(
        &cfg,
        &feature,
        &st,
        &lp,
        &outcome,
        f.as_ref(),
    )?))
}

fn conductor_resume(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let feature: Feature = req(m, "feature")?;
    let st = state(m, "state")?;
    let ff: Files = opt_typed(m, "feature_files")?;
    let rf: Files = opt_typed(m, "round_files")?;
    let r = conductor::resume(&cfg, &feature, &st, &ff, &rf)?;
    let mut out = Map::with_capacity(6);
    out.insert("state".into(), r.state.to_json());
    out.insert(
        "manual_phase_consumed".into(),
        r.manual_phase_consumed.into(),
    );
    out.insert("recovered".into(), r.recovered.into());
    out.insert("from".into(), r.from.as_str().into());
    out.insert("to".into(), r.to.as_str().into());
    out.insert("sub_phase".into(), r.sub_phase.as_str().into());
    Ok(Value::Object(out))
}

fn script_json(s: &Script) -> Value {
    let mut m = Map::with_capacity(4);
    m.insert(
        "decisions".into(),
        Value::Array(
            s.decisions
                .iter()
                .map(conductor::Decision::to_json)
                .collect(),
        ),
    );
    m.insert("events".into(), events_json(&s.events));
    m.insert("state".into(), s.state.to_json());
    m.insert("loop".into(), s.lp.to_json());
    Value::Object(m)
}

fn conductor_run_script(m: &In) -> Result<Value> {
    let cfg: Config = req(m, "config")?;
    let feature: Feature = req(m, "feature")?;
    let a = Args::new(m);
    let start_v = a.req("start")?;
    let Value::Object(start_map) = start_v else {
        return Err(a.invalid_err("start", "an object", start_v));
    };
    let input = start_input(start_map).map_err(|e| {
        let f = e.field.clone().unwrap_or_default();
        e.with_field(format!("start.{f}"))
    })?;
    let list_v = a.req("outcomes")?;
    let Value::Array(list) = list_v else {
        return Err(a.invalid_err("outcomes", "a list", list_v));
    };
    let mut outcomes = Vec::with_capacity(list.len());
    for (i, o) in list.iter().enumerate() {
        let key = format!("outcomes[{i}]");
        let Value::Object(obj) = o else {
            return Err(
                Error::invalid_input(format!("input key `{key}` must be an object"))
                    .with_field(key),
            );
        };
        let mut obj = obj.clone();
        let f = match obj.remove("facts") {
            None | Some(Value::Null) => None,
            Some(v) => Some(typed::<Facts>(&v, &format!("{key}.facts"))?),
        };
        outcomes.push((typed::<Outcome>(&Value::Object(obj), &key)?, f));
    }
    Ok(script_json(&conductor::run_script(
        &cfg, &feature, &input, &outcomes,
    )?))
}
