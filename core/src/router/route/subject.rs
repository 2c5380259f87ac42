//! Task subjects (router.md): classifies a task subject as a CC10X parent,
//! memory, child, forbidden TODO, unknown CC10X, legacy parent or foreign task. Prefixes are
//! case-sensitive and tried in the spec's order; what to do with each class is the caller's.

use serde::Serialize;

use crate::router::edition::Edition;
use crate::router::parse::text::trim_ws;
use crate::router::vocabulary::WorkflowType;

/// The class of a subject.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SubjectClass {
    /// `CC10X {WORKFLOW}: …`.
    Parent,
    /// `CC10X Memory Update: …`.
    Memory,
    /// `CC10X {agent}: …`.
    Child,
    /// `CC10X TODO: …` (never create such tasks).
    ForbiddenTodo,
    /// `CC10X …` matching nothing above.
    UnknownCc10x,
    /// `BUILD:`/`DEBUG:`/`REVIEW:`/`PLAN:` without the prefix.
    LegacyParent,
    /// Anything else.
    Foreign,
}

/// A classified subject.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Subject {
    /// The class.
    pub class: SubjectClass,
    /// The workflow of a parent or legacy parent.
    pub workflow: Option<WorkflowType>,
    /// `cc10x:` + the agent of a child.
    pub agent: Option<String>,
    /// The text after the first `:`, trimmed (null for unknown/foreign).
    pub summary: Option<String>,
}

const WORKFLOWS: [WorkflowType; 4] = [
    WorkflowType::Build,
    WorkflowType::Debug,
    WorkflowType::Review,
    WorkflowType::Plan,
];

fn summary_after(subject: &str, prefix_len: usize) -> Option<String> {
    subject.get(prefix_len..).map(|s| trim_ws(s).to_string())
}

/// Classifies a subject; child subjects name one of the edition's agents (G2).
pub fn parse(edition: Edition, subject: &str) -> Subject {
    let mk = |class, workflow, agent, summary| Subject {
        class,
        workflow,
        agent,
        summary,
    };
    if let Some(rest) = subject.strip_prefix("CC10X ") {
        let base = subject.len() - rest.len();
        for w in WORKFLOWS {
            let p = format!("{}:", w.as_str());
            if rest.starts_with(&p) {
                return mk(
                    SubjectClass::Parent,
                    Some(w),
                    None,
                    summary_after(subject, base + p.len()),
                );
            }
        }
        if rest.starts_with("Memory Update:") {
            let n = base + "Memory Update:".len();
            return mk(SubjectClass::Memory, None, None, summary_after(subject, n));
        }
        for a in edition.rules().agents {
            let p = format!("{}:", a.as_str());
            if rest.starts_with(&p) {
                return mk(
                    SubjectClass::Child,
                    None,
                    Some(a.qualified()),
                    summary_after(subject, base + p.len()),
                );
            }
        }
        if rest.starts_with("TODO:") {
            let n = base + "TODO:".len();
            return mk(
                SubjectClass::ForbiddenTodo,
                None,
                None,
                summary_after(subject, n),
            );
        }
        return mk(SubjectClass::UnknownCc10x, None, None, None);
    }
    for w in WORKFLOWS {
        let p = format!("{}:", w.as_str());
        if subject.starts_with(&p) {
            return mk(
                SubjectClass::LegacyParent,
                Some(w),
                None,
                summary_after(subject, p.len()),
            );
        }
    }
    mk(SubjectClass::Foreign, None, None, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_are_tried_in_spec_order() {
        assert_eq!(
            parse(Edition::V11, "CC10X BUILD: x").class,
            SubjectClass::Parent
        );
        assert_eq!(
            parse(Edition::V11, "CC10X Memory Update: wf").class,
            SubjectClass::Memory
        );
        let c = parse(Edition::V11, "CC10X component-builder:  Build it ");
        assert_eq!(c.class, SubjectClass::Child);
        assert_eq!(c.agent.as_deref(), Some("cc10x:component-builder"));
        assert_eq!(c.summary.as_deref(), Some("Build it"));
        assert_eq!(
            parse(Edition::V11, "CC10X TODO: later").class,
            SubjectClass::ForbiddenTodo
        );
        assert_eq!(
            parse(Edition::V11, "CC10X ORIENT: x").class,
            SubjectClass::UnknownCc10x
        );
        assert_eq!(
            parse(Edition::V11, "PLAN: old").class,
            SubjectClass::LegacyParent
        );
        assert_eq!(
            parse(Edition::V11, "cc10x BUILD: x").class,
            SubjectClass::Foreign
        );
    }
}
