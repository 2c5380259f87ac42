//! Phases, roles, sub-phases, statuses, the `State` object and workspace events, with the seed's
//! strings and JSON tags.
//!
//! This module decides the vocabulary and the JSON shapes: which strings exist, the key order and
//! omit-zero rules of `State` and `Event`, and how a decoded JSON value fills them (Go's rules).
//! What a phase may be followed by, and every other rule, lives in [`crate::machine`].
//!
//! The vocabularies use the one string-enum mechanism ([`crate::words`]). `State` and `Event` keep
//! their own member-by-member decoders instead of the `go_struct!` macro of
//! [`crate::protocol::codec::gostruct`]: their failures take the kind of the regime they are read
//! in (`invalid_json` for file text, `invalid_input` for op input), their keys match exactly (no
//! case-insensitive fallback, as the vectors pin), phase and role words stay open (`Open<T>`,
//! unknown words kept), and times are parsed while reading — none of which the macro expresses.

use std::fmt;

use serde_json::{Map, Value};

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::gojson;
use crate::protocol::codec::gojson_decode::{self, DecodeError, GoValue, ListUpdate};
use crate::protocol::codec::time::Timestamp;
use crate::protocol::codec::time_rule::TimeRule;

pub use crate::words::Vocab;

crate::words::string_enum! {
    /// The 15 phases of the feature state machine, in `AllPhases` order.
    pub enum Phase("phase", Error, Error::unknown_word) {
        /// `init`: start; never re-entered by a transition.
        Init = "init",
        /// `designing` (designer).
        Designing = "designing",
        /// `design-reviewing` (design-reviewer).
        DesignReviewing = "design-reviewing",
        /// `coding` (coder).
        Coding = "coding",
        /// `reviewing` (reviewer).
        Reviewing = "reviewing",
        /// `deep-reviewing` (deep-reviewer); the only phase with a meaningful `subPhase`.
        DeepReviewing = "deep-reviewing",
        /// `fixing` (fixer).
        Fixing = "fixing",
        /// `testing` (tester).
        Testing = "testing",
        /// `amending` (coder, fix round).
        Amending = "amending",
        /// `accepting` (acceptor).
        Accepting = "accepting",
        /// `pending-review`: waiting for a human `done`.
        PendingReview = "pending-review",
        /// `done`: terminal.
        Done = "done",
        /// `abandoned`: terminal.
        Abandoned = "abandoned",
        /// `blocked`: universal target, resume point.
        Blocked = "blocked",
        /// `needs-attention`: universal target, resume point.
        NeedsAttention = "needs-attention",
    }
}

crate::words::string_enum! {
    /// Every role string: the eight pipeline roles first, in `AllRoles`
    /// order, then the sub-roles and non-pipeline roles.
    pub enum Role("role", Error, Error::unknown_word) {
        /// `designer`
        Designer = "designer",
        /// `design-reviewer`
        DesignReviewer = "design-reviewer",
        /// `coder`
        Coder = "coder",
        /// `reviewer`
        Reviewer = "reviewer",
        /// `deep-reviewer`
        DeepReviewer = "deep-reviewer",
        /// `tester`
        Tester = "tester",
        /// `acceptor`
        Acceptor = "acceptor",
        /// `fixer`
        Fixer = "fixer",
        /// `mini-coder` (self-heal sub-role)
        MiniCoder = "mini-coder",
        /// `re-verifier` (self-heal sub-role)
        ReVerifier = "re-verifier",
        /// `synthesizer` (deep-review sub-role)
        Synthesizer = "synthesizer",
        /// `gate` (non-pipeline)
        Gate = "gate",
        /// `consolidator` (non-pipeline)
        Consolidator = "consolidator",
        /// `round-summarizer` (non-pipeline)
        RoundSummarizer = "round-summarizer",
    }
}

impl Phase {
    /// SelectablePhases: the phases a pipeline profile may list, in
    /// canonical pipeline order (the 8-entry list with `fixing`). The one copy of this table:
    /// the state machine (`phase.is_selectable`) and profile resolution both read it.
    pub const SELECTABLE: &'static [Phase] = &[
        Phase::Designing,
        Phase::DesignReviewing,
        Phase::Coding,
        Phase::Reviewing,
        Phase::Testing,
        Phase::DeepReviewing,
        Phase::Fixing,
        Phase::Accepting,
    ];
}

impl Role {
    /// `AllRoles`: the pipeline roles, the only values PhaseToRole assigns.
    pub const PIPELINE: &'static [Role] = &[
        Role::Designer,
        Role::DesignReviewer,
        Role::Coder,
        Role::Reviewer,
        Role::DeepReviewer,
        Role::Tester,
        Role::Acceptor,
        Role::Fixer,
    ];
    /// `ConfigurableRoles`: `AllRoles` followed by `mini-coder`.
    pub const CONFIGURABLE: &'static [Role] = &[
        Role::Designer,
        Role::DesignReviewer,
        Role::Coder,
        Role::Reviewer,
        Role::DeepReviewer,
        Role::Tester,
        Role::Acceptor,
        Role::Fixer,
        Role::MiniCoder,
    ];
}

