package fourx

// 4x's exported names of internal/protocol and internal/state that the rest of the package does
// not already carry, each over the op its doc names: the file-name constants and record types of
// the .4x layout, the resolution helpers (models, limits, repos, runners, hooks, pipeline), the
// feature-id, design-doc, discovery and miner functions, the screenshot helpers and the
// workspace file functions (Find, Init, ReadConfig, ...). No rule is decided here: every answer
// is the core's; this file only shapes arguments and results the way 4x's Go does. The coverage
// table (what is covered, added, and skipped with the reason) is go/PARITY.md.

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// The .4x layout's file and directory names (protocol's constants), pinned to the core's
// workspace.constants by TestWorkspaceConstants_AreTheCoresTable.
const (
	DirName                = ".4x"
	UserConfigDir          = ".4x"
	UserConfigFile         = "settings.json"
	BacklogFile            = "feature_list.json"
	ConfigFile             = "settings.json"
	FeaturesDir            = "features"
	StateFile              = "state.json"
	EventsFile             = "events.jsonl"
	BaselineFile           = "baseline.json"
	RoundsDir              = "rounds"
	DesignRoundsDir        = "design-rounds"
	FinalReport            = "final-report.md"
	TaskBrief              = "task-brief.md"
	Criteria               = "acceptance-criteria.md"
	TestStratFile          = "test-strategy.yaml"
	DesignReviewReport     = "design-review-report.md"
	ReviewReport           = "review-report.md"
	DeepReviewReport       = "deep-review-report.md"
	CoderReport            = "coder-report.md"
	FixerReport            = "fixer-report.md"
	TestReport             = "test-report.md"
	VerifyFile             = "verify.json"
	BuildGateFile          = "build-gate.json"
	DocsGateFile           = "docs-gate.json"
	GuardFeedback          = "guard-feedback.json"
	EscalationFile         = "escalation.json"
	StopFile               = "stop"
	RunDir                 = "run"
	CandidatesFile         = "candidates.json"
	GateInputFile          = "gate-input.json"
	GateVerdictsFile       = "gate-verdicts.json"
	AcceptedCandidatesFile = "accepted-candidates.json"
	EvolveReportFile       = "evolve-report.md"
	EvolveStateFile        = "evolve-state.json"
	LearningsFile          = "learnings.json"
	LearningsContextFile   = "learnings-context.md"
	RetroLearningsFile     = "retro-learnings.json"
	RoleLearningsFileName  = "role-learnings.json"
	RoleLearningsGlob      = "*-learnings.json"
	ConsolidateInputFile   = "consolidate-input.json"
	ConsolidateResultFile  = "consolidate-result.json"
	RoundsSummaryFile      = "rounds-summary.md"
	DeepReviewAnglesFile   = "deep-review-angles.json"
	ReviewPackage          = "review-package.md"
	AcceptanceSummaryFile  = "acceptance-summary.md"
)

// workspaceConstants is the table above by its 4x name, for the test that pins it to the core.
var workspaceConstants = map[string]string{
	"DirName": DirName, "UserConfigDir": UserConfigDir, "UserConfigFile": UserConfigFile,
	"BacklogFile": BacklogFile, "ConfigFile": ConfigFile, "FeaturesDir": FeaturesDir,
	"StateFile": StateFile, "EventsFile": EventsFile, "BaselineFile": BaselineFile,
	"RoundsDir": RoundsDir, "DesignRoundsDir": DesignRoundsDir, "FinalReport": FinalReport,
	"TaskBrief": TaskBrief, "Criteria": Criteria, "TestStratFile": TestStratFile,
	"DesignReviewReport": DesignReviewReport, "ReviewReport": ReviewReport,
	"DeepReviewReport": DeepReviewReport, "CoderReport": CoderReport, "FixerReport": FixerReport,
	"TestReport": TestReport, "VerifyFile": VerifyFile, "BuildGateFile": BuildGateFile,
	"DocsGateFile": DocsGateFile, "GuardFeedback": GuardFeedback, "EscalationFile": EscalationFile,
	"StopFile": StopFile, "RunDir": RunDir, "CandidatesFile": CandidatesFile,
	"GateInputFile": GateInputFile, "GateVerdictsFile": GateVerdictsFile,
	"AcceptedCandidatesFile": AcceptedCandidatesFile, "EvolveReportFile": EvolveReportFile,
	"EvolveStateFile": EvolveStateFile, "LearningsFile": LearningsFile,
	"LearningsContextFile": LearningsContextFile, "RetroLearningsFile": RetroLearningsFile,
	"RoleLearningsFileName": RoleLearningsFileName, "RoleLearningsGlob": RoleLearningsGlob,
	"ConsolidateInputFile": ConsolidateInputFile, "ConsolidateResultFile": ConsolidateResultFile,
	"RoundsSummaryFile": RoundsSummaryFile, "DeepReviewAnglesFile": DeepReviewAnglesFile,
	"ReviewPackage": ReviewPackage, "AcceptanceSummaryFile": AcceptanceSummaryFile,
}

// DefaultDeepTier is the tier a deep review falls back to when the role sets no deep_model
// (protocol.DefaultDeepTier; model.constants default_deep_tier, pinned by a test).
const DefaultDeepTier = "opus"

// DefaultScreenshotDir is the tester's screenshot directory template when the config names none
// (feature.DefaultScreenshotDir; feature.constants, pinned by a test).
const DefaultScreenshotDir = ".4x/run/{feature-id}/screenshot/"

// Severity is a review issue's severity (protocol.Severity).
type Severity string

// The severities.
const (
	SeverityCritical Severity = "critical"
	SeverityWarning  Severity = "warning"
	SeverityLow      Severity = "low"
)

// ReviewIssue is one issue a reviewer found (protocol.ReviewIssue).
type ReviewIssue struct {
	Severity Severity `json:"severity"`
	Rule     string   `json:"rule"`
	File     string   `json:"file"`
	Detail   string   `json:"detail"`
}

// ReviewResult is a review verdict with its issue counts (protocol.ReviewResult).
type ReviewResult struct {
	Passed        bool `json:"passed"`
	CriticalCount int  `json:"criticalCount"`
	WarningCount  int  `json:"warningCount"`
}

