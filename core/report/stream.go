package report

import (
	"cmp"
	"strings"
	"sync/atomic"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/cross"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
)

// A Stream is the check of one text's documents: the one loop every front
// end goes through. NewStream splits the text and applies what the
// Options bound before any document is read; Check checks one document;
// File assembles the result. How the documents are gone through is the
// caller's: Validate checks them in order, the WebAssembly module in
// order with its collector finished after each, the CLI and the language
// server on a worker per processor.
type Stream struct {
	src, read string
	o         Options
	spans     []document.Span // the documents within the budget
	results   []Checked       // by document
	kept      int             // the documents of the result: results[:kept]
	findings  int             // in the documents checked, with a budget of findings
	limit     *check.Diagnostic
	capped    *capState
	// guessed counts the bytes of the raw secrets the documents checked
	// gave (mostly the guesses of documents that could not be read),
	// which the file's gate registers word by word; past maxGuessed the
	// stream's other unreadable documents are masked whole, unread.
	guessed atomic.Int64
	// With a Memo: the documents to check (it holds the others), and each
	// document's result as a text of its own, nil until it has one.
	todo []int
	memo []*memoDoc
}

// Options say what a Stream checks and what bounds its work. Each bound
// is off at zero.
type Options struct {
	// Check are the options of each document's check.
	Check check.Options
	// Read, when not empty, is what is read in place of the text, as long
	// as it and with its line breaks where the text has them: a Helm
	// chart's template with its actions masked. The result still speaks
	// of the text, whose secrets are found in what it writes.
	Read string
	// Budget bounds the work of the whole stream: the WebAssembly
	// module's per call.
	Budget Budget
	// Cap keeps the first Cap findings, in document order, and only
	// counts those after (File.Omitted), as they are checked: the CLI
	// holds and prints a few thousand of a million. One more finding, at
	// the first left out, says how many there are.
	Cap int
	// Memo, when set, holds the results of the documents of the stream's
	// last check (the same text edited): a document whose text it holds
	// is not checked again (the language server's).
	Memo *Memo
	// NoSecretSpans leaves File.Secrets empty, for a front end that never
	// shows the text (the language server): it spares the search of the
	// whole text for secrets written again, a quarter of a keystroke's
	// work in a stream of 2,000 documents. The secrets' texts stay.
	NoSecretSpans bool
	// Lock is what Check takes around the count of the Cap when documents
	// are checked concurrently.
	Lock Locker
}

// A Locker is a lock, as sync.Locker: a *sync.Mutex of a caller that
// checks documents concurrently. The core starts no goroutine and imports
// no sync.
type Locker interface {
	Lock()
	Unlock()
}

// Budget bounds the documents one check of a stream reads: those that
// start in its first Bytes, at most Documents of them, up to the one
// whose findings bring the count to Findings. The rest is not checked,
// and one limit finding of no document on the first line of the first
// document left out says so, with Message.
type Budget struct {
	Bytes, Documents, Findings int
	Message                    string
}

// NewStream prepares the check of src. A text over the stream limit is
// not read at all: its result is one limit finding.
func NewStream(src string, o Options) *Stream {
	s := &Stream{src: src, read: cmp.Or(o.Read, src), o: o}
	n := -1 // every document, unless the budget counts them
	if o.Budget.Documents > 0 {
		n = o.Budget.Documents + 1
	}
	spans, tooBig := split(s.read, n)
	if tooBig != nil {
		s.limit = tooBig
		return s
	}
	b := o.Budget
	for i, sp := range spans {
		if i > 0 && (i == b.Documents || b.Bytes > 0 && sp.Start >= b.Bytes) {
			s.stop(sp)
			spans = spans[:i]
			break
		}
	}
	s.spans, s.results, s.kept = spans, make([]Checked, len(spans)), len(spans)
	if o.Cap > 0 {
		s.capped = newCapState(len(spans))
	}
	if o.Memo != nil {
		s.reuse(o.Memo)
	}
	return s
}

// Spans returns the spans of the documents of src, or the finding of the
// stream limit when src is over it: for a front end that reads the
// documents for something besides a check (the language server's facts
// of the files of its workspace).
func Spans(src string) ([]document.Span, *check.Diagnostic) { return split(src, -1) }

