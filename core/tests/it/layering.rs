//! The core stays free of bindings: its direct dependencies never include pyo3, libc or nix
//! (ARCHITECTURE.md "Dependency direction", CONVENTIONS.md §Storage).

#[test]
fn core_depends_on_no_binding_crate() {
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .expect("core/Cargo.toml");
    let mut section = String::new();
    for line in manifest.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            section = line.to_string();
            continue;
        }
        if !section.contains("dependencies") {
            continue;
        }
        let name = line
            .split(['=', '.', ' '])
            .next()
            .unwrap_or("")
            .trim_matches('"');
        for banned in [
            "pyo3",
            "libc",
            "nix",
            "once_cell",
            "serde_yaml",
            "serde_yml",
            "chrono",
            "time",
            "rand",
            "tempfile",
        ] {
            assert_ne!(name, banned, "core must not depend on {banned} ({section})");
        }
    }
}
