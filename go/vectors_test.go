package fourx_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	fourx "example.invalid/fourx"
)

// The conformance runner, fourth language of tests/vectors/README.md: every case of every
// tests/vectors/*.json file (plus FOURX_VECTORS=<file>[:<file>]) runs through fourx.Call and
// is judged by the same rules (ok: equal; ok_subset: listed keys equal, recursively; error: the
// kind). A case listed in tests/vectors/SKIPS still runs, is reported as skipped, and fails the
// run if it passes.

const vectorDir = "../tests/vectors"

type vectorCase struct {
	ID     string                     `json:"id"`
	Op     string                     `json:"op"`
	Input  json.RawMessage            `json:"input"`
	Expect map[string]json.RawMessage `json:"expect"`
	file   string
}

func vectorFiles(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join(vectorDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	for _, p := range strings.Split(os.Getenv("FOURX_VECTORS"), ":") {
		if p != "" {
			files = append(files, p)
		}
	}
	return files
}

func loadCases(t *testing.T) []vectorCase {
	var out []vectorCase
	for _, path := range vectorFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Format string       `json:"format"`
			Cases  []vectorCase `json:"cases"`
		}
		if err := json.Unmarshal(data, &doc); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if doc.Format != "fourx-vectors/1" {
			t.Fatalf("%s: format %q", path, doc.Format)
		}
		for _, c := range doc.Cases {
			c.file = filepath.Base(path)
			out = append(out, c)
		}
	}
	return out
}

func loadSkips(t *testing.T) map[string]string {
	out := map[string]string{}
	f, err := os.Open(filepath.Join(vectorDir, "SKIPS"))
	if errors.Is(err, os.ErrNotExist) {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		id, why, _ := strings.Cut(line, " ")
		out[id] = strings.TrimSpace(why)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// decodeJSON reads a JSON value keeping numbers exact (json.Number).
func decodeJSON(raw []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return v, nil
}

// jsonEq is JSON equality: key order is not compared, numbers compare by value (1 equals 1.0),
// a bool never equals a number.
func jsonEq(a, b any) bool {
	switch x := a.(type) {
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return false
		}
		rx, okx := new(big.Rat).SetString(string(x))
		ry, oky := new(big.Rat).SetString(string(y))
		return okx && oky && rx.Cmp(ry) == 0
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !jsonEq(x[i], y[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !jsonEq(v, w) {
				return false
			}
		}
		return true
	default: // string, bool, nil
		return a == b
	}
}

// subsetEq is ok_subset: objects compare only the listed keys, lists are equal in length with
// elements compared the same way, scalars are equal.
func subsetEq(want, have any) bool {
	switch x := want.(type) {
	case map[string]any:
		y, ok := have.(map[string]any)
		if !ok {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !subsetEq(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := have.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !subsetEq(x[i], y[i]) {
				return false
			}
		}
		return true
	default:
		return jsonEq(want, have)
	}
}

// judge returns why the outcome fails the case, or "" when it passes.
func judge(c vectorCase, out json.RawMessage, callErr error) string {
	if len(c.Expect) != 1 {
		return fmt.Sprintf("expect must have one key, has %d", len(c.Expect))
	}
	for how, wantRaw := range c.Expect {
		if how == "error" {
			var kind string
			if err := json.Unmarshal(wantRaw, &kind); err != nil {
				return "expect.error is not a string"
			}
			if callErr == nil {
				return fmt.Sprintf("want error %s, got ok %s", kind, out)
			}
			var fe *fourx.Error
			if !errors.As(callErr, &fe) {
				return fmt.Sprintf("want error %s, got a non-fourx error %v", kind, callErr)
			}
			if string(fe.Kind) != kind {
				return fmt.Sprintf("want error %s, got error %s (%s)", kind, fe.Kind, fe.Message)
			}
			if !errors.Is(callErr, fourx.ErrorKind(kind).Sentinel()) {
				return fmt.Sprintf("errors.Is does not match the sentinel of %s", kind)
			}
			return ""
		}
		if callErr != nil {
			return fmt.Sprintf("want %s %s, got error %v", how, wantRaw, callErr)
		}
		want, err := decodeJSON(wantRaw)
		if err != nil {
			return "expect is not JSON: " + err.Error()
		}
		have, err := decodeJSON(out)
		if err != nil {
			return "the result is not JSON: " + err.Error()
		}
		switch how {
		case "ok":
			if !jsonEq(want, have) {
				return fmt.Sprintf("want ok %s\n got %s", wantRaw, out)
			}
		case "ok_subset":
			if !subsetEq(want, have) {
				return fmt.Sprintf("want ok_subset %s\n got %s", wantRaw, out)
			}
		default:
			return "unknown expectation " + how
		}
	}
	return ""
}

func TestConformanceVectors(t *testing.T) {
	cases := loadCases(t)
	if len(cases) == 0 {
		t.Fatal("no conformance case found under " + vectorDir)
	}
	skips := loadSkips(t)
	ops := map[string]bool{}
	for _, c := range cases {
		c := c
		ops[strings.SplitN(c.Op, ".", 2)[0]] = true
		t.Run(c.ID, func(t *testing.T) {
			out, err := fourx.Call(c.Op, c.Input)
			why := judge(c, out, err)
			if reason, skipped := skips[c.ID]; skipped {
				if why == "" {
					t.Fatalf("%s is listed in SKIPS (%s) but passes: remove the entry", c.ID, reason)
				}
				t.Skip("SKIPS: " + reason)
			}
			if why != "" {
				t.Errorf("%s (%s, %s): %s", c.ID, c.Op, c.file, why)
			}
		})
	}
	if !ops["meta"] {
		t.Error("the meta vectors are missing")
	}
}

func TestComparisonRules(t *testing.T) {
	tests := []struct {
		name   string
		a, b   string
		eq     bool
		subset bool
	}{
		{"an int equals the same float", `1`, `1.0`, true, true},
		{"a bool never equals a number", `true`, `1`, false, false},
		{"an extra key breaks ok, not ok_subset", `{"a":1}`, `{"a":1,"b":2}`, false, true},
		{"lists must be equal in length", `{"l":[1]}`, `{"l":[1,2]}`, false, false},
		{"key order is not compared", `{"a":1,"b":[2,{"c":3}]}`, `{"b":[2,{"c":3.0}],"a":1}`, true, true},
		{"null is only null", `null`, `false`, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := decodeJSON([]byte(tt.a))
			if err != nil {
				t.Fatal(err)
			}
			b, err := decodeJSON([]byte(tt.b))
			if err != nil {
				t.Fatal(err)
			}
			if got := jsonEq(a, b); got != tt.eq {
				t.Errorf("jsonEq(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.eq)
			}
			if got := subsetEq(a, b); got != tt.subset {
				t.Errorf("subsetEq(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.subset)
			}
		})
	}
}
