// Package lang holds the language features that editors show while a
// manifest is written: completion, hover and document symbols. Each is a
// pure function of a text and a position; the language server and the
// WebAssembly module call the same functions, and their results have the
// shape of the LSP types so that both can pass them on as they are.
package lang

import "github.com/mdscheck/mdscheck/core/text"

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
