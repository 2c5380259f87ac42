//! The router bench's inputs and floors, shared by `benches/benches/router.rs` (criterion) and
//! `benches/examples/instr.rs` (callgrind instruction counts).
//!
//! The floors do everything a parser of the same text must do at the least, on the whole input
//! and inside the measured call: find the `CONTRACT {...}` envelope on line 1 and parse it with
//! serde_json, find the YAML block the parser reads (the last ```` ```yaml ```` block, or the
//! verifier's `EVIDENCE:` block) and parse it with our YAML tree (`yaml::parse_document`), and —
//! for [`floor_plus_lines`] — split the whole text into lines once, or — for
//! [`floor_plus_fences`], the write contracts' floor — find every fence and heading line, the
//! lines a correct write-contract parser must read (which block is the contract depends on every
//! fence and heading before it), by one SIMD search for their first bytes.

use std::hint::black_box;

use fourx_core::protocol::codec::yaml;
use fourx_core::router::{contract, edition::Edition, readonly, Agent};

/// A 1.4 KB code-reviewer output.
pub const REVIEWER: &str = include_str!("../fixtures/reviewer.md");
/// A 2.1 KB integration-verifier output.
pub const VERIFIER: &str = include_str!("../fixtures/verifier.md");
/// A 1.9 KB component-builder output.
pub const BUILDER: &str = include_str!("../fixtures/builder.md");

/// About 1 MB: the reviewer output with its Findings section repeated.
pub fn big_reviewer() -> String {
    let mut s = String::from(REVIEWER);
    let finding = "### Findings\n- Category: maintainability\n- Evidence: src/a/b.ts:41 duplicates src/c/d.ts:17\n\n";
    while s.len() < 1 << 20 {
        s.push_str(finding);
    }
    s
}

/// About 1 MB: prose and code before the builder's contract block.
pub fn big_builder() -> String {
    let mut s = String::new();
    let prose = "### Notes\n- Rendered the page server-side; see src/routes/profile.tsx:12\n```ts\nexport const x = 1;\n```\n";
    while s.len() < 1 << 20 {
        s.push_str(prose);
    }
    s.push_str(BUILDER);
    s
}

/// One bench input.
#[derive(Debug)]
pub struct Case {
    /// The bench parameter, e.g. `reviewer_2k`.
    pub name: &'static str,
    /// The agent whose output it is.
    pub agent: Agent,
    /// A write contract (else a read-only output).
    pub write: bool,
    /// The output.
    pub text: String,
}

/// The five inputs: reviewer, verifier and builder at ~2 KB, reviewer and builder at ~1 MB.
pub fn cases() -> Vec<Case> {
    let case = |name, agent, write, text: String| Case {
        name,
        agent,
        write,
        text,
    };
    vec![
        case("reviewer_2k", Agent::CodeReviewer, false, REVIEWER.into()),
        case(
            "verifier_2k",
            Agent::IntegrationVerifier,
            false,
            VERIFIER.into(),
        ),
        case("builder_2k", Agent::ComponentBuilder, true, BUILDER.into()),
        case("reviewer_1m", Agent::CodeReviewer, false, big_reviewer()),
        case("builder_1m", Agent::ComponentBuilder, true, big_builder()),
    ]
}

/// The envelope JSON (after `CONTRACT ` on line 1) and the YAML block the parser reads, if any:
/// the last ```` ```yaml ```` block (write contracts) or the verifier's `EVIDENCE:` block.
pub fn parts(text: &str) -> (Option<&str>, Option<&str>) {
    let envelope = text
        .split('\n')
        .next()
        .and_then(|l| l.strip_prefix("CONTRACT "));
    let block = if let Some(i) = text.rfind("```yaml\n") {
        text.get(i + 8..)
    } else {
        text.find("```\nEVIDENCE:").and_then(|i| text.get(i + 4..))
    };
    (envelope, block.and_then(|b| b.split("```").next()))
}

/// The floor: locate the envelope and the YAML block in `text`, parse the envelope with
/// serde_json and the block with our YAML tree.
pub fn floor(text: &str, limits: &yaml::Limits) -> usize {
    let (envelope, block) = parts(text);
    let mut n = 0;
    if let Some(e) = envelope {
        let v: serde_json::Value = serde_json::from_str(e).unwrap_or_default();
        n += v.as_object().map_or(0, serde_json::Map::len);
    }
    if let Some(b) = block {
        n += usize::from(black_box(yaml::parse_document(b, limits)).is_ok());
    }
    n
}

/// [`floor`] plus one split of the whole text into lines.
pub fn floor_plus_lines(text: &str, limits: &yaml::Limits) -> usize {
    floor(text, limits) + black_box(text.split('\n').count())
}

/// The fence and heading lines of `text`: every line whose first byte after blanks is `` ` ``,
/// `~` or `#` (a fence opener or closer, a heading), found by `memchr3` from the previous hit, with
/// a look back over the blanks before each hit; a line that is one reads its run of that byte (the
/// fence's length, the heading's level) and the search goes on after it. That is the least a
/// write-contract parser reads of the text before its block (which block is the contract depends
/// on every fence and heading): it does not track fences or read info words or titles.
pub fn fence_heading_lines(text: &str) -> usize {
    let b = text.as_bytes();
    let (mut n, mut i) = (0, 0);
    while let Some(k) = memchr::memchr3(b'`', b'~', b'#', &b[i..]) {
        let at = i + k;
        let mut j = at;
        while j > 0 && matches!(b[j - 1], b' ' | b'\t') {
            j -= 1;
        }
        i = at + 1;
        if j == 0 || b[j - 1] == b'\n' {
            n += 1;
            while i < b.len() && b[i] == b[at] {
                i += 1;
            }
        }
    }
    n
}

/// [`floor`] plus the fence and heading lines ([`fence_heading_lines`]): the write contracts'
/// floor.
pub fn floor_plus_fences(text: &str, limits: &yaml::Limits) -> usize {
    floor(text, limits) + black_box(fence_heading_lines(text))
}

/// The parser of the case (`parse_write_contract` or `parse_readonly_output`, edition 11.0.0);
/// panics if the fixture does not parse.
pub fn parse(case: &Case, text: &str) -> usize {
    if case.write {
        contract::parse(Edition::V11, case.agent, text)
            .map(|c| c.fields.len())
            .expect("the bench fixture is a valid contract")
    } else {
        readonly::parse(Edition::V11, case.agent, text, None)
            .map(|r| r.intent.len())
            .expect("the bench fixture is a valid read-only output")
    }
}
