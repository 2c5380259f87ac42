//! Golden scans of the fixture trees in `tests/fixtures/scan/` (one per language plus a polyglot
//! one), the fs walk's exclusions, and a self-scan of this repository (blueprint.md §16.2).
//!
//! Every module and edge count is explained here; a change to a count must change this header.
//!
//! go (4 modules, 5 edges; module `example.com/shop`):
//!   modules `.` (main.go), `internal/cart`, `internal/money`, `internal/store`.
//!   Not modules: `internal/testutil` (only a `_test.go` file), `internal/store/testdata`,
//!   `vendor/…`, `_scratch` (skipped subtrees), `docs` (no `.go` file), `tools` (its only file
//!   is `//go:build ignore`, as `go list` leaves it out — issue 33).
//!   edges: `.`→cart, `.`→store (main.go); cart→money (cart.go; cart_test.go's imports of store
//!   and testutil do not count, nor does the import in a comment); store→cart, store→money
//!   (store.go; `example.com/shop/docs` is not a module, `github.com/lib/pq` is external, the
//!   import spelled in a string is no import).
//!
//! rust (5 modules, 7 edges; crates `app` and `util-lib` = `util_lib`, virtual root manifest):
//!   modules `app` (main.rs, config.rs), `app/src/cli`, `app/tests`, `util-lib` (lib.rs, num.rs),
//!   `util-lib/src/text` (mod.rs, case.rs). `app/target` is skipped.
//!   edges: app→app/src/cli (config.rs `super::cli`), app→util-lib/src/text (main.rs
//!   `util_lib::text::case` — `case` is a file of that module); app/src/cli→app (`crate::config`,
//!   a file of the crate module), app/src/cli→util-lib (`util_lib::num`), app/src/cli→
//!   util-lib/src/text (`util_lib::text as t`); app/tests→util-lib (`util_lib::num::parse`);
//!   util-lib/src/text→util-lib (`crate::num`, and `super::super::num` from case.rs). Not edges:
//!   `use super::*` in num.rs's `#[cfg(test)] mod tests` (test-only code), `self::inner` in
//!   case.rs (its own module), `std::io`, the `use` in a comment and in a string.
//!
//! python (5 modules, 6 edges; src layout, roots `src` then `.`):
//!   modules `scripts`, `src/shop`, `src/shop/cart`, `src/shop/store`, `tests`; `build/…` is
//!   left out by the fixture's `.gitignore` (not by its name), `docs` holds no `.py`.
//!   edges: scripts→src/shop (`import shop`); src/shop→src/shop/cart (`from .cart import Cart`);
//!   src/shop/cart→src/shop (`from ..money import Money`, `from shop.money import Money`),
//!   src/shop/cart→src/shop/store (`import shop.store.db as db`); src/shop/store→src/shop/cart
//!   (under `if TYPE_CHECKING:`); tests→src/shop/cart (`from shop.cart.items import add`).
//!   `decimal`, `json`, `sys`, `typing` resolve nowhere; the docstring and comment imports don't count.
//!
//! typescript (5 modules, 5 edges; packages `web` at `.` and `@acme/format`):
//!   modules `packages/format/src`, `src`, `src/api`, `src/app`, `src/util`; `dist` is left
//!   out by the fixture's `.gitignore`, `node_modules` skipped; `src/styles` holds only CSS.
//!   edges: packages/format/src→src/util (`web/src/util/strings`, a workspace package sub-path);
//!   src→packages/format/src (`@acme/format`: its directory holds no source, its `src` does),
//!   src→src/app (`./app/App` → App.tsx; also the dynamic `import()` of lazy.ts); src/api→src/util
//!   (`require('../util/strings.js')` → strings.ts); src/app→src/api (`../api` → index.ts).
//!   `react` is external, `./types` is the module itself, the comment, template and regex
//!   lookalikes in strings.ts are not imports.
//!
//! The rule fixtures of issue 33 (`rust_rules`, `python_rules`, `typescript_rules`, `go_rules`,
//! `go_std`) are explained by the test of each rule below.
//!
//! polyglot (4 modules, 4 edges; languages go, python, typescript):
//!   modules `cmd/server` (Go), `lib` (Go lib.go + Python helpers.py + JS shim.js: one module over
//!   the union, `bytes` their sum), `tools` (Python), `web` (TypeScript).
//!   edges: cmd/server→lib (Go), lib→tools (`import tools.gen`), tools→lib (`from lib import
//!   helpers`), web→lib (`../lib/shim.js`).

