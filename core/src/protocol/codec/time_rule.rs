//! The one table of time-parsing rules: which RFC 3339 forms each area accepts.
//!
//! Every time fourx reads — a `now` input, a time inside state.json, a run file, a candidate pool,
//! verify.json, a hook's `modified_at`, a blueprint time — is parsed by one of these rules and by
//! nothing else (`it::time_rules` pins that no other code calls [`Timestamp::parse`]). The rules
//! differ only where a spec pins a difference:
//!
//! | rule | `t`/`z` lower case | year range | used by |
//! |---|---|---|---|
//! | [`TimeRule::GoText`] | no | 0000–9999 as written | times inside state.json, run files, candidates.json, verify.json |
//! | [`TimeRule::GoNow`] | no | 0000–9999 as written and in UTC | every `now` of workspace, features and conductor ops |
//! | [`TimeRule::Router`] | yes | 0000–9999 in UTC | every router time input (`now`, `modified_at`) |
//! | [`TimeRule::Blueprint`] | no | 0001–9999 in UTC | every blueprint time input |
//!
//! The grammar itself is the same for all four (Go's `YYYY-MM-DDTHH:MM:SS[.F…](Z|±HH:MM)`, every
//! field in range, no leap second). A `now` may be stamped in UTC (an event's `ts`, a router
//! stamp, a workflow id), whose written forms have a four-digit year, so a `now` whose instant
//! lies outside years 0000–9999 in UTC is refused rather than written as `-001-…` or `10000-…`.

use crate::protocol::codec::time::{ParseOptions, TimeError, Timestamp};

/// Which RFC 3339 forms a time input accepts (see the module table).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeRule {
    /// A time decoded from a file text with Go's rules: upper-case
    /// `T`/`Z`, the year as written in 0000–9999, the offset kept.
    GoText,
    /// A `now` of the workspace, features and conductor areas: [`TimeRule::GoText`], and the
    /// instant in UTC within years 0000–9999 too (events' `ts` is `now` in UTC).
    GoNow,
    /// A router time input: `t`/`z` may be lower case; the instant in UTC within
    /// years 0000–9999 (the stamp `YYYY-MM-DDTHH:MM:SSZ` keeps its width).
    Router,
    /// A blueprint time input: upper-case `T`/`Z`; the instant in UTC within
    /// years 0001–9999.
    Blueprint,
}

impl TimeRule {
    /// Every rule, for tests and docs.
    pub const ALL: [TimeRule; 4] = [
        TimeRule::GoText,
        TimeRule::GoNow,
        TimeRule::Router,
        TimeRule::Blueprint,
    ];

    /// Whether lower-case `t` and `z` are accepted.
    pub fn accepts_lowercase(self) -> bool {
        matches!(self, TimeRule::Router)
    }

    /// The range of UTC years the instant must lie in, if the rule bounds it.
    pub fn utc_years(self) -> Option<(i64, i64)> {
        match self {
            TimeRule::GoText => None,
            TimeRule::GoNow | TimeRule::Router => Some((0, 9999)),
            TimeRule::Blueprint => Some((1, 9999)),
        }
    }

    /// Parses `s` by this rule. The time keeps its offset and nanoseconds; converting to UTC or
    /// truncating is the caller's rendering.
    ///
    /// ```
    /// use fourx_core::protocol::codec::time_rule::TimeRule;
    /// assert!(TimeRule::Router.parse("2026-03-12t16:27:00z").is_ok());
    /// assert!(TimeRule::GoNow.parse("2026-03-12t16:27:00z").is_err());
    /// assert!(TimeRule::GoText.parse("0000-01-01T00:00:00+01:00").is_ok());
    /// assert!(TimeRule::GoNow.parse("0000-01-01T00:00:00+01:00").is_err());
    /// assert!(TimeRule::Blueprint.parse("0000-06-01T00:00:00Z").is_err());
    /// ```
    pub fn parse(self, s: &str) -> Result<Timestamp, TimeError> {
        let t = Timestamp::parse(
            s,
            ParseOptions {
                lowercase: self.accepts_lowercase(),
            },
        )?;
        if let Some((lo, hi)) = self.utc_years() {
            let year = t.utc_year();
            if year < lo || year > hi {
                return Err(TimeError(format!(
                    "{s:?} is outside the years {lo:04}-{hi:04} in UTC"
                )));
            }
        }
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use TimeRule::*;

    #[test]
    fn only_the_router_accepts_lower_case_t_and_z() {
        for s in [
            "2026-03-12t16:27:00Z",
            "2026-03-12T16:27:00z",
            "2026-03-12t16:27:00z",
        ] {
            for rule in TimeRule::ALL {
                assert_eq!(rule.parse(s).is_ok(), rule == Router, "{rule:?} {s}");
            }
        }
    }

    #[test]
    fn year_0000_as_written_is_go_text_and_go_now_and_router_but_not_blueprint() {
        let s = "0000-06-01T00:00:00Z";
        for rule in TimeRule::ALL {
            assert_eq!(rule.parse(s).is_ok(), rule != Blueprint, "{rule:?}");
        }
    }

    #[test]
    fn a_now_outside_years_0000_to_9999_in_utc_is_refused_but_file_text_keeps_its_offset() {
        for s in ["0000-01-01T00:30:00+01:00", "9999-12-31T23:30:00-01:00"] {
            let kept = GoText.parse(s).unwrap();
            assert_eq!(kept.to_rfc3339_nano(), s);
            for rule in [GoNow, Router, Blueprint] {
                assert!(rule.parse(s).is_err(), "{rule:?} {s}");
            }
        }
    }

    #[test]
    fn the_edges_of_each_utc_year_range_are_accepted() {
        assert!(GoNow.parse("0000-01-01T00:00:00Z").is_ok());
        assert!(Router.parse("0000-01-01t01:00:00+01:00").is_ok());
        assert!(Blueprint.parse("0001-01-01T00:00:00Z").is_ok());
        for rule in TimeRule::ALL {
            assert!(
                rule.parse("9999-12-31T23:59:59.999999999Z").is_ok(),
                "{rule:?}"
            );
        }
    }

    #[test]
    fn the_grammar_is_the_same_for_every_rule() {
        for bad in [
            "2026-03-12T23:59:60Z",
            "2026-02-30T00:00:00Z",
            "2026-03-12 16:27:00Z",
            "2026-03-12T16:27:00",
            "2026-03-12T16:27:00.Z",
            "2026-03-12T16:27:00+24:00",
            "+2026-03-12T16:27:00Z",
            "",
        ] {
            for rule in TimeRule::ALL {
                assert!(rule.parse(bad).is_err(), "{rule:?} {bad}");
            }
        }
    }
}
