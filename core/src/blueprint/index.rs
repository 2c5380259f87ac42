//! The resident index, shape ② (blueprint.md): legend, count header, one row per
//! shown module, and the not-shown line, under a hard token cap.
//!
//! Decides rows, the four flags (the only place they are spoken), degree ranking and the
//! iterative row selection; never prose. Which counter measures tokens is the caller's.

use std::cmp::Reverse;
use std::fmt::Write as _;

use crate::error::{Error, ErrorKind, Result};

use super::defaults::{DEFAULT_INDEX_MAX_TOKENS, MAX_ROW_EDGES, OVERSIZE_MODULE_BYTES};
use super::doc::Doc;
use super::snapshot::Snapshot;
use super::tokens::TokenCounter;

/// The constant first line: what the notation and the four flags mean.
pub const LEGEND: &str = "# blueprint index: \"a -> b, c\" = a imports b, c. [stale: why] notes older than code, refresh via Repo only if your task needs them; [unannotated] no notes yet; [oversize] too big to read whole; [TRUNC +k] k imports not listed; notes: read_blueprint";

/// The rendered index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexOutput {
    /// The index text; every line ends with `\n`.
    pub text: String,
    /// Its cost in the per-line model (≤ `budget`).
    pub tokens: usize,
    /// Rows shown.
    pub shown: usize,
    /// Derived modules not shown.
    pub not_shown: usize,
    /// The effective budget.
    pub budget: usize,
}

/// The state flags of one module, decided once for the index and the graph.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ModuleFlags {
    /// A visible section's fingerprint differs from the snapshot's (both known).
    pub code_changed: bool,
    /// Number of stale entries.
    pub stale_anchors: usize,
    /// The module has no entries.
    pub unannotated: bool,
    /// Source bytes exceed the threshold.
    pub oversize: bool,
    /// Imports not listed beyond the first 12.
    pub trunc: usize,
}

impl ModuleFlags {
    /// Whether the module would carry `[stale: …]`.
    pub fn is_stale(&self) -> bool {
        self.code_changed || self.stale_anchors > 0
    }

    /// The flags in their fixed order, space-joined (`""` when none).
    pub fn render(&self) -> String {
        let mut out = String::new();
        self.push_to(&mut out);
        out.strip_prefix(' ').unwrap_or(&out).to_string()
    }

    /// Appends each flag preceded by one space, in the fixed order (no allocation of its own).
    fn push_to(&self, out: &mut String) {
        if self.is_stale() {
            out.push_str(" [stale: ");
            if self.code_changed {
                out.push_str("code changed");
            }
            if self.stale_anchors > 0 {
                if self.code_changed {
                    out.push_str("; ");
                }
                let _ = write!(out, "anchors {}", self.stale_anchors);
            }
            out.push(']');
        }
        if self.unannotated {
            out.push_str(" [unannotated]");
        }
        if self.oversize {
            out.push_str(" [oversize]");
        }
        if self.trunc > 0 {
            let _ = write!(out, " [TRUNC +{}]", self.trunc);
        }
    }
}

/// The flags of derived module `i`.
pub fn module_flags(doc: &Doc, snapshot: &Snapshot, i: usize, oversize_bytes: u64) -> ModuleFlags {
    let Some(m) = snapshot.modules().get(i) else {
        return ModuleFlags::default();
    };
    let mut f = ModuleFlags {
        unannotated: true,
        oversize: m.bytes > oversize_bytes,
        trunc: snapshot.imports_of(i).len().saturating_sub(MAX_ROW_EDGES),
        ..ModuleFlags::default()
    };
    if let Some(notes) = doc.modules.get(&m.path) {
        for s in notes.sections.values().filter(|s| !s.entries.is_empty()) {
            f.unannotated = false;
            if !s.fp.is_empty() && !m.fingerprint.is_empty() && s.fp != m.fingerprint {
                f.code_changed = true;
            }
            f.stale_anchors += s.entries.iter().filter(|e| e.stale).count();
        }
    }
    f
}

