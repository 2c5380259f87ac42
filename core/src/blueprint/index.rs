//! The resident index, shape ② (blueprint.md): legend, count header, one row per
//! shown module, and the not-shown line, under a hard token cap.
//!
//! Decides rows, the four flags (the only place they are spoken), degree ranking and the
//! iterative row selection; never prose. With no notes yet the unannotated state is said once,
//! in the count header ([`ALL_UNANNOTATED`]), instead of on every row. Which counter measures tokens is the caller's.

use std::fmt::Write as _;

use crate::error::{Error, ErrorKind, Result};

use super::defaults::{DEFAULT_INDEX_MAX_TOKENS, MAX_ROW_EDGES, OVERSIZE_MODULE_BYTES};
use super::doc::{Doc, ModuleNotes};
use super::snapshot::{ModuleInfo, Snapshot};
use super::tokens::TokenCounter;

/// The constant first line: what the notation and the four flags mean.
pub const LEGEND: &str = "# blueprint index: \"a -> b, c\" = a imports b, c. [stale: why] notes older than code, refresh via Repo only if your task needs them; [unannotated] no notes yet; [oversize] too big to read whole; [TRUNC +k] k imports not listed; notes: read_blueprint";

/// Appended to the count header when the snapshot has modules and none of them has notes:
/// every row would carry `[unannotated]`, so the header says it once and the rows do not.
pub const ALL_UNANNOTATED: &str = " [unannotated] all modules";

/// Whether the snapshot has modules and none of them has an entry in the doc (notes of modules
/// outside the snapshot do not count): one lookup per annotated doc module.
pub fn none_annotated(doc: &Doc, snapshot: &Snapshot) -> bool {
    !snapshot.modules().is_empty()
        && !doc.modules.iter().any(|(path, notes)| {
            notes.sections.values().any(|s| !s.entries.is_empty())
                && snapshot.position(path).is_some()
        })
}

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
    flags_of(
        m,
        doc.modules.get(&m.path),
        snapshot.imports_of(i).len(),
        oversize_bytes,
    )
}

/// The flags of a module from its snapshot entry, its notes and its number of imports.
fn flags_of(
    m: &ModuleInfo,
    notes: Option<&ModuleNotes>,
    imports: usize,
    oversize_bytes: u64,
) -> ModuleFlags {
    let mut f = ModuleFlags {
        unannotated: true,
        oversize: m.bytes > oversize_bytes,
        trunc: imports.saturating_sub(MAX_ROW_EDGES),
        ..ModuleFlags::default()
    };
    if let Some(notes) = notes {
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

/// The notes of every derived module, by snapshot index: one lookup per annotated module
/// instead of one search of the doc per row.
fn notes_by_index<'d>(doc: &'d Doc, snapshot: &Snapshot) -> Vec<Option<&'d ModuleNotes>> {
    let mut out = vec![None; snapshot.modules().len()];
    for (path, notes) in &doc.modules {
        if let Some(slot) = snapshot.position(path).and_then(|i| out.get_mut(i)) {
            *slot = Some(notes);
        }
    }
    out
}

/// The notes of the modules whose rows are built, found the cheaper way for how many rows there
/// are: one search of the doc per row while there have been fewer rows than a sixteenth of the
/// annotated modules (a B-tree search costs about as much as sixteen hash lookups), so a few rows
/// of a large snapshot touch neither every module nor every note; then a table of every
/// module's notes, built once (one lookup per annotated module). Both give
/// `doc.modules.get(path)`.
struct RowNotes<'d> {
    doc: &'d Doc,
    searches: usize,
    table: Option<Vec<Option<&'d ModuleNotes>>>,
}

impl<'d> RowNotes<'d> {
    fn new(doc: &'d Doc) -> Self {
        RowNotes {
            doc,
            searches: 0,
            table: None,
        }
    }

    /// The notes of derived module `i`.
    fn get(&mut self, snapshot: &Snapshot, i: usize) -> Option<&'d ModuleNotes> {
        if self.doc.modules.is_empty() {
            return None;
        }
        if self.table.is_none() && self.searches.saturating_mul(16) < self.doc.modules.len() {
            self.searches += 1;
            return self.doc.modules.get(snapshot.path(i));
        }
        let doc = self.doc;
        self.table
            .get_or_insert_with(|| notes_by_index(doc, snapshot))
            .get(i)
            .copied()
            .flatten()
    }
}

