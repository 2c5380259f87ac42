//! Blueprint time stamps: the strict RFC 3339 reading of every time input and its canonical
//! whole-second UTC form (blueprint.md).
//!
//! Decides the accepted syntax (upper-case `T`/`Z` only, years 0001–9999 after conversion to UTC)
//! and the renderings (`YYYY-MM-DDTHH:MM:SSZ`, compact `YYYYMMDDTHHMMSSZ`). Where a time comes
//! from is the caller's business: the core never reads a clock.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::time::Timestamp;
use crate::protocol::codec::time_rule::TimeRule;

/// Seconds of Unix time of 0001-01-01T00:00:00Z.
const MIN_SECS: i64 = -62_135_596_800;
/// Seconds of Unix time of 9999-12-31T23:59:59Z.
const MAX_SECS: i64 = 253_402_300_799;

/// A UTC instant truncated to whole seconds, within years 0001–9999.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UtcSecond(i64);

impl UtcSecond {
    /// Parses a time input strictly (`invalid_time` otherwise); `field` names the input key.
    pub fn parse_field(text: &str, field: &str) -> Result<UtcSecond> {
        let ts = TimeRule::Blueprint.parse(text).map_err(|e| {
            Error::new(ErrorKind::InvalidTime, format!("`{field}`: {e}")).with_field(field)
        })?;
        UtcSecond::from_unix(ts.unix_seconds()).ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidTime,
                format!("`{field}`: {text:?} is outside the years 0001-9999 in UTC"),
            )
            .with_field(field)
        })
    }

    /// The instant `secs` seconds after the Unix epoch, if it lies in years 0001–9999.
    pub fn from_unix(secs: i64) -> Option<UtcSecond> {
        (MIN_SECS..=MAX_SECS)
            .contains(&secs)
            .then_some(UtcSecond(secs))
    }

    /// Seconds since the Unix epoch.
    pub fn unix(self) -> i64 {
        self.0
    }

    /// This instant plus `secs` seconds, if still within years 0001–9999.
    pub fn plus(self, secs: i64) -> Option<UtcSecond> {
        self.0.checked_add(secs).and_then(UtcSecond::from_unix)
    }

    /// The compact form used in revision names, `YYYYMMDDTHHMMSSZ`.
    pub fn compact(self) -> String {
        Timestamp::from_unix(self.0, 0, 0).to_compact_utc()
    }

    /// Whether `text` is exactly the canonical rendering of some instant.
    pub fn is_canonical(text: &str) -> bool {
        text.len() == 20
            && text.ends_with('Z')
            && text
                .parse::<UtcSecond>()
                .is_ok_and(|t| t.to_string() == text)
    }
}

impl fmt::Display for UtcSecond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Timestamp::from_unix(self.0, 0, 0).to_utc_seconds())
    }
}

impl FromStr for UtcSecond {
    type Err = Error;

    fn from_str(s: &str) -> Result<UtcSecond> {
        UtcSecond::parse_field(s, "now")
    }
}

/// Canonicalises an optional time value: `""` stays `""`, anything else must parse.
pub(crate) fn canonical_or_empty(text: &str, field: &str) -> Result<String> {
    if text.is_empty() {
        Ok(String::new())
    } else {
        Ok(UtcSecond::parse_field(text, field)?.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offsets_convert_to_utc_and_fractions_drop() {
        let t: UtcSecond = "2026-03-01T13:00:00.987+01:00".parse().unwrap();
        assert_eq!(t.to_string(), "2026-03-01T12:00:00Z");
        assert_eq!(t.compact(), "20260301T120000Z");
    }

    #[test]
    fn lower_case_leap_seconds_and_out_of_range_years_are_invalid_time() {
        for bad in [
            "2026-03-01t12:00:00Z",
            "2026-03-01T12:00:00z",
            "2026-03-01T12:00:60Z",
            "2026-02-30T12:00:00Z",
            "0001-01-01T00:00:00+01:00",
            "2026-03-01T12:00:00.Z",
            "2026-03-01 12:00:00Z",
        ] {
            let e = bad.parse::<UtcSecond>().unwrap_err();
            assert_eq!(e.kind, ErrorKind::InvalidTime, "{bad}");
        }
    }

    #[test]
    fn canonical_form_is_recognised() {
        assert!(UtcSecond::is_canonical("2026-03-01T12:00:00Z"));
        assert!(!UtcSecond::is_canonical("2026-03-01T12:00:00.0Z"));
        assert!(!UtcSecond::is_canonical("2026-03-01T13:00:00+01:00"));
    }
}
