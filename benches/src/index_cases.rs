//! The index bench's floor, shared by `benches/benches/index.rs` (criterion) and
//! `benches/examples/instr.rs` (callgrind instruction counts): rank all modules by
//! (-(in + out degree), path) with a full sort, then count the emitted text once.

use std::hint::black_box;

use fourx_core::blueprint::{ApproxCounter, Snapshot, TokenCounter};

/// The floor of rendering the index `text` of `snap`: the degree sort plus one count.
pub fn floor(snap: &Snapshot, text: &str) -> usize {
    let n = snap.modules().len();
    let degree = |i: usize| snap.imports_of(i).len() + snap.importers_of(i).len();
    let mut rank: Vec<usize> = (0..n).collect();
    rank.sort_by(|&a, &b| degree(b).cmp(&degree(a)).then(a.cmp(&b)));
    black_box(&rank);
    ApproxCounter.count(text)
}
