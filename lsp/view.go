package lsp

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/text"
)

// view locates the documents of one version of a text, so that the
// outline can be computed document by document and reused for the
// documents an edit did not touch. Documents start at the start of a line,
// so a position moves between the stream and a document by a number of
// lines; characters do not change.
type view struct {
	src   string
	spans []document.Span
	lines []int // the line on which each span starts
}

func newView(src string) *view {
	spans := document.Split(src)
	lines := make([]int, len(spans))
	line, at := 0, 0
	for i, sp := range spans {
		line += strings.Count(src[at:sp.Start], "\n")
		at = sp.Start
		lines[i] = line
	}
	return &view{src: src, spans: spans, lines: lines}
}

// text returns the text of document i and the line on which it starts.
func (v *view) text(i int) (string, int) {
	sp := v.spans[i]
	return v.src[sp.Start:sp.End], v.lines[i]
}

// shiftRange moves r down by n lines.
func shiftRange(r text.Range, n int) text.Range {
	r.Start.Line += n
	r.End.Line += n
	return r
}
