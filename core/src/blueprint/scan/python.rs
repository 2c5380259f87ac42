//! Python rules (the scanner's own design, documented here and in README).
//!
//! * Source roots: `src` when some `.py` file lies below `src/` and `src/` holds no
//!   `__init__.py` (the src layout), then the repository root `.`; imports resolve against them
//!   in that order.
//! * Module: a directory holding at least one `.py` or `.pyi` file (a package, or the root / a
//!   source root for top-level modules); its files are its `.py` and `.pyi` files. Skipped
//!   directories: names starting with `.`, `__pycache__`, `node_modules`, `site-packages`,
//!   `build`, `dist`, `venv`, `env`, and names ending in `.egg-info`.
//! * Edges, from every `import a.b.c` and `from X import n` statement (at any indentation,
//!   including those under `if TYPE_CHECKING:` or `try:`): a dotted name resolves under a source
//!   root to its longest prefix that is a module directory (`root/a/b/c`) or a module file
//!   (`root/a/b/c.py`, `.pyi` → its directory `root/a/b`); `from X import n` tries `X.n` first
//!   (a submodule), then `X`. Relative imports (`from .x import y`, `from .. import z`) resolve
//!   from the importing file's package directory, one directory up per extra dot. Names that
//!   resolve nowhere (the standard library, installed packages) are dropped.

use crate::error::Result;

use super::{base_name, dir_of, in_skipped_dir, join, LangGraph, Sources};

/// Whether a directory name is never scanned for Python.
pub fn skipped_dir(name: &str) -> bool {
    name.starts_with('.')
        || name.ends_with(".egg-info")
        || matches!(name, "__pycache__" | "node_modules" | "site-packages")
}

fn is_source(path: &str) -> bool {
    path.ends_with(".py") || path.ends_with(".pyi")
}

/// One import statement: `level` leading dots (0 = absolute), the dotted module and, for
/// `from … import`, the imported names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Import {
    /// Number of leading dots.
    pub level: usize,
    /// The dotted module split on `.` (empty for `from . import x`).
    pub module: Vec<String>,
    /// The names of `from … import names` (empty for `import …`; `*` kept).
    pub names: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Name(String),
    Dot,
    Comma,
    Star,
    Other,
}

/// The logical statements of a Python text as token lists (comments and strings removed;
/// statements split at newlines outside brackets, `;` and a `:` outside brackets).
fn statements(text: &str) -> Vec<Vec<Tok>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut cur = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    let end_stmt = |cur: &mut Vec<Tok>, out: &mut Vec<Vec<Tok>>| {
        if !cur.is_empty() {
            out.push(std::mem::take(cur));
        }
    };
    while i < b.len() {
        let c = b[i];
        match c {
            b'#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'\\' if b.get(i + 1) == Some(&b'\n') => i += 2,
            b'\\' if b.get(i + 1) == Some(&b'\r') => i += 3,
            b'\n' => {
                if depth == 0 {
                    end_stmt(&mut cur, &mut out);
                }
                i += 1;
            }
            b';' | b':' if depth == 0 => {
                end_stmt(&mut cur, &mut out);
                i += 1;
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                cur.push(Tok::Other);
                i += 1;
            }
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                cur.push(Tok::Other);
                i += 1;
            }
            b'"' | b'\'' => {
                i = skip_string(b, i);
                cur.push(Tok::Other);
            }
            b'.' => {
                cur.push(Tok::Dot);
                i += 1;
            }
            b',' => {
                cur.push(Tok::Comma);
                i += 1;
            }
            b'*' => {
                cur.push(Tok::Star);
                i += 1;
            }
            b' ' | b'\t' | b'\r' | b'\x0c' => i += 1,
            _ if c == b'_' || c.is_ascii_alphanumeric() || c >= 0x80 => {
                let start = i;
                while i < b.len() && (b[i] == b'_' || b[i].is_ascii_alphanumeric() || b[i] >= 0x80)
                {
                    i += 1;
                }
                // A string prefix (r, b, f, u and their pairs) directly before a quote.
                let prefix = b.get(start..i).unwrap_or(&[]);
                if matches!(b.get(i), Some(b'"' | b'\''))
                    && prefix.len() <= 2
                    && prefix.iter().all(|c| b"rbfuRBFU".contains(c))
                {
                    i = skip_string(b, i);
                    cur.push(Tok::Other);
                    continue;
                }
                let word = String::from_utf8_lossy(b.get(start..i).unwrap_or(&[])).into_owned();
                cur.push(Tok::Name(word));
            }
            _ => {
                cur.push(Tok::Other);
                i += 1;
            }
        }
    }
    end_stmt(&mut cur, &mut out);
    out
}

/// Skips a string literal starting at the quote `b[i]`, triple-quoted or not.
fn skip_string(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let triple = b.get(i + 1) == Some(&q) && b.get(i + 2) == Some(&q);
    let mut j = if triple { i + 3 } else { i + 1 };
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            c if c == q => {
                if !triple {
                    return j + 1;
                }
                if b.get(j + 1) == Some(&q) && b.get(j + 2) == Some(&q) {
                    return j + 3;
                }
                j += 1;
            }
            b'\n' if !triple => return j,
            _ => j += 1,
        }
    }
    b.len()
}

fn dotted(toks: &[Tok], pos: &mut usize) -> Vec<String> {
    let mut out = Vec::new();
    while let Some(Tok::Name(n)) = toks.get(*pos) {
        if n == "import" || n == "as" {
            break;
        }
        out.push(n.clone());
        *pos += 1;
        if toks.get(*pos) == Some(&Tok::Dot) {
            *pos += 1;
        } else {
            break;
        }
    }
    out
}

