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
    if let Some(fixed) = fixed_shape(rest, statuses, count_key) {
        return fixed;
    }
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

/// The envelope of the one shape agents write, `{"s":"STATUS","b":true|false,"KEY":N}` with
/// nothing between the tokens, the status without escapes or control characters and `N` a
/// JSON integer of at most 19 digits, read without building a JSON value; `None` for any other
/// text (the strict JSON reader then decides). On this shape strict JSON gives an object of
/// exactly these three distinct members, so the answer is the same.
fn fixed_shape(
    json: &str,
    statuses: &[&str],
    count_key: &str,
) -> Option<Result<Envelope, EnvelopeError>> {
    let rest = json.strip_prefix("{\"s\":\"")?;
    let end = rest.find('"')?;
    let status = rest.get(..end)?;
    if status.bytes().any(|b| b == b'\\' || b < 0x20) {
        return None;
    }
    let rest = rest.get(end + 1..)?.strip_prefix(",\"b\":")?;
    let (blocking, rest) = if let Some(r) = rest.strip_prefix("true") {
        (true, r)
    } else {
        (false, rest.strip_prefix("false")?)
    };
    let rest = rest
        .strip_prefix(",\"")?
        .strip_prefix(count_key)?
        .strip_prefix("\":")?;
    let digits = rest.strip_suffix('}')?;
    let valid = matches!(digits.len(), 1..=19)
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    if !valid || count_key == "s" || count_key == "b" {
        return None;
    }
    let count = digits.parse::<u64>().ok()?;
    Some(match statuses.iter().find(|s| **s == status) {
        Some(s) => Ok(Envelope {
            status: (*s).to_string(),
            blocking,
            count,
        }),
        None => Err(EnvelopeError::Malformed),
    })
}

/// Lower-cases and reads `_` as a space, for verdict comparison.
fn normalize(s: &str) -> String {
    s.to_lowercase().replace('_', " ")
}

/// `normalize(status) == normalize(verdict)`, without allocating when both are ASCII (then
/// lower-casing is ASCII lower-casing, byte by byte).
fn same_verdict(status: &str, verdict: &str) -> bool {
    if !(status.is_ascii() && verdict.is_ascii()) {
        return normalize(status) == normalize(verdict);
    }
    let norm = |b: u8| {
        if b == b'_' {
            b' '
        } else {
            b.to_ascii_lowercase()
        }
    };
    status.len() == verdict.len()
        && status
            .bytes()
            .zip(verdict.bytes())
            .all(|(a, b)| norm(a) == norm(b))
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
        let verdict = trim_sp_end(trim_sp_start(verdict));
        statuses.iter().copied().find(|s| same_verdict(s, verdict))
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

    /// Pieces of envelopes near the fixed shape: spaces, escapes, other keys and orders,
    /// numbers with signs, zeros, fractions and exponents, duplicate members.
    fn envelope_json() -> impl proptest::strategy::Strategy<Value = String> {
        use proptest::prelude::*;
        let status = prop_oneof![
            Just("APPROVE"),
            Just("CHANGES_REQUESTED"),
            Just("LGTM"),
            Just("APPR\\u004fVE"),
            Just("A\\\"B"),
            Just(""),
            Just("é"),
        ];
        let blocking = prop_oneof![Just("true"), Just("false"), Just("0"), Just("\"false\"")];
        let key = prop_oneof![Just("cr"), Just("bf"), Just("s"), Just("b"), Just("x")];
        let number = prop_oneof![
            Just("0"),
            Just("7"),
            Just("00"),
            Just("-0"),
            Just("-1"),
            Just("1.0"),
            Just("1e2"),
            Just("18446744073709551615"),
            Just("18446744073709551616"),
            Just("9999999999999999999"),
            Just("true"),
        ];
        let gap = prop_oneof![Just(""), Just(""), Just(" "), Just("\t")];
        (
            status,
            blocking,
            key,
            number,
            gap,
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(|(s, b, k, n, g, swap, dup)| {
                let first = format!("\"s\":{g}\"{s}\"");
                let second = format!("\"b\":{b}");
                let (first, second) = if swap {
                    (second, first)
                } else {
                    (first, second)
                };
                let extra = if dup { ",\"s\":\"APPROVE\"" } else { "" };
                format!("{{{first},{second},\"{k}\":{n}{extra}}}{g}")
            })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]

        /// The fixed-shape reader answers as strict JSON on every text near the shape.
        #[test]
        fn the_fixed_shape_reader_equals_strict_json(json in envelope_json(), pgr: bool) {
            let count_key = if pgr { "bf" } else { "cr" };
            let strict = |json: &str| -> Result<Envelope, EnvelopeError> {
                let v = strict_json::parse(json).map_err(|_| EnvelopeError::Malformed)?;
                let obj = v.as_object().ok_or(EnvelopeError::Malformed)?;
                let status = obj
                    .get("s")
                    .and_then(Value::as_str)
                    .filter(|s| CR.contains(s))
                    .ok_or(EnvelopeError::Malformed)?;
                let blocking = obj.get("b").and_then(Value::as_bool).ok_or(EnvelopeError::Malformed)?;
                let count = obj.get(count_key).and_then(Value::as_u64).ok_or(EnvelopeError::Malformed)?;
                Ok(Envelope { status: status.to_string(), blocking, count })
            };
            if let Some(fast) = fixed_shape(&json, &CR, count_key) {
                proptest::prop_assert_eq!(fast, strict(&json), "{}", json);
            }
            let line = format!("CONTRACT {json}");
            proptest::prop_assert_eq!(parse(&line, &CR, count_key), strict(&json), "{}", json);
        }
    }

    proptest::proptest! {
        /// The allocation-free comparison equals comparing the normalized strings, on ASCII
        /// and non-ASCII verdicts (the Kelvin sign lower-cases to `k`).
        #[test]
        fn same_verdict_equals_comparing_normalized_strings(
            v in "[a-zA-Z_ \u{212a}\u{130}é]{0,12}",
            s in proptest::sample::select(vec!["APPROVE", "CHANGES_REQUESTED", "BLOCKED", "OK", ""]),
        ) {
            proptest::prop_assert_eq!(same_verdict(s, &v), normalize(s) == normalize(&v));
            let upper = s.to_string();
            proptest::prop_assert!(same_verdict(s, &upper.replace('_', " ").to_lowercase()));
        }
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
