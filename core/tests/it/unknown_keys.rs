//! Typos are never silent: every key Go's decoding ignores in the settings files, feature YAML
//! and event lines comes back as `{kind: "unknown_key", file, path, message}` naming the closest
//! known key, while the decoded values stay Go's (the key is still ignored).

use fourx_core::ops::call;
use serde_json::{json, Value};

use crate::common::TempDir;

fn ok(op: &str, input: Value) -> Value {
    call(op, &input).unwrap_or_else(|e| panic!("{op} failed: {e}"))
}

fn unknown(warnings: &Value) -> Vec<(String, String, String)> {
    warnings
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| w["kind"] == "unknown_key")
        .map(|w| {
            let m = w["message"].as_str().unwrap();
            let closest = m.rsplit_once("did you mean ").map_or("", |(_, c)| c);
            (
                w["file"].as_str().unwrap().to_string(),
                w["path"].as_str().unwrap().to_string(),
                closest.trim_end_matches("?)").trim_matches('"').to_string(),
            )
        })
        .collect()
}

const PROJECT: &str = r#"{"project":{"name":"p"},"default_runner":"claude","defualt_profile":"quick",
 "runners":{"claude":{"command":"claude","tierz":{"opus":"o"}}},"Default_Runner":"claude"}"#;

fn workspace(tag: &str) -> TempDir {
    let root = TempDir::new(tag);
    std::fs::create_dir_all(root.path().join(".4x/features")).unwrap();
    std::fs::write(root.path().join(".4x/settings.json"), PROJECT).unwrap();
    root
}

#[test]
fn config_read_warns_of_each_unknown_settings_key_with_the_closest_known_key() {
    let root = workspace("uk-read");
    let r = ok("config.read", json!({"root": root.s()}));
    assert_eq!(
        unknown(&r["warnings"]),
        [
            (
                "settings.json".into(),
                "defualt_profile".into(),
                "default_profile".into()
            ),
            (
                "settings.json".into(),
                "runners.claude.tierz".into(),
                "tiers".into()
            ),
        ],
        "Default_Runner matches default_runner case-insensitively, as in Go"
    );
    assert_eq!(
        r["config"].get("default_profile"),
        None,
        "the key stays ignored"
    );
}

#[test]
fn config_load_merged_warns_for_the_project_and_the_user_file() {
    let root = workspace("uk-merged");
    let home = TempDir::new("uk-home");
    std::fs::create_dir_all(home.path().join(".4x")).unwrap();
    std::fs::write(
        home.path().join(".4x/settings.json"),
        r#"{"default_runer":"codex"}"#,
    )
    .unwrap();
    let r = ok(
        "config.load_merged",
        json!({"root": root.s(), "home": home.s()}),
    );
    let w = unknown(&r["warnings"]);
    assert_eq!(w.len(), 3, "{w:?}");
    assert_eq!(
        w[2],
        (
            "~/.4x/settings.json".into(),
            "default_runer".into(),
            "default_runner".into()
        )
    );
    let text = ok(
        "config.load_merged_text",
        json!({"project_text": PROJECT, "user_text": r#"{"default_runer":"codex"}"#}),
    );
    assert_eq!(
        unknown(&text["warnings"]),
        w,
        "the text form agrees with the file form"
    );
}

#[test]
fn the_cached_reader_returns_the_same_config_warnings() {
    use fourx_core::ops::workspace_cached::HeldCachedWorkspace;
    use fourx_core::ops::Handle;
    let root = workspace("uk-cached");
    let cfg = json!({"root": root.s()});
    let h = HeldCachedWorkspace::from_config(cfg.as_object().unwrap()).unwrap();
    let direct = ok("config.read", json!({"root": root.s()}));
    for _ in 0..2 {
        let r = h.run("config.read", &serde_json::Map::new()).unwrap();
        assert_eq!(r["warnings"], direct["warnings"]);
    }
}

#[test]
fn list_features_warns_of_unknown_feature_yaml_keys_at_their_path() {
    let root = workspace("uk-yaml");
    std::fs::write(
        root.path().join(".4x/features/F001-a.yaml"),
        "id: F001-a\nname: a\nstatus: not-started\nprioirty: 2\nsubtasks:\n  - id: s1\n    name: x\n  - id: s2\n    dependz: [s1]\nhooks:\n  pre-coding:\n    - run: make\n      onfail: warn\nphase_overrides:\n  coding:\n    runer: codex\nissues:\n  - repo: .\n    ID: \"1\"\n",
    )
    .unwrap();
    let r = ok("workspace.list_features", json!({"root": root.s()}));
    let w = unknown(&r["warnings"]);
    let paths: Vec<_> = w
        .iter()
        .map(|(f, p, c)| (f.as_str(), p.as_str(), c.as_str()))
        .collect();
    assert_eq!(
        paths,
        [
            ("F001-a.yaml", "prioirty", "priority"),
            ("F001-a.yaml", "subtasks[1].dependz", "depends"),
            ("F001-a.yaml", "hooks.pre-coding[0].onfail", "on_fail"),
            ("F001-a.yaml", "phase_overrides.coding.runer", "runner"),
            ("F001-a.yaml", "issues[0].ID", "id"),
        ]
    );
    assert!(r["warnings"]
        .as_array()
        .unwrap()
        .iter()
        .all(|w| w["feature_id"] == "F001-a"));
    assert_eq!(
        r["features"][0].get("priority"),
        None,
        "yaml.v3 matches keys exactly"
    );
}

#[test]
fn check_events_warns_of_a_misspelt_cost_key_that_total_cost_never_adds() {
    let events = "{\"type\":\"run-end\",\"costUsd\":2.5}\n{\"type\":\"run-end\",\"cost_usd\":1}\n";
    let r = ok("workspace.check_events", json!({"events": events}));
    assert_eq!(
        (r["lines"].clone(), r["events"].clone()),
        (json!(2), json!(2))
    );
    assert_eq!(
        unknown(&r["warnings"]),
        [("events.jsonl".into(), "costUsd".into(), "cost_usd".into())]
    );
    assert_eq!(
        ok("workspace.total_cost", json!({"events": events}))["total_cost_usd"].as_f64(),
        Some(1.0)
    );
    let root = workspace("uk-events");
    let dir = root.path().join(".4x/run/F001-a");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("events.jsonl"), events).unwrap();
    let r = ok(
        "workspace.check_events",
        json!({"root": root.s(), "feature_id": "F001-a"}),
    );
    assert_eq!(r["warnings"].as_array().unwrap().len(), 1);
    let none = ok(
        "workspace.check_events",
        json!({"root": root.s(), "feature_id": "F002-b"}),
    );
    assert_eq!(none, json!({"lines": 0, "events": 0, "warnings": []}));
}

#[test]
fn op_inputs_keep_ignoring_unknown_keys_without_warnings() {
    let r = ok(
        "config.merge",
        json!({"project": {"defualt_profile": "x"}, "typo_input": 1}),
    );
    assert_eq!(r["config"].get("default_profile"), None);
}
