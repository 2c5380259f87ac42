//! Rust rules (the scanner's own design, documented here and in README).
//!
//! * Crate: a directory `D` holding a `Cargo.toml` with a `[package]` table (a virtual workspace
//!   manifest is no crate). Its name in paths is `[lib] name`, else `[package] name` with `-` →
//!   `_`. A `.rs` file belongs to the crate of the nearest enclosing crate directory.
//! * Modules follow the crate's `mod` tree as Rust lays it out on disk: the crate module is `D`
//!   itself (the files directly in `D/src`, plus `D/build.rs`); every directory below `D/src` that
//!   holds `.rs` files is the module of the `mod` it spells (`D/src/a/b` for `crate::a::b`,
//!   whether declared as `a/b.rs` + `a/b/` or `a/b/mod.rs`). Test, bench and example targets are
//!   modules of their own: each directory of `D/tests`, `D/benches`, `D/examples` holding `.rs`
//!   files. Other `.rs` files of the crate directory are not scanned. `#[path]` attributes are
//!   not followed. Skipped directories: names starting with `.`, `target`, `node_modules`,
//!   `vendor`.
//! * Edges, from `use` declarations only (at any nesting, `pub use` included, groups `{…}`
//!   expanded; test-only code — a `use` or an inline `mod` marked `#[cfg(test)]` — does not
//!   count, as Go's `_test.go` files do not): `crate::a::b::…` resolves to the longest module prefix `D/src/a/b`, `D/src/a`, …
//!   down to the crate module; `self::…` and `super::…` resolve the same way from the file's own
//!   module path (inline `mod x { … }` blocks counted, so `use super::*` in a test block is the
//!   file's own module); `other_crate::…` (a workspace crate's name, or `::other_crate::…`) does
//!   the same inside that crate's `src`. Paths into std and external crates are dropped, as are
//!   uniform paths that start with a local name.

use std::collections::BTreeMap;

use crate::error::Result;

use super::lex::{tokens, Dialect, Tok};
use super::{base_name, dir_of, in_skipped_dir, join, LangGraph, Sources};

/// Use trees nested deeper than this are not followed.
const MAX_USE_DEPTH: usize = 16;

/// Whether a directory name is never scanned for Rust.
pub fn skipped_dir(name: &str) -> bool {
    name.starts_with('.') || matches!(name, "target" | "node_modules" | "vendor")
}

/// The crate name a `Cargo.toml` text gives its library in paths (`None` without `[package]`).
pub fn crate_name(manifest: &str) -> Option<String> {
    let mut section = "";
    let mut package = None;
    let mut lib = None;
    for line in manifest.lines() {
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
        if key.trim() != "name" {
            continue;
        }
        let value = value
            .trim()
            .trim_matches(|c| c == '"' || c == '\'')
            .to_string();
        match section {
            "package" => package = Some(value),
            "lib" => lib = Some(value),
            _ => {}
        }
    }
    let name = lib.or(package)?;
    (!name.is_empty()).then(|| name.replace('-', "_"))
}

struct Crate {
    dir: String,
    name: String,
}

/// Where a file sits inside its crate.
struct Place {
    krate: usize,
    /// The module directory holding the file's target root (`D` for `src`, `D/tests`, …).
    root_module: String,
    /// The directory `crate::` paths are resolved under (`D/src`, `D/tests`, …).
    root_dir: String,
    /// The file's own module path inside its target (`a::b` → `["a", "b"]`).
    segs: Vec<String>,
    /// The blueprint module of the file.
    module: String,
}

fn place(crates: &[Crate], path: &str) -> Option<Place> {
    let (k, c) = crates
        .iter()
        .enumerate()
        .filter(|(_, c)| c.dir == "." || path.starts_with(&format!("{}/", c.dir)))
        .max_by_key(|(_, c)| c.dir.len())?;
    let rel = if c.dir == "." {
        path
    } else {
        path.get(c.dir.len() + 1..)?
    };
    if rel == "build.rs" {
        return Some(Place {
            krate: k,
            root_module: c.dir.clone(),
            root_dir: join(&c.dir, "src"),
            segs: Vec::new(),
            module: c.dir.clone(),
        });
    }
    let (target, inner) = rel.split_once('/')?;
    if !matches!(target, "src" | "tests" | "benches" | "examples") {
        return None;
    }
    let root_dir = join(&c.dir, target);
    let root_module = if target == "src" {
        c.dir.clone()
    } else {
        root_dir.clone()
    };
    let mut segs: Vec<String> = dir_of(inner)
        .split('/')
        .filter(|s| *s != ".")
        .map(str::to_string)
        .collect();
    let stem = base_name(inner).trim_end_matches(".rs");
    let is_root_file = dir_of(inner) == "." && (target != "src" || stem == "lib" || stem == "main");
    if !matches!(stem, "mod" | "lib" | "main") && !is_root_file {
        segs.push(stem.to_string());
    }
    let file_dir = dir_of(path);
    let module = if target == "src" && file_dir == root_dir {
        c.dir.clone()
    } else {
        file_dir.to_string()
    };
    Some(Place {
        krate: k,
        root_module,
        root_dir,
        segs,
        module,
    })
}

