//! `fourx-pg`: moves run state between a PostgreSQL run store and a `.4x/` tree, with the exact
//! bytes (the Go 4x tools and diffs read the exported tree as if a local harness wrote it).
//!
//! ```text
//! fourx-pg export --root DIR [--feature ID]...   database -> DIR/.4x/run/<id>/
//! fourx-pg import --root DIR [--feature ID]...   DIR/.4x/run/<id>/ -> database
//! ```
//!
//! The store config (`{"kind": "postgres", "url", "schema"?, "workspace"?}`) is read from the
//! file named by `--store-file` or from the environment variable `FOURX_STORE`, never from the
//! command line (where every user of the machine could read the password). Without `--feature`
//! every feature of the source is copied. A feature the target already holds, or cannot hold,
//! refuses the whole copy before anything is written (a copy never merges); each feature is
//! copied in one atomic step (nothing of it stays when it fails). Prints one JSON line per
//! feature; exits 1 on the first error, printed as the
//! error document (never containing the URL).

use std::process::ExitCode;
use std::sync::Arc;

use fourx_core::error::{Error, Result};
use fourx_core::workspace::fs::FsRunStore;
use fourx_core::workspace::run_store::{copy_features, RunStore};
use fourx_core::workspace::{FeatureId, WorkspaceFs};
use fourx_store_pg::{PgBackend, PgConfig};
use serde_json::{json, Value};

const USAGE: &str =
    "usage: fourx-pg (export|import) --root DIR [--feature ID]... [--store-file PATH]\n\
                     (the store config JSON comes from --store-file or $FOURX_STORE)";

fn run(args: &[String]) -> Result<()> {
    let (mode, rest) = args
        .split_first()
        .ok_or_else(|| Error::invalid_input(USAGE))?;
    let (mut root, mut store_file, mut features) = (None, None, Vec::new());
    let mut it = rest.iter();
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| Error::invalid_input(format!("{a} needs a value\n{USAGE}")))
        };
        match a.as_str() {
            "--root" => root = Some(value()?),
            "--store-file" => store_file = Some(value()?),
            "--feature" => features.push(FeatureId::new(&value()?)?),
            other => {
                return Err(Error::invalid_input(format!(
                    "unknown argument {other:?}\n{USAGE}"
                )))
            }
        }
    }
    let root = root.ok_or_else(|| Error::invalid_input(format!("--root is required\n{USAGE}")))?;
    let text = match store_file {
        Some(p) => std::fs::read_to_string(&p).map_err(|e| Error::io(format!("read {p}"), &e))?,
        None => std::env::var("FOURX_STORE").map_err(|_| {
            Error::invalid_input(format!(
                "no store config: set FOURX_STORE or --store-file\n{USAGE}"
            ))
        })?,
    };
    let v: Value = serde_json::from_str(&text)
        .map_err(|e| Error::invalid_input(format!("the store config is not JSON: {e}")))?;
    let pg: Arc<dyn RunStore> = Arc::new(PgBackend::open(&PgConfig::from_json(&v)?)?.run_store());
    let fs: Arc<dyn RunStore> = Arc::new(FsRunStore::new(
        WorkspaceFs::new(&root)?,
        Arc::new(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as u64)
        }),
    ));
    let (from, to) = match mode.as_str() {
        "export" => (pg, fs),
        "import" => (fs, pg),
        other => {
            return Err(Error::invalid_input(format!(
                "unknown command {other:?}\n{USAGE}"
            )))
        }
    };
    if features.is_empty() {
        features = from.features()?;
    }
    for (id, c) in features
        .iter()
        .zip(copy_features(from.as_ref(), to.as_ref(), &features)?)
    {
        println!(
            "{}",
            json!({"feature": id.as_str(), "state": c.state, "events": c.events, "stop": c.stop})
        );
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{}", e.to_json());
            ExitCode::FAILURE
        }
    }
}
