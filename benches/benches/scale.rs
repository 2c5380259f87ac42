#![allow(missing_docs)] // criterion_group! generates undocumented items
//! Scale (issue 22, item 5), each at 1× and 10× its size so the growth is a row of its own:
//! - a workspace of 1,000 / 10,000 features: `list_features` cold (the plain reader), through the
//!   cached reader with nothing changed, and with one feature file rewritten before each listing
//!   (the cache re-reads that one file; the rewrite is inside the measured time), and the floor
//!   of any listing that notices a changed file: one directory listing plus one `stat` of every
//!   entry (`floor_list_stat`, how the filesystem itself grows from 1,000 to 10,000 files);
//! - an `events.jsonl` of 100,000 / 1,000,000 lines: `WorkspaceFs::total_cost` against a
//!   streaming line split of the same file (target ≤ 1.5×);
//! - the conductor: `conductor::apply` typed (target ≤ 5 µs) and through `ops::call`;
//! - a repository of 5,000 / 50,000 Python modules through the blueprint pipeline: `scan` (the
//!   pure rules over an in-memory tree: one `__init__.py` per module importing its halving and
//!   thirding ancestor), `commit` of 8 items into a stored blueprint with notes on every tenth
//!   module (10 entries each; a memory store, fresh per iteration), and `render_index` of the
//!   committed document at a 4,000-token budget — each stage, and the three in one iteration.
//!
//! Fixtures are generated at bench time into a temporary directory and removed afterwards; none
//! is committed.

use std::fs;
use std::hint::black_box;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use criterion::{BatchSize, BenchmarkId, Criterion};
use serde_json::json;

use fourx_benches::features_cases::{feature_yaml, features_dir, list_and_stat, workspace};
use fourx_benches::{blueprint_file, conductor_cases, module_path, report, Id, Row, Target};
use fourx_core::blueprint::revisions::Nonce;
use fourx_core::blueprint::scan::{scan, MapReader, DEFAULT_MAX_FILE_BYTES};
use fourx_core::blueprint::{
    commit, parse, render_index, ApproxCounter, FoldRequest, GitFacts, Item, MapFileView,
};
use fourx_core::features::fs::cached::CachedWorkspace;
use fourx_core::features::fs::WorkspaceReader;
use fourx_core::store::cas::MemoryStore;
use fourx_core::workspace::{FeatureId, WorkspaceFs};

const GROUP: &str = "scale";
const FEATURES: [usize; 2] = [1_000, 10_000];
const EVENT_LINES: [usize; 2] = [100_000, 1_000_000];
const MODULES: [usize; 2] = [5_000, 50_000];
/// The index budget of the pipeline bench.
const PIPELINE_BUDGET: i64 = 4_000;

fn root_str(p: &Path) -> &str {
    p.to_str().expect("temp paths are UTF-8")
}

