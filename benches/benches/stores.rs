//! Store throughput: blueprint commits/s and event appends/s with 1, 4 and 8 concurrent writers,
//! on the filesystem stores and (when `FOURX_PG_URL` names a server; `make bench` starts a
//! throwaway one) on PostgreSQL, on the same machine. All writers hit one blueprint document and
//! one feature's event log (the contended case a fleet of harnesses produces). Not a criterion
//! bench (a run is a fixed number of writes, timed whole): it writes its rows to
//! `<criterion dir>/fourx-report/stores.json`, which `benches/report.py` puts in RESULTS.md.
//! Without a server it measures the filesystem only and says so loudly.

use std::sync::Arc;
use std::time::Instant;

use fourx_core::blueprint::fs::FsStore;
use fourx_core::blueprint::{
    commit, FileView, FoldRequest, GitFacts, Item, MapFileView, Nonce, Snapshot,
};
use fourx_core::store::cas::Store;
use fourx_core::workspace::fs::FsRunStore;
use fourx_core::workspace::run_store::RunStore;
use fourx_core::workspace::{FeatureId, WorkspaceFs};
use fourx_store_pg::{PgBackend, PgConfig};
use serde_json::{json, Value};

const WRITERS: &[usize] = &[1, 4, 8];
const COMMITS_PER_WRITER: usize = 25;
const APPENDS_PER_WRITER: usize = 200;

fn request(m: &str) -> FoldRequest {
    FoldRequest {
        project_id: "bench".into(),
        items: vec![Item::new(m, "purpose", "", &format!("claim of {m}"))],
        evidence: vec![m.to_string()],
        now: "2026-03-01T12:00:00Z".parse().expect("time"),
        git: GitFacts {
            head: "9f1c2e3d4b5a69788776655443322110ffeeddcc".into(),
            branch: "main".into(),
            dirty: false,
        },
    }
}

type Maker<'a, T> = &'a (dyn Fn(usize) -> T + Sync);

/// Runs `writers` threads doing `per` operations each; returns operations per second (of the
/// acknowledged ones) and how many were deferred.
fn run<T: Send + Sync>(
    writers: usize,
    make: Maker<'_, T>,
    op: &(dyn Fn(&T, usize, usize) -> bool + Sync),
    per: usize,
) -> (f64, usize) {
    let handles: Vec<T> = (0..writers).map(make).collect();
    let t0 = Instant::now();
    let done: Vec<usize> = std::thread::scope(|s| {
        let hs: Vec<_> = handles
            .iter()
            .enumerate()
            .map(|(w, h)| s.spawn(move || (0..per).filter(|&i| op(h, w, i)).count()))
            .collect();
        hs.into_iter().map(|h| h.join().expect("writer")).collect()
    });
    let secs = t0.elapsed().as_secs_f64();
    let ok: usize = done.iter().sum();
    (ok as f64 / secs, writers * per - ok)
}

