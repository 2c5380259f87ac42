//! Properties of resolution (resolution.md §4–11) over generated inputs: the pipeline agrees with
//! its per-phase parts, angle grouping covers every angle once, dedupe keeps input order, and
//! settings.json rendering is a fixed point of parse-then-render.

use fourx_core::protocol::codec::gojson_decode;
use fourx_core::protocol::config::{decode, decode_go, render_indented, Config};
use fourx_core::protocol::feature::Feature;
use fourx_core::report::{dedupe_discovered, is_similar, DiscoveredFeature, Similarity};
use fourx_core::resolve::{group_review_angles, group_selected_angles};
use fourx_core::{ops, Error};
use proptest::prelude::*;
use serde_json::{json, Map, Value};

const RUNNERS: &[&str] = &["a", "b", "c"];
const TIERS: &[&str] = &["opus", "sonnet", "haiku"];
const PHASES: &[&str] = &[
    "designing",
    "design-reviewing",
    "coding",
    "reviewing",
    "testing",
    "deep-reviewing",
    "fixing",
    "accepting",
    "amending",
];
const ROLES: &[&str] = &[
    "designer",
    "coder",
    "reviewer",
    "tester",
    "deep-reviewer",
    "acceptor",
    "mini-coder",
];

fn pick(items: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop::sample::select(items).prop_map(str::to_string)
}

/// `""` or one of `items`.
fn maybe(items: &'static [&'static str]) -> impl Strategy<Value = String> {
    prop_oneof![Just(String::new()), pick(items)]
}

fn object(entries: Vec<(String, Value)>) -> Value {
    Value::Object(entries.into_iter().collect::<Map<String, Value>>())
}

fn runner() -> impl Strategy<Value = Value> {
    (
        maybe(TIERS),
        prop::collection::vec((pick(TIERS), "[a-z]{1,3}"), 0..3),
        any::<bool>(),
    )
        .prop_map(|(model, tiers, sonnet)| {
            // Mostly resolvable: a sonnet tier unless `sonnet` says otherwise.
            let mut t: Map<String, Value> = Map::new();
            if sonnet {
                t.insert("sonnet".into(), json!("s"));
            }
            t.extend(tiers.into_iter().map(|(k, v)| (k, json!(v))));
            json!({"command": "cmd", "model": model, "tiers": t})
        })
}

fn phase_spec() -> impl Strategy<Value = Value> {
    (pick(PHASES), maybe(&["a", "b", "ghost"]), maybe(TIERS)).prop_map(
        |(phase, runner, model)| json!({"phase": phase, "runner": runner, "model": model}),
    )
}

fn profile() -> impl Strategy<Value = Value> {
    prop_oneof![
        prop::collection::vec(phase_spec(), 0..6).prop_map(|p| json!({ "phases": p })),
        (prop::collection::vec(pick(ROLES), 0..5), maybe(TIERS))
            .prop_map(|(roles, cm)| json!({"roles": roles, "coder_model": cm})),
    ]
}

fn config() -> impl Strategy<Value = Value> {
    (
        prop::collection::vec((pick(RUNNERS), runner()), 0..3),
        maybe(&["a", "b", "c", "ghost"]),
        prop::collection::vec((pick(ROLES), maybe(TIERS), maybe(TIERS)), 0..4),
        prop::collection::vec((pick(TIERS), pick(RUNNERS), "[a-z]{0,2}"), 0..4),
        prop::option::of(prop::collection::vec(
            (pick(&["custom", "full", "quick"]), profile()),
            0..3,
        )),
        maybe(&["custom", "quick", "ghost"]),
    )
        .prop_map(|(runners, default_runner, roles, tiers, profiles, default_profile)| {
            let mut model_tiers = Map::new();
            for (tier, runner, model) in tiers {
                let inner = model_tiers.entry(tier).or_insert_with(|| json!({}));
                if let Some(m) = inner.as_object_mut() {
                    m.insert(runner, json!(model));
                }
            }
            json!({
                "project": {"name": "p"},
                "runners": object(runners),
                "default_runner": default_runner,
                "roles": object(roles.into_iter().map(|(r, m, d)| (r, json!({"model": m, "deep_model": d}))).collect()),
                "model_tiers": Value::Object(model_tiers),
                "profiles": profiles.map(object),
                "default_profile": default_profile,
            })
        })
}

