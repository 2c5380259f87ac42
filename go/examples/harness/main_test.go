package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"example.invalid/fourx"
)

// The example harness drives its feature through the conductor to pending-review, and what it
// wrote on disk is what a 4x workspace holds.
func TestHarness_ReachesPendingReview(t *testing.T) {
	base := t.TempDir()
	if err := run(base); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(base, "repo")
	var st struct {
		State fourx.State `json:"state"`
	}
	raw, err := fourx.Call("workspace.read_state", map[string]string{"root": root, "feature_id": featureID})
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	if st.State.Phase != fourx.PhasePendingReview || st.State.Active || st.State.StopReason != "pending-review" {
		t.Errorf("state.json: phase %s active %v stopReason %q, want pending-review, inactive", st.State.Phase, st.State.Active, st.State.StopReason)
	}
	if st.State.Round != 2 {
		t.Errorf("Round = %d, want 2 (the first review asked for changes)", st.State.Round)
	}
	events, err := os.ReadFile(filepath.Join(root, ".4x", "run", featureID, "events.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"type":"run-start"`, `"phase":"amending"`, `"status":"pending-review"`} {
		if !strings.Contains(string(events), want) {
			t.Errorf("events.jsonl lacks %s", want)
		}
	}
	raw, err = fourx.Call("workspace.load_feature", map[string]string{"root": root, "feature_id": featureID})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), `"status":"ready-for-review"`) {
		t.Errorf("the feature file's status did not follow the phase: %s", raw)
	}
}