fn main() {
    let tmp = std::env::temp_dir().join(format!("fourx-bench-stores-{}", std::process::id()));
    let pg_url = std::env::var("FOURX_PG_URL").ok().filter(|u| !u.is_empty());
    let modules: Vec<String> = (0..8 * COMMITS_PER_WRITER)
        .map(|i| format!("m{i:04}"))
        .collect();
    let snap = Snapshot::from_json(&json!({ "modules": modules })).expect("snapshot");
    let view = MapFileView::default();
    let commit_op = |store: &dyn Store, w: usize, i: usize| {
        let m = format!("m{:04}", w * COMMITS_PER_WRITER + i);
        let nonce: Nonce = format!("{w:02x}{i:06x}").parse().expect("nonce");
        commit(store, &request(&m), &snap, &view as &dyn FileView, &nonce).is_ok()
    };
    let line = |w: usize, i: usize| format!("{{\"type\":\"note\",\"writer\":{w},\"i\":{i}}}\n");
    let feat = FeatureId::new("feat").expect("id");
    let mut rows = Vec::new();
    for &n in WRITERS {
        let run_id = format!("{n}");
        let dir = tmp.join(format!("fs-{run_id}"));
        std::fs::create_dir_all(&dir).expect("tmp");
        let bp_dir = dir.join("blueprint");
        let (c, cd) = run(
            n,
            &|_| FsStore::real(&bp_dir, None),
            &|s, w, i| commit_op(s, w, i),
            COMMITS_PER_WRITER,
        );
        let root = dir.to_string_lossy().into_owned();
        let (a, _) = run(
            n,
            &|_| FsRunStore::new(WorkspaceFs::new(&root).expect("ws"), Arc::new(|| 0)),
            &|r, w, i| r.append_event(&feat, line(w, i).as_bytes(), None).is_ok(),
            APPENDS_PER_WRITER,
        );
        rows.push(row(
            "commits",
            "filesystem",
            n,
            c,
            None,
            format!("{c:.0} commits/s, {cd} deferred"),
        ));
        rows.push(row(
            "appends",
            "filesystem",
            n,
            a,
            None,
            format!("{a:.0} appends/s"),
        ));
        let (fs_c, fs_a) = (c, a);
        if let Some(url) = &pg_url {
            let schema = format!("bench_{}_{n}", std::process::id());
            let open = |_| {
                let cfg = PgConfig::from_json(
                    &json!({"kind": "postgres", "url": url, "schema": schema, "pool_size": 1}),
                )
                .expect("config");
                PgBackend::open(&cfg).expect("open")
            };
            let (c, cd) = run(
                n,
                &open,
                &|b, w, i| commit_op(&b.blueprint("bench").expect("store"), w, i),
                COMMITS_PER_WRITER,
            );
            let (a, _) = run(
                n,
                &open,
                &|b, w, i| {
                    b.run_store()
                        .append_event(&feat, line(w, i).as_bytes(), None)
                        .is_ok()
                },
                APPENDS_PER_WRITER,
            );
            rows.push(row(
                "commits",
                "PostgreSQL",
                n,
                c,
                Some(fs_c),
                format!("{c:.0} commits/s, {cd} deferred; ratio = time per commit / filesystem's"),
            ));
            rows.push(row(
                "appends",
                "PostgreSQL",
                n,
                a,
                Some(fs_a),
                format!("{a:.0} appends/s; ratio = time per append / filesystem's"),
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&tmp);
    if pg_url.is_none() {
        eprintln!(
            "!!! ========================================================================\n\
             !!! the stores bench measured the FILESYSTEM ONLY: FOURX_PG_URL is unset\n\
             !!! (`make bench` starts a throwaway server when PostgreSQL is installed)\n\
             !!! ========================================================================"
        );
        rows.push(json!({
            "name": "PostgreSQL", "median_ns": 0.0, "ratio": null, "target": "report", "met": null,
            "note": "NOT measured: no server (FOURX_PG_URL unset; install postgresql)",
        }));
    }
    write_report(&rows);
}

/// One report row per measurement, in `benches/report.py`'s shape: the median is the time per
/// acknowledged operation, the ratio PostgreSQL / filesystem at the same number of writers.
fn row(
    what: &str,
    store: &str,
    writers: usize,
    per_s: f64,
    base: Option<f64>,
    note: String,
) -> Value {
    json!({
        "name": format!("{what}, {store}, {writers} writer{}", if writers == 1 { "" } else { "s" }),
        "median_ns": if per_s > 0.0 { 1e9 / per_s } else { 0.0 },
        "ratio": base.filter(|b| *b > 0.0 && per_s > 0.0).map(|b| b / per_s),
        "target": "report",
        "met": null,
        "note": note,
    })
}

/// Prints the rows and writes them to `<criterion dir>/fourx-report/stores.json` for
/// `benches/report.py`.
fn write_report(rows: &[Value]) {
    println!("\n== stores ==");
    for r in rows {
        println!(
            "{:<44} {}",
            r["name"].as_str().unwrap_or(""),
            r["note"].as_str().unwrap_or("")
        );
    }
    let dir = fourx_benches::criterion_dir().join("fourx-report");
    std::fs::create_dir_all(&dir).expect("report dir");
    let text = serde_json::to_string_pretty(&Value::Array(rows.to_vec())).expect("json");
    std::fs::write(dir.join("stores.json"), text).expect("write stores.json");
}