// Escalation is rounds/round-N/escalation.json: a coder or tester calling the designer back
// (protocol.Escalation).
type Escalation struct {
	Needed bool   `json:"needed"`
	Reason string `json:"reason"`
	Detail string `json:"detail"`
}

// AngleSelection is deep-review-angles.json: the angles selected and why (protocol.AngleSelection).
type AngleSelection struct {
	SelectedAngles []int        `json:"selected_angles"`
	TotalAngles    int          `json:"total_angles"`
	ForceAll       bool         `json:"force_all"`
	Matches        []AngleMatch `json:"matches"`
}

// Baseline is baseline.json (protocol.Baseline).
type Baseline struct {
	CreatedAt time.Time      `json:"createdAt"`
	Repos     []BaselineRepo `json:"repos"`
}

// BaselineRepo is one repository's snapshot in the baseline (protocol.BaselineRepo).
type BaselineRepo struct {
	Name       string   `json:"name"`
	Path       string   `json:"path"`
	Branch     string   `json:"branch"`
	Head       string   `json:"head"`
	DirtyFiles []string `json:"dirtyFiles"`
}

// Screenshot is one screenshot of a verify run (feature.Screenshot).
type Screenshot struct {
	Path        string `json:"path"`
	Step        string `json:"step"`
	Description string `json:"description"`
}

// ScreenshotGroup is the screenshots of one round (feature.ScreenshotGroup).
type ScreenshotGroup struct {
	Round       int          `json:"round"`
	Screenshots []Screenshot `json:"screenshots"`
}

// ACEvidence is one acceptance criterion's result in verify.json (protocol.ACEvidence).
type ACEvidence struct {
	ID         string   `json:"id"`
	Passed     bool     `json:"passed"`
	Evidence   []string `json:"evidence"`
	VerifyType string   `json:"verify_type,omitempty"`
}

// ManualCheckResult is the tester's result of one manual check (protocol.ManualCheckResult).
type ManualCheckResult struct {
	ID       string   `json:"id"`
	Passed   bool     `json:"passed"`
	Evidence []string `json:"evidence"`
}

// VerifyCommand is one verify command's result (protocol.VerifyCommand).
type VerifyCommand struct {
	Command          string    `json:"command"`
	ExitCode         int       `json:"exitCode"`
	ExpectedExitCode *int      `json:"expectedExitCode,omitempty"`
	DurationMs       int64     `json:"durationMs"`
	Summary          string    `json:"summary"`
	StartedAt        time.Time `json:"startedAt"`
	FinishedAt       time.Time `json:"finishedAt"`
	Group            string    `json:"group,omitempty"`
	Skipped          bool      `json:"skipped,omitempty"`
}

// VerifyEvidence is rounds/round-N/verify.json (protocol.VerifyEvidence).
type VerifyEvidence struct {
	Passed             bool                `json:"passed"`
	Round              int                 `json:"round"`
	Role               Role                `json:"role"`
	Commands           []VerifyCommand     `json:"commands"`
	Screenshots        []Screenshot        `json:"screenshots,omitempty"`
	ACResults          []ACEvidence        `json:"ac_results,omitempty"`
	ManualCheckResults []ManualCheckResult `json:"manual_check_results,omitempty"`
}

// ManualCheck is a verification step the designer asks the tester to perform
// (protocol.ManualCheck).
type ManualCheck struct {
	ID          string   `json:"id" yaml:"id"`
	ACRef       string   `json:"ac_ref,omitempty" yaml:"ac_ref,omitempty"`
	Description string   `json:"description" yaml:"description"`
	Steps       []string `json:"steps" yaml:"steps"`
}

// TestStrategy is a feature's test-strategy.yaml (protocol.TestStrategy).
type TestStrategy struct {
	Web          bool                `json:"web" yaml:"web"`
	API          bool                `json:"api" yaml:"api"`
	Gate         bool                `json:"gate" yaml:"gate"`
	CoderOnly    bool                `json:"coder_only" yaml:"coder_only"`
	Verify       []string            `json:"verify_commands" yaml:"verify_commands"`
	HealthCheck  *HealthCheck        `json:"health_check,omitempty" yaml:"health_check,omitempty"`
	VerifyGroups map[string][]string `json:"verify_groups,omitempty" yaml:"verify_groups,omitempty"`
	Profiles     []string            `json:"profiles,omitempty" yaml:"profiles,omitempty"`
	ManualChecks []ManualCheck       `json:"manual_checks,omitempty" yaml:"manual_checks,omitempty"`
	ACVerifyMap  map[string]string   `json:"ac_verify_map,omitempty" yaml:"ac_verify_map,omitempty"`
	E2ERepos     []string            `json:"e2e_repos,omitempty" yaml:"e2e_repos,omitempty"`
}

// BacklogFeature is one entry of the legacy feature_list.json mirror (feature.BacklogFeature).
type BacklogFeature struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Status      string `json:"status"`
	Area        string `json:"area,omitempty"`
	Description string `json:"description,omitempty"`
	Priority    *int   `json:"priority,omitempty"`
}

// BacklogMirror is the feature_list.json mirror at the workspace root (feature.BacklogMirror).
type BacklogMirror struct {
	Version  int              `json:"version"`
	Features []BacklogFeature `json:"features"`
}

// BacklogDriftKind is what kind of difference a BacklogDrift shows.
type BacklogDriftKind string

// The drift kinds (feature.BacklogDrift*).
const (
	BacklogDriftMissing  BacklogDriftKind = "missing"
	BacklogDriftExtra    BacklogDriftKind = "extra"
	BacklogDriftMismatch BacklogDriftKind = "mismatch"
)

// BacklogDrift is one difference between the feature files and the mirror (feature.BacklogDrift).
type BacklogDrift struct {
	Kind      BacklogDriftKind `json:"kind"`
	FeatureID string           `json:"featureId"`
	Field     string           `json:"field,omitempty"`
	Canonical string           `json:"canonical,omitempty"`
	Mirror    string           `json:"mirror,omitempty"`
	Message   string           `json:"message"`
}

// The ways a batch run ends (protocol.BatchOutcome*), for BatchReport.Outcome.
const (
	BatchOutcomeCompleted   = "completed"
	BatchOutcomeStopped     = "stopped"
	BatchOutcomeInterrupted = "interrupted"
	BatchOutcomeCrashed     = "crashed"
)

