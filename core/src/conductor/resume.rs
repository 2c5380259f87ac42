//! Crash resume (Go `RecoverState` + `SmartResumePhase` + `CleanStaleArtifact`): which phase a
//! state resumes in, inferred from the artifacts its round left, and which half-written
//! artifact is removed before the phase runs again.

use crate::machine::{phase_to_role, recover_to};
use crate::protocol::config::{Config, ProfileConfig};
use crate::protocol::state::{AnyPhase, AnyRole, AnySubPhase, Phase, Role, State, SubPhase};
use crate::resolve::{group_selected_angles, resolve_limits};

use super::artifacts::{self as art, names};
use super::types::{file, Dir, Files, Prepare};

/// The feature-dir files resume and CleanStaleArtifact read.
pub const FEATURE_FILES: [&str; 2] = [names::DESIGN_REVIEW_REPORT, names::FINAL_REPORT];

/// The fixed round-dir files resume and CleanStaleArtifact read (plus the deep-review partials
/// `deep-review-partial-<n>.md`, n = 1..=[`MAX_PARTIALS`]).
pub const ROUND_FILES: [&str; 6] = [
    names::CODER_REPORT,
    names::REVIEW_REPORT,
    names::VERIFY,
    names::DEEP_REVIEW_REPORT,
    names::FIXER_REPORT,
    names::DEEP_REVIEW_ANGLES,
];

/// The most parallel deep-review partials a round can have (one per angle).
pub const MAX_PARTIALS: usize = 11;

/// What [`resume`] did.
#[derive(Debug, Clone, PartialEq)]
pub struct Resumed {
    /// The state after resume.
    pub state: State,
    /// `manualPhase` was set and has been consumed (no inference).
    pub manual_phase_consumed: bool,
    /// RecoverTo was applied (recovery needed and the resume phase differs).
    pub recovered: bool,
    /// The input phase.
    pub from: AnyPhase,
    /// The output phase.
    pub to: AnyPhase,
    /// The output sub-phase (`""` when none).
    pub sub_phase: AnySubPhase,
}

fn role_of(p: Phase) -> AnyRole {
    phase_to_role(Some(p)).map_or_else(AnyRole::default, AnyRole::from)
}

/// Go `NeedsResumeRecovery`: blocked / needs-attention always; the work phases other than
/// designing and fixing only after round 0.
pub fn needs_recovery(state: &State) -> bool {
    match state.phase.known() {
        Some(Phase::Blocked | Phase::NeedsAttention) => true,
        Some(
            Phase::DesignReviewing
            | Phase::Coding
            | Phase::Reviewing
            | Phase::Testing
            | Phase::DeepReviewing
            | Phase::Amending
            | Phase::Accepting,
        ) => state.round > 0,
        _ => false,
    }
}

/// The deep-review sub-step of a resume: the synthesizer when every partial of a parallel
/// review is complete, else the deep reviewer.
fn deep_sub_step(cfg: &Config, round_files: &Files) -> (Role, SubPhase) {
    let n = file(round_files, names::DEEP_REVIEW_ANGLES)
        .and_then(|t| serde_json::from_str::<serde_json::Value>(t).ok())
        .and_then(|v| {
            v.get("selected_angles")
                .and_then(|a| a.as_array())
                .map(Vec::len)
        })
        .filter(|n| *n > 0)
        .unwrap_or(11);
    let lim = resolve_limits(cfg, "deep-reviewer");
    let items: Vec<i64> = (1..=i64::try_from(n).unwrap_or(11)).collect();
    let want = group_selected_angles(lim.parallel_reviewers, lim.angles_per_reviewer, &items)
        .map_or(0, |g| g.len());
    let all_complete = (1..=want)
        .all(|i| art::partial_complete(file(round_files, &names::deep_review_partial(i))));
    if want <= 1 || !all_complete {
        (Role::DeepReviewer, SubPhase::Reviewing)
    } else {
        (Role::Synthesizer, SubPhase::Synthesizing)
    }
}

