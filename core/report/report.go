// Package report turns a stream's findings into the result every front end
// shows: the JSON shape of the CLI's files[] entries (without path), the
// wasm module's validate result, and the LSP's diagnostics, with ranges in
// the position encoding the caller asks for.
package report

import (
	"strconv"
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/secret"
	"github.com/mdscheck/mdscheck/core/text"
)

// Document describes one document of the stream.
type Document struct {
	Index      int    `json:"index"`
	APIVersion string `json:"apiVersion,omitempty"`
	Kind       string `json:"kind,omitempty"`
	Name       string `json:"name,omitempty"`
	Checked    bool   `json:"checked"`
}

// Edit is a text edit of a fix.
type Edit struct {
	Range   text.Range `json:"range"`
	NewText string     `json:"newText"`
}

// Fix is a quick fix.
type Fix struct {
	Title string `json:"title"`
	Edits []Edit `json:"edits"`
}

// Diagnostic is one finding, as the contract of DESIGN.md section 3 says.
// It keeps the core's typed severity and byte offsets besides the range,
// so that each front end converts once, from them, to what it prints.
type Diagnostic struct {
	Document   int            `json:"document"`
	Severity   check.Severity `json:"severity"`
	Rule       string         `json:"rule"`
	Path       string         `json:"path"`
	Pointer    string         `json:"pointer"`
	Message    string         `json:"message"`
	Range      text.Range     `json:"range"`
	Deprecated bool           `json:"deprecated,omitempty"`
	Fixes      []Fix          `json:"fixes,omitempty"`
	// Start and End are the byte offsets of Range in the text: where a
	// front end that shows the source finds the finding's line. Code that
	// moves a finding sets both.
	Start, End int `json:"-"`
}

// File is the result for one text.
type File struct {
	Documents   []Document   `json:"documents"`
	Diagnostics []Diagnostic `json:"diagnostics"`
	// Secrets are the ranges of the text that hold secret values, in
	// document order: what a front end masks wherever it shows the source
	// (a line under a finding, a permalink).
	Secrets []text.Range `json:"secrets,omitempty"`
	// SecretTexts and SecretRaw are the secrets of the text as the
	// cluster reads them and as written where that cannot be told
	// (check.Info): what a front end's gate learns from the file.
	SecretTexts, SecretRaw []string `json:"-"`
	// Omitted counts the findings left out (Cap), which Counts still
	// counts.
	Omitted Tally `json:"-"`
}

// Tally counts findings by severity.
type Tally struct{ Errors, Warnings, Others int }

// Add counts ds.
func (t *Tally) Add(ds []check.Diagnostic) {
	for _, d := range ds {
		t.count(d.Severity)
	}
}

func (t *Tally) count(sev check.Severity) {
	switch sev {
	case check.Error:
		t.Errors++
	case check.Warning:
		t.Warnings++
	default:
		t.Others++
	}
}

// LeftOut is the message of the finding that stands for the findings t
// counts, left out from its place on.
func (t Tally) LeftOut() string {
	return strconv.Itoa(t.Total()) + " more findings in this file are not shown (" + strconv.Itoa(t.Errors) + " errors, " +
		strconv.Itoa(t.Warnings) + " warnings), from here on; fix these first, or use --max-findings 0 to see all"
}

// Total is the number of findings counted.
func (t Tally) Total() int { return t.Errors + t.Warnings + t.Others }

// Cap keeps the first n findings of f and replaces the rest with one
// limit finding, at the first left out, that counts them: a file with a
// million findings is read by nobody, and printing them costs more than
// checking it. Counts goes on counting what is left out.
func (f *File) Cap(n int) {
	if n <= 0 || len(f.Diagnostics) <= n || f.Omitted.Total() > 0 {
		return // no cap, nothing to leave out, or left out already
	}
	rest := f.Diagnostics[n:]
	for _, d := range rest {
		f.Omitted.count(d.Severity)
	}
	first := rest[0]
	f.Diagnostics = append(f.Diagnostics[:n:n], Diagnostic{Document: first.Document, Severity: check.Information, Rule: "limit",
		Range: first.Range, Start: first.Start, End: first.Start,
		Message: f.Omitted.LeftOut()})
	f.Diagnostics[n].Range.End = first.Range.Start
}

