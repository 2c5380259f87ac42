//! The four rejecting gates of `validate()` and the reasons they give (blueprint.md).
//!
//! Decides, for one normalised item, the first failing gate: shape → module → evidence → prose
//! path. The submission cap (`over_limit`) is a property of the whole submission and is applied by
//! [`super::fold`]; the anchor check never rejects and lives in [`super::anchors`].

use std::collections::HashSet;

use crate::error::Error;

use super::anchors::is_path_char;
use super::defaults::{MAX_CLAIM_BYTES, MAX_WHERE_BYTES};
use super::doc::Field;
use super::normalize::{is_c0_or_del, Item};
use super::snapshot::Snapshot;

crate::words::string_enum! {
    /// Why an item was rejected, in gate order. Every reason has a public vector
    /// (`TestEveryRejectionReasonIsAccounted`).
    pub enum RejectReason("reject reason", Error, Error::unknown_word) {
        /// The item's content rank is at or beyond `MaxSubmitItems`.
        OverLimit = "over_limit",
        /// The item's shape is wrong (see [`MalformedDetail`]).
        Malformed = "malformed",
        /// The module is not derived ("the model may not invent modules").
        UnknownModule = "unknown_module",
        /// The run read nothing at all (evidence ∩ derived set is empty).
        NoReadAtAll = "no_read_at_all",
        /// The run never read the item's module.
        NoEvidence = "no_evidence",
        /// The claim cites a file of a derived module the run never read.
        ProsePath = "prose_path",
    }
}

crate::words::string_enum! {
    /// The detail codes of `malformed`, in check order.
    pub enum MalformedDetail("malformed detail", Error, Error::unknown_word) {
        /// A key holds a non-string (or the item is not an object).
        BadType = "bad_type",
        /// The module is empty.
        ModuleEmpty = "module_empty",
        /// The field is not one of the four.
        FieldUnknown = "field_unknown",
        /// The claim is empty.
        ClaimEmpty = "claim_empty",
        /// The claim keeps a control character.
        ClaimControl = "claim_control",
        /// The claim is longer than 1000 UTF-8 bytes.
        ClaimTooLong = "claim_too_long",
        /// `where` holds a backtick or control character or is longer than 300 bytes.
        WhereInvalid = "where_invalid",
    }
}

/// A rejection: the reason and its detail (`""`, a malformed code or the offending token).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    /// The gate that failed.
    pub reason: RejectReason,
    /// The detail text.
    pub detail: String,
}

impl Rejection {
    fn new(reason: RejectReason, detail: impl Into<String>) -> Rejection {
        Rejection {
            reason,
            detail: detail.into(),
        }
    }
}

/// Gate 1: the item's shape.
pub fn check_shape(item: &Item) -> std::result::Result<Field, MalformedDetail> {
    if item.bad_type {
        return Err(MalformedDetail::BadType);
    }
    if item.module.is_empty() {
        return Err(MalformedDetail::ModuleEmpty);
    }
    let field: Field = item
        .field
        .parse()
        .map_err(|_| MalformedDetail::FieldUnknown)?;
    if item.claim.is_empty() {
        return Err(MalformedDetail::ClaimEmpty);
    }
    if item.claim.chars().any(is_c0_or_del) {
        return Err(MalformedDetail::ClaimControl);
    }
    if item.claim.len() > MAX_CLAIM_BYTES {
        return Err(MalformedDetail::ClaimTooLong);
    }
    if item.where_.contains('`')
        || item.where_.chars().any(is_c0_or_del)
        || item.where_.len() > MAX_WHERE_BYTES
    {
        return Err(MalformedDetail::WhereInvalid);
    }
    Ok(field)
}

/// Runs gates 1–4 in order; `evidence` is already intersected with the derived set.
pub fn validate(
    item: &Item,
    snapshot: &Snapshot,
    evidence: &HashSet<&str>,
) -> std::result::Result<Field, Rejection> {
    let field =
        check_shape(item).map_err(|d| Rejection::new(RejectReason::Malformed, d.as_str()))?;
    if !snapshot.contains(&item.module) {
        return Err(Rejection::new(RejectReason::UnknownModule, ""));
    }
    if evidence.is_empty() {
        return Err(Rejection::new(RejectReason::NoReadAtAll, ""));
    }
    if !evidence.contains(item.module.as_str()) {
        return Err(Rejection::new(RejectReason::NoEvidence, ""));
    }
    if let Some(token) = prose_path_violation(&item.claim, snapshot, evidence) {
        return Err(Rejection::new(RejectReason::ProsePath, token));
    }
    Ok(field)
}

