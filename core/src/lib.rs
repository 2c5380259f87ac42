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
//! - [`blueprint`] — a repository knowledge file: deterministic fold of agent claims, optimistic
//!   compare-and-swap storage, a token-budgeted index;
//! - [`router`] — intent routing, task metadata, workflow ids and strict validation of agent
//!   outputs.
//!
//! The typed Rust API of each module is the real one. [`ops`] exposes every capability as an
//! operation `<area>.<verb>` with JSON in and out; the C library (`libfourx`) and the Python
//! package (`fourx`) reach the core only through it, so all three stay identical.
//!
//! The core is pure: it never reads the clock, the environment, the home directory or
//! randomness. Those are inputs. Only [`store`] and [`workspace`] touch the filesystem (feature
//! `fs`, on by default).
//!
//! ```
//! let out = fourx_core::ops::call("meta.version", &serde_json::json!({})).unwrap();
//! assert_eq!(out["version"], env!("CARGO_PKG_VERSION"));
//! ```

#![deny(unsafe_code)]

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
