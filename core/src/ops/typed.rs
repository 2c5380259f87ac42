//! The typed entry of the bindings: an op's input decoded straight from any serde
//! `Deserializer` (Python objects, the C caller's JSON bytes) into the op's Rust input types, run,
//! and its result written through any serde `Serializer` — no `serde_json::Value` tree on either
//! side, for the ops of [`TYPED_OPS`].
//!
//! Decides only *how* those ops' inputs are read and results written, never what they mean: an
//! input the typed decoder does not take exactly as the `Value` path would (a wrong type, a key it
//! does not know, a duplicate key, `null` where the op reads "absent", nesting it does not follow)
//! is *declined*, and the caller then runs [`super::call`] on the same input, whose error (kind,
//! field, message) is the answer. An input the typed decoder takes gives the same result, or the
//! same error, as [`super::call`] (`ops::typed::tests` and `python/tests/test_typed_entry.py` pin
//! it). Which thread and lock the phases run under is the caller's.

use std::collections::HashSet;
use std::fmt;

use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, SerializeSeq, Serializer};
use serde::{Deserialize, Serialize};

use crate::blueprint::index::{render_index, IndexOutput};
use crate::blueprint::parse::parse;
use crate::blueprint::snapshot::{ModuleInfo, Snapshot};
use crate::blueprint::tokens::ApproxCounter;
use crate::conductor::{self, Facts, Loop, Outcome, Turn};
use crate::error::Result;
use crate::machine;
use crate::protocol::codec::gojson_decode::GoValue;
use crate::protocol::codec::gostruct::GoDecode;
use crate::protocol::config::Config;
use crate::protocol::feature::Feature;
use crate::protocol::state::{Event, Regime, State};

/// The ops with a typed entry: their input is decoded without a `Value` tree and their result
/// written without one.
pub const TYPED_OPS: &[&str] = &[
    "blueprint.render_index",
    "conductor.apply",
    "meta.version",
    "state.can_transition",
];

/// An op input decoded into the op's own types, ready to [`run`](TypedInput::run).
#[derive(Debug)]
pub struct TypedInput(In);

#[derive(Debug)]
enum In {
    Apply(Box<ApplyIn>),
    RenderIndex(RenderIn),
    Version,
    CanTransition(String, String),
}

#[derive(Debug)]
struct ApplyIn {
    config: GoValue,
    feature: GoValue,
    state: GoValue,
    lp: Loop,
    outcome: Outcome,
    facts: Option<Facts>,
}

#[derive(Debug)]
struct RenderIn {
    doc: String,
    modules: Vec<ModuleInfo>,
    edges: Vec<(String, String)>,
    repo_token: String,
    max_tokens: Option<i64>,
    oversize_bytes: Option<i64>,
}

/// An op's result in the op's own types; its `Serialize` writes exactly the value
/// [`super::call`] returns (same keys, same order, same numbers).
#[derive(Debug)]
pub struct TypedOutput(Out);

#[derive(Debug)]
enum Out {
    Turn(Box<Turn>),
    Index(IndexOutput),
    Version,
    Allowed(bool),
}

impl TypedInput {
    /// Decodes the input of `op` from `input`. `None` when `op` has no typed entry or the decoder
    /// declines the input (see the module doc): the caller then runs [`super::call`].
    ///
    /// `input` must refuse nesting deeper than [`super::MAX_DEPTH`], as serde_json's reader (127
    /// levels) and the Python binding's do: the typed decoders do not count levels.
    pub fn decode<'de, D: Deserializer<'de>>(op: &str, input: D) -> Option<TypedInput> {
        let decoded = match op {
            "conductor.apply" => input
                .deserialize_map(ApplyVisitor)
                .map(|a| In::Apply(Box::new(a))),
            "blueprint.render_index" => input.deserialize_map(RenderVisitor).map(In::RenderIndex),
            "meta.version" => input.deserialize_map(AnyKeys(&[])).map(|_| In::Version),
            "state.can_transition" => {
                input
                    .deserialize_map(AnyKeys(&["from", "to"]))
                    .and_then(|mut v| {
                        let to = v.pop().flatten();
                        let from = v.pop().flatten();
                        match (from, to) {
                            (Some(f), Some(t)) => Ok(In::CanTransition(f, t)),
                            _ => Err(de::Error::custom("declined")),
                        }
                    })
            }
            _ => return None,
        };
        decoded.ok().map(TypedInput)
    }

