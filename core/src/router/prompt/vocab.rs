//! The router.md §3 words the memory and prompt ops read: agents, workflow types, task phases and
//! task kinds, plus the §4.5 workflow-id grammar.
//!
//! Each enum round-trips its seed spelling through `FromStr`/`Display`. What an agent or phase
//! implies (dispatch, tiers, graphs) is left to the rest of the router.

use std::fmt;
use std::str::FromStr;

/// Declares a closed word set: the enum, its seed spellings (one table) and `FromStr`/`Display`.
macro_rules! words {
    ($(#[$doc:meta])* $name:ident, $what:literal { $($(#[$vdoc:meta])* $var:ident = $word:literal,)+ }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $var,)+
        }

        impl $name {
            /// Every value with its seed spelling, in the spec's order.
            pub const ALL: &'static [($name, &'static str)] = &[$(($name::$var, $word),)+];

            /// The seed spelling.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$var => $word,)+
                }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $name {
            type Err = UnknownWord;

            fn from_str(s: &str) -> Result<Self, UnknownWord> {
                $name::ALL
                    .iter()
                    .find(|(_, w)| *w == s)
                    .map(|(v, _)| *v)
                    .ok_or(UnknownWord { what: $what })
            }
        }
    };
}

/// A string that is not one of the words of a §3 set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnknownWord {
    /// Which set was asked for (`"agent"`, `"workflow"`, ...).
    pub what: &'static str,
}

impl fmt::Display for UnknownWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a known {}", self.what)
    }
}

words! {
    /// The ten cc10x agents (router.md §3). `FromStr` accepts the bare name or `cc10x:` + name;
    /// `Display` gives the bare name.
    Agent, "agent" {
        /// `component-builder`
        ComponentBuilder = "component-builder",
        /// `bug-investigator`
        BugInvestigator = "bug-investigator",
        /// `code-reviewer`
        CodeReviewer = "code-reviewer",
        /// `silent-failure-hunter`
        SilentFailureHunter = "silent-failure-hunter",
        /// `integration-verifier`
        IntegrationVerifier = "integration-verifier",
        /// `planner`
        Planner = "planner",
        /// `plan-gap-reviewer`
        PlanGapReviewer = "plan-gap-reviewer",
        /// `web-researcher`
        WebResearcher = "web-researcher",
        /// `github-researcher`
        GithubResearcher = "github-researcher",
        /// `doc-syncer`
        DocSyncer = "doc-syncer",
    }
}

impl Agent {
    /// Parses an agent name, with or without the `cc10x:` prefix.
    pub fn parse(s: &str) -> Option<Agent> {
        s.strip_prefix("cc10x:").unwrap_or(s).parse().ok()
    }
}

words! {
    /// The workflow types that dispatch agents (router.md §3; ORIENT dispatches none).
    Workflow, "workflow" {
        /// `BUILD`
        Build = "BUILD",
        /// `DEBUG`
        Debug = "DEBUG",
        /// `REVIEW`
        Review = "REVIEW",
        /// `PLAN`
        Plan = "PLAN",
    }
}

words! {
    /// The task phases of router.md §3 (the seed's `phase:` list).
    Phase, "phase" {
        /// `build`
        Build = "build",
        /// `build-implement`
        BuildImplement = "build-implement",
        /// `build-review`
        BuildReview = "build-review",
        /// `build-hunt`
        BuildHunt = "build-hunt",
        /// `build-verify`
        BuildVerify = "build-verify",
        /// `build-doc-sync`
        BuildDocSync = "build-doc-sync",
        /// `build-finish`
        BuildFinish = "build-finish",
        /// `debug`
        Debug = "debug",
        /// `debug-investigate`
        DebugInvestigate = "debug-investigate",
        /// `debug-review`
        DebugReview = "debug-review",
        /// `debug-verify`
        DebugVerify = "debug-verify",
        /// `review`
        Review = "review",
        /// `review-audit`
        ReviewAudit = "review-audit",
        /// `plan`
        Plan = "plan",
        /// `plan-create`
        PlanCreate = "plan-create",
        /// `plan-review-gap-1`
        PlanReviewGap1 = "plan-review-gap-1",
        /// `plan-review-gap-2`
        PlanReviewGap2 = "plan-review-gap-2",
        /// `memory-finalize`
        MemoryFinalize = "memory-finalize",
        /// `re-review`
        ReReview = "re-review",
        /// `re-hunt`
        ReHunt = "re-hunt",
        /// `re-verify`
        ReVerify = "re-verify",
        /// `re-plan`
        RePlan = "re-plan",
        /// `research-web`
        ResearchWeb = "research-web",
        /// `research-github`
        ResearchGithub = "research-github",
    }
}

