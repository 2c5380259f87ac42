//! Verifier scenario accounting (router.md): the `SCENARIOS_*`
//! counts, the `### Scenarios` pipe table, the `### Evidence Array` YAML block, and the checks
//! that make them agree. Overriding the verdict on failed scenarios is the read-only parser's.

use serde::Serialize;
use serde_json::Value;

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::yaml::Limits;
use crate::router::parse::flat_yaml;

use crate::router::parse::markdown::Markdown;
use crate::router::parse::text::{is_digits, trim_ws};

/// One row of the Scenarios table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScenarioRow {
    /// Scenario column.
    pub name: String,
    /// Expected column.
    pub expected: String,
    /// Actual column.
    pub actual: String,
    /// Exit column.
    pub exit: String,
    /// Result column.
    pub result: String,
}

/// The reconciled scenario report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Scenarios {
    /// `SCENARIOS_TOTAL`.
    pub total: u64,
    /// `SCENARIOS_PASSED`.
    pub passed: u64,
    /// `SCENARIOS_FAILED`.
    pub failed: u64,
    /// `SCENARIOS_BLOCKED` (`12.7.0` only, default 0; absent at `11.0.0`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub blocked: Option<u64>,
    /// The table rows.
    pub rows: Vec<ScenarioRow>,
    /// `EVIDENCE.scenarios`.
    pub evidence: Vec<String>,
}

/// The table header cells that must be present.
pub const REQUIRED_COLUMNS: [&str; 5] = ["scenario", "expected", "actual", "exit", "result"];

fn evidence_err(msg: impl Into<String>) -> Error {
    Error::new(ErrorKind::MissingEvidence, msg)
}

fn count(md: &Markdown<'_>, key: &str) -> Result<u64> {
    let v = md.last_key_value(key).ok_or_else(|| {
        Error::new(
            ErrorKind::MissingField,
            format!("`{key}:` line is required"),
        )
        .with_field(key)
    })?;
    if !is_digits(v) {
        return Err(Error::new(
            ErrorKind::InvalidValue,
            format!("`{key}:` must be a number of ASCII digits, not {v:?}"),
        )
        .with_field(key));
    }
    Ok(v.parse::<u64>().unwrap_or(u64::MAX))
}

/// Splits a table line into cells: one leading and one trailing `|` stripped, split on `|` not
/// preceded by `\`, trimmed, `\|` unescaped.
pub(crate) fn cells(line: &str) -> Vec<String> {
    let t = trim_ws(line);
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t
        .strip_suffix('|')
        .filter(|s| !s.ends_with('\\'))
        .unwrap_or(t);
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut prev_backslash = false;
    for c in t.chars() {
        if c == '|' && !prev_backslash {
            out.push(std::mem::take(&mut cur));
        } else {
            cur.push(c);
        }
        prev_backslash = c == '\\';
    }
    out.push(cur);
    out.into_iter()
        .map(|c| trim_ws(&c).replace("\\|", "|"))
        .collect()
}

fn is_separator_cell(c: &str) -> bool {
    let c = c.strip_prefix(':').unwrap_or(c);
    let c = c.strip_suffix(':').unwrap_or(c);
    !c.is_empty() && c.bytes().all(|b| b == b'-')
}

fn table(md: &Markdown<'_>) -> Result<Vec<ScenarioRow>> {
    let h = md
        .headings
        .iter()
        .position(|h| h.level == 3 && h.text == "Scenarios")
        .ok_or_else(|| evidence_err("no `### Scenarios` section"))?;
    let range = md.section(h);
    let is_row = |i: usize| !md.fenced[i] && trim_ws(md.lines[i]).starts_with('|');
    let start = range
        .clone()
        .find(|&i| is_row(i))
        .ok_or_else(|| evidence_err("`### Scenarios` has no pipe table"))?;
    let end = (start..range.end)
        .find(|&i| !is_row(i))
        .unwrap_or(range.end);
    let lines = &md.lines[start..end];
    let bad =
        || evidence_err("the `### Scenarios` table needs a header, a separator and data rows");
    let header: Vec<String> = cells(lines.first().ok_or_else(bad)?)
        .into_iter()
        .map(|c| c.to_lowercase())
        .collect();
    let sep = cells(lines.get(1).ok_or_else(bad)?);
    if sep.len() != header.len() || !sep.iter().all(|c| is_separator_cell(c)) {
        return Err(bad());
    }
    let mut cols = [0usize; 5];
    for (i, name) in REQUIRED_COLUMNS.iter().enumerate() {
        cols[i] = header.iter().position(|h| h == name).ok_or_else(|| {
            evidence_err(format!("the `### Scenarios` table has no `{name}` column"))
        })?;
    }
    let data = &lines[2..];
    if data.is_empty() {
        return Err(bad());
    }
    let mut rows = Vec::with_capacity(data.len());
    for line in data {
        let c = cells(line);
        if c.len() != header.len() {
            return Err(evidence_err(
                "a `### Scenarios` row has a different cell count than the header",
            ));
        }
        let get = |i: usize| c.get(cols[i]).cloned().unwrap_or_default();
        rows.push(ScenarioRow {
            name: get(0),
            expected: get(1),
            actual: get(2),
            exit: get(3),
            result: get(4),
        });
    }
    Ok(rows)
}

