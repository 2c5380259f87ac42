package fourx_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	fourx "example.invalid/fourx"
)

// Table tests of the typed API, written the way 4x's own state and protocol tests are.

func TestCanTransition_Valid(t *testing.T) {
	tests := []struct {
		from fourx.Phase
		to   fourx.Phase
	}{
		{fourx.PhaseInit, fourx.PhaseDesigning},
		{fourx.PhaseDesigning, fourx.PhaseDesignReviewing},
		{fourx.PhaseDesignReviewing, fourx.PhaseCoding},
		{fourx.PhaseCoding, fourx.PhaseReviewing},
		{fourx.PhaseReviewing, fourx.PhaseTesting},
		{fourx.PhaseTesting, fourx.PhaseDeepReviewing},
		{fourx.PhaseTesting, fourx.PhaseAmending},
		{fourx.PhaseDeepReviewing, fourx.PhaseFixing},
		{fourx.PhaseFixing, fourx.PhaseAccepting},
		{fourx.PhaseAmending, fourx.PhaseReviewing},
		{fourx.PhaseAccepting, fourx.PhaseDone},
		{fourx.PhasePendingReview, fourx.PhaseDone},
		{fourx.PhaseCoding, fourx.PhaseNeedsAttention},
		{fourx.PhaseBlocked, fourx.PhaseAmending},
	}
	for _, tt := range tests {
		t.Run(string(tt.from)+"→"+string(tt.to), func(t *testing.T) {
			if !fourx.CanTransition(tt.from, tt.to) {
				t.Errorf("CanTransition(%s, %s) = false, want true", tt.from, tt.to)
			}
		})
	}
}

func TestCanTransition_Invalid(t *testing.T) {
	tests := []struct {
		from fourx.Phase
		to   fourx.Phase
	}{
		{fourx.PhaseInit, fourx.PhaseTesting},
		{fourx.PhaseInit, fourx.PhaseCoding},
		{fourx.PhaseCoding, fourx.PhaseAccepting},
		{fourx.PhaseReviewing, fourx.PhaseCoding},
		{fourx.PhaseDone, fourx.PhaseCoding},
		{fourx.PhaseDone, fourx.PhaseBlocked},
		{fourx.PhaseAbandoned, fourx.PhaseNeedsAttention},
		{"nonexistent", fourx.PhaseCoding},
		{fourx.PhaseCoding, "Reviewing"},
	}
	for _, tt := range tests {
		t.Run(string(tt.from)+"→"+string(tt.to), func(t *testing.T) {
			if fourx.CanTransition(tt.from, tt.to) {
				t.Errorf("CanTransition(%s, %s) = true, want false", tt.from, tt.to)
			}
		})
	}
}

// The fast path and the JSON op agree on every pair of phases (and an unknown one).
func TestCanTransition_FastPathAgreesWithTheOp(t *testing.T) {
	phases := append(fourx.AllPhases(), "unknown")
	for _, from := range phases {
		for _, to := range phases {
			raw, err := fourx.Call("state.can_transition", map[string]fourx.Phase{"from": from, "to": to})
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Contains(string(raw), "true")
			if got := fourx.CanTransition(from, to); got != want {
				t.Errorf("CanTransition(%s, %s) = %v, the op says %v", from, to, got, want)
			}
		}
	}
}

