//! Intent routing (router.md): the signal table, the closed keyword-inflection table,
//! whole-word token matching, the winner by priority, the REVIEW/ORIENT preference and the
//! announcement line. Judgements beyond the keyword table (BUILD complexity, plan mode) are the
//! caller's.

use serde::Serialize;

use crate::router::edition::Edition;
use crate::router::parse::text::{find_phrase, has_phrase, tokens};
use crate::router::vocabulary::WorkflowType;

pub use crate::router::edition::{
    SignalRow, SIGNALS_11 as SIGNAL_TABLE, SIGNALS_12_10, SIGNALS_12_7,
};
pub use crate::router::vocabulary::Signal;

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
    // 12.7.0 rows (A3): regular inflections of the verb; `deepening` is itself the only form.
    ("triage", &["triage", "triages", "triaged", "triaging"]),
    ("deepening", &["deepening"]),
    // 12.10.0 QA row: the verb's regular forms; the noun `regression` and its plural.
    ("test", &["test", "tests", "tested", "testing"]),
    ("qa", &["qa"]),
    ("e2e", &["e2e"]),
    ("regression", &["regression", "regressions"]),
];

/// The keyword whose match starts "how does", then at least one token, then "work".
const HOW_DOES_X_WORK: &str = "how does X work";

/// The REVIEW/ORIENT preference that changed the winner (the seed's ORIENT rule: "help me understand" prefers
/// ORIENT over REVIEW; "tell me what's wrong" prefers REVIEW over ORIENT and over every row of
/// lower priority than REVIEW, DEFAULT/BUILD included).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Override {
    /// "help me understand" prefers ORIENT over REVIEW.
    HelpMeUnderstand,
    /// "tell me what's wrong" prefers REVIEW over ORIENT.
    TellMeWhatsWrong,
}

/// The keywords each non-default signal matched, in order of first match. `TRIAGE` and
/// `CODEBASE-HEALTH` are present only where the edition has those rows (`12.7.0`).
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
    /// TRIAGE keywords (`12.7.0`).
    #[serde(rename = "TRIAGE", skip_serializing_if = "Option::is_none")]
    pub triage: Option<Vec<&'static str>>,
    /// CODEBASE-HEALTH keywords (`12.7.0`).
    #[serde(rename = "CODEBASE-HEALTH", skip_serializing_if = "Option::is_none")]
    pub codebase_health: Option<Vec<&'static str>>,
    /// QA keywords (`12.10.0`).
    #[serde(rename = "QA", skip_serializing_if = "Option::is_none")]
    pub qa: Option<Vec<&'static str>>,
}

