package fourx

/*
#include <stdint.h>
#include <stdlib.h>
#include "fourx.h"

// fourxGoAgent is exported by run_export.go.
extern char *fourxGoAgent(uintptr_t handle, fourx_agent_call *call);

static const char *fourx_go_agent(void *user, const fourx_agent_call *call) {
	return fourxGoAgent((uintptr_t)user, (fourx_agent_call *)call);
}

static enum fourx_status fourx_go_run(const char *options, uintptr_t handle, fourx_buf *out) {
	return fourx_run(options, fourx_go_agent, (void *)handle, out);
}
*/
import "C"

import (
	"context"
	"encoding/json"
	"runtime/cgo"
	"unsafe"
)

// AgentCall is one agent run the conductor asked for (docs/spec/runner.md §2).
type AgentCall struct {
	Role       string  `json:"role"`
	Phase      string  `json:"phase"`
	Purpose    string  `json:"purpose"`
	SubPhase   string  `json:"sub_phase"`
	Round      int64   `json:"round"`
	Iteration  int64   `json:"iteration"`
	Attempt    int64   `json:"attempt"`
	Runner     string  `json:"runner"`
	Model      string  `json:"model"`
	FeatureDir string  `json:"feature_dir"`
	RoundDir   string  `json:"round_dir"`
	Partial    string  `json:"partial"`
	Angles     []int64 `json:"angles"`
}

// AgentStats are the statistics of one agent run.
type AgentStats struct {
	TokensUsed int64   `json:"tokens_used,omitempty"`
	CostUSD    float64 `json:"cost_usd,omitempty"`
	DurationMs int64   `json:"duration_ms,omitempty"`
}

// AgentResult is what the agent did: its exit code (1 soft fail, 2 hard error), optional
// statistics, its transcript (checked against the router contract of the cc10x agent its role
// maps to), Error when it could not run at all, Interrupted when the run was cancelled.
type AgentResult struct {
	ExitCode    int         `json:"exit_code"`
	Stats       *AgentStats `json:"stats,omitempty"`
	Transcript  string      `json:"transcript,omitempty"`
	Error       string      `json:"error,omitempty"`
	StderrTail  string      `json:"stderr_tail,omitempty"`
	Interrupted bool        `json:"interrupted,omitempty"`
}

// RunOptions say what to run: the workspace Root, the FeatureID and the Agent (the harness's
// only part); the rest is optional (Config nil reads .4x/settings.json; Store nil is the .4x
// files, e.g. map[string]any{"kind": "postgres", "url": ..., "schema": ...}).
type RunOptions struct {
	Root         string
	FeatureID    string
	Agent        func(AgentCall) AgentResult
	Config       any
	Profile      string
	Store        any
	Runner       string
	MaxRounds    int
	Holder       string
	TTLMs        int64
	HookTimeoutS int64
}

// RunResult is how the run ended.
type RunResult struct {
	Phase       string            `json:"phase"`
	StopReason  string            `json:"stop_reason"`
	StopMessage string            `json:"stop_message"`
	Decisions   []json.RawMessage `json:"decisions"`
	State       json.RawMessage   `json:"state"`
	Notify      string            `json:"notify"`
	Question    *string           `json:"question"`
	Warnings    []string          `json:"warnings"`
}

// LastKind is the kind of the last decision ("finish", "stop", "await_human").
func (r *RunResult) LastKind() string {
	if len(r.Decisions) == 0 {
		return ""
	}
	var d struct {
		Kind string `json:"kind"`
	}
	_ = json.Unmarshal(r.Decisions[len(r.Decisions)-1], &d)
	return d.Kind
}

// runState is what the C callback reaches through its cgo.Handle.
type runState struct {
	ctx    context.Context
	agent  func(AgentCall) AgentResult
	answer *C.char // the last answer, freed when the next is made and when Run returns
	err    error
}

func (s *runState) reply(r AgentResult) *C.char {
	if s.answer != nil {
		C.free(unsafe.Pointer(s.answer))
		s.answer = nil
	}
	b, err := json.Marshal(r)
	if err != nil {
		s.err = err
		return nil
	}
	s.answer = C.CString(string(b))
	return s.answer
}

// Run drives one feature to the end of its run with fourx's runner (libfourx's fourx_run): every
// decision of the conductor is executed — state and events through the run store with the
// lease, prepare actions, git, hooks and health checks, guards, discovered features, resume
// after a crash — and opts.Agent runs whenever an agent has to. A cancelled ctx makes the next
// agent call report an interrupt, so the run stops with stop reason "interrupted". A run that
// ends with stop is a result, not an error; a feature another live run holds is
// ErrFeatureActive.
func Run(ctx context.Context, opts RunOptions) (*RunResult, error) {
	if opts.Agent == nil {
		return nil, newError(KindNullArg, "RunOptions.Agent must not be nil", "agent")
	}
	o := map[string]any{"root": opts.Root, "feature_id": opts.FeatureID}
	set := func(k string, v any, present bool) {
		if present {
			o[k] = v
		}
	}
	set("config", opts.Config, opts.Config != nil)
	set("profile", opts.Profile, opts.Profile != "")
	set("store", opts.Store, opts.Store != nil)
	set("runner", opts.Runner, opts.Runner != "")
	set("max_rounds", opts.MaxRounds, opts.MaxRounds != 0)
	set("holder", opts.Holder, opts.Holder != "")
	set("ttl_ms", opts.TTLMs, opts.TTLMs != 0)
	set("hook_timeout_s", opts.HookTimeoutS, opts.HookTimeoutS != 0)
	input, err := marshalInput(o)
	if err != nil {
		return nil, err
	}
	state := &runState{ctx: ctx, agent: opts.Agent}
	h := cgo.NewHandle(state)
	defer h.Delete()
	defer func() {
		if state.answer != nil {
			C.free(unsafe.Pointer(state.answer))
		}
	}()
	cOpts := C.CString(string(input))
	defer C.free(unsafe.Pointer(cOpts))
	var out C.struct_fourx_buf
	status := C.fourx_go_run(cOpts, C.uintptr_t(h), &out)
	raw, err := finish(C.enum_fourx_status(status), takeBuf(&out))
	if state.err != nil {
		return nil, state.err
	}
	if err != nil {
		return nil, err
	}
	var r RunResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return nil, newError(KindInvalidJSON, "fourx_run: the result does not decode: "+err.Error(), "")
	}
	return &r, nil
}
