//! The PostgreSQL backend in the core's table of store backends
//! (`fourx_core::ops::store_backends`): [`register`] puts it under the kind `"postgres"`, so the
//! ops' `store` input, the blueprint store handles of C and Python, and every other place a store
//! is configured accept `{"kind": "postgres", "url", "schema"?, "workspace"?, "pool_size"?}`.
//!
//! Decides the reuse of connections: one opened [`PgBackend`] per distinct config, kept for the
//! life of the process, so a call is not a connect plus a migration.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use fourx_core::error::Result;
use fourx_core::ops::store_backends::{register_backend, StoreBackend};
use fourx_core::store::cas::Store;
use fourx_core::workspace::run_store::RunStore;
use serde_json::{Map, Value};

use crate::{PgBackend, PgConfig, KIND};

/// What identifies an opened backend: url, schema, workspace, pool size, TLS roots.
type Key = (String, String, String, usize, Option<String>);

/// The registered backend: opened backends by config.
#[derive(Default)]
pub struct PgStoreBackend {
    open: Mutex<HashMap<Key, Arc<PgBackend>>>,
}

impl PgStoreBackend {
    /// The opened backend of `config`, opening (and migrating) it on first use.
    pub fn backend(&self, config: &Map<String, Value>) -> Result<Arc<PgBackend>> {
        let c = PgConfig::from_json(&Value::Object(config.clone()))?;
        let key = (
            c.url().to_string(),
            c.schema.clone(),
            c.workspace.clone(),
            c.pool_size,
            c.ca_file.clone(),
        );
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(b) = open.get(&key) {
            return Ok(Arc::clone(b));
        }
        let b = PgBackend::open(&c)?;
        open.insert(key, Arc::clone(&b));
        Ok(b)
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
