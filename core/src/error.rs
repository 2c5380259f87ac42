//! The one error type of fourx: a closed set of stable kinds shared by every binding.
//!
//! An [`Error`] is created where the fact is known and carries what a user needs to fix the
//! input: the [`ErrorKind`] (a stable snake_case word), a human message, optionally the offending
//! input `field`, and for a few kinds a structured [`ErrorDetail`]. Bindings only convert it.

use std::fmt;
use std::str::FromStr;

use serde_json::{Map, Value};

/// The family a kind belongs to; it decides the extra builtin base class in Python
/// (CONVENTIONS.md §Errors).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ErrorGroup {
    /// Bad input in any area (`ValueError` in Python).
    BadInput,
    /// The thing asked for is not there (`LookupError` in Python).
    NotThere,
    /// Refused by the rules of the state machine, the workspace or a lease.
    Refused,
    /// A deferral, not a failure (`fold_conflict`).
    Deferral,
    /// The operating system failed (`OSError` in Python).
    Os,
    /// Only produced at the C boundary (`null_arg`, `invalid_utf8`, `panic`).
    Boundary,
}

/// The closed set of error kinds (CONVENTIONS.md §Errors). Each variant documents its word.

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ErrorKind {
    /// `invalid_input`
    InvalidInput,
    /// `invalid_value`
    InvalidValue,
    /// `missing_field`
    MissingField,
    /// `duplicate_field`
    DuplicateField,
    /// `input_too_large`
    InputTooLarge,
    /// `unknown_op`
    UnknownOp,
    /// `unknown_kind`
    UnknownKind,
    /// `unknown_agent`
    UnknownAgent,
    /// `unknown_profile`
    UnknownProfile,
    /// `unknown_runner`
    UnknownRunner,
    /// `invalid_time`
    InvalidTime,
    /// `invalid_nonce`
    InvalidNonce,
    /// `invalid_path`
    InvalidPath,
    /// `invalid_project_id`
    InvalidProjectId,
    /// `invalid_snapshot`
    InvalidSnapshot,
    /// `invalid_feature_id`
    InvalidFeatureId,
    /// `invalid_json`
    InvalidJson,
    /// `invalid_yaml`
    InvalidYaml,
    /// `invalid_config`
    InvalidConfig,
    /// `invalid_feature`
    InvalidFeature,
    /// `malformed_contract`
    MalformedContract,
    /// `malformed_artifact`
    MalformedArtifact,
    /// `malformed_doc`
    MalformedDoc,
    /// `unsupported_format`
    UnsupportedFormat,
    /// `missing_contract`
    MissingContract,
    /// `missing_evidence`
    MissingEvidence,
    /// `scenario_mismatch`
    ScenarioMismatch,
    /// `too_short`
    TooShort,
    /// `placeholder_left`
    PlaceholderLeft,
    /// `uuid_mismatch`
    UuidMismatch,
    /// `unrecognized_reply`
    UnrecognizedReply,
    /// `ambiguous`
    Ambiguous,
    /// `budget_too_small`
    BudgetTooSmall,
    /// `missing_coding_phase`
    MissingCodingPhase,
    /// `unresolved_runner`
    UnresolvedRunner,
    /// `unresolvable_tier`
    UnresolvableTier,
    /// `no_home`
    NoHome,
    /// `root_is_filesystem_root`
    RootIsFilesystemRoot,
    /// `root_is_home`
    RootIsHome,
    /// `not_a_project`
    NotAProject,
    /// `storage_inside_project`
    StorageInsideProject,
    /// `project_mismatch`
    ProjectMismatch,
    /// `not_found`
    NotFound,
    /// `not_visible`
    NotVisible,
    /// `no_dispatch_rule`
    NoDispatchRule,
    /// `invalid_transition`
    InvalidTransition,
    /// `invalid_recovery_target`
    InvalidRecoveryTarget,
    /// `not_cleanable`
    NotCleanable,
    /// `feature_active`
    FeatureActive,
    /// `lease_lost` (a write with an expired or stale lease token)
    LeaseLost,
    /// `fold_conflict`
    FoldConflict,
    /// `io_error`
    IoError,
    /// `null_arg`
    NullArg,
    /// `invalid_utf8`
    InvalidUtf8,
    /// `panic`
    Panic,
}

