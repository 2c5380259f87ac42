//! `HeldStore`: one blueprint store bound once and used for many calls — what the C handle
//! `fourx_blueprint_store` (and any other binding's store object) wraps.
//!
//! Decides the store config's JSON form (the `store`, `home` and `repo_root` keys of
//! `blueprint.commit`), which ops run against a held store (`blueprint.commit`, `blueprint.gc`,
//! `blueprint.store.read`, `blueprint.render_index`, `blueprint.read_module`, each also by its short
//! name `commit`, `gc`, `read`, `render_index`, `read_module`) and that their inputs may not re-bind
//! the store. A memory store
//! keeps its content between calls and is shared by every caller of the same `HeldStore`, whose
//! writers take turns (they never defer against each other); the fs store re-runs the root guard
//! on every call and stays a compare-and-swap between writers. Threads and ownership are the
//! binding's.

use std::sync::Mutex;

use serde_json::{json, Map, Value};

use super::Args;
use crate::error::{Error, Result};
use crate::store::cas::{MemoryStore, Store};

use super::blueprint::{
    commit_json, external_store, file_view, fold_request, fs_store, gc_json, memory_store,
    nonce_arg, now_arg, op_commit, op_gc, read_module_over, render_index_counted, snapshot_arg,
};
use super::handle::{Handle, HandleOp};
use crate::blueprint::commit::commit;
use crate::blueprint::gc::gc;
use crate::blueprint::tokens::TokenCounter;

/// The config keys that bind the store; an op input may not carry them.
pub const BINDING_KEYS: &[&str] = &["store", "home", "repo_root"];

/// The ops a held store runs: full name, short alias, one-line doc.
pub const OPS: &[HandleOp] = &[
    HandleOp { name: "blueprint.commit", alias: Some("commit"), doc: "blueprint.commit against the held store: input minus store/home/repo_root; output {result, written, attempts}" },
    HandleOp { name: "blueprint.gc", alias: Some("gc"), doc: "blueprint.gc against the held store: {snapshot, now, nonce}; output as blueprint.gc without `store`" },
    HandleOp { name: "blueprint.store.read", alias: Some("read"), doc: "the stored file: {} -> {content, exists, revisions} (content \"\" when absent, revision names sorted)" },
    HandleOp { name: "blueprint.render_index", alias: Some("render_index"), doc: "blueprint.render_index over the stored file: its input minus `doc`" },
    HandleOp { name: "blueprint.read_module", alias: Some("read_module"), doc: "blueprint.read_module over the stored file: its input minus `doc`" },
];

enum Backend {
    /// The store, and the lock that serializes this handle's writers: every writer of a held
    /// memory store is in this process, so they wait for each other instead of deferring.
    Memory(MemoryStore, Mutex<()>),
    /// The validated config (`store`, `home`, `repo_root`), merged into every op input.
    Fs(Map<String, Value>),
    /// A registered backend's kind (`super::store_backends`): the config (`store`,
    /// `project_id`, `repo_root`?), merged into every op input; the backend keeps its own
    /// connections between calls.
    External(Map<String, Value>),
}

/// A blueprint store bound from its config JSON. `Send + Sync`: calls from several threads are
/// safe and see each other's writes. Memory store: `commit` and `gc` of one `HeldStore` run one
/// at a time, so they are never `fold_conflict` against each other (a staged `interleave` writer
/// still is); fs store: the compare-and-swap orders writers, and a lost race is the
/// `fold_conflict` deferral.
pub struct HeldStore {
    backend: Backend,
}

impl std::fmt::Debug for HeldStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self.backend {
            Backend::Memory(..) => "memory",
            Backend::Fs(_) => "fs",
            Backend::External(_) => "external",
        };
        f.debug_struct("HeldStore").field("kind", &kind).finish()
    }
}

