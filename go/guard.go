package fourx

import "encoding/json"

// The guards: 4x's guard.Check and CheckTestingToAccepting as pure ops (guard.* ops,
// docs/spec/guard.md). Nothing here runs git or reads files: the changed-file listing, the file
// texts and the other facts are inputs, and the GuardVerdict is the conductor's guard result:
//
//	v, err := fourx.GuardCheck(fourx.GuardCheckInput{Config: cfg, Feature: f, Phase: st.Phase,
//		ChangedFiles: changed, Profile: st.Profile, Round: st.Round, FeatureFiles: files})
//	outcome := fourx.Outcome{Kind: "agent_exit", Guard: ptr(v.Result()), ...}

// GuardChange is one changed path relative to the scope root (in a multi-repository workspace its
// first segment names the repository). Status is a word (added, modified, deleted, renamed,
// copied, type-changed, unmerged, untracked) or git's --name-status letter (A, M, D, R100, C075,
// T, U, ?); "" means modified. A rename also touches its OldPath. Lines: added + deleted lines of
// a tracked file, the line count of an untracked one.
type GuardChange struct {
	Path    string `json:"path"`
	Status  string `json:"status,omitempty"`
	OldPath string `json:"old_path,omitempty"`
	Lines   int    `json:"lines,omitempty"`
}

// GuardCheckInput is what guard.check reads. RoundFiles nil means the state round's directory
// does not exist (a non-nil empty map: it exists and is empty); FeatureFiles and RoundFiles map
// file names to texts. Dependencies maps each feature this one depends on to its status.
// BuildGate and DocsGate are the verify evidence (verify.json shape) of those gate runs; State
// gives selfModTouched / selfModPaths for the tester's gate in accepting and later.
type GuardCheckInput struct {
	Config            Config            `json:"config"`
	Feature           Feature           `json:"feature"`
	Phase             Phase             `json:"phase"`
	ChangedFiles      []GuardChange     `json:"changed_files"`
	Profile           string            `json:"profile,omitempty"`
	Round             int               `json:"round,omitempty"`
	FeatureFiles      map[string]string `json:"feature_files,omitempty"`
	RoundFiles        map[string]string `json:"round_files"`
	TestStrategy      json.RawMessage   `json:"test_strategy,omitempty"`
	TestStrategyError string            `json:"test_strategy_error,omitempty"`
	TestingHasRun     bool              `json:"testing_has_run,omitempty"`
	Dependencies      map[string]string `json:"dependencies,omitempty"`
	Symlinks          []string          `json:"symlinks,omitempty"`
	BuildGate         json.RawMessage   `json:"build_gate,omitempty"`
	DocsGate          json.RawMessage   `json:"docs_gate,omitempty"`
	ScreenshotExists  bool              `json:"screenshot_exists,omitempty"`
	State             *State            `json:"state,omitempty"`
}

// GuardTestingInput is what guard.testing_to_accepting reads: the round, its files
// (test-report.md, verify.json), the feature files (final-report.md), the settings (the
// self-modification policy), the test strategy and the state's self-modification record.
type GuardTestingInput struct {
	Round             int               `json:"round"`
	RoundFiles        map[string]string `json:"round_files,omitempty"`
	FeatureFiles      map[string]string `json:"feature_files,omitempty"`
	Config            *Config           `json:"config,omitempty"`
	TestStrategy      json.RawMessage   `json:"test_strategy,omitempty"`
	TestStrategyError string            `json:"test_strategy_error,omitempty"`
	ScreenshotExists  bool              `json:"screenshot_exists,omitempty"`
	State             *State            `json:"state,omitempty"`
}

// GuardVerdict is a guard's verdict: Pass, the Errors (4x's texts, in rule order), Warnings,
// whether a same-role retry can fix every error, and the self-modification finding.
type GuardVerdict struct {
	Pass             bool     `json:"pass"`
	Errors           []string `json:"errors"`
	Warnings         []string `json:"warnings"`
	AllRetryable     bool     `json:"all_retryable"`
	RetryableErrors  int      `json:"retryable_errors"`
	SelfModTouched   bool     `json:"self_mod_touched"`
	SelfModPaths     []string `json:"self_mod_paths"`
	SelfModDiffLines int      `json:"self_mod_diff_lines"`
}

// Result is the verdict as the guard of a conductor agent_exit outcome.
func (v GuardVerdict) Result() GuardResult {
	return GuardResult{
		Pass:           v.Pass,
		Errors:         v.Errors,
		AllRetryable:   v.AllRetryable,
		SelfModTouched: v.SelfModTouched,
		SelfModPaths:   v.SelfModPaths,
	}
}

// GuardCheck runs 4x's guard.Check (guard.check): required files, baseline, the repo scope of the
// diff, self-modification and its budget, dependencies, symlinks, the build and docs gates, the
// test strategy's verify types. A nil ChangedFiles is sent as an empty listing.
func GuardCheck(in GuardCheckInput) (GuardVerdict, error) {
	if in.ChangedFiles == nil {
		in.ChangedFiles = []GuardChange{}
	}
	var out GuardVerdict
	err := callInto("guard.check", in, &out)
	return out, err
}

// GuardTestingToAccepting runs 4x's CheckTestingToAccepting (guard.testing_to_accepting): the
// tester's reports, verify.json, per-criterion evidence, screenshots, manual checks and the
// self-modification test gate.
func GuardTestingToAccepting(in GuardTestingInput) (GuardVerdict, error) {
	var out GuardVerdict
	err := callInto("guard.testing_to_accepting", in, &out)
	return out, err
}