/// Gate 4: the first token of the claim that decidably cites a file of a derived module outside
/// the evidence set; abstains (None) whenever it cannot decide.
pub fn prose_path_violation(
    claim: &str,
    snapshot: &Snapshot,
    evidence: &HashSet<&str>,
) -> Option<String> {
    claim
        .split(|c: char| !is_path_char(c))
        .filter(|t| !t.is_empty())
        .find_map(|raw| {
            let mut t = raw.trim_end_matches('.');
            while let Some(rest) = t.strip_prefix("./") {
                t = rest;
            }
            if !t.contains('/')
                || t.starts_with('/')
                || t.ends_with('/')
                || t.contains("//")
                || t.split('/').any(|s| s == "." || s == "..")
            {
                return None;
            }
            let owner = snapshot.owner_of(t)?;
            let last = t.rsplit('/').next().unwrap_or(t);
            let has_ext = last.rfind('.').is_some_and(|dot| {
                let ext = &last[dot + 1..];
                dot > 0
                    && (1..=10).contains(&ext.len())
                    && ext.bytes().all(|b| b.is_ascii_alphanumeric())
            });
            (has_ext && !evidence.contains(owner)).then(|| t.to_string())
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn snap() -> Snapshot {
        Snapshot::from_json(&serde_json::json!({
            "modules": ["internal/blueprint", "internal/util"]
        }))
        .unwrap()
    }

    #[test]
    fn reasons_round_trip_through_their_words() {
        assert_eq!(
            RejectReason::WORDS,
            &[
                "over_limit",
                "malformed",
                "unknown_module",
                "no_read_at_all",
                "no_evidence",
                "prose_path"
            ]
        );
        assert_eq!(
            MalformedDetail::WORDS,
            &[
                "bad_type",
                "module_empty",
                "field_unknown",
                "claim_empty",
                "claim_control",
                "claim_too_long",
                "where_invalid"
            ]
        );
        let e = serde_json::from_value::<RejectReason>("OverLimit".into()).unwrap_err();
        assert_eq!(e.to_string(), "unknown reject reason \"OverLimit\"");
        for r in RejectReason::ALL.iter().copied() {
            assert_eq!(r.as_str().parse::<RejectReason>().unwrap(), r);
            let v = serde_json::to_value(r).unwrap();
            assert_eq!(serde_json::from_value::<RejectReason>(v).unwrap(), r);
        }
    }

    #[test]
    fn prose_path_abstains_unless_decidable() {
        let s = snap();
        let ev: HashSet<&str> = ["internal/blueprint"].into_iter().collect();
        for claim in [
            "Name/Brief/Effect 三列",
            "see blueprint/fold.go",
            "internal/util is small",
            "read/write and TCP/IP-like",
            "internal/blueprint/fold.go is pure",
            "internal/util/atomic_test_helpers",
        ] {
            assert_eq!(prose_path_violation(claim, &s, &ev), None, "{claim}");
        }
        assert_eq!(
            prose_path_violation("uses internal/util/atomic.go。", &s, &ev).as_deref(),
            Some("internal/util/atomic.go")
        );
    }

    #[test]
    fn malformed_details_are_checked_in_order() {
        let long = "字".repeat(334);
        let cases = [
            (
                Item {
                    bad_type: true,
                    ..Item::new("", "x", "", "")
                },
                MalformedDetail::BadType,
            ),
            (Item::new("", "x", "", ""), MalformedDetail::ModuleEmpty),
            (
                Item::new("m", "derived", "", ""),
                MalformedDetail::FieldUnknown,
            ),
            (
                Item::new("m", "purpose", "", " "),
                MalformedDetail::ClaimEmpty,
            ),
            (
                Item::new("m", "purpose", "", "a\u{7f}"),
                MalformedDetail::ClaimControl,
            ),
            (
                Item::new("m", "purpose", "", &long),
                MalformedDetail::ClaimTooLong,
            ),
            (
                Item::new("m", "purpose", "a`b", "c"),
                MalformedDetail::WhereInvalid,
            ),
        ];
        for (item, want) in cases {
            assert_eq!(check_shape(&item), Err(want));
        }
    }
}
