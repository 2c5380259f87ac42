//! The tester's exit gate (Go `CheckTestingToAccepting`): the round's test report, the final
//! report, `verify.json` and its per-criterion evidence, screenshots, manual checks and the
//! self-modification test gate decide whether testing may move on to accepting.
//!
//! Pure over file texts and flags: reading the round and feature directories and looking for the
//! screenshot files on disk are the caller's.

use std::collections::HashMap;

use crate::conductor::artifacts::names;
use crate::conductor::Files;
use crate::features::run_files::{parse_verify, AcEvidence, ManualCheckResult, VerifyEvidence};
use crate::protocol::codec::goquote::quote;
use crate::protocol::config::Config;
use crate::protocol::feature::TestStrategy;

use super::selfmod::SelfModPolicy;
use super::{decode_reason, file, Acc, StateSelfMod, Verdict};

/// The verify types of `ac_verify_map` and whether each needs execution output as evidence
/// (Go `acVerifyTypes`), in the order the error message lists them.
pub const VERIFY_TYPES: &[(&str, bool)] = &[
    ("unit-test", true),
    ("integration", true),
    ("execution", true),
    ("inspection", false),
    ("skip", false),
    ("e2e-screenshot", false),
];

/// Whether `vt` is a verify type, and if so whether it needs execution output.
pub fn verify_type(vt: &str) -> Option<bool> {
    VERIFY_TYPES.iter().find(|(w, _)| *w == vt).map(|(_, e)| *e)
}

/// What the tester's gate reads.
#[derive(Debug, Clone, Copy)]
pub struct TestingInput<'a> {
    /// The round being left (names the test report in messages).
    pub round: i64,
    /// The feature directory's file texts (`final-report.md`).
    pub feature_files: &'a Files,
    /// The round directory's file texts (`test-report.md`, `verify.json`).
    pub round_files: &'a Files,
    /// The feature's test strategy; `None` = none (all defaults).
    pub test_strategy: Option<&'a TestStrategy>,
    /// Why the test strategy could not be read, when it could not.
    pub test_strategy_error: Option<&'a str>,
    /// At least one screenshot `verify.json` lists exists as a file.
    pub screenshot_exists: bool,
    /// The state's self-modification record.
    pub state: &'a StateSelfMod,
    /// The settings (the self-modification policy).
    pub config: &'a Config,
}

/// Go `CheckTestingToAccepting`: the tester's deliverables are complete and honest.
pub fn testing_to_accepting(input: &TestingInput<'_>) -> Verdict {
    let mut acc = Acc::default();
    check_testing(input, &mut acc);
    acc.finish()
}

/// The rules of [`testing_to_accepting`], appended to `acc` (also run by `check` in the phases
/// after testing).
pub(crate) fn check_testing(input: &TestingInput<'_>, acc: &mut Acc) {
    let test_report = format!("rounds/round-{}/{}", input.round, names::TEST_REPORT);
    if file(input.round_files, names::TEST_REPORT).is_none() {
        acc.fail(format!("required file missing: {test_report}"));
    }
    if file(input.feature_files, names::FINAL_REPORT).is_none() {
        acc.fail(format!("required file missing: {}", names::FINAL_REPORT));
    }

    let Some(text) = input
        .round_files
        .get(names::VERIFY)
        .and_then(|t| t.as_deref())
    else {
        acc.fail(format!(
            "{} not found — the tester likely could not run `4x verify` (check that 4x is in PATH)",
            names::VERIFY
        ));
        return;
    };
    let evidence = match parse_verify(text) {
        Ok(e) => e,
        Err(e) => {
            acc.fail(format!(
                "invalid verify.json: {}",
                decode_reason(&e, names::VERIFY)
            ));
            return;
        }
    };
    if !evidence.passed {
        acc.fail("verify.json did not pass".to_string());
    } else {
        for c in evidence.commands.iter().flatten() {
            let expected = c.expected_exit_code.unwrap_or(0);
            if c.exit_code != expected {
                acc.fail(format!(
                    "verify.json claims passed but command {} exited {} (expected {expected})",
                    quote(&c.command),
                    c.exit_code
                ));
            }
        }
    }

    let zero = TestStrategy::default();
    let ts = input.test_strategy.unwrap_or(&zero);
    if let Some(err) = input.test_strategy_error {
        // 4x lists this among the errors without failing the gate.
        acc.note(format!(
            "warning: failed to read test-strategy.yaml: {err} (falling back to defaults)"
        ));
    }
    check_ac_evidence(ts, &evidence, acc);
    check_screenshots(ts, &evidence, input.screenshot_exists, acc);
    check_manual_checks(ts, &evidence, acc);
    check_self_mod_tests(input.config, input.state, acc);
}

