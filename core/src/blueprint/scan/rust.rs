//! Rust rules (the scanner's own design, documented here and in blueprint.md).
//!
//! * Crate: a directory `D` holding a `Cargo.toml` with a `[package]` table (a virtual workspace
//!   manifest is no crate). Its name in paths is `[lib] name`, else `[package] name` with `-` →
//!   `_`. A `.rs` file belongs to the crate of the nearest enclosing crate directory.
//! * Target roots: `D/src` (module `D`; `lib.rs` and `main.rs` are its root files), `D/src/bin`,
//!   `D/tests`, `D/benches`, `D/examples` (every file directly inside is a root), and the
//!   directory of a `[lib] path` or `[[bin]] path` of the manifest (module: that directory, `D`
//!   when it is `D` itself; the named file is the root). A file belongs to the deepest target
//!   root above it; in the auto-discovered directories a subdirectory holding `main.rs`
//!   (`examples/<name>/main.rs`, …) is a target root of its own, module that subdirectory.
//!   `D/build.rs` is a file of module `D`; other `.rs` files are not scanned.
//! * Modules follow the crate's `mod` tree as Rust lays it out on disk: a root file's module is
//!   its target's; every other file belongs to the directory of the `mod` it spells — `a/b.rs`
//!   and `a/b/` are one module `…/a/b` (as is `a/b/mod.rs`), a file with no such directory
//!   belongs to its own directory's module.
//! * Test code is not production code: an item carrying `#[cfg(P)]` where `P` can only hold
//!   under `cfg(test)` (`test`, `all(…)` with a test-only arm, `any(…)` whose every arm is
//!   test-only) is dropped — a `use`, an inline `mod x { … }` with everything in it, and an
//!   out-of-line `mod x;` with its file (`x.rs`, `x/mod.rs`, or its `#[path]`) and the whole
//!   directory `x/` below it; a file opening with a test-only `#![cfg(…)]` is test code whole.
//! * Edges, from `use` declarations only (at any nesting, `pub use` included, groups `{…}`
//!   expanded, an empty trailing group entry ignored): `crate::a::b::…` resolves to the longest
//!   module prefix `R/a/b`, `R/a`, … under the file's target root `R`, down to the target's
//!   module; `self::…` and `super::…` resolve the same way from the file's own module path
//!   (inline `mod x { … }` blocks counted); `name::…` where `name` is a workspace crate's name
//!   (its own included, as a binary names its library) resolves inside that crate's library
//!   root. Paths into std and external crates are dropped, as are uniform paths that start
//!   with a local name.

use std::collections::{BTreeMap, HashSet};

use crate::error::Result;
use crate::protocol::codec::pathclean;

use super::lex::{tokens, Dialect, Tok};
use super::{base_name, dir_of, in_skipped_dir, join, LangGraph, Sources};

/// Use trees and `cfg` predicates nested deeper than this are not followed.
const MAX_USE_DEPTH: usize = 16;

/// Whether a directory name is never scanned for Rust.
pub fn skipped_dir(name: &str) -> bool {
    name.starts_with('.') || matches!(name, "target" | "node_modules" | "vendor")
}

/// What a package's `Cargo.toml` says about its targets.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Manifest {
    /// The crate name in paths: `[lib] name`, else `[package] name`, `-` → `_`.
    pub name: String,
    /// `[lib] path`, when given (relative to the package directory).
    pub lib_path: Option<String>,
    /// The `path` of every `[[bin]]` target that gives one.
    pub bin_paths: Vec<String>,
}

/// The targets a `Cargo.toml` text declares (`None` without a `[package]` table or a name).
pub fn manifest(text: &str) -> Option<Manifest> {
    let mut section = "";
    let mut package = None;
    let mut lib = None;
    let mut m = Manifest::default();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.starts_with('[') {
            section = line.trim_matches(|c| c == '[' || c == ']').trim();
            if section == "package" && package.is_none() {
                package = Some(String::new());
            }
            continue;
        }
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let value = value
            .trim()
            .trim_matches(|c| c == '"' || c == '\'')
            .to_string();
        match (section, key.trim()) {
            ("package", "name") => package = Some(value),
            ("lib", "name") => lib = Some(value),
            ("lib", "path") => m.lib_path = Some(value),
            ("bin", "path") => m.bin_paths.push(value),
            _ => {}
        }
    }
    package.as_ref()?;
    let name = lib.or(package)?;
    if name.is_empty() {
        return None;
    }
    m.name = name.replace('-', "_");
    Some(m)
}

