package op

import (
	"errors"
	"testing"

	fourx "example.invalid/fourx"
)

// The hand-written helpers of the generated code, one rule each.

func TestDecodeStrict_RefusesAKeyTheTypeDoesNotDeclare(t *testing.T) {
	var v struct {
		A int `json:"a"`
	}
	if err := decodeStrict([]byte(`{"a":1}`), &v); err != nil || v.A != 1 {
		t.Fatalf("a declared key: %v %+v", err, v)
	}
	if err := decodeStrict([]byte(`{"a":1,"b":2}`), &v); err == nil {
		t.Fatal("an undeclared key decoded")
	}
}

func TestDecodeStrict_RefusesDataAfterTheValue(t *testing.T) {
	var v map[string]int
	if err := decodeStrict([]byte(`{"a":1} {}`), &v); err == nil {
		t.Fatal("a second value was accepted")
	}
}

func TestMarshalWithConstants_WritesTheConstantsThenTheFields(t *testing.T) {
	type rec struct {
		N int `json:"n"`
	}
	for _, tt := range []struct {
		v    any
		want string
	}{
		{rec{N: 2}, `{"kind":"run","n":2}`},
		{struct{}{}, `{"kind":"run"}`},
	} {
		got, err := marshalWithConstants(tt.v, "kind", "run")
		if err != nil || string(got) != tt.want {
			t.Errorf("marshalWithConstants(%+v) = %s, %v; want %s", tt.v, got, err, tt.want)
		}
	}
}

func TestCheckConstants_NeedsEachConstantWithItsWord(t *testing.T) {
	rest, err := checkConstants([]byte(`{"kind":"run","n":2}`), "Run", "kind", "run")
	if err != nil || string(rest) != `{"n":2}` {
		t.Fatalf("the right word: %s, %v", rest, err)
	}
	for _, bad := range []string{`{"n":2}`, `{"kind":"stop","n":2}`, `{"kind":1}`, `[]`} {
		if _, err := checkConstants([]byte(bad), "Run", "kind", "run"); err == nil {
			t.Errorf("%s passed", bad)
		}
	}
	if rest, err := checkConstants([]byte(`null`), "Run", "kind", "run"); err != nil || string(rest) != "null" {
		t.Errorf("null: %s, %v", rest, err)
	}
}

func TestUnionTag_ReadsTheTagAndTellsNull(t *testing.T) {
	tag, null, err := unionTag([]byte(`{"kind":"stop","x":1}`), "D", "kind")
	if tag != "stop" || null || err != nil {
		t.Errorf("a variant: %q %v %v", tag, null, err)
	}
	if _, null, err := unionTag([]byte(` null `), "D", "kind"); !null || err != nil {
		t.Errorf("null: %v %v", null, err)
	}
	for _, bad := range []string{`{"x":1}`, `{"kind":2}`, `"stop"`} {
		if _, _, err := unionTag([]byte(bad), "D", "kind"); err == nil {
			t.Errorf("%s has no tag but passed", bad)
		}
	}
	if err := unknownTag("D", "kind", "nope"); err == nil {
		t.Error("an unknown tag is an error")
	}
}

func TestMarshalVariant_NilIsNull(t *testing.T) {
	var v variantLike
	got, err := marshalVariant(v)
	if err != nil || string(got) != "null" {
		t.Errorf("nil variant: %s, %v", got, err)
	}
}

// variantLike stands for a generated union's variant interface.
type variantLike interface{ isvariantLike() }

func TestCall_AResultThatDoesNotDecodeIsInvalidJSON(t *testing.T) {
	var out struct {
		Version string `json:"version"`
	}
	err := call("meta.version", nil, &out)
	var fe *fourx.Error
	if !errors.As(err, &fe) || fe.Kind != fourx.KindInvalidJSON || !errors.Is(err, fourx.ErrInvalidJSON) {
		t.Fatalf("want invalid_json for the undeclared version_number, got %v", err)
	}
}

func TestCall_TheLibrarysErrorComesBackAsItIs(t *testing.T) {
	var out any
	err := call("nope.nothing", nil, &out)
	if !errors.Is(err, fourx.ErrUnknownOp) {
		t.Fatalf("want unknown_op, got %v", err)
	}
}

func TestPtr_PointsAtACopy(t *testing.T) {
	n := 3
	p := Ptr(n)
	n = 4
	if *p != 3 {
		t.Errorf("*Ptr(3) = %d", *p)
	}
}
