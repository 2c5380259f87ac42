package fourx

import (
	"encoding/json"
	"strings"
	"time"
)

// State is .4x/<feature-id>/state.json, the authoritative state of one feature
// (protocol.State). Its JSON is the one 4x writes: fourx's ops take and return it unchanged in
// shape (times in Go's RFC 3339 form; `since` is always written).
type State struct {
	FeatureID             string    `json:"featureId"`
	Phase                 Phase     `json:"phase"`
	Role                  Role      `json:"role"`
	SubPhase              SubPhase  `json:"subPhase,omitempty"`
	Round                 int       `json:"round"`
	MaxRounds             int       `json:"maxRounds"`
	Active                bool      `json:"active"`
	Pid                   int       `json:"pid,omitempty"`
	Runner                string    `json:"runner"`
	Label                 string    `json:"label,omitempty"`
	CreatedAt             time.Time `json:"createdAt"`
	UpdatedAt             time.Time `json:"updatedAt"`
	Since                 time.Time `json:"since,omitempty"`
	ConsecutiveNoProgress int       `json:"consecutiveNoProgress"`
	LastFailCount         int       `json:"lastFailCount"`
	StopReason            string    `json:"stopReason,omitempty"`
	StopMessage           string    `json:"stopMessage,omitempty"`
	Runners               []string  `json:"runners,omitempty"`
	// Profile is the pipeline profile of the run (kept for resume).
	Profile string `json:"profile,omitempty"`
	// SelfModTouched: the last coding/amending round touched protected paths.
	SelfModTouched bool `json:"selfModTouched,omitempty"`
	// SelfModPaths are those protected paths (relative to the scope root).
	SelfModPaths []string `json:"selfModPaths,omitempty"`
	// SelfModApproved: a human approved the protected-path change.
	SelfModApproved bool `json:"selfModApproved,omitempty"`
	// GuardRetries counts guard retries across rounds (limit MaxGuardRetries).
	GuardRetries int `json:"guardRetries,omitempty"`
	// BaseCommit is HEAD when the feature first entered coding.
	BaseCommit string `json:"baseCommit,omitempty"`
	// ManualPhase: the phase was set by `4x transition` / `4x retry`; resume honours it once.
	ManualPhase bool `json:"manualPhase,omitempty"`
}

// Event is one line of .4x/<feature-id>/events.jsonl (protocol.Event).
type Event struct {
	Timestamp  string  `json:"ts"`
	Phase      Phase   `json:"phase"`
	Type       string  `json:"type"`
	Role       Role    `json:"role,omitempty"`
	Round      int     `json:"round,omitempty"`
	Action     string  `json:"action,omitempty"`
	Command    string  `json:"cmd,omitempty"`
	Status     string  `json:"status,omitempty"`
	Detail     string  `json:"detail,omitempty"`
	Runner     string  `json:"runner,omitempty"`
	Model      string  `json:"model,omitempty"`
	Notify     string  `json:"notify,omitempty"`
	TokensUsed int     `json:"tokens_used,omitempty"`
	CostUSD    float64 `json:"cost_usd,omitempty"`
	DurationMs int64   `json:"duration_ms,omitempty"`
	Index      int     `json:"index,omitempty"`
	// Checkpoint is the conductor call's {state, loop, decision} on the last event of each
	// call (not a seed key); conductor.rebuild and conductor.fork read it.
	Checkpoint json.RawMessage `json:"checkpoint,omitempty"`
}

