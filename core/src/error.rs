//! The one error type of fourx: a closed set of stable kinds shared by every binding.
//!
//! An [`Error`] is created where the fact is known and carries what a user needs to fix the
//! input: the [`ErrorKind`] (a stable snake_case word), a human message, optionally the offending
//! input `field`, and for a few kinds a structured [`ErrorDetail`]. Bindings only convert it.

use std::fmt;

use serde_json::{Map, Value};

/// The family a kind belongs to; it decides the extra builtin base class in Python.
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

/// Defines [`ErrorKind`] from its one table `(variant, word, group)`: the enum (through the one
/// string-enum mechanism, [`crate::words`]), `ALL` in table order, `as_str` and `group`.
macro_rules! error_kinds {
    ($($var:ident = $word:literal, $group:ident;)+) => {
        crate::words::string_enum! {
            /// The closed set of error kinds. Each variant documents its
            /// word; `ALL` lists them in the table's order, `as_str` gives the word.
            #[non_exhaustive]
            pub enum ErrorKind("error kind", Error, unknown_kind) {
                $(#[doc = concat!("`", $word, "`")] $var = $word,)+
            }
        }

        impl ErrorKind {
            /// The family of this kind.
            pub const fn group(self) -> ErrorGroup {
                match self {
                    $(ErrorKind::$var => ErrorGroup::$group,)+
                }
            }
        }
    };
}

error_kinds! {
    InvalidInput = "invalid_input", BadInput;
    InvalidValue = "invalid_value", BadInput;
    MissingField = "missing_field", BadInput;
    DuplicateField = "duplicate_field", BadInput;
    InputTooLarge = "input_too_large", BadInput;
    UnknownOp = "unknown_op", BadInput;
    UnknownKind = "unknown_kind", BadInput;
    UnknownAgent = "unknown_agent", BadInput;
    UnknownProfile = "unknown_profile", BadInput;
    UnknownRunner = "unknown_runner", BadInput;
    InvalidTime = "invalid_time", BadInput;
    InvalidNonce = "invalid_nonce", BadInput;
    InvalidPath = "invalid_path", BadInput;
    InvalidProjectId = "invalid_project_id", BadInput;
    InvalidSnapshot = "invalid_snapshot", BadInput;
    InvalidFeatureId = "invalid_feature_id", BadInput;
    InvalidJson = "invalid_json", BadInput;
    InvalidYaml = "invalid_yaml", BadInput;
    InvalidConfig = "invalid_config", BadInput;
    InvalidFeature = "invalid_feature", BadInput;
    MalformedContract = "malformed_contract", BadInput;
    MalformedArtifact = "malformed_artifact", BadInput;
    MalformedDoc = "malformed_doc", BadInput;
    UnsupportedFormat = "unsupported_format", BadInput;
    MissingContract = "missing_contract", BadInput;
    MissingEvidence = "missing_evidence", BadInput;
    ScenarioMismatch = "scenario_mismatch", BadInput;
    TooShort = "too_short", BadInput;
    PlaceholderLeft = "placeholder_left", BadInput;
    UuidMismatch = "uuid_mismatch", BadInput;
    UnrecognizedReply = "unrecognized_reply", BadInput;
    Ambiguous = "ambiguous", BadInput;
    BudgetTooSmall = "budget_too_small", BadInput;
    MissingCodingPhase = "missing_coding_phase", BadInput;
    UnresolvedRunner = "unresolved_runner", BadInput;
    UnresolvableTier = "unresolvable_tier", BadInput;
    NoHome = "no_home", BadInput;
    RootIsFilesystemRoot = "root_is_filesystem_root", BadInput;
    RootIsHome = "root_is_home", BadInput;
    NotAProject = "not_a_project", BadInput;
    StorageInsideProject = "storage_inside_project", BadInput;
    ProjectMismatch = "project_mismatch", BadInput;
    NotFound = "not_found", NotThere;
    NotVisible = "not_visible", NotThere;
    NoDispatchRule = "no_dispatch_rule", NotThere;
    InvalidTransition = "invalid_transition", Refused;
    InvalidRecoveryTarget = "invalid_recovery_target", Refused;
    NotCleanable = "not_cleanable", Refused;
    FeatureActive = "feature_active", Refused;
    LeaseLost = "lease_lost", Refused;
    FoldConflict = "fold_conflict", Deferral;
    IoError = "io_error", Os;
    NullArg = "null_arg", Boundary;
    InvalidUtf8 = "invalid_utf8", Boundary;
    Panic = "panic", Boundary;
}

fn unknown_kind(_what: &str, s: &str) -> Error {
    Error::new(ErrorKind::UnknownKind, format!("unknown error kind {s:?}"))
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
    /// The offending input key or contract field, where one is known (the first of `fields`
    /// when there are several).
    pub field: Option<String>,
    /// Every offending field when one error names several (a contract missing several
    /// required fields lists them all at once, in the contract's table order); empty otherwise.
    pub fields: Vec<String>,
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
            fields: Vec::new(),
            detail: None,
        }
    }

    /// Attaches the offending input field.
    #[must_use]
    pub fn with_field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }

    /// Attaches every offending field, in order; `field` becomes the first of them (a user fixes
    /// all of them in one run instead of learning them one error at a time).
    #[must_use]
    pub fn with_fields<I, S>(mut self, fields: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.fields = fields.into_iter().map(Into::into).collect();
        if let Some(first) = self.fields.first() {
            self.field = Some(first.clone());
        }
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

    /// Every offending field when the error names several (see [`Error::with_fields`]).
    pub fn fields(&self) -> &[String] {
        &self.fields
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

    /// The error of a word outside a closed vocabulary: `invalid_input` naming the vocabulary
    /// (`unknown phase "x"`); the `make_err` of `words::string_enum!` tables.
    pub fn unknown_word(what: &str, s: &str) -> Self {
        Error::invalid_input(format!("unknown {what} {s:?}"))
    }

    /// Shorthand for an `io_error` with the context in which it happened.
    pub fn io(context: impl fmt::Display, err: &std::io::Error) -> Self {
        Error::new(ErrorKind::IoError, format!("{context}: {err}"))
    }

    /// The JSON error document `{"error": {"kind", "message", "field"?, "fields"?, "result"?}}`;
    /// `fields` is present only when the error names several fields.
    pub fn to_json(&self) -> Value {
        let mut inner = Map::new();
        inner.insert("kind".into(), Value::from(self.kind.as_str()));
        inner.insert("message".into(), Value::from(self.message.clone()));
        if let Some(field) = &self.field {
            inner.insert("field".into(), Value::from(field.clone()));
        }
        if !self.fields.is_empty() {
            inner.insert("fields".into(), Value::from(self.fields.clone()));
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
    fn every_missing_field_travels_in_the_error_document() {
        let e = Error::new(ErrorKind::MissingField, "three fields missing")
            .with_fields(["A", "B", "C"]);
        assert_eq!(e.field(), Some("A"));
        assert_eq!(e.fields(), ["A", "B", "C"]);
        let doc = e.to_json();
        assert_eq!(doc["error"]["field"], "A");
        assert_eq!(doc["error"]["fields"], serde_json::json!(["A", "B", "C"]));
        let plain = Error::new(ErrorKind::MissingField, "one")
            .with_field("x")
            .to_json();
        assert!(plain["error"].get("fields").is_none());
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
