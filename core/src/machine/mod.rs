//! The feature state machine: the transition table, `transition`, `recover_to`, `should_stop`,
//! role and status tables and the pure part of `done` finalisation (state-machine.md).
//!
//! It decides which phase may follow which and what a move does to round and role; persisting the
//! state is left to [`crate::workspace`].

pub(crate) mod ops;