fn feature() -> impl Strategy<Value = Value> {
    (
        maybe(&["lite", "custom", "ghost"]),
        prop::option::of(0i64..5),
        prop::collection::vec(
            (pick(PHASES), maybe(&["a", "c", "ghost"]), maybe(TIERS)),
            0..3,
        ),
    )
        .prop_map(|(profile, priority, overrides)| {
            json!({
                "id": "F001-x",
                "profile": profile,
                "priority": priority,
                "phaseOverrides": object(overrides.into_iter().map(|(p, r, m)| (p, json!({"runner": r, "model": m}))).collect()),
            })
        })
}

fn run_overrides() -> impl Strategy<Value = Value> {
    prop::collection::vec((pick(PHASES), maybe(&["b", "ghost"]), maybe(TIERS)), 0..3).prop_map(
        |o| {
            object(
                o.into_iter()
                    .map(|(p, r, m)| (p.clone(), json!({"phase": p, "runner": r, "model": m})))
                    .collect(),
            )
        },
    )
}

fn call(op: &str, input: Value) -> Result<Value, Error> {
    ops::call(op, &input)
}

/// The pipeline recomputed from the per-phase ops.
fn per_phase(
    cfg: &Value,
    feature: &Value,
    profile_name: &str,
    manual: &str,
    overrides: &Value,
) -> Result<Vec<Value>, Error> {
    let prof = call(
        "profile.resolve",
        json!({"config": cfg, "feature": feature, "override": profile_name}),
    )?;
    let profile = &prof["profile"];
    let enabled = call("profile.enabled_phases", json!({ "profile": profile }))?;
    let mut out = Vec::new();
    for phase in enabled["phases"].as_array().into_iter().flatten() {
        let em = call(
            "pipeline.effective_manual",
            json!({"run_overrides": overrides, "phase": phase, "manual_runner": manual}),
        )?;
        let runner = call(
            "runner.resolve_phase",
            json!({"config": cfg, "feature": feature, "profile": profile, "phase": phase, "manual": em["runner_manual"]}),
        )?["runner"]
            .clone();
        let role = call("phase.role", json!({ "phase": phase }))?["role"].clone();
        let model = if phase == "deep-reviewing" {
            let deep = call(
                "model.resolve_deep",
                json!({"config": cfg, "runner": runner, "role": "reviewer"}),
            )?["model"]
                .clone();
            if deep == "" {
                call(
                    "model.resolve_tier",
                    json!({"config": cfg, "runner": runner, "tier": "opus"}),
                )
                .map_or(json!(""), |v| v["model"].clone())
            } else {
                deep
            }
        } else {
            call(
                "model.resolve_phase",
                json!({"config": cfg, "feature": feature, "profile": profile, "phase": phase,
                       "role": role, "runner": runner, "manual": em["model_manual"]}),
            )?["model"]
                .clone()
        };
        out.push(json!({"phase": phase, "role": role, "runner": runner, "model": model}));
    }
    Ok(out)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn pipeline_resolve_agrees_with_per_phase_runner_and_model_resolution(
        cfg in config(),
        feature in feature(),
        profile_name in maybe(&["full", "quick", "normal", "custom", "ghost"]),
        manual in maybe(&["a", "ghost"]),
        overrides in run_overrides(),
    ) {
        let got = call("pipeline.resolve", json!({
            "config": cfg, "feature": feature, "profile_name": profile_name,
            "manual_runner": manual, "run_overrides": overrides,
        }));
        let want = per_phase(&cfg, &feature, &profile_name, &manual, &overrides);
        match (got, want) {
            (Ok(g), Ok(w)) => prop_assert_eq!(&g["phases"], &Value::Array(w)),
            (Err(g), Err(w)) => prop_assert_eq!(g.kind, w.kind),
            (g, w) => prop_assert!(false, "pipeline {:?} vs per-phase {:?}", g, w),
        }
    }

    #[test]
    fn angles_group_covers_each_angle_exactly_once(
        parallel in -2i64..30,
        per in -3i64..15,
        total in -3i64..200,
    ) {
        let groups = group_review_angles(parallel, per, total).unwrap();
        if parallel <= 1 || total <= 0 {
            prop_assert!(groups.is_none());
        } else {
            let groups = groups.unwrap();
            let flat: Vec<i64> = groups.iter().flatten().copied().collect();
            prop_assert_eq!(flat, (1..=total).collect::<Vec<_>>());
            let size = groups[0].len();
            prop_assert!(groups.iter().all(|g| !g.is_empty() && g.len() <= size));
            prop_assert!(groups[..groups.len() - 1].iter().all(|g| g.len() == size));
        }
    }

    #[test]
    fn angles_group_selected_keeps_every_angle_in_order(
        parallel in 2i64..10,
        per in -1i64..5,
        angles in prop::collection::vec(1i64..12, 1..20),
    ) {
        let groups = group_selected_angles(parallel, per, &angles).unwrap();
        let flat: Vec<i64> = groups.into_iter().flatten().collect();
        prop_assert_eq!(flat, angles);
    }

    #[test]
    fn dedupe_preserves_input_order_and_drops_only_duplicates(
        titles in prop::collection::vec(
            prop::collection::vec(prop::sample::select(&["add", "rate", "limit", "cache", "list", "新增", "限制", "x1"][..]), 0..5),
            0..8,
        ),
        existing in prop::collection::vec(prop::sample::select(&["add rate limit", "cache list", "新增限制"][..]), 0..2),
        cjk in any::<bool>(),
    ) {
        let cands: Vec<DiscoveredFeature> = titles
            .iter()
            .map(|t| DiscoveredFeature { title: t.join(" "), description: String::new() })
            .collect();
        let existing: Vec<Feature> = existing
            .iter()
            .map(|n| Feature { name: (*n).to_string(), ..Feature::default() })
            .collect();
        let kept = dedupe_discovered(&cands, &existing, cjk);
        let how = Similarity { cjk, ..Similarity::default() };
        // `kept` is a subsequence of `cands`, and each candidate is dropped exactly when it is
        // similar to an existing feature or to a candidate kept before it.
        let mut k = 0;
        let mut seen: Vec<String> = existing.iter().map(|f| format!("{} {}", f.name, f.description)).collect();
        for c in &cands {
            let text = format!("{} {}", c.title, c.description);
            let dup = seen.iter().any(|s| is_similar(&text, s, how));
            if !dup {
                prop_assert_eq!(kept.get(k), Some(c));
                k += 1;
                seen.push(text);
            }
        }
        prop_assert_eq!(k, kept.len());
    }

    #[test]
    fn settings_render_is_a_fixed_point_of_parse_then_render(cfg in full_config()) {
        let c: Config = decode(&cfg, "config").unwrap();
        let text = render_indented(&c).unwrap();
        let parsed: Config = decode_go(&gojson_decode::parse(text.as_bytes()).unwrap(), "settings.json").unwrap();
        prop_assert_eq!(render_indented(&parsed).unwrap(), text);
    }
}

