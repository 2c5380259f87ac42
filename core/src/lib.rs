//! # fourx-core
//!
//! The deterministic core of an AI-agent coding harness. fourx owns, once and exactly, the rules
//! that harnesses driving coding agents (designer → coder → reviewer → tester → acceptor …) keep
//! re-writing in prompts and scripts:
//!
//! - [`resolve`] and [`report`] — config merge and validation, pipeline profiles, runner and
//!   model-tier resolution, deep-review angles, report verdicts, duplicate detection;
//! - [`machine`] and [`workspace`] — legal phase transitions, their side effects, crash recovery,
//!   stop conditions, `done` finalisation, over a byte-compatible `.4x/` workspace;
//! - [`conductor`] — every decision of the 4x run loop as a pure transition: the next decision
//!   and the actions to run, so that a harness is only I/O;
//! - [`guard`] — 4x's guards: whether an agent's changes stay in the feature's scope and follow
//!   the diff rules, and whether testing may move on to accepting;
//! - [`features`] — feature files (YAML with Go's rules), feature ids, the backlog, evidence and
//!   the run files 4x writes;
//! - [`blueprint`] — a repository knowledge file: deterministic fold of agent claims, optimistic
//!   compare-and-swap storage, a token-budgeted index, the zero-LLM scanner;
//! - [`router`] — the cc10x router contract: intent routing, task metadata, workflow ids, strict
//!   validation of agent outputs, and the router's procedure.
//!
//! Beneath the areas: [`protocol`] (the shared domain types and the codecs: Go-compatible JSON,
//! yaml.v3, RFC 3339), [`store`] (how bytes reach a disk: atomic writes, compare-and-swap),
//! [`error`] (one [`Error`] with a closed [`ErrorKind`]) and [`words`] (the closed string enums).
//!
//! The typed Rust API of each module is the real one. [`ops`] exposes every capability as an
//! operation `<area>.<verb>` with JSON in and out; the C library (`libfourx`) and the Python
//! package (`fourx`) reach the core only through it, so all three stay identical.
//!
//! The core is pure: it never reads the clock, the environment, the home directory or
//! randomness. Those are inputs. Only [`store`] and the `fs` folders of the areas touch the
//! filesystem (feature `fs`, on by default).
//!
//! ```
//! let out = fourx_core::ops::call("meta.version", &serde_json::json!({})).unwrap();
//! assert_eq!(out["version"], env!("CARGO_PKG_VERSION"));
//! ```

#![deny(unsafe_code)]
// The crate is edition 2024 for its merged doctests; nested `if let` blocks written before
// let-chains existed stay as they are (a style choice, not a rule).
#![allow(clippy::collapsible_if)]

pub mod error;
pub mod ops;
pub mod protocol;
pub mod words;

pub mod blueprint;
pub mod conductor;
pub mod features;
pub mod guard;
pub mod machine;
pub mod report;
pub mod resolve;
pub mod router;
pub mod store;
pub mod workspace;

pub use error::{Error, ErrorKind, Result};

// The curated surface: what a user of the typed API reaches for first, at the crate root. The
// areas' own roots (`fourx_core::conductor`, `fourx_core::blueprint`, ...) re-export the rest of
// their typed API; the op adapters (`ops::<area>`) and the Go-compatibility codec internals are
// `#[doc(hidden)]`: reachable, but not API, so their files may move.
pub use conductor::{apply, next, start, Decision, Outcome, StartInput, Step, Turn};
pub use machine::{can_transition, should_stop, transition};
pub use ops::call;
pub use protocol::config::Config;
pub use protocol::feature::Feature;
pub use protocol::state::{Phase, Role, State};
