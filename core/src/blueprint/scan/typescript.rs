//! TypeScript / JavaScript rules (the scanner's own design, documented here and in README).
//!
//! * Source files: `.ts`, `.tsx`, `.mts`, `.cts`, `.js`, `.jsx`, `.mjs`, `.cjs` (declaration
//!   files `.d.ts` included). Skipped directories: names starting with `.` and `node_modules`
//!   only (build output is left out by the ignore files the walk honours, not by its name).
//! * Module: a directory holding at least one source file; its files are those source files.
//! * A path resolves to a listed file (as written, with a source extension appended, with a
//!   `.js`-family extension swapped for its TypeScript one) → that file's directory, else to a
//!   directory holding an `index` source file → that directory, else to a directory that is a
//!   module.
//! * Edges, from the string specifier of `import … from "x"`, `import "x"`, `export … from "x"`,
//!   `import("x")`, `require("x")` (comments, strings, template literals and regular expressions
//!   are not mistaken for code), tried in this order:
//!   1. relative (`./`, `../`): from the importing file's directory;
//!   2. `tsconfig.json` of the file (the nearest one above it, `extends` chains of relative
//!      files followed, comments and trailing commas allowed): the longest matching `paths`
//!      pattern (`*` substituted), its targets in order, relative to `baseUrl` when one is set,
//!      else to the config declaring `paths`; then the specifier under `baseUrl`;
//!   3. a workspace package (every `package.json` with a string `name`, scoped names included):
//!      `name/sub` through its `exports` (`./sub`, `*` patterns, any condition), then `sub`
//!      inside `<dir>/src` and `<dir>`; bare `name` through `exports["."]`, then `types`,
//!      `typings`, `module`, `main`, then `<dir>/src/index`, `<dir>/index`, `<dir>/src`. A
//!      target under build output (`dist/`, `lib/`, `build/`, `out/`, `esm/`, `cjs/`, `types/`)
//!      that is not listed resolves through its source twin under `src/` (extension dropped);
//!   4. anything else (npm dependencies, Node built-ins, paths leaving the repository) is
//!      dropped.

use std::collections::{BTreeMap, HashMap};

use serde_json::Value;

use crate::error::Result;
use crate::protocol::codec::pathclean;

use super::lex::{tokens, Dialect, Tok};
use super::{base_name, dir_of, in_skipped_dir, join, LangGraph, Sources};

/// The source extensions, TypeScript first (the order in which appended extensions are tried).
pub const EXTENSIONS: &[&str] = &["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs"];

/// Whether a directory name is never scanned for TypeScript / JavaScript.
pub fn skipped_dir(name: &str) -> bool {
    name.starts_with('.') || name == "node_modules"
}

fn is_source(name: &str) -> bool {
    name.rsplit_once('.')
        .is_some_and(|(stem, ext)| !stem.is_empty() && EXTENSIONS.contains(&ext))
}

/// The module specifiers a script imports, exports from or requires.
pub fn specifiers(text: &str) -> Vec<String> {
    let toks = tokens(text, Dialect::Script);
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        let Tok::Str(s) = t else { continue };
        let prev = i.checked_sub(1).and_then(|j| toks.get(j));
        let prev2 = i.checked_sub(2).and_then(|j| toks.get(j));
        let hit = match (prev2, prev) {
            (_, Some(Tok::Ident("from" | "import"))) => true,
            (Some(Tok::Ident("require" | "import")), Some(Tok::Punct('('))) => {
                toks.get(i + 1) == Some(&Tok::Punct(')'))
            }
            _ => false,
        };
        if hit {
            out.push((*s).to_string());
        }
    }
    out
}

/// Build-output directories whose unlisted files are looked for under `src/`.
const BUILD_DIRS: &[&str] = &["dist", "lib", "build", "out", "esm", "cjs", "types"];

/// Declaration and script extensions dropped when a build-output target is mapped to source.
const OUTPUT_EXTS: &[&str] = &[
    ".d.ts", ".d.mts", ".d.cts", ".mjs", ".cjs", ".js", ".jsx", ".mts", ".cts", ".tsx", ".ts",
];

