//! The per-agent prompt frame (router.md §4.30): the seed's fixed sections, then the optional
//! ones in the seed's list order, each kept or dropped by its content and role rule.
//!
//! Rendering is byte-exact and deterministic. Choosing what goes in (the artifact, approved files,
//! the current-phase objective) and sending the prompt are the host's.

use super::findings::{
    check_verifier_workflow, findings_body, PreviousFindings, PREVIOUS_FINDINGS_HEADING,
};
use super::research_files::ResearchFiles;
use super::text::{clean, has_line_break};
use crate::error::{Error, ErrorKind, Result};
use crate::router::edition::Edition;
use crate::router::parse::text::{is_blank, trim_sp};
use crate::router::{workflow_id, Agent, Phase, WorkflowType};

/// A candidate domain file: its path as the host found it and its content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DomainFile<'a> {
    /// Path relative to the repository root.
    pub path: &'a str,
    /// The file's text.
    pub content: &'a str,
}

/// The plan's or design's intent contract.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IntentContract<'a> {
    /// The goal (one line).
    pub goal: Option<&'a str>,
    /// Constraints (one line each).
    pub constraints: Vec<&'a str>,
    /// Acceptance criteria (one line each).
    pub acceptance_criteria: Vec<&'a str>,
    /// Named scenarios (one line each).
    pub scenarios: Vec<&'a str>,
}

/// What [`build_prompt`] renders. Optional parts left empty are simply absent.
#[derive(Debug, Clone)]
pub struct PromptInput<'a> {
    /// The agent receiving the prompt.
    pub agent: Agent,
    /// The workflow.
    pub workflow: WorkflowType,
    /// The task's `phase:`.
    pub phase: Phase,
    /// The task id (one non-blank line).
    pub task_id: &'a str,
    /// The workflow id (router.md §4.5).
    pub workflow_uuid: &'a str,
    /// The user request (non-blank).
    pub request: &'a str,
    /// The plan file (one line); `None`, blank or `N/A` prints `None`.
    pub plan_file: Option<&'a str>,
    /// Clarified requirements.
    pub requirements: Option<&'a str>,
    /// A brief activeContext summary.
    pub memory_summary: Option<&'a str>,
    /// The User Standards + Common Gotchas digest.
    pub project_patterns: Option<&'a str>,
    /// Candidate domain files; only the accepted names are used.
    pub domain_files: Vec<DomainFile<'a>>,
    /// Skill ids (normally [`super::skill_hints::skill_hints`]).
    pub skill_hints: Vec<&'a str>,
    /// Decisions the router already collected (BUILD only).
    pub pre_answered_requirements: Vec<&'a str>,
    /// The intent contract, if the plan or design defines one.
    pub intent_contract: Option<IntentContract<'a>>,
    /// Research files.
    pub research_files: ResearchFiles,
    /// The rendered `## Research Quality` body.
    pub research_quality: Option<&'a str>,
    /// The design file (planner only).
    pub design_file: Option<&'a str>,
    /// Plan-review findings (re-plan only).
    pub planning_review_findings: Option<&'a str>,
    /// The original user request (plan-gap-reviewer only).
    pub original_request: Option<&'a str>,
    /// Approved context files (plan-gap-reviewer only).
    pub approved_context_files: Vec<&'a str>,
    /// Review/hunt results (integration-verifier only).
    pub previous_findings: Option<PreviousFindings>,
    /// The contract edition (row P2 decides whether `## Memory Summary` is in the frame).
    pub edition: Edition,
}

impl<'a> PromptInput<'a> {
    /// An input with the required parts only.
    pub fn new(
        agent: Agent,
        workflow: WorkflowType,
        phase: Phase,
        task_id: &'a str,
        workflow_uuid: &'a str,
        request: &'a str,
    ) -> Self {
        PromptInput {
            agent,
            workflow,
            phase,
            task_id,
            workflow_uuid,
            request,
            plan_file: None,
            requirements: None,
            memory_summary: None,
            project_patterns: None,
            domain_files: Vec::new(),
            skill_hints: Vec::new(),
            pre_answered_requirements: Vec::new(),
            intent_contract: None,
            research_files: ResearchFiles::default(),
            research_quality: None,
            design_file: None,
            planning_review_findings: None,
            original_request: None,
            approved_context_files: Vec::new(),
            previous_findings: None,
            edition: Edition::V11,
        }
    }
}