impl HeldStore {
    /// Binds the store of `config`: `{"store": {...}, "home"?, "repo_root"?}` with `store` in the
    /// form of the blueprint spec (memory: `{kind?: "memory", content?, revisions?, ...}`; fs:
    /// `{"kind": "fs", "dir"}` plus `home` and `repo_root`). The fs form runs the root guard
    /// now, so a refused root fails here with its own kind; other keys are `invalid_input`.
    pub fn new(config: &Map<String, Value>) -> Result<HeldStore> {
        let a = Args::new(config);
        if let Some(store) = a.opt_obj("store")? {
            if super::store_backends::external(store)?.is_some() {
                return HeldStore::external(config);
            }
        }
        if let Some(k) = config.keys().find(|k| !BINDING_KEYS.contains(&k.as_str())) {
            return Err(Error::invalid_input(format!(
                "unknown store config key {k:?}; the keys are store, home and repo_root"
            ))
            .with_field(k.as_str()));
        }
        if let Some(store) = memory_store(&a)? {
            return Ok(HeldStore {
                backend: Backend::Memory(store, Mutex::new(())),
            });
        }
        with_fs(config, |_| Ok(Value::Null))?;
        Ok(HeldStore {
            backend: Backend::Fs(config.clone()),
        })
    }

    /// A registered backend's store: config `{"store": {"kind": <registered>, ...},
    /// "project_id", "repo_root"?}`. Opens the store now, so a bad or unreachable backend
    /// config fails here.
    fn external(config: &Map<String, Value>) -> Result<HeldStore> {
        const KEYS: &[&str] = &["store", "project_id", "repo_root"];
        if let Some(k) = config.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return Err(Error::invalid_input(format!(
                "unknown store config key {k:?}; a {} store takes store, project_id and repo_root",
                "registered-backend"
            ))
            .with_field(k.as_str()));
        }
        let a = Args::new(config);
        let pid = a.str("project_id")?;
        external_store(&a, pid)?;
        Ok(HeldStore {
            backend: Backend::External(config.clone()),
        })
    }

    /// Whether the store is the in-memory kind.
    pub fn is_memory(&self) -> bool {
        matches!(self.backend, Backend::Memory(..))
    }

    fn write_op(&self, op: &str, input: &Map<String, Value>) -> Result<Value> {
        match &self.backend {
            Backend::Memory(store, writers) => {
                let a = Args::new(input);
                let snapshot = snapshot_arg(&a, "snapshot")?;
                if op == "blueprint.gc" {
                    let now = now_arg(&a, "now")?;
                    let nonce = nonce_arg(&a)?;
                    let _writer = writers.lock().unwrap_or_else(|p| p.into_inner());
                    return Ok(gc_json(&gc(store, &snapshot, now, &nonce)?));
                }
                let req = fold_request(&a)?;
                let nonce = nonce_arg(&a)?;
                let view = file_view(&a)?;
                let _writer = writers.lock().unwrap_or_else(|p| p.into_inner());
                Ok(commit_json(&commit(store, &req, &snapshot, &view, &nonce)?))
            }
            Backend::Fs(config) | Backend::External(config) => {
                let mut merged = input.clone();
                merged.extend(config.iter().map(|(k, v)| (k.clone(), v.clone())));
                if op == "blueprint.gc" {
                    op_gc(&merged)
                } else {
                    op_commit(&merged)
                }
            }
        }
    }

    /// The stored text (`""` when absent), whether the file exists, and the revision names.
    fn read(&self) -> Result<(String, bool, Vec<String>)> {
        match &self.backend {
            Backend::Memory(store, _) => read_store(store),
            Backend::Fs(config) => {
                let mut out = None;
                with_fs(config, |store| {
                    out = Some(read_store(store)?);
                    Ok(Value::Null)
                })?;
                out.ok_or_else(|| Error::invalid_input("the fs store could not be read"))
            }
            Backend::External(config) => {
                let a = Args::new(config);
                let (store, _) = external_store(&a, a.str("project_id")?)?.ok_or_else(|| {
                    Error::invalid_input("the store kind is no longer registered")
                })?;
                read_store(store.as_ref())
            }
        }
    }

    /// Runs `blueprint.render_index` (full name or `render_index`) over the stored file with the
    /// caller's token `counter` (the binding's function pointer or callable): the cap holds under
    /// it. Any other op is `invalid_input`; the input rules are [`Handle::call`]'s.
    ///
    /// ```
    /// use fourx_core::ops::blueprint_store::HeldStore;
    ///
    /// let store = HeldStore::new(serde_json::json!({"store": {}}).as_object().unwrap()).unwrap();
    /// let input = serde_json::json!({"snapshot": {"modules": ["a"]}, "max_tokens": 400});
    /// let bytes = |s: &str| s.len();
    /// let out = store.call_counted("render_index", input.as_object().unwrap(), &bytes).unwrap();
    /// assert!(out["text"].as_str().unwrap().len() <= 400);
    /// ```
    pub fn call_counted(
        &self,
        op: &str,
        input: &Map<String, Value>,
        counter: &dyn TokenCounter,
    ) -> Result<Value> {
        let found = super::handle::resolve(Self::KIND, Self::OPS, op)?;
        if found.name != "blueprint.render_index" {
            return Err(Error::invalid_input(format!(
                "store op {op:?} takes no token counter; only blueprint.render_index does"
            )));
        }
        if super::value_depth_of_map(input) > super::MAX_DEPTH {
            return Err(Error::invalid_input(format!(
                "input nests deeper than {} levels",
                super::MAX_DEPTH
            )));
        }
        check_unbound(input)?;
        self.doc_op(found.name, input, Some(counter))
    }

    fn doc_op(
        &self,
        op: &str,
        input: &Map<String, Value>,
        counter: Option<&dyn TokenCounter>,
    ) -> Result<Value> {
        if input.contains_key("doc") {
            return Err(Error::invalid_input(
                "`doc` is read from the held store; leave it out of the op input",
            )
            .with_field("doc"));
        }
        let (content, _, _) = self.read()?;
        let a = Args::new(input);
        if op == "blueprint.read_module" {
            read_module_over(&content, &a)
        } else {
            render_index_counted(&content, &a, counter)
        }
    }
}

