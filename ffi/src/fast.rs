//! Typed fast paths for hot loops: phases, roles and feature statuses as `uint32_t` codes, with
//! no allocation and no JSON.
//!
//! Codes are indices into the core's vocabularies (`Phase::ALL`, `Role::ALL`,
//! `FeatureStatus::ALL`); the C enums below mirror that order and a test pins it. Codes coming
//! from C are plain `uint32_t` and converted with a fallback, never transmuted.

use std::ffi::{c_char, CString};
use std::sync::LazyLock;

use fourx_core::machine;
use fourx_core::protocol::state::{FeatureStatus, Phase, Role, Vocab};

/// A phase code (`fourx_phase` values, or `FOURX_PHASE_UNKNOWN`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum fourx_phase {
    /// `init`
    Init = 0,
    /// `designing`
    Designing = 1,
    /// `design-reviewing`
    DesignReviewing = 2,
    /// `coding`
    Coding = 3,
    /// `reviewing`
    Reviewing = 4,
    /// `deep-reviewing`
    DeepReviewing = 5,
    /// `fixing`
    Fixing = 6,
    /// `testing`
    Testing = 7,
    /// `amending`
    Amending = 8,
    /// `accepting`
    Accepting = 9,
    /// `pending-review`
    PendingReview = 10,
    /// `done`
    Done = 11,
    /// `abandoned`
    Abandoned = 12,
    /// `blocked`
    Blocked = 13,
    /// `needs-attention`
    NeedsAttention = 14,
}

/// A role code (`fourx_role` values, `FOURX_ROLE_NONE` or `FOURX_ROLE_UNKNOWN`).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum fourx_role {
    /// `designer`
    Designer = 0,
    /// `design-reviewer`
    DesignReviewer = 1,
    /// `coder`
    Coder = 2,
    /// `reviewer`
    Reviewer = 3,
    /// `deep-reviewer`
    DeepReviewer = 4,
    /// `tester`
    Tester = 5,
    /// `acceptor`
    Acceptor = 6,
    /// `fixer`
    Fixer = 7,
    /// `mini-coder`
    MiniCoder = 8,
    /// `re-verifier`
    ReVerifier = 9,
    /// `synthesizer`
    Synthesizer = 10,
    /// `gate`
    Gate = 11,
    /// `consolidator`
    Consolidator = 12,
    /// `round-summarizer`
    RoundSummarizer = 13,
}

/// A feature-status code, as returned by `fourx_phase_to_status`.
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum fourx_feature_status {
    /// `not-started`
    NotStarted = 0,
    /// `in-progress`
    InProgress = 1,
    /// `done`
    Done = 2,
    /// `abandoned`
    Abandoned = 3,
    /// `blocked`
    Blocked = 4,
    /// `needs-attention`
    NeedsAttention = 5,
    /// `ready-for-review`
    ReadyForReview = 6,
    /// `draft`
    Draft = 7,
}

/// The code for any string that is not a phase (`fourx_phase_from_str` returns it; every
/// function taking a phase treats any out-of-range code the same way).
pub const FOURX_PHASE_UNKNOWN: u32 = u32::MAX;
/// The code for any string that is not a role.
pub const FOURX_ROLE_UNKNOWN: u32 = u32::MAX;
/// The empty role: what `fourx_phase_to_role` / `fourx_phase_role` return where the string API
/// gives `""`.
pub const FOURX_ROLE_NONE: u32 = u32::MAX - 1;

fn phase(code: u32) -> Option<Phase> {
    Phase::ALL.get(code as usize).copied()
}

fn code_of<T: Vocab + PartialEq>(v: T) -> u32 {
    T::ALL
        .iter()
        .position(|x| *x == v)
        .map_or(u32::MAX, |i| i as u32)
}

/// NUL-terminated copies of a vocabulary's strings, built once from the core's table.
fn names<T: Vocab>() -> Vec<CString> {
    T::ALL
        .iter()
        .map(|v| CString::new(v.as_str()).unwrap_or_default())
        .collect()
}

static PHASE_NAMES: LazyLock<Vec<CString>> = LazyLock::new(names::<Phase>);
static ROLE_NAMES: LazyLock<Vec<CString>> = LazyLock::new(names::<Role>);
static STATUS_NAMES: LazyLock<Vec<CString>> = LazyLock::new(names::<FeatureStatus>);

/// Runs a fast path inside the panic boundary; a panic (a bug) gives `fallback`.
fn guard<T: Copy>(fallback: T, f: impl FnOnce() -> T) -> T {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)).unwrap_or(fallback)
}

