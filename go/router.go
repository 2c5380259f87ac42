package fourx

import "encoding/json"

// Edition is the cc10x router edition a router function follows: Edition11 (the default),
// Edition127 or Edition1210 (the QA route). Every router function takes an optional edition;
// another value is ErrInvalidValue from the library.
type Edition string

// The router editions of the core's edition table.
const (
	Edition11   Edition = "11.0.0"
	Edition127  Edition = "12.7.0"
	Edition1210 Edition = "12.10.0"
)

// EditionForVersion is the edition a cc10x plugin version runs (router.edition_for_version):
// always an edition; exact is false for an unknown version (13.0.0, 12.9.x, text that is not a
// version), whose findings a host only warns about, never blocks on.
func EditionForVersion(version string) (edition Edition, exact bool, err error) {
	var out struct {
		Edition Edition `json:"edition"`
		Exact   bool    `json:"exact"`
	}
	if err := callInto("router.edition_for_version", map[string]string{"version": version}, &out); err != nil {
		return "", false, err
	}
	return out.Edition, out.Exact, nil
}

// editionArg is the optional edition of a router function: none (the library's default, 11.0.0)
// or exactly one.
func editionArg(editions []Edition) (Edition, error) {
	switch len(editions) {
	case 0:
		return "", nil
	case 1:
		return editions[0], nil
	}
	return "", newError(KindInvalidInput, "at most one edition may be given", "edition")
}

// AgentOutput is router.parse_output's verdict on one agent's output: Kind "readonly" with
// ReadOnly set, or "write" with Write set; Raw is the whole result as the library returned it.
// MayAdvance is the core's rule for "a harness may continue on this output" (read-only: passes
// and not blocking; write: passed or a soft pass; a researcher's valid contract never blocks).
type AgentOutput struct {
	Kind       string
	ReadOnly   *ReadOnlyOutput
	Write      *WriteContract
	Raw        json.RawMessage
	MayAdvance bool
}

// Passed reports whether the output lets the pipeline advance: a read-only agent passes and
// needs no inline verification; a write agent's contract passed.
func (o AgentOutput) Passed() bool {
	switch {
	case o.ReadOnly != nil:
		return o.ReadOnly.Passes && !o.ReadOnly.NeedsInlineVerification
	case o.Write != nil:
		return o.Write.Passed != nil && *o.Write.Passed
	}
	return false
}

// ReadOnlyOutput is the parsed output of a read-only agent (router.parse_readonly_output): the
// status it reports, its critical issues, and whether it passes.
type ReadOnlyOutput struct {
	Agent                   string          `json:"agent"`
	Source                  string          `json:"source"`
	EnvelopeError           *string         `json:"envelope_error"`
	HeadingStatus           string          `json:"heading_status"`
	ReportedStatus          string          `json:"reported_status"`
	Status                  string          `json:"status"`
	Blocking                bool            `json:"blocking"`
	CriticalIssues          []string        `json:"critical_issues"`
	CriticalCount           int             `json:"critical_count"`
	Intent                  json.RawMessage `json:"intent"`
	Checks                  []string        `json:"checks"`
	NeedsInlineVerification bool            `json:"needs_inline_verification"`
	Passes                  bool            `json:"passes"`
	MemoryNotes             json.RawMessage `json:"memory_notes"`
	SelfRemediated          bool            `json:"self_remediated"`
	RemediationSource       *string         `json:"remediation_source"`
	BlockingFindings        int             `json:"blocking_findings"`
	Scenarios               json.RawMessage `json:"scenarios"`
}

// WriteContract is the parsed contract of a write agent (router.parse_write_contract): Passed
// is nil when the contract cannot be judged.
type WriteContract struct {
	Agent          string          `json:"agent"`
	Status         string          `json:"status"`
	ClaimsPass     bool            `json:"claims_pass"`
	Passed         *bool           `json:"passed"`
	Violations     []string        `json:"violations"`
	SoftPass       bool            `json:"soft_pass"`
	MemoryNotes    json.RawMessage `json:"memory_notes"`
	Fields         json.RawMessage `json:"fields"`
	EscalateToFull bool            `json:"escalate_to_full"`
}

