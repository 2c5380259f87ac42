//! Budgets: the effective limits (the feature's key over the config's),
//! the amounts a run spent as its `run-end` events say, and the stop when one is over.
//!
//! The amounts are a fold over events only, so a resumed run that is given its events log
//! counts what it already spent; the caller decides when to check (after an outcome with stats,
//! before an agent run).

use crate::protocol::config::{Budget, Config};
use crate::protocol::feature::Feature;
use crate::protocol::state::{Event, EventType, NotifyLevel};

use super::run::Ctx;
use super::types::{Decision, Spent};

/// The stop reason of a spent budget.
pub const BUDGET_EXCEEDED: &str = "budget-exceeded";

/// The event type of a spent budget.
pub const BUDGET_EXCEEDED_EVENT: &str = "budget-exceeded";

impl Spent {
    /// Adds what one event says: `cost_usd` and `tokens_used` of a `run-end`, and one agent run
    /// when its status starts with `exit-` (the agent ran and exited). Other events add nothing.
    pub fn add(&mut self, e: &Event) {
        if !e.event_type.is(EventType::RunEnd) {
            return;
        }
        self.cost_usd += e.cost_usd;
        self.tokens = self.tokens.saturating_add(e.tokens_used);
        if e.status.starts_with("exit-") {
            self.agent_runs = self.agent_runs.saturating_add(1);
        }
    }

    /// The amounts of a whole events log.
    pub fn of(events: &[Event]) -> Spent {
        let mut s = Spent::default();
        for e in events {
            s.add(e);
        }
        s
    }
}

/// One limit: its key, its value, and what was spent against it (both as written in messages).
#[derive(Debug, Clone, PartialEq)]
pub struct Over {
    /// `max_cost_usd`, `max_tokens` or `max_agent_runs`.
    pub key: &'static str,
    /// The limit, as written.
    pub limit: String,
    /// The amount spent, as written.
    pub amount: String,
}

/// When a budget is checked: after an outcome (an amount above its limit stops) or before an
/// agent run (an amount at its limit already stops: nothing is left).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// After an outcome with stats.
    AfterOutcome,
    /// Before an agent run.
    BeforeRun,
}

/// The effective budget: per key, the feature's value when set and positive, else the
/// config's when positive, else no limit (0).
pub fn effective(cfg: &Config, feature: &Feature) -> Budget {
    let zero = Budget::default();
    let c = cfg.budget.as_ref().unwrap_or(&zero);
    let f = feature.budget.as_ref().unwrap_or(&zero);
    Budget {
        max_cost_usd: if f.max_cost_usd > 0.0 {
            f.max_cost_usd
        } else {
            c.max_cost_usd.max(0.0)
        },
        max_tokens: if f.max_tokens > 0 {
            f.max_tokens
        } else {
            c.max_tokens.max(0)
        },
        max_agent_runs: if f.max_agent_runs > 0 {
            f.max_agent_runs
        } else {
            c.max_agent_runs.max(0)
        },
    }
}

/// The first limit (in the order cost, tokens, agent runs) that `spent` is over at `when`.
pub fn over(budget: &Budget, spent: &Spent, when: When) -> Option<Over> {
    let past_f = |amount: f64, limit: f64| match when {
        When::AfterOutcome => amount > limit,
        When::BeforeRun => amount >= limit,
    };
    let past_i = |amount: i64, limit: i64| match when {
        When::AfterOutcome => amount > limit,
        When::BeforeRun => amount >= limit,
    };
    if budget.max_cost_usd > 0.0 && past_f(spent.cost_usd, budget.max_cost_usd) {
        return Some(Over {
            key: "max_cost_usd",
            limit: budget.max_cost_usd.to_string(),
            amount: spent.cost_usd.to_string(),
        });
    }
    if budget.max_tokens > 0 && past_i(spent.tokens, budget.max_tokens) {
        return Some(Over {
            key: "max_tokens",
            limit: budget.max_tokens.to_string(),
            amount: spent.tokens.to_string(),
        });
    }
    if budget.max_agent_runs > 0 && past_i(spent.agent_runs, budget.max_agent_runs) {
        return Some(Over {
            key: "max_agent_runs",
            limit: budget.max_agent_runs.to_string(),
            amount: spent.agent_runs.to_string(),
        });
    }
    None
}

