//! Go rules (blueprint.md, exactly).
//!
//! * Module: a directory (repo-relative, root `.`) holding at least one `.go` file not ending in
//!   `_test.go`. Directories named `testdata` or `vendor`, or whose name starts with `.` or `_`,
//!   are skipped with their subtrees (the Go toolchain's rule).
//! * Source files of a module: its non-test `.go` files; they make its fingerprint and `bytes`.
//! * Edges: for each non-test file, every import path equal to the `module` path of the root
//!   `go.mod` (→ `.`) or starting with it + `/` maps to the directory of the imported package;
//!   edges to paths that are not modules are dropped, self-edges dropped. In the module `std`
//!   (Go's own standard library, whose import paths carry no module prefix) every import path
//!   is the directory of the imported package.
//! * Build constraints: the default build `go list` makes on a Linux host, fixed as
//!   linux/amd64 with cgo (the scanner reads no environment): a file whose name ends in another
//!   platform's `_GOOS`, `_GOARCH` or `_GOOS_GOARCH`, or whose `//go:build` line (else its
//!   `// +build` lines) does not hold with `linux`, `amd64`, `unix`, `gc`, `cgo` and every
//!   `go1.N` true and every other tag (`ignore`, `integration`, `gccgo`, other platforms) false,
//!   is not a source file.

use crate::error::Result;

use super::lex::{tokens, Dialect, Tok};
use super::{base_name, dir_of, in_skipped_dir, LangGraph, Sources};

/// Whether a directory name hides its subtree from the Go toolchain.
pub fn skipped_dir(name: &str) -> bool {
    name == "testdata" || name == "vendor" || name.starts_with('.') || name.starts_with('_')
}

/// The `module` path declared by a `go.mod` text (`""` when there is none).
pub fn module_path(go_mod: &str) -> String {
    for line in go_mod.lines() {
        let line = line.split("//").next().unwrap_or("").trim();
        if let Some(rest) = line.strip_prefix("module") {
            if rest.starts_with([' ', '\t', '"']) {
                return rest.trim().trim_matches('"').trim_matches('`').to_string();
            }
        }
    }
    String::new()
}

/// The import paths of a Go source text (the import declarations before the first other
/// top-level declaration).
pub fn imports(text: &str) -> Vec<String> {
    let toks = tokens(text, Dialect::Go);
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::Ident("import") => {
                i += 1;
                if toks.get(i) == Some(&Tok::Punct('(')) {
                    i += 1;
                    while i < toks.len() && toks[i] != Tok::Punct(')') {
                        if let Tok::Str(s) = &toks[i] {
                            out.push((*s).to_string());
                        }
                        i += 1;
                    }
                } else {
                    // optional name (`.`, `_` or an identifier), then the path
                    while i < toks.len() {
                        if let Tok::Str(s) = &toks[i] {
                            out.push((*s).to_string());
                            break;
                        }
                        if matches!(toks[i], Tok::Punct(';') | Tok::Punct(')')) {
                            break;
                        }
                        i += 1;
                    }
                }
            }
            Tok::Ident("func" | "type" | "var" | "const") => break,
            _ => {}
        }
        i += 1;
    }
    out
}

/// The `GOOS` values (at most one holds).
const GOOS: &[&str] = &[
    "aix",
    "android",
    "darwin",
    "dragonfly",
    "freebsd",
    "hurd",
    "illumos",
    "ios",
    "js",
    "linux",
    "nacl",
    "netbsd",
    "openbsd",
    "plan9",
    "solaris",
    "wasip1",
    "windows",
    "zos",
];

/// The `GOARCH` values (at most one holds).
const GOARCH: &[&str] = &[
    "386",
    "amd64",
    "amd64p32",
    "arm",
    "armbe",
    "arm64",
    "arm64be",
    "loong64",
    "mips",
    "mipsle",
    "mips64",
    "mips64le",
    "mips64p32",
    "mips64p32le",
    "ppc",
    "ppc64",
    "ppc64le",
    "riscv",
    "riscv64",
    "s390",
    "s390x",
    "sparc",
    "sparc64",
    "wasm",
];

/// The platform of the default build the scanner evaluates constraints for: a fixed choice
/// (the scanner reads no environment), the one `go list` uses on the usual Linux host.
pub const DEFAULT_GOOS: &str = "linux";
/// See [`DEFAULT_GOOS`].
pub const DEFAULT_GOARCH: &str = "amd64";

