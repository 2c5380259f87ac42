//! The blueprint's constants, single-sourced (blueprint.md, op `blueprint.defaults`).
//!
//! Every other module reads its limits from here (a leaf: it imports nothing); the op
//! `blueprint.defaults` (`ops/blueprint.rs`) publishes them with the field and reason words, and a
//! configuration layer that ships template values pins them against that op. Deciding whether the
//! blueprint is enabled at all is left to the caller.

/// The `format` front-matter value of every file this version writes.
pub const FORMAT: &str = "fourx-blueprint/1";
/// Items beyond this content rank in one submission are rejected `over_limit`.
pub const MAX_SUBMIT_ITEMS: usize = 8;
/// Revisions kept in `revisions/`.
pub const REVISIONS_KEEP: usize = 5;
/// Days an orphaned module stays in the file after it was marked.
pub const ORPHAN_RETENTION_DAYS: i64 = 90;
/// [`ORPHAN_RETENTION_DAYS`] in seconds.
pub const ORPHAN_RETENTION_SECS: i64 = ORPHAN_RETENTION_DAYS * 86_400;
/// Token budget of the resident index when the caller gives none.
pub const DEFAULT_INDEX_MAX_TOKENS: usize = 2000;
/// Imports listed per index row before `[TRUNC +k]`.
pub const MAX_ROW_EDGES: usize = 12;
/// Source bytes above which a module is flagged `[oversize]`.
pub const OVERSIZE_MODULE_BYTES: u64 = 262_144;
/// Longest claim in UTF-8 bytes after normalisation.
pub const MAX_CLAIM_BYTES: usize = 1000;
/// Longest `where` anchor in UTF-8 bytes after normalisation.
pub const MAX_WHERE_BYTES: usize = 300;
/// Length of an entry's short ID in lower-case hex digits.
pub const ID_HEX_LEN: usize = 12;
/// Scan duration (ms) at or above which the snapshot cell runs in costly mode.
pub const COST_MODE_BOUNDARY_MS: f64 = 150.0;
/// Lifetime of a cost-mode decision in seconds.
pub const COST_MODE_TTL_S: i64 = 86_400;
/// Minimum seconds between two scan starts in costly mode.
pub const COSTLY_MIN_RESCAN_INTERVAL_S: i64 = 30;
/// The file name of the blueprint in its store directory.
pub const FILE_NAME: &str = "blueprint.md";
/// The revisions directory inside the store directory.
pub const REVISIONS_DIR: &str = "revisions";
/// The storage base below the home directory.
pub const STORAGE_SUBDIR: &str = ".4x/blueprints";
/// Root entries that make a non-git directory a project (guard rule 4).
pub const MANIFESTS: &[&str] = &[
    "go.mod",
    "Cargo.toml",
    "package.json",
    "pyproject.toml",
    "setup.py",
    "pom.xml",
    "build.gradle",
    "build.gradle.kts",
    "Gemfile",
    "composer.json",
    "mix.exs",
    "Package.swift",
    "CMakeLists.txt",
    "deno.json",
];
