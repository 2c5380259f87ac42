package fourx_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"sync"
	"testing"

	fourx "example.invalid/fourx"
)

// Goroutine safety: the C ABI promises every function is safe from any thread; these tests
// run under `go test -race` with many goroutines on the same functions and handles.

func TestConcurrentCallers_GetTheirOwnResults(t *testing.T) {
	const goroutines, calls = 16, 200
	phases := fourx.AllPhases()
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < calls; i++ {
				from, to := phases[(g+i)%len(phases)], phases[(g*7+i)%len(phases)]
				want := fourx.CanTransition(from, to)
				s := fourx.State{FeatureID: fmt.Sprintf("F%d-%d", g, i), Phase: from, Runner: "claude"}
				got, err := fourx.Transition(s, to, "")
				if want != (err == nil) {
					errs <- fmt.Errorf("%s → %s: CanTransition %v but Transition error %v", from, to, want, err)
					return
				}
				if err == nil && (got.FeatureID != s.FeatureID || got.Phase != to) {
					errs <- fmt.Errorf("goroutine %d got another caller's state %+v", g, got)
					return
				}
				if err != nil && !errors.Is(err, fourx.ErrInvalidTransition) {
					errs <- fmt.Errorf("%s → %s: %v", from, to, err)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestConcurrentCallers_ShareOneBlueprintStore(t *testing.T) {
	store, err := fourx.NewBlueprintStore(map[string]any{"store": map[string]any{"kind": "memory"}})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				if _, _, _, err := store.Read(); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestBlueprintStore_CloseWaitsForCallsAndRefusesLaterOnes(t *testing.T) {
	store, err := fourx.NewBlueprintStore(map[string]any{"store": map[string]any{"kind": "memory", "content": ""}})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 100; i++ {
				_, _, _, err := store.Read()
				if err != nil && !errors.Is(err, fourx.ErrNullArg) {
					t.Error(err)
					return
				}
			}
		}()
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if _, _, _, err := store.Read(); !errors.Is(err, fourx.ErrNullArg) {
		t.Errorf("Read after Close: %v, want null_arg", err)
	}
	if err := store.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestBlueprintStore_FinalizerFreesAForgottenStore(t *testing.T) {
	for i := 0; i < 100; i++ {
		if _, err := fourx.NewBlueprintStore(map[string]any{"store": map[string]any{"kind": "memory"}}); err != nil {
			t.Fatal(err)
		}
	}
	runtime.GC() // the finalizers free the handles (a safety net; leak checkers see none)
	runtime.GC()
}

// rssBytes is the resident set size of this process (Linux /proc/self/statm).
func rssBytes(t *testing.T) int64 {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		t.Skipf("no /proc/self/statm (%v): the RSS check runs on Linux only", err)
	}
	fields := bytes.Fields(data)
	pages, err := strconv.ParseInt(string(fields[1]), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return pages * int64(os.Getpagesize())
}

// Buffers are freed on every path: 100k calls (results, errors, typed fast paths, a handle)
// leave the process RSS flat.
func TestBuffersFreed_RSSStaysFlatOver100kCalls(t *testing.T) {
	store, err := fourx.NewBlueprintStore(map[string]any{"store": map[string]any{"kind": "memory"}})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	big := bytes.Repeat([]byte("x"), 4096)
	transition := json.RawMessage(`{"state":{"featureId":"F1","phase":"init"},"to":"designing","role":"designer"}`)
	badReport := json.RawMessage(`{"report":1}`)
	round := func(n int) {
		for i := 0; i < n; i++ {
			switch {
			case i%100 == 2: // a 4 KiB input and result
				if _, err := fourx.Call("report.parse_issues", map[string]string{"report": "[CRITICAL] " + string(big)}); err != nil {
					t.Fatal(err)
				}
			case i%4 == 0: // a ~300-byte result (a whole State)
				if _, err := fourx.Call("state.transition", transition); err != nil {
					t.Fatal(err)
				}
			case i%4 == 1: // an error document
				if _, err := fourx.Call("report.parse_issues", badReport); !errors.Is(err, fourx.ErrInvalidInput) {
					t.Fatalf("want invalid_input, got %v", err)
				}
			case i%4 == 2:
				fourx.CanTransition(fourx.PhaseCoding, fourx.PhaseReviewing)
			default:
				if _, _, _, err := store.Read(); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	round(20000) // warm up: allocator arenas, Go heap
	debug.FreeOSMemory()
	before := rssBytes(t)
	round(100000)
	debug.FreeOSMemory()
	after := rssBytes(t)
	t.Logf("RSS before %d KiB, after 100k calls %d KiB", before/1024, after/1024)
	// Leaked buffers would be 25k States (~300 B), 25k error documents (~150 B), 25k reads and
	// 1000 × 4 KiB: over 15 MiB.
	if growth := after - before; growth > 6<<20 {
		t.Errorf("RSS grew by %d KiB over 100k calls: a buffer is not freed", growth/1024)
	}
}