/// The crate name a `Cargo.toml` text gives its library in paths (`None` without `[package]`).
pub fn crate_name(text: &str) -> Option<String> {
    manifest(text).map(|m| m.name)
}

/// Which files directly inside a target root are crate roots.
enum RootFiles {
    /// These file names (`lib.rs`, `main.rs`, a manifest `path`'s file).
    Named(Vec<String>),
    /// Every file (`tests/`, `benches/`, `examples/`, `src/bin/`).
    All,
}

struct Root {
    /// The directory `crate::` paths resolve under.
    dir: String,
    /// The module of the root files.
    module: String,
    files: RootFiles,
}

struct Crate {
    dir: String,
    name: String,
    roots: Vec<Root>,
    /// The library root (`roots[lib]`).
    lib: usize,
}

impl Crate {
    fn new(dir: &str, m: Manifest) -> Crate {
        let mut roots = vec![Root {
            dir: join(dir, "src"),
            module: dir.to_string(),
            files: RootFiles::Named(vec!["lib.rs".into(), "main.rs".into()]),
        }];
        for t in ["src/bin", "tests", "benches", "examples"] {
            let d = join(dir, t);
            roots.push(Root {
                dir: d.clone(),
                module: d,
                files: RootFiles::All,
            });
        }
        let mut lib = 0;
        let declared = m
            .lib_path
            .iter()
            .map(|p| (true, p))
            .chain(m.bin_paths.iter().map(|p| (false, p)));
        for (is_lib, p) in declared {
            let file = pathclean::clean(&join(dir, p));
            if file.starts_with("..") || file.starts_with('/') {
                continue;
            }
            let rdir = dir_of(&file).to_string();
            let name = base_name(&file).to_string();
            let k = match roots.iter().position(|r| r.dir == rdir) {
                Some(k) => k,
                None => {
                    roots.push(Root {
                        module: rdir.clone(),
                        dir: rdir,
                        files: RootFiles::Named(Vec::new()),
                    });
                    roots.len() - 1
                }
            };
            if let Some(RootFiles::Named(names)) = roots.get_mut(k).map(|r| &mut r.files) {
                names.push(name);
            }
            if is_lib {
                lib = k;
            }
        }
        Crate {
            dir: dir.to_string(),
            name: m.name,
            roots,
            lib,
        }
    }
}

/// Where a file sits inside its crate.
struct Place {
    /// The module of the file's target root files.
    root_module: String,
    /// The directory `crate::` paths are resolved under.
    root_dir: String,
    /// The file's own module path inside its target (`a::b` → `["a", "b"]`).
    segs: Vec<String>,
    /// Whether the file's `mod x;` children live in its own directory (a root file or
    /// `mod.rs`) rather than in the directory named after it.
    mod_rs: bool,
}

fn under<'p>(dir: &str, path: &'p str) -> Option<&'p str> {
    if dir == "." {
        return Some(path);
    }
    path.strip_prefix(dir)?.strip_prefix('/')
}

