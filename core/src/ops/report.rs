//! The `report` area's op table: JSON adapters over the typed API of this module.

use serde_json::{json, Map, Value};

use super::{Args, OpInfo};
use crate::error::{ErrorKind, Result};
use crate::protocol::candidate::Candidate;
use crate::protocol::codec::gostruct::input_required as req;
use crate::protocol::config::encode;
use crate::protocol::feature::Feature;

use crate::report::discover::DiscoveredFeature;
use crate::report::similarity::{Similarity, DEFAULT_THRESHOLD};
use crate::report::{candidates, discover, issues, similarity};

type In = Map<String, Value>;

const K_INPUT: &[ErrorKind] = &[ErrorKind::InvalidInput];

/// The ops of this area, one line each.
#[rustfmt::skip]
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("report.parse_issues", "The verdict and [CRITICAL]/[WARNING] issue titles of a review report.", &["report: str"], &["-> ReportIssues"], K_INPUT, report_parse_issues),
    OpInfo::new("discover.parse", "The [NEW-FEATURE] blocks of a report as {title, description}.", &["report: str"], &["features: [ReportFeature]"], K_INPUT, discover_parse),
    OpInfo::new("discover.dedupe", "Discovered features without those similar to an existing feature or an earlier kept one.", &["candidates: [ReportFeature]", "existing: [Feature]", "cjk?: bool = false"], &["features: [DiscoveredFeature]"], K_INPUT, discover_dedupe),
    OpInfo::new("similarity.is_similar", "Whether two titles' word sets overlap by at least the threshold (Jaccard; cjk adds CJK bigrams).", &["a: str", "b: str", "threshold?: float = 0.6", "cjk?: bool = false"], &["similar: bool"], K_INPUT, similarity_is_similar),
    OpInfo::new("candidates.dedupe", "Candidates without those similar to existing features, existing candidates or earlier kept ones.", &["candidates: [Candidate]", "existing_features: [Feature]", "existing_candidates: [Candidate]", "cjk?: bool = false"], &["candidates: [Candidate]"], K_INPUT, candidates_dedupe),
];

fn cjk(m: &In) -> Result<bool> {
    Ok(Args::new(m).opt_bool("cjk")?.unwrap_or(false))
}

fn report_parse_issues(m: &In) -> Result<Value> {
    let r = issues::parse_report_issues(Args::new(m).str("report")?);
    Ok(json!({ "passed": r.passed, "issues": r.issues }))
}

fn discover_parse(m: &In) -> Result<Value> {
    let features = discover::parse_discovered(Args::new(m).str("report")?);
    Ok(json!({ "features": encode(&features)? }))
}

fn discover_dedupe(m: &In) -> Result<Value> {
    let cands: Vec<DiscoveredFeature> = req(m, "candidates")?;
    let existing: Vec<Feature> = req(m, "existing")?;
    let kept = discover::dedupe_discovered(&cands, &existing, cjk(m)?);
    Ok(json!({ "features": encode(&kept)? }))
}

fn similarity_is_similar(m: &In) -> Result<Value> {
    let a = Args::new(m);
    let threshold = match a.get("threshold") {
        None => DEFAULT_THRESHOLD,
        Some(v) => v
            .as_f64()
            .ok_or_else(|| a.invalid_err("threshold", "a number", v))?,
    };
    let how = Similarity {
        threshold,
        cjk: cjk(m)?,
    };
    Ok(json!({ "similar": similarity::is_similar(a.str("a")?, a.str("b")?, how) }))
}

fn candidates_dedupe(m: &In) -> Result<Value> {
    let cands: Vec<Candidate> = req(m, "candidates")?;
    let features: Vec<Feature> = req(m, "existing_features")?;
    let existing: Vec<Candidate> = req(m, "existing_candidates")?;
    let kept = candidates::dedupe_candidates(&cands, &features, &existing, cjk(m)?);
    Ok(json!({ "candidates": encode(&kept)? }))
}