// BatchConflict is .4x/batch-conflict.json (protocol.BatchConflict). fourx has no batch runner:
// the type is here for programs that read or write the file themselves.
type BatchConflict struct {
	FeatureID    string    `json:"featureId"`
	FeatureName  string    `json:"featureName"`
	ConflictRepo string    `json:"conflictRepo"`
	Files        []string  `json:"files"`
	DetectedAt   time.Time `json:"detectedAt"`
}

// BatchReport is .4x/batch-report.json (protocol.BatchReport); see BatchConflict.
type BatchReport struct {
	StartedAt      time.Time            `json:"startedAt"`
	FinishedAt     time.Time            `json:"finishedAt"`
	DurationMs     int64                `json:"durationMs"`
	Outcome        string               `json:"outcome"`
	Total          int                  `json:"total"`
	Completed      int                  `json:"completed"`
	Failed         int                  `json:"failed"`
	Remaining      int                  `json:"remaining"`
	Runner         string               `json:"runner"`
	Features       []BatchFeatureReport `json:"features"`
	PanicMessage   string               `json:"panicMessage,omitempty"`
	RunningFeature string               `json:"runningFeature,omitempty"`
}

// BatchFeatureReport is one feature's final state in a BatchReport (protocol.BatchFeatureReport).
type BatchFeatureReport struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	FinalStatus Status `json:"finalStatus"`
	DurationMs  int64  `json:"durationMs"`
	Rounds      int    `json:"rounds"`
	StopReason  string `json:"stopReason,omitempty"`
}

// WorkspaceReader is the read side of a workspace (protocol.WorkspaceReader); *Workspace has it.
type WorkspaceReader interface {
	ListFeatures() ([]Feature, error)
	LoadFeature(id string) (Feature, error)
	ReadState(featureID string) (State, error)
	ReadConfig() (Config, error)
}

var _ WorkspaceReader = (*Workspace)(nil)

// ErrSkipStateWrite, returned by UpdateState's mutate, means "keep the state as it is": no write,
// and UpdateState returns the current state with a nil error (protocol.ErrSkipStateWrite).
var ErrSkipStateWrite = errors.New("skip state write")

// ErrStateLockTimeout is UpdateState's error when the feature's claim stays with another holder
// past the wait (protocol.ErrStateLockTimeout).
var ErrStateLockTimeout = errors.New("acquire state lock: timed out")

// SelectablePhases is the phases a profile may list, in canonical pipeline order
// (protocol.SelectablePhases; enums.list selectable_phases).
func SelectablePhases() []Phase {
	vs := enumValues("selectable_phases")
	out := make([]Phase, len(vs))
	for i, v := range vs {
		out[i] = Phase(v)
	}
	return out
}

// AllNotifyLevels is every value of Event.Notify (protocol.AllNotifyLevels; enums.list
// notify_levels).
func AllNotifyLevels() []string {
	return enumValues("notify_levels")
}

// BoolPtr is a pointer to b, for the *bool fields of the config types (protocol.BoolPtr).
func BoolPtr(b bool) *bool {
	return &b
}

// BoolVal is *p, with nil read as false (protocol.BoolVal).
func BoolVal(p *bool) bool {
	return p != nil && *p
}

// NotificationsEnabled reports whether the merged config turns OS notifications on; unset means
// on (protocol.NotificationsEnabled; config.notifications_enabled). A config the library refuses
// (past its input limit) reads as unset.
func NotificationsEnabled(cfg Config) bool {
	var out struct {
		Enabled bool `json:"enabled"`
	}
	if err := callInto("config.notifications_enabled", map[string]any{"config": cfg}, &out); err != nil {
		return true
	}
	return out.Enabled
}

// ResolveRepoPaths is each workspace repo's absolute path under root, {".": root} in a monorepo
// (protocol.ResolveRepoPaths; repos.resolve_paths).
func ResolveRepoPaths(cfg Config, root string) map[string]string {
	var out struct {
		Paths map[string]string `json:"paths"`
	}
	if err := callInto("repos.resolve_paths", map[string]any{"config": cfg, "root": root}, &out); err != nil {
		return map[string]string{}
	}
	return out.Paths
}

// ResolveFeatureRepoPaths is the paths of the repos f names, every repo when it names none
// (protocol.ResolveFeatureRepoPaths; repos.resolve_feature_paths).
func ResolveFeatureRepoPaths(f Feature, cfg Config, root string) map[string]string {
	var out struct {
		Paths map[string]string `json:"paths"`
	}
	if err := callInto("repos.resolve_feature_paths", map[string]any{"feature": f, "config": cfg, "root": root}, &out); err != nil {
		return map[string]string{}
	}
	return out.Paths
}

// EffectiveHubRepos is hub_repos in order then the workspace repos marked hub, without
// duplicates; nil when there is none (protocol.EffectiveHubRepos; repos.effective_hub).
func EffectiveHubRepos(cfg Config) []string {
	var out struct {
		Hubs []string `json:"hub_repos"`
	}
	if err := callInto("repos.effective_hub", map[string]any{"config": cfg}, &out); err != nil {
		return nil
	}
	return nilIfEmpty(out.Hubs)
}

// RunnerPreset is one built-in runner and its default config (protocol.RunnerPreset).
type RunnerPreset struct {
	Name   string       `json:"name"`
	Config RunnerConfig `json:"config"`
}

// SupportedRunners is the built-in runner presets in their fixed order
// (protocol.SupportedRunners; runners.supported).
func SupportedRunners() []RunnerPreset {
	var out struct {
		Runners []RunnerPreset `json:"runners"`
	}
	_ = callInto("runners.supported", map[string]any{}, &out)
	return out.Runners
}

// SupportedRunnerMap is the built-in runner presets by name (protocol.SupportedRunnerMap;
// runners.supported_map).
func SupportedRunnerMap() map[string]RunnerConfig {
	var out struct {
		Runners map[string]RunnerConfig `json:"runners"`
	}
	_ = callInto("runners.supported_map", map[string]any{}, &out)
	if out.Runners == nil {
		return map[string]RunnerConfig{}
	}
	return out.Runners
}

