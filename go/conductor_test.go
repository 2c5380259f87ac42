package fourx_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	fourx "example.invalid/fourx"
)

func conductorConfig() fourx.Config {
	return fourx.Config{
		Project: fourx.ProjectConfig{Name: "demo"},
		Default: "claude",
		Runners: map[string]fourx.RunnerConfig{
			"claude": {Command: "claude", Tiers: map[string]string{"opus": "claude-opus", "sonnet": "claude-sonnet"}},
		},
	}
}

var loginFeature = fourx.Feature{ID: "F001-login", Name: "Login", Description: "add login"}

func TestStart_FreshRunAsksForTheDesigner(t *testing.T) {
	step, err := fourx.Start(fourx.StartInput{Config: conductorConfig(), Feature: loginFeature, Now: "2025-03-01T10:00:00Z", Pid: 4242, ProfileName: "full"})
	if err != nil {
		t.Fatal(err)
	}
	d := step.Decision
	if d.Kind != fourx.DecisionRunAgent || d.Phase != fourx.PhaseDesigning || d.Role != fourx.RoleDesigner || d.Purpose != "main" {
		t.Errorf("decision = %+v, want run_agent main designing/designer", d)
	}
	if d.Model != "claude-sonnet" || d.Attempt != 1 || d.Guard != nil {
		t.Errorf("model %q attempt %d guard %v, want claude-sonnet, 1, none", d.Model, d.Attempt, d.Guard)
	}
	if d.Collect == nil || strings.Join(d.Collect.Feature, ",") != "task-brief.md,acceptance-criteria.md" {
		t.Errorf("collect = %+v", d.Collect)
	}
	if len(d.Prepare) != 1 || d.Prepare[0].Action != "clear_stop_signal" {
		t.Errorf("prepare = %+v, want clear_stop_signal", d.Prepare)
	}
	if !json.Valid(d.Raw) || !strings.Contains(string(d.Raw), `"kind":"run_agent"`) {
		t.Errorf("Raw = %s", d.Raw)
	}
	if step.State.Phase != fourx.PhaseDesigning || !step.State.Active || step.State.Pid != 4242 || step.State.MaxRounds != 5 {
		t.Errorf("state = %+v", step.State)
	}
	if len(step.Events) == 0 || step.Events[0].Type != "run-start" {
		t.Errorf("events = %+v, want run-start first", step.Events)
	}
}

func TestStart_Errors(t *testing.T) {
	done := fourx.State{FeatureID: "F001-login", Phase: fourx.PhaseDone, Runner: "claude"}
	active := fourx.State{FeatureID: "F001-login", Phase: fourx.PhaseCoding, Round: 1, Runner: "claude", Active: true, Pid: 77}
	tests := []struct {
		name string
		in   fourx.StartInput
		want error
	}{
		{"an unknown runner", fourx.StartInput{Runner: "gemini"}, fourx.ErrUnknownRunner},
		{"an unknown profile", fourx.StartInput{ProfileName: "nope"}, fourx.ErrUnknownProfile},
		{"a done feature", fourx.StartInput{State: &done}, fourx.ErrInvalidTransition},
		{"a feature another live run owns", fourx.StartInput{State: &active, PidAlive: true}, fourx.ErrFeatureActive},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.in.Config, tt.in.Feature, tt.in.Now, tt.in.Pid = conductorConfig(), loginFeature, "2025-03-01T10:00:00Z", 1
			if _, err := fourx.Start(tt.in); !errors.Is(err, tt.want) {
				t.Errorf("Start error = %v, want %v", err, tt.want)
			}
		})
	}
}