crate::words::string_enum! {
    /// Sub-phases of `deep-reviewing`, in `AllSubPhases` order.
    pub enum SubPhase("sub-phase", Error, Error::unknown_word) {
        /// `reviewing`
        Reviewing = "reviewing",
        /// `synthesizing`
        Synthesizing = "synthesizing",
        /// `fixing`
        Fixing = "fixing",
        /// `reverifying`
        Reverifying = "reverifying",
    }
}

crate::words::string_enum! {
    /// Notification levels of an event, in `AllNotifyLevels` order; `""` means none.
    pub enum NotifyLevel("notify level", Error, Error::unknown_word) {
        /// `success`: normal end.
        Success = "success",
        /// `error`: failure or guard block.
        Error = "error",
        /// `warning`: interrupted or escalation.
        Warning = "warning",
    }
}

crate::words::string_enum! {
    /// Event types with a producer, in `AllEventTypes` order. Informative: no op rejects
    /// other types.
    pub enum EventType("event type", Error, Error::unknown_word) {
        /// `conditional-pass-residual`
        ConditionalPassResidual = "conditional-pass-residual",
        /// `escalation`
        Escalation = "escalation",
        /// `feature-discovered`
        FeatureDiscovered = "feature-discovered",
        /// `force-done`
        ForceDone = "force-done",
        /// `guard-fail`
        GuardFail = "guard-fail",
        /// `health-check-failed`
        HealthCheckFailed = "health-check-failed",
        /// `hook`
        Hook = "hook",
        /// `phase-skipped`
        PhaseSkipped = "phase-skipped",
        /// `phase-start`
        PhaseStart = "phase-start",
        /// `run-end`
        RunEnd = "run-end",
        /// `run-error`
        RunError = "run-error",
        /// `run-output`
        RunOutput = "run-output",
        /// `run-start`
        RunStart = "run-start",
        /// `self-mod-approved`
        SelfModApproved = "self-mod-approved",
        /// `self-mod-detected`
        SelfModDetected = "self-mod-detected",
        /// `transition`
        Transition = "transition",
    }
}

crate::words::string_enum! {
    /// Feature statuses (`feature.Status`), targets of PhaseToStatus (`draft` excepted).
    pub enum FeatureStatus("feature status", Error, Error::unknown_word) {
        /// `not-started`
        NotStarted = "not-started",
        /// `in-progress`
        InProgress = "in-progress",
        /// `done`
        Done = "done",
        /// `abandoned`
        Abandoned = "abandoned",
        /// `blocked`
        Blocked = "blocked",
        /// `needs-attention`
        NeedsAttention = "needs-attention",
        /// `ready-for-review`
        ReadyForReview = "ready-for-review",
        /// `draft` (never produced by PhaseToStatus)
        Draft = "draft",
    }
}

/// A value of an open vocabulary: a known value, or any other string kept verbatim. Phases and
/// roles are plain strings in the seed; an unknown one is data, never an input error.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Open<T> {
    /// One of the vocabulary's values.
    Known(T),
    /// Any other string (including `""`).
    Other(String),
}

/// A phase string: a [`Phase`] or any other string.
pub type AnyPhase = Open<Phase>;
/// A role string: a [`Role`] or any other string.
pub type AnyRole = Open<Role>;
/// A sub-phase string: a [`SubPhase`] or any other string.
pub type AnySubPhase = Open<SubPhase>;
/// An event type string.
pub type AnyEventType = Open<EventType>;
/// A notify level string (`""` = none).
pub type AnyNotifyLevel = Open<NotifyLevel>;

impl<T: Vocab> Open<T> {
    /// The value for `s`: known if `s` is exactly one of the vocabulary's strings.
    pub fn new(s: &str) -> Self {
        match T::from_name(s) {
            Some(v) => Open::Known(v),
            None => Open::Other(s.to_string()),
        }
    }

    /// The string.
    pub fn as_str(&self) -> &str {
        match self {
            Open::Known(v) => v.as_str(),
            Open::Other(s) => s,
        }
    }

    /// The known value, if any.
    pub fn known(&self) -> Option<T> {
        match self {
            Open::Known(v) => Some(*v),
            Open::Other(_) => None,
        }
    }

    /// Whether this is the empty string (the zero value).
    pub fn is_empty(&self) -> bool {
        self.as_str().is_empty()
    }

    /// Whether this is exactly `v`.
    pub fn is(&self, v: T) -> bool {
        self.known() == Some(v)
    }
}