/// Whether a build tag holds in the default build: `linux`, `amd64`, `unix`, `gc`, `cgo` and
/// every `go1.N` release tag; every other tag (`ignore`, other platforms, `gccgo`, custom tags)
/// does not.
pub fn default_tag(tag: &str) -> bool {
    matches!(tag, DEFAULT_GOOS | DEFAULT_GOARCH | "unix" | "gc" | "cgo")
        || tag
            .strip_prefix("go1.")
            .is_some_and(|v| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a file name's `_GOOS`, `_GOARCH` or `_GOOS_GOARCH` suffix (before `.go`, after an
/// optional `_test`) admits the default build, as `go/build` reads it.
pub fn good_os_arch_file(name: &str) -> bool {
    let stem = name.split('.').next().unwrap_or("");
    let Some(cut) = stem.find('_') else {
        return true;
    };
    // The `_`-separated elements after the first `_`, read from the end (no allocation).
    let mut l = stem[cut..].rsplit('_');
    let mut last = l.next().unwrap_or("");
    if last == "test" {
        last = l.next().unwrap_or("");
    }
    let prev = l.next().unwrap_or("");
    if GOOS.contains(&prev) && GOARCH.contains(&last) {
        return default_tag(prev) && default_tag(last);
    }
    if GOOS.contains(&last) || GOARCH.contains(&last) {
        return default_tag(last);
    }
    true
}

/// A parsed build-constraint expression.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Expr {
    Tag(String),
    Not(Box<Expr>),
    And(Box<Expr>, Box<Expr>),
    Or(Box<Expr>, Box<Expr>),
}

impl Expr {
    fn eval(&self, on: &dyn Fn(&str) -> bool) -> bool {
        match self {
            Expr::Tag(t) => on(t),
            Expr::Not(e) => !e.eval(on),
            Expr::And(a, b) => a.eval(on) && b.eval(on),
            Expr::Or(a, b) => a.eval(on) || b.eval(on),
        }
    }
}

/// Parses a `//go:build` expression (`||`, `&&`, `!`, parentheses); `None` when malformed.
fn parse_build_expr(text: &str) -> Option<Expr> {
    let mut toks = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' => i += 1,
            b'(' | b')' | b'!' => {
                toks.push(text.get(i..i + 1)?);
                i += 1;
            }
            b'&' | b'|' if b.get(i + 1) == Some(&b[i]) => {
                toks.push(text.get(i..i + 2)?);
                i += 2;
            }
            c if c.is_ascii_alphanumeric() || c == b'_' || c == b'.' => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.')
                {
                    i += 1;
                }
                toks.push(text.get(start..i)?);
            }
            _ => return None,
        }
    }
    let mut pos = 0;
    let e = parse_or(&toks, &mut pos, 0)?;
    (pos == toks.len()).then_some(e)
}

fn parse_or(t: &[&str], pos: &mut usize, depth: usize) -> Option<Expr> {
    let mut e = parse_and(t, pos, depth)?;
    while t.get(*pos) == Some(&"||") {
        *pos += 1;
        e = Expr::Or(Box::new(e), Box::new(parse_and(t, pos, depth)?));
    }
    Some(e)
}

fn parse_and(t: &[&str], pos: &mut usize, depth: usize) -> Option<Expr> {
    let mut e = parse_not(t, pos, depth)?;
    while t.get(*pos) == Some(&"&&") {
        *pos += 1;
        e = Expr::And(Box::new(e), Box::new(parse_not(t, pos, depth)?));
    }
    Some(e)
}

fn parse_not(t: &[&str], pos: &mut usize, depth: usize) -> Option<Expr> {
    if depth > 32 {
        return None;
    }
    let tok = *t.get(*pos)?;
    *pos += 1;
    match tok {
        "!" => Some(Expr::Not(Box::new(parse_not(t, pos, depth + 1)?))),
        "(" => {
            let e = parse_or(t, pos, depth + 1)?;
            (t.get(*pos) == Some(&")")).then(|| *pos += 1)?;
            Some(e)
        }
        ")" | "&&" | "||" => None,
        tag => Some(Expr::Tag(tag.to_string())),
    }
}

/// A `// +build` line's expression: space-separated options OR-ed, comma-separated terms AND-ed.
fn parse_plus_build(text: &str) -> Option<Expr> {
    let mut or: Option<Expr> = None;
    for option in text.split_whitespace() {
        let mut and: Option<Expr> = None;
        for term in option.split(',') {
            let (neg, tag) = match term.strip_prefix('!') {
                Some(t) => (true, t),
                None => (false, term),
            };
            if tag.is_empty() {
                return None;
            }
            let mut e = Expr::Tag(tag.to_string());
            if neg {
                e = Expr::Not(Box::new(e));
            }
            and = Some(match and {
                Some(a) => Expr::And(Box::new(a), Box::new(e)),
                None => e,
            });
        }
        let and = and?;
        or = Some(match or {
            Some(o) => Expr::Or(Box::new(o), Box::new(and)),
            None => and,
        });
    }
    or
}

