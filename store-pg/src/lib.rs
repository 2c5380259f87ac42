//! fourx's stores on PostgreSQL: the blueprint [`Store`](fourx_core::store::cas::Store)
//! ([`PgBlueprintStore`]) and the workspace [`RunStore`](fourx_core::workspace::run_store::RunStore)
//! ([`PgRunStore`]) — one shared state for harnesses on many machines.
//!
//! A backend crate: the core defines the traits and stays free of any database dependency; this
//! crate implements them with the `postgres` client (sync API; TLS with the optional `tls`
//! feature, which honours the URL's `sslmode` and verifies the server against the system roots
//! plus the config's `ca_file`; without it `sslmode=require` is refused). Selected by the config
//! `{"kind": "postgres", "url": "postgresql://…", "schema": "fourx"}` ([`PgConfig`]). The schema
//! is created and migrated by fourx when a backend opens ([`migrate`]). Every failure of the
//! server or the network is `io_error` with a message that never contains the URL or the
//! password; a failed call is not retried (its outcome is the caller's to re-read) and the next
//! call reconnects.
//!
//! ```no_run
//! use fourx_store_pg::{PgBackend, PgConfig};
//! use fourx_core::store::cas::{Store, Version};
//!
//! let config = PgConfig::from_json(&serde_json::json!({
//!     "kind": "postgres", "url": "postgresql://fourx@127.0.0.1:5432/fourx", "schema": "fourx"
//! }))?;
//! let backend = PgBackend::open(&config)?;
//! let store = backend.blueprint("my-project")?;
//! let (bytes, version) = store.read().map_err(|e| fourx_core::error::Error::io("read", &e))?;
//! assert!(bytes.is_none() == (version == Version::Absent));
//! # Ok::<(), fourx_core::error::Error>(())
//! ```

mod blueprint;
mod config;
mod conn;
pub mod migrate;
pub mod registry;
mod run;

pub use blueprint::PgBlueprintStore;
pub use config::{
    Deadlines, PgConfig, DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_LOCK_TIMEOUT_MS, DEFAULT_POOL_SIZE,
    DEFAULT_SCHEMA, DEFAULT_STATEMENT_TIMEOUT_MS, DEFAULT_WORKSPACE, KIND, MAX_TIMEOUT_MS,
};
pub use conn::{check_schema, scrub, CONNECT_TIMEOUT};
pub use registry::{register, PgStoreBackend};
pub use run::{PgRunStore, EVENTS_READ_LIMIT, SCAN_PAGE_BYTES, SCAN_PAGE_LINES};

use std::sync::Arc;

use fourx_core::error::{Error, ErrorKind, Result};
use fourx_core::protocol::projectid;

use conn::Conn;

/// An open PostgreSQL backend: its connection pool and schema, migrated. Cheap to share
/// (`Arc`); every store made from it uses the same pool.
#[derive(Debug)]
pub struct PgBackend {
    conn: Conn,
    schema: String,
    workspace: String,
}

impl PgBackend {
    /// Connects, creates the schema when missing and applies pending migrations. A malformed URL
    /// or schema is `invalid_config`; an unreachable server or a refused login is `io_error` —
    /// here, at open, not at the first write.
    pub fn open(config: &PgConfig) -> Result<Arc<PgBackend>> {
        let conn = Conn::parse(
            config.url(),
            config.pool_size,
            config.ca_file.as_deref(),
            config.deadlines,
        )?;
        let schema = check_schema(&config.schema)?.to_string();
        conn.open()?;
        let opening_lock = config.deadlines.statement.as_millis();
        conn.with("migrate", |db| {
            let mut tx = db.transaction()?;
            // Openers of a fresh database queue on the migration lock, each for the length of
            // one migration: that wait is bounded by the statement deadline, not the (shorter)
            // lock deadline meant for row locks.
            tx.batch_execute(&format!("SET LOCAL lock_timeout = {opening_lock}"))?;
            migrate::migrate(&mut tx, &schema)?;
            tx.commit()
        })?;
        Ok(Arc::new(PgBackend {
            conn,
            schema,
            workspace: config.workspace.clone(),
        }))
    }

    /// The deadlines every call of this backend runs under.
    pub fn deadlines(&self) -> Deadlines {
        self.conn.deadlines()
    }

    /// The quoted schema, for SQL.
    fn s(&self) -> String {
        format!("\"{}\"", self.schema)
    }

    /// The blueprint store of `project_id` (checked like the filesystem store's directory name:
    /// `invalid_project_id`).
    pub fn blueprint(self: &Arc<Self>, project_id: &str) -> Result<PgBlueprintStore> {
        if !projectid::is_valid(project_id) {
            return Err(Error::new(
                ErrorKind::InvalidProjectId,
                format!("project id {project_id:?} must match ^[a-z0-9][a-z0-9-]{{0,63}}$"),
            )
            .with_field("project_id"));
        }
        Ok(PgBlueprintStore::new(Arc::clone(self), project_id))
    }

    /// The run-state store of the configured workspace name.
    pub fn run_store(self: &Arc<Self>) -> PgRunStore {
        PgRunStore::new(Arc::clone(self), &self.workspace.clone())
    }

    /// The migration versions recorded in the database, ascending.
    pub fn migrations(&self) -> Result<Vec<i32>> {
        let sql = format!(
            "SELECT version FROM {}.fourx_migrations ORDER BY version",
            self.s()
        );
        self.conn.with("list migrations", |c| {
            Ok(c.query(&sql, &[])?.iter().map(|r| r.get(0)).collect())
        })
    }
}