fn row(doc: &Doc, snapshot: &Snapshot, i: usize, oversize: u64) -> String {
    let path = snapshot.path(i);
    let imports = snapshot.imports_of(i);
    let listed = imports.len().min(MAX_ROW_EDGES);
    let mut line = String::with_capacity(path.len() + listed * (path.len() + 2) + 40);
    line.push_str(path);
    for (n, &j) in imports.iter().take(MAX_ROW_EDGES).enumerate() {
        line.push_str(if n == 0 { " -> " } else { ", " });
        line.push_str(snapshot.path(j as usize));
    }
    module_flags(doc, snapshot, i, oversize).push_to(&mut line);
    line
}

fn header(n: usize, e: usize, k: usize, budget: usize) -> String {
    format!(
        "# modules {n} edges {e} shown {k} not_shown {} budget {budget}",
        n - k
    )
}

fn footer(not_shown: usize) -> String {
    format!("+{not_shown} modules not shown")
}

/// The effective budget: `max_tokens` when positive, else the default.
pub fn effective_budget(max_tokens: Option<i64>) -> usize {
    match max_tokens {
        Some(t) if t > 0 => usize::try_from(t).unwrap_or(usize::MAX),
        _ => DEFAULT_INDEX_MAX_TOKENS,
    }
}

/// Renders the index under a hard cap; `budget_too_small` when not even legend, header and the
/// not-shown line fit.
///
/// The cap holds under `counter`, whatever it is: `tokens` (the per-line model) is at
/// most the budget, and unless the counter promises
/// [`TokenCounter::whole_within_lines`], the whole text counted as one string is too — the
/// largest `k` meeting both is shown. A counter's failure ([`TokenCounter::try_count`]) is the
/// result.
///
/// ```
/// use fourx_core::blueprint::{render_index, ApproxCounter, Doc, Snapshot, TokenCounter};
///
/// let snapshot = Snapshot::from_json(&serde_json::json!({
///     "modules": ["api", "db"], "edges": [["api", "db"]]})).unwrap();
/// let doc = Doc::default();
/// let out = render_index(&doc, &snapshot, Some(100), None, &ApproxCounter).unwrap();
/// assert_eq!(out.shown, 2);
/// // A caller's counter: one token per byte, and the cap holds for it.
/// let bytes = |s: &str| s.len();
/// let out = render_index(&doc, &snapshot, Some(1000), None, &bytes).unwrap();
/// assert!(bytes.count(&out.text) <= 1000 && out.tokens <= 1000);
/// ```
pub fn render_index(
    doc: &Doc,
    snapshot: &Snapshot,
    max_tokens: Option<i64>,
    oversize_bytes: Option<u64>,
    counter: &dyn TokenCounter,
) -> Result<IndexOutput> {
    let budget = effective_budget(max_tokens);
    let oversize = oversize_bytes
        .filter(|&b| b > 0)
        .unwrap_or(OVERSIZE_MODULE_BYTES);
    let n = snapshot.modules().len();
    let e = snapshot.edges().len();
    // One reused buffer: `cost(line) = counter.count(line + "\n")` without an allocation per line.
    let mut buf = String::new();
    let mut cost = |line: &str| {
        buf.clear();
        buf.push_str(line);
        buf.push('\n');
        counter.try_count(&buf)
    };
    let legend = cost(LEGEND)?;
    // Rank keys (-(in + out degree), path index); path order is index order in the snapshot.
    let mut rank: Vec<(Reverse<usize>, usize)> = (0..n)
        .map(|i| {
            let degree = snapshot.imports_of(i).len() + snapshot.importers_of(i).len();
            (Reverse(degree), i)
        })
        .collect();
    // Rows in rank order with their prefix sums, only as far as they can fit: every cost is
    // ≥ 0, so cost(k) ≥ cost(LEGEND) + P[k], and once that passes the budget no larger k fits.
    // The rank is sorted lazily, in doubling chunks (select, then sort the chunk), so a small
    // budget over a large snapshot costs O(n) instead of a full O(n log n) sort.
    let mut rows: Vec<String> = Vec::new();
    let mut prefix = vec![0usize];
    let mut done = 0;
    let mut chunk = 64;
    'rows: while done < n {
        let end = n.min(done.saturating_add(chunk));
        if let Some(rest) = rank.get_mut(done..) {
            if end < n {
                rest.select_nth_unstable(end - done - 1);
            }
            if let Some(part) = rest.get_mut(..end - done) {
                part.sort_unstable();
            }
        }
        for &(_, i) in rank.get(done..end).unwrap_or_default() {
            let last = prefix.last().copied().unwrap_or(0);
            if legend.saturating_add(last) > budget {
                break 'rows;
            }
            let r = row(doc, snapshot, i, oversize);
            prefix.push(last.saturating_add(cost(&r)?));
            rows.push(r);
        }
        done = end;
        chunk = chunk.saturating_mul(2);
    }
    // The built rows in path order with their rank positions: the text of any k is the rows of
    // rank < k in this order, so re-checking a smaller k needs no sort.
    let mut by_path: Vec<(usize, usize)> =
        rank.iter().map(|&(_, i)| i).zip(0..rows.len()).collect();
    by_path.sort_unstable();
    let verify_whole = !counter.whole_within_lines();
    // k* = the largest k ≤ rows.len() with cost(k) ≤ budget, scanning down (cost is not monotone);
    // for a counter without the per-line promise, also with the whole text's count ≤ budget.
    for k in (0..=rows.len()).rev() {
        let foot = if k < n { cost(&footer(n - k))? } else { 0 };
        let rows_cost = prefix.get(k).copied().unwrap_or(usize::MAX);
        let total = legend
            .saturating_add(cost(&header(n, e, k, budget))?)
            .saturating_add(rows_cost)
            .saturating_add(foot);
        if total > budget {
            continue;
        }
        let text = assemble(&rows, &by_path, n, e, k, budget);
        if verify_whole && counter.try_count(&text)? > budget {
            continue;
        }
        return Ok(IndexOutput {
            text,
            tokens: total,
            shown: k,
            not_shown: n - k,
            budget,
        });
    }
    Err(Error::new(
        ErrorKind::BudgetTooSmall,
        format!(
            "a budget of {budget} tokens cannot hold the index legend, header and not-shown line"
        ),
    )
    .with_field("max_tokens"))
}

