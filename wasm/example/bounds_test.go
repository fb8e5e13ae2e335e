//go:build linux

package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/filejson"
)

// largeInputs are the inputs of the attack on the module that
// TestLargeInputs and BenchmarkLargeInputs run with the example's
// settings.
func largeInputs(t testing.TB) map[string]string {
	examples, err := filepath.Glob("../../examples/*.yaml")
	if err != nil || len(examples) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	var stream strings.Builder
	for stream.Len() < 20<<20 {
		for _, f := range examples {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			stream.WriteString("---\n")
			stream.Write(b)
		}
	}
	return map[string]string{
		"20MB":                   stream.String(),
		"million tiny documents": strings.Repeat("a: 1\n---\n", 1_000_000),
	}
}

// newLargeInputPool is a pool of one instance with the example's
// settings and the tests' compilation cache.
func newLargeInputPool(t testing.TB) *pool {
	wasm, err := os.ReadFile(module)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	p, err := newPool(ctx, wasm, settings{cacheDir: cache()}, 1)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.close(ctx) })
	return p
}

// TestLargeInputs: with the example's settings (a real clock, 1 GiB of
// memory at most, the compilation cache) the inputs of the attack on the
// module stay within the module's memory, and their findings are the
// native core's on the part the call's budget checks. The deadline is
// off: it makes every call 3-5 times slower, and TestDeadline tests it.
// The module's tests in wasm/ run the same inputs under wazero's default
// configuration and bound the work of a call by its allocations
// (TestLargeInputsStayBounded); BenchmarkLargeInputs has the time here.
func TestLargeInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("the large inputs take minutes in wasm")
	}
	ctx := context.Background()
	p := newLargeInputPool(t)
	for name, src := range largeInputs(t) {
		t.Run(name, func(t *testing.T) {
			in, err := p.get(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer in.close(ctx)
			got, err := in.call(ctx, "validate", []byte(src), utf32)
			if err != nil {
				t.Fatal(err)
			}
			mem := in.mod.Memory().Size()

			// A call checks a budget of the stream (docs/embedding.md): its
			// result is the native core's on the part before the limit
			// finding, plus that finding, quoting nothing of the user's
			// (the rest, unread, may hold secrets: report.File.HideQuoted).
			var res filejson.File
			if err := json.Unmarshal(got, &res); err != nil {
				t.Fatal(err)
			}
			if len(res.Diagnostics) == 0 || res.Diagnostics[0].Rule != "limit" {
				t.Fatalf("no limit finding first in a result of %d documents", len(res.Documents))
			}
			cut := lineOffset(src, res.Diagnostics[0].Range.Start.Line)
			res.Diagnostics = res.Diagnostics[1:]
			native := report.Validate(src[:cut], check.DefaultOptions)
			native.HideQuoted()
			want := filejson.Of(native, text.UTF32)
			t.Logf("%d bytes, %d checked, %d MiB of linear memory", len(src), cut, mem>>20)
			gotJSON, _ := json.Marshal(res)
			wantJSON, _ := json.Marshal(want)
			if string(gotJSON) != string(wantJSON) {
				t.Errorf("the result differs from the native core's (%d bytes, want %d)", len(gotJSON), len(wantJSON))
			}
			// The bound of the module's own tests (wasm/bounds_test.go):
			// 1 GiB of linear memory, which is also the example's limit.
			if mem >= 1<<30 {
				t.Errorf("linear memory grew to %d MiB", mem>>20)
			}
		})
	}
}

// BenchmarkLargeInputs is TestLargeInputs' validate of each input with
// the example's settings, with the processor time of the call (cpu-ns/op,
// the thread that runs it) beside its wall time:
//
//	go test ./wasm/example -run '^$' -bench LargeInputs -benchtime 1x -count 3
func BenchmarkLargeInputs(b *testing.B) {
	ctx := context.Background()
	p := newLargeInputPool(b)
	for name, src := range largeInputs(b) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			var cpu time.Duration
			for b.Loop() {
				in, err := p.get(ctx)
				if err != nil {
					b.Fatal(err)
				}
				runtime.LockOSThread() // the call runs on this thread: its processor time is the thread's
				start := threadTime()
				_, err = in.call(ctx, "validate", []byte(src), utf32)
				cpu += threadTime() - start
				runtime.UnlockOSThread()
				in.close(ctx)
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

// lineOffset is the offset of the start of 0-based line n of src.
func lineOffset(src string, n int) int {
	off := 0
	for ; n > 0; n-- {
		off += strings.IndexByte(src[off:], '\n') + 1
	}
	return off
}

// TestDeadline: a file whose check outlives -timeout is reported as not
// checked, its instance is dropped, and the next file is checked on a
// fresh one.
func TestDeadline(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.yaml")
	// Half a minute of work for the module with the deadline's checks.
	if err := os.WriteFile(big, []byte(strings.Repeat("a: 1\n---\n", 200_000)), 0o644); err != nil {
		t.Fatal(err)
	}
	const broken = "../../examples/broken.yaml"
	out, errs, status := runExample(t, "-jobs", "1", "-timeout", "1s", big, broken)
	if status != 2 || !strings.Contains(errs, big+": not checked within 1s") {
		t.Errorf("status %d, stderr %q; want 2 and the big file not checked within 1s", status, errs)
	}
	if w := want(t, broken); out != w {
		t.Errorf("output:\n%s\nwant:\n%s", out, w)
	}
}

// threadTime is the processor time the calling thread has used so far
// (getrusage's RUSAGE_THREAD, which package syscall does not name).
func threadTime() time.Duration {
	const rusageThread = 1
	var u syscall.Rusage
	syscall.Getrusage(rusageThread, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
