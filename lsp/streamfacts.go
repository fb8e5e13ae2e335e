package lsp

import (
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

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
	docs := make([]*cross.Facts, len(spans))
	texts := make([]string, len(spans))
	var todo []int
	for i, sp := range spans {
		texts[i] = src[sp.Start:sp.End]
		if f, ok := c.done[texts[i]]; ok {
			docs[i] = f
		} else {
			todo = append(todo, i)
		}
	}
	readFacts(texts, docs, todo)
	done := make(map[string]*cross.Facts, len(spans))
	var writers, secrets, reads, envFroms int
	for i, f := range docs {
		done[texts[i]] = f
		writers, secrets, reads, envFroms = writers+len(f.Writers), secrets+len(f.Secrets), reads+len(f.Reads), envFroms+len(f.EnvFroms)
	}
	// Sized once: a keystroke in a stream of 2,000 resources copies
	// their facts, and should not grow the lists as it goes.
	out.Writers, out.Secrets = make([]cross.Writer, 0, writers), make([]cross.SecretManifest, 0, secrets)
	out.Reads, out.EnvFroms = make([]cross.Read, 0, reads), make([]cross.EnvFrom, 0, envFroms)
	for i, f := range docs {
		out.Append(f, spans[i].Start, i)
	}
	c.done = done
	return out
}

// readFacts reads the facts of the documents texts[i] for i in todo into
// docs[i], each from a copy of its text (the facts hold parts of the text
// they were read from: of this document, not of the whole stream), and
// one text read once. Many documents (a stream opened) are read on every
// processor.
func readFacts(texts []string, docs []*cross.Facts, todo []int) {
	first := map[string]int{}
	var work []int
	for _, i := range todo {
		if _, ok := first[texts[i]]; !ok {
			first[texts[i]] = i
			work = append(work, i)
		}
	}
	var next atomic.Int64
	read := func() {
		var rd document.Reader
		for n := int(next.Add(1)) - 1; n < len(work); n = int(next.Add(1)) - 1 {
			i := work[n]
			t := strings.Clone(texts[i])
			f := &cross.Facts{}
			f.Add(rd.Read(t, document.Span{End: len(t)}, 0, document.DefaultLimits))
			texts[i], docs[i] = t, f
		}
	}
	workers := 1
	if len(work) >= parallelFrom {
		workers = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	for range workers {
		wg.Go(read)
	}
	wg.Wait()
	// Copies of a document read once share its facts.
	for _, i := range todo {
		if j := first[texts[i]]; j != i {
			texts[i], docs[i] = texts[j], docs[j]
		}
	}
}
