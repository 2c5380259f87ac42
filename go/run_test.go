package fourx_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"example.invalid/fourx"
)

const runFeature = "F001-demo"

// runRepo makes a git repository with one commit, .4x/ and feature F001-demo of profile.
func runRepo(t *testing.T, profile string) string {
	t.Helper()
	dir := t.TempDir()
	git := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@e",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@e")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v %s", args, err, out)
		}
	}
	if err := os.MkdirAll(filepath.Join(dir, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "src"), "app.py", "print(1)\n")
	git("init", "-q", "-b", "main")
	cfg := map[string]any{"project": map[string]any{"name": "demo"}, "default_runner": "claude",
		"runners": map[string]any{"claude": map[string]any{"command": "claude",
			"tiers": map[string]any{"sonnet": "sonnet"}}}}
	if _, err := fourx.Call("workspace.init", map[string]any{"root": dir, "config": cfg}); err != nil {
		t.Fatal(err)
	}
	git("add", "-A")
	git("commit", "-q", "-m", "init")
	feature := map[string]any{"id": runFeature, "name": "Demo", "status": "not-started", "profile": profile}
	if _, err := fourx.Call("workspace.save_feature", map[string]any{"root": dir, "feature": feature}); err != nil {
		t.Fatal(err)
	}
	return dir
}

func writeFile(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const runPass = "# Report\n\n## Verdict\nPASS\n"

// scriptedAgent writes what each role writes.
func scriptedAgent(t *testing.T, repo string) func(fourx.AgentCall) fourx.AgentResult {
	return func(c fourx.AgentCall) fourx.AgentResult {
		f, r := c.FeatureDir, c.RoundDir
		switch c.Role {
		case "designer":
			writeFile(t, f, "task-brief.md", "# Brief\n")
			writeFile(t, f, "acceptance-criteria.md", "# AC\n- AC-1\n")
		case "design-reviewer":
			writeFile(t, f, "design-review-report.md", runPass)
		case "coder", "mini-coder":
			writeFile(t, filepath.Join(repo, "src"), "profile.py", "def render():\n    return 1\n")
			writeFile(t, r, "coder-report.md", "# Coder\n\n## Verification\n- ok\n")
			writeFile(t, r, "build-gate.json", `{"passed": true}`)
		case "reviewer", "re-verifier":
			writeFile(t, r, "review-report.md", runPass)
		case "tester":
			writeFile(t, r, "test-report.md", runPass)
			writeFile(t, f, "final-report.md", "# Final\n\n## Status\nready-for-review\n")
			writeFile(t, r, "verify.json", `{"passed": true, "commands": [{"cmd": "t", "exit_code": 0}], "ac_results": [{"id": "AC-1", "passed": true, "evidence": ["$ go test: ok 0.1s"]}]}`)
		case "deep-reviewer", "synthesizer":
			if c.Partial != "" {
				writeFile(t, r, c.Partial, "# Partial\n\n## Statistics\n- findings: 0\n")
			} else {
				writeFile(t, r, "deep-review-report.md", runPass)
			}
		case "fixer":
			writeFile(t, r, "fixer-report.md", "# Fixer\n\n## Verification\n- ok\n")
		case "acceptor":
			writeFile(t, f, "final-report.md", "# Final\n\n## Status\nready-for-review\n")
		case "round-summarizer":
			writeFile(t, f, "rounds-summary.md", "# Rounds\n")
		default:
			t.Errorf("no scripted agent for %s", c.Role)
			return fourx.AgentResult{ExitCode: 2}
		}
		return fourx.AgentResult{ExitCode: 0, Stats: &fourx.AgentStats{TokensUsed: 10, CostUSD: 0.01}}
	}
}

func TestRunDrivesEveryProfileToPendingReview(t *testing.T) {
	for _, profile := range []string{"full", "normal", "quick", "lite"} {
		repo := runRepo(t, profile)
		r, err := fourx.Run(context.Background(), fourx.RunOptions{
			Root: repo, FeatureID: runFeature, Agent: scriptedAgent(t, repo)})
		if err != nil {
			t.Fatalf("%s: %v", profile, err)
		}
		if r.Phase != "pending-review" || r.LastKind() != "finish" {
			t.Fatalf("%s: phase %s (%s: %s)", profile, r.Phase, r.StopReason, r.StopMessage)
		}
		var st struct {
			Active bool `json:"active"`
		}
		if err := json.Unmarshal(r.State, &st); err != nil || st.Active {
			t.Fatalf("%s: the final state is still active (%v)", profile, err)
		}
	}
}

func TestRunStopsAsInterruptedWhenTheContextIsCancelled(t *testing.T) {
	repo := runRepo(t, "quick")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := fourx.Run(ctx, fourx.RunOptions{Root: repo, FeatureID: runFeature, Agent: scriptedAgent(t, repo)})
	if err != nil {
		t.Fatal(err)
	}
	if r.StopReason != "interrupted" || r.LastKind() != "stop" {
		t.Fatalf("stop reason %q, last %q", r.StopReason, r.LastKind())
	}
}

func TestRunRefusesAMissingAgentAndAnUnknownFeature(t *testing.T) {
	if _, err := fourx.Run(context.Background(), fourx.RunOptions{Root: "/tmp", FeatureID: "F1"}); err == nil {
		t.Fatal("a nil agent must be refused")
	}
	repo := runRepo(t, "quick")
	_, err := fourx.Run(context.Background(), fourx.RunOptions{Root: repo, FeatureID: "F999",
		Agent: scriptedAgent(t, repo)})
	if !errors.Is(err, fourx.ErrNotFound) {
		t.Fatalf("want not_found, got %v", err)
	}
}
