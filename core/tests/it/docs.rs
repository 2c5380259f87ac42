//! Files generated from the core's tables, each with a drift test: `docs/ops.md` from
//! `ops::catalog()`, `go/errors_gen.go` and `python/fourx/errors.py` from the error table
//! (`ErrorKind::ALL`), `python/fourx/enums.py` from the `enums.list` vocabularies and
//! `python/fourx/_words.py` from the `WORDS` of the string enums that typed results carry, and the
//! Go typed layer (`go/op/`, submodule `go_gen`) from the catalog's schema. A test
//! fails when a committed file drifts; `make docs` regenerates them all (runs this test binary
//! with `FOURX_BLESS=1`).

mod checklist;
mod python_gen;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use fourx_core::error::{ErrorGroup, ErrorKind};
use serde_json::{json, Value};

mod go_gen;

/// Under `FOURX_BLESS`, writes `want` to `rel` (relative to the repository root); otherwise
/// fails when the committed file differs from it.
fn bless_or_check(rel: &str, want: &str, source: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(rel);
    if std::env::var_os("FOURX_BLESS").is_some() {
        std::fs::write(&path, want).unwrap_or_else(|e| panic!("write {rel}: {e}"));
        return;
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{rel} is out of date with {source}: run `make docs` and commit it"
    );
}

/// The `ok` conformance cases of every op (tests/vectors/*.json), in file order: the examples
/// of `docs/ops.md` come from running them, and `catalog_types` checks them against the types.
pub(crate) fn ok_cases() -> BTreeMap<String, Vec<(String, Value)>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/vectors");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/vectors")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut out: BTreeMap<String, Vec<(String, Value)>> = BTreeMap::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("a vector file");
        let doc: Value = serde_json::from_str(&text).expect("vector JSON");
        for case in doc["cases"].as_array().into_iter().flatten() {
            let expect = &case["expect"];
            if expect.get("ok").is_none() && expect.get("ok_subset").is_none() {
                continue;
            }
            let (Some(op), Some(id)) = (case["op"].as_str(), case["id"].as_str()) else {
                continue;
            };
            out.entry(op.to_string())
                .or_default()
                .push((id.to_string(), case["input"].clone()));
        }
    }
    out
}

/// `docs/op-examples.json`: the examples written for the docs of the ops that have no `ok`
/// conformance case (or only one too long to print). The defaults of the optional input keys are
/// the catalog's (`= JSON` / `= ~words` in the op rows).
const EXAMPLES_FILE: &str = "docs/op-examples.json";

/// The directory the written examples name; a fresh temporary directory when they run.
const EXAMPLE_DIR: &str = "/srv";

fn examples_path() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(EXAMPLES_FILE)
}

fn examples_doc() -> Value {
    let text = std::fs::read_to_string(examples_path()).expect("docs/op-examples.json");
    serde_json::from_str(&text).expect("docs/op-examples.json is JSON")
}

/// The written examples: op → `{files?, given?, input, output}`.
pub(crate) fn written_examples() -> serde_json::Map<String, Value> {
    examples_doc()["examples"]
        .as_object()
        .cloned()
        .expect("docs/op-examples.json has an examples object")
}

