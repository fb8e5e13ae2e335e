package check_test

import (
	"fmt"
	"strings"
	"syscall"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
)

// brokenDocuments are the broken texts of about 4 MiB whose every
// key is compared with known names for "did you mean": a document the
// reader refuses (over the limit of tokens, and a tab where a key belongs
// on its last line), whose misspelt keys the secret guess compares with
// every secret member's name, and a stream of 26,700 manifests with four
// misspelt fields each, every one of which gets a suggestion; and
// manifests whose every line has an ignore comment of rules misspelt.
func brokenDocuments() map[string]string {
	var refused strings.Builder
	refused.WriteString("apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: a\nspec:\n")
	for i := 0; refused.Len() < 4<<20-2000; i++ {
		fmt.Fprintf(&refused, "  pasword%d: v%d\n", i%10, i)
	}
	refused.WriteString("\t- bad: [\n")
	doc := "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata: {name: a}\n" +
		"spec: {plan: x, project: p, clodName: 1, projekt: 2, plann: 3, terminationProtectoin: 4}\n---\n"
	// Suppressions: 28,000 ignore comments naming no rule, each compared
	// with every rule code for "did you mean", one of them 60 letters.
	var ignores strings.Builder
	ignores.WriteString("apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata: {name: a}\nspec:\n  plan: x\n  project: p\n")
	for i := range 4000 {
		fmt.Fprintf(&ignores, "  k%d: 1 # mdscheck:ignore unknown-fieldz,enumm,patern%d,%s\n", i, i, strings.Repeat("y", 60))
	}
	ignores.WriteString("---\n")
	return map[string]string{
		"Refused":      refused.String(),
		"UnknownField": strings.Repeat(doc, (4<<20)/len(doc)),
		"Suppressions": strings.Repeat(ignores.String(), 7),
	}
}

// BenchmarkBrokenDocument is the cost of the suggestions of a broken
// document of 4 MiB, in the whole check of its text (docs/performance.md,
// "Did you mean, in linear time").
//
//	go test ./core/check -run '^$' -bench BrokenDocument -benchtime 3x
func BenchmarkBrokenDocument(b *testing.B) {
	for name, src := range brokenDocuments() {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			start := cpuTime()
			for b.Loop() {
				report.Validate(src, check.DefaultOptions)
			}
			b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// cpuTime is the processor time of the process so far (user and system),
// in nanoseconds: on a shared machine the wall time of ns/op swings with
// the load, the processor time much less.
func cpuTime() int64 {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return u.Utime.Nano() + u.Stime.Nano()
}
