package lsp

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/mdscheck/mdscheck/core/lang"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// maxSymbols caps the outline: a stream of thousands of documents would
// otherwise send megabytes on every keystroke (2,000 documents make 47,559
// symbols, 9.9 MB of JSON). It is yaml-language-server's default for the
// same purpose (yaml.maxItemsComputed).
const maxSymbols = 5000

// documentSymbol outlines every document of the stream (lang.Symbols), as
// deep as maxSymbols allows. Every document is listed; the levels below go
// in whole while they fit, so that all documents show the same depth.
func (s *server) documentSymbol(_ *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	d, enc := s.feature(p.TextDocument.URI)
	if d == nil {
		return []lang.Symbol{}, nil
	}
	v := d.view()
	trees := make([][]lang.Symbol, len(v.spans))
	keep := make(map[string]bool, len(v.spans))
	for i := range v.spans {
		sub, _ := v.text(i)
		keep[sub] = true
		trees[i] = d.symbols.get(sub, enc)
	}
	d.symbols.prune(keep)
	levels, shown, total := outlineLevels(trees, maxSymbols)
	if shown < total && !d.outlineNoted {
		d.outlineNoted = true
		s.logMessage(protocol.MessageTypeInfo, fmt.Sprintf("the outline of %s shows %d of its %d symbols: the documents and %d levels below them",
			p.TextDocument.URI, shown, total, levels))
	}
	out := make([]lang.Symbol, 0, len(v.spans))
	for i, syms := range trees {
		_, line := v.text(i)
		for _, sym := range syms {
			out = append(out, placeSymbol(sym, i, line, levels))
		}
	}
	return out, nil
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
