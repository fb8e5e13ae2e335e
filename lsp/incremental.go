package lsp

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/reading"
)

// streamChecker checks the text of one open file again and again as it is
// edited. A file may be a stream of thousands of documents, and an edit
// changes one of them: the stream's check (report.Stream) takes from a
// memo (report.Memo) the results of every document whose text it has
// already checked, moved to where the document now starts, and checks only
// the others. A test compares the results with report.Validate of the
// whole text.
type streamChecker struct {
	// as is how the file is read (readingOf); set when it is opened.
	as   reading.Mode
	mu   sync.Mutex
	memo report.Memo
}

// secrets feeds g with the secrets the last run found in the document
// text t, and reports whether it had checked t. It does not wait for a
// run under way.
func (c *streamChecker) secrets(t string, g *secret.Gate) bool {
	if !c.mu.TryLock() {
		return false
	}
	defer c.mu.Unlock()
	info, ok := c.memo.Info(t)
	if ok {
		info.Feed(g)
	}
	return ok
}

// checkResult is what one run found: the File every front end shows, for
// one version of the text, and the encoding of the client, in which the
// server publishes its offsets as positions.
type checkResult struct {
	version int32
	text    string
	file    report.File
	enc     text.Encoding
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

// run checks src with opts and returns the File, and the documents it had
// to check (the others were reused), in order.
func (c *streamChecker) run(src string, opts check.Options) (report.File, []checkedText) {
	c.mu.Lock()
	defer c.mu.Unlock()
	// The server shows no source: it needs no spans of secrets, only
	// their texts for its gate.
	s := report.NewStream(c.as.Text(src), report.Options{Check: c.as.Options(opts), Memo: &c.memo, NoSecretSpans: true})
	n := s.Len()
	if n < parallelFrom {
		var rc report.Checker
		for i := range n {
			s.Check(&rc, i)
		}
	} else {
		// Each worker reuses the memory of reading (report.Checker) and
		// takes the documents in batches by an atomic counter: handing
		// them over one by one on a channel kept the second core waiting.
		const batch = 16
		var wg sync.WaitGroup
		var claimed atomic.Int64
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				var rc report.Checker
				for {
					end := int(claimed.Add(batch))
					if end-batch >= n {
						return
					}
					for i := end - batch; i < min(end, n); i++ {
						s.Check(&rc, i)
					}
				}
			})
		}
		wg.Wait()
	}
	checked := make([]checkedText, n)
	for i := range n {
		checked[i].index, checked[i].text = s.Document(i)
	}
	return s.File(), checked
}