    /// Runs the op on the decoded input: its result, or the error [`super::call`] gives for the
    /// same input.
    pub fn run(self) -> Result<TypedOutput> {
        Ok(TypedOutput(match self.0 {
            In::Apply(a) => {
                // The order of `conductor.apply`'s checks: config, feature, state (the loop,
                // outcome and facts decoded already, or the input was declined).
                let cfg = Config::go_decode(&a.config, "config")?;
                let feature = Feature::go_decode(&a.feature, "feature")?;
                let state = State::from_go(&a.state, Regime::OpInput)?;
                Out::Turn(Box::new(conductor::apply(
                    &cfg,
                    &feature,
                    &state,
                    &a.lp,
                    &a.outcome,
                    a.facts.as_ref(),
                )?))
            }
            In::RenderIndex(r) => {
                let doc = parse(&r.doc)?;
                let snapshot = Snapshot::new(r.modules, &r.edges, &r.repo_token)
                    .map_err(|e| e.with_field("snapshot"))?;
                let oversize = r
                    .oversize_bytes
                    .filter(|&b| b > 0)
                    .and_then(|b| u64::try_from(b).ok());
                Out::Index(render_index(
                    &doc,
                    &snapshot,
                    r.max_tokens,
                    oversize,
                    &ApproxCounter,
                )?)
            }
            In::Version => Out::Version,
            In::CanTransition(from, to) => Out::Allowed(machine::can_transition_str(&from, &to)),
        }))
    }
}

impl Serialize for TypedOutput {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        match &self.0 {
            Out::Turn(t) => {
                let mut m = s.serialize_map(Some(4))?;
                m.serialize_entry("decision", &t.decision)?;
                m.serialize_entry("state", &t.state)?;
                m.serialize_entry("loop", &t.lp)?;
                m.serialize_entry("events", &EventsWithoutTs(&t.events))?;
                m.end()
            }
            Out::Index(o) => {
                let mut m = s.serialize_map(Some(5))?;
                m.serialize_entry("text", &o.text)?;
                m.serialize_entry("tokens", &o.tokens)?;
                m.serialize_entry("shown", &o.shown)?;
                m.serialize_entry("not_shown", &o.not_shown)?;
                m.serialize_entry("budget", &o.budget)?;
                m.end()
            }
            Out::Version => {
                let mut m = s.serialize_map(Some(2))?;
                m.serialize_entry("version", env!("CARGO_PKG_VERSION"))?;
                m.serialize_entry("version_number", &super::version_number())?;
                m.end()
            }
            Out::Allowed(b) => {
                let mut m = s.serialize_map(Some(1))?;
                m.serialize_entry("allowed", b)?;
                m.end()
            }
        }
    }
}

/// The conductor ops' events: each event's form without `ts`, in the order the `Value` path
/// gives (it removes `ts` with `Map::remove`, a swap-remove: the last key takes the first place).
struct EventsWithoutTs<'a>(&'a [Event]);

impl Serialize for EventsWithoutTs<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for e in self.0 {
            seq.serialize_element(&WithoutTs(e))?;
        }
        seq.end()
    }
}

struct WithoutTs<'a>(&'a Event);

impl Serialize for WithoutTs<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        let fields = self.0.fields();
        let mut m = s.serialize_map(Some(fields.len().saturating_sub(1)))?;
        // `ts` is always the first key; the swap-remove puts the last key in its place.
        if let [_, middle @ .., (k, v)] = fields.as_slice() {
            m.serialize_entry(k, v)?;
            for (k, v) in middle {
                m.serialize_entry(k, v)?;
            }
        }
        m.end()
    }
}

/// Refuses a visitor's input: the caller declines and runs the `Value` path.
fn decline<E: de::Error>() -> E {
    E::custom("declined by the typed entry")
}

/// Reads the next key of an input object, declining a repeated one (the `Value` path keeps the
/// last; the typed decoders do not merge).
fn next_key<'de, A: MapAccess<'de>>(
    map: &mut A,
    seen: &mut Vec<String>,
) -> std::result::Result<Option<String>, A::Error> {
    let Some(k) = map.next_key::<String>()? else {
        return Ok(None);
    };
    if seen.contains(&k) {
        return Err(decline());
    }
    seen.push(k.clone());
    Ok(Some(k))
}

/// A [`GoValue`] read from any deserializer, as `gojson_decode::from_value` reads the `Value` the
/// same input would give: number literals as serde_json writes them, members in order; an object
/// with a repeated key is declined.
struct GoTree(GoValue);

impl<'de> Deserialize<'de> for GoTree {
    fn deserialize<D: Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        d.deserialize_any(GoVisitor).map(GoTree)
    }
}

struct GoVisitor;

impl<'de> Visitor<'de> for GoVisitor {
    type Value = GoValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_unit<E: de::Error>(self) -> std::result::Result<GoValue, E> {
        Ok(GoValue::Null)
    }

    fn visit_none<E: de::Error>(self) -> std::result::Result<GoValue, E> {
        Ok(GoValue::Null)
    }