impl Handle for HeldStore {
    const KIND: &'static str = "blueprint store";
    const OPS: &'static [HandleOp] = OPS;

    /// Runs `op` (a full name of [`OPS`]); an input carrying a key of [`BINDING_KEYS`] (or `doc`
    /// for the read ops) is `invalid_input`.
    fn run(&self, op: &'static str, input: &Map<String, Value>) -> Result<Value> {
        check_unbound(input)?;
        if let Backend::External(config) = &self.backend {
            // The document is the config's project; an input naming another is refused.
            if let Some(pid) = input.get("project_id") {
                if Some(pid) != config.get("project_id") {
                    return Err(Error::new(
                        crate::error::ErrorKind::ProjectMismatch,
                        "`project_id` differs from the one the store's config names",
                    )
                    .with_field("project_id"));
                }
            }
        }
        match op {
            "blueprint.commit" | "blueprint.gc" => self.write_op(op, input),
            "blueprint.store.read" => self.read().map(|(content, exists, revisions)| {
                json!({"content": content, "exists": exists, "revisions": revisions})
            }),
            _ => self.doc_op(op, input, None),
        }
    }
}

/// An op input may not re-bind a key of [`BINDING_KEYS`].
fn check_unbound(input: &Map<String, Value>) -> Result<()> {
    match BINDING_KEYS.iter().find(|k| input.contains_key(**k)) {
        Some(k) => Err(Error::invalid_input(format!(
            "`{k}` is fixed by the store's config; leave it out of the op input"
        ))
        .with_field(*k)),
        None => Ok(()),
    }
}

fn read_store(store: &dyn Store) -> Result<(String, bool, Vec<String>)> {
    let (bytes, _) = store
        .read()
        .map_err(|e| Error::io("reading the blueprint store", &e))?;
    let revisions = store
        .list_revisions()
        .map_err(|e| Error::io("listing the blueprint revisions", &e))?;
    let exists = bytes.is_some();
    let content = bytes
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .unwrap_or_default();
    Ok((content, exists, revisions))
}

