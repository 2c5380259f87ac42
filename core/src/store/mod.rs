//! Storage: the small filesystem trait every writer goes through (`Fs`), its real and
//! fault-injecting implementations, and atomic writes (CONVENTIONS.md §Storage, §Temp files).
//!
//! Only this module and [`crate::workspace`] know that files exist; everything else is pure.

pub mod cas;
