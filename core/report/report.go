// Package report turns the findings of a stream's documents into the
// result every front end shows: the documents, the findings and the spans
// of the secrets of one text, all in byte offsets, as go/token keeps
// positions. Each front end converts the offsets once, at its edge, with
// its own line index: the CLI to its formats, the language server and the
// WebAssembly module to LSP positions in the encoding they were asked for.
package report

import (
	"strconv"

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

// File is the result for one text: every offset in it is a byte offset
// into Text. A front end converts them once, where it shows them, with a
// line index of its own (text.Index): to line:col in the CLI's formats,
// to LSP positions in the language server and the module.
type File struct {
	// Text is the text the offsets point into: the text checked, or where
	// a limit cut the check short, the part of it up to the end of the
	// line of the finding that says so: all that a front end needs to
	// index and show.
	Text        string `json:"-"`
	Documents   []Document
	Diagnostics []check.Diagnostic
	// Secrets are the spans of Text that hold secret values, in order and
	// apart: what a front end masks wherever it shows the source (a line
	// under a finding, a permalink).
	Secrets []document.Span
	// SecretTexts and SecretRaw are the secrets of the text as the
	// cluster reads them and as written where that cannot be told
	// (check.Info): what a front end's gate learns from the file. Like
	// Text, they are never marshalled: a File written out for a test or a
	// log shows no secret.
	SecretTexts, SecretRaw []string `json:"-"`
	// gate is the gate of SecretTexts and SecretRaw that the File's
	// build made: reading a Secret's texts for every form they take is
	// the largest cost of a file of many secrets, and a front end that
	// fed a gate of its own from them read them all again (Gate).
	gate *secret.Gate
	// maskedForms is how many forms gate knew when build masked every
	// place of Text where one is written; -1 when it did not: MaskAlso
	// with that gate, unchanged, would find nothing new.
	maskedForms int
	// Omitted counts the findings left out (Cap), which Counts still
	// counts.
	Omitted Tally
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
	f.Diagnostics = append(f.Diagnostics[:n:n], check.Diagnostic{Document: first.Document, Start: first.Start, End: first.Start,
		Severity: check.Information, Rule: "limit", Message: f.Omitted.LeftOut()})
}

// Feed registers the secrets of f with g: g learns what f's own gate
// knows (Gate), without reading the texts again.
func (f *File) Feed(g *secret.Gate) {
	g.Merge(f.Gate())
}

// Pass registers the secrets of f with g, as Feed does, and lets go of
// f's own gate: a front end that shows many files through g alone (the
// module's set) keeps one gate, not one per file besides it. A gate is
// tens of kilobytes even for a Secret of three values (its tables start
// at their least size): 30,000 of them kept the collector of a set in
// WebAssembly marking half a gigabyte without end. Gate makes f's again
// if it is asked for.
func (f *File) Pass(g *secret.Gate) {
	f.Feed(g)
	f.gate = nil
}

// Gate returns the gate of f's own secrets (SecretTexts, SecretRaw): the
// one its build made, or for a File made otherwise, one made now and
// kept. A front end that shows f alone uses it as its own and may declare
// texts safe in it; one that shows more files merges the gates of all
// into a gate of its own (secret.Gate.Merge), which reads no text again.
func (f *File) Gate() *secret.Gate {
	if f.gate == nil {
		g := &secret.Gate{}
		for _, t := range f.SecretTexts {
			g.Add(t)
		}
		for _, t := range f.SecretRaw {
			g.AddRaw(t)
		}
		f.gate = g
	}
	return f.gate
}

// AddRaw adds to f a secret as its text writes it at sp, which no check
// read (secret.Gate.AddRaw): to its spans, its raw secrets and its gate.
// The spans are left for the caller to sort.
func (f *File) AddRaw(sp document.Span) {
	t := f.Text[sp.Start:sp.End]
	f.Secrets = append(f.Secrets, sp)
	f.SecretRaw = append(f.SecretRaw, t)
	if f.gate != nil {
		f.gate.AddRaw(t)
	}
}

// MaskAlso adds to f's secret spans every place in its text where a form
// of a secret g knows is written: a secret of another text (a previous
// version, another file) written here again.
func (f *File) MaskAlso(g *secret.Gate) {
	if g.Empty() || g == f.gate && f.maskedForms == g.Forms() {
		return
	}
	n := len(f.Secrets)
	g.Find(f.Text, func(start, end int) { f.Secrets = append(f.Secrets, document.Span{Start: start, End: end}) })
	if len(f.Secrets) > n {
		f.Secrets = secret.MergeBlank(f.Text, f.Secrets)
	}
}

// Clean takes every secret g knows out of what f says: the findings'
// messages, paths, pointers and fixes (a fix that would write a secret
// is dropped), and the documents' kinds and names. mdscheck's own words
// in a finding stay (check.Own), and g and f's own gate keep them
// (secret.Gate.Keep): the JSON a front end passes through the gate of
// its run, which merges f's, leaves them whole too.
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
		if !d.Clean(g) {
			continue
		}
		d.Keep(g)
		if f.gate != nil && f.gate != g {
			d.Keep(f.gate)
		}
	}
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