/// The `use` paths of a Rust text, each with the inline-module prefix it was declared in.
pub fn use_paths(text: &str) -> Vec<(Vec<String>, Vec<String>)> {
    let toks = tokens(text, Dialect::Rust);
    let mut out = Vec::new();
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
            Tok::Ident("mod") => {
                if let (Some(Tok::Ident(name)), Some(Tok::Punct('{'))) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    inline.push(((*name).to_string(), depth, after_cfg_test(&toks, i)));
                    depth += 1;
                    i += 3;
                    continue;
                }
            }
            Tok::Ident("use") => {
                let mut end = i + 1;
                while end < toks.len() && toks[end] != Tok::Punct(';') {
                    end += 1;
                }
                if inline.iter().any(|(_, _, test)| *test) || after_cfg_test(&toks, i) {
                    i = end + 1;
                    continue; // test-only code, like Go's `_test.go` files
                }
                let mut paths = Vec::new();
                let mut pos = i + 1;
                parse_tree(&toks[..end], &mut pos, Vec::new(), &mut paths, 0);
                let prefix: Vec<String> = inline.iter().map(|(n, _, _)| n.clone()).collect();
                for p in paths {
                    out.push((prefix.clone(), p));
                }
                i = end;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// Whether the item starting at `toks[i]` (after an optional `pub` / `pub(…)`) carries
/// `#[cfg(test)]` directly before it.
fn after_cfg_test(toks: &[Tok<'_>], i: usize) -> bool {
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
    const ATTR: [Tok<'static>; 7] = [
        Tok::Punct('#'),
        Tok::Punct('['),
        Tok::Ident("cfg"),
        Tok::Punct('('),
        Tok::Ident("test"),
        Tok::Punct(')'),
        Tok::Punct(']'),
    ];
    j >= ATTR.len() && toks.get(j - ATTR.len()..j) == Some(&ATTR[..])
}

/// Expands one use tree at `pos` into full paths (a trailing `self` dropped).
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
    if prefix.last().is_some_and(|s| s == "self") {
        prefix.pop();
    }
    if !prefix.is_empty() {
        out.push(prefix);
    }
}

/// Derives the Rust modules and edges of the listing.
pub fn rules(src: &mut Sources<'_>) -> Result<LangGraph> {
    let files = src.files();
    let mut crates = Vec::new();
    for (i, f) in files.iter().enumerate() {
        if base_name(&f.path) != "Cargo.toml" || in_skipped_dir(&f.path, skipped_dir) {
            continue;
        }
        if let Some(name) = src.text(i)?.as_deref().and_then(crate_name) {
            crates.push(Crate {
                dir: dir_of(&f.path).to_string(),
                name,
            });
        }
    }
    let by_name: BTreeMap<&str, usize> = crates
        .iter()
        .enumerate()
        .map(|(k, c)| (c.name.as_str(), k))
        .collect();
    let mut g = LangGraph::default();
    let mut placed = Vec::new();
    for (i, f) in files.iter().enumerate() {
        if !f.path.ends_with(".rs") || in_skipped_dir(&f.path, skipped_dir) {
            continue;
        }
        if let Some(p) = place(&crates, &f.path) {
            g.add_file(&p.module, i);
            placed.push((i, p));
        }
    }
    for (i, p) in placed {
        let Some(text) = src.text(i)? else { continue };
        for (inline, path) in use_paths(&text) {
            if let Some(target) = resolve(&g, &crates, &by_name, &p, &inline, &path) {
                g.add_edge(&p.module, &target);
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
    let mut here: Vec<String> = p.segs.iter().chain(inline).cloned().collect();
    match first {
        "crate" => Some(deepest(g, &p.root_dir, &path[1..], &p.root_module)),
        "self" | "super" => {
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
            let &k = by_name.get(name)?;
            let c = crates.get(k)?;
            if k == p.krate && p.root_module == c.dir {
                return None; // a crate does not name itself from `src`
            }
            Some(deepest(g, &join(&c.dir, "src"), &path[1..], &c.dir))
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
    fn over_deep_use_trees_stop_without_panicking() {
        let t = format!("use a::{}x{};", "{b::".repeat(200), "}".repeat(200));
        let _ = use_paths(&t);
    }
}
