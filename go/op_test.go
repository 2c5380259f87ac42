package fourx_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"testing"

	fourx "example.invalid/fourx"
)

// The drift test between the catalog's types (the generated package op) and the library's real
// output: every ok case of tests/vectors runs through its op's typed function (the input
// decoded into the op's input struct, the result decoded strictly into the result type). The
// decoded result must encode back to the library's own output for the input the typed function
// sent, and it must meet the case's expectation (so the typed input kept the case's meaning).
// The one allowed difference: an optional key the library writes as null is absent in Go.

// decodeInput decodes a case's input into an op's input struct and gives the input as the
// typed function sends it. A key the struct does not declare is dropped, as the library ignores
// unknown keys (a few cases pass one to check just that); a key the catalog names or types
// wrongly changes the library's answer, which the test compares with the case.
func decodeInput(raw json.RawMessage, in any) ([]byte, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(in); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("data after the input object")
	}
	return json.Marshal(in)
}

func TestEveryCatalogOpHasATypedFunction(t *testing.T) {
	raw, err := fourx.Call("meta.catalog", nil)
	if err != nil {
		t.Fatal(err)
	}
	var cat struct {
		Ops []struct {
			Name string `json:"name"`
		} `json:"ops"`
	}
	if err := json.Unmarshal(raw, &cat); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, o := range cat.Ops {
		names = append(names, o.Name)
	}
	typed := append([]string(nil), typedOps...)
	sort.Strings(names)
	sort.Strings(typed)
	if len(names) != len(typed) {
		t.Fatalf("the library has %d ops, package op %d: run `make docs`", len(names), len(typed))
	}
	for i := range names {
		if names[i] != typed[i] {
			t.Fatalf("op %s of the library vs %s of package op: run `make docs`", names[i], typed[i])
		}
		if _, _, ok, _ := runTyped(names[i], json.RawMessage(`null`)); !ok {
			t.Errorf("%s has no typed function in the dispatch", names[i])
		}
	}
}

func TestOkVectorsRoundTripThroughTheTypedFunctions(t *testing.T) {
	skips := loadSkips(t)
	for _, c := range loadCases(t) {
		c := c
		if _, isErr := c.Expect["error"]; isErr {
			continue
		}
		if _, skipped := skips[c.ID]; skipped {
			continue
		}
		t.Run(c.ID, func(t *testing.T) {
			result, sent, ok, err := runTyped(c.Op, c.Input)
			if !ok {
				t.Fatalf("%s: no typed function", c.Op)
			}
			if err != nil {
				t.Fatalf("%s (%s): the typed call failed: %v", c.Op, c.file, err)
			}
			typed, err := json.Marshal(result)
			if err != nil {
				t.Fatalf("%s: the typed result does not encode: %v", c.Op, err)
			}
			raw, err := fourx.Call(c.Op, sent)
			if err != nil {
				t.Fatalf("%s: the library refuses the typed input %s: %v", c.Op, short(sent), err)
			}
			have, err := decodeJSON(typed)
			if err != nil {
				t.Fatal(err)
			}
			want, err := decodeJSON(raw)
			if err != nil {
				t.Fatal(err)
			}
			if where := firstDiff("$", want, have); where != "" {
				t.Errorf("%s (%s): the typed result encodes to other JSON than the library's: %s", c.Op, c.file, where)
			}
			if why := judge(c, raw, nil); why != "" {
				t.Errorf("%s (%s): the typed input lost the case's meaning: %s", c.Op, c.file, short(why))
			}
		})
	}
}

// firstDiff names the first place where have differs from want (JSON equality as jsonEq), or
// is "" when they are equal.
func firstDiff(path string, want, have any) string {
	switch w := want.(type) {
	case map[string]any:
		h, ok := have.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: an object became %s", path, short(have))
		}
		keys := make([]string, 0, len(w)+len(h))
		for k := range w {
			keys = append(keys, k)
		}
		for k := range h {
			if _, dup := w[k]; !dup {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			wv, inW := w[k]
			hv, inH := h[k]
			switch {
			case !inH && wv == nil:
				continue // an optional key written as null reads as absent
			case !inH:
				return fmt.Sprintf("%s.%s (%s) is missing", path, k, short(wv))
			case !inW:
				return fmt.Sprintf("%s.%s (%s) is not in the library's output", path, k, short(hv))
			}
			if d := firstDiff(path+"."+k, wv, hv); d != "" {
				return d
			}
		}
		return ""
	case []any:
		h, ok := have.([]any)
		if !ok || len(h) != len(w) {
			return fmt.Sprintf("%s: %s became %s", path, short(want), short(have))
		}
		for i := range w {
			if d := firstDiff(fmt.Sprintf("%s[%d]", path, i), w[i], h[i]); d != "" {
				return d
			}
		}
		return ""
	}
	if !jsonEq(want, have) {
		return fmt.Sprintf("%s: %s became %s", path, short(want), short(have))
	}
	return ""
}

func short(v any) string {
	b, _ := json.Marshal(v)
	if len(b) > 120 {
		return string(b[:120]) + "…"
	}
	return string(b)
}
