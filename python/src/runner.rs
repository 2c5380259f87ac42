//! `_fourx.run`: the runner (`fourx-run`) with a Python agent. The agent, the decision observer,
//! the human callback and an optional world are Python objects called with the GIL held; an
//! exception any of them raises ends the run and is re-raised as it is.

use std::path::Path;

use pyo3::prelude::*;
use serde_json::{json, Value};

use fourx_core::{Error, ErrorKind};
use fourx_run::{Agent, AgentCall, AgentResult, RealWorld, RunOptions, Shell, ShellOutcome, World};

use crate::convert::{to_json, to_py};
use crate::{guard, raise};

/// Where a Python exception raised inside the run waits to be re-raised.
#[derive(Default)]
struct Raised(Option<PyErr>);

impl Raised {
    fn keep(&mut self, e: PyErr) -> Error {
        let msg = e.to_string();
        self.0 = Some(e);
        Error::invalid_input(format!("a Python callback raised: {msg}"))
    }
}

struct PyAgent<'py> {
    py: Python<'py>,
    /// Set when the agent was interrupted (shared with the world).
    interrupted: std::rc::Rc<std::cell::Cell<bool>>,
    agent: Bound<'py, PyAny>,
    on_decision: Option<Bound<'py, PyAny>>,
    human: Option<Bound<'py, PyAny>>,
    raised: Raised,
}

fn value_of(obj: &Bound<'_, PyAny>) -> Result<Value, Error> {
    to_json(obj, 0)
}

impl Agent for PyAgent<'_> {
    fn run(&mut self, call: &AgentCall) -> fourx_core::Result<AgentResult> {
        let arg = serde_json::to_value(call).map_err(|e| Error::invalid_input(e.to_string()))?;
        let arg = to_py(self.py, &arg).map_err(|e| self.raised.keep(e))?;
        let out = match self.agent.call1((arg,)) {
            Ok(out) => out,
            // SIGINT while the agent ran: the run is interrupted (the conductor stops it with
            // `interrupted`), not aborted.
            Err(e) if e.is_instance_of::<pyo3::exceptions::PyKeyboardInterrupt>(self.py) => {
                self.interrupted.set(true);
                return Ok(AgentResult {
                    exit_code: 130,
                    error: Some("interrupted".into()),
                    interrupted: true,
                    ..AgentResult::default()
                });
            }
            Err(e) => return Err(self.raised.keep(e)),
        };
        let v = value_of(&out)?;
        serde_json::from_value(v).map_err(|e| {
            Error::invalid_input(format!(
                "the agent must return {{\"exit_code\": int, \"stats\"?: dict, \"transcript\"?: str}}: {e}"
            ))
        })
    }

    fn on_decision(&mut self, decision: &Value, state: &Value) {
        let Some(f) = &self.on_decision else { return };
        if self.raised.0.is_some() {
            return;
        }
        let r = to_py(self.py, decision)
            .and_then(|d| Ok((d, to_py(self.py, state)?)))
            .and_then(|(d, s)| f.call1((d, s)));
        if let Err(e) = r {
            self.raised.keep(e);
        }
    }

    fn human(&mut self, decision: &Value) -> fourx_core::Result<Option<Value>> {
        if let Some(e) = self.raised.0.take() {
            return Err(self.raised.keep(e));
        }
        let Some(f) = &self.human else {
            return Ok(None);
        };
        let d = to_py(self.py, decision).map_err(|e| self.raised.keep(e))?;
        let out = f.call1((d,)).map_err(|e| self.raised.keep(e))?;
        if out.is_none() {
            return Ok(None);
        }
        value_of(&out).map(Some)
    }
}

/// The real world with the Python parts a `world` object overrides (`now()`, `pid()`,
/// `interrupted()`, `git(cwd, args)`, `sh(command, cwd, timeout_s, env)`); SIGINT (Python's
/// pending KeyboardInterrupt) counts as interrupted.
struct PyWorld<'py> {
    py: Python<'py>,
    world: Option<Bound<'py, PyAny>>,
    real: RealWorld,
    interrupted: std::rc::Rc<std::cell::Cell<bool>>,
}

impl PyWorld<'_> {
    fn method(&self, name: &str) -> Option<Bound<'_, PyAny>> {
        let w = self.world.as_ref()?;
        w.getattr(name).ok().filter(|m| m.is_callable())
    }
}

