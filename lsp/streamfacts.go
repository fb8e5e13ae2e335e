package lsp

import (
	"strings"
	"sync"

	"github.com/mdscheck/mdscheck/core/cross"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
)

// streamFacts keeps the cross facts (core/cross) of each document of an
// open file's text, so that the facts of a version after an edit read
// again only the documents the edit changed, as streamChecker does for
// the findings: the facts of a document depend on its own text alone.
type streamFacts struct {
	mu sync.Mutex
	// done holds the facts of the documents of the last version, each
	// read alone (as document 0 at offset 0), keyed by its text.
	done map[string]*cross.Facts
}

// of returns the facts of src, a stream.
func (c *streamFacts) of(src string) *cross.Facts {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := &cross.Facts{}
	spans, tooBig := report.Spans(src)
	if tooBig != nil {
		c.done = nil
		return out // not read at all, as the check says
	}
	done := make(map[string]*cross.Facts, len(spans))
	var rd document.Reader
	for i, sp := range spans {
		t := src[sp.Start:sp.End]
		f, ok := c.done[t]
		if !ok {
			f, ok = done[t] // the same document twice (empty ones, copies)
		}
		if !ok {
			// The facts hold parts of the text they were read from:
			// of this document's copy, not of the whole stream.
			t = strings.Clone(t)
			f = &cross.Facts{}
			f.Add(rd.Read(t, document.Span{End: len(t)}, 0, document.DefaultLimits))
		}
		done[t] = f
		out.Append(f, sp.Start, i)
	}
	c.done = done
	return out
}
