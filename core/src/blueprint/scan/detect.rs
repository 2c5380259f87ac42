//! Which languages a repository gets: a language runs when one of its manifests is at the root
//! (blueprint.md); a polyglot repository gets every language whose manifest is there.
//!
//! Decides only the manifest table; the rules of each language live in its own module.

use super::{Language, ListedFile};

/// The root manifests of each language (one place; pinned by a test against and the
/// scanner docs).
pub const MANIFESTS: &[(Language, &[&str])] = &[
    (Language::Go, &["go.mod"]),
    (Language::Python, &["pyproject.toml", "setup.py"]),
    (Language::Rust, &["Cargo.toml"]),
    (Language::TypeScript, &["package.json", "tsconfig.json"]),
];

/// The languages whose manifest is a top-level file of `listing`, ascending.
pub fn detect_languages(listing: &[ListedFile]) -> Vec<Language> {
    let mut out: Vec<Language> = MANIFESTS
        .iter()
        .filter(|(_, names)| {
            listing
                .iter()
                .any(|f| !f.path.contains('/') && names.contains(&f.path.as_str()))
        })
        .map(|(l, _)| *l)
        .collect();
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listing(paths: &[&str]) -> Vec<ListedFile> {
        paths.iter().map(|p| ListedFile::new(*p, 1)).collect()
    }

    #[test]
    fn manifest_table_matches_the_spec_and_scanner_docs() {
        let words: Vec<(&str, &[&str])> = MANIFESTS.iter().map(|(l, m)| (l.as_str(), *m)).collect();
        assert_eq!(
            words,
            vec![
                ("go", &["go.mod"][..]),
                ("python", &["pyproject.toml", "setup.py"][..]),
                ("rust", &["Cargo.toml"][..]),
                ("typescript", &["package.json", "tsconfig.json"][..]),
            ]
        );
    }

    #[test]
    fn only_root_manifests_select_a_language_and_polyglot_gets_all() {
        assert_eq!(
            detect_languages(&listing(&["go.mod", "web/package.json", "a.py"])),
            vec![Language::Go]
        );
        assert_eq!(
            detect_languages(&listing(&[
                "tsconfig.json",
                "setup.py",
                "Cargo.toml",
                "go.mod"
            ])),
            Language::ALL.to_vec()
        );
        assert!(detect_languages(&listing(&["src/Cargo.toml"])).is_empty());
    }
}
