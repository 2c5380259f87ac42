//! Workflow task graphs (router.md, repo `*-workflow.md` task-graph blocks): the child
//! tasks each workflow creates, their dispatcher agents, `reason:` values and blockers. Creating
//! the tasks is the caller's.

use serde::Serialize;

use crate::router::edition::Edition;
use crate::router::route::dispatch::phase_agent;
use crate::router::vocabulary::{BuildScope, Kind, Phase, WorkflowType};

/// One node of a template: phase, reason, blockers.
type NodeSpec = (Phase, &'static str, &'static [Phase]);

/// The reason of every memory-finalize node.
pub const MEMORY_REASON: &str = "Persist captured Memory Notes";

/// BUILD, standard scope (memory-finalize last, blocked by build-doc-sync).
pub static BUILD_STANDARD: &[NodeSpec] = &[
    (Phase::BuildImplement, "Execute approved phase", &[]),
    (
        Phase::BuildReview,
        "Review current phase quality",
        &[Phase::BuildImplement],
    ),
    (
        Phase::BuildHunt,
        "Audit current phase blast radius",
        &[Phase::BuildImplement],
    ),
    (
        Phase::BuildVerify,
        "Phase exit verification",
        &[Phase::BuildReview, Phase::BuildHunt],
    ),
    (
        Phase::BuildDocSync,
        "Sync docs to reflect diff",
        &[Phase::BuildVerify],
    ),
    (Phase::MemoryFinalize, MEMORY_REASON, &[Phase::BuildDocSync]),
];

/// BUILD, standard scope with diff-driven docs skipped.
pub static BUILD_STANDARD_NO_DOCS: &[NodeSpec] = &[
    (Phase::BuildImplement, "Execute approved phase", &[]),
    (
        Phase::BuildReview,
        "Review current phase quality",
        &[Phase::BuildImplement],
    ),
    (
        Phase::BuildHunt,
        "Audit current phase blast radius",
        &[Phase::BuildImplement],
    ),
    (
        Phase::BuildVerify,
        "Phase exit verification",
        &[Phase::BuildReview, Phase::BuildHunt],
    ),
    (Phase::MemoryFinalize, MEMORY_REASON, &[Phase::BuildVerify]),
];

/// BUILD, trivial scope.
pub static BUILD_TRIVIAL: &[NodeSpec] = &[
    (Phase::BuildImplement, "Execute trivial change", &[]),
    (
        Phase::BuildVerify,
        "Trivial-path phase exit verification",
        &[Phase::BuildImplement],
    ),
    (Phase::MemoryFinalize, MEMORY_REASON, &[Phase::BuildVerify]),
];

/// DEBUG.
pub static DEBUG: &[NodeSpec] = &[
    (Phase::DebugInvestigate, "Find root cause", &[]),
    (
        Phase::DebugReview,
        "Review the fix",
        &[Phase::DebugInvestigate],
    ),
    (Phase::DebugVerify, "Verify the fix", &[Phase::DebugReview]),
    (Phase::MemoryFinalize, MEMORY_REASON, &[Phase::DebugVerify]),
];

/// REVIEW.
pub static REVIEW: &[NodeSpec] = &[
    (Phase::ReviewAudit, "Advisory review", &[]),
    (Phase::MemoryFinalize, MEMORY_REASON, &[Phase::ReviewAudit]),
];

/// PLAN.
pub static PLAN: &[NodeSpec] = &[
    (Phase::PlanCreate, "Create implementation plan", &[]),
    (
        Phase::PlanReviewGap1,
        "Fresh anti-anchoring review of saved plan (pass 1)",
        &[Phase::PlanCreate],
    ),
    (
        Phase::RePlan,
        "Revise plan if fresh review finds blocking issues",
        &[Phase::PlanReviewGap1],
    ),
    (
        Phase::PlanReviewGap2,
        "Fresh anti-anchoring review of saved plan (pass 2)",
        &[Phase::RePlan],
    ),
    (
        Phase::MemoryFinalize,
        MEMORY_REASON,
        &[
            Phase::PlanCreate,
            Phase::PlanReviewGap1,
            Phase::RePlan,
            Phase::PlanReviewGap2,
        ],
    ),
];

/// One child task.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Node {
    /// Its phase.
    pub phase: Phase,
    /// `agent` or `memory`.
    pub kind: Kind,
    /// `cc10x:` + dispatcher agent; null for memory.
    pub agent: Option<String>,
    /// Phases it waits for.
    pub blocked_by: Vec<Phase>,
    /// Its `reason:` metadata value.
    pub reason: &'static str,
}

/// A workflow's task graph.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TaskGraph {
    /// The workflow.
    pub workflow: WorkflowType,
    /// Lower-case workflow name; null for ORIENT.
    pub parent_phase: Option<Phase>,
    /// Effective build scope (BUILD only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub build_scope: Option<BuildScope>,
    /// The child tasks in creation order.
    pub nodes: Vec<Node>,
}

/// TRIAGE (`12.7.0` refs/triage-workflow.md): one triage-agent task, no memory node.
pub static TRIAGE: &[NodeSpec] = &[(Phase::Triage, "Categorize and verify incoming issue", &[])];

/// CODEBASE-HEALTH (`12.7.0` refs/codebase-health-workflow.md): one scanner task, no memory node.
pub static CODEBASE_HEALTH: &[NodeSpec] = &[(
    Phase::CodebaseHealth,
    "Surface shallow modules and deepening candidates",
    &[],
)];

