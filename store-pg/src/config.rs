//! The store config of the PostgreSQL backend, `{"kind": "postgres", "url": "postgresql://…",
//! "schema": "fourx", "workspace"?: "…", "pool_size"?: n, "connect_timeout_ms"?: n,
//! "statement_timeout_ms"?: n, "lock_timeout_ms"?: n}`, parsed and checked.
//!
//! Decides the keys and defaults, the per-call deadlines among them ([`Deadlines`]); the URL is
//! held privately and never printed (`Debug` shows `url: "***"`).

use std::time::Duration;

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
/// How long opening one connection may take when the config does not say
/// (`connect_timeout_ms`): the TCP connect, TLS, the startup and authentication exchange and the
/// session settings, all of it.
pub const DEFAULT_CONNECT_TIMEOUT_MS: u64 = 10_000;
/// How long one statement may run, and how long a call waits for the server's answer to it (or
/// for a free pooled connection), when the config does not say (`statement_timeout_ms`).
pub const DEFAULT_STATEMENT_TIMEOUT_MS: u64 = 30_000;
/// How long one statement may wait for a row or table lock when the config does not say
/// (`lock_timeout_ms`).
pub const DEFAULT_LOCK_TIMEOUT_MS: u64 = 5_000;
/// The longest deadline a config may ask for (one hour): a deadline is a bound, not a wish.
pub const MAX_TIMEOUT_MS: u64 = 3_600_000;

/// The deadlines every PostgreSQL call of a backend runs under. None can be switched off: a
/// server that accepts and never answers costs a call at most its deadline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Deadlines {
    /// Opening a connection, start to finish (client side).
    pub connect: Duration,
    /// One statement: the server cancels it (`statement_timeout`) and the client stops waiting
    /// for its answer (the connection is then dropped); also the longest wait for a free pooled
    /// connection.
    pub statement: Duration,
    /// One lock wait inside a statement (`lock_timeout`, server side).
    pub lock: Duration,
}

impl Deadlines {
    /// How long a session may sit idle inside an open transaction before the server ends it
    /// (`idle_in_transaction_session_timeout`): half the lock deadline, so that a paused holder's
    /// row locks are gone before another claimant's lock wait runs out.
    pub fn idle_in_transaction(&self) -> Duration {
        (self.lock / 2).max(Duration::from_millis(1))
    }
}

impl Default for Deadlines {
    fn default() -> Deadlines {
        Deadlines {
            connect: Duration::from_millis(DEFAULT_CONNECT_TIMEOUT_MS),
            statement: Duration::from_millis(DEFAULT_STATEMENT_TIMEOUT_MS),
            lock: Duration::from_millis(DEFAULT_LOCK_TIMEOUT_MS),
        }
    }
}

/// A checked PostgreSQL store config.
#[derive(Clone, PartialEq, Eq, Hash)]
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
    /// The per-call deadlines (`connect_timeout_ms`, `statement_timeout_ms`,
    /// `lock_timeout_ms`).
    pub deadlines: Deadlines,
}

impl std::fmt::Debug for PgConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgConfig")
            .field("url", &"***")
            .field("schema", &self.schema)
            .field("workspace", &self.workspace)
            .field("pool_size", &self.pool_size)
            .field("ca_file", &self.ca_file)
            .field("deadlines", &self.deadlines)
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
            deadlines: Deadlines::default(),
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
        const KEYS: &[&str] = &[
            "kind",
            "url",
            "schema",
            "workspace",
            "pool_size",
            "ca_file",
            "connect_timeout_ms",
            "statement_timeout_ms",
            "lock_timeout_ms",
        ];
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
        let ms = |key: &str, default: Duration| -> Result<Duration> {
            match obj.get(key) {
                None => Ok(default),
                Some(v) => v
                    .as_u64()
                    .filter(|n| (1..=MAX_TIMEOUT_MS).contains(n))
                    .map(Duration::from_millis)
                    .ok_or_else(|| {
                        bad(
                            key,
                            format!("`{key}` must be a whole number of milliseconds, 1..={MAX_TIMEOUT_MS}"),
                        )
                    }),
            }
        };
        let d = Deadlines::default();
        c.deadlines = Deadlines {
            connect: ms("connect_timeout_ms", d.connect)?,
            statement: ms("statement_timeout_ms", d.statement)?,
            lock: ms("lock_timeout_ms", d.lock)?,
        };
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
        assert_eq!(c.deadlines, Deadlines::default());
    }

    #[test]
    fn every_deadline_is_configurable_and_none_can_be_switched_off() {
        let c = PgConfig::from_json(&json!({"kind": "postgres", "url": "postgresql://a@h/db",
            "connect_timeout_ms": 250, "statement_timeout_ms": 1000, "lock_timeout_ms": 40}))
        .unwrap();
        assert_eq!(
            c.deadlines,
            Deadlines {
                connect: Duration::from_millis(250),
                statement: Duration::from_secs(1),
                lock: Duration::from_millis(40),
            }
        );
        assert_eq!(c.deadlines.idle_in_transaction(), Duration::from_millis(20));
        for key in [
            "connect_timeout_ms",
            "statement_timeout_ms",
            "lock_timeout_ms",
        ] {
            for v in [
                json!(0),
                json!(-1),
                json!(1.5),
                json!("5s"),
                json!(MAX_TIMEOUT_MS + 1),
            ] {
                let mut cfg = json!({"kind": "postgres", "url": "postgresql://a@h/db"});
                cfg[key] = v.clone();
                let e = PgConfig::from_json(&cfg).unwrap_err();
                assert_eq!(
                    (e.kind, e.field.as_deref()),
                    (ErrorKind::InvalidConfig, Some(key)),
                    "{key} = {v}"
                );
            }
        }
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