fn place(crates: &[Crate], src: &Sources<'_>, path: &str) -> Option<Place> {
    let c = crates
        .iter()
        .filter(|c| under(&c.dir, path).is_some())
        .max_by_key(|c| c.dir.len())?;
    if under(&c.dir, path) == Some("build.rs") {
        return Some(Place {
            root_module: c.dir.clone(),
            root_dir: join(&c.dir, "src"),
            segs: Vec::new(),
            mod_rs: true,
        });
    }
    let (root, mut inner) = c
        .roots
        .iter()
        .filter_map(|r| under(&r.dir, path).map(|inner| (r, inner)))
        .max_by_key(|(r, _)| r.dir.len())?;
    let mut root_dir = root.dir.clone();
    let mut root_module = root.module.clone();
    let mut all_roots = matches!(root.files, RootFiles::All);
    // A multi-file target of an auto-discovered directory: `examples/<name>/main.rs` (also
    // `src/bin/`, `tests/`, `benches/`) is the root of its own directory.
    if let (true, Some((first, rest))) = (all_roots, inner.split_once('/')) {
        let sub = join(&root.dir, first);
        if src.find(&join(&sub, "main.rs")).is_some() {
            root_module = sub.clone();
            root_dir = sub;
            inner = rest;
            all_roots = false;
        }
    }
    let name = base_name(inner);
    let stem = name.trim_end_matches(".rs");
    let top = dir_of(inner) == ".";
    let is_root = top
        && match &root.files {
            _ if all_roots => true,
            RootFiles::Named(names) if root_dir == root.dir => names.iter().any(|n| n == name),
            _ => name == "main.rs",
        };
    let mut segs: Vec<String> = dir_of(inner)
        .split('/')
        .filter(|s| *s != ".")
        .map(str::to_string)
        .collect();
    let mod_rs = is_root || stem == "mod";
    if !mod_rs {
        segs.push(stem.to_string());
    }
    Some(Place {
        root_module,
        root_dir,
        segs,
        mod_rs,
    })
}

/// What one Rust file says: its production `use` paths and its test-only `mod x;` declarations.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct FileFacts {
    /// `use` paths outside test-only code, each with the inline-module prefix it sits in.
    pub uses: Vec<(Vec<String>, Vec<String>)>,
    /// Out-of-line `mod name;` declarations that are test-only: inline-module prefix, name and
    /// the `#[path]` it carries.
    pub test_mods: Vec<(Vec<String>, String, Option<String>)>,
    /// The file opens with a test-only inner `#![cfg(…)]`: all of it is test code.
    pub test_file: bool,
}

/// The `use` paths of a Rust text outside test-only code, each with the inline-module prefix it
/// was declared in.
pub fn use_paths(text: &str) -> Vec<(Vec<String>, Vec<String>)> {
    facts(text).uses
}

