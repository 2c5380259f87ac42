//! Pure path construction for the `.4x` layout (workspace.md): DotDir, FeatureDir,
//! RoundDir, as Go's lexically cleaned joins with `/` separators.
//!
//! Only a checked [`FeatureId`] can enter a path; whether the path exists is the fs layer's
//! business.

use crate::error::{Error, Result};
use crate::protocol::codec::pathclean;
use crate::protocol::layout::{DIR_NAME, FEATURES_DIR, ROUNDS_DIR, RUN_DIR};
use crate::workspace::feature_id::FeatureId;

/// A workspace root as given (relative or absolute; must be non-empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Root(String);

impl Root {
    /// Checks that `root` is non-empty (`invalid_input` otherwise).
    pub fn new(root: &str) -> Result<Root> {
        if root.is_empty() {
            return Err(Error::invalid_input("root must be a non-empty path").with_field("root"));
        }
        Ok(Root(root.to_string()))
    }

    /// The root as given.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// `<root>/.4x`.
    pub fn dot_dir(&self) -> String {
        pathclean::join(&[self.0.as_str(), DIR_NAME])
    }

    /// `<root>/.4x/features`.
    pub fn features_dir(&self) -> String {
        pathclean::join(&[self.0.as_str(), DIR_NAME, FEATURES_DIR])
    }

    /// `<root>/.4x/run`.
    pub fn run_dir(&self) -> String {
        pathclean::join(&[self.0.as_str(), DIR_NAME, RUN_DIR])
    }

    /// FeatureDir: `<root>/.4x/run/<id>`.
    pub fn feature_dir(&self, id: &FeatureId) -> String {
        pathclean::join(&[self.0.as_str(), DIR_NAME, RUN_DIR, id.as_str()])
    }

    /// RoundDir: FeatureDir + `/rounds/round-<n>` (plain decimal, `round-0`, `round--1`).
    pub fn round_dir(&self, id: &FeatureId, round: i64) -> String {
        pathclean::join(&[
            self.feature_dir(id),
            ROUNDS_DIR.to_string(),
            format!("round-{round}"),
        ])
    }

    /// A file directly in FeatureDir.
    pub fn feature_file(&self, id: &FeatureId, name: &str) -> String {
        pathclean::join(&[self.feature_dir(id).as_str(), name])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fid(s: &str) -> FeatureId {
        FeatureId::new(s).unwrap()
    }

    #[test]
    fn feature_dir_is_a_clean_join() {
        for (root, want) in [
            ("/w", "/w/.4x/run/F001"),
            ("/w/", "/w/.4x/run/F001"),
            ("/", "/.4x/run/F001"),
            ("ws", "ws/.4x/run/F001"),
            ("./a//b/../c", "a/c/.4x/run/F001"),
        ] {
            assert_eq!(Root::new(root).unwrap().feature_dir(&fid("F001")), want);
        }
        assert!(Root::new("").is_err());
    }

    #[test]
    fn dot_prefixed_ids_stay_inside_the_run_dir() {
        let r = Root::new("/w").unwrap();
        assert_eq!(r.feature_dir(&fid("..F001")), "/w/.4x/run/..F001");
        assert_eq!(r.round_dir(&fid("F1"), -1), "/w/.4x/run/F1/rounds/round--1");
    }
}