/// JSON with comments and trailing commas (`tsconfig.json`) as plain JSON text.
pub fn jsonc_to_json(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let mut last = 0;
    while i < b.len() {
        match b[i] {
            b'"' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                i = (j + 1).min(b.len());
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                out.push_str(text.get(last..i).unwrap_or(""));
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                last = i;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                out.push_str(text.get(last..i).unwrap_or(""));
                i += 2;
                while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                    i += 1;
                }
                i = (i + 2).min(b.len());
                last = i;
            }
            b',' => {
                let mut j = i + 1;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if matches!(b.get(j), Some(b'}' | b']')) {
                    out.push_str(text.get(last..i).unwrap_or(""));
                    last = i + 1;
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    out.push_str(text.get(last..).unwrap_or(""));
    out
}

/// The `compilerOptions` a `tsconfig.json` chain gives its files.
#[derive(Debug, Clone, Default)]
struct TsConfig {
    /// `paths` patterns with their targets.
    paths: Vec<(String, Vec<String>)>,
    /// The directory `paths` targets resolve under.
    paths_base: String,
    /// `baseUrl`, resolved.
    base_url: Option<String>,
}

/// Reads a config and its `extends` chain (relative files only, at most 8 deep).
fn load_tsconfig(src: &mut Sources<'_>, path: &str, depth: usize) -> Result<Option<TsConfig>> {
    let Some(i) = src.find(path) else {
        return Ok(None);
    };
    let Some(text) = src.text(i)? else {
        return Ok(None);
    };
    let Ok(v) = serde_json::from_str::<Value>(&jsonc_to_json(&text)) else {
        return Ok(None);
    };
    let dir = dir_of(path);
    let mut cfg = TsConfig::default();
    let parents: Vec<&str> = match v.get("extends") {
        Some(Value::String(s)) => vec![s.as_str()],
        Some(Value::Array(a)) => a.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    for parent in parents {
        if depth >= 8 || !(parent.starts_with("./") || parent.starts_with("../")) {
            continue;
        }
        let mut p = pathclean::clean(&join(dir, parent));
        if !p.ends_with(".json") {
            p.push_str(".json");
        }
        if let Some(base) = load_tsconfig(src, &p, depth + 1)? {
            cfg = base;
        }
    }
    let opts = v.get("compilerOptions");
    if let Some(b) = opts.and_then(|o| o.get("baseUrl")).and_then(Value::as_str) {
        cfg.base_url = Some(pathclean::clean(&join(dir, b)));
    }
    if let Some(Value::Object(paths)) = opts.and_then(|o| o.get("paths")) {
        cfg.paths = paths
            .iter()
            .map(|(k, t)| {
                let targets = match t {
                    Value::Array(a) => a
                        .iter()
                        .filter_map(Value::as_str)
                        .map(String::from)
                        .collect(),
                    Value::String(s) => vec![s.clone()],
                    _ => Vec::new(),
                };
                (k.clone(), targets)
            })
            .collect();
        cfg.paths_base = dir.to_string();
    }
    Ok(Some(cfg))
}

/// The `*` capture of `spec` under `pattern` (`""` for an exact match), or `None`.
fn pattern_match<'s>(pattern: &str, spec: &'s str) -> Option<&'s str> {
    match pattern.split_once('*') {
        None => (pattern == spec).then_some(""),
        Some((pre, post)) => spec
            .strip_prefix(pre)
            .and_then(|r| r.strip_suffix(post))
            .filter(|_| spec.len() >= pre.len() + post.len()),
    }
}

/// The specificity of a matching pattern: exact beats every `*`, then the longer prefix.
fn specificity(pattern: &str) -> usize {
    match pattern.split_once('*') {
        None => usize::MAX,
        Some((pre, _)) => pre.len(),
    }
}

struct Package {
    dir: String,
    manifest: Value,
}

struct Resolver<'g, 's, 'a> {
    g: &'g LangGraph,
    src: &'s Sources<'a>,
    packages: BTreeMap<String, Package>,
    configs: Vec<TsConfig>,
    /// Directory → the config governing it (index into `configs`).
    config_of: HashMap<String, Option<usize>>,
}

