//! The scanner oracles: fourx's Go and Python module graphs against each language's own tooling,
//! on checked-in fixture trees and on generated ones (blueprint.md, scanner rules of issue 33).
//!
//! * Go: `go list -e -json ./...` (Go's own loader: build constraints, file-name platform
//!   suffixes, `testdata`/`vendor`/`_x`/`.x` skipping) with `GOOS=linux GOARCH=amd64
//!   CGO_ENABLED=1`, the default build the scanner fixes. Modules are the listed packages with
//!   at least one Go file; edges are their imports inside the module.
//! * Python: `tools/py_import_oracle.py`, a resolver of ours over Python's own parser (`ast`)
//!   and import rules.
//!
//! Modules and edges must be equal. Without `go` (or `python3`) on PATH a test prints a loud
//! SKIPPED banner and passes, unless `FOURX_REQUIRE_GO_ORACLE=1` (or `FOURX_REQUIRE_PY_ORACLE=1`;
//! `make test` sets both when the tool is present).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::{json, Value};

use crate::common::{Rng, TempDir};

type Graph = (BTreeSet<String>, BTreeSet<(String, String)>);

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

fn has(tool: &str, arg: &str) -> bool {
    Command::new(tool)
        .arg(arg)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// Whether the oracle can run; a loud banner (or a failure when required) when it cannot.
fn available(tool: &str, version_arg: &str, required_var: &str) -> bool {
    if has(tool, version_arg) {
        return true;
    }
    let required = std::env::var(required_var).is_ok_and(|v| v == "1");
    assert!(!required, "{required_var}=1 but `{tool}` is not on PATH");
    eprintln!();
    eprintln!("################################################################################");
    eprintln!("## SCAN ORACLE SKIPPED: `{tool}` is not on PATH;");
    eprintln!("## fourx's scanner is NOT being compared with {tool}'s own import rules.");
    eprintln!("################################################################################");
    eprintln!();
    false
}

fn fourx_graph(root: &Path) -> Graph {
    let v = fourx_core::ops::call(
        "blueprint.scan",
        &json!({"root": root.to_str().expect("utf-8 root")}),
    )
    .expect("scan");
    let modules = v["modules"]
        .as_array()
        .expect("modules")
        .iter()
        .map(|m| m["path"].as_str().expect("path").to_string())
        .collect();
    let edges = v["edges"]
        .as_array()
        .expect("edges")
        .iter()
        .map(|e| {
            (
                e[0].as_str().expect("a").into(),
                e[1].as_str().expect("b").into(),
            )
        })
        .collect();
    (modules, edges)
}

fn assert_same(what: &str, ours: &Graph, theirs: &Graph) {
    let only =
        |a: &BTreeSet<String>, b: &BTreeSet<String>| a.difference(b).cloned().collect::<Vec<_>>();
    assert!(
        ours.0 == theirs.0,
        "{what}: modules differ\n  fourx only:  {:?}\n  oracle only: {:?}",
        only(&ours.0, &theirs.0),
        only(&theirs.0, &ours.0)
    );
    let only_e = |a: &BTreeSet<(String, String)>, b: &BTreeSet<(String, String)>| {
        a.difference(b).cloned().collect::<Vec<_>>()
    };
    assert!(
        ours.1 == theirs.1,
        "{what}: edges differ\n  fourx only:  {:?}\n  oracle only: {:?}",
        only_e(&ours.1, &theirs.1),
        only_e(&theirs.1, &ours.1)
    );
}

fn write(root: &Path, rel: &str, text: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    std::fs::write(p, text).expect("write");
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in std::fs::read_dir(from).expect("read fixture") {
        let entry = entry.expect("entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("type").is_dir() {
            std::fs::create_dir_all(&target).expect("mkdir");
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Go.

/// `go list`'s graph of the module at `root` (a copy: `go list` may touch `go.mod`).
fn go_list_graph(root: &Path, module: &str) -> Graph {
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("scan-oracle-go");
    std::fs::create_dir_all(&work).expect("go work dir");
    let out = Command::new("go")
        .args(["list", "-e", "-json", "./..."])
        .current_dir(root)
        .env("GOOS", "linux")
        .env("GOARCH", "amd64")
        .env("CGO_ENABLED", "1")
        .env("GOFLAGS", "-mod=mod")
        .env("GOPROXY", "off")
        .env("GOTOOLCHAIN", "local")
        .env("GO111MODULE", "on")
        .env("GOWORK", "off")
        .env("GOCACHE", work.join("cache"))
        .env("GOPATH", work.join("gopath"))
        .output()
        .expect("run go list");
    assert!(
        out.status.success(),
        "go list failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let root = root.canonicalize().expect("canonical root");
    let mut modules = BTreeSet::new();
    let mut edges = BTreeSet::new();
    let stream = serde_json::Deserializer::from_slice(&out.stdout).into_iter::<Value>();
    for pkg in stream {
        let pkg = pkg.expect("go list JSON");
        let files = |k: &str| pkg[k].as_array().map_or(0, Vec::len);
        if files("GoFiles") + files("CgoFiles") == 0 {
            continue;
        }
        let dir = PathBuf::from(pkg["Dir"].as_str().expect("Dir"));
        let rel = dir.strip_prefix(&root).expect("package inside the root");
        let rel = if rel.as_os_str().is_empty() {
            ".".to_string()
        } else {
            rel.to_str().expect("utf-8").to_string()
        };
        for imp in pkg["Imports"].as_array().into_iter().flatten() {
            let imp = imp.as_str().expect("import");
            let target = if imp == module {
                Some(".".to_string())
            } else {
                imp.strip_prefix(&format!("{module}/")).map(str::to_string)
            };
            if let Some(t) = target {
                edges.insert((rel.clone(), t));
            }
        }
        modules.insert(rel);
    }
    edges.retain(|(a, b)| a != b && modules.contains(b));
    (modules, edges)
}

/// A generated module: packages importing each other through every build-constraint form and
/// platform file name the scanner evaluates, plus skipped directories and test files.
fn generated_go_module(root: &Path, rng: &mut Rng) {
    write(root, "go.mod", "module example.com/gen\n\ngo 1.19\n");
    let pkgs: Vec<String> = (0..24)
        .map(|i| match i % 4 {
            0 => format!("p{i}"),
            1 => format!("internal/p{i}"),
            2 => format!("p{}/sub{i}", i - 2),
            _ => format!("cmd/p{i}"),
        })
        .collect();
    let constraints = [
        "",
        "",
        "",
        "//go:build ignore\n\n",
        "//go:build linux\n\n",
        "//go:build windows\n\n",
        "//go:build linux && amd64\n\n",
        "//go:build !cgo\n\n",
        "//go:build cgo && unix\n\n",
        "//go:build integration\n\n",
        "//go:build !integration\n\n",
        "//go:build go1.18\n\n",
        "//go:build (darwin || linux) && !386\n\n",
        "//go:build gccgo\n\n",
        "// +build ignore\n\n",
        "// +build linux,amd64 darwin\n\n",
        "// +build !windows\n\n",
        "// Package doc.\n\n//go:build ignore\n\n",
    ];
    let suffixes = [
        "",
        "",
        "",
        "",
        "_linux",
        "_windows",
        "_amd64",
        "_arm64",
        "_linux_amd64",
        "_darwin_arm64",
        "_unix",
        "_js_wasm",
    ];
    for (k, p) in pkgs.iter().enumerate() {
        let name = p.rsplit('/').next().expect("name");
        for f in 0..1 + rng.below(3) {
            let mut imports = String::new();
            for _ in 0..rng.below(4) {
                let t = rng.pick(&pkgs);
                if t != p {
                    imports.push_str(&format!("\t_ \"example.com/gen/{t}\"\n"));
                }
            }
            if rng.below(4) == 0 {
                imports.push_str("\t_ \"example.com/gen\"\n");
            }
            imports.push_str("\t_ \"fmt\"\n");
            let header = rng.pick(&constraints);
            let suffix = rng.pick(&suffixes);
            let pkgname = if header.contains("ignore") {
                "main"
            } else {
                name
            };
            write(
                root,
                &format!("{p}/f{f}{suffix}.go"),
                &format!("{header}package {pkgname}\n\nimport (\n{imports})\n"),
            );
        }
        if k % 5 == 0 {
            write(
                root,
                &format!("{p}/x_test.go"),
                &format!(
                    "package {name}\n\nimport _ \"example.com/gen/{}\"\n",
                    pkgs[0]
                ),
            );
        }
    }
    write(
        root,
        "root.go",
        "package gen\n\nimport _ \"example.com/gen/p0\"\n",
    );
    write(
        root,
        "testdata/t.go",
        "package t\n\nimport _ \"example.com/gen/p4\"\n",
    );
    write(
        root,
        "_skip/s.go",
        "package s\n\nimport _ \"example.com/gen/p4\"\n",
    );
    write(
        root,
        "build/b.go",
        "package build\n\nimport _ \"example.com/gen/p4\"\n",
    );
}

#[test]
fn go_scans_equal_go_list_on_fixture_modules() {
    if !available("go", "version", "FOURX_REQUIRE_GO_ORACLE") {
        return;
    }
    for (fixture, module) in [("go", "example.com/shop"), ("go_rules", "example.com/g")] {
        let tmp = TempDir::new("scan-oracle-go");
        copy_tree(
            &repo_root().join("tests/fixtures/scan").join(fixture),
            tmp.path(),
        );
        // The copy goes through `go list`; the scan reads the checked-in tree.
        let theirs = go_list_graph(tmp.path(), module);
        let ours = fourx_graph(&repo_root().join("tests/fixtures/scan").join(fixture));
        assert_same(fixture, &ours, &theirs);
    }
}

#[test]
fn go_scans_equal_go_list_on_generated_modules() {
    if !available("go", "version", "FOURX_REQUIRE_GO_ORACLE") {
        return;
    }
    let mut rng = Rng::new(33);
    for round in 0..4 {
        let tmp = TempDir::new("scan-oracle-gen");
        generated_go_module(tmp.path(), &mut rng);
        let ours = fourx_graph(tmp.path());
        let theirs = go_list_graph(tmp.path(), "example.com/gen");
        assert_same(&format!("generated module {round}"), &ours, &theirs);
        assert!(ours.1.len() >= 5, "round {round}: too few edges to compare");
    }
}

// ---------------------------------------------------------------------------------------------
// Python.

fn python_oracle_graph(root: &Path) -> Graph {
    let out = Command::new("python3")
        .arg(repo_root().join("tools/py_import_oracle.py"))
        .arg(root)
        .output()
        .expect("run the Python oracle");
    assert!(
        out.status.success(),
        "py_import_oracle.py failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("oracle JSON");
    let modules = v["modules"]
        .as_array()
        .expect("modules")
        .iter()
        .map(|m| m.as_str().expect("module").to_string())
        .collect();
    let edges = v["edges"]
        .as_array()
        .expect("edges")
        .iter()
        .map(|e| {
            (
                e[0].as_str().expect("a").into(),
                e[1].as_str().expect("b").into(),
            )
        })
        .collect();
    (modules, edges)
}

/// A generated src-layout project: packages and modules importing each other in every import
/// form (absolute, `as`, parenthesised, relative at several levels, names a package defines,
/// stars, under `if TYPE_CHECKING:` / `try:` / functions), plus lookalikes in strings and
/// comments, a virtual environment and directories with build-output names.
fn generated_python_project(root: &Path, rng: &mut Rng) {
    write(root, "pyproject.toml", "[project]\nname = \"gen\"\n");
    let pkgs = [
        "gen",
        "gen/core",
        "gen/core/build",
        "gen/venv",
        "gen/dist",
        "gen/env/vars",
        "gen/io",
        "gen/io/out",
    ];
    let mods = ["a", "b", "c"];
    for p in pkgs {
        if p != "gen/env/vars" {
            write(
                root,
                &format!("src/{p}/__init__.py"),
                "VALUE = 1\n\ndef helper():\n    pass\n",
            );
        }
    }
    write(root, "src/gen/env/__init__.py", "");
    for p in pkgs {
        for m in mods {
            let mut text = String::from("\"\"\"Doc: import os; from gen import nothing.\"\"\"\n");
            for _ in 0..1 + rng.below(4) {
                let t = rng.pick(&pkgs).replace('/', ".");
                let tm = rng.pick(&mods);
                let depth = p.matches('/').count() + 1;
                let up = 1 + rng.below(depth);
                let line = match rng.below(12) {
                    0 => format!("import {t}\n"),
                    1 => format!("import {t}.{tm} as alias\n"),
                    2 => format!("from {t} import {tm}\n"),
                    3 => format!("from {t} import helper, VALUE\n"),
                    4 => format!("from {t} import (\n    {tm},\n    helper,\n)\n"),
                    5 => format!("from {} import {tm}\n", ".".repeat(up)),
                    6 => format!("from {} import helper\n", ".".repeat(up)),
                    7 => format!("from .{tm} import thing\n"),
                    8 => format!("if TYPE_CHECKING:\n    from {t} import *\n"),
                    9 => format!("try:\n    import {t}.{tm}\nexcept ImportError:\n    pass\n"),
                    10 => format!("def f():\n    import {t}  # import nope\n    return '{t}'\n"),
                    _ => format!("x = 'import {t}'  # from {t} import y\nimport os, json\n"),
                };
                text.push_str(&line);
            }
            write(root, &format!("src/{p}/{m}.py"), &text);
        }
    }
    write(
        root,
        "scripts/run.py",
        "import gen.core.build.a\nfrom gen.io import out\n",
    );
    write(
        root,
        "tests/test_x.py",
        "from gen.venv import helper\nimport gen.dist.b\n",
    );
    write(root, "venvs/py311/pyvenv.cfg", "home = /usr/bin\n");
    write(root, "venvs/py311/lib/gen/x.py", "import gen.core\n");
}

#[test]
fn python_scans_equal_the_ast_oracle_on_fixture_trees() {
    if !available("python3", "--version", "FOURX_REQUIRE_PY_ORACLE") {
        return;
    }
    // The checked-in trees minus what their `.gitignore` leaves out (the oracle reads no
    // ignore file), via a copy.
    for (fixture, ignored) in [("python_rules", "dist"), ("python", "build")] {
        let tmp = TempDir::new("scan-oracle-py");
        copy_tree(
            &repo_root().join("tests/fixtures/scan").join(fixture),
            tmp.path(),
        );
        std::fs::remove_dir_all(tmp.path().join(ignored)).expect("drop the ignored tree");
        std::fs::remove_file(tmp.path().join(".gitignore")).expect("drop .gitignore");
        assert_same(
            fixture,
            &fourx_graph(tmp.path()),
            &python_oracle_graph(tmp.path()),
        );
    }
}

#[test]
fn python_scans_equal_the_ast_oracle_on_generated_projects() {
    if !available("python3", "--version", "FOURX_REQUIRE_PY_ORACLE") {
        return;
    }
    let mut rng = Rng::new(34);
    for round in 0..4 {
        let tmp = TempDir::new("scan-oracle-pygen");
        generated_python_project(tmp.path(), &mut rng);
        let ours = fourx_graph(tmp.path());
        let theirs = python_oracle_graph(tmp.path());
        assert_same(&format!("generated project {round}"), &ours, &theirs);
        assert!(
            ours.1.len() >= 10,
            "round {round}: too few edges to compare"
        );
    }
}
