package fourx

// The typed wrappers of the rules a 4x harness asks most often. Each one is the op named in its
// doc (docs/ops.md) with the arguments of 4x's Go function of the same name.

// Transition moves s to the phase to (state.Transition): the table must allow it
// (ErrInvalidTransition otherwise); phase and role are set as given (4x passes
// PhaseToRole(to); done takes ""), the first entry to coding sets round 1, every entry to amending
// adds a round, and leaving a running phase for a parking or terminal one clears Active.
func Transition(s State, to Phase, role Role) (State, error) {
	return stateOp("state.transition", s, to, role)
}

// RecoverTo corrects s after a crash to a recoverable work phase (state.RecoverTo), ignoring
// the transition table and the source phase, with the same round side effects as Transition;
// any other target is ErrInvalidRecoveryTarget.
func RecoverTo(s State, to Phase, role Role) (State, error) {
	return stateOp("state.recover_to", s, to, role)
}

func stateOp(op string, s State, to Phase, role Role) (State, error) {
	in := struct {
		State State `json:"state"`
		To    Phase `json:"to"`
		Role  Role  `json:"role"`
	}{s, to, role}
	var out struct {
		State State `json:"state"`
	}
	if err := callInto(op, in, &out); err != nil {
		return s, err
	}
	return out.State, nil
}

// ShouldStop reports whether a run must stop and why (state.ShouldStop): the round limit
// reached (MaxRounds <= 0 means no limit) or 3 rounds in a row without progress.
func ShouldStop(s State) (bool, string) {
	var out struct {
		Stop   bool   `json:"stop"`
		Reason string `json:"reason"`
	}
	if err := callInto("state.should_stop", map[string]State{"state": s}, &out); err != nil {
		// A State value always encodes to a valid input; only a broken library fails here.
		return false, ""
	}
	return out.Stop, out.Reason
}

// Validation is the outcome of a validation op: Valid, every problem found (in order) and the
// joined message 4x's error carries.
type Validation struct {
	Valid   bool     `json:"valid"`
	Errors  []string `json:"errors"`
	Message string   `json:"message"`
}

// ValidateState checks featureId, phase and runner of s (protocol.ValidateState): nil when
// valid, otherwise an *Error of kind invalid_value whose Message is 4x's
// ("invalid state: featureId is required; runner is required").
func ValidateState(s State) error {
	var v Validation
	if err := callInto("state.validate", map[string]State{"state": s}, &v); err != nil {
		return err
	}
	if v.Valid {
		return nil
	}
	return newError(KindInvalidValue, v.Message, "state")
}

// MergeConfig merges the user config under the project config (protocol.MergeConfig): project
// values win where set. Like 4x's it cannot fail: the library refuses only an input past its
// 16 MiB limit, and then the project config comes back as given (its values win anyway).
func MergeConfig(user UserConfig, project Config) Config {
	in := struct {
		User    UserConfig `json:"user"`
		Project Config     `json:"project"`
	}{user, project}
	var out struct {
		Config Config `json:"config"`
	}
	if err := callInto("config.merge", in, &out); err != nil {
		return project
	}
	return out.Config
}

// ValidateConfig lists every problem of a project config (protocol.ValidateConfig): nil when
// valid, otherwise an *Error of kind invalid_config whose Message is 4x's ("invalid settings:
// ..."). ValidateConfigProblems gives the problems one by one.
func ValidateConfig(c Config) error {
	v, err := ValidateConfigProblems(c)
	if err != nil {
		return err
	}
	if v.Valid {
		return nil
	}
	return newError(KindInvalidConfig, v.Message, "config")
}

// ValidateConfigProblems is config.validate: every problem of c, one entry each.
func ValidateConfigProblems(c Config) (Validation, error) {
	var v Validation
	err := callInto("config.validate", map[string]Config{"config": c}, &v)
	return v, err
}

// DefaultProfiles is the built-in pipeline profiles full, lite, normal and quick
// (protocol.DefaultProfiles).
func DefaultProfiles() map[string]ProfileConfig {
	var out struct {
		Profiles map[string]ProfileConfig `json:"profiles"`
	}
	// profiles.default takes no input and cannot fail on a working library.
	_ = callInto("profiles.default", nil, &out)
	return out.Profiles
}

// ResolveProfile decides the run's profile (protocol.ResolveProfile): override, the feature's
// profile, default_profile, then the priority auto-select; a profile without coding is
// ErrMissingCodingPhase, an unknown name ErrUnknownProfile.
func ResolveProfile(cfg Config, f Feature, override string) (string, ProfileConfig, error) {
	in := struct {
		Config   Config  `json:"config"`
		Feature  Feature `json:"feature"`
		Override string  `json:"override,omitempty"`
	}{cfg, f, override}
	var out struct {
		Name    string        `json:"name"`
		Profile ProfileConfig `json:"profile"`
	}
	if err := callInto("profile.resolve", in, &out); err != nil {
		return "", ProfileConfig{}, err
	}
	return out.Name, out.Profile, nil
}

