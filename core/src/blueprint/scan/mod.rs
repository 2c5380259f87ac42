//! The zero-LLM scanner (blueprint.md): per-language module and import rules over an
//! injected file listing and reader, producing a normalised [`Snapshot`].
//!
//! Decides which languages run (manifests at the root, [`detect`]), the module and edge rules of
//! each ([`go`], [`rust`], [`python`], [`typescript`]), how modules of several languages merge,
//! the fingerprints, sizes, the `oversize` files and the repo token. Listing the directory,
//! reading files and measuring the scan's duration are the caller's (the fs walk in
//! `crate::blueprint::fs`, feature `fs`).
//!
//! Files larger than `max_file_bytes` are never read: they count in `bytes`, contribute no
//! imports, enter the fingerprint as `path ‖ 0x00 ‖ "size:" ‖ decimal size ‖ 0x0A`, and are listed
//! in [`ScanOutput::oversize`]. A read error aborts the scan: a scan is never partial.

pub mod detect;
pub mod go;
mod lex;
pub mod python;
pub mod rust;
pub mod typescript;

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::error::{Error, ErrorKind, Result};

use super::normalize::hex_prefix;
use super::snapshot::{is_valid_module_path, ModuleInfo, Snapshot};

pub use detect::detect_languages;

/// Files whose presence marks their directory, with everything below it, as not the project's
/// source whatever the directory is called: `pyvenv.cfg` (a Python virtual environment, PEP 405)
/// and `CACHEDIR.TAG` (a cache directory, such as cargo's `target/`). The fs walk prunes these
/// directories too; the scanner applies the rule to any listing.
pub const FOREIGN_MARKERS: &[&str] = &["pyvenv.cfg", "CACHEDIR.TAG"];

/// Default largest source file the scanner reads (larger files count by size only).
pub const DEFAULT_MAX_FILE_BYTES: u64 = 1_048_576;

/// One file of the repository listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListedFile {
    /// Repo-relative, `/`-separated path.
    pub path: String,
    /// Size in bytes.
    pub size: u64,
}

impl ListedFile {
    /// A listed file.
    pub fn new(path: impl Into<String>, size: u64) -> ListedFile {
        ListedFile {
            path: path.into(),
            size,
        }
    }
}

/// Reads a listed file's content for the scanner.
pub trait SourceReader {
    /// The content of `path` (a path of the listing).
    fn read(&self, path: &str) -> Result<Vec<u8>>;
}

/// A reader over an in-memory map `path → content` (tests, hosts with their own storage).
#[derive(Debug, Default, Clone)]
pub struct MapReader {
    files: HashMap<String, Vec<u8>>,
}

impl MapReader {
    /// A reader over `(path, content)` pairs.
    pub fn new<P: Into<String>, C: Into<Vec<u8>>>(
        files: impl IntoIterator<Item = (P, C)>,
    ) -> MapReader {
        MapReader {
            files: files
                .into_iter()
                .map(|(p, c)| (p.into(), c.into()))
                .collect(),
        }
    }

    /// The listing of every file of the map, in path order.
    pub fn listing(&self) -> Vec<ListedFile> {
        let mut l: Vec<ListedFile> = self
            .files
            .iter()
            .map(|(p, c)| ListedFile::new(p.clone(), c.len() as u64))
            .collect();
        l.sort_by(|a, b| a.path.cmp(&b.path));
        l
    }
}

impl SourceReader for MapReader {
    fn read(&self, path: &str) -> Result<Vec<u8>> {
        self.files.get(path).cloned().ok_or_else(|| {
            Error::new(
                ErrorKind::IoError,
                format!("{path}: not in the scanned file set"),
            )
        })
    }
}

/// A zero-LLM scanner: listing + reader → snapshot, with no file-system access of its own.
pub trait Scanner {
    /// Derives the snapshot; files above `max_file_bytes` are not read.
    fn scan(
        &self,
        listing: &[ListedFile],
        reader: &dyn SourceReader,
        max_file_bytes: u64,
    ) -> Result<Snapshot>;
}

