//! The Go oracle: fourx against the real codecs 4x uses — Go's `encoding/json` and
//! `gopkg.in/yaml.v3` 3.0.1 — over thousands of generated values and hostile YAML snippets.
//!
//! `tests/go-oracle/` is a small Go program of ours that decodes and encodes the 4x file shapes
//! (seed 000's structs) one request per line. It is built offline (`GOPROXY=off`, yaml.v3 from
//! Debian's `golang-gopkg-yaml.v3-dev`) and kept running as a subprocess for the whole test.
//! Every case goes through both sides; decoded values and written bytes must agree exactly,
//! except where the specs list a deliberate difference — each is a [`Deliberate`] variant, and a
//! case that hits one still has to pass the weaker check its entry names.
//!
//! Without `go` on PATH the tests print a loud SKIPPED banner and pass, unless
//! `FOURX_REQUIRE_GO_ORACLE=1` (set by `make test` whenever `go` is present), which turns a
//! missing or unbuildable oracle into a failure.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Mutex, OnceLock};

use serde_json::{json, Map, Value};

use crate::common::Rng;

// ---------------------------------------------------------------------------------------------
// The subprocess.

struct Oracle {
    _child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Oracle {
    fn ask(&mut self, op: &str, input: Value) -> Result<Value, String> {
        let mut line = serde_json::to_string(&json!({"op": op, "input": input})).unwrap();
        line.push('\n');
        self.stdin
            .write_all(line.as_bytes())
            .expect("write to go-oracle");
        self.stdin.flush().expect("flush go-oracle");
        let mut answer = String::new();
        self.stdout
            .read_line(&mut answer)
            .expect("read from go-oracle");
        let v: Value = serde_json::from_str(&answer)
            .unwrap_or_else(|e| panic!("go-oracle answered non-JSON ({e}): {answer:?}"));
        match (v.get("ok"), v.get("err")) {
            (Some(ok), _) => Ok(ok.clone()),
            (None, Some(Value::String(e))) => Err(e.clone()),
            _ => panic!("go-oracle answered neither ok nor err: {answer}"),
        }
    }
}

fn oracle_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/go-oracle")
}

fn required() -> bool {
    std::env::var("FOURX_REQUIRE_GO_ORACLE").is_ok_and(|v| v == "1")
}

fn skip_banner(why: &str) {
    eprintln!();
    eprintln!("################################################################################");
    eprintln!("## GO ORACLE SKIPPED: {why}");
    eprintln!("## fourx is NOT being compared with Go's encoding/json and yaml.v3 in this run.");
    eprintln!("## Install it: apt-get install -y golang-go golang-gopkg-yaml.v3-dev");
    eprintln!("################################################################################");
    eprintln!();
}

/// Builds and starts the oracle once per test binary; `None` (after the banner) when Go is
/// missing and the oracle is not required.
fn start() -> Option<Oracle> {
    let have_go = Command::new("go")
        .arg("version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !have_go {
        assert!(
            !required(),
            "FOURX_REQUIRE_GO_ORACLE=1 but `go` is not on PATH"
        );
        skip_banner("`go` is not on PATH");
        return None;
    }
    let work = Path::new(env!("CARGO_TARGET_TMPDIR")).join("go-oracle");
    std::fs::create_dir_all(&work).expect("create go-oracle build dir");
    let bin = work.join("go-oracle");
    let out = Command::new("go")
        .args(["build", "-o"])
        .arg(&bin)
        .arg(".")
        .current_dir(oracle_dir())
        .env("GOPROXY", "off")
        .env("GOFLAGS", "-mod=mod")
        .env("GOTOOLCHAIN", "local")
        .env("GOCACHE", work.join("cache"))
        .env("GOPATH", work.join("gopath"))
        .output()
        .expect("run go build");
    if !out.status.success() {
        let msg = format!(
            "go build of tests/go-oracle failed (is golang-gopkg-yaml.v3-dev installed?):\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(!required(), "{msg}");
        skip_banner(&msg);
        return None;
    }
    let mut child = Command::new(&bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start go-oracle");
    let stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    Some(Oracle {
        _child: child,
        stdin,
        stdout,
    })
}

fn oracle() -> Option<std::sync::MutexGuard<'static, Oracle>> {
    static ORACLE: OnceLock<Option<Mutex<Oracle>>> = OnceLock::new();
    ORACLE
        .get_or_init(|| start().map(Mutex::new))
        .as_ref()
        .map(|m| m.lock().unwrap_or_else(|p| p.into_inner()))
}

// ---------------------------------------------------------------------------------------------
// The deliberate differences the specs list. A case whose bytes differ must be explained by one
// of these, detected from the value itself; anything else is a failure.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Deliberate {
    /// features.md D1: a string with U+2028/U+2029 is written double-quoted (yaml.v3 writes the
    /// raw separator single-quoted or in a literal block, which YAML 1.2 readers misread). Go
    /// must read fourx's text back to the same value.
    D1LineSeparatorQuoted,
    /// features.md D4: a map key with a break or longer than 128 bytes is refused
    /// (`invalid_input`) instead of yaml.v3's explicit `? key` form.
    D4LongOrBrokenKeyRefused,
    /// features.md D10: a multi-line string starting with a space, a tab or a break is written
    /// double-quoted (yaml.v3's `|4` block loses the break or is unreadable; a block whose first
    /// line starts with a tab is refused by yaml.v3's own reader). Go must read fourx's text
    /// back to the same value.
    D10IndentedBlockQuoted,
    /// features.md D11: the map key `<<` is written double-quoted; yaml.v3 writes it plain and
    /// then reads it back as a merge key. Go must read fourx's text back to the same value.
    D11MergeKeyQuoted,
    /// workspace.md §5: U+0008/U+000C are `\b`/`\f` in JSON since Go 1.22 (4x's go.mod says
    /// 1.26, and fourx follows it); the oracle runs Debian's Go 1.19, which writes `\u0008` and
    /// `\u000c`. The bytes must agree once fourx's two escapes are spelled the old way.
    GoVersionBackspaceFormfeed,
    /// state-machine.md §2.3: since Go 1.20 `time.Time.UnmarshalJSON` parses strict RFC 3339
    /// and refuses an offset hour of 24 (`+24:00`); Debian's Go 1.19 still accepts it. fourx
    /// follows 4x's Go.
    GoVersionStrictRfc3339,
    /// features.md D2: a float outside int64 (or −∞) into an integer field (`priority`, the
    /// test strategy's `timeout`) fails the parse; Go performs an undefined conversion instead.
    D2PriorityFloatOutOfRange,
}

// ---------------------------------------------------------------------------------------------
// fourx side.

fn fourx(op: &str, input: Value) -> Result<Value, String> {
    fourx_core::ops::call(op, &input).map_err(|e| format!("{:?}: {}", e.kind, e.message))
}

/// JSON equality with numbers by value and object keys unordered.
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(i), Some(j)) => i == j,
            _ => x.as_f64() == y.as_f64(),
        },
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| json_eq(a, b))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_eq(v, w)))
        }
        _ => a == b,
    }
}

/// Strings the YAML resolver gives a non-string meaning or a special form, plus characters that
/// force quoting or escapes.
const HOSTILE_STRINGS: &[&str] = &[
    "",
    " ",
    "a",
    "x y",
    "~",
    "null",
    "Null",
    "NULL",
    "true",
    "True",
    "FALSE",
    "yes",
    "No",
    "on",
    "OFF",
    "y",
    "n",
    "Y",
    "N",
    "017",
    "0o17",
    "0x1F",
    "0b101",
    "1_000",
    "1e3",
    "1.50",
    ".5",
    "5.",
    ".inf",
    "-.Inf",
    ".nan",
    "+12",
    "-0",
    "99999999999999999999",
    "9223372036854775808",
    "2024-01-01",
    "2024-1-1",
    "2024-01-01T10:00:00Z",
    "2024-01-01 10:00:00",
    "1:30",
    "-1:30:00",
    "<<",
    "=",
    "-",
    "- x",
    "? x",
    ": x",
    "?",
    ":",
    "a: b",
    "a:",
    "a #b",
    "a#b",
    "#c",
    "---",
    "...",
    "--- x",
    "'q'",
    "\"dq\"",
    "it's",
    "[x]",
    "{x}",
    "&a",
    "*a",
    "!t",
    "|",
    ">",
    "%",
    "@",
    "`",
    "x]",
    ":x",
    "?x",
    "-x",
    "é café",
    "back\\slash",
    "tab\there",
    "lead ",
    " lead",
    "multi\nline",
    "\nlead",
    "trail\n",
    "two\n\n",
    "a\n\nb",
    "a\u{2028}b",
    "a\u{2029}b",
    "a\u{85}b",
    "\u{feff}bom",
    "emoji 😀",
    "ctrl\u{1}",
    "del\u{7f}",
    "cr\rx",
    "x\r\ny",
    "中文",
    "a  b",
    "a\n b",
    "a \nb",
    "\t",
    "0",
    "00",
    "08",
    "0.0",
    "+.5",
    "1e",
    "e3",
    "0x",
    "_1",
    "1__0",
    "NaN",
    "Inf",
    "+",
    ".",
    "..",
    "a,b",
    "a, b",
    ",a",
    "a]",
    "a}",
    "a{b",
    "!",
    "&",
    "*",
    "a\\",
    "\\",
    "\"",
    "'",
    "''",
    "N/A",
    "nul\u{0}l",
    "bell\u{7}",
    "esc\u{1b}",
    "\u{a0}nbsp",
    "\u{fffe}",
    "\u{e000}",
    "l\u{2028}",
    "x\n\u{2028}",
    " \n ",
    "a\nb\n",
    "a\nb \nc",
];

