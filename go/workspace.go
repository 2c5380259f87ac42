package fourx

// The workspace handle (fourx_workspace): the run state of one .4x workspace — state.json, the
// event log, the stop signal and feature claims — in the store it was opened on. The clock is
// the caller's: the methods that write stamp the current time here, in Go, and hand it to the
// core, which reads no clock of its own.

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"time"
)

// Workspace is the .4x workspace under Root bound to its run-state store (fourx_workspace, 4x's
// protocol.Workspace): the run state (state, events, stop signal, claims) goes through the
// store; feature files, round directories and settings are the files under Root. Safe for
// concurrent use: the store orders concurrent writers (file locks, database transactions).
// Close it when done. As in 4x, &Workspace{Root: root} (or Find) is a workspace too: without a
// handle, its run state is the .4x files of Root through the plain ops, and Close does nothing.
type Workspace struct {
	// Root is the directory that holds .4x (as given to NewWorkspace).
	Root string
	// SkipAutoCommit is 4x's switch off its git auto-commit of feature status changes; fourx
	// never runs git, so the field changes nothing and is kept for 4x's programs.
	SkipAutoCommit bool
	h              *handle
}

// NewWorkspace opens the workspace at root on store: nil is the .4x files of root (byte-compatible
// with Go 4x); a map such as {"kind": "fs"} or {"kind": "postgres", "url": "postgresql://…",
// "schema": "fourx", "workspace": "default"} selects the core's run-state store (the database
// schema is created and migrated now; an unreachable server is an *Error here, never showing the
// URL). Feature files, round artifacts and settings always stay under root.
func NewWorkspace(root string, store any) (*Workspace, error) {
	cfg := map[string]any{"root": root}
	if store != nil {
		cfg["store"] = store
	}
	h, err := newHandle(kindWorkspace, cfg)
	if err != nil {
		return nil, err
	}
	return &Workspace{Root: root, h: h}, nil
}

// Lease is the fence a granted Claim returns; a write that presents it is refused with
// ErrLeaseLost once a newer holder owns the feature.
type Lease = json.RawMessage

// Claim is the outcome of Workspace.Claim: Granted with its Lease, or the Holder that keeps the
// feature and how long its claim still runs.
type Claim struct {
	Granted     bool   `json:"granted"`
	Lease       Lease  `json:"lease"`
	Holder      string `json:"holder"`
	ExpiresInMs int64  `json:"expires_in_ms"`
}

// EventsCheck is workspace.check_events: the lines of the event log, how many are events, and
// a warning per line that is not.
type EventsCheck struct {
	Lines    int      `json:"lines"`
	Events   int      `json:"events"`
	Warnings []string `json:"warnings"`
}

func (w *Workspace) handle() *handle {
	if w == nil {
		return nil
	}
	return w.h
}

// run runs one run-state op: through the handle NewWorkspace opened, or, for a Workspace made
// as 4x makes one (&Workspace{Root: root}, Find), as the plain op on the .4x files of Root.
func (w *Workspace) run(op string, in any) (json.RawMessage, error) {
	if w != nil && w.h == nil && w.Root != "" {
		return callWithRoot(op, in, w.Root)
	}
	return w.handle().call(op, in)
}

// callWithRoot runs the plain op on in with its "root" key set to root (a Workspace or
// CachedWorkspace made without a handle, as 4x makes one).
func callWithRoot(op string, in any, root string) (json.RawMessage, error) {
	m, err := rawMap(in)
	if err != nil {
		return nil, err
	}
	text, _ := json.Marshal(root)
	m["root"] = text
	return Call(op, m)
}

func (w *Workspace) callInto(op string, in any, out any) error {
	raw, err := w.run(op, in)
	if err != nil {
		return err
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return newError(KindInvalidJSON, op+": the result does not decode into "+typeName(out)+": "+err.Error(), "")
	}
	return nil
}