// split splits src into its first n documents (all when n is negative),
// or returns a single limit finding when src is too large to read at all.
func split(src string, n int) ([]document.Span, *check.Diagnostic) {
	if len(src) > document.DefaultLimits.StreamBytes {
		// The limit finding alone: checking the one "document" the
		// refused text makes would only guess at secrets over all of it
		// (0.36 s for 70 MB) for a result nobody reads.
		e := document.ParseStream(src, document.DefaultLimits).Docs[0].Err
		return nil, &check.Diagnostic{Document: -1, Start: e.Start, End: e.End, Severity: check.Error, Rule: "limit", Message: e.Message}
	}
	return document.SplitN(src, n), nil
}

// stop ends the stream before the document at sp, which the budget leaves
// out.
func (s *Stream) stop(sp document.Span) {
	s.limit = &check.Diagnostic{Document: -1, Start: sp.Start, End: text.LineEnd(s.read, sp.Start),
		Severity: check.Error, Rule: "limit", Message: s.o.Budget.Message}
}

// Len returns the number of documents to check: those within the budget,
// less those a Memo holds.
func (s *Stream) Len() int {
	if s.o.Memo != nil {
		return len(s.todo)
	}
	return len(s.spans)
}

// maxGuessed bounds the raw secrets a stream registers: what a document
// that could not be read may hold costs its gate about ten times what a
// check of as much text costs (a broken Secret of 80,000 values, 1.8 MB,
// 0.8 s), and 16 of them in a file took 27 s and 1.16 GB. Past it, the
// values of such documents are not looked for elsewhere, as those of
// one refused for its size.
const maxGuessed = 2 << 20

// index returns the index in the stream of the i-th document to check.
func (s *Stream) index(i int) int {
	if s.o.Memo != nil {
		return s.todo[i]
	}
	return i
}

// Document returns the index in the stream of the i-th document to check
// and its text as read.
func (s *Stream) Document(i int) (index int, text string) {
	d := s.index(i)
	sp := s.spans[d]
	return d, s.read[sp.Start:sp.End]
}

// Check checks the i-th document to check with c and reports whether the
// stream goes on: false once its budget of findings is spent, when the
// documents from the i-th on are left out. Calls for different documents
// may run concurrently, each with a Checker of its own, when the budget
// counts no findings (it counts them in document order) and, with a Cap,
// Options.Lock is set.
func (s *Stream) Check(c *Checker, i int) bool {
	d := s.index(i)
	sp := s.spans[d]
	if s.o.Budget.Findings > 0 {
		if d >= s.kept {
			return false
		}
		if s.findings >= s.o.Budget.Findings {
			s.kept = d
			s.stop(sp)
			return false
		}
	}
	var r Checked
	opts := s.o.Check
	if s.guessed.Load() >= maxGuessed {
		opts.Unguessed = true
	}
	if s.o.Memo != nil {
		// Checked as a text of its own, which the memo keeps: a copy,
		// since a result kept must not pin a whole old stream.
		t := strings.Clone(s.read[sp.Start:sp.End])
		r = c.Check(t, document.Span{Start: 0, End: len(t)}, 0, opts)
		kept := r
		kept.gate = nil // a gate a memo kept would be the gate of every text it saw
		s.memo[d] = &memoDoc{text: t, result: kept}
		r = s.placed(r, d, sp.Start)
	} else {
		r = c.Check(s.read, sp, d, opts)
	}
	for _, t := range r.Info.SecretRaw {
		s.guessed.Add(int64(len(t)))
	}
	s.results[d] = r
	if s.o.Budget.Findings > 0 {
		s.findings += len(r.Diagnostics)
	}
	if s.capped != nil {
		if s.o.Lock != nil {
			s.o.Lock.Lock()
			defer s.o.Lock.Unlock()
		}
		s.capped.checked(s.results, d, s.o.Cap)
	}
	return true
}