/// The scanner of this module: every language whose manifest is at the root (see [`scan`]).
#[derive(Debug, Default, Clone, Copy)]
pub struct RepoScanner;

impl Scanner for RepoScanner {
    fn scan(
        &self,
        listing: &[ListedFile],
        reader: &dyn SourceReader,
        max_file_bytes: u64,
    ) -> Result<Snapshot> {
        scan(listing, reader, max_file_bytes).map(|o| o.snapshot)
    }
}

crate::words::string_enum! {
    /// A language the scanner has rules for, in ascending name order (the order of `languages`
    /// in a scan result).
    pub enum Language("language", Error, unknown_language) {
        /// Go (`go.mod`).
        Go = "go",
        /// Python (`pyproject.toml`, `setup.py`).
        Python = "python",
        /// Rust (`Cargo.toml`).
        Rust = "rust",
        /// TypeScript and JavaScript (`package.json`, `tsconfig.json`).
        TypeScript = "typescript",
    }
}

/// A word outside [`Language`]: `invalid_input` listing the languages.
fn unknown_language(_what: &str, s: &str) -> Error {
    Error::invalid_input(format!(
        "unknown language {s:?}; the languages are {}",
        Language::WORDS.join(", ")
    ))
}

/// What one scan derived.
#[derive(Debug, Clone)]
pub struct ScanOutput {
    /// The normalised snapshot, carrying its content token as repo token.
    pub snapshot: Snapshot,
    /// The languages whose rules ran, ascending.
    pub languages: Vec<Language>,
    /// Source files of some module that were not read because they exceed `max_file_bytes`,
    /// in path order.
    pub oversize: Vec<String>,
}

impl ScanOutput {
    /// The JSON result of `blueprint.scan`: `{modules, edges, repo_token, languages, oversize}`.
    pub fn to_json(&self) -> Value {
        let mut v = self.snapshot.to_json();
        if let Value::Object(m) = &mut v {
            m.insert("repo_token".into(), json!(self.snapshot.repo_token()));
            m.insert(
                "languages".into(),
                json!(self
                    .languages
                    .iter()
                    .map(|l| l.as_str())
                    .collect::<Vec<_>>()),
            );
            m.insert("oversize".into(), json!(self.oversize));
        }
        v
    }
}

/// The files under scan and their contents, read at most once each.
pub struct Sources<'a> {
    listing: &'a [ListedFile],
    reader: &'a dyn SourceReader,
    max_file_bytes: u64,
    by_path: HashMap<&'a str, usize>,
    dirs: HashSet<&'a str>,
    foreign: HashSet<&'a str>,
    digests: Vec<Option<String>>,
}

