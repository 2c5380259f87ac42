//! The two root guards and the storage location (blueprint.md).
//!
//! Decides, lexically, whether a project root may get a blueprint (not `/`, not `$HOME`, a git
//! repository or a manifest) and where its storage lives (`<home>/.4x/blueprints/<id>/`, never
//! inside the project). `home`, `is_git` and the root entries are inputs; the core never looks
//! them up and never falls back to the working directory.

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::pathclean;
use crate::protocol::projectid;

use super::defaults::{FILE_NAME, MANIFESTS, REVISIONS_DIR, STORAGE_SUBDIR};

/// Where one project's blueprint lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoragePaths {
    /// The store directory.
    pub dir: String,
    /// `dir/blueprint.md`.
    pub file: String,
    /// `dir/revisions`.
    pub revisions: String,
}

/// An allowed project root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GuardOk {
    /// The cleaned root.
    pub root: String,
    /// The cleaned storage root.
    pub storage_root: String,
    /// The project id of the root.
    pub project_id: String,
}

fn require_home(home: Option<&str>) -> Result<&str> {
    match home {
        Some(h) if !h.is_empty() => Ok(h),
        _ => Err(Error::new(
            ErrorKind::NoHome,
            "no home directory is known; pass `home` (there is no fallback to the working directory)",
        )
        .with_field("home")),
    }
}

fn absolute(path: &str, field: &str) -> Result<String> {
    if path.starts_with('/') {
        Ok(pathclean::clean(path))
    } else {
        Err(Error::new(
            ErrorKind::InvalidPath,
            format!("`{field}` {path:?} must be an absolute path"),
        )
        .with_field(field))
    }
}

/// Where a project's blueprint is stored: `<home>/.4x/blueprints/<project_id>/` with its file and
/// revisions paths (`home` must be absolute).
pub fn storage_paths(home: Option<&str>, project_id: &str) -> Result<StoragePaths> {
    let home = absolute(require_home(home)?, "home")?;
    if !projectid::is_valid(project_id) {
        return Err(Error::new(
            ErrorKind::InvalidProjectId,
            format!("project id {project_id:?} must match ^[a-z0-9][a-z0-9-]{{0,63}}$"),
        )
        .with_field("project_id"));
    }
    let dir = pathclean::join(&[home.as_str(), STORAGE_SUBDIR, project_id]);
    Ok(StoragePaths {
        file: format!("{dir}/{FILE_NAME}"),
        revisions: format!("{dir}/{REVISIONS_DIR}"),
        dir,
    })
}

fn inside(path: &str, root: &str) -> bool {
    path == root || root == "/" || path.strip_prefix(root).is_some_and(|r| r.starts_with('/'))
}

/// Whether a project root may get a blueprint: the first failing rule is the error.
pub fn guard_root<S: AsRef<str>>(
    root: &str,
    home: Option<&str>,
    is_git: bool,
    root_entries: &[S],
    storage_root: Option<&str>,
) -> Result<GuardOk> {
    let home = require_home(home)?;
    let root = absolute(root, "root")?;
    let home = absolute(home, "home")?;
    let storage = storage_root
        .map(|s| absolute(s, "storage_root"))
        .transpose()?;
    if root == "/" {
        return Err(Error::new(
            ErrorKind::RootIsFilesystemRoot,
            "the project root is `/`; open a project directory instead",
        )
        .with_field("root"));
    }
    if root == home {
        return Err(Error::new(
            ErrorKind::RootIsHome,
            "the project root is the home directory; open a project directory instead",
        )
        .with_field("root"));
    }
    if !is_git && !root_entries.iter().any(|e| MANIFESTS.contains(&e.as_ref())) {
        return Err(Error::new(
            ErrorKind::NotAProject,
            format!("{root:?} is neither a git repository nor holds a project manifest (go.mod, Cargo.toml, package.json, ...)"),
        )
        .with_field("root"));
    }
    let project_id = projectid::compute(&root)?;
    let storage_root = match storage {
        Some(s) => s,
        None => storage_paths(Some(&home), &project_id)?.dir,
    };
    if inside(&storage_root, &root) {
        return Err(Error::new(
            ErrorKind::StorageInsideProject,
            format!("the blueprint storage {storage_root:?} lies inside the project {root:?}; it would make the work tree dirty"),
        )
        .with_field("storage_root"));
    }
    Ok(GuardOk {
        root,
        storage_root,
        project_id,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guard_refuses_root_home_non_projects_and_inside_storage() {
        let git: &[&str] = &[];
        let k = |r: Result<GuardOk>| r.unwrap_err().kind;
        assert_eq!(
            k(guard_root("/p", None, true, git, None)),
            ErrorKind::NoHome
        );
        assert_eq!(
            k(guard_root("p", Some("/h"), true, git, None)),
            ErrorKind::InvalidPath
        );
        assert_eq!(
            k(guard_root("/", Some("/h"), true, git, None)),
            ErrorKind::RootIsFilesystemRoot
        );
        assert_eq!(
            k(guard_root("/h/src/../", Some("/h"), true, git, None)),
            ErrorKind::RootIsHome
        );
        assert_eq!(
            k(guard_root("/h/p", Some("/h"), false, git, None)),
            ErrorKind::NotAProject
        );
        assert!(guard_root("/h/p", Some("/h"), false, &["go.mod"], None).is_ok());
        assert_eq!(
            k(guard_root("/h/p", Some("/h"), true, git, Some("/h/p/.bp"))),
            ErrorKind::StorageInsideProject
        );
        assert!(guard_root("/h/p", Some("/h"), true, git, Some("/h/p2")).is_ok());
        assert_eq!(
            k(guard_root("/x", Some("/x/h"), true, git, None)),
            ErrorKind::StorageInsideProject
        );
    }

    #[test]
    fn storage_paths_live_under_home() {
        let p = storage_paths(Some("/home/dev/"), "fourx-c56dab68f3ca").unwrap();
        assert_eq!(p.dir, "/home/dev/.4x/blueprints/fourx-c56dab68f3ca");
        assert_eq!(p.revisions, format!("{}/revisions", p.dir));
        assert_eq!(
            storage_paths(Some(""), "x").unwrap_err().kind,
            ErrorKind::NoHome
        );
        assert_eq!(
            storage_paths(Some("/h"), "X").unwrap_err().kind,
            ErrorKind::InvalidProjectId
        );
    }
}