/// The stop message of a spent budget.
pub fn message(o: &Over, when: When) -> String {
    let verb = match when {
        When::AfterOutcome => "exceeded",
        When::BeforeRun => "reached",
    };
    format!("budget {} {} {verb}: {} spent", o.key, o.limit, o.amount)
}

impl Ctx<'_> {
    /// The budget check before an agent run: an amount at its limit stops the run.
    pub(crate) fn budget_stop_before_run(&mut self) -> Option<Decision> {
        self.budget_stop(When::BeforeRun)
    }

    /// The budget check after an outcome with stats: an amount above its limit stops the run.
    pub(crate) fn budget_stop_after_outcome(&mut self) -> Option<Decision> {
        self.budget_stop(When::AfterOutcome)
    }

    /// The budget stop at `when`, if a limit is over: phase kept, stopReason
    /// `budget-exceeded`, a `budget-exceeded` event (notify warning), then `stop`.
    fn budget_stop(&mut self, when: When) -> Option<Decision> {
        let o = over(&effective(self.cfg, self.feature), &self.lp.spent, when)?;
        let msg = message(&o, when);
        let mut e = self.ev_named(BUDGET_EXCEEDED_EVENT);
        e.detail.clone_from(&msg);
        e.notify = NotifyLevel::Warning.into();
        self.push(e);
        Some(self.stop_with(None, BUDGET_EXCEEDED, &msg))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::state::AnyEventType;

    fn run_end(status: &str, cost: f64, tokens: i64) -> Event {
        Event {
            event_type: AnyEventType::from(EventType::RunEnd),
            status: status.into(),
            cost_usd: cost,
            tokens_used: tokens,
            ..Event::default()
        }
    }

    #[test]
    fn amounts_are_the_run_end_events_sums_and_exits() {
        let events = [
            run_end("exit-0", 0.25, 100),
            run_end("error", 0.0, 0),
            run_end("exit-1", 0.5, 50),
            Event {
                event_type: AnyEventType::from(EventType::PhaseStart),
                cost_usd: 9.0,
                ..Event::default()
            },
        ];
        let s = Spent::of(&events);
        assert_eq!(s.cost_usd, 0.75);
        assert_eq!(s.tokens, 150);
        assert_eq!(s.agent_runs, 2);
    }

    #[test]
    fn the_feature_wins_per_key() {
        let cfg = Config {
            budget: Some(Budget {
                max_cost_usd: 2.0,
                max_tokens: 1000,
                max_agent_runs: 0,
            }),
            ..Config::default()
        };
        let feature = Feature {
            budget: Some(Budget {
                max_tokens: 10,
                max_agent_runs: -1,
                ..Budget::default()
            }),
            ..Feature::default()
        };
        let b = effective(&cfg, &feature);
        assert_eq!(
            (b.max_cost_usd, b.max_tokens, b.max_agent_runs),
            (2.0, 10, 0)
        );
    }

    #[test]
    fn above_stops_after_an_outcome_and_at_stops_before_a_run() {
        let b = Budget {
            max_agent_runs: 2,
            ..Budget::default()
        };
        let at = Spent {
            agent_runs: 2,
            ..Spent::default()
        };
        assert_eq!(over(&b, &at, When::AfterOutcome), None);
        let o = over(&b, &at, When::BeforeRun).unwrap();
        assert_eq!(
            message(&o, When::BeforeRun),
            "budget max_agent_runs 2 reached: 2 spent"
        );
    }

    #[test]
    fn cost_is_checked_first_and_named_with_the_amount() {
        let b = Budget {
            max_cost_usd: 0.5,
            max_tokens: 1,
            max_agent_runs: 1,
        };
        let s = Spent {
            cost_usd: 0.75,
            tokens: 5,
            agent_runs: 3,
        };
        let o = over(&b, &s, When::AfterOutcome).unwrap();
        assert_eq!(
            message(&o, When::AfterOutcome),
            "budget max_cost_usd 0.5 exceeded: 0.75 spent"
        );
    }
}
