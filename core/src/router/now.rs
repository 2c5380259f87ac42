//! The router's time input (router.md): `now` is RFC 3339 with `t`/`z` accepted in lower
//! case, converted to UTC with fractional seconds truncated, and written as
//! `YYYY-MM-DDTHH:MM:SSZ`. The caller supplies `now`; the router never reads a clock.

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::time::Timestamp;
use crate::protocol::codec::time_rule::TimeRule;

/// Parses `now` by the router's rule (`invalid_value` naming `field` otherwise) into a whole UTC
/// second.
pub fn parse_now(now: &str, field: &str) -> Result<Timestamp> {
    TimeRule::Router
        .parse(now)
        .map(|t| t.to_utc().truncate_to_seconds())
        .map_err(|e| Error::new(ErrorKind::InvalidValue, e.0).with_field(field))
}

/// The written form `YYYY-MM-DDTHH:MM:SSZ`.
pub fn stamp(t: &Timestamp) -> String {
    t.to_utc_seconds()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_case_t_and_z_are_accepted_and_converted_to_utc() {
        let t = parse_now("2026-03-12t18:27:00.9+02:00", "now").unwrap();
        assert_eq!(stamp(&t), "2026-03-12T16:27:00Z");
        assert_eq!(
            stamp(&parse_now("2026-03-12t16:27:00z", "now").unwrap()),
            "2026-03-12T16:27:00Z"
        );
    }

    #[test]
    fn leap_second_and_impossible_dates_are_invalid_value() {
        for bad in [
            "2026-03-12T23:59:60Z",
            "2026-02-30T00:00:00Z",
            "2026-03-12 16:27:00Z",
            "",
        ] {
            assert_eq!(
                parse_now(bad, "now").unwrap_err().kind,
                ErrorKind::InvalidValue,
                "{bad}"
            );
        }
    }
}