fn features(c: &mut Criterion) {
    let mut g = c.benchmark_group(GROUP);
    g.sample_size(10);
    for n in FEATURES {
        let t = workspace(n);
        let ws = WorkspaceFs::new(root_str(&t.0)).expect("workspace");
        let listed = ws.list_features().expect("list");
        assert_eq!(listed.features.len(), n, "{:?}", listed.warnings.first());
        g.bench_with_input(BenchmarkId::new("list_features_cold", n), &(), |b, ()| {
            b.iter(|| black_box(ws.list_features().unwrap()))
        });
        let dir = features_dir(&t.0);
        g.bench_with_input(BenchmarkId::new("floor_list_stat", n), &(), |b, ()| {
            b.iter(|| black_box(list_and_stat(&dir)))
        });
        // The racy rule caches a file only once it is 2 s older than the clock: the bench's
        // clock runs a minute ahead so that freshly generated files are cached at once.
        let ahead: fourx_core::features::fs::cached::Clock =
            Arc::new(|| SystemTime::now() + Duration::from_secs(60));
        let cached = CachedWorkspace::with_clock(
            WorkspaceFs::new(root_str(&t.0)).expect("workspace"),
            ahead,
        );
        assert_eq!(cached.list_features().unwrap().features.len(), n);
        g.bench_with_input(BenchmarkId::new("list_features_cached", n), &(), |b, ()| {
            b.iter(|| black_box(cached.list_features().unwrap()))
        });
        let one = t.0.join(".4x/features/F00007-feature.yaml");
        let mut k = 0usize;
        g.bench_with_input(
            BenchmarkId::new("list_features_one_changed", n),
            &(),
            |b, ()| {
                b.iter(|| {
                    k += 1;
                    // A new size each time: the file's token changes even within one clock tick.
                    let text = format!("{}# rewrite {}\n", feature_yaml(7), "x".repeat(k % 7));
                    fs::write(&one, text).unwrap();
                    black_box(cached.list_features().unwrap())
                })
            },
        );
        g.bench_with_input(BenchmarkId::new("rewrite_one_file", n), &(), |b, ()| {
            b.iter(|| {
                k += 1;
                let text = format!("{}# rewrite {}\n", feature_yaml(7), "x".repeat(k % 7));
                fs::write(&one, text).unwrap();
            })
        });
    }
    g.finish();
}

/// An events.jsonl of `lines` lines: one `run-end` with a cost every 50 lines, the rest
/// transitions and outputs, as a long-running feature accumulates them.
fn events_file(dir: &Path, lines: usize) -> PathBuf {
    let mut text = String::with_capacity(lines * 110);
    for i in 0..lines {
        let line = if i % 50 == 49 {
            json!({"ts": "2026-03-01T12:00:00Z", "type": "run-end", "phase": "coding", "cost_usd": 0.0125})
        } else if i % 2 == 0 {
            json!({"ts": "2026-03-01T12:00:00Z", "type": "transition", "phase": "reviewing", "detail": "coding -> reviewing"})
        } else {
            json!({"ts": "2026-03-01T12:00:00Z", "type": "run-output", "phase": "coding", "detail": "wrote 3 files"})
        };
        text.push_str(&line.to_string());
        text.push('\n');
    }
    let path = dir.join("events.jsonl");
    fs::write(&path, text).expect("events");
    path
}

/// The floor: stream the file and split it into lines, touching every line.
fn line_split(path: &Path) -> usize {
    let f = fs::File::open(path).expect("open");
    let mut r = BufReader::with_capacity(64 * 1024, f);
    let mut buf = Vec::with_capacity(256);
    let mut n = 0usize;
    loop {
        buf.clear();
        match r.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(len) => n += len,
        }
    }
    n
}

fn events(c: &mut Criterion) {
    let mut g = c.benchmark_group(GROUP);
    g.sample_size(10);
    for lines in EVENT_LINES {
        let t = workspace(1);
        let id = FeatureId::new("F00000-feature").expect("id");
        let ws = WorkspaceFs::new(root_str(&t.0)).expect("workspace");
        let run = ws.feature_dir(&id);
        fs::create_dir_all(&run).expect("run dir");
        let path = events_file(&run, lines);
        let total = ws.total_cost(&id).expect("total_cost");
        assert!(
            (total - 0.0125 * (lines / 50) as f64).abs() < 1e-6,
            "{total}"
        );
        g.bench_with_input(
            BenchmarkId::new("floor_line_split", lines),
            &path,
            |b, p| b.iter(|| black_box(line_split(p))),
        );
        g.bench_with_input(BenchmarkId::new("total_cost", lines), &(), |b, ()| {
            b.iter(|| black_box(ws.total_cost(&id).unwrap()))
        });
    }
    g.finish();
}

fn conductor_apply(c: &mut Criterion) {
    let case = conductor_cases::case();
    let mut g = c.benchmark_group(GROUP);
    g.bench_function("conductor_apply_typed", |b| {
        b.iter(|| black_box(conductor_cases::typed(black_box(&case))))
    });
    g.bench_function("conductor_apply_op", |b| {
        b.iter(|| black_box(conductor_cases::op(black_box(&case))))
    });
    g.finish();
}

