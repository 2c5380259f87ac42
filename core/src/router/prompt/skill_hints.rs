//! Deterministic skill hints (router.md §4.27): which skills the router loads for one agent dispatch.
//!
//! The seed states H1–H10 as judgements; fourx decides them with keyword, path and flag rules kept
//! in one table (`HINT_RULES`, listed by [`internal_hints`]). Project hints (H11) come only from
//! `patterns.md` `## Project SKILL_HINTS`. Loading the skills is the host's.

use super::frame::check_dispatch_workflow;
use super::research_files::ResearchFiles;
use crate::error::Result;
use crate::router::edition::Edition;
use crate::router::parse::text::{has_phrase, is_ascii_ws, lines, tokens, trim_sp, trim_sp_end};
use crate::router::{Agent, Kind, Phase, WorkflowType};

/// Maintainer-time meta-skills: never routed to a workflow (seed §7).
pub const META_SKILLS: &[&str] = &["skill-eval-harness", "authoring-cc10x-guidance"];

/// The heading project hints are read from.
const PROJECT_HINTS_HEADING: &str = "## Project SKILL_HINTS";

/// Which texts a word condition reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Texts {
    /// `request` only.
    Request,
    /// `request`, `plan_text` and `design_text` (each on its own).
    Any,
}

/// One condition of a hint rule. Phrases are space-separated tokens matched as a contiguous run.
#[derive(Debug)]
pub(crate) enum Cond {
    /// One of the phrases occurs.
    Words(Texts, &'static [&'static str]),
    /// A token of the first list whose next token (if any) is not in the second.
    WordNotBefore(Texts, &'static [&'static str], &'static [&'static str]),
    /// A token of the first list immediately followed by a token of the second.
    Pair(Texts, &'static [&'static str], &'static [&'static str]),
    /// A changed file with one of these extensions (lower-cased).
    Extension(&'static [&'static str]),
    /// A changed file named exactly so (case-sensitive).
    FileName(&'static [&'static str]),
    /// A changed file with one of these directories (lower-cased).
    Directory(&'static [&'static str]),
    /// A changed file with one of these stems (lower-cased).
    Stem(&'static [&'static str]),
    /// At least `paths` distinct changed paths in at least `dirs` distinct parent directories.
    MultiComponent {
        /// Distinct paths needed.
        paths: usize,
        /// Distinct parent directories needed.
        dirs: usize,
    },
    /// `research_files` names at least one file.
    ResearchFiles,
    /// The caller's `mcp_capability_needed` flag.
    McpCapabilityNeeded,
    /// The inner condition, for these agents only.
    ForAgents(&'static [Agent], &'static Cond),
}

/// One internal hint: its skill, who may get it, and when it fires.
#[derive(Debug)]
pub(crate) struct HintRule {
    /// The spec's row id (`H1` ...); its skill id is the edition's (row H1,
    /// [`Rules::hint_skills`](crate::router::edition::Rules::hint_skills)).
    pub id: &'static str,
    /// Agents the hint applies to; empty = every agent.
    pub agents: &'static [Agent],
    /// Workflows the hint applies to; empty = every workflow.
    pub workflows: &'static [WorkflowType],
    /// The hint fires when any of these holds.
    pub any_of: &'static [Cond],
    /// Never for these task kinds.
    pub never_kinds: &'static [Kind],
    /// Never for these task phases.
    pub never_phases: &'static [Phase],
}

const DUPLICATION: &[&str] = &["duplicate", "duplicates", "duplicated", "duplication"];
const CODE_NOUNS: &[&str] = &[
    "code",
    "function",
    "functions",
    "logic",
    "method",
    "methods",
    "helper",
    "helpers",
];