    fn visit_bool<E: de::Error>(self, b: bool) -> std::result::Result<GoValue, E> {
        Ok(GoValue::Bool(b))
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> std::result::Result<GoValue, E> {
        Ok(GoValue::Number(serde_json::Number::from(n).to_string()))
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> std::result::Result<GoValue, E> {
        Ok(GoValue::Number(serde_json::Number::from(n).to_string()))
    }

    fn visit_f64<E: de::Error>(self, f: f64) -> std::result::Result<GoValue, E> {
        serde_json::Number::from_f64(f)
            .map(|n| GoValue::Number(n.to_string()))
            .ok_or_else(decline)
    }

    fn visit_str<E: de::Error>(self, s: &str) -> std::result::Result<GoValue, E> {
        Ok(GoValue::String(s.to_owned()))
    }

    fn visit_string<E: de::Error>(self, s: String) -> std::result::Result<GoValue, E> {
        Ok(GoValue::String(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<GoValue, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(GoTree(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(GoValue::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<GoValue, A::Error> {
        let n = map.size_hint().unwrap_or(0).min(4096);
        let mut members: Vec<(String, GoValue)> = Vec::with_capacity(n);
        let mut seen: Option<HashSet<String>> = None;
        while let Some(k) = map.next_key::<String>()? {
            // A linear check for the small objects of configs; a set past 16 members.
            let repeated = match &mut seen {
                Some(set) => !set.insert(k.clone()),
                None if members.len() >= 16 => {
                    let mut set: HashSet<String> = members.iter().map(|(k, _)| k.clone()).collect();
                    let r = !set.insert(k.clone());
                    seen = Some(set);
                    r
                }
                None => members.iter().any(|(m, _)| *m == k),
            };
            if repeated {
                return Err(decline());
            }
            let GoTree(v) = map.next_value()?;
            members.push((k, v));
        }
        Ok(GoValue::Object(members))
    }
}

/// `conductor.apply`'s input object.
struct ApplyVisitor;

impl<'de> Visitor<'de> for ApplyVisitor {
    type Value = ApplyIn;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("conductor.apply's input object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<ApplyIn, A::Error> {
        let mut seen = Vec::with_capacity(6);
        let (mut config, mut feature, mut state) = (None, None, None);
        let (mut lp, mut outcome, mut facts) = (None, None, None);
        // `null` for a required key is the `Value` path's "required" error: declined.
        let object = |v: GoValue| match v {
            GoValue::Object(_) => Ok(v),
            _ => Err(decline()),
        };
        while let Some(k) = next_key(&mut map, &mut seen)? {
            match k.as_str() {
                "config" => config = Some(object(map.next_value::<GoTree>()?.0)?),
                "feature" => feature = Some(object(map.next_value::<GoTree>()?.0)?),
                "state" => state = Some(object(map.next_value::<GoTree>()?.0)?),
                "loop" => lp = Some(map.next_value::<Loop>()?),
                "outcome" => outcome = Some(map.next_value::<Outcome>()?),
                "facts" => facts = Some(map.next_value::<Option<Facts>>()?),
                _ => return Err(decline()),
            }
        }
        match (config, feature, state, lp, outcome) {
            (Some(config), Some(feature), Some(state), Some(lp), Some(outcome)) => Ok(ApplyIn {
                config,
                feature,
                state,
                lp,
                outcome,
                facts: facts.flatten(),
            }),
            _ => Err(decline()),
        }
    }
}

/// `blueprint.render_index`'s input object (without a `counter`: declined).
struct RenderVisitor;

impl<'de> Visitor<'de> for RenderVisitor {
    type Value = RenderIn;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("blueprint.render_index's input object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<RenderIn, A::Error> {
        let mut seen = Vec::with_capacity(4);
        let (mut doc, mut snapshot) = (None, None);
        let (mut max_tokens, mut oversize_bytes) = (None, None);
        while let Some(k) = next_key(&mut map, &mut seen)? {
            match k.as_str() {
                "doc" => doc = Some(map.next_value::<String>()?),
                "snapshot" => snapshot = Some(map.next_value_seed(SnapshotSeed)?),
                "max_tokens" => max_tokens = Some(map.next_value_seed(Positive)?),
                "oversize_bytes" => oversize_bytes = Some(map.next_value_seed(Positive)?),
                _ => return Err(decline()),
            }
        }
        match (doc, snapshot) {
            (Some(doc), Some((modules, edges, repo_token))) => Ok(RenderIn {
                doc,
                modules,
                edges,
                repo_token,
                max_tokens,
                oversize_bytes,
            }),
            _ => Err(decline()),
        }
    }
}

/// A `max_tokens`/`oversize_bytes` number as the op reads it: an integer, one past `i64` read
/// as `i64::MAX`; anything else (a float, `null`) declined.
struct Positive;

impl<'de> DeserializeSeed<'de> for Positive {
    type Value = i64;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<i64, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Positive {
    type Value = i64;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an integer")
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> std::result::Result<i64, E> {
        Ok(n)
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> std::result::Result<i64, E> {
        Ok(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

type SnapshotParts = (Vec<ModuleInfo>, Vec<(String, String)>, String);

/// A snapshot object as `Snapshot::from_json` reads it: `modules` (paths or `{path, fingerprint,
/// bytes}`), `edges` (`[importer, imported]` pairs), `repo_token`; other keys read and ignored.
struct SnapshotSeed;

impl<'de> DeserializeSeed<'de> for SnapshotSeed {
    type Value = SnapshotParts;

    fn deserialize<D: Deserializer<'de>>(
        self,
        d: D,
    ) -> std::result::Result<SnapshotParts, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for SnapshotSeed {
    type Value = SnapshotParts;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a snapshot object")
    }

    fn visit_map<A: MapAccess<'de>>(
        self,
        mut map: A,
    ) -> std::result::Result<SnapshotParts, A::Error> {
        let mut seen = Vec::with_capacity(3);
        let (mut modules, mut edges, mut token) = (Vec::new(), Vec::new(), String::new());
        while let Some(k) = next_key(&mut map, &mut seen)? {
            match k.as_str() {
                "modules" => modules = map.next_value_seed(ListOf(ModuleSeed))?,
                "edges" => edges = map.next_value_seed(ListOf(EdgeSeed))?,
                "repo_token" => token = map.next_value::<String>()?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok((modules, edges, token))
    }
}

/// A list whose every element `S` reads.
struct ListOf<S>(S);

impl<'de, S: DeserializeSeed<'de> + Copy> DeserializeSeed<'de> for ListOf<S> {
    type Value = Vec<S::Value>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<Self::Value, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, S: DeserializeSeed<'de> + Copy> Visitor<'de> for ListOf<S> {
    type Value = Vec<S::Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(
        self,
        mut seq: A,
    ) -> std::result::Result<Self::Value, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 16));
        while let Some(v) = seq.next_element_seed(self.0)? {
            out.push(v);
        }
        Ok(out)
    }
}

/// One snapshot module: a path, or an object with a string `path`, a string `fingerprint` and a
/// non-negative integer `bytes` (`null` or absent: `""` / 0); other keys read and ignored.
#[derive(Clone, Copy)]
struct ModuleSeed;

impl<'de> DeserializeSeed<'de> for ModuleSeed {
    type Value = ModuleInfo;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<ModuleInfo, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for ModuleSeed {
    type Value = ModuleInfo;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a module")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> std::result::Result<ModuleInfo, E> {
        Ok(ModuleInfo::bare(s))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<ModuleInfo, A::Error> {
        let mut seen = Vec::with_capacity(3);
        let (mut path, mut fingerprint, mut bytes) = (None, None, None);
        while let Some(k) = next_key(&mut map, &mut seen)? {
            match k.as_str() {
                "path" => path = Some(map.next_value::<String>()?),
                "fingerprint" => fingerprint = map.next_value::<Option<String>>()?,
                "bytes" => bytes = map.next_value::<Option<u64>>()?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(ModuleInfo {
            path: path.ok_or_else(decline)?,
            fingerprint: fingerprint.unwrap_or_default(),
            bytes: bytes.unwrap_or(0),
        })
    }
}

/// One snapshot edge: a list of exactly two strings.
#[derive(Clone, Copy)]
struct EdgeSeed;

impl<'de> DeserializeSeed<'de> for EdgeSeed {
    type Value = (String, String);

    fn deserialize<D: Deserializer<'de>>(
        self,
        d: D,
    ) -> std::result::Result<(String, String), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for EdgeSeed {
    type Value = (String, String);

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an [importer, imported] edge")
    }

    fn visit_seq<A: SeqAccess<'de>>(
        self,
        mut seq: A,
    ) -> std::result::Result<(String, String), A::Error> {
        let a = seq.next_element::<String>()?.ok_or_else(decline)?;
        let b = seq.next_element::<String>()?.ok_or_else(decline)?;
        if seq.next_element::<IgnoredAny>()?.is_some() {
            return Err(decline());
        }
        Ok((a, b))
    }
}

/// An input object whose keys other than `keys` are read and ignored; each of `keys` must be a
/// string when present (`None` when absent).
struct AnyKeys(&'static [&'static str]);

impl<'de> Visitor<'de> for AnyKeys {
    type Value = Vec<Option<String>>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an input object")
    }

    fn visit_map<A: MapAccess<'de>>(
        self,
        mut map: A,
    ) -> std::result::Result<Self::Value, A::Error> {
        let mut seen = Vec::new();
        let mut out = vec![None; self.0.len()];
        while let Some(k) = next_key(&mut map, &mut seen)? {
            match self.0.iter().position(|w| *w == k) {
                Some(i) => out[i] = Some(map.next_value::<String>()?),
                None => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(out)
    }
}
