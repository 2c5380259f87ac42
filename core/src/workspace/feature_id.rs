//! Feature ids as path segments (workspace.md S1–S3): the one validation every path
//! built from an id goes through.
//!
//! A [`FeatureId`] can only be made by [`FeatureId::new`], so holding one proves the check ran.
//! The id *format* 4x itself produces (`F<NNN>-<slug>`) is a feature-definition rule, not ours.

use std::fmt;

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::goquote;

/// A feature id that is safe to use as one path segment under `.4x/run/`.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FeatureId(String);

/// Why `id` cannot be a path segment, or `None` when it can: empty, `.`/`..` (which would name
/// the run directory itself or its parent), a `/` or `\` separator, or a control character
/// (Unicode Cc: U+0000–U+001F, U+007F–U+009F, NUL included).
pub fn feature_id_problem(id: &str) -> Option<&'static str> {
    if id.is_empty() {
        Some("is empty (it would name the run directory itself)")
    } else if id == "." || id == ".." {
        Some("is a dot segment")
    } else if id.contains(['/', '\\']) {
        Some("contains a path separator")
    } else if id.chars().any(char::is_control) {
        Some("contains a control character")
    } else {
        None
    }
}

impl FeatureId {
    /// Checks `id` (see [`feature_id_problem`]); a failure is `invalid_feature_id`.
    pub fn new(id: &str) -> Result<FeatureId> {
        match feature_id_problem(id) {
            None => Ok(FeatureId(id.to_string())),
            Some(why) => Err(Error::new(
                ErrorKind::InvalidFeatureId,
                format!(
                    "feature id {} {why}; use a single path segment such as F001-login",
                    goquote::quote(id)
                ),
            )
            .with_field("feature_id")),
        }
    }

    /// The id.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for FeatureId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for FeatureId {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_ids_are_invalid_feature_id() {
        for id in [
            "", ".", "..", "../x", "a/b", "/", "a\\b", "a\0b", "\n", "x\u{7f}", "x\u{85}",
            "x\u{9f}",
        ] {
            assert_eq!(
                FeatureId::new(id).unwrap_err().kind,
                ErrorKind::InvalidFeatureId,
                "{id:?}"
            );
        }
    }

    #[test]
    fn names_starting_with_dots_and_unicode_are_single_segments() {
        for id in [
            "..F001",
            ".hidden",
            "F001-login",
            "F 001",
            "功能-1",
            "x\u{a0}",
        ] {
            assert!(FeatureId::new(id).is_ok(), "{id:?}");
        }
    }
}
