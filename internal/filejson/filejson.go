// Package filejson is the JSON object of one text's result that mdscheck
// promises (DESIGN.md section 3): an entry of the "files" of validate
// --format json without its path, and what the WebAssembly module's
// validate returns. Its positions are LSP's: 0-based lines, and
// characters in the encoding asked for.
//
// The CLI writes it with encoding/json. The module writes the same bytes
// with a small writer of its own (wasm/jsonout.go), whose tests hold it to
// this package.
package filejson

import (
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
)

// File is the result for one text.
type File struct {
	Documents   []report.Document `json:"documents"`
	Diagnostics []Diagnostic      `json:"diagnostics"`
	// Secrets are the ranges of the text that hold secret values: what a
	// host masks wherever it shows the text.
	Secrets []text.Range `json:"secrets,omitempty"`
}

// Diagnostic is one finding.
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
}

// Fix is a quick fix.
type Fix struct {
	Title string `json:"title"`
	Edits []Edit `json:"edits"`
}

// Edit is a text edit of a fix.
type Edit struct {
	Range   text.Range `json:"range"`
	NewText string     `json:"newText"`
}

// Of converts f's offsets to positions in enc, with an index of its text.
func Of(f report.File, enc text.Encoding) File {
	idx := text.NewIndex(f.Text)
	out := File{Documents: f.Documents}
	if f.Diagnostics != nil {
		out.Diagnostics = make([]Diagnostic, len(f.Diagnostics))
	}
	for i, d := range f.Diagnostics {
		out.Diagnostics[i] = Diagnostic{Document: d.Document, Severity: d.Severity, Rule: d.Rule, Path: d.Path,
			Pointer: d.Pointer, Message: d.Standalone(), Range: idx.Range(d.Start, d.End, enc), Deprecated: d.Deprecated}
		for _, fx := range d.Fixes {
			var edits []Edit // null when a fix has none, as ever
			for _, e := range fx.Edits {
				edits = append(edits, Edit{Range: idx.Range(e.Start, e.End, enc), NewText: e.NewText})
			}
			out.Diagnostics[i].Fixes = append(out.Diagnostics[i].Fixes, Fix{Title: fx.Title, Edits: edits})
		}
	}
	for _, sp := range f.Secrets {
		out.Secrets = append(out.Secrets, idx.Range(sp.Start, sp.End, enc))
	}
	return out
}