impl Resolver<'_, '_, '_> {
    fn file_module(&self, path: &str) -> Option<String> {
        let d = dir_of(path);
        (self.src.find(path).is_some() && is_source(base_name(path)) && self.g.has(d))
            .then(|| d.to_string())
    }

    /// A repo-relative target path (already cleaned) → its module.
    fn target(&self, t: &str) -> Option<String> {
        if t.starts_with("..") || t.starts_with('/') {
            return None;
        }
        if let Some(m) = self.file_module(t) {
            return Some(m);
        }
        for ext in EXTENSIONS {
            if let Some(m) = self.file_module(&format!("{t}.{ext}")) {
                return Some(m);
            }
        }
        for (js, tss) in [
            ("js", ["ts", "tsx"]),
            ("jsx", ["tsx", "ts"]),
            ("mjs", ["mts", "mts"]),
            ("cjs", ["cts", "cts"]),
        ] {
            if let Some(stem) = t.strip_suffix(&format!(".{js}")) {
                for ts in tss {
                    if let Some(m) = self.file_module(&format!("{stem}.{ts}")) {
                        return Some(m);
                    }
                }
            }
        }
        self.g.has(t).then(|| t.to_string())
    }

    /// A package-relative target of a manifest field → its module, through the source twin of
    /// an unlisted build-output file.
    fn package_target(&self, pkg: &Package, rel: &str) -> Option<String> {
        let t = pathclean::clean(&join(&pkg.dir, rel));
        if self.src.find(&t).is_some() || self.src.is_dir(&t) {
            if let Some(m) = self.target(&t) {
                return Some(m);
            }
        }
        let rel = pathclean::clean(rel);
        let stem = OUTPUT_EXTS
            .iter()
            .find_map(|e| rel.strip_suffix(e))
            .unwrap_or(&rel);
        let twin = match stem.split_once('/') {
            Some((first, rest)) if BUILD_DIRS.contains(&first) => join("src", rest),
            _ => stem.to_string(),
        };
        self.target(&pathclean::clean(&join(&pkg.dir, &twin)))
    }

    /// The string targets of an `exports` value, every condition in order.
    fn conditions<'v>(v: &'v Value, out: &mut Vec<&'v str>, depth: usize) {
        match v {
            Value::String(s) => out.push(s),
            Value::Array(a) if depth < 8 => {
                for x in a {
                    Self::conditions(x, out, depth + 1);
                }
            }
            Value::Object(o) if depth < 8 => {
                for x in o.values() {
                    Self::conditions(x, out, depth + 1);
                }
            }
            _ => {}
        }
    }

    /// `exports` for subpath `key` (`.` or `./sub`) → module.
    fn exports(&self, pkg: &Package, key: &str) -> Option<String> {
        let exports = pkg.manifest.get("exports")?;
        let map = match exports {
            Value::Object(o) if o.keys().any(|k| k.starts_with('.')) => o,
            other => {
                if key != "." {
                    return None;
                }
                let mut targets = Vec::new();
                Self::conditions(other, &mut targets, 0);
                return targets.iter().find_map(|t| self.package_target(pkg, t));
            }
        };
        let (pattern, capture) = map
            .keys()
            .filter_map(|k| pattern_match(k, key).map(|c| (k, c)))
            .max_by_key(|(k, _)| specificity(k))?;
        let mut targets = Vec::new();
        Self::conditions(map.get(pattern)?, &mut targets, 0);
        targets
            .iter()
            .find_map(|t| self.package_target(pkg, &t.replace('*', capture)))
    }

    fn package(&self, spec: &str) -> Option<String> {
        let mut parts = spec.splitn(3, '/');
        let first = parts.next()?;
        let (name, rest) = if first.starts_with('@') {
            let second = parts.next()?;
            (format!("{first}/{second}"), parts.next().unwrap_or(""))
        } else {
            let rest = spec.get(first.len() + 1..).unwrap_or("");
            (first.to_string(), rest)
        };
        let pkg = self.packages.get(&name)?;
        if !rest.is_empty() {
            if let Some(m) = self.exports(pkg, &format!("./{rest}")) {
                return Some(m);
            }
            for base in [join(&pkg.dir, "src"), pkg.dir.clone()] {
                if let Some(m) = self.target(&pathclean::clean(&join(&base, rest))) {
                    return Some(m);
                }
            }
        }
        if let Some(m) = self.exports(pkg, ".") {
            return Some(m);
        }
        for field in ["types", "typings", "module", "main"] {
            if let Some(rel) = pkg.manifest.get(field).and_then(Value::as_str) {
                if let Some(m) = self.package_target(pkg, rel) {
                    return Some(m);
                }
            }
        }
        for rel in ["src/index", "index"] {
            let t = join(&pkg.dir, rel);
            if EXTENSIONS
                .iter()
                .any(|e| self.src.find(&format!("{t}.{e}")).is_some())
            {
                return self.target(&t);
            }
        }
        let s = join(&pkg.dir, "src");
        self.g.has(&s).then_some(s)
    }

    fn tsconfig(&self, file: &str) -> Option<&TsConfig> {
        let k = (*self.config_of.get(dir_of(file))?)?;
        self.configs.get(k)
    }

    fn aliased(&self, cfg: &TsConfig, spec: &str) -> Option<String> {
        let best = cfg
            .paths
            .iter()
            .filter_map(|(k, t)| pattern_match(k, spec).map(|c| (k, t, c)))
            .max_by_key(|(k, _, _)| specificity(k));
        let base = cfg.base_url.as_deref().unwrap_or(&cfg.paths_base);
        if let Some((_, targets, capture)) = best {
            for t in targets {
                let p = pathclean::clean(&join(base, &t.replace('*', capture)));
                if let Some(m) = self.target(&p) {
                    return Some(m);
                }
            }
        }
        let b = cfg.base_url.as_deref()?;
        self.target(&pathclean::clean(&join(b, spec)))
    }

    fn resolve(&self, file: &str, spec: &str) -> Option<String> {
        if spec.starts_with("./") || spec.starts_with("../") || spec == "." || spec == ".." {
            let joined = pathclean::clean(&format!("{}/{spec}", dir_of(file)));
            return self.target(&joined);
        }
        if let Some(m) = self.tsconfig(file).and_then(|c| self.aliased(c, spec)) {
            return Some(m);
        }
        self.package(spec)
    }
}

