//! The self-modification policy (settings `self_mod_guard`): which path prefixes are the
//! harness's own foundation, how many changed lines of them one round may carry, and whether a
//! change to them needs accompanying tests.
//!
//! Decides the defaults and the prefix/test-file predicates. Approving a self-modification
//! (`--approve-self-mod`) is the caller's.

use crate::protocol::config::Config;

/// The protected path prefixes when the settings name none: the state machine, the guards and the
/// protocol (Go `DefaultProtectedPaths`).
pub const DEFAULT_PROTECTED_PATHS: &[&str] =
    &["internal/state/", "internal/guard/", "internal/protocol/"];

/// The changed-line budget of protected paths per round when the settings give none or ≤ 0.
pub const DEFAULT_MAX_DIFF_LINES: i64 = 200;

/// The self-modification policy with its defaults applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SelfModPolicy {
    /// Protected path prefixes (plain string prefixes, `/` included where meant).
    pub protected_paths: Vec<String>,
    /// Most changed lines of protected non-test files per round.
    pub max_diff_lines: i64,
    /// A protected source change needs a protected test change to reach accepting.
    pub require_tests: bool,
}

impl SelfModPolicy {
    /// The policy of `cfg`: `protected_paths` when non-empty (replacing the defaults),
    /// `max_diff_lines` when > 0, `require_tests` when set (default true).
    pub fn of(cfg: &Config) -> SelfModPolicy {
        let s = cfg.self_mod_guard.as_ref();
        let protected_paths = match s.and_then(|s| s.protected_paths.as_ref()) {
            Some(p) if !p.is_empty() => p.clone(),
            _ => DEFAULT_PROTECTED_PATHS
                .iter()
                .map(|p| (*p).to_string())
                .collect(),
        };
        SelfModPolicy {
            protected_paths,
            max_diff_lines: s
                .map(|s| s.max_diff_lines)
                .filter(|n| *n > 0)
                .unwrap_or(DEFAULT_MAX_DIFF_LINES),
            require_tests: s.and_then(|s| s.require_tests).unwrap_or(true),
        }
    }

    /// Whether `path` starts with one of the protected prefixes.
    pub fn protects(&self, path: &str) -> bool {
        self.protected_paths
            .iter()
            .any(|p| path.starts_with(p.as_str()))
    }

    /// Whether the protected changes among `paths` come with tests: a protected `.go` source file
    /// (not `_test.go`) needs a protected `_test.go` file beside it in the list; protected changes
    /// that are all tests or not Go at all need nothing (Go `HasAccompanyingTests`).
    pub fn has_accompanying_tests<'a>(&self, paths: impl IntoIterator<Item = &'a str>) -> bool {
        let (mut source, mut test) = (false, false);
        for p in paths.into_iter().filter(|p| self.protects(p)) {
            if is_test_file(p) {
                test = true;
            } else if p.ends_with(".go") {
                source = true;
            }
        }
        !source || test
    }
}

/// A Go test file: its lines never count against the budget.
pub fn is_test_file(path: &str) -> bool {
    path.ends_with("_test.go")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cfg(v: serde_json::Value) -> Config {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn unset_settings_take_the_defaults() {
        assert_eq!(
            DEFAULT_PROTECTED_PATHS,
            ["internal/state/", "internal/guard/", "internal/protocol/"]
        );
        let p = SelfModPolicy::of(&Config::default());
        assert_eq!(p.protected_paths, DEFAULT_PROTECTED_PATHS);
        assert_eq!(p.max_diff_lines, 200);
        assert!(p.require_tests);
    }

    #[test]
    fn set_settings_replace_the_defaults_and_zero_means_unset() {
        let p = SelfModPolicy::of(&cfg(json!({"self_mod_guard": {
            "protected_paths": ["core/"], "max_diff_lines": 0, "require_tests": false}})));
        assert_eq!(p.protected_paths, ["core/"]);
        assert_eq!(p.max_diff_lines, 200);
        assert!(!p.require_tests);
    }

    #[test]
    fn a_protected_source_change_needs_a_protected_test_change() {
        let p = SelfModPolicy::of(&Config::default());
        assert!(!p.has_accompanying_tests(["internal/state/m.go"]));
        assert!(p.has_accompanying_tests(["internal/state/m.go", "internal/state/m_test.go"]));
        assert!(!p.has_accompanying_tests(["internal/state/m.go", "cmd/x_test.go"]));
        assert!(p.has_accompanying_tests(["internal/state/m_test.go"]));
        assert!(p.has_accompanying_tests(["internal/state/README.md"]));
    }
}