impl<T> Default for Open<T> {
    fn default() -> Self {
        Open::Other(String::new())
    }
}

impl<T> From<T> for Open<T> {
    fn from(v: T) -> Self {
        Open::Known(v)
    }
}

impl<T: Vocab> From<&str> for Open<T> {
    fn from(s: &str) -> Self {
        Open::new(s)
    }
}

impl<T: Vocab> From<String> for Open<T> {
    fn from(s: String) -> Self {
        Open::new(&s)
    }
}

impl<T: Vocab> From<&String> for Open<T> {
    fn from(s: &String) -> Self {
        Open::new(s)
    }
}

/// A borrowed known value converts too, so `can_transition(&Phase::Init, &Phase::Designing)`
/// reads the same as the owned form.
impl<T: Copy> From<&T> for Open<T> {
    fn from(v: &T) -> Self {
        Open::Known(*v)
    }
}

/// A borrowed open value converts by cloning, so `can_transition(&state.phase, Phase::Coding)`
/// needs no `.clone()` at the call site.
impl<T: Clone> From<&Open<T>> for Open<T> {
    fn from(v: &Open<T>) -> Self {
        v.clone()
    }
}

/// Serialises as the plain string, as in the seed's files.
impl<T: Vocab> serde::Serialize for Open<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Deserialises from any string; an unknown one is kept verbatim (it is data, not an error).
impl<'de, T: Vocab> serde::Deserialize<'de> for Open<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
        Ok(Open::new(&s))
    }
}

impl<T: Vocab> fmt::Display for Open<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The per-feature run state, `state.json`. Field order is file order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct State {
    /// `featureId` (always).
    pub feature_id: String,
    /// `phase` (always).
    pub phase: AnyPhase,
    /// `role` (always).
    pub role: AnyRole,
    /// `subPhase` (omit-zero): meaningful only in `deep-reviewing`.
    pub sub_phase: AnySubPhase,
    /// `round` (always): fix round counter.
    pub round: i64,
    /// `maxRounds` (always): round limit, `<= 0` = unlimited.
    pub max_rounds: i64,
    /// `active` (always): a run loop owns the feature.
    pub active: bool,
    /// `pid` (omit-zero): pid of that run loop.
    pub pid: i64,
    /// `runner` (always).
    pub runner: String,
    /// `label` (omit-zero).
    pub label: String,
    /// `createdAt` (always).
    pub created_at: Timestamp,
    /// `updatedAt` (always): stamped by WriteState.
    pub updated_at: Timestamp,
    /// `since` (always, although tagged omitempty: Go never omits a struct).
    pub since: Timestamp,
    /// `consecutiveNoProgress` (always).
    pub consecutive_no_progress: i64,
    /// `lastFailCount` (always).
    pub last_fail_count: i64,
    /// `stopReason` (omit-zero).
    pub stop_reason: String,
    /// `stopMessage` (omit-zero).
    pub stop_message: String,
    /// `runners` (omit-zero: empty = absent).
    pub runners: Vec<String>,
    /// `profile` (omit-zero).
    pub profile: String,
    /// `selfModTouched` (omit-zero).
    pub self_mod_touched: bool,
    /// `selfModPaths` (omit-zero: empty = absent).
    pub self_mod_paths: Vec<String>,
    /// `selfModApproved` (omit-zero).
    pub self_mod_approved: bool,
    /// `guardRetries` (omit-zero).
    pub guard_retries: i64,
    /// `baseCommit` (omit-zero).
    pub base_commit: String,
    /// `manualPhase` (omit-zero).
    pub manual_phase: bool,
}

/// The keys of [`State`] in file order.
pub const STATE_KEYS: [&str; 25] = [
    "featureId",
    "phase",
    "role",
    "subPhase",
    "round",
    "maxRounds",
    "active",
    "pid",
    "runner",
    "label",
    "createdAt",
    "updatedAt",
    "since",
    "consecutiveNoProgress",
    "lastFailCount",
    "stopReason",
    "stopMessage",
    "runners",
    "profile",
    "selfModTouched",
    "selfModPaths",
    "selfModApproved",
    "guardRetries",
    "baseCommit",
    "manualPhase",
];

/// Parses a time the way state/workspace decode file texts ([`TimeRule::GoText`]: Go RFC 3339,
/// upper-case `T`/`Z`, the year as written 0000–9999).
pub fn parse_time(s: &str) -> std::result::Result<Timestamp, DecodeError> {
    TimeRule::GoText
        .parse(s)
        .map_err(|e| DecodeError(e.to_string()))
}

/// Parses the `now` input of a workspace, features or conductor op ([`TimeRule::GoNow`]);
/// `invalid_input` naming the key `now` otherwise.
pub fn parse_now(s: &str) -> crate::error::Result<Timestamp> {
    TimeRule::GoNow
        .parse(s)
        .map_err(|e| crate::error::Error::invalid_input(format!("now: {e}")).with_field("now"))
}

