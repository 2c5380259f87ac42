//! Go's lexical path cleaning: `path.Clean` and `filepath.Join` on `/`-separated paths.
//!
//! Purely lexical: symlinks are not resolved and nothing touches the filesystem. Callers decide
//! what a cleaned path may name (see the feature-id and storage-root guards of their areas).

/// Go `path.Clean`: collapses repeated `/`, drops `.` segments, resolves `..` against the
/// preceding segment (never above the root of a rooted path), and returns `.` for an empty result.
pub fn clean(path: &str) -> String {
    if path.is_empty() {
        return ".".to_string();
    }
    let rooted = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => match parts.last() {
                Some(&last) if last != ".." => {
                    parts.pop();
                }
                _ if rooted => {}
                _ => parts.push(".."),
            },
            s => parts.push(s),
        }
    }
    let body = parts.join("/");
    match (rooted, body.is_empty()) {
        (true, _) => format!("/{body}"),
        (false, true) => ".".to_string(),
        (false, false) => body,
    }
}

/// Go `filepath.Join` (on Unix): joins the non-empty elements with `/` and cleans the result; all
/// elements empty gives `""`.
pub fn join<S: AsRef<str>>(elems: &[S]) -> String {
    let parts: Vec<&str> = elems
        .iter()
        .map(AsRef::as_ref)
        .filter(|s| !s.is_empty())
        .collect();
    if parts.is_empty() {
        return String::new();
    }
    clean(&parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clean_follows_go_path_clean() {
        for (input, want) in [
            ("", "."),
            ("abc", "abc"),
            ("abc/def", "abc/def"),
            ("a/b/c", "a/b/c"),
            (".", "."),
            ("..", ".."),
            ("../..", "../.."),
            ("../../abc", "../../abc"),
            ("/abc", "/abc"),
            ("/", "/"),
            ("abc/", "abc"),
            ("abc/def/", "abc/def"),
            ("/abc/def/", "/abc/def"),
            ("//abc", "/abc"),
            ("abc//def//ghi", "abc/def/ghi"),
            ("abc/./def", "abc/def"),
            ("/./abc/def", "/abc/def"),
            ("abc/def/ghi/../jkl", "abc/def/jkl"),
            ("abc/def/../ghi/../jkl", "abc/jkl"),
            ("abc/def/..", "abc"),
            ("abc/def/../..", "."),
            ("/abc/def/../..", "/"),
            ("abc/def/../../..", ".."),
            ("/abc/def/../../..", "/"),
            ("abc/def/../../../ghi/jkl/../../../mno", "../../mno"),
            ("abc/./../def", "def"),
            ("abc//./../def", "def"),
            ("abc/../../././../def", "../../def"),
        ] {
            assert_eq!(clean(input), want, "clean({input:?})");
        }
    }

    #[test]
    fn join_skips_empty_elements_and_cleans() {
        assert_eq!(join::<&str>(&[]), "");
        assert_eq!(join(&["", ""]), "");
        assert_eq!(join(&["a", "b"]), "a/b");
        assert_eq!(join(&["a", ""]), "a");
        assert_eq!(join(&["", "b"]), "b");
        assert_eq!(join(&["/", "a"]), "/a");
        assert_eq!(join(&["/root", "../x"]), "/x");
        assert_eq!(join(&["a/", "/b/"]), "a/b");
    }
}