/// Every acceptance criterion has passed with evidence; with an `ac_verify_map`, an unlisted
/// criterion counts as `execution` (an entry of `""` as no type), `skip` is exempt, and the execution types need evidence that
/// looks like command output ([`looks_executed`]). Without a map only pass + evidence count.
fn check_ac_evidence(ts: &TestStrategy, ev: &VerifyEvidence, acc: &mut Acc) {
    let results: &[AcEvidence] = ev.ac_results.as_deref().unwrap_or(&[]);
    if results.is_empty() {
        acc.fail_retryable(
            "verify.json missing ac_results: every acceptance criterion must have evidence"
                .to_string(),
        );
        return;
    }
    for ac in results {
        let evidence: &[String] = ac.evidence.as_deref().unwrap_or(&[]);
        // A map entry of "" is no verify type at all: the basic checks (Go's `vt != ""`).
        let vt = ts
            .ac_verify_map
            .as_ref()
            .map(|m| m.get(&ac.id).map_or("execution", String::as_str))
            .filter(|vt| !vt.is_empty());
        let Some(vt) = vt else {
            if !ac.passed {
                acc.fail_retryable(format!("{} failed", ac.id));
            }
            if evidence.is_empty() {
                acc.fail_retryable(format!("{}: no evidence", ac.id));
            }
            continue;
        };
        let Some(needs_exec) = verify_type(vt) else {
            acc.fail_retryable(format!("{}: invalid verify_type {}", ac.id, quote(vt)));
            continue;
        };
        if vt == "skip" {
            continue;
        }
        if !ac.passed {
            acc.fail_retryable(format!("{} failed", ac.id));
        }
        if evidence.is_empty() {
            acc.fail_retryable(format!("{}: no evidence", ac.id));
            continue;
        }
        if needs_exec && !evidence.iter().any(|e| looks_executed(e)) {
            acc.fail_retryable(format!(
                "{}: verify_type={vt} but evidence has no execution output (need command results, not code references)",
                ac.id
            ));
        }
    }
}

/// Each `e2e-screenshot` criterion (ascending id) has passed, and some screenshot file exists.
fn check_screenshots(ts: &TestStrategy, ev: &VerifyEvidence, exists: bool, acc: &mut Acc) {
    let by_id: HashMap<&str, &AcEvidence> = ev
        .ac_results
        .iter()
        .flatten()
        .map(|a| (a.id.as_str(), a))
        .collect();
    for (id, vt) in ts.ac_verify_map.iter().flatten() {
        if vt != "e2e-screenshot" {
            continue;
        }
        if !by_id.get(id.as_str()).is_some_and(|a| a.passed) {
            acc.fail_retryable(format!(
                "{id}: verify_type=e2e-screenshot but AC missing or not passed in ac_results"
            ));
            continue;
        }
        if !exists {
            acc.fail_retryable(format!(
                "{id}: verify_type=e2e-screenshot but no screenshot file found — tester must capture and record a screenshot, not skip"
            ));
        }
    }
}

