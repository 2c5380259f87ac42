//! Shared inputs and the ratio report for the fourx criterion benches (`benches/benches/*.rs`).
//! Run them with `make bench`; each bench reports its cost as a ratio against a floor or baseline
//! measured in the same run, never as an absolute time alone.
//!
//! After its criterion groups a bench calls [`report`]: it reads criterion's medians
//! (`<criterion dir>/<group>/<function>/<param>/new/estimates.json`), prints one line per
//! [`Row`] and writes them to `<criterion dir>/fourx-report/<bench>.json`, which
//! `benches/report.py` turns into `benches/RESULTS.md`.

use std::path::PathBuf;

pub mod conductor_cases;
pub mod features_cases;
pub mod index_cases;
pub mod router_cases;

use serde_json::{json, Value};

/// Entries per module in [`blueprint_file`].
pub const ENTRIES_PER_MODULE: usize = 10;

/// The module path of module `i` in the blueprint fixtures.
pub fn module_path(i: usize) -> String {
    format!("pkg/m{i:05}")
}

/// A snapshot of `modules` modules, each importing its halving and thirding ancestor (about
/// two edges per module; a few modules have many importers).
pub fn blueprint_snapshot(modules: usize) -> fourx_core::blueprint::Snapshot {
    let paths: Vec<String> = (0..modules).map(module_path).collect();
    let mut edges = Vec::new();
    for i in 1..modules {
        edges.push(json!([paths[i], paths[i / 2]]));
        if i >= 3 {
            edges.push(json!([paths[i], paths[i / 3]]));
        }
    }
    let mods: Vec<_> = paths
        .iter()
        .map(|p| json!({"path": p, "fingerprint": "f1", "bytes": 1000}))
        .collect();
    fourx_core::blueprint::Snapshot::from_json(&json!({"modules": mods, "edges": edges}))
        .expect("the bench snapshot is valid")
}

/// A canonical blueprint file with `entries` entries, [`ENTRIES_PER_MODULE`] per module.
pub fn blueprint_file(entries: usize) -> String {
    use fourx_core::blueprint::{render, Doc};
    let modules = (entries / ENTRIES_PER_MODULE).max(1);
    let mut list_of_modules = Vec::with_capacity(modules);
    for m in 0..modules {
        let list: Vec<_> = (0..ENTRIES_PER_MODULE)
            .map(|e| {
                json!({
                    "where": format!("{}/f{e}.go:{e}", module_path(m)),
                    "claim": format!("Claim {e} about module {m} and its invariants."),
                })
            })
            .collect();
        list_of_modules.push(json!({"path": module_path(m), "sections": [{"field": "gotchas", "updated": "2026-03-01T12:00:00Z", "fp": "f1", "entries": list}]}));
    }
    let doc = json!({"project_id": "bench-000000000000", "updated": "2026-03-01T12:00:00Z", "modules": list_of_modules});
    render(&Doc::from_json(&doc).expect("the bench document is valid"))
}

/// A small op input, as a harness sends it on every turn.
pub fn small_input() -> serde_json::Value {
    serde_json::json!({})
}

/// One criterion benchmark: group, function and optional parameter, as passed to criterion.
#[derive(Debug, Clone)]
pub struct Id {
    /// The benchmark group.
    pub group: String,
    /// The function name inside the group.
    pub function: String,
    /// The parameter (`BenchmarkId::new(function, param)`), if any.
    pub param: Option<String>,
}

impl Id {
    /// `group/function/param`.
    pub fn new(group: &str, function: &str, param: &str) -> Id {
        Id {
            group: group.to_string(),
            function: function.to_string(),
            param: Some(param.to_string()),
        }
    }

    /// `group/function` (no parameter).
    pub fn plain(group: &str, function: &str) -> Id {
        Id {
            group: group.to_string(),
            function: function.to_string(),
            param: None,
        }
    }

    fn dir(&self) -> PathBuf {
        let mut p = criterion_dir().join(&self.group).join(&self.function);
        if let Some(param) = &self.param {
            p = p.join(param);
        }
        p
    }

    /// The median of the last run in nanoseconds, if criterion has written it.
    pub fn median_ns(&self) -> Option<f64> {
        let text = std::fs::read_to_string(self.dir().join("new/estimates.json")).ok()?;
        let v: Value = serde_json::from_str(&text).ok()?;
        v["median"]["point_estimate"].as_f64()
    }
}