/// Borrows `(ptr, len)` as UTF-8; NULL, or bytes that are not UTF-8, give `None`.
///
/// # Safety
/// A non-NULL `ptr` must be valid for reads of `len` bytes.
unsafe fn text<'a>(ptr: *const c_char, len: usize) -> Option<&'a str> {
    if ptr.is_null() {
        return None;
    }
    // SAFETY: the caller guarantees `ptr` is valid for `len` bytes.
    let bytes = unsafe { std::slice::from_raw_parts(ptr.cast::<u8>(), len) };
    std::str::from_utf8(bytes).ok()
}

fn name_ptr(table: &[CString], code: u32) -> *const c_char {
    table
        .get(code as usize)
        .map_or(std::ptr::null(), |s| s.as_ptr())
}

/// The phase code of the string `(ptr, len)` (exact, case-sensitive match; not NUL-scanned), or
/// `FOURX_PHASE_UNKNOWN` for any other string, invalid UTF-8 or a NULL `ptr`. Thread-safe, no
/// allocation.
///
/// # Safety
/// `ptr` must be NULL or valid for reads of `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn fourx_phase_from_str(ptr: *const c_char, len: usize) -> u32 {
    guard(FOURX_PHASE_UNKNOWN, || {
        // SAFETY: forwarded caller guarantee.
        unsafe { text(ptr, len) }
            .and_then(<Phase as Vocab>::from_name)
            .map_or(FOURX_PHASE_UNKNOWN, code_of)
    })
}

/// The phase's string as a static NUL-terminated string (never free it), or NULL for a code that
/// is not a phase. Thread-safe, no allocation.
#[no_mangle]
pub extern "C" fn fourx_phase_name(phase: u32) -> *const c_char {
    guard(std::ptr::null(), || name_ptr(&PHASE_NAMES, phase))
}

/// The role code of the string `(ptr, len)`, or `FOURX_ROLE_UNKNOWN` (the empty string, too, is
/// not a role here). Thread-safe, no allocation.
///
/// # Safety
/// `ptr` must be NULL or valid for reads of `len` bytes.
#[no_mangle]
pub unsafe extern "C" fn fourx_role_from_str(ptr: *const c_char, len: usize) -> u32 {
    guard(FOURX_ROLE_UNKNOWN, || {
        // SAFETY: forwarded caller guarantee.
        unsafe { text(ptr, len) }
            .and_then(<Role as Vocab>::from_name)
            .map_or(FOURX_ROLE_UNKNOWN, code_of)
    })
}

/// The role's string as a static NUL-terminated string (never free it); `""` for
/// `FOURX_ROLE_NONE`; NULL for any other code that is not a role. Thread-safe, no allocation.
#[no_mangle]
pub extern "C" fn fourx_role_name(role: u32) -> *const c_char {
    guard(std::ptr::null(), || {
        if role == FOURX_ROLE_NONE {
            c"".as_ptr()
        } else {
            name_ptr(&ROLE_NAMES, role)
        }
    })
}

/// The feature-status string of a `fourx_feature_status` code (static, never free it), or NULL
/// for a code that is not a status. Thread-safe, no allocation.
#[no_mangle]
pub extern "C" fn fourx_feature_status_name(status: u32) -> *const c_char {
    guard(std::ptr::null(), || name_ptr(&STATUS_NAMES, status))
}

/// Whether the state machine allows `from` → `to`. Any code that is not
/// a phase (e.g. `FOURX_PHASE_UNKNOWN`) behaves exactly as an unknown phase string does in
/// `state.can_transition`. Thread-safe, no allocation.
#[no_mangle]
pub extern "C" fn fourx_can_transition(from: u32, to: u32) -> bool {
    // One lookup in the compile-time matrix (codes are positions in `Phase::ALL`, as `phase`
    // reads them; any other code is not a phase), still inside the panic boundary.
    guard(false, || {
        machine::can_transition_code(from as usize, to as usize)
    })
}

/// PhaseToRole: the default role of a phase, or `FOURX_ROLE_NONE` where
/// the string API gives `""` (also for any code that is not a phase). Thread-safe, no
/// allocation.
#[no_mangle]
pub extern "C" fn fourx_phase_to_role(phase_code: u32) -> u32 {
    guard(FOURX_ROLE_NONE, || {
        machine::phase_to_role(phase(phase_code)).map_or(FOURX_ROLE_NONE, code_of)
    })
}

/// PhaseRole: the role of a selectable work phase, or
/// `FOURX_ROLE_NONE` (also for any code that is not a phase). Thread-safe, no allocation.
#[no_mangle]
pub extern "C" fn fourx_phase_role(phase_code: u32) -> u32 {
    guard(FOURX_ROLE_NONE, || {
        machine::phase_role(phase(phase_code)).map_or(FOURX_ROLE_NONE, code_of)
    })
}