/// A Python repository (`pyproject.toml` at the root) of `n` modules `pkg/m00000` … (one
/// `__init__.py` each), module `i` importing modules `i / 2` and `i / 3`, as the index bench's
/// snapshot shape.
fn python_tree(n: usize) -> MapReader {
    let files = (0..n).map(|i| {
        let text = format!(
            "\"\"\"Module {i}.\"\"\"\nfrom pkg.m{:05} import half\nimport pkg.m{:05}\n\n\ndef f{i}():\n    return {i}\n",
            i / 2,
            i / 3
        );
        (format!("{}/__init__.py", module_path(i)), text)
    });
    // The marker file that makes the scanner run its Python rules.
    let marker = (
        "pyproject.toml".to_string(),
        "[project]\nname = \"big\"\n".to_string(),
    );
    MapReader::new(std::iter::once(marker).chain(files))
}

fn pipeline(c: &mut Criterion) {
    let mut g = c.benchmark_group(GROUP);
    g.sample_size(10);
    let nonce: Nonce = "0123abcd".parse().expect("nonce");
    let view = MapFileView::default();
    for n in MODULES {
        let reader = python_tree(n);
        let listing = reader.listing();
        let scanned = scan(&listing, &reader, DEFAULT_MAX_FILE_BYTES).expect("scan");
        let snap = scanned.snapshot;
        assert_eq!(snap.modules().len(), n);
        assert!(snap.edges().len() > n, "{} edges", snap.edges().len());
        let stored = blueprint_file(n).into_bytes();
        let req = FoldRequest {
            project_id: "bench-000000000000".into(),
            items: (0..8)
                .map(|i| {
                    Item::new(
                        &module_path(i * 7 % n),
                        "invariants",
                        "",
                        &format!("New invariant {i}."),
                    )
                })
                .collect(),
            evidence: (0..8).map(|i| module_path(i * 7 % n)).collect(),
            now: "2026-03-02T12:00:00Z".parse().expect("time"),
            git: GitFacts::default(),
        };
        let store = MemoryStore::new(Some(stored.clone()), []);
        let out = commit(&store, &req, &snap, &view, &nonce).expect("commit");
        assert!(out.written, "the bench commit must write");
        let committed = store.snapshot().0.expect("committed");
        let doc = parse(std::str::from_utf8(&committed).expect("utf-8")).expect("parse");
        let index =
            render_index(&doc, &snap, Some(PIPELINE_BUDGET), None, &ApproxCounter).expect("index");
        assert!(index.tokens as i64 <= PIPELINE_BUDGET && index.shown > 0);
        g.bench_with_input(BenchmarkId::new("pipeline_scan", n), &(), |b, ()| {
            b.iter(|| black_box(scan(&listing, &reader, DEFAULT_MAX_FILE_BYTES).unwrap()))
        });
        g.bench_with_input(BenchmarkId::new("pipeline_commit", n), &(), |b, ()| {
            b.iter_batched(
                || MemoryStore::new(Some(stored.clone()), []),
                |s| black_box(commit(&s, &req, &snap, &view, &nonce).unwrap()),
                BatchSize::LargeInput,
            )
        });
        g.bench_with_input(
            BenchmarkId::new("pipeline_render_index", n),
            &(),
            |b, ()| {
                b.iter(|| {
                    black_box(
                        render_index(&doc, &snap, Some(PIPELINE_BUDGET), None, &ApproxCounter)
                            .unwrap(),
                    )
                })
            },
        );
        g.bench_with_input(BenchmarkId::new("pipeline_all", n), &(), |b, ()| {
            b.iter_batched(
                || MemoryStore::new(Some(stored.clone()), []),
                |s| {
                    let snap = scan(&listing, &reader, DEFAULT_MAX_FILE_BYTES)
                        .unwrap()
                        .snapshot;
                    commit(&s, &req, &snap, &view, &nonce).unwrap();
                    let text = s.snapshot().0.unwrap();
                    let doc = parse(std::str::from_utf8(&text).unwrap()).unwrap();
                    black_box(
                        render_index(&doc, &snap, Some(PIPELINE_BUDGET), None, &ApproxCounter)
                            .unwrap(),
                    )
                },
                BatchSize::LargeInput,
            )
        });
    }
    g.finish();
}

