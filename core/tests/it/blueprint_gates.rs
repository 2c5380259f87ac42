//! The seed's gate tests (blueprint.md §22) as named Rust tests over the typed API.

use crate::blueprint_fixture;

use blueprint_fixture::*;
use fourx_core::blueprint::memory_store;
use fourx_core::blueprint::{
    commit, fold_text, format_for_director, gc_plan, guard_root, parse, render, render_index,
    revision_prune, storage_paths, ApproxCounter, Doc, FoldResult, Item, Nonce, RejectReason,
    Snapshot, UtcSecond, Verdict,
};
use fourx_core::store::cas::Store;
use fourx_core::ErrorKind;

fn fold(text: &str, items: Vec<Item>, evidence: &[&str], at: &str) -> (String, FoldResult) {
    fold_text(text, &request(items, evidence, at), &snapshot(), &files()).expect("fold")
}

// fold_test.go:128 — idempotence.
#[test]
fn same_submission_twice_is_a_noop_with_identical_bytes() {
    let (first, r1) = fold("", items(), &["internal/blueprint"], "2026-03-01T12:00:00Z");
    assert!(!r1.noop);
    let (second, r2) = fold(
        &first,
        items(),
        &["internal/blueprint"],
        "2026-03-02T09:30:00Z",
    );
    assert!(r2.noop);
    assert_eq!(first, second);
    assert_eq!(r2.accepted.len(), 3, "the account still comes back on NoOp");
}

// fold_test.go:159 — shuffled input, same bytes.
#[test]
fn shuffled_items_give_identical_bytes() {
    let mut all = items();
    all.push(Item::new(
        "internal/blueprint",
        "gotchas",
        "",
        "Second gotcha.",
    ));
    all.push(Item::new(
        "internal/blueprint",
        "gotchas",
        "",
        "A first gotcha.",
    ));
    let (base, _) = fold(
        "",
        all.clone(),
        &["internal/blueprint"],
        "2026-03-01T12:00:00Z",
    );
    for rot in 1..all.len() {
        let mut shuffled = all.clone();
        shuffled.rotate_left(rot);
        let len = shuffled.len();
        shuffled.swap(0, rot % len);
        let (text, _) = fold(
            "",
            shuffled,
            &["internal/blueprint"],
            "2026-03-01T12:00:00Z",
        );
        assert_eq!(text, base);
    }
}

// fold_test.go:185 — CAS replay keeps both writers' changes.
#[test]
fn cas_replay_keeps_the_other_writers_change() {
    let (start, _) = fold("", items(), &["internal/blueprint"], "2026-03-01T12:00:00Z");
    let util = vec![Item::new(
        "internal/util",
        "invariants",
        "internal/util/atomic.go:3",
        "AtomicWrite renames.",
    )];
    let (other, _) = fold(&start, util, &["internal/util"], "2026-03-01T12:00:30Z");
    let store =
        memory_store(Some(start.into_bytes()), []).with_interleave(vec![Some(other.into_bytes())]);
    let mine = vec![Item::new(
        "internal/blueprint",
        "entrypoints",
        "",
        "Commit is the entry.",
    )];
    let nonce: Nonce = "1a2b3c4d".parse().unwrap();
    let out = commit(
        &store,
        &request(mine, &["internal/blueprint"], "2026-03-02T09:30:00Z"),
        &snapshot(),
        &files(),
        &nonce,
    )
    .unwrap();
    assert!(out.written);
    assert_eq!(out.attempts, 2);
    let (bytes, _) = store.read().unwrap();
    let text = String::from_utf8(bytes.unwrap()).unwrap();
    assert!(text.contains("AtomicWrite renames.") && text.contains("Commit is the entry."));
    assert_eq!(
        store.list_revisions().unwrap().len(),
        2,
        "both pre-images archived"
    );
}

// fold_test.go:239 — two conflicts give up with the account.
#[test]
fn two_conflicts_are_a_fold_conflict_carrying_the_account() {
    let store = memory_store(None, []).with_interleave(vec![
        Some(b"---\nformat: \"fourx-blueprint/1\"\n---\n# Blueprint\n".to_vec()),
        Some(b"---\nformat: fourx-blueprint/1\n---\n# Blueprint\n".to_vec()),
    ]);
    let nonce: Nonce = "1a2b3c4d".parse().unwrap();
    let err = commit(
        &store,
        &request(items(), &["internal/blueprint"], "2026-03-01T12:00:00Z"),
        &snapshot(),
        &files(),
        &nonce,
    )
    .unwrap_err();
    assert_eq!(err.kind, ErrorKind::FoldConflict);
    let account = fourx_core::blueprint::FoldResult::from_error(&err)
        .expect("fold_conflict carries the account");
    assert_eq!(account.accepted.len(), 3);
    assert!(format_for_director(&account, true).contains("deferred (fold_conflict"));
}

