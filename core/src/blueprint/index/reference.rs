//! The first `render_index` (a `String` per row, rows copied into the text), kept as the
//! reference the buffer-writing one must equal, output for output.

use std::cmp::Reverse;
use std::fmt::Write as _;

use super::super::defaults::{MAX_ROW_EDGES, OVERSIZE_MODULE_BYTES};
use super::super::doc::Doc;
use super::super::snapshot::Snapshot;
use super::super::tokens::TokenCounter;
use super::{effective_budget, footer, header, module_flags, IndexOutput, LEGEND};
use crate::error::{Error, ErrorKind, Result};

fn row(doc: &Doc, snapshot: &Snapshot, i: usize, oversize: u64, all_unannotated: bool) -> String {
    let path = snapshot.path(i);
    let imports = snapshot.imports_of(i);
    let listed = imports.len().min(MAX_ROW_EDGES);
    let mut line = String::with_capacity(path.len() + listed * (path.len() + 2) + 40);
    line.push_str(path);
    for (n, &j) in imports.iter().take(MAX_ROW_EDGES).enumerate() {
        line.push_str(if n == 0 { " -> " } else { ", " });
        line.push_str(snapshot.path(j as usize));
    }
    let mut flags = module_flags(doc, snapshot, i, oversize);
    if all_unannotated {
        flags.unannotated = false;
    }
    flags.push_to(&mut line);
    line
}

/// The reference render.
pub(super) fn reference_render_index(
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
    // No derived module annotated: the header says so once, the rows do not (checked per module
    // here, the plain way).
    let all_unannotated =
        n > 0 && (0..n).all(|i| module_flags(doc, snapshot, i, oversize).unannotated);
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
            let r = row(doc, snapshot, i, oversize, all_unannotated);
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
            .saturating_add(cost(&header(n, e, k, budget, all_unannotated))?)
            .saturating_add(rows_cost)
            .saturating_add(foot);
        if total > budget {
            continue;
        }
        let text = assemble(&rows, &by_path, (n, e, k, budget), all_unannotated);
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

fn assemble(
    rows: &[String],
    by_path: &[(usize, usize)],
    (n, e, k, budget): (usize, usize, usize, usize),
    all_unannotated: bool,
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
    let _ = writeln!(text, "{}", header(n, e, k, budget, all_unannotated));
    for r in shown() {
        text.push_str(r);
        text.push('\n');
    }
    if k < n {
        let _ = writeln!(text, "{}", footer(n - k));
    }
    text
}