// ResolvePhaseRunner is the runner of a phase (protocol.ResolvePhaseRunner): manual, the
// feature's phase override, the profile's entry, then default_runner; ErrUnresolvedRunner when
// no layer names one, ErrUnknownRunner when the name is not configured.
func ResolvePhaseRunner(cfg Config, f Feature, pc ProfileConfig, phase Phase, manual string) (string, error) {
	in := struct {
		Config  Config        `json:"config"`
		Feature Feature       `json:"feature"`
		Profile ProfileConfig `json:"profile"`
		Phase   Phase         `json:"phase"`
		Manual  string        `json:"manual,omitempty"`
	}{cfg, f, pc, phase, manual}
	var out struct {
		Runner string `json:"runner"`
	}
	if err := callInto("runner.resolve_phase", in, &out); err != nil {
		return "", err
	}
	return out.Runner, nil
}

// ResolvePhaseModel is the model of a pipeline phase on runnerName (protocol.ResolvePhaseModel):
// the first tier of manual, the feature's phase override, the profile's entry, then the role,
// resolved through the runner's tiers; ErrUnresolvableTier when it cannot be.
func ResolvePhaseModel(cfg Config, f Feature, pc ProfileConfig, phase Phase, role Role, runnerName, manual string) (string, error) {
	in := struct {
		Config  Config        `json:"config"`
		Feature Feature       `json:"feature"`
		Profile ProfileConfig `json:"profile"`
		Phase   Phase         `json:"phase"`
		Role    Role          `json:"role"`
		Runner  string        `json:"runner"`
		Manual  string        `json:"manual,omitempty"`
	}{cfg, f, pc, phase, role, runnerName, manual}
	var out struct {
		Model string `json:"model"`
	}
	if err := callInto("model.resolve_phase", in, &out); err != nil {
		return "", err
	}
	return out.Model, nil
}

// ResolvePipeline is every enabled phase of f's pipeline in canonical order with its role,
// runner and model (protocol.ResolvePipeline); profileName "" falls back as ResolveProfile does,
// runOverrides are the per-run phase overrides (--phase-override).
func ResolvePipeline(cfg Config, f Feature, profileName string, manualRunner string, runOverrides map[Phase]PhaseSpec) ([]ResolvedPhase, error) {
	in := struct {
		Config       Config              `json:"config"`
		Feature      Feature             `json:"feature"`
		ProfileName  string              `json:"profile_name,omitempty"`
		ManualRunner string              `json:"manual_runner,omitempty"`
		RunOverrides map[Phase]PhaseSpec `json:"run_overrides,omitempty"`
	}{cfg, f, profileName, manualRunner, runOverrides}
	var out struct {
		Phases []ResolvedPhase `json:"phases"`
	}
	if err := callInto("pipeline.resolve", in, &out); err != nil {
		return nil, err
	}
	return out.Phases, nil
}

// SelectDeepReviewAngles is the deep-review angles the changed files call for, with the rule
// each file matched (protocol.SelectDeepReviewAngles): prefix keys and "*suffix" keys of the
// mapping (the longest prefix wins, then the longest suffix); the union, ascending. When no
// file matches a rule with angles, all 11 angles and nil matches, as 4x returns them — also for
// a nil or empty mapping (pass DefaultAngleMapping() or ResolveAngleMapping(cfg) for 4x's
// table). Like 4x's it cannot fail: an input the library refuses (past its 16 MiB limit) reads
// as nothing matched, so every angle is reviewed.
func SelectDeepReviewAngles(mapping map[string][]int, files []ChangedFile) ([]int, []AngleMatch) {
	in := struct {
		Mapping map[string][]int `json:"mapping"`
		Files   []ChangedFile    `json:"files"`
	}{mapping, files}
	if in.Mapping == nil {
		in.Mapping = map[string][]int{}
	}
	if in.Files == nil {
		in.Files = []ChangedFile{}
	}
	var out struct {
		Angles  []int        `json:"angles"`
		Matches []AngleMatch `json:"matches"`
	}
	if err := callInto("angles.select", in, &out); err != nil {
		return AllAngles(), nil
	}
	return out.Angles, nilIfEmpty(out.Matches)
}

// DeepReviewAngleCount is the number of deep-review angles (protocol.DeepReviewAngleCount),
// pinned to the library's angles.all by a test.
const DeepReviewAngleCount = 11

