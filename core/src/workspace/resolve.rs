//! ResolveFeatureID (workspace.md): a case-insensitive id prefix resolved against the
//! feature files' names.
//!
//! Pure over a list of names; listing `.4x/features` is the fs layer's.

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::goquote;
use crate::protocol::codec::text::to_lower_simple;
use crate::store::is_temp_name;
use crate::workspace::feature_id::feature_id_problem;

/// The extension a feature file name must end with, exactly.
pub const FEATURE_FILE_EXT: &str = ".yaml";

/// The feature id a file name stands for: names matching `.*.tmp` are temp files, the extension
/// (from the last `.`) must be exactly `.yaml`, and the remaining id must pass the feature-id
/// check. `None` otherwise.
pub fn feature_id_from_file_name(name: &str) -> Option<&str> {
    if is_temp_name(name) {
        return None;
    }
    let dot = name.rfind('.')?;
    if name.get(dot..) != Some(FEATURE_FILE_EXT) {
        return None;
    }
    let id = name.get(..dot)?;
    feature_id_problem(id).is_none().then_some(id)
}

/// Resolves `prefix` against feature file `names` (processed in byte order): an id equal to the
/// prefix case-insensitively wins at once; otherwise exactly one id starting with it. None →
/// `not_found`; several → `ambiguous` (listing them in scan order).
pub fn resolve_feature_id<S: AsRef<str>>(prefix: &str, names: &[S]) -> Result<String> {
    let mut sorted: Vec<&str> = names.iter().map(AsRef::as_ref).collect();
    sorted.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    let want = to_lower_simple(prefix);
    let mut matches: Vec<&str> = Vec::new();
    for id in sorted.into_iter().filter_map(feature_id_from_file_name) {
        let lower = to_lower_simple(id);
        if lower == want {
            return Ok(id.to_string());
        }
        if lower.starts_with(&want) {
            matches.push(id);
        }
    }
    match matches.as_slice() {
        [] => Err(Error::new(
            ErrorKind::NotFound,
            format!("no feature matching {}", goquote::quote(prefix)),
        )
        .with_field("prefix")),
        [one] => Ok((*one).to_string()),
        many => Err(Error::new(
            ErrorKind::Ambiguous,
            format!(
                "ambiguous prefix {} matches: {}",
                goquote::quote(prefix),
                many.join(", ")
            ),
        )
        .with_field("prefix")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_exact_yaml_extension_counts_and_temp_files_are_skipped() {
        assert_eq!(feature_id_from_file_name("F001.tar.yaml"), Some("F001.tar"));
        for n in [
            "F001.YAML",
            "F001.yml",
            "F001.yaml.bak",
            ".yaml",
            ".F001.yaml.1-2-3.tmp",
            "F001",
        ] {
            assert_eq!(feature_id_from_file_name(n), None, "{n}");
        }
        assert_eq!(feature_id_from_file_name("..F001.yaml"), Some("..F001"));
    }

    #[test]
    fn exact_match_anywhere_wins_over_earlier_prefix_matches() {
        let names = ["F001-a.yaml", "F001.yaml"];
        assert_eq!(resolve_feature_id("f001", &names).unwrap(), "F001");
        let e = resolve_feature_id("F00", &["F001-a.yaml", "F002-b.yaml"]).unwrap_err();
        assert_eq!(
            e.message,
            "ambiguous prefix \"F00\" matches: F001-a, F002-b"
        );
    }

    #[test]
    fn an_empty_prefix_matches_a_single_feature() {
        assert_eq!(resolve_feature_id("", &["F9.yaml", ".yaml"]).unwrap(), "F9");
    }
}
