//! Hostile agent output through the router ops: alias bombs, deep nesting, 4 MiB of garbage,
//! NUL bytes and oversize input must give a stable error kind — never a panic, an abort or a
//! runaway allocation. How fast they are refused (and that parsing stays linear in the input) is
//! measured by the router bench (`benches/benches/router.rs`, the 1 MB rows), never by a
//! wall-clock assertion here: a loaded CI machine would make such a test flaky.

use fourx_core::ops::call;
use fourx_core::ErrorKind;
use serde_json::{json, Value};

fn run(op: &str, input: Value) -> Result<Value, fourx_core::Error> {
    call(op, &input)
}

fn kind(op: &str, input: Value) -> ErrorKind {
    run(op, input)
        .expect_err("hostile input must be refused")
        .kind
}

fn contract(yaml: &str) -> String {
    format!("## Done\n\n### Router Contract (MACHINE-READABLE)\n```yaml\n{yaml}\n```\n")
}

fn alias_bomb() -> String {
    let mut y = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        y.push_str(&format!(
            "a{i}: &a{i} [{}]\n",
            vec![format!("*a{}", i - 1); 9].join(", ")
        ));
    }
    y.push_str("STATUS: COMPLETE\n");
    y
}

#[test]
fn alias_bomb_in_a_contract_block_is_malformed_contract_fast() {
    let out = contract(&alias_bomb());
    for op in ["router.parse_write_contract", "router.parse_output"] {
        let k = kind(op, json!({"agent": "web-researcher", "output": out}));
        assert_eq!(k, ErrorKind::MalformedContract, "{op}");
    }
    let handoff = format!(
        "### Brainstorming Handoff (MACHINE-READABLE)\n```yaml\n{}DESIGN_FILE: d.md\n```\n",
        alias_bomb()
    );
    assert_eq!(
        kind(
            "router.parse_brainstorm_handoff",
            json!({"output": handoff})
        ),
        ErrorKind::MalformedContract
    );
}

#[test]
fn hundred_thousand_nested_brackets_are_malformed_contract_fast() {
    for open in ["[", "{", "- "] {
        let yaml = format!("STATUS: {}", open.repeat(100_000));
        let k = kind(
            "router.parse_write_contract",
            json!({"agent": "doc-syncer", "output": contract(&yaml)}),
        );
        assert_eq!(k, ErrorKind::MalformedContract, "{open}");
    }
}

#[test]
fn deep_json_envelope_is_malformed_not_a_crash() {
    let env = format!("CONTRACT {}{}", "[".repeat(100_000), "]".repeat(100_000));
    let out = format!("{env}\n## Review: Approve\n{}", "x".repeat(300));
    let res = run(
        "router.parse_readonly_output",
        json!({"agent": "code-reviewer", "output": out}),
    );
    let r = res.unwrap();
    assert_eq!(r["envelope_error"], "malformed");
    assert_eq!(r["source"], "heading");
}

#[test]
fn deep_artifact_is_malformed_artifact() {
    let text = format!("{{\"a\":{}{}}}", "[".repeat(100_000), "]".repeat(100_000));
    let k = kind(
        "router.check_artifact",
        json!({"text": text, "workflow_uuid": "wf-20260312T162700Z-a1b2c3d4"}),
    );
    assert_eq!(k, ErrorKind::MalformedArtifact);
}

fn garbage(len: usize) -> String {
    let pieces = [
        "{[",
        "]}",
        ": ",
        "- ",
        "&a ",
        "*a ",
        "\"",
        "'",
        "\n",
        "\0",
        "#",
        "|",
        "```yaml\n",
        "```\n",
        "### Router Contract (MACHINE-READABLE)\n",
        "CONTRACT {",
        "## Review: ",
        "| a | b |\n",
        "\u{1F600}",
        "\r\n",
        "__X__",
    ];
    let mut s = String::with_capacity(len + 64);
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    while s.len() < len {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        s.push_str(pieces[(x % pieces.len() as u64) as usize]);
    }
    while s.len() > len {
        s.pop();
    }
    s
}

#[test]
fn four_mib_of_garbage_never_panics() {
    let g = garbage(4 * 1024 * 1024 - 16);
    for agent in [
        "code-reviewer",
        "integration-verifier",
        "plan-gap-reviewer",
        "silent-failure-hunter",
    ] {
        let res = run(
            "router.parse_readonly_output",
            json!({"agent": agent, "output": g}),
        );
        if let Err(e) = res {
            assert_ne!(e.kind, ErrorKind::Panic);
        }
    }
    for agent in [
        "component-builder",
        "planner",
        "doc-syncer",
        "github-researcher",
    ] {
        let res = run(
            "router.parse_write_contract",
            json!({"agent": agent, "output": g}),
        );
        let _ = res;
    }
    let _ = run("router.parse_brainstorm_handoff", json!({"output": g}));
    for (op, key) in [
        ("router.parse_task_metadata", "description"),
        ("router.parse_markers", "text"),
        ("router.parse_session_settings", "text"),
        ("router.route", "request"),
        ("router.parse_subject", "subject"),
        ("router.resolve_scope_reply", "reply"),
    ] {
        let _ = run(op, json!({ key: g }));
    }
    let _ = run(
        "router.check_artifact",
        json!({"text": g, "workflow_uuid": "wf-20260312T162700Z-a1b2c3d4"}),
    );
}

#[test]
fn output_above_four_mib_is_input_too_large_before_parsing() {
    let big = "x".repeat(4 * 1024 * 1024 + 1);
    for (op, agent) in [
        ("router.parse_readonly_output", "code-reviewer"),
        ("router.parse_write_contract", "planner"),
        ("router.parse_output", "integration-verifier"),
    ] {
        assert_eq!(
            kind(op, json!({"agent": agent, "output": big})),
            ErrorKind::InputTooLarge
        );
    }
    assert_eq!(
        kind("router.parse_brainstorm_handoff", json!({"output": big})),
        ErrorKind::InputTooLarge
    );
    // Input keys are checked first.
    assert_eq!(
        kind(
            "router.parse_readonly_output",
            json!({"agent": "planner", "output": big})
        ),
        ErrorKind::UnknownAgent
    );
    let exact = "y".repeat(4 * 1024 * 1024);
    assert_eq!(
        kind(
            "router.parse_readonly_output",
            json!({"agent": "code-reviewer", "output": exact})
        ),
        ErrorKind::MissingContract
    );
}

#[test]
fn nul_bytes_are_ordinary_text() {
    let out = format!(
        "CONTRACT {{\"s\":\"APPROVE\",\"b\":false,\"cr\":0}}\n## Review: Approve\n\0\0\n### Findings\n- a\0b\n{}",
        "\0".repeat(300)
    );
    let r = call(
        "router.parse_readonly_output",
        &json!({"agent": "code-reviewer", "output": out}),
    )
    .unwrap();
    assert_eq!(r["status"], "APPROVE");
    let y = contract("STATUS: \"COM\\0PLETE\"\nX: \"\0\"");
    let k = kind(
        "router.parse_write_contract",
        json!({"agent": "web-researcher", "output": y}),
    );
    assert!(
        matches!(k, ErrorKind::MalformedContract | ErrorKind::MissingField),
        "{k:?}"
    );
    let r = call("router.route", &json!({"request": "fix\0the\0bug"})).unwrap();
    assert_eq!(r["workflow"], "DEBUG");
}