/// Which decoder read a document: op inputs report `invalid_input`, state.json text
/// `invalid_json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Regime {
    /// An op input, already decoded by serde_json.
    OpInput,
    /// File text decoded with Go's rules.
    Text,
}

impl Regime {
    fn kind(self) -> ErrorKind {
        match self {
            Regime::OpInput => ErrorKind::InvalidInput,
            Regime::Text => ErrorKind::InvalidJson,
        }
    }
}

fn field_err(regime: Regime, what: &str, key: &str, e: &DecodeError) -> Error {
    Error::new(regime.kind(), format!("{what} key `{key}`: {e}")).with_field(key)
}

/// Serialises as [`State::to_json`]: the seed's camelCase keys in file order, omit-zero keys
/// only when set.
impl serde::Serialize for State {
    /// Writes [`State::fields`] straight to the serializer (no `Value` in between).
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        serialize_fields(&self.fields(), s)
    }
}

/// Deserialises as [`State::from_input`] (Go's field rules over the decoded value).
impl<'de> serde::Deserialize<'de> for State {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let v = <Value as serde::Deserialize>::deserialize(d)?;
        State::from_input(&v).map_err(<D::Error as serde::de::Error>::custom)
    }
}

/// Serialises as [`Event::to_json`]: one `events.jsonl` line's keys.
impl serde::Serialize for Event {
    /// Writes [`Event::fields`] straight to the serializer (no `Value` in between).
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        serialize_fields(&self.fields(), s)
    }
}

/// One key's value in the JSON form of a [`State`] or an [`Event`], borrowed from it.
#[derive(Debug, Clone, PartialEq)]
pub enum FieldValue<'a> {
    /// A string.
    Str(std::borrow::Cow<'a, str>),
    /// An integer.
    Int(i64),
    /// A boolean.
    Bool(bool),
    /// A list of strings.
    List(&'a [String]),
    /// A float64 as Go prints it ([`gojson::float_value`]: integral values below 2^53 as
    /// integers, non-finite as `null`).
    Float(f64),
    /// A JSON value as it is.
    Json(&'a Value),
}

impl serde::Serialize for FieldValue<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match self {
            FieldValue::Str(v) => s.serialize_str(v),
            FieldValue::Int(v) => s.serialize_i64(*v),
            FieldValue::Bool(v) => s.serialize_bool(*v),
            FieldValue::List(v) => s.collect_seq(v.iter()),
            FieldValue::Float(f) => serde::Serialize::serialize(&gojson::float_value(*f), s),
            FieldValue::Json(v) => serde::Serialize::serialize(v, s),
        }
    }
}

impl FieldValue<'_> {
    fn to_value(&self) -> Value {
        match self {
            FieldValue::Str(v) => Value::from(v.as_ref()),
            FieldValue::Int(v) => Value::from(*v),
            FieldValue::Bool(v) => Value::from(*v),
            FieldValue::List(v) => Value::from(v.to_vec()),
            FieldValue::Float(f) => gojson::float_value(*f),
            FieldValue::Json(v) => (*v).clone(),
        }
    }
}

/// The JSON form as a map of `fields`, in order.
fn serialize_fields<S: serde::Serializer>(
    fields: &[(&'static str, FieldValue<'_>)],
    s: S,
) -> std::result::Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut m = s.serialize_map(Some(fields.len()))?;
    for (k, v) in fields {
        m.serialize_entry(k, v)?;
    }
    m.end()
}

fn fields_json(fields: &[(&'static str, FieldValue<'_>)]) -> Value {
    let mut m = Map::with_capacity(fields.len());
    for (k, v) in fields {
        m.insert((*k).to_owned(), v.to_value());
    }
    Value::Object(m)
}

/// The fields of a JSON form being built: `always` keys are kept whatever their value, the
/// others (Go's `omitempty`) only when not zero.
struct Fields<'a>(Vec<(&'static str, FieldValue<'a>)>);

impl<'a> Fields<'a> {
    fn str(&mut self, k: &'static str, v: &'a str, always: bool) {
        if always || !v.is_empty() {
            self.0.push((k, FieldValue::Str(v.into())));
        }
    }

    fn owned(&mut self, k: &'static str, v: String) {
        self.0.push((k, FieldValue::Str(v.into())));
    }

    fn int(&mut self, k: &'static str, v: i64, always: bool) {
        if always || v != 0 {
            self.0.push((k, FieldValue::Int(v)));
        }
    }

    fn bool(&mut self, k: &'static str, v: bool, always: bool) {
        if always || v {
            self.0.push((k, FieldValue::Bool(v)));
        }
    }