/// QA (`12.10.0` refs/qa-workflow.md "QA task graph", standard scope): one research lane
/// (`code`, always available; the host adds one `qa-research` task per further available source
/// and blocks `qa-plan` on each), plan, the bounded two-pass review, preflight, build, the
/// reviewer ‖ hunter pair on the harness, execute, memory.
pub static QA: &[NodeSpec] = &[
    (
        Phase::QaResearch,
        "Build feature understanding from code",
        &[],
    ),
    (
        Phase::QaPlan,
        "Design test scenarios and test environment",
        &[Phase::QaResearch],
    ),
    (
        Phase::QaPlanReview,
        "Anti-anchoring coverage review of saved test plan",
        &[Phase::QaPlan],
    ),
    (
        Phase::QaRePlan,
        "Revise plan artifacts if fresh review finds blocking issues",
        &[Phase::QaPlanReview],
    ),
    (
        Phase::QaPlanReview2,
        "Anti-anchoring review of the amended test plan (pass 2)",
        &[Phase::QaRePlan],
    ),
    (
        Phase::QaPreflight,
        "Measure the environment before anything expensive runs",
        &[Phase::QaPlanReview, Phase::QaRePlan, Phase::QaPlanReview2],
    ),
    (
        Phase::QaBuild,
        "Build test environment and test suites",
        &[Phase::QaPreflight],
    ),
    (
        Phase::QaReview,
        "Review harness code quality",
        &[Phase::QaBuild],
    ),
    (
        Phase::QaHunt,
        "Audit harness for silently-passing tests",
        &[Phase::QaBuild],
    ),
    (
        Phase::QaExecute,
        "Execute scenarios and produce report",
        &[Phase::QaReview, Phase::QaHunt],
    ),
    (Phase::MemoryFinalize, MEMORY_REASON, &[Phase::QaExecute]),
];

/// The template for a workflow.
pub fn template(workflow: WorkflowType, scope: BuildScope, skip_docs: bool) -> &'static [NodeSpec] {
    match workflow {
        WorkflowType::Build => match (scope, skip_docs) {
            (BuildScope::Trivial, _) => BUILD_TRIVIAL,
            (BuildScope::Standard, false) => BUILD_STANDARD,
            (BuildScope::Standard, true) => BUILD_STANDARD_NO_DOCS,
        },
        WorkflowType::Debug => DEBUG,
        WorkflowType::Review => REVIEW,
        WorkflowType::Plan => PLAN,
        WorkflowType::Triage => TRIAGE,
        WorkflowType::CodebaseHealth => CODEBASE_HEALTH,
        WorkflowType::Qa => QA,
        WorkflowType::Orient => &[],
    }
}

/// Builds the graph; agents come from the edition's dispatcher (the BUILD
/// hunter node is `failure-hunter` at `12.7.0`). The caller checks that the edition knows the
/// workflow ([`Edition::workflow`]).
pub fn graph(
    edition: Edition,
    workflow: WorkflowType,
    scope: BuildScope,
    skip_docs: bool,
) -> TaskGraph {
    let nodes = template(workflow, scope, skip_docs)
        .iter()
        .map(|&(phase, reason, blocked)| {
            let memory = phase == Phase::MemoryFinalize;
            Node {
                phase,
                kind: if memory { Kind::Memory } else { Kind::Agent },
                agent: if memory {
                    None
                } else {
                    phase_agent(edition, phase).map(|a| a.qualified())
                },
                blocked_by: blocked.to_vec(),
                reason,
            }
        })
        .collect();
    TaskGraph {
        workflow,
        parent_phase: workflow.parent_phase(),
        build_scope: (workflow == WorkflowType::Build).then_some(scope),
        nodes,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_agent_node_has_a_dispatcher_agent() {
        for e in Edition::ALL {
            for w in e.rules().workflows {
                for s in BuildScope::ALL {
                    for skip in [false, true] {
                        for n in graph(*e, *w, *s, skip).nodes {
                            assert_eq!(n.agent.is_some(), n.kind == Kind::Agent, "{:?}", n.phase);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn blockers_refer_to_earlier_nodes() {
        for t in [
            BUILD_STANDARD,
            BUILD_STANDARD_NO_DOCS,
            BUILD_TRIVIAL,
            DEBUG,
            REVIEW,
            PLAN,
        ] {
            for (i, (_, _, blocked)) in t.iter().enumerate() {
                for b in *blocked {
                    assert!(t[..i].iter().any(|(p, _, _)| p == b));
                }
            }
            assert_eq!(t.last().map(|n| n.0), Some(Phase::MemoryFinalize));
        }
    }

    #[test]
    fn head_triage_and_codebase_health_graphs_have_one_task_and_no_memory_node() {
        for w in [WorkflowType::Triage, WorkflowType::CodebaseHealth] {
            let g = graph(Edition::V12_7, w, BuildScope::Standard, false);
            assert_eq!(g.nodes.len(), 1);
            assert_eq!(g.nodes[0].kind, Kind::Agent);
            assert!(g.build_scope.is_none());
        }
    }

    #[test]
    fn orient_has_no_graph_and_no_build_scope() {
        let g = graph(
            Edition::V11,
            WorkflowType::Orient,
            BuildScope::Standard,
            false,
        );
        assert!(g.nodes.is_empty() && g.parent_phase.is_none() && g.build_scope.is_none());
    }
}