// Add adds findings of another check of the text (the lifecycle rules,
// which compare it with its previous version) to those of their
// documents, each document's in the order of check.Sort. File treats
// them as the stream's own: it takes the text's secrets out of them.
func (s *Stream) Add(ds []check.Diagnostic) {
	for _, d := range ds {
		r := &s.results[d.Document]
		r.Diagnostics = append(r.Diagnostics, d)
		check.Sort(r.Diagnostics)
	}
}

// Complete reports whether the stream is checked whole: no limit left a
// document out.
func (s *Stream) Complete() bool { return s.limit == nil }

// Feed registers the secrets of the documents checked with g, without
// assembling a File: what an answer about the text (a hover) may quote.
func (s *Stream) Feed(g *secret.Gate) {
	for i := range s.results[:s.kept] {
		if r := &s.results[i]; r.gate != nil {
			g.Merge(r.gate) // a copy: the File's gate takes r.gate later
		} else {
			r.Info.Feed(g)
		}
	}
}

// File assembles the result once the documents are checked. Where a limit
// cut the stream short, its Text ends with the line of the limit finding.
func (s *Stream) File() File {
	results := s.results[:s.kept]
	var extra []check.Diagnostic
	shown := s.src
	if s.limit != nil {
		extra = append(extra, *s.limit)
		// Nothing after the finding's line is read or shown: a front end
		// need index no more (64 MiB of lines took 80 ms for one finding).
		shown = s.src[:s.limit.End]
	}
	var left Tally
	if s.capped != nil {
		left = s.capped.finish(results, s.spans, s.o.Cap)
	}
	f := build(shown, results, extra, !s.o.NoSecretSpans)
	f.Omitted = left
	if s.o.Memo != nil {
		s.o.Memo.keep(s.memo)
	}
	return f
}

// Validate checks every document of src in order: the stream with no
// bound but the core's limits.
func Validate(src string, opts check.Options) File {
	s := NewStream(src, Options{Check: opts})
	var c Checker
	for i := range s.Len() {
		s.Check(&c, i)
	}
	return s.File()
}

// Checked is the result of checking one document.
type Checked struct {
	Info        check.Info
	Diagnostics []check.Diagnostic
	// Facts are what the document gives the checks across resources
	// (core/cross), when the Checker collects them; nil when it gives
	// none.
	Facts *cross.Facts
	// gate is the gate of the document's secrets that its check made
	// (check.DocumentGate), until the File's gate takes it. Only the
	// stream's own results hold one, never the memo's copies: taking it
	// empties it.
	gate *secret.Gate
}

// feed registers the secrets of the document with g, from the gate its
// check made where it made one, which g then takes (secret.Gate.Absorb).
func (r *Checked) feed(g *secret.Gate) {
	if r.gate == nil {
		r.Info.Feed(g)
		return
	}
	g.Absorb(r.gate)
	r.gate = nil
}

// A Checker parses and checks documents one after another, the unit of
// work that callers may run in parallel, and reuses the memory of reading
// them (document.Reader): the tree is dropped once checked (neither Info
// nor a finding points into it), and reading was most of what checking
// allocated. A Checker is not safe for concurrent use; callers that check
// in parallel use one each.
type Checker struct {
	rd document.Reader
	// Facts makes Check collect each document's facts for the checks
	// across resources, from the tree it reads anyway.
	Facts bool
}

// Check parses and checks the document of src at span.
func (c *Checker) Check(src string, span document.Span, index int, opts check.Options) Checked {
	d := c.rd.Read(src, span, index, document.DefaultLimits)
	info, ds, g := check.DocumentGate(src, d, opts)
	r := Checked{Info: info, Diagnostics: ds, gate: g}
	if c.Facts {
		var f cross.Facts
		if f.Add(d); !f.Empty() {
			r.Facts = &f
		}
	}
	return r
}

// Facts returns the facts of the documents checked, in document order,
// for the checks across resources: what Checkers with Facts set found.
func (s *Stream) Facts() *cross.Facts {
	out := &cross.Facts{}
	for _, r := range s.results[:s.kept] {
		if r.Facts != nil {
			out.Append(r.Facts, 0, r.Info.Index)
		}
	}
	return out
}
