package lsp_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mdscheck/mdscheck/core/document"
	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// brokenHead is a manifest with one finding, on line 5 (0-based).
const brokenHead = "apiVersion: example.io/v1alpha1\nkind: Kafka\nmetadata:\n  name: k\nspec:\n  plan: 4\n  project: p\n"

// TestEmptyDocumentsOverTheLimit: 64 MiB of "---" lines, 16.7 million
// empty documents, took the server to 6.65 GiB. The documents before the
// limit are checked, the rest is one limit finding that counts them, and
// every request stays within the bounds.
func TestEmptyDocumentsOverTheLimit(t *testing.T) {
	// Not parallel: tens of MiB through the client and the server,
	// which on two loaded cores alongside other tests can outlast the
	// hang guard.
	s, _ := start(t)
	u := uri.URI("file:///empty-documents.yaml")
	n := document.DefaultLimits.Documents
	src := brokenHead + strings.Repeat("---\n", (document.DefaultLimits.StreamBytes-len(brokenHead))/4)
	docs := 1 + strings.Count(src, "---")
	line := uint32(strings.Count(brokenHead, "\n") + n - 2) // where document n-1 starts
	want := fmt.Sprintf("the stream has %d documents, over the limit of %d; this one and the %d after it were not checked", docs, n, docs-n)
	checkFindings := func(step string, ds []protocol.Diagnostic) {
		t.Helper()
		if typ := find(ds, "type"); len(typ) != 1 || typ[0].Range.Start.Line != 5 {
			t.Errorf("%s: the first document's finding: %s", step, summary(typ))
		}
		if lim := find(ds, "limit"); len(lim) != 1 || message(lim[0]) != want || lim[0].Range.Start != pos(line, 0) {
			t.Errorf("%s: the limit finding: %s; want %q on line %d", step, summary(lim), want, line)
		}
	}
	// The harness's hang guard bounds the open; its wall time is only
	// logged: the client's encoding of 64 MiB shares two loaded cores.
	t0 := time.Now()
	ds := s.open(u, src)
	t.Logf("opening 16.7 million empty documents: %v", time.Since(t0).Round(time.Millisecond))
	checkFindings("open", ds)
	v := s.edit(u, replace(6, 11, 6, 11, "x"))
	within(t, s, u, "an edit's diagnostics", func() { ds = s.diagnostics(u, v) })
	checkFindings("edit", ds)
	within(t, s, u, "hover", func() { hoverAt(t, s, u, pos(line+10, 1)) })
	within(t, s, u, "completion", func() { completionItems(t, s, u, pos(line+10, 3)) })
	within(t, s, u, "the outline", func() { s.rawSymbols(u) })
	kb := peakKB(s.p.cmd.Process.Pid)
	t.Logf("peak RSS %d MiB", kb>>10)
	if kb > 1<<20 {
		t.Errorf("the server's peak RSS was %d MiB, over 1 GiB", kb>>10)
	}
}

// TestNothingOnAHugeDocument: hover and completion on a document that the
// check refuses for its size answer nothing, at once: on a 60 MB document
// they took the server to 1.47 GiB.
func TestNothingOnAHugeDocument(t *testing.T) {
	// Not parallel: tens of MiB through the client and the server,
	// which on two loaded cores alongside other tests can outlast the
	// hang guard.
	s, _ := start(t)
	u := uri.URI("file:///huge-document.yaml")
	src := brokenHead + strings.Repeat("  k: v\n", 60<<20/7)
	last := uint32(strings.Count(src, "\n") - 1)
	t0 := time.Now()
	if ds := s.open(u, src); len(find(ds, "limit")) != 1 {
		t.Errorf("want the document size limit, got:\n%s", summary(ds))
	}
	t.Logf("opening a 60 MB document: %v", time.Since(t0).Round(time.Millisecond))
	for _, p := range []protocol.Position{pos(4, 2), pos(5, 3), pos(last, 3)} {
		within(t, s, u, "hover", func() {
			if h := hoverAt(t, s, u, p); h != nil {
				t.Errorf("hover at %v: %+v, want none", p, h)
			}
		})
		within(t, s, u, "completion", func() {
			if items := completionItems(t, s, u, p); len(items) != 0 {
				t.Errorf("completion at %v: %d items, want none", p, len(items))
			}
		})
	}
	kb := peakKB(s.p.cmd.Process.Pid)
	t.Logf("peak RSS %d MiB", kb>>10)
	if kb > 1<<20 {
		t.Errorf("the server's peak RSS was %d MiB, over 1 GiB", kb>>10)
	}
}
