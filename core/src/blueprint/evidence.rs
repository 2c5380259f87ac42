//! `EvidenceModules`: the modules whose files a run actually opened (blueprint.md).
//!
//! Decides how opened paths map to derived modules (nested module wins, the root module owns the
//! rest); the result is sorted and de-duplicated and misses are dropped silently. Which tool calls
//! contribute paths is the caller's policy.

use std::collections::BTreeSet;

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::pathclean;

use super::snapshot::Snapshot;

/// Maps opened file paths to the sorted set of derived modules they belong to. `root` (absolute,
/// else `invalid_path`) lets absolute paths below it count.
pub fn evidence_modules<S: AsRef<str>>(
    snapshot: &Snapshot,
    paths: &[S],
    root: Option<&str>,
) -> Result<Vec<String>> {
    let root = match root {
        Some(r) if !r.starts_with('/') => {
            return Err(Error::new(
                ErrorKind::InvalidPath,
                format!("root {r:?} must be an absolute path"),
            )
            .with_field("root"))
        }
        Some(r) => Some(pathclean::clean(r)),
        None => None,
    };
    let mut out = BTreeSet::new();
    for p in paths {
        if let Some(m) = module_of(snapshot, p.as_ref(), root.as_deref()) {
            out.insert(m.to_string());
        }
    }
    Ok(out.into_iter().collect())
}

fn module_of<'s>(snapshot: &'s Snapshot, p: &str, root: Option<&str>) -> Option<&'s str> {
    let cleaned;
    let mut rel = p;
    if p.starts_with('/') {
        cleaned = pathclean::clean(p);
        let root = root?;
        rel = if root == "/" {
            &cleaned[1..]
        } else {
            cleaned.strip_prefix(root)?.strip_prefix('/')?
        };
    }
    while let Some(rest) = rel.strip_prefix("./") {
        rel = rest;
    }
    let segs: Vec<&str> = rel
        .split('/')
        .filter(|s| !s.is_empty() && *s != ".")
        .collect();
    if segs.is_empty() || segs.contains(&"..") {
        return None;
    }
    let rel = segs.join("/");
    if let Some(m) = snapshot.get(&rel) {
        return Some(m.path.as_str());
    }
    if let Some(owner) = snapshot.owner_of(&rel) {
        return snapshot.get(owner).map(|m| m.path.as_str());
    }
    snapshot.get(".").map(|m| m.path.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nested_module_wins_and_root_owns_top_level_files() {
        let s = Snapshot::from_json(&serde_json::json!({"modules": [".", "a", "a/b"]})).unwrap();
        let got = evidence_modules(
            &s,
            &[
                "a/b/x.go",
                "a/testdata/y",
                "main.go",
                "/r/a/z.go",
                "/rr/a/z.go",
                "../x",
            ],
            Some("/r"),
        )
        .unwrap();
        assert_eq!(got, vec![".", "a", "a/b"]);
    }

    #[test]
    fn relative_root_is_invalid_path() {
        let s = Snapshot::default();
        let e = evidence_modules::<&str>(&s, &[], Some("r")).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidPath);
    }
}
