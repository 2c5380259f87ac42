#![allow(missing_docs)] // criterion_group! generates undocumented items
//! Router output parsing: `parse_readonly_output` and `parse_write_contract` on realistic 1.4–2.2 KB
//! agent outputs and on 1 MB outputs, against the floor the issue names — `serde_json` parse of
//! the `CONTRACT {...}` envelope plus the YAML parse (our tree, `yaml::parse_document`) of the
//! contract block, both pre-extracted — and against that floor plus one split of the text into
//! lines (the least any parser that must look at every line pays). Targets: ≤ 50 µs for the
//! 2 KB outputs, ≤ 1.5 × floor, linear in size (per-byte cost at 1 MB ≤ 1.5 × that at 2 KB).

use criterion::{BenchmarkId, Criterion};
use std::hint::black_box;

use fourx_benches::{report, Id, Row, Target};
use fourx_core::protocol::codec::yaml;
use fourx_core::router::{contract, edition::Edition, readonly, Agent};

const REVIEWER: &str = include_str!("../fixtures/reviewer.md");
const VERIFIER: &str = include_str!("../fixtures/verifier.md");
const BUILDER: &str = include_str!("../fixtures/builder.md");

/// About 1 MB: the reviewer output with its Findings section repeated.
fn big_reviewer() -> String {
    let mut s = String::from(REVIEWER);
    let finding = "### Findings\n- Category: maintainability\n- Evidence: src/a/b.ts:41 duplicates src/c/d.ts:17\n\n";
    while s.len() < 1 << 20 {
        s.push_str(finding);
    }
    s
}

/// About 1 MB: prose and code before the builder's contract block.
fn big_builder() -> String {
    let mut s = String::new();
    let prose = "### Notes\n- Rendered the page server-side; see src/routes/profile.tsx:12\n```ts\nexport const x = 1;\n```\n";
    while s.len() < 1 << 20 {
        s.push_str(prose);
    }
    s.push_str(BUILDER);
    s
}

const GROUP: &str = "router";

/// The envelope JSON (after `CONTRACT ` on line 1) and the YAML block the parser reads, if any:
/// the last ```` ```yaml ```` block (write contracts) or the verifier's `EVIDENCE:` block.
fn parts(text: &str) -> (Option<&str>, Option<&str>) {
    let envelope = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("CONTRACT "));
    let block = if let Some(i) = text.rfind("```yaml\n") {
        text.get(i + 8..)
    } else {
        text.find("```\nEVIDENCE:").and_then(|i| text.get(i + 4..))
    };
    (envelope, block.and_then(|b| b.split("```").next()))
}

/// The floor: parse the envelope with serde_json and the contract block with our YAML tree.
fn floor(envelope: Option<&str>, block: Option<&str>, limits: &yaml::Limits) -> usize {
    let mut n = 0;
    if let Some(e) = envelope {
        let v: serde_json::Value = serde_json::from_str(e).unwrap();
        n += v.as_object().map_or(0, serde_json::Map::len);
    }
    if let Some(b) = block {
        black_box(yaml::parse_document(b, limits).unwrap());
        n += 1;
    }
    n
}

struct Case {
    name: &'static str,
    agent: Agent,
    write: bool,
    text: String,
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "reviewer_2k",
            agent: Agent::CodeReviewer,
            write: false,
            text: REVIEWER.into(),
        },
        Case {
            name: "verifier_2k",
            agent: Agent::IntegrationVerifier,
            write: false,
            text: VERIFIER.into(),
        },
        Case {
            name: "builder_2k",
            agent: Agent::ComponentBuilder,
            write: true,
            text: BUILDER.into(),
        },
        Case {
            name: "reviewer_1m",
            agent: Agent::CodeReviewer,
            write: false,
            text: big_reviewer(),
        },
        Case {
            name: "builder_1m",
            agent: Agent::ComponentBuilder,
            write: true,
            text: big_builder(),
        },
    ]
}

fn router(c: &mut Criterion, cases: &[Case]) {
    let limits = yaml::Limits::UNTRUSTED;
    let mut g = c.benchmark_group(GROUP);
    for case in cases {
        let (envelope, block) = parts(&case.text);
        g.bench_with_input(
            BenchmarkId::new("floor_envelope_yaml", case.name),
            &(),
            |b, ()| b.iter(|| black_box(floor(black_box(envelope), black_box(block), &limits))),
        );
        g.bench_with_input(
            BenchmarkId::new("floor_plus_lines", case.name),
            &case.text,
            |b, t| {
                b.iter(|| {
                    black_box(floor(black_box(envelope), black_box(block), &limits))
                        + black_box(t.split('\n').count())
                })
            },
        );
        let agent = case.agent;
        if case.write {
            g.bench_with_input(BenchmarkId::new("parse", case.name), &case.text, |b, t| {
                b.iter(|| black_box(contract::parse(Edition::V11, agent, black_box(t)).unwrap()))
            });
        } else {
            g.bench_with_input(BenchmarkId::new("parse", case.name), &case.text, |b, t| {
                b.iter(|| {
                    black_box(readonly::parse(Edition::V11, agent, black_box(t), None).unwrap())
                })
            });
        }
    }
    g.finish();
}

fn main() {
    let cases = cases();
    let mut c = Criterion::default().configure_from_args();
    router(&mut c, &cases);
    c.final_summary();
    let mut rows = Vec::new();
    for case in &cases {
        let what = if case.write {
            "parse_write_contract"
        } else {
            "parse_readonly_output"
        };
        let label = format!("{what} {} ({} B)", case.name, case.text.len());
        if case.name.ends_with("_2k") {
            rows.push(Row::single(
                &label,
                Id::new(GROUP, "parse", case.name),
                Target::NsAtMost(50_000.0),
            ));
        }
        rows.push(Row::ratio(
            &format!("{label} / envelope+YAML"),
            Id::new(GROUP, "parse", case.name),
            Id::new(GROUP, "floor_envelope_yaml", case.name),
            Target::RatioAtMost(1.5),
        ));
        rows.push(Row::ratio(
            &format!("{label} / envelope+YAML+lines"),
            Id::new(GROUP, "parse", case.name),
            Id::new(GROUP, "floor_plus_lines", case.name),
            Target::None,
        ));
    }
    for (big, small) in [("reviewer_1m", "reviewer_2k"), ("builder_1m", "builder_2k")] {
        let len = |n: &str| {
            cases
                .iter()
                .find(|c| c.name == n)
                .map_or(1.0, |c| c.text.len() as f64)
        };
        rows.push(
            Row::ratio(
                &format!("per-byte cost {big} / {small}"),
                Id::new(GROUP, "parse", big),
                Id::new(GROUP, "parse", small),
                Target::RatioAtMost(1.5),
            )
            .scaled(len(small) / len(big)),
        );
    }
    report("router", &rows);
}
