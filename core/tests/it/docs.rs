//! `docs/ops.md` is generated from `ops::catalog()`; this test fails when the committed file
//! drifts. Regenerate with `make docs` (runs this test with `FOURX_BLESS=1`).

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
