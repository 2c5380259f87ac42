//! Memory finalisation (router-workflow.md): the edits the memory step makes to
//! activeContext.md, progress.md and patterns.md at the end of a workflow. New notes go at the
//! top of their section as one block in input order (the repo's `old_string="## Heading"` Edit
//! pattern, so the latest workflow comes first); writing and reading back the files is the
//! host's.

use crate::error::{Error, ErrorKind, Result};
use crate::router::prompt::memory::{check_memory, MemoryFile};
use crate::router::vocabulary::WorkflowType;

/// Lines kept in `## Completed` (seed: keep only the most recent 10).
pub const COMPLETED_KEPT: usize = 10;

/// The captured Memory Notes, union of the workflow's agents.
#[derive(Debug, Clone, Default)]
pub struct Notes<'a> {
    /// `## Learnings` lines.
    pub learnings: Vec<&'a str>,
    /// `## Common Gotchas` pattern lines.
    pub patterns: Vec<&'a str>,
    /// `## Verification` lines.
    pub verification: Vec<&'a str>,
    /// `[Deferred]:` lines under Common Gotchas.
    pub deferred: Vec<&'a str>,
}

/// One `## Tasks` entry.
#[derive(Debug, Clone)]
pub struct TaskLine<'a> {
    /// The text.
    pub text: &'a str,
    /// Checked.
    pub done: bool,
}

/// The finalisation inputs besides the three texts.
#[derive(Debug, Clone)]
pub struct Finalize<'a> {
    /// The workflow type (the edition's).
    pub workflow_type: WorkflowType,
    /// The workflow id.
    pub workflow_uuid: &'a str,
    /// The form of `now`.
    pub stamp: String,
    /// The memory task whose marker is removed (all of the wf's when absent).
    pub memory_task_id: Option<&'a str>,
    /// The notes.
    pub notes: Notes<'a>,
    /// Replaces `## Tasks` when given.
    pub tasks: Option<Vec<TaskLine<'a>>>,
    /// New `## Completed` items.
    pub completed: Vec<&'a str>,
    /// Plan file (`None` for N/A).
    pub plan_file: Option<&'a str>,
    /// Design file (`None` for N/A).
    pub design_file: Option<&'a str>,
    /// The planner asked for clarification (Next Steps stay).
    pub clarification_needed: bool,
    /// DEBUG summary line.
    pub debug_summary: Option<&'a str>,
}

/// The three texts after finalisation.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Finalized {
    /// activeContext.md.
    pub active_context: String,
    /// progress.md.
    pub progress: String,
    /// patterns.md.
    pub patterns: String,
}

/// A memory file as lines, with its own line break and final break.
struct Doc {
    lines: Vec<String>,
    nl: &'static str,
    final_nl: bool,
}

impl Doc {
    fn new(text: &str) -> Doc {
        let nl = if text.contains("\r\n") { "\r\n" } else { "\n" };
        let final_nl = text.ends_with('\n');
        let body = text
            .strip_suffix(nl)
            .or_else(|| text.strip_suffix('\n'))
            .unwrap_or(text);
        let lines = if text.is_empty() {
            Vec::new()
        } else {
            body.split('\n')
                .map(|l| l.strip_suffix('\r').unwrap_or(l).to_string())
                .collect()
        };
        Doc {
            lines,
            nl,
            final_nl,
        }
    }

    fn text(&self) -> String {
        let mut s = self.lines.join(self.nl);
        if self.final_nl {
            s.push_str(self.nl);
        }
        s
    }

    /// (heading index, end of section) of `## {name}`.
    fn section(&self, name: &str) -> Option<(usize, usize)> {
        let h = self
            .lines
            .iter()
            .position(|l| l.trim_end_matches([' ', '\t']) == format!("## {name}"))?;
        let end = self.lines[h + 1..]
            .iter()
            .position(|l| l.starts_with("## "))
            .map_or(self.lines.len(), |i| h + 1 + i);
        Some((h, end))
    }

    fn insert_top(&mut self, name: &str, new: Vec<String>) {
        if new.is_empty() {
            return;
        }
        if let Some((h, _)) = self.section(name) {
            self.lines.splice(h + 1..h + 1, new);
        }
    }

    fn replace_body(&mut self, name: &str, mut new: Vec<String>) {
        if let Some((h, end)) = self.section(name) {
            if end < self.lines.len() {
                new.push(String::new());
            }
            self.lines.splice(h + 1..end, new);
        }
    }

    fn body(&self, name: &str) -> Vec<String> {
        self.section(name)
            .map(|(h, end)| self.lines[h + 1..end].to_vec())
            .unwrap_or_default()
    }
}

fn items(prefix: &str, list: &[&str]) -> Vec<String> {
    list.iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .map(|s| format!("{prefix}{s}"))
        .collect()
}