/// The build constraint of a Go source text: its `//go:build` line, else the conjunction of its
/// `// +build` lines, read from the comments before the `package` clause.
fn build_constraint(text: &str) -> Option<Expr> {
    let mut plus: Option<Expr> = None;
    let mut in_block = false;
    for line in text.lines() {
        let line = line.trim();
        if in_block {
            if let Some((_, after)) = line.split_once("*/") {
                in_block = false;
                if !after.trim().is_empty() {
                    break;
                }
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = line.strip_prefix("//go:build") {
            if rest.is_empty() || rest.starts_with([' ', '\t']) {
                return parse_build_expr(rest.trim());
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("//") {
            if let Some(opts) = rest.trim_start().strip_prefix("+build") {
                if let Some(e) = parse_plus_build(opts) {
                    plus = Some(match plus {
                        Some(p) => Expr::And(Box::new(p), Box::new(e)),
                        None => e,
                    });
                }
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("/*") {
            in_block = !rest.contains("*/");
            continue;
        }
        break; // the package clause or anything else ends the header
    }
    plus
}

/// Whether a Go source text's build constraint holds in the default build (see
/// [`default_tag`]); a file without a constraint, or with a malformed one, builds.
pub fn builds_by_default(text: &str) -> bool {
    build_constraint(text).is_none_or(|e| e.eval(&default_tag))
}

/// Derives the Go modules and edges of the listing.
pub fn rules(src: &mut Sources<'_>) -> Result<LangGraph> {
    let modpath = match src.find("go.mod") {
        Some(i) => src.text(i)?.map(|t| module_path(&t)).unwrap_or_default(),
        None => String::new(),
    };
    let mut g = LangGraph::default();
    let files = src.files();
    let mut sources = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let name = base_name(&f.path);
        if !name.ends_with(".go")
            || name.ends_with("_test.go")
            || !good_os_arch_file(name)
            || in_skipped_dir(&f.path, skipped_dir)
            || src.is_foreign(&f.path)
        {
            continue;
        }
        let text = src.text(i)?;
        if text.as_deref().is_some_and(|t| !builds_by_default(t)) {
            continue;
        }
        g.add_file(dir_of(&f.path), i);
        sources.push((i, text));
    }
    if modpath.is_empty() {
        return Ok(g);
    }
    for (i, text) in sources {
        let Some(text) = text else { continue };
        let from = dir_of(&files[i].path).to_string();
        for imp in imports(&text) {
            let target = if modpath == "std" {
                imp.as_str()
            } else if imp == modpath {
                "."
            } else if let Some(rest) = imp.strip_prefix(&modpath).and_then(|r| r.strip_prefix('/'))
            {
                rest
            } else {
                continue;
            };
            g.add_edge(&from, target);
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn module_line_is_read_with_comments_and_quotes() {
        assert_eq!(
            module_path("// x\nmodule example.com/m // c\n\ngo 1.22\n"),
            "example.com/m"
        );
        assert_eq!(module_path("module \"example.com/q\"\n"), "example.com/q");
        assert_eq!(module_path("modulex y\n"), "");
    }

    #[test]
    fn imports_are_read_from_single_and_grouped_declarations_only() {
        let t = "package a\n// import \"no/comment\"\nimport \"fmt\"\nimport x \"m/b\"\nimport (\n\t_ \"m/c\"\n\t. `m/d`\n)\nfunc f() { s := \"import \\\"m/e\\\"\" }\n";
        assert_eq!(imports(t), vec!["fmt", "m/b", "m/c", "m/d"]);
    }

    #[test]
    fn build_constraints_exclude_files_the_default_build_leaves_out() {
        let keeps = |header: &str| builds_by_default(&format!("{header}\npackage p\n"));
        assert!(keeps(""));
        assert!(keeps("// Copyright.\n"));
        assert!(!keeps("//go:build ignore\n"));
        assert!(!keeps("/* c */\n//go:build integration && linux\n"));
        assert!(keeps("//go:build linux && (amd64 || arm64) && cgo\n"));
        assert!(!keeps("//go:build linux && !cgo\n"));
        assert!(!keeps("//go:build windows || darwin\n"));
        assert!(keeps("//go:build unix && gc\n"));
        assert!(!keeps("//go:build gccgo\n"));
        assert!(keeps("//go:build !ignore\n"));
        assert!(keeps("//go:build go1.21 || ignore\n"));
        assert!(!keeps("// +build ignore\n"));
        assert!(keeps("// +build linux,386 darwin linux,amd64\n"));
        assert!(!keeps("// +build linux\n// +build ignore\n"));
        assert!(
            keeps("//go:build linux\n// +build ignore\n"),
            "go:build wins"
        );
        assert!(
            keeps("package p\n//go:build ignore\n"),
            "after the package clause"
        );
        assert!(keeps("//go:build ((\n"), "malformed: kept");
    }

    #[test]
    fn file_name_platform_suffixes_follow_go_build() {
        for keep in [
            "a.go",
            "a_linux.go",
            "a_amd64.go",
            "a_linux_amd64.go",
            "a_linux_test.go",
            "linux.go",
            "a_unix.go",
            "a_b.go",
        ] {
            assert!(good_os_arch_file(keep), "{keep}");
        }
        for drop in [
            "a_windows.go",
            "a_arm64.go",
            "a_linux_arm64.go",
            "x_darwin_amd64.go",
            "b_js_wasm.go",
        ] {
            assert!(!good_os_arch_file(drop), "{drop}");
        }
    }
}