/// The rendered frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prompt {
    /// The prompt text: sections joined by one empty line, no final newline.
    pub text: String,
    /// The headings of `text`, in order.
    pub sections: Vec<&'static str>,
    /// Sections with content that a role rule left out, in table order (`## Memory Summary` for
    /// the reviewers at `12.7.0`, then the optional sections).
    pub dropped: Vec<&'static str>,
}

fn invalid(field: &str, message: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidValue, message).with_field(field)
}

/// The workflows that dispatch agents: ORIENT dispatches none, so it is `invalid_value`.
pub(crate) fn check_dispatch_workflow(workflow: WorkflowType) -> Result<()> {
    if workflow == WorkflowType::Orient {
        return Err(invalid(
            "workflow",
            "ORIENT dispatches no agent; workflow must be BUILD, DEBUG, REVIEW or PLAN",
        ));
    }
    Ok(())
}

/// §4.30 rule for `task_id`: a non-blank single line.
pub(crate) fn check_task_id(task_id: &str) -> Result<()> {
    if is_blank(task_id) || has_line_break(task_id) {
        return Err(invalid("task_id", "`task_id` must be one non-blank line"));
    }
    Ok(())
}

/// §4.30 rule for `workflow_uuid`: valid per §4.5.
pub(crate) fn check_workflow_uuid(id: &str) -> Result<()> {
    workflow_id::validate(id, "workflow_uuid").map(|_| ())
}

/// §4.30 rule for `request`: non-blank once cleaned.
pub(crate) fn check_request(request: &str) -> Result<()> {
    if is_blank(request) {
        return Err(invalid("request", "`request` must not be blank"));
    }
    Ok(())
}

/// A single-line string (no `\n` or `\r`).
pub(crate) fn check_single_line(field: &str, s: &str) -> Result<()> {
    if has_line_break(s) {
        return Err(invalid(field, format!("`{field}` must be a single line")));
    }
    Ok(())
}

/// A list item: trimmed of spaces/tabs; `None` when blank (skipped); a line break is refused.
pub(crate) fn list_item<'s>(field: &str, item: &'s str) -> Result<Option<&'s str>> {
    if is_blank(item) {
        return Ok(None);
    }
    check_single_line(field, item)?;
    Ok(Some(trim_sp(item)))
}

/// A skill-hint item: trimmed, blank skipped, no whitespace inside.
pub(crate) fn skill_item<'s>(field: &str, item: &'s str) -> Result<Option<&'s str>> {
    let id = trim_sp(item);
    if id.is_empty() {
        return Ok(None);
    }
    if id.contains(char::is_whitespace) {
        return Err(invalid(
            field,
            format!("`{field}` items are skill ids without whitespace"),
        ));
    }
    Ok(Some(id))
}

fn items<'s>(field: &str, list: &[&'s str]) -> Result<Vec<&'s str>> {
    let mut out = Vec::new();
    for item in list {
        if let Some(i) = list_item(field, item)? {
            out.push(i);
        }
    }
    Ok(out)
}

impl PromptInput<'_> {
    /// Checks every rule of the §4.30 input table, in table order.
    pub fn validate(&self) -> Result<()> {
        check_dispatch_workflow(self.workflow)?;
        check_task_id(self.task_id)?;
        check_workflow_uuid(self.workflow_uuid)?;
        check_request(self.request)?;
        if let Some(p) = self.plan_file {
            check_single_line("plan_file", p)?;
        }
        for h in &self.skill_hints {
            skill_item("skill_hints", h)?;
        }
        items("pre_answered_requirements", &self.pre_answered_requirements)?;
        if let Some(ic) = &self.intent_contract {
            if let Some(g) = ic.goal {
                check_single_line("intent_contract.goal", g)?;
            }
            items("intent_contract.constraints", &ic.constraints)?;
            items(
                "intent_contract.acceptance_criteria",
                &ic.acceptance_criteria,
            )?;
            items("intent_contract.scenarios", &ic.scenarios)?;
        }
        ResearchFiles::new(
            self.research_files.web.as_deref(),
            self.research_files.github.as_deref(),
            "research_files",
        )?;
        if let Some(d) = self.design_file {
            check_single_line("design_file", d)?;
        }
        items("approved_context_files", &self.approved_context_files)?;
        if let Some(f) = &self.previous_findings {
            check_verifier_workflow(self.workflow, "previous_findings")?;
            findings_body(self.workflow, f)?;
        }
        Ok(())
    }
}

