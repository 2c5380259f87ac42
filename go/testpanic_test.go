//go:build fourx_test_panic

package fourx

import (
	"errors"
	"testing"
)

// A panic inside libfourx never crosses into Go: it comes back as an *Error of kind panic.
func TestPanicInsideTheLibraryIsAnErrorValue(t *testing.T) {
	err := testPanic()
	var fe *Error
	if !errors.As(err, &fe) || !errors.Is(err, ErrPanic) {
		t.Fatalf("testPanic() = %v, want a *fourx.Error of kind panic", err)
	}
	if fe.Message == "" {
		t.Error("the panic error has no message")
	}
}
