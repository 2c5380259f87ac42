package fourx_test

// 4x parity: 4x's own unit-test assertions about the functions whose names and shapes the
// package follows (protocol and feature packages), restated as table tests, plus the workspace
// handle, the resume listing, router editions and the nonce helper.

import (
	"errors"
	"reflect"
	"regexp"
	"testing"
	"time"

	fourx "example.invalid/fourx"
)

func TestGroupSelectedAngles_AsFourXCutsThem(t *testing.T) {
	tests := []struct {
		name              string
		parallel, perEach int
		angles            []int
		want              [][]int
	}{
		{"one reviewer is the single-agent fallback", 1, 0, []int{1, 2, 3}, nil},
		{"no reviewers", 0, 0, []int{1, 2}, nil},
		{"no angles", 3, 0, nil, nil},
		{"an even split rounds up", 2, 0, []int{1, 2, 3, 4, 5}, [][]int{{1, 2, 3}, {4, 5}}},
		{"a fixed size per reviewer", 3, 2, []int{1, 2, 3, 4, 5}, [][]int{{1, 2}, {3, 4}, {5}}},
		{"more reviewers than angles", 4, 0, []int{7, 9}, [][]int{{7}, {9}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := fourx.GroupSelectedAngles(tt.parallel, tt.perEach, tt.angles)
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("GroupSelectedAngles(%d, %d, %v) = %#v, want %#v", tt.parallel, tt.perEach, tt.angles, got, tt.want)
			}
		})
	}
}

func TestSelectDeepReviewAngles_AsFourXSelectsThem(t *testing.T) {
	mapping := map[string][]int{
		"internal/":       {1},
		"internal/state/": {2, 3},
		"*_test.go":       {5},
		"*.go":            {6},
	}
	tests := []struct {
		name         string
		mapping      map[string][]int
		files        []string
		wantAngles   []int
		wantRules    []string
		wantNilMatch bool
	}{
		{"the longest prefix wins", mapping, []string{"internal/state/machine.go"}, []int{2, 3}, []string{"internal/state/"}, false},
		{"a prefix wins over a suffix", mapping, []string{"internal/x_test.go"}, []int{1}, []string{"internal/"}, false},
		{"the longest suffix wins", mapping, []string{"cmd/x_test.go"}, []int{5}, []string{"*_test.go"}, false},
		{"the union, ascending", mapping, []string{"cmd/y.go", "internal/state/s.go"}, []int{2, 3, 6}, []string{"*.go", "internal/state/"}, false},
		{"nothing matched is every angle and nil matches", mapping, []string{"README.md"}, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, nil, true},
		{"a nil mapping matches nothing", nil, []string{"internal/state/s.go"}, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, nil, true},
		{"no files", mapping, nil, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var files []fourx.ChangedFile
			for _, p := range tt.files {
				files = append(files, fourx.ChangedFile{Path: p, Lines: 1})
			}
			angles, matches := fourx.SelectDeepReviewAngles(tt.mapping, files)
			if !reflect.DeepEqual(angles, tt.wantAngles) {
				t.Errorf("angles = %v, want %v", angles, tt.wantAngles)
			}
			if tt.wantNilMatch {
				if matches != nil {
					t.Errorf("matches = %#v, want nil (a 4x caller tests == nil)", matches)
				}
				return
			}
			var rules []string
			for _, m := range matches {
				rules = append(rules, m.Rule)
			}
			if !reflect.DeepEqual(rules, tt.wantRules) {
				t.Errorf("rules = %v, want %v", rules, tt.wantRules)
			}
		})
	}
}

func TestParseReportIssues_NilWhenTheReportHasNone(t *testing.T) {
	tests := []struct {
		report     string
		wantPassed bool
		wantIssues []string
	}{
		{"## Verdict\nPASS\n", true, nil},
		{"## Verdict\n**CONDITIONAL PASS**\n", true, nil},
		{"## Verdict\n\n_FAIL_\n", false, nil},
		{"", false, nil},
		{"[critical] lower case tag\n## Verdict\nFAIL\n", false, []string{"lower case tag"}},
	}
	for _, tt := range tests {
		passed, issues := fourx.ParseReportIssues(tt.report)
		if passed != tt.wantPassed {
			t.Errorf("ParseReportIssues(%q) passed = %v, want %v", tt.report, passed, tt.wantPassed)
		}
		if tt.wantIssues == nil && issues != nil {
			t.Errorf("ParseReportIssues(%q) issues = %#v, want nil", tt.report, issues)
		}
		if tt.wantIssues != nil && !reflect.DeepEqual(issues, tt.wantIssues) {
			t.Errorf("ParseReportIssues(%q) issues = %q, want %q", tt.report, issues, tt.wantIssues)
		}
	}
}

