//! Feature-id minting (Go `feature.ResolveIDFormat`, `NextNumber`, `GenerateFeatureID`,
//! `GenerateFeatureIDFromSlug`, `IDFormat.FormatDisplayName`) and the plan of the features a run
//! creates from a deep review's `[NEW-FEATURE]` blocks (Go `autoDiscoverFeatures`).
//!
//! Decides the id text, the next free number, the cap of discovered features per run and the
//! status each one is created with. Leaves listing the existing features, enrichment and saving
//! to the caller (the ids are inputs).

use serde::Serialize;

use crate::error::{Error, Result};
use crate::protocol::codec::gostruct::keys_equal_fold;
use crate::protocol::codec::text::simple_lower;
use crate::protocol::config::Config;
use crate::protocol::state::FeatureStatus;
use crate::report::discover::DiscoveredFeature;
use crate::resolve::limits::resolve_limits;

/// The id prefix when `feature_id_prefix` is unset (Go `DefaultIDPrefix`).
pub const DEFAULT_ID_PREFIX: &str = "F";
/// The minimum number of digits when `feature_id_digits` is unset or ≤ 0 (Go `DefaultIDDigits`).
pub const DEFAULT_ID_DIGITS: usize = 3;
/// The longest slug [`IdFormat::generate_id`] keeps (Go `maxFeatureIDSlugLength`).
pub const MAX_ID_SLUG_LEN: usize = 23;
/// The widest zero padding Go's `fmt` accepts; a wider one is written `%!(BADWIDTH)` and ignored
/// (Go `fmt.tooLarge`).
pub const MAX_FMT_WIDTH: usize = 1_000_000;

/// A feature id's prefix and minimum digit count (Go `IDFormat`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdFormat {
    prefix: String,
    digits: usize,
}

impl Default for IdFormat {
    fn default() -> Self {
        IdFormat {
            prefix: DEFAULT_ID_PREFIX.to_string(),
            digits: DEFAULT_ID_DIGITS,
        }
    }
}

impl IdFormat {
    /// The effective format: an empty prefix is [`DEFAULT_ID_PREFIX`], digits ≤ 0 are
    /// [`DEFAULT_ID_DIGITS`].
    ///
    /// ```
    /// use fourx_core::features::ids::IdFormat;
    /// let f = IdFormat::resolve("", 0);
    /// assert_eq!(f.generate_id(7, "Dark mode!"), "F007-dark-mode");
    /// ```
    pub fn resolve(prefix: &str, digits: i64) -> Self {
        let prefix = if prefix.is_empty() {
            DEFAULT_ID_PREFIX
        } else {
            prefix
        };
        let digits = match usize::try_from(digits) {
            Ok(d) if d > 0 => d,
            _ => DEFAULT_ID_DIGITS,
        };
        IdFormat {
            prefix: prefix.to_string(),
            digits,
        }
    }

    /// The format a config sets (`feature_id_prefix`, `feature_id_digits`).
    pub fn from_config(cfg: &Config) -> Self {
        Self::resolve(&cfg.feature_id_prefix, cfg.feature_id_digits)
    }

    /// The prefix.
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The minimum digit count.
    pub fn digits(&self) -> usize {
        self.digits
    }

    /// The number of an id of this format: the prefix (exact bytes), one or more ASCII digits,
    /// then `-` or the end (Go `^<prefix>(\d+)(?:-|$)`); `None` when the id has another shape or
    /// the digits overflow a 64-bit int (Go `strconv.Atoi` fails and the id is skipped).
    pub fn number_of(&self, id: &str) -> Option<i64> {
        let rest = id.strip_prefix(self.prefix.as_str())?;
        let end = rest
            .bytes()
            .position(|b| !b.is_ascii_digit())
            .unwrap_or(rest.len());
        let (digits, tail) = rest.split_at(end);
        if digits.is_empty() || !(tail.is_empty() || tail.starts_with('-')) {
            return None;
        }
        digits.parse::<i64>().ok()
    }

