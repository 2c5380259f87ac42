//! `docs/ops.md` is generated from `ops::catalog()` and `go/errors_gen.go` from the error table
//! (`ErrorKind::ALL`); these tests fail when a committed file drifts. Regenerate with `make docs`
//! (runs this test with `FOURX_BLESS=1`).

use std::fmt::Write as _;
use std::path::Path;

fn render() -> String {
    let mut out = String::new();
    out.push_str("# fourx operations\n\n");
    out.push_str(
        "Generated from `fourx_core::ops::catalog()` by `make docs`; do not edit by hand.\n\
         Every op takes a JSON object and returns a JSON value or an error document\n\
         `{\"error\": {\"kind\", \"message\", \"field\"?, \"result\"?}}`. An input that is not a JSON\n\
         object is `invalid_input` for every op; an unknown op is `unknown_op`. Input keys ending\n\
         in `?` are optional.\n\n",
    );
    let ops = fourx_core::ops::catalog();
    out.push_str("| op | what it does |\n|---|---|\n");
    for op in ops {
        let _ = writeln!(
            out,
            "| [`{}`](#{}) | {} |",
            op.name,
            anchor(op.name),
            op.doc
        );
    }
    for op in ops {
        let _ = writeln!(out, "\n## `{}`\n\n{}\n", op.name, op.doc);
        let list = |items: Vec<String>| {
            if items.is_empty() {
                "—".to_string()
            } else {
                items.join(", ")
            }
        };
        let _ = writeln!(
            out,
            "- input: {}",
            list(op.input.iter().map(|k| format!("`{k}`")).collect())
        );
        let _ = writeln!(
            out,
            "- output: {}",
            list(op.output.iter().map(|k| format!("`{k}`")).collect())
        );
        let _ = writeln!(
            out,
            "- errors: {}",
            list(op.errors.iter().map(|k| format!("`{k}`")).collect())
        );
    }
    out
}

fn anchor(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect()
}

#[test]
fn docs_ops_md_matches_the_catalog() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/ops.md");
    let want = render();
    if std::env::var_os("FOURX_BLESS").is_some() {
        std::fs::write(&path, &want).expect("write docs/ops.md");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "docs/ops.md is out of date with ops::catalog(): run `make docs` and commit it"
    );
}

#[test]
fn every_op_has_a_one_line_doc() {
    for op in fourx_core::ops::catalog() {
        assert!(!op.doc.is_empty() && !op.doc.contains('\n'), "{}", op.name);
    }
}

/// Go's name part of a kind: the snake_case words in CamelCase, initialisms upper-cased as Go
/// spells them (`invalid_json` → `InvalidJSON`, `io_error` → `IOError`).
fn go_name(kind: &str) -> String {
    kind.split('_')
        .map(|w| match w {
            "json" | "yaml" | "io" | "utf8" | "id" | "uuid" => w.to_ascii_uppercase(),
            _ => {
                let mut c = w.chars();
                c.next()
                    .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                    .unwrap_or_default()
            }
        })
        .collect()
}

/// `go/errors_gen.go`: one `Kind…` constant and one `Err…` sentinel per entry of the core's
/// error table (`ErrorKind::ALL`), in its order.
fn render_go_errors() -> String {
    let mut out = String::from(
        "// Code generated from fourx-core's ErrorKind::ALL by `make docs`; DO NOT EDIT.\n\n\
         package fourx\n\n\
         // The kinds of the closed set, in the order of the core's error table.\n\
         const (\n",
    );
    let kinds = fourx_core::ErrorKind::ALL;
    for k in kinds {
        let word = k.as_str();
        let _ = writeln!(out, "\t// Kind{} is the kind `{word}`.", go_name(word));
        let _ = writeln!(out, "\tKind{} ErrorKind = \"{word}\"", go_name(word));
    }
    out.push_str(")\n\n// The errors.Is targets, one per kind.\nvar (\n");
    for (i, k) in kinds.iter().enumerate() {
        let word = k.as_str();
        let _ = writeln!(
            out,
            "\t// Err{} matches every *Error of kind `{word}`.",
            go_name(word)
        );
        let _ = writeln!(out, "\tErr{} error = allSentinels[{i}]", go_name(word));
    }
    out.push_str(")\n\nvar allKinds = []ErrorKind{\n");
    for k in kinds {
        let _ = writeln!(out, "\tKind{},", go_name(k.as_str()));
    }
    out.push_str("}\n\nvar allSentinels = []*Error{\n");
    for k in kinds {
        let _ = writeln!(out, "\tsentinel(Kind{}),", go_name(k.as_str()));
    }
    out.push_str("}\n");
    out
}

#[test]
fn go_errors_gen_matches_the_error_table() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../go/errors_gen.go");
    let want = render_go_errors();
    if std::env::var_os("FOURX_BLESS").is_some() {
        std::fs::write(&path, &want).expect("write go/errors_gen.go");
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "go/errors_gen.go is out of date with ErrorKind::ALL: run `make docs` and commit it"
    );
}
