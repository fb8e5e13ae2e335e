package lsp

import (
	"github.com/mdscheck/mdscheck/core/lang"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// completion offers members and values at the cursor (lang.Complete, which
// reads only the cursor's document of a stream). Items are LSP
// CompletionItems already; for clients without snippets, snippet items
// become plain text.
func (s *server) completion(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	d, enc := s.feature(p.TextDocument.URI)
	if d == nil {
		return []lang.CompletionItem{}, nil
	}
	_, src := d.snapshot()
	items := lang.Complete(src, position(p.Position), enc)
	s.mu.Lock()
	snippets := s.caps.snippets
	s.mu.Unlock()
	if items == nil {
		items = []lang.CompletionItem{}
	}
	for i := range items {
		it := &items[i]
		if snippets || it.InsertTextFormat != lang.Snippet {
			continue
		}
		if it.TextEdit != nil {
			it.TextEdit.NewText = plainSnippet(it.TextEdit.NewText)
		}
		it.InsertText = plainSnippet(it.InsertText)
		it.InsertTextFormat = lang.PlainText
	}
	return items, nil
}
