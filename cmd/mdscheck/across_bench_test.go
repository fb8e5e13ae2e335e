//go:build unix

package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/internal/benchrepo"
)

// BenchmarkAcrossRepository runs validate on the generated repository of
// the workspace index's benchmarks (internal/benchrepo: per file, 10
// resources and 10 workloads that read the Secrets of other files) at
// 1,000 and 2,000 files: the processor time (user and system, of all
// cores) and the allocations per file stay the same when the repository
// doubles (docs/performance.md, "Across resources"). "across" is the step
// across resources alone, on the files as validate has checked them.
//
//	GOGC=200 go test ./cmd/mdscheck -run '^$' -bench AcrossRepository -benchtime 3x -count 3
func BenchmarkAcrossRepository(b *testing.B) {
	for _, files := range []int{1000, 2000} {
		dir := b.TempDir()
		if err := (benchrepo.Repo{Files: files}).Write(dir); err != nil {
			b.Fatal(err)
		}
		// What is measured finds what crosses the files.
		var out, stderr strings.Builder
		if code := run([]string{"validate", "--no-config", "--color", "never", "--max-findings", "0", dir}, strings.NewReader(""), &out, &stderr); code != 1 ||
			strings.Count(out.String(), "[secret-key]") < files/2 || strings.Contains(out.String(), "[secret-conflict]") {
			b.Fatalf("exit %d, %d secret-key findings, want 1 and at least %d and no conflict: %s", code,
				strings.Count(out.String(), "[secret-key]"), files/2, stderr.String())
		}
		b.Run(fmt.Sprintf("files=%d/validate", files), func(b *testing.B) {
			perFile(b, files, func() {
				if code := run([]string{"validate", "--no-config", "--format", "json", dir}, strings.NewReader(""), io.Discard, io.Discard); code != 1 {
					b.Fatalf("exit %d", code)
				}
			})
		})
		b.Run(fmt.Sprintf("files=%d/across", files), func(b *testing.B) {
			results := checkedResults(b, dir)
			own := make([][]check.Diagnostic, len(results))
			for i, r := range results {
				own[i] = r.file.Diagnostics
			}
			perFile(b, files, func() {
				for i := range results {
					results[i].file.Diagnostics = slices.Clone(own[i])
				}
				acrossResources(results, nil, io.Discard)
			})
		})
	}
}

// perFile runs op in b's loop and reports its processor time (user and
// system), allocations and bytes allocated per file of files.
func perFile(b *testing.B, files int, op func()) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := cpuTime()
	for b.Loop() {
		op()
	}
	cpu := cpuTime() - start
	runtime.ReadMemStats(&after)
	n := float64(b.N * files)
	b.ReportMetric(float64(cpu.Microseconds())/n, "cpu-µs/file")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/n, "allocs/file")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/n/1024, "KiB/file")
}

// BenchmarkAcrossStream is the step across resources alone of a validate
// of the corpus's 2,000-document stream, which holds no finding across
// resources but 5,648 secret lines: what the run's gate would cost if it
// were made without a message to clean (docs/performance.md, "Across
// resources").
//
//	MDSCHECK_CORPUS=/tmp/mdscheck-corpus go test ./cmd/mdscheck -run '^$' -bench AcrossStream -count 6
func BenchmarkAcrossStream(b *testing.B) {
	results := corpusResults(b, "large/mixed.yaml")
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if got := acrossResources(results, nil, io.Discard); len(got) != len(results) {
			b.Fatalf("%d results, want %d", len(got), len(results))
		}
	}
	b.ReportMetric(float64((cpuTime()-start).Microseconds())/float64(b.N), "cpu-µs/op")
}

// corpusResults are the results of checking the corpus's file name, as
// validate has them before the step across resources.
func corpusResults(b *testing.B, name string) []fileResult {
	dir := os.Getenv("MDSCHECK_CORPUS")
	if dir == "" {
		b.Skip("MDSCHECK_CORPUS is not set (make bench writes the corpus to .corpus/)")
	}
	return checkedResults(b, filepath.Join(dir, name))
}

// checkedResults are the results of checking path, a file or a folder,
// as validate has them before the step across resources.
func checkedResults(b *testing.B, path string) []fileResult {
	inputs, failed := collect([]string{path}, strings.NewReader(""), "", io.Discard,
		func(string, bool, bool) bool { return false })
	if failed || len(inputs) == 0 {
		b.Fatalf("%s: not read", path)
	}
	return checkAll(inputs, check.DefaultOptions, runtime.NumCPU(), defaultMaxFindings, nil)
}