fn check(file: MemoryFile, text: &str, field: &str) -> Result<()> {
    let c = check_memory(file, text);
    if c.ok() {
        Ok(())
    } else {
        Err(Error::new(
            ErrorKind::MissingField,
            format!(
                "{} lacks {}; repair it first (router.repair_memory)",
                file.name(),
                c.missing.join(", ")
            ),
        )
        .with_field(field))
    }
}

/// Applies the finalisation edits, in the spec's step order.
pub fn finalize_memory(
    active_context: &str,
    progress: &str,
    patterns: &str,
    f: &Finalize<'_>,
) -> Result<Finalized> {
    check(MemoryFile::ActiveContext, active_context, "active_context")?;
    check(MemoryFile::Progress, progress, "progress")?;
    check(MemoryFile::Patterns, patterns, "patterns")?;
    let mut ac = Doc::new(active_context);
    let mut pr = Doc::new(progress);
    let mut pa = Doc::new(patterns);
    ac.insert_top("Learnings", items("- ", &f.notes.learnings));
    let mut gotchas = items("- ", &f.notes.patterns);
    gotchas.extend(items("- [Deferred]: ", &f.notes.deferred));
    pa.insert_top("Common Gotchas", gotchas);
    pr.insert_top("Verification", items("- ", &f.notes.verification));
    if let Some(tasks) = &f.tasks {
        let lines = tasks
            .iter()
            .map(|t| format!("- [{}] {}", if t.done { "x" } else { " " }, t.text))
            .collect();
        pr.replace_body("Tasks", lines);
    }
    let mut completed = items("- [x] ", &f.completed);
    completed.extend(
        pr.body("Completed")
            .into_iter()
            .filter(|l| l.trim_start().starts_with("- ")),
    );
    completed.truncate(COMPLETED_KEPT);
    pr.replace_body("Completed", completed);
    if let Some((h, end)) = ac.section("References") {
        let marker = "[cc10x-internal] memory_task_id: ";
        let keep: Vec<String> = ac.lines[h + 1..end]
            .iter()
            .filter(|l| !is_our_marker(l, marker, f.workflow_uuid, f.memory_task_id))
            .cloned()
            .collect();
        ac.lines.splice(h + 1..end, keep);
    }
    if f.workflow_type == WorkflowType::Plan {
        if let Some(plan) = f.plan_file {
            set_reference(&mut ac, "- Plan:", &format!("- Plan: {plan}"));
        }
        if let Some(design) = f.design_file {
            set_reference(&mut ac, "- Design:", &format!("- Design: {design}"));
        }
        if let Some(plan) = f.plan_file {
            ac.insert_top("Recent Changes", vec![format!("- Plan saved: {plan}")]);
            if !f.clarification_needed {
                ac.replace_body("Next Steps", vec![format!("1. Execute plan: {plan}")]);
            }
        }
    }
    if f.workflow_type == WorkflowType::Debug {
        if let Some(summary) = f.debug_summary {
            let reset = format!("[DEBUG-RESET: wf:{}]", f.workflow_uuid);
            let line = format!("- {summary}");
            if let Some((h, end)) = ac.section("Recent Changes") {
                match ac.lines[h + 1..end]
                    .iter()
                    .rposition(|l| l.contains(&reset))
                {
                    Some(i) => ac.lines.insert(h + 2 + i, line),
                    None => ac.insert_top("Recent Changes", vec![format!("- {reset}"), line]),
                }
            }
        }
    }
    for d in [&mut ac, &mut pr, &mut pa] {
        d.replace_body("Last Updated", vec![f.stamp.clone()]);
    }
    Ok(Finalized {
        active_context: ac.text(),
        progress: pr.text(),
        patterns: pa.text(),
    })
}

/// Whether a References line carries this workflow's memory-task marker.
fn is_our_marker(line: &str, prefix: &str, wf: &str, id: Option<&str>) -> bool {
    let Some(at) = line.find(prefix) else {
        return false;
    };
    let rest = &line[at + prefix.len()..];
    let mut parts = rest.split_whitespace();
    let (Some(task), Some(w)) = (parts.next(), parts.next()) else {
        return false;
    };
    w == format!("wf:{wf}") && id.is_none_or(|i| i == task)
}

/// Replaces the first References line starting with `prefix`, or inserts `line` at the top.
fn set_reference(doc: &mut Doc, prefix: &str, line: &str) {
    let Some((h, end)) = doc.section("References") else {
        return;
    };
    match doc.lines[h + 1..end]
        .iter()
        .position(|l| l.starts_with(prefix))
    {
        Some(i) => doc.lines[h + 1 + i] = line.to_string(),
        None => doc.lines.insert(h + 1, line.to_string()),
    }
}
