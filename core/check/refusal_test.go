package check_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
)

// oversized is a document over the size limit whose every line after
// an open flow names a secret: what the attack's 6.9 MB refusal held,
// which cost 5.4 s of processor and 167 MB to refuse, the guess reading
// 300,000 secret values and the gate taking each of them.
func oversized(lines int) string {
	var b strings.Builder
	b.WriteString("apiVersion: example.io/v1alpha1\nkind: Grafana\nmetadata:\n  name: g\nspec:\n  x: [\n")
	for i := range lines {
		fmt.Fprintf(&b, "password: p%011d\n", i)
	}
	return b.String()
}

// TestRefusalReadsNothing: a document refused for its size is refused
// with a limit finding on its first line, for the cost of that line: its
// secret ranges mask everything after the line unread, and it gives the
// gate nothing to look for.
func TestRefusalReadsNothing(t *testing.T) {
	src := oversized(300_000)
	if len(src) <= document.DefaultLimits.DocumentBytes {
		t.Fatalf("the document is %d bytes, within the limit", len(src))
	}
	res := report.Validate(src, check.DefaultOptions)
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].Rule != "limit" {
		t.Fatalf("want one limit finding, got %v", res.Diagnostics)
	}
	line := strings.IndexByte(src, '\n')
	if len(res.Secrets) != 1 || res.Secrets[0].Start != line+1 || res.Secrets[0].End != len(src) {
		t.Errorf("%d secret ranges (first %v), want one from %d, after the line shown, to the end, %d",
			len(res.Secrets), res.Secrets[:min(len(res.Secrets), 1)], line+1, len(src))
	}
	if len(res.SecretRaw)+len(res.SecretTexts) != 0 {
		t.Errorf("the refused document gave the gate %d values to look for", len(res.SecretRaw)+len(res.SecretTexts))
	}
	// Allocations, not time, are what the test holds: reading the
	// document allocated a string per line.
	if n := testing.AllocsPerRun(3, func() { report.Validate(src, check.DefaultOptions) }); n > 200 {
		t.Errorf("refusing the document took %.0f allocations, want at most 200", n)
	}
}

// BenchmarkRefusal is the refusal of the attack's document: its processor
// time and allocations (docs/performance.md, "Across resources").
//
//	go test ./core/check -run '^$' -bench Refusal -benchmem -count 3
func BenchmarkRefusal(b *testing.B) {
	src := oversized(300_000)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		report.Validate(src, check.DefaultOptions)
	}
}