func TestApply_AnOutcomeMustAnswerThePendingDecision(t *testing.T) {
	cfg := conductorConfig()
	step, err := fourx.Start(fourx.StartInput{Config: cfg, Feature: loginFeature, Now: "2025-03-01T10:00:00Z", Pid: 1, ProfileName: "full"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fourx.Apply(cfg, loginFeature, step.State, step.Loop, fourx.HooksDone(true), nil); !errors.Is(err, fourx.ErrInvalidInput) {
		t.Errorf("a hooks outcome for a run_agent decision: %v, want invalid_input", err)
	}
}

// The quick profile end to end: baseline, coder (guard passes), reviewer PASS, then every other
// phase is passed through to pending-review and the run finishes.
func TestConductor_QuickProfileReachesPendingReview(t *testing.T) {
	cfg := conductorConfig()
	f := loginFeature
	step, err := fourx.Start(fourx.StartInput{Config: cfg, Feature: f, Now: "2025-03-01T10:00:00Z", Pid: 1, ProfileName: "quick"})
	files := map[fourx.Phase]map[string]string{
		fourx.PhaseCoding:    {"coder-report.md": "# Coder\n## Verification\nok\n", "build-gate.json": `{"passed": true}`},
		fourx.PhaseReviewing: {"review-report.md": "# Review\n## Verdict\nPASS\n"},
	}
	var kinds []string
	for i := 0; err == nil && !step.Decision.Ends(); i++ {
		if i > 20 {
			t.Fatalf("no end after %d decisions: %v", i, kinds)
		}
		d := step.Decision
		kinds = append(kinds, string(d.Kind)+":"+string(d.Phase))
		var out fourx.Outcome
		switch d.Kind {
		case fourx.DecisionCaptureBaseline:
			out = fourx.BaselineDone(true, "abc123")
		case fourx.DecisionRunAgent:
			out = fourx.AgentExit(0, nil, files[d.Phase])
			if d.Guard != nil {
				out.Guard = &fourx.GuardResult{Pass: true, Errors: []string{}}
			}
		default:
			t.Fatalf("unexpected decision %s", d.Kind)
		}
		step, err = fourx.Apply(cfg, f, step.State, step.Loop, out, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	want := "capture_baseline:coding run_agent:coding run_agent:reviewing"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("decisions = %s, want %s", got, want)
	}
	if step.Decision.Kind != fourx.DecisionFinish || step.State.Phase != fourx.PhasePendingReview || step.State.Active {
		t.Errorf("end = %s in %s (active %v), want finish in pending-review", step.Decision.Kind, step.State.Phase, step.State.Active)
	}
	if step.State.BaseCommit != "abc123" {
		t.Errorf("BaseCommit = %q, want abc123", step.State.BaseCommit)
	}
	if !step.Decision.HarvestLearnings || step.Decision.Notify != fourx.NotifySuccess {
		t.Errorf("finish = %+v", step.Decision)
	}
}

func TestApply_MissingGuardIsMissingEvidence(t *testing.T) {
	cfg := conductorConfig()
	step, err := fourx.Start(fourx.StartInput{Config: cfg, Feature: loginFeature, Now: "2025-03-01T10:00:00Z", Pid: 1, ProfileName: "quick"})
	if err != nil {
		t.Fatal(err)
	}
	step, err = fourx.Apply(cfg, loginFeature, step.State, step.Loop, fourx.BaselineDone(true, "abc"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if step.Decision.Guard == nil || *step.Decision.Guard != "scope" {
		t.Fatalf("the coder's decision names guard %v, want scope", step.Decision.Guard)
	}
	_, err = fourx.Apply(cfg, loginFeature, step.State, step.Loop, fourx.AgentExit(0, nil, nil), nil)
	if !errors.Is(err, fourx.ErrMissingEvidence) {
		t.Errorf("an exit without the guard: %v, want missing_evidence", err)
	}
}

func TestResume(t *testing.T) {
	tests := []struct {
		name          string
		state         fourx.State
		roundFiles    map[string]string
		wantPhase     fourx.Phase
		wantRecovered bool
	}{
		{"a coding crash without a coder report stays in coding",
			fourx.State{FeatureID: "F1", Phase: fourx.PhaseCoding, Round: 1, Runner: "claude"}, nil, fourx.PhaseCoding, false},
		{"a failed review on disk resumes in amending",
			fourx.State{FeatureID: "F1", Phase: fourx.PhaseReviewing, Round: 1, Runner: "claude"},
			map[string]string{"coder-report.md": "x\n## Verification\nok\n", "review-report.md": "### [CRITICAL] bug\n## Verdict\nFAIL\n"},
			fourx.PhaseAmending, true},
		{"designing needs no recovery",
			fourx.State{FeatureID: "F1", Phase: fourx.PhaseDesigning, Round: 0, Runner: "claude"}, nil, fourx.PhaseDesigning, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := fourx.Resume(conductorConfig(), loginFeature, tt.state, nil, tt.roundFiles)
			if err != nil {
				t.Fatal(err)
			}
			if got.To != tt.wantPhase || got.Recovered != tt.wantRecovered || got.From != tt.state.Phase || got.State.Phase != tt.wantPhase {
				t.Errorf("Resume = %+v, want %s recovered %v", got, tt.wantPhase, tt.wantRecovered)
			}
		})
	}
}

// quickToReviewer drives a quick run through the baseline and a coder that costs cost.
func quickToReviewer(t *testing.T, cfg fourx.Config, cost float64) fourx.Step {
	t.Helper()
	step, err := fourx.Start(fourx.StartInput{Config: cfg, Feature: loginFeature, Now: "2025-03-01T10:00:00Z", Pid: 1, ProfileName: "quick"})
	if err != nil {
		t.Fatal(err)
	}
	if step, err = fourx.Apply(cfg, loginFeature, step.State, step.Loop, fourx.BaselineDone(true, "abc"), nil); err != nil {
		t.Fatal(err)
	}
	out := fourx.AgentExit(0, nil, map[string]string{"coder-report.md": "# Coder\n## Verification\nok\n", "build-gate.json": `{"passed": true}`})
	out.Guard = &fourx.GuardResult{Pass: true, Errors: []string{}}
	out.Stats = &fourx.RunStats{TokensUsed: 100, CostUSD: cost}
	if step, err = fourx.Apply(cfg, loginFeature, step.State, step.Loop, out, nil); err != nil {
		t.Fatal(err)
	}
	return step
}

func TestConductor_ABudgetBelowTheAgentsCostStopsTheRun(t *testing.T) {
	cfg := conductorConfig()
	cfg.Budget = &fourx.Budget{MaxCostUSD: 0.5}
	d := quickToReviewer(t, cfg, 0.75).Decision
	if d.Kind != fourx.DecisionStop || d.Reason != "budget-exceeded" || d.Notify != fourx.NotifyWarning {
		t.Fatalf("decision = %+v, want stop budget-exceeded (warning)", d)
	}
	if d.Message != "budget max_cost_usd 0.5 exceeded: 0.75 spent" {
		t.Errorf("message = %q", d.Message)
	}
}

func TestConductor_AGatePausesAndResumesOnTheAnswer(t *testing.T) {
	cfg := conductorConfig()
	cfg.ApprovalGates = []fourx.Phase{fourx.PhaseReviewing}
	step := quickToReviewer(t, cfg, 0)
	if d := step.Decision; d.Kind != fourx.DecisionAwaitHuman || d.Gate != "reviewing" || len(d.Options) != 2 {
		t.Fatalf("decision = %+v, want await_human before reviewing", d)
	}
	step, err := fourx.Apply(cfg, loginFeature, step.State, step.Loop, fourx.HumanReply("approve"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if d := step.Decision; d.Kind != fourx.DecisionRunAgent || d.Role != fourx.RoleReviewer {
		t.Errorf("after approve: %+v, want the reviewer", d)
	}
}

func TestConductor_RebuildOfTheEventsIsTheLastStep(t *testing.T) {
	cfg := conductorConfig()
	step, err := fourx.Start(fourx.StartInput{Config: cfg, Feature: loginFeature, Now: "2025-03-01T10:00:00Z", Pid: 1, ProfileName: "quick"})
	if err != nil {
		t.Fatal(err)
	}
	events := step.Events
	step, err = fourx.Apply(cfg, loginFeature, step.State, step.Loop, fourx.BaselineDone(true, "abc"), nil)
	if err != nil {
		t.Fatal(err)
	}
	events = append(events, step.Events...)
	got, err := fourx.Rebuild(cfg, loginFeature, events)
	if err != nil {
		t.Fatal(err)
	}
	if got.State.Phase != step.State.Phase || got.State.BaseCommit != "abc" || string(got.Loop) != string(step.Loop) || got.Keep != len(events) {
		t.Errorf("rebuild = %+v, want the last step %+v", got, step)
	}
	if _, err := fourx.Rebuild(cfg, loginFeature, events[:1]); !errors.Is(err, fourx.ErrNotFound) {
		t.Errorf("a prefix without a checkpoint: %v, want not_found", err)
	}
}

func TestApply_RefusesATerminalState(t *testing.T) {
	cfg := conductorConfig()
	step, err := fourx.Start(fourx.StartInput{Config: cfg, Feature: loginFeature, Now: "2025-03-01T10:00:00Z", Pid: 1, ProfileName: "quick"})
	if err != nil {
		t.Fatal(err)
	}
	done := step.State
	done.Phase = fourx.PhaseDone
	if _, err := fourx.Apply(cfg, loginFeature, done, step.Loop, fourx.BaselineDone(true, "abc"), nil); !errors.Is(err, fourx.ErrInvalidTransition) {
		t.Errorf("apply on a done state: %v, want invalid_transition", err)
	}
}