// Call runs one run-state op on the bound workspace (workspace.read_state, write_state,
// append_event, request_stop, stop_requested, clear_stop, total_cost, check_events,
// worktree_path, claim, release, export, import): the plain op's input without root and store.
//
// A Workspace made as 4x makes one (&Workspace{Root: root}, or Find) has no handle: its run-state
// ops are the plain ops on the .4x files of Root (the store NewWorkspace(root, nil) opens).
func (w *Workspace) Call(op string, in any) (json.RawMessage, error) {
	return w.run(op, in)
}

// ReadState reads the feature's state (ErrNotFound before the first write).
func (w *Workspace) ReadState(featureID string) (State, error) {
	var out struct {
		State State `json:"state"`
	}
	err := w.callInto("workspace.read_state", map[string]string{"feature_id": featureID}, &out)
	return out.State, err
}

// WriteState writes the feature's state, stamping UpdatedAt (and CreatedAt on the first write)
// with the current time; the feature directory must exist.
func (w *Workspace) WriteState(featureID string, s State) error {
	return w.WriteStateLeased(featureID, s, nil)
}

// WriteStateLeased is WriteState fenced by a Claim's lease (nil: no fence).
func (w *Workspace) WriteStateLeased(featureID string, s State, lease Lease) error {
	in := map[string]any{"feature_id": featureID, "state": s, "now": nowText()}
	if lease != nil {
		in["lease"] = lease
	}
	return w.callInto("workspace.write_state", in, nil)
}

// AppendEvent appends e to the feature's event log (Timestamp "" is stamped now).
func (w *Workspace) AppendEvent(featureID string, e Event) error {
	return w.AppendEventLeased(featureID, e, nil)
}

// AppendEventLeased is AppendEvent fenced by a Claim's lease (nil: no fence).
func (w *Workspace) AppendEventLeased(featureID string, e Event, lease Lease) error {
	in := map[string]any{"feature_id": featureID, "event": e, "now": nowText()}
	if lease != nil {
		in["lease"] = lease
	}
	return w.callInto("workspace.append_event", in, nil)
}

// RequestStop asks the feature's run to stop.
func (w *Workspace) RequestStop(featureID string) error {
	return w.callInto("workspace.request_stop", map[string]string{"feature_id": featureID}, nil)
}

// StopRequested reports whether a stop was requested (4x's signature: a store that cannot be
// read answers false, as 4x's missing signal file does).
func (w *Workspace) StopRequested(featureID string) bool {
	var out struct {
		Requested bool `json:"requested"`
	}
	if err := w.callInto("workspace.stop_requested", map[string]string{"feature_id": featureID}, &out); err != nil {
		return false
	}
	return out.Requested
}

// ClearStopSignal withdraws a stop request; none pending is not an error.
func (w *Workspace) ClearStopSignal(featureID string) error {
	return w.callInto("workspace.clear_stop", map[string]string{"feature_id": featureID}, nil)
}

// WorktreePath is the worktree of the feature's last run (the last run-output event whose detail
// starts with "worktree: "); "" when there is none or the log cannot be read, as in 4x.
func (w *Workspace) WorktreePath(featureID string) string {
	var out struct {
		Path string `json:"worktree_path"`
	}
	if err := w.callInto("workspace.worktree_path", map[string]string{"feature_id": featureID}, &out); err != nil {
		return ""
	}
	return out.Path
}

// ReconcileActive clears s.Active (stop reason "process-gone" when none, Pid 0) when the run
// loop's process s.Pid is gone, and writes the corrected state through the store; nothing
// happens when s is not active or the process lives.
func (w *Workspace) ReconcileActive(featureID string, s *State) error {
	if s == nil || !s.Active {
		return nil
	}
	var alive struct {
		Alive bool `json:"alive"`
	}
	if err := callInto("workspace.process_alive", map[string]int{"pid": s.Pid}, &alive); err != nil {
		return err
	}
	var out struct {
		State   State `json:"state"`
		Changed bool  `json:"changed"`
	}
	in := map[string]any{"state": *s, "pid_alive": alive.Alive}
	if err := callInto("state.reconcile_active", in, &out); err != nil {
		return err
	}
	if !out.Changed {
		return nil
	}
	*s = out.State
	return w.WriteState(featureID, *s)
}

