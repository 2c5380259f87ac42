// Command harness drives one feature end to end through fourx's conductor with scripted agents
// (no LLM, no network), as python/examples/demo_harness.py does in Python:
//
//  1. sets up a throw-away project (.4x/ with settings.json, the feature file, the run dirs);
//  2. starts the run (fourx.Start) and resolves the `normal` pipeline for the trace;
//  3. executes every decision: prepare actions on disk, scripted agents writing their reports
//     (the first code review asks for changes, so the feature goes back to amending), hooks,
//     the baseline, guards; writes state.json and appends events.jsonl through the workspace
//     ops; hands each outcome back with fourx.Apply;
//  4. stops at the conductor's finish decision: the feature reached pending-review.
//
// The harness owns the clock and the pid (fourx never reads either): here a fixed, stepping
// clock, so two runs print the same trace. Run it with `go run ./examples/harness [-dir DIR]`.
package main

import (
	"embed"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"example.invalid/fourx"
)

//go:embed agents/*
var agents embed.FS

const featureID = "F001-profile-page"

// config is the project's .4x/settings.json: one runner, a stronger model for reviews.
var config = fourx.Config{
	Project: fourx.ProjectConfig{Name: "demo", Language: "go"},
	Default: "claude",
	Runners: map[string]fourx.RunnerConfig{
		"claude": {Command: "claude", Args: []string{"-p"}, Tiers: map[string]string{"opus": "opus", "sonnet": "sonnet"}},
	},
	Roles: map[string]fourx.RoleConfig{
		"coder":    {Model: "sonnet"},
		"reviewer": {Model: "opus"},
	},
	Hooks: map[string][]fourx.HookEntry{"pre_reviewing": {{Run: "go vet ./..."}}},
}

var feature = fourx.Feature{
	ID:          featureID,
	Name:        "User profile page",
	Description: "Show the signed-in user's name and email",
	Status:      fourx.StatusNotStarted,
	Profile:     "normal",
}

// script is what each scripted agent writes, per phase: a list of turns, one per run.
var script = map[fourx.Phase][]map[string]string{
	fourx.PhaseCoding:    {{"coder-report.md": "coder-report.md", "build-gate.json": ""}},
	fourx.PhaseAmending:  {{"coder-report.md": "coder-report-amend.md", "build-gate.json": ""}},
	fourx.PhaseReviewing: {{"review-report.md": "review-changes.md"}, {"review-report.md": "review-approve.md"}},
	fourx.PhaseTesting:   {{"test-report.md": "test-report.md", "verify.json": "verify.json"}},
	fourx.PhaseAccepting: {{"final-report.md": "final-report.md"}},
}

// clock is the harness's clock: a fixed start, one minute per tick.
type clock struct{ t time.Time }

func (c *clock) now() string {
	c.t = c.t.Add(time.Minute)
	return c.t.Format(time.RFC3339)
}

type harness struct {
	root, featureDir string
	clock            clock
	state            fourx.State
	turns            map[fourx.Phase]int
}

func main() {
	dir := flag.String("dir", "", "where to create the project (default: a new temp dir)")
	flag.Parse()
	base := *dir
	if base == "" {
		var err error
		if base, err = os.MkdirTemp("", "fourx-go-harness-"); err != nil {
			log.Fatal(err)
		}
	}
	if err := run(base); err != nil {
		log.Fatal(err)
	}
}

func call(op string, in any, out any) error {
	raw, err := fourx.Call(op, in)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(raw, out)
}

