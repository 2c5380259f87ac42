//! README's "Adding an op" is the checklist of a new op: its area, its adapter row, its example,
//! and the files `make docs` generates. These tests pin that list to the files a new op really
//! needs and follow its last step: the generators give every op of the catalog (and a new one)
//! its typed Python function, and its Go function once the Go generator plugs into
//! [`GO_OP_FUNCTIONS`].

use std::collections::BTreeSet;

use serde_json::{json, Value};

use super::python_gen::{function_name, render_api_py, Catalog};
use super::{read_repo, repo_root};

/// The files a new op is written into by hand (`<area>`, `<adapter>` stand for a name): the
/// area's code, the adapter row (a named type it introduces goes into the types table, a new
/// adapter file is declared in `mod.rs`), and its example (a conformance case, or a written one
/// for an op that needs files).
const WRITTEN_BY_HAND: &[&str] = &[
    "core/src/<area>/",
    "core/src/ops/<adapter>.rs",
    "core/src/ops/types.rs",
    "core/src/ops/mod.rs",
    "tests/vectors/<area>.json",
    "docs/op-examples.json",
];

/// The files `make docs` rewrites from the catalog for every op (the Python half; the Go half is
/// [`GO_OP_FUNCTIONS`]'s file list).
const GENERATED_PYTHON: &[&str] = &[
    "docs/ops.md",
    "python/fourx/_types.py",
    "python/fourx/_api.py",
];

/// The hook of the Go generator (`docs/go_gen.rs`, written beside this one): the Go files `make
/// docs` rewrites for every op, the file holding the op functions, the Go name of an op's
/// function, and the renderer of that file from a `meta.catalog` document. `None` until the Go
/// generator fills it in; the tests below then check the Go half exactly like the Python one.
type GoHook = (
    &'static [&'static str],
    &'static str,
    fn(&str) -> String,
    fn(&Value) -> String,
);
const GO_OP_FUNCTIONS: Option<GoHook> = Some((
    super::go_gen::GENERATED_GO,
    "go/op/ops_gen.go",
    super::go_gen::op_function_name,
    super::go_gen::render_ops_of,
));

/// The generated files of a new op: Python's and, once hooked, Go's.
fn generated() -> Vec<&'static str> {
    let mut files = GENERATED_PYTHON.to_vec();
    if let Some((go_files, ..)) = GO_OP_FUNCTIONS {
        files.extend_from_slice(go_files);
    }
    files
}

/// The numbered steps of README's "Adding an op" (the text from `1.` to the end of the list).
fn readme_steps() -> String {
    let section = super::readme_section("## Adding an op");
    let first = section
        .find("\n1. ")
        .expect("Adding an op has numbered steps");
    let steps = &section[first..];
    // The list ends at the first paragraph that is not a step or its continuation.
    let mut out = String::new();
    for para in steps.split("\n\n") {
        let t = para.trim_start_matches('\n');
        if t.is_empty() {
            continue;
        }
        if !t.starts_with(|c: char| c.is_ascii_digit()) {
            break;
        }
        out.push_str(t);
        out.push('\n');
    }
    out
}

/// The backticked repository paths of `text` (a token with a `/` and no space).
fn paths(text: &str) -> BTreeSet<String> {
    text.split('`')
        .enumerate()
        .filter(|(i, t)| i % 2 == 1 && t.contains('/') && !t.contains(' '))
        .map(|(_, t)| t.to_string())
        .collect()
}

/// The checklist names exactly the files a new op needs: those written by hand and those
/// `make docs` generates, no more and no fewer.
#[test]
fn readme_checklist_names_exactly_the_files_a_new_op_touches() {
    let named = paths(&readme_steps());
    let want: BTreeSet<String> = WRITTEN_BY_HAND
        .iter()
        .chain(generated().iter())
        .map(|s| s.to_string())
        .collect();
    let missing: Vec<&String> = want.difference(&named).collect();
    let extra: Vec<&String> = named.difference(&want).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "README's Adding an op steps: missing {missing:?}, naming files a new op does not touch {extra:?}"
    );
}