// rootPath runs one of the path ops on Root; "" when the op refuses the input (an id that is
// not a feature id).
func (w *Workspace) rootPath(op string, in map[string]any) string {
	in["root"] = w.Root
	var out struct {
		Path string `json:"path"`
	}
	if err := callInto(op, in, &out); err != nil {
		return ""
	}
	return out.Path
}

// DotDir is Root/.4x.
func (w *Workspace) DotDir() string {
	return w.rootPath("workspace.dot_dir", map[string]any{})
}

// FeatureDir is Root/.4x/<featureID> ("" for an id that is not a feature id).
func (w *Workspace) FeatureDir(featureID string) string {
	return w.rootPath("workspace.feature_dir", map[string]any{"feature_id": featureID})
}

// RoundDir is FeatureDir/rounds/round-<round> ("" for an id that is not a feature id).
func (w *Workspace) RoundDir(featureID string, round int) string {
	return w.rootPath("workspace.round_dir", map[string]any{"feature_id": featureID, "round": round})
}

// InitFeatureDir creates the feature's run directory (with rounds/).
func (w *Workspace) InitFeatureDir(featureID string) error {
	return callInto("workspace.init_feature_dir", map[string]string{"root": w.Root, "feature_id": featureID}, &struct{}{})
}

// ReadConfig reads Root/.4x/settings.json.
func (w *Workspace) ReadConfig() (Config, error) {
	var out struct {
		Config Config `json:"config"`
	}
	err := callInto("config.read", map[string]string{"root": w.Root}, &out)
	return out.Config, err
}

// LoadFeature reads Root/.4x/features/<id>.yaml.
func (w *Workspace) LoadFeature(id string) (Feature, error) {
	var out struct {
		Feature Feature `json:"feature"`
	}
	err := callInto("workspace.load_feature", map[string]string{"root": w.Root, "feature_id": id}, &out)
	return out.Feature, err
}

// ListFeatures reads every feature file, sorted by id (nil when there is none; a file that
// does not parse is left out, as in 4x).
func (w *Workspace) ListFeatures() ([]Feature, error) {
	var out struct {
		Features []Feature `json:"features"`
	}
	if err := callInto("workspace.list_features", map[string]string{"root": w.Root}, &out); err != nil {
		return nil, err
	}
	return nilIfEmpty(out.Features), nil
}

// SaveFeature writes the feature's YAML file.
func (w *Workspace) SaveFeature(f Feature) error {
	return callInto("workspace.save_feature", map[string]any{"root": w.Root, "feature": f}, &struct{}{})
}

// ResolveFeatureID finds the one feature id that prefix names (case-insensitive; an exact
// match wins): ErrNotFound for none, ErrAmbiguous for several.
func (w *Workspace) ResolveFeatureID(prefix string) (string, error) {
	var out struct {
		ID string `json:"feature_id"`
	}
	err := callInto("workspace.resolve_feature_id", map[string]string{"root": w.Root, "prefix": prefix}, &out)
	return out.ID, err
}

// TotalCost sums cost_usd over the feature's event log.
func (w *Workspace) TotalCost(featureID string) (float64, error) {
	var out struct {
		Total float64 `json:"total_cost_usd"`
	}
	err := w.callInto("workspace.total_cost", map[string]string{"feature_id": featureID}, &out)
	return out.Total, err
}

// CheckEvents checks every line of the feature's event log.
func (w *Workspace) CheckEvents(featureID string) (EventsCheck, error) {
	var out EventsCheck
	err := w.callInto("workspace.check_events", map[string]string{"feature_id": featureID}, &out)
	return out, err
}