    fn list(&mut self, k: &'static str, v: &'a [String]) {
        if !v.is_empty() {
            self.0.push((k, FieldValue::List(v)));
        }
    }
}

/// Deserialises as [`Event::from_input`].
impl<'de> serde::Deserialize<'de> for Event {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        let v = <Value as serde::Deserialize>::deserialize(d)?;
        Event::from_input(&v).map_err(<D::Error as serde::de::Error>::custom)
    }
}

impl State {
    /// The canonical JSON form: the keys in file order, omit-zero keys only when
    /// non-zero, times in Go RFC3339Nano with their offset.
    pub fn to_json(&self) -> Value {
        fields_json(&self.fields())
    }

    /// The keys of the canonical JSON form with their values, in order ([`State::to_json`] and
    /// the `Serialize` impl both write these).
    pub fn fields(&self) -> Vec<(&'static str, FieldValue<'_>)> {
        let mut m = Fields(Vec::with_capacity(20));
        m.str("featureId", &self.feature_id, true);
        m.str("phase", self.phase.as_str(), true);
        m.str("role", self.role.as_str(), true);
        m.str("subPhase", self.sub_phase.as_str(), false);
        m.int("round", self.round, true);
        m.int("maxRounds", self.max_rounds, true);
        m.bool("active", self.active, true);
        m.int("pid", self.pid, false);
        m.str("runner", &self.runner, true);
        m.str("label", &self.label, false);
        m.owned("createdAt", self.created_at.to_rfc3339_nano());
        m.owned("updatedAt", self.updated_at.to_rfc3339_nano());
        m.owned("since", self.since.to_rfc3339_nano());
        m.int("consecutiveNoProgress", self.consecutive_no_progress, true);
        m.int("lastFailCount", self.last_fail_count, true);
        m.str("stopReason", &self.stop_reason, false);
        m.str("stopMessage", &self.stop_message, false);
        m.list("runners", &self.runners);
        m.str("profile", &self.profile, false);
        m.bool("selfModTouched", self.self_mod_touched, false);
        m.list("selfModPaths", &self.self_mod_paths);
        m.bool("selfModApproved", self.self_mod_approved, false);
        m.int("guardRetries", self.guard_retries, false);
        m.str("baseCommit", &self.base_commit, false);
        m.bool("manualPhase", self.manual_phase, false);
        m.0
    }

    /// Decodes a State from an op input value (serde_json regime: the last duplicate already
    /// won, `null` is the zero value). Not an object, or a field of the wrong type →
    /// `invalid_input`.
    pub fn from_input(v: &Value) -> Result<State> {
        State::from_go(&decode_input_object(v, "state")?, Regime::OpInput)
    }

    /// Decodes state.json text with Go's rules: duplicates applied in
    /// order with `null` leaving a scalar unchanged, lone surrogates → U+FFFD, a document that is
    /// only `null` → the zero State. Any failure → `invalid_json`.
    pub fn parse_text(text: &[u8]) -> Result<State> {
        let go = gojson_decode::parse(text)
            .map_err(|e| Error::new(ErrorKind::InvalidJson, format!("state.json: {e}")))?;
        match go {
            GoValue::Null => Ok(State::default()),
            GoValue::Object(_) => State::from_go(&go, Regime::Text),
            other => Err(Error::new(
                ErrorKind::InvalidJson,
                format!(
                    "state.json: cannot decode a JSON {} into a state object",
                    other.type_name()
                ),
            )),
        }
    }

    /// Applies the members of a decoded object to a zero State, in document order.
    pub fn from_go(go: &GoValue, regime: Regime) -> Result<State> {
        let GoValue::Object(members) = go else {
            return Err(Error::new(
                regime.kind(),
                format!("state must be a JSON object, not {}", go.type_name()),
            ));
        };
        let mut s = State::default();
        for (key, v) in members {
            s.apply(key, v)
                .map_err(|e| field_err(regime, "state", key, &e))?;
        }
        Ok(s)
    }