/// The first `built` modules of `rank` as `(module, rank position)` in module (= path) order.
/// A few rows of many modules are sorted (nothing is done per module); once the rows are a
/// sixteenth of the `n` modules or more, one pass over a position table of all modules is
/// cheaper than the sort. Both give the same list.
fn built_by_path(rank: &[u32], built: usize, n: usize) -> Vec<(usize, usize)> {
    let shown = rank.get(..built).unwrap_or(rank);
    if shown.len().saturating_mul(16) < n {
        let mut out: Vec<(usize, usize)> = shown
            .iter()
            .enumerate()
            .map(|(pos, &i)| (i as usize, pos))
            .collect();
        out.sort_unstable();
        return out;
    }
    let mut pos_of = vec![usize::MAX; n];
    for (pos, &i) in shown.iter().enumerate() {
        if let Some(p) = pos_of.get_mut(i as usize) {
            *p = pos;
        }
    }
    pos_of
        .iter()
        .enumerate()
        .filter(|&(_, &pos)| pos != usize::MAX)
        .map(|(i, &pos)| (i, pos))
        .collect()
}

/// Appends the row of derived module `i` (path, up to [`MAX_ROW_EDGES`] imports, its flags) and
/// a `\n` to `out`.
fn push_row(
    out: &mut String,
    snapshot: &Snapshot,
    notes: Option<&ModuleNotes>,
    i: usize,
    oversize: u64,
    all_unannotated: bool,
) {
    let imports = snapshot.imports_of(i);
    out.push_str(snapshot.path(i));
    for (n, &j) in imports.iter().take(MAX_ROW_EDGES).enumerate() {
        out.push_str(if n == 0 { " -> " } else { ", " });
        out.push_str(snapshot.path(j as usize));
    }
    if let Some(m) = snapshot.modules().get(i) {
        let mut flags = flags_of(m, notes, imports.len(), oversize);
        flags.unannotated &= !all_unannotated;
        flags.push_to(out);
    }
    out.push('\n');
}