/// The import statements of a Python text.
pub fn imports(text: &str) -> Vec<Import> {
    let mut out = Vec::new();
    for st in statements(text) {
        match st.first() {
            Some(Tok::Name(w)) if w == "import" => {
                let mut pos = 1;
                loop {
                    let module = dotted(&st, &mut pos);
                    if !module.is_empty() {
                        out.push(Import {
                            level: 0,
                            module,
                            names: Vec::new(),
                        });
                    }
                    while pos < st.len() && st[pos] != Tok::Comma {
                        pos += 1;
                    }
                    if pos >= st.len() {
                        break;
                    }
                    pos += 1;
                }
            }
            Some(Tok::Name(w)) if w == "from" => {
                let mut pos = 1;
                let mut level = 0;
                while st.get(pos) == Some(&Tok::Dot) {
                    level += 1;
                    pos += 1;
                }
                let module = dotted(&st, &mut pos);
                if st.get(pos) != Some(&Tok::Name("import".into())) {
                    continue;
                }
                let mut names = Vec::new();
                let mut expect_name = true;
                for t in st.get(pos + 1..).unwrap_or(&[]) {
                    match t {
                        Tok::Name(n) if expect_name => {
                            names.push(n.clone());
                            expect_name = false;
                        }
                        Tok::Star if expect_name => {
                            names.push("*".into());
                            expect_name = false;
                        }
                        Tok::Comma => expect_name = true,
                        _ => {}
                    }
                }
                out.push(Import {
                    level,
                    module,
                    names,
                });
            }
            _ => {}
        }
    }
    out
}

struct Resolver<'g, 's, 'a> {
    g: &'g LangGraph,
    src: &'s Sources<'a>,
    roots: Vec<String>,
}

impl Resolver<'_, '_, '_> {
    /// The module of the longest prefix of `segs` under `base` (`segs` empty: `base` itself).
    fn under(&self, base: &str, segs: &[String]) -> Option<String> {
        for k in (1..=segs.len()).rev() {
            let p = join(base, &segs[..k].join("/"));
            if self.g.has(&p) {
                return Some(p);
            }
            let is_file = [".py", ".pyi"]
                .iter()
                .any(|ext| self.src.find(&format!("{p}{ext}")).is_some());
            if is_file {
                let d = dir_of(&p).to_string();
                if self.g.has(&d) {
                    return Some(d);
                }
            }
        }
        (segs.is_empty() && self.g.has(base)).then(|| base.to_string())
    }

    fn absolute(&self, segs: &[String]) -> Option<String> {
        self.roots.iter().find_map(|r| {
            if segs.is_empty() {
                None
            } else {
                self.under(r, segs)
            }
        })
    }

    fn targets(&self, file: &str, imp: &Import) -> Vec<String> {
        let mut base = None;
        if imp.level > 0 {
            let mut d = dir_of(file).to_string();
            for _ in 1..imp.level {
                if d == "." {
                    return Vec::new();
                }
                d = dir_of(&d).to_string();
            }
            base = Some(d);
        }
        let lookup = |segs: &[String]| match &base {
            Some(b) => self.under(b, segs),
            None => self.absolute(segs),
        };
        let mut out = Vec::new();
        if imp.names.is_empty() {
            out.extend(lookup(&imp.module));
            return out;
        }
        for n in &imp.names {
            let mut full = imp.module.clone();
            if n != "*" {
                full.push(n.clone());
            }
            // `from .. import Name`: a submodule `Name`, else a name the package itself defines.
            let found = lookup(&full).or_else(|| match &base {
                Some(b) if imp.module.is_empty() => self.under(b, &[]),
                _ => None,
            });
            out.extend(found);
        }
        out
    }
}

/// Derives the Python modules and edges of the listing.
pub fn rules(src: &mut Sources<'_>) -> Result<LangGraph> {
    let files = src.files();
    let mut g = LangGraph::default();
    let mut sources = Vec::new();
    for (i, f) in files.iter().enumerate() {
        if is_source(base_name(&f.path))
            && !in_skipped_dir(&f.path, skipped_dir)
            && !src.is_foreign(&f.path)
        {
            g.add_file(dir_of(&f.path), i);
            sources.push(i);
        }
    }
    let src_layout = files
        .iter()
        .any(|f| f.path.starts_with("src/") && is_source(&f.path))
        && src.find("src/__init__.py").is_none();
    let mut roots = Vec::new();
    if src_layout {
        roots.push("src".to_string());
    }
    roots.push(".".to_string());
    let mut texts = Vec::with_capacity(sources.len());
    for &i in &sources {
        if let Some(text) = src.text(i)? {
            texts.push((i, text));
        }
    }
    let r = Resolver { g: &g, src, roots };
    let mut edges = Vec::new();
    for (i, text) in &texts {
        let path = &files[*i].path;
        for imp in imports(text) {
            for t in r.targets(path, &imp) {
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

    fn imp(level: usize, module: &[&str], names: &[&str]) -> Import {
        Import {
            level,
            module: module.iter().map(|s| s.to_string()).collect(),
            names: names.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn import_statements_are_read_outside_strings_and_comments() {
        let t = "\"\"\"\nimport no\n\"\"\"\nimport a.b as c, d  # import no2\nfrom ..x import (y,\n    z as w)\nif T: from . import *\ns = 'from q import r'\nx = f\"import {y}\"\n";
        assert_eq!(
            imports(t),
            vec![
                imp(0, &["a", "b"], &[]),
                imp(0, &["d"], &[]),
                imp(2, &["x"], &["y", "z"]),
                imp(1, &[], &["*"]),
            ]
        );
    }
}
