//! Verdict reconciliation (router.md): when agents disagree, the stricter
//! verdict is authoritative — never averaged. Logging the contradiction in `status_history` is
//! the caller's.

use serde::Serialize;

use crate::error::{Error, ErrorKind, Result};

use crate::router::parse::status::{polarity, Polarity};
use crate::router::vocabulary::Agent;

/// One agent's verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verdict {
    /// The agent.
    pub agent: Agent,
    /// Its status.
    pub status: String,
}

/// The authoritative verdict as written in the output.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Authoritative {
    /// `cc10x:` + agent.
    pub agent: String,
    /// Its status.
    pub status: String,
}

/// The reconciled outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Reconciled {
    /// `fail` if any verdict fails, else `pass`.
    pub outcome: Polarity,
    /// At least one pass and one fail.
    pub contradiction: bool,
    /// The first failing verdict, else the first verdict.
    pub authoritative: Authoritative,
}

/// The polarity of a verdict: `unknown_agent` for researchers, `invalid_value` for a status the
/// agent does not report.
pub fn verdict_polarity(v: &Verdict) -> Result<Polarity> {
    if v.agent.is_researcher() {
        return Err(Error::new(
            ErrorKind::UnknownAgent,
            format!("{} reports no pass/fail verdict", v.agent),
        )
        .with_field("agent"));
    }
    polarity(v.agent, &v.status).ok_or_else(|| {
        Error::new(
            ErrorKind::InvalidValue,
            format!("{:?} is not a status of {}", v.status, v.agent),
        )
        .with_field("status")
    })
}

/// Reconciles one or more verdicts.
pub fn reconcile(verdicts: &[Verdict]) -> Result<Reconciled> {
    let first = verdicts.first().ok_or_else(|| {
        Error::new(ErrorKind::InvalidValue, "`verdicts` must not be empty").with_field("verdicts")
    })?;
    let mut polarities = Vec::with_capacity(verdicts.len());
    for v in verdicts {
        polarities.push(verdict_polarity(v)?);
    }
    let first_fail = polarities.iter().position(|p| *p == Polarity::Fail);
    let any_pass = polarities.contains(&Polarity::Pass);
    let chosen = first_fail.and_then(|i| verdicts.get(i)).unwrap_or(first);
    Ok(Reconciled {
        outcome: if first_fail.is_some() {
            Polarity::Fail
        } else {
            Polarity::Pass
        },
        contradiction: any_pass && first_fail.is_some(),
        authoritative: Authoritative {
            agent: chosen.agent.qualified(),
            status: chosen.status.clone(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(agent: Agent, status: &str) -> Verdict {
        Verdict {
            agent,
            status: status.to_string(),
        }
    }

    #[test]
    fn the_stricter_verdict_is_authoritative() {
        let r = reconcile(&[
            v(Agent::CodeReviewer, "APPROVE"),
            v(Agent::IntegrationVerifier, "FAIL"),
        ])
        .unwrap();
        assert_eq!(r.outcome, Polarity::Fail);
        assert!(r.contradiction);
        assert_eq!(r.authoritative.agent, "cc10x:integration-verifier");
    }

    #[test]
    fn researchers_have_no_verdict() {
        let e = reconcile(&[v(Agent::WebResearcher, "COMPLETE")]).unwrap_err();
        assert_eq!(e.kind, ErrorKind::UnknownAgent);
    }
}
