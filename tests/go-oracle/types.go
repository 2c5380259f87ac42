// The struct shapes of 4x's `protocol` and `feature` packages at the seed revision (seed 000 and
// fourx's features.md §3), written for this oracle. JSON tags are the Go tags, except that
// Feature's `spec`/`plan` carry fourx's op-shape names (Go tags them `json:"-"`).
package main

import "time"

type HookEntry struct {
	Run    string `json:"run" yaml:"run"`
	OnFail string `json:"on_fail,omitempty" yaml:"on_fail,omitempty"`
}

type PhaseOverride struct {
	Runner string `yaml:"runner,omitempty" json:"runner,omitempty"`
	Model  string `yaml:"model,omitempty" json:"model,omitempty"`
}

type IssueRef struct {
	Repo string `yaml:"repo" json:"repo"`
	ID   string `yaml:"id" json:"id"`
	URL  string `yaml:"url" json:"url"`
}

type Subtask struct {
	ID          string   `yaml:"id" json:"id"`
	Name        string   `yaml:"name" json:"name"`
	Status      string   `yaml:"status" json:"status"`
	Description string   `yaml:"description,omitempty" json:"description,omitempty"`
	Depends     []string `yaml:"depends,omitempty" json:"depends,omitempty"`
}

type Feature struct {
	ID                  string                   `yaml:"id" json:"id"`
	Name                string                   `yaml:"name" json:"name"`
	Description         string                   `yaml:"description" json:"description"`
	Status              string                   `yaml:"status" json:"status"`
	Priority            *int                     `yaml:"priority,omitempty" json:"priority,omitempty"`
	Profile             string                   `yaml:"profile,omitempty" json:"profile,omitempty"`
	Repos               []string                 `yaml:"repos,omitempty" json:"repos,omitempty"`
	Subtasks            []Subtask                `yaml:"subtasks,omitempty" json:"subtasks,omitempty"`
	Rules               []string                 `yaml:"rules,omitempty" json:"rules,omitempty"`
	Depends             []string                 `yaml:"depends,omitempty" json:"depends,omitempty"`
	Spec                string                   `yaml:"spec,omitempty" json:"spec,omitempty"`
	Plan                string                   `yaml:"plan,omitempty" json:"plan,omitempty"`
	Hooks               map[string][]HookEntry   `yaml:"hooks,omitempty" json:"hooks,omitempty"`
	PhaseOverrides      map[string]PhaseOverride `yaml:"phase_overrides,omitempty" json:"phaseOverrides,omitempty"`
	DeepReviewAllAngles bool                     `yaml:"deep_review_all_angles,omitempty" json:"deepReviewAllAngles,omitempty"`
	Issues              []IssueRef               `yaml:"issues,omitempty" json:"issues,omitempty"`
	Warnings            []string                 `yaml:"warnings,omitempty" json:"warnings,omitempty"`
}

type HealthCheck struct {
	Commands []string `yaml:"commands" json:"commands"`
	Recovery []string `yaml:"recovery,omitempty" json:"recovery,omitempty"`
	Timeout  int      `yaml:"timeout,omitempty" json:"timeout,omitempty"`
}

type ManualCheck struct {
	ID          string   `yaml:"id" json:"id"`
	ACRef       string   `yaml:"ac_ref,omitempty" json:"ac_ref,omitempty"`
	Description string   `yaml:"description" json:"description"`
	Steps       []string `yaml:"steps" json:"steps"`
}

type TestStrategy struct {
	Web          bool                `yaml:"web" json:"web"`
	API          bool                `yaml:"api" json:"api"`
	Gate         bool                `yaml:"gate" json:"gate"`
	CoderOnly    bool                `yaml:"coder_only" json:"coder_only"`
	Verify       []string            `yaml:"verify_commands" json:"verify_commands"`
	HealthCheck  *HealthCheck        `yaml:"health_check,omitempty" json:"health_check,omitempty"`
	VerifyGroups map[string][]string `yaml:"verify_groups,omitempty" json:"verify_groups,omitempty"`
	Profiles     []string            `yaml:"profiles,omitempty" json:"profiles,omitempty"`
	ManualChecks []ManualCheck       `yaml:"manual_checks,omitempty" json:"manual_checks,omitempty"`
	ACVerifyMap  map[string]string   `yaml:"ac_verify_map,omitempty" json:"ac_verify_map,omitempty"`
	E2ERepos     []string            `yaml:"e2e_repos,omitempty" json:"e2e_repos,omitempty"`
}

type State struct {
	FeatureID             string    `json:"featureId"`
	Phase                 string    `json:"phase"`
	Role                  string    `json:"role"`
	SubPhase              string    `json:"subPhase,omitempty"`
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
	Profile               string    `json:"profile,omitempty"`
	SelfModTouched        bool      `json:"selfModTouched,omitempty"`
	SelfModPaths          []string  `json:"selfModPaths,omitempty"`
	SelfModApproved       bool      `json:"selfModApproved,omitempty"`
	GuardRetries          int       `json:"guardRetries,omitempty"`
	BaseCommit            string    `json:"baseCommit,omitempty"`
	ManualPhase           bool      `json:"manualPhase,omitempty"`
}

type Event struct {
	Timestamp  string  `json:"ts"`
	Phase      string  `json:"phase"`
	Type       string  `json:"type"`
	Role       string  `json:"role,omitempty"`
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
}

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
}

