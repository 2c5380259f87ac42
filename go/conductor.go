package fourx

import "encoding/json"

// The conductor: the decisions of the 4x run loop as a functional core (conductor.* ops). A
// harness starts a run, executes each Decision (after its Prepare actions), appends the Events
// and writes the State, then hands back what happened as an Outcome:
//
//	step, err := fourx.Start(fourx.StartInput{Config: cfg, Feature: f, Now: now, Pid: os.Getpid()})
//	for err == nil && !step.Decision.Ends() {
//		outcome := execute(step.Decision) // run the agent, the hooks, the health check, ...
//		step, err = fourx.Apply(cfg, f, step.State, step.Loop, outcome, nil)
//	}
//
// The conductor never runs processes, reads files or the clock: facts and outcomes come in,
// decisions, prepare actions and events go out, and the loop is replayable.

// DecisionKind is the kind of a conductor decision: eight ask the harness to act, two end the
// run.
type DecisionKind string

// The 11 decision kinds.
const (
	DecisionRunAgent         DecisionKind = "run_agent"
	DecisionRunParallel      DecisionKind = "run_parallel"
	DecisionRunHelper        DecisionKind = "run_helper"
	DecisionRunHealthCheck   DecisionKind = "run_health_check"
	DecisionCaptureBaseline  DecisionKind = "capture_baseline"
	DecisionGather           DecisionKind = "gather"
	DecisionRunHooks         DecisionKind = "run_hooks"
	DecisionDiscoverFeatures DecisionKind = "discover_features"
	DecisionAwaitHuman       DecisionKind = "await_human"
	DecisionStop             DecisionKind = "stop"
	DecisionFinish           DecisionKind = "finish"
)

// Decision is what the conductor wants done next: a tagged struct whose Kind says which of the
// fields are set (the decision table of the conductor spec); Raw is the whole decision object,
// for the fields of the rarer kinds.
type Decision struct {
	Kind     DecisionKind `json:"kind"`
	Prepare  []Prepare    `json:"prepare,omitempty"`
	Phase    Phase        `json:"phase,omitempty"`
	Role     Role         `json:"role,omitempty"`
	SubPhase SubPhase     `json:"sub_phase,omitempty"`
	Round    int          `json:"round,omitempty"`

	// run_agent / run_parallel / run_helper
	Purpose           string          `json:"purpose,omitempty"`
	Iteration         int             `json:"iteration,omitempty"`
	Runner            string          `json:"runner,omitempty"`
	Model             string          `json:"model,omitempty"`
	Attempt           int             `json:"attempt,omitempty"`
	WaitMs            int64           `json:"wait_ms,omitempty"`
	TransientRetries  int             `json:"transient_retries,omitempty"`
	Collect           *Collect        `json:"collect,omitempty"`
	Guard             *string         `json:"guard,omitempty"`
	Angles            []int           `json:"angles,omitempty"`
	Agents            []ParallelAgent `json:"agents,omitempty"`
	ConditionalSource string          `json:"conditional_source,omitempty"`
	Partials          []string        `json:"partials,omitempty"`
	TimeoutS          int             `json:"timeout_s,omitempty"`
	Output            *FileRef        `json:"output,omitempty"`

	// capture_baseline
	File              *FileRef        `json:"file,omitempty"`
	Repos             json.RawMessage `json:"repos,omitempty"`
	CaptureBaseline   bool            `json:"capture_baseline,omitempty"`
	CaptureBaseCommit bool            `json:"capture_base_commit,omitempty"`

	// gather
	Need           []string `json:"need,omitempty"`
	WantRoundFiles []string `json:"round_files,omitempty"`

	// discover_features
	Report      *FileRef `json:"report,omitempty"`
	Max         int      `json:"max,omitempty"`
	Enrich      bool     `json:"enrich,omitempty"`
	AutoApprove bool     `json:"auto_approve,omitempty"`

	// run_health_check
	Commands []string `json:"commands,omitempty"`
	Recovery []string `json:"recovery,omitempty"`

	// run_hooks
	Timing string      `json:"timing,omitempty"`
	Action string      `json:"action,omitempty"`
	Hooks  []HookEntry `json:"hooks,omitempty"`

	// await_human (a human gate; answer with HumanReply or HumanTimeout)
	Gate      string   `json:"gate,omitempty"`
	Question  string   `json:"question,omitempty"`
	Options   []string `json:"options,omitempty"`
	TimeoutMs int64    `json:"timeout_ms,omitempty"`

	// run_agent: the one-shot run note; run_parallel (parallel review/test): the guards to run
	Note   string   `json:"note,omitempty"`
	Guards []string `json:"guards,omitempty"`

	// stop / finish
	Reason           string `json:"reason,omitempty"`
	Message          string `json:"message,omitempty"`
	Notify           string `json:"notify,omitempty"`
	ClearStopSignal  bool   `json:"clear_stop_signal,omitempty"`
	HarvestLearnings bool   `json:"harvest_learnings,omitempty"`

	Raw json.RawMessage `json:"-"`
}

