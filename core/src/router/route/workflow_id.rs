//! Workflow ids (router.md): `wf-YYYYMMDDTHHMMSSZ-<8 hex>`, minted from the
//! caller's `now` and `nonce` and validated as a real UTC date and time. Randomness is the
//! caller's: the nonce is 4 random bytes as hex.

use std::fmt;
use std::str::FromStr;

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::time::{days_in_month, Timestamp};

use crate::router::now::parse_now;

/// A valid workflow id.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct WorkflowId(String);

/// The parts of a valid workflow id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkflowIdParts {
    /// The id itself.
    pub workflow_uuid: String,
    /// Its time as `YYYY-MM-DDTHH:MM:SSZ`.
    pub timestamp: String,
    /// Its nonce, verbatim.
    pub nonce: String,
}

impl WorkflowId {
    /// Mints `wf-` + UTC `now` as `YYYYMMDDTHHMMSSZ` + `-` + the nonce lower-cased.
    pub fn new(now: &str, nonce: &str) -> Result<WorkflowId> {
        let t = parse_now(now, "now")?;
        if nonce.len() != 8 || !nonce.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(Error::new(
                ErrorKind::InvalidValue,
                format!("nonce {nonce:?} must be exactly 8 hex digits"),
            )
            .with_field("nonce"));
        }
        Ok(Self::from_parts(&t, nonce))
    }

    fn from_parts(t: &Timestamp, nonce: &str) -> WorkflowId {
        WorkflowId(format!(
            "wf-{}-{}",
            t.to_compact_utc(),
            nonce.to_ascii_lowercase()
        ))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Splits a valid id into its parts.
    pub fn parts(&self) -> WorkflowIdParts {
        let b = self.0.as_bytes();
        let d = |r: std::ops::Range<usize>| self.0.get(r).unwrap_or("");
        let _ = b;
        WorkflowIdParts {
            workflow_uuid: self.0.clone(),
            timestamp: format!(
                "{}-{}-{}T{}:{}:{}Z",
                d(3..7),
                d(7..9),
                d(9..11),
                d(12..14),
                d(14..16),
                d(16..18)
            ),
            nonce: d(20..28).to_string(),
        }
    }
}

impl FromStr for WorkflowId {
    type Err = Error;

    /// Valid iff `^wf-(\d{8})T(\d{6})Z-([0-9a-fA-F]{8})$` with a real date and time.
    fn from_str(s: &str) -> Result<WorkflowId> {
        let bad = || {
            Error::new(
                ErrorKind::InvalidValue,
                format!("{s:?} is not a workflow id (wf-YYYYMMDDTHHMMSSZ-<8 hex digits>)"),
            )
        };
        let b = s.as_bytes();
        if b.len() != 28 || !s.starts_with("wf-") || b[11] != b'T' || b[18] != b'Z' || b[19] != b'-'
        {
            return Err(bad());
        }
        let digits = |r: std::ops::Range<usize>| -> Option<i64> {
            let part = b.get(r)?;
            part.iter().all(u8::is_ascii_digit).then(|| {
                part.iter()
                    .fold(0i64, |acc, d| acc * 10 + i64::from(d - b'0'))
            })
        };
        let (Some(year), Some(month), Some(day), Some(hour), Some(minute), Some(second)) = (
            digits(3..7),
            digits(7..9),
            digits(9..11),
            digits(12..14),
            digits(14..16),
            digits(16..18),
        ) else {
            return Err(bad());
        };
        if !b[20..].iter().all(u8::is_ascii_hexdigit) {
            return Err(bad());
        }
        if !(1..=12).contains(&month)
            || day < 1
            || day > days_in_month(year, month)
            || hour > 23
            || minute > 59
            || second > 59
        {
            return Err(bad());
        }
        Ok(WorkflowId(s.to_string()))
    }
}

impl fmt::Display for WorkflowId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Validates `s` as a workflow id, naming `field` in the error.
pub fn validate(s: &str, field: &str) -> Result<WorkflowId> {
    s.parse::<WorkflowId>().map_err(|e| e.with_field(field))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_id_uses_utc_seconds_and_lower_case_nonce() {
        let id = WorkflowId::new("2026-03-12T18:27:00.5+02:00", "DEADBEEF").unwrap();
        assert_eq!(id.as_str(), "wf-20260312T162700Z-deadbeef");
        assert_eq!(id.as_str().parse::<WorkflowId>().unwrap(), id);
    }

    #[test]
    fn nonce_must_be_eight_hex_digits() {
        for bad in ["a1b2c3", "a1b2c3d4e", "g1b2c3d4", ""] {
            let e = WorkflowId::new("2026-03-12T16:27:00Z", bad).unwrap_err();
            assert_eq!(e.kind, ErrorKind::InvalidValue, "{bad}");
        }
    }

    #[test]
    fn ids_must_name_a_real_date_and_time() {
        for bad in [
            "wf-20260230T162700Z-a1b2c3d4",
            "wf-20260312T246000Z-a1b2c3d4",
            "wf-20260312T162760Z-a1b2c3d4",
            "wf-20260312T162700-a1b2c3d4",
            "wf-20260312T161500Z-build-happy",
            "wf-test",
            "PENDING_SELF",
        ] {
            assert!(bad.parse::<WorkflowId>().is_err(), "{bad}");
        }
        let p = "wf-20240229T235959Z-A1b2C3d4"
            .parse::<WorkflowId>()
            .unwrap()
            .parts();
        assert_eq!(p.timestamp, "2024-02-29T23:59:59Z");
        assert_eq!(p.nonce, "A1b2C3d4");
    }
}
