package lsp

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/lang"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// maxSymbols caps the outline, every level and the note included: a
// stream of thousands of documents would otherwise send megabytes on every
// keystroke (200,000 documents made a reply of 42 MB that took seconds,
// blocking every other request), and outlining documents no one sees is
// the larger cost. 1,000 symbols are some 200 KB of JSON.
const maxSymbols = 1000

// documentSymbol outlines the documents of the stream (lang.Symbols), as
// deep as maxSymbols allows. Documents go first: when there are more than
// fit, the outline lists the first ones and ends with a note of how many
// are left out. The levels below go in whole while they fit, so that all
// listed documents show the same depth. A stream over the checker's size
// limit is not outlined at all, as it is not checked.
func (s *server) documentSymbol(_ *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	d, enc := s.feature(p.TextDocument.URI)
	if d == nil {
		return []lang.Symbol{}, nil
	}
	if _, src := d.snapshot(); len(src) > document.DefaultLimits.StreamBytes {
		return []lang.Symbol{outlineNote(fmt.Sprintf("not outlined: the file is over the limit of %d MiB", document.DefaultLimits.StreamBytes>>20), 0)}, nil
	}
	v := d.view()
	listed := len(v.spans)
	if listed > maxSymbols {
		listed = maxSymbols - 1 // and the note
	}
	trees := make([][]lang.Symbol, listed)
	keep := make(map[string]bool, listed)
	for i := range listed {
		sub, _ := v.text(i)
		keep[sub] = true
		trees[i] = d.symbols.get(sub, enc)
	}
	d.symbols.prune(keep)
	room := maxSymbols
	if listed < len(v.spans) {
		room--
	}
	levels, shown, total := outlineLevels(trees, room)
	if shown < total && !d.outlineNoted {
		d.outlineNoted = true
		s.logMessage(protocol.MessageTypeInfo, fmt.Sprintf("the outline of %s shows %d of the %d symbols of its first %d documents: the documents and %d levels below them",
			p.TextDocument.URI, shown, total, listed, levels))
	}
	out := make([]lang.Symbol, 0, shown+1)
	for i, syms := range trees {
		_, line := v.text(i)
		for _, sym := range syms {
			out = append(out, placeSymbol(sym, i, line, levels))
		}
	}
	if left := len(v.spans) - listed; left > 0 {
		_, line := v.text(listed)
		out = append(out, outlineNote(fmt.Sprintf("%d more documents not shown (the outline lists at most %d symbols)", left, maxSymbols), line))
	}
	return out, nil
}

// outlineNote is a symbol that says what the outline leaves out, placed at
// the start of line, where the left-out part begins.
func outlineNote(name string, line int) lang.Symbol {
	at := text.Range{Start: text.Position{Line: line}, End: text.Position{Line: line}}
	return lang.Symbol{Name: name, Kind: lang.SymbolFile, Range: at, SelectionRange: at}
}

// outlineLevels returns how many levels below the documents fit in max
// symbols with all levels above them, the symbols that shows and the
// symbols there are.
func outlineLevels(trees [][]lang.Symbol, max int) (levels, shown, total int) {
	var counts []int
	var walk func(syms []lang.Symbol, depth int)
	walk = func(syms []lang.Symbol, depth int) {
		if len(syms) == 0 {
			return
		}
		for len(counts) <= depth {
			counts = append(counts, 0)
		}
		counts[depth] += len(syms)
		for _, sym := range syms {
			walk(sym.Children, depth+1)
		}
	}
	for _, t := range trees {
		walk(t, 0)
	}
	for _, c := range counts {
		total += c
	}
	if len(counts) == 0 {
		return 0, 0, 0
	}
	shown, levels = counts[0], 0
	for levels+1 < len(counts) && shown+counts[levels+1] <= max {
		levels++
		shown += counts[levels]
	}
	return levels, shown, total
}

// symbolCache keeps the outline of each document text, as lang.Symbols
// gives it for that text alone: outlining a stream of thousands of
// documents takes long, and an edit changes one of them. The worker fills
// it after a check, off the read loop; a request computes what is missing.
type symbolCache struct {
	mu   sync.Mutex
	done map[string][]lang.Symbol
}

// get returns the outline of one document's text.
func (c *symbolCache) get(src string, enc text.Encoding) []lang.Symbol {
	c.mu.Lock()
	syms, ok := c.done[src]
	c.mu.Unlock()
	if ok {
		return syms
	}
	// Outline a copy: the names in the outline are parts of the text they
	// come from, and must not keep a whole old stream alive.
	src = strings.Clone(src)
	syms = lang.Symbols(src, enc)
	c.mu.Lock()
	if c.done == nil {
		c.done = map[string][]lang.Symbol{}
	}
	c.done[src] = syms
	c.mu.Unlock()
	return syms
}

// prune forgets the texts that are no longer documents of the stream.
func (c *symbolCache) prune(keep map[string]bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k := range c.done {
		if !keep[k] {
			delete(c.done, k)
		}
	}
}

// placeSymbol moves a document's outline to document index i, which starts
// on line, keeping levels levels below it. lang names a document without
// a kind by its index in the text it was given, which was 0.
func placeSymbol(sym lang.Symbol, i, line, levels int) lang.Symbol {
	if sym.Kind == lang.SymbolModule && sym.Name == "document 0" {
		sym.Name = "document " + strconv.Itoa(i)
	}
	return shiftSymbol(sym, line, levels)
}

// shiftSymbol returns a copy of sym moved down by n lines, with levels
// levels of children. The cached outline is not changed.
func shiftSymbol(sym lang.Symbol, n, levels int) lang.Symbol {
	sym.Range = shiftRange(sym.Range, n)
	sym.SelectionRange = shiftRange(sym.SelectionRange, n)
	if levels == 0 {
		sym.Children = nil
		return sym
	}
	if len(sym.Children) > 0 {
		children := make([]lang.Symbol, len(sym.Children))
		for i, c := range sym.Children {
			children[i] = shiftSymbol(c, n, levels-1)
		}
		sym.Children = children
	}
	return sym
}
