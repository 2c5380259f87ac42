//! Feature and test-strategy YAML (features.md): decoding a text into a
//! [`Feature`] / [`TestStrategy`] with the yaml.v3-compatible resolver, and rendering a feature
//! to the bytes Go's `yaml.Marshal` writes (the spec's key order, omitempty, natural map-key order).
//!
//! Pure text in, value out. Size limits come first (`input_too_large`); validation is
//! [`crate::features::feature_rules`]'s; where the files live is the fs layer's.

use std::collections::BTreeMap;

use crate::error::{Error, ErrorKind, Result};
use crate::protocol::codec::unknown_keys::{report, report_here, within};
use crate::protocol::codec::yaml::v3::{prepare, Decoder, MAX_BYTES};
use crate::protocol::codec::yaml::v3_emit::{emit, sort_natural, Out};
use crate::protocol::codec::yaml::{NodeId, YamlError, YamlErrorKind};
use crate::protocol::config::{Budget, HookEntry};
use crate::protocol::feature::{
    Feature, HealthCheck, IssueRef, ManualCheck, PhaseOverride, Subtask, TestStrategy,
};

type R<T> = std::result::Result<T, YamlError>;

/// Refuses a YAML text over 4 MiB before any parsing.
pub fn check_size(text: &str, what: &str) -> Result<()> {
    if text.len() > MAX_BYTES {
        return Err(Error::new(
            ErrorKind::InputTooLarge,
            format!(
                "{what} is {} bytes; the limit is {MAX_BYTES} bytes",
                text.len()
            ),
        ));
    }
    Ok(())
}

/// The keys of a feature file, in file order.
pub const FEATURE_KEYS: &[&str] = &[
    "id",
    "name",
    "description",
    "status",
    "priority",
    "profile",
    "repos",
    "subtasks",
    "rules",
    "depends",
    "spec",
    "plan",
    "hooks",
    "phase_overrides",
    "deep_review_all_angles",
    "issues",
    "warnings",
    "budget",
];
/// The keys of a sub-task.
pub const SUBTASK_KEYS: &[&str] = &["id", "name", "status", "description", "depends"];
/// The keys of a hook entry.
pub const HOOK_ENTRY_KEYS: &[&str] = &["run", "on_fail"];
/// The keys of a phase override.
pub const PHASE_OVERRIDE_KEYS: &[&str] = &["runner", "model"];
/// The keys of a feature's budget (the conductor's budget keys).
pub const BUDGET_KEYS: &[&str] = &["max_cost_usd", "max_tokens", "max_agent_runs"];
/// The keys of a linked issue.
pub const ISSUE_REF_KEYS: &[&str] = &["repo", "id", "url"];

/// A top-level key is reported at the root, not under its own segment.
fn unknown_at_parent(key: &str, known: &'static [&'static str]) {
    report("", key, known);
}

/// Parses feature YAML (no validation). Failure → `invalid_feature`; over 4 MiB →
/// `input_too_large`.
pub fn parse_feature(text: &str) -> Result<Feature> {
    check_size(text, "feature YAML")?;
    decode_feature(text).map_err(|e| {
        Error::new(
            ErrorKind::InvalidFeature,
            format!("parse feature YAML: {e}"),
        )
    })
}