words! {
    /// The task kinds of router.md §3.
    TaskKind, "task kind" {
        /// `workflow`
        Workflow = "workflow",
        /// `agent`
        Agent = "agent",
        /// `remfix`
        Remfix = "remfix",
        /// `memory`
        Memory = "memory",
        /// `reverify`
        Reverify = "reverify",
        /// `research`
        Research = "research",
    }
}

/// Whether `id` is a workflow id of router.md §4.5: `wf-YYYYMMDDTHHMMSSZ-` + 8 hex digits (either
/// case), the digits forming a real calendar date and time.
pub fn is_valid_workflow_id(id: &str) -> bool {
    let b = id.as_bytes();
    if b.len() != 28 || !id.starts_with("wf-") || b[11] != b'T' || b[18] != b'Z' || b[19] != b'-' {
        return false;
    }
    let digits = |r: std::ops::Range<usize>| -> Option<u32> {
        let s = id.get(r)?;
        if !s.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        s.parse().ok()
    };
    let (Some(year), Some(month), Some(day), Some(hour), Some(min), Some(sec)) = (
        digits(3..7),
        digits(7..9),
        digits(9..11),
        digits(12..14),
        digits(14..16),
        digits(16..18),
    ) else {
        return false;
    };
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
        && hour <= 23
        && min <= 59
        && sec <= 59
        && b[20..].iter().all(u8::is_ascii_hexdigit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_their_seed_spelling() {
        for (v, w) in Agent::ALL {
            assert_eq!(w.parse::<Agent>(), Ok(*v));
            assert_eq!(v.to_string(), *w);
        }
        for (v, w) in Phase::ALL {
            assert_eq!(w.parse::<Phase>(), Ok(*v));
        }
        assert_eq!(Agent::ALL.len(), 10);
        assert_eq!(Phase::ALL.len(), 24);
        assert_eq!(TaskKind::ALL.len(), 6);
    }

    #[test]
    fn agents_accept_the_cc10x_prefix_only() {
        assert_eq!(Agent::parse("cc10x:planner"), Some(Agent::Planner));
        assert_eq!(Agent::parse("planner"), Some(Agent::Planner));
        assert_eq!(Agent::parse("CC10X:planner"), None);
        assert_eq!(Agent::parse("brainstorming"), None);
        assert_eq!("ORIENT".parse::<Workflow>().ok(), None);
    }

    #[test]
    fn workflow_ids_need_hex_nonce_and_real_calendar_time() {
        assert!(is_valid_workflow_id("wf-20260312T162700Z-a1b2c3d4"));
        assert!(is_valid_workflow_id("wf-20240229T235959Z-A1B2C3D4"));
        assert!(!is_valid_workflow_id("wf-20230229T000000Z-a1b2c3d4"));
        assert!(!is_valid_workflow_id("wf-20260312T240000Z-a1b2c3d4"));
        assert!(!is_valid_workflow_id("wf-20260312T162700Z-build-happy"));
        assert!(!is_valid_workflow_id("wf-20250115T120000-a1b2c3d4"));
        assert!(!is_valid_workflow_id("wf-2026031２T162700Z-a1b2c3d"));
    }
}