/// The index text of the `k` best-ranked rows: legend, header, those rows in path order, footer.
fn assemble(
    rows: &[String],
    by_path: &[(usize, usize)],
    n: usize,
    e: usize,
    k: usize,
    budget: usize,
) -> String {
    let shown = || {
        by_path
            .iter()
            .filter(move |&&(_, pos)| pos < k)
            .filter_map(|&(_, pos)| rows.get(pos))
    };
    let bytes: usize = shown().map(|r| r.len() + 1).sum();
    let mut text = String::with_capacity(LEGEND.len() + 160 + bytes);
    let _ = writeln!(text, "{LEGEND}");
    let _ = writeln!(text, "{}", header(n, e, k, budget));
    for r in shown() {
        text.push_str(r);
        text.push('\n');
    }
    if k < n {
        let _ = writeln!(text, "{}", footer(n - k));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blueprint::tokens::ApproxCounter;

    #[test]
    fn legend_costs_63_tokens_with_the_default_counter() {
        assert_eq!(LEGEND.len(), 248);
        assert_eq!(ApproxCounter.count(&format!("{LEGEND}\n")), 63);
    }

    #[test]
    fn cost_is_not_monotone_so_selection_scans_every_k() {
        let s = Snapshot::from_json(&serde_json::json!({"modules": ["a", "b", "c"]})).unwrap();
        let doc = Doc::default();
        for budget in 60..120 {
            if let Ok(out) = render_index(&doc, &s, Some(budget), None, &ApproxCounter) {
                assert!(out.tokens <= out.budget);
                let whole: usize = out
                    .text
                    .lines()
                    .map(|l| ApproxCounter.count(&format!("{l}\n")))
                    .sum();
                assert_eq!(whole, out.tokens);
            }
        }
    }
}