// Feed registers the secrets of f with g.
func (f *File) Feed(g *secret.Gate) {
	for _, t := range f.SecretTexts {
		g.Add(t)
	}
	for _, t := range f.SecretRaw {
		g.AddRaw(t)
	}
}

// MaskAlso adds to f's secret ranges every place in src, the text f is
// the result of, where a form of a secret g knows is written: a secret of
// another text (a previous version, another file) written here again.
func (f *File) MaskAlso(src string, g *secret.Gate, enc text.Encoding) {
	if g.Empty() {
		return
	}
	var spans []document.Span
	g.Find(src, func(start, end int) { spans = append(spans, document.Span{Start: start, End: end}) })
	if len(spans) == 0 {
		return
	}
	idx := text.NewIndex(src)
	for _, r := range f.Secrets {
		spans = append(spans, document.Span{Start: idx.Offset(r.Start, enc), End: idx.Offset(r.End, enc)})
	}
	f.Secrets = f.Secrets[:0]
	for _, sp := range secret.MergeBlank(src, spans) {
		f.Secrets = append(f.Secrets, idx.Range(sp.Start, sp.End, enc))
	}
}

// Clean takes every secret g knows out of what f says: the findings'
// messages, paths, pointers and fixes (a fix that would write a secret
// is dropped), and the documents' kinds and names.
func (f *File) Clean(g *secret.Gate) {
	if g.Empty() {
		return
	}
	for i := range f.Documents {
		d := &f.Documents[i]
		d.APIVersion, d.Kind, d.Name = g.Clean(d.APIVersion), g.Clean(d.Kind), g.Clean(d.Name)
	}
	for i := range f.Diagnostics {
		d := &f.Diagnostics[i]
		d.Message, d.Path, d.Pointer = g.Clean(d.Message), g.Clean(d.Path), g.Clean(d.Pointer)
		kept := d.Fixes[:0]
		for _, fx := range d.Fixes {
			if !fixHolds(fx, g) {
				kept = append(kept, fx)
			}
		}
		if d.Fixes = kept; len(kept) == 0 {
			d.Fixes = nil
		}
	}
}

func fixHolds(f Fix, g *secret.Gate) bool {
	if g.Holds(f.Title) {
		return true
	}
	for _, e := range f.Edits {
		if g.Holds(e.NewText) {
			return true
		}
	}
	return false
}

// Counts returns the number of errors and warnings.
func (f *File) Counts() (errors, warnings int) {
	errors, warnings = f.Omitted.Errors, f.Omitted.Warnings
	for _, d := range f.Diagnostics {
		switch d.Severity {
		case check.Error:
			errors++
		case check.Warning:
			warnings++
		}
	}
	return
}

// Checked is the result of checking one document, before positions.
type Checked struct {
	Info        check.Info
	Diagnostics []check.Diagnostic
}

// A Checker parses and checks documents one after another, the unit of
// work that callers may run in parallel, and reuses the memory of reading
// them (document.Reader): the tree is dropped once checked (neither Info
// nor a finding points into it), and reading was most of what checking
// allocated. A Checker is not safe for concurrent use; callers that check
// in parallel use one each.
type Checker struct{ rd document.Reader }

// Check parses and checks the document of src at span.
func (c *Checker) Check(src string, span document.Span, index int, opts check.Options) Checked {
	d := c.rd.Read(src, span, index, document.DefaultLimits)
	info, ds := check.Document(src, d, opts)
	return Checked{Info: info, Diagnostics: ds}
}

// Spans splits src into documents, or returns a single limit finding when
// src is too large to read at all.
func Spans(src string) ([]document.Span, *check.Diagnostic) { return SpansN(src, -1) }