fn hostile_or_random(rng: &mut Rng) -> String {
    if rng.chance(70) {
        return (*rng.pick(HOSTILE_STRINGS)).to_string();
    }
    const ALPHABET: &[char] = &[
        'a', 'b', 'Z', '0', '7', ' ', '-', '_', ':', '#', '\'', '"', '\\', '\n', '\t', '.', ',',
        '[', '{', '&', '*', '!', '|', '>', '%', '@', 'é', '中', '😀', '\u{85}', '\u{2028}', '~',
        '?', '=', '<',
    ];
    let len = rng.below(12);
    (0..len).map(|_| *rng.pick(ALPHABET)).collect()
}

fn string_list(rng: &mut Rng) -> Value {
    match rng.below(6) {
        0 => Value::Null,
        1 => json!([]),
        _ => Value::Array(
            (0..1 + rng.below(3))
                .map(|_| Value::String(hostile_or_random(rng)))
                .collect(),
        ),
    }
}

fn maybe_put(m: &mut Map<String, Value>, rng: &mut Rng, key: &str, v: fn(&mut Rng) -> Value) {
    if rng.chance(50) {
        let v = v(rng);
        m.insert(key.into(), v);
    }
}

fn hostile_value(rng: &mut Rng) -> Value {
    Value::String(hostile_or_random(rng))
}

/// A random Feature in the op shape (features.md §3.2).
fn gen_feature(rng: &mut Rng) -> Value {
    let mut m = Map::new();
    for key in ["id", "name", "description", "status"] {
        m.insert(key.into(), Value::String(hostile_or_random(rng)));
    }
    if rng.chance(40) {
        let p: i64 = match rng.below(5) {
            0 => 0,
            1 => -3,
            2 => i64::MAX,
            3 => i64::MIN,
            _ => rng.below(10) as i64,
        };
        m.insert("priority".into(), json!(p));
    }
    maybe_put(&mut m, rng, "profile", hostile_value);
    maybe_put(&mut m, rng, "repos", string_list);
    if rng.chance(40) {
        let subtasks: Vec<Value> = (0..1 + rng.below(2))
            .map(|_| {
                let mut s = Map::new();
                for key in ["id", "name", "status"] {
                    s.insert(key.into(), Value::String(hostile_or_random(rng)));
                }
                maybe_put(&mut s, rng, "description", hostile_value);
                maybe_put(&mut s, rng, "depends", string_list);
                Value::Object(s)
            })
            .collect();
        m.insert("subtasks".into(), Value::Array(subtasks));
    }
    maybe_put(&mut m, rng, "rules", string_list);
    maybe_put(&mut m, rng, "depends", string_list);
    maybe_put(&mut m, rng, "spec", hostile_value);
    maybe_put(&mut m, rng, "plan", hostile_value);
    if rng.chance(35) {
        let mut hooks = Map::new();
        for _ in 0..1 + rng.below(3) {
            let entries = match rng.below(4) {
                0 => Value::Null,
                1 => json!([]),
                _ => Value::Array(
                    (0..1 + rng.below(2))
                        .map(|_| {
                            let mut e = Map::new();
                            e.insert("run".into(), Value::String(hostile_or_random(rng)));
                            maybe_put(&mut e, rng, "on_fail", hostile_value);
                            Value::Object(e)
                        })
                        .collect(),
                ),
            };
            hooks.insert(hostile_or_random(rng), entries);
        }
        m.insert("hooks".into(), Value::Object(hooks));
    }
    if rng.chance(35) {
        let mut po = Map::new();
        for _ in 0..1 + rng.below(3) {
            let mut o = Map::new();
            maybe_put(&mut o, rng, "runner", hostile_value);
            maybe_put(&mut o, rng, "model", hostile_value);
            po.insert(hostile_or_random(rng), Value::Object(o));
        }
        m.insert("phaseOverrides".into(), Value::Object(po));
    }
    if rng.chance(30) {
        m.insert("deepReviewAllAngles".into(), json!(rng.chance(50)));
    }
    if rng.chance(25) {
        let issues: Vec<Value> = (0..1 + rng.below(2))
            .map(|_| {
                json!({"repo": hostile_or_random(rng), "id": hostile_or_random(rng),
                       "url": hostile_or_random(rng)})
            })
            .collect();
        m.insert("issues".into(), Value::Array(issues));
    }
    maybe_put(&mut m, rng, "warnings", string_list);
    Value::Object(m)
}

/// The feature with every `null` hook list as `[]`: both are written `key: []` (features.md
/// §3.2), which reads back as an empty list.
fn hooks_null_as_empty(mut f: Value) -> Value {
    if let Some(Value::Object(h)) = f.get_mut("hooks") {
        for v in h.values_mut() {
            if v.is_null() {
                *v = json!([]);
            }
        }
    }
    f
}

/// Every string of a JSON value (keys included).
fn strings_of(v: &Value, out: &mut Vec<String>, keys: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|x| strings_of(x, out, keys)),
        Value::Object(o) => o.iter().for_each(|(k, x)| {
            keys.push(k.clone());
            strings_of(x, out, keys)
        }),
        _ => {}
    }
}

const BREAKS: &[char] = &['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}'];

/// The deliberate difference that explains a rendering difference for this feature, if any.
fn render_deliberate(feature: &Value) -> Option<Deliberate> {
    let (mut strings, mut keys) = (Vec::new(), Vec::new());
    strings_of(feature, &mut strings, &mut keys);
    // Only the keys of `hooks` and `phaseOverrides` are written as YAML map keys.
    let map_keys: Vec<&String> = ["hooks", "phaseOverrides"]
        .iter()
        .filter_map(|k| feature.get(*k).and_then(Value::as_object))
        .flat_map(|o| o.keys())
        .collect();
    if map_keys.iter().any(|k| k.len() > 128 || k.contains(BREAKS)) {
        return Some(Deliberate::D4LongOrBrokenKeyRefused);
    }
    if map_keys.iter().any(|k| k.as_str() == "<<") {
        return Some(Deliberate::D11MergeKeyQuoted);
    }
    let all = strings.iter().chain(map_keys.iter().copied());
    for s in all {
        if s.contains('\n') && (s.starts_with([' ', '\t']) || s.starts_with(BREAKS)) {
            return Some(Deliberate::D10IndentedBlockQuoted);
        }
        if s.contains(['\u{2028}', '\u{2029}']) {
            return Some(Deliberate::D1LineSeparatorQuoted);
        }
    }
    None
}

#[derive(Default)]
struct Tally {
    cases: usize,
    deliberate: Vec<(Deliberate, usize)>,
    failures: Vec<String>,
}