func TestPhaseConstants_AreTheLibrarysPhases(t *testing.T) {
	want := []fourx.Phase{
		fourx.PhaseInit, fourx.PhaseDesigning, fourx.PhaseDesignReviewing, fourx.PhaseCoding,
		fourx.PhaseReviewing, fourx.PhaseDeepReviewing, fourx.PhaseFixing, fourx.PhaseTesting,
		fourx.PhaseAmending, fourx.PhaseAccepting, fourx.PhasePendingReview, fourx.PhaseDone,
		fourx.PhaseAbandoned, fourx.PhaseBlocked, fourx.PhaseNeedsAttention,
	}
	if got := fourx.AllPhases(); !reflect.DeepEqual(got, want) {
		t.Errorf("AllPhases() = %v, want %v", got, want)
	}
	roles := []fourx.Role{
		fourx.RoleDesigner, fourx.RoleDesignReviewer, fourx.RoleCoder, fourx.RoleReviewer,
		fourx.RoleDeepReviewer, fourx.RoleTester, fourx.RoleAcceptor, fourx.RoleFixer,
	}
	if got := fourx.AllRoles(); !reflect.DeepEqual(got, roles) {
		t.Errorf("AllRoles() = %v, want %v", got, roles)
	}
	if got := fourx.ConfigurableRoles(); !reflect.DeepEqual(got, append(roles, fourx.RoleMiniCoder)) {
		t.Errorf("ConfigurableRoles() = %v", got)
	}
	statuses := []fourx.Status{
		fourx.StatusNotStarted, fourx.StatusInProgress, fourx.StatusDone, fourx.StatusAbandoned,
		fourx.StatusBlocked, fourx.StatusNeedsAttention, fourx.StatusReadyForReview, fourx.StatusDraft,
	}
	if got := fourx.AllStatuses(); !reflect.DeepEqual(got, statuses) {
		t.Errorf("AllStatuses() = %v, want %v", got, statuses)
	}
	subs := []fourx.SubPhase{fourx.SubPhaseReviewing, fourx.SubPhaseSynthesizing, fourx.SubPhaseFixing, fourx.SubPhaseReverifying}
	if got := fourx.AllSubPhases(); !reflect.DeepEqual(got, subs) {
		t.Errorf("AllSubPhases() = %v, want %v", got, subs)
	}
}

func TestPhaseToRole(t *testing.T) {
	tests := []struct {
		phase fourx.Phase
		want  fourx.Role
	}{
		{fourx.PhaseDesigning, fourx.RoleDesigner},
		{fourx.PhaseDesignReviewing, fourx.RoleDesignReviewer},
		{fourx.PhaseCoding, fourx.RoleCoder},
		{fourx.PhaseAmending, fourx.RoleCoder},
		{fourx.PhaseReviewing, fourx.RoleReviewer},
		{fourx.PhaseDeepReviewing, fourx.RoleDeepReviewer},
		{fourx.PhaseFixing, fourx.RoleFixer},
		{fourx.PhaseTesting, fourx.RoleTester},
		{fourx.PhaseAccepting, fourx.RoleAcceptor},
		{fourx.PhaseInit, ""},
		{fourx.PhasePendingReview, ""},
		{fourx.PhaseDone, ""},
		{fourx.PhaseBlocked, ""},
		{fourx.PhaseNeedsAttention, ""},
		{"unknown", ""},
	}
	for _, tt := range tests {
		t.Run(string(tt.phase), func(t *testing.T) {
			if got := fourx.PhaseToRole(tt.phase); got != tt.want {
				t.Errorf("PhaseToRole(%s) = %s, want %s", tt.phase, got, tt.want)
			}
		})
	}
}

func TestPhaseRoleAndStatus(t *testing.T) {
	tests := []struct {
		phase  fourx.Phase
		role   fourx.Role
		status fourx.Status
	}{
		{fourx.PhaseInit, "", fourx.StatusNotStarted},
		{fourx.PhaseCoding, fourx.RoleCoder, fourx.StatusInProgress},
		{fourx.PhaseAmending, "", fourx.StatusInProgress},
		{fourx.PhaseTesting, fourx.RoleTester, fourx.StatusInProgress},
		{fourx.PhasePendingReview, "", fourx.StatusReadyForReview},
		{fourx.PhaseDone, "", fourx.StatusDone},
		{fourx.PhaseAbandoned, "", fourx.StatusAbandoned},
		{fourx.PhaseBlocked, "", fourx.StatusBlocked},
		{fourx.PhaseNeedsAttention, "", fourx.StatusNeedsAttention},
		{"unknown", "", fourx.StatusInProgress},
	}
	for _, tt := range tests {
		t.Run(string(tt.phase), func(t *testing.T) {
			if got := fourx.PhaseRole(tt.phase); got != tt.role {
				t.Errorf("PhaseRole(%s) = %q, want %q", tt.phase, got, tt.role)
			}
			if got := fourx.PhaseToStatus(tt.phase); got != tt.status {
				t.Errorf("PhaseToStatus(%s) = %s, want %s", tt.phase, got, tt.status)
			}
		})
	}
}

func TestTransition_UpdatesPhaseAndRole(t *testing.T) {
	s := fourx.State{FeatureID: "F001", Phase: fourx.PhaseInit}
	got, err := fourx.Transition(s, fourx.PhaseDesigning, fourx.RoleDesigner)
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if got.Phase != fourx.PhaseDesigning {
		t.Errorf("Phase = %s, want designing", got.Phase)
	}
	if got.Role != fourx.RoleDesigner {
		t.Errorf("Role = %s, want designer", got.Role)
	}
	if got.FeatureID != "F001" {
		t.Errorf("FeatureID = %q, want F001", got.FeatureID)
	}
}

