package fourx_test

// 4x parity: 4x's own unit-test assertions about the functions whose names and shapes the
// package follows (protocol and feature packages), restated as table tests, plus the workspace
// handle, the resume listing, router editions and the nonce helper.

import (
	"errors"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
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
	tests := map[string]fourx.Edition{"12.7.3": fourx.Edition127, "11.2.0": fourx.Edition11, "12.10.0": fourx.Edition1210}
	for version, want := range tests {
		got, exact, err := fourx.EditionForVersion(version)
		if err != nil || !exact || got != want {
			t.Errorf("EditionForVersion(%s) = %q, %v, %v, want %q", version, got, exact, err, want)
		}
	}
	if got, exact, err := fourx.EditionForVersion("13.0.0"); exact || err != nil || got != fourx.Edition1210 {
		t.Errorf("EditionForVersion(13.0.0) = %q, %v, %v, want the newest edition, not exact", got, exact, err)
	}
	desc := "wf:wf-20260312T162700Z-a1b2c3d4\nkind:workflow\norigin:router\nphase:build\nplan:N/A\nscope:N/A\nreason:User request\n\nbody"
	for _, ed := range []fourx.Edition{fourx.Edition11, fourx.Edition127, fourx.Edition1210} {
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
	if !w.StopRequested("F001-login") {
		t.Error("StopRequested after RequestStop = false")
	}
	if err := w.ClearStopSignal("F001-login"); err != nil {
		t.Fatal(err)
	}
	if w.StopRequested("F001-login") {
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

func TestWorkspace_FilesUnderRootWithFourXsNames(t *testing.T) {
	root := t.TempDir()
	if _, err := fourx.Call("workspace.init", map[string]any{"root": root, "config": map[string]any{"project": map[string]string{"name": "shop"}}}); err != nil {
		t.Fatal(err)
	}
	w, err := fourx.NewWorkspace(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if w.Root != root || w.DotDir() != filepath.Join(root, ".4x") {
		t.Errorf("Root = %q, DotDir = %q", w.Root, w.DotDir())
	}
	if got, want := w.RoundDir("F001-login", 2), filepath.Join(w.FeatureDir("F001-login"), "rounds", "round-2"); got != want || !strings.HasPrefix(got, w.DotDir()) {
		t.Errorf("RoundDir = %q, want %q", got, want)
	}
	if w.FeatureDir("../x") != "" {
		t.Error("FeatureDir accepted an id that escapes .4x")
	}
	if fs, err := w.ListFeatures(); err != nil || fs != nil {
		t.Errorf("ListFeatures with none = %#v, %v, want nil", fs, err)
	}
	for _, id := range []string{"F002-cart", "F001-login"} {
		if err := w.SaveFeature(fourx.Feature{ID: id, Name: id, Status: fourx.StatusNotStarted}); err != nil {
			t.Fatal(err)
		}
	}
	fs, err := w.ListFeatures()
	if err != nil || len(fs) != 2 || fs[0].ID != "F001-login" {
		t.Errorf("ListFeatures = %+v, %v, want both, by id", fs, err)
	}
	if id, err := w.ResolveFeatureID("f002"); err != nil || id != "F002-cart" {
		t.Errorf("ResolveFeatureID(f002) = %q, %v", id, err)
	}
	if _, err := w.ResolveFeatureID("F00"); !errors.Is(err, fourx.ErrAmbiguous) {
		t.Errorf("an ambiguous prefix: %v, want ambiguous", err)
	}
	if f, err := w.LoadFeature("F002-cart"); err != nil || f.Name != "F002-cart" {
		t.Errorf("LoadFeature = %+v, %v", f, err)
	}
	if cfg, err := w.ReadConfig(); err != nil || cfg.Project.Name != "shop" {
		t.Errorf("ReadConfig = %+v, %v", cfg.Project, err)
	}
	if err := w.InitFeatureDir("F001-login"); err != nil {
		t.Fatal(err)
	}
	if w.WorktreePath("F001-login") != "" {
		t.Error("WorktreePath without a run-output event is not empty")
	}
	if err := w.AppendEvent("F001-login", fourx.Event{Phase: fourx.PhaseCoding, Type: "run-output", Detail: "worktree: /tmp/wt-1"}); err != nil {
		t.Fatal(err)
	}
	if got := w.WorktreePath("F001-login"); got != "/tmp/wt-1" {
		t.Errorf("WorktreePath = %q, want /tmp/wt-1", got)
	}
	// A state whose run loop is gone (no pid) is reconciled and written back.
	s := fourx.State{FeatureID: "F001-login", Phase: fourx.PhaseCoding, Role: fourx.RoleCoder, Round: 1, MaxRounds: 5, Runner: "claude", Active: true}
	if err := w.ReconcileActive("F001-login", &s); err != nil {
		t.Fatal(err)
	}
	if s.Active || s.StopReason != "process-gone" {
		t.Errorf("ReconcileActive left %+v", s)
	}
	if got, err := w.ReadState("F001-login"); err != nil || got.Active || got.StopReason != "process-gone" {
		t.Errorf("the reconciled state was not written: %+v, %v", got, err)
	}
}

func TestDeepReviewAngleCount_IsTheLibrarysCount(t *testing.T) {
	all := fourx.AllAngles()
	if len(all) != fourx.DeepReviewAngleCount || all[0] != 1 || all[len(all)-1] != fourx.DeepReviewAngleCount {
		t.Errorf("AllAngles = %v, DeepReviewAngleCount = %d", all, fourx.DeepReviewAngleCount)
	}
	if m := fourx.DefaultAngleMapping(); len(m) == 0 {
		t.Error("DefaultAngleMapping is empty")
	}
	cfg := fourx.Config{Roles: map[string]fourx.RoleConfig{"deep-reviewer": {AngleMapping: map[string][]int{"custom/": {1, 2}}}}}
	if m := fourx.ResolveAngleMapping(cfg); !reflect.DeepEqual(m, map[string][]int{"custom/": {1, 2}}) {
		t.Errorf("ResolveAngleMapping = %v", m)
	}
	if m := fourx.ResolveAngleMapping(fourx.Config{}); !reflect.DeepEqual(m, fourx.DefaultAngleMapping()) {
		t.Errorf("ResolveAngleMapping without a deep-reviewer mapping = %v", m)
	}
}

func TestFinalizeDone_FromPendingReviewAndIdempotent(t *testing.T) {
	root := t.TempDir()
	if _, err := fourx.Call("workspace.init", map[string]any{"root": root, "config": map[string]any{"project": map[string]string{"name": "shop"}}}); err != nil {
		t.Fatal(err)
	}
	ws, err := fourx.NewWorkspace(root, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	if err := ws.SaveFeature(fourx.Feature{ID: "F001-login", Name: "login", Status: fourx.StatusReadyForReview}); err != nil {
		t.Fatal(err)
	}
	if err := ws.InitFeatureDir("F001-login"); err != nil {
		t.Fatal(err)
	}
	s := fourx.State{FeatureID: "F001-login", Phase: fourx.PhasePendingReview, Round: 2, MaxRounds: 5, Runner: "claude", Active: true}
	if err := ws.WriteState("F001-login", s); err != nil {
		t.Fatal(err)
	}
	done, err := fourx.FinalizeDone(ws, "F001-login", s)
	if err != nil {
		t.Fatal(err)
	}
	if done.Phase != fourx.PhaseDone || done.Active || done.StopReason != "done" || done.Round != 2 {
		t.Errorf("FinalizeDone = %+v", done)
	}
	if f, err := ws.LoadFeature("F001-login"); err != nil || f.Status != fourx.StatusDone {
		t.Errorf("the feature status = %q, %v, want done", f.Status, err)
	}
	again, err := fourx.FinalizeDone(ws, "F001-login", done)
	if err != nil || again.Phase != fourx.PhaseDone {
		t.Errorf("a second FinalizeDone = %+v, %v, want done again without error", again, err)
	}
	if check, _ := ws.CheckEvents("F001-login"); check.Events != 1 {
		t.Errorf("%d events, want the one transition", check.Events)
	}
	abandoned := fourx.State{FeatureID: "F002-cart", Phase: fourx.PhaseAbandoned, Round: 1, MaxRounds: 5, Runner: "claude"}
	if err := ws.InitFeatureDir("F002-cart"); err != nil {
		t.Fatal(err)
	}
	if err := ws.WriteState("F002-cart", abandoned); err != nil {
		t.Fatal(err)
	}
	if _, err := fourx.FinalizeDone(ws, "F002-cart", abandoned); !errors.Is(err, fourx.ErrInvalidTransition) {
		t.Errorf("FinalizeDone from abandoned: %v, want invalid_transition", err)
	}
}
