//! TypeScript / JavaScript rules (the scanner's own design, documented here and in README).
//!
//! * Source files: `.ts`, `.tsx`, `.mts`, `.cts`, `.js`, `.jsx`, `.mjs`, `.cjs` (declaration
//!   files `.d.ts` included). Skipped directories: names starting with `.`, `node_modules`,
//!   `dist`, `build`, `out`, `coverage`, `vendor`.
//! * Module: a directory holding at least one source file; its files are those source files.
//! * Workspace packages: every `package.json` of the listing (outside skipped directories) with a
//!   string `name`; the package's entry module is its directory if that is a module, else
//!   `<dir>/src` if that is one.
//! * Edges, from the string specifier of `import … from "x"`, `import "x"`, `export … from "x"`,
//!   `import("x")`, `require("x")` (comments, strings, template literals and regular expressions
//!   are not mistaken for code): a relative specifier (`./`, `../`) resolves from the importing
//!   file's directory to a listed file (as written, with a source extension appended, with a
//!   `.js`-family extension swapped for its TypeScript one) → that file's directory, or to a
//!   directory → that directory if it is a module (an `index` file inside counts). A specifier
//!   naming a workspace package (`name` or `name/sub/path`, scoped names included) resolves
//!   `sub/path` the same way inside the package directory (then inside `<dir>/src`), or to the
//!   package's entry module when there is no sub-path or it resolves nowhere. Anything else
//!   (npm dependencies, Node built-ins, specifiers leaving the repository, `tsconfig.json`
//!   `paths` aliases, which are not read) is dropped.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::error::Result;
use crate::protocol::codec::pathclean;

use super::lex::{tokens, Dialect, Tok};
use super::{base_name, dir_of, in_skipped_dir, join, LangGraph, Sources};

/// The source extensions, TypeScript first (the order in which appended extensions are tried).
pub const EXTENSIONS: &[&str] = &["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs"];

/// Whether a directory name is never scanned for TypeScript / JavaScript.
pub fn skipped_dir(name: &str) -> bool {
    name.starts_with('.')
        || matches!(
            name,
            "node_modules" | "dist" | "build" | "out" | "coverage" | "vendor"
        )
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

struct Package {
    dir: String,
    entry: Option<String>,
}

struct Resolver<'g, 's, 'a> {
    g: &'g LangGraph,
    src: &'s Sources<'a>,
    packages: BTreeMap<String, Package>,
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

    fn resolve(&self, file: &str, spec: &str) -> Option<String> {
        if spec.starts_with("./") || spec.starts_with("../") || spec == "." || spec == ".." {
            let joined = pathclean::clean(&format!("{}/{spec}", dir_of(file)));
            return self.target(&joined);
        }
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
            for base in [pkg.dir.clone(), join(&pkg.dir, "src")] {
                let t = pathclean::clean(&join(&base, rest));
                if let Some(m) = self.target(&t) {
                    return Some(m);
                }
            }
        }
        pkg.entry.clone()
    }
}

/// Derives the TypeScript / JavaScript modules and edges of the listing.
pub fn rules(src: &mut Sources<'_>) -> Result<LangGraph> {
    let files = src.files();
    let mut g = LangGraph::default();
    let mut sources = Vec::new();
    let mut manifests = Vec::new();
    for (i, f) in files.iter().enumerate() {
        if in_skipped_dir(&f.path, skipped_dir) {
            continue;
        }
        let name = base_name(&f.path);
        if is_source(name) {
            g.add_file(dir_of(&f.path), i);
            sources.push(i);
        } else if name == "package.json" {
            manifests.push(i);
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
        let entry = if g.has(&dir) {
            Some(dir.clone())
        } else {
            let s = join(&dir, "src");
            g.has(&s).then_some(s)
        };
        packages.insert(name.to_string(), Package { dir, entry });
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