/// The accepted domain-file path (one leading `./` dropped), or `None` for any other path.
pub fn domain_path(path: &str) -> Option<&str> {
    const NAMES: &[&str] = &[
        "UBIQUITOUS_LANGUAGE.md",
        "DOMAIN_GLOSSARY.md",
        "project-context.md",
    ];
    let p = path.strip_prefix("./").unwrap_or(path);
    let in_domain_dir = p
        .strip_prefix("docs/domain/")
        .and_then(|n| n.strip_suffix(".md"))
        .is_some_and(|name| !name.is_empty() && !name.contains('/'));
    (NAMES.contains(&p) || in_domain_dir).then_some(p)
}

/// One optional section: heading, its body when its content is present, and its role rule.
struct Optional {
    heading: &'static str,
    body: Option<String>,
    role_ok: bool,
}

fn bullets(items: &[&str]) -> String {
    items
        .iter()
        .map(|i| format!("- {i}"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn non_blank(s: Option<&str>) -> Option<String> {
    s.filter(|s| !is_blank(s)).map(clean)
}

/// Renders the prompt frame of router.md §4.30.
pub fn build_prompt(input: &PromptInput<'_>) -> Result<Prompt> {
    input.validate()?;
    let mut sections: Vec<(&'static str, String)> = Vec::new();

    let plan = input
        .plan_file
        .map(trim_sp)
        .filter(|p| !is_blank(p) && *p != "N/A")
        .unwrap_or("None");
    let uuid = input.workflow_uuid;
    sections.push((
        "## Task Context",
        format!(
            "- Task ID: {}\n- Parent Workflow ID: {uuid}\n- Task Phase: {}\n- Plan File: {plan}\n\
             - Workflow Scope: wf:{uuid}\n- Workflow Artifact: .cc10x/workflows/{uuid}.json",
            trim_sp(input.task_id),
            input.phase,
        ),
    ));
    sections.push(("## User Request", clean(input.request)));
    sections.push((
        "## Requirements",
        non_blank(input.requirements).unwrap_or_else(|| "See plan/design files".into()),
    ));
    // Row P2: at 12.7.0 the adversarial read-only reviewers get no memory summary (it carries
    // the implementer's narrative); a summary that was supplied is reported in `dropped`.
    let mut dropped = Vec::new();
    let memory = non_blank(input.memory_summary);
    if !input
        .edition
        .rules()
        .memory_summary_omitted
        .contains(&input.agent)
    {
        sections.push(("## Memory Summary", memory.unwrap_or_else(|| "None".into())));
    } else if memory.is_some() {
        dropped.push("## Memory Summary");
    }
    sections.push((
        "## Project Patterns",
        non_blank(input.project_patterns).unwrap_or_else(|| "None".into()),
    ));
    let domain: Vec<String> = input
        .domain_files
        .iter()
        .filter(|f| !is_blank(f.content))
        .filter_map(|f| domain_path(f.path).map(|p| format!("### {p}\n{}", clean(f.content))))
        .collect();
    if !domain.is_empty() {
        sections.push(("## Domain Context", domain.join("\n\n")));
    }
    let mut hints: Vec<&str> = Vec::new();
    for h in &input.skill_hints {
        if let Some(id) = skill_item("skill_hints", h)? {
            if !hints.contains(&id) {
                hints.push(id);
            }
        }
    }
    sections.push((
        "## SKILL_HINTS",
        if hints.is_empty() {
            "None".into()
        } else {
            bullets(&hints)
        },
    ));

    for opt in optional_sections(input)? {
        match opt.body {
            Some(body) if opt.role_ok => sections.push((opt.heading, body)),
            Some(_) => dropped.push(opt.heading),
            None => {}
        }
    }

    let text = sections
        .iter()
        .map(|(h, body)| format!("{h}\n{body}"))
        .collect::<Vec<_>>()
        .join("\n\n");
    Ok(Prompt {
        text,
        sections: sections.iter().map(|(h, _)| *h).collect(),
        dropped,
    })
}

/// The optional sections in the seed's list order, with their bodies and role rules.
fn optional_sections(input: &PromptInput<'_>) -> Result<Vec<Optional>> {
    let pre = items(
        "pre_answered_requirements",
        &input.pre_answered_requirements,
    )?;
    let intent = match &input.intent_contract {
        Some(ic) => {
            let goal = ic.goal.filter(|g| !is_blank(g)).map(trim_sp);
            let c = items("intent_contract.constraints", &ic.constraints)?;
            let a = items(
                "intent_contract.acceptance_criteria",
                &ic.acceptance_criteria,
            )?;
            let s = items("intent_contract.scenarios", &ic.scenarios)?;
            match goal {
                Some(goal) if !c.is_empty() && !a.is_empty() && !s.is_empty() => Some(format!(
                    "Goal: {goal}\nConstraints:\n{}\nAcceptance Criteria:\n{}\nScenarios:\n{}",
                    bullets(&c),
                    bullets(&a),
                    bullets(&s)
                )),
                _ => None,
            }
        }
        None => None,
    };
    let rf = &input.research_files;
    let research = rf.any().then(|| {
        format!(
            "Web: {}\nGitHub: {}",
            rf.web.as_deref().unwrap_or("Unavailable"),
            rf.github.as_deref().unwrap_or("Unavailable")
        )
    });
    let approved = items("approved_context_files", &input.approved_context_files)?;
    let findings = match &input.previous_findings {
        Some(f) => Some(findings_body(input.workflow, f)?),
        None => None,
    };
    let agent = input.agent;
    Ok(vec![
        Optional {
            heading: "## Pre-Answered Requirements",
            body: (!pre.is_empty()).then(|| bullets(&pre)),
            role_ok: input.workflow == WorkflowType::Build,
        },
        Optional {
            heading: "## Intent Contract",
            body: intent,
            role_ok: true,
        },
        Optional {
            heading: "## Research Files",
            body: research,
            role_ok: true,
        },
        Optional {
            heading: "## Research Quality",
            body: non_blank(input.research_quality),
            role_ok: true,
        },
        Optional {
            heading: "## Design File",
            body: input
                .design_file
                .filter(|d| !is_blank(d))
                .map(|d| trim_sp(d).to_string()),
            role_ok: agent == Agent::Planner,
        },
        Optional {
            heading: "## Planning Review Findings",
            body: non_blank(input.planning_review_findings),
            role_ok: input.phase == Phase::RePlan,
        },
        Optional {
            heading: "## Original User Request",
            body: non_blank(input.original_request),
            role_ok: agent == Agent::PlanGapReviewer,
        },
        Optional {
            heading: "## Approved Context Files",
            body: (!approved.is_empty()).then(|| bullets(&approved)),
            role_ok: agent == Agent::PlanGapReviewer,
        },
        Optional {
            heading: PREVIOUS_FINDINGS_HEADING,
            body: findings,
            role_ok: agent == Agent::IntegrationVerifier,
        },
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    const WF: &str = "wf-20260312T162700Z-a1b2c3d4";

    fn base(agent: Agent, workflow: WorkflowType, phase: Phase) -> PromptInput<'static> {
        PromptInput::new(agent, workflow, phase, " 7 ", WF, " Do it\r\n")
    }

    #[test]
    fn fixed_frame_has_seven_slots_and_fallbacks() {
        let p = build_prompt(&base(
            Agent::ComponentBuilder,
            WorkflowType::Build,
            Phase::BuildImplement,
        ))
        .unwrap();
        assert_eq!(
            p.sections,
            [
                "## Task Context",
                "## User Request",
                "## Requirements",
                "## Memory Summary",
                "## Project Patterns",
                "## SKILL_HINTS"
            ]
        );
        assert!(p.text.starts_with("## Task Context\n- Task ID: 7\n"));
        assert!(p
            .text
            .contains("## User Request\nDo it\n\n## Requirements\nSee plan/design files"));
        assert!(p.text.ends_with("## SKILL_HINTS\nNone"));
    }

    #[test]
    fn domain_files_only_from_the_accepted_names() {
        assert_eq!(
            domain_path("./DOMAIN_GLOSSARY.md"),
            Some("DOMAIN_GLOSSARY.md")
        );
        assert_eq!(domain_path("docs/domain/a.md"), Some("docs/domain/a.md"));
        for bad in [
            "docs/domain/.md",
            "docs/domain/a/b.md",
            "././project-context.md",
            "readme.md",
        ] {
            assert_eq!(domain_path(bad), None, "{bad}");
        }
    }

    #[test]
    fn role_rules_drop_sections_with_content_only() {
        let mut i = base(
            Agent::ComponentBuilder,
            WorkflowType::Debug,
            Phase::DebugInvestigate,
        );
        i.pre_answered_requirements = vec![" ", "a"];
        i.design_file = Some(" ");
        let p = build_prompt(&i).unwrap();
        assert_eq!(p.dropped, ["## Pre-Answered Requirements"]);
    }

    #[test]
    fn skill_hints_are_deduplicated_and_must_be_ids() {
        let mut i = base(Agent::Planner, WorkflowType::Plan, Phase::PlanCreate);
        i.skill_hints = vec![" a ", "", "a", "b"];
        assert!(build_prompt(&i)
            .unwrap()
            .text
            .ends_with("## SKILL_HINTS\n- a\n- b"));
        i.skill_hints = vec!["a b"];
        assert_eq!(build_prompt(&i).unwrap_err().kind, ErrorKind::InvalidValue);
    }

    #[test]
    fn input_rules_are_checked() {
        let mut i = base(Agent::Planner, WorkflowType::Plan, Phase::PlanCreate);
        i.task_id = "1\n2";
        assert_eq!(
            build_prompt(&i).unwrap_err().field.as_deref(),
            Some("task_id")
        );
        let mut i = base(Agent::Planner, WorkflowType::Plan, Phase::PlanCreate);
        i.request = " \r\n";
        assert_eq!(
            build_prompt(&i).unwrap_err().field.as_deref(),
            Some("request")
        );
        let mut i = base(Agent::Planner, WorkflowType::Plan, Phase::PlanCreate);
        i.plan_file = Some("a\nb");
        assert_eq!(
            build_prompt(&i).unwrap_err().field.as_deref(),
            Some("plan_file")
        );
    }

    #[test]
    fn p2_head_reviewers_get_no_memory_summary() {
        for (agent, phase) in [
            (Agent::CodeReviewer, Phase::BuildReview),
            (Agent::PlanGapReviewer, Phase::PlanReviewGap1),
        ] {
            let mut i = base(agent, WorkflowType::Build, phase);
            i.memory_summary = Some("we decided X");
            let old = build_prompt(&i).unwrap();
            assert!(old.sections.contains(&"## Memory Summary"));
            assert!(old.dropped.is_empty());
            i.edition = Edition::V12_7;
            let head = build_prompt(&i).unwrap();
            assert!(!head.text.contains("## Memory Summary"), "{agent}");
            assert!(!head.text.contains("we decided X"));
            assert_eq!(head.dropped, ["## Memory Summary"]);
            assert!(head.sections.contains(&"## Project Patterns"));
            // Without a summary nothing was left out.
            i.memory_summary = None;
            assert!(build_prompt(&i).unwrap().dropped.is_empty());
        }
        // Every other agent keeps it at 12.7.0.
        let mut i = base(Agent::FailureHunter, WorkflowType::Build, Phase::BuildHunt);
        i.edition = Edition::V12_7;
        assert!(build_prompt(&i)
            .unwrap()
            .sections
            .contains(&"## Memory Summary"));
    }
}
