//! Intent routing (router.md): the signal table, the closed keyword-inflection table,
//! whole-word token matching, the winner by priority, the REVIEW/ORIENT preference and the
//! announcement line. Judgements beyond the keyword table (BUILD complexity, plan mode) are the
//! caller's.

use serde::Serialize;

use crate::router::parse::text::{find_phrase, has_phrase, tokens};
use crate::router::vocabulary::WorkflowType;

/// A routing signal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum Signal {
    /// `ERROR` → DEBUG.
    #[serde(rename = "ERROR")]
    Error,
    /// `PLAN` → PLAN.
    #[serde(rename = "PLAN")]
    Plan,
    /// `REVIEW` → REVIEW.
    #[serde(rename = "REVIEW")]
    Review,
    /// `ORIENT` → ORIENT.
    #[serde(rename = "ORIENT")]
    Orient,
    /// `DEFAULT` → BUILD.
    #[serde(rename = "DEFAULT")]
    Default,
}

/// One row of the signal table.
#[derive(Debug, Clone, Copy)]
pub struct SignalRow {
    /// 1 (highest) to 5.
    pub priority: u8,
    /// The signal.
    pub signal: Signal,
    /// Keywords in the seed's order and canonical spelling.
    pub keywords: &'static [&'static str],
    /// The workflow it starts.
    pub workflow: WorkflowType,
    /// The chain description (b0410fc SKILL.md).
    pub chain: &'static str,
}

/// The signal table, in priority order.
pub static SIGNAL_TABLE: [SignalRow; 5] = [
    SignalRow {
        priority: 1,
        signal: Signal::Error,
        keywords: &[
            "error",
            "bug",
            "fix",
            "broken",
            "crash",
            "fail",
            "debug",
            "troubleshoot",
            "issue",
        ],
        workflow: WorkflowType::Debug,
        chain: "bug-investigator -> code-reviewer -> integration-verifier",
    },
    SignalRow {
        priority: 2,
        signal: Signal::Plan,
        keywords: &[
            "plan",
            "design",
            "architect",
            "roadmap",
            "strategy",
            "spec",
            "brainstorm",
        ],
        workflow: WorkflowType::Plan,
        chain: "brainstorming -> planner -> bounded fresh review loop",
    },
    SignalRow {
        priority: 3,
        signal: Signal::Review,
        keywords: &["review", "audit", "analyze", "assess", "is this good"],
        workflow: WorkflowType::Review,
        chain: "code-reviewer",
    },
    SignalRow {
        priority: 4,
        signal: Signal::Orient,
        keywords: &[
            "zoom out",
            "explain",
            "understand",
            "how does X work",
            "unfamiliar",
            "map this",
            "walk me through",
            "where is",
            "what does this do",
        ],
        workflow: WorkflowType::Orient,
        chain: "advisory orientation (no agents)",
    },
    SignalRow {
        priority: 5,
        signal: Signal::Default,
        keywords: &[],
        workflow: WorkflowType::Build,
        chain:
            "component-builder -> [code-reviewer || silent-failure-hunter] -> integration-verifier",
    },
];

/// The closed surface-form table of single-word keywords.
pub static INFLECTIONS: &[(&str, &[&str])] = &[
    ("error", &["error", "errors", "errored", "erroring"]),
    ("bug", &["bug", "bugs", "bugged", "bugging"]),
    ("fix", &["fix", "fixes", "fixed", "fixing"]),
    ("broken", &["broken"]),
    ("crash", &["crash", "crashes", "crashed", "crashing"]),
    ("fail", &["fail", "fails", "failed", "failing"]),
    ("debug", &["debug", "debugs", "debugged", "debugging"]),
    (
        "troubleshoot",
        &[
            "troubleshoot",
            "troubleshoots",
            "troubleshooted",
            "troubleshooting",
        ],
    ),
    ("issue", &["issue", "issues", "issued", "issuing"]),
    ("plan", &["plan", "plans", "planned", "planning"]),
    ("design", &["design", "designs", "designed", "designing"]),
    (
        "architect",
        &["architect", "architects", "architected", "architecting"],
    ),
    ("roadmap", &["roadmap", "roadmaps"]),
    ("strategy", &["strategy", "strategies"]),
    ("spec", &["spec", "specs"]),
    (
        "brainstorm",
        &["brainstorm", "brainstorms", "brainstormed", "brainstorming"],
    ),
    ("review", &["review", "reviews", "reviewed", "reviewing"]),
    ("audit", &["audit", "audits", "audited", "auditing"]),
    ("analyze", &["analyze", "analyzes", "analyzed", "analyzing"]),
    ("assess", &["assess", "assesses", "assessed", "assessing"]),
    (
        "explain",
        &["explain", "explains", "explained", "explaining"],
    ),
    (
        "understand",
        &["understand", "understands", "understanding"],
    ),
    ("unfamiliar", &["unfamiliar"]),
];

