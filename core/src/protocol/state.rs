//! Phases, roles, sub-phases, statuses, the `State` object and workspace events, with the seed's
//! strings and JSON tags (state-machine.md §1–2, workspace.md §6).
