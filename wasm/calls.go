package main

import (
	"errors"
	"runtime"
	"runtime/debug"
	"strconv"

	"github.com/mdscheck/mdscheck/core/change"
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/lang"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
)

// encodingMask selects the position encoding from opts; the other bits are
// reserved and must be 0, so that a later ABI can give them a meaning
// without old modules silently ignoring it.
const encodingMask = 3

// encoding reads the position encoding from opts.
func encoding(opts int32) (text.Encoding, error) {
	if opts&^encodingMask != 0 {
		return 0, errors.New("opts " + strconv.Itoa(int(opts)) + ": only bits 0-1 (the position encoding) may be set")
	}
	switch opts {
	case 0:
		return text.UTF16, nil
	case 1:
		return text.UTF8, nil
	case 2:
		return text.UTF32, nil
	}
	return 0, errors.New("opts: position encoding 3 is unknown; use 0 (UTF-16), 1 (UTF-8) or 2 (UTF-32)")
}

// position builds a text position from the call's arguments; the core
// clamps positions outside the text.
func position(line, character int32) text.Position {
	return text.Position{Line: int(line), Character: int(character)}
}

// validateJSON is the result of validate: one entry of the CLI's files
// array without path.
func validateJSON(src string, enc text.Encoding) ([]byte, error) {
	s := checkText(src)
	f := s.File()
	if !s.Complete() {
		f.HideQuoted()
	}
	var w jsonWriter
	w.file(f, enc)
	g := fileGate(&f)
	remember(src, g)
	return g.JSON(w.b), nil
}

// checkText checks the documents of src within the call's budget, one
// after another, and finishes the collection under way after each (see
// finishCollection). When the result ends early, its text ends with the
// line of the finding that says so, and the rest is never indexed (in 64
// MiB of one-line documents the index alone would take 117 MB).
func checkText(src string) *report.Stream {
	s := report.NewStream(src, report.Options{Check: check.DefaultOptions, Budget: budget})
	for i := range s.Len() {
		if !s.Check(&checker, i) {
			break
		}
		finishCollection()
	}
	return s
}

// validateChangeJSON is the result of validate_change: validate's result
// for src, with the findings of the comparison with prev merged in (a
// deletion on the first line, as a finding of no document), the counts of
// the resources created, changed and deleted, and the secrets of prev
// (previousSecrets), which a host masks wherever it shows that text. The
// budget of a call applies to each text; when either is over it, the
// texts are not compared and a limit finding on the first line says so.
func validateChangeJSON(prev, src string, enc text.Encoding) ([]byte, error) {
	cur, old := checkText(src), checkText(prev)
	var counts change.Changes
	var gone []check.Diagnostic
	switch {
	case !cur.Complete():
		// Its own limit finding says the text was not checked whole.
	case !old.Complete():
		gone = []check.Diagnostic{{Severity: check.Error, Rule: "limit",
			Message: "the previous version is larger than one call checks; the changes were not checked"}}
	default:
		c := change.Streams(prev, src)
		counts = c.Current[0]
		counts.Deleted = c.Previous[0].Deleted
		cur.Add(counts.Findings)
		gone = c.Previous[0].Findings
	}
	f, was := cur.File(), old.File()
	if !cur.Complete() || !old.Complete() {
		f.HideQuoted()
	}
	// What the previous version held is secret in this one too: a
	// change message may quote it, a deletion name it.
	g := fileGate(&f, &was)
	f.Clean(g)
	// And wherever either text writes a secret of the other, a host must
	// mask it: in a link, the previous text holds the value a secret
	// member holds now, or the other way round.
	f.MaskAlso(g)
	was.MaskAlso(g)
	remember(src, g)
	if len(gone) > 0 {
		// A resource that is gone has no place in src: its deletion goes
		// on the first line, as a finding of no document, which come
		// first in validate (the language server does the same).
		end := change.FirstLine(src)
		ds := make([]check.Diagnostic, 0, len(gone)+len(f.Diagnostics))
		for _, d := range gone {
			d.Document, d.Start, d.End, d.Path, d.Pointer = -1, 0, end, "", ""
			ds = append(ds, d)
		}
		f.Diagnostics = append(ds, f.Diagnostics...)
	}
	var w jsonWriter
	w.file(f, enc)
	// The fields validate_change adds go inside the object file wrote.
	w.b = w.b[:len(w.b)-1]
	w.raw(`,"created":`)
	w.int(counts.Created)
	w.raw(`,"changed":`)
	w.int(counts.Changed)
	w.raw(`,"deleted":`)
	w.int(counts.Deleted)
	if len(was.Secrets) > 0 {
		w.raw(`,"previousSecrets":`)
		w.spans(was.Secrets, text.NewIndex(was.Text), enc)
	}
	w.raw("}")
	return g.JSON(w.b), nil
}

