package lang

import (
	"runtime"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/text"
)

// TestNothingOnADocumentOverTheLimits: completion and hover on a document
// that validation refuses unread (over the size or the token limit) answer
// nothing and read no more of it than validation does: before, a 60 MB
// document cost 1.5 GiB in the language server. A document of the same
// stream within the limits is still served.
func TestNothingOnADocumentOverTheLimits(t *testing.T) {
	small := head + "  plan: business-4\n  "
	for _, c := range []struct{ name, doc string }{
		{"size", head + strings.Repeat("  k: v\n", document.DefaultLimits.DocumentBytes/7+1)},
		{"tokens", head + strings.Repeat("  k: [a, b]\n", document.DefaultLimits.Tokens/6)},
	} {
		t.Run(c.name, func(t *testing.T) {
			if document.OverLimits(c.doc, document.DefaultLimits) == nil {
				t.Fatal("the document is within the limits")
			}
			src := c.doc + "---\n" + small
			lines := strings.Count(c.doc, "\n")
			for _, p := range []text.Position{{Line: 4, Character: 2}, {Line: 5, Character: 3}, {Line: lines - 1, Character: 3}} {
				var h *HoverResult
				var items []CompletionItem
				allocated := allocs(func() {
					h = Hover(src, p, text.UTF16)
					items = Complete(src, p, text.UTF16)
				})
				if h != nil || items != nil {
					t.Errorf("at %v: hover %v and %d completions, want none", p, h, len(items))
				}
				if allocated > 64<<10 {
					t.Errorf("at %v: hover and completion allocated %d KiB", p, allocated>>10)
				}
			}
			// The document after it is served as in a stream of its own.
			p := text.Position{Line: lines + 1 + strings.Count(small, "\n"), Character: 2}
			if got := labels(Complete(src, p, text.UTF16)); !strings.Contains(got, "project") {
				t.Errorf("completion in the next document: %q", got)
			}
			if h := Hover(src, text.Position{Line: lines + 6, Character: 3}, text.UTF16); h == nil || !strings.Contains(h.Contents.Value, "**spec.plan**") {
				t.Errorf("hover in the next document: %v", h)
			}
		})
	}
}

// TestCompletionKeepsNoLines: the cursor's context is read from the
// lines around it without keeping every line of the document: four
// million blank lines, within the limits, cost what the document's line
// index costs, and not 300 MB more.
func TestCompletionKeepsNoLines(t *testing.T) {
	src := head + "  " + strings.Repeat("\n", document.DefaultLimits.DocumentBytes-len(head)-16)
	var items []CompletionItem
	allocated := allocs(func() { items = Complete(src, text.Position{Line: 5, Character: 2}, text.UTF16) })
	if !strings.Contains(labels(items), "plan") {
		t.Errorf("completion: %q", labels(items))
	}
	index := allocs(func() { text.NewIndex(src) }) // the view's, grown by append
	if allocated > index+1<<20 {
		t.Errorf("completion allocated %d MiB, its line index %d MiB", allocated>>20, index>>20)
	}
}

// allocs returns the bytes fn allocates.
func allocs(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