fn main() {
    let mut c = Criterion::default().configure_from_args();
    conductor_apply(&mut c);
    events(&mut c);
    features(&mut c);
    pipeline(&mut c);
    c.final_summary();
    let mut rows = vec![
        Row::single(
            "conductor::apply typed (designing → design-reviewing)",
            Id::plain(GROUP, "conductor_apply_typed"),
            Target::NsAtMost(5_000.0),
        ),
        Row::ratio(
            "conductor.apply op (decode+apply+encode) / typed",
            Id::plain(GROUP, "conductor_apply_op"),
            Id::plain(GROUP, "conductor_apply_typed"),
            Target::None,
        ),
    ];
    for lines in EVENT_LINES {
        let p = lines.to_string();
        rows.push(Row::ratio(
            &format!("total_cost events.jsonl {lines} lines / streaming line split"),
            Id::new(GROUP, "total_cost", &p),
            Id::new(GROUP, "floor_line_split", &p),
            Target::RatioAtMost(1.5),
        ));
    }
    rows.push(Row::ratio(
        "total_cost 1,000,000 / 100,000 lines (10×)",
        Id::new(GROUP, "total_cost", "1000000"),
        Id::new(GROUP, "total_cost", "100000"),
        Target::RatioAtMost(12.0),
    ));
    for n in FEATURES {
        let p = n.to_string();
        rows.push(Row::single(
            &format!("list_features cold, {n} features"),
            Id::new(GROUP, "list_features_cold", &p),
            Target::None,
        ));
        rows.push(Row::ratio(
            &format!("list_features cached, nothing changed / cold, {n} features"),
            Id::new(GROUP, "list_features_cached", &p),
            Id::new(GROUP, "list_features_cold", &p),
            Target::None,
        ));
        rows.push(Row::ratio(
            &format!(
                "list_features cached, one file rewritten / cached + one rewrite, {n} features"
            ),
            Id::new(GROUP, "list_features_one_changed", &p),
            Id::new(GROUP, "list_features_cached", &p),
            Target::None,
        ));
    }
    for n in FEATURES {
        let p = n.to_string();
        rows.push(Row::ratio(
            &format!("list_features cached, nothing changed / listing + stat of every file, {n} features"),
            Id::new(GROUP, "list_features_cached", &p),
            Id::new(GROUP, "floor_list_stat", &p),
            Target::None,
        ));
    }
    for what in [
        "list_features_cold",
        "list_features_cached",
        "list_features_one_changed",
        "floor_list_stat",
    ] {
        rows.push(Row::ratio(
            &format!("{what} 10,000 / 1,000 features (10×)"),
            Id::new(GROUP, what, "10000"),
            Id::new(GROUP, what, "1000"),
            Target::RatioAtMost(12.0),
        ));
    }
    for (what, stage) in [
        ("pipeline_scan", "scan"),
        ("pipeline_commit", "commit (8 items)"),
        ("pipeline_render_index", "render_index (budget 4000)"),
        ("pipeline_all", "scan → commit → render_index"),
    ] {
        for n in MODULES {
            rows.push(Row::single(
                &format!("{stage}, {n} Python modules"),
                Id::new(GROUP, what, &n.to_string()),
                Target::None,
            ));
        }
        rows.push(Row::ratio(
            &format!("{stage} 50,000 / 5,000 modules (10×)"),
            Id::new(GROUP, what, "50000"),
            Id::new(GROUP, what, "5000"),
            Target::RatioAtMost(12.0),
        ));
    }
    report("scale", &rows);
}
