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

/// Whether `name` can be used as one path segment inside a directory: non-empty, not `.` or
/// `..`, and free of `/`, `\` and NUL. Used for atomic-write target names (workspace.md §17 S4).
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
    fn single_segments_exclude_separators_and_dot_names() {
        for bad in ["", ".", "..", "a/b", "a\\b", "a\0b", "/"] {
            assert!(!is_single_segment(bad), "{bad:?}");
        }
        for good in ["a", "..a", "state.json", ".hidden"] {
            assert!(is_single_segment(good), "{good:?}");
        }
    }
}