func TestTransition_InvalidReturnsError(t *testing.T) {
	s := fourx.State{Phase: fourx.PhaseInit}
	got, err := fourx.Transition(s, fourx.PhaseTesting, fourx.RoleTester)
	if !errors.Is(err, fourx.ErrInvalidTransition) {
		t.Errorf("error = %v, want invalid_transition", err)
	}
	if got.Phase != fourx.PhaseInit {
		t.Errorf("a refused transition changed the phase to %s", got.Phase)
	}
}

func TestTransition_Rounds(t *testing.T) {
	tests := []struct {
		name      string
		from      fourx.Phase
		round     int
		to        fourx.Phase
		wantRound int
	}{
		{"first coding round", fourx.PhaseDesignReviewing, 0, fourx.PhaseCoding, 1},
		{"amending increments", fourx.PhaseReviewing, 1, fourx.PhaseAmending, 2},
		{"testing to amending increments", fourx.PhaseTesting, 1, fourx.PhaseAmending, 2},
		{"amending to reviewing keeps", fourx.PhaseAmending, 2, fourx.PhaseReviewing, 2},
		{"coding to reviewing keeps", fourx.PhaseCoding, 1, fourx.PhaseReviewing, 1},
		{"blocked to coding keeps", fourx.PhaseBlocked, 2, fourx.PhaseCoding, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := fourx.State{FeatureID: "F1", Phase: tt.from, Round: tt.round}
			got, err := fourx.Transition(s, tt.to, fourx.PhaseToRole(tt.to))
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			if got.Round != tt.wantRound {
				t.Errorf("Round = %d, want %d", got.Round, tt.wantRound)
			}
		})
	}
}

func TestTransition_KeepsTimesInGoForm(t *testing.T) {
	created := time.Date(2024, 5, 1, 10, 0, 0, 500000000, time.FixedZone("", 8*3600))
	s := fourx.State{FeatureID: "F1", Phase: fourx.PhaseInit, CreatedAt: created}
	got, err := fourx.Transition(s, fourx.PhaseDesigning, fourx.RoleDesigner)
	if err != nil {
		t.Fatal(err)
	}
	if !got.CreatedAt.Equal(created) {
		t.Errorf("CreatedAt = %v, want %v", got.CreatedAt, created)
	}
	if _, off := got.CreatedAt.Zone(); off != 8*3600 {
		t.Errorf("the offset was not kept: %v", got.CreatedAt)
	}
}

func TestRecoverTo(t *testing.T) {
	s := fourx.State{FeatureID: "F001", Phase: fourx.PhaseCoding, Round: 1}
	got, err := fourx.RecoverTo(s, fourx.PhaseAmending, fourx.RoleCoder)
	if err != nil {
		t.Fatalf("unexpected error: %v", err)
	}
	if got.Phase != fourx.PhaseAmending || got.Round != 2 {
		t.Errorf("RecoverTo(coding → amending) = %s round %d, want amending round 2", got.Phase, got.Round)
	}
	for _, to := range []fourx.Phase{fourx.PhaseDone, fourx.PhaseInit, fourx.PhaseBlocked, fourx.PhasePendingReview} {
		if _, err := fourx.RecoverTo(s, to, ""); !errors.Is(err, fourx.ErrInvalidRecoveryTarget) {
			t.Errorf("RecoverTo(%s) error = %v, want invalid_recovery_target", to, err)
		}
	}
}

func TestShouldStop(t *testing.T) {
	tests := []struct {
		name       string
		state      fourx.State
		wantStop   bool
		wantReason string
	}{
		{"max rounds", fourx.State{Round: 5, MaxRounds: 5}, true, "reached max rounds (5)"},
		{"no progress", fourx.State{Round: 2, MaxRounds: 10, ConsecutiveNoProgress: 3}, true, "3 consecutive rounds with no progress"},
		{"continue", fourx.State{Round: 2, MaxRounds: 10, ConsecutiveNoProgress: 1}, false, ""},
		{"no limit", fourx.State{Round: 99, MaxRounds: 0}, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stop, reason := fourx.ShouldStop(tt.state)
			if stop != tt.wantStop || reason != tt.wantReason {
				t.Errorf("ShouldStop = (%v, %q), want (%v, %q)", stop, reason, tt.wantStop, tt.wantReason)
			}
		})
	}
}

