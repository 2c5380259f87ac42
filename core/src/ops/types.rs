//! The catalog's named types: the records, tagged unions and word lists that op keys refer to by
//! name (`"decision: Decision"`), one table.
//!
//! Decides only the shapes the ops exchange as the typed layers see them; the rules behind the
//! values are the areas'. Word lists come from the core's own `WORDS` tables, never copied.
//! A test pins that every name an op or a type refers to is defined here and every entry parses.

use super::schema::TypeDef;
use crate::protocol::state::{FeatureStatus, Phase};

/// Every named type of the catalog, sorted by name in `meta.catalog`.
#[rustfmt::skip]
pub(crate) static TYPES: &[TypeDef] = &[
    TypeDef::words("Phase", "A phase of the 4x state machine.", Phase::WORDS),
    TypeDef::words("FeatureStatus", "A feature's status in its YAML file.", FeatureStatus::WORDS),
];