/// What a row is held against.
#[derive(Debug, Clone)]
pub enum Target {
    /// `measured / base ≤ x`.
    RatioAtMost(f64),
    /// `measured ≤ x` nanoseconds (median).
    NsAtMost(f64),
    /// A condition checked by the bench itself (e.g. an allocation count), with its text.
    Check(String, bool),
    /// Reported only.
    None,
}

/// One line of the report: a measured benchmark, optionally divided by a base.
#[derive(Debug, Clone)]
pub struct Row {
    /// What the line says, e.g. `fold 10,000 entries / floor`.
    pub name: String,
    /// The benchmark measured.
    pub measured: Id,
    /// The floor or baseline it is divided by, if any.
    pub base: Option<Id>,
    /// Scale applied to the ratio (e.g. to compare per-byte costs of different sizes).
    pub scale: f64,
    /// The target.
    pub target: Target,
    /// Extra text for the notes column (e.g. allocation counts).
    pub note: String,
}

impl Row {
    /// A row `measured / base` held against `target`.
    pub fn ratio(name: &str, measured: Id, base: Id, target: Target) -> Row {
        Row {
            name: name.to_string(),
            measured,
            base: Some(base),
            scale: 1.0,
            target,
            note: String::new(),
        }
    }

    /// A row with no base.
    pub fn single(name: &str, measured: Id, target: Target) -> Row {
        Row {
            name: name.to_string(),
            measured,
            base: None,
            scale: 1.0,
            target,
            note: String::new(),
        }
    }

    /// The same row with a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Row {
        self.note = note.into();
        self
    }

    /// The same row with its ratio multiplied by `scale`.
    pub fn scaled(mut self, scale: f64) -> Row {
        self.scale = scale;
        self
    }
}

/// Criterion's output directory: `CRITERION_HOME`, else `$CARGO_TARGET_DIR/criterion`, else the
/// workspace's `target/criterion`.
pub fn criterion_dir() -> PathBuf {
    if let Some(h) = std::env::var_os("CRITERION_HOME") {
        return PathBuf::from(h);
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../target")));
    target.join("criterion")
}

/// Prints `rows` and writes them to `<criterion dir>/fourx-report/<bench>.json`. A row whose
/// benchmark was not run (filtered out) is skipped.
pub fn report(bench: &str, rows: &[Row]) {
    let mut out = Vec::new();
    println!("\n== {bench}: ratios (median) ==");
    for r in rows {
        let Some(m) = r.measured.median_ns() else {
            continue;
        };
        let base = r.base.as_ref().and_then(Id::median_ns);
        if r.base.is_some() && base.is_none() {
            continue;
        }
        let ratio = base.map(|b| m / b * r.scale);
        let (target, met) = match &r.target {
            Target::RatioAtMost(x) => (format!("≤ {x}×"), ratio.map(|q| q <= *x)),
            Target::NsAtMost(x) => (format!("≤ {}", human_ns(*x)), Some(m <= *x)),
            Target::Check(text, ok) => (text.clone(), Some(*ok)),
            Target::None => ("report".to_string(), None),
        };
        let met_text = match met {
            Some(true) => "met",
            Some(false) => "NOT met",
            None => "-",
        };
        println!(
            "{:<58} {:>10} {:>9} {:>10} {:<8} {}",
            r.name,
            human_ns(m),
            ratio.map_or("-".to_string(), |q| format!("{q:.2}×")),
            target,
            met_text,
            r.note
        );
        out.push(json!({
            "bench": bench,
            "name": r.name,
            "median_ns": m,
            "base_ns": base,
            "ratio": ratio,
            "target": target,
            "met": met,
            "note": r.note,
        }));
    }
    let dir = criterion_dir().join("fourx-report");
    let written = std::fs::create_dir_all(&dir).and_then(|()| {
        std::fs::write(
            dir.join(format!("{bench}.json")),
            serde_json::to_string_pretty(&out).unwrap_or_default(),
        )
    });
    if let Err(e) = written {
        eprintln!("could not write the {bench} report: {e}");
    }
}

/// `12.3 ns`, `4.56 µs`, `7.89 ms`.
pub fn human_ns(ns: f64) -> String {
    if ns < 1e3 {
        format!("{ns:.1} ns")
    } else if ns < 1e6 {
        format!("{:.2} µs", ns / 1e3)
    } else if ns < 1e9 {
        format!("{:.2} ms", ns / 1e6)
    } else {
        format!("{:.2} s", ns / 1e9)
    }
}
