//! The `machine` area's op table: JSON adapters over the typed API of this module
//! (state-machine.md, plus `util.human_size` of workspace.md).

use serde_json::{json, Map, Value};

use super::{Args, OpInfo};
use crate::error::{Error, ErrorKind, Result};
use crate::machine;
use crate::protocol::codec::text::human_size;
use crate::protocol::state::{AnyPhase, AnyRole, Role, State};

use ErrorKind::{
    InvalidInput, InvalidRecoveryTarget, InvalidTransition, InvalidValue, UnknownKind,
};

/// The ops of this area, one line each.
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("state.can_transition", "Whether the transition table allows moving from one phase to another.", &["from: str", "to: str"], &["allowed: bool"], &[InvalidInput], can_transition),
    OpInfo::new("state.transition", "Moves a state to a phase: checks the table, sets phase and role, applies the round/active side effects.", &["state: State", "to: Phase", "role?: str = \"\""], &["state: State"], &[InvalidInput, InvalidTransition], transition),
    OpInfo::new("state.recover_to", "Crash-recovery correction to a recoverable work phase, ignoring the table and the source phase.", &["state: State", "to: Phase", "role?: str = \"\""], &["state: State"], &[InvalidInput, InvalidRecoveryTarget], recover_to),
    OpInfo::new("state.should_stop", "Whether a run must stop (max rounds reached, or 3 rounds without progress) and why.", &["state: State"], &["-> StopDecision"], &[InvalidInput], should_stop),
    OpInfo::new("state.phase_to_role", "The default role of a phase (PhaseToRole); \"\" when it has none.", &["phase: str"], &["role: Role | \"\""], &[InvalidInput], phase_to_role),
    OpInfo::new("phase.role", "The role of a profile-selectable work phase (PhaseRole); \"\" otherwise.", &["phase: str"], &["role: Role | \"\""], &[InvalidInput], phase_role),
    OpInfo::new("phase.to_status", "The feature status a phase projects to (PhaseToStatus).", &["phase: str"], &["status: FeatureStatus"], &[InvalidInput], phase_to_status),
    OpInfo::new("phase.is_selectable", "Whether a pipeline profile may list the phase.", &["phase: str"], &["selectable: bool"], &[InvalidInput], phase_is_selectable),
    OpInfo::new("state.validate", "Checks featureId, phase and runner of a state; lists every failure.", &["state: {any}"], &["-> StateValidation"], &[InvalidInput], validate),
    OpInfo::new("state.reconcile_active", "Clears `active` of a state whose run loop is gone (liveness given by the caller).", &["state: State", "pid_alive: bool"], &["-> Reconciled"], &[InvalidInput], reconcile_active),
    OpInfo::new("state.finalize_done", "The pure part of `done` finalisation: transition to done, active false, stopReason \"done\".", &["state: State"], &["state: State"], &[InvalidInput, InvalidTransition], finalize_done),
    OpInfo::new("state.constants", "The run-loop constants: max guard retries and the no-progress limit.", &[], &["-> StateConstants"], &[], constants),
    OpInfo::new("enums.list", "The values of a named enum (phases, roles, event_types, ...), in the seed's order.", &["kind: str"], &["values: [str]"], &[InvalidInput, UnknownKind], enums_list),
    OpInfo::new("state.diagram", "The transition graph as Mermaid or Graphviz dot text, with a feature's path (phases, or its events) marked when given.", &["format: \"mermaid\" | \"dot\"", "path?: [Phase] = []", "events?: [Event] = []"], &["text: str"], &[InvalidInput, InvalidValue], diagram),
    OpInfo::new("util.human_size", "A byte count as 4x prints it (512B, 124K, 3.9M, 1.0G).", &["bytes: int"], &["text: str"], &[InvalidInput], util_human_size),
];

fn state_arg(a: &Args<'_>) -> Result<State> {
    State::from_input(a.req("state")?)
}

fn role_str(r: Option<Role>) -> &'static str {
    r.map_or("", Role::as_str)
}

fn can_transition(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let allowed = machine::can_transition_str(a.str("from")?, a.str("to")?);
    Ok(json!({ "allowed": allowed }))
}