// Config is .4x/settings.json, the project configuration (protocol.Config).
type Config struct {
	Project                  ProjectConfig                  `json:"project"`
	Runners                  map[string]RunnerConfig        `json:"runners"`
	Default                  string                         `json:"default_runner"`
	Roles                    map[string]RoleConfig          `json:"roles,omitempty"`
	Rules                    []string                       `json:"rules,omitempty"`
	HubRepos                 []string                       `json:"hub_repos,omitempty"`
	Isolation                string                         `json:"isolation,omitempty"`
	MaxConcurrentRuns        int                            `json:"max_concurrent_runs,omitempty"`
	Commit                   string                         `json:"commit,omitempty"`
	ModelTiers               map[string]map[string]string   `json:"model_tiers,omitempty"`
	Workspace                WorkspaceConfig                `json:"workspace,omitempty"`
	Hooks                    map[string][]HookEntry         `json:"hooks,omitempty"`
	Profiles                 map[string]ProfileConfig       `json:"profiles,omitempty"`
	DefaultProfile           string                         `json:"default_profile,omitempty"`
	ParallelReviewTest       bool                           `json:"parallel_review_test,omitempty"`
	HealthCheck              *HealthCheck                   `json:"health_check,omitempty"`
	TestProfiles             map[string]TestProfileOverride `json:"test_profiles,omitempty"`
	AutoDiscoverFeatures     bool                           `json:"auto_discover_features,omitempty"`
	MaxDiscoveredFeatures    int                            `json:"max_discovered_features,omitempty"`
	EnrichDiscoveredFeatures bool                           `json:"enrich_discovered_features,omitempty"`
	EnrichAutoApprove        bool                           `json:"enrich_auto_approve,omitempty"`
	FeatureIDPrefix          string                         `json:"feature_id_prefix,omitempty"`
	FeatureIDDigits          int                            `json:"feature_id_digits,omitempty"`
	DesignDocDirs            []string                       `json:"design_doc_dirs,omitempty"`
	Notifications            *bool                          `json:"notifications,omitempty"`
	SelfMod                  *SelfModSettings               `json:"self_mod_guard,omitempty"`
	Evolution                *EvolutionConfig               `json:"evolution,omitempty"`
	IssueTracker             IssueTrackerConfig             `json:"issue_tracker,omitempty"`
	Worktree                 WorktreeConfig                 `json:"worktree,omitempty"`
	// Budget limits what a run may spend (not a seed key): a stop with reason budget-exceeded.
	Budget *Budget `json:"budget,omitempty"`
	// ApprovalGates lists the phases before whose agent the run asks a person (not a seed key).
	ApprovalGates []Phase `json:"approval_gates,omitempty"`
	// ApprovalTimeoutMs is how long a gate waits for an answer; ≤ 0 waits without limit.
	ApprovalTimeoutMs int64 `json:"approval_timeout_ms,omitempty"`
}

// Budget is a run's spending limits (config and feature; the feature wins per key); a value
// ≤ 0 is no limit.
type Budget struct {
	MaxCostUSD   float64 `json:"max_cost_usd,omitempty"`
	MaxTokens    int     `json:"max_tokens,omitempty"`
	MaxAgentRuns int     `json:"max_agent_runs,omitempty"`
}

// ProjectConfig describes the project and its toolchain (protocol.ProjectConfig).
type ProjectConfig struct {
	Name        string   `json:"name"`
	Description string   `json:"description,omitempty"`
	Language    string   `json:"language,omitempty"`
	Setup       []string `json:"setup,omitempty"`
	Build       []string `json:"build,omitempty"`
	Test        []string `json:"test,omitempty"`
	Lint        []string `json:"lint,omitempty"`
	DocsCheck   []string `json:"docs_check,omitempty"`
	Docs        []string `json:"docs,omitempty"`
	Rules       []string `json:"rules,omitempty"`
	Includes    []string `json:"includes,omitempty"`
}

// RunnerConfig is one LLM runner (protocol.RunnerConfig). TransientRetries: nil = the default
// 3, 0 = no retry, >0 = that limit.
type RunnerConfig struct {
	Command          string            `json:"command"`
	Args             []string          `json:"args"`
	Model            string            `json:"model,omitempty"`
	Tiers            map[string]string `json:"tiers,omitempty"`
	Stdin            *bool             `json:"stdin,omitempty"`
	Tty              *bool             `json:"tty,omitempty"`
	Quiet            *bool             `json:"quiet,omitempty"`
	OutputFormat     string            `json:"output_format,omitempty"`
	TransientRetries *int              `json:"transient_retries,omitempty"`
}

