#![allow(missing_docs)] // criterion_group! generates undocumented items
//! Scanner bench (issue 13, blueprint.md §16.2): a generated polyglot tree of 5,000 source files
//! (Go, Rust, Python and TypeScript, each file importing three other modules of its language),
//! scanned in memory (the pure rules over a listing and reader) and on disk (the `ignore` walk
//! plus reads). Target: well under a second for the disk scan of 5,000 files; the disk / memory
//! ratio shows what the walk and the reads add to the rules.

use std::path::{Path, PathBuf};

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

use fourx_benches::{report, Id, Row, Target};
use fourx_core::blueprint::fs::scan_root;
use fourx_core::blueprint::scan::{scan, MapReader, DEFAULT_MAX_FILE_BYTES};

const FILES: usize = 5_000;
const FILES_PER_MODULE: usize = 10;

/// `(path, content)` of the generated tree: 5,000 source files, a quarter per language.
fn tree() -> Vec<(String, String)> {
    let mut out = vec![
        ("go.mod".to_string(), "module example.com/big\n".to_string()),
        (
            "Cargo.toml".to_string(),
            "[workspace]\nmembers = [\"crate\"]\n".to_string(),
        ),
        (
            "crate/Cargo.toml".to_string(),
            "[package]\nname = \"big\"\n".to_string(),
        ),
        (
            "pyproject.toml".to_string(),
            "[project]\nname = \"big\"\n".to_string(),
        ),
        (
            "package.json".to_string(),
            "{\"name\": \"big\"}\n".to_string(),
        ),
    ];
    let per_lang = FILES / 4;
    let modules = per_lang / FILES_PER_MODULE;
    let filler = "// filler line to give the file a realistic size\n".repeat(40);
    for f in 0..per_lang {
        let m = f / FILES_PER_MODULE;
        let deps = [(m + 1) % modules, (m * 7 + 3) % modules, (m / 2) % modules];
        let go: String = deps
            .iter()
            .map(|d| format!("\t\"example.com/big/go/m{d}\"\n"))
            .collect();
        out.push((
            format!("go/m{m}/f{f}.go"),
            format!("package m{m}\n\nimport (\n{go})\n{filler}func F{f}() {{}}\n"),
        ));
        let rs: String = deps
            .iter()
            .map(|d| format!("use crate::m{d}::f;\n"))
            .collect();
        out.push((
            format!("crate/src/m{m}/f{f}.rs"),
            format!("{rs}{filler}pub fn f{f}() {{}}\n"),
        ));
        let py: String = deps
            .iter()
            .map(|d| format!("from pkg.m{d} import f\n"))
            .collect();
        let py_filler = filler.replace("//", "#");
        out.push((
            format!("pkg/m{m}/f{f}.py"),
            format!("{py}{py_filler}def f{f}(): pass\n"),
        ));
        let ts: String = deps
            .iter()
            .map(|d| format!("import {{ f }} from '../m{d}/f{}';\n", d * FILES_PER_MODULE))
            .collect();
        out.push((
            format!("web/m{m}/f{f}.ts"),
            format!("{ts}{filler}export const f{f} = 1;\n"),
        ));
    }
    out
}

fn write_tree(dir: &Path, files: &[(String, String)]) {
    let _ = std::fs::remove_dir_all(dir);
    for (p, text) in files {
        let path = dir.join(p);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

fn bench_scan(c: &mut Criterion) {
    let files = tree();
    let reader = MapReader::new(files.clone());
    let listing = reader.listing();
    let out = scan(&listing, &reader, DEFAULT_MAX_FILE_BYTES).unwrap();
    assert_eq!(out.languages.len(), 4);
    let mut g = c.benchmark_group("scan");
    g.sample_size(10);
    g.bench_function("pure_5000_files", |b| {
        b.iter(|| black_box(scan(&listing, &reader, DEFAULT_MAX_FILE_BYTES).unwrap()))
    });
    let dir: PathBuf =
        std::env::temp_dir().join(format!("fourx-scan-bench-{}", std::process::id()));
    write_tree(&dir, &files);
    let root = dir.canonicalize().unwrap();
    let root = root.to_str().unwrap();
    assert_eq!(
        scan_root(root, DEFAULT_MAX_FILE_BYTES)
            .unwrap()
            .snapshot
            .modules()
            .len(),
        out.snapshot.modules().len()
    );
    g.bench_function("disk_5000_files", |b| {
        b.iter(|| black_box(scan_root(root, DEFAULT_MAX_FILE_BYTES).unwrap()))
    });
    g.finish();
    let _ = std::fs::remove_dir_all(&dir);
    report(
        "scan",
        &[
            Row::single(
                "scan 5,000 files from disk (walk + reads + rules)",
                Id::plain("scan", "disk_5000_files"),
                Target::NsAtMost(1e9),
            ),
            Row::ratio(
                "scan 5,000 files: disk / in memory",
                Id::plain("scan", "disk_5000_files"),
                Id::plain("scan", "pure_5000_files"),
                Target::None,
            ),
        ],
    );
}

criterion_group!(benches, bench_scan);
criterion_main!(benches);