func TestHookEntry_EffectiveOnFail(t *testing.T) {
	tests := map[string]string{"": "block", "warn": "warn", "WARN": "warn", "Block": "block"}
	for onFail, want := range tests {
		if got := (fourx.HookEntry{Run: "x", OnFail: onFail}).EffectiveOnFail(); got != want {
			t.Errorf("EffectiveOnFail(%q) = %q, want %q", onFail, got, want)
		}
	}
}

func TestProfileConfig_EnablesRoleAndPhase(t *testing.T) {
	profiles := fourx.DefaultProfiles()
	tests := []struct {
		profile string
		role    fourx.Role
		phase   fourx.Phase
		want    bool
	}{
		{"full", fourx.RoleDesigner, fourx.PhaseDesigning, true},
		{"full", fourx.RoleDeepReviewer, fourx.PhaseDeepReviewing, true},
		{"quick", fourx.RoleDesigner, fourx.PhaseDesigning, false},
		{"quick", fourx.RoleCoder, fourx.PhaseCoding, true},
		{"lite", fourx.RoleReviewer, fourx.PhaseReviewing, false},
		{"normal", fourx.RoleAcceptor, fourx.PhaseAccepting, true},
	}
	for _, tt := range tests {
		pc := profiles[tt.profile]
		if got := pc.EnablesRole(tt.role); got != tt.want {
			t.Errorf("%s.EnablesRole(%s) = %v, want %v", tt.profile, tt.role, got, tt.want)
		}
		if got := pc.EnablesPhase(tt.phase); got != tt.want {
			t.Errorf("%s.EnablesPhase(%s) = %v, want %v", tt.profile, tt.phase, got, tt.want)
		}
		if got := pc.HasPhase(tt.phase); got != tt.want {
			t.Errorf("%s.HasPhase(%s) = %v, want %v", tt.profile, tt.phase, got, tt.want)
		}
	}
	// A sub-role has no work phase of its own: never enabled.
	if profiles["full"].EnablesRole(fourx.RoleMiniCoder) {
		t.Error("full.EnablesRole(mini-coder) = true, want false")
	}
}

func TestMergeConfig_HasNoErrorAndKeepsUserRunners(t *testing.T) {
	user := fourx.UserConfig{Runners: map[string]fourx.RunnerConfig{"codex": {Command: "codex-user"}}}
	got := fourx.MergeConfig(user, fourx.Config{Default: "claude", Runners: map[string]fourx.RunnerConfig{"claude": {Command: "claude"}}})
	if got.Default != "claude" || got.Runners["codex"].Command != "codex-user" || got.Runners["claude"].Command != "claude" {
		t.Errorf("MergeConfig = %+v", got)
	}
}

func TestFeature_PhaseOverridesAreKeyedByString(t *testing.T) {
	f := fourx.Feature{ID: "F1", PhaseOverrides: map[string]fourx.PhaseOverride{"coding": {Runner: "codex"}}}
	cfg := fourx.Config{Default: "claude", Runners: map[string]fourx.RunnerConfig{"claude": {Command: "c"}, "codex": {Command: "x"}}}
	runner, err := fourx.ResolvePhaseRunner(cfg, f, fourx.DefaultProfiles()["full"], fourx.PhaseCoding, "")
	if err != nil || runner != "codex" {
		t.Errorf("ResolvePhaseRunner = %q, %v, want the override codex", runner, err)
	}
}

func TestNewNonce_IsEightFreshHexDigits(t *testing.T) {
	a, b := fourx.NewNonce(), fourx.NewNonce()
	hex8 := regexp.MustCompile(`^[0-9a-f]{8}$`)
	if !hex8.MatchString(a) || !hex8.MatchString(b) {
		t.Fatalf("NewNonce = %q, %q, want 8 lower-case hex digits", a, b)
	}
	if a == b {
		t.Errorf("two nonces are equal: %q", a)
	}
	if _, err := fourx.Call("router.new_workflow_id", map[string]string{"now": "2026-03-12T16:27:00Z", "nonce": a}); err != nil {
		t.Errorf("the ops refuse NewNonce's nonce: %v", err)
	}
}