/// The keyword whose match starts "how does", then at least one token, then "work".
const HOW_DOES_X_WORK: &str = "how does X work";

/// The REVIEW/ORIENT preference that changed the winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Override {
    /// "help me understand" prefers ORIENT over REVIEW.
    HelpMeUnderstand,
    /// "tell me what's wrong" prefers REVIEW over ORIENT.
    TellMeWhatsWrong,
}

/// The keywords each non-default signal matched, in order of first match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Matches {
    /// ERROR keywords.
    #[serde(rename = "ERROR")]
    pub error: Vec<&'static str>,
    /// PLAN keywords.
    #[serde(rename = "PLAN")]
    pub plan: Vec<&'static str>,
    /// REVIEW keywords.
    #[serde(rename = "REVIEW")]
    pub review: Vec<&'static str>,
    /// ORIENT keywords.
    #[serde(rename = "ORIENT")]
    pub orient: Vec<&'static str>,
}

impl Matches {
    fn of(&self, signal: Signal) -> &[&'static str] {
        match signal {
            Signal::Error => &self.error,
            Signal::Plan => &self.plan,
            Signal::Review => &self.review,
            Signal::Orient => &self.orient,
            Signal::Default => &[],
        }
    }
}

/// The routing decision for one request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Route {
    /// The workflow started.
    pub workflow: WorkflowType,
    /// The winning signal.
    pub signal: Signal,
    /// Its priority (1–5).
    pub priority: u8,
    /// The keywords reported for the winner.
    pub matched: Vec<&'static str>,
    /// The chain description.
    pub chain: &'static str,
    /// `-> {WORKFLOW} workflow (signals: …)`.
    pub announcement: String,
    /// The preference applied, if any.
    #[serde(rename = "override")]
    pub override_: Option<Override>,
    /// The raw table matches of every signal.
    pub matches: Matches,
}

fn row(signal: Signal) -> &'static SignalRow {
    SIGNAL_TABLE
        .iter()
        .find(|r| r.signal == signal)
        .unwrap_or(&SIGNAL_TABLE[4])
}

/// Where a keyword first matches in the tokens.
fn first_match(keyword: &str, toks: &[String]) -> Option<usize> {
    if keyword == HOW_DOES_X_WORK {
        // Earliest adjacent "how does" with a later "work" at least one token after "does".
        let last_work = toks.iter().rposition(|t| t == "work")?;
        return (0..toks.len().saturating_sub(1))
            .find(|&i| toks[i] == "how" && toks[i + 1] == "does" && last_work > i + 2);
    }
    if keyword.contains(' ') {
        let words: Vec<&str> = keyword.split(' ').collect();
        return find_phrase(toks, &words);
    }
    let forms = INFLECTIONS
        .iter()
        .find(|(k, _)| *k == keyword)
        .map_or(&[][..], |(_, f)| *f);
    toks.iter().position(|t| forms.contains(&t.as_str()))
}

fn signal_matches(signal: Signal, toks: &[String]) -> Vec<&'static str> {
    let mut found: Vec<(usize, &'static str)> = row(signal)
        .keywords
        .iter()
        .filter_map(|&k| first_match(k, toks).map(|i| (i, k)))
        .collect();
    found.sort_by_key(|&(i, _)| i); // stable: ties keep table order
    found.into_iter().map(|(_, k)| k).collect()
}