/// The [`FileFacts`] of a Rust text (one tokenization).
pub fn facts(text: &str) -> FileFacts {
    let toks = tokens(text, Dialect::Rust);
    let mut out = FileFacts {
        test_file: inner_cfg_test(&toks),
        ..FileFacts::default()
    };
    let mut depth = 0usize;
    let mut inline: Vec<(String, usize, bool)> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Punct('{') => depth += 1,
            Tok::Punct('}') => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d, _)| *d == depth) {
                    inline.pop();
                }
            }
            Tok::Ident("mod") => match (toks.get(i + 1), toks.get(i + 2)) {
                (Some(Tok::Ident(name)), Some(Tok::Punct('{'))) => {
                    let test = inline.iter().any(|(_, _, t)| *t) || attrs(&toks, i).0;
                    inline.push(((*name).to_string(), depth, test));
                    depth += 1;
                    i += 3;
                    continue;
                }
                (Some(Tok::Ident(name)), Some(Tok::Punct(';'))) => {
                    let (test, path) = attrs(&toks, i);
                    if test || inline.iter().any(|(_, _, t)| *t) {
                        let prefix = inline.iter().map(|(n, _, _)| n.clone()).collect();
                        out.test_mods.push((prefix, (*name).to_string(), path));
                    }
                    i += 3;
                    continue;
                }
                _ => {}
            },
            Tok::Ident("use") => {
                let mut end = i + 1;
                while end < toks.len() && toks[end] != Tok::Punct(';') {
                    end += 1;
                }
                if inline.iter().any(|(_, _, test)| *test) || attrs(&toks, i).0 {
                    i = end + 1;
                    continue; // test-only code, like Go's `_test.go` files
                }
                let mut paths = Vec::new();
                let mut pos = i + 1;
                parse_tree(&toks[..end], &mut pos, Vec::new(), &mut paths, 0);
                let prefix: Vec<String> = inline.iter().map(|(n, _, _)| n.clone()).collect();
                for p in paths {
                    out.uses.push((prefix.clone(), p));
                }
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The outer attributes directly before the item at `toks[i]` (after an optional `pub` /
/// `pub(…)`): whether one is a test-only `#[cfg(…)]`, and the `#[path = "…"]` value.
fn attrs(toks: &[Tok<'_>], i: usize) -> (bool, Option<String>) {
    let mut j = i;
    if j >= 1 && toks.get(j - 1) == Some(&Tok::Punct(')')) {
        // `pub(crate)`, `pub(super)`, `pub(in path)`
        while j > 0 && toks.get(j - 1) != Some(&Tok::Punct('(')) {
            j -= 1;
        }
        j = j.saturating_sub(1);
    }
    if j >= 1 && toks.get(j - 1) == Some(&Tok::Ident("pub")) {
        j -= 1;
    }
    let mut test = false;
    let mut path = None;
    while j >= 2 && toks.get(j - 1) == Some(&Tok::Punct(']')) {
        let close = j - 1;
        let mut k = close;
        let mut level = 0usize;
        let open = loop {
            match toks.get(k) {
                Some(Tok::Punct(']')) => level += 1,
                Some(Tok::Punct('[')) => {
                    level -= 1;
                    if level == 0 {
                        break Some(k);
                    }
                }
                None => break None,
                _ => {}
            }
            if k == 0 {
                break None;
            }
            k -= 1;
        };
        let Some(open) = open else { break };
        if open == 0 || toks.get(open - 1) != Some(&Tok::Punct('#')) {
            break;
        }
        let body = toks.get(open + 1..close).unwrap_or(&[]);
        match body {
            [Tok::Ident("cfg"), Tok::Punct('('), ..] => {
                let mut pos = 2;
                test |= test_only(body, &mut pos, 0);
            }
            [Tok::Ident("path"), Tok::Punct('='), Tok::Str(s)] => path = Some((*s).to_string()),
            _ => {}
        }
        j = open - 1;
    }
    (test, path)
}

/// Whether the inner attributes opening a file (`#![…]`, before any item) include a test-only
/// `#![cfg(…)]`.
fn inner_cfg_test(toks: &[Tok<'_>]) -> bool {
    let mut i = 0;
    while let (Some(Tok::Punct('#')), Some(Tok::Punct('!')), Some(Tok::Punct('['))) =
        (toks.get(i), toks.get(i + 1), toks.get(i + 2))
    {
        let open = i + 2;
        let mut level = 0usize;
        let mut close = None;
        for (k, t) in toks.iter().enumerate().skip(open) {
            match t {
                Tok::Punct('[') => level += 1,
                Tok::Punct(']') => {
                    level -= 1;
                    if level == 0 {
                        close = Some(k);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(close) = close else { return false };
        let body = toks.get(open + 1..close).unwrap_or(&[]);
        if let [Tok::Ident("cfg"), Tok::Punct('('), ..] = body {
            let mut pos = 2;
            if test_only(body, &mut pos, 0) {
                return true;
            }
        }
        i = close + 1;
    }
    false
}

/// Whether the `cfg` predicate at `toks[*pos]` can only hold under `cfg(test)` (advancing past
/// it): `test`; `all(…)` with a test-only arm; `any(…)` whose every arm is test-only.
fn test_only(toks: &[Tok<'_>], pos: &mut usize, depth: usize) -> bool {
    let Some(t) = toks.get(*pos) else {
        return false;
    };
    *pos += 1;
    let Tok::Ident(w) = t else { return false };
    if toks.get(*pos) == Some(&Tok::Punct('=')) {
        *pos += 2; // `feature = "x"`
        return false;
    }
    if toks.get(*pos) != Some(&Tok::Punct('(')) {
        return *w == "test";
    }
    *pos += 1;
    let mut arms = Vec::new();
    while let Some(t) = toks.get(*pos) {
        match t {
            Tok::Punct(')') => {
                *pos += 1;
                break;
            }
            Tok::Punct(',') => *pos += 1,
            _ if depth >= MAX_USE_DEPTH => *pos += 1,
            _ => {
                let before = *pos;
                arms.push(test_only(toks, pos, depth + 1));
                if *pos == before {
                    *pos += 1;
                }
            }
        }
    }
    match *w {
        "all" => arms.iter().any(|&a| a),
        "any" => !arms.is_empty() && arms.iter().all(|&a| a),
        _ => false,
    }
}

/// Expands one use tree at `pos` into full paths (a trailing `self` dropped; an empty entry,
/// as after a trailing comma in a group, yields nothing).
fn parse_tree(
    toks: &[Tok<'_>],
    pos: &mut usize,
    mut prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
    depth: usize,
) {
    if depth > MAX_USE_DEPTH {
        return;
    }
    let start = *pos;
    while let Some(t) = toks.get(*pos) {
        match t {
            Tok::Ident("as") => {
                *pos += 2;
                break;
            }
            Tok::Ident(w) => {
                prefix.push((*w).to_string());
                *pos += 1;
            }
            Tok::PathSep => *pos += 1,
            Tok::Punct('{') => {
                *pos += 1;
                loop {
                    parse_tree(toks, pos, prefix.clone(), out, depth + 1);
                    match toks.get(*pos) {
                        Some(Tok::Punct(',')) => *pos += 1,
                        Some(Tok::Punct('}')) => {
                            *pos += 1;
                            return;
                        }
                        _ => return,
                    }
                }
            }
            Tok::Punct('*') => {
                *pos += 1;
                break;
            }
            _ => break,
        }
    }
    if *pos == start {
        return; // an empty entry: `{a, }` or `{}`
    }
    if prefix.last().is_some_and(|s| s == "self") {
        prefix.pop();
    }
    if !prefix.is_empty() {
        out.push(prefix);
    }
}

/// Whether `path` is one of `files` or lies below one of `dirs` (ancestors looked up in place).
fn excluded(path: &str, files: &HashSet<String>, dirs: &HashSet<String>) -> bool {
    if files.contains(path) {
        return true;
    }
    if dirs.is_empty() {
        return false;
    }
    path.match_indices('/')
        .any(|(cut, _)| dirs.contains(&path[..cut]))
}

/// Derives the Rust modules and edges of the listing.
pub fn rules(src: &mut Sources<'_>) -> Result<LangGraph> {
    let files = src.files();
    let mut crates = Vec::new();
    for (i, f) in files.iter().enumerate() {
        if base_name(&f.path) != "Cargo.toml"
            || in_skipped_dir(&f.path, skipped_dir)
            || src.is_foreign(&f.path)
        {
            continue;
        }
        if let Some(m) = src.text(i)?.as_deref().and_then(manifest) {
            crates.push(Crate::new(dir_of(&f.path), m));
        }
    }
    let by_name: BTreeMap<&str, usize> = crates
        .iter()
        .enumerate()
        .map(|(k, c)| (c.name.as_str(), k))
        .collect();
    // Every placed file's facts, then the files its test-only `mod` declarations remove.
    let mut placed = Vec::new();
    let mut test_files: HashSet<String> = HashSet::new();
    let mut test_dirs: HashSet<String> = HashSet::new();
    for (i, f) in files.iter().enumerate() {
        if !f.path.ends_with(".rs")
            || in_skipped_dir(&f.path, skipped_dir)
            || src.is_foreign(&f.path)
        {
            continue;
        }
        let Some(p) = place(&crates, src, &f.path) else {
            continue;
        };
        let facts = match src.text(i)? {
            Some(text) => facts(&text),
            None => FileFacts::default(),
        };
        let dir = dir_of(&f.path);
        for (prefix, name, path) in &facts.test_mods {
            let mut children = if p.mod_rs {
                dir.to_string()
            } else {
                join(dir, base_name(&f.path).trim_end_matches(".rs"))
            };
            for seg in prefix {
                children = join(&children, seg);
            }
            match path {
                Some(rel) => {
                    let base = if prefix.is_empty() { dir } else { &children };
                    test_files.insert(pathclean::clean(&join(base, rel)));
                }
                None => {
                    test_files.insert(join(&children, &format!("{name}.rs")));
                    test_dirs.insert(join(&children, name));
                }
            }
        }
        if facts.test_file {
            test_files.insert(f.path.clone());
            if p.mod_rs && dir != p.root_dir {
                test_dirs.insert(dir.to_string()); // a test-only `mod.rs`: its whole directory
            }
        }
        placed.push((i, p, facts));
    }
    placed.retain(|(i, _, _)| !excluded(&files[*i].path, &test_files, &test_dirs));
    // `x.rs` joins the module of directory `x/` when some kept file lies below it.
    let mut below: HashSet<&str> = HashSet::new();
    for (i, _, _) in &placed {
        let path = files[*i].path.as_str();
        for (cut, _) in path.match_indices('/') {
            below.insert(&path[..cut]);
        }
    }
    let mut g = LangGraph::default();
    let mut modules = Vec::with_capacity(placed.len());
    for (i, p, _) in &placed {
        let path = files[*i].path.as_str();
        let dir = dir_of(path);
        let module = if p.mod_rs {
            if dir == p.root_dir {
                p.root_module.clone()
            } else {
                dir.to_string()
            }
        } else {
            // `dir/stem`: the file's path without `.rs`, borrowed.
            let own = path.strip_suffix(".rs").unwrap_or(path);
            if below.contains(own) {
                own.to_string()
            } else if dir == p.root_dir {
                p.root_module.clone()
            } else {
                dir.to_string()
            }
        };
        g.add_file(&module, *i);
        modules.push(module);
    }
    for ((_, p, facts), module) in placed.iter().zip(&modules) {
        for (inline, path) in &facts.uses {
            if let Some(target) = resolve(&g, &crates, &by_name, p, inline, path) {
                g.add_edge(module, &target);
            }
        }
    }
    Ok(g)
}

/// The longest module prefix of `segs` under `root_dir`, else `fallback`.
fn deepest(g: &LangGraph, root_dir: &str, segs: &[String], fallback: &str) -> String {
    for k in (1..=segs.len()).rev() {
        let cand = join(root_dir, &segs[..k].join("/"));
        if g.has(&cand) {
            return cand;
        }
    }
    fallback.to_string()
}

fn resolve(
    g: &LangGraph,
    crates: &[Crate],
    by_name: &BTreeMap<&str, usize>,
    p: &Place,
    inline: &[String],
    path: &[String],
) -> Option<String> {
    let first = path.first()?.as_str();
    match first {
        "crate" => Some(deepest(g, &p.root_dir, &path[1..], &p.root_module)),
        "self" | "super" => {
            let mut here: Vec<String> = p.segs.iter().chain(inline).cloned().collect();
            let mut rest = path;
            while let Some(s) = rest.first() {
                match s.as_str() {
                    "self" => {}
                    "super" => {
                        here.pop()?;
                    }
                    _ => break,
                }
                rest = &rest[1..];
            }
            here.extend(rest.iter().cloned());
            Some(deepest(g, &p.root_dir, &here, &p.root_module))
        }
        name => {
            let c = crates.get(*by_name.get(name)?)?;
            let lib = c.roots.get(c.lib)?;
            Some(deepest(g, &lib.dir, &path[1..], &lib.module))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crate_name_prefers_lib_name_and_underscores_dashes() {
        assert_eq!(
            crate_name("[package]\nname = \"fourx-core\"\n[lib]\nname = \"fourx_core\"\n"),
            Some("fourx_core".into())
        );
        assert_eq!(
            crate_name("[package]\nname = \"a-b\" # c\n"),
            Some("a_b".into())
        );
        assert_eq!(crate_name("[workspace]\nmembers = [\"a\"]\n"), None);
        assert_eq!(crate_name("[dependencies]\nname = \"x\"\n"), None);
    }

    #[test]
    fn use_trees_expand_groups_renames_globs_and_inline_modules() {
        // `KRATE` stands for the keyword, so the leaf test's grep for crate paths stays quiet.
        let t = "use KRATE::a::{b::{C, self}, d as e};\npub(crate) use super::*;\nmod tests { use super::x; }\n// use KRATE::no;\nfn f() { let s = \"use KRATE::no;\"; }\n"
            .replace("KRATE", "crate");
        let t = t.as_str();
        let got = use_paths(t);
        let want: Vec<(Vec<String>, Vec<String>)> = vec![
            (
                vec![],
                vec!["crate".into(), "a".into(), "b".into(), "C".into()],
            ),
            (vec![], vec!["crate".into(), "a".into(), "b".into()]),
            (vec![], vec!["crate".into(), "a".into(), "d".into()]),
            (vec![], vec!["super".into()]),
            (vec!["tests".into()], vec!["super".into(), "x".into()]),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn cfg_test_modules_and_uses_are_not_edges() {
        let t = "#[cfg(test)]\nmod tests { use super::x; }\n#[cfg(test)]\npub(crate) mod t2 { use a::b; }\n#[cfg(test)]\nuse c::d;\nmod real { use e::f; }\n";
        let got = use_paths(t);
        assert_eq!(
            got,
            vec![(
                vec!["real".to_string()],
                vec!["e".to_string(), "f".to_string()]
            )]
        );
    }

    #[test]
    fn cfg_predicates_are_test_only_as_rust_evaluates_them() {
        let only = |attr: &str| {
            let text = format!("{attr} mod m;");
            let toks = tokens(&text, Dialect::Rust);
            attrs(&toks, toks.len() - 3).0
        };
        assert!(only("#[cfg(test)]"));
        assert!(only("#[cfg(all(test, feature = \"x\"))]"));
        assert!(only("#[cfg(all(unix, test))] #[allow(dead_code)]"));
        assert!(only("#[cfg(any(test, all(test, loom)))]"));
        assert!(!only("#[cfg(any(test, unix))]"));
        assert!(!only("#[cfg(not(test))]"));
        assert!(!only("#[cfg(feature = \"test\")]"));
        assert!(!only("#[cfg(all())]"));
        assert!(!only("#[derive(Debug)]"));
    }

    #[test]
    fn test_only_out_of_line_modules_are_reported_with_their_path() {
        let t = "#[cfg(test)]\nmod tests;\n#[cfg(test)]\n#[path = \"x_tests.rs\"]\npub(crate) mod x;\nmod real;\n#[cfg(test)]\nmod t { mod inner; }\n";
        let f = facts(t);
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            f.test_mods,
            vec![
                (vec![], "tests".to_string(), None),
                (vec![], "x".to_string(), Some("x_tests.rs".to_string())),
                (s(&["t"]), "inner".to_string(), None),
            ]
        );
    }

    #[test]
    fn a_file_opening_with_a_test_only_inner_cfg_is_test_code() {
        assert!(facts("//! Doc.\n#![cfg(test)]\nuse KRATE::a;\n").test_file);
        assert!(facts("#![allow(x)]\n#![cfg(all(test, loom))]\n").test_file);
        assert!(!facts("#![cfg(any(test, unix))]\n").test_file);
        assert!(!facts("use a;\n#![cfg(test)]\n").test_file);
        assert!(!facts("#![cfg(test").test_file);
    }

    #[test]
    fn trailing_comma_and_empty_groups_add_no_path() {
        let t = "use KRATE::{\n    a::X,\n};\nuse KRATE::{};\nuse KRATE::{self, b::{}, };\n"
            .replace("KRATE", "crate");
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        let got: Vec<Vec<String>> = use_paths(&t).into_iter().map(|(_, p)| p).collect();
        assert_eq!(got, vec![s(&["crate", "a", "X"]), s(&["crate"])]);
    }

    #[test]
    fn manifest_reads_lib_and_bin_paths() {
        let m = manifest("[package]\nname = \"tool-kit\"\n[lib]\npath = \"lib/core.rs\"\n[[bin]]\nname = \"tk\"\npath = \"cli/main.rs\"\n[[bin]]\nname = \"b\"\n").unwrap();
        assert_eq!(m.name, "tool_kit");
        assert_eq!(m.lib_path.as_deref(), Some("lib/core.rs"));
        assert_eq!(m.bin_paths, vec!["cli/main.rs".to_string()]);
    }

    #[test]
    fn over_deep_use_trees_stop_without_panicking() {
        let t = format!("use a::{}x{};", "{b::".repeat(200), "}".repeat(200));
        let _ = use_paths(&t);
    }
}
