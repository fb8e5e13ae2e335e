// Package lang holds the language features that editors show while a
// manifest is written: completion, hover and document symbols. Each is a
// pure function of a text and a position; the language server and the
// WebAssembly module call the same functions, and their results have the
// shape of the LSP types so that both can pass them on as they are.
package lang

import (
	"strings"

	"github.com/mdscheck/mdscheck/core/document"
	"github.com/mdscheck/mdscheck/core/schema"
	"github.com/mdscheck/mdscheck/core/text"
)

// CompletionItemKind values of LSP.
const (
	KindText     = 1
	KindModule   = 9
	KindProperty = 10
	KindValue    = 12
	KindEnum     = 13
	KindKeyword  = 14
	KindSnippet  = 15
	KindStruct   = 22
)

// InsertTextFormat values of LSP.
const (
	PlainText = 1
	Snippet   = 2
)

// Markup is LSP MarkupContent.
type Markup struct {
	Kind  string `json:"kind"` // "markdown"
	Value string `json:"value"`
}

// TextEdit is an LSP TextEdit.
type TextEdit struct {
	Range   text.Range `json:"range"`
	NewText string     `json:"newText"`
}

// CompletionItem is an LSP CompletionItem.
type CompletionItem struct {
	Label            string    `json:"label"`
	Kind             int       `json:"kind"`
	Detail           string    `json:"detail,omitempty"`
	Documentation    *Markup   `json:"documentation,omitempty"`
	SortText         string    `json:"sortText,omitempty"`
	FilterText       string    `json:"filterText,omitempty"`
	InsertText       string    `json:"insertText,omitempty"`
	InsertTextFormat int       `json:"insertTextFormat,omitempty"`
	TextEdit         *TextEdit `json:"textEdit,omitempty"`
	Tags             []int     `json:"tags,omitempty"` // 1: deprecated
}

// HoverResult is an LSP Hover. On the members that name the connection
// Secret it also carries that Secret as data, for hosts that act on it
// (the VS Code extension's web build) rather than read the Markdown.
type HoverResult struct {
	Contents Markup       `json:"contents"`
	Range    *text.Range  `json:"range,omitempty"`
	Secret   *HoverSecret `json:"connectionSecret,omitempty"`
	// Own are the spans of Contents.Value that are mdscheck's own words
	// (what the schema says of the member, the fixed words around the
	// connection Secret), in order and apart: a front end's gate leaves
	// a secret's form whole inside them (secret.Gate.CleanOwn), so that
	// a Secret's file holding MODE=connect does not turn the schema's
	// "allowed to connect" into "allowed to (secret)". The rest (the
	// connection Secret's name and keys) is the user's.
	Own []document.Span `json:"-"`
}

// HoverSecret is the connection Secret of the manifest under a hover, in
// the fields of the language server's command mdscheck.connectionSecret.
// It names keys, never values.
type HoverSecret struct {
	Kind       string   `json:"kind"`
	Name       string   `json:"name"` // empty when NameHidden
	NameHidden bool     `json:"nameHidden,omitempty"`
	Namespace  string   `json:"namespace,omitempty"`
	Disabled   bool     `json:"disabled"`
	Keys       []string `json:"keys"` // never nil
}

// SymbolKind values of LSP used by Symbols.
const (
	SymbolFile     = 1
	SymbolModule   = 2
	SymbolClass    = 5
	SymbolProperty = 7
	SymbolField    = 8
	SymbolArray    = 18
	SymbolObject   = 19
)

// Symbol is an LSP DocumentSymbol.
type Symbol struct {
	Name           string     `json:"name"`
	Detail         string     `json:"detail,omitempty"`
	Kind           int        `json:"kind"`
	Range          text.Range `json:"range"`
	SelectionRange text.Range `json:"selectionRange"`
	Children       []Symbol   `json:"children,omitempty"`
}

// OwnItems calls fn with every text of items, items Complete returned,
// and its spans of mdscheck's own words (ownText): what Complete offers
// is the schema's (its members' names, values, snippets and
// descriptions), whatever the user wrote. A front end that changes an
// item (a snippet written as plain text) calls it after.
func OwnItems(items []CompletionItem, fn func(text string, own []document.Span)) {
	whole := func(s string) {
		if own := ownText(nil, s, 0); len(own) > 0 {
			fn(s, own)
		}
	}
	for _, it := range items {
		whole(it.Label)
		whole(it.Detail)
		whole(it.SortText)
		whole(it.FilterText)
		whole(it.InsertText)
		if it.Documentation != nil {
			whole(it.Documentation.Value)
		}
		if it.TextEdit != nil {
			whole(it.TextEdit.NewText)
		}
	}
}

// ownText appends to own the spans of s, a text of the schema's written
// at offset at of an answer, that are mdscheck's words: all of it but the
// kinds' names. A kind's name is also what the user wrote on kind, which
// a secret's anchor there makes a secret: where the schema's text names
// the kinds ("always `Grafana`"), the gate is to see the user's word.
func ownText(own []document.Span, s string, at int) []document.Span {
	span := func(start, end int) {
		if start >= end {
			return
		}
		if k := len(own) - 1; k >= 0 && own[k].End == at+start {
			own[k].End = at + end
			return
		}
		own = append(own, document.Span{Start: at + start, End: at + end})
	}
	from := 0
	for i := 0; i < len(s); i++ {
		for _, k := range kindNames {
			if strings.HasPrefix(s[i:], k) {
				span(from, i)
				from = i + len(k)
				i = from - 1
				break
			}
		}
	}
	span(from, len(s))
	return own
}

// kindNames are the names of the kinds.
var kindNames = schema.Names()