// limits is limits.resolve for role.
func limits(cfg Config, role Role) (out struct {
	MaxFixRounds          int `json:"max_fix_rounds"`
	ParallelReviewers     int `json:"parallel_reviewers"`
	AnglesPerReviewer     int `json:"angles_per_reviewer"`
	MaxDiscoveredFeatures int `json:"max_discovered_features"`
}) {
	// A config the library refuses (past its input limit) reads as the defaults the op gives
	// for an empty config.
	if err := callInto("limits.resolve", map[string]any{"config": cfg, "role": role}, &out); err != nil {
		_ = callInto("limits.resolve", map[string]any{"config": Config{}, "role": role}, &out)
	}
	return out
}

// ResolveMaxFixRounds is the role's max_fix_rounds when positive, else the default 2
// (protocol.ResolveMaxFixRounds; limits.resolve).
func ResolveMaxFixRounds(cfg Config, role Role) int {
	return limits(cfg, role).MaxFixRounds
}

// ResolveParallelReviewers is the role's parallel_reviewers when positive, else 1 (the
// single-agent fallback) (protocol.ResolveParallelReviewers; limits.resolve).
func ResolveParallelReviewers(cfg Config, role Role) int {
	return limits(cfg, role).ParallelReviewers
}

// ResolveAnglesPerReviewer is the role's angles_per_reviewer when positive, else 0 (an even
// split) (protocol.ResolveAnglesPerReviewer; limits.resolve).
func ResolveAnglesPerReviewer(cfg Config, role Role) int {
	return limits(cfg, role).AnglesPerReviewer
}

// ResolveMaxDiscoveredFeatures is max_discovered_features when positive, else the default 3
// (protocol.ResolveMaxDiscoveredFeatures; limits.resolve).
func ResolveMaxDiscoveredFeatures(cfg Config) int {
	return limits(cfg, RoleDeepReviewer).MaxDiscoveredFeatures
}

// GroupReviewAngles cuts angles 1..totalAngles into consecutive groups for parallel reviewers:
// nil for one reviewer or no angles (protocol.GroupReviewAngles; angles.group). Like 4x's it
// cannot fail: an input the library refuses reads as that fallback, nil.
func GroupReviewAngles(parallelReviewers, anglesPerReviewer, totalAngles int) [][]int {
	var out struct {
		Groups [][]int `json:"groups"`
	}
	in := map[string]int{"parallel_reviewers": parallelReviewers, "angles_per_reviewer": anglesPerReviewer, "total_angles": totalAngles}
	if err := callInto("angles.group", in, &out); err != nil {
		return nil
	}
	return nilIfEmpty(out.Groups)
}

// ResolveModel is the model of role on runnerName: the role's tier, the runner's model, then the
// default tier, through the runner's tiers and model_tiers; ErrUnresolvableTier when the tier has
// no model there (protocol.ResolveModel; model.resolve).
func ResolveModel(cfg Config, runnerName string, role Role) (string, error) {
	return modelOp("model.resolve", map[string]any{"config": cfg, "runner": runnerName, "role": role})
}

// ResolveTierModel is the model of tier on runnerName (the runner's tiers, then model_tiers);
// ErrUnresolvableTier when neither has it (protocol.ResolveTierModel; model.resolve_tier).
func ResolveTierModel(cfg Config, runnerName, tier string) (string, error) {
	return modelOp("model.resolve_tier", map[string]any{"config": cfg, "runner": runnerName, "tier": tier})
}

// ResolveDeepModel is the model of role's deep_model tier on runnerName, "" with a nil error when
// the role sets none (protocol.ResolveDeepModel; model.resolve_deep).
func ResolveDeepModel(cfg Config, runnerName string, role Role) (string, error) {
	return modelOp("model.resolve_deep", map[string]any{"config": cfg, "runner": runnerName, "role": role})
}

func modelOp(op string, in map[string]any) (string, error) {
	var out struct {
		Model string `json:"model"`
	}
	err := callInto(op, in, &out)
	return out.Model, err
}

// EffectiveManual is a phase's manual runner and model once the per-run overrides are laid over
// --runner (protocol.EffectiveManual; pipeline.effective_manual). Like 4x's it cannot fail: an
// input the library refuses reads as no override (manualRunner, "").
func EffectiveManual(runOverrides map[Phase]PhaseSpec, phase Phase, manualRunner string) (runnerManual, modelManual string) {
	var out struct {
		Runner string `json:"runner_manual"`
		Model  string `json:"model_manual"`
	}
	in := map[string]any{"phase": phase, "manual_runner": manualRunner}
	if runOverrides != nil {
		in["run_overrides"] = runOverrides
	}
	if err := callInto("pipeline.effective_manual", in, &out); err != nil {
		return manualRunner, ""
	}
	return out.Runner, out.Model
}

// MergeHooks is the global hooks with every hook point the feature sets replacing the global
// list; nil when both are nil (protocol.MergeHooks; hooks.merge). An input the library refuses
// reads as the feature's hooks over nothing.
func MergeHooks(global, featureHooks map[string][]HookEntry) map[string][]HookEntry {
	in := map[string]any{}
	if global != nil {
		in["global"] = global
	}
	if featureHooks != nil {
		in["feature"] = featureHooks
	}
	var out struct {
		Hooks map[string][]HookEntry `json:"hooks"`
	}
	if err := callInto("hooks.merge", in, &out); err != nil {
		return featureHooks
	}
	return out.Hooks
}

// nextID is feature.next_id over ids.
func nextID(ids []string, name, slug string) (number int, id string, err error) {
	var out struct {
		Number int    `json:"number"`
		ID     string `json:"id"`
	}
	if ids == nil {
		ids = []string{}
	}
	err = callInto("feature.next_id", map[string]any{"ids": ids, "name": name, "slug": slug}, &out)
	return out.Number, out.ID, err
}

// NextFeatureNumber is the next free feature number over the workspace's features (the highest
// F<NNN>- number plus one; 1 when there is none or they cannot be listed, as in 4x)
// (protocol.NextFeatureNumber; feature.next_id).
func NextFeatureNumber(ws *Workspace) (int, error) {
	features, err := ws.ListFeatures()
	if err != nil {
		return 1, nil
	}
	ids := make([]string, 0, len(features))
	for _, f := range features {
		ids = append(ids, f.ID)
	}
	n, _, err := nextID(ids, "", "")
	if err != nil {
		return 1, nil
	}
	return n, nil
}

