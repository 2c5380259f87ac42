//! The op table of feature-id minting (`feature.next_id`, `discover.plan`): JSON adapters over
//! [`crate::features::ids`].

use serde_json::{json, Map, Value};

use super::{Args, OpInfo};
use crate::error::{ErrorKind as K, Result};
use crate::features::ids::{plan_discovered, IdFormat};
use crate::protocol::codec::gostruct::{input_or_zero, input_required};
use crate::protocol::config::{encode, Config};
use crate::report::discover::DiscoveredFeature;

/// The ops of this table, one line each.
#[rustfmt::skip]
pub(crate) static OPS: &[OpInfo] = &[
    OpInfo::new("feature.next_id", "The next feature number over the existing ids, its id (from the name, or a chosen slug) and display name, in the config's id format (default F + 3 digits).", &["ids?: [str] = []", "name?: str = \"\"", "slug?: str = \"\"", "config?: Config = {}"], &["-> NextId"], &[K::InvalidInput], next_id),
    OpInfo::new("discover.plan", "The features a run creates from de-duplicated [NEW-FEATURE] candidates: consecutive ids, at most max_discovered_features, status draft or not-started by the enrich settings; the rest capped.", &["candidates: [DiscoveredFeature]", "ids?: [str] = []", "config?: Config = {}"], &["-> DiscoveryPlan"], &[K::InvalidInput], plan),
];

fn ids(m: &Map<String, Value>) -> Result<Vec<String>> {
    input_or_zero(m, "ids")
}

fn next_id(m: &Map<String, Value>) -> Result<Value> {
    let a = Args::new(m);
    let cfg: Config = input_or_zero(m, "config")?;
    let idf = IdFormat::from_config(&cfg);
    let ids = ids(m)?;
    let number = idf.next_number(ids.iter().map(String::as_str))?;
    let name = a.opt_str("name")?.unwrap_or("");
    let id = match a.opt_str("slug")? {
        Some(slug) if !slug.is_empty() => idf.generate_id_from_slug(number, slug),
        _ => idf.generate_id(number, name),
    };
    Ok(json!({
        "number": number,
        "id": id,
        "name": idf.display_name(number, name),
        "prefix": idf.prefix(),
        "digits": idf.digits(),
    }))
}

fn plan(m: &Map<String, Value>) -> Result<Value> {
    let cands: Vec<DiscoveredFeature> = input_required(m, "candidates")?;
    let cfg: Config = input_or_zero(m, "config")?;
    let ids = ids(m)?;
    let p = plan_discovered(&cands, ids.iter().map(String::as_str), &cfg)?;
    Ok(json!({ "features": encode(&p.features)?, "capped": encode(&p.capped)? }))
}
