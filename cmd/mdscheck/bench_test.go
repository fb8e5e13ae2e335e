package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// The command's own work on the benchmark corpus, in process: reading
// the files, checking them on one core and on two, and writing the JSON
// report; the two-core speed-up of docs/performance.md:
//
//	MDSCHECK_CORPUS=.corpus go test ./cmd/mdscheck -run '^$' -bench Command -count 6
//
// The sub-benchmarks set GOMAXPROCS themselves: with b.Loop, go test
// -cpu 1,2 times the first benchmark's first value under the last value's
// GOMAXPROCS (Go 1.26), so it timed both on two cores.
func BenchmarkCommandStream(b *testing.B) { benchCommand(b, "large/mixed.yaml") }

// BenchmarkCommandFiles checks the 2,000 files of split/.
func BenchmarkCommandFiles(b *testing.B) { benchCommand(b, "split") }

func benchCommand(b *testing.B, name string) {
	dir := os.Getenv("MDSCHECK_CORPUS")
	if dir == "" {
		b.Skip("MDSCHECK_CORPUS is not set (make bench writes the corpus to .corpus/)")
	}
	target := filepath.Join(dir, name)
	if _, err := os.Stat(target); err != nil {
		b.Fatal(err)
	}
	for _, procs := range []int{1, 2} {
		b.Run(fmt.Sprintf("procs=%d", procs), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			b.ReportAllocs()
			for b.Loop() {
				var stderr strings.Builder
				// The corpus has findings on purpose: exit status 1.
				if code := run([]string{"validate", "--no-config", "--format", "json", target}, strings.NewReader(""), io.Discard, &stderr); code != 1 {
					b.Fatalf("exit %d: %s", code, stderr.String())
				}
			}
		})
	}
}
