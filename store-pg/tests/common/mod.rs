//! Shared helpers of the PostgreSQL test binaries: the server URL (or a loud skip), a backend
//! in a schema of the test's own, feature ids and fold requests.
#![allow(dead_code)]

use std::sync::Arc;

use fourx_core::blueprint::{FoldRequest, GitFacts, Item};
use fourx_core::workspace::FeatureId;
use fourx_store_pg::{PgBackend, PgConfig};
use serde_json::json;

pub fn url() -> Option<String> {
    match std::env::var("FOURX_PG_URL") {
        Ok(u) if !u.is_empty() => Some(u),
        _ => {
            if std::env::var_os("FOURX_REQUIRE_PG").is_some() {
                panic!("FOURX_REQUIRE_PG is set but FOURX_PG_URL is not");
            }
            eprintln!("######## SKIPPED: FOURX_PG_URL is not set; the PostgreSQL backend was NOT tested (scripts/test.sh starts a server)");
            None
        }
    }
}

pub fn schema(name: &str) -> String {
    format!("t_{name}_{}", std::process::id())
}

pub fn open(url: &str, schema: &str, workspace: &str) -> Arc<PgBackend> {
    // A generous connect deadline: SCRAM in a debug build on a loaded test machine is slow.
    let c = PgConfig::from_json(&json!({"kind": "postgres", "url": url, "schema": schema,
                                         "workspace": workspace, "connect_timeout_ms": 60000}))
    .unwrap();
    PgBackend::open(&c).unwrap()
}

pub fn fid(s: &str) -> FeatureId {
    FeatureId::new(s).unwrap()
}

pub fn request(m: &str, claim: &str) -> FoldRequest {
    FoldRequest {
        project_id: "proj".into(),
        items: vec![Item::new(m, "purpose", "", claim)],
        evidence: vec![m.to_string()],
        now: "2026-03-01T12:00:00Z".parse().unwrap(),
        git: GitFacts {
            head: "9f1c2e3d4b5a69788776655443322110ffeeddcc".into(),
            branch: "main".into(),
            dirty: false,
        },
    }
}

/// Runs `sql` on a connection of its own (not through fourx): for tests that watch the
/// server's view (locks, sessions). Rows come back as text.
pub fn raw_query(url: &str, sql: &str) -> Vec<Vec<Option<String>>> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let (client, conn) = url
            .parse::<tokio_postgres::Config>()
            .unwrap()
            .connect(tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(conn);
        let msgs = client.simple_query(sql).await.unwrap();
        msgs.into_iter()
            .filter_map(|m| match m {
                tokio_postgres::SimpleQueryMessage::Row(r) => {
                    Some((0..r.len()).map(|i| r.get(i).map(str::to_string)).collect())
                }
                _ => None,
            })
            .collect()
    })
}

/// A store config object for `url` with extra keys.
pub fn config(
    url: &str,
    schema: &str,
    extra: serde_json::Value,
) -> serde_json::Map<String, serde_json::Value> {
    let mut m = json!({"kind": "postgres", "url": url, "schema": schema, "workspace": "w",
                       "connect_timeout_ms": 60000});
    if let (Some(o), Some(e)) = (m.as_object_mut(), extra.as_object()) {
        o.extend(e.clone());
    }
    m.as_object().cloned().unwrap()
}
