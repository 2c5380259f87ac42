//! Replays every committed fuzz corpus file (`fuzz/corpus/<target>/*`) through the same target
//! body the cargo-fuzz binary runs (`fuzz/src/targets.rs`, compiled into this test), without
//! instrumentation. A crash the fuzzer found is committed as `regress-*` and stays fixed here.
#![cfg(feature = "fs")]

#[allow(dead_code)] // the fuzz binaries' default-sandbox entry points are not used here
#[path = "../../../fuzz/src/targets.rs"]
mod targets;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz")
}

fn corpus_files(target: &str) -> Vec<PathBuf> {
    let dir = fuzz_dir().join("corpus").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    files
}

#[test]
fn every_committed_corpus_file_passes_its_target() {
    let sandbox = std::env::temp_dir().join(format!("fourx-fuzz-replay-{}", std::process::id()));
    std::fs::create_dir_all(&sandbox).unwrap();
    let mut failures = Vec::new();
    let mut total = 0;
    for target in targets::TARGETS {
        let files = corpus_files(target);
        assert!(!files.is_empty(), "corpus/{target} has no seed");
        for file in files {
            let data = std::fs::read(&file).unwrap();
            total += 1;
            let ran = catch_unwind(AssertUnwindSafe(|| targets::run(target, &data, &sandbox)));
            match ran {
                Ok(true) => {}
                Ok(false) => failures.push(format!("{target}: unknown target")),
                Err(_) => failures.push(format!("{target}: {}", file.display())),
            }
        }
    }
    let _ = std::fs::remove_dir_all(&sandbox);
    eprintln!("replayed {total} corpus files");
    assert!(
        failures.is_empty(),
        "corpus failures:\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_target_has_a_fuzz_binary_a_cargo_entry_and_a_corpus() {
    let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml")).unwrap();
    for target in targets::TARGETS {
        let bin = fuzz_dir().join(format!("fuzz_targets/{target}.rs"));
        let src =
            std::fs::read_to_string(&bin).unwrap_or_else(|e| panic!("{}: {e}", bin.display()));
        assert!(
            src.contains(&format!("targets::{target}(")),
            "{target}.rs calls the shared body"
        );
        assert!(
            manifest.contains(&format!("name = \"{target}\"")),
            "fuzz/Cargo.toml declares {target}"
        );
    }
    for entry in std::fs::read_dir(fuzz_dir().join("corpus")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            targets::TARGETS.contains(&name.as_str()),
            "corpus/{name} belongs to no target"
        );
    }
}