impl Matches {
    fn of(&self, signal: Signal) -> &[&'static str] {
        match signal {
            Signal::Error => &self.error,
            Signal::Plan => &self.plan,
            Signal::Review => &self.review,
            Signal::Orient => &self.orient,
            Signal::Triage => self.triage.as_deref().unwrap_or(&[]),
            Signal::CodebaseHealth => self.codebase_health.as_deref().unwrap_or(&[]),
            Signal::Qa => self.qa.as_deref().unwrap_or(&[]),
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
    /// Its priority (1 to the DEFAULT row's).
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

/// The row of `signal` in `table`; DEFAULT (the last row) for a signal the table lacks.
fn row(table: &'static [SignalRow], signal: Signal) -> &'static SignalRow {
    let default = &table[table.len() - 1];
    table.iter().find(|r| r.signal == signal).unwrap_or(default)
}

/// The digits-only token a `… #` keyword needs after its words (fourx rule: `#` separates).
fn is_number(tok: &str) -> bool {
    !tok.is_empty() && tok.bytes().all(|b| b.is_ascii_digit())
}

/// Where a keyword first matches in the tokens.
fn first_match(keyword: &str, toks: &[String]) -> Option<usize> {
    if keyword == HOW_DOES_X_WORK {
        // Earliest adjacent "how does" with a later "work" at least one token after "does".
        let last_work = toks.iter().rposition(|t| t == "work")?;
        return (0..toks.len().saturating_sub(1))
            .find(|&i| toks[i] == "how" && toks[i + 1] == "does" && last_work > i + 2);
    }
    if let Some(words) = keyword.strip_suffix(" #") {
        // `look at #` / `triage #`: the words, contiguous, then a token of digits.
        let words: Vec<&str> = words.split(' ').collect();
        return (0..toks.len()).find(|&i| {
            toks.len() > i + words.len()
                && words.iter().enumerate().all(|(j, w)| toks[i + j] == *w)
                && is_number(&toks[i + words.len()])
        });
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

fn signal_matches(
    table: &'static [SignalRow],
    signal: Signal,
    toks: &[String],
) -> Vec<&'static str> {
    let Some(r) = table.iter().find(|r| r.signal == signal) else {
        return Vec::new();
    };
    let mut found: Vec<(usize, &'static str)> = r
        .keywords
        .iter()
        .filter_map(|&k| first_match(k, toks).map(|i| (i, k)))
        .collect();
    found.sort_by_key(|&(i, _)| i); // stable: ties keep table order
    found.into_iter().map(|(_, k)| k).collect()
}

/// Routes a request by the `11.0.0` signal table.
///
/// ```
/// use fourx_core::router::route::{route, Signal};
/// assert_eq!(route("the login page is broken").signal, Signal::Error);
/// ```
pub fn route(request: &str) -> Route {
    route_in(Edition::V11, request)
}

/// Routes a request by the edition's signal table (row A3): the first row in
/// priority order with a keyword match wins, else DEFAULT; the REVIEW/ORIENT preference applies
/// at both editions. At `12.7.0` a request that names `triage` and an `issue` is DEBUG (ERROR's
/// priority 1 wins; the "primary deliverable decides" sentence is judgement, not a table rule).
///
/// ```
/// use fourx_core::router::edition::Edition;
/// use fourx_core::router::route::{route_in, Signal};
/// assert_eq!(route_in(Edition::V12_7, "triage #42").signal, Signal::Triage);
/// assert_eq!(route_in(Edition::V11, "triage #42").signal, Signal::Default);
/// ```
pub fn route_in(edition: Edition, request: &str) -> Route {
    let table = edition.rules().signals;
    let toks = tokens(request);
    let has = |s: Signal| table.iter().any(|r| r.signal == s);
    let matches = Matches {
        error: signal_matches(table, Signal::Error, &toks),
        plan: signal_matches(table, Signal::Plan, &toks),
        review: signal_matches(table, Signal::Review, &toks),
        orient: signal_matches(table, Signal::Orient, &toks),
        triage: has(Signal::Triage).then(|| signal_matches(table, Signal::Triage, &toks)),
        codebase_health: has(Signal::CodebaseHealth)
            .then(|| signal_matches(table, Signal::CodebaseHealth, &toks)),
        qa: has(Signal::Qa).then(|| signal_matches(table, Signal::Qa, &toks)),
    };
    let mut winner = table
        .iter()
        .map(|r| r.signal)
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
    } else if wrong && !help && row(table, winner).priority > row(table, Signal::Review).priority {
        // "tell me what's wrong" prefers REVIEW over every row below it — ORIENT, and DEFAULT
        // when no other keyword matched ("tell me what's wrong with this code" never starts a
        // writing BUILD); ERROR and PLAN still win.
        winner = Signal::Review;
        override_ = Some(Override::TellMeWhatsWrong);
        matched = vec!["tell me what's wrong"];
    }
    let r = row(table, winner);
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
        for r in SIGNAL_TABLE
            .iter()
            .chain(SIGNALS_12_7.iter())
            .chain(SIGNALS_12_10.iter())
        {
            for k in r.keywords.iter().filter(|k| !k.contains(' ')) {
                let forms = INFLECTIONS.iter().find(|(kw, _)| kw == k).map(|(_, f)| *f);
                assert!(forms.is_some_and(|f| f.first() == Some(k)), "{k}");
            }
        }
        assert_eq!(INFLECTIONS.len(), 29);
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
    fn tell_me_whats_wrong_prefers_review_over_build() {
        for edition in Edition::ALL {
            let r = route_in(*edition, "tell me what's wrong with this code");
            assert_eq!(
                (r.signal, r.workflow, r.override_),
                (
                    Signal::Review,
                    WorkflowType::Review,
                    Some(Override::TellMeWhatsWrong)
                ),
                "{edition}"
            );
            assert_eq!(r.priority, 3);
            assert_eq!(r.matched, ["tell me what's wrong"]);
            assert_eq!(
                r.announcement,
                "-> REVIEW workflow (signals: tell me what's wrong)"
            );
            // The raw matches stay the table's: nothing matched.
            assert!(r.matches.review.is_empty() && r.matches.orient.is_empty());
        }
        assert_eq!(route("Tell me what is wrong here").signal, Signal::Review);
        // ERROR and PLAN rows still win: the preference only lifts rows below REVIEW.
        assert_eq!(
            route("tell me what's wrong with this bug").signal,
            Signal::Error
        );
        assert_eq!(
            route("tell me what's wrong with the plan").signal,
            Signal::Plan
        );
        // Without the phrase, a request with no keyword stays BUILD.
        assert_eq!(route("make this code better").signal, Signal::Default);
        // At 12.7.0 the phrase lifts TRIAGE too (priority 5 < REVIEW's 3).
        assert_eq!(
            route_in(Edition::V12_7, "triage #5 and tell me what's wrong").signal,
            Signal::Review
        );
    }

    #[test]
    fn error_wins_over_everything() {
        let r = route("review and fix anything sketchy");
        assert_eq!(r.workflow, WorkflowType::Debug);
        assert_eq!(r.matches.review, ["review"]);
    }

    fn r12(request: &str) -> Route {
        route_in(Edition::V12_7, request)
    }

    #[test]
    fn a3_triage_and_codebase_health_route_at_12_7_only() {
        let rows: Vec<_> = SIGNALS_12_7
            .iter()
            .map(|r| (r.priority, r.workflow.as_str(), r.keywords.len()))
            .collect();
        assert_eq!(
            rows,
            [
                (1, "DEBUG", 9),
                (2, "PLAN", 7),
                (3, "REVIEW", 5),
                (4, "ORIENT", 9),
                (5, "TRIAGE", 4),
                (6, "CODEBASE-HEALTH", 6),
                (7, "BUILD", 0),
            ]
        );
        let t = r12("please triage the backlog");
        assert_eq!(
            (t.signal, t.priority, t.workflow),
            (Signal::Triage, 5, WorkflowType::Triage)
        );
        assert_eq!(t.announcement, "-> TRIAGE workflow (signals: triage)");
        assert_eq!(
            t.chain,
            "triage-agent → optional exploration → agent-ready brief"
        );
        let h = r12("is this a ball of mud? shallow modules everywhere");
        assert_eq!(h.workflow, WorkflowType::CodebaseHealth);
        assert_eq!(h.matched, ["ball of mud", "shallow modules"]);
        assert_eq!(h.priority, 6);
        // 11.0.0 has neither row and reports the four match lists only.
        assert_eq!(route("please triage the backlog").signal, Signal::Default);
        let v = serde_json::to_value(route("x")).unwrap();
        assert_eq!(v["matches"].as_object().unwrap().len(), 4);
        let v = serde_json::to_value(r12("x")).unwrap();
        assert_eq!(v["matches"].as_object().unwrap().len(), 6);
    }

    #[test]
    fn a3_default_is_priority_7_with_the_failure_hunter_chain_at_12_7() {
        let d = r12("add a settings page");
        assert_eq!((d.signal, d.priority), (Signal::Default, 7));
        assert_eq!(
            d.chain,
            "component-builder → [code-reviewer ‖ failure-hunter] → integration-verifier"
        );
        assert_eq!(
            r12("plan the migration").chain,
            "exploration -> planner -> bounded fresh review loop"
        );
        assert_eq!(route("add a settings page").priority, 5);
    }

    #[test]
    fn a3_look_at_and_triage_hash_need_a_number_token_after_their_words() {
        assert_eq!(r12("look at #17 please").matched, ["look at #"]);
        assert_eq!(r12("look at #17 please").signal, Signal::Triage);
        assert_eq!(r12("look at this").signal, Signal::Default);
        assert_eq!(r12("triage #5").matched, ["triage", "triage #"]);
        assert_eq!(r12("triaging now").matched, ["triage"]);
    }

    #[test]
    fn a3_error_keeps_priority_over_triage_keywords() {
        // "issues" is an ERROR surface form; the primary-deliverable sentence is not a table rule.
        let r = r12("triage incoming issues");
        assert_eq!(r.signal, Signal::Error);
        assert_eq!(
            r.matches.triage.as_deref(),
            Some(&["triage", "incoming issues"][..])
        );
    }
}