// RoleConfig is one role's model and behaviour (protocol.RoleConfig); the deep-review keys
// matter for deep-reviewer only.
type RoleConfig struct {
	Model             string           `json:"model,omitempty"`
	DeepModel         string           `json:"deep_model,omitempty"`
	ScreenshotDir     string           `json:"screenshot_dir,omitempty"`
	Instructions      []string         `json:"instructions,omitempty"`
	Includes          []string         `json:"includes,omitempty"`
	MaxFixRounds      int              `json:"max_fix_rounds,omitempty"`
	ParallelReviewers int              `json:"parallel_reviewers,omitempty"`
	AnglesPerReviewer int              `json:"angles_per_reviewer,omitempty"`
	AngleMapping      map[string][]int `json:"angle_mapping,omitempty"`
	// Runner runs the role's phase on this runner (4x ≥ 0.5.0, cross-model review): below the
	// profile's phase runner, above default_runner. Not a seed key.
	Runner string `json:"runner,omitempty"`
}

// PhaseSpec enables one phase in a profile and optionally overrides its runner and model tier
// (protocol.PhaseSpec); empty means inherit.
type PhaseSpec struct {
	Phase  string `json:"phase"`
	Runner string `json:"runner,omitempty"`
	Model  string `json:"model,omitempty"`
}

// ProfileConfig is a pipeline profile (protocol.ProfileConfig): the enabled phases; Roles and
// CoderModel are the deprecated legacy form, normalised into Phases by the library.
type ProfileConfig struct {
	Phases     []PhaseSpec `json:"phases,omitempty"`
	Roles      []string    `json:"roles,omitempty"`
	CoderModel string      `json:"coder_model,omitempty"`
}

// WorkspaceConfig maps the repos of a multi-repo workspace (protocol.WorkspaceConfig).
type WorkspaceConfig struct {
	Repos map[string]RepoConfig `json:"repos,omitempty"`
}

// RepoConfig is one repo of a workspace (protocol.RepoConfig).
type RepoConfig struct {
	Path string `json:"path"`
	Hub  bool   `json:"hub,omitempty"`
}

// HealthCheck is the commands that prove the app runs, with their recovery (protocol.HealthCheck).
type HealthCheck struct {
	Commands []string `json:"commands"`
	Recovery []string `json:"recovery,omitempty"`
	Timeout  int      `json:"timeout,omitempty"`
}

// TestProfileOverride replaces or adds a test profile (protocol.TestProfileOverride).
type TestProfileOverride struct {
	Content string `json:"content,omitempty"`
	Include string `json:"include,omitempty"`
}

// SelfModSettings is the self_mod_guard section (protocol.SelfModSettings).
type SelfModSettings struct {
	ProtectedPaths []string `json:"protected_paths,omitempty"`
	MaxDiffLines   int      `json:"max_diff_lines,omitempty"`
	RequireTests   *bool    `json:"require_tests,omitempty"`
}

// EvolutionConfig is the evolve section (protocol.EvolutionConfig).
type EvolutionConfig struct {
	ValueFloor           float64 `json:"value_floor,omitempty"`
	MaxAcceptPerRun      int     `json:"max_accept_per_run,omitempty"`
	MaxBacklogUndone     int     `json:"max_backlog_undone,omitempty"`
	GateRunner           string  `json:"gate_runner,omitempty"`
	GateModel            string  `json:"gate_model,omitempty"`
	DedupThreshold       float64 `json:"dedup_threshold,omitempty"`
	MaxIdleRounds        *int    `json:"max_idle_rounds,omitempty"`
	CandidateMaxIdleDays *int    `json:"candidate_max_idle_days,omitempty"`
}

// IssueTrackerConfig switches the issue-first MR flow (protocol.IssueTrackerConfig).
type IssueTrackerConfig struct {
	Enabled bool `json:"enabled"`
}

// WorktreeConfig is the worktree section (protocol.WorktreeConfig).
type WorktreeConfig struct {
	PostScaffold []string `json:"post_scaffold,omitempty"`
}