/// Text with the characters Go's writer escapes.
fn text() -> impl Strategy<Value = String> {
    "[a-z<>&\"\\\\é\u{2028}\u{1} -]{0,6}"
}

fn strings() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        prop::collection::vec(text(), 0..3).prop_map(|v| json!(v)),
    ]
}

fn tri() -> impl Strategy<Value = Value> {
    prop_oneof![Just(Value::Null), any::<bool>().prop_map(Value::Bool)]
}

fn float() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!(0.0)),
        (-1e25f64..1e25).prop_map(|f| json!(f)),
        (-1e-5f64..1e-5).prop_map(|f| json!(f)),
    ]
}

/// Configs touching every field shape: nil vs empty lists and maps, tri-state pointers, legacy
/// profiles, floats, nested nil lists in maps.
fn full_config() -> impl Strategy<Value = Value> {
    let runner = (
        text(),
        strings(),
        text(),
        tri(),
        tri(),
        prop::option::of(-2i64..5),
    )
        .prop_map(|(command, args, model, tty, stdin, retries)| {
            json!({"command": command, "args": args, "model": model, "tty": tty, "stdin": stdin,
                   "tiers": {"opus": model}, "transient_retries": retries})
        });
    let role = (
        text(),
        strings(),
        -1i64..4,
        prop::option::of(prop::collection::vec(1i64..12, 0..3)),
    )
        .prop_map(|(model, instr, rounds, angles)| {
            json!({"model": model, "instructions": instr, "max_fix_rounds": rounds,
                   "angle_mapping": {"docs/": angles}})
        });
    (
        (text(), strings(), prop::collection::vec((text(), runner), 0..3), text()),
        (prop::collection::vec((pick(ROLES), role), 0..3), strings(), tri()),
        (profile(), prop::option::of(prop::collection::vec(text(), 0..2)), float(), any::<bool>()),
        (prop::option::of(-1i64..5), strings(), text()),
    )
        .prop_map(|((name, setup, runners, default_runner), (roles, rules, notifications), (profile, hook_list, floor, enabled), (idle, scaffold, hub))| {
            json!({
                "project": {"name": name, "setup": setup},
                "runners": object(runners),
                "default_runner": default_runner,
                "roles": object(roles),
                "rules": rules,
                "model_tiers": {"opus": {"a": "m"}, "sonnet": null},
                "workspace": {"repos": {hub.clone(): {"path": hub, "hub": enabled}}},
                "hooks": {"pre": hook_list.map(|l| l.into_iter().map(|r| json!({"run": r})).collect::<Vec<_>>()), "post": []},
                "profiles": {"p": profile},
                "health_check": if enabled { json!({"commands": null}) } else { Value::Null },
                "notifications": notifications,
                "self_mod_guard": {"require_tests": notifications},
                "evolution": {"value_floor": floor, "max_idle_rounds": idle},
                "issue_tracker": {"enabled": enabled},
                "worktree": {"post_scaffold": scaffold},
                "design_doc_dirs": [],
            })
        })
}

