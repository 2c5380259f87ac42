//! The conductor bench's turn, shared by `benches/benches/scale.rs` (criterion) and
//! `benches/examples/instr.rs` (callgrind instruction counts): `conductor.apply` of a designer's
//! exit (designing → design-reviewing) right after `conductor.start`, typed and through
//! `ops::call` with the same inputs (`benches/python_boundary.py` builds the same turn).

use fourx_core::conductor::{self, Loop, Outcome, StartInput, Turn};
use fourx_core::protocol::config::{decode, Config};
use fourx_core::protocol::feature::Feature;
use fourx_core::protocol::state::State;
use serde_json::{json, Value};

/// The typed inputs of one `conductor::apply` and the JSON input of the same `conductor.apply`.
pub struct Case {
    /// The decoded config.
    pub cfg: Config,
    /// The decoded feature.
    pub feature: Feature,
    /// The state `conductor::start` returned.
    pub state: State,
    /// The loop `conductor::start` returned.
    pub lp: Loop,
    /// The designer's exit.
    pub outcome: Outcome,
    /// `{config, feature, state, loop, outcome}` for `ops::call("conductor.apply", …)`, built
    /// from `conductor.start`'s JSON output.
    pub op_input: Value,
}

/// The config, feature and outcome of the turn as JSON.
pub fn inputs_json() -> (Value, Value, Value) {
    let cfg = json!({"project": {"name": "demo"}, "default_runner": "claude",
        "runners": {"claude": {"command": "claude", "tiers": {"opus": "claude-opus", "sonnet": "claude-sonnet"}}}});
    let feature = json!({"id": "F001-login"});
    let outcome = json!({"kind": "agent_exit", "exit_code": 0,
        "feature_files": {"task-brief.md": "b", "acceptance-criteria.md": "c"}});
    (cfg, feature, outcome)
}

/// The case, checked: the typed apply does not end the run and the op accepts its input.
pub fn case() -> Case {
    let (cfg_json, feature_json, outcome_json) = inputs_json();
    let cfg: Config = decode(&cfg_json, "config").expect("config");
    let feature: Feature = decode(&feature_json, "feature").expect("feature");
    let input = StartInput {
        profile_name: "full".into(),
        now: "2025-03-01T10:00:00Z".into(),
        pid: 4242,
        ..StartInput::default()
    };
    let first = conductor::start(&cfg, &feature, &input).expect("start");
    let outcome: Outcome = serde_json::from_value(outcome_json.clone()).expect("outcome");
    let start_out = fourx_core::ops::call(
        "conductor.start",
        &json!({"config": cfg_json, "feature": feature_json, "now": "2025-03-01T10:00:00Z",
                "pid": 4242, "profile_name": "full"}),
    )
    .expect("conductor.start");
    let op_input = json!({"config": cfg_json, "feature": feature_json,
        "state": start_out["state"], "loop": start_out["loop"], "outcome": outcome_json});
    let c = Case {
        cfg,
        feature,
        state: first.state,
        lp: first.lp,
        outcome,
        op_input,
    };
    assert!(!typed(&c).decision.is_terminal());
    op(&c);
    c
}

/// One typed `conductor::apply`.
pub fn typed(c: &Case) -> Turn {
    conductor::apply(&c.cfg, &c.feature, &c.state, &c.lp, &c.outcome, None).expect("apply")
}

/// One `ops::call("conductor.apply", …)`.
pub fn op(c: &Case) -> Value {
    fourx_core::ops::call("conductor.apply", &c.op_input).expect("conductor.apply")
}