/// Each manual check of the test strategy has a result with evidence that passed.
fn check_manual_checks(ts: &TestStrategy, ev: &VerifyEvidence, acc: &mut Acc) {
    let by_id: HashMap<&str, &ManualCheckResult> = ev
        .manual_check_results
        .iter()
        .flatten()
        .map(|r| (r.id.as_str(), r))
        .collect();
    for mc in ts.manual_checks.iter().flatten() {
        let id = quote(&mc.id);
        let Some(r) = by_id.get(mc.id.as_str()) else {
            acc.fail_retryable(format!(
                "manual_check {id} has no result in verify.json — tester must execute it, not skip"
            ));
            continue;
        };
        if r.evidence.as_ref().is_none_or(Vec::is_empty) {
            acc.fail_retryable(format!(
                "manual_check {id} has empty evidence — tester must record actual execution output"
            ));
        }
        if !r.passed {
            acc.fail_retryable(format!("manual_check {id} failed"));
        }
    }
}

/// A round that touched protected paths reaches accepting only with accompanying tests, unless
/// the policy waives them.
fn check_self_mod_tests(cfg: &Config, state: &StateSelfMod, acc: &mut Acc) {
    if !state.touched {
        return;
    }
    let policy = SelfModPolicy::of(cfg);
    if policy.require_tests
        && !policy.has_accompanying_tests(state.paths.iter().map(String::as_str))
    {
        acc.fail(
            "self-mod: changes to protected paths require accompanying passing tests".to_string(),
        );
    }
}

/// Whether an evidence line looks like execution output: a shell prompt (`$ `), a `PASS` or
/// `FAIL` word, `ok ` at the very start, `--- `, `exit code`, `→`, `stdout`, `stderr`, or a
/// duration like `0.12s` (Go `executionPattern`, RE2 semantics: ASCII word boundaries, `\s` =
/// tab, newline, form feed, carriage return, space).
pub fn looks_executed(line: &str) -> bool {
    const SUBSTRINGS: &[&str] = &["--- ", "exit code", "→", "stdout", "stderr"];
    if SUBSTRINGS.iter().any(|s| line.contains(s)) {
        return true;
    }
    let b = line.as_bytes();
    let is_space = |c: u8| matches!(c, b'\t' | b'\n' | b'\x0c' | b'\r' | b' ');
    if b.starts_with(b"ok") && b.get(2).is_some_and(|&c| is_space(c)) {
        return true;
    }
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    for i in 0..b.len() {
        if b[i] == b'$' && b.get(i + 1).is_some_and(|&c| is_space(c)) {
            return true;
        }
        for w in [b"PASS", b"FAIL"] {
            if b[i..].starts_with(w)
                && (i == 0 || !word(b[i - 1]))
                && b.get(i + 4).is_none_or(|&c| !word(c))
            {
                return true;
            }
        }
        if b[i].is_ascii_digit() && b.get(i + 1) == Some(&b'.') {
            let digits = b[i + 2..].iter().take_while(|c| c.is_ascii_digit()).count();
            if digits > 0 && b.get(i + 2 + digits) == Some(&b's') {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn execution_output_is_recognised_by_its_markers() {
        for yes in [
            "$ go test ./...",
            "--- PASS: TestX",
            "ok  \tpkg\t0.01s",
            "PASS",
            "test FAIL here",
            "exit code 0",
            "a → b",
            "stdout: x",
            "took 1.25s",
        ] {
            assert!(looks_executed(yes), "{yes}");
        }
        for no in [
            "see main.go:12",
            "PASSED",
            "xPASS",
            " ok done",
            "1.2x",
            "v1.s",
            "$x",
            "okay",
        ] {
            assert!(!looks_executed(no), "{no}");
        }
    }

    #[test]
    fn verify_types_are_the_six_of_4x() {
        assert_eq!(verify_type("unit-test"), Some(true));
        assert_eq!(verify_type("inspection"), Some(false));
        assert_eq!(verify_type("e2e"), None);
        assert_eq!(VERIFY_TYPES.len(), 6);
    }
}