// precedingIDs is the id list after which feature.next_id numbers the next feature num (num
// must be at least 1; the op's rule is "highest number plus one").
func precedingIDs(num int) []string {
	if num <= 1 {
		return nil
	}
	return []string{fmt.Sprintf("F%03d-x", num-1)}
}

// GenerateFeatureID is the id F<num>-<slug of name> (lower-case, runs of other characters
// one "-", cut at a word boundary past the slug limit) (protocol.GenerateFeatureID;
// feature.next_id, which numbers after the ids it is given: num below 1 reads as 1). A name the
// library refuses (past its input limit) gives "".
func GenerateFeatureID(num int, name string) string {
	_, id, err := nextID(precedingIDs(num), name, "")
	if err != nil {
		return ""
	}
	return id
}

// GenerateFeatureIDFromSlug is the id F<num>-<slug> from a chosen slug, without the length cut
// and dropping an F<NNN>- prefix the slug already has (protocol.GenerateFeatureIDFromSlug;
// feature.next_id with slug; num below 1 reads as 1). A slug the library refuses gives "".
func GenerateFeatureIDFromSlug(num int, slug string) string {
	_, id, err := nextID(precedingIDs(num), "", slug)
	if err != nil {
		return ""
	}
	return id
}

// DesignDoc is a feature's spec or plan document; both fields are "" when there is none
// (protocol.DesignDoc).
type DesignDoc struct {
	Content string
	Source  string
}

// ResolveDesignDoc reads f's docType ("spec" or "plan") document: the feature YAML's path (kept
// inside root), then <dir>/<id>-<docType>.md and <dir>/<slug>-<docType>.md for each of
// extraDirs and docs/design (protocol.ResolveDesignDoc; design_doc.resolve). None found, or a
// read the library refuses, is the zero DesignDoc, as in 4x.
func ResolveDesignDoc(root string, f Feature, docType string, extraDirs ...string) DesignDoc {
	if extraDirs == nil {
		extraDirs = []string{}
	}
	var out struct {
		Content string `json:"content"`
		Source  string `json:"source"`
		Found   bool   `json:"found"`
	}
	in := map[string]any{"root": root, "feature": f, "doc_type": docType, "extra_dirs": extraDirs}
	if err := callInto("design_doc.resolve", in, &out); err != nil || !out.Found {
		return DesignDoc{}
	}
	return DesignDoc{Content: out.Content, Source: out.Source}
}

// DiscoveredFeature is one [NEW-FEATURE] block of a deep-review report
// (protocol.DiscoveredFeature).
type DiscoveredFeature struct {
	Title       string `json:"title"`
	Description string `json:"description"`
}

// ParseDiscoveredFeatures is the [NEW-FEATURE] blocks of report in order; nil when there is none
// (protocol.ParseDiscoveredFeatures; discover.parse).
func ParseDiscoveredFeatures(report string) []DiscoveredFeature {
	var out struct {
		Features []DiscoveredFeature `json:"features"`
	}
	if err := callInto("discover.parse", map[string]string{"report": report}, &out); err != nil {
		return nil
	}
	return nilIfEmpty(out.Features)
}

// IsSimilarFeature reports whether two texts' word sets overlap by at least 0.6 (Jaccard)
// (protocol.IsSimilarFeature; similarity.is_similar).
func IsSimilarFeature(a, b string) bool {
	var out struct {
		Similar bool `json:"similar"`
	}
	if err := callInto("similarity.is_similar", map[string]string{"a": a, "b": b}, &out); err != nil {
		return false
	}
	return out.Similar
}

// DedupeDiscovered keeps, in order, the candidates similar to no existing feature (name and
// description) and to no earlier kept candidate; nil when none is kept
// (protocol.DedupeDiscovered; discover.dedupe).
func DedupeDiscovered(candidates []DiscoveredFeature, existing []Feature) []DiscoveredFeature {
	var out struct {
		Features []DiscoveredFeature `json:"features"`
	}
	in := map[string]any{"candidates": emptyIfNil(candidates), "existing": emptyIfNil(existing)}
	if err := callInto("discover.dedupe", in, &out); err != nil {
		return nil
	}
	return nilIfEmpty(out.Features)
}

// emptyIfNil is [] for a nil slice: the ops take a list where 4x takes a nil slice as none.
func emptyIfNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// CandidateSource is where a mined candidate came from (protocol.CandidateSource).
type CandidateSource string

// The candidate sources (candidates.constants sources, pinned by a test).
const (
	SourceEscalation  CandidateSource = "escalation"
	SourceStuck       CandidateSource = "stuck"
	SourceFailPattern CandidateSource = "fail-pattern"
)

// DefaultFailPatternThreshold is how many features an issue must recur in to become a candidate
// (protocol.DefaultFailPatternThreshold; candidates.constants, pinned by a test).
const DefaultFailPatternThreshold = 3

// Candidate is one candidate feature the history miner proposes (protocol.Candidate).
type Candidate struct {
	Title       string          `json:"title"`
	Description string          `json:"description"`
	Source      CandidateSource `json:"source"`
	Origin      string          `json:"origin"`
	ValueScore  float64         `json:"value_score,omitempty"`
	WhyNotHack  string          `json:"why_not_hack,omitempty"`
}

// CandidateLearning is one learning the miner proposes (protocol.CandidateLearning; Category is
// one of the learning categories).
type CandidateLearning struct {
	Category string          `json:"category"`
	Content  string          `json:"content"`
	Source   CandidateSource `json:"source"`
	Origin   string          `json:"origin"`
}

// CandidatePool is .4x/candidates.json (protocol.CandidatePool).
type CandidatePool struct {
	Version     int                 `json:"version"`
	GeneratedAt time.Time           `json:"generatedAt"`
	Candidates  []Candidate         `json:"candidates"`
	Learnings   []CandidateLearning `json:"learnings"`
}

// poolRoot is the workspace root of path when path is <root>/.4x/<file>: the candidates ops
// read and write under a root's .4x.
func poolRoot(path string) (root, file string, err error) {
	dot := filepath.Dir(path)
	if filepath.Base(dot) != DirName {
		return "", "", newError(KindInvalidPath, "the candidate pool must be a file of a .4x directory: "+quote(path), "path")
	}
	return filepath.Dir(dot), filepath.Base(path), nil
}

