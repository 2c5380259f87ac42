//! Store backends outside the core, selected by the `kind` of a `store` config: the
//! [`StoreBackend`] trait a backend crate implements and the process-wide table the bindings'
//! shells fill ([`register_backend`]) — how `{"kind": "postgres", "url": …, "schema": …}`
//! reaches the PostgreSQL crate without the core depending on it.
//!
//! Decides only the lookup: `memory` and `fs` are the core's own kinds and cannot be replaced;
//! any other kind is looked up here, and an unregistered kind is `invalid_input` naming the
//! kinds there are. What a backend does with its config (connect, migrate, cache) is its own.
//!
//! ```
//! use std::sync::Arc;
//! use fourx_core::ops::store_backends::{backend, kinds, register_backend, StoreBackend};
//! use fourx_core::store::cas::{MemoryStore, Store};
//! use fourx_core::error::{Error, Result};
//! use fourx_core::workspace::run_store::RunStore;
//! use serde_json::{Map, Value};
//!
//! struct Shared(Arc<MemoryStore>);
//! impl StoreBackend for Shared {
//!     fn blueprint_store(&self, _: &Map<String, Value>, _: &str) -> Result<Arc<dyn Store + Send + Sync>> {
//!         Ok(self.0.clone())
//!     }
//!     fn run_store(&self, _: &Map<String, Value>) -> Result<Arc<dyn RunStore>> {
//!         Err(Error::invalid_input("no run state here"))
//!     }
//! }
//! register_backend("shared-memory", Arc::new(Shared(Arc::new(MemoryStore::default()))))?;
//! assert!(kinds().contains(&"shared-memory".to_string()));
//! assert!(backend("shared-memory").is_some());
//! # Ok::<(), Error>(())
//! ```

use std::collections::BTreeMap;
use std::sync::{Arc, RwLock};

use serde_json::{Map, Value};

use crate::error::{Error, Result};
use crate::store::cas::Store;
use crate::workspace::run_store::RunStore;

/// The kinds the core implements itself; a backend may not take their names.
pub const BUILTIN_KINDS: &[&str] = &["memory", "fs"];

/// A store backend: makes the blueprint store of a project and the run-state store of a
/// workspace from the `store` config object (the whole object, `kind` included).
pub trait StoreBackend: Send + Sync {
    /// The blueprint store of `project_id`.
    fn blueprint_store(
        &self,
        config: &Map<String, Value>,
        project_id: &str,
    ) -> Result<Arc<dyn Store + Send + Sync>>;
    /// The run-state store the config names.
    fn run_store(&self, config: &Map<String, Value>) -> Result<Arc<dyn RunStore>>;
}

type Table = BTreeMap<String, Arc<dyn StoreBackend>>;

static BACKENDS: RwLock<Table> = RwLock::new(BTreeMap::new());

/// Registers `backend` under `kind` (replacing an earlier registration of that kind). A
/// built-in kind or an empty name is `invalid_input`.
pub fn register_backend(kind: &str, backend: Arc<dyn StoreBackend>) -> Result<()> {
    if kind.is_empty() || BUILTIN_KINDS.contains(&kind) {
        return Err(Error::invalid_input(format!(
            "store kind {kind:?} cannot be registered (built in: memory, fs)"
        )));
    }
    let mut t = BACKENDS.write().unwrap_or_else(|p| p.into_inner());
    t.insert(kind.to_string(), backend);
    Ok(())
}

/// The backend registered under `kind`.
pub fn backend(kind: &str) -> Option<Arc<dyn StoreBackend>> {
    let t = BACKENDS.read().unwrap_or_else(|p| p.into_inner());
    t.get(kind).cloned()
}

/// Every registered kind, sorted.
pub fn kinds() -> Vec<String> {
    let t = BACKENDS.read().unwrap_or_else(|p| p.into_inner());
    t.keys().cloned().collect()
}

/// The registered backend a `store` config selects, or `None` for a built-in kind (absent
/// `kind` = memory). An unknown kind is `invalid_input` listing the kinds there are.
pub fn external(store: &Map<String, Value>) -> Result<Option<Arc<dyn StoreBackend>>> {
    let kind = match store.get("kind") {
        None => return Ok(None),
        Some(Value::String(k)) => k.as_str(),
        Some(_) => {
            return Err(Error::invalid_input("store `kind` must be a string").with_field("store"))
        }
    };
    if BUILTIN_KINDS.contains(&kind) {
        return Ok(None);
    }
    match backend(kind) {
        Some(b) => Ok(Some(b)),
        None => {
            let mut all: Vec<String> = BUILTIN_KINDS.iter().map(|k| k.to_string()).collect();
            all.extend(kinds());
            Err(Error::invalid_input(format!(
                "store kind {kind:?} is unknown; the kinds are {}",
                all.join(", ")
            ))
            .with_field("store"))
        }
    }
}