fn move_args(m: &Map<String, Value>) -> Result<(State, AnyPhase, AnyRole)> {
    let a = Args::new(m);
    let state = state_arg(&a)?;
    let to = AnyPhase::new(a.str("to")?);
    let role = AnyRole::new(a.opt_str("role")?.unwrap_or(""));
    Ok((state, to, role))
}

fn transition(m: &Map<String, Value>) -> Result<Value> {
    let (s, to, role) = move_args(m)?;
    Ok(json!({ "state": machine::transition(&s, to, role)?.to_json() }))
}

fn recover_to(m: &Map<String, Value>) -> Result<Value> {
    let (s, to, role) = move_args(m)?;
    Ok(json!({ "state": machine::recover_to(&s, to, role)?.to_json() }))
}

fn should_stop(m: &Map<String, Value>) -> Result<Value> {
    let s = state_arg(&Args::new(m))?;
    let reason = machine::should_stop(&s);
    Ok(json!({ "stop": reason.is_some(), "reason": reason.unwrap_or_default() }))
}

fn phase_arg(m: &Map<String, Value>) -> Result<AnyPhase> {
    Ok(AnyPhase::new(Args::new(m).str("phase")?))
}

fn phase_to_role(m: &Map<String, Value>) -> Result<Value> {
    let p = phase_arg(m)?;
    Ok(json!({ "role": role_str(machine::phase_to_role(p.known())) }))
}

fn phase_role(m: &Map<String, Value>) -> Result<Value> {
    let p = phase_arg(m)?;
    Ok(json!({ "role": role_str(machine::phase_role(p.known())) }))
}

fn phase_to_status(m: &Map<String, Value>) -> Result<Value> {
    let p = phase_arg(m)?;
    Ok(json!({ "status": machine::phase_to_status(p.known()).as_str() }))
}

fn phase_is_selectable(m: &Map<String, Value>) -> Result<Value> {
    let p = phase_arg(m)?;
    Ok(json!({ "selectable": machine::is_selectable(p.known()) }))
}

fn validate(m: &Map<String, Value>) -> Result<Value> {
    let v = machine::validate_state(&state_arg(&Args::new(m))?);
    Ok(json!({ "valid": v.is_valid(), "message": v.message(), "errors": v.errors }))
}

fn reconcile_active(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let s = state_arg(&a)?;
    let alive = a
        .opt_bool("pid_alive")?
        .ok_or_else(|| a.missing_err("pid_alive"))?;
    let (s, changed) = machine::reconcile_active(&s, |_| alive);
    Ok(json!({ "state": s.to_json(), "changed": changed }))
}

fn finalize_done(m: &Map<String, Value>) -> Result<Value> {
    let s = state_arg(&Args::new(m))?;
    Ok(json!({ "state": machine::finalize_done(&s)?.to_json() }))
}

fn constants(_: &Map<String, Value>) -> Result<Value> {
    Ok(json!({
        "max_guard_retries": machine::MAX_GUARD_RETRIES,
        "no_progress_limit": machine::NO_PROGRESS_LIMIT,
    }))
}

fn enums_list(m: &Map<String, Value>) -> Result<Value> {
    let kind = Args::new(m).str("kind")?;
    Ok(json!({ "values": machine::enum_values(kind)? }))
}

fn diagram(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let format: machine::DiagramFormat = a.str("format")?.parse()?;
    let path = match (m.get("path"), m.get("events")) {
        (Some(_), Some(_)) => {
            return Err(Error::invalid_input("give `path` or `events`, not both").with_field("path"))
        }
        (Some(p), None) => {
            let list = p
                .as_array()
                .ok_or_else(|| a.invalid_err("path", "a list of phase strings", p))?;
            let mut phases = Vec::with_capacity(list.len());
            for v in list {
                let s = v
                    .as_str()
                    .ok_or_else(|| a.invalid_err("path", "a list of phase strings", p))?;
                phases.push(machine::known_phase(s, "path")?);
            }
            phases
        }
        (None, Some(e)) => {
            let list = e
                .as_array()
                .ok_or_else(|| a.invalid_err("events", "a list of event objects", e))?;
            machine::path_from_events(list)?
        }
        (None, None) => Vec::new(),
    };
    Ok(json!({ "text": machine::render_path_diagram(format, &path) }))
}

fn util_human_size(m: &Map<String, Value>) -> Result<Value> {
    let bytes = Args::new(m).i64("bytes")?;
    Ok(json!({ "text": human_size(bytes) }))
}
