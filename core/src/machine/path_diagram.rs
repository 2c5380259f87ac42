//! The path one feature took, drawn on top of the state machine: the diagram of
//! [`render_diagram`](crate::machine::render_diagram) with the visited phases and edges marked
//! and the current phase (the last one of the path) highlighted.
//!
//! A path is the sequence of phases a feature was in, in order. It is read from the feature's
//! `events.jsonl` lines by [`path_from_events`]: every event carries the phase it happened in,
//! so the phases of the events, with repeats in a row collapsed, are the phases the feature
//! went through. A move the drawn graph has no edge for (into a universal target such as
//! `blocked`, a self-loop such as `testing → testing`) is drawn as an extra edge of the path.

use std::fmt::Write as _;

use serde_json::Value;

use crate::error::{Error, ErrorKind, Result};
use crate::machine::diagram::{diagram_edges, render_diagram, DiagramFormat};
use crate::protocol::state::Phase;

/// The phases a feature went through, from its events (objects with a `phase` key, in file
/// order): repeats in a row are collapsed and events with an empty or missing phase skipped.
///
/// Errors: `invalid_input` for an event that is not an object or a phase that is not a string;
/// `invalid_value` for a phase the machine does not know.
///
/// ```
/// use fourx_core::machine::path_from_events;
/// use fourx_core::protocol::state::Phase;
///
/// let events = [
///     serde_json::json!({"phase": "init", "type": "run-start"}),
///     serde_json::json!({"phase": "designing", "type": "phase-start"}),
///     serde_json::json!({"phase": "designing", "type": "run-end"}),
/// ];
/// assert_eq!(path_from_events(&events)?, vec![Phase::Init, Phase::Designing]);
/// # Ok::<(), fourx_core::Error>(())
/// ```
pub fn path_from_events(events: &[Value]) -> Result<Vec<Phase>> {
    let mut path: Vec<Phase> = Vec::new();
    for (i, e) in events.iter().enumerate() {
        let obj = e.as_object().ok_or_else(|| {
            Error::invalid_input(format!("event {} is not a JSON object", i + 1))
                .with_field("events")
        })?;
        let phase = match obj.get("phase") {
            None | Some(Value::Null) => continue,
            Some(Value::String(s)) if s.is_empty() => continue,
            Some(Value::String(s)) => s.as_str(),
            Some(other) => {
                return Err(Error::invalid_input(format!(
                    "event {}: phase must be a string, not {other}",
                    i + 1
                ))
                .with_field("events"))
            }
        };
        let p = known_phase(phase, "events")?;
        if path.last() != Some(&p) {
            path.push(p);
        }
    }
    Ok(path)
}

/// `s` as a phase of the machine; any other string is `invalid_value` naming `field`.
pub fn known_phase(s: &str, field: &str) -> Result<Phase> {
    Phase::from_name(s).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidValue,
            format!("{s:?} is not a phase of the state machine"),
        )
        .with_field(field)
    })
}

/// The distinct moves of `path` in the order first taken (repeats in a row are not moves).
fn moves(path: &[Phase]) -> Vec<(Phase, Phase)> {
    let mut out: Vec<(Phase, Phase)> = Vec::new();
    for w in path.windows(2) {
        let m = (w[0], w[1]);
        if !out.contains(&m) {
            out.push(m);
        }
    }
    out
}

fn index(p: Phase) -> usize {
    Phase::ALL.iter().position(|q| *q == p).unwrap_or(0)
}

const VISITED_FILL: &str = "#dbeafe";
const VISITED_STROKE: &str = "#1d4ed8";
const CURRENT_FILL: &str = "#fde68a";
const CURRENT_STROKE: &str = "#b45309";