fn decode_feature(text: &str) -> R<Feature> {
    let p = prepare(text).map_err(|(m, at)| YamlError {
        kind: YamlErrorKind::Syntax,
        message: format!("{m} at byte {at}"),
        position: None,
    })?;
    let d = Decoder::from_prepared(&p)?;
    let mut f = Feature::default();
    let Some(entries) = d.root_mapping("feature")? else {
        return Ok(f);
    };
    for (key, v) in entries {
        let v = Some(v);
        within(
            || key.clone(),
            || -> R<()> {
                match key.as_str() {
                    "id" => f.id = d.string(v, "id")?,
                    "name" => f.name = d.string(v, "name")?,
                    "description" => f.description = d.string(v, "description")?,
                    "status" => f.status = d.string(v, "status")?,
                    "priority" => f.priority = d.int(v, "priority")?,
                    "profile" => f.profile = d.string(v, "profile")?,
                    "repos" => f.repos = strings(&d, v, "repos")?,
                    "subtasks" => f.subtasks = list(&d, v, "subtasks", subtask)?,
                    "rules" => f.rules = strings(&d, v, "rules")?,
                    "depends" => f.depends = strings(&d, v, "depends")?,
                    "spec" => f.spec = d.string(v, "spec")?,
                    "plan" => f.plan = d.string(v, "plan")?,
                    "hooks" => {
                        f.hooks = map(&d, v, "hooks", |d, n| list(d, Some(n), "hooks", hook_entry))?
                    }
                    "phase_overrides" => {
                        f.phase_overrides = map(&d, v, "phase_overrides", phase_override)?
                    }
                    "deep_review_all_angles" => {
                        f.deep_review_all_angles = d.bool(v, "deep_review_all_angles")?
                    }
                    "issues" => f.issues = list(&d, v, "issues", issue_ref)?,
                    "warnings" => f.warnings = strings(&d, v, "warnings")?,
                    "budget" => f.budget = budget(&d, v)?,
                    _ => unknown_at_parent(&key, FEATURE_KEYS),
                }
                Ok(())
            },
        )?;
    }
    Ok(f)
}

fn strings(d: &Decoder<'_>, v: Option<NodeId>, what: &str) -> R<Option<Vec<String>>> {
    list(d, v, what, |d, n| d.string(Some(n), what))
}