// fold_prose_test.go:25,40,60,71 — the four prose shapes of pit 42.
#[test]
fn prose_path_gate_abstains_on_the_four_prose_shapes() {
    let claims = [
        "条目格式沿用 Name/Brief/Effect 三段，用斜杠分隔，不是路径。",
        "See blueprint/fold.go for the short path; util/atomic.go too.",
        "Reads/writes go via internal/util, and the read/write split is TCP/IP-like.",
        "internal/blueprint/fold.go 里的 Merge 是纯函数。",
    ];
    let all = claims
        .iter()
        .map(|c| Item::new("internal/blueprint", "gotchas", "", c))
        .collect();
    let (_, r) = fold("", all, &["internal/blueprint"], "2026-03-01T12:00:00Z");
    assert!(r.rejected.is_empty(), "{:?}", r.rejected);
    let violation = vec![Item::new(
        "internal/blueprint",
        "invariants",
        "",
        "Writes go through internal/util/atomic.go before rename.",
    )];
    let (_, r) = fold(
        "",
        violation.clone(),
        &["internal/blueprint"],
        "2026-03-01T12:00:00Z",
    );
    assert_eq!(r.rejected[0].reason, RejectReason::ProsePath);
    assert_eq!(r.rejected[0].detail, "internal/util/atomic.go");
    let (_, r) = fold(
        "",
        violation,
        &["internal/blueprint", "internal/util"],
        "2026-03-01T12:00:00Z",
    );
    assert!(
        r.rejected.is_empty(),
        "normal prose shaped like a violation is accepted"
    );
}

// freshness_test.go:103 — fingerprint mismatch keeps prose.
#[test]
fn fingerprint_mismatch_flags_but_keeps_prose() {
    let (text, _) = fold("", items(), &["internal/blueprint"], "2026-03-01T12:00:00Z");
    let moved = Snapshot::from_json(
        &serde_json::json!({"modules": [{"path": "internal/blueprint", "fingerprint": "b2"}]}),
    )
    .unwrap();
    let view =
        fourx_core::blueprint::read_module(&parse(&text).unwrap(), &moved, "internal/blueprint")
            .unwrap();
    assert_eq!(view["code_changed"], true);
    assert_eq!(view["sections"].as_array().map(Vec::len), Some(3));
}

// fold_test.go:271 — TestCommitRejectsModuleNeverReadInThisRun.
#[test]
fn commit_rejects_module_never_read_in_this_run() {
    let store = memory_store(None, []);
    let mixed = vec![
        items().remove(0),
        Item::new(
            "internal/util",
            "invariants",
            "internal/util/atomic.go:3",
            "AtomicWrite renames.",
        ),
    ];
    let nonce: Nonce = "1a2b3c4d".parse().unwrap();
    let out = commit(
        &store,
        &request(mixed, &["internal/util"], "2026-03-01T12:00:00Z"),
        &snapshot(),
        &files(),
        &nonce,
    )
    .unwrap();
    assert!(out.written);
    assert_eq!(out.result.rejected[0].reason, RejectReason::NoEvidence);
    let text = String::from_utf8(store.read().unwrap().0.unwrap()).unwrap();
    assert!(!text.contains("## internal/blueprint"));
}

// fold_test.go:303 — TestCommitWithoutAnyEvidenceWritesNothing.
#[test]
fn commit_without_any_evidence_writes_nothing() {
    let store = memory_store(None, []);
    let nonce: Nonce = "1a2b3c4d".parse().unwrap();
    let out = commit(
        &store,
        &request(items(), &[], "2026-03-01T12:00:00Z"),
        &snapshot(),
        &files(),
        &nonce,
    )
    .unwrap();
    assert!(!out.written && out.result.noop);
    assert!(out
        .result
        .rejected
        .iter()
        .all(|r| r.reason == RejectReason::NoReadAtAll));
    assert!(store.read().unwrap().0.is_none(), "the file never appears");
}

fn reasons_in(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                if k == "reason" {
                    if let Some(s) = x.as_str() {
                        out.push(s.to_string());
                    }
                }
                reasons_in(x, out);
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| reasons_in(x, out)),
        _ => {}
    }
}

