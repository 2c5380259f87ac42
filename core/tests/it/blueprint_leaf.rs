//! The blueprint is a leaf (002 §1, blueprint.md §2; the analogue of
//! `scripts/check_blueprint_leaf.sh`): `src/blueprint/**` outside its `fs/` folder never touches
//! the file system, the environment, a clock, randomness or threads, and reaches other modules
//! only through the vocabulary (`protocol`, `error`, `words`) and the storage traits
//! (`store::cas`). The JSON ops over it live in `src/ops/`, its filesystem side in
//! `src/blueprint/fs/`.

use std::path::{Path, PathBuf};

const FORBIDDEN: &[&str] = &[
    "std::fs",
    "std::env",
    "env::var",
    "SystemTime::now",
    "Instant::now",
    "thread::spawn",
    "std::process",
    "std::net",
    "rand::",
    "File::open",
    "RealFs",
];

const ALLOWED_CRATE_PATHS: &[&str] = &[
    "crate::error",
    "crate::protocol",
    "crate::words",
    "crate::store::cas::",
    "crate::store::cas::{",
    "crate::blueprint",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("src/blueprint") {
        let p = e.expect("entry").path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n == "fs") {
                continue;
            }
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

#[test]
fn blueprint_is_a_leaf_module() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src/blueprint"),
        &mut files,
    );
    assert!(files.len() > 10, "blueprint sources not found");
    let mut hits = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("read");
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            for bad in FORBIDDEN {
                if code.contains(bad) {
                    hits.push(format!("{}:{}: {bad}", f.display(), n + 1));
                }
            }
            let mut rest = code;
            while let Some(i) = rest.find("crate::") {
                let path = &rest[i..];
                let ok = ALLOWED_CRATE_PATHS.iter().any(|a| path.starts_with(a));
                if !ok {
                    hits.push(format!(
                        "{}:{}: {}",
                        f.display(),
                        n + 1,
                        &path[..path.len().min(40)]
                    ));
                }
                rest = &path["crate::".len()..];
            }
        }
    }
    assert!(
        hits.is_empty(),
        "blueprint leaf rule broken:\n{}",
        hits.join("\n")
    );
}