    fn apply(&mut self, key: &str, v: &GoValue) -> std::result::Result<(), DecodeError> {
        fn set<T>(slot: &mut T, v: Option<T>) {
            if let Some(v) = v {
                *slot = v;
            }
        }
        fn list(slot: &mut Vec<String>, u: ListUpdate) {
            match u {
                ListUpdate::Reset => slot.clear(),
                ListUpdate::Set(l) => *slot = l,
            }
        }
        fn time(v: &GoValue) -> std::result::Result<Option<Timestamp>, DecodeError> {
            v.as_string()?.map(|s| parse_time(&s)).transpose()
        }
        match key {
            "featureId" => set(&mut self.feature_id, v.as_string()?),
            "phase" => set(&mut self.phase, v.as_string()?.map(|s| Open::new(&s))),
            "role" => set(&mut self.role, v.as_string()?.map(|s| Open::new(&s))),
            "subPhase" => set(&mut self.sub_phase, v.as_string()?.map(|s| Open::new(&s))),
            "round" => set(&mut self.round, v.as_i64()?),
            "maxRounds" => set(&mut self.max_rounds, v.as_i64()?),
            "active" => set(&mut self.active, v.as_bool()?),
            "pid" => set(&mut self.pid, v.as_i64()?),
            "runner" => set(&mut self.runner, v.as_string()?),
            "label" => set(&mut self.label, v.as_string()?),
            "createdAt" => set(&mut self.created_at, time(v)?),
            "updatedAt" => set(&mut self.updated_at, time(v)?),
            "since" => set(&mut self.since, time(v)?),
            "consecutiveNoProgress" => set(&mut self.consecutive_no_progress, v.as_i64()?),
            "lastFailCount" => set(&mut self.last_fail_count, v.as_i64()?),
            "stopReason" => set(&mut self.stop_reason, v.as_string()?),
            "stopMessage" => set(&mut self.stop_message, v.as_string()?),
            "runners" => list(&mut self.runners, v.as_string_list()?),
            "profile" => set(&mut self.profile, v.as_string()?),
            "selfModTouched" => set(&mut self.self_mod_touched, v.as_bool()?),
            "selfModPaths" => list(&mut self.self_mod_paths, v.as_string_list()?),
            "selfModApproved" => set(&mut self.self_mod_approved, v.as_bool()?),
            "guardRetries" => set(&mut self.guard_retries, v.as_i64()?),
            "baseCommit" => set(&mut self.base_commit, v.as_string()?),
            "manualPhase" => set(&mut self.manual_phase, v.as_bool()?),
            _ => {}
        }
        Ok(())
    }
}

/// One line of `events.jsonl`. Field order is line order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Event {
    /// `ts` (always): stamped from `now` when empty.
    pub ts: String,
    /// `phase` (always, even `""`).
    pub phase: AnyPhase,
    /// `type` (always).
    pub event_type: AnyEventType,
    /// `role` (omit-zero).
    pub role: AnyRole,
    /// `round` (omit-zero).
    pub round: i64,
    /// `action` (omit-zero).
    pub action: String,
    /// `cmd` (omit-zero).
    pub cmd: String,
    /// `status` (omit-zero).
    pub status: String,
    /// `detail` (omit-zero).
    pub detail: String,
    /// `runner` (omit-zero).
    pub runner: String,
    /// `model` (omit-zero).
    pub model: String,
    /// `notify` (omit-zero; `""` = no notification).
    pub notify: AnyNotifyLevel,
    /// `tokens_used` (omit-zero; run-end only, 0 = unknown).
    pub tokens_used: i64,
    /// `cost_usd` (omit-zero).
    pub cost_usd: f64,
    /// `duration_ms` (omit-zero).
    pub duration_ms: i64,
    /// `index` (omit-zero; 1-based parallel sub-task index).
    pub index: i64,
    /// `checkpoint` (omit-zero; not a seed key): the conductor call's `{state, loop, decision}`
    /// on the last event of each call.
    pub checkpoint: Option<Value>,
}

impl Event {
    /// The JSON form in line order; omit-zero keys appear only when set.
    pub fn to_json(&self) -> Value {
        fields_json(&self.fields())
    }

    /// The keys of the JSON form with their values, in line order ([`Event::to_json`] and the
    /// `Serialize` impl both write these).
    pub fn fields(&self) -> Vec<(&'static str, FieldValue<'_>)> {
        let mut m = Fields(Vec::with_capacity(10));
        m.str("ts", &self.ts, true);
        m.str("phase", self.phase.as_str(), true);
        m.str("type", self.event_type.as_str(), true);
        m.str("role", self.role.as_str(), false);
        m.int("round", self.round, false);
        m.str("action", &self.action, false);
        m.str("cmd", &self.cmd, false);
        m.str("status", &self.status, false);
        m.str("detail", &self.detail, false);
        m.str("runner", &self.runner, false);
        m.str("model", &self.model, false);
        m.str("notify", self.notify.as_str(), false);
        m.int("tokens_used", self.tokens_used, false);
        if self.cost_usd != 0.0 {
            m.0.push(("cost_usd", FieldValue::Float(self.cost_usd)));
        }
        m.int("duration_ms", self.duration_ms, false);
        m.int("index", self.index, false);
        if let Some(c) = &self.checkpoint {
            m.0.push(("checkpoint", FieldValue::Json(c)));
        }
        m.0
    }

    /// Decodes an Event from an op input value (exact keys; `cost_usd` any number; the int fields
    /// integers). Failures → `invalid_input`.
    pub fn from_input(v: &Value) -> Result<Event> {
        Event::from_go(&decode_input_object(v, "event")?, Regime::OpInput)
    }