// One validate call checks the documents that start in the first
// maxBytes of the text, at most maxDocuments of them, and stops after the
// document that brings its findings to maxFindings. The budget bounds the
// work of a call, not only its result: under wazero a call runs some ten
// times slower than native code, so the 20 MB stream took 16.6 s and a
// million tiny documents 38 s, while a host must be able to count on a
// call ending within seconds whatever it is given. Within the budget the
// slowest inputs (100,000 tiny documents, 4 MiB of manifests, 50,000
// one-line syntax errors) take 2-5 s; docs/performance.md has the
// numbers. Real manifests are a few kilobytes, so a call still checks
// hundreds of them; a host with larger streams calls validate on parts
// (docs/embedding.md says how). The result also stays within memory: 64
// MiB of one-line syntax errors would make 1.8 GB of JSON, more than a
// 32-bit WebAssembly memory can hold.
const (
	maxBytes     = 4 << 20
	maxDocuments = 100_000
	maxFindings  = 50_000
)

// budget is the call's budget, as report.Stream keeps it: a limit finding
// on the first line of the first document left out says so. The spans
// need go no further than that document: splitting the rest of a huge
// stream would cost more than checking its start (63 MiB of "---" lines
// are 16.5 million spans).
var budget = report.Budget{Bytes: maxBytes, Documents: maxDocuments, Findings: maxFindings,
	Message: "one call checks at most " + strconv.Itoa(maxBytes) + " bytes, " + strconv.Itoa(maxDocuments) + " documents and " +
		strconv.Itoa(maxFindings) + " findings; the documents from here on were not checked"}

// checker reads every document the module checks, in every call: it hands
// the memory of one document's tokens and tree to the next (a module runs
// one call at a time), so that a call allocates none for them once the
// instance has read a document as large.
var checker report.Checker

// completeJSON is the result of complete: LSP CompletionItem[], never null.
func completeJSON(src string, pos text.Position, enc text.Encoding) ([]byte, error) {
	items := lang.Complete(src, pos, enc)
	if len(items) == 0 {
		// No answer quotes nothing, so it needs no gate, whose check of
		// the cursor's document costs more than the answer: in a 60 MB
		// document, which completion does not read, 10 s in the module.
		return []byte("[]"), nil
	}
	var w jsonWriter
	w.completion(items)
	own := map[string][]document.Span{}
	lang.OwnItems(items, func(t string, spans []document.Span) { own[t] = spans })
	return askGate(src, pos).JSONKeeping(w.b, lookup(own)), nil
}

// lookup returns a function that looks texts up in own, for
// secret.Gate.JSONKeeping: the texts of an answer in mdscheck's words.
func lookup(own map[string][]document.Span) func(string) ([]document.Span, bool) {
	return func(t string) ([]document.Span, bool) {
		spans, ok := own[t]
		return spans, ok
	}
}

// hoverJSON is the result of hover: an LSP Hover or null.
func hoverJSON(src string, pos text.Position, enc text.Encoding) ([]byte, error) {
	h := lang.Hover(src, pos, enc)
	if h == nil {
		return []byte("null"), nil // no gate needed, as for completion
	}
	var w jsonWriter
	w.hover(h)
	return askGate(src, pos).JSONKeeping(w.b, lookup(map[string][]document.Span{h.Contents.Value: h.Own})), nil
}

