//! The vocabulary shared by every area: domain types from the seeds (phases, roles, state, config,
//! features, events …) and the shared codecs in [`codec`].
//!
//! Types here carry the seed's JSON tags; the rules that act on them live in the area modules.
//!
//! ```
//! use fourx_core::protocol::state::{Phase, State};
//!
//! // The seed's JSON tags, in and out (serde goes through the Go-compatible codec).
//! let s: State = serde_json::from_value(serde_json::json!({
//!     "featureId": "F001-login", "phase": "coding", "round": 1, "maxRounds": 3,
//! }))?;
//! assert!(s.phase.is(Phase::Coding));
//! assert_eq!(serde_json::to_value(&s)?["maxRounds"], 3);
//! # Ok::<(), serde_json::Error>(())
//! ```

pub mod candidate;
pub mod codec;
pub mod config;
pub mod feature;
pub mod gotext_decode;
pub mod layout;
pub mod projectid;
pub mod state;
pub mod warning;