/// `value` with every string starting with `from` rewritten to start with `to` (inputs), or
/// with every occurrence of `from` replaced (outputs: messages quote paths too).
fn map_paths(value: &Value, from: &str, to: &str, anywhere: bool) -> Value {
    match value {
        Value::String(s) if anywhere => Value::String(s.replace(from, to)),
        Value::String(s) => match s.strip_prefix(from) {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => {
                Value::String(format!("{to}{rest}"))
            }
            _ => value.clone(),
        },
        Value::Array(items) => Value::Array(
            items
                .iter()
                .map(|v| map_paths(v, from, to, anywhere))
                .collect(),
        ),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| (k.clone(), map_paths(v, from, to, anywhere)))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// Runs a written example of `op` with `input` in a fresh directory standing for
/// [`EXAMPLE_DIR`]: writes its `files`, runs its `given` ops (each must succeed), then `op`. The
/// result's paths are given back under [`EXAMPLE_DIR`]; an error becomes its document.
fn run_example(op: &str, example: &Value, input: &Value) -> Value {
    let dir = crate::common::TempDir::new("op-example");
    for (rel, text) in example["files"].as_object().into_iter().flatten() {
        let path = dir.path().join(rel);
        std::fs::create_dir_all(path.parent().expect("a file has a parent")).expect("mkdir");
        std::fs::write(&path, text.as_str().expect("file text")).expect("write a file");
    }
    for step in example["given"].as_array().into_iter().flatten() {
        let step_op = step["op"].as_str().expect("a given step names its op");
        let step_input = map_paths(&step["input"], EXAMPLE_DIR, dir.s(), false);
        if let Err(e) = fourx_core::ops::call(step_op, &step_input) {
            panic!("{op}: the given step {step_op} failed: {e}");
        }
    }
    let out = match fourx_core::ops::call(op, &map_paths(input, EXAMPLE_DIR, dir.s(), false)) {
        Ok(v) => v,
        Err(e) => {
            json!({"error": {"kind": e.kind.as_str(), "message": e.message, "field": e.field}})
        }
    };
    map_paths(&out, dir.s(), EXAMPLE_DIR, true)
}

/// The input keys with their catalog types and, for an optional key, its default:
/// `` `edition?` (Edition; default `"11.0.0"`) `` for a JSON value, or the words of a computed one.
fn input_keys(params: &[fourx_core::ops::schema::Field]) -> Vec<String> {
    use fourx_core::ops::schema::Default;
    params
        .iter()
        .map(|f| {
            let key = key_label(f);
            let default = match &f.default {
                Some(Default::Value(v)) => Some(format!("default `{v}`")),
                Some(Default::Means(words)) => Some(format!("absent: {words}")),
                None => None,
            };
            match default {
                Some(d) => format!("`{key}` ({}; {d})", code_type(&f.ty)),
                None => format!("`{key}` ({})", code_type(&f.ty)),
            }
        })
        .collect()
}

/// A key as the catalog lists it: `name`, or `name?` when it may be left out.
fn key_label(f: &fourx_core::ops::schema::Field) -> String {
    if f.optional {
        format!("{}?", f.name)
    } else {
        f.name.clone()
    }
}

/// A type text for a Markdown table cell or list: `|` escaped.
fn code_type(ty: &fourx_core::ops::schema::Ty) -> String {
    ty.to_string().replace('|', "\\|")
}

/// The output keys with their types (a record result), or the result's type.
fn output_keys(op: &fourx_core::ops::OpInfo) -> Vec<String> {
    use fourx_core::ops::schema::{Named, Ty, Types};
    let types = fourx_core::ops::catalog_types();
    if let Ty::Named(n) = op.result() {
        if let Some(Named::Record(fields)) = types.named(n) {
            return fields
                .iter()
                .map(|f| {
                    let key = key_label(f);
                    format!("`{key}` ({})", code_type(&f.ty))
                })
                .collect();
        }
    }
    vec![format!("a `{}`", op.result())]
}

/// The named types section: every record with its fields, every union with its variants, every
/// word list with its words.
fn render_types(out: &mut String) {
    use fourx_core::ops::schema::Named;
    out.push_str("\n## Types\n\nThe named types the keys above refer to (`ops/types.rs`, and one `<Area><Verb>Result` record per op whose result is an object of its own keys). Records are closed in the typed layers; the core ignores keys it does not know.\n");
    for (name, doc, t) in fourx_core::ops::catalog_types().iter() {
        if name.ends_with("Result")
            && matches!(t, Named::Record(_))
            && doc.starts_with("The result of ")
        {
            continue; // shown with its op
        }
        let _ = writeln!(out, "\n### `{name}`\n\n{doc}\n");
        match t {
            Named::Record(fields) => {
                let keys: Vec<String> = fields
                    .iter()
                    .map(|f| {
                        let key = key_label(f);
                        format!("`{key}` ({})", code_type(&f.ty))
                    })
                    .collect();
                let _ = writeln!(
                    out,
                    "- record: {}",
                    if keys.is_empty() {
                        "—".into()
                    } else {
                        keys.join(", ")
                    }
                );
            }
            Named::Union(tag, variants) => {
                let _ = writeln!(
                    out,
                    "- one of (by `{tag}`): {}",
                    variants
                        .iter()
                        .map(|v| format!("`{v}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            Named::Words(words) => {
                let _ = writeln!(
                    out,
                    "- words: {}",
                    words
                        .iter()
                        .map(|w| format!("`{w}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
            }
            Named::Alias(ty) => {
                let _ = writeln!(out, "- same as: `{}`", code_type(ty));
            }
        }
    }
}

/// Examples longer than this (compact JSON of input plus output) are not printed in full.
const EXAMPLE_MAX: usize = 1200;

fn render() -> String {
    let mut out = String::new();
    out.push_str("# fourx operations\n\n");
    out.push_str(
        "Generated from `fourx_core::ops::catalog()` by `make docs`; do not edit by hand.\n\
         Every op takes a JSON object and returns a JSON value or an error document\n\
         `{\"error\": {\"kind\", \"message\", \"field\"?, \"result\"?}}`. An input that is not a JSON\n\
         object is `invalid_input` for every op; an unknown op is `unknown_op`. Input keys ending\n\
         in `?` are optional: leaving one out (or giving `null`) applies the op's default, shown\n\
         after the key (`default` values are checked: leaving the key out gives the same result).\n\
         The type after a key is the catalog's (`str`, `int`, `float`, `bool`, `any`, `null`,\n\
         `time` = RFC 3339 text, `path`, `\"word\"`, `[T]` a list, `{T}` an object of T values,\n\
         `A | B` either, a CamelCase name = a type of the Types section). The example is the\n\
         smallest `ok` conformance case of the op (`tests/vectors/`), run through `ops::call` when\n\
         this file is generated, or one written for these docs (`docs/op-examples.json`, run by a\n\
         test that checks the output shown).\n\n",
    );
    let ops = fourx_core::ops::catalog();
    let cases = ok_cases();
    let doc = examples_for_render();
    let examples = doc["examples"].as_object().cloned().unwrap_or_default();
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
        let runs: Vec<(String, Value, Value)> = cases
            .get(op.name)
            .into_iter()
            .flatten()
            .filter_map(|(id, input)| {
                fourx_core::ops::call(op.name, input)
                    .ok()
                    .map(|o| (id.clone(), input.clone(), o))
            })
            .collect();
        let written = examples.get(op.name);
        let _ = writeln!(out, "- input: {}", list(input_keys(op.params())));
        let _ = writeln!(out, "- output: {}", list(output_keys(op)));
        let _ = writeln!(
            out,
            "- errors: {}",
            list(op.errors.iter().map(|k| format!("`{k}`")).collect())
        );
        let smallest = runs
            .iter()
            .map(|(id, i, o)| (id, i.to_string(), o.to_string()))
            .min_by_key(|(_, i, o)| i.len() + o.len());
        let pair = |out: &mut String, i: &str, o: &str| {
            let _ = writeln!(
                out,
                "\n  ```json\n  {i}\n  ```\n\n  →\n\n  ```json\n  {o}\n  ```"
            );
        };
        match (smallest, written) {
            (Some((id, i, o)), _) if i.len() + o.len() <= EXAMPLE_MAX => {
                let _ = writeln!(out, "- example (`{id}`):");
                pair(&mut out, &i, &o);
            }
            (_, Some(ex)) => {
                let checked = if needs_server(ex) {
                    "checked against a PostgreSQL server by store-pg's tests"
                } else {
                    "checked by a test"
                };
                let _ = writeln!(
                    out,
                    "- example (written for these docs, {checked}; `{EXAMPLE_DIR}` is a fresh directory):"
                );
                let files: Vec<String> = ex["files"]
                    .as_object()
                    .into_iter()
                    .flatten()
                    .map(|(name, text)| format!("`{EXAMPLE_DIR}/{name}` = `{text}`"))
                    .collect();
                if !files.is_empty() {
                    let _ = writeln!(out, "  with the files {}", files.join(", "));
                }
                for step in ex["given"].as_array().into_iter().flatten() {
                    let _ = writeln!(
                        out,
                        "  after `{}` `{}`",
                        step["op"].as_str().unwrap_or(""),
                        step["input"]
                    );
                }
                pair(
                    &mut out,
                    &ex["input"].to_string(),
                    &ex["output"].to_string(),
                );
            }
            (Some((id, i, o)), None) => {
                let (o, note) = if o.len() > LONG_MAX {
                    let full: Value = serde_json::from_str(&o).expect("JSON");
                    (
                        first_items(&full).to_string(),
                        ", every array cut to its first item",
                    )
                } else {
                    (o, "")
                };
                let _ = writeln!(
                    out,
                    "- example (`{id}`, long{note}):\n\n  <details><summary>input and output</summary>"
                );
                pair(&mut out, &i, &o);
                out.push_str("\n  </details>\n");
            }
            (None, None) => {
                let _ = writeln!(out, "- example: none yet");
            }
        }
    }
    render_types(&mut out);
    out
}

/// Outputs longer than this (compact JSON) are printed with every array cut to its first item
/// (`meta.catalog`'s output is the whole catalog).
const LONG_MAX: usize = 16 * 1024;

/// `v` with every array cut to its first item, at every depth.
fn first_items(v: &Value) -> Value {
    match v {
        Value::Array(items) => Value::Array(items.iter().take(1).map(first_items).collect()),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, x)| (k.clone(), first_items(x)))
                .collect(),
        ),
        other => other.clone(),
    }
}

fn anchor(name: &str) -> String {
    name.chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .collect()
}

#[test]
fn docs_ops_md_matches_the_catalog() {
    bless_or_check("docs/ops.md", &render(), "ops::catalog()");
}

/// Whether a written example needs a database server (`"server": "postgres"`): store-pg's tests
/// run it against their server; here it is only rendered.
fn needs_server(example: &Value) -> bool {
    example.get("server").is_some()
}

/// Runs every written example of `doc` (see [`run_example`]): `doc` with the outputs the ops
/// give, the examples whose shown output differs, and those that fail.
fn rerun_written_examples(mut doc: Value) -> (Value, Vec<String>, Vec<String>) {
    let (mut wrong, mut failing) = (Vec::new(), Vec::new());
    for (op, example) in doc["examples"]
        .as_object_mut()
        .expect("examples")
        .iter_mut()
    {
        assert!(fourx_core::ops::find(op).is_some(), "{op} is not an op");
        if needs_server(example) {
            continue;
        }
        let got = run_example(op, example, &example["input"]);
        if got.get("error").is_some() {
            failing.push(format!("{op}: {got}"));
        } else if example["output"] != got {
            wrong.push(format!(
                "{op}:\n  shown {}\n  gives {got}",
                example["output"]
            ));
            example["output"] = got;
        }
    }
    (doc, wrong, failing)
}

/// The examples document `docs/ops.md` is rendered from: the committed file, or under
/// `FOURX_BLESS` the file with the outputs the ops give now (so one `make docs` suffices).
fn examples_for_render() -> Value {
    let doc = examples_doc();
    if std::env::var_os("FOURX_BLESS").is_some() {
        rerun_written_examples(doc).0
    } else {
        doc
    }
}

/// Every written example, run through `ops::call` (files written and `given` ops run first),
/// gives exactly the output `docs/op-examples.json` (and so `docs/ops.md`) shows. Under
/// `FOURX_BLESS` the outputs are written back instead (atomically: other tests read the file).
#[test]
fn written_examples_give_the_output_the_docs_show() {
    let (doc, wrong, failing) = rerun_written_examples(examples_doc());
    assert!(
        failing.is_empty(),
        "written examples that fail:\n{}",
        failing.join("\n")
    );
    if std::env::var_os("FOURX_BLESS").is_some() {
        let text = serde_json::to_string_pretty(&doc).expect("JSON") + "\n";
        let tmp = examples_path().with_extension("json.tmp");
        std::fs::write(&tmp, text).expect("write docs/op-examples.json");
        std::fs::rename(&tmp, examples_path()).expect("rename docs/op-examples.json");
        return;
    }
    assert!(
        wrong.is_empty(),
        "{EXAMPLES_FILE} shows outputs the ops do not give (run `make docs` if the change is meant):\n{}",
        wrong.join("\n")
    );
}

/// Every op's section of `docs/ops.md` has an example pair: an `ok` conformance case or a
/// written one. A written one is only for an op whose conformance cases give none short enough.
#[test]
fn every_op_has_an_example_pair() {
    let cases = ok_cases();
    let written = written_examples();
    let missing: Vec<&str> = fourx_core::ops::catalog()
        .iter()
        .map(|op| op.name)
        .filter(|name| !cases.contains_key(*name) && !written.contains_key(*name))
        .collect();
    assert!(
        missing.is_empty(),
        "ops without an example (write one in {EXAMPLES_FILE}): {missing:?}"
    );
}

/// Every optional input key (`key?`) of every op says what leaving it out means: a default value
/// (`= JSON`) or the words of a computed default (`= ~words`), in its catalog entry.
#[test]
fn every_optional_input_key_documents_its_default() {
    let problems: Vec<String> = fourx_core::ops::catalog()
        .iter()
        .flat_map(|op| {
            op.params()
                .iter()
                .filter(|f| f.optional && f.default.is_none())
                .map(move |f| format!("{}: `{}?` has no default", op.name, f.name))
        })
        .collect();
    assert!(
        problems.is_empty(),
        "give each a default in its op row (`= JSON` or `= ~words`):\n{}",
        problems.join("\n")
    );
}

/// Every example input of `op` with the example it runs in: its `ok` conformance inputs (no
/// setup) and its written example (files and given steps), unless that needs a server.
fn example_inputs<'a>(
    op: &str,
    cases: &'a BTreeMap<String, Vec<(String, Value)>>,
    written: &'a serde_json::Map<String, Value>,
) -> Vec<(&'a Value, &'a Value)> {
    static NO_SETUP: Value = Value::Null;
    let mut inputs: Vec<(&Value, &Value)> = cases
        .get(op)
        .into_iter()
        .flatten()
        .map(|(_, input)| (&NO_SETUP, input))
        .collect();
    if let Some(ex) = written.get(op).filter(|ex| !needs_server(ex)) {
        inputs.push((ex, &ex["input"]));
    }
    inputs
}

/// A default given as a JSON value (`= JSON` in the op row) is what leaving the key out means:
/// on every example input of the op (its `ok` conformance cases and its written example), the
/// result without the key equals the result with the key set to the default.
#[test]
fn catalog_default_values_equal_leaving_the_key_out() {
    use fourx_core::ops::schema::Default;
    let cases = ok_cases();
    let written = written_examples();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for info in fourx_core::ops::catalog() {
        let op = info.name;
        let inputs = example_inputs(op, &cases, &written);
        for f in info.params() {
            let Some(Default::Value(value)) = &f.default else {
                continue;
            };
            for (example, input) in &inputs {
                let Some(base) = input.as_object() else {
                    continue;
                };
                let mut without = base.clone();
                without.remove(&f.name);
                let mut with = base.clone();
                with.insert(f.name.clone(), value.clone());
                let a = run_example(op, example, &Value::Object(without));
                let b = run_example(op, example, &Value::Object(with));
                checked += 1;
                if a != b {
                    wrong.push(format!(
                        "{op} `{}` = {value}:\n  absent {a}\n  given  {b}",
                        f.name
                    ));
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} default values were checked");
    assert!(
        wrong.is_empty(),
        "op rows give defaults the ops do not apply:\n{}",
        wrong.join("\n")
    );
}

/// A key the catalog lists without `?` is required: the op refuses an input that leaves it out,
/// at least where nothing else stands in for it (tried on every `ok` conformance input and
/// written example that gives it; a key that no input needs is optional and must say so).
#[test]
fn every_required_input_key_is_refused_when_left_out() {
    let cases = ok_cases();
    let written = written_examples();
    let mut accepted = Vec::new();
    let mut checked = 0;
    for info in fourx_core::ops::catalog() {
        let op = info.name;
        let inputs = example_inputs(op, &cases, &written);
        for key in info.input().iter().filter(|k| !k.ends_with('?')) {
            let mut outputs = Vec::new();
            for (example, input) in &inputs {
                let Some(base) = input.as_object().filter(|o| o.contains_key(*key)) else {
                    continue;
                };
                let mut without = base.clone();
                without.remove(*key);
                outputs.push(run_example(op, example, &Value::Object(without)));
            }
            checked += outputs.len();
            if !outputs.is_empty() && outputs.iter().all(|out| out.get("error").is_none()) {
                accepted.push(format!("{op} without `{key}`: {}", outputs[0]));
            }
        }
    }
    assert!(checked > 100, "only {checked} inputs were tried");
    assert!(
        accepted.is_empty(),
        "ops accept inputs without a key the catalog says is required:\n{}",
        accepted.join("\n")
    );
}

#[test]
fn every_op_has_a_one_line_doc() {
    for op in fourx_core::ops::catalog() {
        assert!(!op.doc.is_empty() && !op.doc.contains('\n'), "{}", op.name);
    }
}

/// The Python class of a kind: the word in CamelCase (`invalid_transition` → `InvalidTransition`).
fn class_name(word: &str) -> String {
    word.split('_')
        .map(|part| {
            let mut chars = part.chars();
            chars.next().map_or(String::new(), |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        })
        .collect()
}

/// The extra builtin base class and the docstring phrase of a kind, from its group
/// (CONVENTIONS.md §Errors). The C boundary's `null_arg` and `invalid_utf8` are bad input
/// (`ValueError` if ever seen); `panic` is a bug and gets no builtin base.
fn python_base(kind: ErrorKind) -> (Option<&'static str>, &'static str) {
    match kind.group() {
        ErrorGroup::BadInput => (Some("ValueError"), "bad input"),
        ErrorGroup::NotThere => (Some("LookupError"), "not there"),
        ErrorGroup::Refused => (None, "refused by the rules"),
        ErrorGroup::Deferral => (None, "a deferral, not a failure"),
        ErrorGroup::Os => (Some("OSError"), "the operating system failed"),
        ErrorGroup::Boundary if kind == ErrorKind::Panic => (None, "C boundary only, a bug"),
        ErrorGroup::Boundary => (Some("ValueError"), "C boundary only"),
    }
}

const ERRORS_PY_HEAD: &str = r#""""fourx exceptions: one class per error kind, all subclasses of :class:`FourxError`.

The class name is the kind in CamelCase (``invalid_transition`` -> :class:`InvalidTransition`).
Bad-input kinds also subclass :class:`ValueError`, not-there kinds :class:`LookupError`, and
``io_error`` :class:`OSError`, so ordinary ``except`` clauses keep working.

Generated from the core's ``ErrorKind`` table by ``make docs`` (``core/tests/it/docs.rs``);
do not edit by hand.
"""

from __future__ import annotations

from typing import Any

"#;

const ERRORS_PY_BASE: &str = r#"

class FourxError(Exception):
    """Root of every fourx error.

    Attributes:
        kind: the stable snake_case kind shared by Rust, C and Python.
        message: the human message.
        field: the offending input key or contract field, where known (the first of
            ``fields`` when the error names several).
        fields: every offending field when the error names several (a contract missing
            several required fields lists them all, in table order), else ``[]``.
        result: the structured account carried by ``fold_conflict`` (and ``io_error`` after a
            blueprint merge), else ``None``.
    """

    kind: str = "fourx_error"
    message: str
    field: str | None
    fields: list[str]
    result: Any | None

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        result: Any | None = None,
        fields: list[str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.fields = list(fields) if fields else []
        self.field = field if field is not None or not self.fields else self.fields[0]
        self.result = result

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}"
"#;

const ERRORS_PY_TAIL: &str = r#"

def _from_core(
    kind: str,
    message: str,
    field: str | None,
    result: Any | None,
    fields: list[str] | None = None,
) -> FourxError:
    """Builds the exception for an error raised by the extension (used by ``fourx._fourx``)."""
    cls = KINDS.get(kind, FourxError)
    exc = cls(message, field=field, result=result, fields=fields)
    if cls is FourxError:
        exc.kind = kind
    return exc
"#;

/// `python/fourx/errors.py`: the root class, one class per kind in `ErrorKind::ALL` order, the
/// `KINDS` map and `__all__` (which `fourx/__init__.py` re-exports).
fn render_errors_py() -> String {
    let classes: Vec<(String, ErrorKind)> = ErrorKind::ALL
        .iter()
        .map(|k| (class_name(k.as_str()), *k))
        .collect();
    let mut out = String::from(ERRORS_PY_HEAD);
    out.push_str("__all__ = [\n    \"FourxError\",\n    \"KINDS\",\n");
    for (name, _) in &classes {
        let _ = writeln!(out, "    \"{name}\",");
    }
    out.push_str("]\n");
    out.push_str(ERRORS_PY_BASE);
    for (name, kind) in &classes {
        let (base, phrase) = python_base(*kind);
        let bases = base.map_or("FourxError".to_string(), |b| format!("FourxError, {b}"));
        let word = kind.as_str();
        let _ = write!(
            out,
            "\n\nclass {name}({bases}):\n    \"\"\"``{word}`` — {phrase}.\"\"\"\n\n    kind = \"{word}\"\n"
        );
    }
    out.push_str("\n\n#: Every kind word mapped to its class.\n");
    out.push_str("KINDS: dict[str, type[FourxError]] = {\n    cls.kind: cls\n    for cls in (\n");
    for (name, _) in &classes {
        let _ = writeln!(out, "        {name},");
    }
    out.push_str("    )\n}\n");
    out.push_str(ERRORS_PY_TAIL);
    out
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
    let kinds = ErrorKind::ALL;
    for k in kinds {
        let word = k.as_str();
        let _ = writeln!(
            out,
            "\t// Kind{} is the kind `{word}`.",
            go_gen::go_ident(word)
        );
        let _ = writeln!(
            out,
            "\tKind{} ErrorKind = \"{word}\"",
            go_gen::go_ident(word)
        );
    }
    out.push_str(")\n\n// The errors.Is targets, one per kind.\nvar (\n");
    for (i, k) in kinds.iter().enumerate() {
        let word = k.as_str();
        let _ = writeln!(
            out,
            "\t// Err{} matches every *Error of kind `{word}`.",
            go_gen::go_ident(word)
        );
        let _ = writeln!(
            out,
            "\tErr{} error = allSentinels[{i}]",
            go_gen::go_ident(word)
        );
    }
    out.push_str(")\n\nvar allKinds = []ErrorKind{\n");
    for k in kinds {
        let _ = writeln!(out, "\tKind{},", go_gen::go_ident(k.as_str()));
    }
    out.push_str("}\n\nvar allSentinels = []*Error{\n");
    for k in kinds {
        let _ = writeln!(out, "\tsentinel(Kind{}),", go_gen::go_ident(k.as_str()));
    }
    out.push_str("}\n");
    out
}

#[test]
fn go_errors_gen_matches_the_error_table() {
    bless_or_check(
        "go/errors_gen.go",
        &render_go_errors(),
        "fourx_core::error::ErrorKind",
    );
}

#[test]
fn python_errors_py_matches_the_error_kind_table() {
    bless_or_check(
        "python/fourx/errors.py",
        &render_errors_py(),
        "fourx_core::error::ErrorKind",
    );
}

#[test]
fn every_kind_has_a_distinct_python_class_name() {
    let mut seen = std::collections::HashSet::new();
    for kind in ErrorKind::ALL {
        let name = class_name(kind.as_str());
        assert!(name != "FourxError" && name != "KINDS", "{name}");
        assert!(seen.insert(name.clone()), "two kinds map to class {name}");
    }
}

/// The vocabularies `fourx.enums` exposes: class name, `enums.list` kind, class docstring.
const PYTHON_ENUMS: &[(&str, &str, &str)] = &[
    (
        "Phase",
        "phases",
        "A feature's phase, in the seed's AllPhases order (the state machine's phases).",
    ),
    (
        "Role",
        "configurable_roles",
        "An agent role: the pipeline roles (AllRoles) and ``mini-coder`` (ConfigurableRoles).",
    ),
    (
        "SubPhase",
        "sub_phases",
        "The sub-phase of ``deep-reviewing``.",
    ),
    (
        "FeatureStatus",
        "feature_statuses",
        "A feature's status; ``Phase`` projects onto it with ``phase_to_status``.",
    ),
    (
        "EventType",
        "event_types",
        "The ``type`` of an ``events.jsonl`` line.",
    ),
    (
        "NotifyLevel",
        "notify_levels",
        "The ``notify`` level of an event.",
    ),
];

const ENUMS_PY_HEAD: &str = r#""""The closed vocabularies of fourx as ``enum.StrEnum`` classes.

The members are the core's ``enums.list`` values in the core's order; member names are the
upper-snake form of the value (``Phase.DEEP_REVIEWING == "deep-reviewing"``). Members compare equal
to the plain strings found in op results, and every typed function accepts either.

Generated from the core's tables by ``make docs`` (``core/tests/it/docs.rs``); do not edit by
hand.
"""

from __future__ import annotations

from enum import StrEnum

"#;

/// `python/fourx/enums.py`: one `StrEnum` per entry of [`PYTHON_ENUMS`], members from the
/// `enums.list` op.
fn render_enums_py() -> String {
    let mut out = String::from(ENUMS_PY_HEAD);
    let names: Vec<String> = PYTHON_ENUMS
        .iter()
        .map(|(name, _, _)| format!("\"{name}\""))
        .collect();
    let _ = writeln!(out, "__all__ = [{}]", names.join(", "));
    for (name, kind, doc) in PYTHON_ENUMS {
        let listed = fourx_core::ops::call("enums.list", &json!({ "kind": kind }))
            .unwrap_or_else(|e| panic!("enums.list {kind}: {e}"));
        let _ = write!(out, "\n\nclass {name}(StrEnum):\n    \"\"\"{doc}\"\"\"\n\n");
        for value in listed["values"].as_array().expect("values") {
            let value = value.as_str().expect("a string value");
            let member = value.to_ascii_uppercase().replace('-', "_");
            let _ = writeln!(out, "    {member} = \"{value}\"");
        }
    }
    out
}

#[test]
fn python_enums_py_matches_the_core_vocabularies() {
    bless_or_check(
        "python/fourx/enums.py",
        &render_enums_py(),
        "the core's enums.list",
    );
}

/// The closed word lists `python/fourx/_words.py` types as `Literal`s (those the typed results
/// carry): alias name, the Rust enum's words, comment.
fn python_words() -> Vec<(&'static str, &'static [&'static str], &'static str)> {
    use fourx_core::blueprint::{scan::Language, validate::RejectReason, Verdict, Why};
    use fourx_core::conductor::types::Timing;
    use fourx_core::router::prompt::{
        GateAction, HunterStatus, Placement, ReviewerStatus, SourceKind,
    };
    vec![
        ("GateAction", GateAction::WORDS, "What a gate does."),
        (
            "Placement",
            Placement::WORDS,
            "Where a memory heal put the missing sections.",
        ),
        (
            "SourceKind",
            SourceKind::WORDS,
            "The class of an instruction source, strongest first.",
        ),
        (
            "ReviewerStatus",
            ReviewerStatus::WORDS,
            "The reviewer's effective status.",
        ),
        ("HunterStatus", HunterStatus::WORDS, "The hunter's status."),
        ("HookTiming", Timing::WORDS, "The pre/post timing of hooks."),
        (
            "Verdict",
            Verdict::WORDS,
            "The verdict of one anchor check.",
        ),
        (
            "AnchorWhy",
            Why::WORDS,
            "Why an anchor verdict was reached.",
        ),
        (
            "RejectReason",
            RejectReason::WORDS,
            "Why a blueprint claim was rejected, in gate order.",
        ),
        (
            "Language",
            Language::WORDS,
            "A language the blueprint scanner has rules for.",
        ),
        (
            "Edition",
            // The versions live in the edition rules table; the list is built from it once.
            Box::leak(
                fourx_core::router::edition::Edition::ALL
                    .iter()
                    .map(|e| e.as_str())
                    .collect::<Vec<_>>()
                    .into_boxed_slice(),
            ),
            "A cc10x contract edition: \"11.0.0\" (the seed's contract, the default), \"12.7.0\" or \"12.10.0\" (the QA route).",
        ),
    ]
}

const WORDS_PY_HEAD: &str = r#""""The core's closed word lists that typed results carry as plain strings, as ``Literal`` types.

Generated from the ``WORDS`` of the core's string enums by ``make docs`` (``core/tests/it/docs.rs``);
do not edit by hand.
"""

from __future__ import annotations

from typing import Literal, TypeAlias
"#;

/// `python/fourx/_words.py`: one `Literal` alias per entry of [`python_words`].
fn render_words_py() -> String {
    let mut out = String::from(WORDS_PY_HEAD);
    for (name, words, doc) in python_words() {
        let _ = write!(out, "\n#: {doc}\n{name}: TypeAlias = Literal[\n");
        for w in words {
            let _ = writeln!(out, "    \"{w}\",");
        }
        out.push_str("]\n");
    }
    out
}

#[test]
fn python_words_py_matches_the_core_string_enums() {
    bless_or_check(
        "python/fourx/_words.py",
        &render_words_py(),
        "the core's string-enum WORDS",
    );
}

/// Where `text` cites an internal spec section: `§`, `OQ-<digit>`, or a bare two-part section
/// number such as `4.13` (a three-part version like `12.7.0` and a size like `3.9M` or `12.7+` are
/// not section numbers).
fn spec_citations(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    if text.contains('§') {
        found.push("§".to_string());
    }
    for (at, _) in text.match_indices("OQ-") {
        if text[at + 3..].starts_with(|c: char| c.is_ascii_digit()) {
            found.push(
                text[at..]
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                    .collect(),
            );
        }
    }
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() || (i > 0 && bytes[i - 1] == b'.') {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && (bytes[i].is_ascii_digit() || bytes[i] == b'.') {
            i += 1;
        }
        let run = text[start..i].trim_end_matches('.');
        let next = text[start + run.len()..].chars().next();
        let two_part = run.split('.').count() == 2 && run.split('.').all(|p| !p.is_empty());
        let qualified = next.is_some_and(|c| c.is_ascii_alphanumeric() || c == '+');
        if two_part && !qualified {
            found.push(run.to_string());
        }
    }
    found
}

#[test]
fn spec_citations_are_found_and_versions_are_not() {
    assert_eq!(spec_citations("the gate (4.13)."), ["4.13"]);
    assert_eq!(spec_citations("router.md 4.1; more"), ["4.1"]);
    assert_eq!(spec_citations("see §3 and OQ-2"), ["§", "OQ-2"]);
    assert!(spec_citations("12.7.0 adds, 11.x → 11.0.0, 12.7+ 12.x, 3.9M, 1.0G.").is_empty());
}

/// The catalog's one-line op descriptions (`meta.catalog`, `docs/ops.md`) say the rule in
/// words; like doc comments they never cite an internal spec section (`(4.11)`, `§3`).
#[test]
fn catalog_descriptions_cite_no_spec_section_numbers() {
    let found: Vec<String> = fourx_core::ops::catalog()
        .iter()
        .filter_map(|op| {
            let cited = spec_citations(op.doc);
            (!cited.is_empty()).then(|| format!("{}: {} ({})", op.name, cited.join(", "), op.doc))
        })
        .collect();
    assert!(
        found.is_empty(),
        "op descriptions cite spec sections (say the rule instead):\n{}",
        found.join("\n")
    );
}

/// Doc comments say the rule they implement; they never cite a section number of the internal
/// spec (`§4.2`, `OQ-2`) that a reader of the rustdoc cannot follow. Module docs may name the
/// spec file (`resolution.md`).
#[test]
fn doc_comments_cite_no_spec_section_numbers() {
    let files = rust_sources(&["core/src", "ffi/src", "python/src"]);
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read a source file");
        for (i, line) in text.lines().enumerate() {
            let t = line.trim_start();
            let doc = t.starts_with("///") || t.starts_with("//!");
            let oq = t
                .match_indices("OQ-")
                .any(|(at, _)| t[at + 3..].starts_with(|c: char| c.is_ascii_digit()));
            if doc && (t.contains('§') || oq) {
                found.push(format!("{}:{}: {t}", file.display(), i + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "doc comments cite spec sections (say the rule instead):\n{}",
        found.join("\n")
    );
}

fn repo_root() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read_repo(rel: &str) -> String {
    std::fs::read_to_string(repo_root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Every folder under `core/src`, relative to it (`router/workflow`), sorted.
fn core_src_folders() -> Vec<String> {
    fn walk(dir: &Path, base: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("read a source directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                let rel = path.strip_prefix(base).expect("under core/src");
                out.push(rel.to_string_lossy().replace('\\', "/"));
                walk(&path, base, out);
            }
        }
    }
    let base = repo_root().join("core/src");
    let mut out = Vec::new();
    walk(&base, &base, &mut out);
    out.sort();
    out
}

/// The workspace members of the root `Cargo.toml` plus the fuzz crate (its own workspace).
fn crate_folders() -> Vec<String> {
    let manifest = read_repo("Cargo.toml");
    let members = manifest
        .lines()
        .find(|l| l.trim_start().starts_with("members"))
        .expect("[workspace] members");
    let mut out: Vec<String> = members
        .split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    out.push("fuzz".to_string());
    out
}

/// `docs/ARCHITECTURE.md` names every folder of `core/src` (as `` `router/workflow/` ``), every
/// adapter file of `core/src/ops` (as `` `router.rs` ``) and every crate's folder (as
/// `` `store-pg/` ``): a new folder, adapter or crate is documented where a newcomer looks.
#[test]
fn architecture_names_every_folder_adapter_and_crate() {
    let doc = read_repo("docs/ARCHITECTURE.md");
    let mut missing = Vec::new();
    for folder in core_src_folders() {
        if !doc.contains(&format!("`{folder}/`")) {
            missing.push(format!("folder core/src/{folder}/"));
        }
    }
    let mut adapters: Vec<String> = std::fs::read_dir(repo_root().join("core/src/ops"))
        .expect("core/src/ops")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".rs"))
        .collect();
    adapters.sort();
    for file in adapters {
        if !doc.contains(&format!("`{file}`")) {
            missing.push(format!("adapter core/src/ops/{file}"));
        }
    }
    for krate in crate_folders() {
        if !doc.contains(&format!("`{krate}/`")) {
            missing.push(format!("crate {krate}/"));
        }
    }
    assert!(
        missing.is_empty(),
        "docs/ARCHITECTURE.md does not name:\n{}",
        missing.join("\n")
    );
}

/// The crate documentation (`core/src/lib.rs`) links every public top-level module, so the
/// rustdoc front page lists every area.
#[test]
fn crate_doc_lists_every_area() {
    let lib = read_repo("core/src/lib.rs");
    let doc: String = lib
        .lines()
        .filter(|l| l.starts_with("//!"))
        .collect::<Vec<_>>()
        .join("\n");
    let missing: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|m| m.trim_end_matches(';'))
        .filter(|m| !doc.contains(&format!("[`{m}`]")))
        .collect();
    assert!(
        missing.is_empty(),
        "core/src/lib.rs's crate doc does not link: {missing:?}"
    );
}

/// README's section under `heading` (from the heading to the next `## ` heading).
pub(crate) fn readme_section(heading: &str) -> String {
    let readme = read_repo("README.md");
    let start = readme
        .find(heading)
        .unwrap_or_else(|| panic!("README has {heading}"));
    let section = &readme[start..];
    let end = section[3..].find("\n## ").map_or(section.len(), |i| i + 3);
    section[..end].to_string()
}

/// The paths README's "Adding an op" names exist: every backticked path, with a placeholder
/// (`<area>`) standing for any folder that exists.
#[test]
fn readme_adding_an_op_names_paths_that_exist() {
    let section = readme_section("## Adding an op");
    let section = section.as_str();
    let mut checked = 0;
    let mut problems = Vec::new();
    for (i, token) in section.split('`').enumerate() {
        if i % 2 == 0 || !token.contains('/') || token.contains(' ') {
            continue;
        }
        checked += 1;
        let exists = match token.split_once('<') {
            // `core/src/<area>/`: the folder before the placeholder exists and holds a folder.
            Some((before, _)) => repo_root().join(before).is_dir(),
            None => repo_root().join(token.trim_end_matches('/')).exists(),
        };
        if !exists {
            problems.push(token.to_string());
        }
    }
    assert!(
        checked >= 8,
        "README's Adding an op names only {checked} paths"
    );
    assert!(
        problems.is_empty(),
        "README's Adding an op names paths that do not exist: {problems:?}"
    );
}

/// A module opener names its spec file plainly (`router.md`); a spec file followed by a dash
/// and a number or nothing (`router.md–4.14`, `router.md–:`) is the mark of a mechanical edit
/// that cut a section citation in half.
#[test]
fn module_openers_are_not_garbled() {
    let files = rust_sources(&[
        "core/src",
        "ffi/src",
        "python/src",
        "store-pg/src",
        "run/src",
    ]);
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("read a source file");
        for (i, line) in text.lines().enumerate() {
            let t = line.trim_start();
            if !(t.starts_with("///") || t.starts_with("//!")) {
                continue;
            }
            if garbled_citation(t) {
                found.push(format!("{}:{}: {t}", file.display(), i + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "doc comments with a cut spec citation (name the spec file and say the rule):\n{}",
        found.join("\n")
    );
}

/// `.md` followed by an en dash or hyphen (a cut `§` citation), or `(… and)` left by a cut list.
fn garbled_citation(line: &str) -> bool {
    line.match_indices(".md").any(|(at, _)| {
        let rest = &line[at + 3..];
        rest.starts_with('–') || rest.starts_with("-–") || rest.starts_with('-')
    }) || line.contains(" and):")
}

#[test]
fn garbled_citations_are_found_and_plain_ones_are_not() {
    assert!(garbled_citation("//! Routing (router.md–4.14): intent"));
    assert!(garbled_citation("//! Memory files (router.md–): which"));
    assert!(garbled_citation(
        "//! Resume (router-workflow.md–4.33 and): which"
    ));
    assert!(!garbled_citation("//! Routing (router.md): intent routing"));
    assert!(!garbled_citation(
        "//! see docs/spec/router-workflow.md for the rules"
    ));
}

/// The curated surface: the op adapters (`ops::<area>`) are not API — every `pub mod` of
/// `core/src/ops/mod.rs` but the handle shape, the catalog's type language and the store-backend table is `#[doc(hidden)]`
/// — and the crate root re-exports the typed API a user reaches for first.
#[test]
fn op_adapters_are_hidden_and_the_root_reexports_the_typed_api() {
    let ops = read_repo("core/src/ops/mod.rs");
    let lines: Vec<&str> = ops.lines().collect();
    let mut shown = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(name) = line
            .strip_prefix("pub mod ")
            .map(|n| n.trim_end_matches(';'))
        else {
            continue;
        };
        if ["handle", "schema", "store_backends"].contains(&name) {
            continue;
        }
        let attrs = lines[..i]
            .iter()
            .rev()
            .take_while(|l| l.starts_with("#["))
            .collect::<Vec<_>>();
        if !attrs.iter().any(|l| **l == "#[doc(hidden)]") {
            shown.push(name);
        }
    }
    assert!(
        shown.is_empty(),
        "op adapters shown as API (mark them #[doc(hidden)]): {shown:?}"
    );
    // The root names compile: the typed API is reachable without knowing a file path.
    assert!(fourx_core::can_transition(
        fourx_core::Phase::Coding,
        fourx_core::Phase::Reviewing
    ));
    let v = fourx_core::call("meta.version", &serde_json::json!({})).unwrap();
    assert_eq!(v["version"], env!("CARGO_PKG_VERSION"));
    let _ = std::any::type_name::<(
        fourx_core::State,
        fourx_core::Config,
        fourx_core::Feature,
        fourx_core::Decision,
        fourx_core::Outcome,
        fourx_core::Role,
    )>();
}

/// Every `.rs` file under the given folders of the repository, sorted.
fn rust_sources(dirs: &[&str]) -> Vec<std::path::PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("read a source directory") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    for dir in dirs {
        walk(&repo_root().join(dir), &mut files);
    }
    files.sort();
    files
}
