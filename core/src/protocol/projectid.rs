//! The one project-id derivation (blueprint.md, seed I12): a readable slug of the root's
//! base name plus 12 hex of SHA-256 of the cleaned absolute root.
//!
//! Every area that needs a project id calls [`compute`]; resolving symlinks before the call is
//! the caller's.

use sha2::{Digest, Sha256};

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::pathclean;

/// The project id of `root` (absolute, else `invalid_path`), e.g. `/home/dev/src/fourx` →
/// `fourx-c56dab68f3ca`.
pub fn compute(root: &str) -> Result<String> {
    if !root.starts_with('/') {
        return Err(Error::new(
            ErrorKind::InvalidPath,
            format!("root {root:?} must be an absolute path"),
        )
        .with_field("root"));
    }
    let r = pathclean::clean(root);
    let base = r.rsplit('/').next().unwrap_or("");
    let mut slug = String::new();
    for c in base.chars() {
        let c = c.to_ascii_lowercase();
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            slug.push(c);
        } else if !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let mut slug: String = slug.trim_matches('-').chars().take(32).collect();
    while slug.ends_with('-') {
        slug.pop();
    }
    if slug.is_empty() {
        slug = "repo".to_string();
    }
    let digest = Sha256::digest(r.as_bytes());
    let hex: String = digest.iter().take(6).map(|b| format!("{b:02x}")).collect();
    Ok(format!("{slug}-{hex}"))
}

/// Whether `id` matches `^[a-z0-9][a-z0-9-]{0,63}$`.
pub fn is_valid(id: &str) -> bool {
    let b = id.as_bytes();
    !b.is_empty()
        && b.len() <= 64
        && (b[0].is_ascii_lowercase() || b[0].is_ascii_digit())
        && b.iter()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_id_examples_of_the_spec() {
        assert_eq!(
            compute("/home/dev/src/fourx").unwrap(),
            "fourx-c56dab68f3ca"
        );
        assert_eq!(
            compute("/home/dev/src/./fourx/").unwrap(),
            "fourx-c56dab68f3ca"
        );
        assert_eq!(
            compute("/home/dev/My Project (v2)").unwrap(),
            "my-project-v2-803aad457c89"
        );
        assert!(compute("/home/dev/仓库").unwrap().starts_with("repo-"));
        assert_eq!(compute("rel").unwrap_err().kind, ErrorKind::InvalidPath);
    }
}
