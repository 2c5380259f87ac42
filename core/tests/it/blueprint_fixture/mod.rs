//! Shared fixture of the blueprint integration tests: the four-module snapshot, file texts and
//! items of the spec's examples.
#![allow(dead_code)]

use fourx_core::blueprint::{FoldRequest, GitFacts, Item, MapFileView, Snapshot, UtcSecond};

pub const PROJECT: &str = "fourx-c56dab68f3ca";

pub fn snapshot() -> Snapshot {
    Snapshot::from_json(&serde_json::json!({
        "modules": [
            {"path": "cmd/fourx", "fingerprint": "c1", "bytes": 1200},
            {"path": "internal/blueprint", "fingerprint": "b1", "bytes": 48000},
            {"path": "internal/projectid", "fingerprint": "p1", "bytes": 900},
            {"path": "internal/util", "fingerprint": "u1", "bytes": 3000}
        ],
        "edges": [["cmd/fourx", "internal/blueprint"], ["cmd/fourx", "internal/util"],
                  ["internal/blueprint", "internal/projectid"], ["internal/blueprint", "internal/util"],
                  ["internal/projectid", "internal/util"]]
    }))
    .expect("fixture snapshot")
}

pub fn files() -> MapFileView {
    MapFileView::new(
        [
            ("internal/blueprint/fold.go", "package blueprint\n\n// Merge folds a submission into a document.\nfunc Merge(doc Doc, req FoldRequest) (Doc, FoldResult) {\n\treturn doc, FoldResult{}\n}\n\nfunc FooBar() {}\n"),
            ("internal/blueprint/index.go", "package blueprint\n\nconst DefaultIndexMaxTokens = 2000\n"),
            ("internal/util/atomic.go", "package util\n\nfunc AtomicWrite(path string, data []byte) error { return nil }"),
        ]
        .map(|(k, v)| (k.to_string(), v.to_string())),
        Vec::<String>::new(),
    )
}

pub fn items() -> Vec<Item> {
    vec![
        Item::new(
            "internal/blueprint",
            "invariants",
            "internal/blueprint/fold.go:Merge",
            "Merge is pure: it never touches the filesystem.",
        ),
        Item::new(
            "internal/blueprint",
            "gotchas",
            "internal/blueprint/fold.go:120",
            "Line anchors drift when the file is edited.",
        ),
        Item::new(
            "internal/blueprint",
            "purpose",
            "",
            "仓库蓝图的存储与算法层：字段 Name/Brief/Effect 三列按斜杠列出。",
        ),
    ]
}

pub fn now(s: &str) -> UtcSecond {
    s.parse().expect("fixture time")
}

pub fn request(items: Vec<Item>, evidence: &[&str], at: &str) -> FoldRequest {
    FoldRequest {
        project_id: PROJECT.to_string(),
        items,
        evidence: evidence.iter().map(|s| s.to_string()).collect(),
        now: now(at),
        git: GitFacts {
            head: "9f1c2e3d4b5a69788776655443322110ffeeddcc".into(),
            branch: "main".into(),
            dirty: false,
        },
    }
}
