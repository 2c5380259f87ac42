//! The blueprint: a per-repository knowledge file with a deterministic fold of agent claims,
//! optimistic compare-and-swap storage and a token-budgeted index (blueprint.md).
//!
//! Everything here is pure: time, nonce, home, git facts, files and the token counter are
//! inputs, and storage goes through the [`crate::store::cas::Store`] trait. The filesystem side
//! (the store layout, the anchor file view, the repository walk) is [`fs`] (feature `fs`); the JSON
//! ops are `crate::ops::blueprint`.

pub mod anchors;
pub mod cell;
pub mod commit;
pub mod cost;
pub mod defaults;
pub mod director;
pub mod doc;
pub mod evidence;
pub mod fold;
#[cfg(feature = "fs")]
pub mod fs;
pub mod gc;
pub mod graph;
pub mod guard;
pub mod index;
pub mod normalize;
pub mod parse;
pub mod read;
pub mod render;
pub mod revisions;
pub mod scan;
pub mod snapshot;
pub mod stamp;
pub mod tokens;
pub mod validate;

pub use anchors::{AnchorChecker, FileState, FileView, MapFileView, Verdict, Why};
pub use cell::{Executor, ScanOutcome, ScanSource, SnapshotCell};
pub use commit::{commit, CommitOutcome};
pub use cost::{CostDecision, CostMode};
pub use director::format_for_director;
pub use doc::{Counts, Doc, Entry, Field, ModuleNotes, Section};
pub use evidence::evidence_modules;
pub use fold::{
    fold_text, merge, merge_owned, Accepted, Coverage, FoldRequest, FoldResult, GitFacts, Rejected,
    Warning,
};
pub use gc::{gc, gc_plan, GcOutcome, GcPlan};
pub use graph::{graph, GraphFormat};
pub use guard::{guard_root, storage_paths, GuardOk, StoragePaths};
pub use index::{render_index, IndexOutput, LEGEND};
pub use normalize::Item;
pub use parse::parse;
pub use read::read_module;
pub use render::render;
pub use revisions::{
    is_revision_name, memory_store, revision_name, revision_prune, revision_retention, Nonce,
    PrunePlan,
};
pub use snapshot::{ModuleInfo, Snapshot};
pub use stamp::UtcSecond;
#[cfg(feature = "bpe-o200k")]
pub use tokens::O200kCounter;
pub use tokens::{ApproxCounter, BuiltinCounter, TokenCounter};
pub use validate::{MalformedDetail, RejectReason, Rejection};