    /// The next free number: one more than the largest number among `ids` (0 when none has this
    /// format). `invalid_input` when the largest is `i64::MAX` (Go's int would wrap).
    pub fn next_number<'a>(&self, ids: impl IntoIterator<Item = &'a str>) -> Result<i64> {
        let max = ids
            .into_iter()
            .filter_map(|id| self.number_of(id))
            .fold(0, i64::max);
        max.checked_add(1).ok_or_else(|| {
            Error::invalid_input(format!(
                "feature number {max} is the largest a 64-bit int holds; no next number"
            ))
            .with_field("ids")
        })
    }

    /// `num` written as Go's `%0*d` with this format's digits.
    fn number_text(&self, num: i64) -> String {
        if self.digits > MAX_FMT_WIDTH {
            return format!("%!(BADWIDTH){num}");
        }
        let w = self.digits;
        if num < 0 {
            format!(
                "-{:0>width$}",
                num.unsigned_abs(),
                width = w.saturating_sub(1)
            )
        } else {
            format!("{num:0>w$}")
        }
    }

    /// `<prefix><number>-<slug>` (Go `formatID`).
    pub fn format_id(&self, num: i64, slug: &str) -> String {
        format!("{}{}-{slug}", self.prefix, self.number_text(num))
    }

    /// `<prefix><number>: <name>` (Go `FormatDisplayName`), the `name` a minted feature gets.
    pub fn display_name(&self, num: i64, name: &str) -> String {
        format!("{}{}: {name}", self.prefix, self.number_text(num))
    }

    /// The id for a feature named `name` (Go `GenerateFeatureID`): the name lower-cased (Go's
    /// simple mapping), every run of characters outside `a-z0-9` replaced by `-`, `-` trimmed;
    /// a slug longer than [`MAX_ID_SLUG_LEN`] bytes is cut there and then back to its last `-`.
    pub fn generate_id(&self, num: i64, name: &str) -> String {
        let mut slug = slugify(name);
        if slug.len() > MAX_ID_SLUG_LEN {
            let truncated = &slug[..MAX_ID_SLUG_LEN];
            slug = match truncated.rfind('-') {
                Some(i) if i > 0 => truncated[..i].to_string(),
                _ => truncated.trim_end_matches('-').to_string(),
            };
        }
        self.format_id(num, &slug)
    }

    /// The id from a slug the user chose (Go `GenerateFeatureIDFromSlug`): a leading
    /// `<prefix><digits>-` (prefix matched case-insensitively) is removed, the rest slugified as
    /// in [`IdFormat::generate_id`] but never cut.
    pub fn generate_id_from_slug(&self, num: i64, slug: &str) -> String {
        let rest = self.strip_numbered_prefix(slug).unwrap_or(slug);
        self.format_id(num, &slugify(rest))
    }

    /// `slug` after a leading `(?i)<prefix>\d+-`, if it has one.
    fn strip_numbered_prefix<'a>(&self, slug: &'a str) -> Option<&'a str> {
        let mut rest = slug;
        for p in self.prefix.chars() {
            let c = rest.chars().next()?;
            if !keys_equal_fold(p.encode_utf8(&mut [0; 4]), c.encode_utf8(&mut [0; 4])) {
                return None;
            }
            rest = rest.get(c.len_utf8()..)?;
        }
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return None;
        }
        rest.get(digits..)?.strip_prefix('-')
    }
}

/// Lower-case (Go's simple mapping), replace runs outside `a-z0-9` by `-`, trim `-`.
fn slugify(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut in_run = false;
    for c in name.chars().map(simple_lower) {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            out.push(c);
            in_run = false;
        } else if !in_run {
            out.push('-');
            in_run = true;
        }
    }
    out.trim_matches('-').to_string()
}