/// H1–H10 of router.md §4.27, in table order: the one table of keyword, path and flag rules.
pub(crate) static HINT_RULES: &[HintRule] = &[
    HintRule {
        id: "H1",
        agents: &[],
        workflows: &[],
        any_of: &[
            Cond::Extension(&[
                "tsx", "jsx", "vue", "svelte", "css", "scss", "sass", "less", "html",
            ]),
            Cond::FileName(&["DESIGN.md"]),
            Cond::Directory(&["components", "ui", "pages"]),
            Cond::Words(
                Texts::Any,
                &[
                    "frontend",
                    "ui",
                    "ux",
                    "css",
                    "styling",
                    "button",
                    "buttons",
                    "modal",
                    "modals",
                    "screenshot",
                    "screenshots",
                    "tsx",
                    "jsx",
                    "front end",
                ],
            ),
        ],
        never_kinds: &[],
        never_phases: &[],
    },
    HintRule {
        id: "H2",
        agents: &[],
        workflows: &[],
        any_of: &[
            Cond::Directory(&["api", "routes", "migrations"]),
            Cond::Extension(&["graphql", "gql", "proto", "prisma"]),
            Cond::Stem(&["schema"]),
            Cond::MultiComponent { paths: 3, dirs: 2 },
            Cond::Words(
                Texts::Any,
                &[
                    "api",
                    "apis",
                    "endpoint",
                    "endpoints",
                    "graphql",
                    "schema",
                    "schemas",
                    "auth",
                    "authentication",
                    "authorization",
                    "oauth",
                    "architecture",
                    "integrate",
                    "integrates",
                    "integrated",
                    "integrating",
                    "multi component",
                    "multiple components",
                    "cross module",
                ],
            ),
            Cond::WordNotBefore(
                Texts::Any,
                &["integration", "integrations"],
                &["test", "tests", "testing", "verifier"],
            ),
        ],
        never_kinds: &[],
        never_phases: &[],
    },
    HintRule {
        id: "H3",
        agents: &[Agent::Planner, Agent::BugInvestigator],
        workflows: &[],
        any_of: &[Cond::ResearchFiles],
        never_kinds: &[],
        never_phases: &[],
    },
    HintRule {
        id: "H4",
        agents: &[],
        workflows: &[WorkflowType::Build, WorkflowType::Plan],
        any_of: &[Cond::Words(
            Texts::Request,
            &[
                "spike",
                "spikes",
                "prototype",
                "prototypes",
                "prototyping",
                "throwaway",
                "try out",
                "what should this look like",
            ],
        )],
        never_kinds: &[],
        never_phases: &[],
    },
    HintRule {
        id: "H5",
        agents: &[],
        workflows: &[],
        any_of: &[
            Cond::Pair(Texts::Request, DUPLICATION, CODE_NOUNS),
            Cond::Pair(Texts::Request, CODE_NOUNS, DUPLICATION),
            Cond::Pair(Texts::Request, &["semantic"], DUPLICATION),
            Cond::ForAgents(
                &[Agent::CodeReviewer],
                &Cond::Words(
                    Texts::Request,
                    &[
                        "reuse",
                        "consolidate",
                        "consolidation",
                        "consolidating",
                        "consolidated",
                    ],
                ),
            ),
        ],
        never_kinds: &[],
        never_phases: &[],
    },
    HintRule {
        id: "H6",
        // The edition's agent table admits the two 11.0.0 researchers or the 12.7.0 one.
        agents: &[
            Agent::WebResearcher,
            Agent::GithubResearcher,
            Agent::Researcher,
        ],
        workflows: &[],
        any_of: &[Cond::McpCapabilityNeeded],
        never_kinds: &[],
        never_phases: &[],
    },
    HintRule {
        id: "H7",
        agents: &[],
        workflows: &[],
        any_of: &[Cond::Words(
            Texts::Request,
            &[
                "pr comment",
                "pr comments",
                "review comment",
                "review comments",
                "review notes",
                "review feedback",
                "reviewer feedback",
            ],
        )],
        never_kinds: &[Kind::Remfix],
        never_phases: &[Phase::ReReview, Phase::ReHunt, Phase::ReVerify],
    },
    HintRule {
        id: "H8",
        agents: &[],
        workflows: &[],
        any_of: &[Cond::Words(
            Texts::Request,
            &[
                "deepen",
                "deepens",
                "deepened",
                "deepening",
                "retrofit",
                "retrofits",
                "retrofitted",
                "retrofitting",
                "shallow module",
                "shallow modules",
            ],
        )],
        never_kinds: &[],
        never_phases: &[],
    },
    HintRule {
        id: "H9",
        agents: &[Agent::CodeReviewer],
        workflows: &[],
        any_of: &[Cond::Words(
            Texts::Request,
            &["visual", "visually", "ux", "slop", "look and feel"],
        )],
        never_kinds: &[],
        never_phases: &[],
    },
    HintRule {
        id: "H10",
        agents: &[],
        workflows: &[],
        any_of: &[Cond::Words(
            Texts::Request,
            &["handoff", "handoffs", "handover", "hand off", "hand over"],
        )],
        never_kinds: &[],
        never_phases: &[],
    },
];

