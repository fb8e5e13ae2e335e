package lsp

import (
	"strings"

	versions "github.com/mdscheck/mdscheck/core/change"
	"github.com/mdscheck/mdscheck/core/check"
	"github.com/mdscheck/mdscheck/core/document"
)

// A keystroke changes one document of a stream, and comparing the whole
// stream with its previous version reads both streams again: 170 ms a
// keystroke in 2,000 manifests, against 6 ms for the check, which reuses
// the results of the documents it has seen. So the server compares only
// the documents that differ: a document whose text is in the previous
// version too pairs with that copy and changes nothing, and the others
// are compared as two smaller streams, whose findings are then moved back
// to where their documents are in the text.

// narrowed is the comparison of the documents that differ between two
// texts.
type narrowed struct {
	cmp    *versions.Comparison
	src    string  // the current text
	whole  bool    // cmp compares the whole texts
	pieces []piece // the current documents compared, in order, unless whole
}

// piece is a current document that the comparison holds.
type piece struct {
	index    int // in the current text
	at, from int // where it starts in the current text, and in the text compared
	size     int
}

// narrow compares src with prev, document by document where it can.
func narrow(prev, src string) *narrowed {
	left := map[string]int{} // the previous documents no current one has matched, by text
	prevSpans := document.Split(prev)
	for _, sp := range prevSpans {
		left[prev[sp.Start:sp.End]]++
	}
	var was, now strings.Builder
	n := &narrowed{src: src}
	for i, sp := range document.Split(src) {
		t := src[sp.Start:sp.End]
		if left[t] > 0 {
			left[t]--
			continue
		}
		at := appendDocument(&now, t)
		n.pieces = append(n.pieces, piece{index: i, at: sp.Start, from: at, size: len(t)})
	}
	kept := 0
	for _, sp := range prevSpans {
		if t := prev[sp.Start:sp.End]; left[t] > 0 {
			left[t]--
			appendDocument(&was, t)
			kept++
		}
	}
	// The pieces must read back as the same documents: a directive (%YAML)
	// starts a document only at the top of a stream. Where they do not,
	// the whole texts are compared.
	if len(document.Split(now.String())) != max(len(n.pieces), 1) || len(document.Split(was.String())) != max(kept, 1) {
		n.cmp, n.whole, n.pieces = versions.Streams(prev, src), true, nil
		return n
	}
	n.cmp = versions.Streams(was.String(), now.String())
	return n
}

// appendDocument writes the text of one document to b so that it reads as
// a document of its own there, and returns where its text starts.
func appendDocument(b *strings.Builder, t string) int {
	if !strings.HasPrefix(t, "---") {
		b.WriteString("---\n")
	}
	at := b.Len()
	b.WriteString(t)
	if !strings.HasSuffix(t, "\n") {
		b.WriteByte('\n')
	}
	return at
}

// findings returns the comparison's findings, in the current text.
func (n *narrowed) findings() []check.Diagnostic {
	ds := n.cmp.Findings()
	if n.whole {
		return ds
	}
	out := ds[:0]
	for _, d := range ds {
		switch {
		case d.Document < 0: // a deletion: on the first line
			d.Start, d.End = 0, versions.FirstLine(n.src)
		case d.Document < len(n.pieces):
			p := n.pieces[d.Document]
			d.Document, d.Start, d.End = p.index, d.Start-p.from+p.at, d.End-p.from+p.at
		default:
			continue
		}
		out = append(out, d)
	}
	return out
}

// before returns the previous value of the member at offset in the
// current text, and whether it changed (versions.Comparison.Before).
func (n *narrowed) before(offset int) (versions.Previous, bool) {
	if n.whole {
		return n.cmp.Before(offset)
	}
	for _, p := range n.pieces {
		if offset >= p.at && offset <= p.at+p.size {
			return n.cmp.Before(offset - p.at + p.from)
		}
	}
	return versions.Previous{}, false // a document the previous version has as it is
}
