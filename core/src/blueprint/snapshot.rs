//! The derived snapshot: modules (path, fingerprint, bytes) and import edges between them
//! (blueprint.md).
//!
//! Decides what a valid snapshot is and its normal form (modules by path, edges sorted, self-edges
//! and duplicates dropped) plus the lookups every other module needs. Producing one is the
//! scanner's job; publishing one is [`super::cell`]'s.

use std::collections::HashMap;

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::error::{Error, ErrorKind, Result};

use super::normalize::hex_prefix;

/// One derived module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModuleInfo {
    /// Repo-relative `/`-separated path; the root module is `.`.
    pub path: String,
    /// Opaque scanner fingerprint; `""` = unknown.
    pub fingerprint: String,
    /// Total source bytes.
    pub bytes: u64,
}

impl ModuleInfo {
    /// A module with an unknown fingerprint and zero bytes.
    pub fn bare(path: &str) -> ModuleInfo {
        ModuleInfo {
            path: path.to_string(),
            fingerprint: String::new(),
            bytes: 0,
        }
    }
}

/// An immutable, normalised snapshot.
#[derive(Debug, Clone, Default)]
pub struct Snapshot {
    modules: Vec<ModuleInfo>,
    index: HashMap<String, u32>,
    edges: Vec<(u32, u32)>,
    imports: Vec<Vec<u32>>,
    importers: Vec<Vec<u32>>,
    /// The module positions by rank (see [`Snapshot::rank`]), decided once per snapshot.
    rank: Vec<u32>,
    repo_token: String,
}

/// The positions `0..n` ordered by in + out degree descending, then position (= path) ascending:
/// a counting sort on the degree over one flat array, stable in position order, so
/// O(n + max degree).
fn rank_by_degree(imports: &[Vec<u32>], importers: &[Vec<u32>]) -> Vec<u32> {
    let degree: Vec<usize> = imports
        .iter()
        .zip(importers)
        .map(|(a, b)| a.len() + b.len())
        .collect();
    let max = degree.iter().copied().max().unwrap_or(0);
    // next[max - d]: where the next module of degree d goes.
    let mut next = vec![0usize; max + 1];
    for &d in &degree {
        next[max - d] += 1;
    }
    let mut acc = 0;
    for slot in &mut next {
        let c = *slot;
        *slot = acc;
        acc += c;
    }
    let mut order = vec![0u32; degree.len()];
    for (i, &d) in degree.iter().enumerate() {
        let slot = &mut next[max - d];
        if let Some(o) = order.get_mut(*slot) {
            *o = i as u32;
        }
        *slot += 1;
    }
    order
}

fn bad(msg: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidSnapshot, msg).with_field("snapshot")
}

/// Whether `p` is a valid module path of a snapshot.
pub fn is_valid_module_path(p: &str) -> bool {
    if p == "." {
        return true;
    }
    !p.is_empty()
        && !p.chars().any(char::is_control)
        && p.trim() == p
        && !p.starts_with('/')
        && p.split('/').all(|s| !s.is_empty() && s != "." && s != "..")
}

/// Whether `fp` is a valid fingerprint: `""` or 1–64 of `[0-9A-Za-z._:+=/-]`, never `-` alone.
pub fn is_valid_fingerprint(fp: &str) -> bool {
    fp.is_empty()
        || (fp.len() <= 64
            && fp != "-"
            && fp
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"._:+=/-".contains(&b)))
}

