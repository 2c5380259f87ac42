// Command harness drives one feature end to end with fourx's runner and scripted agents (no LLM,
// no network), as python/examples/demo_harness.py does in Python. The harness is only its agent:
// fourx.Run executes every decision of the conductor — state and events, prepare actions, git
// (baseline, changed files, review package), the hooks, the guards, claim and resume — and calls
// the agent below whenever one has to run. The first code review asks for changes, so the
// feature goes back to amending once. Run it with `go run ./examples/harness [-dir DIR]`.
package main

import (
	"context"
	"embed"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"

	"example.invalid/fourx"
)

//go:embed agents/*
var agents embed.FS

const featureID = "F001-profile-page"

// config is the project's .4x/settings.json: one runner, a stronger model for reviews, a hook.
var config = fourx.Config{
	Project: fourx.ProjectConfig{Name: "demo", Language: "go"},
	Default: "claude",
	Runners: map[string]fourx.RunnerConfig{
		"claude": {Command: "claude", Args: []string{"-p"}, Tiers: map[string]string{"opus": "opus", "sonnet": "sonnet"}},
	},
	Roles: map[string]fourx.RoleConfig{"coder": {Model: "sonnet"}, "reviewer": {Model: "opus"}},
	Hooks: map[string][]fourx.HookEntry{"pre_reviewing": {{Run: "test -f .4x/settings.json"}}},
	Profiles: map[string]fourx.ProfileConfig{"normal": {Phases: []fourx.PhaseSpec{
		{Phase: "designing"}, {Phase: "coding"}, {Phase: "reviewing"}, {Phase: "testing"}, {Phase: "accepting"}}}},
}

var feature = fourx.Feature{ID: featureID, Name: "User profile page", Status: fourx.StatusNotStarted, Profile: "normal"}

// script is what each scripted role writes: file name → the agents/ file it copies ("" = build gate).
var script = map[string][]map[string]string{
	"designer": {{"task-brief.md": "task-brief.md", "acceptance-criteria.md": "acceptance-criteria.md"}},
	"coder":    {{"coder-report.md": "coder-report.md", "build-gate.json": ""}, {"coder-report.md": "coder-report-amend.md", "build-gate.json": ""}},
	"reviewer": {{"review-report.md": "review-changes.md"}, {"review-report.md": "review-approve.md"}},
	"tester":   {{"test-report.md": "test-report.md", "verify.json": "verify.json", "final-report.md": "final-report.md"}},
	"acceptor": {{"final-report.md": "final-report.md"}},
}

// agent is the harness's one part: the scripted agent of call.Role writes its files.
func agent(root string) func(fourx.AgentCall) fourx.AgentResult {
	turns := map[string]int{}
	return func(c fourx.AgentCall) fourx.AgentResult {
		list := script[c.Role]
		files := list[min(turns[c.Role], len(list)-1)]
		turns[c.Role]++
		for name, src := range files {
			text := []byte(`{"passed": true, "commands": []}`)
			if src != "" {
				text, _ = agents.ReadFile("agents/" + src)
			}
			dir := c.RoundDir
			if name == "task-brief.md" || name == "acceptance-criteria.md" || name == "final-report.md" {
				dir = c.FeatureDir
			}
			if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
				return fourx.AgentResult{Error: err.Error()}
			}
		}
		if c.Role == "coder" {
			_ = os.WriteFile(filepath.Join(root, "profile.go"), []byte("package demo\n"), 0o644)
		}
		fmt.Printf("   [round %d] %s: %s (%s) -> exit 0\n", c.Round, c.Phase, c.Role, c.Purpose)
		return fourx.AgentResult{ExitCode: 0, Stats: &fourx.AgentStats{TokensUsed: 1000, CostUSD: 0.05}}
	}
}

func min(a, b int) int {
	if a < b {
		return a
	}
	return b
}

func setup(root string) error {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return err
	}
	if _, err := fourx.Call("workspace.init", map[string]any{"root": root, "config": config}); err != nil {
		return err
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "demo"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=demo", "GIT_AUTHOR_EMAIL=demo@example.invalid",
			"GIT_COMMITTER_NAME=demo", "GIT_COMMITTER_EMAIL=demo@example.invalid")
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("git %v: %v %s", args, err, out)
		}
	}
	_, err := fourx.Call("workspace.save_feature", map[string]any{"root": root, "feature": feature})
	return err
}

func run(base string) error {
	root := filepath.Join(base, "repo")
	if err := setup(root); err != nil {
		return err
	}
	fmt.Printf("== fourx %s (Go): one feature through the runner, profile %q (no LLM)\n", fourx.Version(), feature.Profile)
	r, err := fourx.Run(context.Background(), fourx.RunOptions{Root: root, FeatureID: featureID, Agent: agent(root)})
	if err != nil {
		return err
	}
	fmt.Println("== decisions")
	for _, d := range r.Decisions {
		var v struct{ Kind, Phase, Role string }
		_ = json.Unmarshal(d, &v)
		fmt.Printf("   %-17s %-15s %s\n", v.Kind, v.Phase, v.Role)
	}
	fmt.Printf("reached %s\n", r.Phase)
	return nil
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