// errorJSON is the result of a call that failed: {"error": msg}.
func errorJSON(msg string) []byte {
	w := jsonWriter{b: []byte(`{"error":`)}
	w.str(msg)
	w.raw("}")
	return w.b
}

// gcPercent is the module's GOGC. A call allocates about half a megabyte
// for a 300-line manifest and keeps none of it; the live heap is mostly
// the schema. In wasm the collector runs on the only thread, between the
// call's own work, so collecting half as often is a direct gain: validate
// takes 6% less time (wazero, medium manifest) for 4.5 MiB more linear
// memory (14 MiB after 10,000 calls instead of 10). At 400 memory grew
// to 60-90 MiB for no further gain.
const gcPercent = 200

// memoryLimit is the module's soft memory limit (GOMEMLIMIT). GOGC 200
// lets the heap grow to three times what is live, and a stream near the
// limits keeps much alive until its result is written: with this limit
// the collector runs sooner instead. 64 MiB of one-line syntax errors
// took 957 MiB of linear memory without it and 657 with it; 64 MiB of
// empty documents ran out of 1 GiB without it. The limit sits above the
// largest live heap the result's budget allows (some 450 MB for those
// empty documents: 16.5 million spans, the text, a million results), for
// below that the collector would run without a pause: at 256 MiB that
// stream had not finished after 20 minutes.
const memoryLimit = 512 << 20

func init() {
	debug.SetGCPercent(gcPercent)
	debug.SetMemoryLimit(memoryLimit)
}

// finishCollection finishes the garbage collection under way, if one is,
// and returns at once otherwise. The module calls it after each document
// of a stream and at the end of every call, because in a reactor Go's
// collector cannot be trusted to finish a cycle on its own.
//
// Go paces its collector by the clock. The GC CPU limiter compares the
// time spent collecting with the time spent running, and once it finds
// the collector taking more than half, it stops the mark assists, the
// marking that allocating code does to finish a cycle. The rest of the
// cycle is then left to the background mark worker, which runs only when
// the goroutine enters the scheduler; but in a reactor the exported call
// is the only goroutine, the core never blocks, and wasm has no sysmon to
// step in. A clock that steps at every reading, as wazero's default does
// (1 ms), makes each assist look a millisecond long and the work between
// them free: the limiter turns on, the mark phase never ends, and the
// heap grows until the call returns or memory runs out (a 900 KB stream
// of tiny documents reached the 1 GiB limit; the same under a real clock
// needs 130 MiB). Across calls it is the same, only slower.
//
// Turning the collector off waits until the mark phase under way has
// ended, so that SetGCPercent(-1) returns with no collection running.
// While the only goroutine waits, the scheduler hands the processor to
// the idle mark worker, which marks until nothing is left: no clock
// decides anything. Turning the collector back on restores its pacing.
// With no collection running, both calls cost a few microseconds. A yield
// to the scheduler (runtime.Gosched, the module's first remedy) let the
// background worker mark only for as long as the clock allowed.
func finishCollection() {
	debug.SetGCPercent(-1)
	debug.SetGCPercent(gcPercent)
}

// guard runs one call and turns an error or a panic into an error object,
// so that a bug in the core costs the host one result, not a trapped
// instance. A runtime error's message is kept (it names no input); any
// other panic value is not, since it could quote the text, and the text
// may hold secrets.
func guard(fn func() ([]byte, error)) (out []byte) {
	defer finishCollection()
	defer func() {
		if r := recover(); r != nil {
			msg := "internal error"
			if re, ok := r.(runtime.Error); ok {
				msg += ": " + re.Error()
			}
			out = errorJSON(msg)
		}
	}()
	b, err := fn()
	if err != nil {
		return errorJSON(err.Error())
	}
	return b
}
