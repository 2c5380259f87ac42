// go-oracle: fourx's differential oracle. It decodes and encodes the 4x file shapes with Go's
// encoding/json and gopkg.in/yaml.v3 (the 3.0.1 that 4x pins), one request per stdin line, one
// answer per stdout line, so that a Rust property test can compare fourx with the real codecs.
//
// Request:  {"op": "<op>", "input": {...}}
// Answer:   {"ok": <value>} or {"err": "<message>"}
//
// Ops:
//   yaml.decode  {type, text}   yaml.Unmarshal into the type, answered as its JSON value
//   yaml.encode  {type, value}  json.Unmarshal of value into the type, then yaml.Marshal → text
//   json.decode  {type, text}   json.Unmarshal into the type, answered as its JSON value
//   json.encode  {type, value}  json.Unmarshal of value, then {compact, indent} Go encodings
//   id.mint      {prefix, digits, ids, name, slug}  4x's feature-id minting (ids.go)
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"gopkg.in/yaml.v3"
)

type request struct {
	Op    string          `json:"op"`
	Input json.RawMessage `json:"input"`
}

type input struct {
	Type  string          `json:"type"`
	Text  string          `json:"text"`
	Value json.RawMessage `json:"value"`
}

func jsonUnmarshal(data []byte, v interface{}) error { return json.Unmarshal(data, v) }

// newValue returns a pointer to a zero value of the named shape.
func newValue(name string) (interface{}, error) {
	switch name {
	case "feature":
		return &Feature{}, nil
	case "test_strategy":
		return &TestStrategy{}, nil
	case "state":
		return &State{}, nil
	case "event":
		return &Event{}, nil
	case "config":
		return &Config{}, nil
	case "user_config":
		return &UserConfig{}, nil
	case "verify":
		return &VerifyEvidence{}, nil
	case "baseline":
		return &Baseline{}, nil
	case "angles":
		return &AngleSelection{}, nil
	case "escalation":
		return &Escalation{}, nil
	case "backlog_mirror":
		return &BacklogMirror{}, nil
	case "candidate_pool":
		return &CandidatePool{}, nil
	}
	return nil, fmt.Errorf("unknown type %q", name)
}

func handle(req request) (out interface{}, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	if req.Op == "id.mint" {
		return idMint(req.Input)
	}
	var in input
	if err := json.Unmarshal(req.Input, &in); err != nil {
		return nil, fmt.Errorf("bad input: %v", err)
	}
	v, err := newValue(in.Type)
	if err != nil {
		return nil, err
	}
	switch req.Op {
	case "yaml.decode":
		if err := yaml.Unmarshal([]byte(in.Text), v); err != nil {
			return nil, err
		}
		return v, nil
	case "yaml.encode":
		if err := json.Unmarshal(in.Value, v); err != nil {
			return nil, fmt.Errorf("bad value: %v", err)
		}
		b, err := yaml.Marshal(v)
		if err != nil {
			return nil, err
		}
		return string(b), nil
	case "json.decode":
		if err := json.Unmarshal([]byte(in.Text), v); err != nil {
			return nil, err
		}
		return v, nil
	case "json.encode":
		if err := json.Unmarshal(in.Value, v); err != nil {
			return nil, fmt.Errorf("bad value: %v", err)
		}
		compact, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		indent, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			return nil, err
		}
		return map[string]string{"compact": string(compact), "indent": string(indent)}, nil
	}
	return nil, fmt.Errorf("unknown op %q", req.Op)
}

func main() {
	r := bufio.NewReaderSize(os.Stdin, 1<<20)
	w := bufio.NewWriterSize(os.Stdout, 1<<20)
	for {
		line, err := r.ReadBytes('\n')
		if len(line) > 0 {
			var req request
			var answer map[string]interface{}
			if jerr := json.Unmarshal(line, &req); jerr != nil {
				answer = map[string]interface{}{"err": "bad request: " + jerr.Error()}
			} else if out, herr := handle(req); herr != nil {
				answer = map[string]interface{}{"err": herr.Error()}
			} else {
				answer = map[string]interface{}{"ok": out}
			}
			b, merr := json.Marshal(answer)
			if merr != nil {
				b, _ = json.Marshal(map[string]string{"err": "unencodable answer: " + merr.Error()})
			}
			w.Write(b)
			w.WriteByte('\n')
			w.Flush()
		}
		if err == io.EOF {
			return
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}