fn list<T>(
    d: &Decoder<'_>,
    v: Option<NodeId>,
    what: &str,
    item: impl Fn(&Decoder<'_>, NodeId) -> R<T>,
) -> R<Option<Vec<T>>> {
    match d.seq(v, what)? {
        None => Ok(None),
        Some(items) => items
            .into_iter()
            .enumerate()
            .map(|(i, n)| within(|| format!("[{i}]"), || item(d, n)))
            .collect::<R<Vec<T>>>()
            .map(Some),
    }
}

fn map<T>(
    d: &Decoder<'_>,
    v: Option<NodeId>,
    what: &str,
    value: impl Fn(&Decoder<'_>, NodeId) -> R<T>,
) -> R<Option<BTreeMap<String, T>>> {
    match d.mapping(v, what)? {
        None => Ok(None),
        Some(entries) => {
            let mut out = BTreeMap::new();
            for (k, n) in entries {
                let v = within(|| k.clone(), || value(d, n))?;
                out.insert(k, v);
            }
            Ok(Some(out))
        }
    }
}

fn subtask(d: &Decoder<'_>, n: NodeId) -> R<Subtask> {
    let mut s = Subtask::default();
    for (key, v) in d.mapping(Some(n), "subtask")?.unwrap_or_default() {
        let v = Some(v);
        match key.as_str() {
            "id" => s.id = d.string(v, "subtask id")?,
            "name" => s.name = d.string(v, "subtask name")?,
            "status" => s.status = d.string(v, "subtask status")?,
            "description" => s.description = d.string(v, "subtask description")?,
            "depends" => s.depends = strings(d, v, "subtask depends")?,
            _ => report_here(&key, SUBTASK_KEYS),
        }
    }
    Ok(s)
}

fn hook_entry(d: &Decoder<'_>, n: NodeId) -> R<HookEntry> {
    let mut h = HookEntry::default();
    for (key, v) in d.mapping(Some(n), "hook entry")?.unwrap_or_default() {
        match key.as_str() {
            "run" => h.run = d.string(Some(v), "run")?,
            "on_fail" => h.on_fail = d.string(Some(v), "on_fail")?,
            _ => report_here(&key, HOOK_ENTRY_KEYS),
        }
    }
    Ok(h)
}

fn phase_override(d: &Decoder<'_>, n: NodeId) -> R<PhaseOverride> {
    let mut p = PhaseOverride::default();
    for (key, v) in d.mapping(Some(n), "phase override")?.unwrap_or_default() {
        match key.as_str() {
            "runner" => p.runner = d.string(Some(v), "runner")?,
            "model" => p.model = d.string(Some(v), "model")?,
            _ => report_here(&key, PHASE_OVERRIDE_KEYS),
        }
    }
    Ok(p)
}

/// A feature's `budget`: null → none; a mapping of the budget keys, each optional (null or
/// absent = 0 = no limit). A non-finite `max_cost_usd` is refused: JSON cannot carry it.
fn budget(d: &Decoder<'_>, v: Option<NodeId>) -> R<Option<Budget>> {
    let Some(entries) = d.mapping(v, "budget")? else {
        return Ok(None);
    };
    let mut b = Budget::default();
    for (key, n) in entries {
        let n = Some(n);
        within(
            || key.clone(),
            || -> R<()> {
                match key.as_str() {
                    "max_cost_usd" => {
                        let f = d.float(n, "max_cost_usd")?.unwrap_or(0.0);
                        if !f.is_finite() {
                            return Err(YamlError {
                                kind: YamlErrorKind::Unrepresentable,
                                message: format!(
                                    "budget.max_cost_usd must be a finite number, not {f}"
                                ),
                                position: None,
                            });
                        }
                        b.max_cost_usd = f;
                    }
                    "max_tokens" => b.max_tokens = d.int(n, "max_tokens")?.unwrap_or(0),
                    "max_agent_runs" => b.max_agent_runs = d.int(n, "max_agent_runs")?.unwrap_or(0),
                    _ => report_here(&key, BUDGET_KEYS),
                }
                Ok(())
            },
        )?;
    }
    Ok(Some(b))
}

fn issue_ref(d: &Decoder<'_>, n: NodeId) -> R<IssueRef> {
    let mut i = IssueRef::default();
    for (key, v) in d.mapping(Some(n), "issue")?.unwrap_or_default() {
        match key.as_str() {
            "repo" => i.repo = d.string(Some(v), "repo")?,
            "id" => i.id = d.string(Some(v), "issue id")?,
            "url" => i.url = d.string(Some(v), "url")?,
            _ => report_here(&key, ISSUE_REF_KEYS),
        }
    }
    Ok(i)
}

/// Parses `test-strategy.yaml` text. Failure → `invalid_yaml`; over 4 MiB →
/// `input_too_large`; an empty text is the zero value.
pub fn parse_test_strategy(text: &str) -> Result<TestStrategy> {
    check_size(text, "test-strategy YAML")?;
    decode_test_strategy(text).map_err(|e| {
        Error::new(
            ErrorKind::InvalidYaml,
            format!("parse test-strategy.yaml: {e}"),
        )
    })
}

fn decode_test_strategy(text: &str) -> R<TestStrategy> {
    let p = prepare(text).map_err(|(m, at)| YamlError {
        kind: YamlErrorKind::Syntax,
        message: format!("{m} at byte {at}"),
        position: None,
    })?;
    let d = Decoder::from_prepared(&p)?;
    let mut t = TestStrategy::default();
    let Some(entries) = d.root_mapping("test strategy")? else {
        return Ok(t);
    };
    for (key, v) in entries {
        let v = Some(v);
        match key.as_str() {
            "web" => t.web = d.bool(v, "web")?,
            "api" => t.api = d.bool(v, "api")?,
            "gate" => t.gate = d.bool(v, "gate")?,
            "coder_only" => t.coder_only = d.bool(v, "coder_only")?,
            "verify_commands" => t.verify_commands = strings(&d, v, "verify_commands")?,
            "health_check" => {
                t.health_check = if d.is_null(v)? {
                    None
                } else {
                    let mut h = HealthCheck::default();
                    for (k, hv) in d.mapping(v, "health_check")?.unwrap_or_default() {
                        let hv = Some(hv);
                        match k.as_str() {
                            "commands" => h.commands = strings(&d, hv, "commands")?,
                            "recovery" => h.recovery = strings(&d, hv, "recovery")?,
                            "timeout" => h.timeout = d.int(hv, "timeout")?.unwrap_or(0),
                            _ => {}
                        }
                    }
                    Some(h)
                }
            }
            "verify_groups" => {
                t.verify_groups = map(&d, v, "verify_groups", |d, n| {
                    strings(d, Some(n), "verify_groups")
                })?
            }
            "profiles" => t.profiles = strings(&d, v, "profiles")?,
            "manual_checks" => t.manual_checks = list(&d, v, "manual_checks", manual_check)?,
            "ac_verify_map" => {
                t.ac_verify_map = map(&d, v, "ac_verify_map", |d, n| {
                    d.string(Some(n), "ac_verify_map")
                })?
            }
            "e2e_repos" => t.e2e_repos = strings(&d, v, "e2e_repos")?,
            _ => {}
        }
    }
    Ok(t)
}

fn manual_check(d: &Decoder<'_>, n: NodeId) -> R<ManualCheck> {
    let mut m = ManualCheck::default();
    for (key, v) in d.mapping(Some(n), "manual check")?.unwrap_or_default() {
        let v = Some(v);
        match key.as_str() {
            "id" => m.id = d.string(v, "id")?,
            "ac_ref" => m.ac_ref = d.string(v, "ac_ref")?,
            "description" => m.description = d.string(v, "description")?,
            "steps" => m.steps = strings(d, v, "steps")?,
            _ => {}
        }
    }
    Ok(m)
}

/// Renders a feature as Go's `yaml.Marshal` writes it. A map key that cannot
/// be a simple key (D4) → `invalid_input`.
pub fn render_feature(f: &Feature) -> Result<String> {
    emit(&feature_tree(f)).map_err(|e| {
        Error::new(
            ErrorKind::InvalidInput,
            format!("cannot write feature {:?} as YAML: {}", f.id, e.0),
        )
        .with_field("feature")
    })
}

fn s(v: &str) -> Out {
    Out::Str(v.to_string())
}

fn str_list(v: &[String]) -> Out {
    Out::Seq(v.iter().map(|x| s(x)).collect())
}

/// Adds `key` with a list unless the list is absent or empty (omitempty).
fn push_list(m: &mut Vec<(String, Out)>, key: &str, v: &Option<Vec<String>>) {
    if let Some(v) = v.as_ref().filter(|v| !v.is_empty()) {
        m.push((key.to_string(), str_list(v)));
    }
}

fn push_str(m: &mut Vec<(String, Out)>, key: &str, v: &str) {
    if !v.is_empty() {
        m.push((key.to_string(), s(v)));
    }
}

fn feature_tree(f: &Feature) -> Out {
    let mut m = vec![
        ("id".to_string(), s(&f.id)),
        ("name".to_string(), s(&f.name)),
        ("description".to_string(), s(&f.description)),
        ("status".to_string(), s(&f.status)),
    ];
    if let Some(p) = f.priority {
        m.push(("priority".into(), Out::Int(p)));
    }
    push_str(&mut m, "profile", &f.profile);
    push_list(&mut m, "repos", &f.repos);
    if let Some(subs) = f.subtasks.as_ref().filter(|v| !v.is_empty()) {
        let items = subs
            .iter()
            .map(|st| {
                let mut e = vec![
                    ("id".to_string(), s(&st.id)),
                    ("name".to_string(), s(&st.name)),
                    ("status".to_string(), s(&st.status)),
                ];
                push_str(&mut e, "description", &st.description);
                push_list(&mut e, "depends", &st.depends);
                Out::Map(e)
            })
            .collect();
        m.push(("subtasks".into(), Out::Seq(items)));
    }
    push_list(&mut m, "rules", &f.rules);
    push_list(&mut m, "depends", &f.depends);
    push_str(&mut m, "spec", &f.spec);
    push_str(&mut m, "plan", &f.plan);
    if let Some(hooks) = f.hooks.as_ref().filter(|v| !v.is_empty()) {
        let entries: Vec<(String, Out)> = hooks
            .iter()
            .map(|(k, list)| {
                let items = list
                    .as_deref()
                    .unwrap_or_default()
                    .iter()
                    .map(|h| {
                        let mut e = vec![("run".to_string(), s(&h.run))];
                        push_str(&mut e, "on_fail", &h.on_fail);
                        Out::Map(e)
                    })
                    .collect();
                (k.clone(), Out::Seq(items))
            })
            .collect();
        m.push(("hooks".into(), Out::Map(sort_natural(entries))));
    }
    if let Some(po) = f.phase_overrides.as_ref().filter(|v| !v.is_empty()) {
        let entries: Vec<(String, Out)> = po
            .iter()
            .map(|(k, o)| {
                let mut e = Vec::new();
                push_str(&mut e, "runner", &o.runner);
                push_str(&mut e, "model", &o.model);
                (k.clone(), Out::Map(e))
            })
            .collect();
        m.push(("phase_overrides".into(), Out::Map(sort_natural(entries))));
    }
    if f.deep_review_all_angles {
        m.push(("deep_review_all_angles".into(), Out::Bool(true)));
    }
    if let Some(issues) = f.issues.as_ref().filter(|v| !v.is_empty()) {
        let items = issues
            .iter()
            .map(|i| {
                Out::Map(vec![
                    ("repo".to_string(), s(&i.repo)),
                    ("id".to_string(), s(&i.id)),
                    ("url".to_string(), s(&i.url)),
                ])
            })
            .collect();
        m.push(("issues".into(), Out::Seq(items)));
    }
    push_list(&mut m, "warnings", &f.warnings);
    if let Some(b) = &f.budget {
        // Each key omitempty, like the JSON shape: a zero is no limit and is not written.
        let mut e = Vec::new();
        if b.max_cost_usd != 0.0 {
            e.push(("max_cost_usd".to_string(), Out::Float(b.max_cost_usd)));
        }
        if b.max_tokens != 0 {
            e.push(("max_tokens".to_string(), Out::Int(b.max_tokens)));
        }
        if b.max_agent_runs != 0 {
            e.push(("max_agent_runs".to_string(), Out::Int(b.max_agent_runs)));
        }
        m.push(("budget".into(), Out::Map(e)));
    }
    Out::Map(m)
}

#[cfg(test)]
mod tests {
    use super::*;

    const REALISTIC: &str = "id: F042-payments\nname: 'F042: Payments'\ndescription: |-\n    Pay with card.\n\n    Refunds later.\nstatus: in-progress\npriority: 1\nprofile: normal\nrepos:\n    - web\n    - api\nsubtasks:\n    - id: s1\n      name: card form\n      status: done\n      description: |-\n        form\n        validation\n      depends:\n        - s0\n    - id: s2\n      name: \"yes\"\n      status: not-started\nrules:\n    - 'never log card numbers: PCI'\n    - \"123\"\ndepends:\n    - F001-login\nspec: docs/design/F042-spec.md\nhooks:\n    post-testing: []\n    pre-coding:\n        - run: |-\n            make lint\n            make vet\n          on_fail: warn\nphase_overrides:\n    coding:\n        runner: codex\n        model: opus\n    reviewing: {}\ndeep_review_all_angles: true\nissues:\n    - repo: .\n      id: \"42\"\n      url: https://example.com/issues/42\nwarnings:\n    - status was odd\n";

    #[test]
    fn go_written_file_is_unchanged_by_a_no_op_save() {
        let f = parse_feature(REALISTIC).unwrap();
        assert_eq!(render_feature(&f).unwrap(), REALISTIC);
    }

    #[test]
    fn parse_render_parse_is_stable_on_hand_written_files() {
        let hand = "# team A\nid: F7-x   # c\nname: \"quoted: yes\"\nstatus: wip\npriority: 017\nrepos: [a, 'b c']\nhooks:\n  z: [{run: 'x'}]\n  a:\n  b: []\nrules:\n  - \"\\nlead\"\n  - \" lead\\nx\"\n  - \"two\\n\\n\"\n  - \"tab\\there\"\n  - \"\\u2028sep\"\n";
        let f = parse_feature(hand).unwrap();
        assert_eq!(f.priority, Some(15));
        let text = render_feature(&f).unwrap();
        let g = parse_feature(&text).unwrap();
        // `a:` (null) and `b: []` both render as `[]` and read back as an empty list.
        let mut expect = f.clone();
        if let Some(h) = expect.hooks.as_mut() {
            h.insert("a".into(), Some(Vec::new()));
        }
        assert_eq!(g, expect);
        assert_eq!(render_feature(&g).unwrap(), text);
    }

    #[test]
    fn oversize_text_is_refused_before_parsing() {
        let big = format!("id: x\nname: {}\n", "a".repeat(MAX_BYTES));
        assert_eq!(
            parse_feature(&big).unwrap_err().kind,
            ErrorKind::InputTooLarge
        );
        assert_eq!(
            parse_test_strategy(&big).unwrap_err().kind,
            ErrorKind::InputTooLarge
        );
    }

    fn desc(text: &str) -> String {
        parse_feature(text).unwrap().description
    }

    #[test]
    fn block_scalar_at_the_end_of_the_stream_without_a_break_gets_no_break_like_yaml_v3() {
        assert_eq!(desc("id: F1\ndescription: |\n  b c"), "b c");
        assert_eq!(desc("id: F1\ndescription: >+\n   b c\n     x"), "b c\n  x");
        assert_eq!(
            desc("id: F1\ndescription: |+\n  a\n  "),
            "a\n",
            "a trailing indent is no break"
        );
    }

    #[test]
    fn block_scalar_line_holding_only_ls_or_ps_is_a_break_kept_as_itself() {
        assert_eq!(
            desc("id: F1\ndescription: |+\n  a\n  \u{2028}\n"),
            "a\n\u{2028}\n"
        );
        assert_eq!(
            desc("id: F1\ndescription: >\n  a\n  \u{2029}\n  b\n"),
            "a\u{2029}\nb\n"
        );
    }

    #[test]
    fn block_scalar_with_an_indentation_indicator_reads_a_tab_after_it_as_content() {
        assert_eq!(desc("id: F1\ndescription: >2\n  \tx\n"), "\tx\n");
        let f = parse_feature("id: F1\nrules:\n  - |2-\n    \t\n").unwrap();
        assert_eq!(f.rules, Some(vec!["\t".to_string()]));
        assert!(
            parse_feature("id: F1\ndescription: |\n \tx\n").is_err(),
            "tab before content"
        );
    }

    #[test]
    fn a_dash_inside_a_plain_scalar_is_text_not_an_entry_indicator() {
        let f = parse_feature("id: F1\nrepos:\n  - -*- 'a\nplan: |-\n  x\n").unwrap();
        assert_eq!(f.repos, Some(vec!["-*- 'a".to_string()]));
        assert_eq!(f.plan, "x");
    }

    #[test]
    fn a_text_of_exactly_four_mib_is_accepted() {
        let head = "id: F1-x\nname: ";
        let fill = MAX_BYTES - head.len() - 1;
        let text = format!("{head}{}\n", "a".repeat(fill));
        assert_eq!(text.len(), MAX_BYTES);
        assert_eq!(parse_feature(&text).unwrap().name.len(), fill);
    }

    /// What yaml.v3 3.0.1 `Marshal` writes for an issue whose url is NBSP, LF, " a", LF, ":".
    const NBSP_URL_AS_YAML_V3_WRITES_IT: &str = "id: \"\"\nname: \"\"\ndescription: \"\"\nstatus: \"\"\nissues:\n    - repo: \"\"\n      id: \"\"\n      url: |-\n        \u{a0}\n         a\n        :\n";

    #[test]
    fn a_line_of_a_no_break_space_is_block_scalar_content_not_a_blank_line() {
        let f = Feature {
            issues: Some(vec![IssueRef {
                url: "\u{a0}\n a\n:".into(),
                ..IssueRef::default()
            }]),
            ..Feature::default()
        };
        let text = render_feature(&f).unwrap();
        assert_eq!(text, NBSP_URL_AS_YAML_V3_WRITES_IT);
        assert_eq!(parse_feature(&text).unwrap(), f);
        // The NBSP line fixes the content indentation (4); the deeper line keeps its space.
        assert_eq!(
            desc("description: |-\n    \u{a0}\n     a\n    :\n"),
            "\u{a0}\n a\n:"
        );
        assert_eq!(
            desc("description: |-\n    \u{3000}\n     a\n    b\n"),
            "\u{3000}\n a\nb"
        );
    }

    const WITH_BUDGET: &str = "id: F9-b\nname: b\ndescription: \"\"\nstatus: not-started\nbudget:\n    max_cost_usd: 0.5\n    max_tokens: 12000\n    max_agent_runs: 3\n";

    #[test]
    fn budget_is_read_with_its_three_keys_and_written_back_identically() {
        let f = parse_feature(WITH_BUDGET).unwrap();
        let b = f.budget.clone().unwrap();
        assert_eq!(
            (b.max_cost_usd, b.max_tokens, b.max_agent_runs),
            (0.5, 12000, 3)
        );
        assert_eq!(render_feature(&f).unwrap(), WITH_BUDGET);
    }

    #[test]
    fn absent_budget_is_no_budget_and_is_not_written() {
        let f = parse_feature(REALISTIC).unwrap();
        assert_eq!(f.budget, None);
        assert!(!render_feature(&f).unwrap().contains("budget"));
        assert_eq!(parse_feature("id: F1\nbudget:\n").unwrap().budget, None);
    }

    #[test]
    fn budget_keys_are_each_optional_and_zero_keys_are_not_written() {
        let f = parse_feature("id: F1\nbudget: {max_tokens: 10, max_cost_usd: 2}\n").unwrap();
        let b = f.budget.clone().unwrap();
        assert_eq!(
            (b.max_cost_usd, b.max_tokens, b.max_agent_runs),
            (2.0, 10, 0)
        );
        let text = render_feature(&f).unwrap();
        assert!(
            text.ends_with("budget:\n    max_cost_usd: 2\n    max_tokens: 10\n"),
            "{text}"
        );
        let empty = parse_feature("id: F1\nbudget: {}\n").unwrap();
        assert_eq!(empty.budget, Some(Budget::default()));
        assert!(render_feature(&empty).unwrap().ends_with("budget: {}\n"));
    }

    #[test]
    fn budget_of_the_wrong_type_or_a_non_finite_cost_is_an_invalid_feature() {
        for bad in [
            "id: F1\nbudget: 5\n",
            "id: F1\nbudget: {max_tokens: lots}\n",
            "id: F1\nbudget: {max_cost_usd: .inf}\n",
            "id: F1\nbudget: {max_cost_usd: .nan}\n",
        ] {
            assert_eq!(
                parse_feature(bad).unwrap_err().kind,
                ErrorKind::InvalidFeature,
                "{bad}"
            );
        }
    }
}
