package lsp

import (
	"os"
	"sort"

	"github.com/mdscheck/mdscheck/core/cross"
	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/mdscheck/mdscheck/internal/reading"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// mentionAt returns what names a Secret at pos in the open document d
// (cross.Facts.At), and the range of that name: read from the cursor's
// document alone, as the text is now, so that it costs the same in a
// large stream and follows an edit the set has not seen yet. Read loop
// only (openDoc.view).
func mentionAt(d *openDoc, pos text.Position, enc text.Encoding) (cross.Mention, text.Range, bool) {
	v := d.view()
	// The document that holds the cursor's line: the last one that
	// starts on or above it.
	i := sort.Search(len(v.lines), func(i int) bool { return v.lines[i] > pos.Line }) - 1
	if i < 0 {
		return cross.Mention{}, text.Range{}, false
	}
	src := d.checker.as.Text(v.src)
	sp := v.spans[i]
	idx := text.NewIndex(src[sp.Start:sp.End])
	offset := sp.Start + idx.Offset(text.Position{Line: pos.Line - v.lines[i], Character: pos.Character}, enc)
	var f cross.Facts
	f.Add(document.Parse(src, sp, i, document.DefaultLimits))
	m, ok := f.At(offset)
	if !ok {
		return m, text.Range{}, false
	}
	return m, shiftRange(idx.Range(m.At.Start-sp.Start, m.At.End-sp.Start, enc), v.lines[i]), true
}

// factPlace is where a fact of the set is: the file's key and the place.
type factPlace struct {
	key string
	at  cross.Place
}

// writing returns where the Secret name of namespace is written, in the
// set of the open document d (setFor) that asks: the
// connection Secret's name of each resource that writes it, and the
// metadata.name of each v1 Secret of that name. A resource that would
// write it but is disabled (connInfoSecretTargetDisabled) is there only
// when nothing else is: it is why the Secret is missing.
func (w *workspace) writing(d *openDoc, namespace, name string) []factPlace {
	w.mu.Lock()
	defer w.mu.Unlock()
	set := w.setFor(d)
	var out, disabled []factPlace
	for _, in := range set.Writers(namespace, name) {
		if in.Fact.Disabled {
			disabled = append(disabled, factPlace{in.File, in.Fact.At})
		} else {
			out = append(out, factPlace{in.File, in.Fact.At})
		}
	}
	for _, in := range set.Secrets(namespace, name) {
		out = append(out, factPlace{in.File, in.Fact.At})
	}
	if len(out) == 0 {
		return disabled
	}
	return out
}

// reading returns where the Secret name of namespace is read, in the set
// of the open document d that asks: the name in
// each reference of a workload to it (one for a volume's items, which
// share it), and each authSecretRef.name that takes a resource's API
// token from it.
func (w *workspace) reading(d *openDoc, namespace, name string) []factPlace {
	w.mu.Lock()
	defer w.mu.Unlock()
	set := w.setFor(d)
	var out []factPlace
	seen := map[factPlace]bool{}
	for _, in := range set.Reads(namespace, name) {
		p := factPlace{in.File, in.Fact.NameAt}
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	// No index keeps the token Secrets: a reference costs a pass over
	// the resources, which a request can afford.
	for _, file := range set.Files() {
		for _, wr := range set.Facts(file).Writers {
			if wr.Auth == name && wr.Namespace == namespace {
				out = append(out, factPlace{file, wr.AuthAt})
			}
		}
	}
	return out
}

// fileText is what locates a place of one file of the set.
type fileText struct {
	uri  string
	src  string // the text of an open document's facts; "" for a file on disk
	disk *diskFile
}

// locations returns the LSP locations of places, in their order. A file
// on disk is read again for its positions; one that changed since it was
// read is read again for the index too, and its places are left out.
func (s *server) locations(places []factPlace, enc text.Encoding) []protocol.Location {
	out := []protocol.Location{}
	files := map[string]*fileText{}
	s.ws.mu.Lock()
	for _, p := range places {
		if _, ok := files[p.key]; ok {
			continue
		}
		// An open document whose first check has not put its facts yet
		// (opening) leaves the set the facts the index read from disk:
		// their places are in the file's text, not in the empty one of a
		// document not checked (references asked right after a
		// definition opened the file lost the file's own places).
		switch o, f := s.ws.open[p.key], s.ws.files[p.key]; {
		case o != nil && o.put:
			files[p.key] = &fileText{uri: o.doc.uri, src: o.src}
		case f != nil:
			files[p.key] = &fileText{uri: f.uri, disk: f}
		default:
			files[p.key] = nil
		}
	}
	s.ws.mu.Unlock()
	indexes := map[string]*text.Index{}
	for _, p := range places {
		ft := files[p.key]
		if ft == nil {
			continue
		}
		idx, ok := indexes[p.key]
		if !ok {
			if ft.disk != nil {
				ft.src = s.diskText(ft.disk)
			}
			idx = text.NewIndex(ft.src)
			indexes[p.key] = idx
		}
		if ft.src == "" || p.at.End > len(ft.src) || p.at.End <= p.at.Start {
			continue
		}
		out = append(out, protocol.Location{URI: ft.uri, Range: toRange(idx.Range(p.at.Start, p.at.End, enc))})
	}
	return out
}

// diskText returns the text of a file as the index read it, "" when it
// changed since (it is queued to be read again) or cannot be read.
func (s *server) diskText(f *diskFile) string {
	if st, err := os.Stat(f.path); err != nil || st.Size() != f.size || !st.ModTime().Equal(f.mod) {
		s.queueIndex(false, f.path)
		return ""
	}
	b, err := reading.ReadFile(f.path)
	if err != nil || int64(len(b)) != f.size {
		return ""
	}
	return string(b)
}