use std::path::{Path, PathBuf};

use fourx_core::blueprint::scan::{self, ListedFile, MapReader};
use fourx_core::error::ErrorKind;
use fourx_core::ops;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .canonicalize()
        .expect("canonical root")
}

fn scan_dir(dir: &Path) -> Value {
    ops::call(
        "blueprint.scan",
        &json!({"root": dir.to_str().expect("utf-8")}),
    )
    .expect("scan")
}

fn fixture(name: &str) -> Value {
    scan_dir(&repo_root().join("tests/fixtures/scan").join(name))
}

fn paths(v: &Value) -> Vec<String> {
    v["modules"]
        .as_array()
        .expect("modules")
        .iter()
        .map(|m| m["path"].as_str().expect("path").to_string())
        .collect()
}

fn edges(v: &Value) -> Vec<(String, String)> {
    v["edges"]
        .as_array()
        .expect("edges")
        .iter()
        .map(|e| {
            (
                e[0].as_str().expect("a").to_string(),
                e[1].as_str().expect("b").to_string(),
            )
        })
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

#[test]
fn go_fixture_follows_the_spec_rules() {
    let v = fixture("go");
    assert_eq!(v["languages"], json!(["go"]));
    assert_eq!(
        paths(&v),
        [".", "internal/cart", "internal/money", "internal/store",]
    );
    assert_eq!(
        edges(&v),
        pairs(&[
            (".", "internal/cart"),
            (".", "internal/store"),
            ("internal/cart", "internal/money"),
            ("internal/store", "internal/cart"),
            ("internal/store", "internal/money"),
        ])
    );
}

#[test]
fn rust_fixture_follows_crates_and_their_mod_tree() {
    let v = fixture("rust");
    assert_eq!(v["languages"], json!(["rust"]));
    assert_eq!(
        paths(&v),
        [
            "app",
            "app/src/cli",
            "app/tests",
            "util-lib",
            "util-lib/src/text"
        ]
    );
    assert_eq!(
        edges(&v),
        pairs(&[
            ("app", "app/src/cli"),
            ("app", "util-lib/src/text"),
            ("app/src/cli", "app"),
            ("app/src/cli", "util-lib"),
            ("app/src/cli", "util-lib/src/text"),
            ("app/tests", "util-lib"),
            ("util-lib/src/text", "util-lib"),
        ])
    );
}

#[test]
fn python_fixture_resolves_absolute_and_relative_imports() {
    let v = fixture("python");
    assert_eq!(v["languages"], json!(["python"]));
    assert_eq!(
        paths(&v),
        [
            "scripts",
            "src/shop",
            "src/shop/cart",
            "src/shop/store",
            "tests"
        ]
    );
    assert_eq!(
        edges(&v),
        pairs(&[
            ("scripts", "src/shop"),
            ("src/shop", "src/shop/cart"),
            ("src/shop/cart", "src/shop"),
            ("src/shop/cart", "src/shop/store"),
            ("src/shop/store", "src/shop/cart"),
            ("tests", "src/shop/cart"),
        ])
    );
}

#[test]
fn typescript_fixture_resolves_relative_paths_and_workspace_packages() {
    let v = fixture("typescript");
    assert_eq!(v["languages"], json!(["typescript"]));
    assert_eq!(
        paths(&v),
        [
            "packages/format/src",
            "src",
            "src/api",
            "src/app",
            "src/util"
        ]
    );
    assert_eq!(
        edges(&v),
        pairs(&[
            ("packages/format/src", "src/util"),
            ("src", "packages/format/src"),
            ("src", "src/app"),
            ("src/api", "src/util"),
            ("src/app", "src/api"),
        ])
    );
}

#[test]
fn polyglot_fixture_gets_every_language_and_merges_shared_directories() {
    let root = repo_root().join("tests/fixtures/scan/polyglot");
    let v = scan_dir(&root);
    assert_eq!(v["languages"], json!(["go", "python", "typescript"]));
    assert_eq!(paths(&v), ["cmd/server", "lib", "tools", "web"]);
    assert_eq!(
        edges(&v),
        pairs(&[
            ("cmd/server", "lib"),
            ("lib", "tools"),
            ("tools", "lib"),
            ("web", "lib"),
        ])
    );
    // fingerprint and bytes of `lib` over the union of its three files, as §16.2 defines them
    let mut h = Sha256::new();
    let mut bytes = 0;
    for f in ["lib/helpers.py", "lib/lib.go", "lib/shim.js"] {
        let content = std::fs::read(root.join(f)).expect("fixture file");
        bytes += content.len() as u64;
        h.update(f.as_bytes());
        h.update([0]);
        h.update(hex(&Sha256::digest(&content)).as_bytes());
        h.update([b'\n']);
    }
    let lib = &v["modules"][1];
    assert_eq!(lib["path"], "lib");
    assert_eq!(lib["bytes"], json!(bytes));
    assert_eq!(lib["fingerprint"], json!(hex(&h.finalize())[..16]));
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[test]
fn repo_token_is_the_content_hash_of_the_normalised_snapshot() {
    let v = fixture("go");
    let mut h = Sha256::new();
    for m in v["modules"].as_array().expect("modules") {
        h.update(m["path"].as_str().expect("path").as_bytes());
        h.update([0]);
        h.update(m["fingerprint"].as_str().expect("fp").as_bytes());
        h.update([0]);
        h.update(m["bytes"].to_string().as_bytes());
        h.update([b'\n']);
    }
    for (a, b) in edges(&v) {
        h.update(a.as_bytes());
        h.update([0]);
        h.update(b.as_bytes());
        h.update([b'\n']);
    }
    assert_eq!(v["repo_token"], json!(hex(&h.finalize())[..16]));
    assert_eq!(fixture("go"), v, "a scan is deterministic");
    // the result is itself a snapshot input
    let idx =
        ops::call("blueprint.render_index", &json!({"doc": "", "snapshot": v})).expect("index");
    assert!(idx["text"]
        .as_str()
        .expect("text")
        .contains("internal/store -> internal/cart"));
}

#[test]
fn oversize_files_are_not_read_and_enter_the_fingerprint_by_size() {
    let reader = MapReader::new([
        ("go.mod", "module m\n".to_string()),
        ("a/a.go", "package a\nimport \"m/b\"\n".to_string()),
        ("b/b.go", "package b\n".to_string()),
    ]);
    let listing = reader.listing();
    let full = scan::scan(&listing, &reader, 1 << 20).expect("scan");
    assert_eq!(full.snapshot.edges().len(), 1);
    assert!(full.oversize.is_empty());
    let small = scan::scan(&listing, &reader, 12).expect("scan");
    assert_eq!(small.oversize, vec!["a/a.go".to_string()]);
    assert!(
        small.snapshot.edges().is_empty(),
        "an oversize file contributes no imports"
    );
    let a = small.snapshot.get("a").expect("module a");
    assert_eq!(a.bytes, 23);
    let want = hex(&Sha256::digest(b"a/a.go\0size:23\n"));
    assert_eq!(a.fingerprint, want[..16]);
}

#[test]
fn read_errors_fail_the_whole_scan() {
    let reader = MapReader::new([("go.mod", "module m\n")]);
    let mut listing = reader.listing();
    listing.push(ListedFile::new("a/a.go", 3));
    let e = scan::scan(&listing, &reader, 100).expect_err("unreadable file");
    assert_eq!(e.kind(), ErrorKind::IoError);
}

#[test]
fn op_rejects_bad_roots_and_limits_by_kind() {
    for (input, kind) in [
        (json!({}), "invalid_input"),
        (json!({"root": "relative/dir"}), "invalid_path"),
        (json!({"root": "/nonexistent/fourx/scan/root"}), "io_error"),
        (json!({"root": "/", "max_file_bytes": 0}), "invalid_input"),
        (json!({"root": "/", "max_file_bytes": "1"}), "invalid_input"),
    ] {
        let e = ops::call("blueprint.scan", &input).expect_err("refused");
        assert_eq!(e.kind().as_str(), kind, "{input}");
    }
    let file = repo_root().join("Cargo.toml");
    let e = ops::call(
        "blueprint.scan",
        &json!({"root": file.to_str().expect("utf-8")}),
    )
    .expect_err("a file is no root");
    assert_eq!(e.kind(), ErrorKind::IoError);
}

fn temp_tree(name: &str) -> PathBuf {
    let dir =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("scan-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn write(root: &Path, rel: &str, text: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    std::fs::write(p, text).expect("write");
}

#[test]
fn walk_honours_gitignore_hidden_entries_symlinks_and_cache_dirs() {
    let root = temp_tree("walk");
    let outside = temp_tree("walk-outside");
    write(&outside, "evil/evil.go", "package evil\n");
    write(&root, "go.mod", "module m\n");
    write(
        &root,
        "a/a.go",
        "package a\nimport (\"m/gen\"; \"m/evil\"; \"m/deep/x\"; \"m/hid\")\n",
    );
    write(&root, ".gitignore", "/gen/\n");
    write(&root, "gen/gen.go", "package gen\n");
    write(&root, "deep/.gitignore", "x/\n");
    write(&root, "deep/x/x.go", "package x\n");
    write(&root, "deep/y/y.go", "package y\n");
    write(&root, ".hid/h.go", "package h\n");
    write(&root, "hid/.h.go", "package h\n");
    write(&root, ".git/info/exclude", "excluded/\n");
    write(&root, "excluded/e.go", "package e\n");
    write(
        &root,
        "target/CACHEDIR.TAG",
        "Signature: 8a477f597d28d172789f06886806bc55\n",
    );
    write(&root, "target/t.go", "package t\n");
    write(&root, "node_modules/n/n.go", "package n\n");
    std::os::unix::fs::symlink(outside.join("evil"), root.join("evil")).expect("symlink");
    std::os::unix::fs::symlink(outside.join("evil/evil.go"), root.join("a/link.go"))
        .expect("symlink");
    let v = scan_dir(&root);
    assert_eq!(paths(&v), ["a", "deep/y"]);
    assert!(edges(&v).is_empty());
    let a = &v["modules"][0];
    assert_eq!(
        a["bytes"],
        json!(std::fs::metadata(root.join("a/a.go")).expect("a.go").len())
    );
}

#[test]
fn self_scan_of_this_repository_finds_its_crates_and_known_edges() {
    let v = scan_dir(&repo_root());
    assert_eq!(
        v["languages"],
        json!(["rust"]),
        "only Cargo.toml is a root manifest"
    );
    let mods = paths(&v);
    for m in [
        "benches",
        "core",
        "core/src/blueprint",
        "core/src/blueprint/scan",
        "core/src/store",
        "core/tests/it",
        "ffi",
        "python",
    ] {
        assert!(
            mods.contains(&m.to_string()),
            "module {m} missing: {mods:?}"
        );
    }
    assert!(
        !mods.iter().any(|m| m.starts_with("target")),
        "target/ is pruned"
    );
    let es = edges(&v);
    for (a, b) in [
        ("core/src/blueprint/scan", "core/src/blueprint"), // `use super::snapshot`
        ("core/src/blueprint/fs", "core/src/blueprint/scan"), // the walk feeds the scanner
        ("core/src/blueprint", "core"),                    // `use crate::error`
        ("benches/benches", "core/src/blueprint"),         // benches use fourx_core::blueprint
        ("ffi", "core/src/blueprint"),                     // the C handles wrap the blueprint
    ] {
        assert!(
            es.contains(&(a.to_string(), b.to_string())),
            "edge {a} -> {b} missing"
        );
    }
    // test-only code does not count: protocol's `#[cfg(test)]` modules use the workspace, its
    // production code uses no area (ARCHITECTURE.md: protocol is the shared vocabulary)
    for (a, b) in &es {
        if a.starts_with("core/src/protocol") {
            assert!(
                b == "core" || b.starts_with("core/src/protocol") || b == "core/src/ops",
                "the vocabulary imports an area: {a} -> {b}"
            );
        }
    }
    // the pure scanner reaches only the blueprint, the vocabulary and the crate root (error)
    for (a, b) in &es {
        if a == "core/src/blueprint/scan" {
            assert!(
                b == "core"
                    || b.starts_with("core/src/blueprint")
                    || b.starts_with("core/src/protocol"),
                "the scanner is a leaf of the blueprint, but imports {b}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Issue 33: one test per scanner rule, each over its small fixture tree.

fn has_edge(v: &Value, a: &str, b: &str) -> bool {
    edges(v).contains(&(a.to_string(), b.to_string()))
}

/// `rust_rules/ct`: `#[cfg(test)] mod tests;` (with `tests/helpers.rs` below it),
/// `#[cfg(all(test, feature = "slow"))] mod slow;`, a test `mod` with a `#[path]` and one in a
/// non-`mod.rs` file (`a.rs` → `a/a_tests.rs`) are test code: none of their files is a module
/// or imports anything, nor does `prod/checks.rs`, which opens with `#![cfg(test)]`.
/// `#[cfg(any(test, unix))] mod either;` and `#[cfg(not(test))] mod prod;` are production code.
#[test]
fn rust_test_only_out_of_line_modules_and_their_files_are_not_production_code() {
    let v = fixture("rust_rules");
    let p = paths(&v);
    for gone in ["ct/src/tests", "ct/src/slow", "ct/src/a"] {
        assert!(!p.contains(&gone.to_string()), "{gone} is test code: {p:?}");
    }
    for kept in ["ct", "ct/src/both", "ct/src/either", "ct/src/prod"] {
        assert!(p.contains(&kept.to_string()), "{kept} is production: {p:?}");
    }
    let from_ct: Vec<_> = edges(&v)
        .into_iter()
        .filter(|(a, _)| a.starts_with("ct"))
        .collect();
    assert_eq!(
        from_ct,
        pairs(&[
            ("ct", "ct/src/both"),
            ("ct/src/both", "ct"),
            ("ct/src/either", "ct/src/prod"),
        ]),
        "no edge from a_checks.rs, a/a_tests.rs, tests/, slow/, prod/checks.rs"
    );
}

/// `rust_rules/comma`: `use crate::{ y::Y, };` (rustfmt's multi-line group) is one edge to
/// `y`, none to the crate root; `use self::{};` is none.
#[test]
fn rust_trailing_comma_in_a_use_group_adds_no_edge_to_the_crate_root() {
    let v = fixture("rust_rules");
    assert!(has_edge(&v, "comma/src/x", "comma/src/y"));
    assert!(!has_edge(&v, "comma/src/x", "comma"));
}

/// `rust_rules/tool`: `[lib] path = "lib/core.rs"` and `[[bin]] path = "cli/main.rs"` are
/// scanned; the binary names its library `tool_kit` (`tool-kit`) and gets edges; `lib/map.rs`
/// and `lib/map/node.rs` are one module `tool/lib/map`.
#[test]
fn rust_targets_outside_src_are_scanned_and_a_binary_reaches_its_library_by_name() {
    let v = fixture("rust_rules");
    let p = paths(&v);
    for m in ["tool/cli", "tool/lib", "tool/lib/map"] {
        assert!(p.contains(&m.to_string()), "{m}: {p:?}");
    }
    assert!(
        has_edge(&v, "tool/cli", "tool/lib/map"),
        "tool_kit::map::Node"
    );
    assert!(
        has_edge(&v, "tool/cli", "tool/lib"),
        "tool_kit::Thing from args.rs"
    );
    assert!(
        has_edge(&v, "tool/lib/map", "tool/lib"),
        "crate::Thing from map/node.rs"
    );
}

/// `rust_rules/tool/examples/demo/main.rs` is the root of the example `demo`: its `mod parse;`
/// and `crate::parse` stay inside `examples/demo`, which reaches the library by name.
#[test]
fn rust_a_multi_file_example_is_rooted_at_its_own_directory() {
    let v = fixture("rust_rules");
    assert!(paths(&v).contains(&"tool/examples/demo".to_string()));
    assert!(!paths(&v).contains(&"tool/examples".to_string()));
    assert!(has_edge(&v, "tool/examples/demo", "tool/lib"));
}

#[test]
fn rust_a_file_and_the_directory_of_its_name_are_one_module() {
    let v = fixture("rust_rules");
    let map = v["modules"]
        .as_array()
        .expect("modules")
        .iter()
        .find(|m| m["path"] == "tool/lib/map")
        .expect("tool/lib/map");
    let map_rs =
        std::fs::metadata(repo_root().join("tests/fixtures/scan/rust_rules/tool/lib/map.rs"))
            .expect("map.rs")
            .len();
    let node_rs =
        std::fs::metadata(repo_root().join("tests/fixtures/scan/rust_rules/tool/lib/map/node.rs"))
            .expect("node.rs")
            .len();
    assert_eq!(map["bytes"], json!(map_rs + node_rs));
}

/// `python_rules`: packages named `venv`, `env` and `operations/build` are source; `myenv/`
/// (it holds a `pyvenv.cfg`) and `dist/` (the `.gitignore` names it) are not.
#[test]
fn python_directories_are_skipped_by_evidence_not_by_name() {
    let v = fixture("python_rules");
    assert_eq!(
        paths(&v),
        [
            "pkg",
            "pkg/env",
            "pkg/operations",
            "pkg/operations/build",
            "pkg/venv"
        ]
    );
    assert!(has_edge(&v, "pkg", "pkg/venv"));
    assert!(has_edge(&v, "pkg", "pkg/env"));
    assert!(has_edge(&v, "pkg", "pkg/operations/build"));
}

/// `python_rules`: `from .. import helper` in `pkg/operations/build/wheel.py`, where `helper`
/// is a function of `pkg/operations/__init__.py`, is an edge to the parent package.
#[test]
fn python_relative_import_of_a_name_defined_in_the_parent_package_resolves_to_it() {
    let v = fixture("python_rules");
    assert!(has_edge(&v, "pkg/operations/build", "pkg/operations"));
}

/// `typescript_rules`: `src/vendor`, `src/out` and `coverage/` are source; `dist/` is left out
/// by the `.gitignore`, not by its name.
#[test]
fn typescript_directories_are_skipped_by_evidence_not_by_name() {
    let v = fixture("typescript_rules");
    let p = paths(&v);
    for m in [
        "packages/util/src/vendor",
        "packages/web/src/out",
        "packages/web/coverage",
    ] {
        assert!(p.contains(&m.to_string()), "{m}: {p:?}");
    }
    assert!(!p.iter().any(|m| m.contains("dist")), "{p:?}");
    assert!(has_edge(&v, "packages/web/src", "packages/web/src/out"));
    assert!(has_edge(
        &v,
        "packages/util/src",
        "packages/util/src/vendor"
    ));
}

/// `typescript_rules`: `@app/core` (not aliased) resolves through `exports["."]` =
/// `./dist/index.js` to its source twin `src/index.ts` — module `packages/core/src`, not the
/// package folder (a module itself, for its `vitest.config.ts`); `@app/core/feature` through
/// `exports["./feature"]`.
#[test]
fn typescript_workspace_package_imports_point_at_the_module_their_manifest_names() {
    let v = fixture("typescript_rules");
    assert!(has_edge(&v, "packages/web/src", "packages/core/src"));
    assert!(has_edge(
        &v,
        "packages/web/src",
        "packages/core/src/feature"
    ));
    assert!(!has_edge(&v, "packages/web/src", "packages/core"));
    assert!(has_edge(
        &v,
        "packages/core/src/feature",
        "packages/core/src"
    ));
}

/// `typescript_rules`: the root `tsconfig.json` (comments, trailing commas) maps `@app/util`
/// and `@app/util/*` under `baseUrl`; `packages/core/tsconfig.json` inherits them by `extends`.
#[test]
fn typescript_tsconfig_paths_aliases_are_read_with_base_url_and_extends() {
    let v = fixture("typescript_rules");
    assert!(has_edge(&v, "packages/web/src", "packages/util/src"));
    assert!(has_edge(
        &v,
        "packages/core/src",
        "packages/util/src/vendor"
    ));
    assert!(!has_edge(&v, "packages/web/src", "packages/util"));
}

/// `go_rules`: `a/gen.go` and `d/only.go` (`//go:build ignore`) and `f/f.go`
/// (`// +build integration`) are not sources: `d` is no module, and neither `a`→`c` nor
/// `f`→`b` is an edge; `e/e.go` (`go1.1 && !integration`) is.
#[test]
fn go_files_excluded_by_their_build_constraint_are_not_counted() {
    let v = fixture("go_rules");
    assert_eq!(paths(&v), ["a", "b", "c", "e", "f"]);
    assert_eq!(edges(&v), pairs(&[("a", "b"), ("e", "c"), ("f", "c")]));
}

/// `go_std`: in `module std` an import path is the package directory (`internal/fmtsort`,
/// `os`); `golang.org/x/text/width` lives under the skipped `vendor/`.
#[test]
fn go_std_module_imports_without_a_prefix_get_their_edges() {
    let v = fixture("go_std");
    assert_eq!(paths(&v), ["fmt", "internal/fmtsort", "os"]);
    assert_eq!(
        edges(&v),
        pairs(&[("fmt", "internal/fmtsort"), ("fmt", "os")])
    );
}
