//! The scope-decision reply (router.md): maps the user's answer to the pending
//! BUILD scope gate onto `CRITICAL_ONLY` or `ALL_ISSUES` by token phrases. Asking again on an
//! unrecognised reply is the caller's.

use crate::error::{Error, ErrorKind, Result};

use crate::router::parse::text::{has_phrase, tokens};
use crate::router::vocabulary::Scope;

/// The option labels the router offers.
pub const OPTIONS: [&str; 2] = ["Fix critical only (Recommended)", "Fix all issues"];

/// Resolves a reply: `critical only` → CRITICAL_ONLY, `all issues` → ALL_ISSUES; both →
/// `ambiguous`; neither → `unrecognized_reply`.
pub fn resolve(reply: &str) -> Result<Scope> {
    let toks = tokens(reply);
    let critical = has_phrase(&toks, &["critical", "only"]);
    let all = has_phrase(&toks, &["all", "issues"]);
    match (critical, all) {
        (true, true) => Err(Error::new(
            ErrorKind::Ambiguous,
            "the reply names both `critical only` and `all issues`; ask again",
        )
        .with_field("reply")),
        (true, false) => Ok(Scope::CriticalOnly),
        (false, true) => Ok(Scope::AllIssues),
        (false, false) => Err(Error::new(
            ErrorKind::UnrecognizedReply,
            format!("the reply names neither option; ask again with {OPTIONS:?}"),
        )
        .with_field("reply")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offered_labels_resolve_to_their_scope() {
        assert_eq!(resolve(OPTIONS[0]).unwrap(), Scope::CriticalOnly);
        assert_eq!(resolve(OPTIONS[1]).unwrap(), Scope::AllIssues);
        assert_eq!(resolve("CRITICAL_ONLY").unwrap(), Scope::CriticalOnly);
    }

    #[test]
    fn both_or_neither_are_errors() {
        assert_eq!(
            resolve("critical only, no, all issues").unwrap_err().kind,
            ErrorKind::Ambiguous
        );
        assert_eq!(
            resolve("whatever").unwrap_err().kind,
            ErrorKind::UnrecognizedReply
        );
    }
}