impl ErrorKind {
    /// Every kind, in the order of CONVENTIONS.md §Errors.
    pub const ALL: &'static [ErrorKind] = &[
        ErrorKind::InvalidInput,
        ErrorKind::InvalidValue,
        ErrorKind::MissingField,
        ErrorKind::DuplicateField,
        ErrorKind::InputTooLarge,
        ErrorKind::UnknownOp,
        ErrorKind::UnknownKind,
        ErrorKind::UnknownAgent,
        ErrorKind::UnknownProfile,
        ErrorKind::UnknownRunner,
        ErrorKind::InvalidTime,
        ErrorKind::InvalidNonce,
        ErrorKind::InvalidPath,
        ErrorKind::InvalidProjectId,
        ErrorKind::InvalidSnapshot,
        ErrorKind::InvalidFeatureId,
        ErrorKind::InvalidJson,
        ErrorKind::InvalidYaml,
        ErrorKind::InvalidConfig,
        ErrorKind::InvalidFeature,
        ErrorKind::MalformedContract,
        ErrorKind::MalformedArtifact,
        ErrorKind::MalformedDoc,
        ErrorKind::UnsupportedFormat,
        ErrorKind::MissingContract,
        ErrorKind::MissingEvidence,
        ErrorKind::ScenarioMismatch,
        ErrorKind::TooShort,
        ErrorKind::PlaceholderLeft,
        ErrorKind::UuidMismatch,
        ErrorKind::UnrecognizedReply,
        ErrorKind::Ambiguous,
        ErrorKind::BudgetTooSmall,
        ErrorKind::MissingCodingPhase,
        ErrorKind::UnresolvedRunner,
        ErrorKind::UnresolvableTier,
        ErrorKind::NoHome,
        ErrorKind::RootIsFilesystemRoot,
        ErrorKind::RootIsHome,
        ErrorKind::NotAProject,
        ErrorKind::StorageInsideProject,
        ErrorKind::ProjectMismatch,
        ErrorKind::NotFound,
        ErrorKind::NotVisible,
        ErrorKind::NoDispatchRule,
        ErrorKind::InvalidTransition,
        ErrorKind::InvalidRecoveryTarget,
        ErrorKind::NotCleanable,
        ErrorKind::FeatureActive,
        ErrorKind::LeaseLost,
        ErrorKind::FoldConflict,
        ErrorKind::IoError,
        ErrorKind::NullArg,
        ErrorKind::InvalidUtf8,
        ErrorKind::Panic,
    ];

    /// The stable snake_case word shared by Rust, C and Python.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorKind::InvalidInput => "invalid_input",
            ErrorKind::InvalidValue => "invalid_value",
            ErrorKind::MissingField => "missing_field",
            ErrorKind::DuplicateField => "duplicate_field",
            ErrorKind::InputTooLarge => "input_too_large",
            ErrorKind::UnknownOp => "unknown_op",
            ErrorKind::UnknownKind => "unknown_kind",
            ErrorKind::UnknownAgent => "unknown_agent",
            ErrorKind::UnknownProfile => "unknown_profile",
            ErrorKind::UnknownRunner => "unknown_runner",
            ErrorKind::InvalidTime => "invalid_time",
            ErrorKind::InvalidNonce => "invalid_nonce",
            ErrorKind::InvalidPath => "invalid_path",
            ErrorKind::InvalidProjectId => "invalid_project_id",
            ErrorKind::InvalidSnapshot => "invalid_snapshot",
            ErrorKind::InvalidFeatureId => "invalid_feature_id",
            ErrorKind::InvalidJson => "invalid_json",
            ErrorKind::InvalidYaml => "invalid_yaml",
            ErrorKind::InvalidConfig => "invalid_config",
            ErrorKind::InvalidFeature => "invalid_feature",
            ErrorKind::MalformedContract => "malformed_contract",
            ErrorKind::MalformedArtifact => "malformed_artifact",
            ErrorKind::MalformedDoc => "malformed_doc",
            ErrorKind::UnsupportedFormat => "unsupported_format",
            ErrorKind::MissingContract => "missing_contract",
            ErrorKind::MissingEvidence => "missing_evidence",
            ErrorKind::ScenarioMismatch => "scenario_mismatch",
            ErrorKind::TooShort => "too_short",
            ErrorKind::PlaceholderLeft => "placeholder_left",
            ErrorKind::UuidMismatch => "uuid_mismatch",
            ErrorKind::UnrecognizedReply => "unrecognized_reply",
            ErrorKind::Ambiguous => "ambiguous",
            ErrorKind::BudgetTooSmall => "budget_too_small",
            ErrorKind::MissingCodingPhase => "missing_coding_phase",
            ErrorKind::UnresolvedRunner => "unresolved_runner",
            ErrorKind::UnresolvableTier => "unresolvable_tier",
            ErrorKind::NoHome => "no_home",
            ErrorKind::RootIsFilesystemRoot => "root_is_filesystem_root",
            ErrorKind::RootIsHome => "root_is_home",
            ErrorKind::NotAProject => "not_a_project",
            ErrorKind::StorageInsideProject => "storage_inside_project",
            ErrorKind::ProjectMismatch => "project_mismatch",
            ErrorKind::NotFound => "not_found",
            ErrorKind::NotVisible => "not_visible",
            ErrorKind::NoDispatchRule => "no_dispatch_rule",
            ErrorKind::InvalidTransition => "invalid_transition",
            ErrorKind::InvalidRecoveryTarget => "invalid_recovery_target",
            ErrorKind::NotCleanable => "not_cleanable",
            ErrorKind::FeatureActive => "feature_active",
            ErrorKind::LeaseLost => "lease_lost",
            ErrorKind::FoldConflict => "fold_conflict",
            ErrorKind::IoError => "io_error",
            ErrorKind::NullArg => "null_arg",
            ErrorKind::InvalidUtf8 => "invalid_utf8",
            ErrorKind::Panic => "panic",
        }
    }

    /// The group this kind belongs to (decides the extra Python base class).
    pub const fn group(self) -> ErrorGroup {
        match self {
            ErrorKind::InvalidInput => ErrorGroup::BadInput,
            ErrorKind::InvalidValue => ErrorGroup::BadInput,
            ErrorKind::MissingField => ErrorGroup::BadInput,
            ErrorKind::DuplicateField => ErrorGroup::BadInput,
            ErrorKind::InputTooLarge => ErrorGroup::BadInput,
            ErrorKind::UnknownOp => ErrorGroup::BadInput,
            ErrorKind::UnknownKind => ErrorGroup::BadInput,
            ErrorKind::UnknownAgent => ErrorGroup::BadInput,
            ErrorKind::UnknownProfile => ErrorGroup::BadInput,
            ErrorKind::UnknownRunner => ErrorGroup::BadInput,
            ErrorKind::InvalidTime => ErrorGroup::BadInput,
            ErrorKind::InvalidNonce => ErrorGroup::BadInput,
            ErrorKind::InvalidPath => ErrorGroup::BadInput,
            ErrorKind::InvalidProjectId => ErrorGroup::BadInput,
            ErrorKind::InvalidSnapshot => ErrorGroup::BadInput,
            ErrorKind::InvalidFeatureId => ErrorGroup::BadInput,
            ErrorKind::InvalidJson => ErrorGroup::BadInput,
            ErrorKind::InvalidYaml => ErrorGroup::BadInput,
            ErrorKind::InvalidConfig => ErrorGroup::BadInput,
            ErrorKind::InvalidFeature => ErrorGroup::BadInput,
            ErrorKind::MalformedContract => ErrorGroup::BadInput,
            ErrorKind::MalformedArtifact => ErrorGroup::BadInput,
            ErrorKind::MalformedDoc => ErrorGroup::BadInput,
            ErrorKind::UnsupportedFormat => ErrorGroup::BadInput,
            ErrorKind::MissingContract => ErrorGroup::BadInput,
            ErrorKind::MissingEvidence => ErrorGroup::BadInput,
            ErrorKind::ScenarioMismatch => ErrorGroup::BadInput,
            ErrorKind::TooShort => ErrorGroup::BadInput,
            ErrorKind::PlaceholderLeft => ErrorGroup::BadInput,
            ErrorKind::UuidMismatch => ErrorGroup::BadInput,
            ErrorKind::UnrecognizedReply => ErrorGroup::BadInput,
            ErrorKind::Ambiguous => ErrorGroup::BadInput,
            ErrorKind::BudgetTooSmall => ErrorGroup::BadInput,
            ErrorKind::MissingCodingPhase => ErrorGroup::BadInput,
            ErrorKind::UnresolvedRunner => ErrorGroup::BadInput,
            ErrorKind::UnresolvableTier => ErrorGroup::BadInput,
            ErrorKind::NoHome => ErrorGroup::BadInput,
            ErrorKind::RootIsFilesystemRoot => ErrorGroup::BadInput,
            ErrorKind::RootIsHome => ErrorGroup::BadInput,
            ErrorKind::NotAProject => ErrorGroup::BadInput,
            ErrorKind::StorageInsideProject => ErrorGroup::BadInput,
            ErrorKind::ProjectMismatch => ErrorGroup::BadInput,
            ErrorKind::NotFound => ErrorGroup::NotThere,
            ErrorKind::NotVisible => ErrorGroup::NotThere,
            ErrorKind::NoDispatchRule => ErrorGroup::NotThere,
            ErrorKind::InvalidTransition => ErrorGroup::Refused,
            ErrorKind::InvalidRecoveryTarget => ErrorGroup::Refused,
            ErrorKind::NotCleanable => ErrorGroup::Refused,
            ErrorKind::FeatureActive => ErrorGroup::Refused,
            ErrorKind::LeaseLost => ErrorGroup::Refused,
            ErrorKind::FoldConflict => ErrorGroup::Deferral,
            ErrorKind::IoError => ErrorGroup::Os,
            ErrorKind::NullArg => ErrorGroup::Boundary,
            ErrorKind::InvalidUtf8 => ErrorGroup::Boundary,
            ErrorKind::Panic => ErrorGroup::Boundary,
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for ErrorKind {
    type Err = Error;

    fn from_str(s: &str) -> Result<Self, Error> {
        ErrorKind::ALL
            .iter()
            .copied()
            .find(|k| k.as_str() == s)
            .ok_or_else(|| Error::new(ErrorKind::UnknownKind, format!("unknown error kind {s:?}")))
    }
}

/// Structured detail attached to an error, held as data this module owns (JSON) so that the error
/// vocabulary depends on no area. Today the only detail is the blueprint's fold account
/// (`fold_conflict`, and `io_error` raised after a merge); areas add variants here, never
/// elsewhere, and read them back typed on their side (`blueprint::FoldResult::from_error`).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub enum ErrorDetail {
    /// The blueprint fold account as JSON, carried as `result` in the error document.
    FoldAccount(Value),
}

/// A fourx failure: a stable [`ErrorKind`], a human message, and optionally the offending input
/// field and a structured detail.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
#[error("{kind}: {message}")]
pub struct Error {
    /// The stable kind.
    pub kind: ErrorKind,
    /// A human-readable message naming what was wrong and, where possible, how to fix it.
    pub message: String,
    /// The offending input key or contract field, where one is known.
    pub field: Option<String>,
    /// Structured detail (see [`ErrorDetail`]).
    pub detail: Option<Box<ErrorDetail>>,
}

/// The result type used throughout fourx.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// An error of `kind` with `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
            field: None,
            detail: None,
        }
    }

    /// Attaches the offending input field.
    #[must_use]
    pub fn with_field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }

    /// Attaches a structured detail.
    #[must_use]
    pub fn with_detail(mut self, detail: ErrorDetail) -> Self {
        self.detail = Some(Box::new(detail));
        self
    }

    /// The kind of this error.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The human message.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// The offending field, if known.
    pub fn field(&self) -> Option<&str> {
        self.field.as_deref()
    }

    /// The fold account carried by `fold_conflict` (and `io_error` after a merge), as JSON (what
    /// the error document carries as `result`).
    pub fn fold_result_json(&self) -> Option<Value> {
        self.detail
            .as_deref()
            .map(|ErrorDetail::FoldAccount(v)| v.clone())
    }

    /// Shorthand for an `invalid_input` error.
    pub fn invalid_input(message: impl Into<String>) -> Self {
        Error::new(ErrorKind::InvalidInput, message)
    }

    /// Shorthand for an `io_error` with the context in which it happened.
    pub fn io(context: impl fmt::Display, err: &std::io::Error) -> Self {
        Error::new(ErrorKind::IoError, format!("{context}: {err}"))
    }

    /// The JSON error document `{"error": {"kind", "message", "field"?, "result"?}}`.
    pub fn to_json(&self) -> Value {
        let mut inner = Map::new();
        inner.insert("kind".into(), Value::from(self.kind.as_str()));
        inner.insert("message".into(), Value::from(self.message.clone()));
        if let Some(field) = &self.field {
            inner.insert("field".into(), Value::from(field.clone()));
        }
        if let Some(result) = self.fold_result_json() {
            inner.insert("result".into(), result);
        }
        let mut doc = Map::new();
        doc.insert("error".into(), Value::Object(inner));
        Value::Object(doc)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_through_its_word() {
        for kind in ErrorKind::ALL {
            assert_eq!(kind.as_str().parse::<ErrorKind>().unwrap(), *kind);
        }
    }

    #[test]
    fn kind_words_are_unique_snake_case() {
        let mut seen = std::collections::HashSet::new();
        for kind in ErrorKind::ALL {
            let w = kind.as_str();
            assert!(
                w.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{w}"
            );
            assert!(seen.insert(w), "duplicate {w}");
        }
        assert_eq!(seen.len(), 55);
    }

    #[test]
    fn error_document_carries_field_only_when_known() {
        let e = Error::new(ErrorKind::MissingField, "field `x` is required");
        assert_eq!(
            e.to_json(),
            serde_json::json!({"error": {"kind": "missing_field", "message": "field `x` is required"}})
        );
        let e = e.with_field("x");
        assert_eq!(e.to_json()["error"]["field"], "x");
    }

    #[test]
    fn fold_result_travels_in_the_error_document() {
        let account = serde_json::json!({"submitted": 1});
        let e = Error::new(ErrorKind::FoldConflict, "conflict")
            .with_detail(ErrorDetail::FoldAccount(account));
        assert_eq!(
            e.fold_result_json().map(|r| r["submitted"].clone()),
            Some(1.into())
        );
        assert_eq!(e.to_json()["error"]["result"]["submitted"], 1);
    }
}