/// The op prefixes of this area.
const AREA_PREFIXES: &[&str] = &[
    "config.merge",
    "config.validate",
    "config.notifications_enabled",
    "runners.",
    "profiles.",
    "profile.",
    "artifact.",
    "model.",
    "runner.",
    "pipeline.",
    "limits.",
    "angles.",
    "hooks.",
    "repos.",
    "design_doc.",
    "report.",
    "discover.",
    "similarity.",
    "candidates.dedupe",
];

/// Arbitrary JSON, a few levels deep.
fn any_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|i| json!(i)),
        (-1e6f64..1e6).prop_map(|f| json!(f)),
        "[a-z\\[\\]#* \n新ー-]{0,12}".prop_map(Value::String),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec(("[a-z_]{1,8}", inner), 0..4)
                .prop_map(|kv| Value::Object(kv.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn area_ops_never_panic_and_fail_only_with_their_listed_kinds(
        op_index in any::<prop::sample::Index>(),
        values in prop::collection::vec(any_json(), 8),
    ) {
        let ops: Vec<_> = ops::catalog()
            .iter()
            .filter(|o| AREA_PREFIXES.iter().any(|p| o.name.starts_with(p)))
            .collect();
        let op = ops[op_index.index(ops.len())];
        let input: Map<String, Value> = op
            .input()
            .iter()
            .zip(values)
            .map(|(k, v)| (k.trim_end_matches('?').to_string(), v))
            .collect();
        if let Err(e) = ops::call(op.name, &Value::Object(input)) {
            prop_assert!(
                e.kind == fourx_core::ErrorKind::InvalidInput || op.errors.contains(&e.kind),
                "{} failed with unlisted kind {:?}", op.name, e.kind
            );
        }
    }
}