/// Go `SmartResumePhase`: the phase (and role, sub-step) a round's artifacts point to.
pub fn smart_resume_phase(
    cfg: &Config,
    profile: &ProfileConfig,
    round: i64,
    feature_files: &Files,
    round_files: &Files,
) -> (Phase, AnyRole, AnySubPhase) {
    let plain = |p: Phase| (p, role_of(p), AnySubPhase::default());
    if round == 0 {
        return plain(Phase::Designing);
    }
    if let Some(t) = file(feature_files, names::DESIGN_REVIEW_REPORT) {
        if art::review_report_complete(Some(t)) {
            if !art::review_passed(Some(t)) {
                return plain(Phase::Designing);
            }
        } else {
            return plain(Phase::DesignReviewing);
        }
    }
    let rf = |n: &str| file(round_files, n);
    if !art::coder_report_complete(rf(names::CODER_REPORT)) {
        return plain(Phase::Coding);
    }
    if !art::review_report_complete(rf(names::REVIEW_REPORT)) {
        return plain(Phase::Reviewing);
    }
    if !art::review_passed(rf(names::REVIEW_REPORT)) {
        return plain(Phase::Amending);
    }
    if !art::verify_complete(rf(names::VERIFY)) {
        return plain(Phase::Testing);
    }
    if art::check_verify(rf(names::VERIFY)) != art::VerifyStatus::Ok {
        return plain(Phase::Amending);
    }
    if !art::review_report_complete(rf(names::DEEP_REVIEW_REPORT)) {
        let (role, sub) = deep_sub_step(cfg, round_files);
        return (Phase::DeepReviewing, role.into(), sub.into());
    }
    if !art::review_passed(rf(names::DEEP_REVIEW_REPORT)) {
        return plain(Phase::Amending);
    }
    if profile.has_phase("fixing") && !art::coder_report_complete(rf(names::FIXER_REPORT)) {
        return plain(Phase::Fixing);
    }
    plain(Phase::Accepting)
}

/// Resume (`RecoverState`): a manual phase is honoured as is; otherwise a state that needs
/// recovery moves to the phase its artifacts point to (RecoverTo when it differs; the role is
/// kept when it does not). `subPhase` is the sub-step, non-empty only in deep-reviewing.
pub fn resume(
    cfg: &Config,
    profile: &ProfileConfig,
    state: &State,
    feature_files: &Files,
    round_files: &Files,
) -> Resumed {
    let from = state.phase.clone();
    let mut s = state.clone();
    if s.manual_phase {
        s.manual_phase = false;
        s.sub_phase = AnySubPhase::default();
        if let Some(r) = phase_to_role(s.phase.known()) {
            s.role = r.into();
        }
        return Resumed {
            to: s.phase.clone(),
            sub_phase: AnySubPhase::default(),
            state: s,
            manual_phase_consumed: true,
            recovered: false,
            from,
        };
    }
    if !needs_recovery(&s) {
        return Resumed {
            to: s.phase.clone(),
            sub_phase: s.sub_phase.clone(),
            state: s,
            manual_phase_consumed: false,
            recovered: false,
            from,
        };
    }
    let (phase, role, sub) = smart_resume_phase(cfg, profile, s.round, feature_files, round_files);
    let mut recovered = false;
    if !s.phase.is(phase) {
        if let Ok(r) = recover_to(&s, phase, &role) {
            s = r;
            recovered = true;
        }
    }
    s.sub_phase = sub;
    Resumed {
        to: s.phase.clone(),
        sub_phase: s.sub_phase.clone(),
        state: s,
        manual_phase_consumed: false,
        recovered,
        from,
    }
}

/// Go `CleanStaleArtifact` for the current phase, as prepare actions.
pub fn clean_stale(
    phase: Option<Phase>,
    feature_files: &Files,
    round_files: &Files,
) -> Vec<Prepare> {
    let remove = |dir: Dir, f: &str| Prepare::Remove {
        dir,
        file: f.to_string(),
    };
    let incomplete = |files: &Files, name: &str, complete: fn(Option<&str>) -> bool| {
        file(files, name).is_some_and(|t| !complete(Some(t)))
    };
    match phase {
        Some(Phase::Coding | Phase::Amending)
            if incomplete(round_files, names::CODER_REPORT, art::coder_report_complete) =>
        {
            vec![remove(Dir::Round, names::CODER_REPORT)]
        }
        Some(Phase::Reviewing)
            if incomplete(
                round_files,
                names::REVIEW_REPORT,
                art::review_report_complete,
            ) =>
        {
            vec![remove(Dir::Round, names::REVIEW_REPORT)]
        }
        Some(Phase::DesignReviewing)
            if incomplete(
                feature_files,
                names::DESIGN_REVIEW_REPORT,
                art::review_report_complete,
            ) =>
        {
            vec![remove(Dir::Feature, names::DESIGN_REVIEW_REPORT)]
        }
        Some(Phase::Testing) if !art::verify_complete(file(round_files, names::VERIFY)) => vec![
            remove(Dir::Round, names::TEST_REPORT),
            remove(Dir::Round, names::VERIFY),
        ],
        Some(Phase::DeepReviewing)
            if incomplete(
                round_files,
                names::DEEP_REVIEW_REPORT,
                art::review_report_complete,
            ) =>
        {
            vec![remove(Dir::Round, names::DEEP_REVIEW_REPORT)]
        }
        Some(Phase::Accepting)
            if file(feature_files, names::FINAL_REPORT).is_some_and(|t| t.trim().is_empty()) =>
        {
            vec![remove(Dir::Feature, names::FINAL_REPORT)]
        }
        _ => Vec::new(),
    }
}
