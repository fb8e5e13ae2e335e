package lsp

import (
	"github.com/mdscheck/mdscheck/core/lang"
	"github.com/mdscheck/mdscheck/core/text"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// completion offers members and values at the cursor (lang.Complete, which
// reads only the cursor's document of a stream). Items are LSP
// CompletionItems already; for clients without snippets, snippet items
// become plain text.
//
// An item's edit replaces the whole word at the cursor. A client that
// announces insertReplaceSupport gets an InsertReplaceEdit instead, whose
// insert range ends at the cursor, so that the user can choose, as VS Code
// lets them, between inserting before the rest of the word and replacing
// it.
func (s *server) completion(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	d, enc := s.feature(p.TextDocument.URI)
	if d == nil {
		return []lang.CompletionItem{}, nil
	}
	_, src := d.snapshot()
	src = d.checker.as.Text(src) // a template's actions masked
	complete := lang.Complete
	if isConfig(d.uri) {
		complete = completeConfig
	}
	items := complete(src, position(p.Position), enc)
	// The schema's items, whose texts are mdscheck's words; those of the
	// Secrets of the workspace that follow are the user's.
	schemaItems := len(items)
	if isConfig(d.uri) {
		schemaItems = 0
	} else {
		items = append(items, s.completeSecretKey(d, src, position(p.Position), enc)...)
	}
	defer func() { lang.OwnItems(items[:schemaItems], s.own.add) }()
	s.mu.Lock()
	snippets, insertReplace := s.caps.snippets, s.caps.insertReplace
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
	if !insertReplace {
		return items, nil
	}
	out := make([]insertReplaceItem, len(items))
	for i, it := range items {
		out[i].CompletionItem = it
		if te := it.TextEdit; te != nil {
			out[i].TextEdit = &insertReplaceEdit{NewText: te.NewText, Insert: insertRange(te.Range, position(p.Position)), Replace: te.Range}
		}
	}
	return out, nil
}

// insertReplaceItem is a completion item whose textEdit is an
// InsertReplaceEdit; the field hides the embedded item's TextEdit.
type insertReplaceItem struct {
	lang.CompletionItem
	TextEdit *insertReplaceEdit `json:"textEdit,omitempty"`
}

// insertReplaceEdit is LSP's InsertReplaceEdit (3.16).
type insertReplaceEdit struct {
	NewText string     `json:"newText"`
	Insert  text.Range `json:"insert"`
	Replace text.Range `json:"replace"`
}

// insertRange is the part of replace, the word at the cursor, before the
// cursor. LSP asks for a prefix of replace on the same line, so a cursor
// outside the word (past the end of its line) is moved into it.
func insertRange(replace text.Range, cursor text.Position) text.Range {
	end := replace.End
	if cursor.Line == replace.Start.Line && cursor.Line == replace.End.Line {
		end.Character = min(max(cursor.Character, replace.Start.Character), replace.End.Character)
	}
	return text.Range{Start: replace.Start, End: end}
}
