//! Workflow task graphs (router.md, repo `*-workflow.md` task-graph blocks): the child
//! tasks each workflow creates, their dispatcher agents, `reason:` values and blockers. Creating
//! the tasks is the caller's.

use serde::Serialize;

use crate::error::Result;
use crate::router::edition::Edition;
use crate::router::route::dispatch::phase_agent;
use crate::router::route::task_texts::{self, NodeFacts, NodeTexts, TextInputs};
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
    /// The task's subject, description, body and activeForm, when the caller asked for them
    /// (`router.task_graph` with a `workflow_id`); flattened into the node.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub texts: Option<NodeTexts>,
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
                texts: None,
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

impl Node {
    /// The facts the node's texts are built from.
    pub fn facts(&self) -> NodeFacts<'_> {
        NodeFacts {
            phase: self.phase,
            kind: self.kind,
            agent: self.agent.as_deref(),
            reason: self.reason,
        }
    }
}

/// Builds the graph with every node's task texts filled in from `inputs` (the repo's
/// TaskCreate templates: subject, description, activeForm), ready for the host to create.
pub fn graph_with_texts(
    edition: Edition,
    workflow: WorkflowType,
    scope: BuildScope,
    skip_docs: bool,
    inputs: &TextInputs<'_>,
) -> Result<TaskGraph> {
    let mut g = graph(edition, workflow, scope, skip_docs);
    for i in 0..g.nodes.len() {
        let t = task_texts::texts(edition, workflow, scope, &g.nodes[i].facts(), inputs)?;
        g.nodes[i].texts = Some(t);
    }
    Ok(g)
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

    // The task texts of every graph (task_texts).
    use crate::router::route::metadata;
    use crate::router::route::task_texts::{NodeTexts, TextInputs};

    const WF: &str = "wf-20260312T162700Z-a1b2c3d4";

    fn inputs(summary: Option<&'static str>) -> TextInputs<'static> {
        TextInputs {
            workflow_id: WF,
            plan: "docs/plans/p.md",
            phase_id: "2",
            summary,
        }
    }

    #[test]
    fn every_node_of_every_graph_has_a_subject_description_and_body() {
        for e in Edition::ALL {
            for w in e.rules().workflows {
                for s in BuildScope::ALL {
                    let g = graph(*e, *w, *s, false);
                    for n in &g.nodes {
                        let t =
                            task_texts::texts(*e, *w, *s, &n.facts(), &inputs(Some("x"))).unwrap();
                        assert!(t.subject.starts_with("CC10X "), "{}", t.subject);
                        assert!(!t.subject.contains('{'), "{}", t.subject);
                        let meta = metadata::parse(*e, &t.description, true).unwrap();
                        assert_eq!(meta.body, t.body);
                        assert_eq!(meta.reason.as_deref(), Some(n.reason));
                    }
                }
            }
        }
    }

    #[test]
    fn build_texts_follow_the_repo_templates() {
        let g = graph(
            Edition::V11,
            WorkflowType::Build,
            BuildScope::Standard,
            false,
        );
        let all: Vec<NodeTexts> = g
            .nodes
            .iter()
            .map(|n| {
                task_texts::texts(
                    Edition::V11,
                    WorkflowType::Build,
                    BuildScope::Standard,
                    &n.facts(),
                    &inputs(None),
                )
                .unwrap()
            })
            .collect();
        assert_eq!(all[0].subject, "CC10X component-builder: Execute phase 2");
        assert_eq!(all[0].active_form.as_deref(), Some("Building components"));
        assert!(all[0].description.starts_with(&format!(
            "wf:{WF}\nkind:agent\norigin:router\nphase:build-implement\nplan:docs/plans/p.md\n\
             scope:N/A\nreason:Execute approved phase\n\nExecute ONLY the phase at phase_cursor."
        )));
        assert_eq!(
            all[2].subject,
            "CC10X silent-failure-hunter: Hunt edge cases"
        );
        assert_eq!(
            all[5].subject,
            "CC10X Memory Update: Persist workflow learnings"
        );
        assert!(all[5]
            .description
            .contains("kind:memory\norigin:router\nphase:memory-finalize"));
        let head = graph(
            Edition::V12_7,
            WorkflowType::Build,
            BuildScope::Standard,
            false,
        );
        let hunter = task_texts::texts(
            Edition::V12_7,
            WorkflowType::Build,
            BuildScope::Standard,
            &head.nodes[2].facts(),
            &inputs(None),
        )
        .unwrap();
        assert_eq!(hunter.subject, "CC10X failure-hunter: Hunt edge cases");
    }

    #[test]
    fn trivial_build_writes_plan_na_and_the_editions_wording() {
        let g = graph(
            Edition::V11,
            WorkflowType::Build,
            BuildScope::Trivial,
            false,
        );
        let b = |e| {
            task_texts::texts(
                e,
                WorkflowType::Build,
                BuildScope::Trivial,
                &g.nodes[0].facts(),
                &inputs(None),
            )
        };
        let old = b(Edition::V11).unwrap();
        assert!(old.description.contains("\nplan:N/A\n"));
        assert!(old.body.ends_with("full review/hunt chain)."));
        assert!(b(Edition::V12_7)
            .unwrap()
            .body
            .ends_with("full review chain)."));
    }

    #[test]
    fn summary_fills_debug_review_plan_and_triage_subjects_and_is_required_there() {
        for (w, want) in [
            (
                WorkflowType::Debug,
                "CC10X bug-investigator: Investigate login 500",
            ),
            (
                WorkflowType::Review,
                "CC10X code-reviewer: Review login 500",
            ),
            (
                WorkflowType::Plan,
                "CC10X planner: Create plan for login 500",
            ),
        ] {
            let g = graph(Edition::V11, w, BuildScope::Standard, false);
            let t = task_texts::texts(
                Edition::V11,
                w,
                BuildScope::Standard,
                &g.nodes[0].facts(),
                &inputs(Some("login 500")),
            );
            assert_eq!(t.unwrap().subject, want);
            let e = task_texts::texts(
                Edition::V11,
                w,
                BuildScope::Standard,
                &g.nodes[0].facts(),
                &inputs(None),
            );
            assert_eq!(e.unwrap_err().field(), Some("summary"));
        }
        let g = graph(
            Edition::V12_7,
            WorkflowType::Triage,
            BuildScope::Standard,
            false,
        );
        let t = task_texts::texts(
            Edition::V12_7,
            WorkflowType::Triage,
            BuildScope::Standard,
            &g.nodes[0].facts(),
            &inputs(Some("#42")),
        )
        .unwrap();
        assert_eq!(t.subject, "CC10X triage-agent: Triage #42");
        assert_eq!(t.active_form, None);
    }
    #[test]
    fn qa_texts_follow_the_qa_workflow_templates_not_builds() {
        let e = Edition::V12_10;
        let g = graph(e, WorkflowType::Qa, BuildScope::Standard, false);
        let all: Vec<NodeTexts> = g
            .nodes
            .iter()
            .map(|n| {
                task_texts::texts(
                    e,
                    WorkflowType::Qa,
                    BuildScope::Standard,
                    &n.facts(),
                    &inputs(Some("checkout")),
                )
                .unwrap()
            })
            .collect();
        let subjects: Vec<&str> = all.iter().map(|t| t.subject.as_str()).collect();
        assert_eq!(
            subjects,
            [
                "CC10X qa-researcher: Scan code",
                "CC10X qa-plan: Design test plan and environment for checkout",
                "CC10X plan-gap-reviewer: Fresh review of test plan",
                "CC10X qa-plan: Revise test plan after fresh review",
                "CC10X plan-gap-reviewer: Fresh review of revised test plan",
                "CC10X qa-preflight: Can this run happen?",
                "CC10X qa-harness-builder: Build test harness",
                "CC10X code-reviewer: Review test harness",
                "CC10X failure-hunter: Hunt silent failures in harness",
                "CC10X qa-executor: Run test plan and report",
                "CC10X Memory Update: Persist QA learnings",
            ]
        );
        // plan: N/A up to qa-plan, the test plan after it, N/A for memory.
        let plan = format!("\nplan:.cc10x/qa/{WF}/test-plan.md\n");
        for (i, t) in all.iter().enumerate() {
            let qa_plan = (2..10).contains(&i);
            assert_eq!(t.description.contains(&plan), qa_plan, "{}", t.subject);
            assert_eq!(!t.description.contains("\nplan:N/A\n"), qa_plan);
            assert!(!t.body.contains("{workflow_uuid}"), "{}", t.body);
        }
        assert!(all[1].body.starts_with(&format!(
            "Read the feature map at .cc10x/qa/{WF}/feature-map.md"
        )));
        assert_eq!(
            all[5].active_form.as_deref(),
            Some("Measuring the environment")
        );
        assert_eq!(
            all[10].active_form.as_deref(),
            Some("Persisting QA learnings")
        );
        assert_eq!(all[10].body, task_texts::MEMORY_BODY);
        // The QA plan subject names the feature: summary is required.
        let e2 = task_texts::texts(
            e,
            WorkflowType::Qa,
            BuildScope::Standard,
            &g.nodes[1].facts(),
            &inputs(None),
        );
        assert_eq!(e2.unwrap_err().field(), Some("summary"));
    }

    #[test]
    fn a_phase_outside_the_workflows_graph_has_no_text_never_another_workflows() {
        let qa = graph(
            Edition::V12_10,
            WorkflowType::Qa,
            BuildScope::Standard,
            false,
        );
        let build = graph(
            Edition::V12_10,
            WorkflowType::Build,
            BuildScope::Standard,
            false,
        );
        // A BUILD node asked for as QA, a QA node asked for as BUILD.
        for (w, n) in [
            (WorkflowType::Qa, &build.nodes[0]),
            (WorkflowType::Build, &qa.nodes[0]),
            (WorkflowType::Debug, &qa.nodes[1]),
        ] {
            let err = task_texts::texts(
                Edition::V12_10,
                w,
                BuildScope::Standard,
                &n.facts(),
                &inputs(Some("x")),
            )
            .unwrap_err();
            assert_eq!(err.kind(), crate::error::ErrorKind::InvalidValue);
            assert_eq!(err.field(), Some("phase"));
        }
    }
}