fn header(n: usize, e: usize, k: usize, budget: usize, all_unannotated: bool) -> String {
    format!(
        "# modules {n} edges {e} shown {k} not_shown {} budget {budget}{}",
        n - k,
        if all_unannotated { ALL_UNANNOTATED } else { "" }
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
    let all_unannotated = none_annotated(doc, snapshot);
    // Rows in rank order with their prefix sums, only as far as they can fit: every cost is
    // ≥ 0, so cost(k) ≥ cost(LEGEND) + P[k], and once that passes the budget no larger k fits.
    // Each row is written once, with its `\n`, into one buffer (`ends[r]` is where row r ends)
    // and counted in place.
    let mut notes = RowNotes::new(doc);
    let mut rows = String::new();
    let mut ends: Vec<usize> = Vec::new();
    let mut prefix = vec![0usize];
    for &i in snapshot.rank() {
        let i = i as usize;
        let last = prefix.last().copied().unwrap_or(0);
        if legend.saturating_add(last) > budget {
            break;
        }
        let start = rows.len();
        push_row(
            &mut rows,
            snapshot,
            notes.get(snapshot, i),
            i,
            oversize,
            all_unannotated,
        );
        prefix.push(last.saturating_add(counter.try_count(&rows[start..])?));
        ends.push(rows.len());
    }
    let built = ends.len();
    // The built rows in path order with their rank positions: the text of any k is the rows of
    // rank < k in this order, so re-checking a smaller k needs no sort.
    let by_path = built_by_path(snapshot.rank(), built, n);
    let row = |pos: usize| {
        let start = pos.checked_sub(1).and_then(|p| ends.get(p)).copied();
        rows.get(start.unwrap_or(0)..ends.get(pos).copied().unwrap_or(0))
            .unwrap_or("")
    };
    let verify_whole = !counter.whole_within_lines();
    // k* = the largest k ≤ built with cost(k) ≤ budget, scanning down (cost is not monotone);
    // for a counter without the per-line promise, also with the whole text's count ≤ budget.
    for k in (0..=built).rev() {
        let foot = if k < n { cost(&footer(n - k))? } else { 0 };
        let rows_cost = prefix.get(k).copied().unwrap_or(usize::MAX);
        let head = header(n, e, k, budget, all_unannotated);
        let total = legend
            .saturating_add(cost(&head)?)
            .saturating_add(rows_cost)
            .saturating_add(foot);
        if total > budget {
            continue;
        }
        let shown = || {
            by_path
                .iter()
                .filter(move |&&(_, pos)| pos < k)
                .map(|&(_, pos)| row(pos))
        };
        let bytes: usize = shown().map(str::len).sum();
        let mut text = String::with_capacity(LEGEND.len() + head.len() + 64 + bytes);
        text.push_str(LEGEND);
        text.push('\n');
        text.push_str(&head);
        text.push('\n');
        for r in shown() {
            text.push_str(r);
        }
        if k < n {
            text.push_str(&footer(n - k));
            text.push('\n');
        }
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

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::blueprint::doc::{Entry, Field, ModuleNotes, Section};
    use crate::blueprint::snapshot::ModuleInfo;
    use crate::blueprint::tokens::ApproxCounter;
    use proptest::prelude::*;

    /// A snapshot of `n` modules (some oversize, some with unknown fingerprints), module `i`
    /// importing the `fanout` modules after it and every module importing the first `hub`, and a
    /// doc annotating every `annotate`-th module (some entries stale, some sections written
    /// against another fingerprint, some modules present only in the doc).
    fn fixture(n: usize, fanout: usize, hub: usize, annotate: usize) -> (Doc, Snapshot) {
        let path = |i: usize| format!("src/m{i:03}");
        let modules: Vec<ModuleInfo> = (0..n)
            .map(|i| ModuleInfo {
                path: path(i),
                fingerprint: if i % 7 == 3 {
                    String::new()
                } else {
                    "fp1".into()
                },
                bytes: if i % 5 == 1 { 900_000 } else { 100 },
            })
            .collect();
        let mut edges = Vec::new();
        for i in 0..n {
            for j in (i + 1..n).take(fanout) {
                edges.push((path(i), path(j)));
            }
            for j in 0..hub.min(n) {
                edges.push((path(i), path(j)));
            }
        }
        let snapshot = Snapshot::new(modules, &edges, "").unwrap();
        let mut doc = Doc::default();
        for i in (0..n + 3).filter(|i| annotate > 0 && i % annotate == 0) {
            let p = path(i);
            let mut notes = ModuleNotes::default();
            let entries = (0..i % 3 + 1)
                .map(|e| {
                    Entry::new(
                        &p,
                        Field::Gotchas,
                        "",
                        &format!("claim {e}"),
                        (i + e) % 4 == 0,
                    )
                })
                .collect();
            let fp = if i % 3 == 2 { "fp2" } else { "fp1" };
            notes.sections.insert(
                Field::Gotchas,
                Section {
                    updated: String::new(),
                    fp: fp.into(),
                    entries,
                },
            );
            if i % 6 == 0 {
                notes.sections.insert(Field::Invariants, Section::default());
            }
            doc.modules.insert(p, notes);
        }
        (doc, snapshot)
    }

    fn counters() -> Vec<Box<dyn TokenCounter>> {
        vec![
            Box::new(ApproxCounter),
            Box::new(|s: &str| s.len()),
            Box::new(|s: &str| s.split(' ').count() * 3 % 11 + s.len() % 5),
            Box::new(|_: &str| 0usize),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// The buffer-writing render equals the first one (a `String` per row, rows copied into
        /// the text) on every output: text, tokens, shown, not shown and budget, or the error.
        #[test]
        fn render_index_equals_the_reference_render(
            n in 0usize..80,
            fanout in 0usize..16,
            hub in 0usize..4,
            annotate in 0usize..5,
            budget in 1i64..3000,
            oversize in prop_oneof![Just(None), Just(Some(0u64)), Just(Some(500u64))],
            which in 0usize..4,
        ) {
            let (doc, s) = fixture(n, fanout, hub, annotate);
            let counter = &counters()[which];
            let got = render_index(&doc, &s, Some(budget), oversize, counter.as_ref());
            let want =
                reference::reference_render_index(&doc, &s, Some(budget), oversize, counter.as_ref());
            match (got, want) {
                (Ok(g), Ok(w)) => prop_assert_eq!(g, w),
                (Err(g), Err(w)) => prop_assert_eq!((g.kind, g.message), (w.kind, w.message)),
                (g, w) => prop_assert!(false, "render {:?} but reference {:?}", g, w),
            }
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        /// The shapes of the few-rows path equal the reference render too: a few rows of a large
        /// snapshot, annotated modules inside and outside the shown rows, docs with more
        /// annotated modules than rows built (one search per row) and with fewer (the table,
        /// built once rows outnumber them), and docs naming modules the snapshot lacks.
        #[test]
        fn few_rows_of_many_modules_equal_the_reference_render(
            n in 100usize..2500,
            fanout in 0usize..6,
            hub in 0usize..4,
            annotate in prop_oneof![Just(0usize), Just(1), Just(3), Just(17), Just(60), Just(400)],
            budget in 64i64..1500,
            which in 0usize..4,
        ) {
            let (doc, s) = fixture(n, fanout, hub, annotate);
            let counter = &counters()[which];
            let got = render_index(&doc, &s, Some(budget), None, counter.as_ref());
            let want =
                reference::reference_render_index(&doc, &s, Some(budget), None, counter.as_ref());
            match (got, want) {
                (Ok(g), Ok(w)) => prop_assert_eq!(g, w),
                (Err(g), Err(w)) => prop_assert_eq!((g.kind, g.message), (w.kind, w.message)),
                (g, w) => prop_assert!(false, "render {:?} but reference {:?}", g, w),
            }
        }
    }

    #[test]
    fn built_rows_in_path_order_are_the_same_by_sort_and_by_table() {
        let (_, s) = fixture(400, 3, 2, 0);
        let n = s.modules().len();
        for built in (0..=n).step_by(7).chain([n]) {
            let mut want: Vec<(usize, usize)> = s.rank()[..built]
                .iter()
                .enumerate()
                .map(|(pos, &i)| (i as usize, pos))
                .collect();
            want.sort_unstable();
            assert_eq!(built_by_path(s.rank(), built, n), want, "built {built}");
        }
    }

    #[test]
    fn row_notes_switch_to_the_table_and_give_what_the_doc_gives() {
        let (doc, s) = fixture(90, 2, 1, 4);
        let mut notes = RowNotes::new(&doc);
        let m = doc.modules.len();
        for round in 0..3 {
            for &i in s.rank() {
                let i = i as usize;
                let want = doc.modules.get(s.path(i));
                assert_eq!(
                    notes.get(&s, i).map(|n| n as *const _),
                    want.map(|n| n as *const _)
                );
            }
            assert_eq!(notes.table.is_some(), s.modules().len() > m || round > 0);
        }
        let empty = Doc::default();
        let mut none = RowNotes::new(&empty);
        assert!(s.rank().iter().all(|&i| none.get(&s, i as usize).is_none()));
        assert!(none.table.is_none(), "an empty doc builds no table");
    }

    #[test]
    fn no_notes_yet_is_said_once_in_the_header_not_on_every_row() {
        let (_, s) = fixture(6, 1, 0, 0);
        let header_says = |doc: &Doc| {
            let out = render_index(doc, &s, None, None, &ApproxCounter).unwrap();
            let lines: Vec<&str> = out.text.lines().collect();
            let rows_flagged = lines[2..]
                .iter()
                .filter(|l| l.contains("[unannotated]"))
                .count();
            (lines[1].ends_with(ALL_UNANNOTATED), rows_flagged)
        };
        assert_eq!(header_says(&Doc::default()), (true, 0));
        // Notes of a module outside the snapshot are no notes of the snapshot.
        let mut orphan = Doc::default();
        let (notes, _) = fixture(1, 0, 0, 1);
        let m = notes.modules.get("src/m000").unwrap().clone();
        orphan.modules.insert("gone/elsewhere".into(), m.clone());
        assert_eq!(header_says(&orphan), (true, 0));
        // One annotated module: every other row is flagged again, the header has no suffix.
        let mut one = Doc::default();
        one.modules.insert("src/m000".into(), m);
        assert_eq!(header_says(&one), (false, 5));
        let empty = Snapshot::new(Vec::new(), &[], "").unwrap();
        assert!(!none_annotated(&Doc::default(), &empty));
    }

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