// Ends reports whether the decision ends the run (stop or finish).
func (d Decision) Ends() bool {
	return d.Kind == DecisionStop || d.Kind == DecisionFinish
}

// UnmarshalJSON decodes a decision and keeps the whole object in Raw.
func (d *Decision) UnmarshalJSON(b []byte) error {
	type plain Decision
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	*d = Decision(p)
	d.Raw = append(json.RawMessage(nil), b...)
	return nil
}

// FileRef names one file: Dir "feature" (the feature directory) or "round" (the round
// directory of the decision's round), and the file name.
type FileRef struct {
	Dir  string `json:"dir"`
	File string `json:"file"`
}

// Collect names the files the harness reads back after an agent: in the feature directory and
// in the round directory of the decision's round.
type Collect struct {
	Feature []string `json:"feature,omitempty"`
	Round   []string `json:"round,omitempty"`
}

// ParallelAgent is one agent of a run_parallel decision: a deep sub-reviewer (Angles,
// Partial) or the reviewer / tester of parallel review/test (Runner, Model, Note).
type ParallelAgent struct {
	Role    Role   `json:"role"`
	Index   int    `json:"index"`
	Angles  []int  `json:"angles,omitempty"`
	Partial string `json:"partial,omitempty"`
	Runner  string `json:"runner,omitempty"`
	Model   string `json:"model,omitempty"`
	Note    string `json:"note,omitempty"`
}

// Prepare is one action the harness runs before a decision: clear_stop_signal, remove,
// write_json, write_text, review_package, acceptance_summary or tester_retry_cleanup. Dir is
// "feature" or "round".
type Prepare struct {
	Action string          `json:"action"`
	Dir    string          `json:"dir,omitempty"`
	File   string          `json:"file,omitempty"`
	Value  json.RawMessage `json:"value,omitempty"`
	Text   string          `json:"text,omitempty"`
}

// Loop is the conductor's memory between calls besides the State: opaque, passed back
// unchanged.
type Loop = json.RawMessage

// Facts is what the harness knows about the world right now (all optional).
type Facts struct {
	Interrupted         bool              `json:"interrupted,omitempty"`
	StopRequested       bool              `json:"stop_requested,omitempty"`
	RoundsSummaryExists bool              `json:"rounds_summary_exists,omitempty"`
	BaselineExists      bool              `json:"baseline_exists,omitempty"`
	TestStrategy        json.RawMessage   `json:"test_strategy,omitempty"`
	ChangedFiles        []ChangedFile     `json:"changed_files,omitempty"`
	RoundFiles          map[string]string `json:"round_files,omitempty"`
}

// Step is the result of Start, Next and Apply: the decision, the state to write, the loop to
// pass back, and the events to append in order (without ts: workspace.append_event stamps it).
type Step struct {
	Decision Decision `json:"decision"`
	State    State    `json:"state"`
	Loop     Loop     `json:"loop"`
	Events   []Event  `json:"events"`
}

// StartInput is conductor.start's input. State is the existing state.json (nil for a new
// run); Now is the harness's clock (RFC 3339), needed for a new state's createdAt.
type StartInput struct {
	Config         Config              `json:"config"`
	Feature        Feature             `json:"feature"`
	State          *State              `json:"state,omitempty"`
	Runner         string              `json:"runner,omitempty"`
	MaxRounds      int                 `json:"max_rounds,omitempty"`
	ProfileName    string              `json:"profile_name,omitempty"`
	RunOverrides   map[Phase]PhaseSpec `json:"run_overrides,omitempty"`
	ForceAllAngles bool                `json:"force_all_angles,omitempty"`
	Now            string              `json:"now"`
	Pid            int                 `json:"pid"`
	PidAlive       bool                `json:"pid_alive,omitempty"`
	FeatureFiles   map[string]string   `json:"feature_files,omitempty"`
	RoundFiles     map[string]string   `json:"round_files,omitempty"`
	Facts          *Facts              `json:"facts,omitempty"`
	// Events is the feature's events log on resume: it seeds the iteration counters and the
	// amounts a budget counts.
	Events []Event `json:"events,omitempty"`
	// Note is the run note (4x --note), given once to the next agent.
	Note string `json:"note,omitempty"`
}

