package fourx

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strconv"
)

// ErrorKind is one word of the closed set of error kinds shared by Rust, C, Python and Go
// (core/src/error.rs, docs/spec/CONVENTIONS.md §Errors). The constants and their sentinels are
// generated into errors_gen.go from the core's one error table.
type ErrorKind string

// Error is every failure of fourx: the stable Kind, a human Message naming what was wrong, the
// offending input Field where one is known (with every one in Fields when the error names
// several, e.g. all the missing fields of a contract), and for a few kinds (fold_conflict) a structured
// Result (the blueprint fold account).
//
// Test the kind with errors.Is against the sentinels (errors.Is(err, fourx.ErrInvalidTransition))
// or read it with errors.As:
//
//	var fe *fourx.Error
//	if errors.As(err, &fe) && fe.Kind == fourx.KindInvalidTransition { ... }
type Error struct {
	Kind    ErrorKind       `json:"kind"`
	Message string          `json:"message"`
	Field   string          `json:"field,omitempty"`
	Fields  []string        `json:"fields,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`

	sentinel bool
}

// Error renders "kind: message" (the same text as the Rust Display).
func (e *Error) Error() string {
	if e.Message == "" {
		return string(e.Kind)
	}
	return string(e.Kind) + ": " + e.Message
}

// Is reports whether target is the sentinel of e's kind (errors.Is(err, ErrNotFound)), or an
// *Error equal to e in kind, message and field.
//
// An error of kind not_found is also fs.ErrNotExist (errors.Is(err, fs.ErrNotExist)), where 4x's
// file functions return the os error of a missing file.
func (e *Error) Is(target error) bool {
	if target == fs.ErrNotExist {
		return e.Kind == KindNotFound
	}
	t, ok := target.(*Error)
	if !ok || t.Kind != e.Kind {
		return false
	}
	return t.sentinel || (t.Message == e.Message && t.Field == e.Field)
}

// sentinel is the errors.Is target of one kind.
func sentinel(kind ErrorKind) *Error {
	return &Error{Kind: kind, sentinel: true}
}

// Known reports whether k is a kind of the closed set.
func (k ErrorKind) Known() bool {
	_, ok := kindSentinels[k]
	return ok
}

// Sentinel is the errors.Is target of k (nil for a word outside the closed set).
func (k ErrorKind) Sentinel() error {
	if s, ok := kindSentinels[k]; ok {
		return s
	}
	return nil
}

// AllErrorKinds lists every kind in the order of the core's table.
func AllErrorKinds() []ErrorKind {
	out := make([]ErrorKind, len(allKinds))
	copy(out, allKinds)
	return out
}

var kindSentinels = func() map[ErrorKind]*Error {
	m := make(map[ErrorKind]*Error, len(allKinds))
	for i, k := range allKinds {
		m[k] = allSentinels[i]
	}
	return m
}()

func newError(kind ErrorKind, message, field string) *Error {
	return &Error{Kind: kind, Message: message, Field: field}
}

// decodeError reads the error document {"error":{kind,message,field?,fields?,result?}} of a failed call.
// A document that cannot be read (it never happens with a correct libfourx) is still an *Error,
// kind panic, naming the status: no failure is lost and nothing panics.
func decodeError(status int, doc []byte) *Error {
	var wrap struct {
		Error *Error `json:"error"`
	}
	if err := json.Unmarshal(doc, &wrap); err != nil || wrap.Error == nil || wrap.Error.Kind == "" {
		return newError(KindPanic, fmt.Sprintf("libfourx returned status %d with an unreadable error document %s", status, quote(string(doc))), "")
	}
	return wrap.Error
}

func quote(s string) string {
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return strconv.Quote(s)
}

func typeName(v any) string {
	return fmt.Sprintf("%T", v)
}