/// The state machine with `path` drawn on it (Mermaid or DOT). The visited phases are filled,
/// the last phase of the path is the current one (filled differently, thicker border), and
/// every move of the path is a thick edge; a move the machine's drawing has no edge for is
/// added as one. An empty path draws the plain machine.
///
/// ```
/// use fourx_core::machine::{render_path_diagram, DiagramFormat};
/// use fourx_core::protocol::state::Phase;
///
/// let path = [Phase::Init, Phase::Designing, Phase::DesignReviewing, Phase::Blocked];
/// let dot = render_path_diagram(DiagramFormat::Dot, &path);
/// assert!(dot.contains("\"init\" -> \"designing\" [color=\"#1d4ed8\", penwidth=3];"));
/// assert!(dot.contains("\"design-reviewing\" -> \"blocked\" [color=\"#1d4ed8\", penwidth=3, style=bold];"));
/// assert!(dot.contains("\"blocked\" [style=filled, fillcolor=\"#fde68a\""));
/// ```
pub fn render_path_diagram(format: DiagramFormat, path: &[Phase]) -> String {
    let Some(&current) = path.last() else {
        return render_diagram(format);
    };
    let drawn = diagram_edges();
    let taken = moves(path);
    let extra: Vec<(Phase, Phase)> = taken
        .iter()
        .copied()
        .filter(|m| !drawn.contains(m))
        .collect();
    let visited = |p: Phase| path.contains(&p);
    match format {
        DiagramFormat::Mermaid => {
            let mut out = render_diagram(DiagramFormat::Mermaid);
            // Mermaid numbers links in the order they are written: the drawn edges, then the
            // universal `any` links, then the extra path edges appended here.
            let universal = Phase::ALL
                .iter()
                .filter(|p| crate::machine::is_universal_target(**p))
                .count();
            let mut styled: Vec<usize> = drawn
                .iter()
                .enumerate()
                .filter(|(_, e)| taken.contains(e))
                .map(|(i, _)| i)
                .collect();
            for (k, (f, t)) in extra.iter().enumerate() {
                let _ = writeln!(out, "    n{} ==> n{}", index(*f), index(*t));
                styled.push(drawn.len() + universal + k);
            }
            let _ = writeln!(
                out,
                "    classDef visited fill:{VISITED_FILL},stroke:{VISITED_STROKE},stroke-width:2px"
            );
            let _ = writeln!(
                out,
                "    classDef current fill:{CURRENT_FILL},stroke:{CURRENT_STROKE},stroke-width:4px"
            );
            let seen: Vec<String> = Phase::ALL
                .iter()
                .filter(|p| visited(**p) && **p != current)
                .map(|p| format!("n{}", index(*p)))
                .collect();
            if !seen.is_empty() {
                let _ = writeln!(out, "    class {} visited", seen.join(","));
            }
            let _ = writeln!(out, "    class n{} current", index(current));
            if !styled.is_empty() {
                let list: Vec<String> = styled.iter().map(usize::to_string).collect();
                let _ = writeln!(
                    out,
                    "    linkStyle {} stroke:{VISITED_STROKE},stroke-width:3px",
                    list.join(",")
                );
            }
            out
        }
        DiagramFormat::Dot => {
            let mut out =
                String::from("digraph state_machine {\n  rankdir=LR;\n  node [shape=box];\n");
            for p in Phase::ALL {
                let terminal = crate::machine::is_terminal(*p);
                let mut attrs: Vec<String> = Vec::new();
                if *p == current {
                    attrs.push(format!(
                        "style=filled, fillcolor=\"{CURRENT_FILL}\", color=\"{CURRENT_STROKE}\", penwidth=3"
                    ));
                } else if visited(*p) {
                    attrs.push(format!(
                        "style=filled, fillcolor=\"{VISITED_FILL}\", color=\"{VISITED_STROKE}\""
                    ));
                } else if terminal {
                    attrs.push("style=filled, fillcolor=\"#e5e7eb\"".to_string());
                }
                if terminal {
                    attrs.insert(0, "peripheries=2".to_string());
                }
                if attrs.is_empty() {
                    let _ = writeln!(out, "  \"{p}\";");
                } else {
                    let _ = writeln!(out, "  \"{p}\" [{}];", attrs.join(", "));
                }
            }
            out.push_str("  \"any\" [shape=note, label=\"from any non-terminal phase\"];\n");
            for (f, t) in &drawn {
                if taken.contains(&(*f, *t)) {
                    let _ = writeln!(
                        out,
                        "  \"{f}\" -> \"{t}\" [color=\"{VISITED_STROKE}\", penwidth=3];"
                    );
                } else {
                    let _ = writeln!(out, "  \"{f}\" -> \"{t}\";");
                }
            }
            for p in Phase::ALL
                .iter()
                .filter(|p| crate::machine::is_universal_target(**p))
            {
                let _ = writeln!(out, "  \"any\" -> \"{p}\" [style=dotted];");
            }
            for (f, t) in &extra {
                let _ = writeln!(
                    out,
                    "  \"{f}\" -> \"{t}\" [color=\"{VISITED_STROKE}\", penwidth=3, style=bold];"
                );
            }
            out.push_str("}\n");
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use Phase::*;

    #[test]
    fn the_path_is_the_event_phases_with_repeats_collapsed() {
        let ev = [
            json!({"phase": "init"}),
            json!({"phase": ""}),
            json!({"type": "hook"}),
            json!({"phase": "designing"}),
            json!({"phase": "designing"}),
            json!({"phase": "blocked"}),
        ];
        assert_eq!(
            path_from_events(&ev).unwrap(),
            vec![Init, Designing, Blocked]
        );
    }

    #[test]
    fn an_unknown_phase_in_the_events_is_invalid_value() {
        let e = path_from_events(&[json!({"phase": "warp"})]).unwrap_err();
        assert_eq!(
            (e.kind, e.field.as_deref()),
            (ErrorKind::InvalidValue, Some("events"))
        );
        let e = path_from_events(&[json!(3)]).unwrap_err();
        assert_eq!(e.kind, ErrorKind::InvalidInput);
    }

    #[test]
    fn an_empty_path_draws_the_plain_machine() {
        for f in [DiagramFormat::Mermaid, DiagramFormat::Dot] {
            assert_eq!(render_path_diagram(f, &[]), render_diagram(f));
        }
    }

    #[test]
    fn mermaid_marks_taken_edges_by_link_index_and_the_current_phase() {
        let t = render_path_diagram(
            DiagramFormat::Mermaid,
            &[Init, Designing, DesignReviewing, Coding],
        );
        // init→designing, designing→design-reviewing, design-reviewing→coding are drawn edges
        // 0, 1 and 3 (design-reviewing→designing is 2).
        assert!(
            t.ends_with("    linkStyle 0,1,3 stroke:#1d4ed8,stroke-width:3px\n"),
            "{t}"
        );
        assert!(t.contains("    class n0,n1,n2 visited\n"));
        assert!(t.contains("    class n3 current\n"));
    }

    #[test]
    fn a_move_outside_the_drawn_graph_is_added_as_a_path_edge() {
        let path = [Testing, Testing, Blocked, Coding];
        let t = render_path_diagram(DiagramFormat::Mermaid, &path);
        // testing→blocked and blocked→coding: blocked→coding is drawn, testing→blocked is not.
        assert!(t.contains("    n7 ==> n13\n"), "{t}");
        let d = render_path_diagram(DiagramFormat::Dot, &path);
        assert!(d.contains(
            "  \"testing\" -> \"blocked\" [color=\"#1d4ed8\", penwidth=3, style=bold];\n"
        ));
        assert!(d.contains("  \"blocked\" -> \"coding\" [color=\"#1d4ed8\", penwidth=3];\n"));
    }
}
