package lsp

import (
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/reading"
)

// streamChecker checks the text of one open file again and again as it is
// edited. A file may be a stream of thousands of documents, and an edit
// changes one of them; the checker splits the stream again (a linear scan),
// takes the results of every document whose text it has already checked,
// moved to where the document now starts, and checks only the others.
//
// A document's result is kept as core/report builds it for the document's
// text alone, positions included: documents start at the start of a line,
// so moving a result is adding a number of lines, and an edit costs no
// index of the whole stream. This is sound because a document's findings
// depend on its own text alone (anchors belong to their document, and
// core/report checks documents one by one); a test compares the results
// with report.Validate of the whole text.
type streamChecker struct {
	// as is how the file is read (readingOf); set when it is opened.
	as   reading.Mode
	mu   sync.Mutex
	opts check.Options
	enc  text.Encoding
	// done holds the results of the documents of the last run, keyed by
	// their text.
	done map[string]*checkedDoc
}

// checkedDoc is the result of one document text, in positions relative to
// its first line, as document 0.
type checkedDoc struct {
	text string // a copy: a cached result must not pin a whole old stream
	file report.File
}

// secrets feeds g with the secrets the last run found in the document
// text t, and reports whether it had checked t. It does not wait for a
// run under way.
func (c *streamChecker) secrets(t string, g *secret.Gate) bool {
	if !c.mu.TryLock() {
		return false
	}
	defer c.mu.Unlock()
	d, ok := c.done[t]
	if ok {
		d.file.Feed(g)
	}
	return ok
}

// checkResult is what one run found: the File every front end shows, for
// one version of the text.
type checkResult struct {
	version int32
	text    string
	file    report.File
	// rechecked counts the documents that were checked rather than reused.
	rechecked int
}

// parallelFrom is the number of documents to check from which the work is
// spread over the processors (opening a large stream).
const parallelFrom = 64

// checkedText is a document that a run had to check: its index in the
// stream and its text.
type checkedText struct {
	index int
	text  string
}

// run checks src with opts and returns the File in the encoding enc, and
// the documents it had to check (the others were reused), in order.
func (c *streamChecker) run(src string, opts check.Options, enc text.Encoding) (report.File, []checkedText) {
	c.mu.Lock()
	defer c.mu.Unlock()
	src, opts = c.as.Text(src), c.as.Options(opts)
	spans, tooBig := report.Spans(src)
	if tooBig != nil {
		c.done = nil
		return report.Build(src, nil, []check.Diagnostic{*tooBig}, enc), nil
	}
	if opts != c.opts || enc != c.enc || c.done == nil {
		c.opts, c.enc, c.done = opts, enc, map[string]*checkedDoc{}
	}
	docs := make([]*checkedDoc, len(spans))
	var todo []int
	for i, sp := range spans {
		if d, ok := c.done[src[sp.Start:sp.End]]; ok {
			docs[i] = d
		} else {
			todo = append(todo, i)
		}
	}
	// Each worker reuses the memory of reading (report.Checker) and takes
	// the documents in batches by an atomic counter: handing them over one
	// by one on a channel kept the second core waiting.
	checkFrom := func(c *report.Checker, todo []int) {
		for _, i := range todo {
			t := strings.Clone(src[spans[i].Start:spans[i].End])
			r := c.Check(t, document.Span{Start: 0, End: len(t)}, 0, opts)
			docs[i] = &checkedDoc{text: t, file: report.Build(t, []report.Checked{r}, nil, enc)}
		}
	}
	if len(todo) < parallelFrom {
		checkFrom(new(report.Checker), todo)
	} else {
		const batch = 16
		var wg sync.WaitGroup
		var claimed atomic.Int64
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				var c report.Checker
				for {
					end := int(claimed.Add(batch))
					if end-batch >= len(todo) {
						return
					}
					checkFrom(&c, todo[end-batch:min(end, len(todo))])
				}
			})
		}
		wg.Wait()
	}

	done := make(map[string]*checkedDoc, len(docs))
	f := report.File{Documents: make([]report.Document, len(docs)), Diagnostics: []report.Diagnostic{}}
	line, at := 0, 0
	for i, d := range docs {
		done[d.text] = d
		line += strings.Count(src[at:spans[i].Start], "\n")
		at = spans[i].Start
		f.Documents[i] = d.file.Documents[0]
		f.Documents[i].Index = i
		for _, x := range d.file.Diagnostics {
			f.Diagnostics = append(f.Diagnostics, placed(x, i, at, line))
		}
		f.SecretTexts = append(f.SecretTexts, d.file.SecretTexts...)
		f.SecretRaw = append(f.SecretRaw, d.file.SecretRaw...)
	}
	// A secret of one document written again in another.
	var g secret.Gate
	f.Feed(&g)
	f.Clean(&g)
	c.done = done
	checked := make([]checkedText, len(todo))
	for j, i := range todo {
		checked[j] = checkedText{index: i, text: docs[i].text}
	}
	return f, checked
}

// placed returns a copy of a finding of document 0 that starts on line 0
// for document index, which starts at byte offset and on line. The cached
// finding is not changed.
func placed(d report.Diagnostic, index, offset, line int) report.Diagnostic {
	d.Document = index
	d.Start += offset
	d.End += offset
	d.Range = shiftRange(d.Range, line)
	if len(d.Fixes) > 0 {
		fixes := make([]report.Fix, len(d.Fixes))
		for j, fx := range d.Fixes {
			edits := make([]report.Edit, len(fx.Edits))
			for k, e := range fx.Edits {
				edits[k] = report.Edit{Range: shiftRange(e.Range, line), NewText: e.NewText}
			}
			fixes[j] = report.Fix{Title: fx.Title, Edits: edits}
		}
		d.Fixes = fixes
	}
	return d
}
