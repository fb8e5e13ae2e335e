package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/filejson"
)

// TestResultBudget: a stream with more findings than a result may hold
// gets the first maxFindings of them and one limit finding at the first
// document left out; the documents before it are reported as usual. The
// call layer is plain Go, so this runs natively.
func TestResultBudget(t *testing.T) {
	// Not parallel: the call layer keeps state of the module's one
	// call at a time (checker, last), which parallel calls would share.
	const extra = 7
	src := strings.Repeat("a: [\n---\n", maxFindings+extra) // one syntax error each
	var got filejson.File
	out, _ := validateJSON(src, text.UTF16)
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Documents) != maxFindings || len(got.Diagnostics) != maxFindings+1 {
		t.Fatalf("%d documents and %d findings, want %d and %d", len(got.Documents), len(got.Diagnostics), maxFindings, maxFindings+1)
	}
	cut := got.Diagnostics[0]
	next := document.Split(src)[maxFindings]
	wantLine := strings.Count(src[:next.Start], "\n")
	if cut.Rule != "limit" || cut.Severity != check.Error || cut.Document != -1 || cut.Range.Start.Line != wantLine ||
		!strings.Contains(cut.Message, "the documents from here on were not checked") {
		t.Errorf("the cut: %+v, want an error [limit] on line %d ", cut, wantLine)
	}
	if last := got.Diagnostics[maxFindings]; last.Rule != "yaml-syntax" || last.Document != maxFindings-1 {
		t.Errorf("the last finding kept: %+v", last)
	}
}

// TestDocumentBudget: a stream of more than maxDocuments documents gets
// the first maxDocuments of them.
func TestDocumentBudget(t *testing.T) {
	// Not parallel: the call layer keeps state of the module's one
	// call at a time (checker, last), which parallel calls would share.
	src := strings.Repeat("---\n", maxDocuments+3)
	var got filejson.File
	out, _ := validateJSON(src, text.UTF8)
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Documents) != maxDocuments || len(got.Diagnostics) != 1 || got.Diagnostics[0].Rule != "limit" ||
		got.Diagnostics[0].Range.Start.Line != maxDocuments {
		t.Errorf("%d documents, findings %+v; want %d documents and a limit finding on line %d",
			len(got.Documents), got.Diagnostics, maxDocuments, maxDocuments)
	}
}

// TestByteBudget: the documents that start after the first maxBytes of a
// stream are left out, and the limit finding is on the first of them.
func TestByteBudget(t *testing.T) {
	// Not parallel: the call layer keeps state of the module's one
	// call at a time (checker, last), which parallel calls would share.
	doc := "---\napiVersion: v1\nkind: ConfigMap\ndata: {a: \"" + strings.Repeat("x", 1000) + "\"}\n"
	src := strings.Repeat(doc, maxBytes/len(doc)+5)
	var got filejson.File
	out, _ := validateJSON(src, text.UTF8)
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	spans := document.Split(src)
	first := 0
	for spans[first].Start < maxBytes {
		first++
	}
	wantLine := strings.Count(src[:spans[first].Start], "\n")
	if len(got.Documents) != first || len(got.Diagnostics) != 1 || got.Diagnostics[0].Rule != "limit" ||
		got.Diagnostics[0].Range.Start.Line != wantLine ||
		!strings.Contains(got.Diagnostics[0].Message, "the documents from here on were not checked") {
		t.Errorf("%d documents, findings %+v; want %d documents and a limit finding on line %d",
			len(got.Documents), got.Diagnostics, first, wantLine)
	}
}