impl<'a> Sources<'a> {
    /// Indexes `listing` (repo-relative `/`-separated paths).
    pub fn new(
        listing: &'a [ListedFile],
        reader: &'a dyn SourceReader,
        max_file_bytes: u64,
    ) -> Sources<'a> {
        let mut dirs = HashSet::new();
        let mut foreign = HashSet::new();
        dirs.insert(".");
        for f in listing {
            if FOREIGN_MARKERS.contains(&base_name(&f.path)) {
                foreign.insert(dir_of(&f.path));
            }
            let mut p = f.path.as_str();
            while let Some(cut) = p.rfind('/') {
                p = &p[..cut];
                if !dirs.insert(p) {
                    break;
                }
            }
        }
        Sources {
            listing,
            reader,
            max_file_bytes,
            by_path: listing
                .iter()
                .enumerate()
                .map(|(i, f)| (f.path.as_str(), i))
                .collect(),
            dirs,
            foreign,
            digests: vec![None; listing.len()],
        }
    }

    /// The listing.
    pub fn files(&self) -> &'a [ListedFile] {
        self.listing
    }

    /// The position of `path` in the listing.
    pub fn find(&self, path: &str) -> Option<usize> {
        self.by_path.get(path).copied()
    }

    /// Whether some listed file lies below directory `dir` (`.` is always a directory).
    pub fn is_dir(&self, dir: &str) -> bool {
        self.dirs.contains(dir)
    }

    /// Whether `path` lies in a directory whose evidence says it is not the project's source:
    /// one holding a [`FOREIGN_MARKERS`] file (a virtual environment, a cache), or below one.
    /// The root itself is never foreign.
    pub fn is_foreign(&self, path: &str) -> bool {
        !self.foreign.is_empty()
            && path
                .match_indices('/')
                .any(|(cut, _)| self.foreign.contains(&path[..cut]))
    }

    /// Whether file `i` is too large to read.
    pub fn is_oversize(&self, i: usize) -> bool {
        self.listing
            .get(i)
            .is_some_and(|f| f.size > self.max_file_bytes)
    }

    /// The text of file `i` (invalid UTF-8 replaced), `None` when it is oversize. Reading
    /// records the content digest for the fingerprint; a read error is the scan's error.
    pub fn text(&mut self, i: usize) -> Result<Option<String>> {
        let Some(f) = self.listing.get(i) else {
            return Ok(None);
        };
        if f.size > self.max_file_bytes {
            return Ok(None);
        }
        let bytes = self.reader.read(&f.path)?;
        if let Some(slot) = self.digests.get_mut(i) {
            *slot = Some(hex_prefix(&Sha256::digest(&bytes), 64));
        }
        Ok(Some(match String::from_utf8(bytes) {
            Ok(s) => s,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        }))
    }

    fn digest(&mut self, i: usize) -> Result<String> {
        if let Some(Some(d)) = self.digests.get(i) {
            return Ok(d.clone());
        }
        if self.is_oversize(i) {
            return Ok(format!(
                "size:{}",
                self.listing.get(i).map_or(0, |f| f.size)
            ));
        }
        self.text(i)?;
        Ok(self.digests.get(i).cloned().flatten().unwrap_or_default())
    }
}

/// What one language's rules derived: modules with their source files, and edges between them.
#[derive(Debug, Default, Clone)]
pub struct LangGraph {
    /// Module path → positions (in the listing) of its source files.
    pub modules: BTreeMap<String, BTreeSet<usize>>,
    /// `(importer, imported)` module paths; both are modules of this graph.
    pub edges: BTreeSet<(String, String)>,
}

impl LangGraph {
    /// Adds file `i` to module `module`.
    pub fn add_file(&mut self, module: &str, i: usize) {
        self.modules
            .entry(module.to_string())
            .or_default()
            .insert(i);
    }

    /// Adds an edge when both ends are modules and differ.
    pub fn add_edge(&mut self, from: &str, to: &str) {
        if from != to && self.modules.contains_key(from) && self.modules.contains_key(to) {
            self.edges.insert((from.to_string(), to.to_string()));
        }
    }

    /// Whether `path` is a module.
    pub fn has(&self, path: &str) -> bool {
        self.modules.contains_key(path)
    }
}

/// The directory of a repo-relative file path (`.` for a top-level file).
pub fn dir_of(path: &str) -> &str {
    path.rfind('/').map_or(".", |cut| &path[..cut])
}

/// The last segment of a path.
pub fn base_name(path: &str) -> &str {
    path.rfind('/').map_or(path, |cut| &path[cut + 1..])
}

/// `dir` joined with `rest` (`.` is the root: `join(".", "a") == "a"`).
pub fn join(dir: &str, rest: &str) -> String {
    match (dir, rest) {
        (".", r) => r.to_string(),
        (d, "") | (d, ".") => d.to_string(),
        (d, r) => format!("{d}/{r}"),
    }
}

/// Whether any directory segment of file path `path` satisfies `skip`.
pub fn in_skipped_dir(path: &str, skip: impl Fn(&str) -> bool) -> bool {
    let dir = dir_of(path);
    dir != "." && dir.split('/').any(skip)
}