/// The files `make docs` writes: the first argument of every `bless_or_check` call of the docs
/// generators (`core/tests/it/docs.rs` and `core/tests/it/docs/`).
fn blessed_files() -> BTreeSet<String> {
    let dir = repo_root().join("core/tests/it/docs");
    let mut sources = vec![read_repo("core/tests/it/docs.rs")];
    for entry in std::fs::read_dir(&dir).expect("core/tests/it/docs") {
        let path = entry.expect("a directory entry").path();
        sources.push(std::fs::read_to_string(&path).expect("a generator source"));
    }
    // The Go generator names its files through a table (`go_gen::render_all`).
    let catalog = fourx_core::ops::call("meta.catalog", &json!({})).expect("meta.catalog");
    let mut out: BTreeSet<String> = super::go_gen::render_all(&catalog)
        .into_iter()
        .map(|(path, _)| path.to_string())
        .collect();
    for text in sources {
        for (at, _) in text.match_indices("bless_or_check(") {
            let rest = &text[at..];
            let Some(open) = rest.find('"') else { continue };
            let close = rest[open + 1..].find('"').expect("a closing quote");
            out.insert(rest[open + 1..open + 1 + close].to_string());
        }
    }
    out
}

/// Every generated file the checklist names is one `make docs` rewrites (so committing what
/// `make docs` wrote is the whole step), and every hand-written one exists (a placeholder stands
/// for any name in an existing folder).
#[test]
fn the_checklists_generated_files_are_written_by_make_docs() {
    let blessed = blessed_files();
    for file in generated() {
        assert!(blessed.contains(file), "make docs does not write {file}");
    }
    for file in WRITTEN_BY_HAND {
        let exists = match file.split_once('<') {
            Some((folder, _)) => repo_root().join(folder).is_dir(),
            None => repo_root().join(file).exists(),
        };
        assert!(exists, "{file} does not exist");
    }
}

/// After `make docs`, every op of the catalog has its typed function in the committed generated
/// files: `fourx._api.<area>_<verb>` (and its Go function once hooked).
#[test]
fn every_catalog_op_has_its_generated_python_and_go_function() {
    let api = read_repo("python/fourx/_api.py");
    let go = GO_OP_FUNCTIONS.map(|(_, file, name, _)| (read_repo(file), name));
    let mut missing = Vec::new();
    for op in fourx_core::ops::catalog() {
        if !api.contains(&format!("\ndef {}(", function_name(op.name))) {
            missing.push(format!("python {}", op.name));
        }
        if let Some((text, name)) = &go {
            if !text.contains(&format!("func {}(", name(op.name))) {
                missing.push(format!("go {}", op.name));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ops without a generated function: {missing:?}"
    );
}

/// Following the steps: an op added to the catalog (its adapter row) gets its Python function
/// (and Go function, once hooked) from the generators alone, with nothing written by hand.
#[test]
fn a_new_op_gets_its_typed_functions_from_make_docs_alone() {
    let mut doc = fourx_core::ops::call("meta.catalog", &json!({})).expect("meta.catalog");
    let new_op = json!({
        "name": "checklist.echo",
        "doc": "Gives its text back.",
        "input": ["text", "times?"],
        "output": ["text"],
        "errors": ["invalid_input"],
        "params": [
            {"name": "text", "type": "str", "optional": false},
            {"name": "times", "type": "int", "optional": true, "default": 1}
        ],
        "result": "str"
    });
    doc["ops"].as_array_mut().expect("ops").push(new_op);
    let api = render_api_py(&Catalog::from_json(&doc));
    assert!(
        api.contains("\ndef checklist_echo(\n    text: str,\n    *,\n    times: int | None = None,\n) -> str:"),
        "the generated Python has no typed checklist_echo"
    );
    assert!(api.contains("call_op(\"checklist.echo\", _in)"));
    if let Some((_, _, name, render)) = GO_OP_FUNCTIONS {
        let go = render(&doc);
        assert!(
            go.contains(&format!("func {}(", name("checklist.echo"))),
            "the generated Go has no checklist.echo function"
        );
    }
}
