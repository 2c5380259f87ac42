//! Loop caps (router.md): how many remediation, investigation, research and
//! plan-review loops a workflow may create before a human checkpoint. Counting loops is the
//! caller's.

use serde::Serialize;

use crate::router::vocabulary::UnknownName;

/// A capped loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Loop {
    /// REM-FIX cycles (cap 3).
    Remfix,
    /// Investigator continuations (cap 2).
    Investigation,
    /// Research loops per wf + reason (cap 2).
    Research,
    /// Fresh plan-review passes (cap 2).
    PlanReview,
}

/// The caps table.
pub static CAPS: [(Loop, &str, u64); 4] = [
    (Loop::Remfix, "remfix", 3),
    (Loop::Investigation, "investigation", 2),
    (Loop::Research, "research", 2),
    (Loop::PlanReview, "plan_review", 2),
];

impl std::str::FromStr for Loop {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Loop, UnknownName> {
        CAPS.iter()
            .find(|(_, n, _)| *n == s)
            .map(|(l, _, _)| *l)
            .ok_or_else(|| UnknownName {
                what: "loop",
                value: s.to_string(),
            })
    }
}

/// The gate for one loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LoopGate {
    /// The loop.
    #[serde(rename = "loop")]
    pub loop_: Loop,
    /// Its cap.
    pub cap: u64,
    /// Loops already created.
    pub count: u64,
    /// `count < cap`.
    pub allowed: bool,
    /// `count >= cap`.
    pub checkpoint_required: bool,
}

/// The cap of a loop.
pub fn cap(l: Loop) -> u64 {
    CAPS.iter()
        .find(|(x, _, _)| *x == l)
        .map_or(0, |(_, _, c)| *c)
}

/// Gates a loop at `count`.
pub fn gate(l: Loop, count: u64) -> LoopGate {
    let cap = cap(l);
    LoopGate {
        loop_: l,
        cap,
        count,
        allowed: count < cap,
        checkpoint_required: count >= cap,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_match_router_spec_4_22() {
        let caps: Vec<_> = CAPS.iter().map(|(_, n, c)| (*n, *c)).collect();
        assert_eq!(
            caps,
            [
                ("remfix", 3),
                ("investigation", 2),
                ("research", 2),
                ("plan_review", 2)
            ]
        );
        assert!(gate(Loop::Remfix, 2).allowed);
        assert!(gate(Loop::Remfix, 3).checkpoint_required);
    }
}
