//! The layers of `core/src` (docs/ARCHITECTURE.md): arrows only point down. `ops/` is the only JSON
//! surface — no other module imports `crate::ops` or calls an op by name; an area reaches
//! `workspace` or `store` only from its `fs/` folder (the pure storage traits `store::cas` and name
//! conventions `store::names` excepted);
//! and no set of source files imports itself in a circle.
//!
//! The import graph has one node per module file and an edge for every `crate::…` / `super::…`
//! path a file names outside comments and `#[cfg(test)]` modules; a path to an item that a `mod.rs`
//! only re-exports (`pub use child::{Item}`) is followed to the child.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("core/src") {
        let p = e.expect("entry").path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// `a/b/c.rs` → `["a","b","c"]`, `a/b/mod.rs` → `["a","b"]`, `lib.rs` → `[]`.
fn module_of(rel: &Path) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

/// The text with comments and `#[cfg(test)] mod … { … }` blocks removed.
fn code_of(text: &str) -> String {
    let mut no_block = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find("/*") {
        no_block.push_str(&rest[..i]);
        rest = rest[i..].find("*/").map_or("", |j| &rest[i + j + 2..]);
    }
    no_block.push_str(rest);
    let no_line: String = no_block
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n");
    let mut out = String::new();
    let mut rest = no_line.as_str();
    while let Some(i) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        let Some(open) = after.find('{') else {
            rest = "";
            break;
        };
        let is_mod = after[..open].contains("mod ");
        if !is_mod {
            out.push_str("#[cfg(test)]");
            rest = &after["#[cfg(test)]".len()..];
            continue;
        }
        let mut depth = 0usize;
        let mut end = after.len();
        for (k, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + k + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// Flattens the body of a `use` item (`a::{b, c::{d as e}}`) into paths.
fn expand_use(body: &str) -> Vec<String> {
    fn walk(prefix: &str, s: &str, out: &mut Vec<String>) {
        let mut depth = 0usize;
        let mut parts = Vec::new();
        let mut cur = String::new();
        for c in s.chars() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                _ => {}
            }
            if c == ',' && depth == 0 {
                parts.push(std::mem::take(&mut cur));
            } else {
                cur.push(c);
            }
        }
        parts.push(cur);
        for part in parts.into_iter().filter(|p| !p.is_empty()) {
            match part.split_once('{') {
                Some((head, inner)) => {
                    let inner = inner.strip_suffix('}').unwrap_or(inner);
                    walk(&format!("{prefix}{head}"), inner, out);
                }
                None => {
                    let path = part.split(" as ").next().unwrap_or("");
                    out.push(format!("{prefix}{path}"));
                }
            }
        }
    }
    let flat: String = body.split_whitespace().collect::<Vec<_>>().join(" ");
    let flat = flat
        .replace(" as ", "\u{1}")
        .replace(' ', "")
        .replace('\u{1}', " as ");
    let mut out = Vec::new();
    walk("", &flat, &mut out);
    out
}

/// Every `crate::…` / `super::…` / `self::…` path named in `code`.
fn paths_in(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(i) = rest.find("use ") {
        let before = rest[..i].chars().last();
        let after = &rest[i + 4..];
        let Some(end) = after.find(';') else { break };
        if before.is_none_or(|c| !c.is_alphanumeric() && c != '_') {
            out.extend(expand_use(&after[..end]));
        }
        rest = &after[end..];
    }
    for root in ["crate::", "super::"] {
        let mut rest = code;
        while let Some(i) = rest.find(root) {
            let before = rest[..i].chars().last();
            let tail = &rest[i..];
            let len = tail
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .unwrap_or(tail.len());
            if before.is_none_or(|c| !c.is_alphanumeric() && c != '_' && c != ':') {
                out.push(tail[..len].to_string());
            }
            rest = &tail[root.len()..];
        }
    }
    out
}

struct Crate {
    files: BTreeMap<Vec<String>, PathBuf>,
    code: BTreeMap<Vec<String>, String>,
    reexports: BTreeMap<Vec<String>, BTreeMap<String, Vec<String>>>,
}