/// The internal hints H1–H10 of an edition as `(row id, skill id)`, in table order (row H1: at
/// `12.7.0` two pairs of rows share a skill).
pub fn internal_hints(edition: Edition) -> impl Iterator<Item = (&'static str, &'static str)> {
    HINT_RULES
        .iter()
        .map(move |r| (r.id, skill_of(edition, r.id)))
}

/// The skill id the edition gives hint row `id`.
fn skill_of(edition: Edition, id: &str) -> &'static str {
    edition
        .rules()
        .hint_skills
        .iter()
        .find(|(row, _)| *row == id)
        .map_or("", |(_, skill)| *skill)
}

/// What [`skill_hints`] reads. Absent optional inputs are empty.
#[derive(Debug, Clone)]
pub struct SkillHintInput<'a> {
    /// The agent being dispatched.
    pub agent: Agent,
    /// The workflow it runs in.
    pub workflow: WorkflowType,
    /// The user request.
    pub request: &'a str,
    /// The task's `phase:`, if known.
    pub phase: Option<Phase>,
    /// The task's `kind:`, if known.
    pub kind: Option<Kind>,
    /// Paths of the changed files.
    pub changed_files: Vec<&'a str>,
    /// The approved plan's text.
    pub plan_text: &'a str,
    /// The approved design's text.
    pub design_text: &'a str,
    /// `patterns.md`, for the project hints.
    pub patterns_text: &'a str,
    /// The research files the agent receives.
    pub research_files: ResearchFiles,
    /// Whether a researcher needs a one-off MCP capability that is not mounted.
    pub mcp_capability_needed: bool,
    /// The contract edition (row H1: the skill ids).
    pub edition: Edition,
}

impl<'a> SkillHintInput<'a> {
    /// An input with only the required parts; everything else empty.
    pub fn new(agent: Agent, workflow: WorkflowType, request: &'a str) -> Self {
        SkillHintInput {
            agent,
            workflow,
            request,
            phase: None,
            kind: None,
            changed_files: Vec::new(),
            plan_text: "",
            design_text: "",
            patterns_text: "",
            research_files: ResearchFiles::default(),
            mcp_capability_needed: false,
            edition: Edition::V11,
        }
    }
}

/// A changed path split per §4.27: directories and stem lower-cased, the file name verbatim.
struct ChangedPath {
    path: String,
    parent: String,
    dirs: Vec<String>,
    name: String,
    extension: Option<String>,
    stem: String,
}

impl ChangedPath {
    fn new(raw: &str) -> Option<ChangedPath> {
        let slashed = raw.replace('\\', "/");
        let mut rest = slashed.as_str();
        while let Some(r) = rest.strip_prefix("./") {
            rest = r;
        }
        let mut segments: Vec<&str> = rest.split('/').filter(|s| !s.is_empty()).collect();
        let name = segments.pop()?.to_string();
        let dirs: Vec<String> = segments.iter().map(|d| d.to_ascii_lowercase()).collect();
        let extension = match name.rfind('.') {
            Some(i) if i > 0 => Some(name[i + 1..].to_ascii_lowercase()),
            _ => None,
        };
        let stem = name.split('.').next().unwrap_or("").to_ascii_lowercase();
        let mut path = segments.join("/");
        let parent = dirs.join("/");
        if !path.is_empty() {
            path.push('/');
        }
        path.push_str(&name);
        Some(ChangedPath {
            path,
            parent,
            dirs,
            name,
            extension,
            stem,
        })
    }
}

/// Everything a condition looks at, prepared once.
struct Facts<'i> {
    input: &'i SkillHintInput<'i>,
    request: Vec<String>,
    any: [Vec<String>; 3],
    paths: Vec<ChangedPath>,
}

fn has_words(tokens: &[String], phrase: &str) -> bool {
    has_phrase(tokens, &phrase.split(' ').collect::<Vec<_>>())
}

