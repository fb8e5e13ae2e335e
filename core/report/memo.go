package report

import (
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
)

// A Memo keeps the result of every document of a stream's last check by
// the document's text, so that the stream checked again after an edit
// checks only the documents the edit changed (Options.Memo): the language
// server's stream of thousands of documents costs one document a
// keystroke. It may, since a document's result depends on its text alone
// (anchors belong to their document, and a document starts at the start
// of a line); a result is kept as the check of the document's text on its
// own, and moved to where the document is. A Memo is not safe for
// concurrent use.
type Memo struct {
	opts check.Options // of the results it holds
	docs map[string]*memoDoc
}

// memoDoc is the result of one document text, in offsets of that text,
// as document 0.
type memoDoc struct {
	text   string // a copy: a result kept must not pin a whole old stream
	result Checked
}

// Info returns what the last check found in the document text t, and
// whether it checked t.
func (m *Memo) Info(t string) (check.Info, bool) {
	d, ok := m.docs[t]
	if !ok {
		return check.Info{}, false
	}
	return d.result.Info, true
}

// reuse takes from m the results of the documents of s it holds, moved
// into place, and lists the others as the documents to check. Results of
// other options are dropped.
func (s *Stream) reuse(m *Memo) {
	if m.opts != s.o.Check {
		m.opts, m.docs = s.o.Check, nil
	}
	s.memo = make([]*memoDoc, len(s.spans))
	for d, sp := range s.spans {
		md, ok := m.docs[s.read[sp.Start:sp.End]]
		if !ok {
			s.todo = append(s.todo, d)
			continue
		}
		s.memo[d] = md
		s.results[d] = s.placed(md.result, d, sp.Start)
		if s.capped != nil {
			s.capped.checked(s.results, d, s.o.Cap)
		}
	}
}

// keep makes the documents of the check just made what m holds.
func (m *Memo) keep(docs []*memoDoc) {
	m.docs = make(map[string]*memoDoc, len(docs))
	for _, d := range docs {
		if d != nil {
			m.docs[d.text] = d
		}
	}
}

// placed returns a copy of r, the result of a document's text on its own,
// for document index of s, which starts at offset. r is not changed: the
// memo keeps it.
func (s *Stream) placed(r Checked, index, offset int) Checked {
	r.Info.Index = index
	if s.o.NoSecretSpans {
		r.Info.Secrets = nil // not moved for nothing
	} else if len(r.Info.Secrets) > 0 {
		spans := make([]document.Span, len(r.Info.Secrets))
		for i, sp := range r.Info.Secrets {
			spans[i] = document.Span{Start: sp.Start + offset, End: sp.End + offset}
		}
		r.Info.Secrets = spans
	}
	if len(r.Diagnostics) > 0 {
		ds := make([]check.Diagnostic, len(r.Diagnostics))
		for i, d := range r.Diagnostics {
			d.Document, d.Start, d.End = index, d.Start+offset, d.End+offset
			if len(d.Fixes) > 0 {
				fixes := make([]check.Fix, len(d.Fixes))
				for j, fx := range d.Fixes {
					edits := make([]check.Edit, len(fx.Edits))
					for k, e := range fx.Edits {
						edits[k] = check.Edit{Start: e.Start + offset, End: e.End + offset, NewText: e.NewText}
					}
					fixes[j] = check.Fix{Title: fx.Title, Edits: edits}
				}
				d.Fixes = fixes
			}
			ds[i] = d
		}
		r.Diagnostics = ds
	}
	return r
}