func run(base string) error {
	h := &harness{root: filepath.Join(base, "repo"), clock: clock{time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)}, turns: map[fourx.Phase]int{}}
	if err := os.MkdirAll(filepath.Join(h.root, ".git"), 0o755); err != nil {
		return err
	}
	if err := call("workspace.init", map[string]any{"root": h.root, "config": config}, nil); err != nil {
		return err
	}
	if err := call("workspace.save_feature", map[string]any{"root": h.root, "feature": feature}, nil); err != nil {
		return err
	}
	var fdir struct {
		Path string `json:"path"`
	}
	if err := call("workspace.init_feature_dir", map[string]any{"root": h.root, "feature_id": featureID}, &fdir); err != nil {
		return err
	}
	h.featureDir = fdir.Path

	fmt.Printf("== fourx %s (Go): one feature through the conductor, profile %q (no LLM)\n", fourx.Version(), feature.Profile)
	fmt.Printf("   project  %s\n", h.root)
	phases, err := fourx.ResolvePipeline(config, feature, "", "", nil)
	if err != nil {
		return err
	}
	fmt.Printf("== pipeline: %d phases\n", len(phases))
	for _, p := range phases {
		fmt.Printf("   %-10s %-9s %s/%s\n", p.Phase, p.Role, p.Runner, p.Model)
	}

	fmt.Println("== run")
	step, err := fourx.Start(fourx.StartInput{Config: config, Feature: feature, MaxRounds: 3, Now: h.clock.now(), Pid: os.Getpid()})
	for {
		if err != nil {
			return err
		}
		if err := h.persist(step); err != nil {
			return err
		}
		d := step.Decision
		if d.Ends() {
			return h.finish(d)
		}
		for _, p := range d.Prepare {
			if err := h.prepare(d, p); err != nil {
				return err
			}
		}
		outcome, err := h.execute(d)
		if err != nil {
			return err
		}
		step, err = fourx.Apply(config, feature, step.State, step.Loop, outcome, nil)
	}
}

// persist writes the state and appends the events, as the conductor asks after every call.
func (h *harness) persist(step fourx.Step) error {
	before := h.state.Phase
	var written struct {
		State fourx.State `json:"state"`
	}
	if err := call("workspace.write_state", map[string]any{"root": h.root, "feature_id": featureID, "state": step.State, "now": h.clock.now()}, &written); err != nil {
		return err
	}
	h.state = written.State
	for _, e := range step.Events {
		if err := call("workspace.append_event", map[string]any{"root": h.root, "feature_id": featureID, "event": e, "now": h.clock.now()}, nil); err != nil {
			return err
		}
		if e.Type == "transition" || e.Type == "phase-skipped" {
			fmt.Printf("   [round %d] %-14s %s %s\n", e.Round, e.Type, e.Phase, e.Detail)
		}
	}
	if h.state.Phase != before {
		var sync struct {
			Changed bool `json:"changed"`
		}
		if err := call("workspace.sync_feature_status", map[string]any{"root": h.root, "feature_id": featureID, "phase": h.state.Phase}, &sync); err != nil {
			return err
		}
	}
	return nil
}

func (h *harness) dir(d fourx.Decision, which string) string {
	if which == "round" {
		return filepath.Join(h.featureDir, "rounds", fmt.Sprintf("round-%d", d.Round))
	}
	return h.featureDir
}

// prepare runs one prepare action before its decision.
func (h *harness) prepare(d fourx.Decision, p fourx.Prepare) error {
	switch p.Action {
	case "clear_stop_signal":
		return call("workspace.clear_stop", map[string]any{"root": h.root, "feature_id": featureID}, nil)
	case "remove":
		err := os.Remove(filepath.Join(h.dir(d, p.Dir), p.File))
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		return err
	case "write_json", "write_text":
		text := p.Text
		if p.Action == "write_json" {
			var v any
			if err := json.Unmarshal(p.Value, &v); err != nil {
				return err
			}
			b, err := json.MarshalIndent(v, "", "  ")
			if err != nil {
				return err
			}
			text = string(b)
		}
		return writeFile(filepath.Join(h.dir(d, p.Dir), p.File), text)
	case "review_package", "acceptance_summary":
		// A real harness renders the diff / the verification summary here (warn only on failure).
		return writeFile(filepath.Join(h.dir(d, p.Dir), p.File), "# "+p.Action+" (scripted)\n")
	case "tester_retry_cleanup":
		return nil
	}
	return fmt.Errorf("unknown prepare action %q", p.Action)
}