// LoadCandidates reads the candidate pool at path (<root>/.4x/<file>); a missing file is an
// empty pool of version 1 (protocol.LoadCandidates; candidates.load).
func LoadCandidates(path string) (CandidatePool, error) {
	root, file, err := poolRoot(path)
	if err != nil {
		return CandidatePool{}, err
	}
	var out struct {
		Pool CandidatePool `json:"pool"`
	}
	err = callInto("candidates.load", map[string]string{"root": root, "file": file}, &out)
	return out.Pool, err
}

// Save writes the pool to path (<root>/.4x/<file>) atomically (protocol.CandidatePool.Save;
// candidates.save).
func (p CandidatePool) Save(path string) error {
	root, file, err := poolRoot(path)
	if err != nil {
		return err
	}
	return callInto("candidates.save", map[string]any{"root": root, "file": file, "pool": p}, &struct{}{})
}

// minerScan runs one miner op's fs form on ws's root.
func minerScan(op string, ws *Workspace, extra map[string]any, out any) error {
	in := map[string]any{"root": ws.Root}
	for k, v := range extra {
		in[k] = v
	}
	return callInto(op, in, out)
}

// ScanEscalations is a candidate per needed escalation with a known reason, over every round of
// every feature; best effort, nil when there is none (protocol.ScanEscalations;
// miner.scan_escalations).
func ScanEscalations(ws *Workspace) []Candidate {
	var out struct {
		Candidates []Candidate `json:"candidates"`
	}
	if err := minerScan("miner.scan_escalations", ws, nil, &out); err != nil {
		return nil
	}
	return nilIfEmpty(out.Candidates)
}

// ScanStuckFeatures is a candidate per feature stuck in needs-attention, abandoned or blocked;
// best effort, nil when there is none (protocol.ScanStuckFeatures; miner.scan_stuck).
func ScanStuckFeatures(ws *Workspace) []Candidate {
	var out struct {
		Candidates []Candidate `json:"candidates"`
	}
	if err := minerScan("miner.scan_stuck", ws, nil, &out); err != nil {
		return nil
	}
	return nilIfEmpty(out.Candidates)
}

// ScanFailPatterns is a candidate and a learning per review issue recurring in at least
// minOccurrences features; best effort, nil when there is none (protocol.ScanFailPatterns;
// miner.scan_fail_patterns).
func ScanFailPatterns(ws *Workspace, minOccurrences int) ([]Candidate, []CandidateLearning) {
	var out struct {
		Candidates []Candidate         `json:"candidates"`
		Learnings  []CandidateLearning `json:"learnings"`
	}
	if err := minerScan("miner.scan_fail_patterns", ws, map[string]any{"min_occurrences": minOccurrences}, &out); err != nil {
		return nil, nil
	}
	return nilIfEmpty(out.Candidates), nilIfEmpty(out.Learnings)
}

// DedupeCandidates keeps, in order, the candidates similar to no existing feature, no existing
// candidate and no earlier kept one; nil when none is kept (protocol.DedupeCandidates;
// candidates.dedupe).
func DedupeCandidates(cands []Candidate, existingFeatures []Feature, existingCands []Candidate) []Candidate {
	var out struct {
		Candidates []Candidate `json:"candidates"`
	}
	in := map[string]any{"candidates": emptyIfNil(cands), "existing_features": emptyIfNil(existingFeatures), "existing_candidates": emptyIfNil(existingCands)}
	if err := callInto("candidates.dedupe", in, &out); err != nil {
		return nil
	}
	return nilIfEmpty(out.Candidates)
}

// RoleContract is the artifacts a role produces and consumes, sorted (protocol.RoleContract).
type RoleContract struct {
	Produces []string `json:"produces"`
	Consumes []string `json:"consumes"`
}

// ArtifactContract is role's artifact contract; false for a role outside the table (the
// sub-roles) (protocol.ArtifactContract; artifact.contract).
func ArtifactContract(role Role) (RoleContract, bool) {
	var out struct {
		Found bool `json:"found"`
		RoleContract
	}
	if err := callInto("artifact.contract", map[string]Role{"role": role}, &out); err != nil || !out.Found {
		return RoleContract{}, false
	}
	return RoleContract{Produces: nilIfEmpty(out.Produces), Consumes: nilIfEmpty(out.Consumes)}, true
}

// RoleArtifactView is a role's artifacts under one profile (protocol.RoleArtifactView).
type RoleArtifactView struct {
	Required       []string `json:"required"`
	Forbidden      []string `json:"forbidden"`
	AbsentUpstream []string `json:"absent_upstream"`
}

// RoleArtifactView is role's required, forbidden and absent-upstream artifacts under pc; the
// zero view for a role outside the contract table (protocol.ProfileConfig.RoleArtifactView;
// profile.role_artifact_view).
func (pc ProfileConfig) RoleArtifactView(role Role) RoleArtifactView {
	var out RoleArtifactView
	if err := callInto("profile.role_artifact_view", map[string]any{"profile": pc, "role": role}, &out); err != nil {
		return RoleArtifactView{}
	}
	return RoleArtifactView{Required: nilIfEmpty(out.Required), Forbidden: nilIfEmpty(out.Forbidden), AbsentUpstream: nilIfEmpty(out.AbsentUpstream)}
}

// EnabledPhaseNames is the phases pc enables in canonical order; nil when none
// (protocol.ProfileConfig.EnabledPhaseNames; profile.enabled_phases).
func (pc ProfileConfig) EnabledPhaseNames() []string {
	var out struct {
		Phases []string `json:"phases"`
	}
	if err := callInto("profile.enabled_phases", map[string]any{"profile": pc}, &out); err != nil {
		return nil
	}
	return nilIfEmpty(out.Phases)
}

// IsScreenshotFile reports whether name has a screenshot extension (png, jpg, jpeg, webp, any
// case) (protocol.IsScreenshotFile; evidence.is_screenshot_file).
func IsScreenshotFile(name string) bool {
	var out struct {
		Is bool `json:"is_screenshot"`
	}
	if err := callInto("evidence.is_screenshot_file", map[string]string{"name": name}, &out); err != nil {
		return false
	}
	return out.Is
}

// NormalizeScreenshotPath trims path and drops a leading ./ and .4x/
// (protocol.NormalizeScreenshotPath; evidence.normalize_screenshot_path). A path the library
// refuses comes back as given.
func NormalizeScreenshotPath(path string) string {
	var out struct {
		Path string `json:"path"`
	}
	if err := callInto("evidence.normalize_screenshot_path", map[string]string{"path": path}, &out); err != nil {
		return path
	}
	return out.Path
}

