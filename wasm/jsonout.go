package main

import (
	"strconv"
	"unicode/utf8"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/lang"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/core/text"
)

// The module writes its results with this small writer instead of
// encoding/json, whose reflection-driven code every host would download
// and compile. The output is byte for byte what encoding/json.Marshal
// writes for the same values (the agreement tests compare the two), so
// hosts see the JSON the native core's users see.

type jsonWriter struct{ b []byte }

func (w *jsonWriter) raw(s string) { w.b = append(w.b, s...) }

func (w *jsonWriter) int(n int) { w.b = strconv.AppendInt(w.b, int64(n), 10) }

func (w *jsonWriter) bool(v bool) { w.b = strconv.AppendBool(w.b, v) }

const hexDigits = "0123456789abcdef"

// str writes s as encoding/json does: HTML-safe, U+2028 and U+2029
// escaped, invalid UTF-8 replaced by U+FFFD. Plain ASCII, nearly all of
// a result, takes the first test of the loop; each escape is one append
// of its text, which keeps the function a third of the size it had with
// an append per case (the module's size budget).
func (w *jsonWriter) str(s string) {
	w.b = append(w.b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < utf8.RuneSelf && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
			i++
			continue
		}
		esc, size := "", 1
		switch {
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				esc = `\ufffd`
			case r == '\u2028':
				esc = `\u2028`
			case r == '\u2029':
				esc = `\u2029`
			}
			size = n
		case c == '"':
			esc = `\"`
		case c == '\\':
			esc = `\\`
		case c == '\n':
			esc = `\n`
		case c == '\r':
			esc = `\r`
		case c == '\t':
			esc = `\t`
		case c == '\b':
			esc = `\b`
		case c == '\f':
			esc = `\f`
		default: // the other control characters, < > &
			esc = `\u00` + hexDigits[c>>4:c>>4+1] + hexDigits[c&0xF:c&0xF+1]
		}
		if esc != "" {
			w.b = append(w.b, s[start:i]...)
			w.b = append(w.b, esc...)
			start = i + size
		}
		i += size
	}
	w.b = append(w.b, s[start:]...)
	w.b = append(w.b, '"')
}

func (w *jsonWriter) position(p text.Position) {
	w.raw(`{"line":`)
	w.int(p.Line)
	w.raw(`,"character":`)
	w.int(p.Character)
	w.raw(`}`)
}

func (w *jsonWriter) rng(r text.Range) {
	w.raw(`{"start":`)
	w.position(r.Start)
	w.raw(`,"end":`)
	w.position(r.End)
	w.raw(`}`)
}

// list writes n items as encoding/json writes a slice, item(i) writing
// the i-th: null when the slice is nil, otherwise [item,item,...]. Not
// generic: each instantiation for a struct type was 0.7 KB of the module.
func list(w *jsonWriter, isNil bool, n int, item func(i int)) {
	if isNil {
		w.raw("null")
		return
	}
	w.raw("[")
	for i := range n {
		if i > 0 {
			w.raw(",")
		}
		item(i)
	}
	w.raw("]")
}

// field writes ,"name": or "name": for the first field.
func (w *jsonWriter) field(first *bool, name string) {
	if !*first {
		w.b = append(w.b, ',')
	}
	*first = false
	w.b = append(w.b, '"')
	w.b = append(w.b, name...)
	w.b = append(w.b, '"', ':')
}

// file writes f as filejson.File: its offsets as positions in enc.
func (w *jsonWriter) file(f report.File, enc text.Encoding) {
	idx := text.NewIndex(f.Text)
	w.raw(`{"documents":`)
	list(w, f.Documents == nil, len(f.Documents), func(i int) {
		d := &f.Documents[i]
		first := true
		w.raw("{")
		w.field(&first, "index")
		w.int(d.Index)
		if d.APIVersion != "" {
			w.field(&first, "apiVersion")
			w.str(d.APIVersion)
		}
		if d.Kind != "" {
			w.field(&first, "kind")
			w.str(d.Kind)
		}
		if d.Name != "" {
			w.field(&first, "name")
			w.str(d.Name)
		}
		w.field(&first, "checked")
		w.bool(d.Checked)
		w.raw("}")
	})
	w.raw(`,"diagnostics":`)
	list(w, f.Diagnostics == nil, len(f.Diagnostics), func(i int) { w.diagnostic(&f.Diagnostics[i], idx, enc) })
	if len(f.Secrets) > 0 {
		w.raw(`,"secrets":`)
		w.spans(f.Secrets, idx, enc)
	}
	w.raw("}")
}

