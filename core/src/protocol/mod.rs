//! The vocabulary shared by every area: domain types from the seeds (phases, roles, state, config,
//! features, events …) and the shared codecs in [`codec`].
//!
//! Types here carry the seed's JSON tags; the rules that act on them live in the area modules.

pub mod candidate;
pub mod codec;
pub mod config;
pub mod feature;
pub mod gotext_decode;
pub mod layout;
pub mod projectid;
pub mod state;
pub mod warning;
