//! The changed-file listing the guards read: one entry per path with its git status (as
//! `git diff --name-status` and `git ls-files --others` give them) and its changed line count.
//!
//! Decides the vocabulary of statuses, which paths an entry touches and the repository a path
//! belongs to. Running git and counting lines are the caller's.

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

crate::words::string_enum! {
    /// The status of one changed path; git's one-letter codes are accepted too
    /// ([`ChangeStatus::parse`]).
    pub enum ChangeStatus("change status", Error, unknown_status) {
        /// `added` (git `A`).
        Added = "added",
        /// `modified` (git `M`); the status of an entry that names none.
        Modified = "modified",
        /// `deleted` (git `D`).
        Deleted = "deleted",
        /// `renamed` (git `R<score>`): `old_path` moved to `path`.
        Renamed = "renamed",
        /// `copied` (git `C<score>`): `path` is a copy of `old_path`, which is unchanged.
        Copied = "copied",
        /// `type-changed` (git `T`: file, symlink or submodule).
        TypeChanged = "type-changed",
        /// `unmerged` (git `U`).
        Unmerged = "unmerged",
        /// `untracked` (git `?`, `git ls-files --others`): a new file git does not track yet.
        Untracked = "untracked",
    }
}

fn unknown_status(what: &str, s: &str) -> Error {
    Error::invalid_input(format!(
        "unknown {what} {s:?}; one of {} or a git --name-status letter (A C D M R T U ?)",
        ChangeStatus::WORDS.join(", ")
    ))
}

impl ChangeStatus {
    /// A status word, or git's letter code with an optional similarity score (`R100`, `C075`,
    /// `M`, `?`); anything else is `invalid_input`.
    pub fn parse(s: &str) -> Result<ChangeStatus> {
        if let Some(st) = ChangeStatus::from_name(s) {
            return Ok(st);
        }
        let mut chars = s.chars();
        let letter = chars.next();
        let score_ok = chars.as_str().bytes().all(|b| b.is_ascii_digit());
        let st = match letter {
            Some('A') => Some(ChangeStatus::Added),
            Some('M') => Some(ChangeStatus::Modified),
            Some('D') => Some(ChangeStatus::Deleted),
            Some('R') => Some(ChangeStatus::Renamed),
            Some('C') => Some(ChangeStatus::Copied),
            Some('T') => Some(ChangeStatus::TypeChanged),
            Some('U') => Some(ChangeStatus::Unmerged),
            Some('?') => Some(ChangeStatus::Untracked),
            _ => None,
        };
        match st {
            Some(st) if score_ok => Ok(st),
            _ => Err(unknown_status(ChangeStatus::WHAT, s)),
        }
    }

    /// Whether the entry's `old_path` is changed too (a rename removes it; a copy leaves it).
    pub const fn changes_old_path(self) -> bool {
        matches!(self, ChangeStatus::Renamed)
    }
}

/// One changed path, relative to the scope root (the workspace root: in a multi-repository
/// workspace the first segment names the repository).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChangedPath {
    /// The path as it is now (for a deletion: as it was).
    pub path: String,
    /// What happened to it.
    pub status: ChangeStatus,
    /// The source of a rename or copy.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub old_path: Option<String>,
    /// Changed lines: added + deleted for a tracked file, the line count of an untracked one.
    pub lines: i64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawChanged {
    path: String,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    old_path: Option<String>,
    #[serde(default)]
    lines: Option<i64>,
}

impl ChangedPath {
    /// Builds an entry: `path` (and `old_path` when given) must be non-empty relative paths
    /// without NUL, `lines` ≥ 0; otherwise `invalid_input`.
    pub fn new(
        path: &str,
        status: ChangeStatus,
        old_path: Option<&str>,
        lines: i64,
    ) -> Result<ChangedPath> {
        check_path(path)?;
        if let Some(old) = old_path {
            check_path(old)?;
        }
        if lines < 0 {
            return Err(Error::invalid_input(format!(
                "changed file {path:?}: lines must be >= 0, not {lines}"
            )));
        }
        Ok(ChangedPath {
            path: path.to_string(),
            status,
            old_path: old_path.map(str::to_string),
            lines,
        })
    }

    /// The paths this entry changes: `path`, and `old_path` for a rename.
    pub fn touched(&self) -> impl Iterator<Item = &str> {
        let old = self
            .old_path
            .as_deref()
            .filter(|_| self.status.changes_old_path());
        std::iter::once(self.path.as_str()).chain(old)
    }
}

impl<'de> Deserialize<'de> for ChangedPath {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        use serde::de::Error as _;
        let raw = RawChanged::deserialize(d)?;
        let status = match raw.status.as_deref() {
            None | Some("") => ChangeStatus::Modified,
            Some(s) => ChangeStatus::parse(s).map_err(|e| D::Error::custom(e.message))?,
        };
        ChangedPath::new(
            &raw.path,
            status,
            raw.old_path.as_deref().filter(|p| !p.is_empty()),
            raw.lines.unwrap_or(0),
        )
        .map_err(|e| D::Error::custom(e.message))
    }
}

