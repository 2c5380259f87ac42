//! `fourx_run`: the runner (`fourx-run`, docs/spec/runner.md) with the agent as a C callback. The
//! harness writes no JSON parser: the callback gets the call both as JSON and as a struct of C
//! strings and integers, and answers with a JSON text such as `{"exit_code":0}`.

use std::ffi::{c_char, c_void, CStr, CString};

use fourx_core::{Error, ErrorKind};
use fourx_run::{Agent, AgentCall, AgentResult, RunOptions};
use serde_json::Value;

use crate::{boundary, core_err, fourx_buf, fourx_status, input_object, null_arg};

/// One agent run as the callback receives it. Every string is NUL-terminated UTF-8, borrowed for
/// the duration of the callback only; `json` is the whole call (`{"role", "phase", "purpose",
/// "sub_phase", "round", "iteration", "attempt", "runner", "model", "feature_dir", "round_dir",
/// "partial", "angles"}`).
#[repr(C)]
#[derive(Debug)]
pub struct fourx_agent_call {
    /// The whole call as a JSON object.
    pub json: *const c_char,
    /// The role (`coder`, `reviewer`, ...).
    pub role: *const c_char,
    /// The state's phase.
    pub phase: *const c_char,
    /// Why it runs (`main`, `review-fix`, ..., `helper`, `parallel`).
    pub purpose: *const c_char,
    /// Runner name.
    pub runner: *const c_char,
    /// Model name.
    pub model: *const c_char,
    /// The feature folder (absolute).
    pub feature_dir: *const c_char,
    /// The round folder (absolute; `""` in round 0).
    pub round_dir: *const c_char,
    /// The partial report of a parallel deep sub-reviewer (`""` otherwise).
    pub partial: *const c_char,
    /// The round.
    pub round: i64,
    /// How often this role ran in this round, this run included.
    pub iteration: i64,
    /// 1-based attempt.
    pub attempt: i64,
}

/// The agent callback of `fourx_run`: runs the agent of `call` once and returns its result as a
/// NUL-terminated JSON object — `{"exit_code": int, "stats"?: {...}, "transcript"?: string}` —
/// owned by the harness and read before the callback is called again (a static buffer is
/// fine). NULL means the agent could not be run at all (the run stops with `runner-error`).
pub type fourx_agent_fn =
    Option<unsafe extern "C" fn(user: *mut c_void, call: *const fourx_agent_call) -> *const c_char>;

struct CAgent {
    f: unsafe extern "C" fn(*mut c_void, *const fourx_agent_call) -> *const c_char,
    user: *mut c_void,
}

fn cstring(s: &str) -> CString {
    CString::new(s.replace('\0', "")).unwrap_or_default()
}

impl Agent for CAgent {
    fn run(&mut self, call: &AgentCall) -> fourx_core::Result<AgentResult> {
        let json = serde_json::to_string(call).map_err(|e| Error::invalid_input(e.to_string()))?;
        let strings = [
            json.as_str(),
            &call.role,
            &call.phase,
            &call.purpose,
            &call.runner,
            &call.model,
            &call.feature_dir,
            &call.round_dir,
            &call.partial,
        ]
        .map(cstring);
        let c = fourx_agent_call {
            json: strings[0].as_ptr(),
            role: strings[1].as_ptr(),
            phase: strings[2].as_ptr(),
            purpose: strings[3].as_ptr(),
            runner: strings[4].as_ptr(),
            model: strings[5].as_ptr(),
            feature_dir: strings[6].as_ptr(),
            round_dir: strings[7].as_ptr(),
            partial: strings[8].as_ptr(),
            round: call.round,
            iteration: call.iteration,
            attempt: call.attempt,
        };
        // SAFETY: the harness's callback, called with its own `user` and a call whose strings
        // live until it returns.
        let answer = unsafe { (self.f)(self.user, &c) };
        if answer.is_null() {
            return Ok(AgentResult {
                error: Some(format!("the {} agent could not be run", call.role)),
                ..AgentResult::default()
            });
        }
        // SAFETY: a non-NULL answer is a NUL-terminated string (the callback's contract).
        let text = unsafe { CStr::from_ptr(answer) }.to_string_lossy();
        let v: Value = serde_json::from_str(&text).map_err(|e| {
            Error::invalid_input(format!("the agent callback returned no JSON object: {e}"))
        })?;
        serde_json::from_value(v).map_err(|e| {
            Error::invalid_input(format!(
                "the agent callback must return {{\"exit_code\": int, \"stats\"?: {{...}}, \"transcript\"?: string}}: {e}"
            ))
        })
    }
}

/// Runs a feature to the end of its run with `agent` as the harness's only part.
///
/// - `config_json`: NUL-terminated JSON object, the run options: `{"root", "feature_id",
///   "config"?, "profile"?, "store"?, "runner"?, "max_rounds"?, "holder"?, "ttl_ms"?,
///   "hook_timeout_s"?}` (absent `config`: `.4x/settings.json`).
/// - `agent`, `user`: the callback ([`fourx_agent_fn`]) and its context, passed back unchanged.
/// - `out`: always overwritten (NULL → `FOURX_STATUS_NULL_ARG`). On `FOURX_STATUS_OK` the run
///   result `{"phase", "stop_reason", "stop_message", "decisions", "state", "notify", "question",
///   "warnings"}` (a run that ends with `stop` is OK too); otherwise the error document
///   (`feature_active` when another live run holds the feature).
///
/// The callback is called on the calling thread; the run blocks until the run ends.
///
/// # Safety
/// `config_json` must be NULL or NUL-terminated; `out` must be NULL or valid for writes;
/// `agent` must be a function that honours [`fourx_agent_fn`]'s contract for `user`.
#[no_mangle]
pub unsafe extern "C" fn fourx_run(
    config_json: *const c_char,
    agent: fourx_agent_fn,
    user: *mut c_void,
    out: *mut fourx_buf,
) -> fourx_status {
    fourx_store_pg::register();
    // SAFETY: the caller guarantees `out` is NULL or valid for writes.
    let Some(out) = (unsafe { out.as_mut() }) else {
        return fourx_status::NullArg;
    };
    boundary(out, || {
        if config_json.is_null() {
            return Err(null_arg("config_json"));
        }
        let Some(f) = agent else {
            return Err(null_arg("agent"));
        };
        // SAFETY: the caller guarantees a NUL-terminated string.
        let bytes = unsafe { CStr::from_ptr(config_json) }.to_bytes();
        // SAFETY: `bytes` is a valid slice.
        let map = unsafe { input_object(bytes.as_ptr(), bytes.len(), "config_json") }?;
        let opts: RunOptions = serde_json::from_value(Value::Object(map)).map_err(|e| {
            core_err(Error::new(
                ErrorKind::InvalidInput,
                format!("run options: {e}"),
            ))
        })?;
        let mut a = CAgent { f, user };
        let r = fourx_run::run(&opts, &mut a).map_err(core_err)?;
        serde_json::to_value(&r).map_err(|e| core_err(Error::invalid_input(e.to_string())))
    })
}
