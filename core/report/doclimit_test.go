package report

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/text"
)

// broken is a manifest with one finding on its line 6 (0-based 5).
const broken = "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  plan: 4\n  project: p\n"

// TestStreamOverTheDocumentLimit: the documents before the limit are
// checked as always; the rest of the stream is one limit finding on its
// first line that says how many documents the stream has.
func TestStreamOverTheDocumentLimit(t *testing.T) {
	n := document.DefaultLimits.Documents
	src := broken + strings.Repeat("---\n", n+9)
	f := Validate(src, check.DefaultOptions)
	idx := text.NewIndex(f.Text)
	if len(f.Documents) != n || len(f.Diagnostics) != 2 {
		t.Fatalf("%d documents, %d findings; want %d and 2", len(f.Documents), len(f.Diagnostics), n)
	}
	if d := f.Diagnostics[0]; d.Document != 0 || d.Rule != "type" || idx.LineOf(d.Start) != 5 {
		t.Errorf("the first document's finding: %+v", d)
	}
	want := fmt.Sprintf("the stream has %d documents, over the limit of %d; this one and the 10 after it were not checked", n+10, n)
	line := strings.Count(broken, "\n") + n - 2 // the marker of document n-1
	if d := f.Diagnostics[1]; d.Document != n-1 || d.Rule != "limit" || d.Severity != check.Error || d.Message != want ||
		idx.Range(d.Start, d.End, text.UTF16) != (text.Range{Start: text.Position{Line: line}, End: text.Position{Line: line, Character: 3}}) {
		t.Errorf("the limit finding: %+v\nwant %q on line %d", d, want, line)
	}
	if last := f.Documents[n-1]; last.Index != n-1 || last.Checked {
		t.Errorf("the last document: %+v", last)
	}
}

// TestStreamOfEmptyDocuments: 64 MiB of "---" lines, 16.7 million empty
// documents and the largest such stream the stream limit lets in, are
// checked within bounded memory: the command took 3.5 GiB and 72 s for
// them before the document limit. The bound is generous; what is measured
// is the memory the Go runtime took from the system while checking (the
// high-water of its heap, and about the process's peak RSS), the text
// aside. docs/performance.md has the numbers.
func TestStreamOfEmptyDocuments(t *testing.T) {
	src := strings.Repeat("---\n", document.DefaultLimits.StreamBytes/4)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var f File
	done := make(chan struct{})
	go func() {
		defer close(done)
		f = Validate(src, check.DefaultOptions)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Minute): // a hang guard, not a speed bound
		t.Fatal("validating 64 MiB of empty documents did not end")
	}
	runtime.ReadMemStats(&after)
	taken := after.Sys - before.Sys
	t.Logf("%d documents, %d findings: %d MiB taken from the system, %d MiB allocated",
		len(f.Documents), len(f.Diagnostics), taken>>20, (after.TotalAlloc-before.TotalAlloc)>>20)
	if taken > 1<<30 {
		t.Errorf("the check took %d MiB from the system, over 1 GiB", taken>>20)
	}
	if len(f.Documents) != document.DefaultLimits.Documents || len(f.Diagnostics) != 1 || f.Diagnostics[0].Rule != "limit" ||
		!strings.HasPrefix(f.Diagnostics[0].Message, fmt.Sprintf("the stream has %d documents", len(src)/4)) {
		t.Errorf("%d documents, findings %+v", len(f.Documents), f.Diagnostics)
	}
}