fn check_path(p: &str) -> Result<()> {
    if p.is_empty() || p.contains('\0') || p.starts_with('/') {
        return Err(Error::invalid_input(format!(
            "changed file path {p:?} must be a non-empty relative path without NUL"
        )));
    }
    Ok(())
}

/// Reads `git diff --name-status` output: one entry per line, `<status>\t<path>` or, for a rename
/// or copy, `<status>\t<old path>\t<new path>`; with `-z` the fields are NUL-separated instead
/// (a text holding a NUL is read that way). Blank lines are skipped; `lines` is 0 (name-status
/// carries no counts). A line that does not have this shape is `invalid_input`.
pub fn parse_name_status(text: &str) -> Result<Vec<ChangedPath>> {
    let mut out = Vec::new();
    if text.contains('\0') {
        let mut fields = text.split('\0').filter(|f| !f.is_empty());
        while let Some(code) = fields.next() {
            let status = ChangeStatus::parse(code.trim())?;
            let mut next = || {
                fields.next().ok_or_else(|| {
                    Error::invalid_input(format!("name-status: {code:?} without its path"))
                })
            };
            out.push(
                if matches!(status, ChangeStatus::Renamed | ChangeStatus::Copied) {
                    let old = next()?;
                    ChangedPath::new(next()?, status, Some(old), 0)?
                } else {
                    ChangedPath::new(next()?, status, None, 0)?
                },
            );
        }
        return Ok(out);
    }
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let parts: Vec<&str> = line.split('\t').collect();
        let status = ChangeStatus::parse(parts[0].trim())?;
        let two = matches!(status, ChangeStatus::Renamed | ChangeStatus::Copied);
        let entry = match (two, parts.as_slice()) {
            (false, [_, path]) => ChangedPath::new(path, status, None, 0)?,
            (true, [_, old, path]) => ChangedPath::new(path, status, Some(old), 0)?,
            _ => {
                return Err(Error::invalid_input(format!(
                    "name-status line {line:?} is not <status>\\t<path> (renames and copies: \
                     <status>\\t<old>\\t<new>)"
                )))
            }
        };
        out.push(entry);
    }
    Ok(out)
}

/// The repository a changed path belongs to: its first segment. A file at the root (no `/`) is
/// not in a repository, and the workspace directory `.4x` is never one (Go `detectChangedRepos`).
pub fn repo_of(path: &str) -> Option<&str> {
    let (first, _) = path.split_once('/')?;
    (first != ".4x").then_some(first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_accepts_words_and_git_letters_with_scores() {
        assert_eq!(ChangeStatus::parse("R100").unwrap(), ChangeStatus::Renamed);
        assert_eq!(ChangeStatus::parse("C075").unwrap(), ChangeStatus::Copied);
        assert_eq!(ChangeStatus::parse("?").unwrap(), ChangeStatus::Untracked);
        assert_eq!(
            ChangeStatus::parse("deleted").unwrap(),
            ChangeStatus::Deleted
        );
        assert!(ChangeStatus::parse("Rx").is_err());
        assert!(ChangeStatus::parse("Z").is_err());
    }

    #[test]
    fn a_rename_touches_its_source_and_a_copy_does_not() {
        let r = ChangedPath::new("b/x", ChangeStatus::Renamed, Some("a/x"), 0).unwrap();
        assert_eq!(r.touched().collect::<Vec<_>>(), ["b/x", "a/x"]);
        let c = ChangedPath::new("b/x", ChangeStatus::Copied, Some("a/x"), 0).unwrap();
        assert_eq!(c.touched().collect::<Vec<_>>(), ["b/x"]);
    }

    #[test]
    fn name_status_text_reads_lines_and_nul_fields() {
        let lines =
            parse_name_status("M\tapi/a.go\nR087\tweb/x.go\tapi/x.go\n\nA\tREADME\n").unwrap();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[1].path, "api/x.go");
        assert_eq!(lines[1].old_path.as_deref(), Some("web/x.go"));
        let z = parse_name_status("M\0api/a.go\0R087\0web/x.go\0api/x.go\0A\0README\0").unwrap();
        assert_eq!(z, lines);
        assert!(parse_name_status("M api/a.go").is_err());
        assert!(parse_name_status("R100\tonly-one").is_err());
        assert!(parse_name_status("M\0").is_err());
    }

    #[test]
    fn root_files_and_the_workspace_dir_are_in_no_repo() {
        assert_eq!(repo_of("go.mod"), None);
        assert_eq!(repo_of(".4x/F1/state.json"), None);
        assert_eq!(repo_of("api/main.go"), Some("api"));
    }

    #[test]
    fn entries_refuse_empty_absolute_and_negative() {
        assert!(ChangedPath::new("", ChangeStatus::Added, None, 0).is_err());
        assert!(ChangedPath::new("/etc/x", ChangeStatus::Added, None, 0).is_err());
        assert!(ChangedPath::new("a", ChangeStatus::Added, None, -1).is_err());
    }
}
