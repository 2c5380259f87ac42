//! Router contract, part 2 (router.md): the three `.cc10x/` memory files (check,
//! idempotent heal, templates), the JUST_GO gate, deterministic skill hints and their precedence,
//! the verifier's previous-findings block and the per-agent prompt frame.
//!
//! Everything here is a pure function of its inputs and renders byte for byte; reading and
//! writing memory files, classifying gates and sending prompts stay with the host.

pub mod findings;
pub mod frame;
pub mod just_go;
pub mod memory;
pub mod precedence;
pub mod research_files;
pub mod skill_hints;
mod templates;
mod text;

pub use findings::{
    format_previous_findings, HunterFindings, HunterStatus, PreviousFindings, ReviewerFindings,
    ReviewerStatus,
};
pub use frame::{build_prompt, DomainFile, IntentContract, Prompt, PromptInput};
pub use just_go::{just_go_gate, Gate, GateAction, GateDecision};
pub use memory::{check_memory, repair_memory, MemoryCheck, MemoryFile, MemoryRepair, Placement};
pub use precedence::{skill_precedence, Source, SourceKind};
pub use research_files::ResearchFiles;
pub use skill_hints::{internal_hints, project_skill_hints, skill_hints, SkillHintInput};