// ScreenshotDir is the tester's screenshot directory template of cfg, DefaultScreenshotDir when
// it names none (protocol.ScreenshotDir; evidence.screenshot_dir).
func ScreenshotDir(cfg Config) string {
	var out struct {
		Dir string `json:"dir"`
	}
	if err := callInto("evidence.screenshot_dir", map[string]any{"config": cfg}, &out); err != nil {
		return DefaultScreenshotDir
	}
	return out.Dir
}

// ProcessAlive reports whether process pid is alive; pid <= 0 is not (protocol.ProcessAlive;
// workspace.process_alive).
func ProcessAlive(pid int) bool {
	var out struct {
		Alive bool `json:"alive"`
	}
	if err := callInto("workspace.process_alive", map[string]int{"pid": pid}, &out); err != nil {
		return false
	}
	return out.Alive
}

// AtomicWriteFile writes dir/finalName with mode perm through a temporary file renamed over it,
// so no reader sees a partial file (protocol.AtomicWriteFile; workspace.atomic_write_file;
// tmpPattern is accepted for 4x's signature).
func AtomicWriteFile(dir, finalName, tmpPattern string, data []byte, perm os.FileMode) error {
	if data == nil {
		data = []byte{}
	}
	in := map[string]any{"dir": dir, "final_name": finalName, "tmp_pattern": tmpPattern, "data_base64": data, "perm": uint32(perm.Perm())}
	return callInto("workspace.atomic_write_file", in, &struct{}{})
}

// Find walks up from startDir to the first directory holding .4x (protocol.Find;
// workspace.find): ErrNotFound when there is none.
func Find(startDir string) (*Workspace, error) {
	var out struct {
		Root string `json:"root"`
	}
	if err := callInto("workspace.find", map[string]string{"start_dir": startDir}, &out); err != nil {
		return nil, err
	}
	return &Workspace{Root: out.Root}, nil
}

// Init creates root/.4x (features, .gitignore) and writes cfg as its settings.json
// (protocol.Init; workspace.init): ErrInvalidConfig for a config ReadConfig would refuse.
func Init(root string, cfg Config) error {
	return callInto("workspace.init", map[string]any{"root": root, "config": cfg}, &struct{}{})
}

// dotRoot is the workspace root of a .4x directory path (4x's file functions take the .4x
// directory; the ops take the root that holds it).
func dotRoot(dotDir string) string {
	return filepath.Dir(filepath.Clean(dotDir))
}

// ReadConfig reads and validates <dotDir>/settings.json, dotDir being a workspace's .4x
// directory (protocol.ReadConfig; config.read).
func ReadConfig(dotDir string) (Config, error) {
	var out struct {
		Config Config `json:"config"`
	}
	err := callInto("config.read", map[string]string{"root": dotRoot(dotDir)}, &out)
	return out.Config, err
}

// WriteConfig writes <dotDir>/settings.json atomically, dotDir being a workspace's .4x directory
// (protocol.WriteConfig; config.write): ErrInvalidConfig, nothing written, for a config
// ReadConfig would refuse.
func WriteConfig(dotDir string, cfg Config) error {
	return callInto("config.write", map[string]any{"root": dotRoot(dotDir), "config": cfg}, &struct{}{})
}

// userHome is the current user's home directory, the input the user-config ops take.
func userHome() (string, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return "", newError(KindNoHome, "the home directory is unknown: "+err.Error(), "home")
	}
	return home, nil
}

// UserConfigPath is ~/.4x/settings.json (protocol.UserConfigPath; config.user_path).
func UserConfigPath() (string, error) {
	home, err := userHome()
	if err != nil {
		return "", err
	}
	var out struct {
		Path string `json:"path"`
	}
	err = callInto("config.user_path", map[string]string{"home": home}, &out)
	return out.Path, err
}

// ReadUserConfig reads ~/.4x/settings.json; a missing file is the zero UserConfig
// (protocol.ReadUserConfig; config.read_user).
func ReadUserConfig() (UserConfig, error) {
	home, err := userHome()
	if err != nil {
		return UserConfig{}, err
	}
	var out struct {
		Config UserConfig `json:"config"`
	}
	err = callInto("config.read_user", map[string]string{"home": home}, &out)
	return out.Config, err
}

// WriteUserConfig writes ~/.4x/settings.json, creating ~/.4x (protocol.WriteUserConfig;
// config.write_user).
func WriteUserConfig(cfg UserConfig) error {
	home, err := userHome()
	if err != nil {
		return err
	}
	return callInto("config.write_user", map[string]any{"home": home, "config": cfg}, &struct{}{})
}

// LoadMergedConfig reads the project settings and merges the user's under them
// (Workspace.LoadMergedConfig; config.load_merged): a project-side failure is the error, a
// user-side problem only a warning of the op, as in 4x.
func (w *Workspace) LoadMergedConfig() (Config, error) {
	in := map[string]string{"root": w.Root}
	if home, err := userHome(); err == nil {
		in["home"] = home
	}
	var out struct {
		Config Config `json:"config"`
	}
	err := callInto("config.load_merged", in, &out)
	return out.Config, err
}

// ReadTestStrategy reads the feature's test-strategy.yaml; a missing file is the zero
// TestStrategy and a nil error (Workspace.ReadTestStrategy; workspace.read_test_strategy).
func (w *Workspace) ReadTestStrategy(featureID string) (TestStrategy, error) {
	var out struct {
		TestStrategy TestStrategy `json:"test_strategy"`
		Present      bool         `json:"present"`
	}
	if err := callInto("workspace.read_test_strategy", map[string]string{"root": w.Root, "feature_id": featureID}, &out); err != nil {
		return TestStrategy{}, err
	}
	if !out.Present {
		return TestStrategy{}, nil
	}
	return out.TestStrategy, nil
}

// ReadBacklogMirror reads feature_list.json at Root; present is false when there is none
// (Workspace.ReadBacklogMirror; workspace.read_backlog_mirror).
func (w *Workspace) ReadBacklogMirror() (BacklogMirror, bool, error) {
	var out struct {
		Present bool          `json:"present"`
		Mirror  BacklogMirror `json:"mirror"`
	}
	if err := callInto("workspace.read_backlog_mirror", map[string]string{"root": w.Root}, &out); err != nil {
		return BacklogMirror{}, false, err
	}
	return out.Mirror, out.Present, nil
}

