//! Hostile input: every `blueprint.*` op, fed plausible and arbitrary values for its keys, never
//! panics and fails only with `invalid_input` or a kind its catalog entry lists.

use fourx_core::ops;
use proptest::prelude::*;
use serde_json::{json, Map, Value};

const DOC: &str = "---\nformat: \"fourx-blueprint/1\"\nproject_id: \"fourx-c56dab68f3ca\"\nupdated: \"2026-03-01T12:00:00Z\"\ngit_head: \"\"\ngit_branch: \"main\"\ngit_dirty: false\nmodules: 1\nentries: 2\nstale: 1\norphaned: 0\n---\n\n# Blueprint\n\n## internal/blueprint\n<!-- orphaned: 2025-12-01T12:00:00Z -->\n\n### invariants\n<!-- updated: 2026-03-01T12:00:00Z fp: b1 -->\n- [e8ea256bb06f] `internal/blueprint/fold.go:Merge` Merge is pure.\n\n### gotchas\n<!-- updated: - fp: - -->\n- [ecee58aa67c5 stale] \\`x` drift \\\\ here\n";

fn plausible(key: &str) -> Vec<Value> {
    let snapshot = json!({"modules": [".", {"path": "internal/blueprint", "fingerprint": "b1", "bytes": 300000}, "internal/util"],
                          "edges": [["internal/blueprint", "internal/util"], [".", "internal/util"]]});
    let item = json!({"module": "internal/blueprint", "field": "gotchas", "where": "internal/blueprint/fold.go:3", "claim": "c internal/util/a.go"});
    match key {
        "doc" => vec![
            json!(DOC),
            json!(""),
            json!({"modules": [{"path": "a", "sections": [{"field": "purpose", "entries": [{"claim": "x"}]}]}]}),
        ],
        "text" => vec![json!(DOC), json!("")],
        "snapshot" => vec![snapshot],
        "items" => vec![json!([item, item, {"module": 1}, null, "x"])],
        "item" => vec![item],
        "evidence" | "paths" | "names" | "root_entries" | "unreadable" => {
            vec![json!([
                "internal/blueprint",
                "internal/util/a.go",
                "../x",
                "/r/internal/util/b.go",
                "20260301T120000Z-1a2b3c4d.md",
                "go.mod"
            ])]
        }
        "file_text" => {
            vec![json!({"internal/blueprint/fold.go": "a\nb\nc\n", "internal/util/a.go": ""})]
        }
        "now" | "sampled_at" => vec![
            json!("2026-03-01T12:00:00Z"),
            json!("2026-03-01T12:00:00.5+01:00"),
        ],
        "nonce" => vec![json!("1a2b3c4d")],
        "where" => vec![
            json!("internal/blueprint/fold.go:2-3"),
            json!("internal/util/x.go"),
            json!("a -> b"),
        ],
        "store" => vec![
            json!({"content": DOC, "interleave": [DOC, null], "revision_fail": true}),
            json!({}),
        ],
        "root" | "home" | "storage_root" => {
            vec![json!("/home/dev/src/fourx"), json!("/home/dev"), json!("/")]
        }
        "project_id" => vec![json!("fourx-c56dab68f3ca"), json!("other-000000000000")],
        "format" => vec![json!("mermaid"), json!("dot")],
        "module" => vec![json!("internal/blueprint"), json!("gone")],
        "max_tokens" | "oversize_bytes" | "sample_ms" => vec![json!(90), json!(0), json!(150)],
        "result" => vec![
            json!({"submitted": 2, "accepted": [], "rejected": [{"index": 0, "module": "", "field": "", "reason": "prose_path", "detail": "x"}]}),
        ],
        "git" => vec![json!({"head": "h", "branch": "b", "dirty": true})],
        _ => vec![json!(true)],
    }
}

fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|i| json!(i)),
        (-1e6f64..1e6).prop_map(|f| json!(f)),
        "[a-z/.:`\\\\ \n蓝-]{0,16}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec(("[a-z_]{1,8}", inner), 0..4)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

/// A doc text with one line replaced, inserted or deleted.
fn mutated_doc() -> impl Strategy<Value = Value> {
    (0usize..40, 0u8..3, "[-#<>!\\[\\]`a-z:/ ]{0,20}").prop_map(|(at, how, line)| {
        let mut lines: Vec<&str> = DOC.split('\n').collect();
        let i = at % lines.len();
        match how {
            0 => lines[i] = &line,
            1 => lines.insert(i, &line),
            _ => {
                lines.remove(i);
            }
        }
        Value::String(lines.join("\n"))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(768))]

    #[test]
    fn blueprint_ops_never_panic_and_fail_only_with_their_listed_kinds(
        op_index in any::<prop::sample::Index>(),
        choices in prop::collection::vec((0u8..4, any::<prop::sample::Index>()), 12),
        arbitrary in prop::collection::vec(any_json(), 12),
        doc in mutated_doc(),
    ) {
        let ops: Vec<_> = ops::catalog().iter().filter(|o| o.name.starts_with("blueprint.")).collect();
        let op = ops[op_index.index(ops.len())];
        let mut input = Map::new();
        for ((key, (mode, pick)), wild) in op.input().iter().zip(&choices).zip(arbitrary) {
            let key = key.trim_end_matches('?');
            let value = match mode {
                0 => wild,
                1 if key == "doc" || key == "text" || key == "content" => doc.clone(),
                3 => continue,
                _ => {
                    let options = plausible(key);
                    options[pick.index(options.len())].clone()
                }
            };
            input.insert(key.to_string(), value);
        }
        if let Err(e) = ops::call(op.name, &Value::Object(input)) {
            prop_assert!(
                e.kind == fourx_core::ErrorKind::InvalidInput || op.errors.contains(&e.kind),
                "{} failed with unlisted kind {:?}: {}", op.name, e.kind, e.message
            );
        }
    }
}
