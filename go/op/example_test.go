package op_test

import (
	"encoding/json"
	"errors"
	"fmt"

	fourx "example.invalid/fourx"
	"example.invalid/fourx/op"
)

// An op through its typed function: optional keys are pointers (op.Ptr), word tables are
// constants, errors are fourx's.
func Example() {
	s := op.State{FeatureID: op.Ptr("F001-login"), Phase: op.Ptr(op.PhaseCoding), Round: op.Ptr(1), MaxRounds: op.Ptr(3)}
	moved, err := op.StateTransition(op.StateTransitionInput{State: s, To: op.PhaseReviewing, Role: op.Ptr("reviewer")})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(*moved.State.Phase, *moved.State.Role)

	_, err = op.StateTransition(op.StateTransitionInput{State: moved.State, To: op.PhaseInit})
	fmt.Println(errors.Is(err, fourx.ErrInvalidTransition))
	// Output:
	// reviewing reviewer
	// true
}

// A tagged union holds one variant in Value; its tag is the variant's, written and checked by
// the variant's methods.
func ExampleDecision() {
	var d op.Decision
	doc := `{"kind":"stop","phase":"done","round":2,"reason":"done","message":"","notify":"success"}`
	if err := json.Unmarshal([]byte(doc), &d); err != nil {
		fmt.Println(err)
		return
	}
	switch v := d.Value.(type) {
	case op.Stop:
		fmt.Println(d.Kind(), v.Phase, v.Reason)
	default:
		fmt.Println("another decision:", d.Kind())
	}
	again, _ := json.Marshal(op.Decision{Value: op.Stop{Phase: op.PhaseDone, Round: 2, Reason: "done", Notify: op.NotifyLevelSuccess}})
	fmt.Println(string(again))

	err := json.Unmarshal([]byte(`{"kind":"stop","phase":"done","reason":"done","extra":1}`), &d)
	fmt.Println(err != nil) // a key the catalog does not list
	// Output:
	// stop done done
	// {"kind":"stop","phase":"done","round":2,"reason":"done","message":"","notify":"success"}
	// true
}