// ParseOutput validates any agent's output with the parser its agent needs
// (router.parse_output): the read-only parser or the write-contract parser. task, when not nil,
// is the task the agent ran (its metadata object) and is passed as `task`; edition (optional)
// selects the router edition. A malformed output is an *Error (ErrMissingContract,
// ErrMalformedContract, ErrTooShort, ErrUnknownAgent, ...).
func ParseOutput(agent, output string, task any, edition ...Edition) (AgentOutput, error) {
	ed, err := editionArg(edition)
	if err != nil {
		return AgentOutput{}, err
	}
	in := struct {
		Agent   string  `json:"agent"`
		Output  string  `json:"output"`
		Task    any     `json:"task,omitempty"`
		Edition Edition `json:"edition,omitempty"`
	}{agent, output, task, ed}
	var out struct {
		Kind       string          `json:"kind"`
		Result     json.RawMessage `json:"result"`
		MayAdvance bool            `json:"may_advance"`
	}
	if err := callInto("router.parse_output", in, &out); err != nil {
		return AgentOutput{}, err
	}
	res := AgentOutput{Kind: out.Kind, Raw: out.Result, MayAdvance: out.MayAdvance}
	switch out.Kind {
	case "write":
		res.Write = new(WriteContract)
		err = json.Unmarshal(out.Result, res.Write)
	default:
		res.ReadOnly = new(ReadOnlyOutput)
		err = json.Unmarshal(out.Result, res.ReadOnly)
	}
	if err != nil {
		return res, newError(KindInvalidJSON, "router.parse_output: "+err.Error(), "")
	}
	return res, nil
}

// TaskMetadata is the metadata block of a task description (router.parse_task_metadata):
// wf/kind/origin/phase/plan/scope/reason lines, then the body. Canonical reports whether the
// block was written in canonical form.
type TaskMetadata struct {
	WF        string  `json:"wf"`
	Kind      string  `json:"kind"`
	Origin    *string `json:"origin"`
	Phase     string  `json:"phase"`
	Plan      *string `json:"plan"`
	Scope     *string `json:"scope"`
	Reason    string  `json:"reason"`
	Body      string  `json:"body"`
	Canonical bool    `json:"canonical"`
}

// ParseTaskMetadata parses and validates the metadata block of a task description
// (router.parse_task_metadata); requireAll asks for every key to be present; edition (optional)
// selects the router edition.
func ParseTaskMetadata(description string, requireAll bool, edition ...Edition) (TaskMetadata, error) {
	ed, err := editionArg(edition)
	if err != nil {
		return TaskMetadata{}, err
	}
	in := struct {
		Description string  `json:"description"`
		RequireAll  bool    `json:"require_all"`
		Edition     Edition `json:"edition,omitempty"`
	}{description, requireAll, ed}
	var out TaskMetadata
	err = callInto("router.parse_task_metadata", in, &out)
	return out, err
}

// Route is the router's decision for a user request (router.route): in is the op's input
// (request, memory, workflows, ...) and the raw decision comes back; edition (optional) selects
// the router edition.
func Route(in map[string]any, edition ...Edition) (json.RawMessage, error) {
	return routerCall("router.route", in, edition)
}

// RouterCall runs any router op (router.*) with an optional edition added to its input (a map
// of the op's keys): the generic form of the typed router functions.
func RouterCall(op string, in map[string]any, edition ...Edition) (json.RawMessage, error) {
	return routerCall(op, in, edition)
}

func routerCall(op string, in map[string]any, edition []Edition) (json.RawMessage, error) {
	ed, err := editionArg(edition)
	if err != nil {
		return nil, err
	}
	if ed != "" {
		withEdition := make(map[string]any, len(in)+1)
		for k, v := range in {
			withEdition[k] = v
		}
		withEdition["edition"] = ed
		in = withEdition
	}
	if in == nil {
		in = map[string]any{}
	}
	return Call(op, in)
}