impl Crate {
    fn load() -> Crate {
        let mut paths = Vec::new();
        rust_files(&src(), &mut paths);
        let mut files = BTreeMap::new();
        let mut code = BTreeMap::new();
        let mut reexports = BTreeMap::new();
        for p in paths {
            let m = module_of(p.strip_prefix(src()).expect("under src"));
            let c = code_of(&std::fs::read_to_string(&p).expect("read"));
            let mut table = BTreeMap::new();
            for stmt in c.split(';') {
                let stmt = stmt.trim();
                let Some(body) = stmt
                    .strip_prefix("pub use ")
                    .or_else(|| stmt.strip_prefix("pub(crate) use "))
                else {
                    continue;
                };
                for path in expand_use(body) {
                    let segs: Vec<&str> = path.split("::").collect();
                    if segs.len() == 2 && !["crate", "super", "self"].contains(&segs[0]) {
                        let item = segs[1].split(" as ").next().unwrap_or("").to_string();
                        let mut target = m.clone();
                        target.push(segs[0].to_string());
                        table.insert(item, target);
                    }
                }
            }
            reexports.insert(m.clone(), table);
            code.insert(m.clone(), c);
            files.insert(m, p);
        }
        Crate {
            files,
            code,
            reexports,
        }
    }

    /// The module file that `segs` (after `crate` / the `super` base) names from `base`.
    fn resolve(&self, base: &[String], segs: &[String]) -> Option<Vec<String>> {
        let mut cur = base.to_vec();
        let mut best = self.files.contains_key(&cur).then(|| cur.clone());
        let mut used = 0;
        for s in segs {
            cur.push(s.clone());
            if self.files.contains_key(&cur) {
                best = Some(cur.clone());
                used += 1;
            } else {
                break;
            }
        }
        let best = best?;
        if let Some(next) = segs.get(used) {
            if let Some(t) = self.reexports.get(&best).and_then(|r| r.get(next)) {
                if self.files.contains_key(t) {
                    return Some(t.clone());
                }
            }
        }
        Some(best)
    }

    fn edges(&self) -> BTreeMap<Vec<String>, BTreeSet<Vec<String>>> {
        let mut edges = BTreeMap::new();
        for (m, c) in &self.code {
            let is_mod = self.files[m].ends_with("mod.rs") || self.files[m].ends_with("lib.rs");
            let mut out = BTreeSet::new();
            for p in paths_in(c) {
                let segs: Vec<String> = p
                    .split("::")
                    .filter(|s| !s.is_empty() && *s != "*" && *s != "self")
                    .map(|s| s.split(" as ").next().unwrap_or("").to_string())
                    .collect();
                let (base, rest): (Vec<String>, &[String]) = match segs.first().map(String::as_str)
                {
                    Some("crate") => (Vec::new(), &segs[1..]),
                    Some("super") => {
                        let mut base = if is_mod {
                            m.clone()
                        } else {
                            m[..m.len().saturating_sub(1)].to_vec()
                        };
                        let mut rest = &segs[1..];
                        while rest.first().map(String::as_str) == Some("super") {
                            base.pop();
                            rest = &rest[1..];
                        }
                        (base, rest)
                    }
                    _ => continue,
                };
                if let Some(t) = self.resolve(&base, rest) {
                    if &t != m {
                        out.insert(t);
                    }
                }
            }
            edges.insert(m.clone(), out);
        }
        edges
    }
}

fn name(m: &[String]) -> String {
    if m.is_empty() {
        "lib".into()
    } else {
        m.join("/")
    }
}

/// The strongly connected components of more than one node (Tarjan, iterative).
fn circles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    let nodes: Vec<&Vec<String>> = edges.keys().collect();
    let idx: BTreeMap<&Vec<String>, usize> =
        nodes.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let adj: Vec<Vec<usize>> = nodes
        .iter()
        .map(|n| {
            edges[*n]
                .iter()
                .filter_map(|t| idx.get(t).copied())
                .collect()
        })
        .collect();
    let n = nodes.len();
    let (mut index, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut out, mut counter) = (Vec::new(), Vec::new(), 0);
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        let mut work = vec![(start, 0usize)];
        while let Some(&mut (v, ref mut next)) = work.last_mut() {
            if *next == 0 && index[v] == usize::MAX {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on[v] = true;
            }
            if let Some(&w) = adj[v].get(*next) {
                *next += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on[w] = false;
                    comp.push(name(nodes[w]));
                    if w == v {
                        break;
                    }
                }
                if comp.len() > 1 {
                    comp.sort();
                    out.push(comp);
                }
            }
        }
    }
    out
}