func TestValidateState(t *testing.T) {
	if err := fourx.ValidateState(fourx.State{FeatureID: "F1", Phase: fourx.PhaseCoding, Runner: "claude"}); err != nil {
		t.Errorf("a valid state: %v", err)
	}
	err := fourx.ValidateState(fourx.State{Phase: "Coding"})
	var fe *fourx.Error
	if !errors.As(err, &fe) || !errors.Is(err, fourx.ErrInvalidValue) {
		t.Fatalf("error = %v, want invalid_value", err)
	}
	want := `invalid state: featureId is required; phase "Coding" is invalid; runner is required`
	if fe.Message != want {
		t.Errorf("Message = %q, want %q", fe.Message, want)
	}
}

func demoConfig() fourx.Config {
	return fourx.Config{
		Project: fourx.ProjectConfig{Name: "demo"},
		Default: "claude",
		Runners: map[string]fourx.RunnerConfig{
			"claude": {Command: "claude", Tiers: map[string]string{"opus": "opus", "sonnet": "sonnet"}},
			"codex":  {Command: "codex", Tiers: map[string]string{"opus": "gpt-5.5", "sonnet": "gpt-5.5-mini"}},
		},
		Roles: map[string]fourx.RoleConfig{"coder": {Model: "sonnet"}, "reviewer": {Model: "opus"}},
	}
}

func TestValidateConfig(t *testing.T) {
	if err := fourx.ValidateConfig(demoConfig()); err != nil {
		t.Errorf("a valid config: %v", err)
	}
	bad := demoConfig()
	bad.Project.Name = ""
	bad.Commit = "sometimes"
	err := fourx.ValidateConfig(bad)
	if !errors.Is(err, fourx.ErrInvalidConfig) {
		t.Fatalf("error = %v, want invalid_config", err)
	}
	v, err := fourx.ValidateConfigProblems(bad)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"project.name is required", `commit "sometimes" is invalid, must be one of: per-round, on-done, never`}
	if v.Valid || !reflect.DeepEqual(v.Errors, want) {
		t.Errorf("ValidateConfigProblems = %+v, want errors %q", v, want)
	}
}

func TestMergeConfig_ProjectWinsWhereSet(t *testing.T) {
	user := fourx.UserConfig{
		DefaultRunner: "codex",
		Runners:       map[string]fourx.RunnerConfig{"codex": {Command: "codex-user"}},
		Roles:         map[string]fourx.RoleConfig{"tester": {Model: "sonnet"}},
	}
	got := fourx.MergeConfig(user, demoConfig())
	if got.Default != "claude" {
		t.Errorf("Default = %q, want the project's claude", got.Default)
	}
	if got.Roles["tester"].Model != "sonnet" || got.Roles["reviewer"].Model != "opus" {
		t.Errorf("Roles = %+v, want both layers", got.Roles)
	}
}

func TestDefaultProfiles(t *testing.T) {
	profiles := fourx.DefaultProfiles()
	for _, name := range []string{"full", "lite", "normal", "quick"} {
		p, ok := profiles[name]
		if !ok {
			t.Errorf("DefaultProfiles() lacks %s", name)
			continue
		}
		hasCoding := false
		for _, ps := range p.Phases {
			hasCoding = hasCoding || ps.Phase == string(fourx.PhaseCoding)
		}
		if !hasCoding {
			t.Errorf("profile %s has no coding phase", name)
		}
	}
	if n := len(profiles["full"].Phases); n != 8 {
		t.Errorf("full has %d phases, want 8", n)
	}
}

func TestResolvePipeline(t *testing.T) {
	phases, err := fourx.ResolvePipeline(demoConfig(), fourx.Feature{ID: "F1", Profile: "quick"}, "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []fourx.ResolvedPhase{
		{Phase: "coding", Role: "coder", Runner: "claude", Model: "sonnet"},
		{Phase: "reviewing", Role: "reviewer", Runner: "claude", Model: "opus"},
	}
	if !reflect.DeepEqual(phases, want) {
		t.Errorf("ResolvePipeline(quick) = %+v, want %+v", phases, want)
	}
	over := map[fourx.Phase]fourx.PhaseSpec{fourx.PhaseReviewing: {Phase: "reviewing", Runner: "codex", Model: "sonnet"}}
	phases, err = fourx.ResolvePipeline(demoConfig(), fourx.Feature{ID: "F1"}, "quick", "", over)
	if err != nil {
		t.Fatal(err)
	}
	if got := phases[1]; got.Runner != "codex" || got.Model != "gpt-5.5-mini" {
		t.Errorf("the run override gave %+v, want codex/gpt-5.5-mini", got)
	}
	if _, err := fourx.ResolvePipeline(demoConfig(), fourx.Feature{ID: "F1"}, "nope", "", nil); !errors.Is(err, fourx.ErrUnknownProfile) {
		t.Errorf("an unknown profile: %v, want unknown_profile", err)
	}
}

