//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/text"
)

// The inputs of an attack on the module under wazero's default
// configuration, whose clock steps 1 ms at every reading: the 20 MB stream
// took 50 s and 4.4 GB of the host's memory, the million tiny documents
// trapped after 66 s at 16.5 GB, and so did 63 MB. The module now finishes
// the collector's cycles itself (finishCollection) and bounds the work of
// a call (checkText); wasm/example's tests run the same inputs with
// the example's configuration.
var largeInputs = []struct {
	name string
	src  func(testing.TB) string
	// benchOnly leaves an input to the benchmarks: another input of
	// the test crosses the same limits with the same checked text.
	benchOnly bool
}{
	// The attack's 20 MB: a call checks its first 4 MB (maxBytes), which
	// are the 63 MB stream's first 4 MB, so the 63 MB asserts what it did
	// on a longer rest; 5 s of the module's CPU a run.
	{"20MB", func(t testing.TB) string { return manifests(t, 20<<20) }, true},
	{"million tiny documents", func(testing.TB) string { return strings.Repeat("a: 1\n---\n", 1_000_000) }, false},
	{"63MB", func(t testing.TB) string { return manifests(t, 63<<20) }, false}, // just under the stream limit
	{"70MB", func(t testing.TB) string { return manifests(t, 70<<20) }, false}, // over it
	// The slowest inputs within a call's budget: as many findings as it
	// holds, and a document of 4 MB, stopped at its 250,000th token.
	{"empty documents", func(testing.TB) string { return strings.Repeat("---\n", 63<<20/4) }, false}, // 16.5 million
	{"syntax errors", func(testing.TB) string { return strings.Repeat("a: [\n---\n", 2*maxFindings) }, false},
	{"4MB document", func(testing.TB) string {
		return "items:\n" + strings.Repeat("- {a: 1, b: [x, y], c: \"z\"}\n", (4<<20-16)/30)
	}, false},
}

// Bounds on one call of a large input, none of them a time: the time
// of a call is BenchmarkLargeInputs' (docs/performance.md), since a test
// that fails on a time fails on a busy machine, which stretches even the
// processor time of a call threefold. What bounds a call's time is its
// work, and that is deterministic: the call layer is the same Go code
// natively and in the module, so the allocations of the native call
// count the module's work, whatever the machine is doing. Within the
// budget the costliest input allocates 1.25 million times and 180 MB
// natively (50,000 syntax errors); without it, the 20 MB input allocates
// 4.1 million times and 336 MiB, the 63 MB one 13 million times and 1,059
// MiB. Wazero's default memory grows by copying, so the host holds up to
// four times the module's memory.
const (
	maxLinearMemory = 1 << 30
	maxCallMallocs  = 2_000_000
	maxCallBytes    = 256 << 20
	maxPeakRSS      = 4 << 30
)

// callCost is what one call of the native call layer allocated.
type callCost struct{ mallocs, bytes uint64 }

// costOf runs call and counts its allocations. The test calling it must
// not be parallel: the counts are the process's.
func costOf(call func()) callCost {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	call()
	runtime.ReadMemStats(&after)
	return callCost{after.Mallocs - before.Mallocs, after.TotalAlloc - before.TotalAlloc}
}

// within reports when the cost c of what is over the bounds of a call.
func (c callCost) within(t *testing.T, what string) {
	t.Helper()
	if c.mallocs > maxCallMallocs || c.bytes > maxCallBytes {
		t.Errorf("%s allocated %d times, %d MiB, over the bounds of a call (%d times, %d MiB)",
			what, c.mallocs, c.bytes>>20, maxCallMallocs, maxCallBytes>>20)
	}
}