impl World for PyWorld<'_> {
    fn now(&mut self) -> String {
        if let Some(m) = self.method("now") {
            if let Ok(s) = m.call0().and_then(|v| v.extract::<String>()) {
                return s;
            }
        }
        self.real.now()
    }

    fn sh(&mut self, shell: &Shell<'_>) -> ShellOutcome {
        if let Some(m) = self.method("sh") {
            let env: Vec<(String, String)> = shell.env.to_vec();
            let timeout = shell.timeout.map(|t| t.as_secs_f64());
            let cwd = shell.cwd.to_string_lossy().into_owned();
            return match m
                .call1((shell.command, cwd, timeout, env))
                .map_err(|e| e.to_string())
                .and_then(|v| value_of(&v).map_err(|e| e.message))
            {
                Ok(v) => ShellOutcome {
                    exit_code: v["exit_code"].as_i64().and_then(|c| i32::try_from(c).ok()),
                    timed_out: v["timed_out"] == Value::Bool(true),
                    interrupted: v["interrupted"] == Value::Bool(true),
                    error: v["error"].as_str().map(str::to_string),
                    stderr_tail: v["stderr_tail"].as_str().unwrap_or("").to_string(),
                },
                Err(e) => ShellOutcome {
                    error: Some(e),
                    ..ShellOutcome::default()
                },
            };
        }
        self.real.sh(shell)
    }

    fn git(&mut self, cwd: &Path, args: &[&str]) -> Result<String, String> {
        if let Some(m) = self.method("git") {
            let a: Vec<String> = args.iter().map(|s| (*s).to_string()).collect();
            return m
                .call1((cwd.to_string_lossy().into_owned(), a))
                .and_then(|v| v.extract::<String>())
                .map_err(|e| e.to_string());
        }
        self.real.git(cwd, args)
    }

    fn pid(&mut self) -> i64 {
        if let Some(m) = self.method("pid") {
            if let Ok(p) = m.call0().and_then(|v| v.extract::<i64>()) {
                return p;
            }
        }
        self.real.pid()
    }

    fn interrupted(&mut self) -> bool {
        if self.py.check_signals().is_err() {
            self.interrupted.set(true);
        }
        let asked = self
            .method("interrupted")
            .is_some_and(|m| m.call0().and_then(|v| v.extract::<bool>()).unwrap_or(false));
        if asked {
            self.interrupted.set(true);
        }
        self.interrupted.get()
    }

    fn sleep_ms(&mut self, ms: u64) {
        self.real.sleep_ms(ms);
    }
}

/// Runs a feature to the end of its run (`fourx_run::run_with`): `options` is the JSON object of
/// `RunOptions`; returns the RunResult as a dict.
#[pyfunction]
#[pyo3(signature = (options, agent, on_decision=None, world=None, human=None))]
pub(crate) fn run<'py>(
    py: Python<'py>,
    options: &Bound<'py, PyAny>,
    agent: Bound<'py, PyAny>,
    on_decision: Option<Bound<'py, PyAny>>,
    world: Option<Bound<'py, PyAny>>,
    human: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    guard(py, || {
        let opts_v = value_of(options).map_err(|e| raise(py, e))?;
        let opts: RunOptions = serde_json::from_value(opts_v).map_err(|e| {
            raise(
                py,
                Error::new(ErrorKind::InvalidInput, format!("run options: {e}")),
            )
        })?;
        let interrupted = std::rc::Rc::new(std::cell::Cell::new(false));
        let mut a = PyAgent {
            py,
            interrupted: interrupted.clone(),
            agent,
            on_decision: on_decision.filter(|o| !o.is_none()),
            human: human.filter(|o| !o.is_none()),
            raised: Raised::default(),
        };
        let mut w = PyWorld {
            py,
            world: world.filter(|o| !o.is_none()),
            real: RealWorld::new(),
            interrupted,
        };
        let r = fourx_run::run_with(&opts, &mut a, &mut w);
        if let Some(e) = a.raised.0.take() {
            return Err(e);
        }
        match r {
            Ok(res) => {
                let v = serde_json::to_value(&res).unwrap_or_else(|_| json!({}));
                to_py(py, &v)
            }
            Err(e) => Err(raise(py, e)),
        }
    })
}