func TestResolvePhaseRunnerAndModel(t *testing.T) {
	cfg := demoConfig()
	f := fourx.Feature{ID: "F1", PhaseOverrides: map[string]fourx.PhaseOverride{"reviewing": {Runner: "codex"}}}
	pc := fourx.DefaultProfiles()["full"]
	tests := []struct {
		phase      fourx.Phase
		manual     string
		wantRunner string
		wantModel  string
	}{
		{fourx.PhaseCoding, "", "claude", "sonnet"},
		{fourx.PhaseReviewing, "", "codex", "gpt-5.5"},
		{fourx.PhaseCoding, "codex", "codex", "gpt-5.5-mini"},
	}
	for _, tt := range tests {
		t.Run(string(tt.phase)+"/"+tt.manual, func(t *testing.T) {
			runner, err := fourx.ResolvePhaseRunner(cfg, f, pc, tt.phase, tt.manual)
			if err != nil {
				t.Fatal(err)
			}
			if runner != tt.wantRunner {
				t.Errorf("ResolvePhaseRunner = %s, want %s", runner, tt.wantRunner)
			}
			model, err := fourx.ResolvePhaseModel(cfg, f, pc, tt.phase, fourx.PhaseRole(tt.phase), runner, "")
			if err != nil {
				t.Fatal(err)
			}
			if model != tt.wantModel {
				t.Errorf("ResolvePhaseModel = %s, want %s", model, tt.wantModel)
			}
		})
	}
	if _, err := fourx.ResolvePhaseRunner(cfg, fourx.Feature{}, pc, fourx.PhaseCoding, "gemini"); !errors.Is(err, fourx.ErrUnknownRunner) {
		t.Errorf("an unknown manual runner: %v, want unknown_runner", err)
	}
}

func TestSelectDeepReviewAnglesAndGroups(t *testing.T) {
	mapping := map[string][]int{"internal/state/": {1, 2, 3, 4}, "docs/": {8, 10}}
	angles, matches := fourx.SelectDeepReviewAngles(mapping, []fourx.ChangedFile{{Path: "internal/state/machine.go", Lines: 10}})
	if !reflect.DeepEqual(angles, []int{1, 2, 3, 4}) {
		t.Errorf("angles = %v, want [1 2 3 4]", angles)
	}
	if len(matches) != 1 || matches[0].Rule != "internal/state/" {
		t.Errorf("matches = %+v", matches)
	}
	all, _ := fourx.SelectDeepReviewAngles(mapping, []fourx.ChangedFile{{Path: "README.md", Lines: 1}})
	if len(all) != 11 {
		t.Errorf("nothing matched: %d angles, want all 11", len(all))
	}
	groups := fourx.GroupSelectedAngles(2, 0, []int{1, 2, 3, 4, 5})
	if !reflect.DeepEqual(groups, [][]int{{1, 2, 3}, {4, 5}}) {
		t.Errorf("groups = %v, want [[1 2 3] [4 5]]", groups)
	}
	if groups := fourx.GroupSelectedAngles(1, 0, []int{1, 2}); groups != nil {
		t.Errorf("one reviewer: groups = %v, want nil", groups)
	}
}

func TestParseReportIssues(t *testing.T) {
	report := "# Report\n### [CRITICAL] Missing error handling\n#### [WARNING] Inconsistent naming\n## Verdict\n**FAIL**\n"
	passed, issues := fourx.ParseReportIssues(report)
	if passed {
		t.Error("passed = true, want false")
	}
	if want := []string{"Missing error handling", "Inconsistent naming"}; !reflect.DeepEqual(issues, want) {
		t.Errorf("issues = %q, want %q", issues, want)
	}
	if passed, _ := fourx.ParseReportIssues("## Verdict\nPASS\n"); !passed {
		t.Error("a PASS verdict did not pass")
	}
}