/// A feature a run creates from a discovered candidate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PlannedFeature {
    /// The minted id.
    pub id: String,
    /// The display name `<prefix><number>: <title>`.
    pub name: String,
    /// The candidate's title.
    pub title: String,
    /// The candidate's description (the feature's description unless enrichment replaces it).
    pub description: String,
    /// The status it is saved with: `not-started` without enrichment; with enrichment `draft`,
    /// or `not-started` when `enrich_auto_approve` is set.
    pub status: FeatureStatus,
    /// Whether the host enriches it before saving (`enrich_discovered_features`).
    pub enrich: bool,
}

/// What a run does with the candidates that survived de-duplication.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DiscoveryPlan {
    /// The features to create, in candidate order, numbered consecutively from the next free
    /// number.
    pub features: Vec<PlannedFeature>,
    /// The candidates over `max_discovered_features`, not created.
    pub capped: Vec<DiscoveredFeature>,
}

/// The plan for `kept` (candidates after `discover.dedupe`) given the ids of the existing
/// features: the first `max_discovered_features` (default 3) are minted consecutive ids, the rest
/// are capped. The numbering assumes each planned feature is saved; a host that drops one (an
/// enrichment that fails or is discarded) mints the following ones again from the saved ids, as
/// 4x does.
///
/// ```
/// use fourx_core::features::ids::plan_discovered;
/// use fourx_core::protocol::config::Config;
/// use fourx_core::report::discover::DiscoveredFeature;
/// let kept = vec![DiscoveredFeature { title: "Dark mode".into(), description: "d".into() }];
/// let plan = plan_discovered(&kept, ["F002-login"], &Config::default()).unwrap();
/// assert_eq!(plan.features[0].id, "F003-dark-mode");
/// assert_eq!(plan.features[0].name, "F003: Dark mode");
/// ```
pub fn plan_discovered<'a>(
    kept: &[DiscoveredFeature],
    existing_ids: impl IntoIterator<Item = &'a str>,
    cfg: &Config,
) -> Result<DiscoveryPlan> {
    let max = usize::try_from(resolve_limits(cfg, "deep-reviewer").max_discovered_features)
        .unwrap_or(usize::MAX);
    let (take, capped) = kept.split_at(kept.len().min(max));
    let idf = IdFormat::from_config(cfg);
    let mut next = idf.next_number(existing_ids)?;
    let enrich = cfg.enrich_discovered_features;
    let status = if enrich && !cfg.enrich_auto_approve {
        FeatureStatus::Draft
    } else {
        FeatureStatus::NotStarted
    };
    let mut features = Vec::with_capacity(take.len());
    for d in take {
        features.push(PlannedFeature {
            id: idf.generate_id(next, &d.title),
            name: idf.display_name(next, &d.title),
            title: d.title.clone(),
            description: d.description.clone(),
            status,
            enrich,
        });
        next = next.checked_add(1).ok_or_else(|| {
            Error::invalid_input("feature numbers overflow a 64-bit int").with_field("ids")
        })?;
    }
    Ok(DiscoveryPlan {
        features,
        capped: capped.to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn cfg(v: serde_json::Value) -> Config {
        crate::protocol::codec::gostruct::decode_value(&v, "config").unwrap()
    }

    fn cand(t: &str) -> DiscoveredFeature {
        DiscoveredFeature {
            title: t.into(),
            description: format!("about {t}"),
        }
    }

    #[test]
    fn unset_format_is_prefix_f_and_three_digits() {
        let f = IdFormat::resolve("", -2);
        assert_eq!((f.prefix(), f.digits()), ("F", 3));
        assert_eq!(f.format_id(5, "x"), "F005-x");
        assert_eq!(f.format_id(12345, "x"), "F12345-x", "digits are a minimum");
        let ws = IdFormat::resolve("ws-", 4);
        assert_eq!(ws.display_name(9, "Name"), "ws-0009: Name");
    }

    #[test]
    fn next_number_is_one_past_the_largest_id_of_this_format() {
        let f = IdFormat::default();
        let ids = [
            "F002-a", "F010", "F7-b", "f099-c", "F0x-d", "G500-e", "F11x", "F-3",
        ];
        assert_eq!(f.next_number(ids).unwrap(), 11);
        assert_eq!(f.next_number([]).unwrap(), 1);
        assert_eq!(
            f.next_number(["F99999999999999999999-x", "F004"]).unwrap(),
            5,
            "a number Atoi cannot read is skipped"
        );
        let e = f.next_number(["F9223372036854775807-x"]).unwrap_err();
        assert_eq!(e.kind, crate::ErrorKind::InvalidInput);
        let custom = IdFormat::resolve("a.b", 3);
        assert_eq!(
            custom.next_number(["a.b004", "axb900"]).unwrap(),
            5,
            "prefix is literal"
        );
    }

    #[test]
    fn generated_id_slugifies_and_cuts_long_names_at_a_word_boundary() {
        let f = IdFormat::default();
        assert_eq!(f.generate_id(1, "  Hello, World!! "), "F001-hello-world");
        assert_eq!(
            f.generate_id(2, "Support exporting reports as PDF files"),
            "F002-support-exporting"
        );
        assert_eq!(
            f.generate_id(3, "abcdefghijklmnopqrstuvwxyz"),
            "F003-abcdefghijklmnopqrstuvw"
        );
        assert_eq!(f.generate_id(4, "café au lait"), "F004-caf-au-lait");
        assert_eq!(
            f.generate_id(5, "\u{130}\u{212A}"),
            "F005-ik",
            "Go's simple lower-case"
        );
        assert_eq!(f.generate_id(6, "日本語"), "F006-");
    }

    #[test]
    fn slug_ids_drop_a_repeated_numbered_prefix_and_are_never_cut() {
        let f = IdFormat::default();
        assert_eq!(f.generate_id_from_slug(8, "f012-My Slug"), "F008-my-slug");
        assert_eq!(f.generate_id_from_slug(8, "F12x-y"), "F008-f12x-y");
        let long = "a-very-long-custom-slug-that-is-kept-whole";
        assert_eq!(f.generate_id_from_slug(9, long), format!("F009-{long}"));
    }

    #[test]
    fn widths_past_a_million_are_go_bad_width() {
        let f = IdFormat::resolve("F", 1_000_001);
        assert_eq!(f.format_id(3, "x"), "F%!(BADWIDTH)3-x");
    }

    #[test]
    fn discovered_features_are_capped_numbered_and_not_started_without_enrichment() {
        let kept: Vec<_> = ["A", "B", "C", "D"].into_iter().map(cand).collect();
        let plan = plan_discovered(&kept, ["F004-x"], &Config::default()).unwrap();
        let ids: Vec<_> = plan.features.iter().map(|f| f.id.as_str()).collect();
        assert_eq!(ids, ["F005-a", "F006-b", "F007-c"]);
        assert_eq!(plan.capped, [cand("D")]);
        assert!(plan
            .features
            .iter()
            .all(|f| f.status == FeatureStatus::NotStarted && !f.enrich));
        let two = plan_discovered(&kept, [], &cfg(json!({"max_discovered_features": 1}))).unwrap();
        assert_eq!((two.features.len(), two.capped.len()), (1, 3));
    }

    #[test]
    fn enriched_discovered_features_are_drafts_unless_auto_approved() {
        let kept = [cand("A")];
        let draft = cfg(json!({"enrich_discovered_features": true}));
        let p = plan_discovered(&kept, [], &draft).unwrap();
        assert_eq!(
            (p.features[0].status, p.features[0].enrich),
            (FeatureStatus::Draft, true)
        );
        let auto = cfg(json!({"enrich_discovered_features": true, "enrich_auto_approve": true}));
        let p = plan_discovered(&kept, [], &auto).unwrap();
        assert_eq!(p.features[0].status, FeatureStatus::NotStarted);
        let only_auto = cfg(json!({"enrich_auto_approve": true}));
        let p = plan_discovered(&kept, [], &only_auto).unwrap();
        assert_eq!(
            (p.features[0].status, p.features[0].enrich),
            (FeatureStatus::NotStarted, false)
        );
    }
}