// execute carries out one decision and returns its outcome.
func (h *harness) execute(d fourx.Decision) (fourx.Outcome, error) {
	switch d.Kind {
	case fourx.DecisionRunHooks:
		for _, hook := range d.Hooks {
			fmt.Printf("             hook %s: %s (scripted ok)\n", d.Action, hook.Run)
			ev := fourx.Event{Phase: d.Phase, Type: "hook", Action: d.Action, Command: hook.Run, Status: "ok"}
			if err := call("workspace.append_event", map[string]any{"root": h.root, "feature_id": featureID, "event": ev, "now": h.clock.now()}, nil); err != nil {
				return fourx.Outcome{}, err
			}
		}
		return fourx.HooksDone(true), nil
	case fourx.DecisionCaptureBaseline:
		if d.CaptureBaseline && d.File != nil {
			baseline := `{"createdAt":"` + h.clock.now() + `","repos":[]}`
			if err := writeFile(filepath.Join(h.dir(d, d.File.Dir), d.File.File), baseline); err != nil {
				return fourx.Outcome{}, err
			}
		}
		fmt.Printf("             baseline captured (round %d)\n", d.Round)
		return fourx.BaselineDone(true, "0123456789abcdef0123456789abcdef01234567"), nil
	case fourx.DecisionRunHelper:
		return fourx.HelperDone(), nil
	case fourx.DecisionRunHealthCheck:
		return fourx.HealthCheckDone(true, ""), nil
	case fourx.DecisionGather:
		return fourx.Outcome{Kind: fourx.OutcomeGathered, ChangedFiles: []fourx.ChangedFile{{Path: "src/profile/page.go", Lines: 40}}}, nil
	case fourx.DecisionRunAgent:
		return h.agent(d)
	case fourx.DecisionAwaitHuman:
		// No approval gates are configured here; a scripted person would approve.
		fmt.Printf("             gate %s: %s (scripted approve)\n", d.Gate, d.Question)
		return fourx.HumanReply("approve"), nil
	}
	return fourx.Outcome{}, fmt.Errorf("the scripted harness has no answer for decision %s", d.Kind)
}

// agent "runs" the scripted agent of the decision's phase: it writes the turn's files, then
// reads back what the decision's Collect names, and passes the guard.
func (h *harness) agent(d fourx.Decision) (fourx.Outcome, error) {
	turns := script[d.Phase]
	i := h.turns[d.Phase]
	if i >= len(turns) {
		return fourx.Outcome{}, fmt.Errorf("no scripted turn %d for %s", i+1, d.Phase)
	}
	h.turns[d.Phase]++
	for name, src := range turns[i] {
		text := `{"passed": true}`
		if src != "" {
			b, err := agents.ReadFile("agents/" + src)
			if err != nil {
				return fourx.Outcome{}, err
			}
			text = string(b)
		}
		dir := "round"
		if name == "final-report.md" || name == "task-brief.md" || name == "acceptance-criteria.md" {
			dir = "feature"
		}
		if err := writeFile(filepath.Join(h.dir(d, dir), name), text); err != nil {
			return fourx.Outcome{}, err
		}
	}
	verdict := ""
	if report, ok := turns[i]["review-report.md"]; ok {
		b, _ := agents.ReadFile("agents/" + report)
		passed, issues := fourx.ParseReportIssues(string(b))
		verdict = fmt.Sprintf(" — review passed=%v issues=%q", passed, issues)
	}
	fmt.Printf("             %s runs %s on %s/%s (round %d)%s\n", d.Role, d.Phase, d.Runner, d.Model, d.Round, verdict)
	out := fourx.AgentExit(0, h.collect(d, "feature", d.Collect), h.collect(d, "round", d.Collect))
	out.Stats = &fourx.RunStats{TokensUsed: 1200, CostUSD: 0.05, DurationMs: 4000}
	if d.Guard != nil {
		out.Guard = &fourx.GuardResult{Pass: true, Errors: []string{}}
	}
	return out, nil
}

func (h *harness) collect(d fourx.Decision, which string, c *fourx.Collect) map[string]string {
	if c == nil {
		return nil
	}
	names := c.Feature
	if which == "round" {
		names = c.Round
	}
	files := map[string]string{}
	for _, name := range names {
		if b, err := os.ReadFile(filepath.Join(h.dir(d, which), name)); err == nil {
			files[name] = string(b)
		}
	}
	return files
}

func (h *harness) finish(d fourx.Decision) error {
	var cost struct {
		Total float64 `json:"total_cost_usd"`
	}
	if err := call("workspace.total_cost", map[string]any{"root": h.root, "feature_id": featureID}, &cost); err != nil {
		return err
	}
	fmt.Printf("== %s: phase %s, round %d, stop reason %q, notify %s\n", d.Kind, h.state.Phase, h.state.Round, h.state.StopReason, d.Notify)
	fmt.Printf("   state.json    %s\n", filepath.Join(h.featureDir, "state.json"))
	fmt.Printf("   events.jsonl  total cost $%.2f\n", cost.Total)
	if d.Kind != fourx.DecisionFinish || h.state.Phase != fourx.PhasePendingReview {
		return fmt.Errorf("the run ended with %s in %s (%s)", d.Kind, h.state.Phase, h.state.StopMessage)
	}
	fmt.Println("reached pending-review")
	return nil
}

func writeFile(path, text string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(text), 0o644)
}