func TestParseTaskMetadata(t *testing.T) {
	desc := "wf:wf-20260312T162700Z-a1b2c3d4\nkind:workflow\norigin:router\nphase:build\nplan:N/A\nscope:N/A\nreason:User request\n\nUser request: add a profile page"
	md, err := fourx.ParseTaskMetadata(desc, false)
	if err != nil {
		t.Fatal(err)
	}
	if md.WF != "wf-20260312T162700Z-a1b2c3d4" || md.Kind != "workflow" || md.Phase != "build" || md.Body != "User request: add a profile page" {
		t.Errorf("ParseTaskMetadata = %+v", md)
	}
	if md.Origin == nil || *md.Origin != "router" {
		t.Errorf("Origin = %v, want router", md.Origin)
	}
}

func TestParseOutput_UnknownAgent(t *testing.T) {
	if _, err := fourx.ParseOutput("no-such-agent", "## Done", nil); !errors.Is(err, fourx.ErrUnknownAgent) {
		t.Errorf("error = %v, want unknown_agent", err)
	}
}

func TestBlueprintStore_CommitThenRead(t *testing.T) {
	store, err := fourx.NewBlueprintStore(map[string]any{"store": map[string]any{"kind": "memory"}})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	_, err = store.Commit(map[string]any{
		"items":    []map[string]string{{"module": "internal/store", "field": "purpose", "where": "", "claim": "Keeps the blueprint file."}},
		"snapshot": map[string]any{"modules": []string{"internal/store"}},
		"evidence": []string{"internal/store"},
		"now":      "2026-03-01T12:00:00Z",
		"nonce":    "0a0b0c0d",
	})
	if err != nil {
		t.Fatal(err)
	}
	content, exists, _, err := store.Read()
	if err != nil {
		t.Fatal(err)
	}
	if !exists || !strings.Contains(content, "Keeps the blueprint file.") {
		t.Errorf("Read() = %q (exists %v), want the committed claim", content, exists)
	}
	if _, err := fourx.NewBlueprintStore(map[string]any{"store": map[string]any{"kind": "fs", "dir": "relative"}}); err == nil {
		t.Error("a relative fs store dir was accepted")
	}
}

func TestVersion(t *testing.T) {
	if v := fourx.Version(); v == "" || strings.Count(v, ".") != 2 {
		t.Errorf("Version() = %q, want major.minor.patch", v)
	}
	if fourx.VersionNumber() != fourx.HeaderVersionNumber {
		t.Errorf("VersionNumber() = %d, the header says %d", fourx.VersionNumber(), fourx.HeaderVersionNumber)
	}
}

func TestCall_RawJSONInputs(t *testing.T) {
	for _, in := range []any{[]byte(`{"from":"init","to":"designing"}`), json.RawMessage(`{"from":"init","to":"designing"}`)} {
		out, err := fourx.Call("state.can_transition", in)
		if err != nil || string(out) != `{"allowed":true}` {
			t.Errorf("Call(%T) = %s, %v", in, out, err)
		}
	}
	var nilStore *fourx.BlueprintStore
	if _, err := nilStore.Call("read", nil); !errors.Is(err, fourx.ErrNullArg) {
		t.Errorf("a nil store: %v, want null_arg", err)
	}
}

func TestNewProjectBlueprintStore_IsTheProjectsFsStore(t *testing.T) {
	repo, home := t.TempDir(), t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	store, err := fourx.NewProjectBlueprintStore(repo, home)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	_, err = store.Commit(map[string]any{
		"items":    []map[string]string{{"module": "src", "field": "purpose", "where": "", "claim": "The sources."}},
		"snapshot": map[string]any{"modules": []string{"src"}},
		"evidence": []string{"src"},
		"now":      "2026-03-01T12:00:00Z",
		"nonce":    "0a0b0c0d",
	})
	if err != nil {
		t.Fatal(err)
	}
	// A second handle on the same project sees the file the first one wrote.
	again, err := fourx.NewProjectBlueprintStore(repo, home)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	content, exists, _, err := again.Read()
	if err != nil || !exists || !strings.Contains(content, "The sources.") {
		t.Errorf("Read() = %q, %v, %v; want the committed claim", content, exists, err)
	}
	if _, err := fourx.NewProjectBlueprintStore(repo, repo); err == nil {
		t.Error("home == repo root was accepted (the root guard refuses it)")
	}
}
