//! RFC 3339 timestamps: one [`Timestamp`] type that keeps the UTC offset and nanoseconds.
//!
//! Parsing follows Go's RFC 3339 grammar `YYYY-MM-DDTHH:MM:SS[.F…](Z|±HH:MM)` strictly; whether
//! lower-case `t`/`z` are accepted is the caller's choice ([`ParseOptions`]), as are the area's
//! error kind and any further range rule (blueprint: UTC years 0001–9999). Formatting gives Go's
//! `RFC3339Nano` in the original offset, or whole UTC seconds.

use std::cmp::Ordering;
use std::fmt;

/// A point in time with the UTC offset it was written in.
///
/// Equality and ordering compare the instant only (offset and representation are ignored), as
/// Go's `time.Time.Equal` does.
#[derive(Debug, Clone, Copy)]
pub struct Timestamp {
    /// Seconds since 1970-01-01T00:00:00Z.
    secs: i64,
    /// Nanoseconds within the second, 0..1e9.
    nanos: u32,
    /// The UTC offset in seconds the time was written in.
    offset: i32,
}

/// How strictly [`Timestamp::parse`] reads its input.
#[derive(Debug, Clone, Copy, Default)]
pub struct ParseOptions {
    /// Accept lower-case `t` and `z` (the router's rule).
    pub lowercase: bool,
}

/// Why a string is not an RFC 3339 timestamp.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeError(pub String);

impl fmt::Display for TimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TimeError {}

/// Seconds from 0001-01-01T00:00:00Z to the Unix epoch.
const ZERO_SECS: i64 = -62_135_596_800;

impl Timestamp {
    /// Go's zero time, `0001-01-01T00:00:00Z`.
    pub const ZERO: Timestamp = Timestamp {
        secs: ZERO_SECS,
        nanos: 0,
        offset: 0,
    };

