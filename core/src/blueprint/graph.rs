//! `blueprint.graph`: the module graph for people, never for prompts (blueprint.md).
//!
//! Decides the exact Mermaid and DOT bytes: nodes in path order, edges sorted, ids escaped,
//! stale / unannotated marks decided as the index flags are. Rendering the picture is the
//! viewer's.

use std::fmt::Write as _;
use std::str::FromStr;

use crate::error::{Error, Result};

use super::defaults::OVERSIZE_MODULE_BYTES;
use super::doc::Doc;
use super::index::module_flags;
use super::snapshot::Snapshot;

/// The output format of the graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GraphFormat {
    /// A Mermaid flowchart.
    Mermaid,
    /// A Graphviz digraph.
    Dot,
}

impl FromStr for GraphFormat {
    type Err = Error;

    fn from_str(s: &str) -> Result<GraphFormat> {
        match s {
            "mermaid" => Ok(GraphFormat::Mermaid),
            "dot" => Ok(GraphFormat::Dot),
            _ => Err(
                Error::invalid_input(format!("format {s:?} is not \"mermaid\" or \"dot\""))
                    .with_field("format"),
            ),
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    None,
    Stale,
    Unannotated,
}

fn marks(doc: &Doc, snapshot: &Snapshot) -> Vec<Mark> {
    (0..snapshot.modules().len())
        .map(|i| {
            let f = module_flags(doc, snapshot, i, OVERSIZE_MODULE_BYTES);
            if f.unannotated {
                Mark::Unannotated
            } else if f.is_stale() {
                Mark::Stale
            } else {
                Mark::None
            }
        })
        .collect()
}

fn mermaid_label(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    for c in path.chars() {
        match c {
            '"' | '#' | '&' | '<' | '>' | '`' => {
                let _ = write!(out, "#{};", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

fn dot_id(path: &str) -> String {
    format!("\"{}\"", path.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Draws the module graph of `snapshot` with the marks of `doc`.
pub fn graph(doc: &Doc, snapshot: &Snapshot, format: GraphFormat) -> String {
    let marks = marks(doc, snapshot);
    let mut out = String::new();
    match format {
        GraphFormat::Mermaid => {
            out.push_str("flowchart LR\n");
            for (i, m) in snapshot.modules().iter().enumerate() {
                let _ = writeln!(out, "    n{i}[\"{}\"]", mermaid_label(&m.path));
            }
            for &(a, b) in snapshot.edges() {
                let _ = writeln!(out, "    n{a} --> n{b}");
            }
            let ids = |want: Mark| {
                marks
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| **m == want)
                    .map(|(i, _)| format!("n{i}"))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let stale = ids(Mark::Stale);
            if !stale.is_empty() {
                out.push_str(
                    "    classDef stale stroke:#d97706,stroke-width:3px,stroke-dasharray:6 3\n",
                );
                let _ = writeln!(out, "    class {stale} stale");
            }
            let un = ids(Mark::Unannotated);
            if !un.is_empty() {
                out.push_str("    classDef unannotated fill:#f3f4f6,color:#6b7280\n");
                let _ = writeln!(out, "    class {un} unannotated");
            }
        }
        GraphFormat::Dot => {
            out.push_str("digraph blueprint {\n  rankdir=LR;\n  node [shape=box];\n");
            for (m, mark) in snapshot.modules().iter().zip(&marks) {
                let id = dot_id(&m.path);
                let _ = match mark {
                    Mark::None => writeln!(out, "  {id};"),
                    Mark::Stale => {
                        writeln!(out, "  {id} [color=\"#d97706\", penwidth=3, style=dashed];")
                    }
                    Mark::Unannotated => writeln!(
                        out,
                        "  {id} [style=filled, fillcolor=\"#f3f4f6\", fontcolor=\"#6b7280\"];"
                    ),
                };
            }
            for &(a, b) in snapshot.edges() {
                let _ = writeln!(
                    out,
                    "  {} -> {};",
                    dot_id(snapshot.path(a as usize)),
                    dot_id(snapshot.path(b as usize))
                );
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
    fn empty_snapshot_gives_the_bare_frames() {
        let s = Snapshot::default();
        assert_eq!(
            graph(&Doc::default(), &s, GraphFormat::Mermaid),
            "flowchart LR\n"
        );
        assert_eq!(
            graph(&Doc::default(), &s, GraphFormat::Dot),
            "digraph blueprint {\n  rankdir=LR;\n  node [shape=box];\n}\n"
        );
    }

    #[test]
    fn labels_and_ids_are_escaped() {
        assert_eq!(mermaid_label("a\"#&<>`b"), "a#34;#35;#38;#60;#62;#96;b");
        assert_eq!(dot_id("a\\\"b"), "\"a\\\\\\\"b\"");
    }
}