type PhaseSpec struct {
	Phase  string `json:"phase"`
	Runner string `json:"runner,omitempty"`
	Model  string `json:"model,omitempty"`
}

type ProfileConfig struct {
	Phases     []PhaseSpec `json:"phases,omitempty"`
	Roles      []string    `json:"roles,omitempty"`
	CoderModel string      `json:"coder_model,omitempty"`
}

type RepoConfig struct {
	Path string `json:"path"`
	Hub  bool   `json:"hub,omitempty"`
}

type WorkspaceConfig struct {
	Repos map[string]RepoConfig `json:"repos,omitempty"`
}

type TestProfileOverride struct {
	Content string `json:"content,omitempty"`
	Include string `json:"include,omitempty"`
}

type SelfModSettings struct {
	ProtectedPaths []string `json:"protected_paths,omitempty"`
	MaxDiffLines   int      `json:"max_diff_lines,omitempty"`
	RequireTests   *bool    `json:"require_tests,omitempty"`
}

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

type IssueTrackerConfig struct {
	Enabled bool `json:"enabled"`
}

type WorktreeConfig struct {
	PostScaffold []string `json:"post_scaffold,omitempty"`
}

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
}

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

type Screenshot struct {
	Path        string `json:"path"`
	Step        string `json:"step"`
	Description string `json:"description"`
}

type ACEvidence struct {
	ID         string   `json:"id"`
	Passed     bool     `json:"passed"`
	Evidence   []string `json:"evidence"`
	VerifyType string   `json:"verify_type,omitempty"`
}

type ManualCheckResult struct {
	ID       string   `json:"id"`
	Passed   bool     `json:"passed"`
	Evidence []string `json:"evidence"`
}

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

type VerifyEvidence struct {
	Passed             bool                `json:"passed"`
	Round              int                 `json:"round"`
	Role               string              `json:"role"`
	Commands           []VerifyCommand     `json:"commands"`
	Screenshots        []Screenshot        `json:"screenshots,omitempty"`
	ACResults          []ACEvidence        `json:"ac_results,omitempty"`
	ManualCheckResults []ManualCheckResult `json:"manual_check_results,omitempty"`
}

type BaselineRepo struct {
	Name       string   `json:"name"`
	Path       string   `json:"path"`
	Branch     string   `json:"branch"`
	Head       string   `json:"head"`
	DirtyFiles []string `json:"dirtyFiles"`
}

type Baseline struct {
	CreatedAt time.Time      `json:"createdAt"`
	Repos     []BaselineRepo `json:"repos"`
}

type AngleMatch struct {
	File   string `json:"file"`
	Rule   string `json:"rule"`
	Angles []int  `json:"angles"`
}

type AngleSelection struct {
	SelectedAngles []int        `json:"selected_angles"`
	TotalAngles    int          `json:"total_angles"`
	ForceAll       bool         `json:"force_all"`
	Matches        []AngleMatch `json:"matches"`
}

type Escalation struct {
	Needed bool   `json:"needed"`
	Reason string `json:"reason"`
	Detail string `json:"detail"`
}

type BacklogFeature struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Status      string `json:"status"`
	Area        string `json:"area,omitempty"`
	Description string `json:"description,omitempty"`
	Priority    *int   `json:"priority,omitempty"`
}

type BacklogMirror struct {
	Version  int              `json:"version"`
	Features []BacklogFeature `json:"features"`
}

type Candidate struct {
	Title       string  `json:"title"`
	Description string  `json:"description"`
	Source      string  `json:"source"`
	Origin      string  `json:"origin"`
	ValueScore  float64 `json:"value_score,omitempty"`
	WhyNotHack  string  `json:"why_not_hack,omitempty"`
}

type CandidateLearning struct {
	Category string `json:"category"`
	Content  string `json:"content"`
	Source   string `json:"source"`
	Origin   string `json:"origin"`
}

type CandidatePool struct {
	Version     int                 `json:"version"`
	GeneratedAt time.Time           `json:"generatedAt"`
	Candidates  []Candidate         `json:"candidates"`
	Learnings   []CandidateLearning `json:"learnings"`
}

// roleToPhase is the legacy-profile normalisation table (resolution.md §3, §4.3).
var roleToPhase = map[string]string{
	"designer": "designing", "design-reviewer": "design-reviewing", "coder": "coding",
	"reviewer": "reviewing", "deep-reviewer": "deep-reviewing", "tester": "testing",
	"fixer": "fixing", "acceptor": "accepting",
}

// UnmarshalJSON decodes a profile and normalises the legacy roles[] / coder_model form, as
// 4x's ProfileConfig.UnmarshalJSON does.
func (pc *ProfileConfig) UnmarshalJSON(data []byte) error {
	type plain ProfileConfig
	var p plain
	if err := jsonUnmarshal(data, &p); err != nil {
		return err
	}
	*pc = ProfileConfig(p)
	if len(pc.Phases) > 0 || len(pc.Roles) == 0 {
		return nil
	}
	for _, r := range pc.Roles {
		ph, ok := roleToPhase[r]
		if !ok {
			continue
		}
		spec := PhaseSpec{Phase: ph}
		if r == "coder" && pc.CoderModel != "" {
			spec.Model = pc.CoderModel
		}
		pc.Phases = append(pc.Phases, spec)
	}
	return nil
}