// fold_test.go:320 — TestEveryRejectionReasonIsAccounted.
#[test]
fn every_rejection_reason_is_accounted() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/vectors/blueprint.json"
    );
    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut seen = Vec::new();
    for case in doc["cases"].as_array().unwrap() {
        reasons_in(&case["expect"], &mut seen);
    }
    for r in RejectReason::ALL.iter().copied() {
        let v = serde_json::to_value(r).unwrap();
        assert_eq!(serde_json::from_value::<RejectReason>(v).unwrap(), r);
        let result = FoldResult {
            submitted: 1,
            rejected: vec![fourx_core::blueprint::Rejected {
                index: 0,
                module: String::new(),
                field: String::new(),
                reason: r,
                detail: String::new(),
            }],
            ..FoldResult::default()
        };
        assert!(
            format_for_director(&result, false).contains(&format!("{r} 1")),
            "{r} is not named by format_for_director"
        );
        assert!(
            seen.iter().any(|s| s == r.as_str()),
            "reason {r} has no public vector"
        );
    }
}

// freshness_test.go:17 / :87 — three-valued anchors, word-bounded symbols.
#[test]
fn anchor_verification_is_three_valued_and_word_bounded() {
    let s = snapshot();
    let v = files();
    let c = fourx_core::blueprint::AnchorChecker::new(&v, Some(&s));
    assert_eq!(c.check("").0, Verdict::Unanchored);
    assert_eq!(c.check("internal/blueprint/fold.go:8").0, Verdict::Ok);
    assert_eq!(c.check("internal/blueprint/fold.go:9").0, Verdict::Stale);
    assert_eq!(c.check("internal/a -> internal/b").0, Verdict::Unverifiable);
    assert_eq!(c.check("internal/blueprint/fold.go:Foo").0, Verdict::Stale);
    assert_eq!(c.check("internal/blueprint/fold.go:FooBar").0, Verdict::Ok);
}

fn big_snapshot(n: usize) -> Snapshot {
    let modules: Vec<String> = (0..n).map(|i| format!("pkg/m{i:03}")).collect();
    let edges: Vec<[String; 2]> = (1..n)
        .map(|i| [modules[i].clone(), modules[i / 2].clone()])
        .collect();
    Snapshot::from_json(&serde_json::json!({"modules": modules, "edges": edges})).unwrap()
}

// index_test.go:73 — the four flags are always spoken.
#[test]
fn index_shows_all_four_flags() {
    let mut modules = vec![serde_json::json!({"path": "a", "fingerprint": "x2", "bytes": 300000})];
    let mut edges = Vec::new();
    for i in 0..13 {
        modules.push(serde_json::json!(format!("z{i:02}")));
        edges.push(serde_json::json!(["a", format!("z{i:02}")]));
    }
    let s = Snapshot::from_json(&serde_json::json!({"modules": modules, "edges": edges})).unwrap();
    let doc = parse(&render(&Doc::from_json(&serde_json::json!({"modules": [{"path": "a", "sections": [{"field": "gotchas", "fp": "x1", "entries": [{"claim": "c", "stale": true}]}]}]})).unwrap())).unwrap();
    let out = render_index(&doc, &s, None, None, &ApproxCounter).unwrap();
    let row = out.text.lines().find(|l| l.starts_with("a -> ")).unwrap();
    assert!(
        row.ends_with("[stale: code changed; anchors 1] [oversize] [TRUNC +1]"),
        "{row}"
    );
    assert!(out.text.contains("z00 [unannotated]"));
}

// index_test.go:131 — hard cap, header first, iterative selection.
#[test]
fn index_never_exceeds_its_budget() {
    let s = big_snapshot(60);
    let doc = Doc::default();
    for budget in 1..1200 {
        match render_index(&doc, &s, Some(budget), None, &ApproxCounter) {
            Ok(out) => {
                let counted: usize = out.text.lines().map(|l| ApproxCounter.count_line(l)).sum();
                assert!(counted <= budget as usize, "budget {budget}: {counted}");
                assert_eq!(counted, out.tokens);
                assert!(out.text.starts_with(fourx_core::blueprint::LEGEND));
            }
            Err(e) => assert_eq!(e.kind, ErrorKind::BudgetTooSmall),
        }
    }
}

trait CountLine {
    fn count_line(&self, l: &str) -> usize;
}