// Start builds or recovers the state and returns the first decision (conductor.start).
func Start(in StartInput) (Step, error) {
	var out Step
	err := callInto("conductor.start", in, &out)
	return out, err
}

// Next is the top of the loop on a loop whose step is "top" (conductor.next).
func Next(cfg Config, f Feature, s State, loop Loop, facts *Facts) (Step, error) {
	in := struct {
		Config  Config  `json:"config"`
		Feature Feature `json:"feature"`
		State   State   `json:"state"`
		Loop    Loop    `json:"loop"`
		Facts   *Facts  `json:"facts,omitempty"`
	}{cfg, f, s, loop, facts}
	var out Step
	err := callInto("conductor.next", in, &out)
	return out, err
}

// Apply folds the outcome of the pending decision into the state and returns the next decision
// (conductor.apply). An outcome that does not answer the pending decision is ErrInvalidInput;
// an agent outcome that reaches the artifact step without its guard result is
// ErrMissingEvidence.
func Apply(cfg Config, f Feature, s State, loop Loop, outcome Outcome, facts *Facts) (Step, error) {
	in := struct {
		Config  Config  `json:"config"`
		Feature Feature `json:"feature"`
		State   State   `json:"state"`
		Loop    Loop    `json:"loop"`
		Outcome Outcome `json:"outcome"`
		Facts   *Facts  `json:"facts,omitempty"`
	}{cfg, f, s, loop, outcome, facts}
	var out Step
	err := callInto("conductor.apply", in, &out)
	return out, err
}

// ResumeResult is conductor.resume's answer: the recovered state, whether a manual phase was
// consumed, whether RecoverTo was applied (From → To), and the resulting sub-phase.
type ResumeResult struct {
	State               State    `json:"state"`
	ManualPhaseConsumed bool     `json:"manual_phase_consumed"`
	Recovered           bool     `json:"recovered"`
	From                Phase    `json:"from"`
	To                  Phase    `json:"to"`
	SubPhase            SubPhase `json:"sub_phase"`
}

// Resume decides where a resumed run continues from the files on disk (conductor.resume, Go
// RecoverState): featureFiles and roundFiles map file names to their texts.
func Resume(cfg Config, f Feature, s State, featureFiles, roundFiles map[string]string) (ResumeResult, error) {
	in := struct {
		Config       Config            `json:"config"`
		Feature      Feature           `json:"feature"`
		State        State             `json:"state"`
		FeatureFiles map[string]string `json:"feature_files,omitempty"`
		RoundFiles   map[string]string `json:"round_files,omitempty"`
	}{cfg, f, s, featureFiles, roundFiles}
	var out ResumeResult
	err := callInto("conductor.resume", in, &out)
	return out, err
}

// OutcomeKind is the kind of an outcome; each answers one pending decision kind.
type OutcomeKind string

// The outcome kinds.
const (
	OutcomeAgentExit    OutcomeKind = "agent_exit"
	OutcomeParallelExit OutcomeKind = "parallel_exit"
	OutcomeHelperExit   OutcomeKind = "helper_exit"
	OutcomeHealthCheck  OutcomeKind = "health_check"
	OutcomeBaseline     OutcomeKind = "baseline"
	OutcomeGathered     OutcomeKind = "gathered"
	OutcomeHooks        OutcomeKind = "hooks"
	OutcomeDiscovered   OutcomeKind = "discovered"
	OutcomeHumanReply   OutcomeKind = "human_reply"
	OutcomeHumanTimeout OutcomeKind = "human_timeout"
)

// Outcome is what the executed decision produced (the input `outcome` of conductor.apply); Kind
// says which fields apply. The constructors AgentExit, HooksDone, HealthCheckDone,
// BaselineDone and HelperDone build the common ones.
type Outcome struct {
	Kind         OutcomeKind       `json:"kind"`
	ExitCode     int               `json:"exit_code,omitempty"`
	Error        string            `json:"error,omitempty"`
	Interrupted  bool              `json:"interrupted,omitempty"`
	StderrTail   string            `json:"stderr_tail,omitempty"`
	Stats        *RunStats         `json:"stats,omitempty"`
	Guard        *GuardResult      `json:"guard,omitempty"`
	FeatureFiles map[string]string `json:"feature_files,omitempty"`
	RoundFiles   map[string]string `json:"round_files,omitempty"`
	Results      []ParallelResult  `json:"results,omitempty"`
	OK           *bool             `json:"ok,omitempty"`
	BaseCommit   string            `json:"base_commit,omitempty"`
	ChangedFiles []ChangedFile     `json:"changed_files,omitempty"`
	Created      []string          `json:"created,omitempty"`
	// TestingGuard is the testing guard's result of parallel review/test (Guard is its scope
	// guard).
	TestingGuard *GuardResult `json:"testing_guard,omitempty"`
	// Answer is a human_reply's answer: approve, reject, or a note for the next agent.
	Answer string `json:"answer,omitempty"`
}