// AllAngles is every deep-review angle, 1 to DeepReviewAngleCount (protocol.AllAngles).
func AllAngles() []int {
	var out struct {
		Angles []int `json:"angles"`
	}
	// angles.all takes no input and cannot fail on a working library.
	_ = callInto("angles.all", nil, &out)
	return out.Angles
}

// DefaultAngleMapping is 4x's built-in path → angles table (protocol.DefaultAngleMapping).
func DefaultAngleMapping() map[string][]int {
	var out struct {
		Mapping map[string][]int `json:"mapping"`
	}
	_ = callInto("angles.default_mapping", nil, &out)
	return out.Mapping
}

// ResolveAngleMapping is the deep-reviewer's angle_mapping of cfg when set, else the default
// mapping (protocol.ResolveAngleMapping).
func ResolveAngleMapping(cfg Config) map[string][]int {
	var out struct {
		Mapping map[string][]int `json:"mapping"`
	}
	if err := callInto("angles.resolve_mapping", map[string]Config{"config": cfg}, &out); err != nil {
		return DefaultAngleMapping()
	}
	return out.Mapping
}

// GroupSelectedAngles cuts angles into consecutive groups for parallel reviewers
// (protocol.GroupSelectedAngles): nil for one reviewer or no angles (4x's single-agent
// fallback); anglesPerReviewer <= 0 means an even split. Like 4x's it cannot fail: an input the
// library refuses reads as that fallback, nil.
func GroupSelectedAngles(parallelReviewers, anglesPerReviewer int, angles []int) [][]int {
	in := struct {
		ParallelReviewers int   `json:"parallel_reviewers"`
		AnglesPerReviewer int   `json:"angles_per_reviewer"`
		Angles            []int `json:"angles"`
	}{parallelReviewers, anglesPerReviewer, angles}
	if in.Angles == nil {
		in.Angles = []int{}
	}
	var out struct {
		Groups [][]int `json:"groups"`
	}
	if err := callInto("angles.group_selected", in, &out); err != nil {
		return nil
	}
	return nilIfEmpty(out.Groups)
}

// nilIfEmpty is nil for an empty slice: where 4x builds a result with append, "nothing" is a
// nil slice, and a 4x caller may test it with == nil.
func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}

// ParseReportIssues reads a review report's verdict and its [CRITICAL] / [WARNING] issue titles
// (protocol.ParseReportIssues); issues is nil when the report has none, as in 4x. Like 4x's, it cannot fail: a report the library refuses (over
// the 16 MiB input limit) reads as not passed, with no issues.
func ParseReportIssues(report string) (passed bool, issues []string) {
	var out struct {
		Passed bool     `json:"passed"`
		Issues []string `json:"issues"`
	}
	if err := callInto("report.parse_issues", map[string]string{"report": report}, &out); err != nil {
		return false, nil
	}
	return out.Passed, nilIfEmpty(out.Issues)
}

// profileEnables asks profile.enables about a phase or a role of pc.
func profileEnables(pc ProfileConfig, phase Phase, role Role) (enablesPhase, hasPhase, enablesRole bool) {
	in := struct {
		Profile ProfileConfig `json:"profile"`
		Phase   Phase         `json:"phase,omitempty"`
		Role    Role          `json:"role,omitempty"`
	}{pc, phase, role}
	var out struct {
		EnablesPhase bool `json:"enables_phase"`
		HasPhase     bool `json:"has_phase"`
		EnablesRole  bool `json:"enables_role"`
	}
	// A ProfileConfig always encodes to a valid input; only a broken library fails here, and
	// then nothing is enabled.
	_ = callInto("profile.enables", in, &out)
	return out.EnablesPhase, out.HasPhase, out.EnablesRole
}

// EnablesPhase reports whether the profile's Phases list the phase
// (protocol.ProfileConfig.EnablesPhase).
func (pc ProfileConfig) EnablesPhase(phase Phase) bool {
	if phase == "" {
		return false
	}
	enables, _, _ := profileEnables(pc, phase, "")
	return enables
}

// HasPhase reports whether the profile contains the phase (protocol.ProfileConfig.HasPhase).
func (pc ProfileConfig) HasPhase(phase Phase) bool {
	if phase == "" {
		return false
	}
	_, has, _ := profileEnables(pc, phase, "")
	return has
}

// EnablesRole reports whether the role's work phase is enabled (protocol.ProfileConfig.EnablesRole):
// a role without a work phase of its own (mini-coder, gate, ...) is never enabled.
func (pc ProfileConfig) EnablesRole(role Role) bool {
	if role == "" {
		return false
	}
	_, _, enables := profileEnables(pc, "", role)
	return enables
}