// Not parallel, nor is TestCompletionAndHoverOnAHugeDocument: they run
// first and alone: the peak RSS they bound and the allocations they count
// are the whole process's.
func TestLargeInputsStayBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("the large inputs take minutes in wasm")
	}
	for _, c := range largeInputs {
		if c.benchOnly {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			src := c.src(t)
			var want []byte
			cost := costOf(func() { want, _ = validateJSON(src, text.UTF16) }) // the same call, natively

			in := newInstance(t)
			got := in.text("validate", src, 0)
			mem := in.mod.Memory().Size()
			var usage syscall.Rusage
			syscall.Getrusage(syscall.RUSAGE_SELF, &usage)
			rss := usage.Maxrss << 10 // kB on Linux
			t.Logf("%d bytes: natively %d allocations, %d MiB; linear memory %d MiB, peak RSS of the tests %d MiB",
				len(src), cost.mallocs, cost.bytes>>20, mem>>20, rss>>20)

			if got != string(want) {
				t.Errorf("the result differs from the native core's (%d bytes, want %d)", len(got), len(want))
			}
			if len(src) > document.DefaultLimits.StreamBytes && !strings.Contains(got, `"rule":"limit"`) {
				t.Errorf("an input over the stream limit got no limit finding: %.300s", got)
			}
			// The work a call does is what it checks: at most maxDocuments
			// documents and maxFindings findings (and the limit finding),
			// whatever the size of the rest (TestByteBudget holds the bytes).
			var res struct{ Documents, Diagnostics []json.RawMessage }
			if err := json.Unmarshal([]byte(got), &res); err != nil {
				t.Fatalf("the result is not JSON: %v", err)
			}
			if len(res.Documents) > maxDocuments || len(res.Diagnostics) > maxFindings+1 {
				t.Errorf("%d documents and %d findings checked, over the budget of %d and %d",
					len(res.Documents), len(res.Diagnostics), maxDocuments, maxFindings)
			}
			cost.within(t, "validate")
			if mem >= maxLinearMemory {
				t.Errorf("linear memory grew to %d MiB", mem>>20)
			}
			if rss >= maxPeakRSS {
				t.Errorf("the test process peaked at %d MiB", rss>>20)
			}
		})
	}
}

// hugeDocument is a document of 60 MB that validate refuses unread (over
// the size limit), and the calls on it of TestCompletionAndHoverOnAHugeDocument
// and BenchmarkHugeDocument: at its start and at its end.
func hugeDocument() (src string, calls []hugeDocumentCall) {
	src = "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n" +
		strings.Repeat("  k: v\n", 60<<20/7)
	last := int32(strings.Count(src, "\n") - 1)
	return src, []hugeDocumentCall{
		{"complete", "[]", 5, 2},
		{"hover", "null", 4, 2},
		{"complete", "[]", last, 2},
		{"hover", "null", last, 3},
	}
}

type hugeDocumentCall struct {
	call, want      string
	line, character int32
}

// native is the same call on src in the call layer, natively.
func (c hugeDocumentCall) native(src string) []byte {
	pos := position(c.line, c.character)
	if c.call == "complete" {
		out, _ := completeJSON(src, pos, text.UTF16)
		return out
	}
	out, _ := hoverJSON(src, pos, text.UTF16)
	return out
}

// maxNothingBytes bounds what an answer of nothing allocates natively:
// a few bytes now, 910 MiB of the module's memory before.
const maxNothingBytes = 64 << 10

// TestCompletionAndHoverOnAHugeDocument: complete and hover on a document
// that validate refuses unread answer nothing, and cost no more than
// reading the text: they allocate nothing that grows with it (one 60 MB
// document took the module to 910 MiB of linear memory before).
func TestCompletionAndHoverOnAHugeDocument(t *testing.T) {
	if testing.Short() {
		t.Skip("a 60 MB text")
	}
	src, calls := hugeDocument()
	in := newInstance(t)
	for _, c := range calls {
		var native []byte
		cost := costOf(func() { native = c.native(src) })
		got := in.text(c.call, src, c.line, c.character, 0)
		mem := in.mod.Memory().Size()
		t.Logf("%s at %d:%d: natively %d allocations, %d bytes; linear memory %d MiB", c.call, c.line, c.character, cost.mallocs, cost.bytes, mem>>20)
		if got != c.want || string(native) != c.want {
			t.Errorf("%s at %d:%d: %.200s (natively %.200s), want %s", c.call, c.line, c.character, got, native, c.want)
		}
		if cost.bytes > maxNothingBytes {
			t.Errorf("%s allocated %d bytes natively, more than %d", c.call, cost.bytes, maxNothingBytes)
		}
		// The text itself and the module's own 15 MiB, with room.
		if mem > 256<<20 {
			t.Errorf("%s: linear memory grew to %d MiB", c.call, mem>>20)
		}
	}
}

