//! Fuzz target bodies, shared by the cargo-fuzz binaries (`fuzz/fuzz_targets/`) and the plain
//! corpus replay of `make test` (`core/tests/it/fuzz_corpus.rs`), so the two cannot drift.
//!
//! Each body takes raw bytes and asserts the properties of its parser: no panic, only error kinds
//! the op documents (its catalog `errors`, or `invalid_input`), the same answer twice, and
//! parse → render → parse stability where the spec promises it. Time and memory are bounded by
//! the fuzzer's `-timeout` and `-rss_limit_mb`.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use fourx_core::ops::{self, catalog, find};
use fourx_core::router::{Agent, AgentClass};
use fourx_core::{Error, ErrorKind};
use serde_json::{json, Map, Value};

/// Every target, by the name of its `fuzz_targets/<name>.rs` and `corpus/<name>/`.
pub const TARGETS: &[&str] = &[
    "router_readonly",
    "router_write_contract",
    "router_task_metadata",
    "blueprint_parse",
    "config_parse",
    "workspace_parse_state",
    "ops_call",
];

/// Runs target `name` on `data`; filesystem ops of `ops_call` are confined to `sandbox`.
/// Returns false for an unknown target name.
pub fn run(name: &str, data: &[u8], sandbox: &Path) -> bool {
    match name {
        "router_readonly" => router_readonly(data),
        "router_write_contract" => router_write_contract(data),
        "router_task_metadata" => router_task_metadata(data),
        "blueprint_parse" => blueprint_parse(data),
        "config_parse" => config_parse(data),
        "workspace_parse_state" => workspace_parse_state(data),
        "ops_call" => ops_call_in(data, sandbox),
        _ => return false,
    }
    true
}

/// Calls `op` and asserts its error, if any, is one it documents.
fn checked(op: &str, input: &Value) -> Result<Value, Error> {
    let out = ops::call(op, input);
    if let Err(e) = &out {
        assert_documented(op, e);
    }
    out
}

fn assert_documented(op: &str, e: &Error) {
    let listed = find(op).is_some_and(|info| info.errors.contains(&e.kind));
    let generic = match e.kind {
        ErrorKind::InvalidInput => true,
        ErrorKind::UnknownOp => find(op).is_none(),
        _ => false,
    };
    assert!(
        listed || generic,
        "{op} returned undocumented kind {}: {}",
        e.kind.as_str(),
        e.message
    );
}

/// Calls `op` twice and asserts the same answer (the core is pure).
fn deterministic(op: &str, input: &Value) -> Result<Value, Error> {
    let a = checked(op, input);
    let b = ops::call(op, input);
    match (&a, &b) {
        (Ok(x), Ok(y)) => assert_eq!(x, y, "{op} answered twice differently"),
        (Err(x), Err(y)) => assert_eq!(x.kind, y.kind, "{op} failed twice differently"),
        _ => panic!("{op} succeeded once and failed once"),
    }
    a
}

/// Splits `agent\noutput`; when the first line is not an agent of `class`, the agent is chosen
/// by the first byte and the whole input is the output.
fn agent_and_output(data: &[u8], class: AgentClass) -> (&'static str, String) {
    let agents: Vec<Agent> = Agent::ALL
        .iter()
        .copied()
        .filter(|a| a.class() == class)
        .collect();
    if let Some(nl) = data.iter().position(|&b| b == b'\n') {
        let (head, rest) = data.split_at(nl);
        if let Some(a) = agents.iter().find(|a| a.as_str().as_bytes() == head) {
            return (a.as_str(), String::from_utf8_lossy(&rest[1..]).into_owned());
        }
    }
    let pick = data
        .first()
        .map_or(0, |&b| usize::from(b) % agents.len().max(1));
    let agent = agents.get(pick).map_or("code-reviewer", |a| a.as_str());
    (agent, String::from_utf8_lossy(data).into_owned())
}

/// `router.parse_readonly_output` on `agent\noutput` (read-only agents).
pub fn router_readonly(data: &[u8]) {
    let (agent, output) = agent_and_output(data, AgentClass::ReadOnly);
    let input = json!({"agent": agent, "output": output});
    let direct = deterministic("router.parse_readonly_output", &input);
    let any = checked("router.parse_output", &input);
    match (direct, any) {
        (Ok(r), Ok(a)) => assert_eq!(a["result"], r, "parse_output agrees with its parser"),
        (Err(x), Err(y)) => assert_eq!(x.kind, y.kind),
        (x, y) => panic!("parse_output disagrees: {:?} vs {:?}", x.is_ok(), y.is_ok()),
    }
}