/// PhaseToStatus: a `fourx_feature_status` code; unknown phases (any
/// code that is not a phase) give `in-progress`, as in the string API. Thread-safe, no
/// allocation.
#[no_mangle]
pub extern "C" fn fourx_phase_to_status(phase_code: u32) -> u32 {
    guard(fourx_feature_status::InProgress as u32, || {
        code_of(machine::phase_to_status(phase(phase_code)))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    fn from_str(s: &str) -> u32 {
        // SAFETY: a valid slice.
        unsafe { fourx_phase_from_str(s.as_ptr().cast(), s.len()) }
    }

    fn name(p: *const c_char) -> Option<String> {
        // SAFETY: the library returns static NUL-terminated strings or NULL.
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_str().unwrap().to_string())
    }

    #[test]
    fn c_enums_mirror_the_core_vocabularies_in_order() {
        let phases = [
            fourx_phase::Init,
            fourx_phase::Designing,
            fourx_phase::DesignReviewing,
            fourx_phase::Coding,
            fourx_phase::Reviewing,
            fourx_phase::DeepReviewing,
            fourx_phase::Fixing,
            fourx_phase::Testing,
            fourx_phase::Amending,
            fourx_phase::Accepting,
            fourx_phase::PendingReview,
            fourx_phase::Done,
            fourx_phase::Abandoned,
            fourx_phase::Blocked,
            fourx_phase::NeedsAttention,
        ];
        assert_eq!(phases.len(), Phase::ALL.len());
        for (c, p) in phases.iter().zip(Phase::ALL) {
            assert_eq!(*c as u32, code_of(*p));
            assert_eq!(format!("{c:?}"), format!("{p:?}"));
        }
        assert_eq!(fourx_role::RoundSummarizer as usize + 1, Role::ALL.len());
        for (i, r) in Role::ALL.iter().enumerate() {
            assert_eq!(name(fourx_role_name(i as u32)).as_deref(), Some(r.as_str()));
        }
        assert_eq!(
            fourx_feature_status::Draft as usize + 1,
            FeatureStatus::ALL.len()
        );
        for (i, s) in FeatureStatus::ALL.iter().enumerate() {
            assert_eq!(
                name(fourx_feature_status_name(i as u32)).as_deref(),
                Some(s.as_str())
            );
        }
    }

    #[test]
    fn phase_strings_round_trip_and_unknown_is_unknown() {
        for p in Phase::ALL {
            let code = from_str(p.as_str());
            assert_eq!(name(fourx_phase_name(code)).as_deref(), Some(p.as_str()));
        }
        assert_eq!(from_str("Coding"), FOURX_PHASE_UNKNOWN);
        assert_eq!(from_str(""), FOURX_PHASE_UNKNOWN);
        // SAFETY: NULL is allowed.
        assert_eq!(
            unsafe { fourx_phase_from_str(std::ptr::null(), 4) },
            FOURX_PHASE_UNKNOWN
        );
        assert!(fourx_phase_name(FOURX_PHASE_UNKNOWN).is_null());
        assert!(fourx_phase_name(15).is_null());
    }

    #[test]
    fn fast_paths_agree_with_the_string_api_for_every_pair() {
        let mut codes: Vec<(u32, String)> = Phase::ALL
            .iter()
            .map(|p| (code_of(*p), p.as_str().to_string()))
            .collect();
        codes.push((FOURX_PHASE_UNKNOWN, "no-such-phase".into()));
        codes.push((12345, "".into()));
        for (fc, fs) in &codes {
            for (tc, ts) in &codes {
                assert_eq!(
                    fourx_can_transition(*fc, *tc),
                    machine::can_transition_str(fs, ts),
                    "{fs} -> {ts}"
                );
            }
            let role = |code: u32| match code {
                FOURX_ROLE_NONE => String::new(),
                c => name(fourx_role_name(c)).unwrap(),
            };
            let any = fourx_core::protocol::state::AnyPhase::new(fs);
            assert_eq!(
                role(fourx_phase_to_role(*fc)),
                machine::phase_to_role(any.known()).map_or("", |r| r.as_str())
            );
            assert_eq!(
                role(fourx_phase_role(*fc)),
                machine::phase_role(any.known()).map_or("", |r| r.as_str())
            );
            assert_eq!(
                name(fourx_feature_status_name(fourx_phase_to_status(*fc))).unwrap(),
                machine::phase_to_status(any.known()).as_str()
            );
        }
    }

    #[test]
    fn role_codes_round_trip() {
        for r in Role::ALL {
            // SAFETY: a valid slice.
            let code = unsafe { fourx_role_from_str(r.as_str().as_ptr().cast(), r.as_str().len()) };
            assert_eq!(name(fourx_role_name(code)).as_deref(), Some(r.as_str()));
        }
        assert_eq!(name(fourx_role_name(FOURX_ROLE_NONE)).as_deref(), Some(""));
        assert!(fourx_role_name(FOURX_ROLE_UNKNOWN).is_null());
    }
}