// CompareBacklogMirror is the drift between the feature files and feature_list.json, sorted by
// feature id; nil without a mirror or drift (Workspace.CompareBacklogMirror;
// workspace.compare_backlog_mirror).
func (w *Workspace) CompareBacklogMirror() ([]BacklogDrift, error) {
	var out struct {
		Drift []BacklogDrift `json:"drift"`
	}
	if err := callInto("workspace.compare_backlog_mirror", map[string]string{"root": w.Root}, &out); err != nil {
		return nil, err
	}
	return nilIfEmpty(out.Drift), nil
}

// CleanCandidate is a feature whose run directory may be cleaned, with its size in bytes
// (protocol.CleanCandidate).
type CleanCandidate struct {
	FeatureID string `json:"feature_id"`
	Size      int64  `json:"size"`
}

// CleanableFeatures is the done or abandoned features with a run directory and no live run
// loop; nil when there is none (Workspace.CleanableFeatures; workspace.cleanable_features).
func (w *Workspace) CleanableFeatures() ([]CleanCandidate, error) {
	var out struct {
		Candidates []CleanCandidate `json:"candidates"`
	}
	if err := callInto("workspace.cleanable_features", map[string]string{"root": w.Root, "now": nowText()}, &out); err != nil {
		return nil, err
	}
	return nilIfEmpty(out.Candidates), nil
}

// CleanFeature removes the run directory of a done or abandoned feature that is not running and
// returns the bytes freed (Workspace.CleanFeature; workspace.clean_feature): ErrNotCleanable for
// another status, ErrFeatureActive while it runs, ErrNotFound without a run directory.
func (w *Workspace) CleanFeature(featureID string) (int64, error) {
	var out struct {
		Freed int64 `json:"freed_bytes"`
	}
	err := callInto("workspace.clean_feature", map[string]string{"root": w.Root, "feature_id": featureID, "now": nowText()}, &out)
	return out.Freed, err
}

// DiscoverScreenshots is the feature's screenshots grouped by round, from the verify.json files
// and the screenshot directories (screenshotDir "" is the default template)
// (Workspace.DiscoverScreenshots; evidence.discover_screenshots). Never nil on success.
func (w *Workspace) DiscoverScreenshots(featureID, screenshotDir string) ([]ScreenshotGroup, error) {
	var out struct {
		Groups []ScreenshotGroup `json:"groups"`
	}
	in := map[string]string{"root": w.Root, "feature_id": featureID, "screenshot_dir": screenshotDir}
	if err := callInto("evidence.discover_screenshots", in, &out); err != nil {
		return nil, err
	}
	return emptyIfNil(out.Groups), nil
}

// stateLockWait is how long UpdateState waits for the feature's claim (4x's state lock timeout).
const stateLockWait = 5 * time.Second

// UpdateState reads the feature's state, lets mutate change it and writes it back
// (Workspace.UpdateState): mutate returning ErrSkipStateWrite keeps the state as it is (the
// current state, nil error); any other error is returned without a write. The result is the
// state as written. On a workspace NewWorkspace opened on a store with leases, the feature's
// claim is held meanwhile so no other claimant writes in between (ErrStateLockTimeout when
// another holder keeps it past 5 s). The .4x files (a handle-less &Workspace{Root: root}, or
// NewWorkspace(root, nil)) have no lease to take: each write is atomic on its own, and a live
// run loop does not hold the state against this write (4x's state lock is not the run loop's).
func (w *Workspace) UpdateState(featureID string, mutate func(*State) error) (State, error) {
	var lease Lease
	if w.handle() != nil {
		claim, err := w.claimWithin(featureID, stateLockWait)
		if err != nil {
			return State{}, err
		}
		lease = claim.Lease
		if claim.Granted {
			defer func() { _ = w.Release(featureID, lease) }()
		}
	}
	cur, err := w.ReadState(featureID)
	if err != nil {
		return State{}, err
	}
	next := cur
	if err := mutate(&next); err != nil {
		if errors.Is(err, ErrSkipStateWrite) {
			return cur, nil
		}
		return State{}, err
	}
	if err := w.WriteStateLeased(featureID, next, lease); err != nil {
		return State{}, err
	}
	return w.ReadState(featureID)
}

// claimWithin claims the feature for a one-off holder, retrying while another holder's lease
// keeps it, until wait has passed (ErrStateLockTimeout). A store without leases (the .4x files)
// answers by its run-loop pid rule, which says nothing about a state write: a refusal there
// (no lease, no expiry) is no lock to wait for, and the result is the zero Claim.
func (w *Workspace) claimWithin(featureID string, wait time.Duration) (Claim, error) {
	holder := "fourx-go-update-state-" + NewNonce()
	deadline := time.Now().Add(wait)
	for {
		c, err := w.Claim(featureID, holder, wait)
		if err != nil {
			return Claim{}, err
		}
		if c.Granted {
			return c, nil
		}
		if c.ExpiresInMs <= 0 {
			return Claim{}, nil
		}
		if time.Now().After(deadline) {
			return Claim{}, ErrStateLockTimeout
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// rawMap is in as a JSON object (for adding the root to a caller's op input).
func rawMap(in any) (map[string]json.RawMessage, error) {
	m := map[string]json.RawMessage{}
	if in == nil {
		return m, nil
	}
	b, err := marshalInput(in)
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, newError(KindInvalidInput, "the op input must be a JSON object: "+err.Error(), "")
	}
	return m, nil
}

// CompareBacklogMirror is the drift between features and the mirror, sorted by feature id, then
// kind, then field; nil when they agree (protocol.CompareBacklogMirror; backlog.compare). Like
// 4x's it cannot fail: an input the library refuses reads as no drift.
func CompareBacklogMirror(features []Feature, mirror BacklogMirror) []BacklogDrift {
	var out struct {
		Drift []BacklogDrift `json:"drift"`
	}
	if err := callInto("backlog.compare", map[string]any{"features": features, "mirror": mirror}, &out); err != nil {
		return nil
	}
	return nilIfEmpty(out.Drift)
}
