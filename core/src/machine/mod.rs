//! The feature state machine: the transition table, `transition`, `recover_to`, `should_stop`,
//! role and status tables, `validate_state`, the diagram and the pure part of `done`
//! finalisation (state-machine.md).
//!
//! It decides which phase may follow which and what a move does to round, role and `active`;
//! persisting the state is left to [`crate::workspace`].
//!
//! ```
//! use fourx_core::machine::{can_transition, should_stop, transition};
//! use fourx_core::protocol::state::{Phase, Role, State};
//!
//! assert!(can_transition(Phase::Init, Phase::Designing));
//! let s = State { phase: Phase::DesignReviewing.into(), max_rounds: 3, ..State::default() };
//! let s = transition(&s, Phase::Coding, Role::Coder)?; // coding from round 0 starts round 1
//! assert_eq!((s.phase.as_str(), s.round), ("coding", 1));
//! assert_eq!(should_stop(&s), None);
//! let refused = transition(&State::default(), Phase::Coding, Role::Coder).unwrap_err();
//! assert_eq!(refused.message, "invalid transition: (empty phase) \u{2192} coding");
//! # Ok::<(), fourx_core::Error>(())
//! ```

mod diagram;
mod enums;
mod path_diagram;
mod roles;
mod rules;
mod table;
mod validate;

pub use diagram::{diagram_edges, render_diagram, DiagramFormat};
pub use enums::{enum_values, ENUM_KINDS};
pub use path_diagram::{known_phase, path_from_events, render_path_diagram};
pub use roles::{
    is_selectable, phase_role, phase_to_role, phase_to_status, PHASE_TO_ROLE, PHASE_TO_STATUS,
    SELECTABLE_PHASES,
};
pub use rules::{
    finalize_done, reconcile_active, recover_to, should_stop, transition, transition_in_place,
    MAX_GUARD_RETRIES, NO_PROGRESS_LIMIT, STOP_REASON_DONE, STOP_REASON_PROCESS_GONE,
};
pub use table::{
    can_transition, can_transition_code, can_transition_known, can_transition_str, is_recoverable,
    is_terminal, is_universal_target, table_targets, RECOVERABLE_PHASES, TERMINAL_PHASES,
    TRANSITIONS, UNIVERSAL_TARGETS,
};
pub use validate::{validate_state, Validation};