// RunStats is an agent run's usage.
type RunStats struct {
	TokensUsed int     `json:"tokens_used"`
	CostUSD    float64 `json:"cost_usd"`
	DurationMs int64   `json:"duration_ms"`
}

// GuardResult is the result of the guard a run_agent decision named ("scope" or "testing").
type GuardResult struct {
	Pass           bool     `json:"pass"`
	Errors         []string `json:"errors"`
	AllRetryable   bool     `json:"all_retryable,omitempty"`
	SelfModTouched bool     `json:"self_mod_touched,omitempty"`
	SelfModPaths   []string `json:"self_mod_paths,omitempty"`
}

// ParallelResult is one sub-reviewer's exit in a parallel_exit outcome.
type ParallelResult struct {
	Index    int       `json:"index"`
	ExitCode int       `json:"exit_code"`
	Error    string    `json:"error,omitempty"`
	Stats    *RunStats `json:"stats,omitempty"`
}

// AgentExit is the outcome of a run_agent decision whose runner exited with exitCode, with the
// files the decision's Collect named (feature and round directory, name → text).
func AgentExit(exitCode int, featureFiles, roundFiles map[string]string) Outcome {
	return Outcome{Kind: OutcomeAgentExit, ExitCode: exitCode, FeatureFiles: featureFiles, RoundFiles: roundFiles}
}

// HooksDone is the outcome of a run_hooks decision.
func HooksDone(ok bool) Outcome {
	return Outcome{Kind: OutcomeHooks, OK: &ok}
}

// HealthCheckDone is the outcome of a run_health_check decision (errMsg when !ok).
func HealthCheckDone(ok bool, errMsg string) Outcome {
	return Outcome{Kind: OutcomeHealthCheck, OK: &ok, Error: errMsg}
}

// BaselineDone is the outcome of a capture_baseline decision with the scope root's HEAD.
func BaselineDone(ok bool, baseCommit string) Outcome {
	return Outcome{Kind: OutcomeBaseline, OK: &ok, BaseCommit: baseCommit}
}

// HumanReply is the outcome of an await_human decision that a person answered.
func HumanReply(answer string) Outcome {
	return Outcome{Kind: OutcomeHumanReply, Answer: answer}
}

// HumanTimeout is the outcome of an await_human decision nobody answered in time.
func HumanTimeout() Outcome {
	return Outcome{Kind: OutcomeHumanTimeout}
}

// Rebuilt is the step of a run that its events recorded (conductor.rebuild / conductor.fork):
// the state, loop and decision of a call, and Keep, the number of events up to its checkpoint.
type Rebuilt struct {
	State    State    `json:"state"`
	Loop     Loop     `json:"loop"`
	Decision Decision `json:"decision"`
	Keep     int      `json:"keep"`
}

// Rebuild gives the step of a run after its last complete call from its events
// (conductor.rebuild); ErrNotFound for a log without checkpoints.
func Rebuild(cfg Config, f Feature, events []Event) (Rebuilt, error) {
	in := struct {
		Config  Config  `json:"config"`
		Feature Feature `json:"feature"`
		Events  []Event `json:"events"`
	}{cfg, f, events}
	var out Rebuilt
	err := callInto("conductor.rebuild", in, &out)
	return out, err
}

// Fork gives the step a run had at event index at (conductor.fork), to re-run from there.
func Fork(cfg Config, f Feature, events []Event, at int) (Rebuilt, error) {
	in := struct {
		Config  Config  `json:"config"`
		Feature Feature `json:"feature"`
		Events  []Event `json:"events"`
		At      int     `json:"at"`
	}{cfg, f, events, at}
	var out Rebuilt
	err := callInto("conductor.fork", in, &out)
	return out, err
}

// HelperDone is the outcome of a run_helper decision (its result is ignored).
func HelperDone() Outcome {
	ok := true
	return Outcome{Kind: OutcomeHelperExit, OK: &ok}
}