impl Snapshot {
    /// Builds a normalised snapshot; `invalid_snapshot` when a rule of is broken.
    pub fn new(
        mut modules: Vec<ModuleInfo>,
        edges: &[(String, String)],
        repo_token: &str,
    ) -> Result<Snapshot> {
        for m in &modules {
            if !is_valid_module_path(&m.path) {
                return Err(bad(format!(
                    "module path {:?} is not a clean repo-relative path",
                    m.path
                )));
            }
            if !is_valid_fingerprint(&m.fingerprint) {
                return Err(bad(format!(
                    "fingerprint {:?} of {:?} must be empty or 1-64 of [0-9A-Za-z._:+=/-], not \"-\"",
                    m.fingerprint, m.path
                )));
            }
        }
        modules.sort_by(|a, b| a.path.cmp(&b.path));
        if let Some(w) = modules.windows(2).find(|w| w[0].path == w[1].path) {
            return Err(bad(format!("module {:?} is listed twice", w[0].path)));
        }
        let index: HashMap<String, u32> = modules
            .iter()
            .enumerate()
            .map(|(i, m)| (m.path.clone(), i as u32))
            .collect();
        let mut pairs = Vec::with_capacity(edges.len());
        for (a, b) in edges {
            let (Some(&i), Some(&j)) = (index.get(a), index.get(b)) else {
                return Err(bad(format!(
                    "edge [{a:?}, {b:?}] joins a path that is not a module of the snapshot"
                )));
            };
            if i != j {
                pairs.push((i, j));
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        let mut imports = vec![Vec::new(); modules.len()];
        let mut importers = vec![Vec::new(); modules.len()];
        for &(i, j) in &pairs {
            imports[i as usize].push(j);
            importers[j as usize].push(i);
        }
        for list in &mut importers {
            list.sort_unstable();
        }
        let rank = rank_by_degree(&imports, &importers);
        Ok(Snapshot {
            modules,
            index,
            edges: pairs,
            imports,
            importers,
            rank,
            repo_token: repo_token.to_string(),
        })
    }

    /// Reads the JSON form `{"modules": [path | {path, fingerprint?, bytes?}], "edges": [[a, b]]}`;
    /// other keys are ignored except `repo_token` (kept for the snapshot cell).
    pub fn from_json(v: &Value) -> Result<Snapshot> {
        let obj = v
            .as_object()
            .ok_or_else(|| bad("snapshot must be an object {modules, edges}"))?;
        let mut modules = Vec::new();
        match obj.get("modules") {
            None | Some(Value::Null) => {}
            Some(Value::Array(list)) => {
                for m in list {
                    modules.push(module_from_json(m)?);
                }
            }
            Some(_) => return Err(bad("snapshot.modules must be an array")),
        }
        let mut edges = Vec::new();
        match obj.get("edges") {
            None | Some(Value::Null) => {}
            Some(Value::Array(list)) => {
                for e in list {
                    match e.as_array().map(Vec::as_slice) {
                        Some([Value::String(a), Value::String(b)]) => {
                            edges.push((a.clone(), b.clone()))
                        }
                        _ => return Err(bad("each snapshot edge must be [importer, imported]")),
                    }
                }
            }
            Some(_) => return Err(bad("snapshot.edges must be an array")),
        }
        let token = obj.get("repo_token").and_then(Value::as_str).unwrap_or("");
        Snapshot::new(modules, &edges, token)
    }

    /// The normalised JSON form (modules as objects in path order, edges sorted).
    pub fn to_json(&self) -> Value {
        json!({
            "modules": self.modules.iter().map(|m| json!({
                "path": m.path, "fingerprint": m.fingerprint, "bytes": m.bytes
            })).collect::<Vec<_>>(),
            "edges": self.edges.iter().map(|&(i, j)| json!([
                self.path(i as usize), self.path(j as usize)
            ])).collect::<Vec<_>>(),
        })
    }

    /// The modules in path order.
    pub fn modules(&self) -> &[ModuleInfo] {
        &self.modules
    }

    /// The path of module `i`.
    pub fn path(&self, i: usize) -> &str {
        self.modules.get(i).map_or("", |m| m.path.as_str())
    }

    /// The edges as sorted `(importer, imported)` module positions.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The position of module `path`.
    pub fn position(&self, path: &str) -> Option<usize> {
        self.index.get(path).map(|&i| i as usize)
    }

    /// The module `path`, if derived.
    pub fn get(&self, path: &str) -> Option<&ModuleInfo> {
        self.position(path).and_then(|i| self.modules.get(i))
    }

    /// Whether `path` is a derived module.
    pub fn contains(&self, path: &str) -> bool {
        self.index.contains_key(path)
    }

    /// Positions of the modules that module `i` imports, in path order.
    pub fn imports_of(&self, i: usize) -> &[u32] {
        self.imports.get(i).map_or(&[], Vec::as_slice)
    }

    /// Positions of the modules importing module `i`, in path order.
    pub fn importers_of(&self, i: usize) -> &[u32] {
        self.importers.get(i).map_or(&[], Vec::as_slice)
    }

    /// The module positions in index rank order: in + out degree descending, then path
    /// ascending. The snapshot is immutable, so the order is decided once, when it is built, and
    /// every render of the index reads it instead of ranking all modules again.
    pub fn rank(&self) -> &[u32] {
        &self.rank
    }

    /// The longest proper `/`-prefix of `path` that is a derived module other than `.`.
    pub fn owner_of(&self, path: &str) -> Option<&str> {
        let mut end = path.len();
        while let Some(cut) = path[..end].rfind('/') {
            let prefix = &path[..cut];
            if prefix != "." {
                if let Some(m) = self.get(prefix) {
                    return Some(m.path.as_str());
                }
            }
            end = cut;
        }
        None
    }

    /// The repo token this snapshot was scanned at (used only by the snapshot cell).
    pub fn repo_token(&self) -> &str {
        &self.repo_token
    }

    /// The same snapshot carrying `token`.
    #[must_use]
    pub fn with_repo_token(mut self, token: &str) -> Snapshot {
        self.repo_token = token.to_string();
        self
    }

    /// The content token: 16 hex of SHA-256 over modules and edges; equal snapshots get
    /// equal tokens.
    pub fn content_token(&self) -> String {
        let mut h = Sha256::new();
        for m in &self.modules {
            h.update(m.path.as_bytes());
            h.update([0]);
            h.update(m.fingerprint.as_bytes());
            h.update([0]);
            h.update(m.bytes.to_string().as_bytes());
            h.update([b'\n']);
        }
        for &(i, j) in &self.edges {
            h.update(self.path(i as usize).as_bytes());
            h.update([0]);
            h.update(self.path(j as usize).as_bytes());
            h.update([b'\n']);
        }
        hex_prefix(&h.finalize(), 16)
    }
}

fn module_from_json(m: &Value) -> Result<ModuleInfo> {
    match m {
        Value::String(p) => Ok(ModuleInfo::bare(p)),
        Value::Object(o) => {
            let path = o
                .get("path")
                .and_then(Value::as_str)
                .ok_or_else(|| bad("each snapshot module needs a string `path`"))?;
            let fingerprint = match o.get("fingerprint") {
                None | Some(Value::Null) => "",
                Some(Value::String(s)) => s.as_str(),
                Some(_) => return Err(bad(format!("fingerprint of {path:?} must be a string"))),
            };
            let bytes = match o.get("bytes") {
                None | Some(Value::Null) => 0,
                Some(v) => v.as_u64().ok_or_else(|| {
                    bad(format!("bytes of {path:?} must be a non-negative integer"))
                })?,
            };
            Ok(ModuleInfo {
                path: path.to_string(),
                fingerprint: fingerprint.to_string(),
                bytes,
            })
        }
        _ => Err(bad("each snapshot module is a path string or an object")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshot_is_normalised_and_edges_must_join_modules() {
        let s = Snapshot::from_json(&json!({
            "modules": ["b", {"path": "a", "fingerprint": "x1", "bytes": 3}],
            "edges": [["b", "a"], ["b", "a"], ["a", "a"]]
        }))
        .unwrap();
        assert_eq!(s.path(0), "a");
        assert_eq!(s.edges(), &[(1, 0)]);
        let e = Snapshot::from_json(&json!({"modules": ["a"], "edges": [["a", "z"]]})).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidSnapshot);
    }

    #[test]
    fn bad_paths_fingerprints_and_duplicates_are_invalid_snapshot() {
        for m in [
            json!(["./a"]),
            json!(["a/"]),
            json!(["/a"]),
            json!(["a/../b"]),
            json!([""]),
            json!(["a", "a"]),
            json!([{"path": "a", "fingerprint": "-"}]),
            json!([{"path": "a", "fingerprint": "x -->"}]),
            json!([{"path": "a", "bytes": -1}]),
        ] {
            let e = Snapshot::from_json(&json!({"modules": m})).unwrap_err();
            assert_eq!(e.kind, ErrorKind::InvalidSnapshot, "{m}");
        }
        assert!(Snapshot::from_json(&json!({"modules": ["."]})).is_ok());
    }

    #[test]
    fn owner_is_the_longest_proper_prefix_module_other_than_root() {
        let s = Snapshot::from_json(&json!({"modules": [".", "a", "a/b"]})).unwrap();
        assert_eq!(s.owner_of("a/b/c.go"), Some("a/b"));
        assert_eq!(s.owner_of("a/x.go"), Some("a"));
        assert_eq!(s.owner_of("x.go"), None);
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// The rank is every module once, by in + out degree descending, then path ascending:
        /// the counting sort equals a comparison sort on generated graphs.
        #[test]
        fn rank_orders_modules_by_degree_descending_then_path(
            n in 0usize..300,
            edges in proptest::collection::vec((0usize..300, 0usize..300), 0..900),
        ) {
            let modules: Vec<ModuleInfo> =
                (0..n).map(|i| ModuleInfo::bare(&format!("m/{i:03}"))).collect();
            let edges: Vec<(String, String)> = edges
                .into_iter()
                .filter(|&(a, b)| a < n && b < n)
                .map(|(a, b)| (format!("m/{a:03}"), format!("m/{b:03}")))
                .collect();
            let s = Snapshot::new(modules, &edges, "").unwrap();
            let degree = |i: usize| s.imports_of(i).len() + s.importers_of(i).len();
            let mut want: Vec<usize> = (0..n).collect();
            want.sort_by(|&a, &b| degree(b).cmp(&degree(a)).then(a.cmp(&b)));
            let got: Vec<usize> = s.rank().iter().map(|&i| i as usize).collect();
            proptest::prop_assert_eq!(got, want);
        }
    }
}
