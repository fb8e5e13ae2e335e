package secret

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mdscheck/mdscheck/core/document"
)

// TestSpansOfManyTexts: where a document holds many secret values, the
// spans of their texts, found in one read, are those that a search for
// each text finds: the values and every place the document writes them
// again.
func TestSpansOfManyTexts(t *testing.T) {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nkind: Secret\nstringData:\n")
	var texts []string
	for i := range 3 * fewTexts {
		v := fmt.Sprintf("Zq%dxK2pL%d", i, i*7)
		texts = append(texts, v)
		fmt.Fprintf(&b, "  k%d: %s\n", i, v)
	}
	b.WriteString("metadata:\n  annotations:\n    note: " + texts[5] + " and " + texts[40] + texts[41] + "\n")
	src := b.String()
	d := document.Parse(src, document.Span{End: len(src)}, 0, document.DefaultLimits)
	v := New(d)
	v.SecretData(d.Root)
	got := v.Spans(src, 0, len(src))
	var want []document.Span
	for _, text := range texts {
		for at := 0; ; {
			i := strings.Index(src[at:], text)
			if i < 0 {
				break
			}
			want = append(want, document.Span{Start: at + i, End: at + i + len(text)})
			at += i + len(text)
		}
	}
	want = Merge(want)
	for _, sp := range want {
		if !slices.ContainsFunc(got, func(g document.Span) bool { return g.Start <= sp.Start && sp.End <= g.End }) {
			t.Errorf("%q at %d is not in a span", src[sp.Start:sp.End], sp.Start)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d spans, want %d", len(got), len(want))
	}
}
