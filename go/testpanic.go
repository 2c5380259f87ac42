//go:build fourx_test_panic

package fourx

/*
#cgo CFLAGS: -DFOURX_TEST_PANIC
#include "fourx.h"
*/
import "C"

// testPanic calls the test-only export fourx_test_panic (libfourx built with the `test-panic`
// feature; `go test -tags fourx_test_panic`), which panics inside the library's boundary.
func testPanic() error {
	var out C.struct_fourx_buf
	status := C.fourx_test_panic(&out)
	_, err := finish(status, takeBuf(&out))
	return err
}
