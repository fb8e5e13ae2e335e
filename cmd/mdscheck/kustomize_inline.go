package main

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/report"
	"github.com/mdscheck/mdscheck/internal/kustomize"
)

// inlinePatch is a patch written inline in a kustomization file: the
// scalar that holds its text there and the text read as a patch of its
// own, whose findings are placed back into the kustomization.
type inlinePatch struct {
	node  *document.Node // the scalar in the kustomization file
	doc   int            // the kustomization's document in its file
	patch *source        // the scalar's text, read as a file
}

// placeInline puts d, a finding on resource res of the build, in the
// patch that s, a kustomization file, holds inline at in, when that
// patch sets d's member (or adds the object that misses it): at the
// member in the kustomization, where the user wrote it.
func (s *source) placeInline(d check.Diagnostic, res report.Document, names []string, in kustomize.Inline, base *source) bool {
	p := s.inlinePatch(in)
	if p == nil {
		return false
	}
	n := len(p.patch.diag)
	if !p.patch.place(d, res, names, true, base) {
		return false
	}
	placed := p.patch.diag[n]
	placed.Document = p.doc
	placed.Start, placed.End = s.inlineSpan(p.node, placed.Start, placed.End)
	s.diag = append(s.diag, placed)
	return true
}

// inlinePatch returns the patch that s holds inline at in, read once;
// nil when s holds none there.
func (s *source) inlinePatch(in kustomize.Inline) *inlinePatch {
	if p, ok := s.inline[in]; ok {
		return p
	}
	if s.inline == nil {
		s.inline = map[kustomize.Inline]*inlinePatch{}
	}
	s.inline[in] = nil
	for _, doc := range s.docs {
		list := doc.Root.Get(in.List)
		if list == nil || list.Kind != document.Sequence || in.Index >= len(list.Items) {
			continue
		}
		v := list.Items[in.Index]
		if in.List != "patchesStrategicMerge" {
			v = v.Get("patch")
		}
		if v == nil || v.Kind != document.Scalar {
			continue
		}
		text := v.Text
		p := &inlinePatch{node: v, doc: doc.Index, patch: &source{src: text, kinds: s.kinds}}
		p.patch.docs = document.ParseStream(text, document.DefaultLimits).Docs
		s.inline[in] = p
		return p
	}
	return nil
}

// inlineSpan returns where the bytes start to end of v's text are in s:
// the same bytes in the lines of a literal block scalar (|, |-), or of a
// one-line scalar. A scalar whose text is not its bytes as written (a
// folded one, escapes, an explicit indentation) is underlined at its
// first line.
func (s *source) inlineSpan(v *document.Node, start, end int) (int, int) {
	a, okA := s.inlineOffset(v, start)
	b, okB := s.inlineOffset(v, end)
	if okA && okB && b >= a && b <= len(s.src) && s.src[a:b] == v.Text[start:end] {
		return a, b
	}
	first := v.End
	if i := strings.IndexByte(s.src[v.Start:v.End], '\n'); i >= 0 {
		first = v.Start + i
	}
	return v.Start, first
}

// inlineOffset maps offset o of v's text to an offset in s, as the text
// is written when it is a literal block or a one-line scalar; inlineSpan
// confirms the bytes are the same.
func (s *source) inlineOffset(v *document.Node, o int) (int, bool) {
	if o < 0 || o > len(v.Text) || v.Start < 0 || v.End > len(s.src) {
		return 0, false
	}
	line := strings.Count(v.Text[:o], "\n")
	col := o - (strings.LastIndexByte(v.Text[:o], '\n') + 1)
	switch v.Style {
	case document.Plain, document.SingleQuoted, document.DoubleQuoted:
		if line > 0 {
			return 0, false
		}
		if v.Style != document.Plain {
			col++ // the opening quote
		}
		return v.Start + col, true
	case document.Literal:
	default:
		return 0, false
	}
	// A literal's lines start after its header, indented as its first
	// line that is not blank.
	i := strings.IndexByte(s.src[v.Start:], '\n')
	if i < 0 {
		return 0, false
	}
	at := v.Start + i + 1
	indent := 0
	for rest := s.src[at:]; rest != ""; {
		l, after, _ := strings.Cut(rest, "\n")
		if t := strings.TrimLeft(l, " "); t != "" && t != "\r" {
			indent = len(l) - len(t)
			break
		}
		rest = after
	}
	for ; line > 0; line-- {
		j := strings.IndexByte(s.src[at:], '\n')
		if j < 0 {
			return 0, false
		}
		at += j + 1
	}
	return at + indent + col, true
}
