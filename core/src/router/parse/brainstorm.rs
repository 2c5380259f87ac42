//! The inline brainstorming handoff (router.md): the last YAML block under
//! `### Brainstorming Handoff (MACHINE-READABLE)` — or a YAML block whose first line is that
//! heading, the brainstorming skill's own shape — with its DESIGN_FILE. Storing the design file
//! in the artifact is the caller's.

use serde::Serialize;
use serde_json::Value;

use crate::error::{Error, ErrorKind, Result};

use crate::router::parse::contract::yaml_mapping;
use crate::router::parse::markdown::Markdown;
use crate::router::parse::readonly::check_size;
use crate::router::parse::text::{is_blank, trim_ws};

/// The handoff heading.
pub const HANDOFF_HEADING: &str = "Brainstorming Handoff (MACHINE-READABLE)";

/// The handoff values.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Handoff {
    /// `DESIGN_FILE`, verbatim.
    pub design_file: String,
    /// `DESIGN_SUMMARY` when it is a string.
    pub design_summary: Option<String>,
    /// `MEMORY_NOTES` as parsed (null when absent).
    pub memory_notes: Value,
}

/// Parses the handoff.
pub fn parse(output: &str) -> Result<Handoff> {
    check_size(output)?;
    let md = Markdown::parse(output);
    let sections: Vec<_> = md
        .headings
        .iter()
        .enumerate()
        .filter(|(_, h)| h.level == 3 && h.text == HANDOFF_HEADING)
        .map(|(i, _)| md.section(i))
        .collect();
    let heading_line = format!("### {HANDOFF_HEADING}");
    let fence = md
        .fences
        .iter()
        .rfind(|f| {
            if !matches!(f.info(), "yaml" | "yml") {
                return false;
            }
            if sections.iter().any(|s| s.contains(&f.open)) {
                return true;
            }
            let end = f.close.unwrap_or(md.lines.len());
            md.lines
                .get(f.open + 1..end)
                .unwrap_or(&[])
                .iter()
                .find(|l| !is_blank(l))
                .is_some_and(|l| trim_ws(l) == heading_line)
        })
        .ok_or_else(|| {
            Error::new(
                ErrorKind::MissingContract,
                format!("no YAML block for `### {HANDOFF_HEADING}`"),
            )
        })?;
    if fence.close.is_none() {
        return Err(Error::new(
            ErrorKind::MalformedContract,
            "the Brainstorming Handoff YAML block is not terminated",
        ));
    }
    let fields = yaml_mapping(&md.fence_content(fence), "Brainstorming Handoff")?;
    let design_file = fields
        .get("DESIGN_FILE")
        .and_then(Value::as_str)
        .filter(|s| !s.trim().is_empty())
        .ok_or_else(|| {
            Error::new(
                ErrorKind::MissingField,
                "the handoff needs DESIGN_FILE as a non-blank string",
            )
            .with_field("DESIGN_FILE")
        })?
        .to_string();
    Ok(Handoff {
        design_file,
        design_summary: fields
            .get("DESIGN_SUMMARY")
            .and_then(Value::as_str)
            .map(str::to_string),
        memory_notes: fields.get("MEMORY_NOTES").cloned().unwrap_or(Value::Null),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heading_inside_the_fence_is_accepted() {
        let out = "Design done.\n\n```yaml\n### Brainstorming Handoff (MACHINE-READABLE)\nDESIGN_FILE: docs/d.md\n```\n";
        assert_eq!(parse(out).unwrap().design_file, "docs/d.md");
    }

    #[test]
    fn blank_design_file_is_missing() {
        let out = "### Brainstorming Handoff (MACHINE-READABLE)\n```yaml\nDESIGN_FILE: ' '\n```\n";
        assert_eq!(parse(out).unwrap_err().kind, ErrorKind::MissingField);
    }
}
