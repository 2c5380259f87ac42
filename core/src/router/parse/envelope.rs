//! The read-only verdict signals (router.md steps 2–3): the line-1 `CONTRACT {json}`
//! envelope (strict JSON, agent status, boolean `b`, non-negative count key) and the heading
//! fallback in lines 1–5. Which signal wins is the read-only parser's decision.

use serde::Serialize;
use serde_json::Value;

use crate::router::parse::strict_json;
use crate::router::parse::text::{trim_sp, trim_sp_end, trim_sp_start};

/// Why the envelope is not usable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EnvelopeError {
    /// Line 1 does not start with `CONTRACT `.
    Missing,
    /// It does, but the JSON or its values are not valid.
    Malformed,
}

/// A valid envelope.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Envelope {
    /// `s`: the reported status.
    pub status: String,
    /// `b`: blocking.
    pub blocking: bool,
    /// The count key (`cr` or `bf`).
    pub count: u64,
}

/// Reads the envelope from the raw first line for an agent with `statuses` and `count_key`.
pub fn parse(
    first_line: &str,
    statuses: &[&str],
    count_key: &str,
) -> Result<Envelope, EnvelopeError> {
    let line = trim_sp(first_line);
    let rest = line
        .strip_prefix("CONTRACT ")
        .ok_or(EnvelopeError::Missing)?;
    let v = strict_json::parse(rest).map_err(|_| EnvelopeError::Malformed)?;
    let obj = v.as_object().ok_or(EnvelopeError::Malformed)?;
    let status = obj
        .get("s")
        .and_then(Value::as_str)
        .filter(|s| statuses.contains(s))
        .ok_or(EnvelopeError::Malformed)?;
    let blocking = obj
        .get("b")
        .and_then(Value::as_bool)
        .ok_or(EnvelopeError::Malformed)?;
    let count = obj
        .get(count_key)
        .and_then(Value::as_u64)
        .ok_or(EnvelopeError::Malformed)?;
    Ok(Envelope {
        status: status.to_string(),
        blocking,
        count,
    })
}

/// Lower-cases and reads `_` as a space, for verdict comparison.
fn normalize(s: &str) -> String {
    s.to_lowercase().replace('_', " ")
}

/// The status of the first of `lines` shaped `^##[ \t]+{label}:[ \t]*{verdict}[ \t]*$` whose
/// verdict matches one of `statuses`.
pub fn heading_status<'s>(lines: &[&str], label: &str, statuses: &[&'s str]) -> Option<&'s str> {
    lines.iter().find_map(|line| {
        let after = line.strip_prefix("##")?;
        let text = trim_sp_start(after);
        if text.len() == after.len() {
            return None;
        }
        let verdict = text.strip_prefix(label)?.strip_prefix(':')?;
        let verdict = normalize(trim_sp_end(trim_sp_start(verdict)));
        statuses.iter().copied().find(|s| normalize(s) == verdict)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CR: [&str; 2] = ["APPROVE", "CHANGES_REQUESTED"];

    #[test]
    fn envelope_needs_status_boolean_and_count() {
        let ok = parse(
            r#"CONTRACT {"s":"APPROVE","b":false,"cr":0,"x":1}"#,
            &CR,
            "cr",
        )
        .unwrap();
        assert_eq!(
            (ok.status.as_str(), ok.blocking, ok.count),
            ("APPROVE", false, 0)
        );
        for bad in [
            r#"CONTRACT {"s":"LGTM","b":false,"cr":0}"#,
            r#"CONTRACT {"s":"APPROVE","b":"false","cr":0}"#,
            r#"CONTRACT {"s":"APPROVE","b":false,"cr":-1}"#,
            r#"CONTRACT {"s":"APPROVE","b":false,"cr":true}"#,
            r#"CONTRACT {"s":"APPROVE","b":false}"#,
            r#"CONTRACT {"s":"APPROVE","s":"APPROVE","b":false,"cr":0}"#,
            r#"CONTRACT {"s":"APPROVE","b":false,"cr":0} trailing"#,
        ] {
            assert_eq!(
                parse(bad, &CR, "cr"),
                Err(EnvelopeError::Malformed),
                "{bad}"
            );
        }
        assert_eq!(
            parse("## Review: Approve", &CR, "cr"),
            Err(EnvelopeError::Missing)
        );
        assert_eq!(parse("CONTRACT{}", &CR, "cr"), Err(EnvelopeError::Missing));
    }

    #[test]
    fn heading_verdicts_compare_case_and_underscore_insensitively() {
        assert_eq!(
            heading_status(&["## Review: Changes Requested"], "Review", &CR),
            Some("CHANGES_REQUESTED")
        );
        assert_eq!(
            heading_status(&["### Review: Approve"], "Review", &CR),
            None
        );
        assert_eq!(
            heading_status(&["## Review: LGTM", "##\tReview:approve  "], "Review", &CR),
            Some("APPROVE")
        );
    }
}