    /// Applies the members of a decoded object to a zero Event, in document order.
    pub fn from_go(go: &GoValue, regime: Regime) -> Result<Event> {
        let members = match go {
            GoValue::Object(m) => m.as_slice(),
            GoValue::Null => &[],
            other => {
                return Err(Error::new(
                    regime.kind(),
                    format!("event must be a JSON object, not {}", other.type_name()),
                ))
            }
        };
        let mut e = Event::default();
        for (key, v) in members {
            e.apply(key, v)
                .map_err(|err| field_err(regime, "event", key, &err))?;
        }
        Ok(e)
    }

    fn apply(&mut self, key: &str, v: &GoValue) -> std::result::Result<(), DecodeError> {
        fn set<T>(slot: &mut T, v: Option<T>) {
            if let Some(v) = v {
                *slot = v;
            }
        }
        match key {
            "ts" => set(&mut self.ts, v.as_string()?),
            "phase" => set(&mut self.phase, v.as_string()?.map(|s| Open::new(&s))),
            "type" => set(&mut self.event_type, v.as_string()?.map(|s| Open::new(&s))),
            "role" => set(&mut self.role, v.as_string()?.map(|s| Open::new(&s))),
            "round" => set(&mut self.round, v.as_i64()?),
            "action" => set(&mut self.action, v.as_string()?),
            "cmd" => set(&mut self.cmd, v.as_string()?),
            "status" => set(&mut self.status, v.as_string()?),
            "detail" => set(&mut self.detail, v.as_string()?),
            "runner" => set(&mut self.runner, v.as_string()?),
            "model" => set(&mut self.model, v.as_string()?),
            "notify" => set(&mut self.notify, v.as_string()?.map(|s| Open::new(&s))),
            "tokens_used" => set(&mut self.tokens_used, v.as_i64()?),
            "cost_usd" => set(&mut self.cost_usd, v.as_f64()?),
            "duration_ms" => set(&mut self.duration_ms, v.as_i64()?),
            "index" => set(&mut self.index, v.as_i64()?),
            "checkpoint" => match v {
                GoValue::Null => {}
                GoValue::Object(_) => self.checkpoint = Some(checkpoint_value(v, 0)?),
                other => {
                    return Err(DecodeError(format!(
                        "cannot unmarshal {} into the checkpoint object",
                        other.type_name()
                    )))
                }
            },
            _ => crate::protocol::codec::unknown_keys::report("", key, EVENT_KEYS),
        }
        Ok(())
    }
}

/// Deepest nesting of a `checkpoint` value (a state, a loop and a decision are far shallower).
const CHECKPOINT_MAX_DEPTH: usize = 64;

/// A decoded `checkpoint` member as a JSON value (the last of duplicate keys wins).
fn checkpoint_value(v: &GoValue, depth: usize) -> std::result::Result<Value, DecodeError> {
    if depth > CHECKPOINT_MAX_DEPTH {
        return Err(DecodeError("checkpoint nests too deeply".into()));
    }
    Ok(match v {
        GoValue::Null => Value::Null,
        GoValue::Bool(b) => Value::Bool(*b),
        GoValue::Number(n) => serde_json::from_str(n)
            .map_err(|e| DecodeError(format!("checkpoint number {n}: {e}")))?,
        GoValue::String(s) => Value::String(s.clone()),
        GoValue::Array(items) => Value::Array(
            items
                .iter()
                .map(|i| checkpoint_value(i, depth + 1))
                .collect::<std::result::Result<_, _>>()?,
        ),
        GoValue::Object(members) => {
            let mut m = Map::new();
            for (k, x) in members {
                m.insert(k.clone(), checkpoint_value(x, depth + 1)?);
            }
            Value::Object(m)
        }
    })
}

/// The keys of an `events.jsonl` line, in line order.
pub const EVENT_KEYS: &[&str] = &[
    "ts",
    "phase",
    "type",
    "role",
    "round",
    "action",
    "cmd",
    "status",
    "detail",
    "runner",
    "model",
    "notify",
    "tokens_used",
    "cost_usd",
    "duration_ms",
    "index",
    "checkpoint",
];