impl CountLine for ApproxCounter {
    fn count_line(&self, l: &str) -> usize {
        fourx_core::blueprint::TokenCounter::count(self, &format!("{l}\n"))
    }
}

// index_test.go:166 — byte-stable prefix.
#[test]
fn index_prefix_is_byte_stable_and_input_order_free() {
    let s = big_snapshot(30);
    let mut shuffled = s.to_json();
    if let Some(m) = shuffled["modules"].as_array_mut() {
        m.reverse();
    }
    if let Some(e) = shuffled["edges"].as_array_mut() {
        e.reverse();
        e.push(serde_json::json!(["pkg/m001", "pkg/m001"]));
    }
    let s2 = Snapshot::from_json(&shuffled).unwrap();
    let a = render_index(&Doc::default(), &s, Some(400), None, &ApproxCounter).unwrap();
    let b = render_index(&Doc::default(), &s2, Some(400), None, &ApproxCounter).unwrap();
    assert_eq!(a.text, b.text);
}

// prose_test.go:32 — purpose is never resident.
#[test]
fn purpose_is_never_resident() {
    let (text, _) = fold("", items(), &["internal/blueprint"], "2026-03-01T12:00:00Z");
    let out = render_index(
        &parse(&text).unwrap(),
        &snapshot(),
        None,
        None,
        &ApproxCounter,
    )
    .unwrap();
    assert!(!out.text.contains("仓库蓝图"));
    assert!(!out.text.contains("Merge is pure"));
}

// guard_test.go:51, store_test.go:36 — root guards, no home.
#[test]
fn guards_refuse_root_home_and_missing_home() {
    let none: &[&str] = &[];
    assert_eq!(
        guard_root("/", Some("/home/dev"), true, none, None)
            .unwrap_err()
            .kind,
        ErrorKind::RootIsFilesystemRoot
    );
    assert_eq!(
        guard_root("/home/dev", Some("/home/dev/"), true, none, None)
            .unwrap_err()
            .kind,
        ErrorKind::RootIsHome
    );
    assert_eq!(
        guard_root("/home/dev/x", None, true, none, None)
            .unwrap_err()
            .kind,
        ErrorKind::NoHome
    );
    assert_eq!(
        storage_paths(None, PROJECT).unwrap_err().kind,
        ErrorKind::NoHome
    );
}

// gc_test.go:53 — 90-day removal, inclusive.
#[test]
fn gc_removes_orphans_exactly_at_ninety_days() {
    let doc = Doc::from_json(&serde_json::json!({"modules": [{"path": "gone", "orphaned_since": "2025-12-01T12:00:00Z", "sections": [{"field": "purpose", "entries": [{"claim": "old"}]}]}]})).unwrap();
    let text = render(&doc);
    let s = snapshot();
    let keep = gc_plan(
        &text,
        &doc,
        &s,
        "2026-03-01T11:59:59Z".parse::<UtcSecond>().unwrap(),
        true,
    );
    assert!(keep.removed.is_empty() && !keep.changed);
    let gone = gc_plan(
        &text,
        &doc,
        &s,
        "2026-03-01T12:00:00Z".parse::<UtcSecond>().unwrap(),
        true,
    );
    assert_eq!(gone.removed, vec!["gone"]);
    let blocked = gc_plan(
        &text,
        &doc,
        &s,
        "2026-03-01T12:00:00Z".parse::<UtcSecond>().unwrap(),
        false,
    );
    assert_eq!(blocked.kept_archive_failed, vec!["gone"]);
    assert!(!blocked.changed);
}

// gc_test.go:165 — TestSaveRevisionRollsToKeep.
#[test]
fn save_revision_rolls_to_keep() {
    let store = memory_store(None, []);
    let mut names = Vec::new();
    for d in 1..=6 {
        let name = format!("2026030{d}T000000Z-0000000{d}.md");
        store.save_revision(&name, b"x").unwrap();
        names.push(name);
    }
    assert_eq!(store.list_revisions().unwrap(), names[1..].to_vec());
    assert_eq!(revision_prune(&names).delete, vec![names[0].clone()]);
}

// doc_test.go:37,66 — round trip; counts recomputed.
#[test]
fn doc_round_trips_and_counts_are_recomputed() {
    let (text, _) = fold("", items(), &["internal/blueprint"], "2026-03-01T12:00:00Z");
    assert_eq!(render(&parse(&text).unwrap()), text);
    let lied = text.replace("entries: 3", "entries: 99");
    assert_eq!(render(&parse(&lied).unwrap()), text);
}