// Claim asks for the feature for holder for ttl: granted with a lease, or refused naming the
// holder that keeps it.
func (w *Workspace) Claim(featureID, holder string, ttl time.Duration) (Claim, error) {
	in := map[string]any{"feature_id": featureID, "holder": holder, "ttl_ms": ttl.Milliseconds()}
	var out Claim
	err := w.callInto("workspace.claim", in, &out)
	return out, err
}

// Release gives the feature up (lease: the one Claim returned; nil on the .4x files, where a
// claim holds none).
func (w *Workspace) Release(featureID string, lease Lease) error {
	in := map[string]any{"feature_id": featureID}
	if lease != nil {
		in["lease"] = lease
	}
	return w.callInto("workspace.release", in, nil)
}

// Close frees the handle; the run state stays in its store. It waits for running calls; a
// later call is ErrNullArg; a second Close does nothing.
func (w *Workspace) Close() error {
	w.handle().close()
	return nil
}

// nowText is the current time as the ops read it (RFC 3339, UTC, nanoseconds).
func nowText() string {
	return time.Now().UTC().Format(time.RFC3339Nano)
}

// ResumeFiles is what a resume needs (workspace.resume_listing): the state and the texts of the
// fixed artifact names of the feature directory and of rounds/round-<state.Round>/ that exist,
// ready for Resume.
type ResumeFiles struct {
	State        State             `json:"state"`
	FeatureFiles map[string]string `json:"feature_files"`
	RoundFiles   map[string]string `json:"round_files"`
}

// ResumeListing reads what Resume needs for the feature from the .4x files under root.
func ResumeListing(root, featureID string) (ResumeFiles, error) {
	var out ResumeFiles
	err := callInto("workspace.resume_listing", map[string]string{"root": root, "feature_id": featureID}, &out)
	return out, err
}

// NewNonce is a fresh nonce as the ops want one (8 lower-case hex digits from crypto/rand): the
// randomness the core never draws itself, for blueprint.commit, gc, router.new_workflow_id and
// blueprint.revision_name.
func NewNonce() string {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		// crypto/rand does not fail on the supported platforms; a time-derived nonce keeps
		// the contract (8 hex digits) if it ever does.
		n := time.Now().UnixNano()
		b = [4]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}
	}
	return hex.EncodeToString(b[:])
}

// SyncFeatureStatus sets the feature file's status from phase (PhaseToStatus), saving the file
// only when the status changed.
func (w *Workspace) SyncFeatureStatus(featureID string, phase Phase) error {
	in := map[string]any{"root": w.Root, "feature_id": featureID, "phase": phase}
	return callInto("workspace.sync_feature_status", in, &struct{}{})
}

// FinalizeDone moves the feature from pending-review to done (state.FinalizeDone): under
// Workspace.UpdateState (the feature's claim held), the state read from the store (s is kept for
// 4x's signature only) transitions to done with Active false and stop reason "done" and is
// written back; a state already done is returned as it is, with nothing written or appended.
// Then the feature file's status follows (a failure there is not fatal, as in 4x) and a
// transition event is appended.
func FinalizeDone(ws *Workspace, featureID string, s State) (State, error) {
	_ = s
	already := false
	done, err := ws.UpdateState(featureID, func(cur *State) error {
		if cur.Phase == PhaseDone {
			already = true
			return ErrSkipStateWrite
		}
		var out struct {
			State State `json:"state"`
		}
		if err := callInto("state.finalize_done", map[string]State{"state": *cur}, &out); err != nil {
			return err
		}
		*cur = out.State
		return nil
	})
	if err != nil || already {
		return done, err
	}
	_ = ws.SyncFeatureStatus(featureID, PhaseDone)
	if err := ws.AppendEvent(featureID, Event{Type: "transition", Phase: PhaseDone, Round: done.Round}); err != nil {
		return State{}, err
	}
	return done, nil
}