    /// A timestamp from Unix seconds, nanoseconds (must be < 1e9) and a UTC offset in seconds.
    pub fn from_unix(secs: i64, nanos: u32, offset_secs: i32) -> Timestamp {
        Timestamp {
            secs: secs + i64::from(nanos / 1_000_000_000),
            nanos: nanos % 1_000_000_000,
            offset: offset_secs,
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.F…](Z|±HH:MM)` with Go's rules: every field in range, a real
    /// calendar date, no leap second, offset hours 00–23, fraction digits after the ninth
    /// truncated.
    pub fn parse(s: &str, opts: ParseOptions) -> Result<Timestamp, TimeError> {
        let err = || {
            TimeError(format!(
                "{s:?} is not an RFC 3339 time (YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|-HH:MM))"
            ))
        };
        let b = s.as_bytes();
        if b.len() < 20 {
            return Err(err());
        }
        let num = |range: std::ops::Range<usize>| -> Result<i64, TimeError> {
            let part = &b[range];
            if part.iter().all(u8::is_ascii_digit) {
                Ok(part
                    .iter()
                    .fold(0i64, |acc, d| acc * 10 + i64::from(d - b'0')))
            } else {
                Err(err())
            }
        };
        let year = num(0..4)?;
        let month = num(5..7)?;
        let day = num(8..10)?;
        let hour = num(11..13)?;
        let minute = num(14..16)?;
        let second = num(17..19)?;
        let t_ok = b[10] == b'T' || (opts.lowercase && b[10] == b't');
        if b[4] != b'-' || b[7] != b'-' || !t_ok || b[13] != b':' || b[16] != b':' {
            return Err(err());
        }
        if !(1..=12).contains(&month)
            || day < 1
            || day > days_in_month(year, month)
            || hour > 23
            || minute > 59
            || second > 59
        {
            return Err(err());
        }
        let mut i = 19;
        let mut nanos: u32 = 0;
        if b[i] == b'.' {
            i += 1;
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                if i - start < 9 {
                    nanos = nanos * 10 + u32::from(b[i] - b'0');
                }
                i += 1;
            }
            let n = i - start;
            if n == 0 {
                return Err(err());
            }
            for _ in n..9 {
                nanos *= 10;
            }
        }
        let rest = &b[i..];
        let offset = match rest {
            [b'Z'] => 0,
            [b'z'] if opts.lowercase => 0,
            [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
                let digits = [*h1, *h2, *m1, *m2];
                if !digits.iter().all(u8::is_ascii_digit) {
                    return Err(err());
                }
                let oh = i64::from((h1 - b'0') * 10 + (h2 - b'0'));
                let om = i64::from((m1 - b'0') * 10 + (m2 - b'0'));
                if oh > 23 || om > 59 {
                    return Err(err());
                }
                let off = (oh * 3600 + om * 60) as i32;
                if *sign == b'-' {
                    -off
                } else {
                    off
                }
            }
            _ => return Err(err()),
        };
        let local = days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second;
        Ok(Timestamp {
            secs: local - i64::from(offset),
            nanos,
            offset,
        })
    }

    /// Seconds since the Unix epoch.
    pub fn unix_seconds(&self) -> i64 {
        self.secs
    }

    /// Nanoseconds within the second.
    pub fn nanos(&self) -> u32 {
        self.nanos
    }

    /// The UTC offset in seconds this time was written in.
    pub fn offset_seconds(&self) -> i32 {
        self.offset
    }

    /// Whether this is Go's zero time (the instant `0001-01-01T00:00:00Z`).
    pub fn is_zero(&self) -> bool {
        self.secs == ZERO_SECS && self.nanos == 0
    }

    /// The same instant with offset zero.
    pub fn to_utc(self) -> Timestamp {
        Timestamp { offset: 0, ..self }
    }

    /// The same time with the nanoseconds dropped.
    pub fn truncate_to_seconds(self) -> Timestamp {
        Timestamp { nanos: 0, ..self }
    }

    /// The UTC calendar year of this instant.
    pub fn utc_year(&self) -> i64 {
        civil_from_days(self.secs.div_euclid(86_400)).0
    }

    /// Go's `RFC3339Nano` in the original offset: fraction without trailing zeros (none at all
    /// when zero), `Z` for offset zero, else `±HH:MM`.
    pub fn to_rfc3339_nano(&self) -> String {
        let mut out = String::with_capacity(35);
        self.push_base(&mut out, self.offset);
        if self.nanos != 0 {
            // Nine digits (nanos < 1e9), then the trailing zeros dropped.
            let mut digits = [b'0'; 9];
            let mut n = self.nanos;
            for d in digits.iter_mut().rev() {
                *d = b'0' + (n % 10) as u8;
                n /= 10;
            }
            let len = 9 - digits.iter().rev().take_while(|d| **d == b'0').count();
            out.push('.');
            out.extend(digits.iter().take(len).map(|d| char::from(*d)));
        }
        push_offset(&mut out, self.offset);
        out
    }

    /// Whole UTC seconds, `YYYY-MM-DDTHH:MM:SSZ`.
    pub fn to_utc_seconds(&self) -> String {
        let mut out = self.base(0);
        out.push('Z');
        out
    }

    /// Compact UTC form `YYYYMMDDTHHMMSSZ` (used in file names).
    pub fn to_compact_utc(&self) -> String {
        let (y, mo, d, h, mi, s) = self.fields(0);
        format!("{y:04}{mo:02}{d:02}T{h:02}{mi:02}{s:02}Z")
    }

    fn fields(&self, offset: i32) -> (i64, i64, i64, i64, i64, i64) {
        let local = self.secs + i64::from(offset);
        let days = local.div_euclid(86_400);
        let sod = local.rem_euclid(86_400);
        let (y, mo, d) = civil_from_days(days);
        (y, mo, d, sod / 3600, sod % 3600 / 60, sod % 60)
    }

    fn base(&self, offset: i32) -> String {
        let mut out = String::with_capacity(25);
        self.push_base(&mut out, offset);
        out
    }

    /// `YYYY-MM-DDTHH:MM:SS` (`{y:04}-{mo:02}-…`), written digit by digit; a year outside
    /// 0..=9999 goes through `format!` (its sign and width rules).
    fn push_base(&self, out: &mut String, offset: i32) {
        let (y, mo, d, h, mi, s) = self.fields(offset);
        if (0..=9999).contains(&y) {
            push_digits(out, y, 4);
        } else {
            out.push_str(&format!("{y:04}"));
        }
        for (sep, v) in [('-', mo), ('-', d), ('T', h), (':', mi), (':', s)] {
            out.push(sep);
            push_digits(out, v, 2);
        }
    }
}

/// `v` (0 ≤ v < 10^width) as exactly `width` decimal digits, zero-padded.
fn push_digits(out: &mut String, v: i64, width: u32) {
    let mut p = 10_i64.pow(width.saturating_sub(1));
    while p > 0 {
        out.push(char::from(b'0' + (v / p % 10) as u8));
        p /= 10;
    }
}

fn push_offset(out: &mut String, offset: i32) {
    if offset == 0 {
        out.push('Z');
    } else {
        let sign = if offset < 0 { '-' } else { '+' };
        let a = i64::from(offset.unsigned_abs());
        out.push(sign);
        // `{:02}` of the hours: two digits, or all of them past 99.
        if a / 3600 < 100 {
            push_digits(out, a / 3600, 2);
        } else {
            out.push_str(&(a / 3600).to_string());
        }
        out.push(':');
        push_digits(out, a % 3600 / 60, 2);
    }
}

impl PartialEq for Timestamp {
    fn eq(&self, other: &Self) -> bool {
        (self.secs, self.nanos) == (other.secs, other.nanos)
    }
}

impl Eq for Timestamp {}

impl PartialOrd for Timestamp {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Timestamp {
    fn cmp(&self, other: &Self) -> Ordering {
        (self.secs, self.nanos).cmp(&(other.secs, other.nanos))
    }
}

impl Default for Timestamp {
    fn default() -> Self {
        Timestamp::ZERO
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_rfc3339_nano())
    }
}

/// Whether `year` is a Gregorian leap year.
pub fn is_leap(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Days in `month` (1–12) of `year`.
pub fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if is_leap(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
pub fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::strategy::Strategy;

    /// The `format!` writer the digit-by-digit one replaced.
    fn rfc3339_nano_by_format(t: &Timestamp) -> String {
        let (y, mo, d, h, mi, s) = t.fields(t.offset);
        let mut out = format!("{y:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}");
        if t.nanos != 0 {
            let frac = format!("{:09}", t.nanos);
            out.push('.');
            out.push_str(frac.trim_end_matches('0'));
        }
        if t.offset == 0 {
            out.push('Z');
        } else {
            let sign = if t.offset < 0 { '-' } else { '+' };
            let a = t.offset.unsigned_abs();
            out.push_str(&format!("{sign}{:02}:{:02}", a / 3600, a % 3600 / 60));
        }
        out
    }

    proptest::proptest! {
        /// RFC3339Nano written digit by digit equals the `format!` form: years before 0 and
        /// past 9999, every fraction, offsets past 99 hours.
        #[test]
        fn rfc3339_nano_digit_by_digit_equals_the_format_form(
            secs in -400_000_000_000i64..400_000_000_000,
            nanos in proptest::prop_oneof![0u32..1_000_000_000, proptest::strategy::Just(0u32),
                (0u32..1000).prop_map(|n| n * 1_000_000)],
            offset in proptest::prop_oneof![proptest::strategy::Just(0i32),
                -360_000i32..360_000],
        ) {
            let t = Timestamp { secs, nanos, offset };
            proptest::prop_assert_eq!(t.to_rfc3339_nano(), rfc3339_nano_by_format(&t));
        }
    }

    fn p(s: &str) -> Result<Timestamp, TimeError> {
        Timestamp::parse(s, ParseOptions::default())
    }

    #[test]
    fn rfc3339_nano_keeps_offset_and_trims_fraction() {
        assert_eq!(
            p("2024-05-01T10:00:00.500+08:00")
                .unwrap()
                .to_rfc3339_nano(),
            "2024-05-01T10:00:00.5+08:00"
        );
        assert_eq!(
            p("2024-05-01T02:00:00+00:00").unwrap().to_rfc3339_nano(),
            "2024-05-01T02:00:00Z"
        );
        assert_eq!(
            p("2024-05-01T02:00:00-00:00").unwrap().to_rfc3339_nano(),
            "2024-05-01T02:00:00Z"
        );
        assert_eq!(Timestamp::ZERO.to_rfc3339_nano(), "0001-01-01T00:00:00Z");
        assert!(p("0001-01-01T00:00:00Z").unwrap().is_zero());
    }

    #[test]
    fn fraction_beyond_nine_digits_is_truncated() {
        let t = p("2024-01-01T00:00:00.1234567899Z").unwrap();
        assert_eq!(t.nanos(), 123_456_789);
    }

    #[test]
    fn utc_seconds_converts_and_truncates() {
        let t = p("2026-03-01T13:00:00.987+01:00").unwrap();
        assert_eq!(t.to_utc_seconds(), "2026-03-01T12:00:00Z");
        assert_eq!(t.to_compact_utc(), "20260301T120000Z");
    }

    #[test]
    fn grammar_is_strict() {
        for bad in [
            "2024-02-30T00:00:00Z",
            "2023-02-29T00:00:00Z",
            "2024-01-01T24:00:00Z",
            "2024-01-01T00:60:00Z",
            "2024-01-01T00:00:60Z",
            "2024-01-01 00:00:00Z",
            "2024-01-01t00:00:00Z",
            "2024-01-01T00:00:00z",
            "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00+24:00",
            "2024-01-01T00:00:00+01:60",
            "2024-01-01T00:00:00+0100",
            "2024-01-01T00:00:00",
            "24-01-01T00:00:00Z",
            "2024-1-01T00:00:00Z",
        ] {
            assert!(p(bad).is_err(), "{bad}");
        }
        assert!(p("2024-02-29T00:00:00Z").is_ok());
        let lower = ParseOptions { lowercase: true };
        assert!(Timestamp::parse("2024-01-01t00:00:00z", lower).is_ok());
    }

    #[test]
    fn equality_compares_the_instant() {
        assert_eq!(
            p("2024-05-01T10:00:00+08:00").unwrap(),
            p("2024-05-01T02:00:00Z").unwrap()
        );
    }

    #[test]
    fn civil_round_trips() {
        for days in [-719_162, -1, 0, 1, 10_957, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days);
        }
    }
}
