package fourx

/*
#include "fourx.h"
*/
import "C"

// Phase is a phase of the 4x state machine (protocol.Phase). Any string converts; only the 15
// constants are phases the state machine knows.
type Phase string

// The phases, in the seed's enum order (protocol.AllPhases).
const (
	PhaseInit            Phase = "init"
	PhaseDesigning       Phase = "designing"
	PhaseDesignReviewing Phase = "design-reviewing"
	PhaseCoding          Phase = "coding"
	PhaseReviewing       Phase = "reviewing"
	PhaseDeepReviewing   Phase = "deep-reviewing"
	PhaseFixing          Phase = "fixing"
	PhaseTesting         Phase = "testing"
	PhaseAmending        Phase = "amending"
	PhaseAccepting       Phase = "accepting"
	PhasePendingReview   Phase = "pending-review"
	PhaseDone            Phase = "done"
	PhaseAbandoned       Phase = "abandoned"
	PhaseBlocked         Phase = "blocked"
	PhaseNeedsAttention  Phase = "needs-attention"
)

// Role is a role of the 4x pipeline (protocol.Role).
type Role string

// The roles: the 8 pipeline roles, then the sub-roles and helper roles (protocol.Role*).
const (
	RoleDesigner        Role = "designer"
	RoleDesignReviewer  Role = "design-reviewer"
	RoleCoder           Role = "coder"
	RoleReviewer        Role = "reviewer"
	RoleDeepReviewer    Role = "deep-reviewer"
	RoleTester          Role = "tester"
	RoleAcceptor        Role = "acceptor"
	RoleFixer           Role = "fixer"
	RoleMiniCoder       Role = "mini-coder"
	RoleReVerifier      Role = "re-verifier"
	RoleSynthesizer     Role = "synthesizer"
	RoleGate            Role = "gate"
	RoleConsolidator    Role = "consolidator"
	RoleRoundSummarizer Role = "round-summarizer"
)

// Status is a feature's status in its YAML file (feature.Status).
type Status string

// The feature statuses (feature.AllStatuses order).
const (
	StatusNotStarted     Status = "not-started"
	StatusInProgress     Status = "in-progress"
	StatusDone           Status = "done"
	StatusAbandoned      Status = "abandoned"
	StatusBlocked        Status = "blocked"
	StatusNeedsAttention Status = "needs-attention"
	StatusReadyForReview Status = "ready-for-review"
	StatusDraft          Status = "draft"
)

// SubPhase is the step inside deep-reviewing (protocol.SubPhase); empty in every other phase.
type SubPhase string

// The deep-review sub-phases.
const (
	SubPhaseReviewing    SubPhase = "reviewing"
	SubPhaseSynthesizing SubPhase = "synthesizing"
	SubPhaseFixing       SubPhase = "fixing"
	SubPhaseReverifying  SubPhase = "reverifying"
)

// Notify levels of Event.Notify (protocol.Notify*).
const (
	NotifySuccess = "success"
	NotifyError   = "error"
	NotifyWarning = "warning"
)

// MaxGuardRetries is the cross-round guard retry limit (state.MaxGuardRetries); past it a guard
// failure goes to needs-attention.
const MaxGuardRetries = 2

// phaseCodes maps each phase the C library knows to its code, read once from the library
// (fourx_phase_name) so that the table lives in one place. Read-only after init.
var phaseCodes = func() map[Phase]C.uint32_t {
	m := map[Phase]C.uint32_t{}
	for code := C.uint32_t(0); ; code++ {
		name := C.fourx_phase_name(code)
		if name == nil {
			return m
		}
		m[Phase(C.GoString(name))] = code
	}
}()

func phaseCode(p Phase) C.uint32_t {
	if code, ok := phaseCodes[p]; ok {
		return code
	}
	return C.FOURX_PHASE_UNKNOWN
}

// CanTransition reports whether the state machine allows from → to (state.CanTransition): done
// and abandoned are terminal (nothing leaves them, not even to blocked / needs-attention);
// blocked and needs-attention are reachable from every other phase; everything else follows the
// transition table. An unknown phase is never allowed. It runs on the C fast path
// (fourx_can_transition): no allocation, no JSON.
func CanTransition(from, to Phase) bool {
	return bool(C.fourx_can_transition(phaseCode(from), phaseCode(to)))
}

func roleName(code C.uint32_t) Role {
	name := C.fourx_role_name(code)
	if name == nil {
		return ""
	}
	return Role(C.GoString(name))
}

// PhaseToRole is the default role of a phase (state.PhaseToRole); "" for init, pending-review,
// the terminal and parking phases and any unknown phase.
func PhaseToRole(p Phase) Role {
	return roleName(C.fourx_phase_to_role(phaseCode(p)))
}

// PhaseRole is the role of a profile-selectable work phase (protocol.PhaseRole); "" otherwise.
func PhaseRole(p Phase) Role {
	return roleName(C.fourx_phase_role(phaseCode(p)))
}

// PhaseToStatus is the feature status a phase maps to (protocol.PhaseToStatus); an unknown
// phase gives in-progress.
func PhaseToStatus(p Phase) Status {
	name := C.fourx_feature_status_name(C.fourx_phase_to_status(phaseCode(p)))
	if name == nil {
		return StatusInProgress
	}
	return Status(C.GoString(name))
}

// IsSelectablePhase reports whether a profile may list the phase (protocol.IsSelectablePhase).
func IsSelectablePhase(p Phase) bool {
	var out struct {
		Selectable bool `json:"selectable"`
	}
	if err := callInto("phase.is_selectable", map[string]Phase{"phase": p}, &out); err != nil {
		return false
	}
	return out.Selectable
}

func enumValues(kind string) []string {
	var out struct {
		Values []string `json:"values"`
	}
	// The kinds asked here are the library's own: only a broken library fails, and then the
	// list is empty (nothing panics).
	_ = callInto("enums.list", map[string]string{"kind": kind}, &out)
	return out.Values
}

// AllPhases is every phase that may be persisted in state.json, in enum order
// (protocol.AllPhases).
func AllPhases() []Phase {
	vs := enumValues("phases")
	out := make([]Phase, len(vs))
	for i, v := range vs {
		out[i] = Phase(v)
	}
	return out
}

// AllRoles is every role state.json.role may hold: the 8 pipeline roles (protocol.AllRoles).
func AllRoles() []Role {
	return toRoles(enumValues("roles"))
}

// ConfigurableRoles is the roles settings.json `roles` may configure: the pipeline roles plus
// mini-coder (protocol.ConfigurableRoles).
func ConfigurableRoles() []Role {
	return toRoles(enumValues("configurable_roles"))
}

// AllSubPhases is the 4 deep-review sub-phases (protocol.AllSubPhases).
func AllSubPhases() []SubPhase {
	vs := enumValues("sub_phases")
	out := make([]SubPhase, len(vs))
	for i, v := range vs {
		out[i] = SubPhase(v)
	}
	return out
}

// AllEventTypes is every event type the run loop emits (protocol.AllEventTypes).
func AllEventTypes() []string {
	return enumValues("event_types")
}

func toRoles(vs []string) []Role {
	out := make([]Role, len(vs))
	for i, v := range vs {
		out[i] = Role(v)
	}
	return out
}

// AllStatuses is the 8 feature statuses (feature.AllStatuses).
func AllStatuses() []Status {
	vs := enumValues("feature_statuses")
	out := make([]Status, len(vs))
	for i, v := range vs {
		out[i] = Status(v)
	}
	return out
}