// UserConfig is ~/.4x/settings.json, the user-level settings (protocol.UserConfig).
type UserConfig struct {
	Locale        string                  `json:"locale,omitempty"`
	Theme         string                  `json:"theme,omitempty"`
	DefaultRunner string                  `json:"default_runner,omitempty"`
	Runners       map[string]RunnerConfig `json:"runners,omitempty"`
	Roles         map[string]RoleConfig   `json:"roles,omitempty"`
	LogLevel      string                  `json:"logLevel,omitempty"`
	LogRetainDays int                     `json:"logRetainDays,omitempty"`
	Notifications *bool                   `json:"notifications,omitempty"`
	SelfMod       *SelfModSettings        `json:"self_mod_guard,omitempty"`
}

// Feature is .4x/features/<id>.yaml in its JSON form (feature.Feature). Spec and Plan are the
// design-document paths, carried under their YAML names so that a round trip is lossless.
type Feature struct {
	ID                  string                   `json:"id"`
	Name                string                   `json:"name"`
	Description         string                   `json:"description"`
	Status              Status                   `json:"status"`
	Priority            *int                     `json:"priority,omitempty"`
	Profile             string                   `json:"profile,omitempty"`
	Repos               []string                 `json:"repos,omitempty"`
	Subtasks            []Subtask                `json:"subtasks,omitempty"`
	Rules               []string                 `json:"rules,omitempty"`
	Depends             []string                 `json:"depends,omitempty"`
	Spec                string                   `json:"spec,omitempty"`
	Plan                string                   `json:"plan,omitempty"`
	Hooks               map[string][]HookEntry   `json:"hooks,omitempty"`
	PhaseOverrides      map[string]PhaseOverride `json:"phaseOverrides,omitempty"`
	DeepReviewAllAngles bool                     `json:"deepReviewAllAngles,omitempty"`
	Issues              []IssueRef               `json:"issues,omitempty"`
	Warnings            []string                 `json:"warnings,omitempty"`
	// Budget wins per key over the config's (a fourx extension of the JSON shape).
	Budget *Budget `json:"budget,omitempty"`
}

// Subtask is one subtask of a feature (feature.Subtask).
type Subtask struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Status      string   `json:"status"`
	Description string   `json:"description,omitempty"`
	Depends     []string `json:"depends,omitempty"`
}

// HookEntry is one hook command (feature.HookEntry); OnFail "" means block.
type HookEntry struct {
	Run    string `json:"run"`
	OnFail string `json:"on_fail,omitempty"`
}

// EffectiveOnFail is the hook's failure policy (feature.HookEntry.EffectiveOnFail): "block"
// when OnFail is unset, else OnFail in lower case ("warn", "block", or a word the hook runner
// treats as block).
func (h HookEntry) EffectiveOnFail() string {
	if h.OnFail == "" {
		return "block"
	}
	return strings.ToLower(h.OnFail)
}

// PhaseOverride overrides a phase's runner and model for one feature (feature.PhaseOverride).
type PhaseOverride struct {
	Runner string `json:"runner,omitempty"`
	Model  string `json:"model,omitempty"`
}

// IssueRef links a feature to a tracker issue (feature.IssueRef).
type IssueRef struct {
	Repo string `json:"repo"`
	ID   string `json:"id"`
	URL  string `json:"url"`
}

// ResolvedPhase is one enabled phase of a resolved pipeline with its role, runner and model
// (protocol.ResolvedPhase).
type ResolvedPhase struct {
	Phase  string `json:"phase"`
	Role   string `json:"role"`
	Runner string `json:"runner"`
	Model  string `json:"model"`
}

// ChangedFile is one changed file of the diff a deep review looks at (protocol.ChangedFile):
// Lines is added+deleted lines for a tracked file, the line count for an untracked one. The Go
// type has no JSON tags; these are the keys of fourx's ops.
type ChangedFile struct {
	Path  string `json:"path"`
	Lines int    `json:"lines"`
}

// AngleMatch is one file that matched an angle-mapping rule (protocol.AngleMatch).
type AngleMatch struct {
	File   string `json:"file"`
	Rule   string `json:"rule"`
	Angles []int  `json:"angles"`
}