// manifests is a stream of at most n bytes of the repository's valid
// golden manifests and examples/broken.yaml, over and over: real
// documents of every kind, and findings (0.6 per KB) far below a result's
// budget.
func manifests(t testing.TB, n int) string {
	t.Helper()
	files, err := filepath.Glob("../testdata/valid-*.yaml")
	if err != nil || len(files) == 0 {
		t.Fatalf("no valid manifests in testdata/: %v", err)
	}
	files = append(files, "../examples/broken.yaml")
	var docs []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, "---\n"+strings.TrimSuffix(string(b), "\n")+"\n")
	}
	var sb strings.Builder
	for i := 0; sb.Len()+len(docs[i%len(docs)]) <= n; i++ {
		sb.WriteString(docs[i%len(docs)])
	}
	return sb.String()
}

// BenchmarkLargeInputs is validate of each large input in a fresh
// instance under wazero's default configuration, with the processor time
// of the call (cpu-ns/op: user and system time of the thread that runs
// it, which a loaded machine stretches far less than wall time) and the
// instance's linear memory after it; BenchmarkLargeInputsNative is the
// native core on the same inputs, with its allocations, which
// TestLargeInputsStayBounded bounds. docs/performance.md has the numbers:
//
//	go test ./wasm -run '^$' -bench LargeInputs -benchtime 1x -count 3
func BenchmarkLargeInputs(b *testing.B) {
	for _, c := range largeInputs {
		b.Run(c.name, func(b *testing.B) {
			src := c.src(b)
			b.SetBytes(int64(len(src)))
			var mem uint32
			var cpu time.Duration
			for b.Loop() {
				in := newInstance(b)
				cpu += callCPU(func() { in.text("validate", src, 0) })
				mem = max(mem, in.mod.Memory().Size())
				in.mod.Close(in.ctx)
			}
			b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
			b.ReportMetric(float64(mem)/(1<<20), "MiB-memory")
		})
	}
}

func BenchmarkLargeInputsNative(b *testing.B) {
	for _, c := range largeInputs {
		b.Run(c.name, func(b *testing.B) {
			src := c.src(b)
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				validateJSON(src, text.UTF16)
			}
		})
	}
}

// BenchmarkHugeDocument is each call of TestCompletionAndHoverOnAHugeDocument
// in the module, with its processor time:
//
//	go test ./wasm -run '^$' -bench HugeDocument -benchtime 1x -count 3
func BenchmarkHugeDocument(b *testing.B) {
	src, calls := hugeDocument()
	in := newInstance(b)
	for _, c := range calls {
		b.Run(fmt.Sprintf("%s-at-%d", c.call, c.line), func(b *testing.B) {
			var cpu time.Duration
			for b.Loop() {
				cpu += callCPU(func() { in.text(c.call, src, c.line, c.character, 0) })
			}
			b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

// callCPU is the processor time that call takes on the calling thread:
// the module's own work, without the host's collector on other threads.
func callCPU(call func()) time.Duration {
	runtime.LockOSThread() // the call runs on this thread: its processor time is the thread's
	defer runtime.UnlockOSThread()
	start := threadTime()
	call()
	return threadTime() - start
}

// threadTime is the processor time the calling thread has used so far
// (getrusage's RUSAGE_THREAD, which package syscall does not name).
func threadTime() time.Duration {
	const rusageThread = 1
	var u syscall.Rusage
	syscall.Getrusage(rusageThread, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
