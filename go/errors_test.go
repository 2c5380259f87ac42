package fourx_test

import (
	"encoding/json"
	"errors"
	"testing"

	fourx "example.invalid/fourx"
)

func TestErrors_AreValuesWithKindMessageField(t *testing.T) {
	_, err := fourx.Transition(fourx.State{FeatureID: "F1", Phase: fourx.PhaseInit}, fourx.PhaseTesting, fourx.RoleTester)
	if err == nil {
		t.Fatal("Transition(init → testing) succeeded, want invalid_transition")
	}
	var fe *fourx.Error
	if !errors.As(err, &fe) {
		t.Fatalf("err = %T, want *fourx.Error", err)
	}
	if fe.Kind != fourx.KindInvalidTransition {
		t.Errorf("Kind = %s, want invalid_transition", fe.Kind)
	}
	if fe.Message == "" {
		t.Error("Message is empty")
	}
	if got, want := fe.Error(), "invalid_transition: "+fe.Message; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestErrors_IsMatchesTheSentinelOfItsKindOnly(t *testing.T) {
	_, err := fourx.Call("no.such.op", nil)
	if !errors.Is(err, fourx.ErrUnknownOp) {
		t.Errorf("errors.Is(%v, ErrUnknownOp) = false, want true", err)
	}
	if errors.Is(err, fourx.ErrInvalidInput) {
		t.Errorf("errors.Is(%v, ErrInvalidInput) = true, want false", err)
	}
}

func TestErrors_FieldNamesTheOffendingInput(t *testing.T) {
	_, err := fourx.Call("router.parse_task_metadata", map[string]string{"description": "kind:workflow\n\nbody"})
	var fe *fourx.Error
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v, want a *fourx.Error", err)
	}
	if fe.Kind != fourx.KindMissingField || fe.Field == "" {
		t.Errorf("got kind %s field %q, want missing_field with a field", fe.Kind, fe.Field)
	}
}

func TestErrors_AContractErrorListsEveryMissingField(t *testing.T) {
	out := "### Router Contract (MACHINE-READABLE)\n```yaml\nSTATUS: COMPLETE\n```\n"
	_, err := fourx.Call("router.parse_write_contract", map[string]string{"agent": "doc-syncer", "output": out})
	var fe *fourx.Error
	if !errors.As(err, &fe) {
		t.Fatalf("err = %v, want a *fourx.Error", err)
	}
	if fe.Kind != fourx.KindMissingField || len(fe.Fields) != 8 || fe.Field != fe.Fields[0] {
		t.Errorf("got kind %s field %q fields %v, want missing_field naming all 8 missing fields", fe.Kind, fe.Field, fe.Fields)
	}
	if fe.Fields[len(fe.Fields)-1] != "MEMORY_NOTES" {
		t.Errorf("fields %v do not end with MEMORY_NOTES (table order)", fe.Fields)
	}
}

func TestErrors_EverySentinelIsDistinctAndKnown(t *testing.T) {
	kinds := fourx.AllErrorKinds()
	if len(kinds) < 50 {
		t.Fatalf("AllErrorKinds() has %d kinds", len(kinds))
	}
	seen := map[fourx.ErrorKind]bool{}
	for _, k := range kinds {
		if seen[k] {
			t.Errorf("kind %s listed twice", k)
		}
		seen[k] = true
		if !k.Known() || k.Sentinel() == nil {
			t.Errorf("kind %s has no sentinel", k)
		}
		for _, other := range kinds {
			e := &fourx.Error{Kind: k, Message: "m"}
			if got, want := errors.Is(e, other.Sentinel()), k == other; got != want {
				t.Errorf("errors.Is(%s error, %s sentinel) = %v, want %v", k, other, got, want)
			}
		}
	}
	if fourx.ErrorKind("no_such_kind").Known() {
		t.Error("an unknown word is Known()")
	}
}

// The sentinels are generated from the core's table (make docs); the library's own catalog
// names only kinds of that table.
func TestErrors_CatalogKindsAreAllGenerated(t *testing.T) {
	raw, err := fourx.Call("meta.catalog", nil)
	if err != nil {
		t.Fatal(err)
	}
	var cat struct {
		Ops []struct {
			Name   string   `json:"name"`
			Errors []string `json:"errors"`
		} `json:"ops"`
	}
	if err := json.Unmarshal(raw, &cat); err != nil {
		t.Fatal(err)
	}
	if len(cat.Ops) == 0 {
		t.Fatal("meta.catalog lists no op")
	}
	for _, op := range cat.Ops {
		for _, k := range op.Errors {
			if !fourx.ErrorKind(k).Known() {
				t.Errorf("%s names kind %q that errors_gen.go lacks: run make docs", op.Name, k)
			}
		}
	}
}

func TestErrors_NonObjectInputIsInvalidInput(t *testing.T) {
	tests := []struct {
		name string
		in   json.RawMessage
	}{
		{"array", json.RawMessage(`[]`)},
		{"string", json.RawMessage(`"x"`)},
		{"null", json.RawMessage(`null`)},
		{"broken JSON", json.RawMessage(`{"from":`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := fourx.Call("state.can_transition", tt.in)
			if !errors.Is(err, fourx.ErrInvalidInput) {
				t.Errorf("Call(state.can_transition, %s) error = %v, want invalid_input", tt.in, err)
			}
		})
	}
}

func TestErrors_UnencodableInputNeverReachesTheLibrary(t *testing.T) {
	_, err := fourx.Call("state.can_transition", map[string]any{"from": make(chan int)})
	if !errors.Is(err, fourx.ErrInvalidInput) {
		t.Errorf("error = %v, want invalid_input", err)
	}
}

func TestErrors_OpNameWithNULIsUnknownOp(t *testing.T) {
	_, err := fourx.Call("meta.version\x00x", nil)
	if !errors.Is(err, fourx.ErrUnknownOp) {
		t.Errorf("error = %v, want unknown_op", err)
	}
}