impl Facts<'_> {
    fn texts(&self, which: Texts) -> &[Vec<String>] {
        match which {
            Texts::Request => std::slice::from_ref(&self.request),
            Texts::Any => &self.any,
        }
    }

    fn holds(&self, cond: &Cond) -> bool {
        match cond {
            Cond::Words(t, phrases) => self
                .texts(*t)
                .iter()
                .any(|toks| phrases.iter().any(|p| has_words(toks, p))),
            Cond::WordNotBefore(t, words, not_next) => self.texts(*t).iter().any(|toks| {
                toks.iter().enumerate().any(|(i, tok)| {
                    words.contains(&tok.as_str())
                        && toks
                            .get(i + 1)
                            .is_none_or(|next| !not_next.contains(&next.as_str()))
                })
            }),
            Cond::Pair(t, first, second) => self.texts(*t).iter().any(|toks| {
                toks.windows(2)
                    .any(|w| first.contains(&w[0].as_str()) && second.contains(&w[1].as_str()))
            }),
            Cond::Extension(exts) => self
                .paths
                .iter()
                .any(|p| p.extension.as_deref().is_some_and(|e| exts.contains(&e))),
            Cond::FileName(names) => self.paths.iter().any(|p| names.contains(&p.name.as_str())),
            Cond::Directory(dirs) => self
                .paths
                .iter()
                .any(|p| p.dirs.iter().any(|d| dirs.contains(&d.as_str()))),
            Cond::Stem(stems) => self.paths.iter().any(|p| stems.contains(&p.stem.as_str())),
            Cond::MultiComponent { paths, dirs } => {
                let mut distinct: Vec<&str> = self.paths.iter().map(|p| p.path.as_str()).collect();
                distinct.sort_unstable();
                distinct.dedup();
                let mut parents: Vec<&str> = self.paths.iter().map(|p| p.parent.as_str()).collect();
                parents.sort_unstable();
                parents.dedup();
                distinct.len() >= *paths && parents.len() >= *dirs
            }
            Cond::ResearchFiles => self.input.research_files.any(),
            Cond::McpCapabilityNeeded => self.input.mcp_capability_needed,
            Cond::ForAgents(agents, inner) => {
                agents.contains(&self.input.agent) && self.holds(inner)
            }
        }
    }

    fn fires(&self, rule: &HintRule) -> bool {
        let i = self.input;
        (rule.agents.is_empty() || rule.agents.contains(&i.agent))
            && (rule.workflows.is_empty() || rule.workflows.contains(&i.workflow))
            && !i.kind.is_some_and(|k| rule.never_kinds.contains(&k))
            && !i.phase.is_some_and(|p| rule.never_phases.contains(&p))
            && rule.any_of.iter().any(|c| self.holds(c))
    }
}

/// The skill hints for one dispatch (router.md §4.27): project hints first, in file order, then
/// the internal hints that fire, in table order; no id twice. ORIENT dispatches no agent, so it
/// is `invalid_value`.
pub fn skill_hints(input: &SkillHintInput<'_>) -> Result<Vec<String>> {
    check_dispatch_workflow(input.workflow)?;
    let facts = Facts {
        input,
        request: tokens(input.request),
        any: [
            tokens(input.request),
            tokens(input.plan_text),
            tokens(input.design_text),
        ],
        paths: input
            .changed_files
            .iter()
            .filter_map(|p| ChangedPath::new(p))
            .collect(),
    };
    let mut hints = project_skill_hints(input.patterns_text);
    for rule in HINT_RULES {
        let skill = skill_of(input.edition, rule.id);
        if facts.fires(rule) && !hints.iter().any(|h| h == skill) {
            hints.push(skill.to_string());
        }
    }
    Ok(hints)
}

