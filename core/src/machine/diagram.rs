//! `state.diagram` (state-machine.md): the transition graph drawn as Mermaid or Graphviz dot.
//!
//! The text is derived from [`crate::machine::table`] only, so it can never disagree with the
//! rules; the layout (node ids, edge order, styling) is fixed here and byte-deterministic.

use std::fmt::Write as _;

use crate::error::{Error, Result};
use crate::machine::table::{is_terminal, is_universal_target, table_targets};
use crate::protocol::state::Phase;

/// The two diagram formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiagramFormat {
    /// Mermaid `flowchart LR`.
    Mermaid,
    /// Graphviz `digraph`.
    Dot,
}

impl std::str::FromStr for DiagramFormat {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self> {
        match s {
            "mermaid" => Ok(DiagramFormat::Mermaid),
            "dot" => Ok(DiagramFormat::Dot),
            _ => Err(Error::invalid_input(format!(
                "format must be \"mermaid\" or \"dot\", not {s:?}"
            ))
            .with_field("format")),
        }
    }
}

fn index(p: Phase) -> usize {
    Phase::ALL.iter().position(|q| *q == p).unwrap_or(0)
}

/// The drawn edges: table edges without self-loops and without edges into universal targets,
/// ordered by (from, to) AllPhases index.
pub fn diagram_edges() -> Vec<(Phase, Phase)> {
    let mut edges: Vec<(Phase, Phase)> = Phase::ALL
        .iter()
        .flat_map(|f| table_targets(*f).iter().map(move |t| (*f, *t)))
        .filter(|(f, t)| f != t && !is_universal_target(*t))
        .collect();
    edges.sort_by_key(|(f, t)| (index(*f), index(*t)));
    edges
}

/// The universal targets in AllPhases order.
fn universal_in_order() -> impl Iterator<Item = Phase> {
    Phase::ALL
        .iter()
        .copied()
        .filter(|p| is_universal_target(*p))
}

/// Renders the diagram; every line ends with `\n`.
pub fn render_diagram(format: DiagramFormat) -> String {
    let mut out = String::new();
    match format {
        DiagramFormat::Mermaid => {
            out.push_str("flowchart LR\n");
            for (i, p) in Phase::ALL.iter().enumerate() {
                let _ = writeln!(out, "    n{i}[\"{p}\"]");
            }
            out.push_str("    any([\"from any non-terminal phase\"])\n");
            for (f, t) in diagram_edges() {
                let _ = writeln!(out, "    n{} --> n{}", index(f), index(t));
            }
            for p in universal_in_order() {
                let _ = writeln!(out, "    any -.-> n{}", index(p));
            }
            out.push_str("    classDef terminal fill:#e5e7eb,stroke:#111827,stroke-width:3px\n");
            let terminals: Vec<String> = Phase::ALL
                .iter()
                .filter(|p| is_terminal(**p))
                .map(|p| format!("n{}", index(*p)))
                .collect();
            let _ = writeln!(out, "    class {} terminal", terminals.join(","));
        }
        DiagramFormat::Dot => {
            out.push_str("digraph state_machine {\n  rankdir=LR;\n  node [shape=box];\n");
            for p in Phase::ALL {
                if is_terminal(*p) {
                    let _ = writeln!(
                        out,
                        "  \"{p}\" [peripheries=2, style=filled, fillcolor=\"#e5e7eb\"];"
                    );
                } else {
                    let _ = writeln!(out, "  \"{p}\";");
                }
            }
            out.push_str("  \"any\" [shape=note, label=\"from any non-terminal phase\"];\n");
            for (f, t) in diagram_edges() {
                let _ = writeln!(out, "  \"{f}\" -> \"{t}\";");
            }
            for p in universal_in_order() {
                let _ = writeln!(out, "  \"any\" -> \"{p}\" [style=dotted];");
            }
            out.push_str("}\n");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagram_has_37_edges_without_self_loops_or_universal_targets() {
        let e = diagram_edges();
        assert_eq!(e.len(), 37);
        assert!(!e.contains(&(Phase::Testing, Phase::Testing)));
        assert!(!e.contains(&(Phase::PendingReview, Phase::Done)));
        assert!(e.contains(&(Phase::Testing, Phase::DeepReviewing)));
    }

    #[test]
    fn mermaid_names_example_edges_by_index() {
        let t = render_diagram(DiagramFormat::Mermaid);
        assert!(t.contains("\n    n7 --> n5\n"));
        assert!(t.contains("\n    n13 --> n1\n"));
        assert!(t.ends_with("    class n11,n12 terminal\n"));
    }
}