/// `router.parse_write_contract` on `agent\noutput` (write agents).
pub fn router_write_contract(data: &[u8]) {
    let (agent, output) = agent_and_output(data, AgentClass::Write);
    let input = json!({"agent": agent, "output": output});
    let direct = deterministic("router.parse_write_contract", &input);
    let any = checked("router.parse_output", &input);
    match (direct, any) {
        (Ok(r), Ok(a)) => assert_eq!(a["result"], r, "parse_output agrees with its parser"),
        (Err(x), Err(y)) => assert_eq!(x.kind, y.kind),
        (x, y) => panic!("parse_output disagrees: {:?} vs {:?}", x.is_ok(), y.is_ok()),
    }
}

const META_KEYS: [&str; 7] = ["wf", "kind", "origin", "phase", "plan", "scope", "reason"];

/// `router.parse_task_metadata`: first byte's low bit is `require_all`, the rest the description.
/// A complete block formats back to a canonical block that parses to the same fields and body.
pub fn router_task_metadata(data: &[u8]) {
    let require_all = data.first().is_some_and(|b| b & 1 == 1);
    let description = String::from_utf8_lossy(data.get(1..).unwrap_or_default()).into_owned();
    let parsed = deterministic(
        "router.parse_task_metadata",
        &json!({"description": description, "require_all": require_all}),
    );
    let Ok(first) = parsed else { return };
    if META_KEYS.iter().any(|k| !first[*k].is_string()) {
        return;
    }
    let mut fields: Map<String, Value> = META_KEYS
        .iter()
        .map(|k| (k.to_string(), first[*k].clone()))
        .collect();
    fields.insert("body".into(), first["body"].clone());
    let Ok(text) = checked("router.format_task_metadata", &Value::Object(fields)) else {
        return;
    };
    let again = checked(
        "router.parse_task_metadata",
        &json!({"description": text["text"], "require_all": true}),
    )
    .expect("a formatted block parses");
    for k in META_KEYS {
        assert_eq!(again[k], first[k], "{k} survives format → parse");
    }
    // Lines are read with CRLF tolerance (one trailing `\r` dropped per line), so a body line
    // that itself ends in `\r` loses one per round trip; everything else survives.
    let unterminated = |v: &Value| -> Vec<String> {
        v.as_str()
            .unwrap_or_default()
            .split('\n')
            .map(|l| l.trim_end_matches('\r').to_string())
            .collect()
    };
    assert_eq!(
        unterminated(&again["body"]),
        unterminated(&first["body"]),
        "body survives format → parse"
    );
    assert_eq!(
        again["canonical"],
        json!(true),
        "a formatted block is canonical"
    );
}

/// `blueprint.parse`: the text a store writes for any document it read (typed `render`) parses
/// back to the same model, canonically, and rendering is a fixed point — so a store that could be
/// read can always be re-read after a commit. The `blueprint.render` op takes the parse op's
/// JSON model and renders the same text, or refuses it with `invalid_input` where the spec lets
/// it (a `where` or claim the parser tolerated but items may not hold, blueprint.md §4.4).
pub fn blueprint_parse(data: &[u8]) {
    use fourx_core::blueprint::{parse, render::render};
    let text = String::from_utf8_lossy(data).into_owned();
    let op = deterministic("blueprint.parse", &json!({ "text": text }));
    let typed = parse(&text);
    assert_eq!(
        op.is_ok(),
        typed.is_ok(),
        "the op and the typed parser agree"
    );
    let (Ok(model), Ok(doc)) = (op, typed) else {
        return;
    };
    let rendered = render(&doc);
    let again = parse(&rendered).expect("a rendered document parses");
    if !doc.absent {
        // (The absent file renders as an empty, present document.)
        assert_eq!(again, doc, "parse → render → parse keeps the model");
    }
    assert_eq!(render(&again), rendered, "render is a fixed point");
    assert!(
        fourx_core::blueprint::parse::is_canonical(&rendered, &again),
        "render output is canonical"
    );
    match checked("blueprint.render", &json!({ "doc": model })) {
        Ok(out) => assert_eq!(
            out["text"],
            json!(rendered),
            "the render op writes the same text"
        ),
        Err(e) => assert_eq!(
            e.kind,
            ErrorKind::InvalidInput,
            "render refuses only bad entries"
        ),
    }
}