// spans writes spans of the text idx indexes as a list of ranges in enc.
func (w *jsonWriter) spans(spans []document.Span, idx *text.Index, enc text.Encoding) {
	list(w, false, len(spans), func(i int) { w.rng(idx.Range(spans[i].Start, spans[i].End, enc)) })
}

func (w *jsonWriter) diagnostic(d *check.Diagnostic, idx *text.Index, enc text.Encoding) {
	w.raw(`{"document":`)
	w.int(d.Document)
	w.raw(`,"severity":`)
	w.str(d.Severity.String())
	w.raw(`,"rule":`)
	w.str(d.Rule)
	w.raw(`,"path":`)
	w.str(d.Path)
	w.raw(`,"pointer":`)
	w.str(d.Pointer)
	w.raw(`,"message":`)
	w.str(d.Standalone())
	w.raw(`,"range":`)
	w.rng(idx.Range(d.Start, d.End, enc))
	if d.Deprecated {
		w.raw(`,"deprecated":true`)
	}
	if len(d.Fixes) > 0 {
		w.raw(`,"fixes":`)
		list(w, false, len(d.Fixes), func(i int) {
			f := &d.Fixes[i]
			w.raw(`{"title":`)
			w.str(f.Title)
			w.raw(`,"edits":`)
			list(w, len(f.Edits) == 0, len(f.Edits), func(j int) {
				e := &f.Edits[j]
				w.raw(`{"range":`)
				w.rng(idx.Range(e.Start, e.End, enc))
				w.raw(`,"newText":`)
				w.str(e.NewText)
				w.raw("}")
			})
			w.raw("}")
		})
	}
	w.raw("}")
}

func (w *jsonWriter) markup(m lang.Markup) {
	w.raw(`{"kind":`)
	w.str(m.Kind)
	w.raw(`,"value":`)
	w.str(m.Value)
	w.raw("}")
}

func (w *jsonWriter) completion(items []lang.CompletionItem) {
	list(w, items == nil, len(items), func(i int) {
		it := &items[i]
		w.raw(`{"label":`)
		w.str(it.Label)
		w.raw(`,"kind":`)
		w.int(it.Kind)
		if it.Detail != "" {
			w.raw(`,"detail":`)
			w.str(it.Detail)
		}
		if it.Documentation != nil {
			w.raw(`,"documentation":`)
			w.markup(*it.Documentation)
		}
		if it.SortText != "" {
			w.raw(`,"sortText":`)
			w.str(it.SortText)
		}
		if it.FilterText != "" {
			w.raw(`,"filterText":`)
			w.str(it.FilterText)
		}
		if it.InsertText != "" {
			w.raw(`,"insertText":`)
			w.str(it.InsertText)
		}
		if it.InsertTextFormat != 0 {
			w.raw(`,"insertTextFormat":`)
			w.int(it.InsertTextFormat)
		}
		if it.TextEdit != nil {
			w.raw(`,"textEdit":{"range":`)
			w.rng(it.TextEdit.Range)
			w.raw(`,"newText":`)
			w.str(it.TextEdit.NewText)
			w.raw("}")
		}
		if len(it.Tags) > 0 {
			w.raw(`,"tags":`)
			list(w, false, len(it.Tags), func(i int) { w.int(it.Tags[i]) })
		}
		w.raw("}")
	})
}

func (w *jsonWriter) hover(h *lang.HoverResult) {
	if h == nil {
		w.raw("null")
		return
	}
	w.raw(`{"contents":`)
	w.markup(h.Contents)
	if h.Range != nil {
		w.raw(`,"range":`)
		w.rng(*h.Range)
	}
	if s := h.Secret; s != nil {
		w.raw(`,"connectionSecret":{"kind":`)
		w.str(s.Kind)
		w.raw(`,"name":`)
		w.str(s.Name)
		if s.NameHidden {
			w.raw(`,"nameHidden":true`)
		}
		if s.Namespace != "" {
			w.raw(`,"namespace":`)
			w.str(s.Namespace)
		}
		w.raw(`,"disabled":`)
		w.bool(s.Disabled)
		w.raw(`,"keys":`)
		list(w, false, len(s.Keys), func(i int) { w.str(s.Keys[i]) })
		w.raw("}")
	}
	w.raw("}")
}