impl Tally {
    fn deliberate(&mut self, d: Deliberate) {
        match self.deliberate.iter_mut().find(|(x, _)| *x == d) {
            Some((_, n)) => *n += 1,
            None => self.deliberate.push((d, 1)),
        }
    }
    /// Keeps the first 25 failures (all of them with `FOURX_ORACLE_ALL` set, for triage).
    fn fail(&mut self, msg: String) {
        if self.failures.len() < 25 || std::env::var_os("FOURX_ORACLE_ALL").is_some() {
            self.failures.push(msg);
        } else if self.failures.len() == 25 {
            self.failures.push("… more failures left out".into());
        }
    }
    fn finish(self, what: &str) {
        eprintln!(
            "go-oracle {what}: {} cases, deliberate differences {:?}",
            self.cases, self.deliberate
        );
        assert!(
            self.failures.is_empty(),
            "{what}: fourx disagrees with Go in {} case(s):\n{}",
            self.failures.len(),
            self.failures.join("\n---\n")
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Feature YAML: decoding.

/// Raw YAML fragments (source text, not strings) placed into field positions.
const RAW_SCALARS: &[&str] = &[
    "",
    "~",
    "null",
    "x",
    "'x'",
    "\"x\"",
    "''",
    "\"\"",
    "123",
    "-7",
    "017",
    "0o17",
    "0x1F",
    "1_000",
    "1e3",
    "2.5",
    "-2.5",
    ".inf",
    "-.inf",
    ".nan",
    "9223372036854775807",
    "9223372036854775808",
    "99999999999999999999",
    "1e300",
    "true",
    "false",
    "yes",
    "no",
    "on",
    "off",
    "y",
    "n",
    "Y",
    "NO",
    "'yes'",
    "\"true\"",
    "2024-01-01",
    "2024-01-01T10:00:00Z",
    "<<",
    "!!str 12",
    "!!str",
    "!!int 3",
    "!!bool yes",
    "!!null",
    "[]",
    "{}",
    "[a, b]",
    "[~]",
    "[~, a]",
    "[a, ~, '']",
    "{a: b}",
    "&A x",
    "*A",
    "|\n  lit\n",
    ">\n  fold\n  ed\n",
    "|-\n  x\n",
    "|+\n  x\n\n",
    "|2\n   x\n",
    "x # c",
    "'it''s'",
    "\"\\u00e9\\n\"",
    "\"\\x41\\N\\L\\P\\_\"",
    "a\u{2028}b",
    "a\u{2029}b",
    "a\u{85}b",
    "\u{2028}",
    "a\u{feff}b",
    "\u{feff}",
    "a\tb",
    "\t",
    "x\u{85}",
    "\"a\u{2028}b\"",
    "'a\u{85}b'",
    "- a",
    "? a",
    ": a",
    "a: b",
    "[a",
    "{a",
    "a]",
    "@x",
    "`x",
    "%x",
    "*nope",
    "&",
    "!",
    "!x y",
];

/// Document templates; `{}` is replaced by a raw fragment.
const TEMPLATES: &[&str] = &[
    "id: {}\n",
    "id: F1\nname: {}\n",
    "name: {}\nid: F1\n",
    "status: {}\n",
    "priority: {}\n",
    "deep_review_all_angles: {}\n",
    "repos: {}\n",
    "repos: [{}]\n",
    "repos: [x, {}]\n",
    "repos:\n  - {}\n",
    "repos:\n  - a\n  - {}\n  - b\n",
    "rules:\n    - {}\n",
    "depends: [{}, {}]\n",
    "subtasks:\n  - {}\n",
    "subtasks:\n  - id: {}\n    name: n\n",
    "subtasks:\n  - id: s\n    depends: [{}]\n",
    "hooks:\n  {}: []\n",
    "hooks:\n  pre: {}\n",
    "hooks:\n  pre:\n    - {}\n",
    "hooks:\n  pre:\n    - run: {}\n      on_fail: warn\n",
    "phase_overrides:\n  {}: {runner: r}\n",
    "phase_overrides:\n  coding: {}\n",
    "issues:\n  - {}\n",
    "issues:\n  - repo: {}\n    id: '1'\n",
    "warnings: [{}]\n",
    "{}: x\nid: F1\n",
    "base: &A\n  name: n\n  id: i\n<<: {}\n",
    "id: &A a\nname: {}\n",
    "id: F1\n# {}\nname: x\n",
    "id: F1\nname: x{}y\n",
    "id: F1\nname: a{}\n  b\n",
    "description: |\n  {}\n  line\n",
    "description: >\n  {}\n  line\n",
    "{{id: {}}}\n",
    "--- {}\n",
    "id: x\n---\nid: {}\n",
    "\u{feff}id: {}\n",
    "id: a\n\u{feff}name: {}\n",
    "id: a\nname: b\n\u{feff}",
    "id:\t{}\n",
];

/// Whole documents: merge keys, anchors, block scalars, flow style, tabs, BOMs, separators, NEL,
/// null items and keys, duplicates, multiple documents.
const HOSTILE_DOCS: &[&str] = &[
    "",
    "\n",
    "# only a comment\n",
    "~\n",
    "null\n",
    "---\n",
    "--- ~\n",
    "...\n",
    "[]\n",
    "x\n",
    "- a\n",
    "id: a\nid: b\n",
    "id: a\n'id': b\n",
    "id: a\n? id\n: b\n",
    "1: a\n'1': b\n",
    "~: a\nid: F1\n",
    "? \n: a\nid: F1\n",
    "null: a\nNULL: b\n",
    "id: F1\nrepos:\n  -\n  - a\n  - ~\n  -\n",
    "id: F1\nrepos: [~, ~]\n",
    "id: F1\nrepos: [a, , b]\n",
    "id: F1\nsubtasks:\n  - ~\n  - id: s\n  -\n",
    "id: F1\nsubtasks: [~, {id: s}]\n",
    "id: F1\nhooks:\n  pre:\n    - ~\n    - run: x\n",
    "id: F1\nhooks:\n  ~: [{run: x}]\n",
    "id: F1\nphase_overrides:\n  ~: {runner: r}\n  coding: ~\n",
    "id: F1\nissues: [~]\n",
    "id: F1\nwarnings:\n  - ~\n  - ''\n",
    "id: F1\nname: a\u{2028}b\n",
    "id: F1\nname: a\u{2029}b\n",
    "id: F1\nname: a\u{85}b\n",
    "id: F1\nname: a\u{2028}\n  b\n",
    "id: F1\nname: a\u{85}  b\n",
    "id: F1\nname: a\u{2028}b: c\n",
    "id: F1\nname: \u{2028}a\n",
    "id: F1\u{2028}name: x\n",
    "id: F1\u{85}name: x\n",
    "id: F1\r\nname: x\r\n",
    "id: F1\rname: x\r",
    "id: F1\nname: 'a\u{2028}b'\n",
    "id: F1\nname: \"a\u{2028}b\"\n",
    "id: F1\nrepos: [a\u{2028}b]\n",
    "id: F1\nrepos:\n  - a\u{2028}\n    b\n",
    "id: F1 # c\u{2028}name: x\n",
    "id: F1\n# c\u{85}name: x\n",
    "\u{feff}id: F1\n",
    "\u{feff}\u{feff}id: F1\n",
    "id: F1\n\u{feff}name: x\n",
    "id: F1\nname: x\u{feff}\n",
    "id: F1\nname: \u{feff}x\n",
    "id: F1\n---\n\u{feff}id: F2\n",
    "\u{feff}",
    "\u{feff}# c\n",
    "id: F1\n\u{feff}",
    "id: F1\n\u{feff}\n",
    "id: F1\nname: |\n  a\u{2028}b\n",
    "id: F1\nname: >\n  a\u{85}b\n  c\n",
    "id: F1\n\tname: x\n",
    "id: F1\nname:\tx\n",
    "id: F1\nrepos:\n\t- a\n",
    "id: F1\nrepos: [a,\tb]\n",
    "id: F1\nname: x\t# c\n",
    "base: &b {name: n, status: s}\nid: F1\n<<: *b\n",
    "base: &b {name: n}\nid: F1\nname: own\n<<: *b\n",
    "a: &a {name: n}\nb: &b {status: s, name: m}\nid: F1\n<<: [*a, *b]\n",
    "id: F1\n<<: {name: inline}\n",
    "id: F1\n<<: ~\n",
    "id: F1\n<<: x\n",
    "id: F1\n<<: [x]\n",
    "id: F1\nsubtasks:\n  - &s {id: s1, name: n}\n  - <<: *s\n    id: s2\n",
    "id: F1\nrepos: &r [a, b]\ndepends: *r\n",
    "id: F1\nrepos: [*nope]\n",
    "id: &x F1\nname: *x\n",
    "id: F1\nname: !!str 12\n",
    "id: F1\npriority: !!int '3'\n",
    "id: F1\npriority: !!float 2\n",
    "id: F1\nname: !custom x\n",
    "id: F1\nname: !!binary aGk=\n",
    "id: F1\nname: !!null ~\n",
    "%YAML 1.2\n---\nid: F1\n",
    "%YAML 1.1\n---\nid: F1\n",
    "%TAG ! tag:x,2000:\n---\nid: F1\n",
    "id: F1\npriority: 017\n",
    "id: F1\npriority: 08\n",
    "id: F1\npriority: 0o17\n",
    "id: F1\npriority: 0b11\n",
    "id: F1\npriority: -0x10\n",
    "id: F1\npriority: 1_0\n",
    "id: F1\npriority: 2.9\n",
    "id: F1\npriority: -2.9\n",
    "id: F1\npriority: 1e18\n",
    "id: F1\npriority: 9223372036854775807\n",
    "id: F1\npriority: 9223372036854775808\n",
    "id: F1\npriority: '3'\n",
    "id: F1\npriority: yes\n",
    "id: F1\npriority: ~\n",
    "id: F1\npriority: 2024-01-01\n",
    "id: F1\ndeep_review_all_angles: yes\n",
    "id: F1\ndeep_review_all_angles: 'on'\n",
    "id: F1\ndeep_review_all_angles: 1\n",
    "id: F1\ndeep_review_all_angles: 'true'\n",
    "id: F1\ndeep_review_all_angles: Off\n",
    "id: F1\nname: 2024-01-01T10:00:00.5+02:00\n",
    "id: F1\nname: 1.50\n",
    "id: F1\nname: 0x1F\n",
    "id: F1\nname: .inf\n",
    "id: F1\nname: [a]\n",
    "id: F1\nname: {a: b}\n",
    "id: F1\nrepos: web\n",
    "id: F1\nrepos: {a: b}\n",
    "id: F1\nhooks: []\n",
    "id: F1\nhooks: x\n",
    "id: F1\nhooks:\n  pre: x\n",
    "id: F1\nhooks:\n  1: []\n  true: []\n  ~: []\n",
    "id: F1\nphase_overrides:\n  coding: {}\n  testing: ~\n",
    "id: F1\nunknown: [1, {a: b}]\nName: x\n",
    "id: F1\nsubtasks:\n  - id: s\n    bogus: 1\n",
    "id: F1\nname: >-\n  a\n\n  b\n",
    "id: F1\nname: |+\n  a\n\n\n",
    "id: F1\nname: |2-\n   a\n",
    "id: F1\nname: |\n\n  a\n",
    "id: F1\nname: |\n",
    "id: F1\nname: >\n",
    "id: F1\nname: \"multi\n  line\"\n",
    "id: F1\nname: 'multi\n\n  line'\n",
    "id: F1\nname: plain\n  continued\n\n  more\n",
    "id: F1\nname: \"\\t\\x7f\\u00e9\\U0001F600\"\n",
    "id: F1\nname: \"\\z\"\n",
    "id: F1\nname: \"bad \\ud800\"\n",
    "{id: F1, name: n, repos: [a, b], hooks: {pre: [{run: x}]}}\n",
    "{id: F1, repos: [a, b,]}\n",
    "{id: F1,}\n",
    "[id, F1]\n",
    "id: F1\nrepos: [a, [b]]\n",
    "id: F1\nrepos:\n- a\n- b\n",
    "id: F1\nsubtasks:\n- id: s\n  name: n\n",
    "id: F1\n  name: x\n",
    "id: F1\nname: x\n  : y\n",
    "id: 'F1\nname: x\n",
    "id: \"F1\nname: x\n",
    "id: F1\n...\nname: x\n",
    "id: F1\n--- \nname: x\n",
    "id: F1\nname: a: b\n",
    "id: F1\nname: a:b\n",
    "id: F1\nname: a #b\n",
    "id: F1\nname: a#b\n",
    "id: F1\nname: -a\n",
    "id: F1\nname: - a\n",
    "id: F1\nname: ? a\n",
    "id: F1\nname: @a\n",
    "id: F1\nname: `a\n",
    "id: F1\nname: %a\n",
    "? [a]\n: b\nid: F1\n",
    "? {a: b}\n: c\nid: F1\n",
    "id: F1\nhooks:\n  ? [a]\n  : []\n",
    "id: F1\nname: \u{0}\n",
    "id: F1\nname: \"\u{1}\"\n",
    "id: F1\nname: a\u{7f}\n",
    "id: F1\nname: \u{e9}\u{4e2d}\n",
    "id: F1\nname: a\u{fffe}\n",
    "id: F1\nname: 😀\n",
    "  id: F1\nname: x\n",
    "  id: F1\n\"x\n",
    "  id: F1\n- a: [\n",
    "{id: F1}\nname: x\n",
    "{id: F1}\n'x\n",
    "{id: F1} # c\n&\n",
    "{id: F1}\n  - a: [\n",
    "{id: F1}: x\n",
    "id: F1\n  - [a, b]\n  \t\n  - a\n",
];

/// Compares fourx's `feature.parse_yaml` with yaml.v3's Unmarshal into Feature for one text.
fn check_feature_decode(o: &mut Oracle, t: &mut Tally, text: &str) {
    t.cases += 1;
    let go = o.ask("yaml.decode", json!({"type": "feature", "text": text}));
    let ours = fourx("feature.parse_yaml", json!({"text": text}))
        .map(|v| v.get("feature").cloned().unwrap_or(Value::Null));
    match (&go, &ours) {
        (Ok(g), Ok(f)) if json_eq(g, f) => {}
        (Err(_), Err(_)) => {}
        (Ok(g), Err(_)) if priority_out_of_range(g, text) => {
            t.deliberate(Deliberate::D2PriorityFloatOutOfRange)
        }
        _ => t.fail(format!(
            "feature.parse_yaml {text:?}\n  go:    {go:?}\n  fourx: {ours:?}"
        )),
    }
}

/// Go decoded a float into an integer field (`priority`, `timeout`) through an undefined
/// conversion (D2): the minimum int64 appears where the text has no such integer.
fn priority_out_of_range(go: &Value, text: &str) -> bool {
    fn has_min(v: &Value) -> bool {
        match v {
            Value::Number(n) => n.as_i64() == Some(i64::MIN),
            Value::Array(a) => a.iter().any(has_min),
            Value::Object(o) => o.values().any(has_min),
            _ => false,
        }
    }
    has_min(go)
        && (text.contains("e300") || text.contains("inf") || text.contains("99999999999999999999"))
}

#[test]
fn feature_yaml_decodes_as_yaml_v3_decodes_into_the_go_struct() {
    let Some(mut o) = oracle() else { return };
    let mut t = Tally::default();
    for doc in HOSTILE_DOCS {
        check_feature_decode(&mut o, &mut t, doc);
    }
    for tpl in TEMPLATES {
        for raw in RAW_SCALARS {
            check_feature_decode(&mut o, &mut t, &tpl.replace("{}", raw));
        }
    }
    t.finish("feature YAML decode");
}

#[test]
fn feature_yaml_renders_the_bytes_yaml_v3_marshals() {
    let Some(mut o) = oracle() else { return };
    let mut t = Tally::default();
    let mut rng = Rng::new(1);
    for _ in 0..4000 {
        let feature = gen_feature(&mut rng);
        t.cases += 1;
        // The Go value of the input (Go's JSON decoding is the reference for the op shape).
        let go_text = o
            .ask("yaml.encode", json!({"type": "feature", "value": feature}))
            .map(|v| v.as_str().unwrap_or_default().to_string());
        let ours = fourx("feature.render_yaml", json!({"feature": feature}))
            .map(|v| v["text"].as_str().unwrap_or_default().to_string());
        let deliberate = render_deliberate(&feature);
        match (&go_text, &ours, deliberate) {
            (Ok(g), Ok(f), _) if g == f => {}
            (_, Err(_), Some(Deliberate::D4LongOrBrokenKeyRefused)) => {
                t.deliberate(Deliberate::D4LongOrBrokenKeyRefused)
            }
            (Ok(_), Ok(f), Some(d)) => {
                // The weaker check: Go reads fourx's text back to the input value.
                let back = o.ask("yaml.decode", json!({"type": "feature", "text": f}));
                let want = o.ask(
                    "json.decode",
                    json!({"type": "feature", "text": feature.to_string()}),
                );
                match (back, want.map(hooks_null_as_empty)) {
                    (Ok(b), Ok(w)) if json_eq(&b, &w) => t.deliberate(d),
                    (b, w) => t.fail(format!(
                        "{d:?}: Go does not read fourx's text back\n  feature: {feature}\n  fourx: {f:?}\n  go reads: {b:?}\n  want: {w:?}"
                    )),
                }
            }
            _ => t.fail(format!(
                "feature.render_yaml {feature}\n  go:    {go_text:?}\n  fourx: {ours:?}"
            )),
        }
        // Whatever fourx writes, both readers read back the same value.
        if let Ok(f) = &ours {
            let go_back = o.ask("yaml.decode", json!({"type": "feature", "text": f}));
            let our_back =
                fourx("feature.parse_yaml", json!({"text": f})).map(|v| v["feature"].clone());
            match (&go_back, &our_back) {
                (Ok(g), Ok(b)) if json_eq(g, b) => {}
                _ => t.fail(format!(
                    "read-back of fourx's text {f:?}\n  go:    {go_back:?}\n  fourx: {our_back:?}"
                )),
            }
        }
        // Go's own text (the bytes a 4x run writes) reads the same in fourx and Go — except
        // where D10 applies: there yaml.v3 writes `|4` blocks it cannot read back itself.
        let indicator = |g: &str| [": |4", "- |4", "? |4"].iter().any(|m| g.contains(m));
        if let Some(g) = go_text.as_ref().ok().filter(|g| !indicator(g)) {
            check_feature_decode(&mut o, &mut t, g);
        }
    }
    t.finish("feature YAML render");
}

// ---------------------------------------------------------------------------------------------
// The run files and events: Go's encoding/json bytes and decoded values.

/// fourx's JSON with Go ≥ 1.22's `\b`/`\f` escapes spelled as Go 1.19 (the oracle's Go)
/// spells them, escape-aware (a literal backslash is `\\` and stays).
fn as_go119(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match it.next() {
            Some('b') => out.push_str("\\u0008"),
            Some('f') => out.push_str("\\u000c"),
            Some(n) => {
                out.push('\\');
                out.push(n);
            }
            None => out.push('\\'),
        }
    }
    out
}

const TIMES: &[&str] = &[
    "2026-01-02T03:04:05Z",
    "2026-01-02T03:04:05.123456789+08:00",
    "0001-01-01T00:00:00Z",
    "2024-02-29T23:59:59.5-05:30",
    "1999-12-31T00:00:00.000Z",
    "2026-06-30T12:00:00.100+00:00",
    "9999-12-31T23:59:59.999999999Z",
];

fn json_string(rng: &mut Rng) -> Value {
    const EXTRA: &[&str] = &[
        "<b>&amp;</b>",
        "\u{8}bs",
        "ff\u{c}",
        "\u{7f}\u{80}\u{9f}",
        "\u{2028}\u{2029}",
        "\u{1}\u{1f}",
        "\"q\"\\",
    ];
    if rng.chance(15) {
        return Value::String((*rng.pick(EXTRA)).to_string());
    }
    Value::String(hostile_or_random(rng))
}

fn json_strings(rng: &mut Rng) -> Value {
    match rng.below(4) {
        0 => Value::Null,
        1 => json!([]),
        _ => Value::Array((0..1 + rng.below(3)).map(|_| json_string(rng)).collect()),
    }
}

fn json_int(rng: &mut Rng) -> Value {
    json!(*rng.pick(&[
        0i64,
        1,
        -1,
        7,
        11,
        255,
        i64::MAX,
        i64::MIN,
        1 << 53,
        -(1 << 40)
    ]))
}

fn json_float(rng: &mut Rng) -> Value {
    let f = *rng.pick(&[
        0.0,
        0.1,
        1.5,
        1e20,
        1e21,
        1e-6,
        1e-7,
        123456.789,
        -2.5,
        5e-324,
        1.7976931348623157e308,
        0.000123,
        100.0,
    ]);
    json!(f)
}

fn json_time(rng: &mut Rng) -> Value {
    json!(*rng.pick(TIMES))
}

fn some<F: FnOnce(&mut Rng) -> Value>(m: &mut Map<String, Value>, rng: &mut Rng, k: &str, f: F) {
    if rng.chance(60) {
        let v = f(rng);
        m.insert(k.into(), v);
    }
}

fn gen_verify(rng: &mut Rng) -> Value {
    let mut m = Map::new();
    some(&mut m, rng, "passed", |r| json!(r.chance(50)));
    some(&mut m, rng, "round", json_int);
    some(&mut m, rng, "role", json_string);
    some(&mut m, rng, "commands", |r| match r.below(4) {
        0 => Value::Null,
        1 => json!([]),
        _ => Value::Array(
            (0..1 + r.below(2))
                .map(|_| {
                    let mut c = Map::new();
                    some(&mut c, r, "command", json_string);
                    some(&mut c, r, "exitCode", json_int);
                    if r.chance(40) {
                        c.insert("expectedExitCode".into(), json!(*r.pick(&[0, 1, 2, -1])));
                    }
                    some(&mut c, r, "durationMs", json_int);
                    some(&mut c, r, "summary", json_string);
                    some(&mut c, r, "startedAt", json_time);
                    some(&mut c, r, "finishedAt", json_time);
                    some(&mut c, r, "group", json_string);
                    some(&mut c, r, "skipped", |r| json!(r.chance(50)));
                    Value::Object(c)
                })
                .collect(),
        ),
    });
    some(&mut m, rng, "screenshots", |r| {
        Value::Array(
            (0..r.below(3))
                .map(|_| json!({"path": json_string(r), "step": json_string(r), "description": json_string(r)}))
                .collect(),
        )
    });
    for key in ["ac_results", "manual_check_results"] {
        some(&mut m, rng, key, |r| {
            Value::Array(
                (0..r.below(3))
                    .map(|_| {
                        let mut c = Map::new();
                        some(&mut c, r, "id", json_string);
                        some(&mut c, r, "passed", |r| json!(r.chance(50)));
                        some(&mut c, r, "evidence", json_strings);
                        if key == "ac_results" {
                            some(&mut c, r, "verify_type", json_string);
                        }
                        Value::Object(c)
                    })
                    .collect(),
            )
        });
    }
    Value::Object(m)
}

fn gen_baseline(rng: &mut Rng) -> Value {
    let mut m = Map::new();
    some(&mut m, rng, "createdAt", json_time);
    some(&mut m, rng, "repos", |r| match r.below(4) {
        0 => Value::Null,
        1 => json!([]),
        _ => Value::Array(
            (0..1 + r.below(2))
                .map(|_| {
                    let mut c = Map::new();
                    for k in ["name", "path", "branch", "head"] {
                        some(&mut c, r, k, json_string);
                    }
                    some(&mut c, r, "dirtyFiles", json_strings);
                    Value::Object(c)
                })
                .collect(),
        ),
    });
    Value::Object(m)
}

fn json_ints(rng: &mut Rng) -> Value {
    match rng.below(4) {
        0 => Value::Null,
        1 => json!([]),
        _ => Value::Array((0..1 + rng.below(4)).map(|_| json_int(rng)).collect()),
    }
}

fn gen_angles(rng: &mut Rng) -> Value {
    let mut m = Map::new();
    some(&mut m, rng, "selected_angles", json_ints);
    some(&mut m, rng, "total_angles", json_int);
    some(&mut m, rng, "force_all", |r| json!(r.chance(50)));
    some(&mut m, rng, "matches", |r| {
        match r.below(3) {
        0 => Value::Null,
        _ => Value::Array(
            (0..r.below(3))
                .map(|_| json!({"file": json_string(r), "rule": json_string(r), "angles": json_ints(r)}))
                .collect(),
        ),
    }
    });
    Value::Object(m)
}

fn gen_escalation(rng: &mut Rng) -> Value {
    let mut m = Map::new();
    some(&mut m, rng, "needed", |r| json!(r.chance(50)));
    some(&mut m, rng, "reason", json_string);
    some(&mut m, rng, "detail", json_string);
    Value::Object(m)
}

fn gen_event(rng: &mut Rng) -> Value {
    let mut m = Map::new();
    // A non-empty ts is kept verbatim (an empty one would be stamped from `now`).
    m.insert(
        "ts".into(),
        json!(*rng.pick(&["2026-01-02T03:04:05Z", "x", "2026-01-02T03:04:05.5+08:00"])),
    );
    for k in [
        "phase", "type", "role", "action", "cmd", "status", "detail", "runner", "model", "notify",
    ] {
        some(&mut m, rng, k, json_string);
    }
    for k in ["round", "tokens_used", "duration_ms", "index"] {
        some(&mut m, rng, k, json_int);
    }
    some(&mut m, rng, "cost_usd", json_float);
    Value::Object(m)
}

/// One run-file shape: the oracle's type name, the fourx render op and its input key, the
/// layout Go writes, and the fourx parse op with its output key.
struct Shape {
    go_type: &'static str,
    render: (&'static str, &'static str),
    indent: bool,
    parse: Option<(&'static str, &'static str)>,
    make: fn(&mut Rng) -> Value,
}

const SHAPES: &[Shape] = &[
    Shape {
        go_type: "verify",
        render: ("evidence.render_verify", "verify"),
        indent: true,
        parse: Some(("evidence.parse_verify", "verify")),
        make: gen_verify,
    },
    Shape {
        go_type: "baseline",
        render: ("workspace.render_baseline", "baseline"),
        indent: true,
        parse: Some(("workspace.parse_baseline", "baseline")),
        make: gen_baseline,
    },
    Shape {
        go_type: "angles",
        render: ("angles.render_selection", "selection"),
        indent: true,
        parse: Some(("angles.parse_selection", "selection")),
        make: gen_angles,
    },
    Shape {
        go_type: "escalation",
        render: ("workspace.render_escalation", "escalation"),
        indent: false,
        parse: Some(("workspace.parse_escalation", "escalation")),
        make: gen_escalation,
    },
    Shape {
        go_type: "event",
        render: ("workspace.render_event", "event"),
        indent: false,
        parse: None,
        make: gen_event,
    },
];

fn fourx_render(shape: &Shape, value: &Value) -> Result<String, String> {
    let (op, key) = shape.render;
    let mut input = json!({ key: value });
    if shape.go_type == "event" {
        input["now"] = json!("2026-01-01T00:00:00Z");
    }
    fourx(op, input).map(|v| {
        v.get("text")
            .or_else(|| v.get("line"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    })
}

#[test]
fn run_files_and_events_render_the_bytes_go_encoding_json_writes() {
    let Some(mut o) = oracle() else { return };
    let mut t = Tally::default();
    let mut rng = Rng::new(2);
    for shape in SHAPES {
        for _ in 0..1500 {
            let value = (shape.make)(&mut rng);
            t.cases += 1;
            let go = o.ask(
                "json.encode",
                json!({"type": shape.go_type, "value": value}),
            );
            let ours = fourx_render(shape, &value);
            let field = if shape.indent { "indent" } else { "compact" };
            match (&go, &ours) {
                (Ok(g), Ok(f)) if g[field].as_str() == Some(f.as_str()) => {}
                (Ok(g), Ok(f)) if g[field].as_str() == Some(as_go119(f).as_str()) => {
                    t.deliberate(Deliberate::GoVersionBackspaceFormfeed)
                }
                _ => t.fail(format!(
                    "{} of {value}\n  go:    {go:?}\n  fourx: {ours:?}",
                    shape.render.0
                )),
            }
            // What fourx writes, Go and fourx read back to the same value.
            if let (Some((op, key)), Ok(f)) = (shape.parse, &ours) {
                let g = o.ask("json.decode", json!({"type": shape.go_type, "text": f}));
                let b = fourx(op, json!({"text": f})).map(|v| v[key].clone());
                match (&g, &b) {
                    (Ok(g), Ok(b)) if json_eq(g, b) => {}
                    _ => t.fail(format!(
                        "{op} read-back of {f:?}\n  go:    {g:?}\n  fourx: {b:?}"
                    )),
                }
            }
        }
    }
    t.finish("run files render");
}

/// Hostile JSON texts for the run-file readers.
const HOSTILE_JSON: &[&str] = &[
    "",
    "null",
    "{}",
    "[]",
    "1",
    "\"x\"",
    "{} x",
    "\u{feff}{}",
    "{\"round\": 1.5}",
    "{\"round\": 1e2}",
    "{\"round\": -0}",
    "{\"round\": 9223372036854775808}",
    "{\"round\": \"1\"}",
    "{\"passed\": \"true\"}",
    "{\"passed\": null, \"passed\": true}",
    "{\"passed\": true, \"passed\": null}",
    "{\"Passed\": true, \"ROUND\": 3}",
    "{\"commands\": [null]}",
    "{\"commands\": null}",
    "{\"commands\": {}}",
    "{\"commands\": [{\"startedAt\": \"2024-01-01\"}]}",
    "{\"commands\": [{\"startedAt\": \"2024-01-01T00:00:00z\"}]}",
    "{\"commands\": [{\"startedAt\": \"2024-01-01T24:00:00Z\"}]}",
    "{\"commands\": [{\"startedAt\": \"2024-01-01T00:00:00.1234567891Z\"}]}",
    "{\"commands\": [{\"startedAt\": \"2024-01-01T00:00:00+24:00\"}]}",
    "{\"commands\": [{\"startedAt\": null, \"expectedExitCode\": null}]}",
    "{\"commands\": [{\"expectedExitCode\": 0}]}",
    "{\"commands\": [{\"startedAt\": 5}]}",
    "{\"createdAt\": \"2026-02-30T00:00:00Z\"}",
    "{\"createdAt\": \"2026-01-01T00:00:00-00:00\"}",
    "{\"repos\": [{\"dirtyFiles\": [null, \"a\"]}]}",
    "{\"repos\": [{\"dirtyFiles\": [1]}]}",
    "{\"selected_angles\": [1, \"2\"]}",
    "{\"selected_angles\": [1.0]}",
    "{\"selected_angles\": [null, 3]}",
    "{\"total_angles\": 11, \"force_all\": 1}",
    "{\"matches\": [{\"angles\": [1, 2], \"file\": \"\\ud800\"}]}",
    "{\"needed\": true, \"reason\": \"blocker\", \"detail\": \"a\\u0000b\"}",
    "{\"needed\": \"yes\"}",
    "{\"reason\": [\"x\"]}",
    "{\"detail\": \"\\ud83d\\ude00\\udc00\"}",
    "{\"ac_results\": [{\"evidence\": null, \"verify_type\": 3}]}",
    "{\"manual_check_results\": [{\"id\": \"m\", \"passed\": true, \"evidence\": [\"\"]}]}",
    "{\"screenshots\": [{\"path\": 1}]}",
    "{\"screenshots\": null, \"ac_results\": []}",
    "{\"a\": [[[[[[[[[[]]]]]]]]]], \"round\": 2}",
    "{\"round\": 2,}",
    "{'round': 2}",
    "{\"round\": 2}\n",
    " \t\r\n{\"round\": 2} \n",
    "{\"role\": \"\\u00e9\\n\\t\"}",
];

#[test]
fn run_files_decode_as_go_encoding_json_decodes_them() {
    let Some(mut o) = oracle() else { return };
    let mut t = Tally::default();
    for shape in SHAPES {
        let Some((op, key)) = shape.parse else {
            continue;
        };
        for text in HOSTILE_JSON {
            t.cases += 1;
            let go = o.ask("json.decode", json!({"type": shape.go_type, "text": text}));
            let ours = fourx(op, json!({"text": text})).map(|v| v[key].clone());
            match (&go, &ours) {
                (Ok(g), Ok(f)) if json_eq(g, f) => {}
                (Err(_), Err(_)) => {}
                (Ok(_), Err(_)) if text.contains("+24:") || text.contains("-24:") => {
                    t.deliberate(Deliberate::GoVersionStrictRfc3339)
                }
                _ => t.fail(format!("{op} {text:?}\n  go:    {go:?}\n  fourx: {ours:?}")),
            }
        }
    }
    t.finish("run files decode");
}

/// Test-strategy templates; `{}` is replaced by a raw fragment.
const STRATEGY_TEMPLATES: &[&str] = &[
    "web: {}\n",
    "gate: {}\ncoder_only: true\n",
    "verify_commands: {}\n",
    "verify_commands:\n  - {}\n  - make test\n",
    "health_check:\n  commands: [{}]\n  timeout: 5\n",
    "health_check:\n  timeout: {}\n",
    "health_check: {}\n",
    "verify_groups:\n  unit: [{}]\n  {}: [x]\n",
    "profiles: [{}]\n",
    "manual_checks:\n  - id: {}\n    steps: [a, {}]\n",
    "manual_checks: [{}]\n",
    "ac_verify_map:\n  AC1: {}\n",
    "ac_verify_map:\n  {}: skip\n",
    "e2e_repos: {}\n",
];

#[test]
fn test_strategy_yaml_decodes_as_yaml_v3_decodes_into_the_go_struct() {
    let Some(mut o) = oracle() else { return };
    let mut t = Tally::default();
    let texts = HOSTILE_DOCS.iter().map(|d| d.to_string()).chain(
        STRATEGY_TEMPLATES
            .iter()
            .flat_map(|tpl| RAW_SCALARS.iter().map(move |raw| tpl.replace("{}", raw))),
    );
    for text in texts {
        t.cases += 1;
        let go = o.ask(
            "yaml.decode",
            json!({"type": "test_strategy", "text": text}),
        );
        let ours = fourx("test_strategy.parse", json!({"text": text}))
            .map(|v| v.get("test_strategy").cloned().unwrap_or(Value::Null));
        match (&go, &ours) {
            (Ok(g), Ok(f)) if json_eq(g, f) => {}
            (Err(_), Err(_)) => {}
            (Ok(g), Err(_)) if priority_out_of_range(g, &text) => {
                t.deliberate(Deliberate::D2PriorityFloatOutOfRange)
            }
            _ => t.fail(format!(
                "test_strategy.parse {text:?}\n  go:    {go:?}\n  fourx: {ours:?}"
            )),
        }
    }
    t.finish("test-strategy YAML decode");
}

// ---------------------------------------------------------------------------------------------
// Feature-id minting (features::ids) against Go's regexp, strings.ToLower, strconv.Atoi and fmt.

/// Characters that stress the slug: ASCII, the two non-ASCII letters whose simple lower case is
/// ASCII (U+0130, U+212A), other scripts, separators and digits.
const ID_CHARS: &[&str] = &[
    "a", "Z", "7", " ", "-", "_", ".", "\u{130}", "\u{212A}", "\u{17F}", "é", "ß", "日",
    "\u{2028}", "\t", "F", "f", "0", "!", "--",
];

fn id_text(rng: &mut Rng, max: usize) -> String {
    (0..rng.below(max + 1))
        .map(|_| *rng.pick(ID_CHARS))
        .collect()
}

fn id_list(rng: &mut Rng, prefix: &str) -> Vec<String> {
    (0..rng.below(6))
        .map(|_| {
            let p = if rng.chance(80) {
                prefix.to_string()
            } else {
                id_text(rng, 2)
            };
            let digits = if rng.chance(5) {
                "99999999999999999999".to_string()
            } else {
                rng.below(2000).to_string()
            };
            let tail = match rng.below(4) {
                0 => String::new(),
                1 => format!("-{}", id_text(rng, 4)),
                _ => id_text(rng, 3),
            };
            format!("{p}{digits}{tail}")
        })
        .collect()
}

#[test]
fn feature_ids_are_minted_as_4x_mints_them_in_go() {
    let Some(mut o) = oracle() else { return };
    let mut rng = Rng::new(3);
    let mut t = Tally::default();
    for _ in 0..1500 {
        t.cases += 1;
        let prefix = *rng.pick(&["", "F", "ws-", "a.b", "\u{130}x"]);
        let digits = *rng.pick(&[0, -1, 1, 3, 5]);
        let ids = id_list(&mut rng, if prefix.is_empty() { "F" } else { prefix });
        let name = id_text(&mut rng, 40);
        let slug = if rng.chance(50) {
            format!(
                "{}{}-{}",
                rng.pick(&["f", "F", "WS-", "x"]),
                rng.below(100),
                id_text(&mut rng, 30)
            )
        } else {
            id_text(&mut rng, 30)
        };
        let go = o.ask(
            "id.mint",
            json!({"prefix": prefix, "digits": digits, "ids": ids, "name": name, "slug": slug}),
        );
        let cfg = json!({"feature_id_prefix": prefix, "feature_id_digits": digits});
        let by_name = fourx(
            "feature.next_id",
            json!({"ids": ids, "name": name, "config": cfg}),
        );
        let by_slug = fourx(
            "feature.next_id",
            json!({"ids": ids, "name": name, "slug": slug, "config": cfg}),
        );
        let ours = match (&by_name, &by_slug) {
            (Ok(n), Ok(s)) => Ok(
                json!({"number": n["number"], "id": n["id"], "name": n["name"],
                                        "slug_id": if slug.is_empty() { n["id"].clone() } else { s["id"].clone() }}),
            ),
            (Err(e), _) | (_, Err(e)) => Err(e.clone()),
        };
        let go = go.map(|mut g| {
            if slug.is_empty() {
                g["slug_id"] = g["id"].clone();
            }
            g
        });
        match (&go, &ours) {
            (Ok(g), Ok(f)) if json_eq(g, f) => {}
            _ => t.fail(format!(
                "feature.next_id prefix={prefix:?} digits={digits} ids={ids:?} name={name:?} slug={slug:?}\n  go:    {go:?}\n  fourx: {ours:?}"
            )),
        }
    }
    t.finish("feature-id minting");
}

// ---------------------------------------------------------------------------------------------
// The backlog mirror: `priority` is `*int` (an explicit 0 is a value, absent and null are nil).

#[test]
fn backlog_mirror_decodes_priority_as_go_decodes_a_pointer() {
    let Some(mut o) = oracle() else { return };
    let mut t = Tally::default();
    let priorities = [
        "",
        r#","priority":0"#,
        r#","priority":null"#,
        r#","priority":-3"#,
        r#","priority":7"#,
        r#","priority":1.5"#,
        r#","priority":"2""#,
        r#","priority":1e2"#,
        r#","Priority":0"#,
        r#","priority":0,"priority":null"#,
        r#","priority":true"#,
    ];
    for p in priorities {
        for area in ["", r#","area":"core""#] {
            t.cases += 1;
            let text = format!(
                r#"{{"version":1,"features":[{{"id":"a","name":"n","status":"s"{area}{p}}}]}}"#
            );
            let go = o.ask(
                "json.decode",
                json!({"type": "backlog_mirror", "text": text}),
            );
            let ours =
                fourx("backlog.parse_mirror", json!({"text": text})).map(|v| v["mirror"].clone());
            match (&go, &ours) {
                (Ok(g), Ok(f)) if json_eq(g, f) => {}
                (Err(_), Err(_)) => {}
                _ => t.fail(format!(
                    "backlog.parse_mirror {text:?}\n  go:    {go:?}\n  fourx: {ours:?}"
                )),
            }
        }
    }
    t.finish("backlog mirror decode");
}

// ---------------------------------------------------------------------------------------------
// Block scalars with Unicode line breaks: yaml.v3 treats NEL, LS and PS as breaks in its scanner;
// in folded (`>`) blocks it keeps LS/PS and folds only `\n`/`\r`/NEL, with chomping and
// indentation indicators on top.

#[test]
fn block_scalars_with_unicode_breaks_decode_as_yaml_v3_decodes_them() {
    let Some(mut o) = oracle() else { return };
    let mut t = Tally::default();
    let mut rng = Rng::new(4);
    let headers = [">", ">-", ">+", "|", "|-", "|+", ">2", "|2-", ">+1"];
    let pieces = [
        "a",
        "b c",
        "\u{2028}",
        "\u{2029}",
        "\u{85}",
        "\n",
        "\n\n",
        "\n  ",
        "\n   x",
        " ",
        "\t",
        "\u{2028}\n",
        "\n\u{2028}",
        "x\u{2028}y",
        "\r\n",
    ];
    for _ in 0..1500 {
        let header = *rng.pick(&headers);
        let body: String = (0..1 + rng.below(6)).map(|_| *rng.pick(&pieces)).collect();
        let body = body.replace('\n', "\n  ");
        let tail = *rng.pick(&["", "\n", "\nstatus: done\n", "\n\n"]);
        let text = format!("id: F1\ndescription: {header}\n  {body}{tail}");
        check_feature_decode(&mut o, &mut t, &text);
        let seq = format!(
            "id: F1\nrules:\n  - {header}\n    {}{tail}",
            body.replace("\n  ", "\n    ")
        );
        check_feature_decode(&mut o, &mut t, &seq);
    }
    t.finish("block scalars with Unicode breaks");
}

// ---------------------------------------------------------------------------------------------
// Generated documents of three shapes where yaml.v3's scanner has rules of its own: lines whose
// indentation holds a tab (comment, blank and content lines), text after the first document
// (yaml.v3 reads only the first, but scans a few tokens past its end), and block scalars whose
// header follows a tab.

/// Small valid feature documents, one line per entry, that the generators cut and extend.
const BASE_DOCS: &[&[&str]] = &[
    &["id: F1", "name: x"],
    &["id: 'F1'", "name: \"x\"", "status: done"],
    &["id: F1", "repos:", "  - a", "  - 'b'"],
    &["id: F1", "repos:", "- a", "- b"],
    &[
        "id: F1",
        "description: |",
        "  line one",
        "  line two",
        "name: n",
    ],
    &[
        "id: F1",
        "hooks:",
        "  pre:",
        "    - run: x",
        "      on_fail: warn",
    ],
    &["id: F1", "subtasks:", "  - id: s", "    name: n"],
    &["id: F1", "repos: [a, b]", "name: x # c"],
    &["id: F1 # c", "name: x"],
    &["# head", "id: F1", "name: x"],
    &["id: F1", "name: plain", "  continued"],
    &["id: F1", "rules:", "  - >", "    folded"],
];

/// Lines inserted between the lines of a base document: comments and blank lines whose
/// leading blanks hold a tab, and the plain comments and blank lines around them.
const TAB_LINES: &[&str] = &[
    "\t# c",
    "\t#",
    " \t# c",
    "  \t# c",
    "\t  # c",
    "\t\t# c",
    "    \t# c",
    "\t",
    " \t",
    "  \t ",
    "\t ",
    "# c",
    "  # c",
    "",
    "  ",
    "\tx: y",
    "\t- a",
];

/// Texts after a first document's marker line (or on it, after `--- `).
const AFTER_FIRST: &[&str] = &[
    "id: F2",
    "id: 'F2",
    "\"F2",
    ": x",
    "- a",
    "\t- a",
    "\t# c",
    "# c\n\t# d",
    "[",
    "{a: [",
    "]",
    "}",
    "a: b: c",
    "!",
    "!!str",
    "!<x",
    "&",
    "&a",
    "*",
    "*a",
    "@x",
    "`x",
    "%x",
    "%YAML 1.1",
    "%YAML 1.2",
    "%YAML x",
    "%TAG ! x",
    "|\n  x",
    "|0\n  x",
    "|x",
    ">\n\tx",
    "|\n  x\n\ty",
    "? a",
    "a\n\tb",
    "a\n  b: c",
    "\"\\q\"",
    "'a''",
    "x\u{1}",
    "---",
    "...",
    "--- x",
    "id: F2\nid: F3",
    "id: F2\n  name: x",
    "- a\nb: c",
    "a: &x\n  b: *y",
    "\u{feff}id: F2",
];

/// Block scalar headers preceded or followed by tabs, with their bodies.
const TAB_BLOCK_HEADERS: &[&str] = &[
    "\t|", "\t>", "\t|-", "\t>+", "\t|2", " \t|", "\t |", " |\t", " |-\t", " >\t# c", "\t|\t",
    "\t|\t# c", " |2\t",
];

const TAB_BLOCK_BODIES: &[&str] = &[
    "\n  x\n",
    "\n  x\n  y\n",
    "\n  x\n\n",
    "\n\n  x\n",
    "\n  x\n\n  y\n",
    "\n   x\n",
    "\n  x",
    "\n",
    "\n  \tx\n",
    "\n  x\n \n",
];

#[test]
fn tab_lines_trailing_documents_and_tabbed_block_headers_decode_as_yaml_v3_decodes_them() {
    let Some(mut o) = oracle() else { return };
    let mut t = Tally::default();
    let mut rng = Rng::new(5);
    for _ in 0..2500 {
        let base = *rng.pick(BASE_DOCS);
        // Tab lines: one or two inserted at random line boundaries.
        let mut lines: Vec<String> = base.iter().map(|s| s.to_string()).collect();
        for _ in 0..1 + rng.below(2) {
            let at = rng.below(lines.len() + 1);
            lines.insert(at, (*rng.pick(TAB_LINES)).to_string());
        }
        let mut text = lines.join("\n");
        if rng.chance(80) {
            text.push('\n');
        }
        check_feature_decode(&mut o, &mut t, &text);

        // Text after the first document.
        let mut doc = base.join("\n");
        doc.push('\n');
        let marker = *rng.pick(&["---", "...", "--- ", "---\t", "--- # c", "...\t# c"]);
        let tail = *rng.pick(AFTER_FIRST);
        let text = match rng.below(3) {
            0 if marker.starts_with("---") => format!("{doc}--- {tail}\n"),
            1 => format!("{doc}{marker}\n{tail}"),
            _ => format!("{doc}{marker}\n{tail}\n"),
        };
        check_feature_decode(&mut o, &mut t, &text);

        // A block scalar whose header follows a tab.
        let key = *rng.pick(&["description:", "name:", "rules:\n  -", "repos:\n-"]);
        let header = *rng.pick(TAB_BLOCK_HEADERS);
        let body = *rng.pick(TAB_BLOCK_BODIES);
        let body = if key.ends_with('-') {
            body.replace("\n  ", "\n    ")
        } else {
            body.to_string()
        };
        let tail = *rng.pick(&["", "status: done\n", "# c\n"]);
        let text = format!("id: F1\n{key}{header}{body}{tail}");
        check_feature_decode(&mut o, &mut t, &text);
    }
    t.finish("tab lines, trailing documents and tabbed block headers");
}

/// Documents composed of random block, flow and scalar lines with tab lines among them and text
/// after the first document (after a marker, or after a root node that ends early: a less
/// indented line under an indented root, anything after a flow root).
#[test]
fn composed_documents_with_tab_lines_and_text_after_the_root_decode_as_yaml_v3_decodes_them() {
    let Some(mut o) = oracle() else { return };
    let mut t = Tally::default();
    let mut rng = Rng::new(6);
    let pool: &[&str] = &[
        "id: F1",
        "name: x",
        "name: 'q'",
        "name: \"d\"",
        "repos:",
        "  - a",
        "  - 'b'",
        "- c",
        "  - [a, b]",
        "hooks:",
        "  pre:",
        "    - run: x",
        "      on_fail: warn",
        "description: |",
        "  lit",
        "  more",
        "description: >-",
        "  fold",
        "rules: [a,",
        "  b]",
        "status: done # c",
        "  cont",
        "# top",
        "  # ind",
        "subtasks:",
        "  - id: s",
        "    name: n",
        "    depends: [x]",
        "deps: &a [x]",
        "other: *a",
        "k: !!str 3",
        "? q",
        ": v",
        "name: a\\tb",
        "x: {a: b,",
        "  c: d}",
        "- - n",
        "  - m",
    ];
    let tabs: &[&str] = &[
        "\t# c",
        " \t# c",
        "\t",
        "  \t",
        "\t\t#",
        "   \t # c",
        "\tx",
        "\t- y",
        " \t\t",
    ];
    let tails: &[&str] = &[
        "id: F2",
        "'x",
        "\"y",
        "[",
        "{",
        ": z",
        "- w",
        "\t",
        "# c",
        "\t# c",
        "&",
        "*",
        "!",
        "!<",
        "|",
        "|0",
        ">\n\t x",
        "%",
        "%YAML 1.1",
        "%TAG !a! b",
        "@",
        "`",
        "a b: c",
        "? k",
        "\"\\q\"",
        "x\n  y: z",
        "---",
        "...",
        "- - a",
        "[a, {b: c}]",
        "|\n x\n\ty",
    ];
    for _ in 0..4000 {
        let n = 2 + rng.below(6);
        let mut lines: Vec<String> = (0..n).map(|_| (*rng.pick(pool)).to_string()).collect();
        for _ in 0..rng.below(3) {
            let at = rng.below(lines.len() + 1);
            lines.insert(at, (*rng.pick(tabs)).to_string());
        }
        let mut text = lines.join(if rng.chance(10) { "\r\n" } else { "\n" });
        text.push('\n');
        if rng.chance(40) {
            let marker = *rng.pick(&["---", "...", "--- ", "---\t", "--- # c"]);
            text.push_str(marker);
            for _ in 0..1 + rng.below(2) {
                text.push(*rng.pick(&['\n', ' ']));
                let tail = *rng.pick(tails);
                text.push_str(tail);
            }
            if rng.chance(50) {
                text.push('\n');
            }
        }
        check_feature_decode(&mut o, &mut t, &text);
    }
    t.finish("composed documents with tab lines and trailing text");
}
