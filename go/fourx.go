// Package fourx is the Go binding of fourx, the deterministic core of an AI-agent coding
// harness (the 4x orchestrator's rules, the cc10x router contract, a blueprint knowledge store),
// over its C ABI (include/fourx.h, libfourx).
//
// Every operation of the catalog (docs/ops.md) runs through [Call]; the rules a 4x harness asks
// most often have typed wrappers whose names and types follow 4x's own Go API (package protocol
// and state): [Phase], [Role], [Status], [State], [Event], [Config], [CanTransition],
// [Transition], [ResolvePipeline], the conductor ([Start], [Next], [Apply], [Resume]), the
// workspace handle ([NewWorkspace]), [ResumeListing], [NewNonce], the router functions with their
// optional [Edition], and the blueprint store ([BlueprintStore]). Where 4x's function cannot fail,
// neither does the wrapper ([MergeConfig], [SelectDeepReviewAngles], [GroupSelectedAngles],
// [ParseReportIssues]: an input the library refuses gives 4x's fallback value), and where 4x
// returns a nil slice, so does the wrapper.
//
// Errors are values: every failure is an [*Error] with a stable [ErrorKind], and
// errors.Is(err, fourx.ErrInvalidTransition) tests the kind (one sentinel per kind).
//
// Every function is safe to call from several goroutines at once, as the C ABI promises; the
// library keeps no global state between calls and never panics into Go.
//
// Linking: the package links libfourx through pkg-config (`#cgo pkg-config: fourx`), so
// PKG_CONFIG_PATH must reach fourx.pc (`make install` writes it; `make go-test` writes one for
// the build tree).
package fourx

/*
#cgo pkg-config: fourx
#include <stdlib.h>
#include "fourx.h"
*/
import "C"

import (
	"encoding/json"
	"strings"
	"unsafe"
)

// cstr returns op as a NUL-terminated byte slice owned by Go (no C allocation). An op name with
// an embedded NUL is not a name of the catalog: ok is false.
func cstr(op string) (b []byte, ok bool) {
	if strings.IndexByte(op, 0) >= 0 {
		return nil, false
	}
	b = make([]byte, len(op)+1)
	copy(b, op)
	return b, true
}

// bytesPtr is the C view of a Go byte slice (NULL for an empty one, which the C ABI reads as
// `{}`). The slice holds no Go pointers, so cgo may borrow it for the duration of the call.
func bytesPtr(b []byte) *C.uint8_t {
	if len(b) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&b[0]))
}

// takeBuf copies a buffer written by libfourx into Go memory and frees it (every path frees:
// the copy happens before the free, and the free runs whatever the status).
func takeBuf(buf *C.struct_fourx_buf) []byte {
	defer C.fourx_buf_free(buf)
	if buf.ptr == nil {
		return nil
	}
	return C.GoBytes(unsafe.Pointer(buf.ptr), C.int(buf.len))
}

// finish turns a status and the output document into the result bytes or an *Error.
func finish(status C.enum_fourx_status, out []byte) ([]byte, error) {
	if status == C.FOURX_STATUS_OK {
		return out, nil
	}
	return nil, decodeError(int(status), out)
}

// callBytes runs one op of the catalog on raw JSON input bytes (nil means `{}`).
func callBytes(op string, input []byte) ([]byte, error) {
	name, ok := cstr(op)
	if !ok {
		return nil, newError(KindUnknownOp, "unknown op "+quote(op)+" (an op name has no NUL byte)", "op")
	}
	var out C.struct_fourx_buf
	status := C.fourx_call((*C.char)(unsafe.Pointer(&name[0])), bytesPtr(input), C.size_t(len(input)), &out)
	return finish(status, takeBuf(&out))
}

// Call runs any operation of the catalog (docs/ops.md) by name: in is marshalled with
// encoding/json, except a json.RawMessage or a []byte, which are sent as they are (raw JSON);
// nil means `{}`. The result comes back as raw JSON. A failure is an *Error whose Kind is the
// op's error kind, e.g.
//
//	out, err := fourx.Call("state.can_transition", map[string]string{"from": "init", "to": "designing"})
//	// out = {"allowed":true}
func Call(op string, in any) (json.RawMessage, error) {
	input, err := marshalInput(in)
	if err != nil {
		return nil, err
	}
	out, err := callBytes(op, input)
	if err != nil {
		return nil, err
	}
	return json.RawMessage(out), nil
}

// marshalInput encodes an op input; a value encoding/json refuses is an invalid_input *Error
// (nothing reaches the library).
func marshalInput(in any) ([]byte, error) {
	switch v := in.(type) {
	case nil:
		return nil, nil
	case json.RawMessage:
		return v, nil
	case []byte:
		return v, nil
	}
	b, err := json.Marshal(in)
	if err != nil {
		return nil, newError(KindInvalidInput, "the input cannot be encoded as JSON: "+err.Error(), "")
	}
	return b, nil
}

// callInto runs op on in and decodes the result into out (a pointer).
func callInto(op string, in any, out any) error {
	raw, err := Call(op, in)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(raw, out); err != nil {
		return newError(KindInvalidJSON, op+": the result does not decode into "+typeName(out)+": "+err.Error(), "")
	}
	return nil
}

// Version is the version of the linked libfourx, such as "0.1.0".
func Version() string {
	return C.GoString(C.fourx_version())
}

// VersionNumber is the linked library's version as major*1000000 + minor*1000 + patch.
func VersionNumber() uint32 {
	return uint32(C.fourx_version_number())
}

// HeaderVersionNumber is FOURX_VERSION_NUMBER of the header this package was compiled with (it
// may differ from [VersionNumber] when libfourx is linked dynamically).
const HeaderVersionNumber = C.FOURX_VERSION_NUMBER
