package op

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	fourx "example.invalid/fourx"
)

// The helpers the generated code calls (hand-written; the generator's list of them is
// HAND_WRITTEN in core/tests/it/docs/go_gen.rs).

// Ptr is a pointer to v, for the optional keys of an input struct (MaxRounds: op.Ptr(3)).
func Ptr[T any](v T) *T {
	return &v
}

// call runs the op name on in (nil means `{}`) through fourx.Call and decodes its result into
// out strictly (decodeStrict). A result that does not decode is a fourx error of kind
// invalid_json naming the op: the library's output and the catalog's type disagree.
func call(name string, in any, out any) error {
	raw, err := fourx.Call(name, in)
	if err != nil {
		return err
	}
	if err := decodeStrict(raw, out); err != nil {
		return &fourx.Error{
			Kind:    fourx.KindInvalidJSON,
			Message: fmt.Sprintf("%s: the result does not decode into %T: %v", name, out, err),
		}
	}
	return nil
}

// decodeStrict decodes one JSON value into out: a key the Go type does not declare is an error
// (the typed layer's records are closed) and nothing may follow the value.
func decodeStrict(b []byte, out any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(out); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON value")
	}
	return nil
}

// isNull reports whether b is the JSON null.
func isNull(b []byte) bool {
	return string(bytes.TrimSpace(b)) == "null"
}

// marshalVariant writes a union's variant; a nil one is null.
func marshalVariant(v any) ([]byte, error) {
	if v == nil {
		return []byte("null"), nil
	}
	return json.Marshal(v)
}

// unionTag reads the tag key of a union's JSON object (null: null is true).
func unionTag(b []byte, union, key string) (tag string, null bool, err error) {
	if isNull(b) {
		return "", true, nil
	}
	var head map[string]json.RawMessage
	if err := json.Unmarshal(b, &head); err != nil {
		return "", false, fmt.Errorf("%s: %w", union, err)
	}
	raw, ok := head[key]
	if !ok {
		return "", false, fmt.Errorf("%s: the key %q is missing", union, key)
	}
	if err := json.Unmarshal(raw, &tag); err != nil {
		return "", false, fmt.Errorf("%s: the key %q is not a string", union, key)
	}
	return tag, false, nil
}

// unknownTag is the error for a tag word that names no variant of the union.
func unknownTag(union, key, tag string) error {
	return fmt.Errorf("%s: %q is not a %s of its variants", union, tag, key)
}

// marshalWithConstants writes v (a struct) with the constant keys of its record in front:
// pairs are key, word, key, word, ….
func marshalWithConstants(v any, pairs ...string) ([]byte, error) {
	body, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.WriteByte('{')
	for i := 0; i+1 < len(pairs); i += 2 {
		if i > 0 {
			out.WriteByte(',')
		}
		k, _ := json.Marshal(pairs[i])
		w, _ := json.Marshal(pairs[i+1])
		out.Write(k)
		out.WriteByte(':')
		out.Write(w)
	}
	if len(body) > 2 { // not "{}"
		out.WriteByte(',')
		out.Write(body[1:])
	} else {
		out.WriteByte('}')
	}
	return out.Bytes(), nil
}

// checkConstants checks that the JSON object b holds each constant key with its word (pairs
// as for marshalWithConstants) and returns the object without them, for the strict decoding of
// the other keys. null passes through unchanged.
func checkConstants(b []byte, record string, pairs ...string) ([]byte, error) {
	if isNull(b) {
		return b, nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(b, &obj); err != nil {
		return nil, fmt.Errorf("%s: %w", record, err)
	}
	for i := 0; i+1 < len(pairs); i += 2 {
		var word string
		raw, ok := obj[pairs[i]]
		if !ok || json.Unmarshal(raw, &word) != nil || word != pairs[i+1] {
			return nil, fmt.Errorf("%s: the key %q must be %q", record, pairs[i], pairs[i+1])
		}
		delete(obj, pairs[i])
	}
	return json.Marshal(obj)
}