/// Routes a request by the signal table.
pub fn route(request: &str) -> Route {
    let toks = tokens(request);
    let matches = Matches {
        error: signal_matches(Signal::Error, &toks),
        plan: signal_matches(Signal::Plan, &toks),
        review: signal_matches(Signal::Review, &toks),
        orient: signal_matches(Signal::Orient, &toks),
    };
    let mut winner = [Signal::Error, Signal::Plan, Signal::Review, Signal::Orient]
        .into_iter()
        .find(|&s| !matches.of(s).is_empty())
        .unwrap_or(Signal::Default);
    let help = has_phrase(&toks, &["help", "me", "understand"]);
    let wrong = has_phrase(&toks, &["tell", "me", "what", "s", "wrong"])
        || has_phrase(&toks, &["tell", "me", "what", "is", "wrong"]);
    let mut override_ = None;
    let mut matched: Vec<&'static str> = matches.of(winner).to_vec();
    if winner == Signal::Review && !matches.orient.is_empty() && help && !wrong {
        winner = Signal::Orient;
        override_ = Some(Override::HelpMeUnderstand);
        matched = matches.orient.clone();
    } else if winner == Signal::Orient && wrong && !help {
        winner = Signal::Review;
        override_ = Some(Override::TellMeWhatsWrong);
        matched = vec!["tell me what's wrong"];
    }
    let r = row(winner);
    let signals = if matched.is_empty() {
        "none".to_string()
    } else {
        matched.join(", ")
    };
    Route {
        workflow: r.workflow,
        signal: winner,
        priority: r.priority,
        announcement: format!("-> {} workflow (signals: {signals})", r.workflow),
        matched,
        chain: r.chain,
        override_,
        matches,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signal_table_matches_router_spec_4_1() {
        let rows: Vec<_> = SIGNAL_TABLE
            .iter()
            .map(|r| (r.priority, r.workflow.as_str(), r.keywords.len(), r.chain))
            .collect();
        assert_eq!(
            rows,
            [
                (1, "DEBUG", 9, "bug-investigator -> code-reviewer -> integration-verifier"),
                (2, "PLAN", 7, "brainstorming -> planner -> bounded fresh review loop"),
                (3, "REVIEW", 5, "code-reviewer"),
                (4, "ORIENT", 9, "advisory orientation (no agents)"),
                (
                    5,
                    "BUILD",
                    0,
                    "component-builder -> [code-reviewer || silent-failure-hunter] -> integration-verifier"
                ),
            ]
        );
    }

    #[test]
    fn every_single_word_keyword_has_an_inflection_row_listing_itself() {
        for r in &SIGNAL_TABLE {
            for k in r.keywords.iter().filter(|k| !k.contains(' ')) {
                let forms = INFLECTIONS.iter().find(|(kw, _)| kw == k).map(|(_, f)| *f);
                assert!(forms.is_some_and(|f| f.first() == Some(k)), "{k}");
            }
        }
        assert_eq!(INFLECTIONS.len(), 23);
    }

    #[test]
    fn inflections_are_closed_no_stemming() {
        for req in [
            "I understood it",
            "it broke",
            "analyse this",
            "specced out",
            "failure",
        ] {
            assert_eq!(route(req).signal, Signal::Default, "{req}");
        }
        assert_eq!(route("it is failing").matched, ["fail"]);
    }

    #[test]
    fn how_does_x_work_needs_a_token_between_does_and_work() {
        assert_eq!(route("how does work").signal, Signal::Default);
        assert_eq!(route("how does the queue work").matched, [HOW_DOES_X_WORK]);
    }

    #[test]
    fn error_wins_over_everything() {
        let r = route("review and fix anything sketchy");
        assert_eq!(r.workflow, WorkflowType::Debug);
        assert_eq!(r.matches.review, ["review"]);
    }
}