/// Derives the TypeScript / JavaScript modules and edges of the listing.
pub fn rules(src: &mut Sources<'_>) -> Result<LangGraph> {
    let files = src.files();
    let mut g = LangGraph::default();
    let mut sources = Vec::new();
    let mut manifests = Vec::new();
    let mut tsconfigs = Vec::new();
    for (i, f) in files.iter().enumerate() {
        if in_skipped_dir(&f.path, skipped_dir) || src.is_foreign(&f.path) {
            continue;
        }
        let name = base_name(&f.path);
        if is_source(name) {
            g.add_file(dir_of(&f.path), i);
            sources.push(i);
        } else if name == "package.json" {
            manifests.push(i);
        } else if name == "tsconfig.json" {
            tsconfigs.push(i);
        }
    }
    let mut packages = BTreeMap::new();
    for i in manifests {
        let Some(text) = src.text(i)? else { continue };
        let Ok(v) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        let Some(name) = v.get("name").and_then(Value::as_str) else {
            continue;
        };
        let dir = dir_of(&files[i].path).to_string();
        packages.insert(name.to_string(), Package { dir, manifest: v });
    }
    let mut configs = Vec::new();
    let mut config_at: HashMap<&str, usize> = HashMap::new();
    for i in tsconfigs {
        if let Some(c) = load_tsconfig(src, &files[i].path, 0)? {
            config_at.insert(dir_of(&files[i].path), configs.len());
            configs.push(c);
        }
    }
    // The nearest config above each source directory.
    let mut config_of: HashMap<String, Option<usize>> = HashMap::new();
    if !configs.is_empty() {
        for m in g.modules.keys() {
            let mut d = m.as_str();
            let found = loop {
                if let Some(&k) = config_at.get(d) {
                    break Some(k);
                }
                if d == "." {
                    break None;
                }
                d = dir_of(d);
            };
            config_of.insert(m.clone(), found);
        }
    }
    let mut texts = Vec::with_capacity(sources.len());
    for &i in &sources {
        if let Some(text) = src.text(i)? {
            texts.push((i, text));
        }
    }
    let r = Resolver {
        g: &g,
        src,
        packages,
        configs,
        config_of,
    };
    let mut edges = Vec::new();
    for (i, text) in &texts {
        let path = &files[*i].path;
        for spec in specifiers(text) {
            if let Some(t) = r.resolve(path, &spec) {
                edges.push((dir_of(path).to_string(), t));
            }
        }
    }
    for (a, b) in edges {
        g.add_edge(&a, &b);
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specifiers_come_from_import_export_and_require_only() {
        let t = "import a from './a';\nimport './side';\nexport * from \"../b\";\nconst c = require('c');\nconst d = await import(`./d`);\n// import x from './no'\nconst s = 'from ./no2';\nconst r = /import '.\\/no3'/;\nfoo('./no4');\n";
        assert_eq!(specifiers(t), vec!["./a", "./side", "../b", "c", "./d"]);
    }
}
