//! The backend the bindings register under `"postgres"`: a [`StoreBackend`] that opens a
//! [`PgBackend`] from a store config `{"kind": "postgres", "url", "schema"?, "workspace"?,
//! "pool_size"?, "ca_file"?, "connect_timeout_ms"?, "statement_timeout_ms"?, "lock_timeout_ms"?}`.
//!
//! Decides the reuse of connections: one opened [`PgBackend`] per distinct config, kept for the
//! life of the process, so a call is not a connect plus a migration. The table's lock is held
//! only to look up or insert — never while connecting — so a server that never answers costs the
//! calls on its own config their deadline and no other call anything.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use fourx_core::error::Result;
use fourx_core::ops::store_backends::{register_backend, StoreBackend};
use fourx_core::store::cas::Store;
use fourx_core::workspace::run_store::RunStore;
use serde_json::{Map, Value};

use crate::{PgBackend, PgConfig, KIND};

/// The registered backend: opened backends by config.
#[derive(Default)]
pub struct PgStoreBackend {
    open: Mutex<HashMap<PgConfig, Arc<PgBackend>>>,
}

impl PgStoreBackend {
    /// The opened backend of `config`, opening (and migrating) it on first use. Two first uses
    /// of one config at once each open (each within its own deadline); the first to finish is
    /// kept and both calls use it.
    pub fn backend(&self, config: &Map<String, Value>) -> Result<Arc<PgBackend>> {
        let c = PgConfig::from_json(&Value::Object(config.clone()))?;
        if let Some(b) = self.lookup(&c) {
            return Ok(b);
        }
        // Opening talks to the server: done with the table unlocked.
        let opened = PgBackend::open(&c)?;
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        Ok(Arc::clone(open.entry(c).or_insert(opened)))
    }

    fn lookup(&self, c: &PgConfig) -> Option<Arc<PgBackend>> {
        let open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        open.get(c).cloned()
    }
}

impl StoreBackend for PgStoreBackend {
    fn blueprint_store(
        &self,
        config: &Map<String, Value>,
        project_id: &str,
    ) -> Result<Arc<dyn Store + Send + Sync>> {
        Ok(Arc::new(self.backend(config)?.blueprint(project_id)?))
    }

    fn run_store(&self, config: &Map<String, Value>) -> Result<Arc<dyn RunStore>> {
        Ok(Arc::new(self.backend(config)?.run_store()))
    }
}

/// Registers the PostgreSQL backend under `"postgres"` (once per process; later calls do
/// nothing). The bindings call it when they load.
pub fn register() {
    static DONE: OnceLock<()> = OnceLock::new();
    DONE.get_or_init(|| {
        // The kind is not built in, so registering cannot fail.
        let _ = register_backend(KIND, Arc::new(PgStoreBackend::default()));
    });
}