// SpansN is Spans that stops after the first n documents (all of them
// when n is negative), for a caller that checks no more than those.
func SpansN(src string, n int) ([]document.Span, *check.Diagnostic) {
	if len(src) > document.DefaultLimits.StreamBytes {
		// The limit finding alone: checking the one "document" the
		// refused text makes would only guess at secrets over all of it
		// (0.36 s for 70 MB) for a result nobody reads.
		e := document.ParseStream(src, document.DefaultLimits).Docs[0].Err
		return nil, &check.Diagnostic{Document: -1, Start: e.Start, End: e.End, Severity: check.Error, Rule: "limit", Message: e.Message}
	}
	return document.SplitN(src, n), nil
}

// Validate checks every document of src in order.
func Validate(src string, enc text.Encoding, opts check.Options) File {
	spans, tooBig := Spans(src)
	if tooBig != nil {
		return Build(src, nil, []check.Diagnostic{*tooBig}, enc)
	}
	results := make([]Checked, len(spans))
	var c Checker
	for i, sp := range spans {
		results[i] = c.Check(src, sp, i, opts)
	}
	return Build(src, results, nil, enc)
}

// Build assembles a File from per-document results (in document order) and
// findings that belong to no document.
func Build(src string, results []Checked, extra []check.Diagnostic, enc text.Encoding) File {
	idx := text.NewIndex(src)
	f := File{Documents: make([]Document, 0, len(results)), Diagnostics: []Diagnostic{}}
	add := func(d check.Diagnostic) {
		f.Diagnostics = append(f.Diagnostics, Convert(idx, d, enc))
	}
	var spans []document.Span
	for _, d := range extra {
		add(d)
		// A finding of no document (a refused stream, a stream cut short)
		// sits on a line no check has read, and front ends show that line:
		// guess its secrets as for a document that could not be read.
		start := strings.LastIndexByte(src[:d.Start], '\n') + 1
		end := strings.IndexByte(src[d.Start:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += d.Start
		}
		for _, sp := range secret.Guess(src, start, end) {
			spans = append(spans, sp)
			f.SecretRaw = append(f.SecretRaw, src[sp.Start:sp.End])
		}
	}
	for _, r := range results {
		f.Documents = append(f.Documents, Document{Index: r.Info.Index, APIVersion: r.Info.APIVersion,
			Kind: r.Info.Kind, Name: r.Info.Name, Checked: r.Info.Checked})
		for _, d := range r.Diagnostics {
			add(d)
		}
		spans = append(spans, r.Info.Secrets...)
		f.SecretTexts = append(f.SecretTexts, r.Info.SecretTexts...)
		f.SecretRaw = append(f.SecretRaw, r.Info.SecretRaw...)
	}
	var g secret.Gate
	f.Feed(&g)
	if !g.Empty() {
		// A secret of one document may be written again in another, in
		// any of its forms (escaped, as a number reads): wherever the
		// text is shown, it is masked there too.
		g.Find(src, func(start, end int) { spans = append(spans, document.Span{Start: start, End: end}) })
		f.Clean(&g)
	}
	for _, sp := range secret.MergeBlank(src, spans) {
		f.Secrets = append(f.Secrets, idx.Range(sp.Start, sp.End, enc))
	}
	return f
}

// Convert turns a core diagnostic into its reported form.
func Convert(idx *text.Index, d check.Diagnostic, enc text.Encoding) Diagnostic {
	out := Diagnostic{Document: d.Document, Severity: d.Severity, Rule: d.Rule, Path: d.Path, Pointer: d.Pointer,
		Message: d.Message, Range: idx.Range(d.Start, d.End, enc), Deprecated: d.Deprecated, Start: d.Start, End: d.End}
	for _, fx := range d.Fixes {
		f := Fix{Title: fx.Title}
		for _, e := range fx.Edits {
			f.Edits = append(f.Edits, Edit{Range: idx.Range(e.Start, e.End, enc), NewText: e.NewText})
		}
		out.Fixes = append(out.Fixes, f)
	}
	return out
}
