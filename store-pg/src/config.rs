//! The store config of the PostgreSQL backend, `{"kind": "postgres", "url": "postgresql://…",
//! "schema": "fourx", "workspace"?: "…", "pool_size"?: n}`, parsed and checked.
//!
//! Decides the keys and defaults; the URL is held privately and never printed (`Debug` shows
//! `url: "***"`).

use fourx_core::error::{Error, ErrorKind, Result};
use serde_json::Value;

/// The `kind` that selects this backend.
pub const KIND: &str = "postgres";
/// The schema used when the config names none.
pub const DEFAULT_SCHEMA: &str = "fourx";
/// The run-state namespace used when the config names none (one database can hold the run state
/// of many workspaces, each under its own name).
pub const DEFAULT_WORKSPACE: &str = "default";
/// Connections per opened backend when the config does not say.
pub const DEFAULT_POOL_SIZE: usize = 4;
/// The most connections one backend opens.
pub const MAX_POOL_SIZE: usize = 64;

/// A checked PostgreSQL store config.
#[derive(Clone, PartialEq, Eq)]
pub struct PgConfig {
    url: String,
    /// The schema the tables live in.
    pub schema: String,
    /// The run-state namespace.
    pub workspace: String,
    /// Connections in the pool.
    pub pool_size: usize,
    /// A PEM file of certificate roots trusted for TLS besides the system's (`ca_file`; only in
    /// a build with the `tls` feature).
    pub ca_file: Option<String>,
}

impl std::fmt::Debug for PgConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgConfig")
            .field("url", &"***")
            .field("schema", &self.schema)
            .field("workspace", &self.workspace)
            .field("pool_size", &self.pool_size)
            .field("ca_file", &self.ca_file)
            .finish()
    }
}

fn bad(field: &str, message: String) -> Error {
    Error::new(ErrorKind::InvalidConfig, message).with_field(field)
}

impl PgConfig {
    /// A config for `url` with the default schema, workspace and pool size.
    pub fn new(url: &str) -> PgConfig {
        PgConfig {
            url: url.to_string(),
            schema: DEFAULT_SCHEMA.to_string(),
            workspace: DEFAULT_WORKSPACE.to_string(),
            pool_size: DEFAULT_POOL_SIZE,
            ca_file: None,
        }
    }

    /// The connection URL (a credential: never log it).
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Parses the JSON form. `kind` must be `"postgres"`, `url` a string; unknown keys and wrong
    /// types are `invalid_config` (messages never repeat the URL).
    pub fn from_json(v: &Value) -> Result<PgConfig> {
        let Some(obj) = v.as_object() else {
            return Err(bad(
                "store",
                "a postgres store config is a JSON object".into(),
            ));
        };
        const KEYS: &[&str] = &["kind", "url", "schema", "workspace", "pool_size", "ca_file"];
        if let Some(k) = obj.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(bad(
                k,
                format!(
                    "unknown postgres store key {k:?}; the keys are {}",
                    KEYS.join(", ")
                ),
            ));
        }
        if obj.get("kind").and_then(Value::as_str) != Some(KIND) {
            return Err(bad("kind", format!("the store kind must be {KIND:?}")));
        }
        let Some(url) = obj.get("url").and_then(Value::as_str) else {
            return Err(bad("url", "a postgres store needs `url` (a string)".into()));
        };
        let mut c = PgConfig::new(url);
        if let Some(s) = obj.get("schema") {
            let s = s
                .as_str()
                .ok_or_else(|| bad("schema", "`schema` must be a string".into()))?;
            c.schema = crate::conn::check_schema(s)?.to_string();
        }
        if let Some(w) = obj.get("workspace") {
            let w = w
                .as_str()
                .filter(|w| !w.is_empty() && w.len() <= 200)
                .ok_or_else(|| {
                    bad(
                        "workspace",
                        "`workspace` must be a string of 1-200 bytes".into(),
                    )
                })?;
            c.workspace = w.to_string();
        }
        if let Some(n) = obj.get("pool_size") {
            let n = n
                .as_u64()
                .filter(|n| (1..=MAX_POOL_SIZE as u64).contains(n))
                .ok_or_else(|| {
                    bad(
                        "pool_size",
                        format!("`pool_size` must be 1..={MAX_POOL_SIZE}"),
                    )
                })?;
            c.pool_size = n as usize;
        }
        if let Some(f) = obj.get("ca_file") {
            let f = f
                .as_str()
                .filter(|f| !f.is_empty())
                .ok_or_else(|| bad("ca_file", "`ca_file` must be the path of a PEM file".into()))?;
            if !cfg!(feature = "tls") {
                return Err(bad(
                    "ca_file",
                    "`ca_file` needs TLS, and this build has none (the `tls` feature of fourx-store-pg)"
                        .into(),
                ));
            }
            c.ca_file = Some(f.to_string());
        }
        Ok(c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_config_defaults_schema_workspace_and_pool() {
        let c = PgConfig::from_json(&json!({"kind": "postgres", "url": "postgresql://a@h/db"}))
            .unwrap();
        assert_eq!(
            (c.schema.as_str(), c.workspace.as_str(), c.pool_size),
            ("fourx", "default", 4)
        );
    }

    #[test]
    fn a_config_error_never_repeats_the_url() {
        let url = "postgresql://u:s3cret@h/db";
        for v in [
            json!({"kind": "postgres", "url": url, "extra": 1}),
            json!({"kind": "fs", "url": url}),
            json!({"kind": "postgres", "url": url, "schema": "Bad-Name"}),
            json!({"kind": "postgres", "url": url, "pool_size": 0}),
        ] {
            let e = PgConfig::from_json(&v).unwrap_err();
            assert_eq!(e.kind, ErrorKind::InvalidConfig);
            assert!(!e.message.contains("s3cret"), "{}", e.message);
        }
        let c = PgConfig::from_json(&json!({"kind": "postgres", "url": url})).unwrap();
        assert!(!format!("{c:?}").contains("s3cret"));
    }
}
