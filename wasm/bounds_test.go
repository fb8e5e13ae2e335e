//go:build linux

package main

import (
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

// Bounds on one validate call of a large input: generous limits, not
// benchmarks (docs/performance.md has the numbers). A call must take at
// most maxCallTime of the processor: CPU time, not wall time, so that
// other work on a shared machine does not fail the test (under a load
// average of 9 the million tiny documents took 10.7 s of wall time and
// 5 s of processor). Wazero's default memory grows by copying, so the
// host holds up to four times the module's memory.
const (
	maxLinearMemory = 1 << 30
	maxCallTime     = 10 * time.Second
	maxPeakRSS      = 4 << 30
)

// Not parallel, nor is TestCompletionAndHoverOnAHugeDocument: they run
// first and alone: the peak RSS they bound is the whole process's.
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
			start := time.Now()
			want, _ := validateJSON(src, text.UTF16) // the same call, natively
			native := time.Since(start)

			in := newInstance(t)
			runtime.LockOSThread() // the call runs on this thread: its processor time is the thread's
			start, cpu := time.Now(), threadTime()
			got := in.text("validate", src, 0)
			took, cpu := time.Since(start), threadTime()-cpu
			runtime.UnlockOSThread()
			mem := in.mod.Memory().Size()
			var usage syscall.Rusage
			syscall.Getrusage(syscall.RUSAGE_SELF, &usage)
			rss := usage.Maxrss << 10 // kB on Linux
			t.Logf("%d bytes: %v, %v of processor (native %v), linear memory %d MiB, peak RSS of the tests %d MiB",
				len(src), took, cpu, native, mem>>20, rss>>20)

			if got != string(want) {
				t.Errorf("the result differs from the native core's (%d bytes, want %d)", len(got), len(want))
			}
			if len(src) > document.DefaultLimits.StreamBytes && !strings.Contains(got, `"rule":"limit"`) {
				t.Errorf("an input over the stream limit got no limit finding: %.300s", got)
			}
			if mem >= maxLinearMemory {
				t.Errorf("linear memory grew to %d MiB", mem>>20)
			}
			if cpu > maxCallTime {
				t.Errorf("validate took %v of processor, more than %v", cpu, maxCallTime)
			}
			if rss >= maxPeakRSS {
				t.Errorf("the test process peaked at %d MiB", rss>>20)
			}
		})
	}
}

// TestCompletionAndHoverOnAHugeDocument: complete and hover on a document
// that validate refuses unread (over the size limit) answer nothing, and
// cost no more than reading the text: one 60 MB document took the module
// to 910 MiB of linear memory before.
func TestCompletionAndHoverOnAHugeDocument(t *testing.T) {
	if testing.Short() {
		t.Skip("a 60 MB text")
	}
	src := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n" +
		strings.Repeat("  k: v\n", 60<<20/7)
	last := int32(strings.Count(src, "\n") - 1)
	in := newInstance(t)
	for _, c := range []struct {
		call, want      string
		line, character int32
	}{
		{"complete", "[]", 5, 2},
		{"hover", "null", 4, 2},
		{"complete", "[]", last, 2},
		{"hover", "null", last, 3},
	} {
		runtime.LockOSThread()
		cpu := threadTime()
		got := in.text(c.call, src, c.line, c.character, 0)
		cpu = threadTime() - cpu
		runtime.UnlockOSThread()
		mem := in.mod.Memory().Size()
		t.Logf("%s at %d:%d: %v of processor, linear memory %d MiB", c.call, c.line, c.character, cpu, mem>>20)
		if got != c.want {
			t.Errorf("%s at %d:%d: %.200s, want %s", c.call, c.line, c.character, got, c.want)
		}
		if cpu > maxCallTime {
			t.Errorf("%s took %v of processor, more than %v", c.call, cpu, maxCallTime)
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
// instance under wazero's default configuration, with the instance's
// linear memory after the call; BenchmarkLargeInputsNative is the native
// core on the same inputs. docs/performance.md has the numbers:
//
//	go test ./wasm -run '^$' -bench LargeInputs -benchtime 1x -count 3
func BenchmarkLargeInputs(b *testing.B) {
	for _, c := range largeInputs {
		b.Run(c.name, func(b *testing.B) {
			src := c.src(b)
			b.SetBytes(int64(len(src)))
			var mem uint32
			for b.Loop() {
				in := newInstance(b)
				in.text("validate", src, 0)
				mem = max(mem, in.mod.Memory().Size())
				in.mod.Close(in.ctx)
			}
			b.ReportMetric(float64(mem)/(1<<20), "MiB-memory")
		})
	}
}

func BenchmarkLargeInputsNative(b *testing.B) {
	for _, c := range largeInputs {
		b.Run(c.name, func(b *testing.B) {
			src := c.src(b)
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				validateJSON(src, text.UTF16)
			}
		})
	}
}

// threadTime is the processor time the calling thread has used so far
// (getrusage's RUSAGE_THREAD, which package syscall does not name): the
// module's own work, without the host's collector on other threads.
func threadTime() time.Duration {
	const rusageThread = 1
	var u syscall.Rusage
	syscall.Getrusage(rusageThread, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