/// Runs `f` against the fs store of `config` after the root guard (the ops' own path).
fn with_fs(
    config: &Map<String, Value>,
    f: impl FnOnce(&dyn Store) -> Result<Value>,
) -> Result<Value> {
    fs_store(&Args::new(config), |store, _| f(store))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;

    fn obj(v: Value) -> Map<String, Value> {
        match v {
            Value::Object(m) => m,
            _ => Map::new(),
        }
    }

    fn commit_input(claim: &str) -> Map<String, Value> {
        obj(json!({
            "project_id": "fourx-c56dab68f3ca",
            "items": [{"module": "a", "field": "purpose", "where": "", "claim": claim}],
            "snapshot": {"modules": ["a"]},
            "evidence": ["a"],
            "now": "2026-03-01T12:00:00Z",
            "nonce": "0a0b0c0d",
        }))
    }

    #[test]
    fn a_memory_store_keeps_what_commit_wrote_between_calls() {
        let held = HeldStore::new(&obj(json!({"store": {}}))).unwrap();
        assert!(held.is_memory());
        let out = held
            .call("commit", &commit_input("first claim here"))
            .unwrap();
        assert_eq!(out["written"], true, "{out}");
        let read = held.call("read", &Map::new()).unwrap();
        assert_eq!(read["exists"], true);
        assert!(read["content"]
            .as_str()
            .unwrap()
            .contains("first claim here"));
        let mut second = commit_input("second claim here");
        second.insert("nonce".into(), json!("0a0b0c0e"));
        held.call("commit", &second).unwrap();
        let read = held.call("read", &Map::new()).unwrap();
        assert_eq!(read["revisions"].as_array().map(Vec::len), Some(1));
    }

    #[test]
    fn read_ops_take_the_doc_from_the_store() {
        let held = HeldStore::new(&obj(json!({"store": {"kind": "memory"}}))).unwrap();
        held.call("commit", &commit_input("indexed claim here"))
            .unwrap();
        let index = held
            .call(
                "render_index",
                &obj(json!({"snapshot": {"modules": ["a"]}})),
            )
            .unwrap();
        assert!(index["text"].as_str().unwrap().contains("a"));
        let module = held
            .call(
                "read_module",
                &obj(json!({"snapshot": {"modules": ["a"]}, "module": "a"})),
            )
            .unwrap();
        assert_eq!(module["module"], "a");
        let err = held
            .call("render_index", &obj(json!({"doc": "", "snapshot": {}})))
            .unwrap_err();
        assert_eq!(err.field(), Some("doc"));
    }

    #[test]
    fn a_held_store_takes_full_op_names_and_the_short_names_as_aliases() {
        let held = HeldStore::new(&obj(json!({"store": {}}))).unwrap();
        let out = held
            .call("blueprint.commit", &commit_input("named claim here"))
            .unwrap();
        assert_eq!(out["written"], true, "{out}");
        let by_name = held.call("blueprint.store.read", &Map::new()).unwrap();
        assert_eq!(by_name, held.call("read", &Map::new()).unwrap());
        for op in OPS {
            assert!(op.name.starts_with("blueprint."), "{}", op.name);
            let catalogued = crate::ops::find(op.name).is_some();
            assert!(
                catalogued || op.name.starts_with("blueprint.store."),
                "{}",
                op.name
            );
        }
    }

    #[test]
    fn an_op_input_cannot_rebind_the_store() {
        let held = HeldStore::new(&obj(json!({"store": {}}))).unwrap();
        let mut input = commit_input("x claim text");
        input.insert("store".into(), json!({}));
        let err = held.call("commit", &input).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput);
        assert_eq!(err.field(), Some("store"));
    }

    #[test]
    fn unknown_ops_and_config_keys_are_refused() {
        let held = HeldStore::new(&obj(json!({"store": {}}))).unwrap();
        assert_eq!(
            held.call("blueprint.parse", &Map::new())
                .unwrap_err()
                .kind(),
            ErrorKind::UnknownOp
        );
        let err = HeldStore::new(&obj(json!({"store": {}, "dir": "/x"}))).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidInput);
        let err = HeldStore::new(&Map::new()).unwrap_err();
        assert_eq!(err.field(), Some("store"));
    }

    #[cfg(feature = "fs")]
    #[test]
    fn an_fs_store_runs_the_root_guard_when_bound() {
        let err = HeldStore::new(&obj(json!({
            "store": {"kind": "fs", "dir": "relative/dir"}, "home": "/h", "repo_root": "/r"
        })))
        .unwrap_err();
        assert_eq!(err.kind(), ErrorKind::InvalidPath);
    }
}