/// Decodes the op-input object `field` (serde_json regime) into Go's value model; anything but
/// an object, or a value the decoder refuses, is `invalid_input` naming `field`.
fn decode_input_object(v: &Value, field: &str) -> Result<GoValue> {
    if !v.is_object() {
        return Err(Error::invalid_input(format!(
            "{field} must be a JSON object, not {}",
            crate::protocol::codec::limits::type_name(v)
        ))
        .with_field(field));
    }
    gojson_decode::from_value(v, crate::protocol::codec::limits::MAX_DEPTH)
        .map_err(|e| Error::invalid_input(format!("{field}: {e}")).with_field(field))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::str::FromStr;

    #[test]
    fn vocab_strings_round_trip_through_from_str_and_display() {
        fn check<T: Vocab + FromStr + fmt::Display>()
        where
            <T as FromStr>::Err: fmt::Debug,
        {
            for v in T::ALL {
                let s = v.to_string();
                assert_eq!(s.parse::<T>().unwrap(), *v);
            }
        }
        check::<Phase>();
        check::<Role>();
        check::<SubPhase>();
        check::<NotifyLevel>();
        check::<EventType>();
        check::<FeatureStatus>();
        assert!("Coding".parse::<Phase>().is_err());
    }

    #[test]
    fn vocab_orders_and_sizes_match_the_spec() {
        let phases: Vec<_> = Phase::ALL.iter().map(|p| p.as_str()).collect();
        assert_eq!(
            phases,
            [
                "init",
                "designing",
                "design-reviewing",
                "coding",
                "reviewing",
                "deep-reviewing",
                "fixing",
                "testing",
                "amending",
                "accepting",
                "pending-review",
                "done",
                "abandoned",
                "blocked",
                "needs-attention"
            ]
        );
        assert_eq!(EventType::ALL.len(), 16);
        assert_eq!(Role::PIPELINE.len(), 8);
        assert_eq!(Role::CONFIGURABLE.len(), 9);
        assert_eq!(Role::ALL.len(), 14);
    }

    #[test]
    fn unknown_phase_strings_stay_representable() {
        let p = AnyPhase::new("warp-drive");
        assert_eq!(p.as_str(), "warp-drive");
        assert_eq!(p.known(), None);
        assert!(AnyPhase::new("coding").is(Phase::Coding));
        assert!(AnyPhase::default().is_empty());
    }

    #[test]
    fn state_json_has_always_keys_and_omits_zero_keys() {
        let v = State::default().to_json();
        let keys: Vec<_> = v.as_object().unwrap().keys().cloned().collect();
        assert_eq!(
            keys,
            [
                "featureId",
                "phase",
                "role",
                "round",
                "maxRounds",
                "active",
                "runner",
                "createdAt",
                "updatedAt",
                "since",
                "consecutiveNoProgress",
                "lastFailCount"
            ]
        );
        assert_eq!(v["since"], "0001-01-01T00:00:00Z");
    }

    #[test]
    fn full_state_json_follows_the_seed_key_order() {
        let s = State {
            sub_phase: SubPhase::Fixing.into(),
            pid: 1,
            label: "l".into(),
            stop_reason: "r".into(),
            stop_message: "m".into(),
            runners: vec!["a".into()],
            profile: "p".into(),
            self_mod_touched: true,
            self_mod_paths: vec!["x".into()],
            self_mod_approved: true,
            guard_retries: 1,
            base_commit: "c".into(),
            manual_phase: true,
            ..State::default()
        };
        let keys: Vec<_> = s.to_json().as_object().unwrap().keys().cloned().collect();
        assert_eq!(keys, STATE_KEYS);
    }

    #[test]
    fn op_input_null_is_zero_and_text_null_leaves_earlier_duplicate() {
        let s = State::from_input(&json!({"round": null})).unwrap();
        assert_eq!(s.round, 0);
        let s = State::parse_text(br#"{"round":3,"round":null}"#).unwrap();
        assert_eq!(s.round, 3);
        let s = State::parse_text(br#"{"runners":["a"],"runners":null}"#).unwrap();
        assert!(s.runners.is_empty());
    }

    #[test]
    fn integers_written_with_fraction_or_exponent_are_type_errors() {
        for v in [
            json!({"round": 3.0}),
            json!({"round": "3"}),
            json!({"active": "true"}),
        ] {
            assert_eq!(
                State::from_input(&v).unwrap_err().kind,
                ErrorKind::InvalidInput
            );
        }
        assert_eq!(
            State::parse_text(br#"{"round":1e2}"#).unwrap_err().kind,
            ErrorKind::InvalidJson
        );
    }

    #[test]
    fn text_top_level_null_is_zero_state_other_scalars_fail() {
        assert_eq!(State::parse_text(b" null ").unwrap(), State::default());
        for t in [&b"[]"[..], b"\"x\"", b"1", b"true"] {
            assert_eq!(
                State::parse_text(t).unwrap_err().kind,
                ErrorKind::InvalidJson
            );
        }
    }

    #[test]
    fn event_json_keeps_always_keys_and_go_float() {
        let e = Event {
            cost_usd: 1.5,
            ..Event::default()
        };
        assert_eq!(
            crate::protocol::codec::gojson::write_value(
                &e.to_json(),
                crate::protocol::codec::gojson::Layout::Compact
            ),
            r#"{"ts":"","phase":"","type":"","cost_usd":1.5}"#
        );
    }
}
