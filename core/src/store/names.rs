//! The storage name conventions that pure code may test without touching a disk: the temp-file
//! pattern of atomic writes (`.<final-name>.<unique>.tmp`) and the single-segment rule for target
//! names.
//!
//! Decides the patterns; listing files and skipping them is the caller's.

/// Whether `name` is the name of an atomic-write temp file: `.<final-name>.<unique>.tmp`, i.e.
/// it starts with `.` and ends with `.tmp` (the glob `.*.tmp`). Listings skip such names.
pub fn is_temp_name(name: &str) -> bool {
    name.len() > ".tmp".len() && name.starts_with('.') && name.ends_with(".tmp")
}

/// Whether `name` has the exact shape of a temp file fourx itself makes (what `temp_name`
/// returns): `.<final-name>.<pid>-<counter>-<nanos>.tmp` with a non-empty final name and
/// three non-empty runs of ASCII digits. Only such files are swept when stale (a user's
/// `.notes.tmp` or a caller's `.keep.tmp` never is), and no atomic write may target such a name.
pub fn is_own_temp_name(name: &str) -> bool {
    let Some(inner) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else {
        return false;
    };
    let Some((final_name, unique)) = inner.rsplit_once('.') else {
        return false;
    };
    let mut parts = unique.split('-');
    let digits =
        |p: Option<&str>| p.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    !final_name.is_empty()
        && digits(parts.next())
        && digits(parts.next())
        && digits(parts.next())
        && parts.next().is_none()
}

/// Whether `name` can be used as one path segment inside a directory: non-empty, not `.` or
/// `..`, and free of `/`, `\` and NUL. Used for atomic-write target names.
pub fn is_single_segment(name: &str) -> bool {
    !name.is_empty() && name != "." && name != ".." && !name.contains(['/', '\\', '\0'])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temp_names_match_the_dot_star_tmp_glob() {
        assert!(is_temp_name(".state.json.123-4-5.tmp"));
        assert!(is_temp_name("..tmp"));
        assert!(!is_temp_name(".tmp"));
        assert!(!is_temp_name("state.json.tmp"));
        assert!(!is_temp_name(".state.json"));
    }

    #[test]
    fn own_temp_names_are_exactly_the_shape_fourx_makes() {
        #[cfg(feature = "fs")]
        assert!(is_own_temp_name(&crate::store::temp_name("state.json")));
        assert!(is_own_temp_name(".state.json.123-4-5.tmp"));
        assert!(is_own_temp_name("..x.tmp.1-2-3.tmp"));
        for other in [
            ".keep.tmp",
            ".notes.tmp",
            "..tmp",
            "..1-2-3.tmp",
            ".a.1-2.tmp",
            ".a.1-2-3-4.tmp",
            ".a.1-x-3.tmp",
            ".a.1--3.tmp",
            ".a.1-2-3.tmpx",
            "a.1-2-3.tmp",
            ".a.+1-2-3.tmp",
        ] {
            assert!(!is_own_temp_name(other), "{other:?}");
        }
    }

    #[test]
    fn single_segments_exclude_separators_and_dot_names() {
        for bad in ["", ".", "..", "a/b", "a\\b", "a\0b", "/"] {
            assert!(!is_single_segment(bad), "{bad:?}");
        }
        for good in ["a", "..a", "state.json", ".hidden"] {
            assert!(is_single_segment(good), "{good:?}");
        }
    }
}
