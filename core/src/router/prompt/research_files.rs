//! The research files handed to an agent (router.md `research_files`
//! `## Research Files`): at most one web and one GitHub research file path.
//!
//! Only the path rule lives here (trimmed, blank means no file, one line); whether a file exists is
//! the host's knowledge.

use super::text::has_line_break;
use crate::error::{Error, ErrorKind, Result};
use crate::router::parse::text::trim_ws;

/// The web and GitHub research file paths, each `None` when there is no file.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResearchFiles {
    /// The web research file.
    pub web: Option<String>,
    /// The GitHub research file.
    pub github: Option<String>,
}

impl ResearchFiles {
    /// Builds the pair: each value is trimmed of ASCII whitespace, a blank one means no file, and a
    /// line break inside is `invalid_value` (field `{field}.web` / `{field}.github`).
    pub fn new(web: Option<&str>, github: Option<&str>, field: &str) -> Result<Self> {
        let one = |v: Option<&str>, key: &str| -> Result<Option<String>> {
            let Some(v) = v.map(trim_ws).filter(|v| !v.is_empty()) else {
                return Ok(None);
            };
            if has_line_break(v) {
                return Err(Error::new(
                    ErrorKind::InvalidValue,
                    format!("`{field}.{key}` must be one path on one line"),
                )
                .with_field(format!("{field}.{key}")));
            }
            Ok(Some(v.to_string()))
        };
        Ok(ResearchFiles {
            web: one(web, "web")?,
            github: one(github, "github")?,
        })
    }

    /// Whether at least one file is named.
    pub fn any(&self) -> bool {
        self.web.is_some() || self.github.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_paths_mean_no_file_and_line_breaks_are_refused() {
        let r = ResearchFiles::new(Some("  docs/w.md\n"), Some(" \t"), "research_files").unwrap();
        assert_eq!(r.web.as_deref(), Some("docs/w.md"));
        assert_eq!(r.github, None);
        assert!(r.any());
        assert!(!ResearchFiles::new(None, Some(""), "r").unwrap().any());
        let e = ResearchFiles::new(Some("a\nb"), None, "research_files").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("research_files.web"));
    }
}
