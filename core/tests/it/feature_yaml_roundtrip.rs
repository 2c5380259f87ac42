//! Feature YAML round trips (features.md §4, §6): whatever strings, keys and numbers a feature
//! holds, `render_yaml` writes text that `parse_yaml` reads back to the same feature, and
//! rendering that again gives the same bytes. Refused keys (D4) are the only exception.

use std::collections::BTreeMap;

use fourx_core::features::feature_yaml::{parse_feature, render_feature};
use fourx_core::protocol::config::{Budget, HookEntry};
use fourx_core::protocol::feature::{Feature, IssueRef, PhaseOverride, Subtask};
use proptest::prelude::*;

/// Strings mixing the characters that decide YAML styles: indicators, quotes, spaces, breaks
/// (LF, CR, NEL, LS, PS), tabs, controls, BOM, non-ASCII and astral characters, and words YAML
/// resolves (null, true, yes, numbers, dates).
fn tricky() -> impl Strategy<Value = String> {
    let atoms = prop::sample::select(vec![
        "a",
        "Z",
        "0",
        "1",
        "-",
        ":",
        "#",
        " ",
        "  ",
        "\n",
        "\r",
        "\t",
        "'",
        "\"",
        "\\",
        "[",
        "]",
        "{",
        "}",
        ",",
        "&",
        "*",
        "!",
        "|",
        ">",
        "%",
        "@",
        "`",
        "?",
        "~",
        ".",
        "_",
        "é",
        "中",
        "😀",
        "\u{85}",
        "\u{2028}",
        "\u{2029}",
        "\u{feff}",
        "\u{1}",
        "\u{7f}",
        "\u{a0}",
        "null",
        "true",
        "yes",
        "No",
        "on",
        "0x1F",
        "017",
        "1e3",
        "2024-01-01",
        "1:30",
        "---",
        "...",
        ".inf",
        "<<",
        "=",
    ]);
    prop::collection::vec(atoms, 0..8).prop_map(|v| v.concat())
}

fn key() -> impl Strategy<Value = String> {
    tricky().prop_filter("simple keys only (D4)", |k| {
        k.len() <= 128 && !k.contains(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}'])
    })
}

fn opt_list<T: std::fmt::Debug + Clone>(
    s: impl Strategy<Value = T>,
) -> impl Strategy<Value = Option<Vec<T>>> {
    prop::option::of(prop::collection::vec(s, 1..3))
}

/// A budget: absent, or any finite cost (fractions, huge and tiny values, zero = not written)
/// and any token and run counts.
fn budget() -> impl Strategy<Value = Option<Budget>> {
    let cost = prop_oneof![
        Just(0.0),
        (0u32..10_000).prop_map(|c| f64::from(c) / 100.0),
        any::<f64>().prop_filter("finite", |f| f.is_finite()),
    ];
    prop::option::of((cost, any::<i64>(), any::<i64>()).prop_map(
        |(max_cost_usd, max_tokens, max_agent_runs)| Budget {
            max_cost_usd,
            max_tokens,
            max_agent_runs,
        },
    ))
}

fn feature() -> impl Strategy<Value = Feature> {
    let subtask = (tricky(), tricky(), tricky(), tricky(), opt_list(tricky())).prop_map(
        |(id, name, status, description, depends)| Subtask {
            id,
            name,
            status,
            description,
            depends,
        },
    );
    let hook = (tricky(), tricky()).prop_map(|(run, on_fail)| HookEntry { run, on_fail });
    let hooks = prop::option::of(prop::collection::btree_map(
        key(),
        prop::collection::vec(hook, 1..3).prop_map(Some),
        1..4,
    ));
    let overrides = prop::option::of(prop::collection::btree_map(
        key(),
        (tricky(), tricky()).prop_map(|(runner, model)| PhaseOverride { runner, model }),
        1..3,
    ));
    let issue =
        (tricky(), tricky(), tricky()).prop_map(|(repo, id, url)| IssueRef { repo, id, url });
    (
        (
            tricky(),
            tricky(),
            tricky(),
            tricky(),
            prop::option::of(any::<i64>()),
            tricky(),
        ),
        (
            opt_list(tricky()),
            opt_list(subtask),
            opt_list(tricky()),
            opt_list(tricky()),
        ),
        (
            tricky(),
            tricky(),
            hooks,
            overrides,
            any::<bool>(),
            opt_list(issue),
            opt_list(tricky()),
        ),
        budget(),
    )
        .prop_map(
            |(
                (id, name, description, status, priority, profile),
                (repos, subtasks, rules, depends),
                (spec, plan, hooks, phase_overrides, deep, issues, warnings),
                budget,
            )| Feature {
                id,
                name,
                description,
                status,
                priority,
                profile,
                repos,
                subtasks,
                rules,
                depends,
                spec,
                plan,
                hooks: hooks.map(|h: BTreeMap<String, Option<Vec<HookEntry>>>| h),
                phase_overrides,
                deep_review_all_angles: deep,
                issues,
                warnings,
                budget,
            },
        )
}

/// The case proptest once shrank to (an issue url of NBSP, LF, " a", LF, ":"): yaml.v3 writes
/// it as a literal block whose first line is the NBSP; reading must not take that line as blank.
#[test]
fn an_issue_url_whose_first_line_is_a_no_break_space_round_trips() {
    let f = Feature {
        issues: Some(vec![IssueRef {
            url: "\u{a0}\n a\n:".into(),
            ..IssueRef::default()
        }]),
        ..Feature::default()
    };
    let text = render_feature(&f).unwrap();
    assert_eq!(parse_feature(&text).unwrap(), f, "{text}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn render_then_parse_is_the_identity(f in feature()) {
        let text = render_feature(&f).unwrap();
        let back = parse_feature(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(&back, &f, "text:\n{}", text);
        prop_assert_eq!(render_feature(&back).unwrap(), text);
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(s in "(?s).{0,200}") {
        let _ = parse_feature(&s);
    }
}
