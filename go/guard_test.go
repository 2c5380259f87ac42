package fourx_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	fourx "example.invalid/fourx"
)

var scopedFeature = fourx.Feature{ID: "F001-login", Name: "Login", Repos: []string{"api"}}

func TestGuardCheck_AChangeOutsideTheFeatureReposIsAScopeViolation(t *testing.T) {
	v, err := fourx.GuardCheck(fourx.GuardCheckInput{
		Config:  conductorConfig(),
		Feature: scopedFeature,
		Phase:   fourx.PhaseCoding,
		ChangedFiles: []fourx.GuardChange{
			{Path: "api/main.go", Status: "M", Lines: 3},
			{Path: "web/app.ts", Status: "?"},
		},
		FeatureFiles: map[string]string{"task-brief.md": "# B", "acceptance-criteria.md": "# AC", "baseline.json": "{}"},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`scope violation: repo "web" not in feature repos`}
	if v.Pass || !reflect.DeepEqual(v.Errors, want) || v.AllRetryable {
		t.Errorf("verdict = %+v, want a non-retryable scope violation", v)
	}
}

func TestGuardCheck_ANilListingIsAnEmptyDiff(t *testing.T) {
	v, err := fourx.GuardCheck(fourx.GuardCheckInput{Config: conductorConfig(), Feature: scopedFeature, Phase: fourx.PhaseInit})
	if err != nil {
		t.Fatal(err)
	}
	if !v.Pass || len(v.Errors) != 0 {
		t.Errorf("verdict = %+v, want pass", v)
	}
}

func TestGuardCheck_SelfModificationIsReported(t *testing.T) {
	v, err := fourx.GuardCheck(fourx.GuardCheckInput{
		Config:       conductorConfig(),
		Feature:      fourx.Feature{ID: "F001-login", Name: "Login"},
		Phase:        fourx.PhaseInit,
		ChangedFiles: []fourx.GuardChange{{Path: "internal/state/machine.go", Lines: 201}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if v.Pass || !v.SelfModTouched || v.SelfModDiffLines != 201 || len(v.SelfModPaths) != 1 {
		t.Errorf("verdict = %+v, want a self-modification over budget", v)
	}
}

func TestGuardCheck_BadInputIsInvalidInput(t *testing.T) {
	_, err := fourx.GuardCheck(fourx.GuardCheckInput{Config: conductorConfig(), Feature: scopedFeature, Phase: "sleeping"})
	if !errors.Is(err, fourx.ErrInvalidInput) {
		t.Errorf("err = %v, want invalid_input", err)
	}
}

func TestGuardTestingToAccepting_CriterionFailuresAreRetryable(t *testing.T) {
	verify, _ := json.Marshal(map[string]any{
		"passed":     true,
		"ac_results": []map[string]any{{"id": "AC1", "passed": false, "evidence": []string{}}},
	})
	v, err := fourx.GuardTestingToAccepting(fourx.GuardTestingInput{
		Round:        1,
		RoundFiles:   map[string]string{"test-report.md": "# T", "verify.json": string(verify)},
		FeatureFiles: map[string]string{"final-report.md": "# F"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(v.Errors, []string{"AC1 failed", "AC1: no evidence"}) || !v.AllRetryable || v.RetryableErrors != 2 {
		t.Errorf("verdict = %+v", v)
	}
}

func TestGuardTestingToAccepting_SelfModNeedsTests(t *testing.T) {
	verify := `{"passed": true, "ac_results": [{"id": "AC1", "passed": true, "evidence": ["$ go test ./..."]}]}`
	st := fourx.State{SelfModTouched: true, SelfModPaths: []string{"internal/guard/check.go"}}
	v, err := fourx.GuardTestingToAccepting(fourx.GuardTestingInput{
		Round:        1,
		RoundFiles:   map[string]string{"test-report.md": "# T", "verify.json": verify},
		FeatureFiles: map[string]string{"final-report.md": "# F"},
		State:        &st,
	})
	if err != nil {
		t.Fatal(err)
	}
	if v.Pass || len(v.Errors) != 1 || v.Errors[0] != "self-mod: changes to protected paths require accompanying passing tests" {
		t.Errorf("verdict = %+v", v)
	}
}

func TestGuardVerdict_StopsTheCoderAsTheConductorDecides(t *testing.T) {
	cfg := conductorConfig()
	step, err := fourx.Start(fourx.StartInput{Config: cfg, Feature: scopedFeature, Now: "2025-03-01T10:00:00Z", Pid: 4242, ProfileName: "quick"})
	if err != nil {
		t.Fatal(err)
	}
	ok := true
	step, err = fourx.Apply(cfg, scopedFeature, step.State, step.Loop, fourx.Outcome{Kind: fourx.OutcomeBaseline, OK: &ok, BaseCommit: "abc123"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := step.Decision; d.Kind != fourx.DecisionRunAgent || d.Role != fourx.RoleCoder || d.Guard == nil || *d.Guard != "scope" {
		t.Fatalf("decision = %+v, want the coder with the scope guard", d)
	}
	v, err := fourx.GuardCheck(fourx.GuardCheckInput{
		Config: cfg, Feature: scopedFeature, Phase: step.State.Phase, Profile: step.State.Profile, Round: step.State.Round,
		ChangedFiles: []fourx.GuardChange{{Path: "web/app.ts", Status: "A", Lines: 5}},
		FeatureFiles: map[string]string{"baseline.json": "{}"},
	})
	if err != nil {
		t.Fatal(err)
	}
	res := v.Result()
	step, err = fourx.Apply(cfg, scopedFeature, step.State, step.Loop, fourx.Outcome{
		Kind: fourx.OutcomeAgentExit, Guard: &res,
		RoundFiles: map[string]string{"coder-report.md": "# Coder report\n\n## Verification\nall green\n"},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if step.Decision.Kind != fourx.DecisionStop || step.State.Phase != fourx.PhaseNeedsAttention || step.State.StopReason != "guard-fail" {
		t.Errorf("decision %+v state %+v, want a guard-fail stop", step.Decision, step.State)
	}
}
