//! The feature-listing workspaces of the scale bench, shared by `benches/benches/scale.rs`
//! (criterion) and `benches/examples/instr.rs` (callgrind instruction counts): a project with
//! `n` feature files under `.4x/features/`, generated into a temporary directory, and the floor
//! of any listing that notices a changed file — one directory listing plus one `stat` of every
//! entry.

use std::fs;
use std::hint::black_box;
use std::path::{Path, PathBuf};

/// A fresh directory under the system temp dir, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    /// `<temp>/fourx-bench-<name>-<pid>`, emptied first.
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("fourx-bench-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// The YAML of feature `i`, as a real backlog entry looks.
pub fn feature_yaml(i: usize) -> String {
    format!(
        "id: F{i:05}-feature\nname: Feature {i}\nstatus: pending\npriority: {}\ndescription: >-\n  The feature number {i}, with a line of prose like a real backlog entry has.\n",
        i % 5 + 1
    )
}

/// A project with `n` feature files under `.4x/features/`.
pub fn workspace(n: usize) -> TempDir {
    let t = TempDir::new(&format!("features-{n}"));
    let dir = t.0.join(".4x").join("features");
    fs::create_dir_all(&dir).expect("features dir");
    fs::write(t.0.join(".4x").join("settings.json"), "{}").expect("settings");
    for i in 0..n {
        fs::write(dir.join(format!("F{i:05}-feature.yaml")), feature_yaml(i)).expect("feature");
    }
    t
}

/// The features directory of a project made by [`workspace`].
pub fn features_dir(root: &Path) -> PathBuf {
    root.join(".4x").join("features")
}

/// The floor of a listing that must notice any changed file: read the directory and `stat`
/// (following links) every entry — what the cached reader cannot skip, and nothing more.
/// Returns the sum of the sizes (so nothing is optimised away).
pub fn list_and_stat(dir: &Path) -> u64 {
    let mut total = 0u64;
    for entry in fs::read_dir(dir).expect("features dir") {
        let entry = entry.expect("dir entry");
        if let Ok(meta) = fs::metadata(dir.join(entry.file_name())) {
            total = total.wrapping_add(meta.len());
        }
    }
    black_box(total)
}