/// Runs the rules of every detected language over the listing and merges their graphs: a
/// directory that is a module for two languages is one module over the union of their files;
/// fingerprints and `bytes` are computed over that union.
pub fn scan(
    listing: &[ListedFile],
    reader: &dyn SourceReader,
    max_file_bytes: u64,
) -> Result<ScanOutput> {
    if max_file_bytes == 0 {
        return Err(
            Error::invalid_input("`max_file_bytes` must be a positive integer")
                .with_field("max_file_bytes"),
        );
    }
    let languages = detect_languages(listing);
    let mut src = Sources::new(listing, reader, max_file_bytes);
    let mut modules: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
    let mut edges: BTreeSet<(String, String)> = BTreeSet::new();
    for lang in &languages {
        let g = match lang {
            Language::Go => go::rules(&mut src)?,
            Language::Python => python::rules(&mut src)?,
            Language::Rust => rust::rules(&mut src)?,
            Language::TypeScript => typescript::rules(&mut src)?,
        };
        for (m, files) in g.modules {
            modules.entry(m).or_default().extend(files);
        }
        edges.extend(g.edges);
    }
    // A directory whose name the snapshot cannot carry (control characters, stray spaces) is
    // not a module; its edges go with it.
    modules.retain(|m, _| is_valid_module_path(m));
    edges.retain(|(a, b)| modules.contains_key(a) && modules.contains_key(b));
    let mut infos = Vec::with_capacity(modules.len());
    let mut oversize = Vec::new();
    for (path, files) in &modules {
        let mut ordered: Vec<usize> = files.iter().copied().collect();
        ordered.sort_by(|&a, &b| listing[a].path.cmp(&listing[b].path));
        let mut h = Sha256::new();
        let mut bytes = 0u64;
        for i in ordered {
            let f = &listing[i];
            bytes = bytes.saturating_add(f.size);
            if src.is_oversize(i) {
                oversize.push(f.path.clone());
            }
            h.update(f.path.as_bytes());
            h.update([0]);
            h.update(src.digest(i)?.as_bytes());
            h.update([b'\n']);
        }
        infos.push(ModuleInfo {
            path: path.clone(),
            fingerprint: hex_prefix(&h.finalize(), 16),
            bytes,
        });
    }
    oversize.sort();
    oversize.dedup();
    let edges: Vec<(String, String)> = edges.into_iter().collect();
    let snapshot = Snapshot::new(infos, &edges, "")?;
    let token = snapshot.content_token();
    Ok(ScanOutput {
        snapshot: snapshot.with_repo_token(&token),
        languages,
        oversize,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn foreign_markers_are_the_virtual_environment_and_cache_tags() {
        assert_eq!(FOREIGN_MARKERS, &["pyvenv.cfg", "CACHEDIR.TAG"]);
    }

    #[test]
    fn directories_are_skipped_by_evidence_in_any_listing_not_by_name() {
        let reader = MapReader::new([
            ("pyproject.toml", ""),
            ("build/__init__.py", "import venv\n"),
            ("venv/__init__.py", ""),
            ("envs/a/pyvenv.cfg", "home = /usr\n"),
            ("envs/a/lib/site.py", "import build\n"),
            (
                "target/CACHEDIR.TAG",
                "Signature: 8a477f597d28d172789f06886806bc55\n",
            ),
            ("target/debug/build/out.py", "import venv\n"),
            ("out/coverage/env/report.py", "import build\n"),
        ]);
        let out = scan(&reader.listing(), &reader, DEFAULT_MAX_FILE_BYTES).unwrap();
        let paths: Vec<&str> = out
            .snapshot
            .modules()
            .iter()
            .map(|m| m.path.as_str())
            .collect();
        assert_eq!(paths, ["build", "out/coverage/env", "venv"]);
        let listing = reader.listing();
        let src = Sources::new(&listing, &reader, 10);
        assert!(src.is_foreign("envs/a/lib/site.py"));
        assert!(src.is_foreign("target/debug/build/out.py"));
        assert!(!src.is_foreign("envs/b.py"));
        assert!(
            !src.is_foreign("pyvenv.cfg"),
            "the root itself is never foreign"
        );
    }
}