fn evidence(md: &Markdown<'_>) -> Result<Vec<String>> {
    let h = md
        .headings
        .iter()
        .position(|h| h.level == 3 && h.text.starts_with("Evidence Array"))
        .ok_or_else(|| evidence_err("no `### Evidence Array` section"))?;
    for f in md.fences_in(md.section(h)) {
        if f.close.is_none() || !matches!(f.info(), "" | "yaml" | "yml" | "text") {
            continue;
        }
        let content = md.fence_content(f);
        let Ok(Value::Object(map)) = flat_yaml::parse_json(&content, &Limits::UNTRUSTED) else {
            continue;
        };
        let Some(Value::Object(ev)) = map.get("EVIDENCE") else {
            continue;
        };
        let Some(Value::Array(items)) = ev.get("scenarios") else {
            continue;
        };
        let strings: Option<Vec<String>> = items
            .iter()
            .map(|v| v.as_str().map(str::to_string))
            .collect();
        if let Some(s) = strings {
            return Ok(s);
        }
    }
    Err(evidence_err(
        "`### Evidence Array` has no YAML block with EVIDENCE.scenarios as a list of strings",
    ))
}

fn exit_zero(exit: &str) -> bool {
    is_digits(exit) && exit.bytes().all(|b| b == b'0')
}

/// A count from the contract YAML block (already typed to digits by the caller) or its line.
fn count_of(
    md: &Markdown<'_>,
    yaml: &dyn Fn(&str) -> Result<Option<String>>,
    key: &str,
) -> Result<u64> {
    match yaml(key)? {
        Some(v) => Ok(v.parse::<u64>().unwrap_or(u64::MAX)),
        None => count(md, key),
    }
}

/// Runs step 7 a–f on a verifier output. `yaml` reads a count of the contract YAML block (R2,
/// `None` when absent); with `blocked_rule` (R5, `12.7.0`) `SCENARIOS_BLOCKED` is optional
/// (default 0) and `TOTAL == PASSED + FAILED + BLOCKED`.
pub(crate) fn account(
    md: &Markdown<'_>,
    yaml: &dyn Fn(&str) -> Result<Option<String>>,
    blocked_rule: bool,
) -> Result<Scenarios> {
    let total = count_of(md, yaml, "SCENARIOS_TOTAL")?;
    let passed = count_of(md, yaml, "SCENARIOS_PASSED")?;
    let failed = count_of(md, yaml, "SCENARIOS_FAILED")?;
    let blocked = if blocked_rule {
        let present = yaml("SCENARIOS_BLOCKED")?.is_some()
            || md.last_key_value("SCENARIOS_BLOCKED").is_some();
        Some(if present {
            count_of(md, yaml, "SCENARIOS_BLOCKED")?
        } else {
            0
        })
    } else {
        None
    };
    let rows = table(md)?;
    if let Some(r) = rows
        .iter()
        .find(|r| r.expected.is_empty() || r.actual.is_empty())
    {
        return Err(evidence_err(format!(
            "scenario {:?} needs non-empty Expected and Actual",
            r.name
        )));
    }
    let evidence = evidence(md)?;
    let passing_rows = rows
        .iter()
        .filter(|r| r.result.eq_ignore_ascii_case("PASS") && exit_zero(&r.exit))
        .count() as u64;
    let n = rows.len() as u64;
    if Some(total)
        != passed
            .checked_add(failed)
            .and_then(|x| x.checked_add(blocked.unwrap_or(0)))
        || total != n
        || passed != passing_rows
        || evidence.len() as u64 != total
    {
        return Err(Error::new(
            ErrorKind::ScenarioMismatch,
            format!(
                "scenario counts disagree: TOTAL {total}, PASSED {passed}, FAILED {failed}, \
                 {n} table rows ({passing_rows} passing), {} evidence entries",
                evidence.len()
            ),
        ));
    }
    let names: Vec<&str> = evidence
        .iter()
        .map(|e| trim_ws(e.split('|').next().unwrap_or("")))
        .collect();
    for r in &rows {
        let hits = names.iter().filter(|n| **n == r.name).count();
        if hits != 1 {
            return Err(evidence_err(format!(
                "scenario {:?} matches {hits} evidence entries; it needs exactly one",
                r.name
            )));
        }
    }
    Ok(Scenarios {
        total,
        passed,
        failed,
        blocked,
        rows,
        evidence,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_split_on_unescaped_pipes() {
        assert_eq!(cells("| a | b \\| c |"), ["a", "b | c"]);
        assert_eq!(cells("|a|b"), ["a", "b"]);
        assert_eq!(cells("| :--- | ---: |"), [":---", "---:"]);
    }

    #[test]
    fn separator_cells_are_dashes_with_optional_colons() {
        assert!(is_separator_cell(":-:"));
        assert!(!is_separator_cell("::"));
        assert!(!is_separator_cell("-x-"));
    }

    const BLOCKED: &str = concat!(
        "SCENARIOS_TOTAL: 2\nSCENARIOS_PASSED: 1\nSCENARIOS_FAILED: 0\nSCENARIOS_BLOCKED: 1\n\n",
        "### Scenarios\n| Scenario | Expected | Actual | Exit | Result |\n|---|---|---|---|---|\n",
        "| a | x | x | 0 | PASS |\n| b | y | not run | - | BLOCKED |\n\n",
        "### Evidence Array\n```yaml\nEVIDENCE:\n  scenarios:\n",
        "    - \"a | cmd -> exit 0\"\n    - \"b | blocked: no database\"\n```\n",
    );

    #[test]
    fn blocked_scenarios_count_in_the_total_only_at_12_7() {
        let md = Markdown::parse(BLOCKED);
        let none = |_: &str| Ok(None);
        let s = account(&md, &none, true).unwrap();
        assert_eq!((s.total, s.passed, s.failed, s.blocked), (2, 1, 0, Some(1)));
        let e = account(&md, &none, false).unwrap_err();
        assert_eq!(e.kind, ErrorKind::ScenarioMismatch);
    }

    #[test]
    fn exit_must_be_digits_of_value_zero() {
        assert!(exit_zero("0") && exit_zero("00"));
        assert!(!exit_zero("") && !exit_zero("0 ") && !exit_zero("1"));
    }
}
