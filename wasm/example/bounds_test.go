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

// TestLargeInputs: with the example's settings (a real clock, 1 GiB of
// memory at most, the compilation cache) the inputs of the attack on the
// module finish within generous bounds, and their findings are the
// native core's. The deadline is off: it makes every call 3-5 times
// slower, and TestDeadline tests it. The module's tests in wasm/
// run the same inputs under wazero's default configuration.
func TestLargeInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("the large inputs take minutes in wasm")
	}
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
	inputs := map[string]string{
		"20MB":                   stream.String(),
		"million tiny documents": strings.Repeat("a: 1\n---\n", 1_000_000),
	}
	wasm, err := os.ReadFile(module)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	p, err := newPool(ctx, wasm, settings{cacheDir: cache()}, 1)
	if err != nil {
		t.Fatal(err)
	}
	defer p.close(ctx)
	for name, src := range inputs {
		t.Run(name, func(t *testing.T) {
			in, err := p.get(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer in.close(ctx)
			runtime.LockOSThread() // the call runs on this thread: its processor time is the thread's
			start, cpu := time.Now(), threadTime()
			got, err := in.call(ctx, "validate", []byte(src), utf32)
			took, cpu := time.Since(start), threadTime()-cpu
			runtime.UnlockOSThread()
			if err != nil {
				t.Fatal(err)
			}
			mem := in.mod.Memory().Size()

			// A call checks a budget of the stream (docs/embedding.md): its
			// result is the native core's on the part before the limit
			// finding, plus that finding.
			var res filejson.File
			if err := json.Unmarshal(got, &res); err != nil {
				t.Fatal(err)
			}
			if len(res.Diagnostics) == 0 || res.Diagnostics[0].Rule != "limit" {
				t.Fatalf("no limit finding first in a result of %d documents", len(res.Documents))
			}
			cut := lineOffset(src, res.Diagnostics[0].Range.Start.Line)
			res.Diagnostics = res.Diagnostics[1:]
			start = time.Now()
			want := filejson.Of(report.Validate(src[:cut], check.DefaultOptions), text.UTF32)
			native := time.Since(start)
			t.Logf("%d bytes, %d checked in %v, %v of processor (native %v), %d MiB of linear memory", len(src), cut, took, cpu, native, mem>>20)
			gotJSON, _ := json.Marshal(res)
			wantJSON, _ := json.Marshal(want)
			if string(gotJSON) != string(wantJSON) {
				t.Errorf("the result differs from the native core's (%d bytes, want %d)", len(gotJSON), len(wantJSON))
			}
			// The bounds of the module's own tests (wasm/bounds_test.go,
			// which also bounds the host's memory): 1 GiB of linear memory,
			// 10 s of processor time (not wall time, which a loaded machine
			// stretches).
			if mem >= 1<<30 {
				t.Errorf("linear memory grew to %d MiB", mem>>20)
			}
			if cpu > 10*time.Second {
				t.Errorf("validate took %v of processor, more than 10 s", cpu)
			}
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