/// The project/domain skill ids of `patterns.md` `## Project SKILL_HINTS` (§4.27 H11), in file
/// order: the first word of each `- ` entry, one pair of backticks removed; placeholders (`[…]`),
/// `none`, `n/a`, `cc10x:` ids and the meta-skills are skipped, repeats keep their first place.
pub fn project_skill_hints(patterns_text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut inside = false;
    for line in lines(patterns_text) {
        if !inside {
            inside = trim_sp_end(line) == PROJECT_HINTS_HEADING;
            continue;
        }
        if line.starts_with("## ") {
            break;
        }
        let Some(entry) = trim_sp(line).strip_prefix("- ") else {
            continue;
        };
        let word = entry
            .split(is_ascii_ws)
            .find(|w| !w.is_empty())
            .unwrap_or("");
        let id = word
            .strip_prefix('`')
            .and_then(|w| w.strip_suffix('`'))
            .unwrap_or(word);
        let skipped = id.is_empty()
            || id.starts_with('[')
            || id.eq_ignore_ascii_case("none")
            || id.eq_ignore_ascii_case("n/a")
            || id
                .get(..6)
                .is_some_and(|p| p.eq_ignore_ascii_case("cc10x:"))
            || META_SKILLS.contains(&id);
        if !skipped && !out.iter().any(|h| h == id) {
            out.push(id.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hints(agent: Agent, workflow: WorkflowType, request: &str) -> Vec<String> {
        skill_hints(&SkillHintInput::new(agent, workflow, request)).unwrap()
    }

    #[test]
    fn hint_table_rows_follow_the_spec_order_and_name_cc10x_skills() {
        let ids: Vec<&str> = HINT_RULES.iter().map(|r| r.id).collect();
        assert_eq!(
            ids,
            ["H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9", "H10"]
        );
        for r in HINT_RULES {
            assert!(!r.any_of.is_empty());
        }
        for e in Edition::ALL {
            let rows: Vec<&str> = internal_hints(*e).map(|(id, _)| id).collect();
            let table: Vec<&str> = e.rules().hint_skills.iter().map(|(id, _)| *id).collect();
            assert_eq!(rows, table, "{e}");
            assert!(internal_hints(*e).all(|(_, s)| s.starts_with("cc10x:")));
        }
    }

    #[test]
    fn phrases_match_contiguous_tokens_only() {
        let b = Agent::ComponentBuilder;
        assert_eq!(
            hints(b, WorkflowType::Build, "tidy the Front-End"),
            ["cc10x:frontend-patterns"]
        );
        assert!(hints(b, WorkflowType::Build, "front of the end").is_empty());
        assert_eq!(
            hints(b, WorkflowType::Build, "what should this look like?"),
            ["cc10x:prototyping"]
        );
    }

    #[test]
    fn integration_followed_by_tests_is_not_integration_work() {
        let b = Agent::ComponentBuilder;
        assert!(hints(b, WorkflowType::Build, "add integration tests").is_empty());
        assert_eq!(
            hints(b, WorkflowType::Build, "finish the integration"),
            ["cc10x:architecture-patterns"]
        );
        assert_eq!(
            hints(b, WorkflowType::Build, "integration with stripe"),
            ["cc10x:architecture-patterns"]
        );
    }

    #[test]
    fn path_rules_read_extension_name_directory_and_stem() {
        let fire = |path: &'static str| {
            let mut i = SkillHintInput::new(Agent::ComponentBuilder, WorkflowType::Build, "x");
            i.changed_files = vec![path];
            skill_hints(&i).unwrap()
        };
        assert_eq!(fire("web\\Components\\x.rs"), ["cc10x:frontend-patterns"]);
        assert_eq!(fire("././docs/DESIGN.md"), ["cc10x:frontend-patterns"]);
        assert!(fire("docs/design.md").is_empty());
        assert_eq!(fire("db/Schema.sql"), ["cc10x:architecture-patterns"]);
        assert_eq!(fire("api.proto"), ["cc10x:architecture-patterns"]);
        assert!(fire(".css").is_empty());
        assert!(fire("").is_empty());
    }

    #[test]
    fn multi_component_needs_three_paths_in_two_directories() {
        let mut i = SkillHintInput::new(Agent::ComponentBuilder, WorkflowType::Build, "x");
        i.changed_files = vec!["a/x.py", "a/y.py", "./a/y.py"];
        assert!(skill_hints(&i).unwrap().is_empty());
        i.changed_files = vec!["a/x.py", "a/y.py", "z.py"];
        assert_eq!(skill_hints(&i).unwrap(), ["cc10x:architecture-patterns"]);
    }

    #[test]
    fn agent_scoped_hints_need_their_agent() {
        let r = "check the reuse of helpers and the visual polish";
        assert!(hints(Agent::ComponentBuilder, WorkflowType::Review, r).is_empty());
        assert_eq!(
            hints(Agent::CodeReviewer, WorkflowType::Review, r),
            [
                "cc10x:finding-duplicate-functions",
                "cc10x:frontend-design-critique"
            ]
        );
        let mut i = SkillHintInput::new(Agent::Planner, WorkflowType::Plan, "x");
        i.mcp_capability_needed = true;
        assert!(skill_hints(&i).unwrap().is_empty());
        i.agent = Agent::GithubResearcher;
        assert_eq!(skill_hints(&i).unwrap(), ["cc10x:mcp-cli"]);
    }

    #[test]
    fn orient_dispatches_no_agent_so_it_has_no_hints() {
        let i = SkillHintInput::new(Agent::Planner, WorkflowType::Orient, "explain");
        assert_eq!(
            skill_hints(&i).unwrap_err().kind,
            crate::ErrorKind::InvalidValue
        );
    }

    #[test]
    fn receiving_code_review_is_not_for_the_internal_fix_loop() {
        let mut i = SkillHintInput::new(
            Agent::ComponentBuilder,
            WorkflowType::Build,
            "fix the PR comments",
        );
        assert_eq!(skill_hints(&i).unwrap(), ["cc10x:receiving-code-review"]);
        i.kind = Some(Kind::Remfix);
        assert!(skill_hints(&i).unwrap().is_empty());
    }

    #[test]
    fn project_hints_come_first_from_their_section_only() {
        let text = "## User Standards\n- ignored\n## Project SKILL_HINTS  \r\n\
                    - `a-skill` (UI)\n  - b-skill\n- a-skill\n-c\n- None\n- N/A\n- [full-skill-id]\n\
                    - CC10X:frontend-patterns\n- authoring-cc10x-guidance\n- ``\n## Last Updated\n- d\n";
        assert_eq!(project_skill_hints(text), ["a-skill", "b-skill"]);
        let mut i = SkillHintInput::new(Agent::ComponentBuilder, WorkflowType::Build, "ui");
        i.patterns_text = "## Project SKILL_HINTS\n- cc10x:frontend-patterns\n- x\n";
        assert_eq!(skill_hints(&i).unwrap(), ["x", "cc10x:frontend-patterns"]);
    }

    fn head(agent: Agent, request: &'static str) -> Vec<String> {
        let mut i = SkillHintInput::new(agent, WorkflowType::Build, request);
        i.edition = Edition::V12_7;
        skill_hints(&i).unwrap()
    }

    #[test]
    fn h1_head_skill_ids_are_the_merged_skills_listed_once() {
        let r = Agent::CodeReviewer;
        assert_eq!(
            head(r, "review the visual polish of the modal"),
            ["cc10x:frontend"]
        );
        assert_eq!(
            hints(
                r,
                WorkflowType::Build,
                "review the visual polish of the modal"
            ),
            ["cc10x:frontend-patterns", "cc10x:frontend-design-critique"]
        );
        assert_eq!(
            head(r, "consolidate duplicate code and deepen shallow modules"),
            ["cc10x:codebase-hygiene"]
        );
        let b = Agent::ComponentBuilder;
        assert_eq!(
            head(b, "a spike for the api"),
            ["cc10x:architecture", "cc10x:exploration"]
        );
        assert_eq!(head(b, "act on the PR comments"), ["cc10x:code-review"]);
        assert_eq!(
            head(b, "hand off to a coworker"),
            ["cc10x:memory-and-handoff"]
        );
    }

    #[test]
    fn h1_head_mcp_hint_is_for_the_one_researcher() {
        let mut i = SkillHintInput::new(Agent::Researcher, WorkflowType::Plan, "x");
        i.edition = Edition::V12_7;
        i.mcp_capability_needed = true;
        assert_eq!(skill_hints(&i).unwrap(), ["cc10x:mcp-cli"]);
        i.research_files = ResearchFiles::new(Some("docs/r.md"), None, "research_files").unwrap();
        i.agent = Agent::Planner;
        assert_eq!(skill_hints(&i).unwrap(), ["cc10x:research"]);
    }

    #[test]
    fn h1_head_project_hints_still_drop_the_meta_skills() {
        let mut i = SkillHintInput::new(Agent::ComponentBuilder, WorkflowType::Build, "x");
        i.edition = Edition::V12_7;
        i.patterns_text = "## Project SKILL_HINTS\n- skill-eval-harness\n- react\n";
        assert_eq!(skill_hints(&i).unwrap(), ["react"]);
    }
}