func TestEditions_OnTheRouterFunctions(t *testing.T) {
	tests := map[string]fourx.Edition{"12.7.3": fourx.Edition127, "11.2.0": fourx.Edition11}
	for version, want := range tests {
		got, ok, err := fourx.EditionForVersion(version)
		if err != nil || !ok || got != want {
			t.Errorf("EditionForVersion(%s) = %q, %v, %v, want %q", version, got, ok, err, want)
		}
	}
	if _, ok, err := fourx.EditionForVersion("10.0.0"); ok || err != nil {
		t.Errorf("EditionForVersion(10.0.0): ok = %v, err = %v, want no edition", ok, err)
	}
	desc := "wf:wf-20260312T162700Z-a1b2c3d4\nkind:workflow\norigin:router\nphase:build\nplan:N/A\nscope:N/A\nreason:User request\n\nbody"
	for _, ed := range []fourx.Edition{fourx.Edition11, fourx.Edition127} {
		if _, err := fourx.ParseTaskMetadata(desc, false, ed); err != nil {
			t.Errorf("ParseTaskMetadata edition %s: %v", ed, err)
		}
	}
	if _, err := fourx.ParseTaskMetadata(desc, false, "9.9.9"); !errors.Is(err, fourx.ErrInvalidValue) {
		t.Errorf("an unknown edition: %v, want invalid_value", err)
	}
	if _, err := fourx.ParseOutput("code-reviewer", "x", nil, fourx.Edition11, fourx.Edition127); !errors.Is(err, fourx.ErrInvalidInput) {
		t.Errorf("two editions: %v, want invalid_input", err)
	}
}

func TestWorkspace_RunStateThroughTheHandle(t *testing.T) {
	root := t.TempDir()
	if _, err := fourx.Call("workspace.init", map[string]any{"root": root, "config": map[string]any{"project": map[string]string{"name": "shop"}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := fourx.Call("workspace.init_feature_dir", map[string]string{"root": root, "feature_id": "F001-login"}); err != nil {
		t.Fatal(err)
	}
	w, err := fourx.NewWorkspace(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.ReadState("F001-login"); !errors.Is(err, fourx.ErrNotFound) {
		t.Errorf("ReadState before the first write: %v, want not_found", err)
	}
	s := fourx.State{FeatureID: "F001-login", Phase: fourx.PhaseCoding, Role: fourx.RoleCoder, Round: 1, MaxRounds: 5, Runner: "claude"}
	if err := w.WriteState("F001-login", s); err != nil {
		t.Fatal(err)
	}
	got, err := w.ReadState("F001-login")
	if err != nil || got.Phase != fourx.PhaseCoding || got.UpdatedAt.IsZero() {
		t.Errorf("ReadState = %+v, %v", got, err)
	}
	for _, cost := range []float64{0.25, 0.5} {
		if err := w.AppendEvent("F001-login", fourx.Event{Phase: fourx.PhaseCoding, Type: "run-end", CostUSD: cost}); err != nil {
			t.Fatal(err)
		}
	}
	if total, err := w.TotalCost("F001-login"); err != nil || total != 0.75 {
		t.Errorf("TotalCost = %v, %v, want 0.75", total, err)
	}
	if check, err := w.CheckEvents("F001-login"); err != nil || check.Events != 2 {
		t.Errorf("CheckEvents = %+v, %v, want 2 events", check, err)
	}
	if err := w.RequestStop("F001-login"); err != nil {
		t.Fatal(err)
	}
	if stop, err := w.StopRequested("F001-login"); err != nil || !stop {
		t.Errorf("StopRequested after RequestStop = %v, %v", stop, err)
	}
	if err := w.ClearStop("F001-login"); err != nil {
		t.Fatal(err)
	}
	if stop, _ := w.StopRequested("F001-login"); stop {
		t.Error("StopRequested after ClearStop = true")
	}
	claim, err := w.Claim("F001-login", "worker-1", time.Minute)
	if err != nil || !claim.Granted {
		t.Fatalf("Claim = %+v, %v, want granted", claim, err)
	}
	if err := w.Release("F001-login", claim.Lease); err != nil {
		t.Errorf("Release: %v", err)
	}
	listing, err := fourx.ResumeListing(root, "F001-login")
	if err != nil || listing.State.Round != 1 || listing.FeatureFiles == nil {
		t.Errorf("ResumeListing = %+v, %v", listing, err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := w.ReadState("F001-login"); !errors.Is(err, fourx.ErrNullArg) {
		t.Errorf("a call after Close: %v, want null_arg", err)
	}
	_ = w.Close()
	if _, err := fourx.NewWorkspace(root, map[string]string{"kind": "nope"}); err == nil {
		t.Error("an unknown store kind was accepted")
	}
}