// build assembles the File of src from per-document results (in document
// order) and findings that belong to no document, which come first; with
// spans, the spans of its secrets too.
func build(src string, results []Checked, extra []check.Diagnostic, spans bool) File {
	n := len(extra)
	for _, r := range results {
		n += len(r.Diagnostics)
	}
	f := File{Text: src, maskedForms: -1, Documents: make([]Document, 0, len(results)), Diagnostics: make([]check.Diagnostic, 0, n)}
	var secrets []document.Span
	for _, d := range extra {
		f.Diagnostics = append(f.Diagnostics, d)
		// A finding of no document (a refused stream, a stream cut short)
		// sits on a line no check has read, and front ends show that line:
		// guess its secrets as for a document that could not be read.
		for _, sp := range secret.Guess(src, text.LineStart(src, d.Start), text.LineEnd(src, d.Start)) {
			secrets = append(secrets, sp)
			f.SecretRaw = append(f.SecretRaw, src[sp.Start:sp.End])
		}
	}
	guessed := len(f.SecretRaw)
	for _, r := range results {
		f.Documents = append(f.Documents, Document{Index: r.Info.Index, APIVersion: r.Info.APIVersion,
			Kind: r.Info.Kind, Name: r.Info.Name, Checked: r.Info.Checked})
		f.Diagnostics = append(f.Diagnostics, r.Diagnostics...)
		if spans {
			secrets = append(secrets, r.Info.Secrets...)
		}
		f.SecretTexts = append(f.SecretTexts, r.Info.SecretTexts...)
		f.SecretRaw = append(f.SecretRaw, r.Info.SecretRaw...)
	}
	// The file's gate, of what f.Gate would read: the guesses of the
	// lines of extra, then each document's secrets, taken from the gate
	// its check made where it made one.
	g := &secret.Gate{}
	for _, t := range f.SecretRaw[:guessed] {
		g.AddRaw(t)
	}
	for i := range results {
		results[i].feed(g)
	}
	f.gate = g
	f.Clean(g)
	if spans {
		// A secret of one document may be written again in another, in
		// any of its forms (escaped, as a number reads): wherever the
		// text is shown, it is masked there too.
		g.Find(src, func(start, end int) { secrets = append(secrets, document.Span{Start: start, End: end}) })
		f.Secrets = secret.MergeBlank(src, secrets)
		f.maskedForms = g.Forms()
	}
	return f
}

// HideQuoted masks every text of the user's that f's findings and
// documents quote: for a result of a part of a text, whose rest was not
// read, that may hold secrets no gate knows and that a message of the part
// checked may quote (a Kafka's project written as the value of a Secret 5
// MB further on: attack 18 on the module, past its call's budget).
// mdscheck's own words (check.Own) stay, the findings say what is wrong,
// and a fix, which may write what the user wrote, goes. The limit
// findings, mdscheck's counts and limits, stay whole.
func (f *File) HideQuoted() {
	for i := range f.Diagnostics {
		d := &f.Diagnostics[i]
		if d.Rule == "limit" {
			continue // mdscheck's counts and limits, which say what was left out
		}
		d.Message, d.Own.Message = ownOnly(d.Message, d.Own.Message)
		d.Path, d.Own.Path = ownOnly(d.Path, d.Own.Path)
		d.Pointer, d.Own.Pointer = ownOnly(d.Pointer, d.Own.Pointer)
		d.Fixes = nil
	}
	for i := range f.Documents {
		if d := &f.Documents[i]; d.Name != "" {
			d.Name = secret.Masked
		}
	}
}

// ownOnly returns s with every piece outside own, the spans of
// mdscheck's words in it, replaced by secret.Masked, and the spans of
// those words in what it returns.
func ownOnly(s string, own []document.Span) (string, []document.Span) {
	var b []byte
	var out []document.Span
	last := 0
	for _, o := range own {
		if o.Start > last {
			b = append(b, secret.Masked...)
		}
		out = append(out, document.Span{Start: len(b), End: len(b) + o.End - o.Start})
		b = append(b, s[o.Start:o.End]...)
		last = o.End
	}
	if last < len(s) {
		b = append(b, secret.Masked...)
	}
	return string(b), out
}