/// `config.parse` (Go-compatible JSON text): `render(parse(render(c))) == render(c)` for the
/// config `c` the text parses to (features.md §12.1).
pub fn config_parse(data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    let Ok(parsed) = deterministic("config.parse", &json!({ "text": text })) else {
        return;
    };
    let r1 = checked("config.render", &json!({"config": parsed["config"]}))
        .expect("a parsed config renders");
    let p2 = checked("config.parse", &json!({"text": r1["text"]}))
        .expect("a rendered valid config parses");
    let r2 = checked("config.render", &json!({"config": p2["config"]})).expect("renders again");
    assert_eq!(r1["text"], r2["text"], "render ∘ parse is stable");
}

const NOW: &str = "2026-03-01T12:00:00.5+02:00";

/// `workspace.parse_state` (Go-compatible JSON text): a decoded state renders, and
/// `render(parse(render(s)))` is `render(s)` (workspace.md §6.1).
pub fn workspace_parse_state(data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    let Ok(parsed) = deterministic("workspace.parse_state", &json!({ "text": text })) else {
        return;
    };
    let r1 = checked(
        "workspace.render_state",
        &json!({"state": parsed["state"], "now": NOW}),
    )
    .expect("a decoded state renders");
    let p2 = checked("workspace.parse_state", &json!({"text": r1["text"]}))
        .expect("a rendered state decodes");
    let r2 = checked(
        "workspace.render_state",
        &json!({"state": p2["state"], "now": NOW}),
    )
    .expect("renders again");
    assert_eq!(r1["text"], r2["text"], "render ∘ parse is stable");
}

/// Top-level keys naming a directory the caller chooses; `ops_call` points them into the sandbox
/// so that fuzzing never writes elsewhere (hostile roots are `hostile.rs`'s business).
const ROOT_KEYS: &[&str] = &[
    "root",
    "start_dir",
    "dir",
    "repo_root",
    "home",
    "worktree",
    "storage_root",
];

fn confine(input: &mut Value, sandbox: &Path) {
    let Value::Object(map) = input else { return };
    let inside = sandbox.display().to_string();
    for key in ROOT_KEYS {
        if let Some(Value::String(v)) = map.get_mut(*key) {
            *v = inside.clone();
        }
    }
    if let Some(Value::Object(store)) = map.get_mut("store") {
        if let Some(Value::String(v)) = store.get_mut("dir") {
            *v = format!("{inside}/store");
        }
    }
}

/// The sandbox of the fuzz binaries: `$FOURX_FUZZ_SANDBOX`, else `<tmp>/fourx-fuzz-sandbox`.
fn default_sandbox() -> &'static Path {
    static S: OnceLock<PathBuf> = OnceLock::new();
    S.get_or_init(|| {
        let p = std::env::var_os("FOURX_FUZZ_SANDBOX")
            .map(PathBuf::from)
            .unwrap_or_else(|| std::env::temp_dir().join("fourx-fuzz-sandbox"));
        let _ = std::fs::create_dir_all(&p);
        p
    })
}

/// `ops::call` with an arbitrary op name and JSON input, in the default sandbox.
pub fn ops_call(data: &[u8]) {
    ops_call_in(data, default_sandbox());
}

/// `ops::call` on `name\njson`. A known op name selects that op, a one-byte name selects an op
/// of the catalog by its value, anything else is called as is (`unknown_op`). The JSON goes
/// through the byte checks of the C boundary (`ops::parse_input`).
pub fn ops_call_in(data: &[u8], sandbox: &Path) {
    let (head, rest) = match data.iter().position(|&b| b == b'\n') {
        Some(nl) => (&data[..nl], &data[nl + 1..]),
        None => (data, &[][..]),
    };
    let name_text = String::from_utf8_lossy(head);
    let op: String = if find(&name_text).is_some() {
        name_text.into_owned()
    } else if head.len() == 1 {
        let all = catalog();
        all[usize::from(head[0]) % all.len()].name.to_string()
    } else {
        name_text.into_owned()
    };
    let mut input = match ops::parse_input(rest) {
        Ok(v) => v,
        Err(e) => {
            assert!(
                matches!(e.kind, ErrorKind::InvalidInput | ErrorKind::InputTooLarge),
                "parse_input gave {}",
                e.kind.as_str()
            );
            return;
        }
    };
    confine(&mut input, sandbox);
    let out = ops::call(&op, &input);
    match out {
        Err(e) if e.kind == ErrorKind::UnknownOp => {
            assert!(find(&op).is_none(), "{op} exists but was unknown_op")
        }
        Err(e) => assert_documented(&op, &e),
        Ok(v) => {
            // Whatever an op returns must be serialisable JSON for the bindings.
            let _ = serde_json::to_vec(&v).expect("results serialise");
        }
    }
}