#[test]
fn no_import_circle_in_core_src() {
    let c = Crate::load();
    assert!(c.files.len() > 100, "core sources not found");
    let found = circles(&c.edges());
    assert!(
        found.is_empty(),
        "import circles:\n{}",
        found
            .iter()
            .map(|c| c.join(", "))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_circle_finder_finds_a_circle() {
    let m = |s: &str| vec![s.to_string()];
    let mut edges = BTreeMap::new();
    edges.insert(m("a"), BTreeSet::from([m("b")]));
    edges.insert(m("b"), BTreeSet::from([m("c")]));
    edges.insert(m("c"), BTreeSet::from([m("a")]));
    edges.insert(m("d"), BTreeSet::from([m("a")]));
    assert_eq!(circles(&edges), vec![vec!["a", "b", "c"]]);
}

#[test]
fn only_ops_imports_the_op_surface_or_calls_an_op_by_name() {
    let c = Crate::load();
    let mut hits = Vec::new();
    for (m, code) in &c.code {
        if m.first().map(String::as_str) == Some("ops") {
            continue;
        }
        for bad in ["crate::ops", "ops::call(", "ops::call_bytes("] {
            if code.contains(bad) {
                hits.push(format!("{}: {bad}", name(m)));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "op surface used below ops/:\n{}",
        hits.join("\n")
    );
}

#[test]
fn areas_reach_workspace_and_store_only_from_their_fs_folders() {
    const AREAS: &[&str] = &[
        "blueprint",
        "features",
        "machine",
        "report",
        "resolve",
        "router",
        "workspace",
        "conductor",
        "guard",
    ];
    let c = Crate::load();
    let mut hits = Vec::new();
    for (m, targets) in c.edges() {
        let Some(area) = m.first().map(String::as_str) else {
            continue;
        };
        if !AREAS.contains(&area) || m.get(1).map(String::as_str) == Some("fs") {
            continue;
        }
        for t in targets {
            let to = t.first().map(String::as_str);
            let storage_traits =
                t.len() >= 2 && t[0] == "store" && (t[1] == "cas" || t[1] == "names");
            let below = match to {
                Some("store") => !storage_traits,
                Some("workspace") => area != "workspace",
                _ => false,
            };
            let into_fs = t.get(1).map(String::as_str) == Some("fs") && t[0] != "store";
            if below || into_fs && t[0] != area {
                hits.push(format!("{} -> {}", name(&m), name(&t)));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "area code outside an fs/ folder reaching storage:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_store_names_no_area() {
    let c = Crate::load();
    let mut hits = Vec::new();
    for (m, targets) in c.edges() {
        if m.first().map(String::as_str) != Some("store") {
            continue;
        }
        for t in targets {
            let to = t.first().map(String::as_str);
            if !matches!(to, Some("store" | "error" | "protocol")) {
                hits.push(format!("{} -> {}", name(&m), name(&t)));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "store/ depends on an area:\n{}",
        hits.join("\n")
    );
}

#[test]
fn the_vocabulary_depends_only_on_itself_and_error() {
    let c = Crate::load();
    let mut hits = Vec::new();
    for (m, targets) in c.edges() {
        let from = m.first().map(String::as_str);
        let allowed: &[&str] = match from {
            Some("error") => &["words"],
            Some("words") => &[],
            Some("protocol") => &["protocol", "error", "words"],
            _ => continue,
        };
        for t in targets {
            if !t.first().is_some_and(|s| allowed.contains(&s.as_str())) {
                hits.push(format!("{} -> {}", name(&m), name(&t)));
            }
        }
    }
    assert!(
        hits.is_empty(),
        "an upward arrow from the bottom layers:\n{}",
        hits.join("\n")
    );
}
