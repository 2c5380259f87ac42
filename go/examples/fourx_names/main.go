// Command fourx_names is a 4x harness written only with 4x's exported names of
// internal/protocol and internal/state (as fourx.<Name>): it creates a workspace, resolves the
// pipeline, walks one feature from init to done and checks the answers of the helpers a 4x
// harness asks. It prints "ok" and exits 0, or names the first wrong answer and exits 1.
// TestExampleFourXNames_BuildsAndRuns builds and runs it.
package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"

	fourx "example.invalid/fourx"
)

func check(ok bool, what string, got ...any) {
	if !ok {
		fmt.Fprintf(os.Stderr, "fourx_names: %s: %v\n", what, got)
		os.Exit(1)
	}
}

func must(err error, what string) {
	check(err == nil, what, err)
}

func main() {
	root, err := os.MkdirTemp("", "fourx-names-")
	must(err, "temp dir")
	defer os.RemoveAll(root)

	// Settings: the user's under the project's, as a 4x command merges them.
	cfg := fourx.MergeConfig(fourx.UserConfig{DefaultRunner: "claude"}, fourx.Config{
		Project: fourx.ProjectConfig{Name: "shop"},
		Runners: map[string]fourx.RunnerConfig{"claude": {Command: "claude", Tiers: map[string]string{"opus": "opus", "sonnet": "sonnet"}}},
		Roles:   map[string]fourx.RoleConfig{"deep-reviewer": {ParallelReviewers: 3}},
		Hooks:   map[string][]fourx.HookEntry{"post-coding": {{Run: "make lint"}}},
	})
	check(cfg.Default == "claude", "MergeConfig default runner", cfg.Default)
	must(fourx.ValidateConfig(cfg), "ValidateConfig")
	must(fourx.Init(root, cfg), "Init")

	ws := &fourx.Workspace{Root: root}
	found, err := fourx.Find(filepath.Join(root, fourx.DirName))
	check(err == nil && found.Root == root, "Find", found, err)
	n, err := fourx.NextFeatureNumber(ws)
	check(err == nil && n == 1, "NextFeatureNumber", n, err)
	id := fourx.GenerateFeatureID(n, "User login")
	check(id == "F001-user-login", "GenerateFeatureID", id)
	f := fourx.Feature{ID: id, Name: "User login", Status: fourx.StatusNotStarted,
		PhaseOverrides: map[string]fourx.PhaseOverride{"reviewing": {Model: "opus"}},
		Hooks:          map[string][]fourx.HookEntry{"post-coding": {{Run: "make test", OnFail: "warn"}}}}
	must(ws.SaveFeature(f), "SaveFeature")
	must(ws.InitFeatureDir(id), "InitFeatureDir")
	got, err := ws.ResolveFeatureID("f001")
	check(err == nil && got == id, "ResolveFeatureID", got, err)

	// Profile and pipeline.
	name, pc, err := fourx.ResolveProfile(cfg, f, "normal")
	check(err == nil && name == "normal" && pc.EnablesRole(fourx.RoleCoder) && !pc.EnablesPhase(fourx.PhaseDesigning), "ResolveProfile", name, pc, err)
	pipeline, err := fourx.ResolvePipeline(cfg, f, "normal", "", nil)
	check(err == nil && len(pipeline) == 4 && pipeline[1].Model == "opus", "ResolvePipeline", pipeline, err)
	runner, err := fourx.ResolvePhaseRunner(cfg, f, pc, fourx.PhaseCoding, "")
	check(err == nil && runner == "claude", "ResolvePhaseRunner", runner, err)
	model, err := fourx.ResolveModel(cfg, runner, fourx.RoleCoder)
	check(err == nil && model == "sonnet", "ResolveModel", model, err)
	hooks := fourx.MergeHooks(cfg.Hooks, f.Hooks)
	check(len(hooks["post-coding"]) == 1 && hooks["post-coding"][0].EffectiveOnFail() == "warn", "MergeHooks", hooks)

	// Deep review angles.
	angles, matches := fourx.SelectDeepReviewAngles(fourx.ResolveAngleMapping(cfg), []fourx.ChangedFile{{Path: "README.md", Lines: 3}})
	check(len(angles) == fourx.DeepReviewAngleCount && matches == nil, "SelectDeepReviewAngles", angles, matches)
	groups := fourx.GroupSelectedAngles(fourx.ResolveParallelReviewers(cfg, fourx.RoleDeepReviewer), fourx.ResolveAnglesPerReviewer(cfg, fourx.RoleDeepReviewer), angles)
	check(reflect.DeepEqual(groups, fourx.GroupReviewAngles(3, 0, fourx.DeepReviewAngleCount)), "GroupSelectedAngles", groups)

	// The state machine, one feature from init to pending-review, then done.
	_, err = ws.ReadState(id)
	check(errors.Is(err, fs.ErrNotExist), "ReadState before the first write", err)
	s := fourx.State{FeatureID: id, Phase: fourx.PhaseInit, MaxRounds: 5, Runner: runner, Active: true, Pid: os.Getpid()}
	must(fourx.ValidateState(s), "ValidateState")
	for _, to := range []fourx.Phase{fourx.PhaseDesigning, fourx.PhaseDesignReviewing, fourx.PhaseCoding, fourx.PhaseReviewing,
		fourx.PhaseTesting, fourx.PhaseDeepReviewing, fourx.PhaseAccepting, fourx.PhasePendingReview} {
		check(fourx.CanTransition(s.Phase, to), "CanTransition", s.Phase, to)
		s, err = fourx.Transition(s, to, fourx.PhaseToRole(to))
		must(err, "Transition to "+string(to))
		must(ws.WriteState(id, s), "WriteState")
		must(ws.AppendEvent(id, fourx.Event{Type: "run-end", Phase: to, Role: s.Role, Round: s.Round, CostUSD: 0.25}), "AppendEvent")
		must(ws.SyncFeatureStatus(id, to), "SyncFeatureStatus")
	}
	_, err = fourx.Transition(s, fourx.PhaseCoding, fourx.RoleCoder)
	check(errors.Is(err, fourx.ErrInvalidTransition), "an illegal transition", err)
	stop, _ := fourx.ShouldStop(s)
	check(!stop && s.Round == 1, "ShouldStop", s)
	total, err := ws.TotalCost(id)
	check(err == nil && total == 2, "TotalCost", total, err)
	passed, issues := fourx.ParseReportIssues("## Verdict\nPASS\n")
	check(passed && issues == nil, "ParseReportIssues", passed, issues)
	done, err := fourx.FinalizeDone(ws, id, s)
	check(err == nil && done.Phase == fourx.PhaseDone && !done.Active, "FinalizeDone", done, err)
	loaded, err := fourx.NewCachedWorkspace(ws).LoadFeature(id)
	check(err == nil && loaded.Status == fourx.PhaseToStatus(fourx.PhaseDone), "the feature status after done", loaded.Status, err)

	// The workspace handle of the issue, on the same files.
	h, err := fourx.NewWorkspace(root, nil)
	must(err, "NewWorkspace")
	defer h.Close()
	final, err := h.ReadState(id)
	check(err == nil && final.Phase == fourx.PhaseDone, "ReadState through the handle", final, err)
	listing, err := fourx.ResumeListing(root, id)
	check(err == nil && listing.State.Phase == fourx.PhaseDone, "ResumeListing", listing.State, err)
	check(len(fourx.NewNonce()) == 8, "NewNonce")
	fmt.Println("ok")
}
