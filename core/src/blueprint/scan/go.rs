//! Go rules (blueprint.md, exactly).
//!
//! * Module: a directory (repo-relative, root `.`) holding at least one `.go` file not ending in
//!   `_test.go`. Directories named `testdata` or `vendor`, or whose name starts with `.` or `_`,
//!   are skipped with their subtrees (the Go toolchain's rule).
//! * Source files of a module: its non-test `.go` files; they make its fingerprint and `bytes`.
//! * Edges: for each non-test file, every import path equal to the `module` path of the root
//!   `go.mod` (→ `.`) or starting with it + `/` maps to the directory of the imported package;
//!   edges to paths that are not modules are dropped, self-edges dropped. Build constraints are
//!   not evaluated (every file counts).

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
            || in_skipped_dir(&f.path, skipped_dir)
        {
            continue;
        }
        g.add_file(dir_of(&f.path), i);
        sources.push(i);
    }
    if modpath.is_empty() {
        return Ok(g);
    }
    for i in sources {
        let Some(text) = src.text(i)? else { continue };
        let from = dir_of(&files[i].path).to_string();
        for imp in imports(&text) {
            let target = if imp == modpath {
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
}
